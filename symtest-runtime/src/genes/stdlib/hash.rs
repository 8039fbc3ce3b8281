//! `std::hash`: a `DefaultHasher` as a new one, the state every hash starts from; no genes.
//! It stands for `H: Hasher` (`fn hash<H: Hasher>(&self, state: &mut H)`).

use std::collections::hash_map::DefaultHasher;

use crate::genes::{Input, Shape, Value};

/// `DefaultHasher::new()`: nothing to vary.
impl Input for DefaultHasher {
    fn shape() -> Shape {
        Shape::Tuple(vec![])
    }
    fn decode(_: &Value) -> Self {
        DefaultHasher::new()
    }
}

#[cfg(test)]
mod tests {
    use std::hash::Hasher;

    use super::*;

    #[test]
    fn a_hasher_is_a_new_one() {
        let hasher = DefaultHasher::decode(&DefaultHasher::shape().zero());
        assert_eq!(hasher.finish(), DefaultHasher::new().finish());
    }
}
