//! The solver's moves beyond a number's unit steps: deletions, insertions and overwrites on
//! strings and sequences, the coordinates ([`Dim`]) and axes ([`Axis`]) integer and diagonal
//! moves walk along, and the values of variables: whether one fits ([`fits`]), repairing a
//! start that does not, and random restarts near the best point ([`nudge`]).

use crate::record::expr::{int_max, int_min};
use std::collections::HashSet;
use std::hash::Hash;

use rand::RngExt;

use super::{Constraint, Point, Solver, Stop};
use crate::genes::random::Rng;
use crate::genes::random::random_value;
use crate::genes::{CHAR_COUNT, FloatKind, IntKind, Shape, Value, char_of_gene, gene_of_char};
use crate::record::expr::{self, Node, Ty, Val, Var};
use crate::shadow::arith;

/// Most chars (items) a string (sequence) move tries to insert or overwrite at a position.
const MOVE_VALUES: usize = 8;

impl Solver<'_> {
    /// Deletions at each position, insertions and overwrites of the move chars at each
    /// position, then the integer moves on each char's code point; repeated while any
    /// improves.
    pub(super) fn string(
        &mut self,
        point: &mut Point,
        var: usize,
        moves: &Moves,
    ) -> Result<bool, Stop> {
        let chars_of = |point: &Point| -> Vec<char> {
            match &point.values[var] {
                Val::Str(s) => s.chars().collect(),
                _ => Vec::new(),
            }
        };
        let text = |chars: &[char]| Val::Str(chars.iter().collect::<String>().into());
        let mut improved = false;
        loop {
            let mut progressed = false;
            let mut position = 0;
            while position < chars_of(point).len() {
                let mut chars = chars_of(point);
                chars.remove(position);
                if self.try_move(point, var, text(&chars))? {
                    progressed = true;
                } else {
                    position += 1;
                }
            }
            let mut position = 0;
            while position <= chars_of(point).len() {
                for &c in &moves.chars {
                    let mut chars = chars_of(point);
                    chars.insert(position, c);
                    if self.try_move(point, var, text(&chars))? {
                        progressed = true;
                        break;
                    }
                }
                position += 1;
            }
            for position in 0..chars_of(point).len() {
                for &c in &moves.chars {
                    let mut chars = chars_of(point);
                    chars[position] = c;
                    if self.try_move(point, var, text(&chars))? {
                        progressed = true;
                        break;
                    }
                }
            }
            for position in 0..chars_of(point).len() {
                progressed |= self.integer(point, Dim::StrChar(var, position))?;
            }
            if !progressed {
                return Ok(improved);
            }
            improved = true;
        }
    }

    /// Like [`Self::string`], over the items of a sequence of integers.
    pub(super) fn sequence(
        &mut self,
        point: &mut Point,
        var: usize,
        kind: IntKind,
        moves: &Moves,
    ) -> Result<bool, Stop> {
        let items_of = |point: &Point| -> Vec<i128> {
            match &point.values[var] {
                Val::Seq(items) => items.to_vec(),
                _ => Vec::new(),
            }
        };
        let seq = |items: Vec<i128>| Val::Seq(items.into());
        let mut improved = false;
        loop {
            let mut progressed = false;
            let mut position = 0;
            while position < items_of(point).len() {
                let mut items = items_of(point);
                items.remove(position);
                if self.try_move(point, var, seq(items))? {
                    progressed = true;
                } else {
                    position += 1;
                }
            }
            let mut position = 0;
            while position <= items_of(point).len() {
                for &item in &moves.items {
                    let mut items = items_of(point);
                    items.insert(position, arith::wrap(kind, item));
                    if self.try_move(point, var, seq(items))? {
                        progressed = true;
                        break;
                    }
                }
                position += 1;
            }
            for position in 0..items_of(point).len() {
                progressed |= self.integer(point, Dim::Item(var, position, kind))?;
            }
            if !progressed {
                return Ok(improved);
            }
            improved = true;
        }
    }
}

/// The chars and integer items that string and sequence moves insert: `'a'`, `'0'`, `0`, `1`,
/// then those of the constants in the constraints, first come first.
#[derive(Debug)]
pub(super) struct Moves {
    chars: Vec<char>,
    items: Vec<i128>,
}

impl Moves {
    pub(super) fn of(constraints: &[Constraint]) -> Self {
        let (mut chars, mut items) = (vec!['a', '0'], vec![0, 1]);
        for constraint in constraints {
            for node in constraint.expr.nodes() {
                match &node.node {
                    Node::Const(Val::Str(s)) => chars.extend(s.chars().take(MOVE_VALUES)),
                    Node::Const(Val::Char(c)) => chars.push(*c),
                    Node::Const(Val::Int(value)) => items.push(*value),
                    Node::Const(Val::Seq(values)) => items.extend(values.iter().take(MOVE_VALUES)),
                    _ => {}
                }
            }
        }
        Moves {
            chars: first_distinct(chars),
            items: first_distinct(items),
        }
    }
}

fn first_distinct<T: Copy + Eq + Hash>(mut values: Vec<T>) -> Vec<T> {
    let mut seen = HashSet::new();
    values.retain(|value| seen.insert(*value));
    values.truncate(MOVE_VALUES);
    values
}

/// A numeric variable, for diagonal moves: an integer or char one by its [`Dim`], a float by
/// whole units.
#[derive(Clone, Copy, Debug)]
pub(super) enum Axis {
    Dim(Dim),
    Float(usize, FloatKind),
}

impl Axis {
    pub(super) fn of(var: usize, ty: Ty) -> Option<Axis> {
        match ty {
            Ty::Int(_) | Ty::AnyInt => Some(Axis::Dim(Dim::Int(var, expr::int_kind(ty)?))),
            Ty::Char => Some(Axis::Dim(Dim::Char(var))),
            Ty::Float(_) | Ty::AnyFloat => Some(Axis::Float(var, expr::float_kind(ty)?)),
            _ => None,
        }
    }

    pub(super) fn var(self) -> usize {
        match self {
            Axis::Dim(dim) => dim.var(),
            Axis::Float(var, _) => var,
        }
    }

    /// The variable moved `2^iteration` units up or down; `None` when that changes nothing.
    pub(super) fn shifted(self, values: &[Val], up: bool, iteration: u32) -> Option<Val> {
        match (self, values.get(self.var())?) {
            (Axis::Dim(dim), _) => {
                let current = dim.get(values)?;
                let size = 1u128.checked_shl(iteration).unwrap_or(u128::MAX);
                let next = if up {
                    current.saturating_add(size).min(dim.max())
                } else {
                    current.saturating_sub(size)
                };
                (next != current).then(|| dim.with(values, next)).flatten()
            }
            (Axis::Float(_, kind), Val::Float(current)) => {
                let base = if current.is_finite() { *current } else { 0.0 };
                let size = 2f64.powi(i32::try_from(iteration).unwrap_or(i32::MAX));
                let next = arith::round(kind, if up { base + size } else { base - size });
                (next.is_finite() && next != *current).then_some(Val::Float(next))
            }
            _ => None,
        }
    }
}

/// One integer coordinate the AVM moves: an integer variable or a char variable, a char of a
/// string variable or an item of a sequence variable. Coordinates are offsets from the type's
/// minimum (chars: their gene, which skips surrogates), so every move stays in the type.
#[derive(Clone, Copy, Debug)]
pub(super) enum Dim {
    Int(usize, IntKind),
    Char(usize),
    StrChar(usize, usize),
    Item(usize, usize, IntKind),
}

impl Dim {
    pub(super) fn var(self) -> usize {
        match self {
            Dim::Int(var, _) | Dim::Char(var) | Dim::StrChar(var, _) | Dim::Item(var, _, _) => var,
        }
    }

    pub(super) fn max(self) -> u128 {
        match self {
            Dim::Int(_, kind) | Dim::Item(_, _, kind) => kind.max_offset(),
            Dim::Char(_) | Dim::StrChar(_, _) => CHAR_COUNT - 1,
        }
    }

    pub(super) fn get(self, values: &[Val]) -> Option<u128> {
        match (self, values.get(self.var())?) {
            (Dim::Int(_, kind), Val::Int(value)) => Some(offset(kind, *value)),
            (Dim::Char(_), Val::Char(c)) => Some(gene_of_char(*c)),
            (Dim::StrChar(_, position), Val::Str(s)) => s.chars().nth(position).map(gene_of_char),
            (Dim::Item(_, position, kind), Val::Seq(items)) => {
                items.get(position).map(|&item| offset(kind, item))
            }
            _ => None,
        }
    }

    /// The variable's value with this coordinate at `coordinate`.
    pub(super) fn with(self, values: &[Val], coordinate: u128) -> Option<Val> {
        Some(match (self, values.get(self.var())?) {
            (Dim::Int(_, kind), _) => Val::Int(value_at(kind, coordinate)),
            (Dim::Char(_), _) => Val::Char(char_of_gene(coordinate)),
            (Dim::StrChar(_, position), Val::Str(s)) => {
                let mut chars: Vec<char> = s.chars().collect();
                *chars.get_mut(position)? = char_of_gene(coordinate);
                Val::Str(chars.into_iter().collect::<String>().into())
            }
            (Dim::Item(_, position, kind), Val::Seq(items)) => {
                let mut items = items.to_vec();
                *items.get_mut(position)? = value_at(kind, coordinate);
                Val::Seq(items.into())
            }
            _ => return None,
        })
    }
}

/// Offset of a value of `kind` from the kind's minimum.
fn offset(kind: IntKind, value: i128) -> u128 {
    if kind.signed() {
        kind.offset_of_signed(value)
    } else {
        value as u128
    }
}

/// The value of `kind` at `offset` from its minimum, as [`Val::Int`] holds it.
fn value_at(kind: IntKind, offset: u128) -> i128 {
    if kind.signed() {
        kind.signed_value(offset)
    } else {
        kind.unsigned_value(offset) as i128
    }
}

/// Whether `value` is a value of `var`: the right variant, in the type's range, no longer
/// than `max_len`.
pub(super) fn fits(var: &Var, value: &Val) -> bool {
    match (var.ty, value) {
        (Ty::Int(_), Val::Int(v)) if var.max_len > 0 => (0..var.max_len as i128).contains(v),
        (Ty::Int(_) | Ty::AnyInt, Val::Int(v)) => {
            let kind = expr::int_kind(var.ty).unwrap_or(IntKind::I128);
            arith::wrap(kind, *v) == *v
        }
        (Ty::Float(FloatKind::F32), Val::Float(v)) => {
            v.is_nan() || arith::round(FloatKind::F32, *v) == *v
        }
        (Ty::Float(_) | Ty::AnyFloat, Val::Float(_)) => true,
        (Ty::Bool, Val::Bool(_)) | (Ty::Char, Val::Char(_)) => true,
        (Ty::Str | Ty::Chars, Val::Str(s)) => s.chars().count() <= var.max_len,
        (Ty::Seq(kind), Val::Seq(items)) => {
            items.len() <= var.max_len && items.iter().all(|&item| arith::wrap(kind, item) == item)
        }
        _ => false,
    }
}

/// `value` made to fit `var`: numbers clamped or rounded, strings and sequences cut, anything
/// else (or nothing) replaced by the type's zero.
pub(super) fn repair(var: &Var, value: Option<&Val>) -> Val {
    let Some(value) = value else {
        return zero(var);
    };
    if fits(var, value) {
        return value.clone();
    }
    match (var.ty, value) {
        (Ty::Int(_), Val::Int(v)) if var.max_len > 0 => {
            Val::Int((*v).clamp(0, var.max_len as i128 - 1))
        }
        (Ty::Int(kind), Val::Int(v)) => Val::Int((*v).clamp(int_min(kind), int_max(kind))),
        (Ty::Float(kind), Val::Float(v)) => Val::Float(arith::round(kind, *v)),
        (Ty::Str | Ty::Chars, Val::Str(s)) => {
            Val::Str(s.chars().take(var.max_len).collect::<String>().into())
        }
        (Ty::Seq(kind), Val::Seq(items)) => Val::Seq(
            items
                .iter()
                .take(var.max_len)
                .map(|&item| item.clamp(int_min(kind), int_max(kind)))
                .collect(),
        ),
        _ => zero(var),
    }
}

fn zero(var: &Var) -> Val {
    match var.ty {
        Ty::Int(_) | Ty::AnyInt => Val::Int(0),
        Ty::Float(_) | Ty::AnyFloat => Val::Float(0.0),
        Ty::Bool => Val::Bool(false),
        Ty::Char => Val::Char('a'),
        Ty::Str | Ty::Chars => Val::Str("".into()),
        Ty::Seq(_) => Val::Seq(Vec::new().into()),
    }
}

/// The gene shape of a variable, to draw random values with the search's own distributions.
fn shape_of(var: &Var) -> Shape {
    match var.ty {
        Ty::Int(_) if var.max_len > 0 => Shape::Tag(var.max_len as u32),
        Ty::Int(kind) => Shape::Int(kind),
        Ty::AnyInt => Shape::Int(IntKind::I128),
        Ty::Float(kind) => Shape::Float(kind),
        Ty::AnyFloat => Shape::Float(FloatKind::F64),
        Ty::Bool => Shape::Bool,
        Ty::Char => Shape::Char,
        Ty::Str | Ty::Chars => Shape::Str {
            max_len: var.max_len,
        },
        Ty::Seq(kind) => Shape::Seq {
            item: Box::new(Shape::Int(kind)),
            max_len: var.max_len,
        },
    }
}

/// The value of `var` that genes of [`shape_of`] stand for.
fn val_of_genes(var: &Var, genes: &Value) -> Val {
    match var.ty {
        Ty::Int(_) | Ty::AnyInt => {
            let kind = expr::int_kind(var.ty).unwrap_or(IntKind::I128);
            Val::Int(value_at(kind, genes.as_int()))
        }
        Ty::Float(_) | Ty::AnyFloat => {
            let kind = expr::float_kind(var.ty).unwrap_or(FloatKind::F64);
            Val::Float(arith::round(kind, genes.as_float()))
        }
        Ty::Bool => Val::Bool(genes.as_int() != 0),
        Ty::Char => Val::Char(char_of_gene(genes.as_int())),
        Ty::Str | Ty::Chars => Val::Str(
            genes
                .items()
                .iter()
                .map(|gene| char_of_gene(gene.as_int()))
                .collect::<String>()
                .into(),
        ),
        Ty::Seq(kind) => Val::Seq(
            genes
                .items()
                .iter()
                .map(|gene| value_at(kind, gene.as_int()))
                .collect(),
        ),
    }
}

/// A random value near `current` half of the time (numbers and chars a small step away, a
/// bool flipped), else a random value of the type.
pub(super) fn nudge(var: &Var, current: &Val, rng: &mut Rng) -> Val {
    let anywhere = |rng: &mut Rng| val_of_genes(var, &random_value(&shape_of(var), rng));
    if rng.random_bool(0.5) {
        return anywhere(rng);
    }
    let shift = |coordinate: u128, max: u128, size: u128, rng: &mut Rng| {
        if rng.random_bool(0.5) {
            coordinate.saturating_add(size).min(max)
        } else {
            coordinate.saturating_sub(size)
        }
    };
    match (var.ty, current) {
        (Ty::Int(_) | Ty::AnyInt, Val::Int(value)) => {
            let kind = expr::int_kind(var.ty).unwrap_or(IntKind::I128);
            let size = rng.random_range(1..=1000);
            Val::Int(value_at(
                kind,
                shift(offset(kind, *value), kind.max_offset(), size, rng),
            ))
        }
        (Ty::Float(_) | Ty::AnyFloat, Val::Float(value)) => {
            let kind = expr::float_kind(var.ty).unwrap_or(FloatKind::F64);
            let base = if value.is_finite() { *value } else { 0.0 };
            Val::Float(arith::round(kind, base + rng.random_range(-100.0..=100.0)))
        }
        (Ty::Char, Val::Char(c)) => {
            let size = rng.random_range(1..=64);
            Val::Char(char_of_gene(shift(
                gene_of_char(*c),
                CHAR_COUNT - 1,
                size,
                rng,
            )))
        }
        (Ty::Bool, Val::Bool(value)) => Val::Bool(!value),
        _ => anywhere(rng),
    }
}

#[cfg(test)]
mod tests {
    use crate::genes::IntKind;
    use crate::record::expr::{Binary, Method, Node, Ty, Val, Var, expr};
    use crate::shadow::solve::testing::*;
    use crate::shadow::testing::*;

    #[test]
    fn the_avm_builds_strings_by_inserting_deleting_and_moving_chars() {
        let s = || var(0, Ty::Str);
        let constraints = [
            holds(bin(
                Binary::Eq,
                call(Method::Len, vec![s()], USIZE),
                int(4, USIZE),
            )),
            holds(call(Method::EndsWith, vec![s(), text("z")], Ty::Bool)),
            holds(bin(
                Binary::Eq,
                call(Method::CharAt, vec![s(), int(0, USIZE)], Ty::Char),
                chr('q'),
            )),
        ];
        let vars = [string(8)];
        for (seed, start) in ["", "hello world", "zzzz"].into_iter().enumerate() {
            for exact_steps in [false, true] {
                let (solution, used) = run(
                    &vars,
                    &constraints,
                    &[string_val(start)],
                    2_000,
                    seed as u64,
                    exact_steps,
                );
                let solution =
                    solution.unwrap_or_else(|| panic!("{start:?}: unsolved after {used}"));
                assert_solves(&vars, &constraints, &solution);
            }
        }
        // A char moved by code point towards a comparison (no constant char to insert).
        let code = expr(
            Node::Cast(call(Method::CharAt, vec![s(), int(1, USIZE)], Ty::Char)),
            U32,
        );
        let greater = [holds(bin(Binary::Gt, code, int(0x78, U32)))];
        let (solution, used) = run(&vars, &greater, &[string_val("ab")], 500, 3, false);
        let solution = solution.unwrap_or_else(|| panic!("unsolved after {used}"));
        assert_solves(&vars, &greater, &solution);
        assert_eq!(solution, [string_val("a\u{81}")], "b + 1 + 2 + 4 + 8 + 16");
    }

    #[test]
    fn the_avm_edits_sequences_of_integers() {
        let items = || var(0, Ty::Seq(IntKind::U8));
        let constraints = [
            holds(bin(
                Binary::Eq,
                call(Method::Len, vec![items()], USIZE),
                int(3, USIZE),
            )),
            holds(bin(
                Binary::Eq,
                call(Method::Index, vec![items(), int(2, USIZE)], U8),
                int(200, U8),
            )),
        ];
        let vars = [Var {
            ty: Ty::Seq(IntKind::U8),
            max_len: 4,
        }];
        let start = [Val::Seq(vec![9; 4].into())];
        for exact_steps in [false, true] {
            let (solution, used) = run(&vars, &constraints, &start, 2_000, 4, exact_steps);
            let solution = solution.unwrap_or_else(|| panic!("unsolved after {used}"));
            assert_solves(&vars, &constraints, &solution);
        }
    }

    #[test]
    fn only_constrained_variables_change_and_values_stay_in_their_types() {
        let constraints = [holds(bin(
            Binary::Gt,
            call(Method::SaturatingAdd, vec![var(1, U8), int(10, U8)], U8),
            int(250, U8),
        ))];
        let vars = [scalar(I32), scalar(U8), string(2)];
        let start = [Val::Int(-5), Val::Int(3), string_val("hey")];
        let (solution, _) = solved(&vars, &constraints, &start);
        assert_eq!(solution[0], Val::Int(-5));
        assert_eq!(
            solution[2],
            string_val("he"),
            "a start too long for max_len is cut"
        );
        let repaired = [Val::Str("not an int".into())];
        let (solution, _) = solved(&vars, &constraints, &repaired);
        assert_eq!(
            solution[0],
            Val::Int(0),
            "missing and ill-typed starts become zero"
        );
    }
}
