//! `std::fmt`: the formatting `Error`, a unit struct, as itself; no genes. It stands for
//! `E: Error` (`impl<E: Error> Error for Wrapper<E>`).

use crate::genes::{Input, Shape, Value};

/// `std::fmt::Error`: nothing to vary.
impl Input for std::fmt::Error {
    fn shape() -> Shape {
        Shape::Tuple(vec![])
    }
    fn decode(_: &Value) -> Self {
        std::fmt::Error
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_error_is_the_unit_struct() {
        let shape = std::fmt::Error::shape();
        assert_eq!(std::fmt::Error::decode(&shape.zero()), std::fmt::Error);
    }
}
