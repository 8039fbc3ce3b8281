//! Iterator chains as templates: a source (`s.chars()`, `s.bytes()`, `v.iter()`, a range),
//! the adaptors `filter`, `map`, `rev`, `take`, `skip`, `chain`, `copied`, `cloned`,
//! `enumerate` and `zip`, and a consumer (`collect`, `count`, `sum`, `any`, `all`,
//! `position`, `find`, `min`, `max`, `next`, `last`, `nth`, `fold`). A closure whose body is
//! one modelled expression becomes a `Lambda … Arg …` template (see the runtime's
//! `STok::Lambda`; a fold's `FoldLambda … Acc … Arg …`); so does a path to a char predicate
//! (`char::is_alphanumeric`).
//!
//! The pairs `enumerate` and `zip` yield are walked by their index: the chain is the range of
//! indices, and a closure's `(i, c)` reads the index and the item at it
//! (`s.chars().enumerate().map(|(i, c)| …)` is `(0..count).map(|k| … k … chars[k] …)`).
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
            items(&call.receiver, names, &mut chain)?;
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
            items(&call.receiver, names, &mut chain)?;
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
            items(&call.receiver, names, &mut chain)?;
            translate(&args[0], names, &mut chain)?;
            call_token(&mut chain, "Get", 2)?;
        }
        ("any" | "all" | "position" | "find", 1) => {
            let view = sequence(&call.receiver, names, &mut chain)?;
            // `find` gives an item: of pairs, a pair, which is not modelled.
            if name == "find" && !matches!(view, View::Items) {
                return None;
            }
            closure(&args[0], names, &view, &mut chain)?;
            let method = match name.as_str() {
                "any" => "Any",
                "all" => "All",
                "position" => "Position",
                _ => "Find",
            };
            call_token(&mut chain, method, 2)?;
        }
        ("fold", 2) => {
            let view = sequence(&call.receiver, names, &mut chain)?;
            translate(&args[0], names, &mut chain)?;
            fold_closure(&args[1], names, &view, &mut chain)?;
            call_token(&mut chain, "Fold", 3)?;
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

/// What an iterator chain yields, as its template stands for it.
pub(super) enum View {
    /// The items of the sequence the template is.
    Items,
    /// Pairs, as `enumerate` and `zip` yield them: the template is the sequence of their
    /// indices, and each element of a pair a template over `Arg`, the index.
    Pairs(Box<[Template; 2]>),
}

/// [`sequence`] of a chain that yields items, not pairs.
pub(super) fn items(expr: &Expr, names: &impl Names, out: &mut Template) -> Option<()> {
    match sequence(expr, names, out)? {
        View::Items => Some(()),
        View::Pairs(_) => None,
    }
}

/// The template of `expr` as a sequence an adaptor or consumer walks: a source, an adaptor
/// over one, or a value (a collected `Vec<char>`, a slice) read as it is.
pub(super) fn sequence(expr: &Expr, names: &impl Names, out: &mut Template) -> Option<View> {
    let call = match strip_parens(expr) {
        Expr::MethodCall(call) => call,
        Expr::Range(range) => {
            translate(range.start.as_deref()?, names, out)?;
            translate(range.end.as_deref()?, names, out)?;
            let method = match range.limits {
                syn::RangeLimits::HalfOpen(_) => "Range",
                syn::RangeLimits::Closed(_) => "RangeInclusive",
            };
            call_token(out, method, 2)?;
            return Some(View::Items);
        }
        other => {
            translate(other, names, out)?;
            return Some(View::Items);
        }
    };
    let args = &call.args;
    let items = |out: &mut Template, method: &str, arity: u8| {
        call_token(out, method, arity).map(|()| View::Items)
    };
    match (call.method.to_string().as_str(), args.len()) {
        ("chars", 0) => {
            translate(&call.receiver, names, out)?;
            items(out, "Chars", 1)
        }
        ("bytes", 0) => {
            translate(&call.receiver, names, out)?;
            items(out, "Bytes", 1)
        }
        ("iter" | "into_iter", 0) => {
            translate(&call.receiver, names, out)?;
            Some(View::Items)
        }
        ("copied" | "cloned" | "collect", 0) => {
            self::items(&call.receiver, names, out)?;
            Some(View::Items)
        }
        ("rev", 0) => {
            let view = sequence(&call.receiver, names, out)?;
            call_token(out, "Rev", 1).map(|()| view)
        }
        ("take" | "skip", 1) => {
            let view = sequence(&call.receiver, names, out)?;
            translate(&args[0], names, out)?;
            let method = if call.method == "take" {
                "Take"
            } else {
                "Skip"
            };
            call_token(out, method, 2).map(|()| view)
        }
        ("chain", 1) => {
            self::items(&call.receiver, names, out)?;
            self::items(&args[0], names, out)?;
            items(out, "Chain", 2)
        }
        ("filter", 1) => {
            let view = sequence(&call.receiver, names, out)?;
            closure(&args[0], names, &view, out)?;
            call_token(out, "Filter", 2).map(|()| view)
        }
        ("map", 1) => {
            let view = sequence(&call.receiver, names, out)?;
            closure(&args[0], names, &view, out)?;
            items(out, "Map", 2)
        }
        ("enumerate", 0) => {
            // `0..s.len()`, each index paired with itself and the item at it.
            let mut source = Template::default();
            self::items(&call.receiver, names, &mut source)?;
            out.push(quote!(Int(0i128)));
            out.append(source.clone());
            call_token(out, "Len", 1)?;
            call_token(out, "Range", 2)?;
            let mut index = Template::default();
            index.push(quote!(Arg));
            Some(View::Pairs(Box::new([index, at_index(source)?])))
        }
        ("zip", 1) => {
            // `0..a.len().min(b.len())`, each index paired with the items of both at it.
            let mut first = Template::default();
            self::items(&call.receiver, names, &mut first)?;
            let mut second = Template::default();
            self::items(&args[0], names, &mut second)?;
            out.push(quote!(Int(0i128)));
            out.append(first.clone());
            call_token(out, "Len", 1)?;
            out.append(second.clone());
            call_token(out, "Len", 1)?;
            call_token(out, "Min", 2)?;
            call_token(out, "Range", 2)?;
            Some(View::Pairs(Box::new([at_index(first)?, at_index(second)?])))
        }
        _ => {
            translate(expr, names, out)?;
            Some(View::Items)
        }
    }
}

/// The item of `sequence` at the index a closure over the indices is applied to (`Arg`).
fn at_index(mut sequence: Template) -> Option<Template> {
    sequence.push(quote!(Arg));
    call_token(&mut sequence, "Index", 2)?;
    Some(sequence)
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

/// A closure of one parameter (`|c| *c != '-'`, `|&b| b > 0x20`, `|c: &char| …`, over pairs
/// `|(i, c)| …`) whose body is one modelled expression, or a path to a char predicate
/// (`char::is_alphanumeric`).
fn closure(expr: &Expr, names: &impl Names, view: &View, out: &mut Template) -> Option<()> {
    let mut body = Template::default();
    match strip_parens(expr) {
        Expr::Closure(closure) => {
            let [param] = closure.inputs.iter().collect::<Vec<_>>()[..] else {
                return None;
            };
            let names = Binders {
                outer: names,
                bound: item_binders(param, view)?,
            };
            translate(closure_body(closure), &names, &mut body)?;
        }
        Expr::Path(path) if matches!(view, View::Items) => {
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

/// A fold's closure of two parameters, what it accumulated and the item (`|acc, d| acc * 10 +
/// d`, `|n, (i, c)| …`), whose body is one modelled expression.
fn fold_closure(expr: &Expr, names: &impl Names, view: &View, out: &mut Template) -> Option<()> {
    let Expr::Closure(closure) = strip_parens(expr) else {
        return None;
    };
    let [acc, item] = closure.inputs.iter().collect::<Vec<_>>()[..] else {
        return None;
    };
    let mut bound = item_binders(item, view)?;
    let mut acc_template = Template::default();
    acc_template.push(quote!(Acc));
    // `|acc: u32, b|`: the type the accumulator has whatever its initial value is written as.
    if let Pat::Type(typed) = acc
        && let Some(to) = super::translate::cast_ty(&typed.ty)
    {
        acc_template.push(quote!(Cast(#to)));
    }
    bound.push((param_name(acc)?.to_string(), acc_template));
    let names = Binders {
        outer: names,
        bound,
    };
    let mut body = Template::default();
    translate(closure_body(closure), &names, &mut body)?;
    out.push(quote!(FoldLambda));
    out.append(body);
    Some(())
}

/// A closure's body: its expression, or the one expression of its block.
fn closure_body(closure: &syn::ExprClosure) -> &Expr {
    if let Expr::Block(block) = &*closure.body
        && let [syn::Stmt::Expr(single, None)] = &block.block.stmts[..]
    {
        return single;
    }
    &closure.body
}

/// What the names a closure's item parameter binds stand for: the item (`c`, `&c`), or over
/// pairs each element (`(i, c)`, `&(i, &c)`; `_` binds nothing).
fn item_binders(param: &Pat, view: &View) -> Option<Vec<(String, Template)>> {
    match view {
        View::Items => {
            let mut item = Template::default();
            item.push(quote!(Arg));
            Some(vec![(param_name(param)?.to_string(), item)])
        }
        View::Pairs(elements) => {
            let mut pat = param;
            while let Pat::Reference(reference) = pat {
                pat = &reference.pat;
            }
            let Pat::Tuple(tuple) = pat else {
                return None;
            };
            let [first, second] = tuple.elems.iter().collect::<Vec<_>>()[..] else {
                return None;
            };
            let mut bound = Vec::new();
            for (element, template) in [first, second].into_iter().zip(elements.iter()) {
                if matches!(element, Pat::Wild(_)) {
                    continue;
                }
                bound.push((param_name(element)?.to_string(), template.clone()));
            }
            Some(bound)
        }
    }
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

/// The names inside a closure's body: its parameters stand for what they are bound to
/// ([`Names::binder`]), hiding locals of the same names; every other name is the enclosing
/// function's.
struct Binders<'a> {
    outer: &'a dyn Names,
    bound: Vec<(String, Template)>,
}

impl Names for Binders<'_> {
    fn local(&self, name: &str) -> Option<(String, Ident)> {
        if self.bound.iter().any(|(bound, _)| bound == name) {
            return None;
        }
        self.outer.local(name)
    }

    fn parameter(&self, unique: &str) -> bool {
        self.outer.parameter(unique)
    }

    fn binder(&self, name: &str) -> Option<Template> {
        let bound = self.bound.iter().find(|(bound, _)| bound == name);
        bound.map(|(_, template)| template.clone())
    }

    fn calls(&self) -> bool {
        false
    }
}
