//! Values of branches bound by a `let`: `let (core, label) = match text.split_once('-') {
//! Some((core, label)) => (core, Some(label)), None => (text, None) };` gives `core` the
//! shadow of whichever arm's value it got.
//!
//! Before the `let`'s value is lowered, [`mark`] wraps the values its `if` and `match` arms
//! end in (their tails, the tails of nested ones included) in calls of [`MARKER`], and the
//! `let`'s locals get their unique names, out of scope until the `let` is done (an arm may
//! bind the same names, and its value read them). The walk then replaces each marker by the
//! value with the defs of the locals after it ([`Lowering::bound_value`]): each arm gives them
//! the template of its own value, in its own scope, or none (an unknown value), so no local
//! keeps the shadow an arm gave it on an earlier pass of a loop.

use proc_macro2::Span;
use quote::quote;
use syn::{Expr, Ident, Pat};

use super::{Lowering, simple_binding, take};
use crate::body::shadow::{Template, strip_parens};

/// The function the walk recognises a bound arm value by.
const MARKER: &str = "__symtest_bound";

/// The locals one `let` binds to the value of its branches: one, or the elements of a tuple
/// pattern (`None` where an element binds nothing, `_`), by unique name.
pub(super) struct Bound {
    locals: Vec<Option<String>>,
    tuple: bool,
}

/// Whether `init` is a value `let` binds from branches (an `if` with `else`, a `match`) to
/// a pattern whose locals [`Lowering::reserve_bound`] can name: a binding or a tuple of them.
pub(super) fn branches(pat: &Pat, init: &Expr) -> bool {
    let valued = match strip_parens(init) {
        Expr::If(branch) => branch.else_branch.is_some(),
        Expr::Match(_) => true,
        _ => false,
    };
    valued && pattern_locals(pat).is_some()
}

/// The identifiers of `x` or `(a, b, _)`: `None` for any other pattern.
fn pattern_locals(pat: &Pat) -> Option<(Vec<Option<Ident>>, bool)> {
    if let Some(ident) = simple_binding(pat) {
        return Some((vec![Some(ident)], false));
    }
    let Pat::Tuple(tuple) = pat else {
        return None;
    };
    let elements = tuple.elems.iter().map(|pat| match pat {
        Pat::Wild(_) => Some(None),
        pat => simple_binding(pat).map(Some),
    });
    Some((elements.collect::<Option<_>>()?, true))
}

/// Wraps the values `init`'s branches end in in calls of [`MARKER`].
pub(super) fn mark(init: &mut Expr) {
    super::returns::tails(init, &mut |value| {
        // No value: they leave the `let` behind.
        if !matches!(value, Expr::Return(_) | Expr::Break(_) | Expr::Continue(_)) {
            let marker = Ident::new(MARKER, Span::mixed_site());
            let inner = take(value);
            *value = syn::parse_quote!(#marker(#inner));
        }
    });
}

/// Whether `expr` is a call of [`MARKER`].
pub(super) fn is_marked(expr: &Expr) -> bool {
    match expr {
        Expr::Call(call) if call.args.len() == 1 => {
            matches!(&*call.func, Expr::Path(path) if path.path.is_ident(MARKER))
        }
        _ => false,
    }
}

impl Lowering {
    /// The unique names of the locals `pat` binds from branches (see [`branches`]), not in
    /// scope yet; the arms' values give them their shadows while the walk lowers them.
    pub(super) fn reserve_bound(&mut self, pat: &Pat) -> Option<Bound> {
        let (idents, tuple) = pattern_locals(pat)?;
        let locals = idents
            .into_iter()
            .map(|ident| {
                let ident = ident?;
                let name = ident.to_string();
                let before = self
                    .scopes
                    .last()
                    .and_then(|scope| scope.get(&name).cloned());
                let unique = self.declare(&ident);
                // Out of scope until the `let` is done: the arms read the names as they were
                // (`let x = if c { x + 1 } else { x };`).
                if let Some(scope) = self.scopes.last_mut() {
                    match before {
                        Some(before) => scope.insert(name, before),
                        None => scope.remove(&name),
                    };
                }
                Some(unique)
            })
            .collect();
        Some(Bound { locals, tuple })
    }

    /// The `let`'s locals come into scope, as declared by [`Lowering::reserve_bound`], with
    /// `pat`'s other bindings.
    pub(super) fn bind_bound(&mut self, pat: &Pat, bound: &Bound, cur: super::Cur) {
        let Some((idents, _)) = pattern_locals(pat) else {
            return;
        };
        for (ident, unique) in idents.iter().zip(&bound.locals) {
            if let (Some(ident), Some(unique), Some(scope)) =
                (ident, unique, self.scopes.last_mut())
            {
                scope.insert(ident.to_string(), unique.clone());
                self.assign(cur, unique.clone(), crate::body::symbolic::Sym::Unknown);
            }
        }
    }

    /// Lowers a bound arm value marked by [`mark`], and puts after it the defs that give the
    /// innermost `let` being lowered (`self.bound`) its shadows: the value's template, the
    /// elements' of a tuple (or the halves of a pair), or none. `expr` is the marker's call;
    /// what it holds replaces it.
    pub(super) fn bound_value(&mut self, expr: &mut Expr, cur: super::Cur) -> super::Cur {
        let Expr::Call(call) = expr else {
            return cur;
        };
        let Some(value) = call.args.first_mut() else {
            return cur;
        };
        let mut value = take(value);
        let Some(bound) = self.bound.pop() else {
            *expr = value;
            return cur;
        };
        // Before the walk rewrites `&&`/`||` and nested decisions into hook calls.
        let templates: Vec<Option<Template>> = match bound.tuple {
            false => vec![self.template(&value)],
            true => tuple_templates(&value, bound.locals.len(), self),
        };
        let cur = self.expr(&mut value, cur);
        if cur.is_none() {
            // It diverges (`return`, `panic!`): the `let` gets no value from it.
            self.bound.push(bound);
            *expr = value;
            return cur;
        }
        let result = Ident::new("__symtest_bound", Span::mixed_site());
        let mut pres = Vec::new();
        let mut posts = Vec::new();
        for (index, (unique, template)) in bound.locals.iter().zip(templates).enumerate() {
            let Some(unique) = unique else { continue };
            let probe = match (&template, bound.tuple) {
                (None, _) => quote!(|| ::symtest_runtime::__private::core::option::Option::None),
                (Some(_), false) => crate::body::shadow::probe_inferred(&result),
                (Some(_), true) => {
                    let index = syn::Index::from(index);
                    crate::body::shadow::probe_inferred(&quote!(#result.#index))
                }
            };
            let template = template.unwrap_or_else(Template::unknown);
            if let Some((pre, post)) = self.shadow_def_probed(unique, template, probe) {
                pres.push(pre);
                posts.push(post);
            }
        }
        self.bound.push(bound);
        *expr = super::returns::between(value, &result, pres, posts);
        cur
    }
}

/// The templates of the elements of a tuple value of `len` elements: written out (`(core,
/// Some(label))`), or the halves of a pair (`line.split_once('=').unwrap_or((line, ""))`).
fn tuple_templates(
    value: &Expr,
    len: usize,
    names: &impl crate::body::shadow::Names,
) -> Vec<Option<Template>> {
    if let Expr::Tuple(tuple) = strip_parens(value)
        && tuple.elems.len() == len
    {
        return tuple
            .elems
            .iter()
            .map(|element| crate::body::shadow::template(element, names))
            .collect();
    }
    match crate::body::shadow::pair(value, names).filter(|_| len == 2) {
        Some((first, second)) => vec![Some(first), Some(second)],
        None => vec![None; len],
    }
}
