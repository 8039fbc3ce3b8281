//! What the attribute reads of the user's source beyond the tokens of its item, and how it
//! prints tokens back as text: the lowest layer, which imports no other.

pub mod display;
pub mod files;
pub mod position;
