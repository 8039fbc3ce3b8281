//! The text form of a function's path conditions. `#[symtest]` emits them as one string
//! literal rather than as nested static arrays: rustc type-checks a string in no time, while
//! tens of thousands of enum expressions made large functions take minutes to build. The
//! runtime decodes the text once, the first time the enhanced fitness asks for it.
//!
//! The text is whitespace-separated words:
//!
//! | word | meaning |
//! |---|---|
//! | `T<d>,<o>` | the paths to target branch (decision `d`, outcome `o`) follow |
//! | `F<d>,<o>` | the paths from branch (`d`, `o`) to that target follow |
//! | `P<n>` | a product follows, with `n` conditions dropped at compile time |
//! | `C<op>` | a condition follows: `C==`, `C!=`, `C<`, `C<=`, `C>`, `C>=` compare the value before `\|` with the one after; `C?` is a boolean that must be true |
//! | `\|` | ends the left side of a comparison |
//! | `v<i>` `i<n>` `f<x>` `b0` `b1` | a token: snapshot local `i`, an integer, a float, a boolean |
//! | `+ - * / %` `~` (negation) `!` `af` `ai<bits>` `au<bits>` `r<op>` `&&` `\|\|` | an operation |

use std::sync::OnceLock;

use crate::record::distance::CmpOp;

use super::{CondOp, PathsFrom, SymCond, SymProduct, TargetPaths, Tok};

/// The path conditions of one function, as emitted, decoded on first use.
#[derive(Debug)]
pub struct PathTable {
    text: &'static str,
    decoded: OnceLock<Vec<TargetPaths>>,
}

impl PathTable {
    pub const fn new(text: &'static str) -> Self {
        PathTable {
            text,
            decoded: OnceLock::new(),
        }
    }

    /// The same table, undecoded: for a table that extends a function's (see
    /// `combine::with_callees`).
    pub const fn same(&self) -> Self {
        PathTable::new(self.text)
    }

    /// The paths of every target that has any. Text that does not decode (a macro and runtime
    /// of different versions) gives none: the enhanced fitness then equals the standard one.
    pub fn targets(&self) -> &[TargetPaths] {
        self.decoded.get_or_init(|| {
            let decoded = decode(self.text);
            debug_assert!(decoded.is_some(), "undecodable path table: {}", self.text);
            decoded.unwrap_or_default()
        })
    }
}

/// The comparison a word names (`==`, `<=`, …).
pub fn cmp_op(word: &str) -> Option<CmpOp> {
    CmpOp::ALL.into_iter().find(|op| op.symbol() == word)
}

fn pair(word: &str) -> Option<(u32, u32)> {
    let (decision, outcome) = word.split_once(',')?;
    Some((decision.parse().ok()?, outcome.parse().ok()?))
}

fn token(word: &str) -> Option<Tok> {
    Some(match word {
        "+" => Tok::Add,
        "-" => Tok::Sub,
        "*" => Tok::Mul,
        "/" => Tok::Div,
        "%" => Tok::Rem,
        "~" => Tok::Neg,
        "!" => Tok::Not,
        "af" => Tok::AsFloat,
        "&&" => Tok::And,
        "||" => Tok::Or,
        "b0" => Tok::Bool(false),
        "b1" => Tok::Bool(true),
        _ => {
            let (head, rest) = word.split_at(1);
            match head {
                "v" => Tok::Var(rest.parse().ok()?),
                "i" => Tok::Int(rest.parse().ok()?),
                "f" => Tok::Float(rest.parse().ok()?),
                "r" => Tok::Rel(cmp_op(rest)?),
                "a" => {
                    let (sign, bits) = rest.split_at(1);
                    Tok::AsInt {
                        bits: bits.parse().ok()?,
                        signed: match sign {
                            "i" => true,
                            "u" => false,
                            _ => return None,
                        },
                    }
                }
                _ => return None,
            }
        }
    })
}

/// Decodes the text form; `None` when it is malformed.
pub fn decode(text: &str) -> Option<Vec<TargetPaths>> {
    let mut targets: Vec<TargetPaths> = Vec::new();
    // Whether the current condition's tokens go to its right side.
    let mut right = false;
    for word in text.split_ascii_whitespace() {
        let (head, rest) = word.split_at(1);
        match head {
            "T" => {
                let (decision, outcome) = pair(rest)?;
                targets.push(TargetPaths {
                    decision,
                    outcome,
                    from: Vec::new(),
                });
            }
            "F" => {
                let (decision, outcome) = pair(rest)?;
                targets.last_mut()?.from.push(PathsFrom {
                    decision,
                    outcome,
                    products: Vec::new(),
                });
            }
            "P" => {
                let from = targets.last_mut()?.from.last_mut()?;
                from.products.push(SymProduct {
                    conditions: Vec::new(),
                    dropped: rest.parse().ok()?,
                });
            }
            "C" => {
                let op = match rest {
                    "?" => CondOp::Truthy,
                    op => CondOp::Cmp(cmp_op(op)?),
                };
                let product = targets.last_mut()?.from.last_mut()?.products.last_mut()?;
                product.conditions.push(SymCond {
                    op,
                    lhs: Vec::new(),
                    rhs: Vec::new(),
                });
                right = false;
            }
            _ => {
                let product = targets.last_mut()?.from.last_mut()?.products.last_mut()?;
                let condition = product.conditions.last_mut()?;
                if word == "|" {
                    right = true;
                } else if right {
                    condition.rhs.push(token(word)?);
                } else {
                    condition.lhs.push(token(word)?);
                }
            }
        }
    }
    Some(targets)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_decodes_to_its_token() {
        let text = "T3,1 F0,0 P2 C<= v0 i-5 + | f1.5 af C? v1 b1 r!= ~ ! && b0 || \
                    P0 C== v2 ai8 au64 * | i3 - / %";
        let targets = decode(text).expect("decodes");
        assert_eq!((targets[0].decision, targets[0].outcome), (3, 1));
        let from = &targets[0].from[0];
        assert_eq!((from.decision, from.outcome), (0, 0));
        let first = &from.products[0];
        assert_eq!(first.dropped, 2);
        assert_eq!(first.conditions[0].op, CondOp::Cmp(CmpOp::Le));
        assert_eq!(
            first.conditions[0].lhs,
            [Tok::Var(0), Tok::Int(-5), Tok::Add]
        );
        assert_eq!(first.conditions[0].rhs, [Tok::Float(1.5), Tok::AsFloat]);
        assert_eq!(first.conditions[1].op, CondOp::Truthy);
        assert_eq!(
            first.conditions[1].lhs,
            [
                Tok::Var(1),
                Tok::Bool(true),
                Tok::Rel(CmpOp::Ne),
                Tok::Neg,
                Tok::Not,
                Tok::And,
                Tok::Bool(false),
                Tok::Or
            ]
        );
        let second = &from.products[1].conditions[0];
        assert_eq!(
            second.lhs,
            [
                Tok::Var(2),
                Tok::AsInt {
                    bits: 8,
                    signed: true
                },
                Tok::AsInt {
                    bits: 64,
                    signed: false
                },
                Tok::Mul
            ]
        );
        assert_eq!(second.rhs, [Tok::Int(3), Tok::Sub, Tok::Div, Tok::Rem]);
    }

    #[test]
    fn malformed_text_decodes_to_nothing() {
        assert!(decode("").is_some_and(|t| t.is_empty()));
        for text in [
            "F0,0",
            "T1",
            "T0,0 F0,0 P1 C=< v0",
            "T0,0 F0,0 P0 C== q1",
            "T0,0 v1",
        ] {
            assert!(decode(text).is_none(), "{text}");
        }
        assert!(PathTable::new("T0,0 F0,0 P0").targets().len() == 1);
    }
}
