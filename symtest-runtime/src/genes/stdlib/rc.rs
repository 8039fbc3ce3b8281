//! `std::rc` and `std::sync`'s shared pointers: an `Rc<T>` or `Arc<T>` as the value it points
//! to, as a `Box` is. A field reads through the pointer (`shared.id`), so a field's genes are
//! the value's.

use std::rc::Rc;
use std::sync::Arc;

use crate::genes::{Input, Shape, Value};

macro_rules! pointer_inputs {
    ($($pointer:ident),*) => {$(
        /// The value's genes.
        impl<T: Input> Input for $pointer<T> {
            fn shape() -> Shape {
                T::shape()
            }
            fn decode(value: &Value) -> Self {
                $pointer::new(T::decode(value))
            }
            fn field_genes(path: &[&str]) -> Option<Vec<usize>> {
                T::field_genes(path)
            }
        }
    )*};
}

pointer_inputs!(Rc, Arc);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_pointers_add_no_genes() {
        assert_eq!(<Rc<u8>>::shape(), u8::shape());
        assert_eq!(*<Rc<u8>>::decode(&<Rc<u8>>::shape().zero()), 0);
        assert_eq!(*<Arc<u8>>::decode(&Value::Int(7)), 7);
        assert_eq!(<Arc<(u8, bool)>>::field_genes(&["1"]), Some(vec![1]));
    }
}
