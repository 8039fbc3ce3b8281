//! `split_once` and `parse::<integer>()` on strings: their values, how far a string is from
//! parsing, and the strings the solver writes to meet a goal on either.

use std::rc::Rc;

use crate::genes::IntKind;
use crate::record::distance::{self, CharClass, Distances, K};
use crate::record::expr::{Env, Expr, Fault, Method, Ty, Val, int_kind, int_max, int_min};

/// `s.split_once(pattern)` (or `rsplit_once`): the half `method` names, absent where `s`
/// does not contain the pattern.
pub(super) fn split_half(method: Method, s: &str, pattern: &Val) -> Result<Val, Fault> {
    let pattern = pattern_text(pattern).ok_or(Fault::Panic)?;
    let halves = match method {
        Method::SplitOnceBefore | Method::SplitOnceAfter => s.split_once(&*pattern),
        _ => s.rsplit_once(&*pattern),
    };
    let (before, after) = halves.ok_or(Fault::Absent)?;
    let half = match method {
        Method::SplitOnceBefore | Method::RsplitOnceBefore => before,
        _ => after,
    };
    Ok(Val::Str(half.into()))
}

/// A `Str` or `Char` pattern as text.
pub(super) fn pattern_text(pattern: &Val) -> Option<String> {
    match pattern {
        Val::Str(p) => Some(p.to_string()),
        Val::Char(c) => Some(c.to_string()),
        _ => None,
    }
}

/// The string whose `method` half (see [`split_half`]) is `goal`, keeping the other half of
/// `current` (empty where `current` has no pattern); `None` where no string can: the half
/// that must not contain the pattern (before the first occurrence, after the last) does.
pub(super) fn split_whole(
    method: Method,
    current: Option<&str>,
    pattern: &Val,
    goal: &str,
) -> Option<String> {
    let pattern = pattern_text(pattern)?;
    if pattern.is_empty() {
        return None;
    }
    let halves = current.and_then(|s| match method {
        Method::SplitOnceBefore | Method::SplitOnceAfter => s.split_once(&*pattern),
        _ => s.rsplit_once(&*pattern),
    });
    let (before, after) = halves.unwrap_or(("", ""));
    let (before, after) = match method {
        Method::SplitOnceBefore | Method::RsplitOnceBefore => (goal, after),
        _ => (before, goal),
    };
    // `split_once` splits at the first occurrence, so none may be before it; `rsplit_once`
    // at the last, so none after.
    let clean = match method {
        Method::SplitOnceBefore | Method::SplitOnceAfter => !before.contains(&*pattern),
        _ => !after.contains(&*pattern),
    };
    clean.then(|| format!("{before}{pattern}{after}"))
}

/// The string `e` has on `env`, if it evaluates to one.
pub(super) fn current(e: &Expr, env: &Env) -> Option<Rc<str>> {
    match e.eval(env) {
        Ok(Val::Str(s)) => Some(s),
        _ => None,
    }
}

/// `s.parse::<T>()` for the integer type `ty` (`AnyInt`: as `i128`), absent where Rust
/// returns `Err`.
pub(super) fn parse_int(s: &str, ty: Ty) -> Result<Val, Fault> {
    let kind = match ty {
        Ty::AnyInt => IntKind::I128,
        ty => int_kind(ty).ok_or(Fault::Panic)?,
    };
    let parsed = match kind {
        IntKind::U128 => s.parse::<u128>().ok().map(|v| v as i128),
        // Unsigned types take a `+` sign, not a `-` (`"-0"` is an error for `u32`).
        _ if !kind.signed() && s.starts_with('-') => None,
        _ => s.parse::<i128>().ok(),
    };
    parsed
        .filter(|&v| kind.bits() == 128 || (int_min(kind)..=int_max(kind)).contains(&v))
        .map(Val::Int)
        .ok_or(Fault::Absent)
}

/// Distances of `s.parse::<T>().is_ok()`: a string that parses is K from one that does not
/// (one char added); one that does not is as far as its chars are from digits (K for an empty
/// string or a lone sign), plus K per digit beyond what the type holds.
pub(super) fn parse_presence(s: &str, ty: Ty) -> Distances {
    if parse_int(s, ty).is_ok() {
        return Distances::taken(true, K);
    }
    let signed = int_kind(ty).is_none_or(IntKind::signed);
    let body = match s.strip_prefix('+') {
        Some(body) => body,
        None if signed => s.strip_prefix('-').unwrap_or(s),
        None => s,
    };
    if body.is_empty() {
        return Distances::taken(false, K);
    }
    let digit = CharClass::Digit(10);
    let wrong: f64 = body
        .chars()
        .map(|c| distance::char_class(c, digit).to_true)
        .fold(0.0, distance::and);
    // All digits, yet no value of the type: too many of them.
    let excess = match wrong {
        0.0 => K * body.len().saturating_sub(max_digits(ty)).max(1) as f64,
        _ => 0.0,
    };
    Distances::taken(false, distance::and(wrong, excess))
}

/// The most decimal digits every value of that many digits of `ty` can have and parse.
fn max_digits(ty: Ty) -> usize {
    let max = int_kind(ty).map_or(i128::MAX, int_max);
    max.to_string().len() - 1
}

/// The number nearest to `s` to write where it must parse: its non-digits made `0` (a sign
/// dropped), `"0"` for nothing, cut to what the type holds.
pub(super) fn as_number(s: Option<&str>, ty: Ty) -> String {
    let digits: String = s
        .unwrap_or("")
        .chars()
        .map(|c| if c.is_ascii_digit() { c } else { '0' })
        .take(max_digits(ty).max(1))
        .collect();
    if digits.is_empty() {
        "0".to_string()
    } else {
        digits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const U8: Ty = Ty::Int(IntKind::U8);
    const I32: Ty = Ty::Int(IntKind::I32);

    #[test]
    fn halves_of_split_once_and_rsplit_once() {
        let half = |m, s| split_half(m, s, &Val::Char('.'));
        let text = |s: &str| Ok(Val::Str(s.into()));
        assert_eq!(half(Method::SplitOnceBefore, "1.2.3"), text("1"));
        assert_eq!(half(Method::SplitOnceAfter, "1.2.3"), text("2.3"));
        assert_eq!(half(Method::RsplitOnceBefore, "1.2.3"), text("1.2"));
        assert_eq!(half(Method::RsplitOnceAfter, "1.2.3"), text("3"));
        assert_eq!(half(Method::SplitOnceAfter, "123"), Err(Fault::Absent));
        let arrow = split_half(Method::SplitOnceAfter, "a=>b", &Val::Str("=>".into()));
        assert_eq!(arrow, text("b"));
    }

    #[test]
    fn the_whole_string_of_a_half_keeps_the_other_half() {
        let dot = Val::Char('.');
        let whole = |m, current, goal| split_whole(m, current, &dot, goal);
        assert_eq!(
            whole(Method::SplitOnceBefore, Some("x.2"), "1"),
            Some("1.2".into())
        );
        assert_eq!(
            whole(Method::SplitOnceAfter, Some("1.x.y"), "7"),
            Some("1.7".into())
        );
        assert_eq!(
            whole(Method::SplitOnceAfter, Some("12"), "3"),
            Some(".3".into())
        );
        assert_eq!(whole(Method::SplitOnceBefore, None, "4"), Some("4.".into()));
        // The first half of `split_once` cannot hold the pattern, nor the last of `rsplit_once`.
        assert_eq!(whole(Method::SplitOnceBefore, Some("a.b"), "1.2"), None);
        assert_eq!(whole(Method::RsplitOnceAfter, Some("a.b"), "1.2"), None);
        assert_eq!(
            whole(Method::RsplitOnceBefore, Some("a.b"), "1.2"),
            Some("1.2.b".into())
        );
        for (method, goal) in [
            (Method::SplitOnceBefore, "1"),
            (Method::SplitOnceAfter, "2.3"),
            (Method::RsplitOnceBefore, "1.2"),
            (Method::RsplitOnceAfter, "3"),
        ] {
            let whole = whole(method, Some("x.y.z"), goal).unwrap();
            assert_eq!(split_half(method, &whole, &dot), Ok(Val::Str(goal.into())));
        }
    }

    #[test]
    fn integers_parse_as_rust_parses_them() {
        assert_eq!(parse_int("255", U8), Ok(Val::Int(255)));
        assert_eq!(parse_int("+7", U8), Ok(Val::Int(7)));
        assert_eq!(parse_int("256", U8), Err(Fault::Absent));
        assert_eq!(parse_int("-0", U8), Err(Fault::Absent));
        assert_eq!(parse_int("-12", I32), Ok(Val::Int(-12)));
        assert_eq!(parse_int("", I32), Err(Fault::Absent));
        assert_eq!(parse_int("1_000", I32), Err(Fault::Absent));
        assert_eq!(parse_int(" 1", I32), Err(Fault::Absent));
        let big = u128::MAX.to_string();
        let u128_ty = Ty::Int(IntKind::U128);
        assert_eq!(parse_int(&big, u128_ty), Ok(Val::Int(u128::MAX as i128)));
        assert_eq!(parse_int("-5", Ty::AnyInt), Ok(Val::Int(-5)));
        for (text, ty) in [("12", U8), ("-12", U8), ("300", U8), ("x", I32), ("", I32)] {
            let rust = match ty {
                U8 => text.parse::<u8>().is_ok(),
                _ => text.parse::<i32>().is_ok(),
            };
            assert_eq!(parse_int(text, ty).is_ok(), rust, "{text:?}");
        }
    }

    #[test]
    fn a_string_is_as_far_from_parsing_as_its_chars_are_from_digits() {
        let to_parse = |s| parse_presence(s, U8).to_true;
        assert_eq!(to_parse("12"), 0.0);
        assert_eq!(parse_presence("12", U8).to_false, K);
        assert_eq!(to_parse(""), K);
        assert_eq!(to_parse("+"), K);
        // ':' is one code point above '9', 'a' further.
        assert!(to_parse("1:") < to_parse("1a"));
        assert!(to_parse("1a") < to_parse("aa"));
        // `-` is no sign for `u8`: a char to change.
        assert!(to_parse("-1") > 0.0);
        assert_eq!(parse_presence("-1", I32).to_true, 0.0);
        // Digits, too many of them.
        assert_eq!(to_parse("999"), K);
        assert!(to_parse("99999") > to_parse("999"));
    }

    #[test]
    fn the_nearest_number_keeps_the_digits() {
        assert_eq!(as_number(Some("1a2"), I32), "102");
        assert_eq!(as_number(Some(""), I32), "0");
        assert_eq!(as_number(None, U8), "0");
        assert_eq!(as_number(Some("-5"), U8), "05");
        assert_eq!(as_number(Some("12345"), U8), "12");
        assert!(parse_int(&as_number(Some("9999"), U8), U8).is_ok());
    }
}
