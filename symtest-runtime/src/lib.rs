//! symtest's runtime: what `#[symtest]` functions link against.
//!
//! Users add this crate as their one dependency and write `#[symtest]` on functions; the
//! attribute is re-exported from here. In a normal build that is all this crate is: the
//! attribute leaves functions as written and nothing else is compiled. `cargo symtest` turns
//! on the `engine` feature in its own builds, which brings in the layers below. Each imports
//! only from the layers above it in this table, never from one below:
//!
//! | layer | module | what it holds |
//! |---|---|---|
//! | values | [`genes`] | input shapes and gene values, random values, the constant pool, float fields |
//! | records | [`record`] | what generated code calls: hooks, static tables, traces and distances, concolic recording, fitness of a trace |
//! | shadows | [`shadow`] | symbolic evaluation of recorded constraints, the solver, the DSE step |
//! | search | [`search`] | random search, AVM, GA, the hybrid with DSE, the driver, suite selection |
//! | entry | [`entry`] | the hidden test's protocol with `cargo symtest`: settings in, JSON lines out |
//!
//! `__private` re-exports, for generated code, what it names from all of them.

pub use symtest_macros::symtest;

#[cfg(feature = "engine")]
pub mod entry;
#[cfg(feature = "engine")]
pub mod genes;
#[cfg(feature = "engine")]
pub mod record;
#[cfg(feature = "engine")]
pub mod search;
#[cfg(feature = "engine")]
pub mod shadow;

#[cfg(feature = "engine")]
#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;
