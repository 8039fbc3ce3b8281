//! The whole crate as one file: its root with every `mod name;` read in from the module's file,
//! so that what an item needs from other files (the implementors of the crate's own traits,
//! written there or by its `macro_rules!`) can be found. A proc macro is given the tokens of
//! its item only; the files are read from disk, as [`crate::source::files`] reads the item's
//! own.
//!
//! The root is the one of the package's library or binary roots (`[lib] path`, `src/lib.rs`,
//! `src/main.rs`) whose tree holds the item's file; an item of another target (an example, an
//! integration test) sees its own file and the modules below it.

use std::path::{Path, PathBuf};

use syn::{Item, Visibility};

/// The type names every module of every crate resolves alike: the language's types and the
/// prelude's (`u8`, `str`, `String`, `Vec`, `Option`, …).
pub const PRELUDE_TYPES: &[&str] = &[
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize", "f32",
    "f64", "bool", "char", "str", "String", "Vec", "Box", "Option", "Result",
];

/// How many files a tree reads at most: a crate larger than this is read in part.
const MAX_FILES: usize = 2_000;

/// The crate's items, with each module's file read in.
pub struct Tree {
    /// The root's items, `mod name;` replaced by the module's items.
    pub items: Vec<Item>,
    /// The module path (from the root) of every file read, the root's empty.
    files: Vec<(PathBuf, Vec<String>)>,
}

impl Tree {
    /// The module path (from the root) of every file read.
    pub fn files(&self) -> &[(PathBuf, Vec<String>)] {
        &self.files
    }

    /// The module path of the file at `path`, if the tree read it.
    pub fn module_of(&self, path: &Path) -> Option<&[String]> {
        (self.files.iter())
            .find(|(file, _)| same_file(file, path))
            .map(|(_, module)| module.as_slice())
    }
}

/// The tree of the crate whose file `span` is in; `None` outside a compiler, for code a macro
/// generated, or where no file can be read.
pub fn of(span: proc_macro2::Span) -> Option<Tree> {
    let file = crate::source::files::path_of(span)?;
    let file = std::fs::canonicalize(&file).unwrap_or(file);
    let roots = roots(&file);
    // Read for each item that asks: a syntax tree holds the compiler's handles to its
    // tokens, which are gone once this expansion ends (a tree kept for the next one panics
    // when dropped), so none is kept.
    roots
        .iter()
        .chain([&file])
        .filter_map(|root| read(root))
        .find(|tree| tree.module_of(&file).is_some())
}

/// The package's library and binary roots that exist, from the manifest's directory.
fn roots(file: &Path) -> Vec<PathBuf> {
    let dir = match std::env::var_os("CARGO_MANIFEST_DIR") {
        Some(dir) => PathBuf::from(dir),
        // Outside cargo: the directory above the file's `src`, if any.
        None => match file.ancestors().find(|dir| dir.ends_with("src")) {
            Some(src) => src.parent().map(Path::to_path_buf).unwrap_or_default(),
            None => return Vec::new(),
        },
    };
    let mut roots = Vec::new();
    if let Some(path) = lib_path(&dir.join("Cargo.toml")) {
        roots.push(dir.join(path));
    }
    roots.extend([dir.join("src/lib.rs"), dir.join("src/main.rs")]);
    roots
        .into_iter()
        .filter_map(|root| std::fs::canonicalize(root).ok())
        .collect()
}

/// The `path` of the manifest's `[lib]` section, read line by line (the attribute does not
/// parse TOML; a manifest that writes it otherwise falls back to `src/lib.rs`).
fn lib_path(manifest: &Path) -> Option<String> {
    let text = std::fs::read_to_string(manifest).ok()?;
    let mut in_lib = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_lib = line == "[lib]";
            continue;
        }
        let Some(value) = line.strip_prefix("path").map(str::trim_start) else {
            continue;
        };
        if in_lib && let Some(value) = value.strip_prefix('=') {
            return Some(value.trim().trim_matches('"').to_string());
        }
    }
    None
}

/// The tree whose root file is `root`.
fn read(root: &Path) -> Option<Tree> {
    let file = crate::source::files::parse(root)?;
    let mut tree = Tree {
        items: file.items,
        files: vec![(root.to_path_buf(), Vec::new())],
    };
    let mut items = std::mem::take(&mut tree.items);
    read_modules(&mut items, &children_dir(root), &mut Vec::new(), &mut tree);
    tree.items = items;
    Some(tree)
}

/// Where the module files a file declares are: beside a crate root or a `mod.rs`, else in the
/// directory named after the file (`src/a.rs` declares `src/a/b.rs`).
pub fn children_dir(file: &Path) -> PathBuf {
    let dir = file.parent().unwrap_or(Path::new(".")).to_path_buf();
    match file.file_stem().and_then(|stem| stem.to_str()) {
        Some("lib" | "main" | "mod") | None => dir,
        Some(stem) => dir.join(stem),
    }
}

/// The file of the module `module` declares without a body, `dir` being where the files of
/// its parent's modules are: its `#[path]`, else `name.rs` or `name/mod.rs`.
pub fn module_file(module: &syn::ItemMod, dir: &Path) -> Option<PathBuf> {
    let written = module.attrs.iter().find_map(|attr| match &attr.meta {
        syn::Meta::NameValue(path) if path.path.is_ident("path") => match &path.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(file),
                ..
            }) => Some(dir.join(file.value())),
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

/// Replaces each `mod name;` of `items` (a module at `at`, whose module files are in `dir`)
/// with the module its file holds, and notes each file read in `tree`.
fn read_modules(items: &mut [Item], dir: &Path, at: &mut Vec<String>, tree: &mut Tree) {
    for item in items {
        let Item::Mod(module) = item else {
            continue;
        };
        // What only the crate's tests compile is not the crate's: left out, unread.
        if is_test_only(&module.attrs) {
            module.content = Some((Default::default(), Vec::new()));
            continue;
        }
        at.push(module.ident.to_string());
        let below = dir.join(module.ident.to_string());
        if let Some((_, inner)) = &mut module.content {
            read_modules(inner, &below, at, tree);
        } else if tree.files.len() < MAX_FILES
            && let Some(path) = module_file(module, dir)
            && let Some(file) = crate::source::files::parse(&path)
        {
            let path = std::fs::canonicalize(&path).unwrap_or(path);
            tree.files.push((path.clone(), at.clone()));
            let mut inner = file.items;
            read_modules(&mut inner, &children_dir(&path), at, tree);
            module.content = Some((Default::default(), inner));
        }
        at.pop();
    }
}

/// Whether `attrs` hold `#[cfg(test)]`.
pub fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        attr.path().is_ident("cfg")
            && attr
                .parse_args::<syn::Ident>()
                .is_ok_and(|word| word == "test")
    })
}

/// Whether an item in the module `from` can name one declared `visibility` in the module
/// `owner` through the path of `owner` (every module on the way declared visible to `from`
/// too: see [`path_visible`]).
pub fn visible(visibility: &Visibility, owner: &[String], from: &[String]) -> bool {
    matches!(
        visibility,
        Visibility::Public(_) | Visibility::Restricted(_)
    ) || from.starts_with(owner)
}

/// Whether every module on the path from the crate root to `owner` can be named from `from`:
/// a module private to its parent can be named from the parent and below only.
pub fn path_visible(items: &[Item], owner: &[String], from: &[String]) -> bool {
    modules_on(items, owner).is_some_and(|modules| {
        (modules.iter().enumerate())
            .all(|(depth, module)| visible(&module.vis, &owner[..depth], from))
    })
}

/// Whether a module on the path from the crate root to `module` is behind a `#[cfg(…)]` that
/// may not hold in this build (see [`crate::source::cfg`]): what is in it may be missing. A
/// path the tree does not hold counts as gated.
pub fn gated(items: &[Item], module: &[String]) -> bool {
    modules_on(items, module).is_none_or(|modules| {
        (modules.iter()).any(|module| crate::source::cfg::all_hold(&module.attrs) != Some(true))
    })
}

/// The items of the module at `path` from the crate root, if the tree holds it.
pub fn items_at<'t>(items: &'t [Item], path: &[String]) -> Option<&'t [Item]> {
    match modules_on(items, path)?.last() {
        Some(module) => module.content.as_ref().map(|(_, inner)| inner.as_slice()),
        None => Some(items),
    }
}

/// The modules on the path from the crate root to `path`, outermost first, each with its
/// items read in; `None` where one is missing or its file was not read.
fn modules_on<'t>(items: &'t [Item], path: &[String]) -> Option<Vec<&'t syn::ItemMod>> {
    let mut items = items;
    let mut modules = Vec::new();
    for name in path {
        let module = items.iter().find_map(|item| match item {
            Item::Mod(module) if module.ident == name => Some(module),
            _ => None,
        })?;
        items = &module.content.as_ref()?.1;
        modules.push(module);
    }
    Some(modules)
}

fn same_file(a: &Path, b: &Path) -> bool {
    a == b || std::fs::canonicalize(b).is_ok_and(|b| a == b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, path: &str, text: &str) {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap_or(dir)).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(path, text).unwrap_or_else(|e| panic!("{e}"));
    }

    #[test]
    fn a_tree_reads_every_module_file_and_knows_each_files_module() {
        let dir = std::env::temp_dir().join(format!("symtest-tree-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        write(
            &dir,
            "src/lib.rs",
            "mod a;\npub mod b { mod c; }\n#[path = \"odd.rs\"] mod d;\n#[cfg(test)]\nmod tests;\n",
        );
        write(&dir, "src/tests.rs", "pub struct OnlyTests;\n");
        write(&dir, "src/a.rs", "mod deep;\npub struct A;\n");
        write(&dir, "src/a/deep.rs", "pub struct Deep;\n");
        write(&dir, "src/b/c/mod.rs", "pub struct C;\n");
        write(&dir, "src/odd.rs", "pub struct D;\n");
        let root = std::fs::canonicalize(dir.join("src/lib.rs")).unwrap_or_default();
        let tree = read(&root).unwrap_or_else(|| panic!("no tree"));
        let module = |path: &str| {
            let path = std::fs::canonicalize(dir.join(path)).unwrap_or_default();
            tree.module_of(&path).map(|m| m.join("::"))
        };
        assert_eq!(module("src/lib.rs").as_deref(), Some(""));
        assert_eq!(module("src/a.rs").as_deref(), Some("a"));
        assert_eq!(module("src/a/deep.rs").as_deref(), Some("a::deep"));
        assert_eq!(module("src/b/c/mod.rs").as_deref(), Some("b::c"));
        assert_eq!(module("src/odd.rs").as_deref(), Some("d"));
        assert_eq!(module("src/tests.rs"), None);
        let path = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        // `a` is private to the root: nameable anywhere; `deep` is private to `a`.
        assert!(path_visible(&tree.items, &path(&["a"]), &path(&["b"])));
        assert!(!path_visible(
            &tree.items,
            &path(&["a", "deep"]),
            &path(&["b"])
        ));
        assert!(path_visible(
            &tree.items,
            &path(&["a", "deep"]),
            &path(&["a"])
        ));
        assert!(!path_visible(&tree.items, &path(&["b", "c"]), &path(&[])));
        assert!(path_visible(
            &tree.items,
            &path(&["b", "c"]),
            &path(&["b", "x"])
        ));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_lib_path_is_read_from_the_lib_section_only() {
        let dir = std::env::temp_dir().join(format!("symtest-manifest-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        write(
            &dir,
            "Cargo.toml",
            "[package]\nname = \"x\"\n\n[[bin]]\npath = \"bin.rs\"\n\n[lib]\npath = \"lib/root.rs\"\n",
        );
        assert_eq!(
            lib_path(&dir.join("Cargo.toml")).as_deref(),
            Some("lib/root.rs")
        );
        write(&dir, "Cargo.toml", "[package]\nname = \"x\"\n");
        assert_eq!(lib_path(&dir.join("Cargo.toml")), None);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
