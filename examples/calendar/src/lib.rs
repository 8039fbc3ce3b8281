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

/// Whether a UTC timestamp's fields name a real second. Second 60 exists only as a leap
/// second, at 23:59:60 on June 30 or December 31, in the years leap seconds were inserted.
#[symtest]
pub fn is_valid_utc(year: i32, month: u32, day: u32, hour: u32, minute: u32, second: u32) -> bool {
    let Ok(length) = days_in_month(year, month) else {
        return false;
    };
    if day == 0 || day > length || hour > 23 || minute > 59 {
        return false;
    }
    if second < 60 {
        return true;
    }
    second == 60
        && hour == 23
        && minute == 59
        && (month == 6 && day == 30 || month == 12 && day == 31)
        && (1972..=2016).contains(&year)
}
