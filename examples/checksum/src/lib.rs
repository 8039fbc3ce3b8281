//! Checksums and overflow checks: conditions random inputs almost never satisfy.

use symtest_runtime::symtest;

/// The Luhn check used by payment card numbers; spaces are allowed between digits.
#[symtest]
pub fn luhn(number: &str) -> bool {
    let mut sum = 0;
    let mut digits = 0;
    for c in number.chars().rev() {
        if c == ' ' {
            continue;
        }
        let Some(digit) = c.to_digit(10) else {
            return false;
        };
        let value = if digits % 2 == 1 {
            let doubled = digit * 2;
            if doubled > 9 { doubled - 9 } else { doubled }
        } else {
            digit
        };
        sum += value;
        digits += 1;
    }
    digits > 1 && sum % 10 == 0
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

/// Saturating subtraction of 16-bit integers written the way C code checks for overflow
/// (the `f2` case of *Symbolic Search Based Testing*).
#[symtest]
pub fn saturating_sub(a: i16, b: i16) -> i16 {
    let wide = i32::from(a) - i32::from(b);
    if b < 0 {
        if wide > i32::from(i16::MAX) {
            return i16::MAX;
        }
    } else if b > 0 && wide < i32::from(i16::MIN) {
        return i16::MIN;
    }
    wide as i16
}

/// The mean of a slice, rejecting empty input and sums that do not fit.
#[symtest]
pub fn mean(values: &[i32]) -> Option<i32> {
    if values.is_empty() {
        return None;
    }
    let mut sum: i32 = 0;
    for &value in values {
        sum = sum.checked_add(value)?;
    }
    Some(sum / values.len() as i32)
}
