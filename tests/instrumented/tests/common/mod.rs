//! Helpers shared by the integration tests of instrumented code.

use std::panic::{AssertUnwindSafe, catch_unwind};

/// What `call` returned as Debug text (so NaN equals NaN), or its panic message.
pub fn outcome<R: std::fmt::Debug>(call: impl FnOnce() -> R) -> Result<String, String> {
    catch_unwind(AssertUnwindSafe(call))
        .map(|value| format!("{value:?}"))
        .map_err(|payload| {
            payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_default()
        })
}
