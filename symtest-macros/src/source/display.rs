//! Tokens printed as text: as a person writes them, for reports and rendered names
//! ([`display`], [`type_text`]), and compactly, with the standard library's types that
//! generated code names through the runtime given back their own names ([`tidy`], [`plain`]).

use proc_macro2::TokenStream;
use syn::Type;

/// Tokens as a person would write them (`s.len() > 3`, not `s . len () > 3`), for reports.
pub fn display(tokens: &impl quote::ToTokens) -> String {
    let mut out = String::new();
    write_tokens(tokens.to_token_stream(), &mut out);
    out
}

/// What the previous token was, which decides the space before the next one.
#[derive(Clone, Copy, PartialEq)]
enum Prev {
    Start,
    /// An identifier, literal or closed group: a value, after which operators are binary.
    Operand,
    /// Punctuation after which an operand follows without a space (`.`, `::`, unary `-`, …).
    Glue,
    /// A binary operator or `,`: the next token gets a space.
    Spaced,
}

fn write_tokens(tokens: TokenStream, out: &mut String) {
    use proc_macro2::{Delimiter, Spacing, TokenTree};
    let mut prev = Prev::Start;
    let mut joint = String::new();
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    for (index, tree) in trees.iter().enumerate() {
        match tree {
            TokenTree::Punct(punct) => {
                joint.push(punct.as_char());
                if punct.spacing() == Spacing::Joint
                    && !matches!(trees.get(index + 1), Some(TokenTree::Ident(_)))
                {
                    continue;
                }
                let op = std::mem::take(&mut joint);
                let unary = prev != Prev::Operand;
                prev = match op.as_str() {
                    ".." | "..=" if prev == Prev::Spaced => {
                        // A rest pattern after a comma (`(a, ..)`, `{ w, .. }`).
                        out.push(' ');
                        out.push_str(&op);
                        Prev::Glue
                    }
                    "." | "::" | "'" | ".." | "..=" => {
                        out.push_str(&op);
                        Prev::Glue
                    }
                    ":" => {
                        // A field's pattern or value, a type ascription: `w: 64`.
                        out.push_str(&op);
                        Prev::Spaced
                    }
                    "?" => {
                        out.push_str(&op);
                        Prev::Operand
                    }
                    "," | ";" => {
                        out.push_str(&op);
                        Prev::Spaced
                    }
                    "<" | ">" if prev == Prev::Glue || matches!(out.chars().last(), Some(':')) => {
                        out.push_str(&op);
                        Prev::Glue
                    }
                    "-" | "!" | "&" | "*" | "&&" if unary => {
                        if prev == Prev::Spaced {
                            out.push(' ');
                        }
                        out.push_str(&op);
                        Prev::Glue
                    }
                    ">" if out.ends_with(|c: char| c.is_alphanumeric()) && out.contains("::<") => {
                        out.push_str(&op);
                        Prev::Operand
                    }
                    _ => {
                        if prev != Prev::Start {
                            out.push(' ');
                        }
                        out.push_str(&op);
                        Prev::Spaced
                    }
                };
            }
            TokenTree::Ident(_) | TokenTree::Literal(_) => {
                if matches!(prev, Prev::Operand | Prev::Spaced) {
                    out.push(' ');
                }
                out.push_str(&tree.to_string());
                prev = Prev::Operand;
            }
            TokenTree::Group(group) => {
                let (open, close) = match group.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::Brace => ("{ ", " }"),
                    Delimiter::None => ("", ""),
                };
                let glued = group.delimiter() != Delimiter::Brace && prev == Prev::Operand;
                if !glued && matches!(prev, Prev::Operand | Prev::Spaced) {
                    out.push(' ');
                }
                out.push_str(open);
                write_tokens(group.stream(), out);
                out.push_str(close);
                prev = Prev::Operand;
            }
        }
    }
}

/// A type as a person writes it: `Vec<(Ipv4Addr, u16)>`, `&mut Bytes<'a>`.
pub(crate) fn type_text(ty: &Type) -> String {
    // The compiler's printer breaks a long token stream into lines: one line, single spaces.
    let printed = quote::quote!(#ty).to_string();
    let mut text = printed.split_whitespace().collect::<Vec<_>>().join(" ");
    for (from, to) in [
        (" :: ", "::"),
        (":: ", "::"),
        (" <", "<"),
        ("< ", "<"),
        (" >", ">"),
        (" ,", ","),
        ("& ", "&"),
        ("( ", "("),
        (" )", ")"),
        ("[ ", "["),
        (" ]", "]"),
        (" ;", ";"),
        ("* const ", "*const "),
        ("* mut ", "*mut "),
    ] {
        text = text.replace(from, to);
    }
    plain(&text)
}

/// Compact text of tokens: `Vec<u8>`, `&str`.
pub(crate) fn tidy(tokens: &TokenStream) -> String {
    let text = tokens.to_string();
    let text = text
        .replace(" :: ", "::")
        .replace(":: ", "::")
        .replace("Fn (", "Fn(")
        .replace("FnMut (", "FnMut(")
        .replace("FnOnce (", "FnOnce(")
        .replace(" < ", "<")
        .replace(" <", "<")
        .replace("< ", "<")
        .replace(" >", ">")
        .replace("& ", "&")
        .replace(" ,", ",")
        .replace(" ;", ";")
        .replace("[ ", "[")
        .replace(" ]", "]");
    plain(&text)
}

/// Where generated code names the standard library's types: through the runtime, which
/// re-exports `std`, so a `#![no_std]` crate's instrumented build has them too.
pub(crate) const STD: &str = "::symtest_runtime::__private::std::";

/// Compact text of a type as tests write it: the standard library's types that code
/// generated for a search names through the runtime (see `signature::generics`) by their prelude
/// names (`String`, `Vec<u8>`, `Box<…>`), or from `std` (`std::vec::IntoIter<u8>`).
pub(crate) fn plain(text: &str) -> String {
    let text = text
        .replace(&format!("{STD}string::String"), "String")
        .replace(&format!("{STD}vec::Vec"), "Vec")
        .replace(&format!("{STD}boxed::Box"), "Box");
    text.replace(STD, "std::")
}
