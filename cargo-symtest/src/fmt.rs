//! Formatting generated tests exactly as `cargo fmt` will, so that formatting the crate never
//! makes the committed tests look stale to `--check`.

use std::io::Write;
use std::process::{Command, Stdio};

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

/// `block` (items at the top level) formatted by rustfmt as it will stand in the file: inside
/// `depth` inline modules and the generated module, since rustfmt's layout depends on the
/// indentation (its width heuristics are fractions of the remaining width). `None` when
/// rustfmt is not installed or rejects the code; the renderer's own layout is used then.
pub fn rustfmt(block: &str, depth: usize, edition: &str) -> Option<String> {
    let levels = depth + 1;
    let wrapped = format!(
        "{}{block}{}",
        "mod m {\n".repeat(levels),
        "}\n".repeat(levels)
    );
    let mut child =
        Command::new(std::env::var("RUSTFMT").unwrap_or_else(|_| "rustfmt".to_string()))
            .args(["--edition", edition, "--emit", "stdout"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
    child.stdin.take()?.write_all(wrapped.as_bytes()).ok()?;
    let output = child.wait_with_output().ok()?;
    if !output.status.success() {
        return None;
    }
    let text = String::from_utf8(output.stdout).ok()?;
    let lines: Vec<&str> = text.lines().collect();
    let inner = lines.get(levels..lines.len().checked_sub(levels)?)?;
    let indent = " ".repeat(4 * levels);
    let mut out = String::new();
    for line in inner {
        out.push_str(line.strip_prefix(&indent).unwrap_or(line.trim_start()));
        out.push('\n');
    }
    Some(out)
}

/// The same tokens, whatever the layout: what `--check` compares, so a project's own rustfmt
/// settings (or prettyplease where rustfmt is missing) do not make generated tests look stale,
/// while a changed space inside a string literal still does. Comments count too (a
/// covered-branches line that changed is stale); trailing commas do not (see [`code_tokens`]).
pub fn same_code(a: &str, b: &str) -> bool {
    let tokens = |text: &str| {
        let comments: Vec<String> = text
            .lines()
            .filter_map(|line| line.trim_start().strip_prefix("//"))
            .flat_map(|comment| comment.split_whitespace().map(str::to_string))
            .collect();
        let code = text.parse::<TokenStream>().map(|stream| {
            let mut tokens = Vec::new();
            code_tokens(stream, &mut tokens);
            tokens
        });
        (code.ok(), comments)
    };
    let (a, b) = (tokens(a), tokens(b));
    a.0.is_some() && a == b
}

/// The tokens of `stream`, without the commas before a closing delimiter, which formatters
/// add to lists they break and drop from lists they join (rustfmt and prettyplease disagree
/// on `f(&[\n    1,\n],)`). The comma of a one-element tuple `(a,)` is code and stays.
fn code_tokens(stream: TokenStream, tokens: &mut Vec<String>) {
    let mut after_name = false;
    for tree in stream {
        match &tree {
            TokenTree::Group(group) => {
                let (open, close) = match group.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::Brace => ("{", "}"),
                    Delimiter::None => ("", ""),
                };
                tokens.push(open.to_string());
                code_tokens(group.stream(), tokens);
                let commas = group.stream().into_iter().filter(is_comma).count();
                let tuple = group.delimiter() == Delimiter::Parenthesis && !after_name;
                if tokens.last().is_some_and(|last| last == ",") && !(tuple && commas == 1) {
                    tokens.pop();
                }
                tokens.push(close.to_string());
            }
            TokenTree::Punct(punct) if punct.spacing() == Spacing::Joint => {
                tokens.push(format!("{}~", punct.as_char()));
            }
            other => tokens.push(other.to_string()),
        }
        // `f(a,)` and `m!(a,)` are calls, not tuples.
        after_name = match &tree {
            TokenTree::Ident(_) => true,
            TokenTree::Punct(punct) => punct.as_char() == '!',
            _ => false,
        };
    }
}

fn is_comma(tree: &TokenTree) -> bool {
    matches!(tree, TokenTree::Punct(punct) if punct.as_char() == ',')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rustfmt_formats_a_block_for_its_depth_or_steps_aside() {
        let block = "// keep me\n#[test]\nfn t() { assert_eq!(f(1,2), Some(3)); }\n";
        if let Some(formatted) = rustfmt(block, 0, "2024") {
            assert_eq!(
                formatted,
                "// keep me\n#[test]\nfn t() {\n    assert_eq!(f(1, 2), Some(3));\n}\n"
            );
        }
        assert_eq!(rustfmt("fn (", 0, "2024"), None);
    }

    #[test]
    fn layout_does_not_make_code_different_but_string_contents_do() {
        assert!(same_code("fn t() {\n    a(1, 2);\n}", "fn t() { a(1,2); }"));
        assert!(!same_code("a(1, 2)", "a(1, 3)"));
        assert!(!same_code(r#"f("a b")"#, r#"f("ab")"#));
        assert!(!same_code("// covers line 3\nf()", "// covers line 4\nf()"));
        assert!(same_code(
            "// covers line 3\nf()",
            "//   covers   line 3\nf( )"
        ));
    }

    #[test]
    fn trailing_commas_are_layout_but_a_one_element_tuple_keeps_its_comma() {
        assert!(same_code("f(&[\n    1,\n    2,\n],);", "f(&[1, 2]);"));
        assert!(same_code("let _ = f(\n    a,\n);", "let _ = f(a);"));
        assert!(same_code("m!(a, b,)", "m!(a, b)"));
        assert!(same_code("f((1, 2,))", "f((1, 2))"));
        assert!(!same_code("f((1,))", "f((1))"));
        assert!(!same_code(
            "assert_eq!(f(), (1,));",
            "assert_eq!(f(), (1));"
        ));
        assert!(!same_code("f(a, b)", "f(a b)"));
        assert!(!same_code("a <= b", "a < = b"), "joint punctuation is code");
    }
}
