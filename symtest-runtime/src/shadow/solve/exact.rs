//! The solver's exact steps: each conjunct of the constraints that does not hold is solved for
//! a variable that occurs once in it, by carrying the outcome it needs down through the
//! operations to the variable ([`push`]) and settling it at the nearest value that meets it.
//! Comparisons, char classes, `is_some()` of `to_digit` and `nth`, `is_empty()` and string
//! patterns are handled here; inverting arithmetic, casts and calls is in `invert`.

use super::invert::{invert_binary, invert_bits, invert_call, invert_cast, invert_unary};
use super::linear::{self, Equation};
use super::moves::fits;
use super::{Point, Solver, Stop};
use crate::genes::{CHAR_COUNT, FloatKind, char_of_gene, gene_of_char};
use crate::record::distance::{CharClass, CmpOp};
use crate::record::expr::{self, Binary, Env, Expr, Method, Node, Ty, Unary, Val};
use crate::record::fitness::Fitness;
use crate::shadow::arith::{self, Arith};
use crate::shadow::{eval, text};

/// How many rounds of exact steps run: a step can undo an earlier one's work, so they repeat
/// while some step improves, at most this often.
const EXACT_ROUNDS: usize = 3;

impl Solver<'_> {
    /// For each conjunct that does not hold, the values its variables would need (see
    /// [`predicate_steps`]); the best is kept if the whole system improves.
    pub(super) fn exact_steps(&mut self, point: &mut Point) -> Result<(), Stop> {
        let mut goals = Vec::new();
        for constraint in self.constraints {
            conjuncts(&constraint.expr, constraint.want, &mut goals);
        }
        self.linear_step(point, &goals)?;
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
}

impl Solver<'_> {
    /// Solves the linear integer equations among `goals` together (see [`super::linear`]);
    /// kept if the whole system improves. One equation alone is the other steps' job.
    fn linear_step(&mut self, point: &mut Point, goals: &[(&Expr, bool)]) -> Result<(), Stop> {
        let equations: Vec<Equation> = goals
            .iter()
            .filter_map(|&(predicate, want)| Equation::of(predicate, want))
            .collect();
        if equations.len() < 2 {
            return Ok(());
        }
        let Some(solution) = linear::solve(&equations, &point.values) else {
            return Ok(());
        };
        let mut values = point.values.clone();
        for (var, value) in solution {
            let value = Val::Int(value);
            if !self.vars.get(var).is_some_and(|v| fits(v, &value)) {
                return Ok(());
            }
            values[var] = value;
        }
        if values == point.values {
            return Ok(());
        }
        let fitness = self.evaluate(&values)?;
        if fitness < point.fitness {
            point.values = values;
            point.fitness = fitness;
            point.left = None;
        }
        Ok(())
    }
}

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
pub(super) enum Rel {
    Eq,
    Ge,
    Le,
}

impl Rel {
    /// The relation on `x` when the one on `f(x)` is given and `f` is decreasing.
    pub(super) fn flip(self) -> Rel {
        match self {
            Rel::Eq => Rel::Eq,
            Rel::Ge => Rel::Le,
            Rel::Le => Rel::Ge,
        }
    }
}

/// What an exact step asks of the value of an expression.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Goal {
    Bound(Rel, Val),
    /// A char in the class (`true`) or outside it.
    Class(CharClass, bool),
}

impl Goal {
    /// The goal met at its bound: `x >= 10` by `x == 10`, for inverses that are not monotone.
    pub(super) fn at_bound(self) -> Option<Goal> {
        match self {
            Goal::Bound(_, value) => Some(Goal::Bound(Rel::Eq, value)),
            Goal::Class(..) => None,
        }
    }

    pub(super) fn int(&self) -> Option<(Rel, i128)> {
        match self {
            Goal::Bound(rel, Val::Int(value)) => Some((*rel, *value)),
            _ => None,
        }
    }

    pub(super) fn float(&self) -> Option<(Rel, f64)> {
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
        Node::Const(_) | Node::Opaque(_) | Node::Arg | Node::Acc => return Some(e.clone()),
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
            let Some(op) = eval::cmp_op(*op) else {
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
        Val::Int(v) => arith::checked(expr::int_kind(ty)?, Arith::Add, *v, 1)
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
        Val::Int(v) => arith::checked(expr::int_kind(ty)?, Arith::Sub, *v, 1)
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
    if let (Some(class), [c]) = (eval::char_class_of(method), args) {
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
                Node::Call(Method::ParseInt, parse_args) => match parse_args.as_slice() {
                    [parsed, _] => {
                        // A number near the current text, or a text no integer type parses.
                        let current = text::current(parsed, env);
                        let current = current.as_deref();
                        let goal = match present {
                            true => text::as_number(current, option.ty),
                            false => format!("{}_", current.unwrap_or("")),
                        };
                        single(push(
                            parsed,
                            Goal::Bound(Rel::Eq, Val::Str(goal.into())),
                            env,
                        ))
                    }
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
pub(super) fn push(e: &Expr, goal: Goal, env: &Env) -> Option<(usize, Val)> {
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
            let goal = match op {
                Binary::Shl | Binary::Shr if !left => return None,
                Binary::Shl | Binary::Shr | Binary::BitAnd | Binary::BitOr
                    if expr::int_kind(e.ty).is_some() =>
                {
                    let current = symbolic.eval(env).ok();
                    invert_bits(*op, e.ty, goal, (&constant, other.ty), current.as_ref())?
                }
                _ => invert_binary(*op, left, e.ty, goal, &constant)?,
            };
            push(symbolic, goal, env)
        }
        Node::Cast(a) => {
            let current = a.eval(env).ok();
            push(a, invert_cast(a.ty, e.ty, goal, current.as_ref())?, env)
        }
        Node::Call(method, args) => invert_call(*method, e.ty, args, goal, env),
        Node::Const(_) | Node::Opaque(_) | Node::Arg | Node::Acc => None,
    }
}

/// The value nearest to `current` that meets `goal`.
fn settle(current: &Val, ty: Ty, goal: Goal) -> Option<Val> {
    match goal {
        Goal::Bound(Rel::Eq, value) => Some(value),
        Goal::Bound(rel, value) => {
            let order = eval::order(current, &value, ty).ok()?;
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

/// A string or sequence variable `s` resized so that its length (`Len`: bytes of a string,
/// `CharCount`: chars; items of a sequence) meets `goal`: padded with `'a'` / `0` or cut.
pub(super) fn resize(s: &Expr, method: Method, goal: &Goal, env: &Env) -> Option<(usize, Val)> {
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
pub(super) fn set_char(s: &Expr, index: &Expr, goal: Goal, env: &Env) -> Option<(usize, Val)> {
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
pub(super) fn set_item(items: &Expr, index: &Expr, goal: Goal, env: &Env) -> Option<(usize, Val)> {
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
    use crate::record::expr::{Binary, Method, Node, Ty, Val, expr};
    use crate::shadow::solve::Constraint;
    use crate::shadow::solve::testing::*;
    use crate::shadow::testing::*;

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
