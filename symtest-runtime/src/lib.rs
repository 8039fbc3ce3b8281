//! symtest's runtime: what `#[symtest]` functions link against.
//!
//! Users add this crate as their one dependency and write `#[symtest]` on functions; the
//! attribute is re-exported from here. Everything else is used by the code the attribute
//! generates in symtest builds (switched on by `cargo symtest`) and by the search.

pub use symtest_macros::symtest;

pub mod distance;
pub mod entry;
pub mod fitness;
pub mod genes;
pub mod literal;
pub mod outcome;
pub mod search;
pub mod shadow;
pub mod symbolic;
pub mod trace;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;
