//! Layer 1 of the runtime: what the code `#[symtest]` generates calls and emits, and what one
//! execution leaves behind. The static tables of a function (branches, path conditions, shadow
//! templates), the hooks at its decisions, the trace they record with branch distances, the
//! concolic recorder of symbolic shadows, and the fitness of a trace for a target.

pub mod boundary;
pub mod buildable;
pub mod closure;
pub mod combine;
pub mod concolic;
pub mod distance;
pub mod expr;
pub mod fields;
pub mod fitness;
pub mod hooks;
pub mod literal;
pub mod made;
pub mod mutation;
pub mod operators;
pub mod outcome;
pub mod path;
pub mod recorder;
pub mod sequence;
pub mod subject;
pub mod symbolic;
pub mod templates;
pub mod trace;
