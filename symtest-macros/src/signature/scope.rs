//! The names a `let` cannot bind in the test module generated beside an impl block, read from
//! the block's file: a sequence's tests bind the value under test to a local named after its
//! type (`let mut u5 = u5::new(3);`), which must not be the name of a tuple or unit struct, a
//! `const`, a `static` or a variant in scope there (E0530, or a pattern instead of a binding).
//! The test module imports its parent's names (`use super::*`), so those are the names of the
//! block's module, as far as its file and the module files below it show them: what a glob
//! brings from a parent module's file or another crate is not known.

use std::path::Path;

use quote::ToTokens;
use syn::{Fields, ImplItem, Item, ItemImpl, UseTree};

/// How many glob imports deep names are followed (`use inner::*` of a module that itself
/// imports `use Kind::*`).
const GLOB_DEPTH: usize = 4;

/// How many module files below its own [`unbindable_beside`] reads at most.
const FILES: usize = 16;

/// [`unbindable`] in the file `block` was written in, with the module files it declares
/// (`mod kinds;`) read in as inline modules, so that `use kinds::Light::*` is followed; empty
/// when the file cannot be read.
pub fn unbindable_beside(block: &ItemImpl) -> Vec<String> {
    let Some(path) = crate::source::files::path_of(block.impl_token.span) else {
        return Vec::new();
    };
    let Some(mut file) = crate::source::files::parse(&path) else {
        return Vec::new();
    };
    let mut budget = FILES;
    let dir = crate::source::tree::children_dir(&path);
    read_module_files(&mut file.items, &dir, GLOB_DEPTH, &mut budget);
    unbindable(&file, block)
}

/// Replaces each `mod name;` of `items`, whose files are in `dir`, with the inline module its
/// file holds, `depth` files deep and at most `budget` files in all.
fn read_module_files(items: &mut [Item], dir: &Path, depth: usize, budget: &mut usize) {
    for item in items {
        let Item::Mod(module) = item else {
            continue;
        };
        let name = module.ident.to_string();
        let below = dir.join(&name);
        if let Some((_, inner)) = &mut module.content {
            read_module_files(inner, &below, depth, budget);
            continue;
        }
        if depth == 0 || *budget == 0 {
            continue;
        }
        let Some(mut file) = crate::source::tree::module_file(module, dir)
            .and_then(|path| crate::source::files::parse(&path))
        else {
            continue;
        };
        *budget -= 1;
        read_module_files(&mut file.items, &below, depth - 1, budget);
        module.content = Some((Default::default(), file.items));
    }
}

/// The names a `let` cannot bind in the modules of `file` that hold `block` (found by its type
/// and its functions' names): the tuple and unit structs, `const`s and `static`s declared
/// there, every name a `use` imports (of any kind: the file does not say), and what globs of
/// the file's own enums and inline modules bring (`use Kind::*`, `use self::inner::*`); of
/// every such module where several blocks look alike.
pub fn unbindable(file: &syn::File, block: &ItemImpl) -> Vec<String> {
    let mut modules = Vec::new();
    find_block(&file.items, block, &mut Vec::new(), &mut modules);
    let mut names = Vec::new();
    for module in &modules {
        names.extend(in_module(&file.items, module, GLOB_DEPTH));
    }
    names.sort();
    names.dedup();
    names
}

/// The paths of the inline modules (from the file's top) that hold a block like `block`.
fn find_block(
    items: &[Item],
    block: &ItemImpl,
    at: &mut Vec<String>,
    found: &mut Vec<Vec<String>>,
) {
    for item in items {
        match item {
            Item::Impl(candidate) if same_block(candidate, block) => found.push(at.clone()),
            Item::Mod(module) => {
                if let Some((_, inner)) = &module.content {
                    at.push(module.ident.to_string());
                    find_block(inner, block, at, found);
                    at.pop();
                }
            }
            _ => {}
        }
    }
}

/// Whether two inherent blocks are of the same type, with functions of the same names.
fn same_block(a: &ItemImpl, b: &ItemImpl) -> bool {
    let functions = |block: &ItemImpl| -> Vec<String> {
        let items = block.items.iter();
        items
            .filter_map(|item| match item {
                ImplItem::Fn(function) => Some(function.sig.ident.to_string()),
                _ => None,
            })
            .collect()
    };
    let ty = |block: &ItemImpl| block.self_ty.to_token_stream().to_string();
    a.trait_.is_none() && ty(a) == ty(b) && functions(a) == functions(b)
}

/// The items of the inline module at `path` from the file's top.
fn items_at<'f>(items: &'f [Item], path: &[String]) -> Option<&'f [Item]> {
    let Some((first, rest)) = path.split_first() else {
        return Some(items);
    };
    items.iter().find_map(|item| match item {
        Item::Mod(module) if module.ident == first => {
            let (_, inner) = module.content.as_ref()?;
            items_at(inner, rest)
        }
        _ => None,
    })
}

/// The unbindable names of the module at `path`, following globs `depth` deep.
fn in_module(top: &[Item], path: &[String], depth: usize) -> Vec<String> {
    let Some(items) = items_at(top, path) else {
        return Vec::new();
    };
    let mut names = Vec::new();
    for item in items {
        match item {
            Item::Struct(s) if !matches!(s.fields, Fields::Named(_)) => {
                names.push(s.ident.to_string());
            }
            Item::Const(c) => names.push(c.ident.to_string()),
            Item::Static(s) => names.push(s.ident.to_string()),
            Item::Use(import) => {
                imported(top, path, &import.tree, &mut Vec::new(), depth, &mut names)
            }
            _ => {}
        }
    }
    names
}

/// The names `tree`, under the path `prefix`, imports into the module at `path`.
fn imported(
    top: &[Item],
    path: &[String],
    tree: &UseTree,
    prefix: &mut Vec<String>,
    depth: usize,
    names: &mut Vec<String>,
) {
    match tree {
        UseTree::Path(inner) => {
            prefix.push(inner.ident.to_string());
            imported(top, path, &inner.tree, prefix, depth, names);
            prefix.pop();
        }
        UseTree::Name(name) if name.ident == "self" => names.extend(prefix.last().cloned()),
        UseTree::Name(name) => names.push(name.ident.to_string()),
        UseTree::Rename(rename) => names.push(rename.rename.to_string()),
        UseTree::Group(group) => {
            for tree in &group.items {
                imported(top, path, tree, prefix, depth, names);
            }
        }
        UseTree::Glob(_) if depth > 0 => names.extend(globbed(top, path, prefix, depth - 1)),
        UseTree::Glob(_) => {}
    }
}

/// What `use <target>::*` in the module at `path` brings, where `target` is an enum or an
/// inline module of the file: the enum's tuple and unit variants, the module's unbindable names.
fn globbed(top: &[Item], path: &[String], target: &[String], depth: usize) -> Vec<String> {
    let mut base: Vec<String> = path.to_vec();
    let mut rest = target;
    while let Some((first, after)) = rest.split_first() {
        match first.as_str() {
            "self" => {}
            "super" if !base.is_empty() => {
                base.pop();
            }
            _ => break,
        }
        rest = after;
    }
    let Some((last, modules)) = rest.split_last() else {
        return Vec::new();
    };
    base.extend(modules.iter().cloned());
    let Some(items) = items_at(top, &base) else {
        return Vec::new();
    };
    let variants = items.iter().find_map(|item| match item {
        Item::Enum(e) if e.ident == last => Some(
            e.variants
                .iter()
                .filter(|v| !matches!(v.fields, Fields::Named(_)))
                .map(|v| v.ident.to_string())
                .collect(),
        ),
        _ => None,
    });
    variants.unwrap_or_else(|| {
        base.push(last.clone());
        in_module(top, &base, depth)
    })
}

/// Whether `file` defines a type named `name` (in any inline module) or imports one from
/// outside the standard library (`use crate::iter::Bytes;`): then a `Bytes<'a>` there is the
/// crate's own, not `std::str::Bytes`.
pub fn own_type(file: &syn::File, name: &syn::Ident) -> bool {
    fn in_items(items: &[Item], name: &syn::Ident) -> bool {
        items.iter().any(|item| match item {
            Item::Struct(item) => item.ident == *name,
            Item::Enum(item) => item.ident == *name,
            Item::Type(item) => item.ident == *name,
            Item::Mod(module) => module
                .content
                .as_ref()
                .is_some_and(|(_, items)| in_items(items, name)),
            Item::Use(item) => imports(&item.tree, None, name),
            _ => false,
        })
    }
    /// Whether `tree`, below the path's first segment `root`, imports `name` from outside
    /// `std`, `core` and `alloc`.
    fn imports(tree: &UseTree, root: Option<&syn::Ident>, name: &syn::Ident) -> bool {
        let foreign =
            || root.is_some_and(|root| !["std", "core", "alloc"].iter().any(|s| root == s));
        match tree {
            UseTree::Path(path) => imports(&path.tree, root.or(Some(&path.ident)), name),
            UseTree::Name(leaf) => leaf.ident == *name && foreign(),
            UseTree::Rename(rename) => rename.rename == *name && foreign(),
            UseTree::Group(group) => group.items.iter().any(|tree| imports(tree, root, name)),
            UseTree::Glob(_) => false,
        }
    }
    in_items(&file.items, name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unbindable_of(source: &str, block: &str) -> Vec<String> {
        let file: syn::File = syn::parse_str(source).expect("source parses");
        let block: ItemImpl = syn::parse_str(block).expect("block parses");
        unbindable(&file, &block)
    }

    #[test]
    fn tuple_and_unit_structs_consts_and_statics_of_the_blocks_module_are_unbindable() {
        let source = "
            pub struct u5(u8);
            pub struct marker;
            pub struct Named { x: u8 }
            const limit: u8 = 3;
            static gauge: u8 = 4;
            fn helper() {}
            impl u5 { fn get(&self) -> u8 { self.0 } }
            mod elsewhere { pub struct other(u8); }
        ";
        assert_eq!(
            unbindable_of(source, "impl u5 { fn get(&self) -> u8 { self.0 } }"),
            ["gauge", "limit", "marker", "u5"]
        );
    }

    #[test]
    fn imported_names_and_globs_of_the_files_enums_and_modules_are_unbindable() {
        let source = "
            use std::collections::{self, BTreeMap as tree};
            use crate::kinds::tally;
            use self::Level::*;
            use inner::*;
            enum Level { low, high(u8), Other { x: u8 } }
            mod inner {
                pub struct cell(u8);
                pub use super::deeper::*;
            }
            mod deeper { pub const depth: u8 = 1; }
            mod nested {
                use super::Level::*;
                struct Gauge;
                impl Gauge { fn read(&self) {} }
            }
            struct Gauge;
            impl Gauge { fn read(&self) {} }
        ";
        assert_eq!(
            unbindable_of(source, "impl Gauge { fn read(&self) {} }"),
            [
                "Gauge",
                "cell",
                "collections",
                "depth",
                "high",
                "low",
                "tally",
                "tree"
            ]
        );
    }

    #[test]
    fn module_files_are_read_in_where_the_file_declares_them() {
        let dir = std::env::temp_dir().join(format!("symtest-scope-{}", std::process::id()));
        let write = |path: &str, text: &str| {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
            std::fs::write(path, text).expect("write");
        };
        write(
            "src/kinds.rs",
            "pub enum Light { red, Green } pub mod deeper;",
        );
        write("src/kinds/deeper.rs", "pub struct below(u8);");
        write("src/other/mod.rs", "pub const other: u8 = 1;");
        write("src/odd.rs", "pub static odd: u8 = 1;");
        let mut file: syn::File = syn::parse_str(
            "mod kinds; mod other; #[path = \"odd.rs\"] mod renamed; mod missing;
             use kinds::Light::*; use kinds::deeper::*; use other::*; use renamed::*;
             impl Gauge { fn read(&self) {} }",
        )
        .expect("parses");
        let root = dir.join("src/lib.rs");
        let dir_of = crate::source::tree::children_dir;
        read_module_files(&mut file.items, &dir_of(&root), GLOB_DEPTH, &mut 16);
        let block: ItemImpl = syn::parse_str("impl Gauge { fn read(&self) {} }").expect("parses");
        let names = unbindable(&file, &block);
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(names, ["Green", "below", "odd", "other", "red"]);
        assert_eq!(dir_of(Path::new("src/a/b.rs")), Path::new("src/a/b"));
        assert_eq!(dir_of(Path::new("src/a/mod.rs")), Path::new("src/a"));
    }

    #[test]
    fn a_block_the_file_does_not_show_has_no_names() {
        assert!(unbindable_of("struct a(u8);", "impl b { fn f() {} }").is_empty());
    }

    #[test]
    fn a_type_the_file_defines_or_imports_from_the_crate_is_its_own() {
        let file: syn::File = syn::parse_quote! {
            use crate::iter::Bytes;
            use std::str::{Chars, Lines as StdLines};
            mod inner {
                pub struct Split<'a>(&'a str);
            }
        };
        let own = |name: &str| {
            own_type(
                &file,
                &syn::Ident::new(name, proc_macro2::Span::call_site()),
            )
        };
        assert!(own("Bytes"));
        assert!(own("Split"));
        assert!(!own("Chars"));
        assert!(!own("StdLines"));
        assert!(!own("CharIndices"));
    }
}
