//! `std::time`: a `Duration` by the coarsest unit that writes it exactly
//! (`std::time::Duration::from_millis(1500)`, `from_secs`, `from_micros`, `from_nanos` below a
//! second, `new(secs, nanos)` otherwise) or by name (`ZERO`, `MAX`); a `SystemTime` as
//! `std::time::UNIX_EPOCH` plus or minus one.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::{Literal, named};

impl Literal for Duration {
    fn literal(&self) -> String {
        const PATH: &str = "std::time::Duration";
        if let Some(name) = named(
            self,
            PATH,
            &[(Duration::ZERO, "ZERO"), (Duration::MAX, "MAX")],
        ) {
            return name;
        }
        let (secs, nanos) = (self.as_secs(), self.subsec_nanos());
        let whole = |per_sec: u32| {
            let per_unit = 1_000_000_000 / per_sec;
            (nanos % per_unit == 0)
                .then(|| secs.checked_mul(u64::from(per_sec)))
                .flatten()
                .and_then(|units| units.checked_add(u64::from(nanos / per_unit)))
        };
        let (unit, count) = if nanos == 0 {
            ("from_secs", secs)
        } else if let Some(millis) = whole(1_000) {
            ("from_millis", millis)
        } else if let Some(micros) = whole(1_000_000) {
            ("from_micros", micros)
        } else if secs == 0 {
            ("from_nanos", u64::from(nanos))
        } else {
            return format!("{PATH}::new({}, {nanos})", secs.literal());
        };
        format!("{PATH}::{unit}({})", count.literal())
    }
}

impl Literal for SystemTime {
    fn literal(&self) -> String {
        match self.duration_since(UNIX_EPOCH) {
            Ok(Duration::ZERO) => "std::time::UNIX_EPOCH".to_owned(),
            Ok(since) => format!("std::time::UNIX_EPOCH + {}", since.literal()),
            Err(before) => format!("std::time::UNIX_EPOCH - {}", before.duration().literal()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::assert_literals;
    use super::*;

    #[test]
    fn durations_render_in_the_coarsest_exact_unit() {
        assert_literals!(
            Duration::ZERO => "std::time::Duration::ZERO",
            Duration::MAX => "std::time::Duration::MAX",
            Duration::from_secs(5) => "std::time::Duration::from_secs(5)",
            Duration::from_secs(u64::MAX) => "std::time::Duration::from_secs(u64::MAX)",
            Duration::from_millis(1_500) => "std::time::Duration::from_millis(1500)",
            Duration::from_millis(7) => "std::time::Duration::from_millis(7)",
            Duration::from_micros(2_000_001) => "std::time::Duration::from_micros(2000001)",
            Duration::from_nanos(999_999_999) => "std::time::Duration::from_nanos(999999999)",
            Duration::new(3, 7) => "std::time::Duration::new(3, 7)",
            // Too many milliseconds for a `u64`: in seconds and nanoseconds.
            Duration::new(u64::MAX, 1_000_000) => "std::time::Duration::new(u64::MAX, 1000000)",
        );
    }

    #[test]
    fn system_times_render_from_the_epoch() {
        assert_literals!(
            UNIX_EPOCH => "std::time::UNIX_EPOCH",
            UNIX_EPOCH + Duration::from_secs(60) => "std::time::UNIX_EPOCH + std::time::Duration::from_secs(60)",
            UNIX_EPOCH - Duration::from_millis(1) => "std::time::UNIX_EPOCH - std::time::Duration::from_millis(1)",
        );
    }
}
