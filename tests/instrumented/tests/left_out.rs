//! Items that runs of `cargo symtest --auto` on published crates left out, because symtest's
//! instrumentation of them did not compile: each as its crate wrote it (names changed), with
//! what it computes checked on the instrumented build.

use symtest_runtime::genes::Value;
use symtest_runtime::record::recorder;

/// A `const fn` with a `const fn` nested in its body (csscolorparser's `lab_to_xyz`): the
/// nested function's operators got hooks, which no const context can call (E0015).
mod nested_const {
    #[symtest_runtime::symtest]
    pub const fn scaled(t: f32) -> f32 {
        const fn cube(t: f32) -> f32 {
            if t > 0.5 { t * t * t } else { (t - 0.25) * 4.0 }
        }
        cube(t) * 2.0
    }
}

#[test]
fn a_const_fn_nested_in_a_const_fn_stays_const() {
    const HIGH: f32 = nested_const::scaled(1.0);
    assert_eq!(HIGH, 2.0);
    assert_eq!(nested_const::scaled(0.5), 2.0);
}

/// A worker generic over a closure whose bound names the function's lifetime (`F: Fn(&'a T)
/// -> U`, diff's `do_diff`), instrumented for the functions that call it.
mod lifetime_closure {
    #[symtest_runtime::symtest]
    pub fn same<'a, T, F, U>(left: &'a [T], right: &'a [T], mapper: F) -> Vec<U>
    where
        T: PartialEq,
        F: Fn(&'a T) -> U,
    {
        let mut found = Vec::new();
        for (l, r) in left.iter().zip(right) {
            if l == r {
                found.push(mapper(l));
            }
        }
        found
    }

    #[symtest_runtime::symtest]
    pub fn chars(left: &str, right: &str) -> Vec<char> {
        same(
            &left.chars().collect::<Vec<_>>(),
            &right.chars().collect::<Vec<_>>(),
            |c| *c,
        )
    }
}

#[test]
fn a_closure_bound_naming_the_functions_lifetime_is_instrumented() {
    assert_eq!(lifetime_closure::chars("abc", "abd"), ['a', 'b']);
}

/// Arithmetic on a value whose type is inferred only after the operation (fraction's
/// `TryFrom<GenericFraction<T>> for BigInt`: `if … { v * -1 } else { v }`, where `v` comes from a function generic
/// over its result and the literal's type is open too). The hook's dispatch took the operands
/// for numbers of one type before the compiler knew they were not (E0277). Its full
/// instrumentation still does not compile: `--auto` asks for the reduced one, which does.
mod inferred_operand {
    use std::ops::Mul;

    #[derive(Debug, Clone, Copy, PartialEq)]
    pub struct Big(pub i64);

    impl Mul for Big {
        type Output = Big;
        fn mul(self, other: Big) -> Big {
            Big(self.0 * other.0)
        }
    }

    impl Mul<i32> for Big {
        type Output = Big;
        fn mul(self, other: i32) -> Big {
            Big(self.0 * i64::from(other))
        }
    }

    impl Mul<i64> for Big {
        type Output = Big;
        fn mul(self, other: i64) -> Big {
            Big(self.0 * other)
        }
    }

    pub trait Whole: Sized + Mul<Output = Self> {
        fn of(value: i64) -> Self;
    }

    impl Whole for Big {
        fn of(value: i64) -> Big {
            Big(value)
        }
    }

    pub fn read<T: Whole>(value: i64) -> Option<T> {
        (value != 0).then(|| T::of(value))
    }

    #[symtest_runtime::symtest(reduced)]
    pub fn negated(value: i64) -> Result<Big, ()> {
        if let Some(v) = read(value) {
            let result = if value < 0 { v * -1 } else { v };
            Ok(result)
        } else {
            Err(())
        }
    }
}

#[test]
fn arithmetic_on_a_value_whose_type_is_inferred_later_compiles() {
    assert_eq!(inferred_operand::negated(4), Ok(inferred_operand::Big(4)));
    assert_eq!(inferred_operand::negated(-4), Ok(inferred_operand::Big(4)));
    assert_eq!(inferred_operand::negated(0), Err(()));
    // Still searched: a run records the decisions it took.
    let subject = inferred_operand::__symtest_subject_negated();
    let value = Value::List(vec![Value::Int(0)]);
    let (_, trace) = recorder::record(subject.meta, 10_000, || (subject.exec)(&value, true));
    assert!(trace.covered().count() > 0, "no decision recorded");
}

/// A struct that ends in a slice (ascii's `AsciiStr { slice: [AsciiChar] }`), with a trait
/// impl and an inherent block: their code was generated as for a type sequences can hold
/// (E0277, `the size for values of type [AsciiChar] cannot be known`), a hundred blocks of
/// it, more than `--auto`'s rebuilds could leave out. They are taken as `str`'s blocks are.
mod unsized_struct {
    // No value of them can be made without `unsafe`: only their building is tested.
    #![allow(dead_code)]

    #[symtest_runtime::symtest]
    pub struct Text {
        bytes: [u8],
    }

    #[symtest_runtime::symtest]
    impl AsRef<[u8]> for Text {
        fn as_ref(&self) -> &[u8] {
            &self.bytes
        }
    }

    #[symtest_runtime::symtest]
    impl Text {
        pub fn starts_upper(&self) -> bool {
            match self.bytes.first() {
                Some(first) => first.is_ascii_uppercase(),
                None => false,
            }
        }
    }

    /// Ends in a `Text`: unsized too.
    #[symtest_runtime::symtest]
    pub struct Line {
        pub number: u32,
        pub text: Text,
    }

    #[symtest_runtime::symtest]
    impl Line {
        pub fn is_first(&self) -> bool {
            self.number == 1
        }
    }
}

#[test]
fn blocks_of_a_struct_that_ends_in_a_slice_compile() {
    use std::mem::size_of;
    // A reference to either is a fat pointer: the types are unsized, as the blocks take them.
    assert_eq!(size_of::<&unsized_struct::Text>(), 2 * size_of::<usize>());
    assert_eq!(size_of::<&unsized_struct::Line>(), 2 * size_of::<usize>());
}

/// A returned tail expression with an attribute (ascii's `AsciiChar::new`: `#[allow(clippy::
/// indexing_slicing)] ALL[ch as usize]`): the hook moved it into a `let`, where attributes on
/// expressions are unstable (E0658).
mod attributed_tail {
    #[symtest_runtime::symtest]
    pub fn pick(i: usize) -> u8 {
        const ALL: [u8; 4] = [1, 2, 3, 4];
        #[allow(clippy::indexing_slicing)]
        ALL[i % 4]
    }
}

#[test]
fn a_returned_expression_with_an_attribute_is_instrumented() {
    assert_eq!(attributed_tail::pick(5), 2);
}
