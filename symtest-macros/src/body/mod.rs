//! What is read from and written into one function body: its control-flow graph, the lowering
//! walk that puts a hook on every decision, shadow templates, symbolic execution, path
//! conditions and paths, mutants, and the `const fn` twin. Imports `source` and `signature`.

pub mod cfg;
pub mod escapes;
pub mod lower;
pub mod mutants;
pub mod paths;
pub mod routes;
pub mod shadow;
pub mod sugar;
pub mod symbolic;
pub mod twin;
