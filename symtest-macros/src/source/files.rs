//! The user's source files, read by the attribute: an attribute sees only the tokens of its
//! own item, and what surrounds it (the impl block a function sits in, the types and traits of
//! its file, the modules a file declares) is read from the file itself.

/// The file an item of this span was written in, parsed; `None` outside a compiler (unit
/// tests), or for code a macro generated.
pub(crate) fn source_of(span: proc_macro2::Span) -> Option<syn::File> {
    parse(&path_of(span)?)
}

/// The path of the file an item of this span was written in, as [`source_of`] reads it.
pub(crate) fn path_of(span: proc_macro2::Span) -> Option<std::path::PathBuf> {
    if !proc_macro::is_available() {
        return None;
    }
    span.unwrap().local_file()
}

/// The Rust file at `path`, parsed.
pub(crate) fn parse(path: &std::path::Path) -> Option<syn::File> {
    let source = std::fs::read_to_string(path).ok()?;
    syn::parse_file(&source).ok()
}
