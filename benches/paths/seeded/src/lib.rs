//! Functions whose seeded bugs show on one combination of paths only. `SEEDED_BUG=k` in the
//! environment switches bug `k` on; the functions call [`seeded`] without branching on it, so
//! the bugs add no branch and no path. `benches/paths/run.sh` generates tests with the bugs off
//! and counts the bugs each suite catches when they are on.

use symtest_runtime::symtest;

/// 1 when bug `k` is switched on, else 0.
fn seeded(k: u32) -> u32 {
    u32::from(std::env::var("SEEDED_BUG").is_ok_and(|bug| bug == k.to_string()))
}

/// Shipping fee. Bug 1: express sets the wrong factor, which only abroad shipping reads.
#[symtest]
pub fn fee(weight: u32, express: bool, abroad: bool) -> u32 {
    let mut fee = 5;
    let mut factor = 1;
    if express {
        fee += 10;
        factor = 2 + seeded(1);
    }
    if abroad {
        fee += 4 * factor;
    }
    fee + weight / 10
}

/// A total split between the parties left. Bug 2: one party too few to begin with, which
/// divides by zero only when both others leave.
#[symtest]
pub fn share(total: u32, first_leaves: bool, second_leaves: bool) -> u32 {
    let mut parties = 3 - seeded(2);
    if first_leaves {
        parties -= 1;
    }
    if second_leaves {
        parties -= 1;
    }
    total / parties
}

/// The sum of a bill, with a tip of its last item. Bug 3: the last item of an empty bill is
/// not zero, which only a tip on an empty bill shows.
#[symtest]
pub fn bill(items: Vec<u16>, tip: bool) -> u32 {
    let mut sum = 0u32;
    let mut last = 7 * seeded(3);
    for item in &items {
        sum += u32::from(*item);
        last = u32::from(*item);
    }
    if tip {
        sum += last;
    }
    sum
}

/// A grade from points, with a curve and a penalty. Bug 4: the curve adds one point too many,
/// which the penalty's halving hides unless the curve is applied to an odd score without it.
#[symtest]
pub fn grade(points: u8, curved: bool, late: bool) -> u8 {
    let mut score = points / 2;
    if curved {
        score = score.saturating_add(5 + 2 * seeded(4) as u8);
    }
    if late {
        score = score / 4 * 2;
    }
    score
}
