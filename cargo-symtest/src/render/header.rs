//! The header line that opens a function's generated tests, written and parsed: later runs find
//! a function's block by it and reuse the settings it records.

use std::fmt;

use crate::model::FunctionReport;

const HEADER_PREFIX: &str = "// symtest: ";

/// The first line of a rendered function block: which function, how much of it the search
/// covered and the settings that reproduce the run, so later runs can compare and reuse them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub name: String,
    pub covered: usize,
    pub branches: usize,
    pub seed: u64,
    pub algorithm: String,
    pub budget_evals: u64,
    /// `standard` (not written, so older headers stay valid) or `enhanced`.
    pub fitness: String,
    /// `branch` (not written), `path`, `field` or `field-transcoped`.
    pub criterion: String,
}

/// The fitness a header without a `fitness=` field stands for.
pub const DEFAULT_FITNESS: &str = "standard";

impl Header {
    /// The header describing `report`.
    pub fn of(report: &FunctionReport) -> Header {
        Header {
            name: report.name.clone(),
            covered: report.covered.len(),
            branches: report.branch_count(),
            seed: report.settings.seed,
            algorithm: report.settings.algorithm.clone(),
            budget_evals: report.settings.budget_evals,
            fitness: report.settings.fitness.clone(),
            criterion: report.settings.criterion.clone(),
        }
    }
}

impl fmt::Display for Header {
    /// `// symtest: fn=NAME covered=C/B seed=S algorithm=A budget-evals=E[ fitness=F][
    /// criterion=P]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{HEADER_PREFIX}fn={} covered={}/{} seed={} algorithm={} budget-evals={}",
            self.name, self.covered, self.branches, self.seed, self.algorithm, self.budget_evals
        )?;
        if self.fitness != DEFAULT_FITNESS {
            write!(f, " fitness={}", self.fitness)?;
        }
        if self.criterion != crate::model::branch_criterion() {
            write!(f, " criterion={}", self.criterion)?;
        }
        Ok(())
    }
}

/// Parses a header line written by [`render_function`]; leading indentation and a trailing
/// `\r` are ignored. Anything else — other fields, another order, extra text — is `None`.
pub fn parse_header(line: &str) -> Option<Header> {
    // A name may hold spaces (`<Level as From<u8>>::from`): it runs up to the next field.
    let rest = line
        .trim()
        .strip_prefix(HEADER_PREFIX)?
        .strip_prefix("fn=")?;
    let (name, rest) = rest.split_once(" covered=")?;
    let name = name.to_string();
    if name.is_empty() {
        return None;
    }
    let mut fields = rest.split(' ');
    let mut first = true;
    let mut field = |key: &str| match std::mem::take(&mut first) {
        true => fields.next(),
        false => fields.next()?.strip_prefix(key)?.strip_prefix('='),
    };
    let (covered, branches) = field("covered")?.split_once('/')?;
    let seed = field("seed")?.parse().ok()?;
    let algorithm = field("algorithm").filter(|a| !a.is_empty())?.to_string();
    let budget_evals = field("budget-evals")?.parse().ok()?;
    // Optional fields, in this order.
    let mut extra = fields.peekable();
    let mut optional = |key: &str| -> Option<Option<String>> {
        let Some(value) = extra.peek().and_then(|f| f.strip_prefix(key)) else {
            return Some(None);
        };
        let value = value.to_string();
        extra.next();
        (!value.is_empty()).then_some(Some(value))
    };
    let fitness = optional("fitness=")?.unwrap_or_else(|| DEFAULT_FITNESS.to_string());
    let criterion = optional("criterion=")?.unwrap_or_else(crate::model::branch_criterion);
    if extra.next().is_some() {
        return None;
    }
    Some(Header {
        name,
        covered: covered.parse().ok()?,
        branches: branches.parse().ok()?,
        seed,
        algorithm,
        budget_evals,
        fitness,
        criterion,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::fixtures::classify;
    use crate::render::{Callee, render_function_at};

    #[test]
    fn header_round_trips_through_parse_header() {
        let report = classify(Vec::new());
        let line = Header::of(&report).to_string();
        assert_eq!(
            line,
            "// symtest: fn=classify covered=2/4 seed=42 algorithm=avm budget-evals=20000"
        );
        assert_eq!(parse_header(&line), Some(Header::of(&report)));
        assert_eq!(
            parse_header(&format!("        {line}\r")),
            Some(Header::of(&report))
        );
        let first_line = render_function_at(&report, 0, &Callee::Named)
            .to_string()
            .lines()
            .next()
            .map(str::to_string);
        assert_eq!(
            first_line.as_deref().and_then(parse_header),
            Some(Header::of(&report))
        );
    }

    #[test]
    fn parse_header_rejects_lines_of_another_form() {
        let good = "// symtest: fn=f covered=1/2 seed=3 algorithm=ga budget-evals=4";
        assert!(parse_header(good).is_some());
        let enhanced = format!("{good} fitness=enhanced");
        assert_eq!(
            parse_header(&enhanced).map(|h| h.fitness),
            Some("enhanced".to_string())
        );
        assert_eq!(
            parse_header(&enhanced).map(|h| h.to_string()),
            Some(enhanced.clone())
        );
        for optional in [
            format!("{good} criterion=path"),
            format!("{good} fitness=enhanced criterion=path"),
        ] {
            let header = parse_header(&optional);
            assert_eq!(header.as_ref().map(|h| h.criterion.as_str()), Some("path"));
            assert_eq!(header.map(|h| h.to_string()), Some(optional));
        }
        assert_eq!(
            parse_header(good).map(|h| h.criterion),
            Some("branch".to_string())
        );
        let qualified = "// symtest: fn=<Level as From<u8>>::from covered=1/2 seed=3 \
                         algorithm=ga budget-evals=4";
        let header = parse_header(qualified);
        assert_eq!(
            header.as_ref().map(|h| h.name.as_str()),
            Some("<Level as From<u8>>::from")
        );
        assert_eq!(header.map(|h| h.to_string()).as_deref(), Some(qualified));
        for bad in [
            "// symtest: fn=f covered=1/2 seed=3 algorithm=ga",
            "// symtest: fn=f covered=1/2 seed=3 algorithm=ga budget-evals=4 extra=1",
            "// symtest: fn=f covered=1/2 seed=3 algorithm=ga budget-evals=4 criterion=path fitness=enhanced",
            "// symtest: fn=f covered=1/2 seed=3 algorithm=ga budget-evals=4 criterion=",
            "// symtest: covered=1/2 fn=f seed=3 algorithm=ga budget-evals=4",
            "// symtest: fn=f covered=1 seed=3 algorithm=ga budget-evals=4",
            "// symtest: fn=f covered=1/2 seed=-3 algorithm=ga budget-evals=4",
            "// symtest: fn= covered=1/2 seed=3 algorithm=ga budget-evals=4",
            "/// symtest: fn=f covered=1/2 seed=3 algorithm=ga budget-evals=4",
            "let x = 1; // symtest: fn=f covered=1/2 seed=3 algorithm=ga budget-evals=4",
            "",
        ] {
            assert_eq!(parse_header(bad), None, "{bad}");
        }
    }
}
