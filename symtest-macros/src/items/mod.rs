//! One module per kind of annotated item, built from the layers below.
//!
//! | module | what it holds |
//! |---|---|
//! | [`associated`] | a function of an impl block that is not itself annotated |
//! | [`callable`] | a function of an impl block as the block's generated code sees it |
//! | [`constants`] | the crate's constants of a type, as constructors of it without arguments |
//! | [`expand`] | the attribute's output for any item: the dispatch by kind |
//! | [`forms`] | the form in which a test calls a function of a block (`a.to_string()`, `a == b`) |
//! | [`function`] | a function searched on its own: lowering, branch table, search entry |
//! | [`impls`] | impl blocks, inherent and of traits |
//! | [`placement`] | where an item sits in its file: its impl block, the other blocks of its type |
//! | [`remote`] | the functions of a type's blocks in other modules, written in paths every module resolves |
//! | [`sequence`] | the call sequences of a type with methods |
//! | [`skip`] | items symtest cannot search yet, and the entries that report why |
//! | [`traits`] | what differs for a trait impl block |
//! | [`types`] | structs and enums (their variants and fields) made parameter types |

pub mod associated;
pub mod callable;
pub mod constants;
pub mod expand;
pub mod forms;
pub mod function;
pub mod impls;
pub mod placement;
pub mod remote;
pub mod sequence;
pub mod skip;
pub mod traits;
pub mod types;
