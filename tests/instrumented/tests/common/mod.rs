//! Helpers shared by the integration tests of instrumented code.

#![allow(dead_code)]

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Duration;

use symtest_runtime::record::subject::Subject;
use symtest_runtime::record::trace::Branch;
use symtest_runtime::search::driver::{SearchConfig, search};

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

/// The branches of `subject` its search leaves uncovered, given a minute per target (its
/// evaluation budget ends it first).
pub fn uncovered_after_search(subject: &Subject) -> Vec<Branch> {
    let config = SearchConfig {
        time_per_target: Duration::from_secs(60),
        ..SearchConfig::default()
    };
    let report = search(subject, &config, &mut |_| {});
    subject
        .meta
        .branches()
        .filter(|branch| !report.archive.covers(*branch))
        .collect()
}
