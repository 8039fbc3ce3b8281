//! Random values of a [`Shape`]: what the search starts from and what the solver jumps to.

use rand::RngExt;

use super::pool::Pool;
use super::{CHAR_COUNT, CHAR_SHAPE, FloatKind, IntKind, Shape, Value, floats};

/// The one random number generator of a search: seeded, so a seed fixes the whole run.
pub type Rng = rand_pcg::Pcg64;

/// Half-width of the range uniform random floats are drawn from, `±1e6`.
pub const FLOAT_RANGE: f64 = 1e6;

/// Random strings and sequences are at most this long 7 times in 8, so most inputs stay short.
const USUAL_MAX_LEN: usize = 8;

/// Largest magnitude of the "small" integers and floats random values favour.
const SMALL_MAGNITUDE: i16 = 100;

/// A random input of `shape`, deterministic given `rng`, without a constant pool: the same as
/// [`random_value_with`] and an empty [`Pool`].
pub fn random_value(shape: &Shape, rng: &mut Rng) -> Value {
    random_value_with(shape, &Pool::default(), rng)
}

/// A random input of `shape`, deterministic given `rng`, taking integer, float and char genes
/// and whole strings from `pool` with probability [`P_SEED`](super::pool::P_SEED) where it
/// has values that fit (see [`Pool::draw`]).
///
/// The mix favours values that tend to matter in branches over a flat uniform draw:
/// - integers: 1/3 uniform over the whole type, 1/3 small (`-100..=100`, `0..=100` for
///   unsigned types), 1/3 special (minimum, maximum, zero, ±1);
/// - floats: 1/3 uniform in `±1e6`, 1/3 small with a fraction (`±100`), 1/3 special: one
///   time in ten NaN or ±infinity, else half the time `0.0`, `-0.0`, `1.0` or `-1.0`, half
///   the time an edge of the representation (±the smallest and largest subnormal,
///   `MIN_POSITIVE`, `MAX`, `EPSILON`);
/// - bools uniform; chars printable ASCII 7 times in 8, else any scalar value;
/// - strings and sequences: length `0..=8` 7 times in 8, else up to `max_len` (never above);
/// - options: present half of the time, the payload always generated so it can evolve.
pub fn random_value_with(shape: &Shape, pool: &Pool, rng: &mut Rng) -> Value {
    if let Some(pooled) = pool.draw(shape, rng) {
        return pooled;
    }
    match shape {
        Shape::Int(kind) => Value::Int(random_int(*kind, rng)),
        Shape::Float(kind) => Value::Float(random_float(*kind, rng)),
        Shape::Bool => Value::Int(rng.random_range(0..=1)),
        Shape::Tag(count) => Value::Int(rng.random_range(0..u128::from((*count).max(1)))),
        Shape::Char => Value::Int(random_char(rng)),
        Shape::Str { max_len } => {
            let len = random_len(*max_len, rng);
            random_items(&CHAR_SHAPE, len, pool, rng)
        }
        Shape::Seq { item, max_len } => {
            let len = random_len(*max_len, rng);
            random_items(item, len, pool, rng)
        }
        Shape::Array { item, len } => random_items(item, *len, pool, rng),
        Shape::Tuple(fields) => Value::List(
            fields
                .iter()
                .map(|f| random_value_with(f, pool, rng))
                .collect(),
        ),
        Shape::Option(payload) => Value::List(vec![
            Value::Int(rng.random_range(0..=1)),
            random_value_with(payload, pool, rng),
        ]),
        Shape::Never => Value::List(Vec::new()),
    }
}

fn random_items(item: &Shape, len: usize, pool: &Pool, rng: &mut Rng) -> Value {
    Value::List(
        (0..len)
            .map(|_| random_value_with(item, pool, rng))
            .collect(),
    )
}

fn random_len(max_len: usize, rng: &mut Rng) -> usize {
    let cap = if rng.random_ratio(7, 8) {
        max_len.min(USUAL_MAX_LEN)
    } else {
        max_len
    };
    rng.random_range(0..=cap)
}

fn random_int(kind: IntKind, rng: &mut Rng) -> u128 {
    let max = kind.max_offset();
    match rng.random_range(0..3u8) {
        0 => rng.random_range(0..=max),
        1 if kind.signed() => {
            let small = rng.random_range(-SMALL_MAGNITUDE..=SMALL_MAGNITUDE);
            kind.offset_of_signed(small.into()).min(max)
        }
        1 => rng
            .random_range(0..=SMALL_MAGNITUDE.unsigned_abs().into())
            .min(max),
        _ => {
            let zero = kind.zero_offset();
            let specials = [
                0,
                max,
                zero,
                zero.saturating_add(1).min(max),
                zero.saturating_sub(1),
            ];
            specials[rng.random_range(0..specials.len())]
        }
    }
}

fn random_float(kind: FloatKind, rng: &mut Rng) -> f64 {
    const COMMON: [f64; 4] = [0.0, -0.0, 1.0, -1.0];
    const RARE: [f64; 3] = [f64::NAN, f64::INFINITY, f64::NEG_INFINITY];
    let small = f64::from(SMALL_MAGNITUDE);
    let value = match rng.random_range(0..3u8) {
        0 => rng.random_range(-FLOAT_RANGE..=FLOAT_RANGE),
        1 => rng.random_range(-small..=small),
        _ if rng.random_ratio(1, 10) => RARE[rng.random_range(0..RARE.len())],
        _ if rng.random_bool(0.5) => COMMON[rng.random_range(0..COMMON.len())],
        _ => {
            let edges = floats::edges(kind);
            edges[rng.random_range(0..edges.len())]
        }
    };
    kind.round(value)
}

fn random_char(rng: &mut Rng) -> u128 {
    if rng.random_ratio(7, 8) {
        rng.random_range(u128::from(b' ')..=u128::from(b'~'))
    } else {
        rng.random_range(0..CHAR_COUNT)
    }
}
