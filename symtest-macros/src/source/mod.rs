//! What the attribute reads of the user's source beyond the tokens of its item, and how it
//! prints tokens back as text: the lowest layer, which imports no other.
//!
//! | module | what it holds |
//! |---|---|
//! | [`cache`] | summaries of the crate's files kept across the expansions of a compilation |
//! | [`cfg`] | whether a `#[cfg(…)]` holds in the build being compiled, from rustc's command line |
//! | [`display`] | tokens printed as a person writes them, and compactly as tests name types |
//! | [`files`] | the file an item was written in, read and parsed |
//! | [`macros`] | the items the crate's `macro_rules!` write where it invokes them |
//! | [`private`] | the crate's structs whose fields other modules cannot see |
//! | [`position`] | the line and column a span starts at |
//! | [`tree`] | the whole crate as one file, each module's file read in |

pub mod cache;
pub mod cfg;
pub mod display;
pub mod files;
pub mod macros;
pub mod position;
pub mod private;
pub mod tree;
