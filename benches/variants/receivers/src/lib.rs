//! Methods whose branches test `self`: its variant, its variants' field values, and its
//! fields. The types are marked `#[symtest]` and have no constructor, so every sequence starts
//! from a value built from genes.

use symtest_runtime::symtest;

/// A token of a small expression language.
#[symtest]
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Token {
    Number(i64),
    Operator(char),
    Open,
    Close,
    Name { len: u8, hash: u32 },
    End,
}

#[symtest]
impl Token {
    /// How tightly an operator binds; names and numbers by special cases.
    pub fn precedence(&self) -> u8 {
        match self {
            Token::Operator('^') => 4,
            Token::Operator('*' | '/') => 3,
            Token::Operator('+' | '-') => 2,
            Token::Number(0) => 1,
            Token::Name { len: 0, .. } => 9,
            Token::Name { hash: 0xdead_beef, .. } => 8,
            _ => 0,
        }
    }

    /// Whether the token is the keyword `if` or `for` (by length and hash).
    pub fn is_keyword(&self) -> bool {
        matches!(
            self,
            Token::Name { len: 2, hash: 0x0000_6966 } | Token::Name { len: 3, hash: 0x0066_6f72 }
        )
    }
}

/// A sensor reading whose raw value is calibrated against its channel.
#[symtest]
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    pub channel: u16,
    pub raw: u32,
}

#[symtest]
impl Reading {
    /// The calibrated value; channel 7 has a known fault at one raw value.
    pub fn calibrated(&self) -> Option<u32> {
        if self.channel == 7 && self.raw.wrapping_mul(3) == 3_000_000_021 {
            return None;
        }
        if self.raw > 4_000_000_000 {
            return Some(u32::MAX);
        }
        Some(self.raw / 2)
    }
}
