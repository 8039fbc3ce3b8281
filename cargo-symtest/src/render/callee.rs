//! How a test calls the function under test: by its name (`classify`, `Stack::new`), or, for
//! a function of a trait impl, in a form that resolves in every edition whether the trait is
//! in scope of the generated module or not (`FromStr` is in no edition's prelude).

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use syn::visit_mut::VisitMut;

/// How a test calls the function under test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Callee {
    /// By the name its report gives: `classify`, `Stack::new`; and `Shape::from`,
    /// `Config::default`, whose traits (`From`, `Default`) are in every edition's prelude.
    Named,
    /// `FromStr::from_str(s)` as users write it, `s.parse::<ByteSize>()`: `parse` is a method
    /// of `str`, found without the trait.
    Parse { ty: String },
    /// Through the trait as the impl header names it, from the module below the block:
    /// `<Metres as super::Unit>::of` for `impl self::Unit for Metres`.
    Qualified(String),
}

impl Callee {
    /// How the generated test module, one module below the block, calls `function` of an
    /// impl block of `self_ty`, for `trait_` (`None` for an inherent block).
    pub fn in_impl(self_ty: &syn::Type, trait_: Option<&syn::Path>, function: &str) -> Callee {
        let Some(trait_) = trait_ else {
            return Callee::Named;
        };
        let (self_ty, trait_) = one_module_down(self_ty.clone(), trait_.clone());
        let ty = compact(self_ty.to_token_stream());
        if is_std(&trait_, "FromStr", &["str"]) && function == "from_str" {
            return Callee::Parse { ty };
        }
        // By name where the type has one (`Shape::from`); a reference's is qualified.
        let named = matches!(self_ty, syn::Type::Path(_));
        if named
            && (is_std(&trait_, "From", &["convert"]) || is_std(&trait_, "Default", &["default"]))
        {
            return Callee::Named;
        }
        let trait_ = compact(trait_.to_token_stream());
        Callee::Qualified(format!("<{ty} as {trait_}>::{function}"))
    }

    /// The callee with `self_type` in place of the type a qualified path names: a method of a
    /// blanket impl (`<T as ToBase32>::to_base32`) is called on the type its search chose
    /// (`<Vec<u8> as ToBase32>::to_base32`). Where the block's trait names its parameters too,
    /// the search gives both (`[u16; 2] as From<Span<u16>>`), and the function its report
    /// names `name` is called through them: `<[u16; 2] as From<Span<u16>>>::from`.
    pub fn on(&self, self_type: &str, name: &str) -> Callee {
        if let Some((ty, trait_)) = self_type.split_once(" as ")
            && let (Ok(ty), Ok(trait_)) = (syn::parse_str(ty), syn::parse_str(trait_))
        {
            let (ty, trait_) = one_module_down(ty, trait_);
            let function = name.rsplit("::").next().unwrap_or(name);
            return Callee::Qualified(format!(
                "<{} as {}>::{function}",
                compact(ty.to_token_stream()),
                compact(trait_.to_token_stream())
            ));
        }
        match self {
            Callee::Qualified(path) => {
                match path.strip_prefix('<').and_then(|p| p.split_once(" as ")) {
                    Some((_, rest)) => Callee::Qualified(format!("<{self_type} as {rest}")),
                    None => self.clone(),
                }
            }
            other => other.clone(),
        }
    }

    /// The call of the function its report names `name` with `args`, each a Rust expression.
    pub fn call(&self, name: &str, args: &[&str]) -> String {
        match (self, args) {
            (Callee::Parse { ty }, [text]) => {
                let plain =
                    text.starts_with('"') || text.starts_with("r\"") || text.starts_with("r#");
                match plain {
                    true => format!("{text}.parse::<{ty}>()"),
                    false => format!("({text}).parse::<{ty}>()"),
                }
            }
            (Callee::Qualified(path), _) => format!("{path}({})", args.join(", ")),
            _ => format!("{name}({})", args.join(", ")),
        }
    }
}

/// A block's type and trait as the generated module, one module below, names them; the
/// block's lifetimes are not the test's: `<&'_ str as From<Name<'_>>>::from`.
fn one_module_down(mut self_ty: syn::Type, mut trait_: syn::Path) -> (syn::Type, syn::Path) {
    OneModuleDown.visit_type_mut(&mut self_ty);
    OneModuleDown.visit_path_mut(&mut trait_);
    Elide.visit_type_mut(&mut self_ty);
    Elide.visit_path_mut(&mut trait_);
    (self_ty, trait_)
}

/// Whether `path` names the standard library's trait `name`, as its prelude does or through
/// its module (`FromStr`, `str::FromStr`, `std::str::FromStr`, `::core::str::FromStr`).
fn is_std(path: &syn::Path, name: &str, module: &[&str]) -> bool {
    let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    let Some((last, before)) = segments.split_last() else {
        return false;
    };
    let std = ["std", "core", "alloc"];
    let prefix_ok = match before {
        [] => true,
        [one] => module.contains(&one.as_str()) || std.contains(&one.as_str()),
        [krate, one] => std.contains(&krate.as_str()) && module.contains(&one.as_str()),
        _ => false,
    };
    last == name && prefix_ok
}

/// Replaces every lifetime but `'static` with `'_`.
struct Elide;

impl VisitMut for Elide {
    fn visit_lifetime_mut(&mut self, lifetime: &mut syn::Lifetime) {
        if lifetime.ident != "static" {
            *lifetime = syn::Lifetime::new("'_", lifetime.span());
        }
    }
}

/// Rewrites paths relative to a module for the module just below it, where `use super::*`
/// brings the names of the module but not those of its parent: `self::a` becomes `super::a`,
/// `super::a` becomes `super::super::a`; `crate::`, `::` and plain paths stay.
struct OneModuleDown;

impl VisitMut for OneModuleDown {
    fn visit_path_mut(&mut self, path: &mut syn::Path) {
        if path.leading_colon.is_none()
            && let Some(first) = path.segments.first_mut()
        {
            if first.ident == "self" {
                first.ident = syn::Ident::new("super", first.ident.span());
            } else if first.ident == "super" {
                let up: syn::PathSegment = syn::parse_quote!(super);
                path.segments.insert(0, up);
            }
        }
        syn::visit_mut::visit_path_mut(self, path);
    }
}

/// Tokens as a person writes them: a space only between two words and after a comma or
/// semicolon (`<super::Unit<u8> as Trait>`, `&'a mut [u8; 4]`).
pub fn compact(tokens: TokenStream) -> String {
    let mut out = String::new();
    let mut previous_word = false;
    for tree in tokens {
        let word = matches!(tree, TokenTree::Ident(_) | TokenTree::Literal(_));
        match tree {
            TokenTree::Group(group) => {
                let (open, close) = match group.delimiter() {
                    proc_macro2::Delimiter::Parenthesis => ("(", ")"),
                    proc_macro2::Delimiter::Bracket => ("[", "]"),
                    proc_macro2::Delimiter::Brace => ("{", "}"),
                    proc_macro2::Delimiter::None => ("", ""),
                };
                out.push_str(open);
                out.push_str(&compact(group.stream()));
                out.push_str(close);
            }
            TokenTree::Punct(punct) => {
                out.push(punct.as_char());
                if matches!(punct.as_char(), ',' | ';') {
                    out.push(' ');
                }
            }
            TokenTree::Ident(_) | TokenTree::Literal(_) => {
                if previous_word {
                    out.push(' ');
                }
                out.push_str(&tree.to_string());
            }
        }
        previous_word = word;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn callee(block: &str, function: &str) -> Callee {
        let block: syn::ItemImpl =
            syn::parse_str(&format!("{block} {{}}")).unwrap_or_else(|e| panic!("{block}: {e}"));
        let trait_ = block.trait_.as_ref().map(|(_, path, _)| path);
        Callee::in_impl(&block.self_ty, trait_, function)
    }

    #[test]
    fn from_str_is_called_as_users_do_through_str_parse() {
        for header in [
            "impl FromStr for ByteSize",
            "impl std::str::FromStr for ByteSize",
            "impl ::core::str::FromStr for ByteSize",
            "impl str::FromStr for ByteSize",
        ] {
            let callee = callee(header, "from_str");
            assert_eq!(
                callee.call("ByteSize::from_str", &["\".9a\""]),
                "\".9a\".parse::<ByteSize>()",
                "{header}"
            );
        }
        let parse = callee("impl FromStr for self::units::ByteSize", "from_str");
        assert_eq!(
            parse.call("ByteSize::from_str", &["r#\"\"a\"\"#"]),
            "r#\"\"a\"\"#.parse::<super::units::ByteSize>()"
        );
        assert_eq!(
            parse.call("ByteSize::from_str", &["&*text"]),
            "(&*text).parse::<super::units::ByteSize>()"
        );
    }

    #[test]
    fn a_blanket_impl_is_called_on_the_type_its_search_chose() {
        let blanket = callee("impl<T: AsRef<[u8]>> self::ToBase32 for T", "to_base32");
        assert_eq!(
            blanket
                .on("Vec<u8>", "T::to_base32")
                .call("T::to_base32", &["&vec![1]"]),
            "<Vec<u8> as super::ToBase32>::to_base32(&vec![1])"
        );
        assert_eq!(
            callee("impl Shape", "new").on("u8", "Shape::new"),
            Callee::Named
        );
        // A block whose trait names its parameter, on the types chosen for both.
        let name = "<[T; 2] as From<Span<T>>>::from";
        let array = callee("impl<T: Copy> From<self::Span<T>> for [T; 2]", "from");
        assert_eq!(
            (array.on("[u16; 2] as From<self::Span<u16>>", name)).call(name, &["span"]),
            "<[u16; 2] as From<super::Span<u16>>>::from(span)"
        );
        let result = callee("impl<T> From<Span<u8>> for Result<T, u8>", "from");
        assert_eq!(result, Callee::Named);
        assert_eq!(
            (result.on("Result<u8, u8> as From<Span<u8>>", "Result::from"))
                .call("Result::from", &["s"]),
            "<Result<u8, u8> as From<Span<u8>>>::from(s)"
        );
    }

    #[test]
    fn prelude_traits_and_inherent_blocks_are_called_by_name() {
        for (header, function) in [
            ("impl From<(u32, u32)> for Shape", "from"),
            ("impl std::convert::From<u8> for Shape", "from"),
            ("impl Default for Adler32", "default"),
            ("impl core::default::Default for Adler32", "default"),
            ("impl Shape", "new"),
        ] {
            let callee = callee(header, function);
            assert_eq!(callee, Callee::Named, "{header}");
            assert_eq!(
                callee.call("Shape::from", &["(1, 2)"]),
                "Shape::from((1, 2))"
            );
        }
    }

    #[test]
    fn other_traits_are_named_through_the_path_the_header_writes_one_module_down() {
        for (header, called) in [
            ("impl Unit for Metres", "<Metres as Unit>::of(3)"),
            (
                "impl units::Unit for Metres",
                "<Metres as units::Unit>::of(3)",
            ),
            (
                "impl self::Unit for Metres",
                "<Metres as super::Unit>::of(3)",
            ),
            (
                "impl super::Unit for self::Metres",
                "<super::Metres as super::super::Unit>::of(3)",
            ),
            (
                "impl crate::Unit for Metres",
                "<Metres as crate::Unit>::of(3)",
            ),
            (
                "impl ::std::ops::Not for Bit",
                "<Bit as ::std::ops::Not>::of(3)",
            ),
            (
                "impl TryFrom<self::Raw> for Metres",
                "<Metres as TryFrom<super::Raw>>::of(3)",
            ),
            (
                "impl my::FromStr for Metres",
                "<Metres as my::FromStr>::of(3)",
            ),
            (
                "impl my::From<u8> for Metres",
                "<Metres as my::From<u8>>::of(3)",
            ),
            // A reference's impl, with the block's lifetimes left to inference.
            (
                "impl<'a> From<Name<'a>> for &'a str",
                "<&'_ str as From<Name<'_>>>::of(3)",
            ),
            (
                "impl<'a> Tr<'static> for Window<'a>",
                "<Window<'_> as Tr<'static>>::of(3)",
            ),
        ] {
            let callee = callee(header, "of");
            assert_eq!(callee.call("Metres::of", &["3"]), called, "{header}");
        }
    }

    #[test]
    fn free_functions_are_called_by_name() {
        assert_eq!(
            Callee::Named.call("classify", &["0", "1"]),
            "classify(0, 1)"
        );
    }
}
