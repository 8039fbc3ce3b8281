//! `std::hash`: a `DefaultHasher` as `std::collections::hash_map::DefaultHasher::new()`, the
//! only state of one a test can write; one that has hashed something has no literal.

use std::collections::hash_map::DefaultHasher;
use std::hash::Hasher;

use super::Literal;
use crate::record::literal::unwritable;

impl Literal for DefaultHasher {
    fn literal(&self) -> String {
        match self.finish() == DefaultHasher::new().finish() {
            true => "std::collections::hash_map::DefaultHasher::new()".to_owned(),
            false => unwritable(self),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_hasher_is_written_and_a_used_one_is_not() {
        let new = DefaultHasher::new();
        assert_eq!(
            new.literal(),
            "std::collections::hash_map::DefaultHasher::new()"
        );
        let mut used = DefaultHasher::new();
        used.write_u8(1);
        assert!(
            used.literal().contains("compile_error!"),
            "{}",
            used.literal()
        );
    }
}
