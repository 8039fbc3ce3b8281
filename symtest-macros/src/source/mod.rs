//! What the attribute reads of the user's source beyond the tokens of its item, and how it
//! prints tokens back as text: the lowest layer, which imports no other.
//!
//! | module | what it holds |
//! |---|---|
//! | [`display`] | tokens printed as a person writes them, and compactly as tests name types |
//! | [`files`] | the file an item was written in, read and parsed |
//! | [`position`] | the line and column a span starts at |

pub mod display;
pub mod files;
pub mod position;
