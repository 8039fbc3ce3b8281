//! Source text as the modules that edit Rust files in place see it (writeback, annotate): a
//! byte order mark set aside, the byte offset of each line/column position syn's spans give,
//! and the line end the file uses.

use proc_macro2::LineColumn;

/// The byte order mark a file may start with; syn parses the text after it.
pub const BOM: &str = "\u{feff}";

/// `(bom, text)`: the byte order mark `source` starts with (or `""`) and the rest.
pub fn split_bom(source: &str) -> (&'static str, &str) {
    match source.strip_prefix(BOM) {
        Some(rest) => (BOM, rest),
        None => ("", source),
    }
}

/// The lines of a text.
#[derive(Debug)]
pub struct Lines<'a> {
    text: &'a str,
    /// Byte offset of the start of each line.
    starts: Vec<usize>,
    /// `"\r\n"` when the text's first line ends so, else `"\n"`.
    pub newline: &'static str,
}

impl<'a> Lines<'a> {
    pub fn new(text: &'a str) -> Lines<'a> {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(at, _)| at + 1))
            .collect();
        let newline = match text.find('\n') {
            Some(at) if text[..at].ends_with('\r') => "\r\n",
            _ => "\n",
        };
        Lines {
            text,
            starts,
            newline,
        }
    }

    /// Byte offset of a span position (line 1-based, column in chars).
    pub fn offset(&self, position: LineColumn) -> usize {
        let Some(&start) = self.starts.get(position.line.saturating_sub(1)) else {
            return self.text.len();
        };
        let line = &self.text[start..];
        start
            + line
                .char_indices()
                .nth(position.column)
                .map_or(line.len(), |(at, _)| at)
    }

    /// 1-based number of the line holding byte `offset`.
    pub fn line_number(&self, offset: usize) -> usize {
        self.starts.partition_point(|&start| start <= offset)
    }

    /// Byte offset where line `number` (1-based) starts; the text's end past its last line.
    pub fn start_of(&self, number: usize) -> usize {
        self.starts
            .get(number.saturating_sub(1))
            .copied()
            .unwrap_or(self.text.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: usize, column: usize) -> LineColumn {
        LineColumn { line, column }
    }

    #[test]
    fn positions_count_columns_in_chars_and_end_at_the_text_end() {
        let lines = Lines::new("ab\nä€x\n");
        assert_eq!(lines.offset(at(1, 1)), 1);
        assert_eq!(lines.offset(at(2, 2)), 3 + 2 + 3);
        assert_eq!(lines.offset(at(2, 9)), 10);
        assert_eq!(lines.offset(at(7, 0)), 10);
        assert_eq!((lines.line_number(0), lines.line_number(3)), (1, 2));
        assert_eq!((lines.start_of(2), lines.start_of(9)), (3, 10));
    }

    #[test]
    fn the_first_line_end_is_the_files_line_end() {
        assert_eq!(Lines::new("a\r\nb\n").newline, "\r\n");
        assert_eq!(Lines::new("a\nb\r\n").newline, "\n");
        assert_eq!(Lines::new("no line end").newline, "\n");
    }

    #[test]
    fn a_byte_order_mark_is_set_aside() {
        assert_eq!(split_bom("\u{feff}fn a() {}"), (BOM, "fn a() {}"));
        assert_eq!(split_bom("fn a() {}"), ("", "fn a() {}"));
    }
}
