//! Conditions: a boolean expression's atoms become decisions, `&&`/`||` junctions are
//! followed, and an `if`/`while` condition with `let`s plans the code around its branches.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::{BinOp, Expr, ExprBinary, ExprIf, Ident, Stmt, UnOp};

use std::rc::Rc;

use super::shadows::range_contains_template;
use super::{Cur, Kind, Lowering, id_tokens, rt, take, true_false};
use crate::body::reduced;
use crate::body::symbolic::{Cond, Sym};

impl Lowering {
    /// Lowers the condition of an `if` or `while`, which may contain `let` (`if let`, let
    /// chains), and plans the recording code that goes around the branches.
    pub(super) fn conditional(
        &mut self,
        cond: &mut Expr,
        cur: Cur,
        bool_kind: Kind,
        let_kind: Kind,
    ) -> Plan {
        let (rt, meta) = (rt(), self.meta.clone());
        if let Expr::Let(let_expr) = cond {
            // A lone `let`: record the outcome at the start of each branch. This is the only
            // form edition 2021 accepts, so it must not grow a `&&`.
            let scrutinee = self.let_scrutinee(let_expr);
            let param = self.parameter_named(&let_expr.expr);
            let cur = self.expr(&mut let_expr.expr, cur);
            let outcomes = vec!["matched".to_string(), "not matched".to_string()];
            let (id, node) = self.decision(let_kind, &*let_expr.pat, outcomes, cur);
            let on_true = Some(self.outcome(node, 0));
            self.bind_pattern(&let_expr.pat, on_true);
            let fields = self.bind_fields(param.as_deref(), &let_expr.pat);
            let (defs, before) =
                self.let_shadow(let_expr, id, scrutinee, param.as_deref(), &fields);
            let id = id_tokens(id);
            return Plan {
                on_true,
                on_false: Some(self.outcome(node, 1)),
                then_prefix: Some(syn::parse_quote!({ #rt::hit(&#meta, #id, 0); #defs })),
                else_prefix: Some(syn::parse_quote!(#rt::hit(&#meta, #id, 1);)),
                stage: None,
                before,
            };
        }
        if !chain_has_let(cond) {
            let (on_true, on_false) = self.condition(cond, cur, bool_kind);
            return Plan {
                on_true,
                on_false,
                then_prefix: None,
                else_prefix: None,
                stage: None,
                before: TokenStream::new(),
            };
        }
        // A let chain: after each element a marker records how far evaluation got, so the
        // `else` branch can tell which `let` failed (failing boolean operands record themselves).
        self.stages += 1;
        let stage = format_ident!("__symtest_stage_{}", self.stages, span = Span::mixed_site());
        let mut elements = Vec::new();
        flatten_and(take(cond), &mut elements);
        let mut on_true = cur;
        let mut on_false = None;
        let mut lets = Vec::new();
        let mut chain: Option<Expr> = None;
        for (index, mut element) in elements.into_iter().enumerate() {
            let next = index + 1;
            let marker: Expr = if let Expr::Let(let_expr) = &mut element {
                let scrutinee = self.let_scrutinee(let_expr);
                let param = self.parameter_named(&let_expr.expr);
                let cur = self.expr(&mut let_expr.expr, on_true);
                let outcomes = vec!["matched".to_string(), "not matched".to_string()];
                let (id, node) = self.decision(let_kind, &*let_expr.pat, outcomes, cur);
                on_true = Some(self.outcome(node, 0));
                self.bind_pattern(&let_expr.pat, on_true);
                let fields = self.bind_fields(param.as_deref(), &let_expr.pat);
                let failed = Some(self.outcome(node, 1));
                on_false = self.join(on_false, failed);
                // The bindings' defs run once the pattern matched, before the next element;
                // a place scrutinee's probe runs as an element of its own before the `let`.
                let (defs, before) =
                    self.let_shadow(let_expr, id, scrutinee, param.as_deref(), &fields);
                if !before.is_empty() {
                    let probe: Expr = syn::parse_quote!({ #before true });
                    chain = Some(match chain {
                        None => probe,
                        Some(chain) => syn::parse_quote!(#chain && #probe),
                    });
                }
                let id = id_tokens(id);
                lets.push(quote!((#index, #id)));
                let matched = quote!(#rt::let_matched(&#meta, #id, &mut #stage, #next));
                if defs.is_empty() {
                    syn::parse_quote!(#matched)
                } else {
                    syn::parse_quote!({ #defs #matched })
                }
            } else {
                let (t, f) = self.condition(&mut element, on_true, bool_kind);
                on_true = t;
                on_false = self.join(on_false, f);
                syn::parse_quote!(#rt::stage(&mut #stage, #next))
            };
            chain = Some(match chain {
                None => syn::parse_quote!(#element && #marker),
                Some(chain) => syn::parse_quote!(#chain && #element && #marker),
            });
        }
        if let Some(chain) = chain {
            *cond = chain;
        }
        Plan {
            on_true,
            on_false,
            then_prefix: None,
            else_prefix: Some(syn::parse_quote!(#rt::let_failed(&#meta, #stage, &[#(#lets),*]);)),
            stage: Some(stage),
            before: TokenStream::new(),
        }
    }

    /// Lowers a boolean condition: `&&`, `||`, `!` and parentheses are followed, every other
    /// operand is an atom and becomes a decision. Returns where the true and false paths start.
    pub(super) fn condition(&mut self, expr: &mut Expr, cur: Cur, kind: Kind) -> (Cur, Cur) {
        match expr {
            Expr::Binary(ExprBinary {
                op: op @ (BinOp::And(_) | BinOp::Or(_)),
                left,
                right,
                ..
            }) => {
                // The right operand runs when the left one does not decide alone: after a true
                // left operand of `&&`, a false one of `||`.
                let and = matches!(op, BinOp::And(_));
                let (left_true, left_false) = self.condition(left, cur, kind);
                let right_first = self.decisions.len();
                let right_start = if and { left_true } else { left_false };
                let (right_true, right_false) = self.condition(right, right_start, kind);
                self.rewrite_junction(expr, right_first, and);
                if and {
                    (right_true, self.join(left_false, right_false))
                } else {
                    (self.join(left_true, right_true), right_false)
                }
            }
            Expr::Unary(unary) if matches!(unary.op, UnOp::Not(_)) => {
                let (on_true, on_false) = self.condition(&mut unary.expr, cur, kind);
                (on_false, on_true)
            }
            Expr::Paren(paren) => self.condition(&mut paren.expr, cur, kind),
            Expr::Group(group) => self.condition(&mut group.expr, cur, kind),
            Expr::Binary(binary) if comparison(&binary.op).is_some() => {
                // Reports name the decision as written, not as its operands are rewritten.
                let written = Expr::Binary(binary.clone());
                let shadow = self.template(&written);
                let cur = self.expr(&mut binary.left, cur);
                let cur = self.expr(&mut binary.right, cur);
                let cond = crate::body::symbolic::relation(&binary.op).map(|op| {
                    let (left, right) = (self.sym(&binary.left), self.sym(&binary.right));
                    Cond::Cmp(op, Rc::new(left), Rc::new(right))
                });
                let (id, node) = self.decision(kind, &written, true_false(), cur);
                self.program.conditions[id] = cond;
                let probe = self.decision_probe(id, shadow);
                self.rewrite_comparison(expr, id, probe);
                (Some(self.outcome(node, 0)), Some(self.outcome(node, 1)))
            }
            Expr::MethodCall(call) if is_range_contains(call) => {
                let written = Expr::MethodCall(call.clone());
                let shadow = range_contains_template(call, self);
                let cur = self.expr(&mut call.receiver, cur);
                let cur = self.exprs(&mut call.args, cur);
                let (id, node) = self.decision(kind, &written, true_false(), cur);
                let probe = self.decision_probe(id, shadow);
                self.rewrite_range_contains(expr, id, probe);
                (Some(self.outcome(node, 0)), Some(self.outcome(node, 1)))
            }
            _ => {
                let written = expr.clone();
                let shadow = self.template(expr);
                let cur = self.expr(expr, cur);
                let value = self.sym(expr);
                let (id, node) = self.decision(kind, &written, true_false(), cur);
                if matches!(value, Sym::Var(_) | Sym::Bool(_) | Sym::Not(_)) {
                    self.program.conditions[id] = Some(Cond::Truthy(Rc::new(value)));
                }
                let (probe, _) = self.shadow_decision(id, vec![shadow], Vec::new(), false);
                if !self.rewrite_predicate(expr, id, &probe) {
                    let (rt, meta, id) = (rt(), &self.meta, id_tokens(id));
                    let inner = take(expr);
                    *expr = syn::parse_quote!({ #rt::snapshot(&#meta, #id, &[]); #probe #rt::branch_opaque(&#meta, #id, #inner) });
                }
                (Some(self.outcome(node, 0)), Some(self.outcome(node, 1)))
            }
        }
    }

    /// `l && r` (`and`) or `l || r`, whose right operand's first decision is `right`, becomes
    /// a block that takes the right operand unless the left decides alone, and asks the
    /// junction hook which left value does, so a mutant can turn `&&` into `||` and back.
    /// Let chains stay as written: a `let` cannot move into a block.
    fn rewrite_junction(&self, expr: &mut Expr, right: usize, and: bool) {
        if chain_has_let(expr) {
            return;
        }
        let Expr::Binary(binary) = take(expr) else {
            return;
        };
        let (rt, meta, right_id) = (rt(), &self.meta, id_tokens(right));
        // Parentheses around an operand would be unnecessary in the block (a warning).
        let left = crate::body::shadow::strip_parens(&binary.left).clone();
        let right = crate::body::shadow::strip_parens(&binary.right).clone();
        let l = Ident::new("__symtest_j", Span::mixed_site());
        *expr = syn::parse_quote! {{
            let #l: bool = #left;
            if #l == #rt::junction(&#meta, #right_id, #and) { #l } else { #right }
        }};
    }

    /// `l < r` becomes a hook call that evaluates each operand once, by reference (so nothing
    /// is moved), computes the real result with the same operator, and reports distances.
    pub(super) fn rewrite_comparison(&self, expr: &mut Expr, id: usize, probe: Probe) {
        let Expr::Binary(binary) = take(expr) else {
            return;
        };
        let Some(op) = comparison(&binary.op) else {
            return;
        };
        let (rt, meta, id) = (rt(), &self.meta, id_tokens(id));
        let literal = match (is_number(&binary.left), is_number(&binary.right)) {
            (_, true) => "Right",
            (true, false) => "Left",
            (false, false) => "Neither",
        };
        let literal = Ident::new(literal, Span::call_site());
        let (left, right, operator) = (binary.left, binary.right, binary.op);
        let l = Ident::new("__symtest_l", Span::mixed_site());
        let r = Ident::new("__symtest_r", Span::mixed_site());
        let op = Ident::new(op, Span::call_site());
        let Probe { before, after } = probe;
        let operands = quote!(#rt::Operands(#l, #r));
        let opaque = quote!(#rt::ViaOpaque);
        let relation = reduced::probe(
            operands.clone(),
            opaque.clone(),
            "relation",
            quote!(#rt::LiteralSide::#literal),
        );
        let distances = reduced::probe(operands, opaque, "distances", quote!(#rt::CmpOp::#op));
        *expr = syn::parse_quote! {
            match (&(#left), &(#right)) {
                (#l, #r) => {
                    #rt::snapshot(&#meta, #id, &[]);
                    #after
                    #[allow(unused_imports)]
                    use #rt::{ViaOpaque as _, ViaScalar as _};
                    #rt::compared(
                        &#meta,
                        #id,
                        *#l #operator *#r,
                        #rt::CmpOp::#op,
                        || #relation,
                        #distances,
                    )
                }
            }
        };
        probe_before(expr, before);
    }

    /// `(lo..=hi).contains(&x)` becomes a hook that measures how far `x` is from the range,
    /// evaluating the range and the argument once each, in the original order.
    pub(super) fn rewrite_range_contains(&self, expr: &mut Expr, id: usize, probe: Probe) {
        let Expr::MethodCall(call) = take(expr) else {
            return;
        };
        let (rt, meta, id) = (rt(), &self.meta, id_tokens(id));
        let (receiver, args) = (call.receiver, call.args);
        let range = Ident::new("__symtest_range", Span::mixed_site());
        let value = Ident::new("__symtest_value", Span::mixed_site());
        let Probe { before, after } = probe;
        let distances = reduced::probe(
            quote!(#rt::RangeOperands(#value, low, high, inclusive)),
            quote!(#rt::ViaOpaqueRange),
            "range_distances",
            TokenStream::new(),
        );
        *expr = syn::parse_quote! {
            match (#receiver, #args) {
                (#range, #value) => {
                    #after
                    #rt::branch(&#meta, #id, #range.contains(#value), {
                        #[allow(unused_imports)]
                        use #rt::{ViaOpaqueRange as _, ViaScalarRange as _};
                        let (low, high, inclusive) = #rt::range_bounds(&#range);
                        #distances
                    })
                }
            }
        };
        probe_before(expr, before);
    }

    /// The probe of a comparison or range test `id` whose template is `shadow`: after its
    /// operands, where it reads the values they left, unless the template calls a function
    /// (`helper(x) > 3`), whose arguments must be known before it runs (see the runtime's
    /// `Concolic::note_calls`).
    fn decision_probe(
        &mut self,
        id: usize,
        shadow: Option<crate::body::shadow::Template>,
    ) -> Probe {
        let calls = shadow
            .as_ref()
            .is_some_and(crate::body::shadow::Template::calls);
        let (probe, _) = self.shadow_decision(id, vec![shadow], Vec::new(), false);
        match calls {
            true => Probe {
                before: probe,
                after: TokenStream::new(),
            },
            false => Probe {
                before: TokenStream::new(),
                after: probe,
            },
        }
    }
}

/// `{ probe; expr }`, where there is a probe to run first.
fn probe_before(expr: &mut Expr, probe: TokenStream) {
    if !probe.is_empty() {
        let rewritten = take(expr);
        *expr = syn::parse_quote!({ #probe #rewritten });
    }
}

/// Where a rewritten decision runs its probe: before its operands or after them.
pub(super) struct Probe {
    before: TokenStream,
    after: TokenStream,
}

/// Whether `expr` is a number literal as written (`100`, `-1`, `0.5f32`).
pub(super) fn is_number(expr: &Expr) -> bool {
    match crate::body::shadow::strip_parens(expr) {
        Expr::Lit(literal) => matches!(literal.lit, syn::Lit::Int(_) | syn::Lit::Float(_)),
        Expr::Unary(unary) if matches!(unary.op, UnOp::Neg(_)) => is_number(&unary.expr),
        _ => false,
    }
}

pub(super) fn is_lazy(op: &BinOp) -> bool {
    matches!(op, BinOp::And(_) | BinOp::Or(_))
}

/// Whether a condition is a `let` or a `&&` chain containing one.
pub(super) fn chain_has_let(cond: &Expr) -> bool {
    match cond {
        Expr::Let(_) => true,
        Expr::Binary(ExprBinary {
            op: BinOp::And(_),
            left,
            right,
            ..
        }) => chain_has_let(left) || chain_has_let(right),
        _ => false,
    }
}

/// `(a..b).contains(x)` and the other range forms, with the range written out.
pub(super) fn is_range_contains(call: &syn::ExprMethodCall) -> bool {
    fn is_range(expr: &Expr) -> bool {
        match expr {
            Expr::Range(_) => true,
            Expr::Paren(paren) => is_range(&paren.expr),
            Expr::Group(group) => is_range(&group.expr),
            _ => false,
        }
    }
    call.method == "contains" && call.args.len() == 1 && is_range(&call.receiver)
}

/// What an `if`/`while` condition needs around its branches after lowering.
pub(super) struct Plan {
    pub(super) on_true: Cur,
    pub(super) on_false: Cur,
    pub(super) then_prefix: Option<Stmt>,
    pub(super) else_prefix: Option<Stmt>,
    /// Stage variable of a let chain, declared in a block around the whole `if`.
    pub(super) stage: Option<Ident>,
    /// Statements to run just before the condition (in a block around the whole `if`): the
    /// probe of a lone `let`'s place scrutinee.
    pub(super) before: TokenStream,
}

impl Plan {
    pub(super) fn needs_rewrite(&self) -> bool {
        self.then_prefix.is_some() || self.else_prefix.is_some() || !self.before.is_empty()
    }

    /// Inserts the recording statements into the `if` expression `expr`.
    pub(super) fn apply(self, expr: &mut Expr) {
        let Expr::If(ExprIf {
            then_branch,
            else_branch,
            ..
        }) = expr
        else {
            return;
        };
        if let Some(prefix) = self.then_prefix {
            then_branch.stmts.insert(0, prefix);
        }
        if let Some(prefix) = self.else_prefix {
            let (_, else_expr) = else_branch
                .get_or_insert_with(|| (Default::default(), Box::new(syn::parse_quote!({}))));
            if !matches!(**else_expr, Expr::Block(_)) {
                // `else if …` becomes `else { if … }` to make room for the prefix.
                let nested = take(else_expr);
                **else_expr = syn::parse_quote!({ #nested });
            }
            if let Expr::Block(block) = &mut **else_expr {
                block.block.stmts.insert(0, prefix);
            }
        }
        let before = self.before;
        if let Some(stage) = self.stage {
            let inner = take(expr);
            *expr = syn::parse_quote!({ let mut #stage: usize = 0; #before #inner });
        } else if !before.is_empty() {
            let inner = take(expr);
            *expr = syn::parse_quote!({ #before #inner });
        }
    }
}

/// The runtime's name for a comparison operator, `None` for other operators.
pub(super) fn comparison(op: &BinOp) -> Option<&'static str> {
    Some(match op {
        BinOp::Eq(_) => "Eq",
        BinOp::Ne(_) => "Ne",
        BinOp::Lt(_) => "Lt",
        BinOp::Le(_) => "Le",
        BinOp::Gt(_) => "Gt",
        BinOp::Ge(_) => "Ge",
        _ => return None,
    })
}

pub(super) fn flatten_and(expr: Expr, out: &mut Vec<Expr>) {
    match expr {
        Expr::Binary(ExprBinary {
            op: BinOp::And(_),
            left,
            right,
            ..
        }) => {
            flatten_and(*left, out);
            flatten_and(*right, out);
        }
        other => out.push(other),
    }
}
