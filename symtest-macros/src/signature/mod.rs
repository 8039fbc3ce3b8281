//! How each parameter is built and each type is named. Imports `source`.
//!
//! | module | what it holds |
//! |---|---|
//! | [`closures`] | parameters that take a closure, and the boxed trait objects that stand for them |
//! | [`formatter`] | functions that write to a `fmt::Formatter`, searched for what they write |
//! | [`generics`] | the types a generic function is searched with: the table of std traits, the crate's own instantiations and implementors |
//! | [`lifetimes`] | the lifetimes of a block or a signature, and where generated code elides them |
//! | [`outputs`] | the classes of value a function can return, by its return type |
//! | [`parameters`] | the signature checked, and the plan for building each parameter from genes |
//! | [`recursion`] | types that hold themselves, and how values of them are built |
//! | [`results`] | `impl Trait` results, used as a caller would: collected, written out |
//! | [`scope`] | the names a generated test module beside an impl block may bind |

pub mod closures;
pub mod formatter;
pub mod generics;
pub mod lifetimes;
pub mod outputs;
pub mod parameters;
pub mod recursion;
pub mod results;
pub mod scope;
