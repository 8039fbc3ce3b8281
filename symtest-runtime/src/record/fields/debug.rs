//! Reads a value's `Debug` text as its fields: what derived `Debug` prints for structs, enums,
//! tuples, std collections, strings and numbers, leniently. A part it does not understand (a
//! hand-written `Debug`, `<borrowed>`, `0..5`) is skipped up to the next `,` or closing
//! bracket of its level, and reading goes on after it.

use std::collections::HashSet;

use super::Class;

/// What one field holds, as far as field coverage looks.
#[derive(Clone, Debug, PartialEq)]
pub enum Leaf {
    Bool(bool),
    Int(i128),
    Float(f64),
    /// How many items a collection, or characters a string, has.
    Len(usize),
    /// The variant (or struct) name a value is printed with: `None`, `Heating`, `Point`.
    Variant(String),
}

/// Nesting deeper than this is not read: recursive types (a linked list's `next.next…`) would
/// otherwise make a field of every depth.
const MAX_DEPTH: usize = 6;

/// Items of one collection read in full; past them an item's leaves are kept only where their
/// class is new for their path among those items, so a long collection costs no more than its
/// variety, and a hash collection, whose order changes from run to run, covers the same
/// classes in every run.
const MAX_ITEMS: usize = 16;

/// The fields of `text` as (path, leaf) pairs: the value itself is the path `""`, a struct
/// field `a`, a nested one `a.b`, a tuple's items `0`, `1`, a sequence's or set's items
/// `a[]`, a map's keys and values `a[k]` and `a[v]`.
pub fn fields(text: &str) -> Vec<(String, Leaf)> {
    let mut reader = Reader {
        text,
        at: 0,
        out: Vec::new(),
        overflow: HashSet::new(),
    };
    // What was read before the value turned unreadable is kept.
    let _ = reader.value("", 0, Keep::All);
    reader.out
}

/// Which leaves of a value to keep.
#[derive(Clone, Copy, PartialEq)]
enum Keep {
    All,
    /// Only those not seen yet (items past [`MAX_ITEMS`]).
    New,
    None,
}

struct Reader<'t> {
    text: &'t str,
    at: usize,
    out: Vec<(String, Leaf)>,
    /// The leaves kept with [`Keep::New`], as their paths and classes.
    overflow: HashSet<(String, Class)>,
}

/// The text is not derived `Debug` output here.
struct Unread;

impl<'t> Reader<'t> {
    fn peek(&mut self) -> Option<u8> {
        let bytes = self.text.as_bytes();
        while bytes.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
        bytes.get(self.at).copied()
    }

    fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        self.at += usize::from(found);
        found
    }

    fn eat_str(&mut self, text: &str) -> bool {
        self.peek();
        let found = self.text[self.at..].starts_with(text);
        if found {
            self.at += text.len();
        }
        found
    }

    fn expect(&mut self, byte: u8) -> Result<(), Unread> {
        self.eat(byte).then_some(()).ok_or(Unread)
    }

    fn note(&mut self, keep: Keep, path: &str, leaf: Leaf) {
        let new = match keep {
            Keep::All => true,
            Keep::None => false,
            Keep::New => self.overflow.insert((path.to_string(), Class::of(&leaf))),
        };
        if new {
            self.out.push((path.to_string(), leaf));
        }
    }

    /// One value at `path`.
    fn value(&mut self, path: &str, depth: usize, keep: Keep) -> Result<(), Unread> {
        let keep = if depth > MAX_DEPTH { Keep::None } else { keep };
        let item_keep = |index: usize| match keep {
            Keep::All if index >= MAX_ITEMS => Keep::New,
            keep => keep,
        };
        match self.peek().ok_or(Unread)? {
            b'[' => {
                self.at += 1;
                let item = format!("{path}[]");
                let len =
                    self.items(b']', |r, index| r.value(&item, depth + 1, item_keep(index)))?;
                self.note(keep, path, Leaf::Len(len));
            }
            b'{' => {
                self.at += 1;
                let (key, value, set) = (
                    format!("{path}[k]"),
                    format!("{path}[v]"),
                    format!("{path}[]"),
                );
                let len = self.items(b'}', |r, index| {
                    let keep = item_keep(index);
                    let start = r.out.len();
                    r.value(&set, depth + 1, keep)?;
                    if r.eat(b':') {
                        // A map entry: what was read is its key.
                        for (path, _) in &mut r.out[start..] {
                            path.replace_range(..set.len(), &key);
                        }
                        r.value(&value, depth + 1, keep)?;
                    }
                    Ok(())
                })?;
                self.note(keep, path, Leaf::Len(len));
            }
            b'(' => {
                self.at += 1;
                self.items(b')', |r, index| {
                    r.value(&child(path, &index.to_string()), depth + 1, keep)
                })?;
            }
            b'"' => {
                let len = self.string()?;
                self.note(keep, path, Leaf::Len(len));
            }
            b'\'' => {
                self.string()?;
            }
            byte if byte == b'-' || byte.is_ascii_digit() => {
                let leaf = number(self.token()).ok_or(Unread)?;
                // The start of a range (`0..5`) is not a field's value.
                if !self.text[self.at..].starts_with("..") {
                    self.note(keep, path, leaf);
                }
            }
            byte if byte.is_ascii_alphabetic() || byte == b'_' => {
                let token = self.token();
                match token {
                    "true" | "false" => self.note(keep, path, Leaf::Bool(token == "true")),
                    "NaN" | "inf" => self.note(keep, path, number(token).ok_or(Unread)?),
                    _ => self.variant(path, token, depth, keep)?,
                }
            }
            _ => return Err(Unread),
        }
        // A range (`0..5`, `'a'..='z'`) is not a field value.
        match self.text[self.at..].starts_with("..") {
            true => Err(Unread),
            false => Ok(()),
        }
    }

    /// A value printed with a name: a unit variant or struct, or one with `(…)` or `{ … }`.
    fn variant(&mut self, path: &str, token: &str, depth: usize, keep: Keep) -> Result<(), Unread> {
        let name = token.rsplit("::").next().unwrap_or(token);
        let identifier = |part: &str| {
            let mut chars = part.chars();
            chars
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        };
        // A name, not a token that only starts like one (a UUID, `1e5`-like text).
        if !token.split("::").all(identifier) {
            return Err(Unread);
        }
        self.note(keep, path, Leaf::Variant(name.to_string()));
        // Generic arguments (`PhantomData<u32>`) say nothing of the value.
        if self.eat(b'<') {
            self.skip_generics()?;
        }
        if self.eat(b'(') {
            self.items(b')', |r, index| {
                r.value(&child(path, &index.to_string()), depth + 1, keep)
            })?;
        } else if self.eat(b'{') {
            self.items(b'}', |r, _| {
                if r.eat_str("..") {
                    // The `..` of a non-exhaustive `Debug`: the rest is not printed.
                    return Ok(());
                }
                let field = r.token();
                r.expect(b':')?;
                r.value(&child(path, field), depth + 1, keep)
            })?;
        }
        Ok(())
    }

    /// Comma-separated items up to `close`, each read by `item` with its index; their count.
    /// An item that cannot be read is skipped, and counted.
    fn items(
        &mut self,
        close: u8,
        mut item: impl FnMut(&mut Self, usize) -> Result<(), Unread>,
    ) -> Result<usize, Unread> {
        let mut count = 0;
        while !self.eat(close) {
            if item(self, count).is_err() {
                self.skip_item(close)?;
            }
            count += 1;
            if !self.eat(b',') {
                self.expect(close)?;
                break;
            }
        }
        Ok(count)
    }

    /// Moves over the rest of an item, up to the `,` or `close` that ends it (left to read),
    /// over nested brackets and quoted text.
    fn skip_item(&mut self, close: u8) -> Result<(), Unread> {
        let bytes = self.text.as_bytes();
        let mut depth = 0usize;
        while let Some(&byte) = bytes.get(self.at) {
            match byte {
                b'"' | b'\'' if self.string().is_ok() => continue,
                b',' if depth == 0 => return Ok(()),
                _ if byte == close && depth == 0 => return Ok(()),
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' if depth == 0 => return Err(Unread),
                b')' | b']' | b'}' => depth -= 1,
                _ => {}
            }
            self.at += 1;
        }
        Err(Unread)
    }

    /// Moves past generic arguments, their `<` read: up to the matching `>`.
    fn skip_generics(&mut self) -> Result<(), Unread> {
        let mut depth = 1usize;
        while let Some(&byte) = self.text.as_bytes().get(self.at) {
            self.at += 1;
            match byte {
                b'<' => depth += 1,
                b'>' if depth == 1 => return Ok(()),
                b'>' => depth -= 1,
                _ => {}
            }
        }
        Err(Unread)
    }

    /// A run of name or number characters (`Mode::Heating`, `-1.5e-7`, `1.5µs`).
    fn token(&mut self) -> &'t str {
        self.peek();
        let text: &'t str = self.text;
        let bytes = text.as_bytes();
        let start = self.at;
        while let Some(&byte) = bytes.get(self.at) {
            if byte == b':' && bytes.get(self.at + 1) == Some(&b':') {
                self.at += 2;
            } else if byte == b'.' && bytes.get(self.at + 1) == Some(&b'.') {
                // A range starts.
                break;
            } else if byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'.' | b'-' | b'+') {
                self.at += 1;
            } else if byte >= 0x80 {
                // `µs`, or a name in another script.
                self.at += text[self.at..].chars().next().map_or(1, char::len_utf8);
            } else {
                break;
            }
        }
        &text[start..self.at]
    }

    /// A quoted string or char, escapes included; how many characters it holds.
    fn string(&mut self) -> Result<usize, Unread> {
        let quote = char::from(self.text.as_bytes()[self.at]);
        let rest = &self.text[self.at + 1..];
        let mut chars = 0;
        let mut iter = rest.char_indices();
        while let Some((offset, c)) = iter.next() {
            match c {
                '\\' => {
                    if let Some((_, 'u')) = iter.next() {
                        // `\u{1f600}`
                        for (_, c) in iter.by_ref() {
                            if c == '}' {
                                break;
                            }
                        }
                    }
                }
                c if c == quote => {
                    self.at += 1 + offset + 1;
                    return Ok(chars);
                }
                _ => {}
            }
            chars += 1;
        }
        Err(Unread)
    }
}

/// A number as `Debug` prints it: an integer (a `u128` past `i128::MAX` saturated), a float
/// (`-0.0`, `1e-7`, `inf`, `NaN`), or a `Duration` (`1.5s`, `3µs`), read in its unit as a float.
fn number(token: &str) -> Option<Leaf> {
    if let Ok(int) = token.parse::<i128>() {
        return Some(Leaf::Int(int));
    }
    if token.parse::<u128>().is_ok() {
        return Some(Leaf::Int(i128::MAX));
    }
    let digits = ["ns", "µs", "ms", "s"]
        .iter()
        .find_map(|unit| token.strip_suffix(unit))
        .unwrap_or(token);
    digits.parse().ok().map(Leaf::Float)
}

/// The path of field `name` under `path`.
fn child(path: &str, name: &str) -> String {
    match path {
        "" => name.to_string(),
        _ => format!("{path}.{name}"),
    }
}
