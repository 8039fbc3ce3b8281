//! Surviving mutants as the code would read with them: `n > MAX` as `n >= MAX`.

use crate::model::{FunctionReport, Survivor};

/// A surviving mutant, placed: the line of its decision (none for an arithmetic operator,
/// whose line the runtime does not know), the code as written and as the mutant has it, or a
/// sentence where the change cannot be shown as code.
#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    pub line: Option<u32>,
    pub change: Change,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// The code, then the mutant's code.
    Code(String, String),
    Sentence(String),
}

/// Where `survivor` is and what it changes, in `report`'s code.
pub fn place(report: &FunctionReport, survivor: &Survivor) -> Placed {
    let decision =
        (survivor.site.decision).and_then(|id| report.decisions.iter().find(|d| d.id == id));
    let to = match &survivor.to {
        serde_json::Value::String(text) => text.clone(),
        other => other.to_string(),
    };
    let Some(decision) = decision else {
        let what = match (&survivor.from, survivor.site.operator) {
            (Some(from), Some((_, index))) => {
                return Placed {
                    line: None,
                    change: Change::Sentence(format!(
                        "arithmetic operator {} `{from}` as `{to}`",
                        index + 1
                    )),
                };
            }
            _ => format!("a {} mutant ({to})", survivor.kind),
        };
        return Placed {
            line: None,
            change: Change::Sentence(what),
        };
    };
    let text = &decision.text;
    let change = match survivor.kind.as_str() {
        "replace" => {
            let from = survivor.from.as_deref().unwrap_or("?");
            match replace_operator(text, from, &to) {
                Some(mutated) => Change::Code(text.clone(), mutated),
                None => Change::Sentence(format!("`{from}` as `{to}` in `{text}`")),
            }
        }
        "shift" => match shift_literal(text, &to) {
            Some(mutated) => Change::Code(text.clone(), mutated),
            None => Change::Sentence(format!("the literal of `{text}` moved by {to}")),
        },
        "always" => Change::Code(text.clone(), to),
        "junction" => Change::Sentence(format!("the `&&` or `||` before `{text}` as the other")),
        kind => Change::Sentence(format!("a {kind} mutant of `{text}` ({to})")),
    };
    Placed {
        line: Some(decision.line),
        change,
    }
}

/// `text` with its one comparison operator `from` as `to`; `None` when `from` is not in it
/// exactly once (as a whole operator: the `<` of `<=` is not a `<`).
fn replace_operator(text: &str, from: &str, to: &str) -> Option<String> {
    const OPERATOR: &[char] = &['<', '>', '=', '!'];
    let found: Vec<usize> = text
        .match_indices(from)
        .map(|(at, _)| at)
        .filter(|&at| {
            let before = text[..at].chars().next_back();
            let after = text[at + from.len()..].chars().next();
            !before.is_some_and(|c| OPERATOR.contains(&c))
                && !after.is_some_and(|c| OPERATOR.contains(&c))
        })
        .collect();
    match found.as_slice() {
        [at] => Some(format!("{}{to}{}", &text[..*at], &text[at + from.len()..])),
        _ => None,
    }
}

/// `text` with its one integer literal moved by `by` (`+1`, `-1`); `None` unless it has
/// exactly one.
fn shift_literal(text: &str, by: &str) -> Option<String> {
    let by: i128 = by.trim_start_matches('+').parse().ok()?;
    let mut literals = Vec::new();
    let mut chars = text.char_indices().peekable();
    let mut previous: Option<char> = None;
    while let Some((at, c)) = chars.next() {
        let starts = c.is_ascii_digit()
            && !previous.is_some_and(|p| p.is_alphanumeric() || p == '_' || p == '.');
        if starts {
            let mut end = at + 1;
            while let Some(&(next, d)) = chars.peek() {
                if !(d.is_ascii_alphanumeric() || d == '_') {
                    break;
                }
                end = next + d.len_utf8();
                chars.next();
            }
            literals.push((at, end));
            previous = text[..end].chars().next_back();
        } else {
            previous = Some(c);
        }
    }
    let [(start, end)] = literals.as_slice() else {
        return None;
    };
    let digits = digits_len(&text[*start..*end]);
    let value: i128 = text[*start..start + digits].replace('_', "").parse().ok()?;
    Some(format!(
        "{}{}{}",
        &text[..*start],
        value + by,
        &text[start + digits..]
    ))
}

/// The length of the digits (with `_`) that open a literal, before any type suffix.
fn digits_len(literal: &str) -> usize {
    literal
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '_')
        .count()
}

/// Every surviving mutant of `report`, placed.
pub fn all(report: &FunctionReport) -> Vec<Placed> {
    report
        .survivors
        .iter()
        .map(|survivor| place(report, survivor))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::MutantSite;
    use crate::render::fixtures::{decision, report};

    fn survivor(decision: u32, kind: &str, from: Option<&str>, to: serde_json::Value) -> Survivor {
        Survivor {
            site: MutantSite {
                decision: Some(decision),
                operator: None,
            },
            kind: kind.to_string(),
            from: from.map(str::to_string),
            to,
        }
    }

    fn with(text: &str) -> FunctionReport {
        report(
            "f",
            vec![decision(0, 7, 8, text, &["true", "false"])],
            Vec::new(),
        )
    }

    #[test]
    fn a_replaced_operator_shows_as_the_code_would_read() {
        let placed = place(
            &with("n > MAX"),
            &survivor(0, "replace", Some(">"), ">=".into()),
        );
        assert_eq!(placed.line, Some(7));
        assert_eq!(
            placed.change,
            Change::Code("n > MAX".into(), "n >= MAX".into())
        );
        // `<` is not the `<` of `<=`, nor of `<<`'s neighbour `<=`.
        assert_eq!(replace_operator("a <= b", "<", ">"), None);
        assert_eq!(
            replace_operator("a <= b && a < c", "<", ">="),
            Some("a <= b && a >= c".into())
        );
        assert_eq!(replace_operator("a < b || c < d", "<", "<="), None);
    }

    #[test]
    fn a_shifted_literal_and_a_constant_predicate_show_as_code() {
        let report = with("capacity > 64");
        let shifted = place(&report, &survivor(0, "shift", None, 1.into()));
        assert_eq!(
            shifted.change,
            Change::Code("capacity > 64".into(), "capacity > 65".into())
        );
        assert_eq!(
            shift_literal("n >= 1_000u32", "-1"),
            Some("n >= 999u32".into())
        );
        assert_eq!(shift_literal("x2 > 3 + 4", "1"), None, "two literals");
        let always = place(&report, &survivor(0, "always", None, true.into()));
        assert_eq!(
            always.change,
            Change::Code("capacity > 64".into(), "true".into())
        );
    }

    #[test]
    fn an_arithmetic_operator_has_no_line_and_says_which_it_is() {
        let arith = Survivor {
            site: MutantSite {
                decision: None,
                operator: Some((0, 1)),
            },
            kind: "arith".into(),
            from: Some("+".into()),
            to: "-".into(),
        };
        let placed = place(&with("n > 0"), &arith);
        assert_eq!(placed.line, None);
        assert_eq!(
            placed.change,
            Change::Sentence("arithmetic operator 2 `+` as `-`".into())
        );
    }
}
