//! Test names: `{function}_{what it returns or how it panics}`, snake case, short, unique
//! within a function's block.

use std::collections::HashSet;

use crate::model::{FunctionReport, Outcome, TestCase};

/// Test names stay short enough to read in `cargo test` output.
const MAX_NAME_LEN: usize = 48;
const MAX_SLUG_WORDS: usize = 4;

/// Hands out `{function}_{what}` names, unique within one function's block.
#[derive(Debug)]
pub(super) struct TestNames {
    stem: String,
    /// The tests are call sequences on a value named `stem`: a name also says the last call.
    sequence: bool,
    used: HashSet<String>,
}

impl TestNames {
    pub(super) fn new(report: &FunctionReport) -> TestNames {
        let name = report.name.strip_prefix("r#").unwrap_or(&report.name);
        let words = match qualified(name) {
            Some((ty, trait_args, function)) => [ty, function, trait_args]
                .iter()
                .flat_map(|part| words(part, true))
                .collect(),
            None => words(name, true),
        };
        let stem = if words.is_empty() {
            "symtest".to_string()
        } else {
            words.join("_")
        };
        TestNames {
            stem,
            sequence: report.sequence,
            used: HashSet::new(),
        }
    }

    pub(super) fn next(&mut self, case: &TestCase) -> String {
        let (verb, value) = match &case.outcome {
            Outcome::Panicked { .. } if !case.deterministic => ("panics", ""),
            _ if !case.deterministic => ("runs", ""),
            Outcome::Panicked { message, .. } => ("panics", message.as_str()),
            // Debug text names a value best (`Isosceles`, not `Triangle::Isosceles`).
            Outcome::Returned {
                debug: Some(text), ..
            }
            | Outcome::Returned {
                literal: Some(text),
                debug: None,
                ..
            } => ("returns", text.as_str()),
            Outcome::Returned { .. } | Outcome::Timeout | Outcome::Invalid => ("returns", ""),
        };
        let stem = match self.sequence {
            true => last_call(&self.stem, &case.args)
                .map_or_else(|| self.stem.clone(), |call| format!("{}_{call}", self.stem)),
            false => self.stem.clone(),
        };
        let base = name_from_words(
            &format!("{stem}_{verb}"),
            &words(&unwrap_owned(value), false),
        );
        self.unique(base)
    }

    /// The name of a test that reproduces a crash.
    pub(super) fn crash(&mut self) -> String {
        self.unique(format!("{}_crashes", self.stem))
    }

    fn unique(&mut self, base: String) -> String {
        let mut candidate = base.clone();
        let mut suffix = 1;
        while !self.used.insert(candidate.clone()) {
            suffix += 1;
            candidate = format!("{base}_{suffix}");
        }
        candidate
    }
}

/// The method the last statement of a sequence calls on `variable` (`pop` in
/// `assert_eq!(stack.pop(), None);`, `add` in `money + Money::new(3)`: the step names it), or
/// the constructor when there is no call. Inspections of the final state after the sequence do
/// not count.
fn last_call(variable: &str, statements: &[String]) -> Option<String> {
    let last = statements
        .iter()
        .rev()
        .find(|statement| !statement.contains("\"inspects\":true"))?;
    let named = serde_json::from_str::<serde_json::Value>(last).ok();
    let method = named.as_ref().and_then(|step| step["method"].as_str());
    if let Some(method) = method.filter(|method| !method.is_empty()) {
        return Some(method.to_string());
    }
    let called = |text: &str, after: &str| -> Option<String> {
        let start = text.find(after)? + after.len();
        let name: String = text[start..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        (!name.is_empty()).then_some(name)
    };
    called(last, &format!("{variable}.")).or_else(|| called(last, "::"))
}

/// The value without the constructors that only make it owned (`String::from("ab")` names
/// like `"ab"`).
fn unwrap_owned(value: &str) -> String {
    value
        .replace("String::from(", "(")
        .replace("Box::new(", "(")
        .replace("vec![", "[")
}

/// `prefix_word1_word2…` with at most four words and, where the prefix leaves room, at most
/// [`MAX_NAME_LEN`] characters; a first word too long for the room left is cut.
fn name_from_words(prefix: &str, words: &[String]) -> String {
    let mut name = prefix.to_string();
    for (index, word) in words.iter().take(MAX_SLUG_WORDS).enumerate() {
        let room = MAX_NAME_LEN.saturating_sub(name.len() + 1);
        if word.len() <= room {
            name = format!("{name}_{word}");
        } else {
            if index == 0 && room >= 3 {
                name = format!("{name}_{}", &word[..room]);
            }
            break;
        }
    }
    name
}

/// Lowercase words of `text` for an identifier: split at anything not alphanumeric and at
/// CamelCase humps; a unary minus becomes `minus`. Non-ASCII letters are kept only when
/// `unicode` is set (a function name that has them already).
/// The type, the trait's arguments and the function of a name the macro qualifies by its
/// trait: `<Level as From<u8>>::from` is (`Level`, `u8`, `from`), so its tests are named
/// `level_from_u8_…`.
fn qualified(name: &str) -> Option<(&str, &str, &str)> {
    let (inside, function) = name.strip_prefix('<')?.rsplit_once(">::")?;
    let (ty, trait_) = inside.split_once(" as ")?;
    let args = trait_
        .split_once('<')
        .and_then(|(_, args)| args.strip_suffix('>'))
        .unwrap_or("");
    Some((ty, args, function))
}

fn words(text: &str, unicode: bool) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut words = Vec::new();
    let mut word = String::new();
    let mut previous_significant: Option<char> = None;
    for (index, &c) in chars.iter().enumerate() {
        let letter = if unicode {
            c.is_alphanumeric()
        } else {
            c.is_ascii_alphanumeric()
        };
        if letter {
            if !word.is_empty() && is_hump(&chars, index) {
                words.push(std::mem::take(&mut word));
            }
            word.extend(c.to_lowercase());
        } else {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            let unary = previous_significant.is_none_or(|p| "([{,=:;".contains(p));
            if c == '-' && unary {
                words.push("minus".to_string());
            }
        }
        if !c.is_whitespace() {
            previous_significant = Some(c);
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// Whether a new CamelCase word starts at `index`: `aB`, `1B`, or the `B` of `ABc`.
fn is_hump(chars: &[char], index: usize) -> bool {
    let c = chars[index];
    let previous = chars[index - 1];
    let next_is_lower = chars.get(index + 1).is_some_and(|n| n.is_lowercase());
    c.is_uppercase()
        && (previous.is_lowercase()
            || previous.is_numeric()
            || (previous.is_uppercase() && next_is_lower))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::fixtures::{case, classify, debug, panics, report, returns};

    #[test]
    fn test_names_describe_the_result() {
        let expectations = [
            (returns("true"), "classify_returns_true"),
            (returns("Some(3)"), "classify_returns_some_3"),
            (returns("-7"), "classify_returns_minus_7"),
            (returns("Some(-7)"), "classify_returns_some_minus_7"),
            (returns("Err(Month(13))"), "classify_returns_err_month_13"),
            (returns("\"ab\""), "classify_returns_ab"),
            (returns("String::from(\"ab\")"), "classify_returns_ab"),
            (debug("Invalid"), "classify_returns_invalid"),
            (debug("InvalidInput"), "classify_returns_invalid_input"),
            (debug("HTTPError"), "classify_returns_http_error"),
            (returns("(1, 2, 3, 4, 5, 6)"), "classify_returns_1_2_3_4"),
            (returns("\"\""), "classify_returns"),
            (returns("\"é\""), "classify_returns"),
            (
                panics("attempt to subtract with overflow"),
                "classify_panics_attempt_to_subtract_with",
            ),
            (panics(""), "classify_panics"),
        ];
        for (outcome, expected) in expectations {
            let report = classify(vec![case(&[], &[], outcome.clone())]);
            let mut names = TestNames::new(&report);
            assert_eq!(names.next(&report.tests[0]), expected, "{outcome:?}");
        }
    }

    #[test]
    fn functions_named_by_their_trait_are_named_by_type_function_and_trait_arguments() {
        let mut report = classify(vec![case(&["9"], &[], returns("true"))]);
        for (name, expected) in [
            ("<Level as From<u8>>::from", "level_from_u8_returns_true"),
            (
                "<inner::Quoter as From<Quoter>>::from",
                "inner_quoter_from_quoter_returns_true",
            ),
            ("<Level as Default>::default", "level_default_returns_true"),
        ] {
            report.name = name.to_string();
            let mut names = TestNames::new(&report);
            assert_eq!(names.next(&report.tests[0]), expected, "{name}");
        }
    }

    #[test]
    fn test_names_are_unique_within_a_function() {
        let report = classify(vec![
            case(&["1"], &[], returns("true")),
            case(&["2"], &[], returns("true")),
            case(&["3"], &[], returns("()")),
            case(&["4"], &[], returns("()")),
            case(&["5"], &[], returns("2")),
            case(&["6"], &[], returns("true")),
        ]);
        let mut test_names = TestNames::new(&report);
        let names: Vec<String> = report
            .tests
            .iter()
            .map(|case| test_names.next(case))
            .collect();
        assert_eq!(
            names,
            [
                "classify_returns_true",
                "classify_returns_true_2",
                "classify_returns",
                "classify_returns_2",
                "classify_returns_2_2",
                "classify_returns_true_3"
            ]
        );
    }

    #[test]
    fn a_sequence_is_named_after_the_method_its_last_step_calls() {
        let step = |call: &str, method: &str| {
            serde_json::json!({
                "call": call, "method": method, "returns": "bool", "literal": "true",
                "debug": "true", "comparable": true, "panicked": false,
            })
            .to_string()
        };
        let statements = |last: String| vec!["let money = Money::new(1);".to_string(), last];
        let named = |last| last_call("money", &statements(last));
        assert_eq!(
            named(step("money == Money::new(2)", "eq")).as_deref(),
            Some("eq")
        );
        assert_eq!(
            named(step("format!(\"{money:?}\")", "debug")).as_deref(),
            Some("debug")
        );
        // Steps written before they named their method.
        assert_eq!(
            named(step("money.is_zero()", "")).as_deref(),
            Some("is_zero")
        );
        let constructed = ["let money = Money::new(1);".to_string()];
        assert_eq!(last_call("money", &constructed).as_deref(), Some("new"));
    }

    #[test]
    fn test_names_are_snake_case_and_short() {
        let long = report(
            "parseHTTPHeaderValue",
            Vec::new(),
            vec![case(&[], &[], debug("A".repeat(90).as_str()))],
        );
        let name = TestNames::new(&long).next(&long.tests[0]);
        assert_eq!(name, "parse_http_header_value_returns_aaaaaaaaaaaaaaaa");
        assert_eq!(name.len(), MAX_NAME_LEN);
        let raw = report("r#match", Vec::new(), vec![case(&[], &[], returns("1"))]);
        assert_eq!(TestNames::new(&raw).next(&raw.tests[0]), "match_returns_1");
        assert!(syn::parse_str::<syn::Ident>("match_returns_1").is_ok());
    }
}
