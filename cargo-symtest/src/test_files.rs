//! The files only a crate's tests compile: those of modules it declares under `#[cfg(test)]`
//! (`#[cfg(test)] mod tests;`, `#[cfg(all(test, feature = "std"))] mod more;`), and every
//! module file below them. `--auto` leaves them alone as it leaves an inline
//! `#[cfg(test)] mod tests { … }` alone: their helpers are the tests', not the library's.

use std::path::{Path, PathBuf};

/// How many files one walk reads at most.
const MAX_FILES: usize = 4_000;

/// The directories and files only tests compile, below the crate roots `roots`.
pub fn test_only(roots: &[PathBuf]) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut budget = MAX_FILES;
    for root in roots {
        walk_file(root, &mut found, &mut budget);
    }
    found
}

fn walk_file(file: &Path, found: &mut Vec<PathBuf>, budget: &mut usize) {
    if *budget == 0 {
        return;
    }
    *budget -= 1;
    let parsed = std::fs::read_to_string(file).map(|text| syn::parse_file(&text));
    let Ok(Ok(parsed)) = parsed else {
        return;
    };
    walk_items(&parsed.items, &children_dir(file), found, budget);
}

fn walk_items(items: &[syn::Item], dir: &Path, found: &mut Vec<PathBuf>, budget: &mut usize) {
    for item in items {
        let syn::Item::Mod(module) = item else {
            continue;
        };
        let below = dir.join(module.ident.to_string());
        let tests_only = crate::annotate::test_only(&module.attrs);
        match (&module.content, module_file(module, dir)) {
            // An inline test module's files are below it too.
            (Some(_), _) if tests_only => found.push(below),
            (Some((_, inner)), _) => walk_items(inner, &below, found, budget),
            (None, Some(file)) if tests_only => {
                found.push(children_dir(&file));
                found.push(file);
            }
            (None, Some(file)) => walk_file(&file, found, budget),
            (None, None) => {}
        }
    }
}

/// Where the module files a file declares are: beside a crate root or a `mod.rs`, else in the
/// directory named after the file (`src/a.rs` declares `src/a/b.rs`).
fn children_dir(file: &Path) -> PathBuf {
    let dir = file.parent().unwrap_or(Path::new(".")).to_path_buf();
    match file.file_stem().and_then(|stem| stem.to_str()) {
        Some("lib" | "main" | "mod") | None => dir,
        Some(stem) => dir.join(stem),
    }
}

/// The file of a module declared without a body: its `#[path]`, else `name.rs` or
/// `name/mod.rs` in `dir`.
fn module_file(module: &syn::ItemMod, dir: &Path) -> Option<PathBuf> {
    let written = module.attrs.iter().find_map(|attr| match &attr.meta {
        syn::Meta::NameValue(pair) if pair.path.is_ident("path") => match &pair.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(path),
                ..
            }) => Some(dir.join(path.value())),
            _ => None,
        },
        _ => None,
    });
    let name = module.ident.to_string();
    let candidates = match written {
        Some(path) => vec![path],
        None => vec![
            dir.join(format!("{name}.rs")),
            dir.join(&name).join("mod.rs"),
        ],
    };
    candidates.into_iter().find(|path| path.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_of_test_modules_and_the_modules_below_them_are_tests_only() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let write = |path: &str, text: &str| {
            let path = dir.path().join(path);
            std::fs::create_dir_all(path.parent().unwrap_or(dir.path()))
                .unwrap_or_else(|e| panic!("{e}"));
            std::fs::write(path, text).unwrap_or_else(|e| panic!("{e}"));
        };
        write(
            "src/lib.rs",
            "mod a;\n#[cfg(test)]\nmod tests;\n#[cfg(all(test, unix))]\nmod more;\n#[cfg(not(test))]\nmod c;\n",
        );
        write("src/a.rs", "#[cfg(test)]\nmod helpers;\npub fn f() {}\n");
        write("src/a/helpers.rs", "pub fn h() {}\n");
        write("src/tests.rs", "mod deeper;\n");
        write("src/tests/deeper.rs", "pub fn d() {}\n");
        write("src/more/mod.rs", "pub fn m() {}\n");
        write("src/c.rs", "pub fn c() {}\n");
        let found = test_only(&[dir.path().join("src/lib.rs")]);
        let only = |path: &str| {
            let path = dir.path().join(path);
            found.iter().any(|test| path.starts_with(test))
        };
        for path in [
            "src/tests.rs",
            "src/tests/deeper.rs",
            "src/more/mod.rs",
            "src/a/helpers.rs",
        ] {
            assert!(only(path), "{path}: {found:?}");
        }
        for path in ["src/lib.rs", "src/a.rs", "src/c.rs"] {
            assert!(!only(path), "{path}: {found:?}");
        }
    }
}
