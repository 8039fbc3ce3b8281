//! Like `cargo fix`, refuse to rewrite sources that are not safely in version control.

use std::path::Path;
use std::process::Command;

use anyhow::{Result, bail};

/// Fails unless `dir` is inside a git work tree with no uncommitted changes under it.
pub fn check_clean(dir: &Path) -> Result<()> {
    let output = crate::process::output(Command::new("git").arg("-C").arg(dir).args([
        "status",
        "--porcelain",
        "--untracked-files=normal",
        "--",
        ".",
    ]));
    let output = match output {
        Ok(output) if output.status.success() => output,
        _ => bail!(
            "no version control found for {}: cargo symtest rewrites source files, so put them \
             under git and commit first, or pass --allow-dirty",
            dir.display()
        ),
    };
    let changes = String::from_utf8_lossy(&output.stdout);
    if !changes.trim().is_empty() {
        let files: Vec<&str> = changes.lines().take(10).collect();
        bail!(
            "the working tree has uncommitted changes in {}:\n  {}\ncommit or stash them so the \
             generated tests can be reviewed as their own change, or pass --allow-dirty",
            dir.display(),
            files.join("\n  ")
        );
    }
    Ok(())
}
