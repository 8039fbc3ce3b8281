//! `std::time`: a `Duration` as whole seconds and nanoseconds, a `SystemTime` as the
//! `Duration` since `UNIX_EPOCH`. Nanoseconds past a second carry into the seconds, so a
//! duration grows with either gene and the search never meets a gap.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::genes::{Input, Shape, Value};

/// A `u64` of seconds and a `u32` of nanoseconds: the zero genes are `Duration::ZERO`.
/// Seconds past `u64::MAX` saturate.
impl Input for Duration {
    fn shape() -> Shape {
        <(u64, u32)>::shape()
    }
    fn decode(value: &Value) -> Self {
        let (secs, nanos) = <(u64, u32)>::decode(value);
        Duration::from_secs(secs).saturating_add(Duration::from_nanos(u64::from(nanos)))
    }
}

/// `UNIX_EPOCH` plus a [`Duration`]: the zero genes are `UNIX_EPOCH`. A time past what the
/// platform's clock can hold is the latest of `i64::MAX` and `u32::MAX` seconds it can.
impl Input for SystemTime {
    fn shape() -> Shape {
        Duration::shape()
    }
    fn decode(value: &Value) -> Self {
        let since = Duration::decode(value);
        [
            since,
            Duration::from_secs(i64::MAX as u64),
            Duration::from_secs(u32::MAX.into()),
        ]
        .into_iter()
        .find_map(|since| UNIX_EPOCH.checked_add(since))
        .unwrap_or(UNIX_EPOCH)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn genes(secs: u128, nanos: u128) -> Value {
        Value::List(vec![Value::Int(secs), Value::Int(nanos)])
    }

    #[test]
    fn the_simplest_genes_are_zero_and_the_epoch() {
        assert_eq!(Duration::decode(&Duration::shape().zero()), Duration::ZERO);
        assert_eq!(SystemTime::decode(&SystemTime::shape().zero()), UNIX_EPOCH);
    }

    #[test]
    fn nanoseconds_past_a_second_carry_and_seconds_saturate() {
        assert_eq!(Duration::decode(&genes(5, 250)), Duration::new(5, 250));
        assert_eq!(
            Duration::decode(&genes(5, 1_500_000_000)),
            Duration::new(6, 500_000_000)
        );
        assert_eq!(
            Duration::decode(&genes(u128::from(u64::MAX), 1_500_000_000)),
            Duration::MAX
        );
        assert_eq!(
            SystemTime::decode(&genes(60, 7)),
            UNIX_EPOCH + Duration::new(60, 7)
        );
        let latest = SystemTime::decode(&genes(u128::from(u64::MAX), 0));
        assert!(latest >= UNIX_EPOCH + Duration::from_secs(u32::MAX.into()));
    }
}
