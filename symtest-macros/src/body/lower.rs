//! One walk over a function body, in evaluation order, that does two things at once so they can
//! never disagree: it rewrites every decision into a call of a runtime hook carrying the
//! decision's id, and it builds the control-flow graph those ids live in.
//!
//! This file holds the walk over statements and expressions; its parts live beside it:
//! `conditions` (boolean atoms, `&&`/`||`, let chains), `branches` (`if`, `?`, `match`),
//! `loops`, `patterns` (enum tags, tuple scrutinees, `let` patterns), `shadows` (the
//! templates of locals and decisions), `returns` (the values the function returns, and the
//! guard of its calls) and `display` (tokens as a person writes them).

use std::rc::Rc;

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::spanned::Spanned;
use syn::{BinOp, Block, Expr, Ident, Label, Local, LocalInit, Pat, Stmt};

use crate::body::flow::{EXIT, Graph, NodeId};
use crate::body::shadow::Shadows;
use crate::body::symbolic::{Program, Sym};
use crate::source::display::display;

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
    /// The locals the body may change other than by assignment (see `crate::body::escapes`).
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
    /// The locals of each `let` being lowered whose value branches (innermost last), which
    /// its arms' values give shadows (see `bound`).
    bound: Vec<bound::Bound>,
    /// The identifier of each parameter shadows follow, by its local's id.
    param_idents: std::collections::BTreeMap<u32, Ident>,
    /// The first node of each `match` arm, with the match and the arm: a guard that fails
    /// goes on to later arms, and the runtime records the arm it reaches there.
    pub arm_starts: std::collections::BTreeMap<NodeId, (usize, usize)>,
    /// The type the function makes, if it has no `self` and returns one (see
    /// `returns::made_type`).
    pub made: Option<String>,
    /// Whether the function takes `self`: a call of it on its caller's `self` is followed
    /// with the caller's parts of `self`, parameters or not.
    pub method: bool,
}

/// Macros that never return: they end the function the way `return` does.
const DIVERGING_MACROS: &[&str] = &["panic", "unreachable", "todo", "unimplemented"];

use crate::rt;

fn line_column(span: Span) -> (usize, usize) {
    let start = crate::source::position::start(span);
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
            param_idents: Default::default(),
            bound: Vec::new(),
            arm_starts: Default::default(),
            made: None,
            method: false,
        }
    }

    /// Declares the parameters, whose values are the inputs.
    pub fn parameters(&mut self, inputs: &syn::punctuated::Punctuated<syn::FnArg, syn::Token![,]>) {
        for (index, input) in inputs.iter().enumerate() {
            if let syn::FnArg::Receiver(receiver) = input {
                self.shadows.receiver = receiver_type(&receiver.ty);
                self.method = true;
            }
            if let syn::FnArg::Typed(typed) = input {
                if let Some(name) = simple_binding(&typed.pat) {
                    let unique = self.declare(&name);
                    if self.shadows.tracked(&unique) {
                        let local = self.shadows.local(&unique);
                        self.shadows.params.push((local, index as u32));
                        self.param_idents.insert(local, name.clone());
                        let input = input_of(&typed.ty);
                        let ty = without_references(&typed.ty);
                        self.shadows
                            .parameter_types
                            .insert(unique.clone(), quote!(#ty));
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
        // `self` is no parameter of the table: its fields get defs instead (see
        // `receiver_bindings`).
        let Some(param) = param.filter(|param| *param != patterns::RECEIVER) else {
            return Vec::new();
        };
        let mut bound = Vec::new();
        for (ident, path, member) in variant_bindings(pat) {
            if self.shadows.tracked(&ident.to_string())
                && let Some(unique) = self.bound(Some(ident))
            {
                let local = self.shadows.local(&unique);
                let variant = path.segments.last().map(|s| s.ident.to_string());
                let member = crate::body::shadow::member_name(&member);
                let field = (
                    local,
                    param.to_string(),
                    variant.unwrap_or_default(),
                    member,
                );
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

    /// Lowers the whole body: instruments it in place and connects its end to EXIT. Where a
    /// parameter has a shadow, or the function takes `self`, the body opens with the guard
    /// through which a concolic execution follows a call of the function (a method's branches
    /// on `self`); where a parameter has one, each value it returns gives the caller its shadow
    /// (see `returns`): without one, what it returns is no function of its caller's inputs.
    /// (A method's value is not hooked for `self` alone: bound in a `let`, it would lose the
    /// coercion its return type gives, `Some(&self.error)` to `Option<&dyn Error>`.)
    pub fn body(&mut self, block: &mut Block) {
        self.escaped = crate::body::escapes::escapes(block);
        let entry = self.graph.add_node(None);
        self.graph.add_edge(crate::body::flow::ENTRY, entry, None);
        let returns = !self.shadows.params.is_empty();
        if returns {
            returns::mark(block);
        }
        let end = self.block(block, Some(entry));
        self.edge(end, EXIT);
        if returns || self.method {
            block.stmts.insert(0, self.entry_guard());
        }
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
        // `let (a, b) = match … { … }`: each arm's value gives the locals their shadows.
        if diverge.is_none()
            && bound::branches(&local.pat, expr)
            && let Some(reserved) = self.reserve_bound(&local.pat)
        {
            bound::mark(expr);
            self.bound.push(reserved);
            let cur = self.expr(expr, cur);
            if let Some(reserved) = self.bound.pop() {
                self.bind_bound(&local.pat, &reserved, cur);
            }
            out.push(Stmt::Local(local));
            return cur;
        }
        // The value before the walk rewrites `&&`/`||` and nested decisions into hook calls.
        let value = self.sym(expr);
        let shadow = self.template(expr);
        let pair = crate::body::shadow::scrutinee_pair(expr, self);
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
            Some(value) => {
                let scrutinee = patterns::Scrutinee { value, pair };
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
            Expr::Call(_) if returns::is_marked(expr) => self.returned_value(expr, cur),
            Expr::Call(_) if bound::is_marked(expr) => self.bound_value(expr, cur),
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
                if let (Some(op), Some(name)) = (
                    crate::body::symbolic::arithmetic(&e.op),
                    local_name(&e.left),
                ) {
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
        self.graph.add_edge(crate::body::flow::ENTRY, entry, None);
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
}

/// `T` of `T`, `&T`, `&mut T` (and of groups and parentheses around them).
fn without_references(ty: &syn::Type) -> &syn::Type {
    match ty {
        syn::Type::Reference(reference) => without_references(&reference.elem),
        syn::Type::Group(group) => without_references(&group.elem),
        syn::Type::Paren(paren) => without_references(&paren.elem),
        other => other,
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

fn true_false() -> Vec<String> {
    vec!["true".to_string(), "false".to_string()]
}

/// The predicates of the `#[cfg(..)]` attributes among `attrs`.
fn cfg_predicates(attrs: &[syn::Attribute]) -> Vec<TokenStream> {
    attrs
        .iter()
        .filter(|attr| attr.path().is_ident("cfg"))
        .filter_map(|attr| match &attr.meta {
            syn::Meta::List(list) => Some(list.tokens.clone()),
            _ => None,
        })
        .collect()
}

fn id_tokens(id: usize) -> TokenStream {
    let id = id as u32;
    quote!(#id)
}

#[cfg(test)]
mod tests;

mod bound;
mod branches;
mod conditions;
mod loops;
mod patterns;
mod returns;

pub(crate) use returns::made_type;
mod shadows;

use conditions::is_lazy;
use patterns::{input_of, receiver_type, variant_bindings};
use shadows::tuple_elements;
