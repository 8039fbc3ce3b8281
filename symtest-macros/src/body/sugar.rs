//! Macros whose expansion is known and branches: expanded in place before lowering, so their
//! branches are instrumented, measured and solved like the ones written out. Only `matches!`
//! (by that name, or `std::matches!`/`core::matches!`), whose expansion the standard library
//! fixes: `match e { pat if guard => true, _ => false }`. Any other macro stays as written.

use syn::parse::{Parse, ParseStream};
use syn::visit_mut::VisitMut;
use syn::{Block, Expr, Pat, Token};

/// Expands every `matches!` in `block`, in closures and nested `fn` items too (whose branches
/// are the function's).
pub fn expand(block: &mut Block) {
    Expander.visit_block_mut(block);
}

struct Expander;

impl VisitMut for Expander {
    fn visit_expr_mut(&mut self, expr: &mut Expr) {
        if let Expr::Macro(mac) = expr
            && is_matches(&mac.mac.path)
            && let Ok(Matches {
                scrutinee,
                pat,
                guard,
            }) = mac.mac.parse_body::<Matches>()
        {
            let guard = guard.map(|guard| quote::quote!(if #guard));
            // Reports name the decision by the line of `matches!`; the catch-all arm is
            // unreachable after an exhaustive pattern, which std's expansion does not warn of.
            let span = syn::spanned::Spanned::span(&mac.mac.path);
            *expr = syn::parse_quote_spanned! {span=>
                match #scrutinee {
                    #pat #guard => true,
                    #[allow(unreachable_patterns)]
                    _ => false,
                }
            };
        }
        syn::visit_mut::visit_expr_mut(self, expr);
    }
}

fn is_matches(path: &syn::Path) -> bool {
    let names: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    matches!(names[..], ["matches"] | ["std" | "core", "matches"])
}

/// The arguments of `matches!`: `expression, pattern` with an optional `if guard` and a
/// trailing comma, as the standard library's macro takes them.
struct Matches {
    scrutinee: Expr,
    pat: Pat,
    guard: Option<Expr>,
}

impl Parse for Matches {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let scrutinee = input.parse()?;
        input.parse::<Token![,]>()?;
        let pat = Pat::parse_multi_with_leading_vert(input)?;
        let guard = if input.peek(Token![if]) {
            input.parse::<Token![if]>()?;
            Some(input.parse()?)
        } else {
            None
        };
        if input.peek(Token![,]) {
            input.parse::<Token![,]>()?;
        }
        Ok(Matches {
            scrutinee,
            pat,
            guard,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;

    fn expanded(source: &str) -> String {
        let mut block: Block = syn::parse_str(source).expect("parses");
        expand(&mut block);
        block.to_token_stream().to_string()
    }

    #[test]
    fn matches_becomes_the_match_the_standard_library_expands_it_to() {
        assert_eq!(
            expanded("{ matches!(c, 'a'..='z' | '_') }"),
            expanded(
                "{ match c { 'a'..='z' | '_' => true, #[allow(unreachable_patterns)] _ => false, } }"
            )
        );
        assert_eq!(
            expanded("{ std::matches!(op, Op::Div(d) if d == 0,) }"),
            expanded(
                "{ match op { Op::Div(d) if d == 0 => true, #[allow(unreachable_patterns)] _ => false, } }"
            )
        );
        assert_eq!(
            expanded("{ let f = |x| core::matches!(x, Some(_)); f(matches!(y, 1)) }"),
            expanded(
                "{ let f = |x| match x { Some(_) => true, #[allow(unreachable_patterns)] _ => false, }; \
                 f(match y { 1 => true, #[allow(unreachable_patterns)] _ => false, }) }"
            )
        );
    }

    #[test]
    fn a_matches_in_statement_position_is_expanded_too() {
        let expanded = expanded("{ let y = c; matches!(y, 'a') }");
        assert!(expanded.contains("match y"), "{expanded}");
    }

    #[test]
    fn other_macros_stay_as_written() {
        for source in [
            "{ my::matches!(c, 'a') }",
            "{ assert!(matches!(c, 'a')) }",
            "{ matches!(c) }",
        ] {
            let block: Block = syn::parse_str(source).expect("parses");
            assert_eq!(
                expanded(source),
                block.to_token_stream().to_string(),
                "{source}"
            );
        }
    }
}
