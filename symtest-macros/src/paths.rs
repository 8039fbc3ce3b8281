//! Code generation for the enhanced fitness: the path conditions of every target, as static
//! tables over each decision's snapshot of locals, and the snapshot calls that capture those
//! locals when the decision runs.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::TokenStream;
use quote::quote;
use syn::visit_mut::VisitMut;

use crate::cfg::Outcome;
use crate::lower::Lowering;
use crate::symbolic::{self, Cmp, Cond, Op, Product, Sym};

/// Loop unrolling of the path expressions (the paper's k): `SYMTEST_UNROLL` at build time,
/// 1 by default (as in the paper). Larger values multiply the paths through loops.
fn unroll() -> u32 {
    std::env::var("SYMTEST_UNROLL")
        .ok()
        .and_then(|k| k.parse().ok())
        .unwrap_or(1)
        .min(4)
}

/// Path conditions of one target from the decisions it depends on.
struct TargetPaths {
    target: (usize, usize),
    from: Vec<((usize, usize), Vec<Product>)>,
}

/// The tables for `FunctionMeta::symbolic` and, per decision, the locals (unique names) its
/// snapshot captures.
pub struct Tables {
    targets: Vec<TargetPaths>,
    pub snapshots: BTreeMap<usize, Vec<String>>,
}

/// Computes the products of every (target, decision it transitively depends on) pair.
/// Locals in `unreadable` (mutably borrowed somewhere) are never snapshotted: reading them at a
/// decision could conflict with a live `&mut` borrow and break the instrumented build.
pub fn compute(
    lowering: &Lowering,
    control: &[BTreeSet<Outcome>],
    unreadable: &BTreeSet<String>,
) -> Tables {
    let k = unroll();
    let mut targets = Vec::new();
    let mut snapshots: BTreeMap<usize, BTreeSet<String>> = BTreeMap::new();
    for (decision, meta) in lowering.decisions.iter().enumerate() {
        for outcome in 0..meta.outcomes.len() {
            let mut from = Vec::new();
            for (n, o) in chain(control, decision) {
                let products = symbolic::products(
                    &lowering.graph,
                    &lowering.program,
                    (n, o),
                    (decision, outcome),
                    k,
                );
                if products.is_empty() {
                    continue;
                }
                let vars = snapshots.entry(n).or_default();
                for product in &products {
                    for cond in &product.conditions {
                        cond_vars(cond, vars);
                    }
                }
                from.push(((n, o), products));
            }
            if !from.is_empty() {
                targets.push(TargetPaths {
                    target: (decision, outcome),
                    from,
                });
            }
        }
    }
    let snapshots = snapshots
        .into_iter()
        .map(|(n, vars)| {
            // Only locals visible by their source name where the decision runs can be read.
            let visible = &lowering.decisions[n].scope;
            let visible = |unique: &String| {
                visible
                    .get(unique)
                    .is_some_and(|source| !unreadable.contains(source))
            };
            (n, vars.into_iter().filter(|v| visible(v)).collect())
        })
        .collect();
    Tables { targets, snapshots }
}

/// The decisions `decision` is transitively control dependent on, with the outcome leading
/// toward it, nearest first.
fn chain(control: &[BTreeSet<Outcome>], decision: usize) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut frontier = vec![decision];
    let mut seen = BTreeSet::from([decision]);
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for d in frontier {
            for dep in control.get(d).into_iter().flatten() {
                if !found.contains(&(dep.decision, dep.outcome)) {
                    found.push((dep.decision, dep.outcome));
                }
                if seen.insert(dep.decision) {
                    next.push(dep.decision);
                }
            }
        }
        frontier = next;
    }
    found
}

fn cond_vars(cond: &Cond, out: &mut BTreeSet<String>) {
    let mut visit = |sym: &Sym| sym_vars(sym, out);
    match cond {
        Cond::Cmp(_, l, r) => {
            visit(l);
            visit(r);
        }
        Cond::Truthy(value) => visit(value),
    }
}

fn sym_vars(sym: &Sym, out: &mut BTreeSet<String>) {
    match sym {
        Sym::Var(name) => {
            out.insert(name.clone());
        }
        Sym::Bin(_, l, r) => {
            sym_vars(l, out);
            sym_vars(r, out);
        }
        Sym::Neg(inner) | Sym::Not(inner) | Sym::Cast(_, inner) => sym_vars(inner, out),
        Sym::Rel(_, l, r) | Sym::Logic(_, l, r) => {
            sym_vars(l, out);
            sym_vars(r, out);
        }
        Sym::Int(_) | Sym::Float(_) | Sym::Bool(_) | Sym::Unknown => {}
    }
}

/// The `symbolic` field of the function's static table.
pub fn emit(tables: &Tables) -> TokenStream {
    let rt = quote!(::symtest_runtime::__private);
    let targets = tables.targets.iter().map(|paths| {
        let (decision, outcome) = (paths.target.0 as u32, paths.target.1 as u32);
        let from = paths.from.iter().map(|((n, o), products)| {
            let vars = tables.snapshots.get(n).map_or(&[][..], Vec::as_slice);
            let products = products.iter().map(|product| {
                let mut dropped = product.approximation_level;
                let mut conditions = Vec::new();
                for cond in &product.conditions {
                    match encode_cond(cond, vars) {
                        Some(tokens) => conditions.push(tokens),
                        None => dropped += 1,
                    }
                }
                quote!(#rt::SymProduct { conditions: &[#(#conditions),*], dropped: #dropped })
            });
            let (n, o) = (*n as u32, *o as u32);
            quote!(#rt::PathsFrom { decision: #n, outcome: #o, products: &[#(#products),*] })
        });
        quote!(#rt::TargetPaths { decision: #decision, outcome: #outcome, from: &[#(#from),*] })
    });
    quote!(&[#(#targets),*])
}

/// The runtime's `CmpOp` variant for a comparison.
fn cmp_variant(op: Cmp) -> TokenStream {
    match op {
        Cmp::Eq => quote!(Eq),
        Cmp::Ne => quote!(Ne),
        Cmp::Lt => quote!(Lt),
        Cmp::Le => quote!(Le),
        Cmp::Gt => quote!(Gt),
        Cmp::Ge => quote!(Ge),
    }
}

fn encode_cond(cond: &Cond, vars: &[String]) -> Option<TokenStream> {
    let rt = quote!(::symtest_runtime::__private);
    let (op, lhs, rhs) = match cond {
        Cond::Cmp(op, l, r) => {
            let op = cmp_variant(*op);
            (
                quote!(#rt::CondOp::Cmp(#rt::CmpOp::#op)),
                encode(l, vars)?,
                encode(r, vars)?,
            )
        }
        Cond::Truthy(value) => (
            quote!(#rt::CondOp::Truthy),
            encode(value, vars)?,
            Vec::new(),
        ),
    };
    Some(quote!(#rt::SymCond { op: #op, lhs: &[#(#lhs),*], rhs: &[#(#rhs),*] }))
}

/// Reverse Polish tokens of `sym` over the snapshot `vars`; `None` for what the runtime cannot
/// evaluate (unknown values, locals not in the snapshot, casts to other types).
fn encode(sym: &Sym, vars: &[String]) -> Option<Vec<TokenStream>> {
    let rt = quote!(::symtest_runtime::__private::Tok);
    let mut out = Vec::new();
    match sym {
        Sym::Var(name) => {
            let index = vars.iter().position(|v| v == name)? as u16;
            out.push(quote!(#rt::Var(#index)));
        }
        Sym::Int(value) => out.push(quote!(#rt::Int(#value))),
        Sym::Float(value) if value.is_finite() => out.push(quote!(#rt::Float(#value))),
        Sym::Bool(value) => out.push(quote!(#rt::Bool(#value))),
        Sym::Bin(op, l, r) => {
            out.extend(encode(l, vars)?);
            out.extend(encode(r, vars)?);
            out.push(match op {
                Op::Add => quote!(#rt::Add),
                Op::Sub => quote!(#rt::Sub),
                Op::Mul => quote!(#rt::Mul),
                Op::Div => quote!(#rt::Div),
                Op::Rem => quote!(#rt::Rem),
            });
        }
        Sym::Neg(inner) => {
            out.extend(encode(inner, vars)?);
            out.push(quote!(#rt::Neg));
        }
        Sym::Rel(op, l, r) => {
            out.extend(encode(l, vars)?);
            out.extend(encode(r, vars)?);
            let op = cmp_variant(*op);
            out.push(quote!(#rt::Rel(::symtest_runtime::__private::CmpOp::#op)));
        }
        Sym::Logic(and, l, r) => {
            out.extend(encode(l, vars)?);
            out.extend(encode(r, vars)?);
            out.push(if *and {
                quote!(#rt::And)
            } else {
                quote!(#rt::Or)
            });
        }
        Sym::Not(inner) => {
            out.extend(encode(inner, vars)?);
            out.push(quote!(#rt::Not));
        }
        Sym::Cast(ty, inner) => {
            out.extend(encode(inner, vars)?);
            let (bits, signed): (u8, bool) = match ty.as_str() {
                "f32" | "f64" => {
                    out.push(quote!(#rt::AsFloat));
                    return Some(out);
                }
                "i8" => (8, true),
                "i16" => (16, true),
                "i32" => (32, true),
                "i64" | "isize" => (64, true),
                "i128" => (128, true),
                "u8" => (8, false),
                "u16" => (16, false),
                "u32" => (32, false),
                "u64" | "usize" => (64, false),
                "u128" => (128, false),
                _ => return None,
            };
            out.push(quote!(#rt::AsInt { bits: #bits, signed: #signed }));
        }
        _ => return None,
    }
    Some(out)
}

/// Names of locals the body borrows mutably (`&mut x`, `ref mut` bindings into them, or
/// assigned inside a closure, which borrows them for as long as the closure lives): snapshots
/// must not read them. Mutable autoref method calls (`x.as_mut()`) are not seen.
pub fn mutably_borrowed(block: &syn::Block) -> BTreeSet<String> {
    struct Collector {
        names: BTreeSet<String>,
        closures: usize,
    }
    impl<'ast> syn::visit::Visit<'ast> for Collector {
        fn visit_expr_reference(&mut self, reference: &'ast syn::ExprReference) {
            if reference.mutability.is_some() {
                root_name(&reference.expr, &mut self.names);
            }
            syn::visit::visit_expr_reference(self, reference);
        }
        fn visit_local(&mut self, local: &'ast syn::Local) {
            if let Some(init) = &local.init
                && binds_ref_mut(&local.pat)
            {
                root_name(&init.expr, &mut self.names);
            }
            syn::visit::visit_local(self, local);
        }
        fn visit_expr_match(&mut self, expr: &'ast syn::ExprMatch) {
            if expr.arms.iter().any(|arm| binds_ref_mut(&arm.pat)) {
                root_name(&expr.expr, &mut self.names);
            }
            syn::visit::visit_expr_match(self, expr);
        }
        fn visit_expr_let(&mut self, expr: &'ast syn::ExprLet) {
            if binds_ref_mut(&expr.pat) {
                root_name(&expr.expr, &mut self.names);
            }
            syn::visit::visit_expr_let(self, expr);
        }
        fn visit_expr_closure(&mut self, closure: &'ast syn::ExprClosure) {
            self.closures += 1;
            syn::visit::visit_expr_closure(self, closure);
            self.closures -= 1;
        }
        fn visit_expr_assign(&mut self, assign: &'ast syn::ExprAssign) {
            if self.closures > 0 {
                root_name(&assign.left, &mut self.names);
            }
            syn::visit::visit_expr_assign(self, assign);
        }
        fn visit_expr_binary(&mut self, binary: &'ast syn::ExprBinary) {
            if self.closures > 0 && crate::symbolic::arithmetic(&binary.op).is_some() {
                root_name(&binary.left, &mut self.names);
            }
            syn::visit::visit_expr_binary(self, binary);
        }
    }
    /// Whether a pattern has a `ref mut` binding, which borrows the matched value mutably.
    fn binds_ref_mut(pat: &syn::Pat) -> bool {
        struct Finder(bool);
        impl<'ast> syn::visit::Visit<'ast> for Finder {
            fn visit_pat_ident(&mut self, ident: &'ast syn::PatIdent) {
                self.0 |= ident.by_ref.is_some() && ident.mutability.is_some();
                syn::visit::visit_pat_ident(self, ident);
            }
        }
        let mut finder = Finder(false);
        syn::visit::Visit::visit_pat(&mut finder, pat);
        finder.0
    }
    fn root_name(expr: &syn::Expr, names: &mut BTreeSet<String>) {
        match expr {
            syn::Expr::Path(path) => {
                if let Some(ident) = path.path.get_ident() {
                    names.insert(ident.to_string());
                }
            }
            syn::Expr::Field(field) => root_name(&field.base, names),
            syn::Expr::Index(index) => root_name(&index.expr, names),
            syn::Expr::Paren(paren) => root_name(&paren.expr, names),
            _ => {}
        }
    }
    let mut collector = Collector {
        names: BTreeSet::new(),
        closures: 0,
    };
    syn::visit::Visit::visit_block(&mut collector, block);
    collector.names
}

/// Fills each `snapshot(&META, id, &[])` call the lowering left with the locals the decision's
/// path conditions read, by their names in the source.
pub fn fill_snapshots(block: &mut syn::Block, tables: &Tables, lowering: &Lowering) {
    let mut filler = Filler { tables, lowering };
    filler.visit_block_mut(block);
}

struct Filler<'a> {
    tables: &'a Tables,
    lowering: &'a Lowering,
}

/// A `snapshot(..)` call statement that captures nothing: removed, so decisions whose paths
/// read no locals pay no call per evaluation.
fn empty_snapshot(stmt: &syn::Stmt) -> bool {
    let syn::Stmt::Expr(syn::Expr::Call(call), Some(_)) = stmt else {
        return false;
    };
    let is_snapshot = matches!(&*call.func, syn::Expr::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "snapshot"));
    let empty = matches!(call.args.get(2), Some(syn::Expr::Reference(r)) if matches!(&*r.expr, syn::Expr::Array(a) if a.elems.is_empty()));
    is_snapshot && empty
}

impl VisitMut for Filler<'_> {
    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        syn::visit_mut::visit_block_mut(self, block);
        block.stmts.retain(|stmt| !empty_snapshot(stmt));
    }

    fn visit_expr_call_mut(&mut self, call: &mut syn::ExprCall) {
        syn::visit_mut::visit_expr_call_mut(self, call);
        let is_snapshot = matches!(&*call.func, syn::Expr::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "snapshot"));
        if !is_snapshot || call.args.len() != 3 {
            return;
        }
        let Some(syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(id),
            ..
        })) = call.args.get(1)
        else {
            return;
        };
        let Ok(id) = id.base10_parse::<usize>() else {
            return;
        };
        let Some(vars) = self.tables.snapshots.get(&id) else {
            return;
        };
        let scope = &self.lowering.decisions[id].scope;
        let rt = quote!(::symtest_runtime::__private);
        let locals = vars
            .iter()
            .filter(|unique| scope.contains_key(*unique))
            .filter_map(|unique| self.lowering.idents.get(unique));
        let values = locals.map(|local| {
            let local = syn::Ident::new(&local.to_string(), local.span());
            quote!({
                #[allow(unused_imports)]
                use #rt::{NoSnap as _, ViaScalarSnap as _};
                (&&#rt::Snap(&#local)).value()
            })
        });
        if let Ok(array) = syn::parse2(quote!(&[#(#values),*])) {
            call.args[2] = array;
        }
    }
}
