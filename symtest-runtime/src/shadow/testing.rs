//! Helpers shared by the tests of the shadow modules: the types they use most, builders of
//! constant and variable expressions, and a small deterministic generator of integers.

use crate::genes::{FloatKind, IntKind};
use crate::record::distance::Distances;
use crate::record::expr::{Binary, Expr, Fault, Method, Node, Ty, Unary, Val, expr};

pub(crate) const I8: Ty = Ty::Int(IntKind::I8);
pub(crate) const U8: Ty = Ty::Int(IntKind::U8);
pub(crate) const I32: Ty = Ty::Int(IntKind::I32);
pub(crate) const U32: Ty = Ty::Int(IntKind::U32);
pub(crate) const I64: Ty = Ty::Int(IntKind::I64);
pub(crate) const U128: Ty = Ty::Int(IntKind::U128);
pub(crate) const USIZE: Ty = Ty::Int(IntKind::Usize);
pub(crate) const F32: Ty = Ty::Float(FloatKind::F32);
pub(crate) const F64: Ty = Ty::Float(FloatKind::F64);

pub(crate) fn var(index: usize, ty: Ty) -> Expr {
    expr(Node::Var(index), ty)
}

pub(crate) fn int(value: i128, ty: Ty) -> Expr {
    expr(Node::Const(Val::Int(value)), ty)
}

pub(crate) fn float(value: f64, ty: Ty) -> Expr {
    expr(Node::Const(Val::Float(value)), ty)
}

pub(crate) fn boolean(value: bool) -> Expr {
    expr(Node::Const(Val::Bool(value)), Ty::Bool)
}

pub(crate) fn chr(value: char) -> Expr {
    expr(Node::Const(Val::Char(value)), Ty::Char)
}

pub(crate) fn text(value: &str) -> Expr {
    expr(Node::Const(Val::Str(value.into())), Ty::Str)
}

pub(crate) fn seq(items: &[i128], kind: IntKind) -> Expr {
    expr(Node::Const(Val::Seq(items.into())), Ty::Seq(kind))
}

/// `a op b`, typed `Bool` for comparisons and logic, else like `a`.
pub(crate) fn bin(op: Binary, a: Expr, b: Expr) -> Expr {
    let boolean = matches!(
        op,
        Binary::Eq
            | Binary::Ne
            | Binary::Lt
            | Binary::Le
            | Binary::Gt
            | Binary::Ge
            | Binary::And
            | Binary::Or
    );
    let ty = if boolean { Ty::Bool } else { a.ty };
    expr(Node::Binary(op, a, b), ty)
}

pub(crate) fn call(method: Method, args: Vec<Expr>, ty: Ty) -> Expr {
    expr(Node::Call(method, args), ty)
}

pub(crate) fn not(a: Expr) -> Expr {
    let ty = a.ty;
    expr(Node::Unary(Unary::Not, a), ty)
}

pub(crate) fn cast(a: Expr, ty: Ty) -> Expr {
    expr(Node::Cast(a), ty)
}

pub(crate) fn d(to_true: f64, to_false: f64) -> Distances {
    Distances { to_true, to_false }
}

/// The value of an expression without variables.
pub(crate) fn value(e: &Expr) -> Result<Val, Fault> {
    e.eval(&[])
}

/// A tiny deterministic generator (Knuth's MMIX LCG).
pub(crate) struct Lcg(pub(crate) u64);

impl Lcg {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 ^ (self.0 >> 29)
    }

    /// 128 random bits, often a small value or a neighbour of an extreme.
    pub(crate) fn bits(&mut self) -> u128 {
        let wide = (u128::from(self.next()) << 64) | u128::from(self.next());
        match self.next() % 4 {
            0 => wide % 7,
            1 => (wide % 7).wrapping_neg(),
            2 => wide % 7 + (1 << (self.next() % 128)),
            _ => wide,
        }
    }
}
