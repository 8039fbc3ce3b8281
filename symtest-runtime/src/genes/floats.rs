//! Floats for the search: moves by value (a distance on the number line) and moves on the
//! representation (the sign bit, the exponent and the mantissa of `to_bits()`), and the special
//! values numeric code branches on. Code that reads a float's bit fields (libm's
//! `(x.to_bits() >> 52) & 0x7ff == 0`, `hx < 0x0010_0000`) measures a distance in those
//! fields, which value moves barely change: the subnormals are all below 2.3e-308.

use super::{Direction, FloatKind};

/// A field of a float's IEEE 754 representation. An `f64`'s mantissa is two fields, the 20
/// bits of the high word and the 32 of the low one, as fdlibm-style code reads them
/// (`GET_HIGH_WORD`): moves of one unit in the low word never change the high word, which is
/// what such code compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatField {
    Sign,
    Exponent,
    /// The whole mantissa of an `f32`, the high word's part of an `f64`'s.
    Mantissa,
    /// The low word of an `f64` (an `f32` has none).
    LowMantissa,
}

impl FloatField {
    /// The fields of `kind`, in the order the AVM tries them.
    pub fn of(kind: FloatKind) -> &'static [FloatField] {
        match kind {
            FloatKind::F32 => &[FloatField::Exponent, FloatField::Mantissa, FloatField::Sign],
            FloatKind::F64 => &[
                FloatField::Exponent,
                FloatField::Mantissa,
                FloatField::LowMantissa,
                FloatField::Sign,
            ],
        }
    }

    /// The lowest bit and the width of the field in `kind`'s bits.
    fn bits(self, kind: FloatKind) -> (u32, u32) {
        match (kind, self) {
            (FloatKind::F32, FloatField::Sign) => (31, 1),
            (FloatKind::F32, FloatField::Exponent) => (23, 8),
            (FloatKind::F32, FloatField::Mantissa | FloatField::LowMantissa) => (0, 23),
            (FloatKind::F64, FloatField::Sign) => (63, 1),
            (FloatKind::F64, FloatField::Exponent) => (52, 11),
            (FloatKind::F64, FloatField::Mantissa) => (32, 20),
            (FloatKind::F64, FloatField::LowMantissa) => (0, 32),
        }
    }
}

/// How many values `field` has in `kind`.
pub fn field_values(kind: FloatKind, field: FloatField) -> u64 {
    1 << field.bits(kind).1
}

/// `current` with `field` of its representation moved `steps` towards `direction`, saturating
/// at the field's bounds: the exponent walks binades (all ones is infinity or NaN, zero the
/// subnormals), the mantissa words walk within one, the sign flips.
pub fn shift_field(
    current: f64,
    kind: FloatKind,
    field: FloatField,
    direction: Direction,
    steps: u128,
) -> f64 {
    let (shift, width) = field.bits(kind);
    let mask = (1u64 << width) - 1;
    let bits = kind.to_bits(current);
    let value = u128::from((bits >> shift) & mask);
    let moved = super::shift_int(value, u128::from(mask), direction, steps) as u64;
    kind.from_bits((bits & !(mask << shift)) | (moved << shift))
}

/// `current` moved by `amount` towards `direction`, kept finite and representable in `kind`.
///
/// NaN moves from zero and infinities from the largest finite value; a NaN amount is no move.
/// When `amount` is too small to change the value at its magnitude, the move goes to the
/// adjacent representable value instead, so a positive move always changes the value unless a
/// bound is reached.
pub fn shift_float(current: f64, kind: FloatKind, direction: Direction, amount: f64) -> f64 {
    let limit = float_limit(kind);
    let amount = if amount.is_nan() { 0.0 } else { amount };
    let base = if current.is_nan() {
        0.0
    } else {
        kind.round(current.clamp(-limit, limit))
    };
    let target = match direction {
        Direction::Up => base + amount,
        Direction::Down => base - amount,
    };
    let moved = kind.round(target.clamp(-limit, limit));
    if moved != base || amount <= 0.0 {
        return moved;
    }
    adjacent(kind, base, direction).clamp(-limit, limit)
}

/// The representable value of `kind` next to `value` towards `direction`.
pub fn adjacent(kind: FloatKind, value: f64, direction: Direction) -> f64 {
    match (kind, direction) {
        (FloatKind::F32, Direction::Up) => f64::from((value as f32).next_up()),
        (FloatKind::F32, Direction::Down) => f64::from((value as f32).next_down()),
        (FloatKind::F64, Direction::Up) => value.next_up(),
        (FloatKind::F64, Direction::Down) => value.next_down(),
    }
}

fn float_limit(kind: FloatKind) -> f64 {
    match kind {
        FloatKind::F32 => f64::from(f32::MAX),
        FloatKind::F64 => f64::MAX,
    }
}

/// The finite edges of `kind`'s representation, positive and negative: the smallest and the
/// largest subnormal, the smallest normal (`MIN_POSITIVE`), the largest finite value, and
/// `EPSILON`.
pub fn edges(kind: FloatKind) -> [f64; 10] {
    let [tiny, subnormal, normal, max, epsilon] = match kind {
        FloatKind::F32 => [
            f32::from_bits(1),
            f32::from_bits(0x007f_ffff),
            f32::MIN_POSITIVE,
            f32::MAX,
            f32::EPSILON,
        ]
        .map(f64::from),
        FloatKind::F64 => [
            f64::from_bits(1),
            f64::from_bits(0x000f_ffff_ffff_ffff),
            f64::MIN_POSITIVE,
            f64::MAX,
            f64::EPSILON,
        ],
    };
    [
        tiny, -tiny, subnormal, -subnormal, normal, -normal, max, -max, epsilon, -epsilon,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exponent_moves_walk_binades_down_to_the_subnormals_and_up_to_infinity() {
        let down = |x, steps| {
            shift_field(
                x,
                FloatKind::F64,
                FloatField::Exponent,
                Direction::Down,
                steps,
            )
        };
        let up = |x, steps| {
            shift_field(
                x,
                FloatKind::F64,
                FloatField::Exponent,
                Direction::Up,
                steps,
            )
        };
        assert_eq!(down(1.5, 1), 0.75);
        assert_eq!(up(1.5, 2), 6.0);
        // Exponent 0 with the mantissa of 1.5: a subnormal.
        let subnormal = down(1.5, 1023);
        assert!(subnormal.is_subnormal() && subnormal > 0.0, "{subnormal:e}");
        assert_eq!(down(subnormal, 1), subnormal, "saturates at exponent 0");
        assert!(
            up(1.0, 1 << 20).is_infinite(),
            "all ones with mantissa 0 is infinity"
        );
        assert!(up(1.5, 1 << 20).is_nan(), "all ones with a mantissa is NaN");
        let f32_down = shift_field(
            1.0,
            FloatKind::F32,
            FloatField::Exponent,
            Direction::Down,
            127,
        );
        assert_eq!(f32_down, 0.0, "1.0f32 has an empty mantissa");
    }

    #[test]
    fn mantissa_moves_are_ulps_and_sign_moves_flip_the_sign() {
        let low =
            |x, direction| shift_field(x, FloatKind::F64, FloatField::LowMantissa, direction, 1);
        assert_eq!(low(1.0, Direction::Up), 1.0f64.next_up());
        assert_eq!(low(1.0, Direction::Down), 1.0, "saturates at mantissa 0");
        let high = shift_field(1.0, FloatKind::F64, FloatField::Mantissa, Direction::Up, 1);
        assert_eq!(
            high.to_bits(),
            1.0f64.to_bits() + (1 << 32),
            "one unit of the high word"
        );
        let f32_up = shift_field(1.0, FloatKind::F32, FloatField::Mantissa, Direction::Up, 1);
        assert_eq!(f32_up, f64::from(1.0f32.next_up()));
        let sign = |x, direction| shift_field(x, FloatKind::F64, FloatField::Sign, direction, 1);
        assert_eq!(sign(2.0, Direction::Up), -2.0);
        assert_eq!(sign(-2.0, Direction::Down), 2.0);
        assert_eq!(sign(2.0, Direction::Down), 2.0);
        assert!(sign(0.0, Direction::Up).is_sign_negative());
    }

    #[test]
    fn edges_are_the_extremes_of_each_representation() {
        let f64s = edges(FloatKind::F64);
        assert!(f64s[0] > 0.0 && f64s[0].next_down() == 0.0);
        assert!(f64s[2].is_subnormal() && !f64s[2].next_up().is_subnormal());
        assert_eq!(f64s[6], f64::MAX);
        let f32s = edges(FloatKind::F32);
        assert!(
            f32s.iter().all(|&x| f64::from(x as f32) == x),
            "all are f32 values"
        );
        assert!((f32s[3] as f32).is_subnormal());
    }
}
