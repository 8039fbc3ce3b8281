//! How much Rust a package has: its instrumented build's cost grows with it, and past a point
//! an optimised build costs more than the faster searches it buys (see [`crate::cargo`]'s
//! choice of optimisation level).

use std::path::Path;

use cargo_metadata::{Package, TargetKind};

/// How many files are read at most: a package's own sources, not a vendored tree.
const MAX_FILES: usize = 4_000;

/// The lines of the `.rs` files under the directories of the package's library and binaries.
pub fn source_lines(package: &Package) -> usize {
    let mut dirs: Vec<&Path> = (package.targets.iter())
        .filter(|target| {
            (target.kind.iter()).any(|kind| matches!(kind, TargetKind::Lib | TargetKind::Bin))
        })
        .filter_map(|target| target.src_path.parent().map(|dir| dir.as_std_path()))
        .collect();
    dirs.sort();
    // A binary's `src/bin` is under the library's `src`: count each file once.
    let mut roots: Vec<&Path> = Vec::new();
    for dir in dirs {
        if !roots.iter().any(|root| dir.starts_with(root)) {
            roots.push(dir);
        }
    }
    let mut budget = MAX_FILES;
    roots
        .iter()
        .map(|root| lines_under(root, &mut budget))
        .sum()
}

fn lines_under(dir: &Path, budget: &mut usize) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut lines = 0;
    for path in entries.filter_map(|entry| entry.ok().map(|entry| entry.path())) {
        if *budget == 0 {
            break;
        }
        if path.is_dir() {
            lines += lines_under(&path, budget);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            *budget -= 1;
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            lines += text.lines().count();
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lines_of_every_rust_file_under_a_directory_are_counted() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        std::fs::create_dir(dir.path().join("inner")).expect("a directory");
        std::fs::write(dir.path().join("lib.rs"), "fn a() {}\nfn b() {}\n").expect("a file");
        std::fs::write(dir.path().join("inner/m.rs"), "fn c() {}\n").expect("a file");
        std::fs::write(dir.path().join("notes.txt"), "not\ncounted\n").expect("a file");
        let mut budget = MAX_FILES;
        assert_eq!(lines_under(dir.path(), &mut budget), 3);
        assert_eq!(budget, MAX_FILES - 2);
    }
}
