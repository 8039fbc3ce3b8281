//! Structs and enums as parameters: `#[symtest]` on a type definition lets the search generate
//! its values, and the generated tests write them as Rust expressions. The standard library's
//! types need no attribute: maps, sets, deques, results, 128-bit integers and `&mut` borrows
//! of them (`ship`, `transfer`).

use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};

use symtest_runtime::symtest;

/// An edit applied to a running value.
#[symtest]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Add(i32),
    Scale { factor: i32 },
    Clamp { low: i32, high: i32 },
    Reset,
}

/// `value` after `op`, or `None` when the edit makes no sense or overflows.
#[symtest]
pub fn apply(op: Op, value: i32) -> Option<i32> {
    match op {
        Op::Add(amount) => value.checked_add(amount),
        Op::Scale { factor } => {
            if factor == 0 {
                return None;
            }
            value.checked_mul(factor)
        }
        Op::Clamp { low, high } => {
            if low > high {
                None
            } else {
                Some(value.clamp(low, high))
            }
        }
        Op::Reset => Some(0),
    }
}

/// A point of the plane.
#[symtest]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Point {
    pub x: i32,
    pub y: i32,
}

/// Where a point lies.
#[symtest]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quadrant {
    Origin,
    Axis,
    First,
    Second,
    Third,
    Fourth,
}

/// The quadrant of `p`; points on an axis are on no quadrant.
#[symtest]
pub fn quadrant(p: Point) -> Quadrant {
    if p.x == 0 && p.y == 0 {
        Quadrant::Origin
    } else if p.x == 0 || p.y == 0 {
        Quadrant::Axis
    } else if p.x > 0 {
        if p.y > 0 {
            Quadrant::First
        } else {
            Quadrant::Fourth
        }
    } else if p.y > 0 {
        Quadrant::Second
    } else {
        Quadrant::Third
    }
}

// An impl block without `#[symtest]`: its associated functions carry the attribute
// themselves and are searched as functions.
impl Point {
    /// The midpoint of `a` and `b`, when it lies on the grid (both sums even).
    #[symtest]
    pub fn midpoint(a: Self, b: Point) -> Option<Self> {
        let x = i64::from(a.x) + i64::from(b.x);
        let y = i64::from(a.y) + i64::from(b.y);
        if x % 2 != 0 || y % 2 != 0 {
            return None;
        }
        Some(Point {
            x: (x / 2) as i32,
            y: (y / 2) as i32,
        })
    }
}

/// A visitor's badge: the check code is the printer's hash of the id.
#[symtest]
#[derive(Clone, Debug, PartialEq)]
pub struct Badge {
    pub id: u32,
    pub check: u32,
}

/// The id of a genuine badge: one whose check code matches its id. Symbolic execution solves
/// the hash, since the fields of a parameter are input variables.
#[symtest]
pub fn genuine(badge: &Badge) -> Option<u32> {
    if badge.id.wrapping_mul(0x9e37_79b1) ^ 0x5bd1_e995 == badge.check {
        return Some(badge.id);
    }
    None
}

/// How urgent a reading is.
#[symtest]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Low,
    Normal,
    High,
}

/// One sensor reading.
#[symtest]
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    pub sensor: u8,
    pub value: u16,
    pub level: Level,
    pub note: Option<String>,
}

/// The alarm a reading raises: only sensor 7's high readings above 900 page anyone.
#[symtest]
pub fn alert(reading: &Reading) -> Option<String> {
    if reading.level != Level::High {
        return None;
    }
    if reading.sensor == 7 && reading.value > 900 {
        let note = reading.note.as_deref().unwrap_or("no note");
        Some(format!("page: sensor 7 at {} ({note})", reading.value))
    } else {
        Some(String::from("log"))
    }
}

/// A shape on a grid.
#[symtest]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Circle { r: u32 },
    Rect { w: u32, h: u32 },
    Dot,
}

/// Whether `shape` is a square tile: a rectangle with equal sides of at least 64.
#[symtest]
pub fn is_tile(shape: Shape) -> bool {
    match shape {
        Shape::Rect { w, h } if w == h && w >= 64 => true,
        Shape::Rect { .. } | Shape::Circle { .. } | Shape::Dot => false,
    }
}

/// A rectangle of the given sides; a dot when either is zero.
impl From<(u32, u32)> for Shape {
    #[symtest]
    fn from((w, h): (u32, u32)) -> Shape {
        if w == 0 || h == 0 {
            Shape::Dot
        } else {
            Shape::Rect { w, h }
        }
    }
}

/// Ships `order` (item → quantity) from `stock`, unless it asks for a `held` item: what ships
/// leaves `stock`, and items short of stock join the end of the `backlog`, which keeps the
/// latest three. Returns the units shipped, or the first held item ordered.
#[symtest]
pub fn ship(
    stock: &mut BTreeMap<u8, u32>,
    order: &HashMap<u8, u32>,
    held: &HashSet<u8>,
    backlog: &mut VecDeque<u8>,
) -> Result<u64, u8> {
    let mut items: Vec<(u8, u32)> = order
        .iter()
        .map(|(&item, &wanted)| (item, wanted))
        .collect();
    items.sort_unstable();
    if let Some(&(item, _)) = items.iter().find(|(item, _)| held.contains(item)) {
        return Err(item);
    }
    let mut shipped = 0;
    for (item, wanted) in items {
        let available = stock.get(&item).copied().unwrap_or(0);
        if available >= wanted {
            stock.insert(item, available - wanted);
            shipped += u64::from(wanted);
        } else if !backlog.contains(&item) {
            backlog.push_back(item);
        }
    }
    if backlog.len() > 3 {
        backlog.pop_front();
    }
    Ok(shipped)
}

/// The units a transfer of `amount` moves, given the `previous` transfer's outcome: none for a
/// negative amount or one above `limit`, none for a repeat of the previous amount, and after a
/// failure only when the failure said to retry. One transfer moves at most `u64::MAX` units.
#[symtest]
pub fn transfer(amount: i128, limit: u128, previous: Result<u64, String>) -> Option<u128> {
    let units = u128::try_from(amount).ok()?;
    if units > limit {
        return None;
    }
    if units > u128::from(u64::MAX) {
        return Some(u128::from(u64::MAX));
    }
    match previous {
        Ok(last) if u128::from(last) == units => None,
        Ok(_) => Some(units),
        Err(reason) if reason.starts_with("retry") => Some(units),
        Err(_) => None,
    }
}

// @generated by `cargo symtest`: regenerated on every run; edit the code, not this module.
#[cfg(test)]
#[symtest(generated)]
mod symtest_tests {
    use super::*;

    // symtest: fn=Point::midpoint covered=4/4 seed=238370 algorithm=hybrid budget-evals=20000
    #[test]
    fn point_midpoint_returns_some_point_x_0() {
        // Covers line 90 `x % 2 != 0` false; line 90 `y % 2 != 0` false.
        assert_eq!(
            Point::midpoint(Point { x: 0, y: 0 }, Point { x: 0, y: 0 }),
            Some(Point { x: 0, y: 0 })
        );
    }

    #[test]
    fn point_midpoint_returns_none() {
        // Covers line 90 `x % 2 != 0` true.
        assert_eq!(
            Point::midpoint(Point { x: -1, y: 0 }, Point { x: 0, y: 0 }),
            None
        );
    }

    #[test]
    fn point_midpoint_returns_none_2() {
        // Covers line 90 `x % 2 != 0` false; line 90 `y % 2 != 0` true.
        assert_eq!(
            Point::midpoint(Point { x: 0, y: -1 }, Point { x: 0, y: 0 }),
            None
        );
    }

    #[test]
    fn point_midpoint_returns_some_point_x_minus() {
        // Covers line 90 `x % 2 != 0` false; line 90 `y % 2 != 0` false.
        assert_eq!(
            Point::midpoint(Point { x: -2, y: 0 }, Point { x: 0, y: 0 }),
            Some(Point { x: -1, y: 0 })
        );
    }

    #[test]
    fn point_midpoint_returns_some_point_x_0_2() {
        // Covers line 90 `x % 2 != 0` false; line 90 `y % 2 != 0` false.
        assert_eq!(
            Point::midpoint(Point { x: 0, y: -2 }, Point { x: 0, y: 0 }),
            Some(Point { x: 0, y: -1 })
        );
    }

    #[test]
    fn point_midpoint_returns_some_point_x_147105775() {
        // Covers line 90 `x % 2 != 0` false; line 90 `y % 2 != 0` false.
        assert_eq!(
            Point::midpoint(
                Point {
                    x: 0,
                    y: -1073741795
                },
                Point {
                    x: 294211550,
                    y: -1
                }
            ),
            Some(Point {
                x: 147105775,
                y: -536870898
            })
        );
    }

    #[test]
    fn point_midpoint_returns_none_3() {
        // Covers line 90 `x % 2 != 0` false; line 90 `y % 2 != 0` true.
        assert_eq!(
            Point::midpoint(Point { x: 0, y: 1 }, Point { x: 0, y: 0 }),
            None
        );
    }

    #[test]
    fn point_midpoint_returns_none_4() {
        // Covers line 90 `x % 2 != 0` true.
        assert_eq!(
            Point::midpoint(Point { x: 1, y: 0 }, Point { x: 0, y: 0 }),
            None
        );
    }

    // symtest: fn=Shape::from covered=4/4 seed=238370 algorithm=hybrid budget-evals=20000
    #[test]
    fn shape_from_returns_rect_w_1_h() {
        // Covers line 173 `w == 0` false; line 173 `h == 0` false.
        assert_eq!(Shape::from((1, 1)), Shape::Rect { w: 1, h: 1 });
    }

    #[test]
    fn shape_from_returns_dot() {
        // Covers line 173 `w == 0` true.
        assert_eq!(Shape::from((0, 0)), Shape::Dot);
    }

    #[test]
    fn shape_from_returns_dot_2() {
        // Covers line 173 `w == 0` false; line 173 `h == 0` true.
        assert_eq!(Shape::from((1, 0)), Shape::Dot);
    }

    #[test]
    fn shape_from_returns_dot_3() {
        // Covers line 173 `w == 0` true.
        assert_eq!(Shape::from((0, 1)), Shape::Dot);
    }

    // symtest: fn=alert covered=6/6 seed=986267 algorithm=hybrid budget-evals=20000
    #[test]
    fn alert_returns_some_page_sensor_7() {
        // Covers line 140 `reading.level != Level::High` false;
        //     line 143 `reading.sensor == 7` true; line 143 `reading.value > 900` true.
        assert_eq!(
            alert(&Reading {
                sensor: 7,
                value: 901,
                level: Level::High,
                note: None
            }),
            Some(String::from("page: sensor 7 at 901 (no note)"))
        );
    }

    #[test]
    fn alert_returns_none() {
        // Covers line 140 `reading.level != Level::High` true.
        assert_eq!(
            alert(&Reading {
                sensor: 0,
                value: 0,
                level: Level::Low,
                note: None
            }),
            None
        );
    }

    #[test]
    fn alert_returns_some_log() {
        // Covers line 140 `reading.level != Level::High` false;
        //     line 143 `reading.sensor == 7` false.
        assert_eq!(
            alert(&Reading {
                sensor: 8,
                value: 0,
                level: Level::High,
                note: None
            }),
            Some(String::from("log"))
        );
    }

    #[test]
    fn alert_returns_some_log_2() {
        // Covers line 140 `reading.level != Level::High` false;
        //     line 143 `reading.sensor == 7` true; line 143 `reading.value > 900` false.
        assert_eq!(
            alert(&Reading {
                sensor: 7,
                value: 900,
                level: Level::High,
                note: None
            }),
            Some(String::from("log"))
        );
    }

    #[test]
    fn alert_returns_some_log_3() {
        // Covers line 140 `reading.level != Level::High` false;
        //     line 143 `reading.sensor == 7` true; line 143 `reading.value > 900` false.
        assert_eq!(
            alert(&Reading {
                sensor: 7,
                value: 0,
                level: Level::High,
                note: None
            }),
            Some(String::from("log"))
        );
    }

    #[test]
    fn alert_returns_some_log_4() {
        // Covers line 140 `reading.level != Level::High` false;
        //     line 143 `reading.sensor == 7` false.
        assert_eq!(
            alert(&Reading {
                sensor: 0,
                value: 901,
                level: Level::High,
                note: None
            }),
            Some(String::from("log"))
        );
    }

    #[test]
    fn alert_returns_some_log_5() {
        // Covers line 140 `reading.level != Level::High` false;
        //     line 143 `reading.sensor == 7` false.
        assert_eq!(
            alert(&Reading {
                sensor: 8,
                value: 901,
                level: Level::High,
                note: None
            }),
            Some(String::from("log"))
        );
    }

    // symtest: fn=apply covered=8/8 seed=986267 algorithm=hybrid budget-evals=20000
    #[test]
    fn apply_returns_none() {
        // Covers line 23 `match op` Op::Scale { factor }; line 26 `factor == 0` true.
        assert_eq!(apply(Op::Scale { factor: 0 }, 0), None);
    }

    #[test]
    fn apply_returns_some_0() {
        // Covers line 23 `match op` Op::Clamp { low, high }; line 32 `low > high` false.
        assert_eq!(apply(Op::Clamp { low: 0, high: 0 }, 0), Some(0));
    }

    #[test]
    fn apply_returns_some_0_2() {
        // Covers line 23 `match op` Op::Scale { factor }; line 26 `factor == 0` false.
        assert_eq!(apply(Op::Scale { factor: 1 }, 0), Some(0));
    }

    #[test]
    fn apply_returns_none_2() {
        // Covers line 23 `match op` Op::Clamp { low, high }; line 32 `low > high` true.
        assert_eq!(apply(Op::Clamp { low: 1, high: 0 }, 0), None);
    }

    #[test]
    fn apply_returns_some_0_3() {
        // Covers line 23 `match op` Op::Add(amount).
        assert_eq!(apply(Op::Add(0), 0), Some(0));
    }

    #[test]
    fn apply_returns_some_0_4() {
        // Covers line 23 `match op` Op::Reset.
        assert_eq!(apply(Op::Reset, 0), Some(0));
    }

    #[test]
    fn apply_returns_some_0_5() {
        // Covers line 23 `match op` Op::Clamp { low, high }; line 32 `low > high` false.
        assert_eq!(apply(Op::Clamp { low: -1, high: 0 }, 0), Some(0));
    }

    #[test]
    fn apply_returns_some_0_6() {
        // Covers line 23 `match op` Op::Scale { factor }; line 26 `factor == 0` false.
        assert_eq!(apply(Op::Scale { factor: -1 }, 0), Some(0));
    }

    // symtest: fn=genuine covered=2/2 seed=968425 algorithm=hybrid budget-evals=20000
    #[test]
    fn genuine_returns_some_0() {
        // Covers line 112 `badge.id.wrapping_mul(0x9e37_79b1) ^...` true.
        assert_eq!(
            genuine(&Badge {
                id: 0,
                check: 1540483477
            }),
            Some(0)
        );
    }

    #[test]
    fn genuine_returns_none() {
        // Covers line 112 `badge.id.wrapping_mul(0x9e37_79b1) ^...` false.
        assert_eq!(
            genuine(&Badge {
                id: 0,
                check: 1540483478
            }),
            None
        );
    }

    #[test]
    fn genuine_returns_none_2() {
        // Covers line 112 `badge.id.wrapping_mul(0x9e37_79b1) ^...` false.
        assert_eq!(genuine(&Badge { id: 0, check: 0 }), None);
    }

    // symtest: fn=is_tile covered=6/6 seed=986267 algorithm=hybrid budget-evals=20000
    #[test]
    fn is_tile_returns_false() {
        // Covers line 163 `match shape` Shape::Rect { w, h } if w == h && w >...;
        //     line 163 `match shape` Shape::Rect { .. } | Shape::Circle {...;
        //     line 164 `w == h` true; line 164 `w >= 64` false.
        assert!(!is_tile(Shape::Rect { w: 63, h: 63 }));
    }

    #[test]
    fn is_tile_returns_true() {
        // Covers line 163 `match shape` Shape::Rect { w, h } if w == h && w >...;
        //     line 164 `w == h` true; line 164 `w >= 64` true.
        assert!(is_tile(Shape::Rect { w: 64, h: 64 }));
    }

    #[test]
    fn is_tile_returns_false_2() {
        // Covers line 163 `match shape` Shape::Rect { w, h } if w == h && w >...;
        //     line 163 `match shape` Shape::Rect { .. } | Shape::Circle {...;
        //     line 164 `w == h` false.
        assert!(!is_tile(Shape::Rect { w: 1, h: 0 }));
    }

    #[test]
    fn is_tile_returns_true_2() {
        // Covers line 163 `match shape` Shape::Rect { w, h } if w == h && w >...;
        //     line 164 `w == h` true; line 164 `w >= 64` true.
        assert!(is_tile(Shape::Rect { w: 65, h: 65 }));
    }

    #[test]
    fn is_tile_returns_false_3() {
        // Covers line 163 `match shape` Shape::Rect { w, h } if w == h && w >...;
        //     line 163 `match shape` Shape::Rect { .. } | Shape::Circle {...;
        //     line 164 `w == h` false.
        assert!(!is_tile(Shape::Rect { w: 64, h: 0 }));
    }

    #[test]
    fn is_tile_returns_false_4() {
        // Covers line 163 `match shape` Shape::Rect { w, h } if w == h && w >...;
        //     line 163 `match shape` Shape::Rect { .. } | Shape::Circle {...;
        //     line 164 `w == h` false.
        assert!(!is_tile(Shape::Rect { w: 64, h: 65 }));
    }

    // symtest: fn=quadrant covered=14/14 seed=986267 algorithm=hybrid budget-evals=20000
    #[test]
    fn quadrant_returns_first() {
        // Covers line 65 `p.x == 0` false; line 67 `p.x == 0` false; line 67 `p.y == 0` false;
        //     line 69 `p.x > 0` true; line 70 `p.y > 0` true.
        assert_eq!(quadrant(Point { x: 1, y: 1 }), Quadrant::First);
    }

    #[test]
    fn quadrant_returns_axis() {
        // Covers line 65 `p.x == 0` true; line 65 `p.y == 0` false; line 67 `p.x == 0` true.
        assert_eq!(quadrant(Point { x: 0, y: 1 }), Quadrant::Axis);
    }

    #[test]
    fn quadrant_returns_second() {
        // Covers line 65 `p.x == 0` false; line 67 `p.x == 0` false; line 67 `p.y == 0` false;
        //     line 69 `p.x > 0` false; line 75 `p.y > 0` true.
        assert_eq!(quadrant(Point { x: -1, y: 1 }), Quadrant::Second);
    }

    #[test]
    fn quadrant_returns_origin() {
        // Covers line 65 `p.x == 0` true; line 65 `p.y == 0` true.
        assert_eq!(quadrant(Point { x: 0, y: 0 }), Quadrant::Origin);
    }

    #[test]
    fn quadrant_returns_axis_2() {
        // Covers line 65 `p.x == 0` false; line 67 `p.x == 0` false; line 67 `p.y == 0` true.
        assert_eq!(quadrant(Point { x: 1, y: 0 }), Quadrant::Axis);
    }

    #[test]
    fn quadrant_returns_fourth() {
        // Covers line 65 `p.x == 0` false; line 67 `p.x == 0` false; line 67 `p.y == 0` false;
        //     line 69 `p.x > 0` true; line 70 `p.y > 0` false.
        assert_eq!(quadrant(Point { x: 1, y: -1 }), Quadrant::Fourth);
    }

    #[test]
    fn quadrant_returns_third() {
        // Covers line 65 `p.x == 0` false; line 67 `p.x == 0` false; line 67 `p.y == 0` false;
        //     line 69 `p.x > 0` false; line 75 `p.y > 0` false.
        assert_eq!(quadrant(Point { x: -1, y: -1 }), Quadrant::Third);
    }

    #[test]
    fn quadrant_returns_axis_3() {
        // Covers line 65 `p.x == 0` false; line 67 `p.x == 0` false; line 67 `p.y == 0` true.
        assert_eq!(quadrant(Point { x: -1, y: 0 }), Quadrant::Axis);
    }

    #[test]
    fn quadrant_returns_axis_4() {
        // Covers line 65 `p.x == 0` true; line 65 `p.y == 0` false; line 67 `p.x == 0` true.
        assert_eq!(quadrant(Point { x: 0, y: -1 }), Quadrant::Axis);
    }

    // symtest: fn=ship covered=10/10 seed=648576 algorithm=hybrid budget-evals=20000
    #[test]
    fn ship_returns_ok_0() {
        // Covers line 196 `Some(&(item, _))` not matched; line 200 `(item, wanted)` iterated;
        //     line 200 `(item, wanted)` done; line 202 `available >= wanted` true;
        //     line 202 `available >= wanted` false; line 205 `backlog.contains(&item)` false;
        //     line 209 `backlog.len() > 3` true.
        assert_eq!(
            ship(
                &mut std::collections::BTreeMap::new(),
                &std::collections::HashMap::from([(0, 1828), (1, 1), (2, 1), (3, 0)]),
                &std::collections::HashSet::new(),
                &mut std::collections::VecDeque::from([19])
            ),
            Ok(0)
        );
    }

    #[test]
    fn ship_returns_err_0() {
        // Covers line 196 `Some(&(item, _))` matched.
        assert_eq!(
            ship(
                &mut std::collections::BTreeMap::new(),
                &std::collections::HashMap::from([(0, 0)]),
                &std::collections::HashSet::from([0]),
                &mut std::collections::VecDeque::new()
            ),
            Err(0)
        );
    }

    #[test]
    fn ship_returns_ok_0_2() {
        // Covers line 196 `Some(&(item, _))` not matched; line 200 `(item, wanted)` iterated;
        //     line 200 `(item, wanted)` done; line 202 `available >= wanted` true;
        //     line 202 `available >= wanted` false; line 205 `backlog.contains(&item)` false;
        //     line 209 `backlog.len() > 3` false.
        assert_eq!(
            ship(
                &mut std::collections::BTreeMap::new(),
                &std::collections::HashMap::from([(0, 0), (1, 1), (2, 1)]),
                &std::collections::HashSet::new(),
                &mut std::collections::VecDeque::from([0])
            ),
            Ok(0)
        );
    }

    #[test]
    fn ship_returns_ok_0_3() {
        // Covers line 196 `Some(&(item, _))` not matched; line 200 `(item, wanted)` iterated;
        //     line 200 `(item, wanted)` done; line 202 `available >= wanted` false;
        //     line 205 `backlog.contains(&item)` true; line 205 `backlog.contains(&item)` false;
        //     line 209 `backlog.len() > 3` true.
        assert_eq!(
            ship(
                &mut std::collections::BTreeMap::new(),
                &std::collections::HashMap::from([(0, 3), (1, 531249018), (2, 1), (3, 1)]),
                &std::collections::HashSet::new(),
                &mut std::collections::VecDeque::from([0])
            ),
            Ok(0)
        );
    }

    #[test]
    fn ship_returns_ok_0_4() {
        // Covers line 196 `Some(&(item, _))` not matched; line 200 `(item, wanted)` iterated;
        //     line 200 `(item, wanted)` done; line 202 `available >= wanted` false;
        //     line 205 `backlog.contains(&item)` false; line 209 `backlog.len() > 3` true.
        assert_eq!(
            ship(
                &mut std::collections::BTreeMap::new(),
                &std::collections::HashMap::from([(1, 1), (2, 1)]),
                &std::collections::HashSet::new(),
                &mut std::collections::VecDeque::from([0, 0])
            ),
            Ok(0)
        );
    }

    #[test]
    fn ship_returns_ok_1() {
        // Covers line 196 `Some(&(item, _))` not matched; line 200 `(item, wanted)` iterated;
        //     line 200 `(item, wanted)` done; line 202 `available >= wanted` true;
        //     line 209 `backlog.len() > 3` false.
        assert_eq!(
            ship(
                &mut std::collections::BTreeMap::from([(0, 2)]),
                &std::collections::HashMap::from([(0, 1)]),
                &std::collections::HashSet::new(),
                &mut std::collections::VecDeque::new()
            ),
            Ok(1)
        );
    }

    #[test]
    fn ship_returns_ok_2() {
        // Covers line 196 `Some(&(item, _))` not matched; line 200 `(item, wanted)` iterated;
        //     line 200 `(item, wanted)` done; line 202 `available >= wanted` true;
        //     line 209 `backlog.len() > 3` false.
        assert_eq!(
            ship(
                &mut std::collections::BTreeMap::from([(177, 3374663773)]),
                &std::collections::HashMap::from([(177, 2)]),
                &std::collections::HashSet::new(),
                &mut std::collections::VecDeque::new()
            ),
            Ok(2)
        );
    }

    #[test]
    fn ship_returns_ok_831997505() {
        // Covers line 196 `Some(&(item, _))` not matched; line 200 `(item, wanted)` iterated;
        //     line 200 `(item, wanted)` done; line 202 `available >= wanted` true;
        //     line 209 `backlog.len() > 3` false.
        assert_eq!(
            ship(
                &mut std::collections::BTreeMap::from([(0, 3840707225)]),
                &std::collections::HashMap::from([(0, 831997505)]),
                &std::collections::HashSet::new(),
                &mut std::collections::VecDeque::new()
            ),
            Ok(831997505)
        );
    }

    // symtest: fn=transfer covered=14/14 seed=648576 algorithm=hybrid budget-evals=20000
    #[test]
    fn transfer_returns_some_0() {
        // Covers line 220 `u128::try_from(amount).ok()?` continued; line 221 `units > limit` false;
        //     line 224 `units > u128::from(u64::MAX)` false;
        //     line 227 `match previous` Ok(last) if u128::from(last) == units;
        //     line 227 `match previous` Ok(_); line 228 `u128::from(last) == units` false.
        assert_eq!(transfer(0, 0, Ok(1)), Some(0));
    }

    #[test]
    fn transfer_returns_none() {
        // Covers line 220 `u128::try_from(amount).ok()?` continued; line 221 `units > limit` false;
        //     line 224 `units > u128::from(u64::MAX)` false;
        //     line 227 `match previous` Err(reason) if reason.starts_with("re...;
        //     line 227 `match previous` Err(_); line 230 `reason.starts_with("retry")` false.
        assert_eq!(transfer(0, 0, Err(String::from(""))), None);
    }

    #[test]
    fn transfer_returns_none_2() {
        // Covers line 220 `u128::try_from(amount).ok()?` continued; line 221 `units > limit` false;
        //     line 224 `units > u128::from(u64::MAX)` false;
        //     line 227 `match previous` Ok(last) if u128::from(last) == units;
        //     line 228 `u128::from(last) == units` true.
        assert_eq!(transfer(0, 0, Ok(0)), None);
    }

    #[test]
    fn transfer_returns_none_3() {
        // Covers line 220 `u128::try_from(amount).ok()?` continued; line 221 `units > limit` true.
        assert_eq!(transfer(1, 0, Ok(0)), None);
    }

    #[test]
    fn transfer_returns_none_4() {
        // Covers line 220 `u128::try_from(amount).ok()?` returned early.
        assert_eq!(transfer(-1, 0, Ok(0)), None);
    }

    #[test]
    fn transfer_returns_some_65() {
        // Covers line 220 `u128::try_from(amount).ok()?` continued; line 221 `units > limit` false;
        //     line 224 `units > u128::from(u64::MAX)` false;
        //     line 227 `match previous` Err(reason) if reason.starts_with("re...;
        //     line 230 `reason.starts_with("retry")` true.
        assert_eq!(transfer(65, 65, Err(String::from("retry"))), Some(65));
    }

    #[test]
    fn transfer_returns_some_18446744073709551615() {
        // Covers line 220 `u128::try_from(amount).ok()?` continued; line 221 `units > limit` false;
        //     line 224 `units > u128::from(u64::MAX)` true.
        assert_eq!(
            transfer(30977603114027279451, 68979642616607205799, Ok(0)),
            Some(18446744073709551615)
        );
    }

    #[test]
    fn transfer_returns_some_1() {
        // Covers line 220 `u128::try_from(amount).ok()?` continued; line 221 `units > limit` false;
        //     line 224 `units > u128::from(u64::MAX)` false;
        //     line 227 `match previous` Ok(last) if u128::from(last) == units;
        //     line 227 `match previous` Ok(_); line 228 `u128::from(last) == units` false.
        assert_eq!(transfer(1, 1, Ok(0)), Some(1));
    }
}
// @end generated by `cargo symtest`
