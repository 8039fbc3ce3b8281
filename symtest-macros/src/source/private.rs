//! The crate's structs whose values a test in another module cannot write field by field: a
//! field that is neither `pub` nor `pub(crate)` (`pub struct AsciiSet { mask: [u32; 4] }` in
//! `ascii_set.rs`). A parameter of such a type, in a function of another module, is made by the
//! type's constructors and constants before genes (see `symtest_runtime`'s `MadeArg`): what
//! genes build there could be searched, but no test could write it.
//!
//! Read once per compilation from the crate's tree, and kept as text: no syntax tree outlives
//! the expansion that read it.

use std::collections::HashMap;
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
}

impl Summary {
    fn read(items: &[Item], at: &mut Vec<String>, summary: &mut Summary) {
        for item in items {
            match item {
                Item::Struct(item) => {
                    let name = item.ident.to_string();
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
                        Summary::read(inner, at, summary);
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
    crate::source::cache::summary(span, "private", Scope::Crate, |tree| {
        let mut summary = Summary::default();
        if let Some(tree) = tree {
            Summary::read(&tree.items, &mut Vec::new(), &mut summary);
            summary.files = tree.files().to_vec();
        }
        summary
    })
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
        let mut summary = Summary::default();
        Summary::read(&file.items, &mut Vec::new(), &mut summary);
        assert!(!summary.hidden.contains_key("Open"));
        assert_eq!(summary.hidden["Set"], [vec!["sets".to_string()]]);
        assert!(summary.hidden.contains_key("Narrow"));
        assert_eq!(summary.structs["Open"], [Vec::<String>::new()]);
    }
}
