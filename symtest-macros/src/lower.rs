//! One walk over a function body, in evaluation order, that does two things at once so they can
//! never disagree: it rewrites every decision into a call of a runtime hook carrying the
//! decision's id, and it builds the control-flow graph those ids live in.

use std::rc::Rc;

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::spanned::Spanned;
use syn::{
    BinOp, Block, Expr, ExprBinary, ExprIf, ExprMatch, Ident, Label, Local, LocalInit, Pat, Stmt,
    UnOp,
};

use crate::cfg::{EXIT, Graph, NodeId};
use crate::shadow::{Shadows, Template};
use crate::symbolic::{Cond, Program, Sym};

/// What kind of syntax a decision comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    If,
    While,
    /// A match-arm guard.
    Guard,
    /// A `&&`/`||` operand outside an `if`/`while` condition.
    Condition,
    IfLet,
    WhileLet,
    Match,
    For,
    Try,
    LetElse,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::If => "if",
            Kind::While => "while",
            Kind::Guard => "guard",
            Kind::Condition => "condition",
            Kind::IfLet => "if let",
            Kind::WhileLet => "while let",
            Kind::Match => "match",
            Kind::For => "for",
            Kind::Try => "?",
            Kind::LetElse => "let else",
        }
    }
}

/// One decision of the function: a branch point with two or more outcomes.
#[derive(Clone, Debug)]
pub struct Decision {
    /// Locals in scope where the decision is made: unique name → name in the source. A
    /// snapshot of them is what the enhanced fitness evaluates path conditions on.
    pub scope: std::collections::BTreeMap<String, String>,
    pub kind: Kind,
    pub line: usize,
    pub column: usize,
    /// Source text of the predicate (or pattern), for reports.
    pub text: String,
    pub outcomes: Vec<String>,
    /// Per outcome, the `#[cfg(..)]` predicates it is compiled under (a `match` arm's).
    pub cfgs: Vec<Vec<TokenStream>>,
}

/// A loop of the function and the decisions inside it.
#[derive(Clone, Debug)]
pub struct Loop {
    pub line: usize,
    /// The decision that controls iteration (`while`, `for`), if the loop has one.
    pub head: Option<usize>,
    pub decisions: Vec<usize>,
    /// The first decision of the body proper: the loop's decisions before it are its head's
    /// (a `while` condition's, a `for`'s).
    pub body_first: usize,
    /// The node where an iteration starts, where the body's `tick` runs.
    pub tick_node: Cur,
    /// The graph nodes of the loop: those created from its head until it closed.
    pub nodes: std::ops::Range<NodeId>,
    /// The loop this one is nested in, in the same body.
    pub parent: Option<usize>,
}

/// Where sequential code continues; `None` after a `return`, `break`, `panic!` and the like.
type Cur = Option<NodeId>;

struct LoopTarget {
    label: Option<String>,
    /// Where `continue` goes (`None` for labelled blocks, which cannot be continued).
    continue_to: Option<NodeId>,
    /// Where `break` goes, created on first use.
    break_to: Option<NodeId>,
    /// Index into `Lowering::loops` (`None` for labelled blocks).
    loop_index: Option<usize>,
}

pub struct Lowering {
    pub graph: Graph,
    pub decisions: Vec<Decision>,
    pub loops: Vec<Loop>,
    /// What the nodes assign and the decisions test, for partial symbolic execution.
    pub program: Program,
    /// The locals the body may change other than by assignment (see `crate::escapes`).
    pub escaped: std::collections::BTreeSet<String>,
    targets: Vec<LoopTarget>,
    meta: Ident,
    stages: usize,
    /// Locals in scope, innermost block last: source name → unique name.
    scopes: Vec<std::collections::BTreeMap<String, String>>,
    /// How many locals of each source name were declared so far, for unique names.
    declared: std::collections::BTreeMap<String, usize>,
    /// First node of each open loop, to collect its nodes when it closes.
    loop_starts: Vec<NodeId>,
    /// The identifier (with its span, for hygiene) of each local, by unique name.
    pub idents: std::collections::BTreeMap<String, Ident>,
    /// Shadow templates for concolic execution.
    pub shadows: Shadows,
    /// The first node of each `match` arm, with the match and the arm: a guard that fails
    /// goes on to later arms, and the runtime records the arm it reaches there.
    pub arm_starts: std::collections::BTreeMap<NodeId, (usize, usize)>,
}

/// Macros that never return: they end the function the way `return` does.
const DIVERGING_MACROS: &[&str] = &["panic", "unreachable", "todo", "unimplemented"];

use crate::rt;

fn line_column(span: Span) -> (usize, usize) {
    let start = span.start();
    (start.line, start.column + 1)
}

fn take(expr: &mut Expr) -> Expr {
    std::mem::replace(expr, Expr::Verbatim(TokenStream::new()))
}

impl Lowering {
    pub fn new(meta: Ident) -> Self {
        Lowering {
            graph: Graph::new(),
            decisions: Vec::new(),
            loops: Vec::new(),
            program: Program::default(),
            escaped: std::collections::BTreeSet::new(),
            targets: Vec::new(),
            meta,
            stages: 0,
            scopes: vec![Default::default()],
            declared: Default::default(),
            loop_starts: Vec::new(),
            idents: Default::default(),
            shadows: Shadows::default(),
            arm_starts: Default::default(),
        }
    }

    /// Declares the parameters, whose values are the inputs.
    pub fn parameters(&mut self, inputs: &syn::punctuated::Punctuated<syn::FnArg, syn::Token![,]>) {
        for (index, input) in inputs.iter().enumerate() {
            if let syn::FnArg::Typed(typed) = input {
                if let Some(name) = simple_binding(&typed.pat) {
                    let unique = self.declare(&name);
                    if self.shadows.tracked(&unique) {
                        let local = self.shadows.local(&unique);
                        self.shadows.params.push((local, index as u32));
                        let input = input_of(&typed.ty);
                        self.shadows
                            .parameters
                            .insert(unique.clone(), (index as u32, input));
                    }
                    continue;
                }
                let mut names = Vec::new();
                pattern_idents(&typed.pat, &mut names);
                for name in names {
                    self.declare(&name);
                }
            }
        }
    }

    /// Declares a local (or parameter) in the innermost scope; returns its unique name.
    pub fn declare(&mut self, ident: &Ident) -> String {
        let name = ident.to_string();
        let name = name.as_str();
        let count = self.declared.entry(name.to_string()).or_default();
        let unique = if *count == 0 {
            name.to_string()
        } else {
            format!("{name}#{count}")
        };
        *count += 1;
        if let Some(scope) = self.scopes.last_mut() {
            scope.insert(name.to_string(), unique.clone());
        }
        self.idents.insert(unique.clone(), ident.clone());
        unique
    }

    fn resolve(&self, name: &str) -> Option<String> {
        self.scopes
            .iter()
            .rev()
            .find_map(|scope| scope.get(name).cloned())
    }

    fn sym(&self, expr: &Expr) -> Sym {
        Sym::of(expr, &|name| self.resolve(name))
    }

    fn assign(&mut self, node: Cur, name: String, value: Sym) {
        if let Some(node) = node {
            self.program
                .effects
                .entry(node)
                .or_default()
                .push((name, Rc::new(value)));
        }
    }

    /// Makes the locals `pat` binds to fields of the parameter `param` (its unique name, when
    /// the scrutinee is one) input variables: `Shape::Rect { w, h }`, `Some(v)`.
    /// Returns those locals' unique names: the scrutinee's shadow must not overwrite theirs.
    fn bind_fields(&mut self, param: Option<&str>, pat: &Pat) -> Vec<String> {
        let Some(param) = param else {
            return Vec::new();
        };
        let mut bound = Vec::new();
        for (ident, variant, member) in variant_bindings(pat) {
            if self.shadows.tracked(&ident.to_string())
                && let Some(unique) = self.bound(Some(ident))
            {
                let local = self.shadows.local(&unique);
                let field = (local, param.to_string(), variant, member);
                self.shadows.variant_fields.push(field);
                bound.push(unique);
            }
        }
        bound
    }

    /// Declares every identifier `pat` binds, each to an unknown value at `node`.
    fn bind_pattern(&mut self, pat: &Pat, node: Cur) {
        let mut names = Vec::new();
        pattern_idents(pat, &mut names);
        for name in names {
            let unique = self.declare(&name);
            self.assign(node, unique, Sym::Unknown);
        }
    }

    /// Lowers the whole body: instruments it in place and connects its end to EXIT.
    pub fn body(&mut self, block: &mut Block) {
        self.escaped = crate::escapes::escapes(block);
        let entry = self.graph.add_node(None);
        self.graph.add_edge(crate::cfg::ENTRY, entry, None);
        let end = self.block(block, Some(entry));
        self.edge(end, EXIT);
    }

    fn edge(&mut self, from: Cur, to: NodeId) {
        if let Some(from) = from {
            self.graph.add_edge(from, to, None);
        }
    }

    fn fresh(&mut self, from: Cur) -> NodeId {
        let node = self.graph.add_node(None);
        self.edge(from, node);
        node
    }

    fn join(&mut self, a: Cur, b: Cur) -> Cur {
        match (a, b) {
            (None, None) => None,
            (Some(n), None) | (None, Some(n)) => Some(n),
            (Some(a), Some(b)) => {
                let node = self.fresh(Some(a));
                self.graph.add_edge(b, node, None);
                Some(node)
            }
        }
    }

    /// Registers a decision reached from `cur` and returns its id and node.
    fn decision(
        &mut self,
        kind: Kind,
        at: &impl quote::ToTokens,
        outcomes: Vec<String>,
        cur: Cur,
    ) -> (usize, NodeId) {
        let id = self.decisions.len();
        let node = self.graph.add_node(Some(id));
        self.edge(cur, node);
        let (line, column) = line_column(at.span());
        self.program.conditions.push(None);
        self.program.decision_nodes.push(node);
        let mut scope = std::collections::BTreeMap::new();
        for level in &self.scopes {
            for (name, unique) in level {
                scope.retain(|_, source: &mut String| source != name);
                scope.insert(unique.clone(), name.clone());
            }
        }
        self.decisions.push(Decision {
            scope,
            kind,
            line,
            column,
            text: display(at),
            cfgs: vec![Vec::new(); outcomes.len()],
            outcomes,
        });
        for target in &self.targets {
            if let Some(index) = target.loop_index {
                self.loops[index].decisions.push(id);
            }
        }
        (id, node)
    }

    /// The node outcome `outcome` of decision node `node` leads to.
    fn outcome(&mut self, node: NodeId, outcome: usize) -> NodeId {
        let next = self.graph.add_node(None);
        self.graph.add_edge(node, next, Some(outcome));
        next
    }

    fn block(&mut self, block: &mut Block, mut cur: Cur) -> Cur {
        self.scopes.push(Default::default());
        let stmts = std::mem::take(&mut block.stmts);
        for stmt in stmts {
            cur = self.stmt(stmt, cur, &mut block.stmts);
        }
        self.scopes.pop();
        cur
    }

    fn stmt(&mut self, mut stmt: Stmt, cur: Cur, out: &mut Vec<Stmt>) -> Cur {
        let cur = match &mut stmt {
            Stmt::Local(_) => {
                let Stmt::Local(local) = stmt else { return cur };
                return self.local(local, cur, out);
            }
            Stmt::Item(syn::Item::Fn(function)) => {
                self.nested_fn(function);
                cur
            }
            Stmt::Item(_) => cur,
            Stmt::Expr(expr, semi) if self.assignment(expr).is_some() => {
                let (unique, template) = self.assignment(expr).unwrap_or_default();
                // A block's tail assignment (`if c { y = 7 }`) has the value `()` with or
                // without the semicolon; with it, the update can follow.
                semi.get_or_insert_with(Default::default);
                let cur = self.expr(expr, cur);
                let field = shadows::assigned_place(expr).filter(|_| unique.starts_with("self."));
                match template.and_then(|template| self.shadow_def(&unique, template, field)) {
                    Some((pre, post)) => {
                        out.push(pre);
                        out.push(stmt);
                        out.push(post);
                    }
                    None => out.push(stmt),
                }
                return cur;
            }
            Stmt::Expr(expr, _) => self.expr(expr, cur),
            Stmt::Macro(mac) => self.mac(&mac.mac, cur),
        };
        out.push(stmt);
        cur
    }

    fn local(&mut self, mut local: Local, cur: Cur, out: &mut Vec<Stmt>) -> Cur {
        let Some(LocalInit { expr, diverge, .. }) = &mut local.init else {
            self.bind_pattern(&local.pat, cur);
            out.push(Stmt::Local(local));
            return cur;
        };
        // The value before the walk rewrites `&&`/`||` and nested decisions into hook calls.
        let value = self.sym(expr);
        let shadow = self.template(expr);
        let param = self.parameter_named(expr);
        let elements = tuple_elements(&local.pat, expr, self);
        let cur = self.expr(expr, cur);
        let Some((_, diverge)) = diverge else {
            match simple_binding(&local.pat) {
                Some(name) => {
                    let unique = self.declare(&name);
                    self.assign(cur, unique.clone(), value);
                    let def = shadow.and_then(|template| self.shadow_def(&unique, template, None));
                    if let Some((pre, post)) = def {
                        out.push(pre);
                        out.push(Stmt::Local(local));
                        out.push(post);
                        return cur;
                    }
                }
                None => {
                    self.bind_pattern(&local.pat, cur);
                    // `let (a, b) = (x + 1, y);`: one def per element.
                    let defs: Vec<(Stmt, Stmt)> = elements
                        .into_iter()
                        .filter_map(|(ident, template)| {
                            let unique = self.bound(Some(ident))?;
                            self.shadow_def(&unique, template, None)
                        })
                        .collect();
                    let (pre, post): (Vec<Stmt>, Vec<Stmt>) = defs.into_iter().unzip();
                    out.extend(pre);
                    out.push(Stmt::Local(local));
                    out.extend(post);
                    return cur;
                }
            }
            out.push(Stmt::Local(local));
            return cur;
        };
        let pat = &local.pat;
        let outcomes = vec!["matched".to_string(), "else".to_string()];
        let (id, node) = self.decision(Kind::LetElse, pat, outcomes, cur);
        let matched = self.outcome(node, 0);
        let otherwise = self.outcome(node, 1);
        let else_end = self.expr(diverge, Some(otherwise));
        self.edge(else_end, EXIT);
        self.bind_pattern(&local.pat, Some(matched));
        let fields = self.bind_fields(param.as_deref(), &local.pat);
        // `let Some(d) = c.to_digit(10) else { … }`: the pattern is the condition, its
        // binding the scrutinee's value; the probe goes before the whole statement.
        let (probe, defs) = match shadow {
            Some(scrutinee) => {
                self.pattern_shadow(&local.pat, id, scrutinee, param.as_deref(), &fields)
            }
            None => (TokenStream::new(), Vec::new()),
        };
        let (rt, meta, id) = (rt(), &self.meta, id_tokens(id));
        let body = take(diverge);
        **diverge = syn::parse_quote!({ #rt::hit(&#meta, #id, 1); #body });
        if !probe.is_empty() {
            out.push(syn::parse_quote!(#probe));
        }
        out.push(Stmt::Local(local));
        out.push(syn::parse_quote!(#rt::hit(&#meta, #id, 0);));
        for def in defs.into_iter().filter(|def| !def.is_empty()) {
            out.push(syn::parse_quote!(#def));
        }
        Some(matched)
    }

    fn mac(&mut self, mac: &syn::Macro, cur: Cur) -> Cur {
        let diverges =
            mac.path.segments.last().is_some_and(|segment| {
                DIVERGING_MACROS.contains(&segment.ident.to_string().as_str())
            });
        if diverges {
            self.edge(cur, EXIT);
            None
        } else {
            cur
        }
    }

    fn exprs<'a>(&mut self, exprs: impl IntoIterator<Item = &'a mut Expr>, mut cur: Cur) -> Cur {
        for expr in exprs {
            cur = self.expr(expr, cur);
        }
        cur
    }

    fn expr(&mut self, expr: &mut Expr, cur: Cur) -> Cur {
        match expr {
            Expr::Binary(binary) if is_lazy(&binary.op) => {
                let (t, f) = self.condition(expr, cur, Kind::Condition);
                self.join(t, f)
            }
            Expr::If(_) => self.if_expr(expr, cur),
            Expr::While(_) => self.while_expr(expr, cur),
            Expr::ForLoop(_) => self.for_expr(expr, cur),
            Expr::Loop(looped) => {
                let head = self.fresh(cur);
                let label = looped.label.as_ref().map(label_name);
                let index = self.open_loop(label, head, looped.loop_token.span);
                self.tick(&mut looped.body, index, Some(head));
                let end = self.block(&mut looped.body, Some(head));
                self.edge(end, head);
                self.close_loop(index)
            }
            Expr::Match(_) => self.match_expr(expr, cur),
            Expr::Try(_) => self.try_expr(expr, cur),
            Expr::Block(block) => match &block.label {
                Some(label) => {
                    self.targets.push(LoopTarget {
                        label: Some(label_name(label)),
                        continue_to: None,
                        break_to: None,
                        loop_index: None,
                    });
                    let end = self.block(&mut block.block, cur);
                    let target = self.targets.pop().and_then(|target| target.break_to);
                    if let Some(target) = target {
                        self.edge(end, target);
                        Some(target)
                    } else {
                        end
                    }
                }
                None => self.block(&mut block.block, cur),
            },
            Expr::Unsafe(block) => self.block(&mut block.block, cur),
            Expr::Return(ret) => {
                let cur = match &mut ret.expr {
                    Some(value) => self.expr(value, cur),
                    None => cur,
                };
                self.edge(cur, EXIT);
                None
            }
            Expr::Break(brk) => {
                let cur = match &mut brk.expr {
                    Some(value) => self.expr(value, cur),
                    None => cur,
                };
                let label = brk.label.as_ref().map(|l| l.ident.to_string());
                if let Some(target) = self.break_target(label.as_deref()) {
                    self.edge(cur, target);
                }
                None
            }
            Expr::Continue(cont) => {
                let label = cont.label.as_ref().map(|l| l.ident.to_string());
                let target = self
                    .targets
                    .iter()
                    .rev()
                    .filter(|t| t.continue_to.is_some())
                    .find(|t| label.is_none() || t.label == label)
                    .and_then(|t| t.continue_to);
                if let Some(target) = target {
                    self.edge(cur, target);
                }
                None
            }
            Expr::Macro(mac) => self.mac(&mac.mac, cur),
            Expr::Array(e) => self.exprs(&mut e.elems, cur),
            Expr::Tuple(e) => self.exprs(&mut e.elems, cur),
            Expr::Call(e) => self.exprs(std::iter::once(&mut *e.func).chain(&mut e.args), cur),
            Expr::MethodCall(e) => {
                self.exprs(std::iter::once(&mut *e.receiver).chain(&mut e.args), cur)
            }
            Expr::Binary(e) => {
                let cur = self.exprs([&mut *e.left, &mut *e.right], cur);
                if let (Some(op), Some(name)) =
                    (crate::symbolic::arithmetic(&e.op), local_name(&e.left))
                {
                    let compound = !matches!(
                        e.op,
                        BinOp::Add(_)
                            | BinOp::Sub(_)
                            | BinOp::Mul(_)
                            | BinOp::Div(_)
                            | BinOp::Rem(_)
                    );
                    if let (true, Some(unique)) = (compound, self.resolve(&name)) {
                        let value = Sym::Bin(
                            op,
                            Rc::new(Sym::Var(unique.clone())),
                            Rc::new(self.sym(&e.right)),
                        );
                        self.assign(cur, unique, value);
                    }
                }
                cur
            }
            Expr::Assign(e) => {
                let cur = self.exprs([&mut *e.left, &mut *e.right], cur);
                if let Some(unique) = local_name(&e.left).and_then(|name| self.resolve(&name)) {
                    let value = self.sym(&e.right);
                    self.assign(cur, unique, value);
                }
                cur
            }
            Expr::Index(e) => self.exprs([&mut *e.expr, &mut *e.index], cur),
            Expr::Range(e) => {
                let cur = match &mut e.start {
                    Some(start) => self.expr(start, cur),
                    None => cur,
                };
                match &mut e.end {
                    Some(end) => self.expr(end, cur),
                    None => cur,
                }
            }
            Expr::Struct(e) => {
                let cur = self.exprs(e.fields.iter_mut().map(|field| &mut field.expr), cur);
                match &mut e.rest {
                    Some(rest) => self.expr(rest, cur),
                    None => cur,
                }
            }
            Expr::Repeat(e) => self.expr(&mut e.expr, cur),
            Expr::Cast(e) => self.expr(&mut e.expr, cur),
            Expr::Field(e) => self.expr(&mut e.base, cur),
            Expr::Paren(e) => self.expr(&mut e.expr, cur),
            Expr::Group(e) => self.expr(&mut e.expr, cur),
            Expr::Reference(e) => self.expr(&mut e.expr, cur),
            Expr::Unary(e) => self.expr(&mut e.expr, cur),
            Expr::Let(e) => self.expr(&mut e.expr, cur),
            Expr::Closure(closure) => {
                self.closure(closure);
                cur
            }
            // Async and const blocks run at another time, if at all, or not at run time.
            _ => cur,
        }
    }

    /// Lowers the body of a closure or nested `fn` as a region of its own. It runs whenever it
    /// is called, not where it is written, so its graph hangs from ENTRY and ends at EXIT like
    /// the function's own body; its decisions are targets of the function. A nested `fn`
    /// sees none of the function's locals (`fresh_scope`); a closure sees them all. Labels of
    /// enclosing loops cannot be reached from inside either.
    fn region(&mut self, fresh_scope: bool, lower: impl FnOnce(&mut Self, Cur) -> Cur) {
        let targets = std::mem::take(&mut self.targets);
        let scopes = fresh_scope.then(|| std::mem::take(&mut self.scopes));
        self.scopes.push(Default::default());
        let entry = self.graph.add_node(None);
        self.graph.add_edge(crate::cfg::ENTRY, entry, None);
        let end = lower(self, Some(entry));
        self.edge(end, EXIT);
        self.scopes.pop();
        if let Some(scopes) = scopes {
            self.scopes = scopes;
        }
        self.targets = targets;
    }

    /// A nested `fn` item; `const` and `async` ones are left alone (hooks are neither).
    fn nested_fn(&mut self, function: &mut syn::ItemFn) {
        if function.sig.constness.is_some() || function.sig.asyncness.is_some() {
            return;
        }
        self.region(true, |this, cur| {
            for input in &function.sig.inputs {
                if let syn::FnArg::Typed(typed) = input {
                    this.bind_pattern(&typed.pat, cur);
                }
            }
            this.block(&mut function.block, cur)
        });
    }

    fn closure(&mut self, closure: &mut syn::ExprClosure) {
        if closure.constness.is_some() || closure.asyncness.is_some() {
            return;
        }
        self.region(false, |this, cur| {
            for pat in &closure.inputs {
                this.bind_pattern(pat, cur);
            }
            this.expr(&mut closure.body, cur)
        });
    }

    fn break_target(&mut self, label: Option<&str>) -> Option<NodeId> {
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

    fn open_loop(&mut self, label: Option<String>, head: NodeId, span: Span) -> usize {
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
    fn close_loop(&mut self, index: usize) -> Cur {
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
    fn tick(&mut self, body: &mut Block, index: usize, node: Cur) {
        let (rt, meta) = (rt(), &self.meta);
        let looped = index as u32;
        body.stmts
            .insert(0, syn::parse_quote!(#rt::tick(&#meta, #looped);));
        self.loops[index].tick_node = node;
        self.loops[index].body_first = self.decisions.len();
    }

    fn if_expr(&mut self, expr: &mut Expr, cur: Cur) -> Cur {
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

    fn while_expr(&mut self, expr: &mut Expr, cur: Cur) -> Cur {
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

    fn for_expr(&mut self, expr: &mut Expr, cur: Cur) -> Cur {
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

    fn try_expr(&mut self, expr: &mut Expr, cur: Cur) -> Cur {
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
        let continues = shadow
            .map(|value| crate::shadow::join(vec![value], vec![crate::shadow::call("IsSome", 1)]));
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

    fn match_expr(&mut self, expr: &mut Expr, cur: Cur) -> Cur {
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
        let scrutinee_shadow = self.template(scrutinee);
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
            let mut fields = self.bind_fields(scrutinee_param.as_deref(), &arm.pat);
            if let (Some(elements), Pat::Tuple(tuple)) = (&elements, &arm.pat) {
                for (index, pat) in
                    crate::shadow::aligned(tuple, elements.len()).unwrap_or_default()
                {
                    fields.extend(self.bind_fields(elements[index].1.as_deref(), pat));
                }
            }
            if let (Some(scrutinee), None) = (&scrutinee_shadow, &arm.guard)
                && let Some(unique) = self.bound(crate::shadow::binding(&arm.pat))
                && !fields.contains(&unique)
            {
                bindings.push((index, unique, scrutinee.clone()));
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
                    **guard = syn::parse_quote!({ #hit; true } && #condition);
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
        let patterns: Vec<Option<Template>> = arms
            .iter()
            .map(|arm| match &elements {
                Some(elements) => crate::shadow::tuple_pattern(&arm.pat, elements),
                None => crate::shadow::pattern(&arm.pat, scrutinee_shadow.as_ref()?, tag.as_ref()),
            })
            .collect();
        // An arm is taken when its pattern matches and no earlier unguarded arm's does; after
        // an unguarded arm whose pattern is not modelled, no arm's condition is known.
        let shadow_outcomes = (0..arms.len())
            .map(|k| {
                let mut condition = patterns[k].clone()?;
                for (earlier, arm) in patterns[..k].iter().zip(arms.iter()) {
                    if arm.guard.is_none() {
                        condition = crate::shadow::join(
                            vec![condition, earlier.clone()?],
                            vec![crate::shadow::not(), crate::shadow::op("And")],
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
        for (index, def) in arm_indices.into_iter().zip(defs) {
            if let Expr::Block(block) = &mut *arms[index].body
                && !def.is_empty()
            {
                block.block.stmts.insert(1, syn::parse_quote!(#def));
            }
        }
        let distances: Vec<Option<TokenStream>> = arms
            .iter()
            .map(|arm| pattern_distances(&arm.pat, &scrutinee_ref))
            .collect();
        if distances.iter().any(Option::is_some) || !shadow_probe.is_empty() {
            let distances = distances.iter().map(|d| match d {
                Some(d) => d.clone(),
                None => quote!(::core::option::Option::None),
            });
            let probe: syn::Arm = syn::parse_quote! {
                ref #scrutinee_ref if {
                    #shadow_probe
                    #rt::match_probe(&#meta, #id_lit, &[#(#distances),*]);
                    false
                } => ::core::unreachable!(),
            };
            arms.insert(0, probe);
        }
        end
    }

    /// Lowers the condition of an `if` or `while`, which may contain `let` (`if let`, let
    /// chains), and plans the recording code that goes around the branches.
    fn conditional(&mut self, cond: &mut Expr, cur: Cur, bool_kind: Kind, let_kind: Kind) -> Plan {
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
    fn condition(&mut self, expr: &mut Expr, cur: Cur, kind: Kind) -> (Cur, Cur) {
        match expr {
            Expr::Binary(ExprBinary {
                op: BinOp::And(_),
                left,
                right,
                ..
            }) => {
                let (left_true, left_false) = self.condition(left, cur, kind);
                let right_first = self.decisions.len();
                let (right_true, right_false) = self.condition(right, left_true, kind);
                self.rewrite_junction(expr, right_first, true);
                (right_true, self.join(left_false, right_false))
            }
            Expr::Binary(ExprBinary {
                op: BinOp::Or(_),
                left,
                right,
                ..
            }) => {
                let (left_true, left_false) = self.condition(left, cur, kind);
                let right_first = self.decisions.len();
                let (right_true, right_false) = self.condition(right, left_false, kind);
                self.rewrite_junction(expr, right_first, false);
                (self.join(left_true, right_true), right_false)
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
                let cond = crate::symbolic::relation(&binary.op).map(|op| {
                    let (left, right) = (self.sym(&binary.left), self.sym(&binary.right));
                    Cond::Cmp(op, Rc::new(left), Rc::new(right))
                });
                let (id, node) = self.decision(kind, &written, true_false(), cur);
                self.program.conditions[id] = cond;
                let (probe, _) = self.shadow_decision(id, vec![shadow], Vec::new(), false);
                self.rewrite_comparison(expr, id, probe);
                (Some(self.outcome(node, 0)), Some(self.outcome(node, 1)))
            }
            Expr::MethodCall(call) if is_range_contains(call) => {
                let written = Expr::MethodCall(call.clone());
                let shadow = range_contains_template(call, self);
                let cur = self.expr(&mut call.receiver, cur);
                let cur = self.exprs(&mut call.args, cur);
                let (id, node) = self.decision(kind, &written, true_false(), cur);
                let (probe, _) = self.shadow_decision(id, vec![shadow], Vec::new(), false);
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
        let left = shadows::strip_parens(&binary.left).clone();
        let right = shadows::strip_parens(&binary.right).clone();
        let l = Ident::new("__symtest_j", Span::mixed_site());
        *expr = syn::parse_quote! {{
            let #l: bool = #left;
            if #l == #rt::junction(&#meta, #right_id, #and) { #l } else { #right }
        }};
    }

    /// `l < r` becomes a hook call that evaluates each operand once, by reference (so nothing
    /// is moved), computes the real result with the same operator, and reports distances.
    fn rewrite_comparison(&self, expr: &mut Expr, id: usize, probe: TokenStream) {
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
        *expr = syn::parse_quote! {
            match (&(#left), &(#right)) {
                (#l, #r) => {
                    #rt::snapshot(&#meta, #id, &[]);
                    #probe
                    #[allow(unused_imports)]
                    use #rt::{ViaOpaque as _, ViaScalar as _};
                    #rt::compared(
                        &#meta,
                        #id,
                        *#l #operator *#r,
                        #rt::CmpOp::#op,
                        || (&&#rt::Operands(#l, #r)).relation(#rt::LiteralSide::#literal),
                        (&&#rt::Operands(#l, #r)).distances(#rt::CmpOp::#op),
                    )
                }
            }
        };
    }
}

/// The name a simple `let` binds (`x`, `mut x`, `x: T`), if that is all it does.
fn simple_binding(pat: &Pat) -> Option<Ident> {
    match pat {
        Pat::Ident(ident) if ident.subpat.is_none() && ident.by_ref.is_none() => {
            Some(ident.ident.clone())
        }
        Pat::Type(typed) => simple_binding(&typed.pat),
        _ => None,
    }
}

/// Identifiers a pattern may bind (lowercase ones: capitalised paths are variants or consts).
fn pattern_idents(pat: &Pat, out: &mut Vec<Ident>) {
    match pat {
        Pat::Ident(ident) => {
            let name = ident.ident.to_string();
            if name.starts_with(|c: char| c.is_lowercase() || c == '_') {
                out.push(ident.ident.clone());
            }
            if let Some((_, sub)) = &ident.subpat {
                pattern_idents(sub, out);
            }
        }
        Pat::Type(typed) => pattern_idents(&typed.pat, out),
        Pat::Reference(reference) => pattern_idents(&reference.pat, out),
        Pat::Paren(paren) => pattern_idents(&paren.pat, out),
        Pat::Tuple(tuple) => tuple.elems.iter().for_each(|p| pattern_idents(p, out)),
        Pat::TupleStruct(tuple) => tuple.elems.iter().for_each(|p| pattern_idents(p, out)),
        Pat::Slice(slice) => slice.elems.iter().for_each(|p| pattern_idents(p, out)),
        Pat::Struct(fields) => fields
            .fields
            .iter()
            .for_each(|f| pattern_idents(&f.pat, out)),
        Pat::Or(or) => {
            if let Some(first) = or.cases.first() {
                pattern_idents(first, out);
            }
        }
        _ => {}
    }
}

/// `x` for an expression that is just a local's name.
fn local_name(expr: &Expr) -> Option<String> {
    match expr {
        Expr::Path(path) => path.path.get_ident().map(ToString::to_string),
        Expr::Paren(paren) => local_name(&paren.expr),
        _ => None,
    }
}

fn label_name(label: &Label) -> String {
    label.name.ident.to_string()
}

/// Whether `expr` is a number literal as written (`100`, `-1`, `0.5f32`).
fn is_number(expr: &Expr) -> bool {
    match shadows::strip_parens(expr) {
        Expr::Lit(literal) => matches!(literal.lit, syn::Lit::Int(_) | syn::Lit::Float(_)),
        Expr::Unary(unary) if matches!(unary.op, UnOp::Neg(_)) => is_number(&unary.expr),
        _ => false,
    }
}

fn is_lazy(op: &BinOp) -> bool {
    matches!(op, BinOp::And(_) | BinOp::Or(_))
}

/// Whether a condition is a `let` or a `&&` chain containing one.
fn chain_has_let(cond: &Expr) -> bool {
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

impl Lowering {
    /// `(lo..=hi).contains(&x)` becomes a hook that measures how far `x` is from the range,
    /// evaluating the range and the argument once each, in the original order.
    fn rewrite_range_contains(&self, expr: &mut Expr, id: usize, probe: TokenStream) {
        let Expr::MethodCall(call) = take(expr) else {
            return;
        };
        let (rt, meta, id) = (rt(), &self.meta, id_tokens(id));
        let (receiver, args) = (call.receiver, call.args);
        let range = Ident::new("__symtest_range", Span::mixed_site());
        let value = Ident::new("__symtest_value", Span::mixed_site());
        *expr = syn::parse_quote! {
            match (#receiver, #args) {
                (#range, #value) => {
                    #probe
                    #rt::branch(&#meta, #id, #range.contains(#value), {
                        #[allow(unused_imports)]
                        use #rt::{ViaOpaqueRange as _, ViaScalarRange as _};
                        let (low, high, inclusive) = #rt::range_bounds(&#range);
                        (&&#rt::RangeOperands(#value, low, high, inclusive)).range_distances()
                    })
                }
            }
        };
    }
}

/// `(a..b).contains(x)` and the other range forms, with the range written out.
fn is_range_contains(call: &syn::ExprMethodCall) -> bool {
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

/// The `match` keyword and its scrutinee: where a match decision is and how it reads.
struct Scrutinee<'a>(&'a syn::token::Match, &'a Expr);

impl quote::ToTokens for Scrutinee<'_> {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        self.0.to_tokens(tokens);
        self.1.to_tokens(tokens);
    }
}

/// What an `if`/`while` condition needs around its branches after lowering.
struct Plan {
    on_true: Cur,
    on_false: Cur,
    then_prefix: Option<Stmt>,
    else_prefix: Option<Stmt>,
    /// Stage variable of a let chain, declared in a block around the whole `if`.
    stage: Option<Ident>,
    /// Statements to run just before the condition (in a block around the whole `if`): the
    /// probe of a lone `let`'s place scrutinee.
    before: TokenStream,
}

impl Plan {
    fn needs_rewrite(&self) -> bool {
        self.then_prefix.is_some() || self.else_prefix.is_some() || !self.before.is_empty()
    }

    /// Inserts the recording statements into the `if` expression `expr`.
    fn apply(self, expr: &mut Expr) {
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
            Some(quote!({ #uses (&&#rt::Operands(#scrutinee, &(#lit))).distances(#rt::CmpOp::Eq) }))
        }
        Pat::Range(range) => {
            let bound = |bound: &Option<Box<Expr>>| match bound {
                Some(bound) => quote!(::core::option::Option::Some(&(#bound))),
                None => quote!(::core::option::Option::None),
            };
            let (start, end) = (bound(&range.start), bound(&range.end));
            let inclusive = matches!(range.limits, syn::RangeLimits::Closed(_));
            Some(
                quote!({ #uses (&&#rt::RangeOperands(#scrutinee, #start, #end, #inclusive)).range_distances() }),
            )
        }
        Pat::Wild(_) => Some(quote!(::core::option::Option::Some(#rt::Distances::opaque(true)))),
        Pat::Paren(paren) => pattern_distances(&paren.pat, scrutinee),
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

/// The runtime's name for a comparison operator, `None` for other operators.
fn comparison(op: &BinOp) -> Option<&'static str> {
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

fn true_false() -> Vec<String> {
    vec!["true".to_string(), "false".to_string()]
}

/// The predicates of the `#[cfg(..)]` attributes among `attrs`.
fn cfg_predicates(attrs: &[syn::Attribute]) -> Vec<TokenStream> {
    attrs
        .iter()
        .filter(|attr| attr.path().is_ident("cfg"))
        .filter_map(|attr| Some(attr.meta.require_list().ok()?.tokens.clone()))
        .collect()
}

fn id_tokens(id: usize) -> TokenStream {
    let id = id as u32;
    quote!(#id)
}

fn flatten_and(expr: Expr, out: &mut Vec<Expr>) {
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

/// Tokens as a person would write them (`s.len() > 3`, not `s . len () > 3`), for reports.
pub fn display(tokens: &impl quote::ToTokens) -> String {
    let mut out = String::new();
    write_tokens(tokens.to_token_stream(), &mut out);
    out
}

/// What the previous token was, which decides the space before the next one.
#[derive(Clone, Copy, PartialEq)]
enum Prev {
    Start,
    /// An identifier, literal or closed group: a value, after which operators are binary.
    Operand,
    /// Punctuation after which an operand follows without a space (`.`, `::`, unary `-`, …).
    Glue,
    /// A binary operator or `,`: the next token gets a space.
    Spaced,
}

fn write_tokens(tokens: TokenStream, out: &mut String) {
    use proc_macro2::{Delimiter, Spacing, TokenTree};
    let mut prev = Prev::Start;
    let mut joint = String::new();
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    for (index, tree) in trees.iter().enumerate() {
        match tree {
            TokenTree::Punct(punct) => {
                joint.push(punct.as_char());
                if punct.spacing() == Spacing::Joint
                    && !matches!(trees.get(index + 1), Some(TokenTree::Ident(_)))
                {
                    continue;
                }
                let op = std::mem::take(&mut joint);
                let unary = prev != Prev::Operand;
                prev = match op.as_str() {
                    "." | "::" | "'" | ".." | "..=" => {
                        out.push_str(&op);
                        Prev::Glue
                    }
                    "?" => {
                        out.push_str(&op);
                        Prev::Operand
                    }
                    "," | ";" => {
                        out.push_str(&op);
                        Prev::Spaced
                    }
                    "<" | ">" if prev == Prev::Glue || matches!(out.chars().last(), Some(':')) => {
                        out.push_str(&op);
                        Prev::Glue
                    }
                    "-" | "!" | "&" | "*" | "&&" if unary => {
                        if prev == Prev::Spaced {
                            out.push(' ');
                        }
                        out.push_str(&op);
                        Prev::Glue
                    }
                    ">" if out.ends_with(|c: char| c.is_alphanumeric()) && out.contains("::<") => {
                        out.push_str(&op);
                        Prev::Operand
                    }
                    _ => {
                        if prev != Prev::Start {
                            out.push(' ');
                        }
                        out.push_str(&op);
                        Prev::Spaced
                    }
                };
            }
            TokenTree::Ident(_) | TokenTree::Literal(_) => {
                if matches!(prev, Prev::Operand | Prev::Spaced) {
                    out.push(' ');
                }
                out.push_str(&tree.to_string());
                prev = Prev::Operand;
            }
            TokenTree::Group(group) => {
                let (open, close) = match group.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::Brace => ("{ ", " }"),
                    Delimiter::None => ("", ""),
                };
                let glued = group.delimiter() != Delimiter::Brace && prev == Prev::Operand;
                if !glued && matches!(prev, Prev::Operand | Prev::Spaced) {
                    out.push(' ');
                }
                out.push_str(open);
                write_tokens(group.stream(), out);
                out.push_str(close);
                prev = Prev::Operand;
            }
        }
    }
}

#[cfg(test)]
mod tests;

mod shadows;

use shadows::{for_shadow, input_of, range_contains_template, tuple_elements, variant_bindings};
