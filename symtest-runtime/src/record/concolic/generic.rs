//! Probes in generic bodies. The shadow probe `#[symtest]` writes elsewhere picks its impl by
//! autoref specialisation ([`crate::record::hooks::ViaShadow`]) when the body is type-checked;
//! in a body generic over `T`, a value of type `T` (or one whose type is still being inferred
//! there, `let mut best = None;`) would take the wrong impl, or fail to build once it turns out
//! to be a `T`. [`probe_generic`] is an ordinary generic function instead: it compiles for any
//! type, and finds out which type it was instantiated with when it runs, by
//! [`std::any::type_name`], size and alignment. A generic function is searched with the types
//! symtest chose (`T = u8`), so its values of those types get shadows as a plain function's do.
//!
//! It reads a value through a pointer cast to the type its name says. The names it accepts are
//! those of the primitive types, `str`, slices of integers and `String` (whose path,
//! `alloc::string::String`, no other crate can take), with up to one reference before them; a
//! type's name is unique among these, and size and alignment are checked too. A name that
//! changes with a new compiler makes the probe miss, never read wrongly.

use std::any::type_name;
use std::mem::{align_of, align_of_val, size_of, size_of_val};

use super::{Probe, Shadowable};

/// The probe of `value`, for the types shadows cover, read as the type its name says; `None`
/// for any other type.
pub fn probe_generic<V: ?Sized>(value: &V) -> Probe {
    let name = type_name::<V>();
    let (referenced, base) = match (name.strip_prefix("&mut "), name.strip_prefix('&')) {
        (Some(base), _) | (None, Some(base)) => (true, base),
        (None, None) => (false, name),
    };
    macro_rules! by_name {
        (sized: $($ty:ty => $name:literal),*; slices: $($item:ty => $slice:literal),* $(,)?) => {
            match (base, referenced) {
                $(
                    ($name, false) => read::<V, $ty>(value).map(Shadowable::shadow_value),
                    ($name, true) => read::<V, &$ty>(value).map(Shadowable::shadow_value),
                )*
                $(
                    ($slice, false) => items::<V, $item>(value).map(Shadowable::shadow_value),
                    ($slice, true) => read::<V, &[$item]>(value).map(Shadowable::shadow_value),
                )*
                ("str", false) => items::<V, u8>(value)
                    .and_then(|bytes| std::str::from_utf8(bytes).ok())
                    .map(Shadowable::shadow_value),
                ("str", true) => read::<V, &str>(value).map(Shadowable::shadow_value),
                _ => None,
            }
        };
    }
    by_name!(
        sized: u8 => "u8", u16 => "u16", u32 => "u32", u64 => "u64", u128 => "u128",
        usize => "usize", i8 => "i8", i16 => "i16", i32 => "i32", i64 => "i64",
        i128 => "i128", isize => "isize", f32 => "f32", f64 => "f64", bool => "bool",
        char => "char", String => "alloc::string::String";
        slices: u8 => "[u8]", u16 => "[u16]", u32 => "[u32]", u64 => "[u64]",
        u128 => "[u128]", usize => "[usize]", i8 => "[i8]", i16 => "[i16]", i32 => "[i32]",
        i64 => "[i64]", i128 => "[i128]", isize => "[isize]",
    )
}

/// `value` as a `&T`, where its name said it is a `T`: with the same size and alignment.
fn read<V: ?Sized, T>(value: &V) -> Option<&T> {
    if size_of_val(value) != size_of::<T>() || align_of_val(value) != align_of::<T>() {
        return None;
    }
    let pointer = (value as *const V).cast::<T>();
    // SAFETY: `V` is `T` by its name (see the module doc), and the size and alignment agree;
    // the reference borrows `value`.
    Some(unsafe { &*pointer })
}

/// `value` as a `&[T]`, where its name said it is a `[T]` (or a `str`, of `u8`s): of a size
/// that is a whole number of items, aligned as they are.
fn items<V: ?Sized, T>(value: &V) -> Option<&[T]> {
    let size = size_of_val(value);
    if size_of::<T>() == 0
        || !size.is_multiple_of(size_of::<T>())
        || align_of_val(value) != align_of::<T>()
    {
        return None;
    }
    let pointer = (value as *const V).cast::<T>();
    // SAFETY: `V` is `[T]` by its name (or `str`, whose bytes are `u8`s), so its items start
    // at `pointer` and fill its size; the slice borrows `value`.
    Some(unsafe { std::slice::from_raw_parts(pointer, size / size_of::<T>()) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::expr::{Ty, Val};

    fn probe<V: ?Sized>(value: &V) -> Probe {
        probe_generic(value)
    }

    #[test]
    fn values_of_the_types_shadows_cover_are_read_by_their_names() {
        let generic_identity = |value: &u8| probe(value);
        assert_eq!(
            generic_identity(&7),
            Some((Val::Int(7), Ty::Int(crate::genes::IntKind::U8)))
        );
        assert_eq!(probe(&-3i64).map(|(v, _)| v), Some(Val::Int(-3)));
        assert_eq!(probe(&&300u16).map(|(v, _)| v), Some(Val::Int(300)));
        let mut letter = 'x';
        assert_eq!(probe(&&mut letter).map(|(v, _)| v), Some(Val::Char('x')));
        assert_eq!(probe(&true).map(|(v, _)| v), Some(Val::Bool(true)));
        assert_eq!(probe("ab").map(|(v, _)| v), Some(Val::Str("ab".into())));
        assert_eq!(probe(&"ab").map(|(v, _)| v), Some(Val::Str("ab".into())));
        let text = String::from("cd");
        assert_eq!(probe(&text).map(|(v, _)| v), Some(Val::Str("cd".into())));
        assert_eq!(probe(&&text).map(|(v, _)| v), Some(Val::Str("cd".into())));
        let items = [1i32, -2];
        assert_eq!(
            probe(&items[..]).map(|(_, t)| t),
            Some(Ty::Seq(crate::genes::IntKind::I32))
        );
        assert_eq!(
            probe(&&items[..]).map(|(_, t)| t),
            Some(Ty::Seq(crate::genes::IntKind::I32))
        );
    }

    #[test]
    fn other_types_have_no_probe() {
        assert_eq!(probe(&Some(1u8)), None);
        assert_eq!(probe(&vec![1u8]), None);
        assert_eq!(probe(&[1u8, 2]), None);
        assert_eq!(probe(&&&1u8), None);
        assert_eq!(probe(&()), None);
    }
}
