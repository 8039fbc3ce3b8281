//! Types chosen for generic functions and blocks, by bound, by the crate's calls and by the
//! attribute.

use super::*;

fn chosen(function: ItemFn) -> Result<String, String> {
    choose(&function, &[]).map(|chosen| chosen.describe())
}

#[test]
fn an_associated_type_of_a_chosen_parameter_is_named_through_its_trait() {
    let worker: ItemFn = syn::parse_quote!(
        fn compare_by<I, Skip>(a: I, first: I::Item, skip: Skip) -> Option<I::Item>
        where
            I: Iterator,
            Skip: FnMut(&I::Item) -> bool,
        {
            None
        }
    );
    let chosen = choose(&worker, &[]).unwrap_or_else(|e| panic!("{e}"));
    let concrete = chosen.concrete(&worker).sig;
    // Without spaces: `<std::vec::IntoIter<u8>asIterator>::Item`.
    let compact = |tokens: &TokenStream| tidy(tokens).replace(' ', "");
    let text = compact(&quote!(#concrete));
    let item = "<std::vec::IntoIter<u8>asIterator>::Item";
    assert!(
        text.contains(&format!("first:{item}")),
        "the argument's type: {text}"
    );
    assert!(text.contains(&format!("Option<{item}>")), "{text}");
    // The closure parameter chosen after `I` names it too: no `I` is left.
    assert!(!text.contains("I::"), "{text}");
    let skip = compact(&chosen.params[1].1);
    assert!(skip.contains(&format!("(&{item})")), "{skip}");
}

#[test]
fn what_collects_chars_is_a_string_and_what_collects_items_a_vec_of_them() {
    let collect: ItemFn = syn::parse_quote!(
        fn to_snake<B: FromIterator<char>>(text: &str) -> B {
            text.chars().collect()
        }
    );
    assert_eq!(chosen(collect).as_deref(), Ok("B = String"));
    // `String` collects strings too.
    let words: ItemFn = syn::parse_quote!(
        fn words<B: FromIterator<String>>(text: &str) -> B {
            text.split(' ').map(String::from).collect()
        }
    );
    assert_eq!(chosen(words).as_deref(), Ok("B = String"));
    let numbers: ItemFn = syn::parse_quote!(
        fn numbers<B: FromIterator<u32> + Default>(text: &str) -> B {
            B::default()
        }
    );
    assert_eq!(chosen(numbers).as_deref(), Ok("B = Vec<u32>"));
    let extend: ItemFn = syn::parse_quote!(
        fn push_digits<E: Extend<char>>(out: &mut E, n: u32) {}
    );
    assert_eq!(chosen(extend).as_deref(), Ok("E = String"));
    let bytes: ItemFn = syn::parse_quote!(
        fn fill<B: FromIterator<u8> + AsRef<[u8]>>(n: usize) -> B {
            (0..n as u8).collect()
        }
    );
    assert_eq!(chosen(bytes).as_deref(), Ok("B = Vec<u8>"));
}

#[test]
fn bounds_suggest_their_types_and_others_take_the_first_that_meets_them() {
    let kb: ItemFn = syn::parse_quote!(
        fn kb<V: Into<u64>>(size: V) -> u64 {
            0
        }
    );
    assert_eq!(chosen(kb).as_deref(), Ok("V = u64"));
    let encode: ItemFn = syn::parse_quote!(
        fn encode<T: AsRef<[u8]>>(data: T) {}
    );
    assert_eq!(chosen(encode).as_deref(), Ok("T = Vec<u8>"));
    let max: ItemFn = syn::parse_quote!(
        fn max<T>(a: T, b: T) -> T
        where
            T: Ord + Copy,
        {
            a
        }
    );
    assert_eq!(chosen(max).as_deref(), Ok("T = u8"));
    let name: ItemFn = syn::parse_quote!(
        fn greet(name: impl AsRef<str>) {}
    );
    assert_eq!(chosen(name).as_deref(), Ok("impl AsRef<str> = &str"));
    let write: ItemFn = syn::parse_quote!(
        fn put<W: fmt::Write>(out: &mut W) {}
    );
    assert_eq!(chosen(write).as_deref(), Ok("W = String"));
    let read: ItemFn = syn::parse_quote!(
        fn get<R: std::io::Read>(input: R) {}
    );
    assert_eq!(chosen(read).as_deref(), Ok("R = &[u8]"));
    let items: ItemFn = syn::parse_quote!(
        fn sum<T: Ord, I: IntoIterator<Item = T>>(items: I) {}
    );
    assert_eq!(chosen(items).as_deref(), Ok("T = u8, I = Vec<u8>"));
    let iterator: ItemFn = syn::parse_quote!(
        fn rises<T: PartialOrd, I: DoubleEndedIterator<Item = T> + Clone>(items: I) {}
    );
    assert_eq!(
        chosen(iterator).as_deref(),
        Ok("T = u8, I = std::vec::IntoIter<u8>")
    );
    let borrowing: ItemFn = syn::parse_quote!(
        fn first<'a, I: Iterator<Item = &'a u8>>(items: I) {}
    );
    assert!(
        chosen(borrowing).is_err(),
        "a borrowed item names a lifetime"
    );
    let array: ItemFn = syn::parse_quote!(
        fn first<const N: usize>(a: [u8; N]) {}
    );
    assert_eq!(chosen(array).as_deref(), Ok("N = 4"));
    let display: ItemFn = syn::parse_quote!(
        fn show<T: Display + Ord>(t: T) {}
    );
    assert_eq!(chosen(display).as_deref(), Ok("T = &str"));
    let own: ItemFn = syn::parse_quote!(
        fn encode<T: AsRef<[u5]>>(data: T) {}
    );
    assert_eq!(chosen(own).as_deref(), Ok("T = Vec<u5>"));
    let unknown_elem: ItemFn = syn::parse_quote!(
        fn f<T: AsRef<[u5]> + Debug>(data: T) {}
    );
    assert!(chosen(unknown_elem).is_err(), "`u5: Debug` is not known");
}

#[test]
fn closures_whose_result_borrows_from_their_arguments_are_not_written() {
    // `for<'a> FnMut(&'a A) -> &'a T`: no closure the search writes has that type unless it
    // hands an argument back; the function is skipped (and instrumented for its callers)
    // where its instrumentation used not to compile.
    let keyed: ItemFn = syn::parse_quote!(
        fn sort_by_key<A, T: ?Sized + AsRef<str>, F: FnMut(&A) -> &T>(slice: &mut [A], f: F) {}
    );
    let reason = choose(&keyed, &[]).err().unwrap_or_default();
    assert!(
        reason.contains("a closure symtest cannot make") && reason.contains("borrows"),
        "{reason}"
    );
    let passed: ItemFn = syn::parse_quote!(
        fn pick<F: Fn(&str) -> &str>(text: &str, f: F) -> usize {
            0
        }
    );
    assert_eq!(
        choose(&passed, &[]).map(|picked| picked.describe()),
        Ok("F = closures".to_string())
    );
}

#[test]
fn closure_bounds_are_searched_with_closures_and_written_with_a_blank() {
    let predicate: ItemFn = syn::parse_quote!(
        fn count<F: Fn(char) -> bool + Send>(text: &str, f: F) -> usize {
            0
        }
    );
    let picked = choose(&predicate, &[]).expect("chosen");
    assert_eq!(picked.describe(), "F = closures");
    assert_eq!(
        tidy(&picked.turbofish()),
        "::<Box<dyn Fn(char) -> bool + Send>>"
    );
    assert!(
        picked.written_turbofish(&predicate).is_empty(),
        "the test's closure gives the type"
    );
    let mapped: ItemFn = syn::parse_quote!(
        fn largest_by<T: Copy, F>(items: &[T], f: &mut F)
        where
            F: FnMut(&T) -> u8,
        {
        }
    );
    let picked = choose(&mapped, &[]).expect("chosen");
    assert_eq!(
        picked.turbofish().to_string().replace(' ', ""),
        "::<u8,::symtest_runtime::__private::std::boxed::Box<dynFnMut(&u8)->u8>>",
        "the closure's arguments take the types chosen for the others"
    );
    assert_eq!(tidy(&picked.written_turbofish(&mapped)), "::<u8, _>");
    let argument: ItemFn = syn::parse_quote!(
        fn each(items: &[u8], f: impl FnOnce(u8)) {}
    );
    assert_eq!(
        chosen(argument).as_deref(),
        Ok("impl FnOnce(u8) = closures")
    );
}

#[test]
fn unknown_bounds_are_named_and_the_attribute_chooses_instead() {
    let custom: ItemFn = syn::parse_quote!(
        fn f<T: Shape>(t: T) {}
    );
    let reason = chosen(custom.clone()).unwrap_err();
    assert!(reason.contains("`T: Shape`"), "{reason}");
    let given = overrides(quote!(T = Circle)).expect("parses");
    assert_eq!(
        choose(&custom, &given).map(|c| c.describe()).as_deref(),
        Ok("T = Circle")
    );
    let cloned: ItemFn = syn::parse_quote!(
        fn f<F: Fn(u8) -> bool + Clone>(f: F) {}
    );
    let reason = chosen(cloned).unwrap_err();
    assert!(reason.contains("a closure symtest cannot make"), "{reason}");
    // An associated type no bound of the parameter has is left as written: skipped.
    let projection: ItemFn = syn::parse_quote!(
        fn f<T: Clone + Ord>(t: T) -> T::Output {
            t
        }
    );
    assert!(chosen(projection).unwrap_err().contains("associated type"));
}

#[test]
fn the_concrete_signature_has_the_chosen_types() {
    let function: ItemFn = syn::parse_quote! {
        fn f<'a, T: Ord, const N: usize>(a: &'a [T; N], b: impl AsRef<str>) -> Option<T>
        where T: Copy { None }
    };
    let chosen = choose(&function, &[]).expect("chosen");
    let concrete = chosen.concrete(&function);
    let sig = &concrete.sig;
    assert_eq!(
        quote!(#sig).to_string(),
        "fn f < 'a > (a : & 'a [u8 ; 4] , b : & str) -> Option < u8 >"
    );
    assert_eq!(chosen.turbofish().to_string(), ":: < u8 , 4 >");
}

/// The table's pick for `T` with `bounds`, the crate giving it `called` and vouching for
/// unknown bounds as `vouched` says, as compact text.
fn pick_for(
    bounds: &[TraitBound],
    owned: bool,
    called: &[&str],
    vouched: &dyn Fn(&str, &Bound) -> bool,
) -> Result<String, String> {
    let mut substitute = Substitute::default();
    let bounds: Vec<Bound> = bounds
        .iter()
        .map(|b| Bound::of(b, &mut substitute))
        .collect();
    let called: Vec<String> = called.iter().map(|ty| ty.to_string()).collect();
    table::pick("T", &bounds, owned, &called, vouched).map(|ty| tidy(&ty))
}

#[test]
fn the_crate_s_types_come_first_where_the_table_knows_they_meet_the_bounds() {
    let pick =
        |bounds: &[TraitBound], called: &[&str]| pick_for(bounds, false, called, &|_, _| false);
    let into: TraitBound = syn::parse_quote!(Into<u64>);
    assert_eq!(
        pick(std::slice::from_ref(&into), &["u32", "u16"]),
        Ok("u32".into())
    );
    // A type the bound rules out, and types the table cannot tell (a parameter of another
    // item, a blank, a type of the crate), give way to the next.
    assert_eq!(
        pick(std::slice::from_ref(&into), &["i8", "u16"]),
        Ok("u16".into())
    );
    assert_eq!(
        pick(&[], &["Vec<X>", "Vec<_>", "Celsius", "char"]),
        Ok("char".into())
    );
    assert_eq!(pick(&[into], &["Celsius"]), Ok("u64".into()));
}

#[test]
fn a_conversion_into_a_type_the_table_does_not_know_takes_that_type() {
    let pick = |bounds: &[TraitBound]| pick_for(bounds, false, &[], &|_, _| false);
    // fraction's `O: Into<GenericFraction<u8>>`: every type converts into itself.
    let into: TraitBound = syn::parse_quote!(Into<Ratio<u8>>);
    assert_eq!(pick(std::slice::from_ref(&into)), Ok("Ratio<u8>".into()));
    let borrow: TraitBound = syn::parse_quote!(Borrow<Key>);
    assert_eq!(pick(std::slice::from_ref(&borrow)), Ok("Key".into()));
    // Not `AsRef`, which no type has of itself unless it says so.
    let as_ref: TraitBound = syn::parse_quote!(AsRef<Key>);
    assert!(pick(std::slice::from_ref(&as_ref)).is_err());
}

#[test]
fn a_bound_the_table_does_not_know_takes_the_crate_s_type_where_it_vouches_for_it() {
    let pick = |bounds: &[TraitBound], called: &[&str], vouched: &dyn Fn(&str, &Bound) -> bool| {
        pick_for(bounds, true, called, vouched)
    };
    let bounds: [TraitBound; 2] = [syn::parse_quote!(Clone), syn::parse_quote!(units::Unit)];
    let unit = |ty: &str, bound: &Bound| bound.name() == "Unit" && ty != "i8";
    assert_eq!(pick(&bounds, &["i8", "u64"], &unit), Ok("u64".into()));
    // Only the crate's own types are taken on its word: the fallback's are not.
    assert!(pick(&bounds, &[], &unit).is_err());
    // The number traits of num: a float is no `Integer`, whatever the crate's word.
    let float: [TraitBound; 1] = [syn::parse_quote!(num::Float)];
    assert_eq!(
        pick(&float, &["u32", "f32"], &|_, _| true),
        Ok("f32".into())
    );
    // A type the table rules out for a bound it knows is not taken whatever the word.
    let copy: [TraitBound; 2] = [syn::parse_quote!(Copy), syn::parse_quote!(units::Unit)];
    assert_eq!(
        pick(&copy, &["String", "u32"], &|_, _| true),
        Ok("u32".into())
    );
}

#[test]
fn a_blocks_types_are_put_in_its_functions_own_bounds() {
    let block: ItemImpl = syn::parse_quote!(
        impl<L, R> Either<L, R> {
            fn is_left_and<F>(self, f: F) -> bool
            where
                F: FnOnce(L) -> bool,
            {
                false
            }
        }
    );
    let chosen = choose_for_block(&block).unwrap_or_else(|e| panic!("{e}"));
    let syn::ImplItem::Fn(function) = &block.items[0] else {
        panic!("a function");
    };
    let mut sig = function.sig.clone();
    chosen.on_signature(&mut sig);
    let clause = sig.generics.where_clause.as_ref();
    let text = tidy(&quote!(#clause)).replace(' ', "");
    assert!(!text.contains("(L)") && text.contains("FnOnce("), "{text}");
}

#[test]
fn a_method_that_does_not_fit_the_block_s_types_is_left_out_alone() {
    let block: ItemImpl = syn::parse_quote!(
        impl<L, R> Either<L, R> {
            fn is_left(&self) -> bool {
                true
            }
            fn into_iter(self) -> Either<L::IntoIter, R::IntoIter>
            where
                L: IntoIterator,
                R: IntoIterator<Item = L::Item>,
            {
                todo!()
            }
            fn left_or_default(self) -> L
            where
                L: Default,
            {
                todo!()
            }
            fn next(&mut self) -> Option<u8>
            where
                L: Iterator<Item = u8>,
            {
                todo!()
            }
            fn iter(&self)
            where
                for<'a> &'a L: IntoIterator,
            {
            }
        }
    );
    let chosen = choose_for_block(&block).unwrap_or_else(|e| panic!("{e}"));
    let fits: Vec<Result<(), String>> = (block.items.iter())
        .map(|member| match member {
            syn::ImplItem::Fn(function) => method_fits(&function.sig, &block, &chosen),
            _ => panic!("a function"),
        })
        .collect();
    assert_eq!(fits[0], Ok(()));
    assert!(
        fits[1]
            .as_ref()
            .is_err_and(|e| e.contains("associated type of `L`")),
        "{fits:?}"
    );
    assert_eq!(fits[2], Ok(()), "the chosen type is a `Default`");
    assert!(
        fits[3].as_ref().is_err_and(|e| e.contains("may not meet")),
        "{fits:?}"
    );
    assert!(
        fits[4].as_ref().is_err_and(|e| e.contains("`&'a L`")),
        "{fits:?}"
    );
}

#[test]
fn a_bound_on_a_reference_to_a_parameter_is_checked_for_the_type_chosen() {
    // fraction's `impl<'a, T> Add for &'a GenericDecimal<T>` with `&'a T: Add<Output = T>`.
    let block: ItemImpl = syn::parse_quote!(
        impl<'a, T: Clone + Into<u64>> Amount<T>
        where
            &'a T: Add<Output = T> + Mul<&'a T, Output = T>,
        {
            fn twice(&'a self) -> T {
                &self.0 + &self.0
            }
        }
    );
    let chosen = choose_for_block(&block).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(chosen.turbofish().to_string(), ":: < u64 >");
    // A bound the table cannot tell for the reference is still a reason to skip.
    let unknown: ItemImpl = syn::parse_quote!(
        impl<'a, T: Clone + Into<u64>> Amount<T>
        where
            &'a T: IntoIterator,
        {
            fn first(&'a self) -> T {
                todo!()
            }
        }
    );
    let reason = choose_for_block(&unknown).err().unwrap_or_default();
    assert!(reason.contains("`&T`, `IntoIterator`"), "{reason}");
    assert!(reason.contains("`&u64`"), "{reason}");
}

#[test]
fn arithmetic_bounds_whose_output_is_the_parameter_are_met_by_numbers() {
    // punycode's `clamped_sub`: the way numeric generics are written.
    let clamped: ItemFn = syn::parse_quote!(
        fn clamped_sub<T: Ord + Add<Output = T> + Sub<Output = T> + Copy>(a: T, b: T) -> T {
            a
        }
    );
    assert_eq!(chosen(clamped).as_deref(), Ok("T = i32"));
    let compared: ItemFn = syn::parse_quote!(
        fn within<T>(a: T, b: T) -> bool
        where
            T: PartialEq<T> + Mul<Output = T> + Copy,
        {
            a == b
        }
    );
    assert_eq!(chosen(compared).as_deref(), Ok("T = i32"));
}

#[test]
fn the_number_formatting_traits_are_met_by_numbers() {
    let hex: ItemFn = syn::parse_quote!(
        fn hex<T: fmt::UpperHex + fmt::LowerHex>(value: T) -> String {
            String::new()
        }
    );
    assert_eq!(chosen(hex).as_deref(), Ok("T = u8"));
    let exp: ItemFn = syn::parse_quote!(
        fn exp<T: fmt::LowerExp + Display>(value: T) -> String {
            String::new()
        }
    );
    assert_eq!(chosen(exp).as_deref(), Ok("T = u8"));
}

#[test]
fn a_hasher_is_the_standard_librarys() {
    let hash: ItemFn = syn::parse_quote!(
        fn hash<H: std::hash::Hasher>(&self, state: &mut H) {}
    );
    assert_eq!(
        chosen(hash).as_deref(),
        Ok("H = std::collections::hash_map::DefaultHasher")
    );
}

#[test]
fn what_iterates_over_borrowed_bytes_is_a_byte_slice() {
    // bs58's `encode_into`.
    let encode: ItemFn = syn::parse_quote!(
        fn encode_into<'a, I>(input: I, output: &mut [u8]) -> usize
        where
            I: Clone + IntoIterator<Item = &'a u8>,
        {
            0
        }
    );
    assert_eq!(chosen(encode).as_deref(), Ok("I = &[u8]"));
    // Without `Clone` too; but bytes by value, or borrowed mutably, are no slice's items.
    let borrowed: ItemFn = syn::parse_quote!(
        fn sum<'a, I: IntoIterator<Item = &'a u8>>(input: I) -> u32 {
            0
        }
    );
    assert_eq!(chosen(borrowed).as_deref(), Ok("I = &[u8]"));
    let owned: ItemFn = syn::parse_quote!(
        fn sum<I: IntoIterator<Item = u8> + Copy>(input: I) -> u32 {
            0
        }
    );
    assert_ne!(chosen(owned).as_deref(), Ok("I = &[u8]"));
    let mutable: ItemFn = syn::parse_quote!(
        fn clear<'a, I: IntoIterator<Item = &'a mut u8> + Copy>(input: I) {}
    );
    assert_ne!(chosen(mutable).as_deref(), Ok("I = &[u8]"));
}

#[test]
fn an_error_is_the_formatting_error_and_another_crates_error_trait_is_not() {
    let report: ItemFn = syn::parse_quote!(
        fn report<E: std::error::Error + Clone>(error: &E) -> String {
            String::new()
        }
    );
    assert_eq!(chosen(report).as_deref(), Ok("E = std::fmt::Error"));
    let custom: ItemFn = syn::parse_quote!(
        fn custom<E: serde::de::Error>(error: E) {}
    );
    assert!(chosen(custom).is_err());
    // Nor does the formatting error meet another crate's `Error` beside the standard one.
    let both: ItemFn = syn::parse_quote!(
        fn both<E: std::error::Error + serde::de::Error>(error: E) {}
    );
    assert!(chosen(both).is_err());
    // Another crate's `Hasher` is not the standard library's.
    let trie: ItemFn = syn::parse_quote!(
        fn root<H: hash_db::Hasher>(items: &[u8]) {}
    );
    assert!(chosen(trie).is_err());
}

#[test]
fn a_bare_trait_name_the_crate_defines_is_not_the_standard_librarys() {
    let bound = |text: &str| {
        let bound: syn::TraitBound = syn::parse_str(text).unwrap();
        Bound::of(&bound, &mut Substitute::default())
    };
    let chosen = |bounds: &[Bound]| table::pick("H", bounds, false, &[], &|_, _| false);
    let std = chosen(&[bound("Hasher")]).map(|ty| ty.to_string());
    assert!(std.is_ok_and(|ty| ty.contains("DefaultHasher")));
    assert!(chosen(&[bound("Hasher").local(true)]).is_err());
}

#[test]
fn a_bound_on_self_in_a_block_names_the_blocks_type() {
    // fraction's `impl<T, P, O> Div<O> for GenericDecimal<T, P> where O: Into<Self>`.
    let block: ItemImpl = syn::parse_quote!(
        impl<T: Clone, O> std::ops::Div<O> for Decimal<T>
        where
            O: Into<Self>,
        {
            type Output = Self;
            fn div(self, other: O) -> Self {
                self
            }
        }
    );
    let chosen = choose_for_block(&block).map(|chosen| chosen.describe());
    assert_eq!(chosen.as_deref(), Ok("T = u8, O = Decimal<u8>"));
    // Not for a parameter the type holds: `T` would be `Wrapper<T>`.
    let held: ItemImpl = syn::parse_quote!(
        impl<T: Into<Self> + Clone> Wrapper<T> {}
    );
    let chosen = choose_for_block(&held).map(|chosen| chosen.describe());
    assert!(
        !chosen.as_deref().is_ok_and(|c| c.contains("Wrapper")),
        "{chosen:?}"
    );
    // Nor where the type has the block's lifetimes, which the chosen type would name.
    let lent: ItemImpl = syn::parse_quote!(
        impl<'a, T: Clone, O: Into<Self>> std::ops::Div<O> for &'a Decimal<T> {}
    );
    let chosen = choose_for_block(&lent).map(|chosen| chosen.describe());
    assert!(
        !chosen.as_deref().is_ok_and(|c| c.contains("'a")),
        "{chosen:?}"
    );
}

#[test]
fn bytemucks_traits_are_met_by_numbers() {
    // rgb's `unsafe impl<T> crate::Zeroable for RGB<T> where T: crate::Zeroable {}`.
    let zeroed: ItemFn = syn::parse_quote!(
        fn zeroed<T: crate::Zeroable + Copy>() -> T {
            T::zeroed()
        }
    );
    assert_eq!(chosen(zeroed).as_deref(), Ok("T = u8"));
}
