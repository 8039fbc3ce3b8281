//! Triangles: the classic test-generation subject.

use symtest_runtime::symtest;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Triangle {
    Invalid,
    Equilateral,
    Isosceles,
    Scalene,
}

/// Classifies a triangle by its side lengths.
#[symtest]
pub fn classify(a: u32, b: u32, c: u32) -> Triangle {
    if a == 0 || b == 0 || c == 0 {
        return Triangle::Invalid;
    }
    let (a, b, c) = (u64::from(a), u64::from(b), u64::from(c));
    if a + b <= c || a + c <= b || b + c <= a {
        return Triangle::Invalid;
    }
    if a == b && b == c {
        Triangle::Equilateral
    } else if a == b || b == c || a == c {
        Triangle::Isosceles
    } else {
        Triangle::Scalene
    }
}

/// Perimeter of a valid triangle, or `None`; overflow is handled, not panicked on.
#[symtest]
pub fn perimeter(a: u32, b: u32, c: u32) -> Option<u32> {
    if classify(a, b, c) == Triangle::Invalid {
        return None;
    }
    let ab = a.checked_add(b)?;
    ab.checked_add(c)
}
