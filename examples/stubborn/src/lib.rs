//! Branches that search guided by the standard fitness (approach level + branch distance)
//! covers slowly or not at all. They are here to measure what symbolic information adds
//! (`cargo symtest experiment`); the figures are in BENCHMARKS.md.

use std::cmp::Ordering;
use std::iter::Peekable;

use symtest_runtime::symtest;

/// A right angle needs a Pythagorean triple: a nonlinear equality over three inputs.
#[symtest]
pub fn is_right_angled(a: u32, b: u32, c: u32) -> bool {
    let (a, b, c) = (u64::from(a), u64::from(b), u64::from(c));
    if a == 0 || b == 0 || c == 0 {
        return false;
    }
    a * a + b * b == c * c || a * a + c * c == b * b || b * b + c * c == a * a
}

/// Nested equalities that must all hold together (the situation of Fig. 1 in *Symbolic Search
/// Based Testing*): each condition alone is easy, the three at once are not, because moving
/// one input to satisfy the last condition breaks the earlier ones.
#[symtest]
pub fn aligned(x: i64, y: i64, z: i64) -> &'static str {
    if x == y {
        if y == z + 7 {
            if x == 2 * z - 5 {
                return "aligned";
            }
            return "two";
        }
        return "one";
    }
    "none"
}

/// A loop whose result feeds the conditions after it (the situation of Fig. 2 in *Symbolic
/// Search Based Testing*): the sum of the first `n` numbers must come out exactly right.
#[symtest]
pub fn triangular_budget(n: i32, a: i32, b: i32) -> &'static str {
    let mut total = 0;
    if n > 0 {
        let mut i = 0;
        while i < n {
            total += i;
            i += 1;
        }
        if a == n {
            if total > 40 {
                if b == total {
                    return "exact";
                }
                return "over";
            }
            return "under";
        }
    }
    "none"
}

/// Decodes an instruction word by its bit fields: a multi-way switch on the top four bits,
/// then conditions on the register fields.
#[symtest]
pub fn decode(word: u16) -> &'static str {
    let opcode = word >> 12;
    let register = (word >> 8) & 0xF;
    let operand = word & 0xFF;
    match opcode {
        0x0 => "nop",
        0x1 if register == 0xF => "jump indirect",
        0x1 => "jump",
        0x2 | 0x3 => {
            if operand == 0 {
                "divide by zero"
            } else if register == 2 && operand > 0x7F {
                "load high"
            } else {
                "load"
            }
        }
        0xF => {
            if word == 0xFFFF {
                "halt"
            } else {
                "system"
            }
        }
        _ => "illegal",
    }
}

/// A twelve-digit account number: every character must pass the check inside the loop before
/// the loop can finish.
#[symtest]
pub fn account_number(text: &str) -> Option<u64> {
    if text.len() != 12 {
        return None;
    }
    let mut number = 0;
    for c in text.chars() {
        if !c.is_ascii_digit() {
            return None;
        }
        number = number * 10 + u64::from(c as u8 - b'0');
    }
    Some(number)
}

/// ISBN-10 check digit over exactly ten characters (the last may be `X`).
#[symtest]
pub fn isbn10(isbn: &str) -> Result<(), String> {
    if isbn.len() != 10 {
        return Err(format!("expected 10 characters, got {}", isbn.len()));
    }
    let mut sum = 0;
    for (index, c) in isbn.chars().enumerate() {
        let value = match c {
            '0'..='9' => c as u32 - '0' as u32,
            'X' if index == 9 => 10,
            _ => return Err(format!("unexpected {c:?} at {index}")),
        };
        sum += value * (10 - index as u32);
    }
    if sum % 11 == 0 {
        Ok(())
    } else {
        Err(format!("checksum {} is off by {}", sum, sum % 11))
    }
}

/// ISBN-10 written through an iterator chain: the hyphens filtered out into a `Vec<char>`,
/// its length checked, then each char weighed. Until symbolic execution followed `filter` and
/// `collect` (session 40), the collected chars were opaque and the search found ten digits in
/// a row on some seeds only (BENCHMARKS.md, sessions 39 and 40).
#[symtest]
pub fn isbn10_hyphenated(code: &str) -> bool {
    let digits: Vec<char> = code.chars().filter(|c| *c != '-').collect();
    if digits.len() != 10 {
        return false;
    }
    let mut sum = 0;
    for (i, c) in digits.iter().enumerate() {
        let value = match c.to_digit(10) {
            Some(d) => d,
            None if i == 9 && *c == 'X' => 10,
            None => return false,
        };
        sum += value * (10 - i as u32);
    }
    sum % 11 == 0
}

/// Compares two names the way people sort files: a run of digits by its value (`"file2"`
/// before `"file10"`), anything else byte by byte. The worker is generic over the bytes it
/// reads, and symtest does not build a `Peekable` of an iterator: it is searched through the
/// wrapper below, which has no branch of its own.
#[symtest]
fn natural_order<I: Iterator<Item = u8>>(a: &mut Peekable<I>, b: &mut Peekable<I>) -> Ordering {
    loop {
        match (a.peek().copied(), b.peek().copied()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) if x.is_ascii_digit() && y.is_ascii_digit() => {
                let (m, n) = (number(a), number(b));
                if m != n {
                    return m.cmp(&n);
                }
            }
            (Some(x), Some(y)) => {
                if x != y {
                    return x.cmp(&y);
                }
                a.next();
                b.next();
            }
        }
    }
}

/// The value of the run of digits `digits` starts with, saturating.
#[symtest]
fn number<I: Iterator<Item = u8>>(digits: &mut Peekable<I>) -> u64 {
    let mut n: u64 = 0;
    while let Some(d) = digits.next_if(u8::is_ascii_digit) {
        n = n.saturating_mul(10).saturating_add(u64::from(d - b'0'));
    }
    n
}

/// The wrapper over [`natural_order`]: no branch of its own, so its search aims at the
/// worker's.
#[symtest]
pub fn natural_compare(a: &str, b: &str) -> Ordering {
    natural_order(&mut a.bytes().peekable(), &mut b.bytes().peekable())
}

/// A branch after a long loop: the sum of the first `min(n, 10_000)` integers, then an
/// equality with it. The GA does not hit the equality, and a concolic run that stopped
/// recording inside the loop never saw the decisions after it.
#[symtest]
pub fn after_long_loop(n: u32, a: u32, b: u32) -> u32 {
    let mut s: u32 = 0;
    let mut i = 0;
    while i < n.min(10_000) {
        s += i;
        i += 1;
    }
    if a == n && s > 5000 && b == s + 7 {
        return 1;
    }
    0
}

// @generated by `cargo symtest`: regenerated on every run; edit the code, not this module.
#[cfg(test)]
#[symtest(generated)]
mod symtest_tests {
    use super::*;

    // symtest: fn=account_number covered=6/6 seed=266915 algorithm=hybrid budget-evals=20000
    #[test]
    fn account_number_returns_none() {
        // Covers line 96 `text.len() != 12` false; line 100 `c` iterated;
        //     line 101 `c.is_ascii_digit()` true; line 101 `c.is_ascii_digit()` false.
        assert_eq!(account_number("9aaaaaaaaaaa"), None);
    }

    #[test]
    fn account_number_returns_none_2() {
        // Covers line 96 `text.len() != 12` true.
        assert_eq!(account_number("aaaa\u{15e31}aaa"), None);
    }

    #[test]
    fn account_number_returns_some_999999999999() {
        // Covers line 96 `text.len() != 12` false; line 100 `c` iterated; line 100 `c` done;
        //     line 101 `c.is_ascii_digit()` true.
        assert_eq!(account_number("999999999999"), Some(999999999999));
    }

    #[test]
    fn account_number_returns_none_3() {
        // Covers line 96 `text.len() != 12` true.
        assert_eq!(account_number(""), None);
    }

    // symtest: fn=after_long_loop covered=8/8 seed=935626 algorithm=hybrid budget-evals=20000
    #[test]
    fn after_long_loop_returns_1() {
        // Covers line 205 `i < n.min(10_000)` true; line 205 `i < n.min(10_000)` false;
        //     line 209 `a == n` true; line 209 `s > 5000` true; line 209 `b == s + 7` true.
        assert_eq!(after_long_loop(5001, 5001, 12502507), 1);
    }

    #[test]
    fn after_long_loop_returns_0() {
        // Covers line 205 `i < n.min(10_000)` true; line 205 `i < n.min(10_000)` false;
        //     line 209 `a == n` false.
        assert_eq!(after_long_loop(1, 0, 0), 0);
    }

    #[test]
    fn after_long_loop_returns_0_2() {
        // Covers line 205 `i < n.min(10_000)` true; line 205 `i < n.min(10_000)` false;
        //     line 209 `a == n` true; line 209 `s > 5000` true; line 209 `b == s + 7` false.
        assert_eq!(after_long_loop(5001, 5001, 12502508), 0);
    }

    #[test]
    fn after_long_loop_returns_0_3() {
        // Covers line 205 `i < n.min(10_000)` false; line 209 `a == n` true;
        //     line 209 `s > 5000` false.
        assert_eq!(after_long_loop(0, 0, 0), 0);
    }

    #[test]
    fn after_long_loop_returns_0_4() {
        // Covers line 205 `i < n.min(10_000)` true; line 205 `i < n.min(10_000)` false;
        //     line 209 `a == n` true; line 209 `s > 5000` true; line 209 `b == s + 7` false.
        assert_eq!(after_long_loop(101, 101, 0), 0);
    }

    #[test]
    fn after_long_loop_returns_0_5() {
        // Covers line 205 `i < n.min(10_000)` false; line 209 `a == n` true;
        //     line 209 `s > 5000` false.
        assert_eq!(after_long_loop(0, 0, 7), 0);
    }

    #[test]
    fn after_long_loop_returns_0_6() {
        // Covers line 205 `i < n.min(10_000)` true; line 205 `i < n.min(10_000)` false;
        //     line 209 `a == n` false.
        assert_eq!(after_long_loop(5001, 7393, 12502507), 0);
    }

    #[test]
    fn after_long_loop_returns_0_7() {
        // Covers line 205 `i < n.min(10_000)` true; line 205 `i < n.min(10_000)` false;
        //     line 209 `a == n` false.
        assert_eq!(after_long_loop(5001, 0, 12502507), 0);
    }

    // symtest: fn=aligned covered=6/6 seed=266915 algorithm=hybrid budget-evals=20000
    #[test]
    fn aligned_returns_aligned() {
        // Covers line 25 `x == y` true; line 26 `y == z + 7` true; line 27 `x == 2 * z - 5` true.
        assert_eq!(aligned(19, 19, 12), "aligned");
    }

    #[test]
    fn aligned_returns_none() {
        // Covers line 25 `x == y` false.
        assert_eq!(aligned(1, 0, 0), "none");
    }

    #[test]
    fn aligned_returns_one() {
        // Covers line 25 `x == y` true; line 26 `y == z + 7` false.
        assert_eq!(aligned(6, 6, 0), "one");
    }

    #[test]
    fn aligned_returns_two() {
        // Covers line 25 `x == y` true; line 26 `y == z + 7` true; line 27 `x == 2 * z - 5` false.
        assert_eq!(aligned(7, 7, 0), "two");
    }

    #[test]
    fn aligned_returns_none_2() {
        // Covers line 25 `x == y` false.
        assert_eq!(aligned(0, 1, 0), "none");
    }

    #[test]
    fn aligned_returns_one_2() {
        // Covers line 25 `x == y` true; line 26 `y == z + 7` false.
        assert_eq!(aligned(0, 0, -8), "one");
    }

    // symtest: fn=decode covered=16/16 seed=529182 algorithm=hybrid budget-evals=20000
    #[test]
    fn decode_returns_load() {
        // Covers line 68 `match opcode` 0x2 | 0x3; line 73 `operand == 0` false;
        //     line 75 `register == 2` true; line 75 `operand > 0x7F` false.
        assert_eq!(decode(8705), "load");
    }

    #[test]
    fn decode_returns_jump() {
        // Covers line 68 `match opcode` 0x1 if register == 0xF; line 68 `match opcode` 0x1;
        //     line 70 `register == 0xF` false.
        assert_eq!(decode(7680), "jump");
    }

    #[test]
    fn decode_returns_halt() {
        // Covers line 68 `match opcode` 0xF; line 82 `word == 0xFFFF` true.
        assert_eq!(decode(u16::MAX), "halt");
    }

    #[test]
    fn decode_returns_divide_by_zero() {
        // Covers line 68 `match opcode` 0x2 | 0x3; line 73 `operand == 0` true.
        assert_eq!(decode(8192), "divide by zero");
    }

    #[test]
    fn decode_returns_jump_indirect() {
        // Covers line 68 `match opcode` 0x1 if register == 0xF; line 70 `register == 0xF` true.
        assert_eq!(decode(7936), "jump indirect");
    }

    #[test]
    fn decode_returns_load_high() {
        // Covers line 68 `match opcode` 0x2 | 0x3; line 73 `operand == 0` false;
        //     line 75 `register == 2` true; line 75 `operand > 0x7F` true.
        assert_eq!(decode(8832), "load high");
    }

    #[test]
    fn decode_returns_system() {
        // Covers line 68 `match opcode` 0xF; line 82 `word == 0xFFFF` false.
        assert_eq!(decode(65534), "system");
    }

    #[test]
    fn decode_returns_load_2() {
        // Covers line 68 `match opcode` 0x2 | 0x3; line 73 `operand == 0` false;
        //     line 75 `register == 2` false.
        assert_eq!(decode(13057), "load");
    }

    #[test]
    fn decode_returns_nop() {
        // Covers line 68 `match opcode` 0x0.
        assert_eq!(decode(0), "nop");
    }

    #[test]
    fn decode_returns_illegal() {
        // Covers line 68 `match opcode` _.
        assert_eq!(decode(28171), "illegal");
    }

    #[test]
    fn decode_returns_load_3() {
        // Covers line 68 `match opcode` 0x2 | 0x3; line 73 `operand == 0` false;
        //     line 75 `register == 2` true; line 75 `operand > 0x7F` false.
        assert_eq!(decode(8831), "load");
    }

    #[test]
    fn decode_returns_load_4() {
        // Covers line 68 `match opcode` 0x2 | 0x3; line 73 `operand == 0` false;
        //     line 75 `register == 2` false.
        assert_eq!(decode(13184), "load");
    }

    #[test]
    fn decode_returns_load_5() {
        // Covers line 68 `match opcode` 0x2 | 0x3; line 73 `operand == 0` false;
        //     line 75 `register == 2` false.
        assert_eq!(decode(8576), "load");
    }

    // symtest: fn=is_right_angled covered=12/12 seed=266915 algorithm=hybrid budget-evals=20000
    #[test]
    fn is_right_angled_returns_false() {
        // Covers line 14 `a == 0` false; line 14 `b == 0` false; line 14 `c == 0` false;
        //     line 17 `a * a + b * b == c * c` false; line 17 `a * a + c * c == b * b` false;
        //     line 17 `b * b + c * c == a * a` false.
        assert!(!is_right_angled(1, 1, 1));
    }

    #[test]
    fn is_right_angled_returns_true() {
        // Covers line 14 `a == 0` false; line 14 `b == 0` false; line 14 `c == 0` false;
        //     line 17 `a * a + b * b == c * c` true.
        assert!(is_right_angled(792, 69, 795));
    }

    #[test]
    fn is_right_angled_returns_false_2() {
        // Covers line 14 `a == 0` true.
        assert!(!is_right_angled(0, 0, 0));
    }

    #[test]
    fn is_right_angled_returns_false_3() {
        // Covers line 14 `a == 0` false; line 14 `b == 0` true.
        assert!(!is_right_angled(1, 0, 0));
    }

    #[test]
    fn is_right_angled_returns_false_4() {
        // Covers line 14 `a == 0` false; line 14 `b == 0` false; line 14 `c == 0` true.
        assert!(!is_right_angled(1, 1, 0));
    }

    #[test]
    fn is_right_angled_returns_true_2() {
        // Covers line 14 `a == 0` false; line 14 `b == 0` false; line 14 `c == 0` false;
        //     line 17 `a * a + b * b == c * c` false; line 17 `a * a + c * c == b * b` true.
        assert!(is_right_angled(364, 365, 27));
    }

    #[test]
    fn is_right_angled_returns_true_3() {
        // Covers line 14 `a == 0` false; line 14 `b == 0` false; line 14 `c == 0` false;
        //     line 17 `a * a + b * b == c * c` false; line 17 `a * a + c * c == b * b` false;
        //     line 17 `b * b + c * c == a * a` true.
        assert!(is_right_angled(221, 21, 220));
    }

    #[test]
    #[should_panic(expected = "attempt to add with overflow")]
    fn is_right_angled_panics_attempt_to_add_with() {
        // Covers line 14 `a == 0` false; line 14 `b == 0` false; line 14 `c == 0` false;
        //     line 17 `a * a + b * b == c * c` false; line 17 `a * a + c * c == b * b` false.
        let _ = is_right_angled(1, 2827502223, 3733524343);
    }

    #[test]
    fn is_right_angled_returns_false_5() {
        // Covers line 14 `a == 0` true.
        assert!(!is_right_angled(0, 1, 1));
    }

    #[test]
    fn is_right_angled_returns_false_6() {
        // Covers line 14 `a == 0` false; line 14 `b == 0` true.
        assert!(!is_right_angled(1, 0, 1));
    }

    #[test]
    fn is_right_angled_returns_false_7() {
        // Covers line 14 `a == 0` false; line 14 `b == 0` false; line 14 `c == 0` false;
        //     line 17 `a * a + b * b == c * c` false; line 17 `a * a + c * c == b * b` false;
        //     line 17 `b * b + c * c == a * a` false.
        assert!(!is_right_angled(1, 2, 1));
    }

    #[test]
    fn is_right_angled_returns_false_8() {
        // Covers line 14 `a == 0` false; line 14 `b == 0` false; line 14 `c == 0` false;
        //     line 17 `a * a + b * b == c * c` false; line 17 `a * a + c * c == b * b` false;
        //     line 17 `b * b + c * c == a * a` false.
        assert!(!is_right_angled(2, 1, 1));
    }

    // symtest: fn=isbn10 covered=11/11 seed=266915 algorithm=hybrid budget-evals=20000
    #[test]
    fn isbn10_returns_err_checksum_199_is() {
        // Covers line 112 `isbn.len() != 10` false; line 116 `(index, c)` iterated;
        //     line 116 `(index, c)` done; line 117 `match c` '0'..='9';
        //     line 117 `match c` 'X' if index == 9; line 119 `index == 9` true;
        //     line 124 `sum % 11 == 0` false.
        assert_eq!(
            isbn10("009900909X"),
            Err(String::from("checksum 199 is off by 1"))
        );
    }

    #[test]
    fn isbn10_returns_err_unexpected_x_at() {
        // Covers line 112 `isbn.len() != 10` false; line 116 `(index, c)` iterated;
        //     line 117 `match c` '0'..='9'; line 117 `match c` 'X' if index == 9;
        //     line 117 `match c` _; line 119 `index == 9` false.
        assert_eq!(
            isbn10("99999190Xa"),
            Err(String::from("unexpected 'X' at 8"))
        );
    }

    #[test]
    fn isbn10_returns_ok() {
        // Covers line 112 `isbn.len() != 10` false; line 116 `(index, c)` iterated;
        //     line 116 `(index, c)` done; line 117 `match c` '0'..='9';
        //     line 124 `sum % 11 == 0` true.
        assert_eq!(isbn10("0099009099"), Ok(()));
    }

    #[test]
    fn isbn10_returns_err_expected_10_characters() {
        // Covers line 112 `isbn.len() != 10` true.
        assert_eq!(
            isbn10("aaaaa\u{1b8c2}aa"),
            Err(String::from("expected 10 characters, got 11"))
        );
    }

    #[test]
    fn isbn10_returns_err_expected_10_characters_2() {
        // Covers line 112 `isbn.len() != 10` true.
        assert_eq!(
            isbn10(""),
            Err(String::from("expected 10 characters, got 0"))
        );
    }

    // symtest: fn=isbn10_hyphenated covered=11/11 seed=265914 algorithm=hybrid budget-evals=20000
    #[test]
    fn isbn10_hyphenated_returns_false() {
        // Covers line 138 `digits.len() != 10` false; line 142 `(i, c)` iterated;
        //     line 142 `(i, c)` done; line 143 `match c.to_digit(10)` Some(d);
        //     line 143 `match c.to_digit(10)` None if i == 9 && *c == 'X'; line 145 `i == 9` true;
        //     line 145 `*c == 'X'` true.
        assert!(!isbn10_hyphenated("999999999X"));
    }

    #[test]
    fn isbn10_hyphenated_returns_false_2() {
        // Covers line 138 `digits.len() != 10` false; line 142 `(i, c)` iterated;
        //     line 143 `match c.to_digit(10)` Some(d);
        //     line 143 `match c.to_digit(10)` None if i == 9 && *c == 'X';
        //     line 143 `match c.to_digit(10)` None; line 145 `i == 9` false.
        assert!(!isbn10_hyphenated("99999999aa"));
    }

    #[test]
    fn isbn10_hyphenated_returns_false_3() {
        // Covers line 138 `digits.len() != 10` true.
        assert!(!isbn10_hyphenated("aaaaaaaaaaa"));
    }

    #[test]
    fn isbn10_hyphenated_returns_false_4() {
        // Covers line 138 `digits.len() != 10` false; line 142 `(i, c)` iterated;
        //     line 143 `match c.to_digit(10)` Some(d);
        //     line 143 `match c.to_digit(10)` None if i == 9 && *c == 'X';
        //     line 143 `match c.to_digit(10)` None; line 145 `i == 9` true;
        //     line 145 `*c == 'X'` false.
        assert!(!isbn10_hyphenated("999999999Y"));
    }

    #[test]
    fn isbn10_hyphenated_returns_true() {
        // Covers line 138 `digits.len() != 10` false; line 142 `(i, c)` iterated;
        //     line 142 `(i, c)` done; line 143 `match c.to_digit(10)` Some(d).
        assert!(isbn10_hyphenated("9999999999"));
    }

    #[test]
    fn isbn10_hyphenated_returns_false_5() {
        // Covers line 138 `digits.len() != 10` true.
        assert!(!isbn10_hyphenated(""));
    }

    #[test]
    fn isbn10_hyphenated_returns_false_6() {
        // Covers line 138 `digits.len() != 10` false; line 142 `(i, c)` iterated;
        //     line 143 `match c.to_digit(10)` None if i == 9 && *c == 'X';
        //     line 143 `match c.to_digit(10)` None; line 145 `i == 9` false.
        assert!(!isbn10_hyphenated("X99999999a"));
    }

    // symtest: fn=natural_compare covered=0/0 seed=253072 algorithm=hybrid budget-evals=20000
    #[test]
    fn natural_compare_returns_equal() {
        // Covers `natural_order` line 160 `match(a.peek().copied(), b.peek().cop...` (None, None);
        //     `natural_order` line 160 `match(a.peek().copied(), b.peek().cop...` (Some(x),
        //     Some(y)) if x.is_ascii_digi...; `natural_order` line 160 `match(a.peek().copied(),
        //     b.peek().cop...` (Some(x), Some(y));
        //     `natural_order` line 164 `x.is_ascii_digit()` true;
        //     `natural_order` line 164 `x.is_ascii_digit()` false;
        //     `natural_order` line 164 `y.is_ascii_digit()` true;
        //     `natural_order` line 166 `m != n` false; `natural_order` line 171 `x != y` false.
        assert_eq!(
            natural_compare("ea9QFqBH", "ea9QFqBH"),
            std::cmp::Ordering::Equal
        );
    }

    #[test]
    fn natural_compare_returns_less() {
        // Covers `natural_order` line 160 `match(a.peek().copied(), b.peek().cop...` (Some(x),
        //     Some(y)) if x.is_ascii_digi...; `natural_order` line 160 `match(a.peek().copied(),
        //     b.peek().cop...` (Some(x), Some(y));
        //     `natural_order` line 164 `x.is_ascii_digit()` true;
        //     `natural_order` line 164 `y.is_ascii_digit()` false;
        //     `natural_order` line 171 `x != y` true.
        assert_eq!(natural_compare("9", "a"), std::cmp::Ordering::Less);
    }

    #[test]
    fn natural_compare_returns_less_2() {
        // Covers `natural_order` line 160 `match(a.peek().copied(), b.peek().cop...` (Some(x),
        //     Some(y)) if x.is_ascii_digi...; `natural_order` line 164 `x.is_ascii_digit()` true;
        //     `natural_order` line 164 `y.is_ascii_digit()` true;
        //     `natural_order` line 166 `m != n` true.
        assert_eq!(natural_compare("8", "9"), std::cmp::Ordering::Less);
    }

    #[test]
    fn natural_compare_returns_greater() {
        // Covers `natural_order` line 160 `match(a.peek().copied(), b.peek().cop...` (Some(_), None).
        assert_eq!(natural_compare("a", ""), std::cmp::Ordering::Greater);
    }

    #[test]
    fn natural_compare_returns_less_3() {
        // Covers `natural_order` line 160 `match(a.peek().copied(), b.peek().cop...` (None, Some(_)).
        assert_eq!(natural_compare("", "a"), std::cmp::Ordering::Less);
    }

    #[test]
    fn natural_compare_returns_less_4() {
        // Covers `natural_order` line 160 `match(a.peek().copied(), b.peek().cop...` (Some(x),
        //     Some(y)) if x.is_ascii_digi...; `natural_order` line 160 `match(a.peek().copied(),
        //     b.peek().cop...` (Some(x), Some(y));
        //     `natural_order` line 164 `x.is_ascii_digit()` false;
        //     `natural_order` line 171 `x != y` true.
        assert_eq!(natural_compare("`", "a"), std::cmp::Ordering::Less);
    }

    #[test]
    fn natural_compare_returns_greater_2() {
        // Covers `natural_order` line 160 `match(a.peek().copied(), b.peek().cop...` (Some(x),
        //     Some(y)) if x.is_ascii_digi...; `natural_order` line 160 `match(a.peek().copied(),
        //     b.peek().cop...` (Some(x), Some(y));
        //     `natural_order` line 164 `x.is_ascii_digit()` false;
        //     `natural_order` line 171 `x != y` true.
        assert_eq!(natural_compare("a", "9"), std::cmp::Ordering::Greater);
    }

    #[test]
    fn natural_compare_returns_greater_3() {
        // Covers `natural_order` line 160 `match(a.peek().copied(), b.peek().cop...` (Some(x),
        //     Some(y)) if x.is_ascii_digi...; `natural_order` line 164 `x.is_ascii_digit()` true;
        //     `natural_order` line 164 `y.is_ascii_digit()` true;
        //     `natural_order` line 166 `m != n` true.
        assert_eq!(natural_compare("9", "8"), std::cmp::Ordering::Greater);
    }

    #[test]
    fn natural_compare_returns_less_5() {
        // Covers `natural_order` line 160 `match(a.peek().copied(), b.peek().cop...` (None, Some(_));
        //     `natural_order` line 160 `match(a.peek().copied(), b.peek().cop...` (Some(x),
        //     Some(y)) if x.is_ascii_digi...; `natural_order` line 160 `match(a.peek().copied(),
        //     b.peek().cop...` (Some(x), Some(y));
        //     `natural_order` line 164 `x.is_ascii_digit()` false;
        //     `natural_order` line 171 `x != y` false.
        assert_eq!(natural_compare("a", "aa"), std::cmp::Ordering::Less);
    }

    #[test]
    fn natural_compare_returns_less_6() {
        // Covers `natural_order` line 160 `match(a.peek().copied(), b.peek().cop...` (None, Some(_));
        //     `natural_order` line 160 `match(a.peek().copied(), b.peek().cop...` (Some(x),
        //     Some(y)) if x.is_ascii_digi...; `natural_order` line 160 `match(a.peek().copied(),
        //     b.peek().cop...` (Some(x), Some(y));
        //     `natural_order` line 164 `x.is_ascii_digit()` true;
        //     `natural_order` line 164 `x.is_ascii_digit()` false;
        //     `natural_order` line 164 `y.is_ascii_digit()` true;
        //     `natural_order` line 166 `m != n` false; `natural_order` line 171 `x != y` false.
        assert_eq!(natural_compare("ea9", "ea9a"), std::cmp::Ordering::Less);
    }

    #[test]
    fn natural_compare_returns_greater_4() {
        // Covers `natural_order` line 160 `match(a.peek().copied(), b.peek().cop...` (Some(x),
        //     Some(y)) if x.is_ascii_digi...; `natural_order` line 164 `x.is_ascii_digit()` true;
        //     `natural_order` line 164 `y.is_ascii_digit()` true;
        //     `natural_order` line 166 `m != n` true.
        assert_eq!(natural_compare("89", "9"), std::cmp::Ordering::Greater);
    }

    // symtest: fn=triangular_budget covered=10/10 seed=529182 algorithm=hybrid budget-evals=20000
    #[test]
    fn triangular_budget_returns_exact() {
        // Covers line 42 `n > 0` true; line 44 `i < n` true; line 44 `i < n` false;
        //     line 48 `a == n` true; line 49 `total > 40` true; line 50 `b == total` true.
        assert_eq!(triangular_budget(40, 40, 780), "exact");
    }

    #[test]
    fn triangular_budget_returns_none() {
        // Covers line 42 `n > 0` true; line 44 `i < n` true; line 44 `i < n` false;
        //     line 48 `a == n` false.
        assert_eq!(triangular_budget(1, 0, 0), "none");
    }

    #[test]
    fn triangular_budget_returns_none_2() {
        // Covers line 42 `n > 0` false.
        assert_eq!(triangular_budget(0, 0, 0), "none");
    }

    #[test]
    fn triangular_budget_returns_over() {
        // Covers line 42 `n > 0` true; line 44 `i < n` true; line 44 `i < n` false;
        //     line 48 `a == n` true; line 49 `total > 40` true; line 50 `b == total` false.
        assert_eq!(triangular_budget(40, 40, 781), "over");
    }

    #[test]
    fn triangular_budget_returns_under() {
        // Covers line 42 `n > 0` true; line 44 `i < n` true; line 44 `i < n` false;
        //     line 48 `a == n` true; line 49 `total > 40` false.
        assert_eq!(triangular_budget(1, 1, 0), "under");
    }

    #[test]
    fn triangular_budget_returns_none_3() {
        // Covers line 42 `n > 0` false.
        assert_eq!(triangular_budget(-1, -1, 0), "none");
    }

    #[test]
    fn triangular_budget_returns_none_4() {
        // Covers line 42 `n > 0` true; line 44 `i < n` true; line 44 `i < n` false;
        //     line 48 `a == n` false.
        assert_eq!(triangular_budget(1, 2, 0), "none");
    }

    #[test]
    fn triangular_budget_returns_over_2() {
        // Covers line 42 `n > 0` true; line 44 `i < n` true; line 44 `i < n` false;
        //     line 48 `a == n` true; line 49 `total > 40` true; line 50 `b == total` false.
        assert_eq!(triangular_budget(10, 10, 0), "over");
    }
}
// @end generated by `cargo symtest`
