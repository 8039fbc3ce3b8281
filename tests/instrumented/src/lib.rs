//! The example crates' sources, compiled here with instrumentation on, so the runtime can be
//! tested on the real instrumented functions without going through the subcommand.

#[path = "../../../examples/triangle/src/lib.rs"]
pub mod triangle;

#[path = "../../../examples/calendar/src/lib.rs"]
pub mod calendar;

#[path = "../../../examples/checksum/src/lib.rs"]
pub mod checksum;

#[path = "../../../examples/stubborn/src/lib.rs"]
pub mod stubborn;

#[path = "../../../examples/dse/src/lib.rs"]
pub mod dse;

#[path = "../../../examples/floats/src/lib.rs"]
pub mod floats;
