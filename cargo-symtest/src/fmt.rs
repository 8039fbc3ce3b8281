//! Formatting generated tests as `cargo fmt` will — with the rustfmt of the project's
//! toolchain and its `rustfmt.toml`, or prettyplease where rustfmt cannot run — and comparing
//! them by their code, so that formatting the crate never makes them look stale to `--check`.

use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Once;

use anyhow::{Context, Result, bail};
use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

use crate::console;
use crate::render::Block;

/// `block` laid out as it will stand in a source file in `dir`, `depth` inline modules deep,
/// by the rustfmt `RUSTFMT` names (else `rustfmt`).
pub fn format(block: &Block, depth: usize, edition: &str, dir: &Path) -> String {
    let program = std::env::var_os("RUSTFMT").unwrap_or_else(|| OsString::from("rustfmt"));
    format_with(&program, block, depth, edition, dir)
}

/// [`format`] with rustfmt `program`; prettyplease (said once per run) when it cannot run or
/// fails, and the block as rendered when even that cannot parse it.
fn format_with(program: &OsStr, block: &Block, depth: usize, edition: &str, dir: &Path) -> String {
    // Inside the generated module, too.
    let levels = depth + 1;
    match rustfmt(program, &block.to_string(), levels, edition, dir) {
        Ok(text) => text,
        Err(error) => {
            static FALLBACK: Once = Once::new();
            FALLBACK.call_once(|| {
                console::warning(&format!(
                    "{error:#}; the generated tests are laid out by prettyplease instead, \
                     without the project's rustfmt.toml"
                ));
            });
            prettyplease(block, levels)
        }
    }
}

/// `code` (items) formatted by `program`, run in `dir` so that the project's toolchain and
/// `rustfmt.toml` apply, inside `levels` modules: rustfmt's layout depends on the indentation
/// (its width heuristics are fractions of the remaining width).
fn rustfmt(
    program: &OsStr,
    code: &str,
    levels: usize,
    edition: &str,
    dir: &Path,
) -> Result<String> {
    let name = program.display();
    let mut running = crate::process::spawn(
        Command::new(program)
            .args(["--edition", edition, "--emit", "stdout"])
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped()),
    )
    .with_context(|| format!("cannot run {name}"))?;
    // Written and closed before waiting, so that rustfmt sees the end of its input.
    let written = running
        .child
        .stdin
        .take()
        .map(|mut stdin| stdin.write_all(nest(code, levels).as_bytes()));
    let output = running
        .output()
        .with_context(|| format!("cannot read from {name}"))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        bail!("{name} failed ({}): {}", output.status, stderr.trim());
    }
    if let Some(Err(error)) = written {
        return Err(error).with_context(|| format!("cannot write to {name}"));
    }
    let text =
        String::from_utf8(output.stdout).with_context(|| format!("{name} wrote non-UTF-8"))?;
    unnest(&text, levels).with_context(|| format!("{name} wrote something else than it was given"))
}

/// The block laid out by prettyplease, which drops comments: each test's code is formatted
/// alone and its comment lines put back; a test that does not parse stays as rendered.
fn prettyplease(block: &Block, levels: usize) -> String {
    block.text(|test| {
        let code = syn::parse_file(&nest(&test.code(), levels))
            .ok()
            .and_then(|file| unnest(&prettyplease::unparse(&file), levels));
        match code {
            Some(code) => test.with_code(&code),
            None => test.to_string(),
        }
    })
}

/// `code` inside `levels` nested `mod m { … }`, so a formatter gives it the width it will have.
fn nest(code: &str, levels: usize) -> String {
    format!(
        "{}{code}{}",
        "mod m {\n".repeat(levels),
        "}\n".repeat(levels)
    )
}

/// The inside of the `levels` modules of formatted [`nest`] output, dedented by the indentation
/// of its first line (the modules', whatever `tab_spaces` or `hard_tabs` say). The modules'
/// closing braces stand alone on their lines; the opening ones may too (`brace_style`).
fn unnest(text: &str, levels: usize) -> Option<String> {
    let mut lines: Vec<&str> = text.lines().collect();
    for _ in 0..levels {
        lines.pop().filter(|line| line.trim() == "}")?;
    }
    let start = lines
        .iter()
        .position(|line| !matches!(line.trim(), "mod m {" | "mod m" | "{"))?;
    let inner = &lines[start..];
    let first = inner.first()?;
    let indent = &first[..first.len() - first.trim_start().len()];
    let mut out = String::new();
    for line in inner {
        out.push_str(line.strip_prefix(indent).unwrap_or(line.trim_start()));
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

    use crate::render::{Header, Prelude, Test, parse_header, render_module};

    const MISSING: &str = "/nonexistent/symtest-rustfmt";

    fn header() -> Header {
        parse_header("// symtest: fn=f covered=1/2 seed=1 algorithm=avm budget-evals=10")
            .unwrap_or_else(|| panic!("bad header"))
    }

    fn strings(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|text| text.to_string()).collect()
    }

    /// A short test and a long one, unformatted.
    fn block() -> Block {
        let numbers: Vec<String> = (100..130).map(|n| n.to_string()).collect();
        let message = "m".repeat(40);
        Block {
            header: header(),
            tests: vec![
                Test {
                    attributes: strings(&["#[test]"]),
                    name: "f_returns_some_3".into(),
                    comments: strings(&["// Covers line 3 `x > 0` true."]),
                    statement: "assert_eq!(f(1,2), Some(3));".into(),
                },
                Test {
                    attributes: vec![
                        "#[test]".into(),
                        format!("#[should_panic(expected = \"{message}\")]"),
                    ],
                    name: "f_panics_mmm".into(),
                    comments: strings(&[
                        "// Covers line 3 `x > 0` false; line 4 `y` true;",
                        "//     line 5 `z` false.",
                    ]),
                    statement: format!(
                        "let _ = f(&[{}], \"{}\", (1,));",
                        numbers.join(", "),
                        "a".repeat(30)
                    ),
                },
                Test {
                    attributes: strings(&["#[test]"]),
                    name: "g_returns_false".into(),
                    comments: Vec::new(),
                    statement: "assert!(!g(&[-1],vec![ 2 ]));".into(),
                },
            ],
        }
    }

    /// Whether `rustfmt` runs here; tests of its layout are skipped (and say so) where not.
    fn rustfmt_installed() -> bool {
        let installed = Command::new("rustfmt")
            .arg("--version")
            .output()
            .is_ok_and(|output| output.status.success());
        if !installed {
            eprintln!("rustfmt is not installed: skipping the checks of its layout");
        }
        installed
    }

    fn temp_dir() -> tempfile::TempDir {
        tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"))
    }

    /// Lines of `text`, in a module at `depth`, that are code and wider than `max`.
    fn code_wider_than(text: &str, depth: usize, max: usize) -> Vec<&str> {
        let indent = (depth + 1) * 4;
        text.lines()
            .filter(|line| !line.trim_start().starts_with("//"))
            .filter(|line| indent + line.len() > max)
            .collect()
    }

    #[test]
    fn rustfmt_lays_out_the_code_for_its_depth_and_keeps_the_comments() {
        if !rustfmt_installed() {
            return;
        }
        let dir = temp_dir();
        let program = OsStr::new("rustfmt");
        let shallow = format_with(program, &block(), 0, "2024", dir.path());
        assert!(
            shallow.starts_with(
                "// symtest: fn=f covered=1/2 seed=1 algorithm=avm budget-evals=10
#[test]
fn f_returns_some_3() {
    // Covers line 3 `x > 0` true.
    assert_eq!(f(1, 2), Some(3));
}

#[test]
#[should_panic(expected = \"mmmm"
            ),
            "{shallow}"
        );
        assert!(
            shallow.contains(
                "    // Covers line 3 `x > 0` false; line 4 `y` true;\n    //     line 5 `z` false.\n"
            ),
            "{shallow}"
        );
        assert_eq!(code_wider_than(&shallow, 0, 100), Vec::<&str>::new());
        let deep = format_with(program, &block(), 8, "2024", dir.path());
        assert_eq!(code_wider_than(&deep, 8, 100), Vec::<&str>::new());
        assert!(deep.contains("#[should_panic(\n    expected = "), "{deep}");
        assert!(same_code(&shallow, &deep));
    }

    #[test]
    fn rustfmt_follows_the_rustfmt_toml_of_the_files_directory() {
        if !rustfmt_installed() {
            return;
        }
        let project = temp_dir();
        let config = "max_width = 60\ntab_spaces = 2\n";
        std::fs::write(project.path().join("rustfmt.toml"), config)
            .unwrap_or_else(|e| panic!("{e}"));
        let src = project.path().join("src");
        std::fs::create_dir(&src).unwrap_or_else(|e| panic!("{e}"));
        let text = format_with(OsStr::new("rustfmt"), &block(), 0, "2024", &src);
        // Two columns a level, the module's included.
        let wide: Vec<&str> = text
            .lines()
            .filter(|line| !line.trim_start().starts_with("//") && 2 + line.len() > 60)
            .collect();
        assert_eq!(wide, Vec::<&str>::new(), "{text}");
        assert!(
            text.contains(
                "fn f_returns_some_3() {\n  // Covers line 3 `x > 0` true.\n  assert_eq!"
            ),
            "{text}"
        );
        let default = format_with(
            OsStr::new("rustfmt"),
            &block(),
            0,
            "2024",
            temp_dir().path(),
        );
        assert_ne!(text, default);
        assert!(same_code(&text, &default));
    }

    #[test]
    fn without_rustfmt_prettyplease_lays_out_the_code_and_the_comments_stay() {
        let dir = temp_dir();
        let block = block();
        let text = format_with(OsStr::new(MISSING), &block, 0, "2024", dir.path());
        assert_eq!(
            text,
            format_with(OsStr::new(MISSING), &block, 0, "2024", dir.path())
        );
        assert!(
            text.starts_with(&format!("{}\n#[test]\n", block.header)),
            "{text}"
        );
        for test in &block.tests {
            let comments: Vec<String> =
                test.comments.iter().map(|c| format!("    {c}\n")).collect();
            let opening = format!("fn {}() {{\n{}", test.name, comments.concat());
            assert!(text.contains(&opening), "{opening} in\n{text}");
        }
        assert!(
            text.contains("\n}\n\n#[test]\n"),
            "a blank line between tests:\n{text}"
        );
        // The arguments of macros are laid out as expressions (prettyplease's `verbatim`).
        assert!(
            text.contains("    assert_eq!(f(1, 2), Some(3));\n"),
            "{text}"
        );
        assert!(
            text.contains("    assert!(!g(&[-1], vec![2]));\n"),
            "{text}"
        );
        assert!(
            text.lines().count() > block.to_string().lines().count(),
            "{text}"
        );
        for depth in [0, 2] {
            let text = format_with(OsStr::new(MISSING), &block, depth, "2024", dir.path());
            assert_eq!(
                code_wider_than(&text, depth, 100),
                Vec::<&str>::new(),
                "{text}"
            );
            let module = render_module(std::slice::from_ref(&text), depth, &Prelude::std());
            assert!(syn::parse_file(&module).is_ok(), "{module}");
            assert!(same_code(&text, &block.to_string()));
            if rustfmt_installed() {
                let rustfmt = format_with(OsStr::new("rustfmt"), &block, depth, "2024", dir.path());
                assert!(
                    same_code(&text, &rustfmt),
                    "--check must accept either:\n{text}\n{rustfmt}"
                );
            }
        }
    }

    #[test]
    fn code_that_no_formatter_parses_is_left_as_rendered() {
        let mut block = block();
        block.tests[0].statement = "assert_eq!(f(1, 2), Some(3)".into();
        let dir = temp_dir();
        let error = rustfmt(
            OsStr::new("rustfmt"),
            &block.to_string(),
            1,
            "2024",
            dir.path(),
        );
        assert!(error.is_err());
        let text = format_with(OsStr::new("rustfmt"), &block, 0, "2024", dir.path());
        assert!(text.contains(&block.tests[0].to_string()), "{text}");
        assert!(
            text.contains("fn f_panics_mmm() {\n"),
            "the other test is formatted:\n{text}"
        );
    }

    #[test]
    fn unnest_takes_the_inside_of_the_modules_whatever_their_indentation_and_braces() {
        let default = "mod m {\n    mod m {\n        // h\n        fn t() {\n            a();\n        }\n    }\n}\n";
        assert_eq!(
            unnest(default, 2).as_deref(),
            Some("// h\nfn t() {\n    a();\n}\n")
        );
        let tabs_next_line = "mod m\n{\n\t// h\n\tfn t()\n\t{\n\n\t\ta();\n\t}\n}\n";
        assert_eq!(
            unnest(tabs_next_line, 1).as_deref(),
            Some("// h\nfn t()\n{\n\n\ta();\n}\n")
        );
        assert_eq!(
            unnest("mod m {\n    fn t() {}\n", 1),
            None,
            "a module not closed"
        );
        assert_eq!(
            nest("fn t() {}\n", 2),
            "mod m {\nmod m {\nfn t() {}\n}\n}\n"
        );
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
