//! `std::cell` and `std::sync`'s locks: a `Cell<T>`, `RefCell<T>` or `Mutex<T>` as the value it
//! holds, [`opaque`] (the value is read through `get`, `borrow` or `lock`, never as a field).

use std::cell::{Cell, RefCell};
use std::sync::Mutex;

use super::{inside, opaque};
use crate::genes::{Input, Shape, Value};

macro_rules! holder_inputs {
    ($($holder:ident<T $(: $bound:ident)?>),* $(,)?) => {$(
        /// The value's genes: a fresh holder (unborrowed, unlocked, never poisoned).
        impl<T: Input $(+ $bound)?> Input for $holder<T> {
            fn shape() -> Shape {
                opaque(T::shape())
            }
            fn decode(value: &Value) -> Self {
                $holder::new(T::decode(inside(value)))
            }
        }
    )*};
}

holder_inputs!(Cell<T: Copy>, RefCell<T>, Mutex<T>);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_mutexes_hold_the_values_genes() {
        let zero = <Cell<u8>>::shape().zero();
        assert_eq!(<Cell<u8>>::decode(&zero).get(), 0);
        let genes = Value::List(vec![Value::Int(5)]);
        assert_eq!(*<RefCell<u8>>::decode(&genes).borrow(), 5);
        let mutex = <Mutex<u8>>::decode(&genes);
        assert_eq!(mutex.lock().map(|guard| *guard).ok(), Some(5));
        assert_eq!(<Mutex<u8>>::shape(), Shape::Tuple(vec![u8::shape()]));
    }
}
