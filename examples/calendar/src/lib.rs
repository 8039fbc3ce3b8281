//! Calendar rules: leap years, month lengths and validated day-of-year arithmetic.

use symtest_runtime::symtest;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DateError {
    Month(u32),
    Day(u32),
    Year(i32),
}

/// Gregorian leap years: every fourth year, except centuries, except every fourth century.
#[symtest]
pub fn is_leap(year: i32) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

/// Number of days in `month` (1–12) of `year`.
#[symtest]
pub fn days_in_month(year: i32, month: u32) -> Result<u32, DateError> {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => Ok(31),
        4 | 6 | 9 | 11 => Ok(30),
        2 if is_leap(year) => Ok(29),
        2 => Ok(28),
        _ => Err(DateError::Month(month)),
    }
}

/// Day of the year (1-based) of a date in the proleptic Gregorian calendar from year 1.
#[symtest]
pub fn day_of_year(year: i32, month: u32, day: u32) -> Result<u32, DateError> {
    if !(1..=9999).contains(&year) {
        return Err(DateError::Year(year));
    }
    let length = days_in_month(year, month)?;
    if day == 0 || day > length {
        return Err(DateError::Day(day));
    }
    let mut total = day;
    for earlier in 1..month {
        total += days_in_month(year, earlier)?;
    }
    Ok(total)
}
