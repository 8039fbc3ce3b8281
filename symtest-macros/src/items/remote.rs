//! The functions of a type's annotated blocks in other modules of the crate, which the
//! sequences of the module that defines the type call too: `struct Version` with its
//! constructors in `lib.rs` and `impl fmt::Display for Version` in `display.rs` are one set of
//! sequences, emitted in `lib.rs`, where `Version` can be made (see
//! `crate::items::placement::Group::remote`).
//!
//! The generated code of the defining module names what the other module's block names, so
//! each function's signature and the block's trait are rewritten into paths that resolve
//! anywhere in the crate: the standard library's through `::core`/`::std` (`fmt::Formatter`
//! is `::core::fmt::Formatter`), the crate's own types and traits through the one module that
//! defines a type of that name (`Error` is `crate::error::Error`). A function with a type
//! that cannot be written so is left to its block (skipped there with a reason, as it is not
//! called). Its branch table, a `pub(crate)` static of its module, is named by that module's
//! path (`crate::display::__SYMTEST_META_…`).

use std::collections::HashMap;

use proc_macro2::Span;
use quote::quote;
use syn::visit_mut::VisitMut;
use syn::{Ident, ImplItem, Item, ItemImpl};

use crate::items::callable::Callable;

/// The modules of the crate that define each type or trait name, from its root, with the
/// definition's visibility.
struct Names {
    defined: HashMap<String, Vec<(Vec<String>, syn::Visibility)>>,
}

impl Names {
    fn of(items: &[Item]) -> Names {
        let mut names = Names {
            defined: HashMap::new(),
        };
        names.collect(items, &mut Vec::new());
        names
    }

    fn collect(&mut self, items: &[Item], at: &mut Vec<String>) {
        for item in items {
            let name = match item {
                Item::Struct(item) => Some((&item.ident, &item.vis)),
                Item::Enum(item) => Some((&item.ident, &item.vis)),
                Item::Union(item) => Some((&item.ident, &item.vis)),
                Item::Type(item) => Some((&item.ident, &item.vis)),
                Item::Trait(item) => Some((&item.ident, &item.vis)),
                Item::Mod(module) => {
                    if let Some((_, inner)) = &module.content {
                        at.push(module.ident.to_string());
                        self.collect(inner, at);
                        at.pop();
                    }
                    None
                }
                _ => None,
            };
            if let Some((name, vis)) = name {
                let defined = self.defined.entry(name.to_string()).or_default();
                defined.push((at.clone(), vis.clone()));
            }
        }
    }

    /// The one module that defines `name`, if exactly one does, where the module `from` can
    /// name it there.
    fn owner(&self, name: &str, items: &[Item], from: &[String]) -> Option<&[String]> {
        match self.defined.get(name).map(Vec::as_slice) {
            Some([(owner, vis)])
                if crate::source::tree::visible(vis, owner, from)
                    && crate::source::tree::path_visible(items, owner, from) =>
            {
                Some(owner)
            }
            _ => None,
        }
    }
}

/// The callables of the functions of `remote` (blocks of the type in other modules) that the
/// sequences of the module `here` can call, each naming its table by its module's path; `plan`
/// plans a block's functions, by name. `span` is the emitting block's, to read the crate.
pub(crate) fn callables(
    remote: &[(Vec<String>, ItemImpl)],
    span: Span,
    here: &[String],
    plan: impl Fn(&ItemImpl) -> Vec<(String, Result<Callable, String>)>,
) -> Vec<Callable> {
    if remote.is_empty() {
        return Vec::new();
    }
    let Some(tree) = crate::source::tree::of(span) else {
        return Vec::new();
    };
    let items = &tree.items;
    let names = Names::of(items);
    let mut found = Vec::new();
    for (module, block) in remote {
        let Some(written) = portable(block, &names, items, module, here) else {
            continue;
        };
        // The tables are named from the block as written, where its module defines them.
        let originals: HashMap<String, Callable> = (plan(block).into_iter())
            .filter_map(|(name, callable)| Some((name, callable.ok()?)))
            .collect();
        let segments = module
            .iter()
            .map(|name| Ident::new(name, Span::call_site()));
        let module_path = quote!(crate #(:: #segments)* ::);
        for (name, callable) in plan(&written) {
            let (Ok(mut callable), Some(original)) = (callable, originals.get(&name)) else {
                continue;
            };
            callable.meta = original.meta.clone();
            callable.suffix = original.suffix.clone();
            callable.meta_module = module_path.clone();
            found.push(callable);
        }
    }
    found
}

/// The functions of `block`, a block in another module than its type's, that the sequences
/// of the type's module `owner` cannot call, for their signatures name what cannot be
/// written from there (all of them where its trait or an associated type cannot be).
pub(crate) fn unreachable_from(
    block: &ItemImpl,
    span: Span,
    module: &[String],
    owner: &[String],
) -> Vec<Ident> {
    let functions = block.items.iter().filter_map(|member| match member {
        ImplItem::Fn(function) => Some(function.sig.ident.clone()),
        _ => None,
    });
    let Some(tree) = crate::source::tree::of(span) else {
        return functions.collect();
    };
    let names = Names::of(&tree.items);
    let Some(written) = portable(block, &names, &tree.items, module, owner) else {
        return functions.collect();
    };
    let kept: Vec<Ident> = (written.items.iter())
        .filter_map(|member| match member {
            ImplItem::Fn(function) => Some(function.sig.ident.clone()),
            _ => None,
        })
        .collect();
    functions.filter(|name| !kept.contains(name)).collect()
}

/// `block` with its trait, associated types and functions' signatures written in paths that
/// resolve in every module of the crate, the functions that cannot be left out; `None` where
/// its trait or an associated type cannot.
fn portable(
    block: &ItemImpl,
    names: &Names,
    items: &[Item],
    module: &[String],
    here: &[String],
) -> Option<ItemImpl> {
    let imports = imports(items, module);
    let rewrite = |node: &mut dyn FnMut(&mut Rewrite)| {
        let mut rewrite = Rewrite {
            names,
            imports: &imports,
            items,
            here,
            failed: false,
        };
        node(&mut rewrite);
        !rewrite.failed
    };
    let mut written = block.clone();
    if let Some((_, path, _)) = &mut written.trait_
        && !rewrite(&mut |r: &mut Rewrite| r.trait_path(path))
    {
        return None;
    }
    let mut kept = Vec::new();
    for member in std::mem::take(&mut written.items) {
        match member {
            ImplItem::Type(mut associated) => {
                if !rewrite(&mut |r: &mut Rewrite| r.visit_type_mut(&mut associated.ty)) {
                    return None;
                }
                kept.push(ImplItem::Type(associated));
            }
            ImplItem::Fn(mut function) => {
                if rewrite(&mut |r: &mut Rewrite| r.visit_signature_mut(&mut function.sig)) {
                    kept.push(ImplItem::Fn(function));
                }
            }
            other => kept.push(other),
        }
    }
    written.items = kept;
    Some(written)
}

/// What the module `module` of the crate imports (`use crate::error::Error;`, `use
/// core::cmp::Ordering;`, `use super::Version as V;`), by the name it is imported as, each as a
/// path every module resolves: from `crate`, or from another crate with a leading `::`. Globs
/// are not followed.
fn imports(items: &[Item], module: &[String]) -> HashMap<String, syn::Path> {
    let Some(items) = crate::source::tree::items_at(items, module) else {
        return HashMap::new();
    };
    let children: Vec<String> = (items.iter())
        .filter_map(|item| match item {
            Item::Mod(child) => Some(child.ident.to_string()),
            _ => None,
        })
        .collect();
    let mut found = HashMap::new();
    for item in items {
        if let Item::Use(import) = item {
            flatten(&import.tree, &mut Vec::new(), &mut found);
        }
    }
    (found.into_iter())
        .filter_map(|(name, segments)| {
            let absolute = absolute(&segments, module, &children)?;
            Some((name, syn::parse_str::<syn::Path>(&absolute).ok()?))
        })
        .collect()
}

/// The imports of `tree` under `prefix`, by the name each is imported as.
fn flatten(
    tree: &syn::UseTree,
    prefix: &mut Vec<String>,
    found: &mut HashMap<String, Vec<String>>,
) {
    match tree {
        syn::UseTree::Path(path) => {
            prefix.push(path.ident.to_string());
            flatten(&path.tree, prefix, found);
            prefix.pop();
        }
        // `use a::b::{self}` imports `b`.
        syn::UseTree::Name(name) if name.ident == "self" => {
            if let Some(last) = prefix.last() {
                found.insert(last.clone(), prefix.clone());
            }
        }
        syn::UseTree::Name(name) => {
            let mut path = prefix.clone();
            path.push(name.ident.to_string());
            found.insert(name.ident.to_string(), path);
        }
        syn::UseTree::Rename(rename) => {
            let mut path = prefix.clone();
            path.push(rename.ident.to_string());
            found.insert(rename.rename.to_string(), path);
        }
        syn::UseTree::Group(group) => {
            for tree in &group.items {
                flatten(tree, prefix, found);
            }
        }
        syn::UseTree::Glob(_) => {}
    }
}

/// An import's path from `crate`, or with a leading `::` for another crate's, as the module
/// `module` (whose child modules are `children`) means it.
fn absolute(segments: &[String], module: &[String], children: &[String]) -> Option<String> {
    let mut base: Vec<String> = module.to_vec();
    let mut rest = segments;
    match segments.first()?.as_str() {
        "crate" => return Some(segments.join("::")),
        "self" => rest = &segments[1..],
        "super" => {
            while rest.first().is_some_and(|first| first == "super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        first if children.iter().any(|child| child == first) => {}
        // Another crate, the standard library included.
        _ => return Some(format!("::{}", segments.join("::"))),
    }
    let mut all = vec!["crate".to_string()];
    all.extend(base);
    all.extend(rest.iter().cloned());
    Some(all.join("::"))
}

/// The standard library's modules a path may start with, and the crate they are in.
const STD_MODULES: &[(&str, &str)] = &[
    ("fmt", "core"),
    ("str", "core"),
    ("cmp", "core"),
    ("ops", "core"),
    ("hash", "core"),
    ("iter", "core"),
    ("num", "core"),
    ("convert", "core"),
    ("char", "core"),
    ("slice", "core"),
    ("option", "core"),
    ("result", "core"),
    ("mem", "core"),
    ("marker", "core"),
    ("borrow", "core"),
    ("io", "std"),
    ("error", "std"),
    ("collections", "std"),
];

struct Rewrite<'a> {
    names: &'a Names,
    /// What the block's module imports, by the name it imports it as.
    imports: &'a HashMap<String, syn::Path>,
    items: &'a [Item],
    here: &'a [String],
    failed: bool,
}

impl Rewrite<'_> {
    /// A trait's path: a trait of the standard library with a form of its own by its module
    /// there (`::core::fmt::Display`), else as a type's.
    fn trait_path(&mut self, path: &mut syn::Path) {
        let imported = self
            .imports
            .contains_key(&path.segments[0].ident.to_string());
        if path.segments.len() == 1
            && !imported
            && let Some(name) = crate::items::forms::std_trait(path)
            && let Some(module) = crate::items::forms::std_module(name)
        {
            let last = path.segments.last().cloned();
            let (root, module) = match STD_MODULES.iter().find(|(m, _)| *m == module) {
                Some((module, root)) => (*root, *module),
                None => ("core", module),
            };
            let (root, module) = (
                Ident::new(root, Span::call_site()),
                Ident::new(module, Span::call_site()),
            );
            *path = syn::parse_quote!(::#root::#module::#last);
        }
        self.path(path);
    }

    fn path(&mut self, path: &mut syn::Path) {
        if path.leading_colon.is_some() {
            return syn::visit_mut::visit_path_mut(self, path);
        }
        let first = path.segments[0].ident.to_string();
        let single = path.segments.len() == 1;
        // A primitive type (the lower-case names every module resolves) is itself wherever it
        // is written, whatever the module imports of that name (`use std::str;` beside `&str`).
        if single
            && first.starts_with(char::is_lowercase)
            && crate::source::tree::PRELUDE_TYPES.contains(&first.as_str())
        {
            return;
        }
        // What the block's module imports, by the path it imports it from.
        if let Some(imported) = self.imports.get(&first) {
            if !self.reachable(imported) {
                self.failed = true;
                return;
            }
            let mut written = imported.clone();
            if let Some(last) = written.segments.last_mut() {
                last.arguments = path.segments[0].arguments.clone();
            }
            written
                .segments
                .extend(path.segments.iter().skip(1).cloned());
            *path = written;
            return syn::visit_mut::visit_path_mut(self, path);
        }
        match first.as_str() {
            // `Self::Err`: the block's associated types, resolved where it is planned.
            "crate" | "std" | "core" | "alloc" | "Self" => {}
            _ if single && crate::source::tree::PRELUDE_TYPES.contains(&first.as_str()) => {}
            _ if !single => match STD_MODULES.iter().find(|(module, _)| *module == first) {
                Some((_, root)) => {
                    let root = Ident::new(root, Span::call_site());
                    *path = syn::parse_quote!(::#root::#path);
                }
                None => self.failed = true,
            },
            name => match self.names.owner(name, self.items, self.here) {
                Some(owner) => {
                    let modules = owner.iter().map(|name| Ident::new(name, Span::call_site()));
                    let rest = path.segments.clone();
                    *path = syn::parse_quote!(crate #(:: #modules)* :: #rest);
                }
                _ => self.failed = true,
            },
        }
        syn::visit_mut::visit_path_mut(self, path);
    }
}

impl Rewrite<'_> {
    /// Whether the module the sequences are emitted in can name the crate item at `path`
    /// (`crate::error::Error`): every module on the way, and the item, visible from there.
    /// Another crate's paths (`::core::cmp::Ordering`) are.
    fn reachable(&self, path: &syn::Path) -> bool {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        let Some(("crate", rest)) = segments.split_first().map(|(h, t)| (h.as_str(), t)) else {
            return true;
        };
        let Some((name, modules)) = rest.split_last() else {
            return false;
        };
        if !crate::source::tree::path_visible(self.items, modules, self.here) {
            return false;
        }
        let Some(items) = crate::source::tree::items_at(self.items, modules) else {
            return false;
        };
        items.iter().any(|item| {
            let (ident, vis) = match item {
                Item::Struct(item) => (&item.ident, &item.vis),
                Item::Enum(item) => (&item.ident, &item.vis),
                Item::Union(item) => (&item.ident, &item.vis),
                Item::Type(item) => (&item.ident, &item.vis),
                Item::Trait(item) => (&item.ident, &item.vis),
                // A re-export (`pub use crate::parse::Error;` at the root).
                Item::Use(import) => {
                    let mut names = HashMap::new();
                    flatten(&import.tree, &mut Vec::new(), &mut names);
                    return names.contains_key(name)
                        && crate::source::tree::visible(&import.vis, modules, self.here);
                }
                _ => return false,
            };
            ident == name && crate::source::tree::visible(vis, modules, self.here)
        })
    }
}

impl VisitMut for Rewrite<'_> {
    fn visit_type_path_mut(&mut self, ty: &mut syn::TypePath) {
        match &mut ty.qself {
            // `<T as Trait>::Item`: the type and the trait both.
            Some(qself) => {
                self.visit_type_mut(&mut qself.ty);
                syn::visit_mut::visit_path_mut(self, &mut ty.path);
            }
            None => self.path(&mut ty.path),
        }
    }

    fn visit_type_impl_trait_mut(&mut self, _: &mut syn::TypeImplTrait) {
        self.failed = true;
    }

    fn visit_type_trait_object_mut(&mut self, _: &mut syn::TypeTraitObject) {
        self.failed = true;
    }

    fn visit_block_mut(&mut self, _: &mut syn::Block) {}

    fn visit_expr_mut(&mut self, _: &mut syn::Expr) {}
}

/// `tokens` as compact text (for tests).
#[cfg(test)]
fn text(tokens: impl quote::ToTokens) -> String {
    crate::source::display::tidy(&tokens.to_token_stream()).replace(' ', "")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_the_remote_module_imports_is_written_from_where_it_is_imported() {
        let crate_items: syn::File = syn::parse_quote!(
            pub struct Version;
            pub mod error {
                pub struct Error;
            }
            pub mod other {
                pub struct Error;
            }
            pub use other::Error as Other;
            mod parse {
                use super::error::Error;
                use crate::Other;
                use core::cmp::Ordering;
                use core::ops::Deref as D;
                use std::str;
                mod inner {
                    pub struct Inner;
                }
                use inner::Inner;
            }
        );
        let names = Names::of(&crate_items.items);
        let block: ItemImpl = syn::parse_quote!(
            impl Ord for Version {
                fn cmp(&self, other: &Self) -> Ordering {
                    todo!()
                }
                fn fail(&self) -> Result<Self, Error> {
                    todo!()
                }
                fn inner(&self, i: Inner) {}
                fn other(&self, o: Other) {}
                fn text(&self, s: &str) {}
            }
        );
        let parse = ["parse".to_string()];
        let written = portable(&block, &names, &crate_items.items, &parse, &[])
            .unwrap_or_else(|| panic!("portable"));
        let text = text(&written);
        assert!(text.contains("->::core::cmp::Ordering"), "{text}");
        assert!(text.contains("Result<Self,crate::error::Error>"), "{text}");
        assert!(text.contains("o:crate::Other"), "{text}");
        // `str` is the primitive type, whatever the module imports of that name.
        assert!(text.contains("s:&str"), "{text}");
        // `parse::inner` is private to `parse`: the root cannot name `Inner`.
        assert!(!text.contains("fninner"), "{text}");
    }

    #[test]
    fn a_remote_blocks_signatures_are_written_in_paths_every_module_resolves() {
        let crate_items: syn::File = syn::parse_quote!(
            pub struct Version;
            pub mod error {
                pub struct Error;
            }
            mod display {
                mod inner {
                    pub struct Local;
                }
                struct Private;
            }
        );
        let names = Names::of(&crate_items.items);
        let block: ItemImpl = syn::parse_quote!(
            impl FromStr for Version {
                type Err = Error;
                fn from_str(s: &str) -> Result<Self, Self::Err> {
                    todo!()
                }
                fn show(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    todo!()
                }
                fn local(&self, l: Local) {}
                fn private(&self, p: Private) {}
                fn unknown(&self, u: Unknown) {}
            }
        );
        let written = portable(&block, &names, &crate_items.items, &[], &[])
            .unwrap_or_else(|| panic!("portable"));
        let trait_ = written.trait_.as_ref().map(|(_, path, _)| text(path));
        assert_eq!(trait_.as_deref(), Some("::core::str::FromStr"));
        let text = text(&written);
        assert!(text.contains("typeErr=crate::error::Error;"), "{text}");
        assert!(text.contains("Result<Self,Self::Err>"), "{text}");
        assert!(
            text.contains("f:&mut::core::fmt::Formatter<'_>)->::core::fmt::Result"),
            "{text}"
        );
        // `display::inner` is private to `display`, `Private` to `display` too, and
        // `Unknown` is nowhere: left out.
        for left_out in ["fnlocal", "fnprivate", "fnunknown"] {
            assert!(!text.contains(left_out), "{text}");
        }
    }
}
