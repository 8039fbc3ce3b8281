//! Iterator chains as templates: a source (`s.chars()`, `s.bytes()`, `v.iter()`, a range),
//! the adaptors `filter`, `map`, `rev`, `take`, `skip`, `chain`, `copied` and `cloned`, and
//! a consumer (`collect`, `count`, `sum`, `any`, `all`, `position`, `find`, `min`, `max`,
//! `next`, `last`, `nth`). A closure whose body is one modelled expression becomes a
//! `Lambda … Arg …` template (see the runtime's `STok::Lambda`); so does a path to a char
//! predicate (`char::is_alphanumeric`).
//!
//! A source alone is not a value: `let it = s.chars();` is not modelled, as the iterator's
//! state would change behind the shadows' back when `it.next()` runs.

use quote::quote;
use syn::{Expr, ExprMethodCall, Ident, Pat};

use super::translate::{call_token, char_method, segment_names, translate};
use super::{Names, Template, strip_parens};

/// Translates `call` when it is a consumer of an iterator chain or an accessor of a
/// collected sequence; `None` (leaving `out` as it was) for anything else.
pub(super) fn consumer(
    call: &ExprMethodCall,
    names: &impl Names,
    out: &mut Template,
) -> Option<()> {
    let name = call.method.to_string();
    let args = &call.args;
    let mut chain = Template::default();
    match (name.as_str(), args.len()) {
        ("collect", 0) => {
            sequence(&call.receiver, names, &mut chain)?;
            // `collect::<String>()`; into a `Vec` (or a type the `let` names) the chars stay
            // a sequence, which the runtime makes a string where the value is one.
            let into_string = call.turbofish.as_ref().is_some_and(|turbofish| {
                matches!(
                    &turbofish.args.iter().collect::<Vec<_>>()[..],
                    [syn::GenericArgument::Type(syn::Type::Path(ty))]
                        if ty.path.segments.last().is_some_and(|s| s.ident == "String")
                )
            });
            if into_string {
                call_token(&mut chain, "Collect", 1)?;
            }
        }
        ("count", 0) => {
            sequence(&call.receiver, names, &mut chain)?;
            call_token(&mut chain, "Len", 1)?;
        }
        ("sum" | "min" | "max" | "next" | "last", 0) => {
            sequence(&call.receiver, names, &mut chain)?;
            let method = match name.as_str() {
                "sum" => "Sum",
                "min" => "Least",
                "max" => "Greatest",
                "next" => "First",
                _ => "Last",
            };
            call_token(&mut chain, method, 1)?;
        }
        ("nth", 1) => {
            sequence(&call.receiver, names, &mut chain)?;
            translate(&args[0], names, &mut chain)?;
            call_token(&mut chain, "Get", 2)?;
        }
        ("any" | "all" | "position" | "find", 1) => {
            sequence(&call.receiver, names, &mut chain)?;
            closure(&args[0], names, &mut chain)?;
            let method = match name.as_str() {
                "any" => "Any",
                "all" => "All",
                "position" => "Position",
                _ => "Find",
            };
            call_token(&mut chain, method, 2)?;
        }
        // A collected sequence's accessors (`last` is above): `v.first()`, `v.get(i)`.
        ("first", 0) => {
            translate(&call.receiver, names, &mut chain)?;
            call_token(&mut chain, "First", 1)?;
        }
        ("get", 1) => {
            translate(&call.receiver, names, &mut chain)?;
            translate(&args[0], names, &mut chain)?;
            call_token(&mut chain, "Get", 2)?;
        }
        _ => return None,
    }
    out.append(chain);
    Some(())
}

/// The template of `expr` as a sequence an adaptor or consumer walks: a source, an adaptor
/// over one, or a value (a collected `Vec<char>`, a slice) read as it is.
pub(super) fn sequence(expr: &Expr, names: &impl Names, out: &mut Template) -> Option<()> {
    let call = match strip_parens(expr) {
        Expr::MethodCall(call) => call,
        Expr::Range(range) => {
            translate(range.start.as_deref()?, names, out)?;
            translate(range.end.as_deref()?, names, out)?;
            let method = match range.limits {
                syn::RangeLimits::HalfOpen(_) => "Range",
                syn::RangeLimits::Closed(_) => "RangeInclusive",
            };
            return call_token(out, method, 2);
        }
        other => return translate(other, names, out),
    };
    let args = &call.args;
    match (call.method.to_string().as_str(), args.len()) {
        ("chars", 0) => {
            translate(&call.receiver, names, out)?;
            call_token(out, "Chars", 1)
        }
        ("bytes", 0) => {
            translate(&call.receiver, names, out)?;
            call_token(out, "Bytes", 1)
        }
        ("iter" | "into_iter", 0) => translate(&call.receiver, names, out),
        ("copied" | "cloned" | "collect", 0) => sequence(&call.receiver, names, out),
        ("rev", 0) => {
            sequence(&call.receiver, names, out)?;
            call_token(out, "Rev", 1)
        }
        ("take" | "skip", 1) => {
            sequence(&call.receiver, names, out)?;
            translate(&args[0], names, out)?;
            let method = if call.method == "take" {
                "Take"
            } else {
                "Skip"
            };
            call_token(out, method, 2)
        }
        ("chain", 1) => {
            sequence(&call.receiver, names, out)?;
            sequence(&args[0], names, out)?;
            call_token(out, "Chain", 2)
        }
        ("filter" | "map", 1) => {
            sequence(&call.receiver, names, out)?;
            closure(&args[0], names, out)?;
            let method = if call.method == "filter" {
                "Filter"
            } else {
                "Map"
            };
            call_token(out, method, 2)
        }
        _ => translate(expr, names, out),
    }
}

/// Whether `expr` is an adaptor over a source (`s.chars().filter(…)`, `v.iter().rev()`): a
/// sequence a `for` loop can walk by index.
pub fn adapted(expr: &Expr) -> bool {
    let Expr::MethodCall(call) = strip_parens(expr) else {
        return false;
    };
    let adaptor = matches!(
        call.method.to_string().as_str(),
        "filter" | "map" | "take" | "skip" | "chain" | "copied" | "cloned"
    );
    adaptor || (call.method == "rev" && adapted(&call.receiver))
}

/// A closure of one parameter (`|c| *c != '-'`, `|&b| b > 0x20`, `|c: &char| …`) whose body
/// is one modelled expression, or a path to a char predicate (`char::is_alphanumeric`).
fn closure(expr: &Expr, names: &impl Names, out: &mut Template) -> Option<()> {
    let mut body = Template::default();
    match strip_parens(expr) {
        Expr::Closure(closure) => {
            let [param] = closure.inputs.iter().collect::<Vec<_>>()[..] else {
                return None;
            };
            let param = param_name(param)?;
            let names = Item {
                outer: names,
                name: param.to_string(),
            };
            let mut expr = &*closure.body;
            if let Expr::Block(block) = expr
                && let [syn::Stmt::Expr(single, None)] = &block.block.stmts[..]
            {
                expr = single;
            }
            translate(expr, &names, &mut body)?;
        }
        Expr::Path(path) => {
            let segments = segment_names(&path.path);
            let [ty, method] = &segments[..] else {
                return None;
            };
            if !matches!(ty.as_str(), "char" | "u8") {
                return None;
            }
            body.push(quote!(Arg));
            call_token(&mut body, char_method(method)?, 1)?;
        }
        _ => return None,
    }
    out.push(quote!(Lambda));
    out.append(body);
    Some(())
}

/// The name a closure's one parameter binds: `c`, `&c`, `&&c`, `c: &char`.
fn param_name(pat: &Pat) -> Option<&Ident> {
    match pat {
        Pat::Ident(ident) if ident.subpat.is_none() => Some(&ident.ident),
        Pat::Reference(reference) => param_name(&reference.pat),
        Pat::Type(typed) => param_name(&typed.pat),
        _ => None,
    }
}

/// The names inside a closure's body: its parameter is the item ([`Names::item`]), hiding a
/// local of the same name; every other name is the enclosing function's.
struct Item<'a> {
    outer: &'a dyn Names,
    name: String,
}

impl Names for Item<'_> {
    fn local(&self, name: &str) -> Option<(String, Ident)> {
        if name == self.name {
            return None;
        }
        self.outer.local(name)
    }

    fn parameter(&self, unique: &str) -> bool {
        self.outer.parameter(unique)
    }

    fn item(&self, name: &str) -> bool {
        name == self.name
    }

    fn calls(&self) -> bool {
        false
    }
}
