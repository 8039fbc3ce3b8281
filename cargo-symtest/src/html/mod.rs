//! The HTML report (`--report`): an index of the functions searched, a page per source file
//! with its decisions marked and the tests that cover them, and plots of how the searches
//! converged. The pages are self-contained (inline CSS, SVG and a few lines of script for
//! sorting), read without script, in light and dark mode, and print.

mod index;
mod mutants;
mod page;
mod plot;
mod source;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use crate::model::FunctionReport;
use crate::rejected::Rejection;

/// Where under symtest's target directory the report goes.
pub const DIR: &str = "report";

/// What a run found, as the report shows it.
#[derive(Debug)]
pub struct Run<'a> {
    pub seed: u64,
    pub functions: Vec<Function<'a>>,
    /// Functions that were not searched, with why ([`FunctionReport::skipped`]).
    pub skipped: &'a [FunctionReport],
    pub rejected: &'a [Rejection],
    /// The workspace root: source paths are shown relative to it.
    pub root: &'a Path,
}

/// A searched function: its report, its source file, and the code of each of its tests.
#[derive(Debug)]
pub struct Function<'a> {
    pub report: &'a FunctionReport,
    pub source: PathBuf,
    /// For each of `report.tests`, its name and code as written, where the written block
    /// holds it (a test that makes none, from a search cut short, has `None`).
    pub tests: Vec<Option<WrittenTest>>,
}

/// A test as it stands in the file.
#[derive(Clone, Debug, PartialEq)]
pub struct WrittenTest {
    pub name: String,
    pub code: String,
}

impl<'a> Function<'a> {
    /// The function, with its tests found by name in `block`, the tests as written.
    pub fn new(report: &'a FunctionReport, source: PathBuf, block: &str) -> Function<'a> {
        let rendered = crate::render::render_function_at(report, 0, &crate::render::Callee::Named);
        let mut names = rendered.tests.into_iter().map(|test| test.name);
        let tests = report
            .tests
            .iter()
            .map(|case| {
                let name = names.next().filter(|_| case.outcome.makes_test())?;
                let code = test_code(block, &name)?;
                Some(WrittenTest { name, code })
            })
            .collect();
        Function {
            report,
            source,
            tests,
        }
    }
}

/// The test `name` of a block of generated tests: its attributes, comments and body, without
/// the block's indentation.
pub fn test_code(block: &str, name: &str) -> Option<String> {
    let lines: Vec<&str> = block.lines().collect();
    let signature = format!("fn {name}()");
    let at = lines
        .iter()
        .position(|line| line.trim_start().starts_with(&signature))?;
    let indent = lines[at].len() - lines[at].trim_start().len();
    let mut start = at;
    while start > 0 && lines[start - 1].trim_start().starts_with("#[") {
        start -= 1;
    }
    let closing = format!("{}}}", &lines[at][..indent]);
    let end = (at + 1..lines.len()).find(|&index| lines[index].trim_end() == closing)?;
    let code: Vec<&str> = lines[start..=end]
        .iter()
        .map(|line| line.get(indent..).unwrap_or(line.trim_start()))
        .collect();
    Some(code.join("\n"))
}

/// One page of the report: its file name in the report's directory and its HTML.
#[derive(Debug)]
pub struct Page {
    pub name: String,
    pub html: String,
}

/// Every page of the report; `texts` are the source files' contents by path.
pub fn pages(run: &Run, texts: &BTreeMap<PathBuf, String>) -> Vec<Page> {
    let files = source::files(run, texts);
    let mut pages = vec![
        Page {
            name: "index.html".to_string(),
            html: index::index(run, &files),
        },
        Page {
            name: page::CONVERGENCE.to_string(),
            html: plot::page(run, &files),
        },
    ];
    pages.extend(files.iter().map(|file| Page {
        name: file.page.clone(),
        html: source::page(run, file),
    }));
    pages
}

/// Writes the report into `dir` (emptied first, so no page of an earlier run stays) and
/// returns the path of its index.
pub fn write(dir: &Path, run: &Run) -> Result<PathBuf> {
    let mut texts = BTreeMap::new();
    let sources = (run.functions.iter().map(|f| f.source.clone())).chain(
        run.skipped
            .iter()
            .map(|r| source::path_of(run.root, &r.file)),
    );
    for source in sources {
        if texts.contains_key(&source) {
            continue;
        }
        // A skipped item's file may be gone from an --auto copy: it is listed without a page.
        if let Ok(text) = std::fs::read_to_string(&source) {
            texts.insert(source, text);
        }
    }
    if dir.exists() {
        std::fs::remove_dir_all(dir)
            .with_context(|| format!("cannot empty {} for the report", dir.display()))?;
    }
    std::fs::create_dir_all(dir)
        .with_context(|| format!("cannot create {} for the report", dir.display()))?;
    for page in pages(run, &texts) {
        let path = dir.join(&page.name);
        std::fs::write(&path, page.html)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(dir.join("index.html"))
}

/// Opens `path` in the desktop's browser: `$BROWSER` if set, else the platform's opener.
pub fn open(path: &Path) -> Result<()> {
    let browser = std::env::var_os("BROWSER").filter(|b| !b.is_empty());
    let opener = match (&browser, std::env::consts::OS) {
        (Some(browser), _) => browser.clone(),
        (None, "macos") => "open".into(),
        (None, "windows") => "explorer".into(),
        (None, _) => "xdg-open".into(),
    };
    let status = std::process::Command::new(&opener)
        .arg(path)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status();
    match status {
        Ok(status) if status.success() => Ok(()),
        Ok(status) => anyhow::bail!(
            "{} {} {status}: open the report yourself, or set BROWSER to a browser",
            opener.to_string_lossy(),
            path.display()
        ),
        Err(error) => anyhow::bail!(
            "cannot run {} to open the report ({error}): open {} yourself, or set BROWSER to a \
             browser",
            opener.to_string_lossy(),
            path.display()
        ),
    }
}

/// `text` with `&`, `<`, `>`, `"` and `'` escaped, for HTML text and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// An id for `text` fit for an HTML id and a file name: letters and digits kept, anything
/// else a `-`.
pub fn slug(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

#[cfg(test)]
mod tests;
