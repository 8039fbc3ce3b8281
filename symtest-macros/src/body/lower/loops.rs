//! Loops: `while`, `while let` and `for`, their labels, break targets and iteration ticks.

use proc_macro2::{Span, TokenStream};
use syn::{Block, Expr};

use super::shadows::for_shadow;
use super::{
    Cur, Kind, Loop, LoopTarget, Lowering, NodeId, id_tokens, label_name, line_column, rt, take,
};

impl Lowering {
    pub(super) fn break_target(&mut self, label: Option<&str>) -> Option<NodeId> {
        let index = self.targets.iter().rposition(|t| match label {
            Some(label) => t.label.as_deref() == Some(label),
            None => t.continue_to.is_some(),
        })?;
        if self.targets[index].break_to.is_none() {
            let node = self.graph.add_node(None);
            self.targets[index].break_to = Some(node);
        }
        self.targets[index].break_to
    }

    pub(super) fn open_loop(&mut self, label: Option<String>, head: NodeId, span: Span) -> usize {
        self.loop_starts.push(head);
        let index = self.loops.len();
        let parent = self.targets.iter().rev().find_map(|t| t.loop_index);
        self.loops.push(Loop {
            line: line_column(span).0,
            head: None,
            decisions: Vec::new(),
            body_first: self.decisions.len(),
            tick_node: None,
            nodes: head..head,
            parent,
        });
        self.targets.push(LoopTarget {
            label,
            continue_to: Some(head),
            break_to: None,
            loop_index: Some(index),
        });
        index
    }

    /// Ends the innermost loop; returns where code after it continues (its break target).
    pub(super) fn close_loop(&mut self, index: usize) -> Cur {
        debug_assert_eq!(self.targets.last().and_then(|t| t.loop_index), Some(index));
        if let Some(head) = self.loop_starts.pop() {
            self.loops[index].nodes = head..self.graph.len();
            let body = (head..self.graph.len()).collect();
            self.program.loops.push((head, body));
        }
        self.targets.pop().and_then(|target| target.break_to)
    }

    /// Counts a step of the per-execution budget at the top of every iteration of loop
    /// `index`, which starts at `node`; the path criterion counts the iterations.
    pub(super) fn tick(&mut self, body: &mut Block, index: usize, node: Cur) {
        let (rt, meta) = (rt(), &self.meta);
        let looped = index as u32;
        body.stmts
            .insert(0, syn::parse_quote!(#rt::tick(&#meta, #looped);));
        self.loops[index].tick_node = node;
        self.loops[index].body_first = self.decisions.len();
    }

    pub(super) fn while_expr(&mut self, expr: &mut Expr, cur: Cur) -> Cur {
        let Expr::While(while_expr) = expr else {
            return cur;
        };
        let head = self.fresh(cur);
        let label = while_expr.label.as_ref().map(label_name);
        let index = self.open_loop(label, head, while_expr.while_token.span);
        self.loops[index].head = Some(self.decisions.len());
        // Bindings of `while let` live in a scope of their own, popped after the body.
        self.scopes.push(Default::default());
        let plan = self.conditional(
            &mut while_expr.cond,
            Some(head),
            Kind::While,
            Kind::WhileLet,
        );
        self.tick(&mut while_expr.body, index, plan.on_true);
        let end = self.block(&mut while_expr.body, plan.on_true);
        self.scopes.pop();
        self.edge(end, head);
        let exit = self.close_loop(index);
        let exit = self.join(plan.on_false, exit);
        if plan.needs_rewrite() {
            // `while c { b }` ≡ `loop { if c { b } else { break } }`, which gives the
            // recording code a `then` and an `else` to live in.
            let Expr::While(while_expr) = take(expr) else {
                return exit;
            };
            let (label, cond, body) = (while_expr.label, while_expr.cond, while_expr.body);
            let mut if_expr: Expr = syn::parse_quote!(if #cond #body else { break; });
            plan.apply(&mut if_expr);
            *expr = syn::parse_quote!(#label loop { #if_expr });
        }
        exit
    }

    pub(super) fn for_expr(&mut self, expr: &mut Expr, cur: Cur) -> Cur {
        let Expr::ForLoop(for_loop) = expr else {
            return cur;
        };
        let shadow = for_shadow(&for_loop.expr, &for_loop.pat, &*self);
        let cur = self.expr(&mut for_loop.expr, cur);
        let head = self.fresh(cur);
        let label = for_loop.label.as_ref().map(label_name);
        let index = self.open_loop(label, head, for_loop.for_token.span);
        let outcomes = vec!["iterated".to_string(), "done".to_string()];
        let (id, node) = self.decision(Kind::For, &*for_loop.pat, outcomes, Some(head));
        self.loops[index].head = Some(id);
        let body_start = self.outcome(node, 0);
        let done = self.outcome(node, 1);
        self.tick(&mut for_loop.body, index, Some(body_start));
        self.scopes.push(Default::default());
        self.bind_pattern(&for_loop.pat, Some(body_start));
        let mut probe = TokenStream::new();
        let mut defs = Vec::new();
        if let Some((more, items)) = shadow {
            let bindings = items
                .into_iter()
                .filter_map(|(ident, template)| Some((self.bound(Some(ident))?, template)))
                .collect();
            (probe, defs) = self.shadow_decision(id, vec![Some(more)], bindings, true);
        }
        let end = self.block(&mut for_loop.body, Some(body_start));
        // After lowering the body, which must not see these as decisions of the function.
        for (offset, def) in defs.into_iter().filter(|d| !d.is_empty()).enumerate() {
            for_loop
                .body
                .stmts
                .insert(1 + offset, syn::parse_quote!(#def));
        }
        self.scopes.pop();
        self.edge(end, head);
        let exit = self.close_loop(index);
        let (rt, meta, id) = (rt(), &self.meta, id_tokens(id));
        let iterable = take(&mut for_loop.expr);
        *for_loop.expr = if probe.is_empty() {
            syn::parse_quote!(#rt::ForProbe::new(&#meta, #id, #iterable))
        } else {
            syn::parse_quote!(#rt::ForProbe::new(&#meta, #id, #rt::after({ #probe }, #iterable)))
        };
        self.join(Some(done), exit)
    }
}
