//! Branches that search guided by the standard fitness (approach level + branch distance)
//! covers slowly or not at all. They are here to measure what symbolic information adds
//! (`cargo symtest experiment`); the figures are in BENCHMARKS.md.

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
/// its length checked, then each char weighed. Symbolic execution does not follow `filter` and
/// `collect` yet, so the collected chars are opaque values and ten digits in a row are found by
/// the search alone: with some seeds only (BENCHMARKS.md, session 39; issue 30).
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
        // Covers line 93 `text.len() != 12` false; line 97 `c` iterated;
        //     line 98 `c.is_ascii_digit()` true; line 98 `c.is_ascii_digit()` false.
        assert_eq!(account_number("9aaaaaaaaaaa"), None);
    }

    #[test]
    fn account_number_returns_none_2() {
        // Covers line 93 `text.len() != 12` true.
        assert_eq!(account_number("aaaaaaa\u{12910}"), None);
    }

    #[test]
    fn account_number_returns_some_999999999999() {
        // Covers line 93 `text.len() != 12` false; line 97 `c` iterated; line 97 `c` done;
        //     line 98 `c.is_ascii_digit()` true.
        assert_eq!(account_number("999999999999"), Some(999999999999));
    }

    #[test]
    fn account_number_returns_none_3() {
        // Covers line 93 `text.len() != 12` true.
        assert_eq!(account_number(""), None);
    }

    // symtest: fn=after_long_loop covered=8/8 seed=935626 algorithm=hybrid budget-evals=20000
    #[test]
    fn after_long_loop_returns_1() {
        // Covers line 157 `i < n.min(10_000)` true; line 157 `i < n.min(10_000)` false;
        //     line 161 `a == n` true; line 161 `s > 5000` true; line 161 `b == s + 7` true.
        assert_eq!(after_long_loop(5001, 5001, 12502507), 1);
    }

    #[test]
    fn after_long_loop_returns_0() {
        // Covers line 157 `i < n.min(10_000)` true; line 157 `i < n.min(10_000)` false;
        //     line 161 `a == n` false.
        assert_eq!(after_long_loop(1, 0, 0), 0);
    }

    #[test]
    fn after_long_loop_returns_0_2() {
        // Covers line 157 `i < n.min(10_000)` true; line 157 `i < n.min(10_000)` false;
        //     line 161 `a == n` true; line 161 `s > 5000` true; line 161 `b == s + 7` false.
        assert_eq!(after_long_loop(5001, 5001, 12502508), 0);
    }

    #[test]
    fn after_long_loop_returns_0_3() {
        // Covers line 157 `i < n.min(10_000)` false; line 161 `a == n` true;
        //     line 161 `s > 5000` false.
        assert_eq!(after_long_loop(0, 0, 0), 0);
    }

    #[test]
    fn after_long_loop_returns_0_4() {
        // Covers line 157 `i < n.min(10_000)` true; line 157 `i < n.min(10_000)` false;
        //     line 161 `a == n` true; line 161 `s > 5000` true; line 161 `b == s + 7` false.
        assert_eq!(after_long_loop(101, 101, 0), 0);
    }

    #[test]
    fn after_long_loop_returns_0_5() {
        // Covers line 157 `i < n.min(10_000)` false; line 161 `a == n` true;
        //     line 161 `s > 5000` false.
        assert_eq!(after_long_loop(0, 0, 7), 0);
    }

    #[test]
    fn after_long_loop_returns_0_6() {
        // Covers line 157 `i < n.min(10_000)` true; line 157 `i < n.min(10_000)` false;
        //     line 161 `a == n` false.
        assert_eq!(after_long_loop(5001, 7393, 12502507), 0);
    }

    #[test]
    fn after_long_loop_returns_0_7() {
        // Covers line 157 `i < n.min(10_000)` true; line 157 `i < n.min(10_000)` false;
        //     line 161 `a == n` false.
        assert_eq!(after_long_loop(5001, 0, 12502507), 0);
    }

    // symtest: fn=aligned covered=6/6 seed=266915 algorithm=hybrid budget-evals=20000
    #[test]
    fn aligned_returns_aligned() {
        // Covers line 22 `x == y` true; line 23 `y == z + 7` true; line 24 `x == 2 * z - 5` true.
        assert_eq!(aligned(19, 19, 12), "aligned");
    }

    #[test]
    fn aligned_returns_none() {
        // Covers line 22 `x == y` false.
        assert_eq!(aligned(1, 0, 0), "none");
    }

    #[test]
    fn aligned_returns_one() {
        // Covers line 22 `x == y` true; line 23 `y == z + 7` false.
        assert_eq!(aligned(6, 6, 0), "one");
    }

    #[test]
    fn aligned_returns_two() {
        // Covers line 22 `x == y` true; line 23 `y == z + 7` true; line 24 `x == 2 * z - 5` false.
        assert_eq!(aligned(7, 7, 0), "two");
    }

    #[test]
    fn aligned_returns_none_2() {
        // Covers line 22 `x == y` false.
        assert_eq!(aligned(0, 1, 0), "none");
    }

    #[test]
    fn aligned_returns_one_2() {
        // Covers line 22 `x == y` true; line 23 `y == z + 7` false.
        assert_eq!(aligned(0, 0, -8), "one");
    }

    // symtest: fn=decode covered=16/16 seed=529182 algorithm=hybrid budget-evals=20000
    #[test]
    fn decode_returns_load() {
        // Covers line 65 `match opcode` 0x2 | 0x3; line 70 `operand == 0` false;
        //     line 72 `register == 2` true; line 72 `operand > 0x7F` false.
        assert_eq!(decode(8705), "load");
    }

    #[test]
    fn decode_returns_jump() {
        // Covers line 65 `match opcode` 0x1 if register == 0xF; line 65 `match opcode` 0x1;
        //     line 67 `register == 0xF` false.
        assert_eq!(decode(7680), "jump");
    }

    #[test]
    fn decode_returns_halt() {
        // Covers line 65 `match opcode` 0xF; line 79 `word == 0xFFFF` true.
        assert_eq!(decode(u16::MAX), "halt");
    }

    #[test]
    fn decode_returns_divide_by_zero() {
        // Covers line 65 `match opcode` 0x2 | 0x3; line 70 `operand == 0` true.
        assert_eq!(decode(8192), "divide by zero");
    }

    #[test]
    fn decode_returns_jump_indirect() {
        // Covers line 65 `match opcode` 0x1 if register == 0xF; line 67 `register == 0xF` true.
        assert_eq!(decode(7936), "jump indirect");
    }

    #[test]
    fn decode_returns_load_high() {
        // Covers line 65 `match opcode` 0x2 | 0x3; line 70 `operand == 0` false;
        //     line 72 `register == 2` true; line 72 `operand > 0x7F` true.
        assert_eq!(decode(8832), "load high");
    }

    #[test]
    fn decode_returns_system() {
        // Covers line 65 `match opcode` 0xF; line 79 `word == 0xFFFF` false.
        assert_eq!(decode(65534), "system");
    }

    #[test]
    fn decode_returns_load_2() {
        // Covers line 65 `match opcode` 0x2 | 0x3; line 70 `operand == 0` false;
        //     line 72 `register == 2` false.
        assert_eq!(decode(13057), "load");
    }

    #[test]
    fn decode_returns_nop() {
        // Covers line 65 `match opcode` 0x0.
        assert_eq!(decode(0), "nop");
    }

    #[test]
    fn decode_returns_illegal() {
        // Covers line 65 `match opcode` _.
        assert_eq!(decode(28171), "illegal");
    }

    #[test]
    fn decode_returns_load_3() {
        // Covers line 65 `match opcode` 0x2 | 0x3; line 70 `operand == 0` false;
        //     line 72 `register == 2` true; line 72 `operand > 0x7F` false.
        assert_eq!(decode(8831), "load");
    }

    #[test]
    fn decode_returns_load_4() {
        // Covers line 65 `match opcode` 0x2 | 0x3; line 70 `operand == 0` false;
        //     line 72 `register == 2` false.
        assert_eq!(decode(13184), "load");
    }

    #[test]
    fn decode_returns_load_5() {
        // Covers line 65 `match opcode` 0x2 | 0x3; line 70 `operand == 0` false;
        //     line 72 `register == 2` false.
        assert_eq!(decode(8576), "load");
    }

    // symtest: fn=is_right_angled covered=12/12 seed=266915 algorithm=hybrid budget-evals=20000
    #[test]
    fn is_right_angled_returns_false() {
        // Covers line 11 `a == 0` false; line 11 `b == 0` false; line 11 `c == 0` false;
        //     line 14 `a * a + b * b == c * c` false; line 14 `a * a + c * c == b * b` false;
        //     line 14 `b * b + c * c == a * a` false.
        assert!(!is_right_angled(1, 1, 1));
    }

    #[test]
    fn is_right_angled_returns_true() {
        // Covers line 11 `a == 0` false; line 11 `b == 0` false; line 11 `c == 0` false;
        //     line 14 `a * a + b * b == c * c` true.
        assert!(is_right_angled(792, 69, 795));
    }

    #[test]
    fn is_right_angled_returns_false_2() {
        // Covers line 11 `a == 0` true.
        assert!(!is_right_angled(0, 0, 0));
    }

    #[test]
    fn is_right_angled_returns_false_3() {
        // Covers line 11 `a == 0` false; line 11 `b == 0` true.
        assert!(!is_right_angled(1, 0, 0));
    }

    #[test]
    fn is_right_angled_returns_false_4() {
        // Covers line 11 `a == 0` false; line 11 `b == 0` false; line 11 `c == 0` true.
        assert!(!is_right_angled(1, 1, 0));
    }

    #[test]
    fn is_right_angled_returns_true_2() {
        // Covers line 11 `a == 0` false; line 11 `b == 0` false; line 11 `c == 0` false;
        //     line 14 `a * a + b * b == c * c` false; line 14 `a * a + c * c == b * b` true.
        assert!(is_right_angled(364, 365, 27));
    }

    #[test]
    fn is_right_angled_returns_true_3() {
        // Covers line 11 `a == 0` false; line 11 `b == 0` false; line 11 `c == 0` false;
        //     line 14 `a * a + b * b == c * c` false; line 14 `a * a + c * c == b * b` false;
        //     line 14 `b * b + c * c == a * a` true.
        assert!(is_right_angled(221, 21, 220));
    }

    #[test]
    #[should_panic(expected = "attempt to add with overflow")]
    fn is_right_angled_panics_attempt_to_add_with() {
        // Covers line 11 `a == 0` false; line 11 `b == 0` false; line 11 `c == 0` false;
        //     line 14 `a * a + b * b == c * c` false; line 14 `a * a + c * c == b * b` false.
        let _ = is_right_angled(1, 2827502223, 3733524343);
    }

    #[test]
    fn is_right_angled_returns_false_5() {
        // Covers line 11 `a == 0` true.
        assert!(!is_right_angled(0, 1, 1));
    }

    #[test]
    fn is_right_angled_returns_false_6() {
        // Covers line 11 `a == 0` false; line 11 `b == 0` true.
        assert!(!is_right_angled(1, 0, 1));
    }

    #[test]
    fn is_right_angled_returns_false_7() {
        // Covers line 11 `a == 0` false; line 11 `b == 0` false; line 11 `c == 0` false;
        //     line 14 `a * a + b * b == c * c` false; line 14 `a * a + c * c == b * b` false;
        //     line 14 `b * b + c * c == a * a` false.
        assert!(!is_right_angled(1, 2, 1));
    }

    #[test]
    fn is_right_angled_returns_false_8() {
        // Covers line 11 `a == 0` false; line 11 `b == 0` false; line 11 `c == 0` false;
        //     line 14 `a * a + b * b == c * c` false; line 14 `a * a + c * c == b * b` false;
        //     line 14 `b * b + c * c == a * a` false.
        assert!(!is_right_angled(2, 1, 1));
    }

    // symtest: fn=isbn10 covered=11/11 seed=266915 algorithm=hybrid budget-evals=20000
    #[test]
    fn isbn10_returns_err_checksum_320_is() {
        // Covers line 109 `isbn.len() != 10` false; line 113 `(index, c)` iterated;
        //     line 113 `(index, c)` done; line 114 `match c` '0'..='9';
        //     line 114 `match c` 'X' if index == 9; line 116 `index == 9` true;
        //     line 121 `sum % 11 == 0` false.
        assert_eq!(
            isbn10("059799099X"),
            Err(String::from("checksum 320 is off by 1"))
        );
    }

    #[test]
    fn isbn10_returns_err_unexpected_x_at() {
        // Covers line 109 `isbn.len() != 10` false; line 113 `(index, c)` iterated;
        //     line 114 `match c` '0'..='9'; line 114 `match c` 'X' if index == 9;
        //     line 114 `match c` _; line 116 `index == 9` false.
        assert_eq!(
            isbn10("99999979Xa"),
            Err(String::from("unexpected 'X' at 8"))
        );
    }

    #[test]
    fn isbn10_returns_ok() {
        // Covers line 109 `isbn.len() != 10` false; line 113 `(index, c)` iterated;
        //     line 113 `(index, c)` done; line 114 `match c` '0'..='9';
        //     line 121 `sum % 11 == 0` true.
        assert_eq!(isbn10("9599990900"), Ok(()));
    }

    #[test]
    fn isbn10_returns_err_expected_10_characters() {
        // Covers line 109 `isbn.len() != 10` true.
        assert_eq!(
            isbn10("aaaaa\u{1b8c2}aa"),
            Err(String::from("expected 10 characters, got 11"))
        );
    }

    #[test]
    fn isbn10_returns_err_expected_10_characters_2() {
        // Covers line 109 `isbn.len() != 10` true.
        assert_eq!(
            isbn10(""),
            Err(String::from("expected 10 characters, got 0"))
        );
    }

    // symtest: fn=isbn10_hyphenated covered=7/11 seed=265914 algorithm=hybrid budget-evals=20000
    #[test]
    fn isbn10_hyphenated_returns_false() {
        // Covers line 135 `digits.len() != 10` false; line 139 `(i, c)` iterated;
        //     line 140 `match c.to_digit(10)` Some(d);
        //     line 140 `match c.to_digit(10)` None if i == 9 && *c == 'X';
        //     line 140 `match c.to_digit(10)` None; line 142 `i == 9` false.
        assert!(!isbn10_hyphenated("9aaaaaaaaa"));
    }

    #[test]
    fn isbn10_hyphenated_returns_false_2() {
        // Covers line 135 `digits.len() != 10` true.
        assert!(!isbn10_hyphenated("aaaaaaaaaaa"));
    }

    #[test]
    fn isbn10_hyphenated_returns_false_3() {
        // Covers line 135 `digits.len() != 10` true.
        assert!(!isbn10_hyphenated(""));
    }

    // symtest: fn=triangular_budget covered=10/10 seed=529182 algorithm=hybrid budget-evals=20000
    #[test]
    fn triangular_budget_returns_exact() {
        // Covers line 39 `n > 0` true; line 41 `i < n` true; line 41 `i < n` false;
        //     line 45 `a == n` true; line 46 `total > 40` true; line 47 `b == total` true.
        assert_eq!(triangular_budget(40, 40, 780), "exact");
    }

    #[test]
    fn triangular_budget_returns_none() {
        // Covers line 39 `n > 0` true; line 41 `i < n` true; line 41 `i < n` false;
        //     line 45 `a == n` false.
        assert_eq!(triangular_budget(1, 0, 0), "none");
    }

    #[test]
    fn triangular_budget_returns_none_2() {
        // Covers line 39 `n > 0` false.
        assert_eq!(triangular_budget(0, 0, 0), "none");
    }

    #[test]
    fn triangular_budget_returns_over() {
        // Covers line 39 `n > 0` true; line 41 `i < n` true; line 41 `i < n` false;
        //     line 45 `a == n` true; line 46 `total > 40` true; line 47 `b == total` false.
        assert_eq!(triangular_budget(40, 40, 781), "over");
    }

    #[test]
    fn triangular_budget_returns_under() {
        // Covers line 39 `n > 0` true; line 41 `i < n` true; line 41 `i < n` false;
        //     line 45 `a == n` true; line 46 `total > 40` false.
        assert_eq!(triangular_budget(1, 1, 0), "under");
    }

    #[test]
    fn triangular_budget_returns_none_3() {
        // Covers line 39 `n > 0` false.
        assert_eq!(triangular_budget(-1, -1, 0), "none");
    }

    #[test]
    fn triangular_budget_returns_none_4() {
        // Covers line 39 `n > 0` true; line 41 `i < n` true; line 41 `i < n` false;
        //     line 45 `a == n` false.
        assert_eq!(triangular_budget(1, 2, 0), "none");
    }

    #[test]
    fn triangular_budget_returns_over_2() {
        // Covers line 39 `n > 0` true; line 41 `i < n` true; line 41 `i < n` false;
        //     line 45 `a == n` true; line 46 `total > 40` true; line 47 `b == total` false.
        assert_eq!(triangular_budget(10, 10, 0), "over");
    }
}
// @end generated by `cargo symtest`
