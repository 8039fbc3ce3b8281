//! Where a span starts in its file: the line (from 1) and column (from 0) of its first
//! character, as `proc_macro2::Span::start` counts them.
//!
//! During an expansion they come from the compiler's own span, whose `line` and `column` are
//! stable since Rust 1.88 (the crates' `rust-version`): `proc_macro2::Span::start` reads them
//! there only from proc-macro2 1.0.100 on, and returns line 0 with older releases, which a
//! user's Cargo.lock may pin. Outside an expansion (the crate's unit tests parse text) the
//! compiler's spans do not exist, and proc-macro2 keeps the positions itself.

use proc_macro2::{LineColumn, Span};

/// The position of the start of `span`.
pub fn start(span: Span) -> LineColumn {
    if proc_macro::is_available() {
        let span = span.unwrap();
        LineColumn {
            line: span.line(),
            column: span.column().saturating_sub(1),
        }
    } else {
        span.start()
    }
}
