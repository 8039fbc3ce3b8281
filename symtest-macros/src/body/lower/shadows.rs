//! Shadow hooks: where the templates of `crate::body::shadow` meet the instrumented code. The
//! lowering walk asks these for the template of each `let`, assignment and decision, and for
//! the statements that probe a hook site's values and update the shadows of locals.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::{Expr, Ident, Pat, Stmt};

use super::{Lowering, id_tokens, local_name, rt, simple_binding};
use crate::body::shadow::{Names, Template, strip_parens};

impl Names for Lowering {
    fn local(&self, name: &str) -> Option<(String, Ident)> {
        if !self.shadows.tracked(name) {
            return None;
        }
        let unique = self.resolve(name)?;
        let ident = self.idents.get(&unique)?.clone();
        Some((unique, ident))
    }

    fn parameter(&self, unique: &str) -> bool {
        self.shadows.parameters.contains_key(unique)
    }
}

impl Lowering {
    pub(super) fn template(&self, expr: &Expr) -> Option<Template> {
        crate::body::shadow::template(expr, self)
    }

    /// For `x = e` and `x op= e` on a local shadows follow or a field of `self`: its unique
    /// name (a field's path) and the template of its new value (`None` when the value is not
    /// modelled).
    pub(super) fn assignment(&self, expr: &Expr) -> Option<(String, Option<Template>)> {
        let unique = self.target(assigned_place(expr)?)?;
        let template = match expr {
            Expr::Assign(assign) => self.template(&assign.right),
            Expr::Binary(binary) => {
                crate::body::shadow::compound(&binary.left, &binary.op, &binary.right, self)
            }
            _ => None,
        };
        Some((unique, template))
    }

    /// What an assignment to `place` updates the shadow of: a local shadows follow, or a
    /// field of `self` (by its path, `"self.count"`).
    fn target(&self, place: &Expr) -> Option<String> {
        if let Some(field) = crate::body::shadow::self_field(place) {
            return Some(field);
        }
        let (unique, _) = Names::local(self, &local_name(place)?)?;
        Some(unique)
    }

    /// The statements around a def of local `unique`: the probe of what its value is computed
    /// from, before the statement (which may move those locals), and the update after it.
    ///
    /// `field` is the place assigned when it is a field of `self` (`unique` is then its path):
    /// the hooks check a field's shadow against its value whenever they read it, which is what
    /// keeps an update they did not see from misleading them.
    pub(super) fn shadow_def(
        &mut self,
        unique: &str,
        template: Template,
        field: Option<&Expr>,
    ) -> Option<(Stmt, Stmt)> {
        if let Some(field) = field {
            let value = crate::body::shadow::probe(field);
            return self.def_statements(unique, template, value);
        }
        let ident = self.idents.get(unique)?.clone();
        // The value of a call is checked where the callee returns it. Probed here, a local
        // whose type only later code tells (`let n = parse(s);`) would not compile.
        let value = match template.calls() {
            true => quote!(|| ::symtest_runtime::__private::core::option::Option::None),
            false => crate::body::shadow::probe_local(&ident, &template),
        };
        self.shadow_def_probed(unique, template, value)
    }

    /// The statements around a def of local `unique` (see [`Lowering::shadow_def`]) whose
    /// value `value` probes; none where the local is not tracked.
    pub(super) fn shadow_def_probed(
        &mut self,
        unique: &str,
        template: Template,
        value: TokenStream,
    ) -> Option<(Stmt, Stmt)> {
        let ident = self.idents.get(unique)?;
        if !self.shadows.tracked(&ident.to_string()) {
            return None;
        }
        self.def_statements(unique, template, value)
    }

    pub(super) fn def_statements(
        &mut self,
        unique: &str,
        template: Template,
        value: TokenStream,
    ) -> Option<(Stmt, Stmt)> {
        let local = self.shadows.local(unique);
        let probes = template.probes();
        let def = self.shadows.def(local, template, None);
        let (rt, meta) = (rt(), &self.meta);
        let pre = format_ident!("__symtest_pre_{}", def, span = Span::mixed_site());
        Some((
            syn::parse_quote! {
                let #pre = if #rt::concolic() {
                    #rt::def_pre(&#meta, #def, #probes)
                } else {
                    #rt::Pre::NONE
                };
            },
            syn::parse_quote! {
                if #rt::concolic() {
                    #rt::def(&#meta, #def, #pre, #value);
                }
            },
        ))
    }

    /// Registers the shadow of decision `id` and returns the statement that probes its slots
    /// (nothing when no outcome is modelled), with the defs of `bindings`: locals (unique
    /// names) bound to templates over the same slots, as statements to run where they are
    /// bound.
    pub(super) fn shadow_decision(
        &mut self,
        id: usize,
        outcomes: Vec<Option<Template>>,
        bindings: Vec<(String, Template)>,
        for_loop: bool,
    ) -> (TokenStream, Vec<TokenStream>) {
        if outcomes.iter().all(Option::is_none) {
            return (TokenStream::new(), vec![TokenStream::new(); bindings.len()]);
        }
        let (names, templates): (Vec<String>, Vec<Template>) = bindings.into_iter().unzip();
        let (probes, templates) = self.shadows.decision(id, outcomes, templates, for_loop);
        let (rt, meta) = (rt(), self.meta.clone());
        let decision = id as u32;
        let mut defs = Vec::new();
        for (unique, template) in names.into_iter().zip(templates) {
            let ident = self.idents.get(&unique).cloned();
            let Some(ident) = ident.filter(|ident| self.shadows.tracked(&ident.to_string())) else {
                defs.push(TokenStream::new());
                continue;
            };
            let local = self.shadows.local(&unique);
            let value = crate::body::shadow::probe_local(&ident, &template);
            let def = self.shadows.def(local, template, Some(id));
            defs.push(quote! {
                if #rt::concolic() {
                    #rt::def(&#meta, #def, #rt::Pre::NONE, #value);
                }
            });
        }
        let probe = quote! {
            if #rt::concolic() {
                #rt::shadow_at(&#meta, #decision, #probes);
            }
        };
        (probe, defs)
    }

    /// The unique name a pattern binding got, once bound.
    pub(super) fn bound(&self, ident: Option<Ident>) -> Option<String> {
        self.resolve(&ident?.to_string())
    }
}

/// The shadow side of a `for` loop over `iterable` with pattern `pat`: the template of "the
/// loop takes another item" and the templates of the bindings of `pat` (source identifiers).
pub(super) fn for_shadow(
    iterable: &Expr,
    pat: &Pat,
    names: &impl Names,
) -> Option<(Template, Vec<(Ident, Template)>)> {
    use crate::body::shadow::{bare, call, join, op, template};
    let (base, enumerated) = match iterable {
        Expr::MethodCall(call) if call.method == "enumerate" && call.args.is_empty() => {
            (&*call.receiver, true)
        }
        other => (other, false),
    };
    // `.rev()`: the same items from the other end.
    let (base, reversed) = match strip_parens(base) {
        Expr::MethodCall(call) if call.method == "rev" && call.args.is_empty() => {
            (&*call.receiver, true)
        }
        other => (other, false),
    };
    let base = strip_parens(base);
    if reversed && !matches!(base, Expr::MethodCall(_)) {
        // Reversed ranges and slices are not modelled.
        return None;
    }
    // A sequence walked item by item: the loop goes on while `Taken < count(seq)`, and the
    // item is `at(seq, position)`.
    let (sequence, count, at) = match base {
        Expr::Range(range) => {
            let start = template(range.start.as_deref()?, names)?;
            let end = template(range.end.as_deref()?, names)?;
            let cmp = match range.limits {
                syn::RangeLimits::HalfOpen(_) => op("Lt"),
                syn::RangeLimits::Closed(_) => op("Le"),
            };
            let more = join(vec![start.clone()], vec![bare("Taken"), op("Add")]);
            let more = join(vec![more, end], vec![cmp]);
            let item = join(vec![start], vec![bare("Item"), op("Add")]);
            return Some((more, bindings(pat, item, enumerated)));
        }
        // `s.chars().filter(…)`, `v.iter().map(…)`: the sequence the adaptors make.
        Expr::MethodCall(_) if crate::body::shadow::adapted(base) => {
            (crate::body::shadow::sequence(base, names)?, "Len", "Index")
        }
        Expr::MethodCall(method) if method.args.is_empty() => {
            let (count, at) = match method.method.to_string().as_str() {
                "chars" => ("CharCount", "CharAt"),
                "bytes" => ("Len", "ByteAt"),
                "iter" => ("Len", "Index"),
                _ => return None,
            };
            (template(strip_parens(&method.receiver), names)?, count, at)
        }
        Expr::Path(_) | Expr::Reference(_) => (template(base, names)?, "Len", "Index"),
        _ => return None,
    };
    let more = join(
        vec![join(vec![], vec![bare("Taken")]), sequence.clone()],
        vec![call(count, 1), op("Lt")],
    );
    let position = if reversed {
        // count - 1 - item
        let last = join(
            vec![sequence.clone()],
            vec![call(count, 1), crate::body::shadow::int(1), op("Sub")],
        );
        join(vec![last], vec![bare("Item"), op("Sub")])
    } else {
        join(vec![], vec![bare("Item")])
    };
    let item = join(vec![sequence, position], vec![call(at, 2)]);
    Some((more, bindings(pat, item, enumerated)))
}

/// The bindings of a `for` pattern: the item (`c`, `&b`) and, over `enumerate()`, the index
/// (`(i, c)`).
fn bindings(pat: &Pat, item: Template, enumerated: bool) -> Vec<(Ident, Template)> {
    use crate::body::shadow::{bare, join};
    let mut bindings = Vec::new();
    let item_pat = if enumerated {
        let Pat::Tuple(tuple) = pat else {
            return bindings;
        };
        if tuple.elems.len() != 2 {
            return bindings;
        }
        if let Some(index) = simple_binding(&tuple.elems[0]) {
            bindings.push((index, join(vec![], vec![bare("Item")])));
        }
        &tuple.elems[1]
    } else {
        pat
    };
    let item_pat = match item_pat {
        Pat::Reference(reference) => &*reference.pat,
        other => other,
    };
    if let Some(ident) = simple_binding(item_pat) {
        bindings.push((ident, item));
    }
    bindings
}

/// `lo <= x && x < hi` (or `<=`) for `(lo..hi).contains(&x)`.
pub(super) fn range_contains_template(
    call: &syn::ExprMethodCall,
    names: &impl Names,
) -> Option<Template> {
    use crate::body::shadow::template;
    let Expr::Range(range) = strip_parens(&call.receiver) else {
        return None;
    };
    let value = template(call.args.first()?, names)?;
    let bound = |bound: &Option<Box<Expr>>| match bound {
        Some(bound) => template(bound, names).map(Some),
        None => Some(None),
    };
    let inclusive = matches!(range.limits, syn::RangeLimits::Closed(_));
    crate::body::shadow::in_range(&value, bound(&range.start)?, bound(&range.end)?, inclusive)
}

/// For `let (a, b) = (x, y + 1)`: each simply bound element with the template of its value.
/// The halves of a pair otherwise: `let (name, value) = line.split_once('=')?`.
pub(super) fn tuple_elements(pat: &Pat, init: &Expr, names: &impl Names) -> Vec<(Ident, Template)> {
    let (Pat::Tuple(pats), Expr::Tuple(values)) = (pat, strip_parens(init)) else {
        return crate::body::shadow::pair_bindings(pat, init, names);
    };
    if pats.elems.len() != values.elems.len() {
        return Vec::new();
    }
    pats.elems
        .iter()
        .zip(&values.elems)
        .filter_map(|(pat, value)| {
            Some((
                simple_binding(pat)?,
                crate::body::shadow::template(value, names)?,
            ))
        })
        .collect()
}

impl Lowering {
    /// `s.starts_with(p)`, `s.ends_with(p)`, `s.contains(p)` and the char predicates
    /// (`c.is_ascii_digit()`, `c.is_digit(10)`, …) become hooks that measure how far the value
    /// is from the other outcome: a prefix edit distance, the distance to the nearest digit.
    ///
    /// The call itself runs as written: the argument is passed by value, and the receiver is
    /// either a place (read once by reference for the distance, then used by the call as
    /// before) or a value bound once and handed to the call. Distances come from references
    /// taken before the call, so types whose methods take `self` by value, and closures as
    /// patterns, work as before (they just get no distance). Returns false, leaving `expr`
    /// alone, for any other shape.
    pub(super) fn rewrite_predicate(
        &self,
        expr: &mut Expr,
        id: usize,
        probe: &TokenStream,
    ) -> bool {
        let Expr::MethodCall(call) = &*expr else {
            return false;
        };
        let (rt, meta, id) = (rt(), &self.meta, id_tokens(id));
        let method = call.method.clone();
        let name = method.to_string();
        let value = Ident::new("__symtest_value", Span::mixed_site());
        let pattern = Ident::new("__symtest_pattern", Span::mixed_site());
        let distances = Ident::new("__symtest_distances", Span::mixed_site());
        let receiver = &call.receiver;
        let Some(place) = receiver_kind(receiver) else {
            return false;
        };
        // How the receiver is written where it is used: the place itself, or the bound value.
        let used = if place {
            quote!(#receiver)
        } else {
            quote!(#value)
        };
        let (measure, call_args, argument) = match (name.as_str(), call.args.len()) {
            ("starts_with" | "ends_with" | "contains", 1) => {
                let op = match name.as_str() {
                    "starts_with" => quote!(StartsWith),
                    "ends_with" => quote!(EndsWith),
                    _ => quote!(Contains),
                };
                let measure = quote! {{
                    #[allow(unused_imports)]
                    use #rt::{NoStrPred as _, ViaStrPred as _};
                    (&&#rt::StrPred(&(#used), &#pattern)).distances(#rt::StrOp::#op)
                }};
                (measure, quote!(#pattern), Some(&call.args[0]))
            }
            (_, 0) if name.starts_with("is_") => {
                let Some(class) = crate::body::shadow::char_method(&name) else {
                    return false;
                };
                let class = Ident::new(&class[2..], Span::call_site());
                let measure = quote! {{
                    #[allow(unused_imports)]
                    use #rt::{NoCharPred as _, ViaCharPred as _};
                    (&&#rt::CharPred(&(#used))).distances(#rt::CharClass::#class)
                }};
                (measure, TokenStream::new(), None)
            }
            ("is_digit", 1) => {
                let Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Int(radix),
                    ..
                }) = &call.args[0]
                else {
                    return false;
                };
                let Ok(radix) = radix.base10_parse::<u32>() else {
                    return false;
                };
                let measure = quote! {{
                    #[allow(unused_imports)]
                    use #rt::{NoCharPred as _, ViaCharPred as _};
                    (&&#rt::CharPred(&(#used))).distances(#rt::CharClass::Digit(#radix))
                }};
                (measure, quote!(#radix), None)
            }
            _ => return false,
        };
        let body = quote! {{
            let #distances = #measure;
            #rt::branch(&#meta, #id, #used.#method(#call_args), #distances)
        }};
        // The receiver before the argument, as in the call; a match keeps both expressions'
        // temporaries alive for the whole call. The snapshot and the probes read locals, so
        // they come before anything is moved into the match.
        let evaluated: TokenStream = match (place, argument) {
            (true, Some(argument)) => quote!(match #argument { #pattern => #body }),
            (false, Some(argument)) => {
                quote!(match (#receiver, #argument) { (#value, #pattern) => #body })
            }
            (true, None) => body,
            (false, None) => quote!(match #receiver { #value => #body }),
        };
        let rewritten: Expr = syn::parse_quote!({
            #rt::snapshot(&#meta, #id, &[]);
            #probe
            #evaluated
        });
        *expr = rewritten;
        true
    }
}

/// Whether a receiver can be read twice as a place (`true`: a local, a field, `v[i]`) or must
/// be evaluated once and bound (`false`: a call's result); `None` when neither is safe (an
/// index computed by a call, which might have side effects).
fn receiver_kind(receiver: &Expr) -> Option<bool> {
    fn place(expr: &Expr) -> Option<bool> {
        match expr {
            Expr::Path(_) => Some(true),
            Expr::Field(field) => place(&field.base).filter(|&p| p),
            Expr::Paren(paren) => place(&paren.expr),
            Expr::Unary(unary) if matches!(unary.op, syn::UnOp::Deref(_)) => {
                place(&unary.expr).filter(|&p| p)
            }
            Expr::Index(index) => {
                let simple = matches!(&*index.index, Expr::Path(_) | Expr::Lit(_));
                (simple && place(&index.expr) == Some(true)).then_some(true)
            }
            _ => None,
        }
    }
    match receiver {
        Expr::MethodCall(_) | Expr::Call(_) | Expr::Lit(_) => Some(false),
        other => place(other),
    }
}

/// The place `x = e` or `x op= e` assigns; `None` for any other expression.
pub(super) fn assigned_place(expr: &Expr) -> Option<&Expr> {
    match expr {
        Expr::Assign(assign) => Some(&assign.left),
        Expr::Binary(binary) => {
            crate::body::shadow::compound_op(&binary.op)?;
            Some(&binary.left)
        }
        _ => None,
    }
}
