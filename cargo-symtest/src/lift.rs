//! Turning a returned value's `Debug` text into the Rust expression a person would compare it
//! with, using the declared return type: `Scalene` of a `Triangle` becomes
//! `Triangle::Scalene`, `Err(Month(13))` of a `Result<u32, DateError>` becomes
//! `Err(DateError::Month(13))`. Only shapes a derived `Debug` prints are lifted, and only when
//! every part is understood; anything else stays a `Debug`-text assertion.

use quote::ToTokens;
use syn::{Expr, GenericArgument, PathArguments, Type};

/// The expression for `debug`, a value of type `returns`, if it can be written safely.
pub fn lift(debug: &str, returns: &str) -> Option<String> {
    let ty: Type = syn::parse_str(returns).ok()?;
    let expr: Expr = syn::parse_str(debug).ok()?;
    let lifted = lift_expr(&expr, &ty)?;
    Some(tidy(lifted.to_token_stream()))
}

fn lift_expr(expr: &Expr, ty: &Type) -> Option<Expr> {
    let ty = peel(ty);
    if let Some((name, args)) = generic(ty) {
        match (name.as_str(), args.as_slice()) {
            ("Option", [inner]) => return lift_wrapper(expr, &[("Some", inner)], &["None"]),
            ("Result", [ok, err]) => return lift_wrapper(expr, &[("Ok", ok), ("Err", err)], &[]),
            ("Box", [inner]) => {
                let inner = lift_expr(expr, inner)?;
                return syn::parse2(quote::quote!(Box::new(#inner))).ok();
            }
            ("Vec", [item]) => {
                let Expr::Array(array) = expr else {
                    return None;
                };
                let items: Option<Vec<Expr>> =
                    array.elems.iter().map(|e| lift_expr(e, item)).collect();
                let items = items?;
                return syn::parse2(quote::quote!(vec![#(#items),*])).ok();
            }
            _ => {}
        }
    }
    match ty {
        Type::Tuple(tuple) => {
            let Expr::Tuple(values) = expr else {
                return None;
            };
            if values.elems.len() != tuple.elems.len() {
                return None;
            }
            let items: Option<Vec<Expr>> = values
                .elems
                .iter()
                .zip(&tuple.elems)
                .map(|(e, t)| lift_expr(e, t))
                .collect();
            let items = items?;
            if items.len() == 1 {
                syn::parse2(quote::quote!((#(#items,)*))).ok()
            } else {
                syn::parse2(quote::quote!((#(#items),*))).ok()
            }
        }
        Type::Path(path) if path.qself.is_none() && is_primitive(path) => {
            plain_literal(expr).then(|| expr.clone())
        }
        Type::Path(path)
            if path.qself.is_none() && generic(ty).is_none_or(|(_, args)| args.is_empty()) =>
        {
            enum_variant(expr, &path.path)
        }
        _ => None,
    }
}

/// `Some(x)`/`None`, `Ok(x)`/`Err(e)`: the wrapper stays, the payload is lifted.
fn lift_wrapper(expr: &Expr, wrappers: &[(&str, &Type)], units: &[&str]) -> Option<Expr> {
    match expr {
        Expr::Path(path) if units.iter().any(|unit| path.path.is_ident(unit)) => Some(expr.clone()),
        Expr::Call(call) if call.args.len() == 1 => {
            let Expr::Path(func) = &*call.func else {
                return None;
            };
            let (name, inner) = wrappers.iter().find(|(name, _)| func.path.is_ident(name))?;
            let payload = lift_expr(&call.args[0], inner)?;
            let name = syn::Ident::new(name, proc_macro2::Span::call_site());
            syn::parse2(quote::quote!(#name(#payload))).ok()
        }
        _ => None,
    }
}

/// `Invalid`, `Month(13)`, `Checksum { expected: 1, found: 2 }` of enum `ty` become
/// `Ty::Invalid`, … — variants are as public as the enum, unlike a struct's fields, so the
/// expression compiles wherever the type is visible. Payloads must be plain literals.
fn enum_variant(expr: &Expr, ty: &syn::Path) -> Option<Expr> {
    // A struct's own name in its Debug text: its fields may be private, so leave it.
    let qualified = |variant: &syn::Path| -> Option<syn::Path> {
        let ident = variant.get_ident()?;
        if ty.segments.last().is_some_and(|last| last.ident == *ident) {
            return None;
        }
        let mut path = ty.clone();
        path.segments.push(syn::PathSegment::from(ident.clone()));
        Some(path)
    };
    match expr {
        // A unit struct's Debug text is its name, which is also the value (no fields to hide).
        Expr::Path(unit)
            if unit.path.get_ident().is_some_and(|ident| {
                ty.segments.last().is_some_and(|last| last.ident == *ident)
            }) =>
        {
            Some(expr.clone())
        }
        Expr::Path(variant) => {
            let path = qualified(&variant.path)?;
            syn::parse2(path.to_token_stream()).ok()
        }
        Expr::Call(call) => {
            let Expr::Path(variant) = &*call.func else {
                return None;
            };
            let path = qualified(&variant.path)?;
            let args: Option<Vec<Expr>> = call.args.iter().map(payload).collect();
            let args = args?;
            syn::parse2(quote::quote!(#path(#(#args),*))).ok()
        }
        Expr::Struct(fields) if fields.rest.is_none() => {
            let path = qualified(&fields.path)?;
            let mut lifted = fields.fields.clone();
            for field in lifted.iter_mut() {
                field.expr = payload(&field.expr)?;
            }
            syn::parse2(quote::quote!(#path { #lifted })).ok()
        }
        _ => None,
    }
}

/// A variant's field as source: a plain literal as it is, and a string with `.into()`, since the
/// field's type is not known: `.into()` makes a `String`, a `Box<str>` or a `Cow<str>` and
/// leaves a `&str` as it is.
fn payload(expr: &Expr) -> Option<Expr> {
    match expr {
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(_),
            ..
        }) => syn::parse2(quote::quote!(#expr.into())).ok(),
        _ => plain_literal(expr).then(|| expr.clone()),
    }
}

/// Tokens as a person writes them: `Triangle::Scalene`, `Err(E::Month(13))`, `vec![1, 2]`,
/// `V { x: 1 }` — the shapes [`lift`] produces.
fn tidy(tokens: proc_macro2::TokenStream) -> String {
    use proc_macro2::{Delimiter, TokenTree};
    let mut out = String::new();
    let mut prev_word = false;
    let mut after_colon2 = false;
    for tree in tokens {
        match tree {
            TokenTree::Ident(_) | TokenTree::Literal(_) => {
                if prev_word && !after_colon2 {
                    out.push(' ');
                }
                out.push_str(&tree.to_string());
                prev_word = true;
                after_colon2 = false;
            }
            TokenTree::Punct(punct) => {
                let c = punct.as_char();
                match c {
                    ',' => out.push_str(", "),
                    ':' if punct.spacing() == proc_macro2::Spacing::Joint || out.ends_with(':') => {
                        out.push(':');
                        after_colon2 = out.ends_with("::");
                    }
                    ':' => out.push_str(": "),
                    '-' if !prev_word => out.push('-'),
                    '!' | '.' => out.push(c),
                    other => {
                        out.push(' ');
                        out.push(other);
                        out.push(' ');
                    }
                }
                prev_word = false;
            }
            TokenTree::Group(group) => {
                let inner = tidy(group.stream());
                match group.delimiter() {
                    Delimiter::Parenthesis => out.push_str(&format!("({inner})")),
                    Delimiter::Bracket => out.push_str(&format!("[{inner}]")),
                    Delimiter::Brace => out.push_str(&format!(" {{ {inner} }}")),
                    Delimiter::None => out.push_str(&inner),
                }
                prev_word = true;
                after_colon2 = false;
            }
        }
    }
    if out.ends_with(", ") {
        out.pop(); // a 1-tuple's trailing comma stays, without the space
    }
    out
}

/// A literal that means the same in Debug output and in source: numbers (not NaN or
/// infinities, which Debug prints as words), `true`/`false`, chars and strings.
fn plain_literal(expr: &Expr) -> bool {
    match expr {
        Expr::Lit(_) => true,
        Expr::Unary(unary) => {
            matches!(unary.op, syn::UnOp::Neg(_)) && matches!(&*unary.expr, Expr::Lit(_))
        }
        Expr::Path(path) => path.path.is_ident("true") || path.path.is_ident("false"),
        _ => false,
    }
}

fn is_primitive(path: &syn::TypePath) -> bool {
    const PRIMITIVES: &[&str] = &[
        "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize",
        "f32", "f64", "bool", "char", "str",
    ];
    path.path
        .get_ident()
        .is_some_and(|ident| PRIMITIVES.contains(&ident.to_string().as_str()))
}

/// `&T`, `(T)` and macro groups are the same value as `T` for an assertion.
fn peel(ty: &Type) -> &Type {
    match ty {
        Type::Reference(reference) => peel(&reference.elem),
        Type::Paren(paren) => peel(&paren.elem),
        Type::Group(group) => peel(&group.elem),
        other => other,
    }
}

/// The last segment's name and type arguments of a path type.
fn generic(ty: &Type) -> Option<(String, Vec<&Type>)> {
    let Type::Path(path) = ty else { return None };
    let last = path.path.segments.last()?;
    let args = match &last.arguments {
        PathArguments::None => Vec::new(),
        PathArguments::AngleBracketed(args) => args
            .args
            .iter()
            .filter_map(|arg| match arg {
                GenericArgument::Type(ty) => Some(ty),
                _ => None,
            })
            .collect(),
        PathArguments::Parenthesized(_) => return None,
    };
    Some((last.ident.to_string(), args))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enum_variants_are_qualified_with_the_return_type() {
        assert_eq!(
            lift("Scalene", "Triangle").as_deref(),
            Some("Triangle::Scalene")
        );
        assert_eq!(
            lift("Month(13)", "DateError").as_deref(),
            Some("DateError::Month(13)")
        );
        assert_eq!(
            lift("Checksum { expected: 1, found: -2 }", "FrameError").as_deref(),
            Some("FrameError::Checksum { expected: 1, found: -2 }")
        );
        assert_eq!(
            lift(
                r#"Err(ParseError("invalid duration"))"#,
                "Result<f64, Error>"
            )
            .as_deref(),
            Some(r#"Err(Error::ParseError("invalid duration".into()))"#),
            "a string field may be a String"
        );
        assert_eq!(
            lift(r#"At { line: 3, text: "x" }"#, "Error").as_deref(),
            Some(r#"Error::At { line: 3, text: "x".into() }"#)
        );
        assert_eq!(
            lift("Invalid", "crate::shapes::Triangle").as_deref(),
            Some("crate::shapes::Triangle::Invalid")
        );
    }

    #[test]
    fn wrappers_keep_their_shape_and_lift_their_payload() {
        assert_eq!(
            lift("Err(Month(13))", "Result<u32, DateError>").as_deref(),
            Some("Err(DateError::Month(13))")
        );
        assert_eq!(
            lift("Ok(31)", "Result<u32, DateError>").as_deref(),
            Some("Ok(31)")
        );
        assert_eq!(
            lift("Some(Left)", "Option<Side>").as_deref(),
            Some("Some(Side::Left)")
        );
        assert_eq!(lift("None", "Option<Side>").as_deref(), Some("None"));
        assert_eq!(
            lift("[A, B]", "Vec<Letter>").as_deref(),
            Some("vec![Letter::A, Letter::B]")
        );
        assert_eq!(
            lift("(1, Up)", "(u8, Dir)").as_deref(),
            Some("(1, Dir::Up)")
        );
    }

    #[test]
    fn anything_not_clearly_derived_debug_stays_unlifted() {
        assert_eq!(
            lift("Header { version: 1, length: 0 }", "Header"),
            None,
            "fields may be private"
        );
        assert_eq!(lift("Meters(3)", "Meters"), None, "so may a tuple struct's");
        assert_eq!(
            lift("Point(1.5, NaN)", "Point"),
            None,
            "NaN is not a literal"
        );
        assert_eq!(
            lift("Wrapped(Inner(1))", "Outer"),
            None,
            "nested types are unknown"
        );
        assert_eq!(lift("<opaque>", "Handle"), None);
        assert_eq!(lift("Scalene", "impl Debug"), None);
        assert_eq!(lift("Some(3)", "Option<T>"), None, "T is no type we know");
    }

    #[test]
    fn a_unit_struct_is_its_own_name() {
        assert_eq!(lift("Full", "Full").as_deref(), Some("Full"));
        assert_eq!(
            lift("Err(Full)", "Result<(), Full>").as_deref(),
            Some("Err(Full)")
        );
    }
}
