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
