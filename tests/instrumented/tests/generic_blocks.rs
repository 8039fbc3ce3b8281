//! Blocks generic over types, searched with the types symtest chooses for their parameters,
//! compiled with instrumentation on.

/// A block whose `where` clause bounds a reference to its parameter (fraction's `impl<'a, T>
/// Add for &'a GenericDecimal<T> where &'a T: Add<Output = T>`): searched with `T = u8`, for
/// which the table knows `&u8: Add<Output = u8>` (it was skipped).
mod reference_bounds {
    use std::ops::{Add, Mul};

    #[derive(Debug, Clone, PartialEq)]
    #[symtest_runtime::symtest]
    pub struct Pair<T> {
        pub a: T,
        pub b: T,
    }

    #[symtest_runtime::symtest]
    impl<'a, T: Clone + PartialOrd + From<u8> + 'a> Pair<T>
    where
        &'a T: Add<Output = T> + Mul<&'a T, Output = T>,
    {
        pub fn sum_or_square(&'a self) -> T {
            if self.a > self.b {
                &self.a + &self.b
            } else {
                &self.b * &self.b
            }
        }
    }
}

#[test]
fn a_block_bounding_a_reference_to_its_parameter_is_searched() {
    let pair = reference_bounds::Pair { a: 5u64, b: 2 };
    assert_eq!(pair.sum_or_square(), 7);
    let pair = reference_bounds::Pair { a: 1u64, b: 3 };
    assert_eq!(pair.sum_or_square(), 9);
    // Searched with a type chosen for `T`: the block has a search entry.
    let subject = reference_bounds::__symtest_subject_Pair();
    let types = subject.generic.map(|generic| generic.types);
    assert_eq!(types, Some("T = u8"), "skipped: {:?}", subject.skipped);
}
