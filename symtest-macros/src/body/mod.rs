//! What is read from and written into one function body. Imports `source` and `signature`.
//!
//! | module | what it holds |
//! |---|---|
//! | [`escapes`] | the locals a body may change behind the symbolic program's back |
//! | [`flow`] | the control-flow graph: post-dominators, control dependence, natural loops |
//! | [`lower`] | the walk that puts a hook on every decision and builds the control-flow graph |
//! | [`mutants`] | arithmetic mutant schemata |
//! | [`reduced`] | instrumentation without the probes that ask the compiler for their operands' types |
//! | [`paths`] | path conditions of every target, and the snapshots of locals they read |
//! | [`routes`] | the paths through the body, for the path criterion |
//! | [`shadow`] | shadow templates: what each `let`, assignment and decision computes, for concolic execution |
//! | [`sugar`] | macros whose expansion branches (`matches!`), expanded before lowering |
//! | [`symbolic`] | partial symbolic execution between a decision and a target |
//! | [`twin`] | the instrumented twin of a `const fn` |

pub mod escapes;
pub mod flow;
pub mod lower;
pub mod mutants;
pub mod paths;
pub mod reduced;
pub mod routes;
pub mod shadow;
pub mod sugar;
pub mod symbolic;
pub mod twin;
