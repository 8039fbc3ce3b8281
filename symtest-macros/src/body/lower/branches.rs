//! Decisions that choose among several branches: `if`, `?` and `match`.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::{Expr, ExprMatch, Ident, Pat};

use super::{Cur, EXIT, Kind, Lowering, NodeId, cfg_predicates, id_tokens, rt, take};
use crate::body::reduced;
use crate::body::shadow::Template;
use crate::source::display::display;

impl Lowering {
    pub(super) fn if_expr(&mut self, expr: &mut Expr, cur: Cur) -> Cur {
        let Expr::If(if_expr) = expr else { return cur };
        // Bindings of `if let` live in a scope of their own (the else side sees them as
        // unknown, which loses precision, never correctness).
        self.scopes.push(Default::default());
        let plan = self.conditional(&mut if_expr.cond, cur, Kind::If, Kind::IfLet);
        let then_end = self.block(&mut if_expr.then_branch, plan.on_true);
        let else_end = match &mut if_expr.else_branch {
            Some((_, else_branch)) => self.expr(else_branch, plan.on_false),
            None => plan.on_false,
        };
        plan.apply(expr);
        self.scopes.pop();
        self.join(then_end, else_end)
    }

    pub(super) fn try_expr(&mut self, expr: &mut Expr, cur: Cur) -> Cur {
        let Expr::Try(try_expr) = expr else {
            return cur;
        };
        let shadow = self.template(&try_expr.expr);
        let written = try_expr.clone();
        let cur = self.expr(&mut try_expr.expr, cur);
        let outcomes = vec!["continued".to_string(), "returned early".to_string()];
        let (id, node) = self.decision(Kind::Try, &written, outcomes, cur);
        // Only `Option`-valued calls are modelled (`checked_*`, `to_digit`, `chars().nth`):
        // `?` continues when the value is there.
        let continues = shadow.map(|value| {
            crate::body::shadow::join(vec![value], vec![crate::body::shadow::call("IsSome", 1)])
        });
        let (probe, _) = self.shadow_decision(id, vec![continues], Vec::new(), false);
        let continued = self.outcome(node, 0);
        let returned = self.outcome(node, 1);
        self.graph.add_edge(returned, EXIT, None);
        let (rt, meta, id) = (rt(), &self.meta, id_tokens(id));
        let inner = take(&mut try_expr.expr);
        *try_expr.expr = if probe.is_empty() {
            syn::parse_quote!(#rt::try_probe(&#meta, #id, #inner))
        } else {
            syn::parse_quote!(#rt::try_probe(&#meta, #id, #rt::after({ #probe }, #inner)))
        };
        Some(continued)
    }

    pub(super) fn match_expr(&mut self, expr: &mut Expr, cur: Cur) -> Cur {
        let Expr::Match(ExprMatch {
            expr: scrutinee,
            arms,
            match_token,
            ..
        }) = expr
        else {
            return cur;
        };
        let scrutinee_ref = Ident::new("__symtest_scrutinee", Span::mixed_site());
        let scrutinee_shadow = self.scrutinee_template(scrutinee);
        let scrutinee_pair = crate::body::shadow::scrutinee_pair(scrutinee, self);
        let scrutinee_param = self.parameter_named(scrutinee);
        let elements = self.tuple_scrutinee(scrutinee, &scrutinee_ref);
        let written = scrutinee.clone();
        let cur = self.expr(scrutinee, cur);
        if arms.len() < 2 && arms.iter().all(|arm| arm.guard.is_none()) {
            let ends: Vec<Cur> = arms
                .iter_mut()
                .map(|arm| self.expr(&mut arm.body, cur))
                .collect();
            return ends.into_iter().fold(None, |a, b| self.join(a, b));
        }
        let outcomes = arms
            .iter()
            .map(|arm| match &arm.guard {
                Some((_, guard)) => format!("{} if {}", display(&arm.pat), display(guard)),
                None => display(&arm.pat),
            })
            .collect();
        let (id, node) = self.decision(
            Kind::Match,
            &Scrutinee(match_token, &written),
            outcomes,
            cur,
        );
        self.decisions[id].cfgs = arms.iter().map(|arm| cfg_predicates(&arm.attrs)).collect();
        let starts: Vec<NodeId> = (0..arms.len()).map(|arm| self.outcome(node, arm)).collect();
        for (arm, &start) in starts.iter().enumerate() {
            self.arm_starts.insert(start, (id, arm));
        }
        let (rt, meta, id_lit) = (rt(), self.meta.clone(), id_tokens(id));
        let mut end = None;
        let mut bindings = Vec::new();
        for (index, arm) in arms.iter_mut().enumerate() {
            self.scopes.push(Default::default());
            self.bind_pattern(&arm.pat, Some(starts[index]));
            // An arm behind `#[cfg]` may name a variant some builds lack (`Error::Checksum {
            // sum }` behind `feature = "check"`): its bindings get no shadows, whose probes
            // would name the variant in every build.
            if cfg_predicates(&arm.attrs).is_empty() {
                let mut fields = self.bind_fields(scrutinee_param.as_deref(), &arm.pat);
                if let (Some(elements), Pat::Tuple(tuple)) = (&elements, &arm.pat) {
                    for (index, pat) in
                        crate::body::shadow::aligned(tuple, elements.len()).unwrap_or_default()
                    {
                        fields.extend(self.bind_fields(elements[index].1.as_deref(), pat));
                    }
                }
                if let (Some(scrutinee), None) = (&scrutinee_shadow, &arm.guard)
                    && let Some(unique) = self.bound(crate::body::shadow::binding(&arm.pat))
                    && !fields.contains(&unique)
                {
                    bindings.push((index, unique, scrutinee.clone()));
                }
                if arm.guard.is_none() {
                    let halves = self.pair_defs(&arm.pat, scrutinee_pair.as_ref());
                    bindings.extend(
                        halves
                            .into_iter()
                            .map(|(unique, half)| (index, unique, half)),
                    );
                }
                let fields = self.receiver_bindings(scrutinee_param.as_deref(), &arm.pat);
                bindings.extend(
                    fields
                        .into_iter()
                        .map(|(unique, field)| (index, unique, field)),
                );
            }
            let index_lit = index;
            let hit = quote!(#rt::arm(&#meta, #id_lit, #index_lit));
            let body_start = match &mut arm.guard {
                Some((_, guard)) => {
                    let (on_true, on_false) =
                        self.condition(guard, Some(starts[index]), Kind::Guard);
                    for &later in &starts[index + 1..] {
                        self.edge(on_false, later);
                    }
                    let condition = take(guard);
                    let failed = quote!(#rt::guard_failed(&#meta, #id_lit));
                    **guard =
                        syn::parse_quote!({ #hit; true } && (#condition || { #failed; false }));
                    on_true
                }
                None => {
                    let body = take(&mut arm.body);
                    *arm.body = syn::parse_quote!({ #hit; #body });
                    Some(starts[index])
                }
            };
            let arm_end = self.expr(&mut arm.body, body_start);
            self.scopes.pop();
            end = self.join(end, arm_end);
        }
        let tag = self.tag(scrutinee_param.as_deref());
        let elements: Option<Vec<_>> = elements.map(|e| e.into_iter().map(|(e, _)| e).collect());
        // An arm behind `#[cfg]` is not modelled: its pattern may name a variant some builds
        // lack (and the arms after it are then unknown too).
        let patterns: Vec<Option<Template>> = arms
            .iter()
            .map(|arm| match &elements {
                _ if !cfg_predicates(&arm.attrs).is_empty() => None,
                Some(elements) => crate::body::shadow::tuple_pattern(&arm.pat, elements),
                None => {
                    crate::body::shadow::pattern(&arm.pat, scrutinee_shadow.as_ref()?, tag.as_ref())
                }
            })
            .collect();
        // An arm is taken when its pattern matches and no earlier unguarded arm's does; after
        // an unguarded arm whose pattern is not modelled, no arm's condition is known.
        let shadow_outcomes = (0..arms.len())
            .map(|k| {
                let mut condition = patterns[k].clone()?;
                for (earlier, arm) in patterns[..k].iter().zip(arms.iter()) {
                    if arm.guard.is_none() {
                        condition = crate::body::shadow::join(
                            vec![condition, earlier.clone()?],
                            vec![crate::body::shadow::not(), crate::body::shadow::op("And")],
                        );
                    }
                }
                Some(condition)
            })
            .collect();
        let (arm_indices, bindings): (Vec<usize>, Vec<(String, Template)>) = bindings
            .into_iter()
            .map(|(index, unique, template)| (index, (unique, template)))
            .unzip();
        let (shadow_probe, defs) = self.shadow_decision(id, shadow_outcomes, bindings, false);
        // A binding's def runs where the arm is reached: in its guard when it has one (the
        // fields of `self` it binds), else at the top of its body.
        for (index, def) in arm_indices.into_iter().zip(defs) {
            let reached = match &mut arms[index].guard {
                Some((_, guard)) => match &mut **guard {
                    Expr::Binary(junction) => &mut *junction.left,
                    _ => continue,
                },
                None => &mut *arms[index].body,
            };
            if let Expr::Block(block) = reached
                && !def.is_empty()
            {
                block.block.stmts.insert(1, syn::parse_quote!(#def));
            }
        }
        // The probe reads the locals the scrutinee's shadow is over, in the first arm's guard;
        // where the scrutinee moves one (`match String::from_utf8(bytes)`), before it instead.
        // A tuple's probe reads the scrutinee's elements, which are not there before it: the
        // decision goes unmodelled.
        let shadow_probe = match (moves_local(&written), elements.is_some()) {
            (true, _) if shadow_probe.is_empty() => shadow_probe,
            (true, false) => {
                let inner = take(scrutinee);
                **scrutinee = syn::parse_quote!(#rt::after({ #shadow_probe }, #inner));
                TokenStream::new()
            }
            (true, true) => TokenStream::new(),
            (false, _) => shadow_probe,
        };
        let distances: Vec<Option<TokenStream>> = arms
            .iter()
            .map(|arm| match cfg_predicates(&arm.attrs).is_empty() {
                true => pattern_distances(&arm.pat, &scrutinee_ref),
                false => None,
            })
            .collect();
        if distances.iter().any(Option::is_some) || !shadow_probe.is_empty() {
            let distances = distances.iter().map(|d| match d {
                Some(d) => d.clone(),
                None => quote!(::symtest_runtime::__private::core::option::Option::None),
            });
            let probe: syn::Arm = syn::parse_quote! {
                ref #scrutinee_ref if {
                    #shadow_probe
                    #rt::match_probe(&#meta, #id_lit, &[#(#distances),*]);
                    false
                } => ::symtest_runtime::__private::core::unreachable!(),
            };
            arms.insert(0, probe);
        }
        end
    }
}

/// Whether `scrutinee` passes a local by value to a call (`String::from_utf8(bytes)`), which
/// moves it where its type is not `Copy`: nothing can read the local after.
fn moves_local(scrutinee: &Expr) -> bool {
    struct Moves(bool);
    impl<'ast> syn::visit::Visit<'ast> for Moves {
        fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
            self.0 |= call.args.iter().any(is_local);
            syn::visit::visit_expr_call(self, call);
        }
        fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
            self.0 |= call.args.iter().any(is_local);
            syn::visit::visit_expr_method_call(self, call);
        }
        fn visit_expr_closure(&mut self, _: &'ast syn::ExprClosure) {}
    }
    fn is_local(arg: &Expr) -> bool {
        matches!(arg, Expr::Path(path) if path.qself.is_none()
        && path.path.get_ident().is_some_and(|ident| {
            ident.to_string().starts_with(|c: char| c.is_lowercase() || c == '_')
        }))
    }
    let mut moves = Moves(false);
    syn::visit::Visit::visit_expr(&mut moves, scrutinee);
    moves.0
}

/// The `match` keyword and its scrutinee: where a match decision is and how it reads.
struct Scrutinee<'a>(&'a syn::token::Match, &'a Expr);

impl quote::ToTokens for Scrutinee<'_> {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        self.0.to_tokens(tokens);
        self.1.to_tokens(tokens);
    }
}

/// An `Option<Distances>` expression: how far the scrutinee is from matching `pat`, when the
/// pattern is made of literals and ranges the runtime can measure (`None` otherwise).
fn pattern_distances(pat: &Pat, scrutinee: &Ident) -> Option<TokenStream> {
    let rt = rt();
    let uses = quote! {
        #[allow(unused_imports)]
        use #rt::{ViaOpaque as _, ViaOpaqueRange as _, ViaScalar as _, ViaScalarRange as _};
    };
    match pat {
        Pat::Lit(lit) => {
            let distances = reduced::probe(
                quote!(#rt::Operands(#scrutinee, &(#lit))),
                quote!(#rt::ViaOpaque),
                "distances",
                quote!(#rt::CmpOp::Eq),
            );
            Some(quote!({ #uses #distances }))
        }
        Pat::Range(range) => {
            // Both bounds have one type: widened only where neither gives it.
            let widen = [&range.start, &range.end]
                .iter()
                .all(|bound| bound.as_ref().is_none_or(|bound| widened(bound).is_some()));
            let bound = |bound: &Option<Box<Expr>>| match bound {
                Some(bound) => {
                    let bound = match widen {
                        true => widened(bound).unwrap_or_else(|| quote!(#bound)),
                        false => quote!(#bound),
                    };
                    quote!(::symtest_runtime::__private::core::option::Option::Some(&(#bound)))
                }
                None => quote!(::symtest_runtime::__private::core::option::Option::None),
            };
            let (start, end) = (bound(&range.start), bound(&range.end));
            let inclusive = matches!(range.limits, syn::RangeLimits::Closed(_));
            let distances = reduced::probe(
                quote!(#rt::RangeOperands(#scrutinee, #start, #end, #inclusive)),
                quote!(#rt::ViaOpaqueRange),
                "range_distances",
                TokenStream::new(),
            );
            Some(quote!({ #uses #distances }))
        }
        Pat::Wild(_) => Some(
            quote!(::symtest_runtime::__private::core::option::Option::Some(#rt::Distances::opaque(true))),
        ),
        Pat::Paren(paren) => pattern_distances(&paren.pat, scrutinee),
        // Each element must match: a pair of options is as far from `(None, Some(_))` as the
        // elements that do not match it, where it would otherwise measure the same from any
        // pair (a `match (self.pre, other.pre)` on labels).
        Pat::Tuple(tuple) if !tuple.elems.iter().any(|e| matches!(e, Pat::Rest(_))) => {
            let elements: Option<Vec<TokenStream>> = (tuple.elems.iter().enumerate())
                .map(|(index, element)| {
                    let item = Ident::new(&format!("__symtest_item{index}"), Span::mixed_site());
                    let field = syn::Index::from(index);
                    let distances = element_distances(element, &item)?;
                    Some(quote!({ let #item = &#scrutinee.#field; #distances }))
                })
                .collect();
            let mut elements = elements?.into_iter();
            let first = elements.next()?;
            Some(elements.fold(first, |acc, e| quote!(#rt::and_distances(#acc, #e))))
        }
        Pat::Or(or) => {
            let cases: Option<Vec<TokenStream>> = or
                .cases
                .iter()
                .map(|case| pattern_distances(case, scrutinee))
                .collect();
            let mut cases = cases?.into_iter();
            let first = cases.next()?;
            Some(cases.fold(first, |acc, case| quote!(#rt::or_distances(#acc, #case))))
        }
        _ => None,
    }
}

/// [`pattern_distances`] of an element of a tuple pattern, and where it cannot measure the
/// element, whether it matches: a variant (`Some(_)`, `None`, `Kind::A { .. }`) is 0 or K
/// away. A binding (`n`, lower-case) always matches. `None` for patterns a second match of
/// the element could not repeat (references, `ref`, `mut` or `@` bindings, `..` in a tuple).
fn element_distances(pat: &Pat, item: &Ident) -> Option<TokenStream> {
    if let Some(measured) = pattern_distances(pat, item) {
        return Some(measured);
    }
    let rt = rt();
    // An upper-case name is a constant or a unit variant (`None`), as rustc's lints assume;
    // matched as written, it may turn out a binding all the same, hence the lints allowed.
    // A path (`WidthInfo::JOINING_GROUP_ALEF`, `Kind::A`) may be a constant, which a
    // reference does not match as a variant pattern does: it is matched against the element
    // itself, which binds nothing.
    let element = match pat {
        Pat::Path(_) => quote!(*#item),
        Pat::Ident(ident)
            if ident.subpat.is_none()
                && ident.ident.to_string().starts_with(char::is_uppercase) =>
        {
            quote!(*#item)
        }
        _ => quote!(#item),
    };
    let matched = quote!({
        #[allow(unused_variables, unreachable_patterns)]
        let matched = ::symtest_runtime::__private::core::matches!(#element, #pat);
        matched
    });
    let matched = match pat {
        Pat::Ident(ident) if ident.by_ref.is_none() && ident.mutability.is_none() => {
            let constant = ident.ident.to_string().starts_with(char::is_uppercase);
            match (&ident.subpat, constant) {
                (None, false) => quote!(true),
                (None, true) => matched,
                (Some(_), _) => return None,
            }
        }
        Pat::Path(_) | Pat::TupleStruct(_) | Pat::Struct(_) if repeatable(pat) => matched,
        _ => return None,
    };
    Some(quote!(
        ::symtest_runtime::__private::core::option::Option::Some(#rt::Distances::opaque(#matched))
    ))
}

/// Whether `pat` can be matched again against a reference to the value (default binding
/// modes bind its names by reference): no reference patterns, no `ref`, `mut` or `@`.
fn repeatable(pat: &Pat) -> bool {
    match pat {
        Pat::Wild(_) | Pat::Rest(_) | Pat::Lit(_) | Pat::Path(_) | Pat::Range(_) => true,
        Pat::Ident(ident) => {
            ident.by_ref.is_none() && ident.mutability.is_none() && ident.subpat.is_none()
        }
        Pat::Paren(paren) => repeatable(&paren.pat),
        Pat::Or(or) => or.cases.iter().all(repeatable),
        Pat::Tuple(tuple) => tuple.elems.iter().all(repeatable),
        Pat::TupleStruct(tuple) => tuple.elems.iter().all(repeatable),
        Pat::Struct(strukt) => strukt.fields.iter().all(|field| repeatable(&field.pat)),
        _ => false,
    }
}

/// A range pattern's bound as the distance hook takes it, where it is an integer literal
/// without a suffix: the pattern types it as its scrutinee's type, but the hook's bound type is
/// its own, which such a literal would leave to default to `i32` (and `0xff_ffff_ffff_ffff` of
/// a `usize` does not fit), so it is written as an `i128` (a `u128` past it). `None` for any
/// other bound, written as it is.
fn widened(bound: &Expr) -> Option<TokenStream> {
    let (negative, literal) = match bound {
        Expr::Lit(lit) => (false, lit),
        Expr::Unary(unary) if matches!(unary.op, syn::UnOp::Neg(_)) => match &*unary.expr {
            Expr::Lit(lit) => (true, lit),
            _ => return None,
        },
        _ => return None,
    };
    let syn::Lit::Int(int) = &literal.lit else {
        return None;
    };
    let value = int.base10_parse::<u128>().ok()?;
    if !int.suffix().is_empty() {
        return None;
    }
    match (negative, i128::try_from(value)) {
        (false, Ok(value)) => {
            let value = proc_macro2::Literal::i128_suffixed(value);
            Some(quote!(#value))
        }
        (true, Ok(value)) => {
            let value = proc_macro2::Literal::i128_suffixed(value);
            Some(quote!(-#value))
        }
        (false, Err(_)) => {
            let value = proc_macro2::Literal::u128_suffixed(value);
            Some(quote!(#value))
        }
        (true, Err(_)) => None,
    }
}

#[cfg(test)]
mod tests {
    use quote::ToTokens;

    use super::*;

    #[test]
    fn range_bounds_without_a_suffix_are_written_wide_enough_for_any_scrutinee() {
        let written = |bound: &str| {
            let bound: Expr = syn::parse_str(bound).unwrap_or_else(|e| panic!("{e}"));
            widened(&bound).map_or_else(|| bound.to_token_stream().to_string(), |w| w.to_string())
        };
        assert_eq!(written("0xff_ffff_ffff_ffff"), "72057594037927935i128");
        assert_eq!(written("-3"), "- 3i128");
        assert_eq!(
            written("0xffff_ffff_ffff_ffff_ffff_ffff_ffff_ffff"),
            "340282366920938463463374607431768211455u128"
        );
        for kept in ["8u8", "'a'", "2.5", "LIMIT"] {
            assert_eq!(written(kept), kept);
        }
    }
}
