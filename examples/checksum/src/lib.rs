//! Checksums, frame headers and overflow checks: conditions random inputs almost never satisfy.

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

/// A validated frame header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    pub version: u8,
    pub length: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameError {
    Magic(u32),
    Version(u8),
    Length(u32),
    Checksum { expected: u32, found: u32 },
}

/// The magic number that starts every frame: "SYMT" in ASCII.
pub const MAGIC: u32 = 0x5359_4D54;

/// Checks the fixed fields of a frame header, as a parser reads them off the wire.
#[symtest]
pub fn frame_header(
    magic: u32,
    version: u8,
    length: u32,
    checksum: u32,
) -> Result<Header, FrameError> {
    if magic != MAGIC {
        return Err(FrameError::Magic(magic));
    }
    if version == 0 || version > 3 {
        return Err(FrameError::Version(version));
    }
    if length > 1 << 20 {
        return Err(FrameError::Length(length));
    }
    let expected = magic ^ length.rotate_left(8);
    if checksum != expected {
        return Err(FrameError::Checksum {
            expected,
            found: checksum,
        });
    }
    Ok(Header { version, length })
}
