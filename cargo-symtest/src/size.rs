//! A package's Rust sources, read within a budget of files: how many lines they have (its
//! instrumented build's cost grows with them, and past a point an optimised build costs more
//! than the faster searches it buys: see [`crate::cargo`]'s choice of optimisation level), and
//! each file's text for other readers (`crate::methods`).

use std::path::Path;

use cargo_metadata::{Package, TargetKind};

/// How many files are read at most: a package's own sources, not a vendored tree.
pub const MAX_FILES: usize = 4_000;

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
    let mut lines = 0;
    for root in roots {
        each_rust_file(root, &mut budget, &mut |text| lines += text.lines().count());
    }
    lines
}

/// Calls `visit` with the text of each `.rs` file under `dir`, in path order, while `budget`
/// (files) lasts; unreadable files and directories are passed over.
pub fn each_rust_file(dir: &Path, budget: &mut usize, visit: &mut impl FnMut(&str)) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<_> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .collect();
    paths.sort();
    for path in paths {
        if *budget == 0 {
            return;
        }
        if path.is_dir() {
            each_rust_file(&path, budget, visit);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            *budget -= 1;
            if let Ok(text) = std::fs::read_to_string(&path) {
                visit(&text);
            }
        }
    }
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
        let (mut budget, mut lines) = (MAX_FILES, 0);
        each_rust_file(dir.path(), &mut budget, &mut |text| {
            lines += text.lines().count()
        });
        assert_eq!(lines, 3);
        assert_eq!(budget, MAX_FILES - 2);
    }
}
