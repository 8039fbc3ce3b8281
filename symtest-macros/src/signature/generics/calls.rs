//! The types the crate itself instantiates a generic item with, which [`super::choose`] tries
//! before the table's own: a turbofish (`kb::<u64>(5)`, `Tree::<String, u32>::new()`), a type
//! written with its arguments (`let map: SortedMap<String, u32>`, a field or a signature), and
//! a literal passed where the parameter's type is the type parameter itself (`encode("abc")`:
//! `&str`). Each type found still has to meet the bounds as far as the table knows, or it is
//! not taken.
//!
//! The sources read are the `.rs` files under the crate's `src/` and `tests/` (the package
//! being compiled, `CARGO_MANIFEST_DIR`; up to 8 MB of them), parsed once per compilation; the
//! tests `cargo symtest` writes (`mod symtest_tests`) are left out, so that its own choices do
//! not come back as the crate's. rustc does not know the macro read them: a call added under
//! `tests/` counts once the library is built again.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use quote::ToTokens;
use syn::visit::Visit;
use syn::{Expr, FnArg, GenericArgument, Generics, Lit, PathArguments, Type};

use super::implementors::without_lifetimes;
use super::param_names;
use crate::source::display::tidy;

/// What the crate's sources say of generic items, by the items' last names.
#[derive(Default, Debug)]
pub(super) struct Sites {
    /// The type arguments of each turbofish or written type, by the name before them:
    /// `kb::<u64>` gives `("kb", ["u64"])`, `SortedMap<String, u32>` `("SortedMap", …)`.
    arguments: Vec<(String, Vec<String>)>,
    /// The literal types of each call's arguments (`None` for an argument that is not a
    /// literal), by the function's name: `encode("abc", 3u8)` gives `("encode", [&str, u8])`.
    literals: Vec<(String, Vec<Option<String>>)>,
    /// Bytes of source read so far.
    read: usize,
}

/// Sources read at most, in bytes: a crate's own code, not a tree of test data.
const MAX_BYTES: usize = 8 << 20;

impl Sites {
    /// Those of the crate being compiled; none outside a compilation (unit tests).
    pub(super) fn of_crate() -> Arc<Sites> {
        static CACHE: OnceLock<Mutex<HashMap<PathBuf, Arc<Sites>>>> = OnceLock::new();
        if !proc_macro::is_available() {
            return Arc::default();
        }
        let Some(root) = std::env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from) else {
            return Arc::default();
        };
        let cache = CACHE.get_or_init(Mutex::default);
        let mut cache = cache
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        cache
            .entry(root.clone())
            .or_insert_with(|| {
                let mut sites = Sites::default();
                for dir in ["src", "tests"] {
                    sites.read_dir(&root.join(dir), 0);
                }
                Arc::new(sites)
            })
            .clone()
    }

    fn read_dir(&mut self, dir: &Path, depth: usize) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut paths: Vec<PathBuf> = entries.flatten().map(|entry| entry.path()).collect();
        paths.sort();
        for path in paths {
            if self.read >= MAX_BYTES {
                return;
            }
            if path.is_dir() && depth < 8 {
                self.read_dir(&path, depth + 1);
            } else if path.extension().is_some_and(|ext| ext == "rs")
                && let Ok(source) = std::fs::read_to_string(&path)
            {
                self.read += source.len();
                if let Ok(file) = syn::parse_file(&source) {
                    self.visit_file(&file);
                }
            }
        }
    }

    /// The sites in `source`, for unit tests.
    #[cfg(test)]
    pub(super) fn in_source(source: &str) -> Sites {
        let mut sites = Sites::default();
        sites.visit_file(&syn::parse_file(source).expect("a Rust file"));
        sites
    }

    /// The types the crate gives each type parameter of the function `name` declared with
    /// `generics` and `inputs`, most often first.
    pub(super) fn for_function<'a>(
        &self,
        name: &str,
        generics: &Generics,
        inputs: impl Iterator<Item = &'a FnArg>,
    ) -> HashMap<String, Vec<String>> {
        let params = param_names(generics);
        let mut found = Found::new(&params);
        for (_, arguments) in self.arguments.iter().filter(|(n, _)| n == name) {
            if arguments.len() == params.len() {
                for (param, argument) in params.iter().zip(arguments) {
                    found.add(param, argument);
                }
            }
        }
        // The parameters whose type is a type parameter itself, by position.
        let direct: Vec<Option<String>> = inputs
            .filter_map(|input| match input {
                FnArg::Typed(typed) => Some(type_param(&typed.ty, &params)),
                FnArg::Receiver(_) => None,
            })
            .collect();
        for (_, literals) in self.literals.iter().filter(|(n, _)| n == name) {
            if literals.len() != direct.len() {
                continue;
            }
            for (param, literal) in direct.iter().zip(literals) {
                if let (Some(param), Some(literal)) = (param, literal) {
                    found.add(param, literal);
                }
            }
        }
        found.ranked()
    }

    /// The types the crate gives each parameter of an impl block on `self_ty` (`SortedMap<K,
    /// V>`), from the type written with arguments, most often first.
    pub(super) fn for_type(
        &self,
        self_ty: &Type,
        generics: &Generics,
    ) -> HashMap<String, Vec<String>> {
        let Type::Path(path) = self_ty else {
            return HashMap::new();
        };
        let Some(last) = path.path.segments.last() else {
            return HashMap::new();
        };
        let PathArguments::AngleBracketed(own) = &last.arguments else {
            return HashMap::new();
        };
        // Const parameters are found too; their values are not chosen from here.
        let params = param_names(generics);
        // Which of the type's arguments is which parameter of the block.
        let places: Vec<Option<String>> = (own.args.iter())
            .filter(|arg| !matches!(arg, GenericArgument::Lifetime(_)))
            .map(|arg| match arg {
                GenericArgument::Type(ty) => type_param(ty, &params),
                _ => None,
            })
            .collect();
        let name = last.ident.to_string();
        let mut found = Found::new(&params);
        for (_, arguments) in self.arguments.iter().filter(|(n, _)| *n == name) {
            if arguments.len() == places.len() {
                for (place, argument) in places.iter().zip(arguments) {
                    if let Some(param) = place {
                        found.add(param, argument);
                    }
                }
            }
        }
        found.ranked()
    }

    fn arguments_of(&mut self, name: &syn::Ident, arguments: &PathArguments) {
        let PathArguments::AngleBracketed(arguments) = arguments else {
            return;
        };
        let types: Vec<String> = (arguments.args.iter())
            .filter(|arg| !matches!(arg, GenericArgument::Lifetime(_)))
            .map(|arg| match arg {
                GenericArgument::Type(ty) => tidy(&without_lifetimes(ty).to_token_stream()),
                other => tidy(&other.to_token_stream()),
            })
            .collect();
        if !types.is_empty() {
            self.arguments.push((name.to_string(), types));
        }
    }
}

impl<'ast> Visit<'ast> for Sites {
    fn visit_item_mod(&mut self, module: &'ast syn::ItemMod) {
        if module.ident != "symtest_tests" {
            syn::visit::visit_item_mod(self, module);
        }
    }

    fn visit_path_segment(&mut self, segment: &'ast syn::PathSegment) {
        self.arguments_of(&segment.ident, &segment.arguments);
        syn::visit::visit_path_segment(self, segment);
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        if let Some(turbofish) = &call.turbofish {
            let arguments = PathArguments::AngleBracketed(syn::AngleBracketedGenericArguments {
                colon2_token: None,
                lt_token: turbofish.lt_token,
                args: turbofish.args.clone(),
                gt_token: turbofish.gt_token,
            });
            self.arguments_of(&call.method, &arguments);
        }
        syn::visit::visit_expr_method_call(self, call);
    }

    fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
        if let Expr::Path(path) = &*call.func
            && let Some(last) = path.path.segments.last()
            && matches!(last.arguments, PathArguments::None)
        {
            let literals = call.args.iter().map(literal_type).collect();
            self.literals.push((last.ident.to_string(), literals));
        }
        syn::visit::visit_expr_call(self, call);
    }
}

/// The type a literal argument has whatever it is passed to: a string's, a suffixed number's,
/// a `char`'s, a `bool`'s, and `String::from("…")`'s.
fn literal_type(expr: &Expr) -> Option<String> {
    match expr {
        Expr::Lit(lit) => match &lit.lit {
            Lit::Str(_) => Some("&str".into()),
            Lit::Char(_) => Some("char".into()),
            Lit::Bool(_) => Some("bool".into()),
            Lit::Int(int) if !int.suffix().is_empty() => Some(int.suffix().into()),
            Lit::Float(float) if !float.suffix().is_empty() => Some(float.suffix().into()),
            _ => None,
        },
        Expr::Call(call) => match (&*call.func, call.args.first()) {
            (Expr::Path(path), Some(Expr::Lit(lit)))
                if matches!(lit.lit, Lit::Str(_))
                    && tidy(&path.to_token_stream()) == "String::from" =>
            {
                Some("String".into())
            }
            _ => None,
        },
        _ => None,
    }
}

/// The type parameter among `params` that `ty` is, itself.
fn type_param(ty: &Type, params: &[String]) -> Option<String> {
    match ty {
        Type::Path(path) if path.qself.is_none() => {
            let ident = path.path.get_ident()?.to_string();
            params.contains(&ident).then_some(ident)
        }
        _ => None,
    }
}

/// Types found for each parameter, counted; the item's own parameters (`SortedMap<K, V>` in
/// its impl blocks) are not types found.
struct Found<'a> {
    params: &'a [String],
    found: Vec<(String, String, usize)>,
}

impl<'a> Found<'a> {
    fn new(params: &'a [String]) -> Self {
        Found {
            params,
            found: Vec::new(),
        }
    }

    fn add(&mut self, param: &str, ty: &str) {
        if self.params.iter().any(|own| own == ty) {
            return;
        }
        match (self.found.iter_mut()).find(|(p, t, _)| p == param && t == ty) {
            Some((_, _, count)) => *count += 1,
            None => (self.found).push((param.to_string(), ty.to_string(), 1)),
        }
    }

    /// Each parameter's types, the most often found first, then the first found.
    fn ranked(mut self) -> HashMap<String, Vec<String>> {
        self.found
            .sort_by_key(|(_, _, count)| std::cmp::Reverse(*count));
        let mut ranked: HashMap<String, Vec<String>> = HashMap::new();
        for (param, ty, _) in self.found {
            ranked.entry(param).or_default().push(ty);
        }
        ranked
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn function(source: &str) -> syn::ItemFn {
        syn::parse_str(source).expect("a function")
    }

    #[test]
    fn turbofishes_and_literals_give_a_function_s_types_most_often_first() {
        let sites = Sites::in_source(
            r#"
            fn main() {
                let a = kb::<u32>(5);
                let b = kb::<u16>(6) + kb::<u16>(7);
                let c = encode("abc", 3u8);
                let d = encode(String::from("x"), 4);
                let e = other::<bool>(true);
                let f = s.pick::<char>();
            }
            mod symtest_tests {
                fn generated() { kb::<u64>(1); kb::<u64>(2); kb::<u64>(3); }
            }
            "#,
        );
        let kb = function("fn kb<V: Into<u64>>(size: V) -> u64 { size.into() }");
        let found = sites.for_function("kb", &kb.sig.generics, kb.sig.inputs.iter());
        assert_eq!(found["V"], ["u16", "u32"]);
        let encode = function("fn encode<T: AsRef<[u8]>, N>(data: T, n: N) {}");
        let found = sites.for_function("encode", &encode.sig.generics, encode.sig.inputs.iter());
        assert_eq!(found["T"], ["&str", "String"]);
        assert_eq!(found["N"], ["u8"]);
        let pick = function("fn pick<C>(&self) -> C {}");
        let found = sites.for_function("pick", &pick.sig.generics, pick.sig.inputs.iter());
        assert_eq!(found["C"], ["char"]);
    }

    #[test]
    fn written_types_give_a_block_s_parameters() {
        let sites = Sites::in_source(
            r#"
            struct Index { names: SortedMap<String, u32> }
            fn load(map: &mut SortedMap<&'static str, u32>) {
                let empty = SortedMap::<String, Vec<u8>>::new();
            }
            impl<K: Ord, V> SortedMap<K, V> {}
            "#,
        );
        let block: syn::ItemImpl = syn::parse_str("impl<K: Ord, V> SortedMap<K, V> {}").unwrap();
        let found = sites.for_type(&block.self_ty, &block.generics);
        assert_eq!(found["K"], ["String", "&str"]);
        assert_eq!(found["V"], ["u32", "Vec<u8>"]);
    }
}
