//! Rendering values as Rust expressions for generated tests.
//!
//! A generated test spells its inputs and expected outputs as source text, so every value must
//! be written the way a person would write it (`-7`, `i32::MAX`, `"a\n"`, `vec![1, 2]`,
//! `Some(3)`) and must evaluate back to the same value. Integer and float literals carry no
//! suffix: their type comes from where the test uses them, as in hand-written code.

mod closure;
mod collections;
mod scope;
mod stdlib;

pub use scope::{
    checked, generic_name, named_in, nested_literal, private_fields_of, type_argument, typed,
    unwritable, write_in,
};
pub use stdlib::{ViewOwner, view_literal};

/// A value that can be written as a Rust expression.
#[diagnostic::on_unimplemented(
    message = "#[symtest] cannot write values of type `{Self}` in a test",
    label = "no Rust expression for values of `{Self}`",
    note = "for a struct or enum of this crate, put `#[symtest]` on its definition"
)]
pub trait Literal {
    /// The value as Rust source: an expression of the value's own type that evaluates to it.
    ///
    /// Borrowed unsized values render as a person writes them, relying on the usual coercions:
    /// a `&str` as `"ab"`, a `&[T]` as `&[1, 2]`.
    fn literal(&self) -> String;

    /// A `&[Self]` as Rust source: `&[1, 2]`; bytes that read as text, as a byte string
    /// (`b"GET /"`), which coerces to the slice where one is expected.
    fn borrowed_slice(items: &[Self]) -> String
    where
        Self: Sized,
    {
        format!("&[{}]", self::items(items))
    }

    /// The value as Rust source where no coercion reaches it: inside `Some(…)`, `vec![…]` or
    /// an array, behind another reference, in an assertion's expected value. A borrowed slice
    /// keeps its type there only sliced, `&[1, 2][..]` (`&[1, 2]` is a `&[i32; 2]`, which
    /// `Some(…)` and `&mut &mut …` keep); every other value is its [`literal`](Self::literal).
    fn literal_uncoerced(&self) -> String {
        self.literal()
    }
}

macro_rules! signed_literals {
    ($($ty:ident),*) => {$(
        /// The extremes of the type by name, every other value in decimal.
        impl Literal for $ty {
            fn literal(&self) -> String {
                match *self {
                    $ty::MIN => concat!(stringify!($ty), "::MIN").to_owned(),
                    $ty::MAX => concat!(stringify!($ty), "::MAX").to_owned(),
                    value => value.to_string(),
                }
            }
        }
    )*};
}

macro_rules! unsigned_literals {
    ($($ty:ident),*) => {$(
        /// The maximum by name, every other value (0 included) in decimal.
        impl Literal for $ty {
            fn literal(&self) -> String {
                match *self {
                    $ty::MAX => concat!(stringify!($ty), "::MAX").to_owned(),
                    value => value.to_string(),
                }
            }
        }
    )*};
}

signed_literals!(i8, i16, i32, i64, i128, isize);
unsigned_literals!(u16, u32, u64, u128, usize);

/// As the other unsigned integers; a slice of them that reads as text (two bytes or more, each
/// printable ASCII, a space, or a tab or line break) is a byte string.
impl Literal for u8 {
    fn literal(&self) -> String {
        match *self {
            u8::MAX => "u8::MAX".to_owned(),
            value => value.to_string(),
        }
    }

    fn borrowed_slice(items: &[u8]) -> String {
        let text = |b: &u8| b.is_ascii_graphic() || b" \t\r\n".contains(b);
        if items.len() < 2 || !items.iter().all(text) {
            return format!("&[{}]", self::items(items));
        }
        let escaped: String = items
            .iter()
            .map(|&b| b.escape_ascii().to_string())
            .collect();
        format!("b\"{escaped}\"")
    }
}

macro_rules! float_literals {
    ($($ty:ident),*) => {$(
        /// Non-finite values and the extremes by name (`f64::NAN`, `f64::MAX`, …); every other
        /// value in the shortest text that parses back to the same bits.
        ///
        /// Rust's `{:?}` gives that shortest round-trip text and always keeps it a float
        /// literal (`1.0`, `1e-7`, `-0.0`), never an integer one. A NaN other than `NAN` itself
        /// (a sign, a payload: NaN-boxing code reads them) is spelled by its bits,
        /// `f64::from_bits(0x7ff8_0005_dead_beef)`, since no literal can spell it.
        impl Literal for $ty {
            fn literal(&self) -> String {
                let name = if self.is_nan() && self.to_bits() != $ty::NAN.to_bits() {
                    return format!(
                        "{}::from_bits({})",
                        stringify!($ty),
                        grouped_hex(u128::from(self.to_bits()), 8 * std::mem::size_of::<$ty>() as u32)
                    );
                } else if self.is_nan() {
                    "NAN"
                } else if *self == $ty::INFINITY {
                    "INFINITY"
                } else if *self == $ty::NEG_INFINITY {
                    "NEG_INFINITY"
                } else if *self == $ty::MAX {
                    "MAX"
                } else if *self == $ty::MIN {
                    "MIN"
                } else {
                    return format!("{self:?}");
                };
                format!("{}::{name}", stringify!($ty))
            }
        }
    )*};
}

/// `bits` in hexadecimal, in groups of four digits, padded to the digits of `width` bits:
/// `0x7ff8_0005_dead_beef`.
fn grouped_hex(bits: u128, width: u32) -> String {
    let digits = format!("{bits:0width$x}", width = width.div_ceil(4) as usize);
    let groups: Vec<&str> = digits
        .as_bytes()
        .rchunks(4)
        .rev()
        .map(|chunk| std::str::from_utf8(chunk).unwrap_or_default())
        .collect();
    format!("0x{}", groups.join("_"))
}

float_literals!(f32, f64);

impl Literal for bool {
    fn literal(&self) -> String {
        self.to_string()
    }
}

/// Escaped as Rust's `{:?}` escapes: quotes, backslashes, `\n`, `\r`, `\t`, `\0`, and `\u{..}`
/// for whatever would be invisible or misleading in source (controls, format and bidi chars,
/// non-ASCII whitespace, lone combining marks, unassigned code points). Printable non-ASCII
/// (`'é'`, `'😀'`) stays as it is.
impl Literal for char {
    fn literal(&self) -> String {
        format!("{self:?}")
    }
}

/// Escaped as for `char`, except that `'` needs no escape inside a string.
impl Literal for str {
    fn literal(&self) -> String {
        format!("{self:?}")
    }
}

impl Literal for String {
    fn literal(&self) -> String {
        format!("String::from({self:?})")
    }
}

/// Items separated by `", "`.
pub(crate) fn items<T: Literal>(items: &[T]) -> String {
    (items.iter())
        .map(T::literal_uncoerced)
        .collect::<Vec<_>>()
        .join(", ")
}

impl<T: Literal> Literal for Vec<T> {
    fn literal(&self) -> String {
        format!("vec![{}]", items(self))
    }
}

/// The items left, as the iterator of a `Vec` of them: `vec![1, 2].into_iter()`.
impl<T: Literal> Literal for std::vec::IntoIter<T> {
    fn literal(&self) -> String {
        format!("vec![{}].into_iter()", items(self.as_slice()))
    }
}

impl<T: Literal, const N: usize> Literal for [T; N] {
    fn literal(&self) -> String {
        format!("[{}]", items(self))
    }
}

/// Written as an array, which is what a person writes behind `&`.
impl<T: Literal> Literal for [T] {
    fn literal(&self) -> String {
        format!("[{}]", items(self))
    }
}

impl<T: Literal> Literal for Option<T> {
    fn literal(&self) -> String {
        match self {
            Some(value) => format!("Some({})", value.literal_uncoerced()),
            None => "None".to_owned(),
        }
    }
}

impl<T: Literal, E: Literal> Literal for Result<T, E> {
    fn literal(&self) -> String {
        match self {
            Ok(value) => format!("Ok({})", value.literal_uncoerced()),
            Err(error) => format!("Err({})", error.literal_uncoerced()),
        }
    }
}

impl<T: Literal> Literal for Box<T> {
    fn literal(&self) -> String {
        format!("Box::new({})", (**self).literal_uncoerced())
    }
}

/// `&` and the referent, in parentheses where it is an operation (`&(0..5)`). Sized
/// referents only: `&str`, `&[T]`, `&Path` and `&OsStr` have their own impls.
impl<T: Literal> Literal for &T {
    fn literal(&self) -> String {
        format!("&{}", operand((**self).literal_uncoerced()))
    }
}

/// A string literal already is a `&str`: `"ab"`, not `&"ab"` or `&String::from("ab")`.
impl Literal for &str {
    fn literal(&self) -> String {
        (**self).literal()
    }
}

/// `&[1, 2]`: a borrowed array, which coerces to the slice; `b"GET"` for bytes of text.
impl<T: Literal> Literal for &[T] {
    fn literal(&self) -> String {
        T::borrowed_slice(self)
    }

    /// `&[1, 2][..]`, `&b"GET"[..]`.
    fn literal_uncoerced(&self) -> String {
        let borrowed = T::borrowed_slice(self);
        match borrowed.strip_prefix('&') {
            Some(_) => format!("{borrowed}[..]"),
            None => format!("&{borrowed}[..]"),
        }
    }
}

/// `&mut` and the referent; a named constant in a block (`&mut { u16::MAX }`), since rustc warns
/// on a mutable borrow of a `const` item (`const_item_mutation`), and an operation in
/// parentheses (`&mut (0..5)`).
impl<T: Literal> Literal for &mut T {
    fn literal(&self) -> String {
        let referent = (**self).literal_uncoerced();
        if names_a_constant(&referent) {
            format!("&mut {{ {referent} }}")
        } else {
            format!("&mut {}", operand(referent))
        }
    }
}

/// Whether `text` is a path to a constant as the impls write one: its last segment in
/// upper case (`i8::MIN`, `f64::NAN`, `std::net::Ipv4Addr::LOCALHOST`, `std::time::UNIX_EPOCH`).
fn names_a_constant(text: &str) -> bool {
    text.rsplit_once("::").is_some_and(|(path, name)| {
        let segment = |c: char| c.is_ascii_alphanumeric() || c == '_';
        !path.is_empty()
            && path.chars().all(|c| segment(c) || c == ':')
            && name.starts_with(|c: char| c.is_ascii_uppercase())
            && name
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
    })
}

/// `text` in parentheses where it is an operation a prefix or an operator next to it would
/// split (`std::time::UNIX_EPOCH + d`, `0..5`, a bound of a range): `&(0..5)`, not `&0..5`.
pub(crate) fn operand(text: String) -> String {
    if is_operation(&text) {
        format!("({text})")
    } else {
        text
    }
}

/// Whether `text` has a binary `+` or `-` or a range's `..` outside brackets and quotes.
fn is_operation(text: &str) -> bool {
    let mut depth = 0usize;
    let mut previous = ' ';
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' | '\'' => {
                // A string or char literal, escapes included.
                while let Some(inner) = chars.next() {
                    match inner {
                        '\\' => {
                            chars.next();
                        }
                        _ if inner == c => break,
                        _ => {}
                    }
                }
            }
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            '.' if depth == 0 && chars.peek() == Some(&'.') => return true,
            '+' | '-' if depth == 0 && previous == ' ' && chars.peek() == Some(&' ') => {
                return true;
            }
            _ => {}
        }
        previous = c;
    }
    false
}

/// `&mut [1, 2]`: a mutably borrowed array, which coerces to the slice.
impl<T: Literal> Literal for &mut [T] {
    fn literal(&self) -> String {
        format!("&mut {}", (**self).literal())
    }

    /// `&mut [1, 2][..]`.
    fn literal_uncoerced(&self) -> String {
        format!("{}[..]", self.literal())
    }
}

/// A parenthesised list; a single item keeps its trailing comma so it stays a tuple.
fn tuple(fields: &[String]) -> String {
    match fields {
        [only] => format!("({only},)"),
        _ => format!("({})", fields.join(", ")),
    }
}

macro_rules! tuple_literals {
    ($(($($name:ident $index:tt),*)),* $(,)?) => {$(
        impl<$($name: Literal),*> Literal for ($($name,)*) {
            fn literal(&self) -> String {
                tuple(&[$(self.$index.literal()),*])
            }
        }
    )*};
}

tuple_literals!(
    (),
    (A 0),
    (A 0, B 1),
    (A 0, B 1, C 2),
    (A 0, B 1, C 2, D 3),
    (A 0, B 1, C 2, D 3, E 4),
    (A 0, B 1, C 2, D 3, E 4, F 5),
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6),
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7),
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8),
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9),
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10),
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11),
);

#[cfg(test)]
mod tests {
    use super::*;

    /// Asserts each value renders exactly as the text after its `=>`.
    macro_rules! assert_literals {
        ($($value:expr => $expected:expr),* $(,)?) => {$(
            assert_eq!(Literal::literal(&$value), $expected, "{}", stringify!($value));
        )*};
    }

    /// Behind another reference or inside `Some`, a `vec!` or an array, no coercion makes the
    /// borrowed array a slice: it is sliced.
    #[test]
    fn slices_out_of_reach_of_coercion_are_sliced() {
        let bytes: &[u8] = b"GET";
        let numbers: &[u8] = &[1];
        assert_eq!(Literal::literal(&bytes), r#"b"GET""#);
        assert_eq!(Some(bytes).literal(), r#"Some(&b"GET"[..])"#);
        assert_eq!(Some(numbers).literal(), "Some(&[1][..])");
        assert_eq!(vec![numbers, &[]].literal(), "vec![&[1][..], &[][..]]");
        assert_eq!(Ok::<_, u8>(numbers).literal(), "Ok(&[1][..])");
        let mut items = [7u8, 8];
        let mut lent: &mut [u8] = &mut items;
        assert_eq!(Literal::literal(&&mut lent), "&mut &mut [7, 8][..]");
        assert_eq!(Literal::literal(&&numbers), "&&[1][..]");
        assert_eq!(
            Literal::literal(&&"ab"),
            r#"&"ab""#,
            "a string literal is a &str"
        );
    }

    #[test]
    fn byte_slices_that_read_as_text_are_byte_strings() {
        let slice = |bytes: &[u8]| Literal::literal(&bytes);
        assert_eq!(slice(b"GET / HTTP/1.1\r\n"), r#"b"GET / HTTP/1.1\r\n""#);
        assert_eq!(slice(b"say \"hi\"\t\\"), r#"b"say \"hi\"\t\\""#);
        assert_eq!(slice(&[67, 0, 69]), "&[67, 0, 69]", "a control byte");
        assert_eq!(slice(&[200, 201]), "&[200, 201]");
        assert_eq!(slice(b"a"), "&[97]", "one byte is a number");
        assert_eq!(slice(&[]), "&[]");
        assert_eq!(Literal::literal(&vec![1u16, 2].as_slice()), "&[1, 2]");
        let lent: &mut [u8] = &mut [71, 69];
        assert_eq!(
            lent.literal(),
            "&mut [71, 69]",
            "a byte string cannot be lent mutably"
        );
    }

    #[test]
    fn integers_render_in_decimal_with_their_own_extremes_by_name() {
        assert_literals!(
            0i32 => "0",
            -7i32 => "-7",
            42u64 => "42",
            i8::MIN => "i8::MIN",
            i8::MAX => "i8::MAX",
            -127i8 => "-127",
            0u8 => "0",
            u8::MAX => "u8::MAX",
            254u8 => "254",
            i16::MIN => "i16::MIN",
            u16::MAX => "u16::MAX",
            i32::MIN => "i32::MIN",
            i32::MAX => "i32::MAX",
            u32::MAX => "u32::MAX",
            i64::MIN => "i64::MIN",
            u64::MAX => "u64::MAX",
            i128::MIN => "i128::MIN",
            i128::MAX => "i128::MAX",
            u128::MAX => "u128::MAX",
            isize::MIN => "isize::MIN",
            isize::MAX => "isize::MAX",
            usize::MAX => "usize::MAX",
            0usize => "0",
            // Another type's extreme is just a number in this one.
            i64::from(i32::MAX) => "2147483647",
            u128::from(u64::MAX) => "18446744073709551615",
        );
    }

    #[test]
    fn a_vec_iterator_renders_the_items_it_has_left() {
        let mut items = vec![1u8, 2, 3].into_iter();
        assert_eq!(items.literal(), "vec![1, 2, 3].into_iter()");
        items.next();
        assert_eq!(items.literal(), "vec![2, 3].into_iter()");
        let empty: std::vec::IntoIter<u8> = Vec::new().into_iter();
        assert_eq!(empty.literal(), "vec![].into_iter()");
    }

    #[test]
    fn integer_literals_parse_back() {
        let mut lcg = Lcg(3);
        for _ in 0..1000 {
            let bits = lcg.bits();
            let value = bits as i128;
            let text = value.literal();
            let parsed = match text.as_str() {
                "i128::MIN" => i128::MIN,
                "i128::MAX" => i128::MAX,
                _ => text.parse().expect("an i128 literal"),
            };
            assert_eq!(parsed, value);
            let text = bits.literal();
            let parsed = if text == "u128::MAX" {
                u128::MAX
            } else {
                text.parse().expect("a u128 literal")
            };
            assert_eq!(parsed, bits);
        }
    }

    #[test]
    fn floats_render_as_float_literals_or_named_constants() {
        assert_literals!(
            1.0f64 => "1.0",
            -0.5f64 => "-0.5",
            0.0f64 => "0.0",
            -0.0f64 => "-0.0",
            0.1f64 => "0.1",
            1e-7f64 => "1e-7",
            1e300f64 => "1e300",
            1e16f64 => "1e16",
            123.456f64 => "123.456",
            f64::MIN_POSITIVE => "2.2250738585072014e-308",
            f64::NAN => "f64::NAN",
            -f64::NAN => "f64::from_bits(0xfff8_0000_0000_0000)",
            f64::from_bits(0x7ff8_0005_dead_beef) => "f64::from_bits(0x7ff8_0005_dead_beef)",
            f64::INFINITY => "f64::INFINITY",
            f64::NEG_INFINITY => "f64::NEG_INFINITY",
            f64::MAX => "f64::MAX",
            f64::MIN => "f64::MIN",
            0.1f32 => "0.1",
            -2.5f32 => "-2.5",
            16777216f32 => "16777216.0",
            f32::NAN => "f32::NAN",
            f32::from_bits(0x7fc0_0001) => "f32::from_bits(0x7fc0_0001)",
            f32::INFINITY => "f32::INFINITY",
            f32::NEG_INFINITY => "f32::NEG_INFINITY",
            f32::MAX => "f32::MAX",
            f32::MIN => "f32::MIN",
        );
    }

    /// Whether `text` is a float literal rather than an integer one.
    fn is_float_literal(text: &str) -> bool {
        text.contains(['.', 'e'])
    }

    #[test]
    fn f64_literals_round_trip_bit_for_bit() {
        let mut values = vec![
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.1,
            1.0 / 3.0,
            std::f64::consts::PI,
            1e300,
            -1e300,
            1e-300,
            f64::MIN_POSITIVE,
            f64::MIN_POSITIVE / 3.0,
            f64::from_bits(1),
            -f64::from_bits(1),
            f64::EPSILON,
            9007199254740993.0,
            1e15,
            1e16,
            123456789.125,
        ];
        let mut lcg = Lcg(11);
        values.extend((0..5000).map(|_| f64::from_bits(lcg.next())));
        for value in values.into_iter().filter(|value| value.is_finite()) {
            let text = value.literal();
            let parsed = match text.as_str() {
                "f64::MAX" => f64::MAX,
                "f64::MIN" => f64::MIN,
                _ => {
                    assert!(is_float_literal(&text), "{text}");
                    text.parse::<f64>().expect("a float literal")
                }
            };
            assert_eq!(parsed.to_bits(), value.to_bits(), "{text}");
        }
    }

    #[test]
    fn f32_literals_round_trip_bit_for_bit() {
        let mut values = vec![
            0.0,
            -0.0,
            0.1,
            1.0 / 3.0,
            f32::MIN_POSITIVE,
            f32::from_bits(1),
            f32::EPSILON,
            3e38,
        ];
        let mut lcg = Lcg(13);
        values.extend((0..5000).map(|_| f32::from_bits(lcg.next() as u32)));
        for value in values.into_iter().filter(|value| value.is_finite()) {
            let text = value.literal();
            let parsed = match text.as_str() {
                "f32::MAX" => f32::MAX,
                "f32::MIN" => f32::MIN,
                _ => {
                    assert!(is_float_literal(&text), "{text}");
                    text.parse::<f32>().expect("a float literal")
                }
            };
            assert_eq!(parsed.to_bits(), value.to_bits(), "{text}");
        }
    }

    #[test]
    fn bools_and_chars_render_as_in_source() {
        assert_literals!(
            true => "true",
            false => "false",
            'x' => "'x'",
            '"' => "'\"'",
            '\'' => r"'\''",
            '\\' => r"'\\'",
            '\n' => r"'\n'",
            '\t' => r"'\t'",
            '\r' => r"'\r'",
            '\0' => r"'\0'",
            '\u{1b}' => r"'\u{1b}'",
            '\u{7f}' => r"'\u{7f}'",
            'é' => "'é'",
            '😀' => "'😀'",
            '\u{a0}' => r"'\u{a0}'",
            '\u{200b}' => r"'\u{200b}'",
            '\u{202e}' => r"'\u{202e}'",
            '\u{301}' => r"'\u{301}'",
        );
    }

    #[test]
    fn strings_escape_only_what_needs_escaping() {
        assert_literals!(
            "ab" => "\"ab\"",
            "" => "\"\"",
            "say \"hi\"" => r#""say \"hi\"""#,
            "it's" => "\"it's\"",
            r"C:\dir" => r#""C:\\dir""#,
            "a\nb\tc\r" => r#""a\nb\tc\r""#,
            "bell\u{7}" => r#""bell\u{7}""#,
            "héllo wörld 日本 😀" => "\"héllo wörld 日本 😀\"",
            "rtl\u{202e}" => r#""rtl\u{202e}""#,
            String::from("ab") => "String::from(\"ab\")",
            String::from("a\"b") => r#"String::from("a\"b")"#,
            String::new() => "String::from(\"\")",
        );
    }

    /// Reads back the body of a char or string literal, escapes included; panics on anything
    /// a Rust literal would not allow or a reader could not see.
    fn unescape(body: &str, quote: char) -> String {
        let mut text = String::new();
        let mut chars = body.chars();
        while let Some(c) = chars.next() {
            assert!(c != quote, "unescaped {quote} in {body}");
            assert!(!c.is_control(), "raw control char in {body:?}");
            assert!(
                !('\u{202a}'..='\u{202e}').contains(&c),
                "raw bidi char in {body:?}"
            );
            if c != '\\' {
                text.push(c);
                continue;
            }
            let escaped = match chars.next() {
                Some('n') => '\n',
                Some('r') => '\r',
                Some('t') => '\t',
                Some('0') => '\0',
                Some(c @ ('\\' | '\'' | '"')) => c,
                Some('u') => {
                    assert_eq!(chars.next(), Some('{'), "in {body}");
                    let hex: String = chars.by_ref().take_while(|&c| c != '}').collect();
                    let code = u32::from_str_radix(&hex, 16).expect("hex digits");
                    char::from_u32(code).expect("a char")
                }
                other => panic!("unknown escape {other:?} in {body}"),
            };
            text.push(escaped);
        }
        text
    }

    /// The text between the quotes of a literal.
    fn body(literal: &str, quote: char) -> &str {
        literal
            .strip_prefix(quote)
            .and_then(|rest| rest.strip_suffix(quote))
            .expect("a quoted literal")
    }

    #[test]
    fn escaped_strings_and_chars_round_trip() {
        let mut strings: Vec<String> = [
            "",
            "plain",
            "\"'\\",
            "\n\r\t\0",
            "\u{1}\u{1f}\u{7f}\u{80}\u{9f}",
            "é e\u{301} 日本 😀",
            "\u{202a}\u{202e}\u{2066}\u{2069}\u{200b}\u{feff}\u{a0}\u{2028}",
            "\u{e000}\u{10ffff}\u{fffd}",
        ]
        .map(String::from)
        .to_vec();
        let mut lcg = Lcg(17);
        strings.extend((0..500).map(|_| (0..8).map(|_| lcg.char()).collect()));
        for text in &strings {
            let rendered = text.as_str().literal();
            assert_eq!(&unescape(body(&rendered, '"'), '"'), text, "{rendered}");
            for c in text.chars() {
                let rendered = c.literal();
                assert_eq!(
                    unescape(body(&rendered, '\''), '\''),
                    c.to_string(),
                    "{rendered}"
                );
            }
        }
    }

    #[test]
    fn sequences_render_as_vec_macro_or_brackets() {
        let floats: &[f64] = &[1.5, -0.0];
        assert_literals!(
            vec![1, 2] => "vec![1, 2]",
            Vec::<i32>::new() => "vec![]",
            vec![String::from("a")] => "vec![String::from(\"a\")]",
            vec!["a", "b"] => "vec![\"a\", \"b\"]",
            [1u8, u8::MAX] => "[1, u8::MAX]",
            [0i32; 0] => "[]",
            [[1, 2], [3, 4]] => "[[1, 2], [3, 4]]",
            *floats => "[1.5, -0.0]",
        );
    }

    #[test]
    fn tuples_keep_the_comma_of_a_single_field() {
        assert_literals!(
            () => "()",
            (1,) => "(1,)",
            (1, "a") => "(1, \"a\")",
            (true, 'c', -1.5, None::<u8>) => "(true, 'c', -1.5, None)",
            (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12) => "(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)",
        );
    }

    #[test]
    fn options_and_results_render_their_variants() {
        assert_literals!(
            Some(3) => "Some(3)",
            None::<i32> => "None",
            Some(Some(-1)) => "Some(Some(-1))",
            Ok::<u8, String>(u8::MAX) => "Ok(u8::MAX)",
            Err::<u8, String>(String::from("bad")) => "Err(String::from(\"bad\"))",
            Err::<(), &str>("bad") => "Err(\"bad\")",
        );
    }

    #[test]
    fn orderings_render_by_their_full_path() {
        assert_literals!(
            std::cmp::Ordering::Less => "std::cmp::Ordering::Less",
            Some(std::cmp::Ordering::Equal) => "Some(std::cmp::Ordering::Equal)",
        );
    }

    #[test]
    fn references_render_as_a_person_writes_them() {
        let slice: &[i32] = &[1, 2];
        let empty: &[i32] = &[];
        let mut items = vec![1];
        let mut array = [7, 8];
        let mut_slice: &mut [i32] = &mut array;
        assert_literals!(
            "ab" => "\"ab\"",
            &"ab" => "&\"ab\"",
            slice => "&[1, 2]",
            empty => "&[]",
            &[1, 2] => "&[1, 2]",
            &5 => "&5",
            &-5 => "&-5",
            &String::from("ab") => "&String::from(\"ab\")",
            &vec![1] => "&vec![1]",
            &mut items => "&mut vec![1]",
            &mut 7u16 => "&mut 7",
            &mut { u16::MAX } => "&mut { u16::MAX }",
            &mut { f64::NEG_INFINITY } => "&mut { f64::NEG_INFINITY }",
            &mut Some(i8::MIN) => "&mut Some(i8::MIN)",
            &mut f32::from_bits(0x7fc0_0001) => "&mut f32::from_bits(0x7fc0_0001)",
            mut_slice => "&mut [7, 8]",
            &Some("x") => "&Some(\"x\")",
            vec![slice] => "vec![&[1, 2][..]]",
        );
    }

    #[test]
    fn operations_behind_references_are_parenthesised_and_constants_lent_from_blocks() {
        use std::time::{Duration, UNIX_EPOCH};
        let epoch_plus = UNIX_EPOCH + Duration::from_secs(1);
        assert_literals!(
            &(0..5) => "&(0..5)",
            &mut (1..=2) => "&mut (1..=2)",
            &epoch_plus => "&(std::time::UNIX_EPOCH + std::time::Duration::from_secs(1))",
            &mut { std::net::Ipv4Addr::LOCALHOST } => "&mut { std::net::Ipv4Addr::LOCALHOST }",
            &mut { UNIX_EPOCH } => "&mut { std::time::UNIX_EPOCH }",
            &mut std::cmp::Ordering::Less => "&mut std::cmp::Ordering::Less",
            &Some(0..1) => "&Some(0..1)",
            &String::from("a + b..c") => "&String::from(\"a + b..c\")",
            &('-', '\'', "- ") => "&('-', '\\'', \"- \")",
            &1e-7 => "&1e-7",
            &-5 => "&-5",
        );
    }

    #[test]
    fn boxes_render_as_box_new() {
        assert_literals!(
            Box::new(5) => "Box::new(5)",
            Box::new("ab") => "Box::new(\"ab\")",
            Box::new(vec![Box::new(1)]) => "Box::new(vec![Box::new(1)])",
        );
    }

    /// A tiny deterministic generator (Knuth's MMIX LCG), so the tests need no deps.
    struct Lcg(u64);

    impl Lcg {
        fn next(&mut self) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            self.0 ^ (self.0 >> 31)
        }

        /// 128 random bits, now and then exactly an extreme.
        fn bits(&mut self) -> u128 {
            match self.next() % 8 {
                0 => u128::MAX,
                1 => 1 << 127,
                2 => (1 << 127) - 1,
                _ => (u128::from(self.next()) << 64) | u128::from(self.next()),
            }
        }

        /// Any char, ASCII controls and punctuation often.
        fn char(&mut self) -> char {
            let code = match self.next() % 3 {
                0 => self.next() % 0x80,
                _ => self.next() % 0x11_0000,
            };
            char::from_u32(code as u32).unwrap_or('\u{E000}')
        }
    }
}
