//! The crate's structs as other modules see them:
//! - those whose values a test in another module cannot write field by field: a field that
//!   is neither `pub` nor `pub(crate)` (`pub struct AsciiSet { mask: [u32; 4] }` in
//!   `ascii_set.rs`). A parameter of such a type, in a function of another module, is made by
//!   the type's constructors and constants before genes (see `symtest_runtime`'s `MadeArg`):
//!   what genes build there could be searched, but no test could write it;
//! - those that are unsized (their last field is: `pub struct AsciiStr { slice: [AsciiChar]
//!   }`), whose blocks are searched as `str`'s are.
//!
//! Read once per compilation from the crate's tree, and kept as text: no syntax tree outlives
//! the expansion that read it.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::Arc;

use syn::{Item, Type, Visibility};

use crate::source::cache::Scope;

/// What the crate says of its structs' fields and its files' modules.
#[derive(Default, Debug)]
struct Summary {
    /// The structs with fields other modules cannot see, by name: the modules defining one.
    hidden: HashMap<String, Vec<Vec<String>>>,
    /// Every struct's name, with the modules defining one.
    structs: HashMap<String, Vec<Vec<String>>>,
    /// The module path of every file read.
    files: Vec<(PathBuf, Vec<String>)>,
    /// The structs whose last field is unsized (`pub struct AsciiStr { slice: [AsciiChar] }`),
    /// by name: no value of them is held, as of `str`.
    unsized_structs: HashSet<String>,
}

impl Summary {
    /// Reads `items` (of the module `at`), then which structs are unsized.
    fn of(items: &[Item]) -> Summary {
        let mut summary = Summary::default();
        let mut last_fields = Vec::new();
        Summary::read(items, &mut Vec::new(), &mut summary, &mut last_fields);
        // A struct whose last field is one of the crate's unsized structs is unsized too.
        loop {
            let found: Vec<String> = (last_fields.iter())
                .filter(|(name, _)| !summary.unsized_structs.contains(name))
                .filter(|(_, ty)| unsized_type(ty, &summary.unsized_structs))
                .map(|(name, _)| name.clone())
                .collect();
            if found.is_empty() {
                return summary;
            }
            summary.unsized_structs.extend(found);
        }
    }

    fn read(
        items: &[Item],
        at: &mut Vec<String>,
        summary: &mut Summary,
        last_fields: &mut Vec<(String, Type)>,
    ) {
        for item in items {
            match item {
                Item::Struct(item) => {
                    let name = item.ident.to_string();
                    if let Some(last) = item.fields.iter().last() {
                        last_fields.push((name.clone(), last.ty.clone()));
                    }
                    summary
                        .structs
                        .entry(name.clone())
                        .or_default()
                        .push(at.clone());
                    let hidden = item.fields.iter().any(|field| match &field.vis {
                        Visibility::Public(_) => false,
                        Visibility::Restricted(restricted) => {
                            !(restricted.in_token.is_none() && restricted.path.is_ident("crate"))
                        }
                        Visibility::Inherited => true,
                    });
                    if hidden {
                        summary.hidden.entry(name).or_default().push(at.clone());
                    }
                }
                Item::Mod(module) => {
                    if let Some((_, inner)) = &module.content {
                        at.push(module.ident.to_string());
                        Summary::read(inner, at, summary, last_fields);
                        at.pop();
                    }
                }
                _ => {}
            }
        }
    }
}

/// The summary of the crate `span` is in; an empty one where its tree cannot be read.
fn summary(span: proc_macro2::Span) -> Arc<Summary> {
    crate::source::cache::summary(span, "private", Scope::Crate, |tree| match tree {
        Some(tree) => Summary {
            files: tree.files().to_vec(),
            ..Summary::of(&tree.items)
        },
        None => Summary::default(),
    })
}

/// Whether `ty`, a struct's last field, is unsized: a slice, `str`, a trait object, one of
/// the standard library's unsized paths' types (`Path`, `OsStr`, `CStr`) or one of `structs`.
fn unsized_type(ty: &Type, structs: &HashSet<String>) -> bool {
    match ty {
        Type::Slice(_) | Type::TraitObject(_) => true,
        Type::Group(group) => unsized_type(&group.elem, structs),
        Type::Paren(paren) => unsized_type(&paren.elem, structs),
        Type::Path(path) if path.qself.is_none() => path.path.segments.last().is_some_and(|last| {
            let name = last.ident.to_string();
            let standard = ["str", "Path", "OsStr", "CStr"].contains(&name.as_str())
                && matches!(last.arguments, syn::PathArguments::None);
            standard || structs.contains(&name)
        }),
        _ => false,
    }
}

/// Whether `ty` (written where `span` is) is unsized: a slice, `str`, a trait object, `Path`,
/// `OsStr`, `CStr`, or a struct of the crate whose last field is unsized (`pub struct AsciiStr
/// { slice: [AsciiChar] }`, or one ending in such a struct), by name.
pub fn is_unsized(span: proc_macro2::Span, ty: &Type) -> bool {
    unsized_type(ty, &summary(span).unsized_structs)
}

/// Whether `ty` (a parameter's owned type, in a function written where `span` is) names a
/// struct of the crate that another module defines with fields the function's module cannot
/// see, and none of that name is defined in the function's module.
pub fn hidden_elsewhere(span: proc_macro2::Span, ty: &Type) -> bool {
    let Type::Path(path) = ty else {
        return false;
    };
    let Some(last) = path.path.segments.last() else {
        return false;
    };
    let name = last.ident.to_string();
    let summary = summary(span);
    let Some(hidden) = summary.hidden.get(&name) else {
        return false;
    };
    let Some(file) = crate::source::files::path_of(span) else {
        return false;
    };
    let file = std::fs::canonicalize(&file).unwrap_or(file);
    let Some((_, here)) = summary.files.iter().find(|(path, _)| *path == file) else {
        return false;
    };
    let defined_here = (summary.structs.get(&name)).is_some_and(|modules| modules.contains(here));
    // Below the defining module, the private fields are visible.
    !defined_here && hidden.iter().all(|module| !here.starts_with(module))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn structs_with_fields_other_modules_cannot_see_are_found_by_name_and_module() {
        let file: syn::File = syn::parse_quote! {
            pub struct Open { pub a: u8, pub(crate) b: u8 }
            mod sets {
                pub struct Set { mask: u128 }
                pub(crate) struct Narrow { pub(super) n: u8 }
            }
        };
        let summary = Summary::of(&file.items);
        assert!(!summary.hidden.contains_key("Open"));
        assert_eq!(summary.hidden["Set"], [vec!["sets".to_string()]]);
        assert!(summary.hidden.contains_key("Narrow"));
        assert_eq!(summary.structs["Open"], [Vec::<String>::new()]);
    }

    #[test]
    fn structs_ending_in_an_unsized_field_are_unsized() {
        let file: syn::File = syn::parse_quote! {
            pub struct AsciiStr { slice: [u8] }
            pub struct Wrapped(u8, AsciiStr);
            pub struct Text(str);
            pub struct Sized { a: [u8; 4], b: Box<str> }
            pub struct Generic<T: ?Sized>(T);
        };
        let summary = Summary::of(&file.items);
        let mut found: Vec<&str> = summary.unsized_structs.iter().map(String::as_str).collect();
        found.sort();
        assert_eq!(found, ["AsciiStr", "Text", "Wrapped"]);
    }
}
