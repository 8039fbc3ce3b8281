//! The attribute's output for any item it is put on: the item untouched in normal builds; in
//! symtest builds, by the kind of item, what `crate::items::types` (structs and enums),
//! `crate::items::impls` (impl blocks), `crate::items::associated` (a function of an impl
//! block) and `crate::items::function` (a free function) make of it, or the item and an entry
//! that reports why it is skipped (`crate::items::skip`).

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::Item;
use syn::spanned::Spanned;

use crate::items::function::{Mode, Searched, instrument, with_error};
use crate::signature::parameters;

pub fn expand(args: TokenStream, item: TokenStream, mode: Mode) -> TokenStream {
    let parsed = syn::parse2::<Item>(item.clone());
    // `#[symtest(generated)]` marks the module `cargo symtest` writes: tests of the code as it
    // was, which instrumented builds leave out (a changed signature must not stop the next
    // search from building); other builds keep it as written.
    if let Ok(Item::Mod(_)) = &parsed
        && args.to_string() == "generated"
    {
        return match mode {
            Mode::Normal => item,
            Mode::Instrument => TokenStream::new(),
        };
    }
    // `#[symtest(reduced)]`: instrumented without the probes that need their operands'
    // types (see `crate::body::reduced`), what `cargo symtest --auto` asks for where the full
    // instrumentation of an item does not compile.
    if args.to_string() == "reduced" {
        return crate::body::reduced::expanding(true, || {
            expand_item(TokenStream::new(), item, parsed, mode)
        });
    }
    expand_item(args, item, parsed, mode)
}

fn expand_item(
    args: TokenStream,
    item: TokenStream,
    parsed: syn::Result<Item>,
    mode: Mode,
) -> TokenStream {
    // A function's arguments choose the types of its parameters (`#[symtest(T = u32)]`).
    let overrides = match (&parsed, args.is_empty()) {
        (_, true) => Vec::new(),
        (Ok(Item::Fn(_)), false) => match crate::signature::generics::overrides(args) {
            Ok(overrides) => overrides,
            Err(error) => return with_error(error, item),
        },
        (Ok(_), false) => {
            let error = syn::Error::new(args.span(), "#[symtest] takes no arguments here");
            return with_error(error, item);
        }
        (Err(_), false) => Vec::new(),
    };
    let function = match parsed {
        Ok(Item::Fn(function)) => function,
        Ok(Item::Struct(definition)) => {
            return crate::items::types::expand_struct(definition, mode);
        }
        Ok(Item::Enum(definition)) => return crate::items::types::expand_enum(definition, mode),
        Ok(Item::Impl(block)) => return crate::items::impls::expand_impl(block, mode),
        Ok(other) => {
            let error = syn::Error::new(
                item_span(&other),
                "#[symtest] goes on functions, impl blocks, structs and enums",
            );
            return with_error(error, item);
        }
        // Not valid Rust: hand it back untouched so rustc reports the real error once.
        Err(_) => return item,
    };
    if mode == Mode::Normal {
        return item;
    }
    let name = function.sig.ident.to_string();
    match crate::items::placement::enclosing_impl(&function) {
        Some(Ok(block)) => crate::items::associated::instrument(function, &block),
        Some(Err(alike)) => {
            let reason = format!(
                "cannot be told from {} of the same signature and body in this file, in impl \
                 blocks: put `#[symtest]` on the impl blocks instead",
                match alike {
                    2 => "another".to_string(),
                    n => format!("{} others", n - 1),
                }
            );
            let suffix = format!("{name}__{}", crate::items::skip::unique(&function));
            crate::items::skip::in_body(function, &name, &suffix, &reason)
        }
        None => {
            // A `const fn` is searched through its twin; the function stays as written.
            let twin = crate::body::twin::of(&function);
            let searched = twin.clone().unwrap_or_else(|| function.clone());
            let checked =
                crate::signature::generics::choose(&searched, &overrides).and_then(|chosen| {
                    let concrete = chosen.concrete(&searched);
                    // A function writing to a formatter is searched for what it writes.
                    let (concrete, formats) = match crate::signature::formatter::split(&concrete) {
                        Some((split, at)) => (split, Some(at)),
                        None => (concrete, None),
                    };
                    // An `impl Trait` result is searched and tested as a caller uses it.
                    let (concrete, result) =
                        match crate::signature::results::of(&concrete.sig.output) {
                            Some(Ok((used, output))) => {
                                let mut concrete = concrete;
                                concrete.sig.output = syn::parse_quote!(-> #output);
                                (concrete, Some(used))
                            }
                            _ => (concrete, None),
                        };
                    let params = parameters::validate(&concrete)
                        .map_err(|problems| parameters::reason(&problems))?;
                    let searched = Searched {
                        concrete,
                        formats,
                        result,
                    };
                    Ok((chosen, searched, params))
                });
            match checked {
                Ok((chosen, searched, params)) => {
                    let original = function.sig.ident.clone();
                    match twin {
                        Some(twin) => {
                            let instrumented =
                                instrument(twin, &params, &original, &chosen, &searched);
                            quote!(#function #instrumented)
                        }
                        None => instrument(function, &params, &original, &chosen, &searched),
                    }
                }
                Err(reason) => {
                    // Not searched on its own, but instrumented for its callers where it can be.
                    let meta = quote::format_ident!("__SYMTEST_META_{}", name);
                    let mut lowered = function.clone();
                    match crate::items::function::for_callers(&mut lowered, &meta, &name, false) {
                        Some(table) => {
                            let skip = crate::items::skip::entry_of(&meta, &name, &reason);
                            quote!(#table #lowered #skip)
                        }
                        None => {
                            let line = crate::source::position::start(function.sig.fn_token.span)
                                .line as u32;
                            let skip = crate::items::skip::entry(&name, &name, line, &reason);
                            quote!(#function #skip)
                        }
                    }
                }
            }
        }
    }
}

fn item_span(item: &Item) -> Span {
    match item {
        Item::Impl(item) => item.impl_token.span,
        Item::Struct(item) => item.struct_token.span,
        Item::Enum(item) => item.enum_token.span,
        other => other.span(),
    }
}

#[cfg(test)]
pub(crate) mod tests;
