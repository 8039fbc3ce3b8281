//! `std::borrow`: a `Cow<str>` or `Cow<[T]>` as the string or items it holds, always owned
//! (nothing outlives the genes to borrow from). Its methods are those of the `str` or slice it
//! derefs to, so symbolic execution models it as one.

use std::borrow::Cow;

use crate::genes::{Input, Shape, Value};

/// `Cow::Owned` of the string: the zero genes are the empty string.
impl Input for Cow<'_, str> {
    fn shape() -> Shape {
        String::shape()
    }
    fn decode(value: &Value) -> Self {
        Cow::Owned(String::decode(value))
    }
}

/// `Cow::Owned` of the items: the zero genes are no items.
impl<T: Input + Clone> Input for Cow<'_, [T]> {
    fn shape() -> Shape {
        Vec::<T>::shape()
    }
    fn decode(value: &Value) -> Self {
        Cow::Owned(Vec::decode(value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genes::gene_of_char;

    #[test]
    fn cows_are_owned_strings_and_vectors() {
        assert_eq!(<Cow<str>>::decode(&<Cow<str>>::shape().zero()), "");
        assert_eq!(
            <Cow<[u8]>>::decode(&<Cow<[u8]>>::shape().zero()),
            &[] as &[u8]
        );
        let chars = Value::List(vec![
            Value::Int(gene_of_char('o')),
            Value::Int(gene_of_char('k')),
        ]);
        assert!(matches!(<Cow<str>>::decode(&chars), Cow::Owned(text) if text == "ok"));
        let items = Value::List(vec![Value::Int(4), Value::Int(2)]);
        assert!(matches!(<Cow<[u8]>>::decode(&items), Cow::Owned(items) if items == [4, 2]));
    }
}
