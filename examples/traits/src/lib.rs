//! Trait impls: `#[symtest]` on an `impl Trait for Type` block searches its methods in the call
//! sequences of the type, with the methods of its inherent block, and the tests call them as
//! users do: `version.to_string()`, `version.cmp(&other)`, `words.next()`, `a + b`,
//! `"1.2.3".parse::<Version>()`, `Words::from("…")`; the crate's own traits through the trait,
//! `<Money as Taxed>::with_tax(&money, 20)`.

use std::cmp::Ordering;
use std::fmt;
use std::ops::Add;
use std::str::FromStr;

use symtest_runtime::symtest;

/// A release `major.minor.patch`, or a candidate for one (`1.2.0-rc.3`). Marked `#[symtest]`,
/// it is built from genes too: the value a sequence starts from, or the other version
/// `cmp` takes.
#[symtest]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Version {
    major: u16,
    minor: u16,
    patch: u16,
    candidate: Option<u8>,
}

/// Why a text is no version.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BadVersion {
    /// Fewer than three numbers, or an empty one.
    Parts,
    /// A number of more than four digits.
    Number,
    Char(char),
}

#[symtest]
impl Version {
    pub fn new(major: u16, minor: u16, patch: u16) -> Version {
        Version {
            major,
            minor,
            patch,
            candidate: None,
        }
    }

    /// Candidate `n` of this release; candidates count from 1.
    pub fn candidate(&mut self, n: u8) -> bool {
        if n == 0 {
            return false;
        }
        self.candidate = Some(n);
        true
    }

    /// Whether the version promises a stable interface: 1.0.0 and after, and no candidate.
    pub fn is_stable(&self) -> bool {
        self.major > 0 && self.candidate.is_none()
    }
}

/// `1.2.3`: three numbers of up to four digits.
#[symtest]
impl FromStr for Version {
    type Err = BadVersion;

    fn from_str(text: &str) -> Result<Version, BadVersion> {
        let mut numbers = [0u16; 3];
        let (mut part, mut digits) = (0, 0);
        for c in text.chars() {
            if c == '.' && digits > 0 && part < 2 {
                part += 1;
                digits = 0;
            } else if let Some(digit) = c.to_digit(10) {
                if digits == 4 {
                    return Err(BadVersion::Number);
                }
                numbers[part] = numbers[part] * 10 + digit as u16;
                digits += 1;
            } else {
                return Err(BadVersion::Char(c));
            }
        }
        if part < 2 || digits == 0 {
            return Err(BadVersion::Parts);
        }
        Ok(Version::new(numbers[0], numbers[1], numbers[2]))
    }
}

#[symtest]
impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Version {
            major,
            minor,
            patch,
            candidate,
        } = self;
        match candidate {
            Some(n) => write!(f, "{major}.{minor}.{patch}-rc.{n}"),
            None => write!(f, "{major}.{minor}.{patch}"),
        }
    }
}

/// Releases in order of their numbers; the candidates of a release before it, in their order.
#[symtest]
impl Ord for Version {
    fn cmp(&self, other: &Self) -> Ordering {
        if self.major != other.major {
            return self.major.cmp(&other.major);
        }
        if self.minor != other.minor {
            return self.minor.cmp(&other.minor);
        }
        if self.patch != other.patch {
            return self.patch.cmp(&other.patch);
        }
        match (self.candidate, other.candidate) {
            (None, None) => Ordering::Equal,
            (None, Some(_)) => Ordering::Greater,
            (Some(_), None) => Ordering::Less,
            (Some(n), Some(m)) => n.cmp(&m),
        }
    }
}

impl PartialOrd for Version {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// A version as its three numbers, a candidate's patch one lower (`1.2.3-rc.1` comes before
/// `1.2.3`): a trait impl of an array, searched as a function of what it takes and called
/// through the trait (`<[u16; 3] as From<Version>>::from(…)`).
#[symtest]
impl From<Version> for [u16; 3] {
    fn from(version: Version) -> [u16; 3] {
        let Version {
            major,
            minor,
            patch,
            candidate,
        } = version;
        match candidate {
            Some(_) if patch > 0 => [major, minor, patch - 1],
            _ => [major, minor, patch],
        }
    }
}

/// An amount of money in cents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Money {
    cents: i64,
}

#[symtest]
impl Money {
    pub fn new(cents: i64) -> Money {
        Money { cents }
    }
}

/// Sums saturate rather than overflow.
#[symtest]
impl Add for Money {
    type Output = Money;

    fn add(self, rhs: Money) -> Money {
        match self.cents.checked_add(rhs.cents) {
            Some(cents) => Money { cents },
            None if rhs.cents > 0 => Money { cents: i64::MAX },
            None => Money { cents: i64::MIN },
        }
    }
}

#[symtest]
impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.cents < 0 { "-" } else { "" };
        let cents = self.cents.unsigned_abs();
        write!(f, "{sign}${}.{:02}", cents / 100, cents % 100)
    }
}

/// A trait of the crate's own: a test calls its methods through it, in every edition
/// (`<Money as Taxed>::with_tax(&money, 20)`).
pub trait Taxed {
    fn with_tax(&self, percent: u8) -> Money;
}

#[symtest]
impl Taxed for Money {
    fn with_tax(&self, percent: u8) -> Money {
        if percent > 100 {
            return *self;
        }
        let tax = self.cents.saturating_mul(i64::from(percent)) / 100;
        Money {
            cents: self.cents.saturating_add(tax),
        }
    }
}

/// An amount as whole units and cents, the cents never negative (`-$1.50` is `(-2, 50)`): a
/// trait impl of a tuple.
#[symtest]
impl From<Money> for (i64, u8) {
    fn from(money: Money) -> (i64, u8) {
        let cents = money.cents.rem_euclid(100) as u8;
        if money.cents < 0 && cents > 0 {
            (money.cents / 100 - 1, cents)
        } else {
            (money.cents / 100, cents)
        }
    }
}

/// The words of a text, a `#` starting a comment to the end of the text.
#[derive(Debug)]
pub struct Words {
    text: String,
    at: usize,
}

#[symtest]
impl From<&str> for Words {
    fn from(text: &str) -> Words {
        Words {
            text: text.to_string(),
            at: 0,
        }
    }
}

#[symtest]
impl Iterator for Words {
    type Item = String;

    fn next(&mut self) -> Option<String> {
        let rest = self.text[self.at..].trim_start_matches(' ');
        self.at = self.text.len() - rest.len();
        if rest.is_empty() || rest.starts_with('#') {
            return None;
        }
        let word: String = rest.chars().take_while(|&c| c != ' ' && c != '#').collect();
        self.at += word.len();
        Some(word)
    }
}

// @generated by `cargo symtest`: regenerated on every run; edit the code, not this module.
#[cfg(test)]
#[symtest(generated)]
mod symtest_tests {
    use super::*;

    // symtest: fn=<(i64, u8) as From<Money>>::from covered=4/4 seed=265799 algorithm=hybrid budget-evals=20000
    #[test]
    fn i64_u8_from_money_returns_minus_1_99() {
        // Covers line 215 `money.cents < 0` true; line 215 `cents > 0` true.
        assert_eq!(<(i64, u8) as From<Money>>::from(Money::new(-1)), (-1, 99));
    }

    #[test]
    fn i64_u8_from_money_returns_0_0() {
        // Covers line 215 `money.cents < 0` false.
        assert_eq!(<(i64, u8) as From<Money>>::from(Money::new(0)), (0, 0));
    }

    #[test]
    fn i64_u8_from_money_returns_minus_5620492334958379() {
        // Covers line 215 `money.cents < 0` true; line 215 `cents > 0` false.
        assert_eq!(
            <(i64, u8) as From<Money>>::from(Money::new(-562049233495837900)),
            (-5620492334958379, 0)
        );
    }

    #[test]
    fn i64_u8_from_money_returns_minus_1_1() {
        // Covers line 215 `money.cents < 0` true; line 215 `cents > 0` true.
        assert_eq!(<(i64, u8) as From<Money>>::from(Money::new(-99)), (-1, 1));
    }

    #[test]
    fn i64_u8_from_money_returns_0_1() {
        // Covers line 215 `money.cents < 0` false.
        assert_eq!(<(i64, u8) as From<Money>>::from(Money::new(1)), (0, 1));
    }

    // symtest: fn=<[u16; 3] as From<Version>>::from covered=4/4 seed=265799 algorithm=hybrid budget-evals=20000
    #[test]
    fn u16_3_from_version_returns_0_0_0() {
        // Covers line 147 `match candidate` Some(_) if patch > 0; line 147 `match candidate` _;
        //     line 148 `patch > 0` false.
        assert_eq!(
            <[u16; 3] as From<Version>>::from(Version {
                major: 0,
                minor: 0,
                patch: 0,
                candidate: Some(0)
            }),
            [0, 0, 0]
        );
    }

    #[test]
    fn u16_3_from_version_returns_0_0_0_2() {
        // Covers line 147 `match candidate` Some(_) if patch > 0; line 148 `patch > 0` true.
        assert_eq!(
            <[u16; 3] as From<Version>>::from(Version {
                major: 0,
                minor: 0,
                patch: 1,
                candidate: Some(0)
            }),
            [0, 0, 0]
        );
    }

    #[test]
    fn u16_3_from_version_returns_0_0_1() {
        // Covers line 147 `match candidate` Some(_) if patch > 0; line 148 `patch > 0` true.
        assert_eq!(
            <[u16; 3] as From<Version>>::from(Version {
                major: 0,
                minor: 0,
                patch: 2,
                candidate: Some(0)
            }),
            [0, 0, 1]
        );
    }

    // symtest: fn=Money covered=9/9 seed=1 algorithm=dynamosa budget-evals=20000
    #[test]
    fn money_add_returns_money_cents_minus() {
        // Covers line 173 `match self.cents.checked_add(rhs.cents)` None if rhs.cents > 0;
        //     line 173 `match self.cents.checked_add(rhs.cents)` None;
        //     line 175 `rhs.cents > 0` false; line 184 `self.cents < 0` true;
        //     line 199 `percent > 100` true; line 199 `percent > 100` false.
        let money = Money::new(-945213198);
        assert_eq!(
            format!("{:?}", <Money as Taxed>::with_tax(&money, 101)),
            "Money { cents: -945213198 }"
        );
        assert_eq!(
            format!("{:?}", <Money as Taxed>::with_tax(&money, 0)),
            "Money { cents: -945213198 }"
        );
        assert_eq!(money.to_string(), "-$9452131.98");
        assert_eq!(
            format!("{:?}", money + Money::new(i64::MIN)),
            "Money { cents: -9223372036854775808 }"
        );
    }

    #[test]
    fn money_add_returns_money_cents() {
        // Covers line 173 `match self.cents.checked_add(rhs.cents)` None if rhs.cents > 0;
        //     line 175 `rhs.cents > 0` true; line 184 `self.cents < 0` false;
        //     line 199 `percent > 100` false.
        let money = Money::new(i64::MAX);
        assert_eq!(
            format!("{:?}", <Money as Taxed>::with_tax(&money, 100)),
            "Money { cents: 9223372036854775807 }"
        );
        assert_eq!(money.to_string(), "$92233720368547758.07");
        assert_eq!(
            format!("{:?}", money + Money::new(1)),
            "Money { cents: 9223372036854775807 }"
        );
    }

    #[test]
    fn money_add_returns_money_cents_0() {
        // Covers line 173 `match self.cents.checked_add(rhs.cents)` Some(cents);
        //     line 184 `self.cents < 0` false; line 199 `percent > 100` true;
        //     line 199 `percent > 100` false.
        let money = Money::new(0);
        assert_eq!(
            format!("{:?}", <Money as Taxed>::with_tax(&money, 101)),
            "Money { cents: 0 }"
        );
        assert_eq!(
            format!("{:?}", <Money as Taxed>::with_tax(&money, 0)),
            "Money { cents: 0 }"
        );
        assert_eq!(money.to_string(), "$0.00");
        assert_eq!(format!("{:?}", money + Money::new(0)), "Money { cents: 0 }");
    }

    #[test]
    fn money_add_returns_money_cents_minus_1() {
        // Covers line 173 `match self.cents.checked_add(rhs.cents)` Some(cents);
        //     line 184 `self.cents < 0` true; line 199 `percent > 100` true.
        let money = Money::new(-1);
        assert_eq!(
            format!("{:?}", <Money as Taxed>::with_tax(&money, 101)),
            "Money { cents: -1 }"
        );
        assert_eq!(money.to_string(), "-$0.01");
        assert_eq!(
            format!("{:?}", money + Money::new(0)),
            "Money { cents: -1 }"
        );
    }

    #[test]
    fn money_with_tax_returns_money_cents_2() {
        // Covers line 199 `percent > 100` false.
        let money = Money::new(1);
        assert_eq!(
            format!("{:?}", <Money as Taxed>::with_tax(&money, 100)),
            "Money { cents: 2 }"
        );
    }

    #[test]
    fn money_with_tax_returns_money_cents_minus_104() {
        // Covers line 199 `percent > 100` false.
        let money = Money::new(-103);
        assert_eq!(
            format!("{:?}", <Money as Taxed>::with_tax(&money, 1)),
            "Money { cents: -104 }"
        );
    }

    // symtest: fn=Version covered=34/34 seed=1 algorithm=dynamosa budget-evals=20000
    #[test]
    fn version_is_stable_returns_false() {
        // Covers line 49 `n == 0` true; line 49 `n == 0` false; line 58 `self.major > 0` true;
        //     line 58 `self.candidate.is_none()` true; line 58 `self.candidate.is_none()` false;
        //     line 70 `c` iterated; line 70 `c` done; line 71 `c == '.'` true; and 13 more.
        let mut version = "5.4.1".parse::<Version>().ok().unwrap();
        assert!(!version.candidate(0));
        assert_eq!(
            version.cmp(&Version {
                major: 1,
                minor: 53208,
                patch: u16::MAX,
                candidate: None
            }),
            std::cmp::Ordering::Greater
        );
        assert_eq!(version.to_string(), "5.4.1");
        assert_eq!(
            version.cmp(&"5.4.9".parse::<Version>().ok().unwrap()),
            std::cmp::Ordering::Less
        );
        assert!(version.is_stable());
        assert!(version.candidate(u8::MAX));
        assert_eq!(version.to_string(), "5.4.1-rc.255");
        assert!(!version.is_stable());
        assert_eq!(version.to_string(), "5.4.1-rc.255");
    }

    #[test]
    fn version_candidate_returns_false() {
        // Covers line 49 `n == 0` true; line 49 `n == 0` false; line 58 `self.major > 0` false;
        //     line 100 `match candidate` Some(n); line 111 `self.major != other.major` true;
        //     line 111 `self.major != other.major` false;
        //     line 114 `self.minor != other.minor` true.
        let mut version = Version {
            major: 0,
            minor: 1,
            patch: 0,
            candidate: Some(0),
        };
        assert_eq!(
            version.cmp(&Version::new(0, 0, 0)),
            std::cmp::Ordering::Greater
        );
        assert_eq!(
            version.cmp(&Version::new(1, 40573, 0)),
            std::cmp::Ordering::Less
        );
        assert_eq!(version.to_string(), "0.1.0-rc.0");
        assert!(version.candidate(120));
        assert!(!version.is_stable());
        assert!(!version.candidate(0));
        assert!(!version.is_stable());
        assert_eq!(version.to_string(), "0.1.0-rc.120");
    }

    #[test]
    fn version_returns_err_char() {
        // Covers line 70 `c` iterated; line 71 `c == '.'` true; line 71 `digits > 0` false;
        //     line 74 `Some(digit)` not matched.
        assert!(".".parse::<Version>().is_err());
    }

    #[test]
    fn version_to_string_returns_5_4_1() {
        // Covers line 49 `n == 0` true; line 58 `self.major > 0` true;
        //     line 58 `self.candidate.is_none()` true; line 70 `c` iterated; line 70 `c` done;
        //     line 71 `c == '.'` true; line 71 `c == '.'` false; line 71 `digits > 0` true;
        //     and 11 more.
        let mut version = "5.4.1".parse::<Version>().ok().unwrap();
        assert_eq!(
            version.cmp(&Version {
                major: 28,
                minor: 92,
                patch: u16::MAX,
                candidate: Some(27)
            }),
            std::cmp::Ordering::Less
        );
        assert!(!version.candidate(0));
        assert!(version.is_stable());
        assert_eq!(
            version.cmp(&"5.4.1".parse::<Version>().ok().unwrap()),
            std::cmp::Ordering::Equal
        );
        assert_eq!(version.to_string(), "5.4.1");
        assert!(version.is_stable());
        assert_eq!(version.to_string(), "5.4.1");
    }

    #[test]
    fn version_returns_err_number() {
        // Covers line 70 `c` iterated; line 71 `c == '.'` false; line 74 `Some(digit)` matched;
        //     line 75 `digits == 4` true; line 75 `digits == 4` false.
        assert!("99997".parse::<Version>().is_err());
    }

    #[test]
    fn version_returns_err_parts() {
        // Covers line 70 `c` iterated; line 70 `c` done; line 71 `c == '.'` true;
        //     line 71 `c == '.'` false; line 71 `digits > 0` true; line 71 `part < 2` true;
        //     line 74 `Some(digit)` matched; line 75 `digits == 4` false; and 1 more.
        assert!("9.".parse::<Version>().is_err());
    }

    #[test]
    fn version_returns_err_parts_2() {
        // Covers line 70 `c` iterated; line 70 `c` done; line 71 `c == '.'` true;
        //     line 71 `c == '.'` false; line 71 `digits > 0` true; line 71 `part < 2` true;
        //     line 74 `Some(digit)` matched; line 75 `digits == 4` false; and 2 more.
        assert!("9.9.".parse::<Version>().is_err());
    }

    #[test]
    fn version_returns_err_char_2() {
        // Covers line 70 `c` iterated; line 71 `c == '.'` true; line 71 `c == '.'` false;
        //     line 71 `digits > 0` true; line 71 `part < 2` true; line 71 `part < 2` false;
        //     line 74 `Some(digit)` matched; line 74 `Some(digit)` not matched; and 1 more.
        assert!("9.9.9.".parse::<Version>().is_err());
    }

    #[test]
    fn version_is_stable_returns_false_2() {
        // Covers line 49 `n == 0` false; line 58 `self.major > 0` true;
        //     line 58 `self.candidate.is_none()` false; line 100 `match candidate` Some(n);
        //     line 111 `self.major != other.major` true.
        let mut version = Version {
            major: 1,
            minor: 0,
            patch: 0,
            candidate: Some(0),
        };
        assert_eq!(version.to_string(), "1.0.0-rc.0");
        assert_eq!(
            version.cmp(&Version {
                major: 44584,
                minor: 64537,
                patch: 98,
                candidate: None
            }),
            std::cmp::Ordering::Less
        );
        assert!(version.candidate(26));
        assert!(!version.is_stable());
        assert_eq!(version.to_string(), "1.0.0-rc.26");
    }

    #[test]
    fn version_candidate_returns_true() {
        // Covers line 49 `n == 0` false; line 100 `match candidate` Some(n).
        let mut version = Version {
            major: 0,
            minor: 0,
            patch: 0,
            candidate: Some(0),
        };
        assert_eq!(version.to_string(), "0.0.0-rc.0");
        assert!(version.candidate(1));
        assert!(!version.is_stable());
        assert_eq!(version.to_string(), "0.0.0-rc.1");
    }

    #[test]
    fn version_returns_err_char_3() {
        // Covers line 70 `c` iterated; line 71 `c == '.'` false; line 74 `Some(digit)` matched;
        //     line 74 `Some(digit)` not matched; line 75 `digits == 4` false.
        assert!("9/".parse::<Version>().is_err());
    }

    #[test]
    fn version_to_string_returns_59_83_35_rc() {
        // Covers line 49 `n == 0` false; line 58 `self.major > 0` true;
        //     line 58 `self.candidate.is_none()` true; line 58 `self.candidate.is_none()` false;
        //     line 100 `match candidate` Some(n); line 100 `match candidate` None;
        //     line 111 `self.major != other.major` true;
        //     line 111 `self.major != other.major` false; and 3 more.
        let mut version = Version::new(59, 83, 35);
        assert_eq!(version.to_string(), "59.83.35");
        assert!(version.is_stable());
        assert!(version.candidate(159));
        assert!(!version.is_stable());
        assert_eq!(
            version.cmp(&Version {
                major: 15160,
                minor: 10,
                patch: 38431,
                candidate: None
            }),
            std::cmp::Ordering::Less
        );
        assert_eq!(
            version.cmp(&Version {
                major: 59,
                minor: 83,
                patch: 35,
                candidate: Some(23)
            }),
            std::cmp::Ordering::Greater
        );
        assert_eq!(version.to_string(), "59.83.35-rc.159");
        assert!(!version.is_stable());
        assert_eq!(version.to_string(), "59.83.35-rc.159");
    }

    #[test]
    fn version_to_string_returns_5_4_1_rc() {
        // Covers line 49 `n == 0` false; line 58 `self.major > 0` true;
        //     line 58 `self.candidate.is_none()` false; line 70 `c` iterated; line 70 `c` done;
        //     line 71 `c == '.'` true; line 71 `c == '.'` false; line 71 `digits > 0` true;
        //     and 12 more.
        let mut version = "5.4.1".parse::<Version>().ok().unwrap();
        assert_eq!(version.to_string(), "5.4.1");
        assert_eq!(
            version.cmp(&Version {
                major: 28,
                minor: 8,
                patch: u16::MAX,
                candidate: Some(1)
            }),
            std::cmp::Ordering::Less
        );
        assert!(version.candidate(227));
        assert!(!version.is_stable());
        assert_eq!(
            version.cmp(&"5.4.1".parse::<Version>().ok().unwrap()),
            std::cmp::Ordering::Less
        );
        assert_eq!(version.to_string(), "5.4.1-rc.227");
        assert!(!version.is_stable());
        assert_eq!(version.to_string(), "5.4.1-rc.227");
    }

    #[test]
    fn version_to_string_returns_28_92_65534_rc() {
        // Covers line 58 `self.major > 0` true; line 58 `self.candidate.is_none()` false;
        //     line 100 `match candidate` Some(n); line 111 `self.major != other.major` true;
        //     line 111 `self.major != other.major` false;
        //     line 114 `self.minor != other.minor` false;
        //     line 117 `self.patch != other.patch` true.
        let version = Version {
            major: 28,
            minor: 92,
            patch: 65534,
            candidate: Some(0),
        };
        assert!(!version.is_stable());
        assert_eq!(
            version.cmp(&Version {
                major: 28,
                minor: 92,
                patch: u16::MAX,
                candidate: Some(27)
            }),
            std::cmp::Ordering::Less
        );
        assert_eq!(
            version.cmp(&"5.4.1".parse::<Version>().ok().unwrap()),
            std::cmp::Ordering::Greater
        );
        assert_eq!(version.to_string(), "28.92.65534-rc.0");
        assert!(!version.is_stable());
        assert_eq!(version.to_string(), "28.92.65534-rc.0");
    }

    #[test]
    fn version_to_string_returns_28_92_65535() {
        // Covers line 58 `self.major > 0` true; line 58 `self.candidate.is_none()` true;
        //     line 100 `match candidate` None; line 111 `self.major != other.major` true;
        //     line 111 `self.major != other.major` false;
        //     line 114 `self.minor != other.minor` false;
        //     line 117 `self.patch != other.patch` false;
        //     line 120 `match(self.candidate, other.candidate)` (None, Some(_)).
        let version = Version {
            major: 28,
            minor: 92,
            patch: u16::MAX,
            candidate: None,
        };
        assert!(version.is_stable());
        assert_eq!(
            version.cmp(&Version {
                major: 28,
                minor: 92,
                patch: u16::MAX,
                candidate: Some(27)
            }),
            std::cmp::Ordering::Greater
        );
        assert_eq!(
            version.cmp(&"5.4.1".parse::<Version>().ok().unwrap()),
            std::cmp::Ordering::Greater
        );
        assert_eq!(version.to_string(), "28.92.65535");
        assert!(version.is_stable());
        assert_eq!(version.to_string(), "28.92.65535");
    }

    #[test]
    fn version_returns_err_parts_3() {
        // Covers line 70 `c` iterated; line 70 `c` done; line 71 `c == '.'` false;
        //     line 74 `Some(digit)` matched; line 75 `digits == 4` false; line 84 `part < 2` true.
        assert!("9".parse::<Version>().is_err());
    }

    #[test]
    fn version_new_returns() {
        // Covers no branches.
        let version = Version::new(0, 0, 0);
        assert!(!version.is_stable());
        assert_eq!(version.to_string(), "0.0.0");
    }

    #[test]
    fn version_new_returns_2() {
        // Covers no branches.
        let version = Version::new(1, 0, 0);
        assert!(version.is_stable());
        assert_eq!(version.to_string(), "1.0.0");
    }

    #[test]
    fn version_returns_err_parts_4() {
        // Covers line 70 `c` iterated; line 70 `c` done; line 71 `c == '.'` false;
        //     line 74 `Some(digit)` matched; line 75 `digits == 4` false; line 84 `part < 2` true.
        assert!("9999".parse::<Version>().is_err());
    }

    #[test]
    fn version_returns_err_parts_5() {
        // Covers line 70 `c` iterated; line 70 `c` done; line 71 `c == '.'` true;
        //     line 71 `c == '.'` false; line 71 `digits > 0` true; line 71 `part < 2` true;
        //     line 74 `Some(digit)` matched; line 75 `digits == 4` false; and 1 more.
        assert!("9.9".parse::<Version>().is_err());
    }

    #[test]
    fn version_returns_err_char_4() {
        // Covers line 70 `c` iterated; line 71 `c == '.'` false; line 74 `Some(digit)` matched;
        //     line 74 `Some(digit)` not matched; line 75 `digits == 4` false.
        assert!("9-".parse::<Version>().is_err());
    }

    // symtest: fn=Words covered=8/8 seed=1 algorithm=dynamosa budget-evals=20000
    #[test]
    fn words_next_returns_none() {
        // Covers line 247 `rest.is_empty()` false; line 247 `rest.starts_with('#')` true;
        //     line 247 `rest.starts_with('#')` false; line 250 `c != ' '` true;
        //     line 250 `c != '#'` true; line 250 `c != '#'` false.
        let mut words = Words::from("!#");
        assert_eq!(words.next(), Some(String::from("!")));
        assert_eq!(words.next(), None);
    }

    #[test]
    fn words_next_returns_none_2() {
        // Covers line 247 `rest.is_empty()` true; line 247 `rest.is_empty()` false;
        //     line 247 `rest.starts_with('#')` false; line 250 `c != ' '` true;
        //     line 250 `c != ' '` false; line 250 `c != '#'` true.
        let mut words = Words::from("a ");
        assert_eq!(words.next(), Some(String::from("a")));
        assert_eq!(words.next(), None);
    }

    #[test]
    fn words_next_returns_none_3() {
        // Covers line 247 `rest.is_empty()` true; line 247 `rest.is_empty()` false;
        //     line 247 `rest.starts_with('#')` false; line 250 `c != ' '` true;
        //     line 250 `c != '#'` true.
        let mut words = Words::from("\"");
        assert_eq!(words.next(), Some(String::from("\"")));
        assert_eq!(words.next(), None);
    }

    #[test]
    fn words_next_returns_some_u_1f() {
        // Covers line 247 `rest.is_empty()` false; line 247 `rest.starts_with('#')` false;
        //     line 250 `c != ' '` true; line 250 `c != '#'` true.
        let mut words = Words::from("\u{1f}");
        assert_eq!(words.next(), Some(String::from("\u{1f}")));
    }
}
// @end generated by `cargo symtest`
