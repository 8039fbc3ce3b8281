//! `std::rc` and `std::sync`'s shared pointers: `std::rc::Rc::new(…)`, `std::sync::Arc::new(…)`.

use std::rc::Rc;
use std::sync::Arc;

use super::{Literal, call};

impl<T: Literal> Literal for Rc<T> {
    fn literal(&self) -> String {
        call("std::rc::Rc::new", &[&**self])
    }
}

impl<T: Literal> Literal for Arc<T> {
    fn literal(&self) -> String {
        call("std::sync::Arc::new", &[&**self])
    }
}

#[cfg(test)]
mod tests {
    use super::super::assert_literals;
    use super::*;

    #[test]
    fn shared_pointers_render_as_new() {
        assert_literals!(
            Rc::new(5) => "std::rc::Rc::new(5)",
            Arc::new(vec!["a"]) => "std::sync::Arc::new(vec![\"a\"])",
        );
    }
}
