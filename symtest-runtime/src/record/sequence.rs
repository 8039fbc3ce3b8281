//! What the code `#[symtest]` generates for an impl block needs to run and render a sequence
//! of calls: how many calls a sequence may have, and each call as a statement of a test.

/// Most calls after the constructor in one sequence (EvoSuite's chromosome length is of this
/// order for small classes; shrinking takes out the calls a test does not need).
pub const SEQUENCE_CALLS: usize = 10;

/// The statement of a test that makes `call` (`stack.push(5)`), asserting the value it
/// returned where it can: `assert_eq!` against the value's literal when its type has `Debug`
/// and `PartialEq`, `assert!` for booleans, nothing for `()`; else on its `Debug` text where
/// it has one (`Err(Full)` of a type without a literal form); else the value is bound to `_`.
/// NaN never equals itself: a value that contains one is compared as text.
pub fn statement(
    call: &str,
    literal: Option<String>,
    debug: Option<String>,
    comparable: bool,
) -> String {
    let asserted = comparable && debug.is_some();
    match (literal, debug) {
        (Some(literal), _) if literal == "()" => format!("{call};"),
        (Some(literal), _) if asserted && literal == "true" => format!("assert!({call});"),
        (Some(literal), _) if asserted && literal == "false" => format!("assert!(!{call});"),
        (Some(literal), _) if asserted && !has_nan(&literal) => {
            format!("assert_eq!({call}, {literal});")
        }
        (_, Some(debug)) => format!("assert_eq!(format!(\"{{:?}}\", {call}), {debug:?});"),
        _ => format!("let _ = {call};"),
    }
}

fn has_nan(literal: &str) -> bool {
    literal.contains("NAN") || literal.contains("from_bits(")
}

/// The name a test gives the value under test: the type's name in snake case (`RingBuffer`
/// becomes `ring_buffer`), kept clear of keywords.
pub fn variable(type_name: &str) -> String {
    let mut name = String::new();
    for (index, c) in type_name.chars().enumerate() {
        if c.is_uppercase() {
            if index > 0 {
                name.push('_');
            }
            name.extend(c.to_lowercase());
        } else {
            name.push(c);
        }
    }
    match name.as_str() {
        "type" | "self" | "super" | "crate" | "mod" | "fn" | "impl" | "move" | "ref" | "box"
        | "match" | "loop" | "use" | "where" | "struct" | "enum" | "trait" | "const" | "static"
        | "async" | "await" | "dyn" => format!("the_{name}"),
        _ => name,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_are_asserted_as_their_types_allow() {
        let text = |s: &str| Some(s.to_string());
        let statement = |call, literal, debug: Option<&str>, comparable| {
            statement(call, literal, debug.map(str::to_string), comparable)
        };
        assert_eq!(
            statement("s.clear()", text("()"), Some("()"), true),
            "s.clear();"
        );
        assert_eq!(
            statement("s.is_empty()", text("true"), Some("true"), true),
            "assert!(s.is_empty());"
        );
        assert_eq!(
            statement("s.full()", text("false"), Some("false"), true),
            "assert!(!s.full());"
        );
        assert_eq!(
            statement("s.pop()", text("Some(5)"), Some("Some(5)"), true),
            "assert_eq!(s.pop(), Some(5));"
        );
        assert_eq!(
            statement("s.push(1)", None, Some("Err(Full)"), true),
            r#"assert_eq!(format!("{:?}", s.push(1)), "Err(Full)");"#
        );
        assert_eq!(
            statement("s.mean()", text("f64::NAN"), Some("NaN"), true),
            r#"assert_eq!(format!("{:?}", s.mean()), "NaN");"#
        );
        assert_eq!(
            statement("s.handle()", None, None, true),
            "let _ = s.handle();"
        );
        assert_eq!(
            statement("s.pop()", text("Some(5)"), None, false),
            "let _ = s.pop();"
        );
    }

    #[test]
    fn variables_are_the_type_in_snake_case() {
        assert_eq!(variable("Stack"), "stack");
        assert_eq!(variable("RingBuffer"), "ring_buffer");
        assert_eq!(variable("Type"), "the_type");
    }
}
