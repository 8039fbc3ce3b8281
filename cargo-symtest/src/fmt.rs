//! Formatting generated tests exactly as `cargo fmt` will, so that formatting the crate never
//! makes the committed tests look stale to `--check`.

use std::io::Write;
use std::process::{Command, Stdio};

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
/// settings do not make generated tests look stale, while a changed space inside a string
/// literal still does. Comments count too (a covered-branches line that changed is stale).
pub fn same_code(a: &str, b: &str) -> bool {
    let tokens = |text: &str| {
        let comments: Vec<String> = text
            .lines()
            .filter_map(|line| line.trim_start().strip_prefix("//"))
            .flat_map(|comment| comment.split_whitespace().map(str::to_string))
            .collect();
        let code = text
            .parse::<proc_macro2::TokenStream>()
            .map(|t| t.to_string());
        (code.ok(), comments)
    };
    let (a, b) = (tokens(a), tokens(b));
    a.0.is_some() && a == b
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
}
