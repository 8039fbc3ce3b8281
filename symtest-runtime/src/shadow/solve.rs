//! The built-in constraint solver of the DSE step: given the constraints of a path condition
//! prefix and a negated branch, finds values of the input variables that satisfy all of them.
//!
//! Exact steps first, for the cheap cases; then the alternating variable method over the whole
//! system (EvoSuite's solver, *Improving Search-based Test Suite Generation with Dynamic
//! Symbolic Execution* §IV-A). Always ends within its evaluation budget.
//!
//! The fitness of an assignment is Σ ν(d) over the constraints, d the distance of each to its
//! wanted outcome ([`distances`](super::expr::ExprNode::distances)), with the raw sum of the
//! distances to break ties; 0 means solved. Each fitness computed is one evaluation of the
//! budget.

use std::collections::HashSet;
use std::hash::Hash;

use rand::RngExt;

use super::expr::{self, Arith, Binary, Env, Expr, Method, Node, Overflow, Ty, Unary, Val, Var};
use crate::distance::{self, CharClass, CmpOp};
use crate::genes::{CHAR_COUNT, FloatKind, IntKind, Shape, Value, char_of_gene, gene_of_char};
use crate::search::operators::random_value;
use crate::search::{Fitness, Rng};

/// One constraint: `expr` (a `Bool` expression) must evaluate to `want`.
#[derive(Clone, Debug, PartialEq)]
pub struct Constraint {
    pub expr: Expr,
    pub want: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SolveConfig {
    /// Evaluations of the constraint system the solver may spend.
    pub evaluations: u64,
}

impl Default for SolveConfig {
    fn default() -> Self {
        SolveConfig { evaluations: 2_000 }
    }
}

/// Values of `vars`, starting from `start`, that satisfy every constraint; `None` when none
/// was found within the budget (the system may be unsatisfiable).
///
/// `start` (the concrete run's values) should hold one value per variable; a missing or
/// ill-fitting value is repaired (clamped, truncated, or the type's zero). Only variables that
/// occur in some constraint change; every value returned fits its variable's type and
/// `max_len`.
pub fn solve(
    vars: &[Var],
    constraints: &[Constraint],
    start: &Env,
    config: &SolveConfig,
    rng: &mut Rng,
) -> Option<Vec<Val>> {
    Solver::new(vars, constraints, config.evaluations).run(start, rng, true)
}

/// Float moves are tried at precisions 10^-p for p = 0 ..= this, coarsest first. The
/// precision of the AVM's float moves is a setting in Korel's method; 10^-4 is the finest
/// step here, below which the budget is better spent on other variables.
const FINEST_FLOAT_PRECISION: i32 = 4;

/// How many rounds of exact steps run: a step can undo an earlier one's work, so they repeat
/// while some step improves, at most this often.
const EXACT_ROUNDS: usize = 3;

/// Most chars (items) a string (sequence) move tries to insert or overwrite at a position.
const MOVE_VALUES: usize = 8;

/// Why a search ended.
#[derive(Debug)]
enum Stop {
    Solved(Vec<Val>),
    Spent,
}

/// A point of the search, its fitness, and the move that led to it: `(var, value)` is the
/// point just left, known to be worse and never evaluated again.
#[derive(Clone, Debug)]
struct Point {
    values: Vec<Val>,
    fitness: Fitness,
    left: Option<(usize, Val)>,
}

#[derive(Debug)]
struct Solver<'a> {
    vars: &'a [Var],
    constraints: &'a [Constraint],
    budget: u64,
    used: u64,
}

impl<'a> Solver<'a> {
    fn new(vars: &'a [Var], constraints: &'a [Constraint], budget: u64) -> Self {
        Solver {
            vars,
            constraints,
            budget,
            used: 0,
        }
    }

    fn run(&mut self, start: &Env, rng: &mut Rng, exact_steps: bool) -> Option<Vec<Val>> {
        let start = self
            .vars
            .iter()
            .enumerate()
            .map(|(index, var)| repair(var, start.get(index)))
            .collect();
        match self.search(start, rng, exact_steps) {
            Err(Stop::Solved(values)) => Some(values),
            Err(Stop::Spent) | Ok(()) => None,
        }
    }

    /// Ends with `Err(Solved)`, `Err(Spent)`, or `Ok` when there is nothing to search.
    fn search(&mut self, start: Vec<Val>, rng: &mut Rng, exact_steps: bool) -> Result<(), Stop> {
        let fitness = self.evaluate(&start)?;
        let mut best = Point {
            values: start,
            fitness,
            left: None,
        };
        if exact_steps {
            self.exact_steps(&mut best)?;
        }
        let searched = self.searched();
        if searched.is_empty() {
            return Ok(());
        }
        let moves = Moves::of(self.constraints);
        let mut point = best.clone();
        loop {
            self.climb(&mut point, &searched, &moves)?;
            if point.fitness < best.fitness {
                best = point;
            }
            let values = self.perturb(&best.values, &searched, rng);
            let fitness = self.evaluate(&values)?;
            point = Point {
                values,
                fitness,
                left: None,
            };
        }
    }

    /// The fitness of `values`, counting one evaluation; stops the search when it is solved
    /// or the budget is spent.
    fn evaluate(&mut self, values: &[Val]) -> Result<Fitness, Stop> {
        if self.used >= self.budget {
            return Err(Stop::Spent);
        }
        self.used += 1;
        let (mut value, mut tie) = (0.0, 0.0);
        for constraint in self.constraints {
            let distances = constraint.expr.distances(values);
            let distance = if constraint.want {
                distances.to_true
            } else {
                distances.to_false
            };
            value += distance::normalize(distance);
            tie = distance::and(tie, distance);
        }
        if value == 0.0 {
            return Err(Stop::Solved(values.to_vec()));
        }
        Ok(Fitness::new(value, tie))
    }

    /// The variables that occur in some constraint, ascending.
    fn searched(&self) -> Vec<usize> {
        let mut searched: Vec<usize> = self
            .constraints
            .iter()
            .flat_map(|constraint| constraint.expr.vars())
            .filter(|&index| index < self.vars.len())
            .collect();
        searched.sort_unstable();
        searched.dedup();
        searched
    }

    /// Moves `point` to `var = value` if that fits the variable and improves the fitness.
    fn try_move(&mut self, point: &mut Point, var: usize, value: Val) -> Result<bool, Stop> {
        let left = point.left.as_ref();
        let is_left = left.is_some_and(|(left_var, left)| *left_var == var && *left == value);
        if point.values[var] == value || is_left || !fits(&self.vars[var], &value) {
            return Ok(false);
        }
        let previous = std::mem::replace(&mut point.values[var], value);
        let fitness = self.evaluate(&point.values)?;
        if fitness < point.fitness {
            point.fitness = fitness;
            point.left = Some((var, previous));
            Ok(true)
        } else {
            point.values[var] = previous;
            Ok(false)
        }
    }

    // -- Exact steps ------------------------------------------------------------------------

    /// For each conjunct that does not hold, the values its variables would need (see
    /// [`predicate_steps`]); the best is kept if the whole system improves.
    fn exact_steps(&mut self, point: &mut Point) -> Result<(), Stop> {
        let mut goals = Vec::new();
        for constraint in self.constraints {
            conjuncts(&constraint.expr, constraint.want, &mut goals);
        }
        for _ in 0..EXACT_ROUNDS {
            let mut progressed = false;
            for &(predicate, want) in &goals {
                if predicate.eval(&point.values) == Ok(Val::Bool(want)) {
                    continue;
                }
                // The best of the candidate steps, not the first that helps: solving for one
                // variable may break a constraint that solving for another keeps.
                let mut best: Option<(Fitness, usize, Val)> = None;
                for (var, value) in predicate_steps(predicate, want, &point.values) {
                    let usable = self.vars.get(var).is_some_and(|v| fits(v, &value));
                    if !usable || point.values[var] == value {
                        continue;
                    }
                    let mut values = point.values.clone();
                    values[var] = value.clone();
                    let fitness = self.evaluate(&values)?;
                    if fitness < point.fitness && best.as_ref().is_none_or(|(b, ..)| fitness < *b) {
                        best = Some((fitness, var, value));
                    }
                }
                if let Some((fitness, var, value)) = best {
                    let previous = std::mem::replace(&mut point.values[var], value);
                    point.fitness = fitness;
                    point.left = Some((var, previous));
                    progressed = true;
                }
            }
            if !progressed {
                break;
            }
        }
        Ok(())
    }

    // -- The alternating variable method ----------------------------------------------------

    /// Optimises the variables in turn until a full cycle through them brings no improvement.
    ///
    /// Where no single variable's move improves, diagonal moves on pairs of numeric variables
    /// get the climb going again: the plain AVM stalls on a ridge such as the line
    /// `a + b == 10` of `a + b == 10 && a - b == 4`, which no move along one axis follows.
    fn climb(&mut self, point: &mut Point, searched: &[usize], moves: &Moves) -> Result<(), Stop> {
        let axes: Vec<Axis> = searched
            .iter()
            .filter_map(|&var| Axis::of(var, self.vars[var].ty))
            .collect();
        loop {
            let mut index = 0;
            // Consecutive variables known to be at a local optimum at the current point; one
            // that improved ends at one too.
            let mut stuck = 0;
            while stuck < searched.len() {
                let improved = self.optimise(point, searched[index % searched.len()], moves)?;
                stuck = if improved { 1 } else { stuck + 1 };
                index += 1;
            }
            if !self.diagonal(point, &axes)? {
                return Ok(());
            }
        }
    }

    /// Tries the four diagonal unit moves of each pair of axes; after the first that improves,
    /// pattern moves of 2, 4, 8, … units along it while they improve. Returns whether any did.
    fn diagonal(&mut self, point: &mut Point, axes: &[Axis]) -> Result<bool, Stop> {
        for (i, &first) in axes.iter().enumerate() {
            for &second in &axes[i + 1..] {
                for ups in [(true, false), (false, true), (true, true), (false, false)] {
                    if !self.pair_step(point, (first, ups.0), (second, ups.1), 0)? {
                        continue;
                    }
                    let mut iteration = 1u32;
                    while self.pair_step(point, (first, ups.0), (second, ups.1), iteration)? {
                        iteration = iteration.saturating_add(1);
                    }
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Moves two axes by `2^iteration` units each at once, if that improves.
    fn pair_step(
        &mut self,
        point: &mut Point,
        first: (Axis, bool),
        second: (Axis, bool),
        iteration: u32,
    ) -> Result<bool, Stop> {
        let (Some(a), Some(b)) = (
            first.0.shifted(&point.values, first.1, iteration),
            second.0.shifted(&point.values, second.1, iteration),
        ) else {
            return Ok(false);
        };
        let (i, j) = (first.0.var(), second.0.var());
        let previous = (point.values[i].clone(), point.values[j].clone());
        point.values[i] = a;
        point.values[j] = b;
        let fitness = self.evaluate(&point.values)?;
        if fitness < point.fitness {
            point.fitness = fitness;
            point.left = None;
            Ok(true)
        } else {
            (point.values[i], point.values[j]) = previous;
            Ok(false)
        }
    }

    fn optimise(&mut self, point: &mut Point, var: usize, moves: &Moves) -> Result<bool, Stop> {
        match self.vars[var].ty {
            Ty::Int(_) | Ty::AnyInt => {
                let kind = expr::int_kind(self.vars[var].ty).unwrap_or(IntKind::I128);
                self.integer(point, Dim::Int(var, kind))
            }
            Ty::Float(_) | Ty::AnyFloat => {
                let kind = expr::float_kind(self.vars[var].ty).unwrap_or(FloatKind::F64);
                self.float(point, var, kind)
            }
            Ty::Bool => match point.values[var] {
                Val::Bool(value) => self.try_move(point, var, Val::Bool(!value)),
                _ => Ok(false),
            },
            Ty::Char => self.integer(point, Dim::Char(var)),
            Ty::Str => self.string(point, var, moves),
            Ty::Seq(kind) => self.sequence(point, var, kind, moves),
        }
    }

    /// Exploratory moves of one unit down and up, each improving one followed by pattern moves
    /// of 2, 4, 8, … units the same way while they improve; until no exploratory move does.
    fn integer(&mut self, point: &mut Point, dim: Dim) -> Result<bool, Stop> {
        let mut improved = false;
        loop {
            let mut direction = None;
            for up in [false, true] {
                if self.integer_step(point, dim, up, 0)? {
                    direction = Some(up);
                    break;
                }
            }
            let Some(up) = direction else {
                return Ok(improved);
            };
            improved = true;
            let mut iteration = 1u32;
            while self.integer_step(point, dim, up, iteration)? {
                iteration = iteration.saturating_add(1);
            }
        }
    }

    /// A move of `2^iteration` units, stopped at the bounds of the variable's type.
    fn integer_step(
        &mut self,
        point: &mut Point,
        dim: Dim,
        up: bool,
        iteration: u32,
    ) -> Result<bool, Stop> {
        let Some(current) = dim.get(&point.values) else {
            return Ok(false);
        };
        let size = 1u128.checked_shl(iteration).unwrap_or(u128::MAX);
        let next = if up {
            current.saturating_add(size).min(dim.max())
        } else {
            current.saturating_sub(size)
        };
        if next == current {
            return Ok(false);
        }
        match dim.with(&point.values, next) {
            Some(value) => self.try_move(point, dim.var(), value),
            None => Ok(false),
        }
    }

    /// The integer moves at each precision, coarsest first.
    fn float(&mut self, point: &mut Point, var: usize, kind: FloatKind) -> Result<bool, Stop> {
        let mut improved = false;
        for precision in 0..=FINEST_FLOAT_PRECISION {
            let unit = 10f64.powi(-precision);
            loop {
                let mut direction = None;
                for sign in [-1.0, 1.0] {
                    if self.float_step(point, var, kind, sign * unit)? {
                        direction = Some(sign);
                        break;
                    }
                }
                let Some(sign) = direction else {
                    break;
                };
                improved = true;
                let mut scale = 2.0;
                while self.float_step(point, var, kind, sign * unit * scale)? {
                    scale *= 2.0;
                }
            }
        }
        Ok(improved)
    }

    /// A move by `delta`; from NaN or an infinity, a move away from zero.
    fn float_step(
        &mut self,
        point: &mut Point,
        var: usize,
        kind: FloatKind,
        delta: f64,
    ) -> Result<bool, Stop> {
        let Val::Float(current) = point.values[var] else {
            return Ok(false);
        };
        let base = if current.is_finite() { current } else { 0.0 };
        let next = expr::round(kind, base + delta);
        if !next.is_finite() || next == current {
            return Ok(false);
        }
        self.try_move(point, var, Val::Float(next))
    }

    /// Deletions at each position, insertions and overwrites of the move chars at each
    /// position, then the integer moves on each char's code point; repeated while any
    /// improves.
    fn string(&mut self, point: &mut Point, var: usize, moves: &Moves) -> Result<bool, Stop> {
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
    fn sequence(
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
                    items.insert(position, expr::wrap(kind, item));
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

    /// A restart point: `best` with some searched variables (at least one) changed at random,
    /// half of the time near their value, else anywhere.
    fn perturb(&self, best: &[Val], searched: &[usize], rng: &mut Rng) -> Vec<Val> {
        let mut values = best.to_vec();
        let forced = searched[rng.random_range(0..searched.len())];
        for &var in searched {
            if var == forced || rng.random_bool(0.5) {
                values[var] = nudge(&self.vars[var], &best[var], rng);
            }
        }
        values
    }
}

/// The chars and integer items that string and sequence moves insert: `'a'`, `'0'`, `0`, `1`,
/// then those of the constants in the constraints, first come first.
#[derive(Debug)]
struct Moves {
    chars: Vec<char>,
    items: Vec<i128>,
}

impl Moves {
    fn of(constraints: &[Constraint]) -> Self {
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
enum Axis {
    Dim(Dim),
    Float(usize, FloatKind),
}

impl Axis {
    fn of(var: usize, ty: Ty) -> Option<Axis> {
        match ty {
            Ty::Int(_) | Ty::AnyInt => Some(Axis::Dim(Dim::Int(var, expr::int_kind(ty)?))),
            Ty::Char => Some(Axis::Dim(Dim::Char(var))),
            Ty::Float(_) | Ty::AnyFloat => Some(Axis::Float(var, expr::float_kind(ty)?)),
            _ => None,
        }
    }

    fn var(self) -> usize {
        match self {
            Axis::Dim(dim) => dim.var(),
            Axis::Float(var, _) => var,
        }
    }

    /// The variable moved `2^iteration` units up or down; `None` when that changes nothing.
    fn shifted(self, values: &[Val], up: bool, iteration: u32) -> Option<Val> {
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
                let next = expr::round(kind, if up { base + size } else { base - size });
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
enum Dim {
    Int(usize, IntKind),
    Char(usize),
    StrChar(usize, usize),
    Item(usize, usize, IntKind),
}

impl Dim {
    fn var(self) -> usize {
        match self {
            Dim::Int(var, _) | Dim::Char(var) | Dim::StrChar(var, _) | Dim::Item(var, _, _) => var,
        }
    }

    fn max(self) -> u128 {
        match self {
            Dim::Int(_, kind) | Dim::Item(_, _, kind) => kind.max_offset(),
            Dim::Char(_) | Dim::StrChar(_, _) => CHAR_COUNT - 1,
        }
    }

    fn get(self, values: &[Val]) -> Option<u128> {
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
    fn with(self, values: &[Val], coordinate: u128) -> Option<Val> {
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

// -- Values of variables --------------------------------------------------------------------

/// Whether `value` is a value of `var`: the right variant, in the type's range, no longer
/// than `max_len`.
fn fits(var: &Var, value: &Val) -> bool {
    match (var.ty, value) {
        (Ty::Int(_) | Ty::AnyInt, Val::Int(v)) => {
            let kind = expr::int_kind(var.ty).unwrap_or(IntKind::I128);
            expr::wrap(kind, *v) == *v
        }
        (Ty::Float(FloatKind::F32), Val::Float(v)) => {
            v.is_nan() || expr::round(FloatKind::F32, *v) == *v
        }
        (Ty::Float(_) | Ty::AnyFloat, Val::Float(_)) => true,
        (Ty::Bool, Val::Bool(_)) | (Ty::Char, Val::Char(_)) => true,
        (Ty::Str, Val::Str(s)) => s.chars().count() <= var.max_len,
        (Ty::Seq(kind), Val::Seq(items)) => {
            items.len() <= var.max_len && items.iter().all(|&item| expr::wrap(kind, item) == item)
        }
        _ => false,
    }
}

/// `value` made to fit `var`: numbers clamped or rounded, strings and sequences cut, anything
/// else (or nothing) replaced by the type's zero.
fn repair(var: &Var, value: Option<&Val>) -> Val {
    let Some(value) = value else {
        return zero(var);
    };
    if fits(var, value) {
        return value.clone();
    }
    match (var.ty, value) {
        (Ty::Int(kind), Val::Int(v)) => {
            Val::Int((*v).clamp(expr::int_min(kind), expr::int_max(kind)))
        }
        (Ty::Float(kind), Val::Float(v)) => Val::Float(expr::round(kind, *v)),
        (Ty::Str, Val::Str(s)) => Val::Str(s.chars().take(var.max_len).collect::<String>().into()),
        (Ty::Seq(kind), Val::Seq(items)) => Val::Seq(
            items
                .iter()
                .take(var.max_len)
                .map(|&item| item.clamp(expr::int_min(kind), expr::int_max(kind)))
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
        Ty::Str => Val::Str("".into()),
        Ty::Seq(_) => Val::Seq(Vec::new().into()),
    }
}

/// The gene shape of a variable, to draw random values with the search's own distributions.
fn shape_of(var: &Var) -> Shape {
    match var.ty {
        Ty::Int(kind) => Shape::Int(kind),
        Ty::AnyInt => Shape::Int(IntKind::I128),
        Ty::Float(kind) => Shape::Float(kind),
        Ty::AnyFloat => Shape::Float(FloatKind::F64),
        Ty::Bool => Shape::Bool,
        Ty::Char => Shape::Char,
        Ty::Str => Shape::Str {
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
            Val::Float(expr::round(kind, genes.as_float()))
        }
        Ty::Bool => Val::Bool(genes.as_int() != 0),
        Ty::Char => Val::Char(char_of_gene(genes.as_int())),
        Ty::Str => Val::Str(
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
fn nudge(var: &Var, current: &Val, rng: &mut Rng) -> Val {
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
            Val::Float(expr::round(kind, base + rng.random_range(-100.0..=100.0)))
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

// -- Exact steps ----------------------------------------------------------------------------

/// The conjuncts of `expr` wanted `want`: `a && b` wanted true is `a` and `b` wanted true,
/// `a || b` wanted false both wanted false, `!a` is `a` wanted the other way.
fn conjuncts<'e>(expr: &'e Expr, want: bool, out: &mut Vec<(&'e Expr, bool)>) {
    match &expr.node {
        Node::Binary(Binary::And, a, b) if want => {
            conjuncts(a, true, out);
            conjuncts(b, true, out);
        }
        Node::Binary(Binary::Or, a, b) if !want => {
            conjuncts(a, false, out);
            conjuncts(b, false, out);
        }
        Node::Unary(Unary::Not, a) if expr.ty == Ty::Bool => conjuncts(a, !want, out),
        _ => out.push((expr, want)),
    }
}

/// A relation a value must stand in to a bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rel {
    Eq,
    Ge,
    Le,
}

impl Rel {
    /// The relation on `x` when the one on `f(x)` is given and `f` is decreasing.
    fn flip(self) -> Rel {
        match self {
            Rel::Eq => Rel::Eq,
            Rel::Ge => Rel::Le,
            Rel::Le => Rel::Ge,
        }
    }
}

/// What an exact step asks of the value of an expression.
#[derive(Clone, Debug, PartialEq)]
enum Goal {
    Bound(Rel, Val),
    /// A char in the class (`true`) or outside it.
    Class(CharClass, bool),
}

impl Goal {
    /// The goal met at its bound: `x >= 10` by `x == 10`, for inverses that are not monotone.
    fn at_bound(self) -> Option<Goal> {
        match self {
            Goal::Bound(_, value) => Some(Goal::Bound(Rel::Eq, value)),
            Goal::Class(..) => None,
        }
    }

    fn int(&self) -> Option<(Rel, i128)> {
        match self {
            Goal::Bound(rel, Val::Int(value)) => Some((*rel, *value)),
            _ => None,
        }
    }

    fn float(&self) -> Option<(Rel, f64)> {
        match self {
            Goal::Bound(rel, Val::Float(value)) => Some((*rel, *value)),
            _ => None,
        }
    }
}

/// Candidate values of the one variable of `predicate` that make it `want`, best first; empty
/// unless the variable occurs exactly once and the shape is one the steps invert.
///
/// With several variables, each one that occurs exactly once is solved for with the others
/// fixed at their current values: `(header ^ check).wrapping_mul(K) == C` gives `check`
/// for the current `header` (and `header` for the current `check`).
fn predicate_steps(predicate: &Expr, want: bool, env: &Env) -> Vec<(usize, Val)> {
    let vars = predicate.vars();
    if vars.len() == 1 {
        if predicate.var_occurrences() != 1 {
            return Vec::new();
        }
        return predicate_values(predicate, want, env);
    }
    let mut steps = Vec::new();
    for var in vars {
        let Some(fixed) = fix_others(predicate, var, env) else {
            continue;
        };
        if fixed.var_occurrences() == 1 {
            steps.extend(predicate_values(&fixed, want, env));
        }
    }
    steps
}

/// `e` with every variable but `keep` replaced by its value in `env`.
fn fix_others(e: &Expr, keep: usize, env: &Env) -> Option<Expr> {
    let node = match &e.node {
        Node::Var(var) if *var == keep => return Some(e.clone()),
        Node::Var(var) => Node::Const(env.get(*var)?.clone()),
        Node::Const(_) | Node::Opaque(_) => return Some(e.clone()),
        Node::Unary(op, a) => Node::Unary(*op, fix_others(a, keep, env)?),
        Node::Binary(op, a, b) => {
            Node::Binary(*op, fix_others(a, keep, env)?, fix_others(b, keep, env)?)
        }
        Node::Cast(a) => Node::Cast(fix_others(a, keep, env)?),
        Node::Call(method, args) => Node::Call(
            *method,
            args.iter()
                .map(|arg| fix_others(arg, keep, env))
                .collect::<Option<Vec<_>>>()?,
        ),
    };
    Some(expr::expr(node, e.ty))
}

fn predicate_values(predicate: &Expr, want: bool, env: &Env) -> Vec<(usize, Val)> {
    match &predicate.node {
        Node::Var(var) if predicate.ty == Ty::Bool => vec![(*var, Val::Bool(want))],
        Node::Unary(Unary::Not, a) => predicate_values(a, !want, env),
        Node::Binary(op, a, b) => {
            let left = a.symbolic();
            let (symbolic, constant) = if left { (a, b) } else { (b, a) };
            let Ok(bound) = constant.eval(env) else {
                return Vec::new();
            };
            if let (Binary::BitXor, Val::Bool(bound)) = (op, &bound) {
                return predicate_values(symbolic, want != *bound, env);
            }
            let Some(op) = comparison(*op) else {
                return Vec::new();
            };
            let op = if left { op } else { mirror(op) };
            let op = if want { op } else { negate(op) };
            goals_of(op, &bound, symbolic.ty)
                .into_iter()
                .filter_map(|goal| push(symbolic, goal, env))
                .collect()
        }
        Node::Call(method, args) => call_values(*method, args, want, env),
        _ => Vec::new(),
    }
}

fn comparison(op: Binary) -> Option<CmpOp> {
    Some(match op {
        Binary::Eq => CmpOp::Eq,
        Binary::Ne => CmpOp::Ne,
        Binary::Lt => CmpOp::Lt,
        Binary::Le => CmpOp::Le,
        Binary::Gt => CmpOp::Gt,
        Binary::Ge => CmpOp::Ge,
        _ => return None,
    })
}

/// `b op a` as `a op' b`.
fn mirror(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Lt => CmpOp::Gt,
        CmpOp::Gt => CmpOp::Lt,
        CmpOp::Le => CmpOp::Ge,
        CmpOp::Ge => CmpOp::Le,
        other => other,
    }
}

/// `!(a op b)` as `a op' b` (exact except for NaN, which the final check catches).
fn negate(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Eq => CmpOp::Ne,
        CmpOp::Ne => CmpOp::Eq,
        CmpOp::Lt => CmpOp::Ge,
        CmpOp::Ge => CmpOp::Lt,
        CmpOp::Le => CmpOp::Gt,
        CmpOp::Gt => CmpOp::Le,
    }
}

/// The goals, best first, under which `value op bound` holds for a value of type `ty`.
fn goals_of(op: CmpOp, bound: &Val, ty: Ty) -> Vec<Goal> {
    let goal = |rel, value: Option<Val>| value.map(|value| Goal::Bound(rel, value));
    let goals = match op {
        CmpOp::Eq => vec![goal(Rel::Eq, Some(bound.clone()))],
        CmpOp::Ge => vec![goal(Rel::Ge, Some(bound.clone()))],
        CmpOp::Le => vec![goal(Rel::Le, Some(bound.clone()))],
        CmpOp::Gt => vec![goal(Rel::Ge, successor(bound, ty))],
        CmpOp::Lt => vec![goal(Rel::Le, predecessor(bound, ty))],
        CmpOp::Ne => vec![
            goal(Rel::Eq, successor(bound, ty)),
            goal(Rel::Eq, predecessor(bound, ty)),
        ],
    };
    goals.into_iter().flatten().collect()
}

/// A value just above `value` in `ty` (for strings, `value` with an `'a'` appended).
fn successor(value: &Val, ty: Ty) -> Option<Val> {
    match value {
        Val::Int(v) => expr::checked(expr::int_kind(ty)?, Arith::Add, *v, 1)
            .ok()
            .map(Val::Int),
        Val::Float(v) => {
            let next = match expr::float_kind(ty)? {
                FloatKind::F32 => f64::from((*v as f32).next_up()),
                FloatKind::F64 => v.next_up(),
            };
            next.is_finite().then_some(Val::Float(next))
        }
        Val::Char(c) => char::from_u32(u32::from(*c) + 1)
            .or(if *c == '\u{D7FF}' {
                Some('\u{E000}')
            } else {
                None
            })
            .map(Val::Char),
        Val::Bool(false) => Some(Val::Bool(true)),
        Val::Bool(true) => None,
        Val::Str(s) => Some(Val::Str(format!("{s}a").into())),
        Val::Seq(items) => Some(Val::Seq(items.iter().copied().chain([0]).collect())),
    }
}

/// A value just below `value` in `ty` (for strings and sequences, without the last item).
fn predecessor(value: &Val, ty: Ty) -> Option<Val> {
    match value {
        Val::Int(v) => expr::checked(expr::int_kind(ty)?, Arith::Sub, *v, 1)
            .ok()
            .map(Val::Int),
        Val::Float(v) => {
            let next = match expr::float_kind(ty)? {
                FloatKind::F32 => f64::from((*v as f32).next_down()),
                FloatKind::F64 => v.next_down(),
            };
            next.is_finite().then_some(Val::Float(next))
        }
        Val::Char(c) => u32::from(*c)
            .checked_sub(1)
            .and_then(|code| char::from_u32(code).or((code == 0xDFFF).then_some('\u{D7FF}')))
            .map(Val::Char),
        Val::Bool(true) => Some(Val::Bool(false)),
        Val::Bool(false) => None,
        Val::Str(s) => {
            let mut chars = s.chars();
            chars.next_back()?;
            Some(Val::Str(chars.as_str().into()))
        }
        Val::Seq(items) => Some(Val::Seq(items.split_last()?.1.into())),
    }
}

/// Steps for predicate calls: char classes, `is_some()` of `to_digit` and `chars().nth(i)`,
/// `is_empty()`, and `starts_with` / `ends_with` / `contains` with a constant pattern.
fn call_values(method: Method, args: &[Expr], want: bool, env: &Env) -> Vec<(usize, Val)> {
    let single = |value: Option<(usize, Val)>| value.into_iter().collect();
    if let (Some(class), [c]) = (expr::char_class_of(method), args) {
        return single(push(c, Goal::Class(class, want), env));
    }
    match (method, args) {
        (Method::IsDigit, [c, radix]) => match radix_value(radix, env) {
            Some(radix) => single(push(c, Goal::Class(CharClass::Digit(radix), want), env)),
            None => Vec::new(),
        },
        (Method::IsSome | Method::IsNone, [option]) => {
            let present = want == (method == Method::IsSome);
            match &option.node {
                Node::Call(Method::ToDigit, digit_args) => match digit_args.as_slice() {
                    [c, radix] => match radix_value(radix, env) {
                        Some(radix) => {
                            let goal = Goal::Class(CharClass::Digit(radix), present);
                            single(push(c, goal, env))
                        }
                        None => Vec::new(),
                    },
                    _ => Vec::new(),
                },
                Node::Call(Method::CharAt, nth_args) => match nth_args.as_slice() {
                    [s, index] => {
                        let Ok(Val::Int(index)) = index.eval(env) else {
                            return Vec::new();
                        };
                        let goal = if present {
                            Goal::Bound(Rel::Ge, Val::Int(index.saturating_add(1)))
                        } else {
                            Goal::Bound(Rel::Le, Val::Int(index))
                        };
                        single(resize(s, Method::CharCount, &goal, env))
                    }
                    _ => Vec::new(),
                },
                _ => Vec::new(),
            }
        }
        (Method::IsEmpty, [s]) => {
            let goal = if want {
                Goal::Bound(Rel::Eq, Val::Int(0))
            } else {
                Goal::Bound(Rel::Ge, Val::Int(1))
            };
            single(resize(s, Method::Len, &goal, env))
        }
        (Method::StartsWith | Method::EndsWith | Method::Contains, [s, pattern]) => {
            pattern_values(method, s, pattern, want, env)
        }
        _ => Vec::new(),
    }
}

fn radix_value(radix: &Expr, env: &Env) -> Option<u32> {
    match radix.eval(env) {
        Ok(Val::Int(radix)) => u32::try_from(radix).ok(),
        _ => None,
    }
}

/// `s.starts_with(p)` and friends for a string variable `s` and a constant pattern: overwrite
/// the prefix or suffix, insert the pattern; or, to make them false, change the char that
/// matches or remove the occurrences.
fn pattern_values(
    method: Method,
    s: &Expr,
    pattern: &Expr,
    want: bool,
    env: &Env,
) -> Vec<(usize, Val)> {
    let Node::Var(var) = s.node else {
        return Vec::new();
    };
    let Some(Val::Str(current)) = env.get(var) else {
        return Vec::new();
    };
    let pattern = match pattern.eval(env) {
        Ok(Val::Str(p)) => p.to_string(),
        Ok(Val::Char(c)) => c.to_string(),
        _ => return Vec::new(),
    };
    let chars: Vec<char> = current.chars().collect();
    let head: String = chars
        .iter()
        .take(chars.len().saturating_sub(pattern.chars().count()))
        .collect();
    let tail: String = chars.iter().skip(pattern.chars().count()).collect();
    let changed = |position: usize, avoid: Option<char>| -> Vec<String> {
        let mut chars = chars.clone();
        match (chars.get_mut(position), avoid) {
            (Some(c), Some(avoid)) => *c = if avoid == 'a' { 'b' } else { 'a' },
            _ => return Vec::new(),
        }
        vec![chars.into_iter().collect()]
    };
    let candidates: Vec<String> = match (method, want) {
        // Overwriting keeps the length; prepending (appending) keeps what the string
        // already satisfies at its other end.
        (Method::StartsWith, true) => {
            vec![format!("{pattern}{tail}"), format!("{pattern}{current}")]
        }
        (Method::EndsWith, true) => vec![format!("{head}{pattern}"), format!("{current}{pattern}")],
        (Method::Contains, true) => vec![
            format!("{current}{pattern}"),
            format!("{head}{pattern}"),
            format!("{pattern}{current}"),
        ],
        (Method::StartsWith, false) => changed(0, pattern.chars().next()),
        (Method::EndsWith, false) => {
            changed(chars.len().wrapping_sub(1), pattern.chars().next_back())
        }
        (Method::Contains, false) if !pattern.is_empty() => vec![current.replace(&pattern, "")],
        _ => Vec::new(),
    };
    candidates
        .into_iter()
        .map(|candidate| (var, Val::Str(candidate.into())))
        .collect()
}

/// The value of the one variable of `e` under which `e`'s value meets `goal`: the goal is
/// carried down through operations the steps can invert, to the variable, a char or item of
/// it, or its length.
fn push(e: &Expr, goal: Goal, env: &Env) -> Option<(usize, Val)> {
    match &e.node {
        Node::Var(var) => Some((*var, settle(env.get(*var)?, e.ty, goal)?)),
        _ if e.ty == Ty::Bool => {
            let want = match goal {
                Goal::Bound(Rel::Eq, Val::Bool(want)) => want,
                Goal::Bound(Rel::Ge, Val::Bool(true)) => true,
                Goal::Bound(Rel::Le, Val::Bool(false)) => false,
                _ => return None,
            };
            predicate_values(e, want, env).into_iter().next()
        }
        Node::Unary(op, a) => push(a, invert_unary(*op, e.ty, goal)?, env),
        Node::Binary(op, a, b) => {
            let left = a.symbolic();
            let (symbolic, other) = if left { (a, b) } else { (b, a) };
            let constant = other.eval(env).ok()?;
            push(
                symbolic,
                invert_binary(*op, left, e.ty, goal, &constant)?,
                env,
            )
        }
        Node::Cast(a) => {
            let current = a.eval(env).ok();
            push(a, invert_cast(a.ty, e.ty, goal, current.as_ref())?, env)
        }
        Node::Call(method, args) => invert_call(*method, e.ty, args, goal, env),
        Node::Const(_) | Node::Opaque(_) => None,
    }
}

/// The value nearest to `current` that meets `goal`.
fn settle(current: &Val, ty: Ty, goal: Goal) -> Option<Val> {
    match goal {
        Goal::Bound(Rel::Eq, value) => Some(value),
        Goal::Bound(rel, value) => {
            let order = expr::order(current, &value, ty).ok()?;
            let holds = match rel {
                Rel::Ge => matches!(
                    order,
                    Some(std::cmp::Ordering::Greater | std::cmp::Ordering::Equal)
                ),
                _ => matches!(
                    order,
                    Some(std::cmp::Ordering::Less | std::cmp::Ordering::Equal)
                ),
            };
            Some(if holds { current.clone() } else { value })
        }
        Goal::Class(class, want) => match current {
            Val::Char(c) => nearest_in_class(*c, class, want).map(Val::Char),
            _ => None,
        },
    }
}

/// The char nearest to `c` (by code point, surrogates skipped) that is in `class` (`want`) or
/// outside it.
fn nearest_in_class(c: char, class: CharClass, want: bool) -> Option<char> {
    if let CharClass::Digit(radix) = class
        && want
        && !(2..=36).contains(&radix)
    {
        return None;
    }
    let origin = gene_of_char(c);
    (0..CHAR_COUNT)
        .flat_map(|distance| [origin.checked_sub(distance), origin.checked_add(distance)])
        .flatten()
        .filter(|&gene| gene < CHAR_COUNT)
        .map(char_of_gene)
        .find(|&candidate| class.contains(candidate) == want)
}

/// The goal on `a` for a goal on `f(a)`, `f` increasing (or decreasing) with `inverse`
/// computing `f⁻¹` of a bound, rounded as the new relation needs. A bound beyond the type
/// that every value meets becomes the type's extreme; one that none meets ends the step.
fn map_int(
    goal: &Goal,
    kind: IntKind,
    decreasing: bool,
    inverse: impl Fn(i128, Rel) -> Result<i128, Overflow>,
) -> Option<Goal> {
    let (rel, bound) = goal.int()?;
    let rel = if decreasing { rel.flip() } else { rel };
    let bound = match (rel, inverse(bound, rel)) {
        (_, Ok(value)) => value,
        (Rel::Ge, Err(Overflow::Below)) => expr::int_min(kind),
        (Rel::Le, Err(Overflow::Above)) => expr::int_max(kind),
        _ => return None,
    };
    Some(Goal::Bound(rel, Val::Int(bound)))
}

/// [`map_int`] for floats, rounding the bound to the operand's precision.
fn map_float(
    goal: &Goal,
    kind: FloatKind,
    decreasing: bool,
    inverse: impl Fn(f64) -> f64,
) -> Option<Goal> {
    let (rel, bound) = goal.float()?;
    let rel = if decreasing { rel.flip() } else { rel };
    let bound = expr::round(kind, inverse(bound));
    bound
        .is_finite()
        .then_some(Goal::Bound(rel, Val::Float(bound)))
}

/// `t / c` rounded up for a lower bound, down for an upper one, exact for an equation (which
/// fails when `c` does not divide `t`).
fn divide(kind: IntKind, t: i128, c: i128, rel: Rel) -> Result<i128, Overflow> {
    let quotient = expr::checked(kind, Arith::Div, t, c)?;
    let remainder = expr::checked(kind, Arith::Rem, t, c)?;
    if remainder == 0 {
        return Ok(quotient);
    }
    let negative = |value: i128| kind.signed() && value < 0;
    // The exact quotient lies above the truncated one when remainder and divisor agree in sign.
    let exact_above = negative(remainder) == negative(c);
    match rel {
        Rel::Eq => Err(Overflow::DivByZero),
        Rel::Ge if exact_above => expr::checked(kind, Arith::Add, quotient, 1),
        Rel::Le if !exact_above => expr::checked(kind, Arith::Sub, quotient, 1),
        _ => Ok(quotient),
    }
}

/// The inverse of an odd `c` modulo 2^128 (Newton's iteration doubles the correct bits).
fn odd_inverse(c: i128) -> i128 {
    let mut inverse = c;
    for _ in 0..7 {
        inverse = inverse.wrapping_mul(2i128.wrapping_sub(c.wrapping_mul(inverse)));
    }
    inverse
}

fn invert_unary(op: Unary, ty: Ty, goal: Goal) -> Option<Goal> {
    if let Some(kind) = expr::int_kind(ty) {
        return match op {
            Unary::Neg => map_int(&goal, kind, true, |t, _| {
                expr::checked(kind, Arith::Sub, 0, t)
            }),
            Unary::Not => map_int(&goal.at_bound()?, kind, false, |t, _| {
                Ok(expr::wrap(kind, !t))
            }),
        };
    }
    match (op, expr::float_kind(ty)) {
        (Unary::Neg, Some(kind)) => map_float(&goal, kind, true, |t| -t),
        _ => None,
    }
}

/// The goal on the symbolic operand of `a op b` (`a` when `left`), the other being `constant`.
fn invert_binary(op: Binary, left: bool, ty: Ty, goal: Goal, constant: &Val) -> Option<Goal> {
    if let (Some(kind), Val::Int(c)) = (expr::int_kind(ty), constant) {
        let c = *c;
        let negative = kind.signed() && c < 0;
        return match (op, left) {
            (Binary::Add, _) => map_int(&goal, kind, false, |t, _| {
                expr::checked(kind, Arith::Sub, t, c)
            }),
            (Binary::Sub, true) => map_int(&goal, kind, false, |t, _| {
                expr::checked(kind, Arith::Add, t, c)
            }),
            (Binary::Sub, false) => map_int(&goal, kind, true, |t, _| {
                expr::checked(kind, Arith::Sub, c, t)
            }),
            (Binary::Mul, _) if c != 0 => {
                map_int(&goal, kind, negative, |t, rel| divide(kind, t, c, rel))
            }
            (Binary::Div, true) if c != 0 => map_int(&goal.at_bound()?, kind, false, |t, _| {
                expr::checked(kind, Arith::Mul, t, c)
            }),
            (Binary::BitXor, _) => map_int(&goal.at_bound()?, kind, false, |t, _| {
                Ok(expr::wrap(kind, t ^ c))
            }),
            _ => None,
        };
    }
    let (Some(kind), Val::Float(c)) = (expr::float_kind(ty), constant) else {
        return None;
    };
    let c = *c;
    if !c.is_finite() {
        return None;
    }
    match (op, left) {
        (Binary::Add, _) => map_float(&goal, kind, false, |t| t - c),
        (Binary::Sub, true) => map_float(&goal, kind, false, |t| t + c),
        (Binary::Sub, false) => map_float(&goal, kind, true, |t| c - t),
        (Binary::Mul, _) if c != 0.0 => map_float(&goal, kind, c < 0.0, |t| t / c),
        (Binary::Div, true) if c != 0.0 => map_float(&goal, kind, c < 0.0, |t| t * c),
        _ => None,
    }
}

/// Whether every value of `from` is a value of `to`.
fn widens(from: IntKind, to: IntKind) -> bool {
    (from.signed() == to.signed() && from.bits() <= to.bits())
        || (!from.signed() && to.signed() && from.bits() < to.bits())
}

/// The goal on `a` for a goal on `a as to` (`a` of type `from`, now `current`).
fn invert_cast(from: Ty, to: Ty, goal: Goal, current: Option<&Val>) -> Option<Goal> {
    match (
        from,
        expr::int_kind(from),
        expr::int_kind(to),
        expr::float_kind(to),
    ) {
        (_, Some(source), Some(target), _) if widens(source, target) => {
            let (lo, hi) = (expr::int_min(source), expr::int_max(source));
            map_int(&goal, source, false, |t, _| {
                if expr::int_order(target, t, lo).is_lt() {
                    Err(Overflow::Below)
                } else if expr::int_order(target, t, hi).is_gt() {
                    Err(Overflow::Above)
                } else {
                    Ok(expr::wrap(source, t))
                }
            })
        }
        (_, Some(source), Some(target), _) => {
            // Narrowing or a change of sign: keep the bits the cast drops, set the others.
            let (_, t) = goal.at_bound()?.int()?;
            let current = match current {
                Some(Val::Int(value)) => *value,
                _ => 0,
            };
            let mask = if target.bits() >= source.bits() {
                -1
            } else {
                (1i128 << target.bits()) - 1
            };
            let value = expr::wrap(source, (current & !mask) | (t & mask));
            Some(Goal::Bound(Rel::Eq, Val::Int(value)))
        }
        (Ty::Char, None, Some(target), _) => {
            let (rel, t) = goal.int()?;
            let wide = target.bits() >= 32;
            let code = u32::try_from(t)
                .ok()
                .filter(|_| !target.signed() || t >= 0)?;
            let c = match (char::from_u32(code), rel, wide) {
                (Some(c), Rel::Eq, _) | (Some(c), _, true) => c,
                (None, Rel::Ge, true) if (0xD800..0xE000).contains(&code) => '\u{E000}',
                (None, Rel::Le, true) if (0xD800..0xE000).contains(&code) => '\u{D7FF}',
                (Some(c), _, false) => return Some(Goal::Bound(Rel::Eq, Val::Char(c))),
                _ => return None,
            };
            let rel = if wide { rel } else { Rel::Eq };
            Some(Goal::Bound(rel, Val::Char(c)))
        }
        (Ty::Bool, None, Some(_), _) => match goal.at_bound()?.int()? {
            (_, 0) => Some(Goal::Bound(Rel::Eq, Val::Bool(false))),
            (_, 1) => Some(Goal::Bound(Rel::Eq, Val::Bool(true))),
            _ => None,
        },
        (_, Some(source), None, None) if to == Ty::Char => {
            let Goal::Bound(rel, Val::Char(c)) = goal else {
                return None;
            };
            let code = i128::from(u32::from(c));
            let max = expr::int_max(source);
            match rel {
                Rel::Le if code > max => Some(Goal::Bound(Rel::Le, Val::Int(max))),
                _ if code > max => None,
                _ => Some(Goal::Bound(rel, Val::Int(code))),
            }
        }
        (_, Some(source), None, Some(_)) => {
            let (rel, t) = goal.float()?;
            let t = match rel {
                Rel::Eq if t.fract() != 0.0 => return None,
                Rel::Ge => t.ceil(),
                Rel::Le => t.floor(),
                Rel::Eq => t,
            };
            map_int(&Goal::Bound(rel, Val::Int(0)), source, false, |_, _| {
                int_of_float(source, t)
            })
        }
        (_, None, Some(target), _) => {
            let (rel, t) = goal.int()?;
            let kind = expr::float_kind(from)?;
            let bound = expr::round(kind, expr::int_to_f64(target, t));
            Some(Goal::Bound(rel, Val::Float(bound)))
        }
        (_, None, None, Some(_)) => {
            let (rel, t) = goal.float()?;
            let kind = expr::float_kind(from)?;
            Some(Goal::Bound(rel, Val::Float(expr::round(kind, t))))
        }
        _ => None,
    }
}

/// An integral float as a value of `kind`, or which way it misses the range.
fn int_of_float(kind: IntKind, value: f64) -> Result<i128, Overflow> {
    let two_127 = 2f64.powi(127);
    let exact = if kind.signed() {
        if value < -two_127 {
            return Err(Overflow::Below);
        } else if value >= two_127 {
            return Err(Overflow::Above);
        }
        value as i128
    } else if value < 0.0 {
        return Err(Overflow::Below);
    } else if value >= 2.0 * two_127 {
        return Err(Overflow::Above);
    } else {
        value as u128 as i128
    };
    if expr::int_order(kind, exact, expr::int_min(kind)).is_lt() {
        Err(Overflow::Below)
    } else if expr::int_order(kind, exact, expr::int_max(kind)).is_gt() {
        Err(Overflow::Above)
    } else {
        Ok(exact)
    }
}

/// Carries `goal` through a call: wrapping arithmetic by its modular inverse, `checked_*` and
/// `saturating_*` like the operators, `abs`, `min` / `max` with a constant, `to_digit`,
/// `unwrap_or` into its option; and places it on a string or sequence variable's length,
/// char or item.
fn invert_call(
    method: Method,
    ty: Ty,
    args: &[Expr],
    goal: Goal,
    env: &Env,
) -> Option<(usize, Val)> {
    match (method, args) {
        (Method::Len | Method::CharCount, [s]) => return resize(s, method, &goal, env),
        (Method::CharAt, [s, index]) => return set_char(s, index, goal, env),
        (Method::ByteAt, [s, index]) => {
            let (_, byte) = goal.at_bound()?.int()?;
            let ascii = u8::try_from(byte).ok().filter(u8::is_ascii)?;
            return set_char(
                s,
                index,
                Goal::Bound(Rel::Eq, Val::Char(char::from(ascii))),
                env,
            );
        }
        (Method::Index, [items, index]) => return set_item(items, index, goal, env),
        (Method::UnwrapOr, [option, _]) if option.symbolic() => return push(option, goal, env),
        _ => {}
    }
    let kind = expr::int_kind(ty);
    if let [a] = args {
        let goal = match method {
            Method::WrappingNeg => {
                let kind = kind?;
                let (_, t) = goal.at_bound()?.int()?;
                let negated = expr::wrapping(kind, Arith::Sub, 0, t).ok()?;
                Goal::Bound(Rel::Eq, Val::Int(negated))
            }
            Method::Abs => invert_abs(a, ty, goal, env)?,
            Method::ToAsciiUppercase | Method::ToAsciiLowercase => {
                let Goal::Bound(_, Val::Char(c)) = goal else {
                    return None;
                };
                let cased = match method {
                    Method::ToAsciiUppercase => c.to_ascii_uppercase(),
                    _ => c.to_ascii_lowercase(),
                };
                (cased == c).then_some(Goal::Bound(Rel::Eq, Val::Char(c)))?
            }
            _ => return None,
        };
        return push(a, goal, env);
    }
    let [a, b] = args else {
        return None;
    };
    let left = a.symbolic();
    let (symbolic, other) = if left { (a, b) } else { (b, a) };
    let constant = other.eval(env).ok()?;
    let goal = match method {
        Method::CheckedAdd | Method::SaturatingAdd => {
            invert_binary(Binary::Add, left, ty, goal, &constant)?
        }
        Method::CheckedSub | Method::SaturatingSub => {
            invert_binary(Binary::Sub, left, ty, goal, &constant)?
        }
        Method::CheckedMul | Method::SaturatingMul => {
            invert_binary(Binary::Mul, left, ty, goal, &constant)?
        }
        Method::CheckedDiv => invert_binary(Binary::Div, left, ty, goal, &constant)?,
        Method::WrappingAdd | Method::WrappingSub | Method::WrappingMul => {
            let (kind, Val::Int(c)) = (kind?, &constant) else {
                return None;
            };
            let c = *c;
            let t = goal.at_bound()?.int()?.1;
            let value = match (method, left) {
                (Method::WrappingAdd, _) => t.wrapping_sub(c),
                (Method::WrappingSub, true) => t.wrapping_add(c),
                (Method::WrappingSub, false) => c.wrapping_sub(t),
                _ if c & 1 == 1 => t.wrapping_mul(odd_inverse(c)),
                _ => return None,
            };
            Goal::Bound(Rel::Eq, Val::Int(expr::wrap(kind, value)))
        }
        Method::Min | Method::Max => invert_min_max(method, symbolic.ty, goal, &constant)?,
        Method::ToDigit if left => {
            let (_, digit) = goal.at_bound()?.int()?;
            let Val::Int(radix) = constant else {
                return None;
            };
            let digit = char::from_digit(u32::try_from(digit).ok()?, u32::try_from(radix).ok()?)?;
            Goal::Bound(Rel::Eq, Val::Char(digit))
        }
        _ => return None,
    };
    push(symbolic, goal, env)
}

/// `|a|` meets the goal: `a` keeps its current sign.
fn invert_abs(a: &Expr, ty: Ty, goal: Goal, env: &Env) -> Option<Goal> {
    let negative = match a.eval(env).ok()? {
        Val::Int(value) => expr::int_kind(ty).is_some_and(|kind| kind.signed()) && value < 0,
        Val::Float(value) => value.is_sign_negative(),
        _ => return None,
    };
    if !negative {
        return Some(goal);
    }
    invert_unary(Unary::Neg, ty, goal)
}

/// `a.max(c)` / `a.min(c)` meets the goal.
fn invert_min_max(method: Method, ty: Ty, goal: Goal, constant: &Val) -> Option<Goal> {
    use std::cmp::Ordering::{Equal, Greater, Less};
    let Goal::Bound(rel, bound) = goal else {
        return None;
    };
    let order = expr::order(&bound, constant, ty).ok()??;
    let max = method == Method::Max;
    match (rel, order, max) {
        // max(a, c) == t: a == t above c, a <= c at c; min mirrored.
        (Rel::Eq, Greater, true) | (Rel::Eq, Less, false) => Some(Goal::Bound(Rel::Eq, bound)),
        (Rel::Eq, Equal, true) => Some(Goal::Bound(Rel::Le, bound)),
        (Rel::Eq, Equal, false) => Some(Goal::Bound(Rel::Ge, bound)),
        (Rel::Eq, _, _) => None,
        (Rel::Ge, _, true) | (Rel::Le, _, false) => Some(Goal::Bound(rel, bound)),
        (Rel::Le, Less, true) | (Rel::Ge, Greater, false) => None,
        (_, _, _) => Some(Goal::Bound(rel, bound)),
    }
}

/// A string or sequence variable `s` resized so that its length (`Len`: bytes of a string,
/// `CharCount`: chars; items of a sequence) meets `goal`: padded with `'a'` / `0` or cut.
fn resize(s: &Expr, method: Method, goal: &Goal, env: &Env) -> Option<(usize, Val)> {
    let Node::Var(var) = s.node else {
        return None;
    };
    let (rel, t) = goal.int()?;
    let t = usize::try_from(t).ok()?;
    let target = |current: usize| match rel {
        Rel::Eq => t,
        Rel::Ge => current.max(t),
        Rel::Le => current.min(t),
    };
    let value = match env.get(var)? {
        Val::Seq(items) => {
            let mut items = items.to_vec();
            items.resize(target(items.len()), 0);
            Val::Seq(items.into())
        }
        Val::Str(current) if method == Method::CharCount => {
            let mut chars: Vec<char> = current.chars().collect();
            chars.resize(target(chars.len()), 'a');
            Val::Str(chars.into_iter().collect::<String>().into())
        }
        Val::Str(current) => {
            let bytes = target(current.len());
            let mut text = current.to_string();
            while text.len() > bytes {
                text.pop();
            }
            while text.len() < bytes {
                text.push('a');
            }
            Val::Str(text.into())
        }
        _ => return None,
    };
    Some((var, value))
}

/// A string variable `s` with its char `index` meeting `goal` (padded with `'a'` up to it).
fn set_char(s: &Expr, index: &Expr, goal: Goal, env: &Env) -> Option<(usize, Val)> {
    let (Node::Var(var), Ok(Val::Int(index))) = (&s.node, index.eval(env)) else {
        return None;
    };
    let index = usize::try_from(index).ok()?;
    let Val::Str(current) = env.get(*var)? else {
        return None;
    };
    let mut chars: Vec<char> = current.chars().collect();
    let existing = chars.get(index).copied().unwrap_or('a');
    let Val::Char(c) = settle(&Val::Char(existing), Ty::Char, goal)? else {
        return None;
    };
    if chars.len() <= index {
        chars.resize(index + 1, 'a');
    }
    chars[index] = c;
    Some((*var, Val::Str(chars.into_iter().collect::<String>().into())))
}

/// A sequence variable with its item `index` meeting `goal` (padded with 0 up to it).
fn set_item(items: &Expr, index: &Expr, goal: Goal, env: &Env) -> Option<(usize, Val)> {
    let (Node::Var(var), Ok(Val::Int(index))) = (&items.node, index.eval(env)) else {
        return None;
    };
    let index = usize::try_from(index).ok()?;
    let (Val::Seq(current), Ty::Seq(kind)) = (env.get(*var)?, items.ty) else {
        return None;
    };
    let mut values = current.to_vec();
    let existing = values.get(index).copied().unwrap_or(0);
    let Val::Int(item) = settle(&Val::Int(existing), Ty::Int(kind), goal)? else {
        return None;
    };
    if values.len() <= index {
        values.resize(index + 1, 0);
    }
    values[index] = item;
    Some((*var, Val::Seq(values.into())))
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::shadow::expr::expr;

    const I8: Ty = Ty::Int(IntKind::I8);
    const U8: Ty = Ty::Int(IntKind::U8);
    const I32: Ty = Ty::Int(IntKind::I32);
    const U32: Ty = Ty::Int(IntKind::U32);
    const I64: Ty = Ty::Int(IntKind::I64);
    const USIZE: Ty = Ty::Int(IntKind::Usize);
    const F64: Ty = Ty::Float(FloatKind::F64);

    fn var(index: usize, ty: Ty) -> Expr {
        expr(Node::Var(index), ty)
    }

    fn int(value: i128, ty: Ty) -> Expr {
        expr(Node::Const(Val::Int(value)), ty)
    }

    fn chr(value: char) -> Expr {
        expr(Node::Const(Val::Char(value)), Ty::Char)
    }

    fn text(value: &str) -> Expr {
        expr(Node::Const(Val::Str(value.into())), Ty::Str)
    }

    fn bin(op: Binary, a: Expr, b: Expr) -> Expr {
        let ty = if comparison(op).is_some() || matches!(op, Binary::And | Binary::Or) {
            Ty::Bool
        } else {
            a.ty
        };
        expr(Node::Binary(op, a, b), ty)
    }

    fn call(method: Method, args: Vec<Expr>, ty: Ty) -> Expr {
        expr(Node::Call(method, args), ty)
    }

    fn holds(e: Expr) -> Constraint {
        Constraint {
            expr: e,
            want: true,
        }
    }

    fn scalar(ty: Ty) -> Var {
        Var { ty, max_len: 0 }
    }

    fn string(max_len: usize) -> Var {
        Var {
            ty: Ty::Str,
            max_len,
        }
    }

    fn string_val(value: &str) -> Val {
        Val::Str(value.into())
    }

    /// Runs the solver; returns its answer and the evaluations it used.
    fn run(
        vars: &[Var],
        constraints: &[Constraint],
        start: &[Val],
        budget: u64,
        seed: u64,
        exact_steps: bool,
    ) -> (Option<Vec<Val>>, u64) {
        let mut solver = Solver::new(vars, constraints, budget);
        let mut rng = Rng::seed_from_u64(seed);
        let solution = solver.run(start, &mut rng, exact_steps);
        assert!(solver.used <= budget, "{} of {budget}", solver.used);
        (solution, solver.used)
    }

    /// Asserts `solution` satisfies every constraint and fits every variable.
    fn assert_solves(vars: &[Var], constraints: &[Constraint], solution: &[Val]) {
        assert_eq!(solution.len(), vars.len());
        for (var, value) in vars.iter().zip(solution) {
            assert!(fits(var, value), "{value:?} does not fit {var:?}");
        }
        for constraint in constraints {
            let outcome = constraint.expr.eval(solution);
            assert_eq!(outcome, Ok(Val::Bool(constraint.want)), "{solution:?}");
        }
    }

    /// Solves with exact steps and AVM; the solution, checked.
    fn solved(vars: &[Var], constraints: &[Constraint], start: &[Val]) -> (Vec<Val>, u64) {
        let (solution, used) = run(vars, constraints, start, 2_000, 1, true);
        let solution = solution.unwrap_or_else(|| panic!("unsolved after {used}"));
        assert_solves(vars, constraints, &solution);
        (solution, used)
    }

    #[test]
    fn a_linear_equation_in_one_variable_takes_one_exact_step() {
        let x = var(0, I32);
        let lhs = bin(Binary::Add, bin(Binary::Mul, x, int(3, I32)), int(7, I32));
        let constraints = [holds(bin(Binary::Eq, lhs, int(100, I32)))];
        let (solution, used) = solved(&[scalar(I32)], &constraints, &[Val::Int(0)]);
        assert_eq!(solution, [Val::Int(31)]);
        assert_eq!(used, 2, "the start and the step");
    }

    #[test]
    fn wrapping_multiplication_by_an_odd_constant_is_inverted_modulo_the_width() {
        let x = var(0, U32);
        let hashed = call(Method::WrappingMul, vec![x, int(0x9E37_79B1, U32)], U32);
        let mixed = bin(Binary::BitXor, hashed, int(0x55, U32));
        let constraints = [holds(bin(Binary::Eq, mixed, int(0x1234, U32)))];
        let (solution, used) = solved(&[scalar(U32)], &constraints, &[Val::Int(7)]);
        let Val::Int(x) = solution[0] else {
            panic!("{solution:?}")
        };
        assert_eq!((x as u32).wrapping_mul(0x9E37_79B1) ^ 0x55, 0x1234);
        assert_eq!(used, 2);
    }

    #[test]
    fn chains_of_xor_add_sub_neg_not_and_casts_are_inverted() {
        let x = || var(0, I32);
        let widened = expr(Node::Cast(x()), I64);
        let chain = bin(
            Binary::Sub,
            bin(
                Binary::BitXor,
                bin(Binary::Add, widened, int(-1000, I64)),
                int(7, I64),
            ),
            int(2, I64),
        );
        let negated = expr(
            Node::Unary(Unary::Neg, bin(Binary::Sub, int(100, I32), x())),
            I32,
        );
        let inverted = expr(Node::Unary(Unary::Not, x()), I32);
        let narrowed = expr(Node::Cast(x()), U8);
        let wrapped = call(Method::WrappingSub, vec![int(5, I32), x()], I32);
        let cases = [
            (bin(Binary::Eq, chain, int(-5, I64)), 0x1234),
            (bin(Binary::Eq, negated, int(-58, I32)), 0),
            (bin(Binary::Eq, inverted, int(5, I32)), 0),
            (bin(Binary::Eq, narrowed, int(200, U8)), 0x1234),
            (bin(Binary::Eq, wrapped, int(i32::MIN.into(), I32)), 0),
        ];
        for (predicate, start) in cases {
            let constraints = [holds(predicate)];
            let (_, used) = solved(&[scalar(I32)], &constraints, &[Val::Int(start)]);
            assert_eq!(used, 2, "{:?}", constraints[0].expr);
        }
        let constraints = [holds(bin(
            Binary::Eq,
            expr(Node::Cast(var(0, I32)), U8),
            int(200, U8),
        ))];
        let (solution, _) = solved(&[scalar(I32)], &constraints, &[Val::Int(0x1234)]);
        assert_eq!(
            solution,
            [Val::Int(0x12C8)],
            "the bits the cast drops are kept"
        );
    }

    #[test]
    fn orderings_take_the_nearest_boundary_value() {
        let x = || var(0, I32);
        let cases = [
            (bin(Binary::Gt, x(), int(5, I32)), 0, 6),
            (bin(Binary::Lt, x(), int(5, I32)), 100, 4),
            (
                bin(
                    Binary::Le,
                    bin(Binary::Mul, x(), int(4, I32)),
                    int(-10, I32),
                ),
                0,
                -3,
            ),
            (
                bin(
                    Binary::Ge,
                    bin(Binary::Mul, x(), int(-3, I32)),
                    int(10, I32),
                ),
                0,
                -4,
            ),
            (
                bin(Binary::Gt, int(10, I32), bin(Binary::Sub, x(), int(3, I32))),
                50,
                12,
            ),
            (bin(Binary::Ne, x(), int(7, I32)), 7, 8),
        ];
        for (predicate, start, expected) in cases {
            let constraints = [holds(predicate)];
            let (solution, used) = solved(&[scalar(I32)], &constraints, &[Val::Int(start)]);
            assert_eq!(solution, [Val::Int(expected)], "{:?}", constraints[0].expr);
            assert_eq!(used, 2);
        }
        // u8: x + 250 < 255 overflows for x >= 6, and the step lands on 4.
        let sum = bin(Binary::Add, var(0, U8), int(250, U8));
        let constraints = [holds(bin(Binary::Lt, sum, int(255, U8)))];
        let (solution, _) = solved(&[scalar(U8)], &constraints, &[Val::Int(100)]);
        assert_eq!(solution, [Val::Int(4)]);
        let wanted_false = [Constraint {
            expr: bin(Binary::Ge, var(0, I32), int(-20, I32)),
            want: false,
        }];
        let (solution, _) = solved(&[scalar(I32)], &wanted_false, &[Val::Int(3)]);
        assert_eq!(solution, [Val::Int(-21)]);
    }

    #[test]
    fn floats_are_inverted_through_arithmetic() {
        let f = var(0, F64);
        let scaled = bin(Binary::Mul, f, expr(Node::Const(Val::Float(2.5)), F64));
        let constraints = [holds(bin(
            Binary::Gt,
            scaled,
            expr(Node::Const(Val::Float(10.0)), F64),
        ))];
        let (solution, used) = solved(&[scalar(F64)], &constraints, &[Val::Float(0.0)]);
        assert_eq!(used, 2, "{solution:?}");
    }

    #[test]
    fn strings_get_equality_prefix_suffix_char_and_length_steps() {
        let s = || var(0, Ty::Str);
        let vars = [string(16)];
        let cases = [
            (bin(Binary::Eq, s(), text("hello")), "xyz"),
            (bin(Binary::Ne, s(), text("hello")), "hello"),
            (
                call(Method::StartsWith, vec![s(), text("GET ")], Ty::Bool),
                "POST /x",
            ),
            (
                call(Method::EndsWith, vec![s(), text(".rs")], Ty::Bool),
                "main.c",
            ),
            (
                call(Method::Contains, vec![s(), chr('@')], Ty::Bool),
                "user",
            ),
            (
                bin(
                    Binary::Eq,
                    call(Method::CharAt, vec![s(), int(3, USIZE)], Ty::Char),
                    chr('q'),
                ),
                "ab",
            ),
            (
                bin(
                    Binary::Eq,
                    call(Method::Len, vec![s()], USIZE),
                    int(5, USIZE),
                ),
                "",
            ),
            (
                bin(
                    Binary::Lt,
                    call(Method::CharCount, vec![s()], USIZE),
                    int(2, USIZE),
                ),
                "héllo",
            ),
            (
                bin(
                    Binary::Eq,
                    call(Method::ByteAt, vec![s(), int(1, USIZE)], U8),
                    int(i128::from(b'K'), U8),
                ),
                "ok",
            ),
            (call(Method::IsEmpty, vec![s()], Ty::Bool), "abc"),
        ];
        for (predicate, start) in cases {
            let constraints = [holds(predicate)];
            let (_, used) = solved(&vars, &constraints, &[string_val(start)]);
            assert_eq!(used, 2, "{:?}", constraints[0].expr);
        }
        let not_prefix = [Constraint {
            expr: call(Method::StartsWith, vec![s(), text("ab")], Ty::Bool),
            want: false,
        }];
        let (solution, _) = solved(&vars, &not_prefix, &[string_val("abc")]);
        assert_eq!(solution, [string_val("bbc")]);
    }

    #[test]
    fn char_predicates_pick_the_nearest_char_that_meets_them() {
        let c = || var(0, Ty::Char);
        let class = |method| call(method, vec![c()], Ty::Bool);
        let to_digit = call(Method::ToDigit, vec![c(), int(16, U32)], U32);
        let cases = [
            (holds(class(Method::IsAsciiDigit)), 'a', '9'),
            (
                Constraint {
                    expr: class(Method::IsAlphabetic),
                    want: false,
                },
                'm',
                '`',
            ),
            (holds(class(Method::IsUppercase)), 'é', 'Þ'),
            (holds(bin(Binary::Eq, c(), chr('x'))), 'a', 'x'),
            (
                holds(call(Method::IsSome, vec![to_digit.clone()], Ty::Bool)),
                'z',
                'f',
            ),
            (holds(bin(Binary::Eq, to_digit, int(11, U32))), 'z', 'b'),
            (
                holds(bin(Binary::Eq, expr(Node::Cast(c()), U32), int(0x41, U32))),
                'z',
                'A',
            ),
        ];
        for (constraint, start, expected) in cases {
            let constraints = [constraint];
            let (solution, used) = solved(&[scalar(Ty::Char)], &constraints, &[Val::Char(start)]);
            assert_eq!(solution, [Val::Char(expected)], "{:?}", constraints[0].expr);
            assert_eq!(used, 2);
        }
    }

    #[test]
    fn the_avm_solves_a_square_and_an_inequality_between_two_variables() {
        let (x, y) = (|| var(0, I32), || var(1, I32));
        let constraints = [
            holds(bin(Binary::Eq, bin(Binary::Mul, x(), x()), int(144, I32))),
            holds(bin(Binary::Gt, y(), x())),
        ];
        let vars = [scalar(I32), scalar(I32)];
        for seed in 0..10 {
            let (solution, used) = run(
                &vars,
                &constraints,
                &[Val::Int(0), Val::Int(50)],
                2_000,
                seed,
                true,
            );
            let solution = solution.unwrap_or_else(|| panic!("seed {seed}: unsolved after {used}"));
            assert_solves(&vars, &constraints, &solution);
        }
    }

    #[test]
    fn the_avm_solves_a_linear_system() {
        let (a, b) = (|| var(0, I32), || var(1, I32));
        let constraints = [
            holds(bin(Binary::Eq, bin(Binary::Add, a(), b()), int(10, I32))),
            holds(bin(Binary::Eq, bin(Binary::Sub, a(), b()), int(4, I32))),
        ];
        let vars = [scalar(I32), scalar(I32)];
        for seed in 0..10 {
            let start = [Val::Int(-300), Val::Int(1000)];
            let (solution, used) = run(&vars, &constraints, &start, 2_000, seed, true);
            let solution = solution.unwrap_or_else(|| panic!("seed {seed}: unsolved after {used}"));
            assert_eq!(solution, [Val::Int(7), Val::Int(3)]);
        }
    }

    #[test]
    fn the_avm_moves_floats_at_decreasing_steps() {
        let f = var(0, F64);
        let scaled = bin(Binary::Mul, f, expr(Node::Const(Val::Float(2.5)), F64));
        let constraints = [holds(bin(
            Binary::Gt,
            scaled,
            expr(Node::Const(Val::Float(10.0)), F64),
        ))];
        let vars = [scalar(F64)];
        let (solution, used) = run(&vars, &constraints, &[Val::Float(-3.7)], 500, 2, false);
        let solution = solution.unwrap_or_else(|| panic!("unsolved after {used}"));
        assert_solves(&vars, &constraints, &solution);
        let narrow = [
            holds(bin(
                Binary::Gt,
                var(0, F64),
                expr(Node::Const(Val::Float(0.25)), F64),
            )),
            holds(bin(
                Binary::Lt,
                var(0, F64),
                expr(Node::Const(Val::Float(0.26)), F64),
            )),
        ];
        let (solution, used) = run(&vars, &narrow, &[Val::Float(7.0)], 500, 2, false);
        let solution = solution.unwrap_or_else(|| panic!("unsolved after {used}"));
        assert_solves(&vars, &narrow, &solution);
    }

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
    fn unsatisfiable_systems_end_with_none_when_the_budget_is_spent() {
        let x = || var(0, I32);
        let s = var(0, Ty::Str);
        let cases = [
            (
                vec![scalar(I32)],
                vec![
                    holds(bin(Binary::Gt, x(), int(5, I32))),
                    holds(bin(Binary::Lt, x(), int(3, I32))),
                ],
                vec![Val::Int(0)],
            ),
            (
                vec![scalar(I32)],
                vec![holds(bin(
                    Binary::Eq,
                    bin(Binary::Mul, x(), int(0, I32)),
                    int(1, I32),
                ))],
                vec![Val::Int(0)],
            ),
            (
                vec![string(32)],
                vec![holds(bin(
                    Binary::Gt,
                    call(Method::Len, vec![s], USIZE),
                    int(100, USIZE),
                ))],
                vec![Val::Str("".into())],
            ),
            (
                vec![scalar(I8)],
                vec![holds(bin(
                    Binary::Gt,
                    expr(Node::Cast(var(0, I8)), I32),
                    int(300, I32),
                ))],
                vec![Val::Int(0)],
            ),
        ];
        for (vars, constraints, start) in cases {
            let (solution, used) = run(&vars, &constraints, &start, 700, 5, true);
            assert_eq!(solution, None, "{constraints:?}");
            assert_eq!(used, 700);
        }
    }

    #[test]
    fn the_budget_is_never_exceeded_and_zero_means_no_answer() {
        let (a, b) = (|| var(0, I32), || var(1, I32));
        let constraints = [
            holds(bin(Binary::Eq, bin(Binary::Mul, a(), b()), int(391, I32))),
            holds(bin(Binary::Gt, a(), int(1, I32))),
            holds(bin(Binary::Gt, b(), int(1, I32))),
        ];
        let vars = [scalar(I32), scalar(I32)];
        let start = [Val::Int(0), Val::Int(0)];
        for budget in [0, 1, 2, 3, 10, 100] {
            let (solution, used) = run(&vars, &constraints, &start, budget, 6, true);
            assert!(used <= budget);
            if let Some(solution) = solution {
                assert_solves(&vars, &constraints, &solution);
            }
        }
        let trivial = [holds(bin(Binary::Eq, a(), int(0, I32)))];
        let (solution, used) = run(&vars, &trivial, &start, 0, 6, true);
        assert_eq!((solution, used), (None, 0));
        let (solution, used) = run(&vars, &trivial, &start, 1, 6, true);
        assert_eq!(
            (solution, used),
            (Some(start.to_vec()), 1),
            "the start already solves it"
        );
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

    #[test]
    fn the_solver_is_deterministic_given_the_seed() {
        let (a, b) = (|| var(0, I64), || var(1, I64));
        let constraints = [holds(bin(
            Binary::Eq,
            bin(Binary::Rem, bin(Binary::Mul, a(), b()), int(97, I64)),
            int(13, I64),
        ))];
        let vars = [scalar(I64), scalar(I64)];
        let start = [Val::Int(1), Val::Int(1)];
        let first = run(&vars, &constraints, &start, 3_000, 9, true);
        assert_eq!(first, run(&vars, &constraints, &start, 3_000, 9, true));
        if let (Some(solution), _) = &first {
            assert_solves(&vars, &constraints, solution);
        }
    }

    #[test]
    fn solve_uses_the_default_budget_and_the_callers_rng() {
        let constraints = [holds(bin(Binary::Eq, var(0, I32), int(-42, I32)))];
        let mut rng = Rng::seed_from_u64(0);
        let solution = solve(
            &[scalar(I32)],
            &constraints,
            &[Val::Int(5)],
            &SolveConfig::default(),
            &mut rng,
        );
        assert_eq!(solution, Some(vec![Val::Int(-42)]));
        assert_eq!(SolveConfig::default().evaluations, 2_000);
    }

    #[test]
    fn a_variable_occurring_once_is_solved_for_with_the_others_fixed() {
        let (header, check) = (var(0, U32), var(1, U32));
        let digest = call(
            Method::WrappingMul,
            vec![
                bin(Binary::BitXor, header.clone(), check),
                int(0x2545_F491, U32),
            ],
            U32,
        );
        let ours = bin(Binary::Shr, header, int(24, U32));
        let constraints = vec![
            holds(bin(Binary::Eq, ours, int(0x7F, U32))),
            holds(bin(Binary::Eq, digest, int(0x0BAD_F00D, U32))),
        ];
        let vars = vec![scalar(U32); 2];
        let start = [Val::Int(0x7F00_0000), Val::Int(5)];
        let (solution, _) = run(&vars, &constraints, &start, 50, 1, true);
        let solution = solution.expect("one exact step on `check` solves it");
        assert_solves(&vars, &constraints, &solution);
    }
}
