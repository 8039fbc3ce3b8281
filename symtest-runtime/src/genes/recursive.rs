//! Types that hold themselves: a linked list's `next: Option<Box<Link<T>>>`, a tree's
//! `children: Vec<Tree>`, an expression enum's `Add(Box<Expr>, Box<Expr>)`. Their genes cover a
//! bounded number of levels of the type inside itself, [`NESTING`]: below that, the type's
//! shape is [`Shape::Never`], and what holds it stops there. An `Option` of it is always
//! `None`, a `Vec` or set or map of it is empty, an enum takes only the variants before the
//! first one that would hold it (so the simplest variant, first, is its leaf), and a struct
//! that holds it directly is `Never` too, up to the next of those.
//!
//! A sequence whose items hold the type they are in (a tree's children) is also kept short,
//! [`NESTED_MAX_LEN`] items, so a value stays in the hundreds of genes rather than the
//! millions. The types are told apart by `type_name`, which only needs to tell the levels of
//! one type from another's here.

use std::cell::{Cell, RefCell};

use super::Shape;

/// How many levels of a type a value of it holds at most: a list of 4 links, a binary tree 4
/// deep (up to 15 nodes), a binomial tree of order 3.
pub const NESTING: usize = 4;

/// Longest sequence of items that hold the type the sequence is in.
pub const NESTED_MAX_LEN: usize = 4;

thread_local! {
    /// The types whose shapes are being computed, outermost first.
    static OPEN: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };
    /// Whether a type met itself while the innermost [`watching`] ran.
    static RECURRED: Cell<bool> = const { Cell::new(false) };
}

/// The shape of `T`, which `shape` computes; [`Shape::Never`] when [`NESTING`] levels of `T`
/// are already open around this one. `#[symtest]` wraps every struct's and enum's shape in it.
pub fn nested<T: ?Sized>(shape: impl FnOnce() -> Shape) -> Shape {
    let name = std::any::type_name::<T>();
    let open = OPEN.with(|open| open.borrow().iter().filter(|&&n| n == name).count());
    if open > 0 {
        RECURRED.with(|recurred| recurred.set(true));
    }
    if open >= NESTING {
        return Shape::Never;
    }
    struct Close;
    impl Drop for Close {
        fn drop(&mut self) {
            OPEN.with(|open| open.borrow_mut().pop());
        }
    }
    OPEN.with(|open| open.borrow_mut().push(name));
    let _close = Close;
    shape()
}

/// `shape()`, and whether a type met itself inside it (which the enclosing [`watching`] sees
/// too).
fn watching(shape: impl FnOnce() -> Shape) -> (Shape, bool) {
    let outer = RECURRED.with(|recurred| recurred.replace(false));
    let shape = shape();
    let recurred = RECURRED.with(Cell::get);
    RECURRED.with(|flag| flag.set(outer || recurred));
    (shape, recurred)
}

/// The shape of a struct's or variant's fields: their tuple, or `Never` if one is.
pub fn fields(shapes: Vec<Shape>) -> Shape {
    match shapes.contains(&Shape::Never) {
        true => Shape::Never,
        false => Shape::Tuple(shapes),
    }
}

/// The shape of an enum whose variants' fields are `variants`: its tag and their tuples. Where
/// a variant is `Never`, the tag stops before it, and the enum is `Never` if the first is.
pub fn variants(variants: Vec<Shape>) -> Shape {
    let count = match variants.iter().position(|shape| *shape == Shape::Never) {
        Some(0) => return Shape::Never,
        Some(buildable) => buildable,
        None => variants.len(),
    };
    let mut shape = vec![Shape::Tag(count as u32)];
    shape.extend(variants);
    Shape::Tuple(shape)
}

/// The shape of an `Option` of `payload`: always `None` where the payload is `Never`, as a
/// tag with one value in the place of the presence gene (the genes are laid out the same).
pub fn optional(payload: Shape) -> Shape {
    match payload {
        Shape::Never => Shape::Tuple(vec![Shape::Tag(1), Shape::Never]),
        payload => Shape::Option(Box::new(payload)),
    }
}

/// The shape of a sequence of `item`s, at most `max_len` long: empty where an item is
/// `Never`, and at most [`NESTED_MAX_LEN`] long where an item holds the type being shaped.
pub fn sequence(item: impl FnOnce() -> Shape, max_len: usize) -> Shape {
    let (item, recurred) = watching(item);
    let max_len = match (&item, recurred) {
        (Shape::Never, _) => 0,
        (_, true) => max_len.min(NESTED_MAX_LEN),
        (_, false) => max_len,
    };
    Shape::Seq {
        item: Box::new(item),
        max_len,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genes::{Input, IntKind};

    /// `struct Link { value: u8, next: Option<Box<Link>> }`, as `#[symtest]` writes it.
    struct Link;
    impl Input for Link {
        fn shape() -> Shape {
            nested::<Self>(|| fields(vec![u8::shape(), <Option<Box<Link>>>::shape()]))
        }
        fn decode(_: &crate::genes::Value) -> Self {
            Link
        }
    }

    /// `enum Expr { Num(u8), Neg(Box<Expr>), Pair(Vec<Expr>) }`.
    struct Expr;
    impl Input for Expr {
        fn shape() -> Shape {
            nested::<Self>(|| {
                variants(vec![
                    fields(vec![u8::shape()]),
                    fields(vec![<Box<Expr>>::shape()]),
                    fields(vec![<Vec<Expr>>::shape()]),
                ])
            })
        }
        fn decode(_: &crate::genes::Value) -> Self {
            Expr
        }
    }

    /// How many levels of `Some` a link's shape has.
    fn links(shape: &Shape) -> usize {
        match shape {
            Shape::Tuple(fields) => match &fields[1] {
                Shape::Option(next) => 1 + links(next),
                Shape::Tuple(never) => {
                    assert_eq!(never, &[Shape::Tag(1), Shape::Never]);
                    1
                }
                other => panic!("{other:?}"),
            },
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_list_holds_nesting_links_and_the_last_next_is_none() {
        assert_eq!(links(&Link::shape()), NESTING);
        // The levels are counted afresh for each value.
        assert_eq!(links(&Link::shape()), NESTING);
        let Shape::Option(link) = <Option<Link>>::shape() else {
            panic!()
        };
        assert_eq!(links(&link), NESTING);
    }

    #[test]
    fn an_enum_stops_at_its_leaves_and_nested_sequences_are_short() {
        let Shape::Tuple(outer) = Expr::shape() else {
            panic!()
        };
        assert_eq!(outer[0], Shape::Tag(3));
        let Shape::Tuple(pair) = &outer[3] else {
            panic!()
        };
        let Shape::Seq { max_len, .. } = &pair[0] else {
            panic!()
        };
        assert_eq!(*max_len, NESTED_MAX_LEN);
        // Follow `Neg` down to the level where only `Num` is left.
        let mut shape = Expr::shape();
        let mut depth = 1;
        loop {
            let Shape::Tuple(parts) = shape else { panic!() };
            match (&parts[0], &parts[2]) {
                (Shape::Tag(3), Shape::Tuple(neg)) => shape = neg[0].clone(),
                (Shape::Tag(1), neg) => {
                    assert_eq!(neg, &Shape::Never);
                    break;
                }
                other => panic!("{other:?}"),
            }
            depth += 1;
        }
        assert_eq!(depth, NESTING);
        // A plain sequence keeps its length.
        let Shape::Seq { max_len, .. } = <Vec<u8>>::shape() else {
            panic!()
        };
        assert_eq!(max_len, crate::genes::DEFAULT_MAX_LEN);
        let _ = IntKind::U8;
    }

    /// `struct Pairs { next: Option<(u8, Box<Pairs>)> }`: the tuple is `Never` where its box is.
    struct Pairs;
    impl Input for Pairs {
        fn shape() -> Shape {
            nested::<Self>(|| fields(vec![<Option<(u8, Box<Pairs>)>>::shape()]))
        }
        fn decode(_: &crate::genes::Value) -> Self {
            Pairs
        }
    }

    #[test]
    fn a_tuple_that_holds_the_last_level_ends_there_too() {
        let mut shape = Pairs::shape();
        let mut depth = 1;
        loop {
            let Shape::Tuple(fields) = shape else {
                panic!()
            };
            match &fields[0] {
                Shape::Option(pair) => {
                    let Shape::Tuple(pair) = &**pair else {
                        panic!()
                    };
                    shape = pair[1].clone();
                    depth += 1;
                }
                ended => {
                    assert_eq!(ended, &Shape::Tuple(vec![Shape::Tag(1), Shape::Never]));
                    break;
                }
            }
        }
        assert_eq!(depth, NESTING);
    }

    #[test]
    fn an_enum_whose_first_variant_holds_it_is_never_at_the_last_level() {
        assert_eq!(variants(vec![Shape::Never, Shape::Bool]), Shape::Never);
        assert_eq!(fields(vec![Shape::Bool, Shape::Never]), Shape::Never);
    }
}
