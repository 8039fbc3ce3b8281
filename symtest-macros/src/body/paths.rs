//! Code generation for the enhanced fitness: the path conditions of every target, as static
//! tables over each decision's snapshot of locals, and the snapshot calls that capture those
//! locals when the decision runs.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::TokenStream;
use quote::quote;
use syn::visit_mut::VisitMut;

use crate::body::flow::Outcome;
use crate::body::lower::Lowering;
use crate::body::symbolic::{self, Cond, Product, Sym};

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

/// Nodes the path walks of one function may visit, per decision of the function (with a
/// floor for small functions): the static analysis grows linearly with the function, however
/// its paths multiply. A walk of one (decision, target) pair takes at most `PAIR_STEPS`.
const STEPS_PER_DECISION: usize = 500;
const MIN_STEPS: usize = 50_000;
const PAIR_STEPS: usize = 10_000;

/// Computes the products of every (target, decision it transitively depends on) pair, within
/// the function's step budget: nearest decisions first for every target, then the next
/// nearest, so when the budget runs out it is the far pairs that fall back to the standard
/// fitness. Locals in `unreadable` (mutably borrowed somewhere) are never snapshotted: reading
/// them at a decision could conflict with a live `&mut` borrow and break the instrumented build.
pub fn compute(
    lowering: &Lowering,
    control: &[BTreeSet<Outcome>],
    unreadable: &BTreeSet<String>,
) -> Tables {
    let analysis = symbolic::Analysis::new(&lowering.graph, &lowering.program, unroll());
    let mut budget = (STEPS_PER_DECISION * lowering.decisions.len()).max(MIN_STEPS);
    let mut targets: Vec<TargetPaths> = Vec::new();
    let mut chains = Vec::new();
    for (decision, meta) in lowering.decisions.iter().enumerate() {
        let chain = chain(control, decision);
        for outcome in 0..meta.outcomes.len() {
            targets.push(TargetPaths {
                target: (decision, outcome),
                from: Vec::new(),
            });
            chains.push(chain.clone());
        }
    }
    let mut snapshots: BTreeMap<usize, BTreeSet<String>> = BTreeMap::new();
    let depth = chains.iter().map(Vec::len).max().unwrap_or(0);
    for rank in 0..depth {
        for (paths, chain) in targets.iter_mut().zip(&chains) {
            let Some(&(n, o)) = chain.get(rank) else {
                continue;
            };
            if budget == 0 {
                break;
            }
            let walk = analysis.products((n, o), paths.target, budget.min(PAIR_STEPS));
            budget -= walk.steps;
            if walk.products.is_empty() {
                continue;
            }
            let vars = snapshots.entry(n).or_default();
            for product in &walk.products {
                for cond in &product.conditions {
                    cond.vars(vars);
                }
            }
            paths.from.push(((n, o), walk.products));
        }
    }
    targets.retain(|paths| !paths.from.is_empty());
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

/// The `symbolic` field of the function's static table: the products as text, in the form
/// `symtest_runtime::symbolic::PathTable` decodes (its module documents the words).
pub fn emit(tables: &Tables) -> TokenStream {
    let mut text = String::new();
    for paths in &tables.targets {
        let (decision, outcome) = paths.target;
        write_word(&mut text, format_args!("T{decision},{outcome}"));
        for ((n, o), products) in &paths.from {
            let vars = tables.snapshots.get(n).map_or(&[][..], Vec::as_slice);
            write_word(&mut text, format_args!("F{n},{o}"));
            for product in products {
                let conditions: Vec<String> = product
                    .conditions
                    .iter()
                    .filter_map(|cond| encode_cond(cond, vars))
                    .collect();
                let dropped = product.approximation_level as usize + product.conditions.len()
                    - conditions.len();
                write_word(&mut text, format_args!("P{dropped}"));
                for condition in conditions {
                    write_word(&mut text, format_args!("{condition}"));
                }
            }
        }
    }
    let rt = crate::rt();
    quote!(#rt::PathTable::new(#text))
}

fn write_word(text: &mut String, word: std::fmt::Arguments) {
    use std::fmt::Write;
    if !text.is_empty() {
        text.push(' ');
    }
    let _ = text.write_fmt(word);
}

/// A condition's words; `None` when a side cannot be evaluated at run time.
fn encode_cond(cond: &Cond, vars: &[String]) -> Option<String> {
    let mut words = Vec::new();
    match cond {
        Cond::Cmp(op, l, r) => {
            words.push(format!("C{}", op.symbol()));
            encode(l, vars, &mut words)?;
            words.push("|".to_string());
            encode(r, vars, &mut words)?;
        }
        Cond::Truthy(value) => {
            words.push("C?".to_string());
            encode(value, vars, &mut words)?;
        }
    }
    Some(words.join(" "))
}

/// Appends the reverse Polish words of `sym` over the snapshot `vars`; `None` for what the
/// runtime cannot evaluate (unknown values, locals not in the snapshot, casts to other types).
fn encode(sym: &Sym, vars: &[String], out: &mut Vec<String>) -> Option<()> {
    match sym {
        Sym::Var(name) => {
            let index = vars.iter().position(|v| v == name)?;
            out.push(format!("v{index}"));
        }
        Sym::Int(value) => out.push(format!("i{value}")),
        Sym::Float(value) if value.is_finite() => out.push(format!("f{value:?}")),
        Sym::Bool(value) => out.push(format!("b{}", u8::from(*value))),
        Sym::Bin(op, l, r) => {
            encode(l, vars, out)?;
            encode(r, vars, out)?;
            out.push(op.symbol().to_string());
        }
        Sym::Neg(inner) => {
            encode(inner, vars, out)?;
            out.push("~".to_string());
        }
        Sym::Rel(op, l, r) => {
            encode(l, vars, out)?;
            encode(r, vars, out)?;
            out.push(format!("r{}", op.symbol()));
        }
        Sym::Logic(and, l, r) => {
            encode(l, vars, out)?;
            encode(r, vars, out)?;
            out.push(if *and { "&&" } else { "||" }.to_string());
        }
        Sym::Not(inner) => {
            encode(inner, vars, out)?;
            out.push("!".to_string());
        }
        Sym::Cast(ty, inner) => {
            encode(inner, vars, out)?;
            let word = match ty.as_str() {
                "f32" | "f64" => "af",
                "i8" => "ai8",
                "i16" => "ai16",
                "i32" => "ai32",
                "i64" | "isize" => "ai64",
                "i128" => "ai128",
                "u8" => "au8",
                "u16" => "au16",
                "u32" => "au32",
                "u64" | "usize" => "au64",
                "u128" => "au128",
                _ => return None,
            };
            out.push(word.to_string());
        }
        _ => return None,
    }
    Some(())
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
    let empty = matches!(call.args.iter().nth(2), Some(syn::Expr::Reference(r)) if matches!(&*r.expr, syn::Expr::Array(a) if a.elems.is_empty()));
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
        })) = call.args.iter().nth(1)
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
        let rt = crate::rt();
        let locals = vars
            .iter()
            .filter(|unique| scope.contains_key(*unique))
            .filter_map(|unique| self.lowering.idents.get(unique));
        let values = locals.map(|local| {
            let local = syn::Ident::new(&local.to_string(), local.span());
            if crate::signature::generics::opaque() || crate::body::reduced::on() {
                return quote!(#rt::std::option::Option::None);
            }
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
