//! Which types define a method of a given name, read from a package's sources: a method of
//! an impl block is searched in its type's call sequences, whose entry is named after the
//! type, so a filter naming the method (`from_str`, `Version::from_str`) finds that entry.

use cargo_metadata::Package;

/// The names of the types of `packages` with an impl block defining a function named as the
/// filter's last segment (`from_str` of `Version::from_str`), of the type the segment before it
/// names, if any.
pub fn types_defining(packages: &[&Package], filter: &str) -> Vec<String> {
    let (ty, name) = match filter.rsplit_once("::") {
        Some((before, name)) => (before.rsplit("::").next(), name),
        None => (None, filter),
    };
    let mut found = Vec::new();
    let mut budget = crate::size::MAX_FILES;
    let mut visit = |text: &str| {
        if let Ok(file) = syn::parse_file(text) {
            in_items(&file.items, name, &mut found);
        }
    };
    for package in packages {
        for target in &package.targets {
            if let Some(dir) = target.src_path.parent() {
                crate::size::each_rust_file(dir.as_std_path(), &mut budget, &mut visit);
            }
        }
    }
    found.retain(|found| ty.is_none_or(|ty| found == ty));
    found.sort();
    found.dedup();
    found
}

fn in_items(items: &[syn::Item], name: &str, found: &mut Vec<String>) {
    for item in items {
        match item {
            syn::Item::Impl(block) => {
                let defines = block.items.iter().any(|member| {
                    matches!(member, syn::ImplItem::Fn(function) if function.sig.ident == name)
                });
                if defines && let Some(ty) = type_name(&block.self_ty) {
                    found.push(ty);
                }
            }
            syn::Item::Mod(module) => {
                if let Some((_, inner)) = &module.content {
                    in_items(inner, name, found);
                }
            }
            _ => {}
        }
    }
}

/// The last name of the type an impl block is for (`Version` of `impl semver::Version`).
fn type_name(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(path) => path.path.segments.last().map(|s| s.ident.to_string()),
        syn::Type::Reference(reference) => type_name(&reference.elem),
        syn::Type::Group(group) => type_name(&group.elem),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_method_is_found_in_the_blocks_of_its_types() {
        let file: syn::File = syn::parse_quote!(
            impl std::str::FromStr for Version {
                fn from_str(s: &str) -> Result<Self, ()> { todo!() }
            }
            mod inner {
                impl core::str::FromStr for Range {
                    fn from_str(s: &str) -> Result<Self, ()> { todo!() }
                }
                impl Range {
                    fn new() -> Range { todo!() }
                }
            }
        );
        let mut found = Vec::new();
        in_items(&file.items, "from_str", &mut found);
        assert_eq!(found, ["Version", "Range"]);
        found.clear();
        in_items(&file.items, "new", &mut found);
        assert_eq!(found, ["Range"]);
    }
}
