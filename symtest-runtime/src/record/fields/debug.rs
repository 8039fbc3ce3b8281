//! Reads a value's `Debug` text as its fields: what derived `Debug` prints for structs, enums,
//! tuples, std collections, strings and numbers, leniently. Text it does not understand (a
//! hand-written `Debug`) ends the reading there; what was read before it is kept.

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

/// Items of one collection read as fields (its length counts all of them).
const MAX_ITEMS: usize = 16;

/// The fields of `text` as (path, leaf) pairs, in the order printed: the value itself is the
/// path `""`, a struct field `a`, a nested one `a.b`, a tuple's items `0`, `1`, a sequence's
/// or set's items `a[]`, a map's keys and values `a[k]` and `a[v]`.
pub fn fields(text: &str) -> Vec<(String, Leaf)> {
    let mut reader = Reader {
        text: text.as_bytes(),
        at: 0,
        out: Vec::new(),
    };
    let _ = reader.value("", 0, true);
    reader.out
}

struct Reader<'t> {
    text: &'t [u8],
    at: usize,
    out: Vec<(String, Leaf)>,
}

/// The text is not derived `Debug` output from here on.
struct Unread;

impl Reader<'_> {
    fn peek(&mut self) -> Option<u8> {
        while self.text.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
        self.text.get(self.at).copied()
    }

    fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        self.at += usize::from(found);
        found
    }

    fn expect(&mut self, byte: u8) -> Result<(), Unread> {
        self.eat(byte).then_some(()).ok_or(Unread)
    }

    fn note(&mut self, keep: bool, path: &str, leaf: Leaf) {
        if keep {
            self.out.push((path.to_string(), leaf));
        }
    }

    /// One value at `path`; `keep` is false past the depth and item limits, where values are
    /// read only to get past them.
    fn value(&mut self, path: &str, depth: usize, keep: bool) -> Result<(), Unread> {
        let keep = keep && depth <= MAX_DEPTH;
        match self.peek().ok_or(Unread)? {
            b'[' => {
                self.at += 1;
                let item = format!("{path}[]");
                let len = self.items(b']', |r, index| {
                    r.value(&item, depth + 1, keep && index < MAX_ITEMS)
                })?;
                self.note(keep, path, Leaf::Len(len));
            }
            b'{' => {
                self.at += 1;
                let (key, value) = (format!("{path}[k]"), format!("{path}[v]"));
                let set = format!("{path}[]");
                let len = self.items(b'}', |r, index| {
                    let keep = keep && index < MAX_ITEMS;
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
                let token = self.token();
                let leaf = match token.parse::<i128>() {
                    Ok(int) => Leaf::Int(int),
                    Err(_) => Leaf::Float(token.parse().map_err(|_| Unread)?),
                };
                self.note(keep, path, leaf);
            }
            byte if byte.is_ascii_alphabetic() || byte == b'_' => {
                let token = self.token();
                match token.as_str() {
                    "true" | "false" => self.note(keep, path, Leaf::Bool(token == "true")),
                    "NaN" | "inf" => {
                        self.note(keep, path, Leaf::Float(token.parse().unwrap_or(f64::NAN)))
                    }
                    _ => self.variant(path, &token, depth, keep)?,
                }
            }
            _ => return Err(Unread),
        }
        Ok(())
    }

    /// A value printed with a name: a unit variant or struct, or one with `(…)` or `{ … }`.
    fn variant(&mut self, path: &str, token: &str, depth: usize, keep: bool) -> Result<(), Unread> {
        let name = token.rsplit("::").next().unwrap_or(token).to_string();
        self.note(keep, path, Leaf::Variant(name));
        if self.eat(b'(') {
            self.items(b')', |r, index| {
                r.value(&child(path, &index.to_string()), depth + 1, keep)
            })?;
        } else if self.eat(b'{') {
            self.items(b'}', |r, _| {
                if r.eat(b'.') {
                    // `..` of a non-exhaustive `Debug`: the rest is not printed.
                    return r.expect(b'.');
                }
                let field = r.token();
                r.expect(b':')?;
                r.value(&child(path, &field), depth + 1, keep)
            })?;
        }
        Ok(())
    }

    /// Comma-separated items up to `close`, each read by `item` with its index; their count.
    fn items(
        &mut self,
        close: u8,
        mut item: impl FnMut(&mut Self, usize) -> Result<(), Unread>,
    ) -> Result<usize, Unread> {
        let mut count = 0;
        while !self.eat(close) {
            item(self, count)?;
            count += 1;
            if !self.eat(b',') {
                self.expect(close)?;
                break;
            }
        }
        Ok(count)
    }

    /// A run of name or number characters (`Mode::Heating`, `-1.5e-7`, `r#type`).
    fn token(&mut self) -> String {
        self.peek();
        let start = self.at;
        while let Some(&byte) = self.text.get(self.at) {
            let colons = byte == b':' && self.text.get(self.at + 1) == Some(&b':');
            if colons {
                self.at += 2;
            } else if byte.is_ascii_alphanumeric()
                || matches!(byte, b'_' | b'.' | b'#' | b'-' | b'+')
            {
                // A `.` ends a number only where `..` (a range) starts.
                if byte == b'.' && self.text.get(self.at + 1) == Some(&b'.') {
                    break;
                }
                self.at += 1;
            } else {
                break;
            }
        }
        String::from_utf8_lossy(&self.text[start..self.at]).into_owned()
    }

    /// A quoted string or char, escapes included; how many characters it holds.
    fn string(&mut self) -> Result<usize, Unread> {
        let quote = self.text[self.at];
        self.at += 1;
        let mut chars = 0;
        let rest = std::str::from_utf8(&self.text[self.at..]).map_err(|_| Unread)?;
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
                c if c as u32 == u32::from(quote) => {
                    self.at += offset + 1;
                    return Ok(chars);
                }
                _ => {}
            }
            chars += 1;
        }
        Err(Unread)
    }
}

/// The path of field `name` under `path`.
fn child(path: &str, name: &str) -> String {
    match path {
        "" => name.to_string(),
        _ => format!("{path}.{name}"),
    }
}
