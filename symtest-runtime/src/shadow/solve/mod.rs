//! The built-in constraint solver of the DSE step: given the constraints of a path condition
//! prefix and a negated branch, finds values of the input variables that satisfy all of them.
//!
//! Exact steps first, for the cheap cases (`exact`, `invert`); then the alternating variable method
//! over the whole system (EvoSuite's solver, *Improving Search-based Test Suite Generation with
//! Dynamic Symbolic Execution* §IV-A), whose driver and climb live here and whose moves live
//! in `moves`. Always ends within its evaluation budget.
//!
//! The fitness of an assignment is Σ ν(d) over the constraints, d the distance of each to its
//! wanted outcome ([`distances`](crate::record::expr::ExprNode::distances)), with the raw sum
//! of the distances to break ties; 0 means solved. Each fitness computed is one evaluation of
//! the budget.

mod exact;
mod invert;
mod linear;
mod moves;
#[cfg(test)]
mod testing;

use rand::RngExt;

use self::moves::{Axis, Dim, Moves, fits, nudge, repair};
use super::arith;
use crate::genes::random::Rng;
use crate::genes::{FloatKind, IntKind};
use crate::record::distance;
use crate::record::expr::{self, Env, Expr, Ty, Val, Var};
use crate::record::fitness::Fitness;

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
            Ty::Str | Ty::Chars => self.string(point, var, moves),
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
        let next = arith::round(kind, base + delta);
        if !next.is_finite() || next == current {
            return Ok(false);
        }
        self.try_move(point, var, Val::Float(next))
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

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::testing::*;
    use super::*;
    use crate::record::expr::{Binary, Method, Node, expr};
    use crate::shadow::testing::*;

    #[test]
    fn three_variables_tied_by_linear_equations_are_solved_in_one_step() {
        // `aligned`: x == y, y == z + 7, x == 2 * z - 5.
        let (x, y, z) = (|| var(0, I64), || var(1, I64), || var(2, I64));
        let constraints = [
            holds(bin(Binary::Eq, x(), y())),
            holds(bin(Binary::Eq, y(), bin(Binary::Add, z(), int(7, I64)))),
            holds(bin(
                Binary::Eq,
                x(),
                bin(Binary::Sub, bin(Binary::Mul, int(2, I64), z()), int(5, I64)),
            )),
        ];
        let vars = [scalar(I64), scalar(I64), scalar(I64)];
        let start = [Val::Int(-40), Val::Int(3), Val::Int(900)];
        let (solution, used) = run(&vars, &constraints, &start, 1_000, 1, true);
        let solution = solution.expect("solved");
        assert_eq!(solution, [Val::Int(19), Val::Int(19), Val::Int(12)]);
        assert_eq!(used, 2, "the start and the solution");
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
}
