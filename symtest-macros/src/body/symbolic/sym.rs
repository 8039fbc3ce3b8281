//! Symbolic values and conditions over a function's locals. Subexpressions are shared
//! (`Rc`), never copied: a local reassigned from itself (`ix = ix - j; j = ix + j`) refers to
//! its previous value instead of duplicating it, so building a value costs the size of the
//! source expression, not of the value. Values larger than [`MAX_NODES`] (counted as a tree)
//! are replaced by [`Sym::Unknown`], which the path walker drops and counts.

use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use syn::{BinOp, Expr, Lit, UnOp};

/// The largest value or condition kept, in nodes of its tree: beyond this a path condition is
/// no guide to the search (and its table would dominate the build), so it is dropped and
/// counted in the approximation level, as values symtest cannot follow are.
pub const MAX_NODES: usize = 64;

/// A value in terms of the locals at the start of a path (`Var`), as far as it can be known.
#[derive(Clone, Debug, PartialEq)]
pub enum Sym {
    /// A local, by its unique name (`x#2` for the second `let x`).
    Var(String),
    Int(i128),
    Float(f64),
    Bool(bool),
    Bin(Op, Rc<Sym>, Rc<Sym>),
    Neg(Rc<Sym>),
    Not(Rc<Sym>),
    /// `value as ty`, with the target type's name (`u8`, `f64`, …).
    Cast(String, Rc<Sym>),
    /// A comparison used as a value (`let ok = a < b;`).
    Rel(Cmp, Rc<Sym>, Rc<Sym>),
    /// `a && b` (true) or `a || b` (false) used as a value.
    Logic(bool, Rc<Sym>, Rc<Sym>),
    /// Anything symtest does not follow: calls, fields, indexing, …
    Unknown,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl Op {
    /// The operator as Rust writes it.
    pub fn symbol(self) -> &'static str {
        match self {
            Op::Add => "+",
            Op::Sub => "-",
            Op::Mul => "*",
            Op::Div => "/",
            Op::Rem => "%",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Cmp {
    /// The operator as Rust writes it.
    pub fn symbol(self) -> &'static str {
        match self {
            Cmp::Eq => "==",
            Cmp::Ne => "!=",
            Cmp::Lt => "<",
            Cmp::Le => "<=",
            Cmp::Gt => ">",
            Cmp::Ge => ">=",
        }
    }

    pub(super) fn negate(self) -> Cmp {
        match self {
            Cmp::Eq => Cmp::Ne,
            Cmp::Ne => Cmp::Eq,
            Cmp::Lt => Cmp::Ge,
            Cmp::Le => Cmp::Gt,
            Cmp::Gt => Cmp::Le,
            Cmp::Ge => Cmp::Lt,
        }
    }

    pub(super) fn holds(self, ordering: std::cmp::Ordering) -> bool {
        use std::cmp::Ordering::*;
        match self {
            Cmp::Eq => ordering == Equal,
            Cmp::Ne => ordering != Equal,
            Cmp::Lt => ordering == Less,
            Cmp::Le => ordering != Greater,
            Cmp::Gt => ordering == Greater,
            Cmp::Ge => ordering != Less,
        }
    }
}

/// The condition of a decision's outcome 0 (`true`): a comparison, or a boolean value.
#[derive(Clone, Debug, PartialEq)]
pub enum Cond {
    Cmp(Cmp, Rc<Sym>, Rc<Sym>),
    Truthy(Rc<Sym>),
}

impl Cond {
    /// The condition for the other outcome.
    pub(super) fn negate(&self) -> Cond {
        match self {
            Cond::Cmp(op, l, r) => Cond::Cmp(op.negate(), l.clone(), r.clone()),
            Cond::Truthy(value) => Cond::Truthy(Rc::new(Sym::Not(value.clone()))),
        }
    }

    /// A boolean that is a comparison (`ok` with `let ok = a < b`) tested as that comparison,
    /// so its distance is measured rather than 0 or K.
    pub(super) fn sharpen(self) -> Cond {
        let Cond::Truthy(value) = &self else {
            return self;
        };
        match &**value {
            Sym::Rel(op, l, r) => Cond::Cmp(*op, l.clone(), r.clone()),
            Sym::Not(inner) => match &**inner {
                Sym::Rel(op, l, r) => Cond::Cmp(op.negate(), l.clone(), r.clone()),
                _ => self,
            },
            _ => self,
        }
    }

    /// The condition with every local replaced by its value in `values`.
    pub(super) fn substitute(&self, values: &BTreeMap<String, Rc<Sym>>) -> Cond {
        match self {
            Cond::Cmp(op, l, r) => Cond::Cmp(*op, substitute(l, values), substitute(r, values)),
            Cond::Truthy(value) => Cond::Truthy(substitute(value, values)),
        }
    }

    pub fn vars(&self, out: &mut BTreeSet<String>) {
        match self {
            Cond::Cmp(_, l, r) => {
                l.vars(out);
                r.vars(out);
            }
            Cond::Truthy(value) => value.vars(out),
        }
    }

    pub(super) fn known(&self) -> bool {
        match self {
            Cond::Cmp(_, l, r) => l.known() && r.known(),
            Cond::Truthy(value) => value.known(),
        }
    }

    /// Whether the condition has at most `limit` nodes.
    pub(super) fn fits(&self, limit: usize) -> bool {
        let mut left = limit;
        match self {
            Cond::Cmp(_, l, r) => l.count(&mut left) && r.count(&mut left),
            Cond::Truthy(value) => value.count(&mut left),
        }
    }
}

impl Sym {
    /// The value of `expr`, with names resolved by `resolve` (a local's unique name, or `None`
    /// for anything that is not a local in scope).
    pub fn of(expr: &Expr, resolve: &impl Fn(&str) -> Option<String>) -> Sym {
        let of = |expr: &Expr| Rc::new(Sym::of(expr, resolve));
        match expr {
            Expr::Lit(lit) => match &lit.lit {
                Lit::Int(int) => int.base10_parse::<i128>().map_or(Sym::Unknown, Sym::Int),
                Lit::Float(float) => float.base10_parse::<f64>().map_or(Sym::Unknown, Sym::Float),
                Lit::Bool(value) => Sym::Bool(value.value),
                Lit::Char(c) => Sym::Int(i128::from(u32::from(c.value()))),
                _ => Sym::Unknown,
            },
            Expr::Path(path) => match path.path.get_ident() {
                Some(ident) => resolve(&ident.to_string()).map_or(Sym::Unknown, Sym::Var),
                None => Sym::Unknown,
            },
            Expr::Paren(paren) => Sym::of(&paren.expr, resolve),
            Expr::Group(group) => Sym::of(&group.expr, resolve),
            Expr::Unary(unary) => match unary.op {
                UnOp::Neg(_) => Sym::Neg(of(&unary.expr)),
                UnOp::Not(_) => Sym::Not(of(&unary.expr)),
                _ => Sym::Unknown,
            },
            Expr::Cast(cast) => {
                let ty = crate::source::display::display(&cast.ty);
                Sym::Cast(ty, of(&cast.expr))
            }
            Expr::Binary(binary) => {
                let (left, right) = (of(&binary.left), of(&binary.right));
                if let Some(op) = arithmetic(&binary.op) {
                    Sym::Bin(op, left, right)
                } else if let Some(cmp) = relation(&binary.op) {
                    Sym::Rel(cmp, left, right)
                } else {
                    match binary.op {
                        BinOp::And(_) => Sym::Logic(true, left, right),
                        BinOp::Or(_) => Sym::Logic(false, left, right),
                        _ => Sym::Unknown,
                    }
                }
            }
            _ => Sym::Unknown,
        }
    }

    pub fn vars(&self, out: &mut BTreeSet<String>) {
        match self {
            Sym::Var(name) => {
                out.insert(name.clone());
            }
            Sym::Bin(_, l, r) | Sym::Rel(_, l, r) | Sym::Logic(_, l, r) => {
                l.vars(out);
                r.vars(out);
            }
            Sym::Neg(inner) | Sym::Not(inner) | Sym::Cast(_, inner) => inner.vars(out),
            Sym::Int(_) | Sym::Float(_) | Sym::Bool(_) | Sym::Unknown => {}
        }
    }

    pub(super) fn known(&self) -> bool {
        match self {
            Sym::Unknown => false,
            Sym::Bin(_, l, r) | Sym::Rel(_, l, r) | Sym::Logic(_, l, r) => l.known() && r.known(),
            Sym::Neg(inner) | Sym::Not(inner) | Sym::Cast(_, inner) => inner.known(),
            Sym::Var(_) | Sym::Int(_) | Sym::Float(_) | Sym::Bool(_) => true,
        }
    }

    /// Takes this value's nodes from `left`; false (and stops early, so a shared value is never
    /// walked in full) when there were not enough.
    fn count(&self, left: &mut usize) -> bool {
        if *left == 0 {
            return false;
        }
        *left -= 1;
        match self {
            Sym::Bin(_, l, r) | Sym::Rel(_, l, r) | Sym::Logic(_, l, r) => {
                l.count(left) && r.count(left)
            }
            Sym::Neg(inner) | Sym::Not(inner) | Sym::Cast(_, inner) => inner.count(left),
            Sym::Var(_) | Sym::Int(_) | Sym::Float(_) | Sym::Bool(_) | Sym::Unknown => true,
        }
    }

    /// Whether the value has at most `limit` nodes.
    pub(super) fn fits(&self, limit: usize) -> bool {
        self.count(&mut { limit })
    }

    /// `l op r`, with constant arithmetic folded and `+ 0`, `- 0`, `* 1`, `/ 1` dropped, so
    /// path conditions read like the code (`1 < n`, not `(0 + 1) < n`) and constant ones can
    /// be pruned.
    fn bin(op: Op, l: Rc<Sym>, r: Rc<Sym>) -> Rc<Sym> {
        match (op, &*l, &*r) {
            (_, Sym::Int(a), Sym::Int(b)) => match fold(op, *a, *b) {
                Some(value) => Rc::new(Sym::Int(value)),
                None => Rc::new(Sym::Bin(op, l, r)),
            },
            (Op::Add | Op::Sub, _, Sym::Int(0)) | (Op::Mul | Op::Div, _, Sym::Int(1)) => l,
            (Op::Add, Sym::Int(0), _) | (Op::Mul, Sym::Int(1), _) => r,
            _ => Rc::new(Sym::Bin(op, l, r)),
        }
    }
}

/// `sym` with each local replaced by its value in `values`, simplified as it is rebuilt
/// (constants folded, `!true` is `false`). The values are shared, not copied.
pub(super) fn substitute(sym: &Rc<Sym>, values: &BTreeMap<String, Rc<Sym>>) -> Rc<Sym> {
    match &**sym {
        Sym::Var(name) => values.get(name).cloned().unwrap_or_else(|| sym.clone()),
        Sym::Bin(op, l, r) => Sym::bin(*op, substitute(l, values), substitute(r, values)),
        Sym::Neg(inner) => {
            let inner = substitute(inner, values);
            match *inner {
                Sym::Int(value) => Rc::new(value.checked_neg().map_or(Sym::Unknown, Sym::Int)),
                _ => Rc::new(Sym::Neg(inner)),
            }
        }
        Sym::Not(inner) => {
            let inner = substitute(inner, values);
            match &*inner {
                Sym::Bool(value) => Rc::new(Sym::Bool(!value)),
                _ => Rc::new(Sym::Not(inner)),
            }
        }
        Sym::Cast(ty, inner) => Rc::new(Sym::Cast(ty.clone(), substitute(inner, values))),
        Sym::Rel(op, l, r) => Rc::new(Sym::Rel(*op, substitute(l, values), substitute(r, values))),
        Sym::Logic(and, l, r) => Rc::new(Sym::Logic(
            *and,
            substitute(l, values),
            substitute(r, values),
        )),
        Sym::Int(_) | Sym::Float(_) | Sym::Bool(_) | Sym::Unknown => sym.clone(),
    }
}

/// `a op b` on constants, `None` where the program would panic (overflow, division by zero).
fn fold(op: Op, a: i128, b: i128) -> Option<i128> {
    match op {
        Op::Add => a.checked_add(b),
        Op::Sub => a.checked_sub(b),
        Op::Mul => a.checked_mul(b),
        Op::Div => a.checked_div(b),
        Op::Rem => a.checked_rem(b),
    }
}

/// The comparison `op` is, if it is one.
pub fn relation(op: &BinOp) -> Option<Cmp> {
    Some(match op {
        BinOp::Eq(_) => Cmp::Eq,
        BinOp::Ne(_) => Cmp::Ne,
        BinOp::Lt(_) => Cmp::Lt,
        BinOp::Le(_) => Cmp::Le,
        BinOp::Gt(_) => Cmp::Gt,
        BinOp::Ge(_) => Cmp::Ge,
        _ => return None,
    })
}

/// The compound-assignment or arithmetic operator of `op`, if it is one symtest follows.
pub fn arithmetic(op: &BinOp) -> Option<Op> {
    Some(match op {
        BinOp::Add(_) | BinOp::AddAssign(_) => Op::Add,
        BinOp::Sub(_) | BinOp::SubAssign(_) => Op::Sub,
        BinOp::Mul(_) | BinOp::MulAssign(_) => Op::Mul,
        BinOp::Div(_) | BinOp::DivAssign(_) => Op::Div,
        BinOp::Rem(_) | BinOp::RemAssign(_) => Op::Rem,
        _ => return None,
    })
}
