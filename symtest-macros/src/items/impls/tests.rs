//! Expansions of the annotated impl blocks of one type, inherent and trait impls, as the
//! type's group shows them (in a build, `crate::items::placement` reads it from the source file).

use super::*;
use crate::items::expand::tests::{assert_snapshot, pretty};
use quote::format_ident;

/// The annotated blocks of `Version`, as a source file holds them.
const VERSION: &str = r#"
#[symtest]
impl Version {
    pub fn new(major: u8) -> Version {
        Version { major }
    }
}

#[symtest]
impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.major == 0 {
            write!(f, "zero")
        } else {
            write!(f, "v{}", self.major)
        }
    }
}

#[symtest]
impl Ord for Version {
    fn cmp(&self, other: &Self) -> Ordering {
        self.major.cmp(&other.major)
    }
}

#[symtest]
impl std::hash::Hash for Version {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {}
}

#[symtest]
impl Drop for Version {
    fn drop(&mut self) {}
}

#[symtest]
impl serde::Serialize for Version {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.major)
    }
}
"#;

/// The annotated blocks of the file `source`.
fn blocks(source: &str) -> Vec<ItemImpl> {
    let file = syn::parse_file(source).unwrap_or_else(|e| panic!("{e}"));
    let blocks = file.items.into_iter().filter_map(|item| match item {
        syn::Item::Impl(block) => Some(block),
        _ => None,
    });
    blocks.collect()
}

/// The expansion of block `position` of `source`, with the others in its group when
/// `grouped`, as the attribute sees the block (without itself).
fn expand(source: &str, position: usize, grouped: bool) -> String {
    let blocks = blocks(source);
    let mut item = blocks[position].clone();
    item.attrs.clear();
    let group = grouped.then(|| Group {
        blocks,
        position,
        constants: Vec::new(),
        inherent: vec!["new".to_string()],
        iterator: false,
        defined: true,
        remote: Vec::new(),
        here: Vec::new(),
        module: Vec::new(),
        emitted_elsewhere: false,
    });
    pretty(instrument_in(item, &format_ident!("Version"), group))
}

/// Whether `code` holds `part`, whatever the line breaks, indents and trailing commas of either.
fn holds(code: &str, part: &str) -> bool {
    let flat = |text: &str| {
        text.split_whitespace()
            .collect::<String>()
            .replace(",)", ")")
    };
    flat(code).contains(&flat(part))
}

#[test]
fn the_first_block_of_the_type_emits_sequences_that_call_its_trait_methods_in_their_forms() {
    let first = expand(VERSION, 0, true);
    assert!(
        holds(&first, "pub fn __symtest_subject_Version()"),
        "{first}"
    );
    // Display::fmt is called as `to_string()` writes it, through the impl.
    let shown = "ToString::to_string(&::symtest_runtime::__private::Shown(&object, \
                 <Version as fmt::Display>::fmt))";
    assert!(holds(&first, shown), "{first}");
    assert!(holds(&first, r#""{}.to_string()", var"#), "{first}");
    // Ord::cmp as a method; its other version made as the sequence's value is.
    assert!(
        holds(&first, "<Version as Ord>::cmp(&object, __symtest_pass0)"),
        "{first}"
    );
    assert!(holds(&first, r#""{}.{}({})", var, "cmp""#), "{first}");
    let operand =
        "make(call.item(4usize).item(0usize), &[1, position, 4usize, 0usize], follow, false)";
    assert!(holds(&first, operand), "{first}");
    // What no test can call is left out of the sequences.
    assert!(!holds(&first, "as Drop>::drop"), "{first}");
    assert!(!holds(&first, "as serde::Serialize>::serialize"), "{first}");
    // `Hash::hash` on the standard library's hasher.
    assert!(
        holds(&first, "<Version as std::hash::Hash>::hash::<"),
        "{first}"
    );
}

#[test]
fn every_block_names_the_trait_methods_tables_alike_and_only_the_first_has_sequences() {
    let first = expand(VERSION, 0, true);
    let display = expand(VERSION, 1, true);
    assert!(
        !display.contains("__symtest_subject_Version()"),
        "{display}"
    );
    let table = display
        .split_whitespace()
        .find(|word| word.starts_with("__SYMTEST_META_Version__fmt__h"))
        .map(|word| word.trim_end_matches(':').to_string())
        .unwrap_or_else(|| panic!("no table of fmt:\n{display}"));
    assert!(holds(&display, &format!("static {table}: ")), "{display}");
    assert!(holds(&first, &format!("&{table}")), "{first}");
}

#[test]
fn trait_methods_no_test_can_call_are_skipped_with_why() {
    let serialize = expand(VERSION, 5, true);
    assert!(serialize.contains("is generic"), "{serialize}");
    let drop = expand(VERSION, 4, true);
    assert!(drop.contains("a test cannot call it"), "{drop}");
    // A block the source file does not show: its methods join no sequences, and say why.
    let alone = expand(VERSION, 1, false);
    assert!(!alone.contains("__symtest_subject_Version()"), "{alone}");
    assert!(alone.contains("cannot find in its source file"), "{alone}");
}

/// A type with trait impls only: the first, `Display`, emits the sequences, which its
/// `FromStr` starts.
const TOKENS: &str = r#"
#[symtest]
impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "v{}", self.major)
    }
}

#[symtest]
impl FromStr for Version {
    type Err = ();

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text.is_empty() {
            return Err(());
        }
        Ok(Version { major: 1 })
    }
}

#[symtest]
impl Add for Version {
    type Output = Version;

    fn add(self, rhs: Self) -> Self::Output {
        Version { major: self.major.wrapping_add(rhs.major) }
    }
}
"#;

#[test]
fn trait_impls_of_a_type_without_an_inherent_block() {
    assert_snapshot("trait_impls", &expand(TOKENS, 0, true));
}

#[test]
fn only_the_type_itself_is_made_as_the_sequence_makes_it() {
    let source = r#"
#[symtest]
impl crate::a::Version {
    pub fn new(major: u8) -> Self {
        Version { major }
    }

    pub fn from_v1(old: &v1::Version) -> v1::Version {
        old.clone()
    }

    pub fn absorb(&mut self, other: &Version, again: Self) {}

    pub fn merge(&mut self, other: &v1::Version) {}
}
"#;
    let expanded = expand(source, 0, true);
    // `absorb` takes two values of the type, made after the calls' arguments.
    let made = "::symtest_runtime::__private::Shape::Tuple(::symtest_runtime::__private::std::\
                vec![made_shape(), made_shape()])";
    assert!(holds(&expanded, made), "{expanded}");
    // `v1::Version` is another type: built from genes, and no constructor.
    assert!(holds(&expanded, "Arg::<v1::Version>::NEW"), "{expanded}");
    assert!(holds(&expanded, "(\"new\","), "{expanded}");
    assert!(!holds(&expanded, "(\"from_v1\","), "{expanded}");
}

#[test]
fn trait_impls_of_unsized_types_search_their_methods_as_functions_of_the_receiver() {
    for ty in ["str", "std::path::Path", "[u8]", "dyn Shape"] {
        let ty: Type = syn::parse_str(ty).expect("a type");
        assert!(is_unsized(&ty), "{}", quote!(#ty));
    }
    for ty in ["String", "PathBuf", "Vec<u8>"] {
        let ty: Type = syn::parse_str(ty).expect("a type");
        assert!(!is_unsized(&ty), "{}", quote!(#ty));
    }
    let item: ItemImpl = syn::parse_quote! {
        impl ToKebabCase for str {
            fn to_kebab_case(&self) -> String { if self.is_empty() { String::new() } else { self.to_lowercase() } }
            fn shout(&mut self) {}
        }
    };
    let output = pretty(expand_impl(item, Mode::Instrument));
    assert!(
        !holds(&output, "fn __symtest_subject_str()"),
        "no sequences: {output}"
    );
    assert!(
        holds(&output, "<str as ToKebabCase>::to_kebab_case("),
        "called through the trait, the receiver first: {output}"
    );
    assert!(
        output.contains("takes `self` of an unsized type other than as `&self`"),
        "{output}"
    );
    let slice: ItemImpl = syn::parse_quote! {
        impl Checksum for [u8] {
            fn checksum(&self) -> u8 { 0 }
        }
    };
    let output = pretty(expand_impl(slice, Mode::Instrument));
    assert!(
        holds(&output, "<[u8] as Checksum>::checksum(__symtest_pass0)"),
        "a slice's too: {output}"
    );
    assert!(
        holds(&output, r#"name: "<[u8] as Checksum>::checksum""#),
        "named by its trait: {output}"
    );
}

#[test]
fn const_functions_stay_const_and_the_search_calls_their_instrumented_twins() {
    let source = r#"
#[symtest]
impl Version {
    pub const fn new(major: u8) -> Version {
        Version { major }
    }
    pub const fn is_stable(&self) -> bool {
        if self.major >= 1 { true } else { false }
    }
}
"#;
    let expanded = expand(source, 0, false);
    // As written, so const contexts of the crate still call them.
    assert!(
        holds(
            &expanded,
            "pub const fn is_stable(&self) -> bool { if self.major >= 1"
        ),
        "{expanded}"
    );
    // The twins, in a block of their own: not const, instrumented, hidden.
    assert!(
        holds(&expanded, "pub fn __symtest_const_is_stable(&self) -> bool"),
        "{expanded}"
    );
    assert!(!holds(&expanded, "const fn __symtest_const"), "{expanded}");
    assert!(
        holds(&expanded, "__SYMTEST_META_Version_is_stable"),
        "{expanded}"
    );
    // The sequences run the twins and write the functions' own names.
    assert!(
        holds(&expanded, "object.__symtest_const_is_stable()"),
        "{expanded}"
    );
    assert!(
        holds(&expanded, "<Version>::__symtest_const_new("),
        "{expanded}"
    );
    assert!(
        holds(&expanded, r#""{}.{}({})", var, "is_stable""#),
        "{expanded}"
    );
    assert!(!expanded.contains("a `const fn`"), "{expanded}");
}

#[test]
fn a_type_with_constructors_makes_the_arguments_of_its_type() {
    // With methods: the impl stands in the sequences' subject, beside what it calls.
    let first = expand(VERSION, 0, true);
    assert!(
        holds(
            &first,
            "impl ::symtest_runtime::__private::Constructed for Version"
        ),
        "{first}"
    );
    assert!(
        holds(&first, "make(genes, &[], false, false).ok()"),
        "{first}"
    );
    // Without methods there are no sequences, but the constructors still make arguments.
    let source = r#"
#[symtest]
impl Version {
    pub fn parse(text: &str) -> Option<Version> {
        if text.is_empty() { None } else { Some(Version { major: 1 }) }
    }
}
"#;
    let expanded = expand(source, 0, true);
    assert!(
        !expanded.contains("__symtest_subject_Version()"),
        "{expanded}"
    );
    assert!(
        holds(&expanded, "fn __symtest_made_Version()"),
        "{expanded}"
    );
    assert!(
        holds(
            &expanded,
            "impl ::symtest_runtime::__private::Constructed for Version"
        ),
        "{expanded}"
    );
    // The constructor is still searched as a function.
    assert!(
        holds(&expanded, "fn __symtest_entry_Version__parse()"),
        "{expanded}"
    );
    // The literals of the constructors seed the searches of functions taking the type.
    assert!(
        holds(&expanded, "&__SYMTEST_META_Version_parse"),
        "{expanded}"
    );
}

/// A block generic over types: searched on the type with the types chosen for its
/// parameters, its functions left generic; one whose bound has no type is skipped with it.
#[test]
fn generic_blocks_are_searched_on_the_type_with_chosen_types() {
    let source = r#"
        #[symtest]
        impl<K: Ord, V> Tree<K, V> {
            pub fn new() -> Self { Tree { root: None } }
            pub fn insert(&mut self, key: K, value: V) -> bool { key > key }
        }

        #[symtest]
        impl<S: Shape> Canvas<S> {
            pub fn new(shape: S) -> Self { Canvas { shape } }
        }
    "#;
    let blocks = blocks(source);
    let mut tree = blocks[0].clone();
    tree.attrs.clear();
    let tree = pretty(expand_impl(tree, Mode::Instrument));
    assert!(holds(&tree, "impl<K: Ord, V> Tree<K, V> {"), "{tree}");
    assert!(
        holds(&tree, "pub fn insert(&mut self, key: K, value: V) -> bool"),
        "{tree}"
    );
    assert!(holds(&tree, "\"{}::{}({})\""), "{tree}");
    assert!(holds(&tree, "\"Tree\"), \"::<u8, u8>\""), "{tree}");
    let mut canvas = blocks[1].clone();
    canvas.attrs.clear();
    let canvas = pretty(expand_impl(canvas, Mode::Instrument));
    assert!(
        canvas.contains(
            "is in an impl block generic over `S: Shape`, a bound symtest has no type for yet\""
        ),
        "{canvas}"
    );
}

/// What the module benchmark found in generic blocks: a blanket impl is searched on the type
/// chosen for its parameter; a block's parameters take owned types (a chosen reference gets
/// `'static`); a trait generic over the block's parameters is called qualified, naming the
/// chosen type.
#[test]
fn blanket_impls_are_searched_on_a_chosen_type_and_generic_traits_are_called_qualified() {
    let source = r#"
        #[symtest]
        impl<T: AsRef<[u8]>> ToBase32 for T {
            fn to_base32(&self) -> Vec<u8> { Vec::new() }
        }

        #[symtest]
        impl<T: AsRef<str>> fmt::Display for AsKebabCase<T> {
            fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { Ok(()) }
        }

        #[symtest]
        impl<T: Into<u64>> ops::Add<T> for ByteSize {
            type Output = ByteSize;
            fn add(self, rhs: T) -> ByteSize { ByteSize(self.0 + rhs.into()) }
        }
    "#;
    let blocks = blocks(source);
    let grouped = |position: usize, name: &str| {
        let mut item = blocks[position].clone();
        item.attrs.clear();
        let group = Group {
            blocks: vec![blocks[position].clone()],
            position: 0,
            constants: Vec::new(),
            inherent: vec![],
            iterator: false,
            defined: true,
            remote: Vec::new(),
            here: Vec::new(),
            module: Vec::new(),
            emitted_elsewhere: false,
        };
        pretty(instrument_in(item, &format_ident!("{}", name), Some(group)))
    };
    let mut blanket = blocks[0].clone();
    blanket.attrs.clear();
    let blanket = pretty(expand_impl(blanket, Mode::Instrument));
    assert!(!blanket.contains("a type symtest cannot name"), "{blanket}");
    assert!(
        holds(&blanket, "fn __symtest_entry_T__to_base32"),
        "{blanket}"
    );
    assert!(holds(&blanket, "self_type: \"Vec<u8>\""), "{blanket}");
    // A block's parameter is held by value: the owned `String` meets `AsRef<str>`, and genes
    // build it.
    let kebab = grouped(1, "AsKebabCase");
    assert!(
        holds(
            &kebab,
            "impl ::symtest_runtime::__private::Constructed for \
             AsKebabCase<::symtest_runtime::__private::std::string::String>"
        ),
        "{kebab}"
    );
    let add = grouped(2, "ByteSize");
    assert!(holds(&add, "\"<{} as {}>::{}({})\""), "{add}");
    assert!(holds(&add, "ops::Add<u64>"), "{add}");
}

/// A method generic over types of its own, in a block that is not: called with the types
/// chosen for them by the search, and with what tests write (none for a closure's).
#[test]
fn generic_methods_are_called_with_their_chosen_types() {
    let source = r#"
        #[symtest]
        impl Tally {
            pub fn new() -> Tally { Tally { count: 0 } }
            pub fn extend<I: IntoIterator<Item = u32>>(&mut self, items: I) {}
            pub fn count_where(&self, keep: impl Fn(u32) -> bool) -> usize { 0 }
            pub fn weigh<W: Shape>(&self, shape: W) -> u32 { 0 }
            pub fn holds<T>(&self, other: T) -> bool where Self: Contains<T> { true }
            pub fn put<T: Into<u8>>(&mut self, item: T) where Self: Sized {}
            pub fn twin<T: Into<u8>>(&self, item: T) -> Self where Self: Clone { self.clone() }
        }
    "#;
    let mut block = blocks(source)[0].clone();
    block.attrs.clear();
    let tally = pretty(expand_impl(block, Mode::Instrument));
    assert!(
        holds(
            &tally,
            "pub fn extend<I: IntoIterator<Item = u32>>(&mut self, items: I)"
        ),
        "the method stays generic: {tally}"
    );
    // Generated code names `Vec` through the runtime: a `#![no_std]` crate has no prelude `Vec`.
    assert!(holds(&tally, ".extend::<"), "{tally}");
    assert!(
        holds(&tally, "::symtest_runtime::__private::std::vec::Vec<u32>,"),
        "{tally}"
    );
    assert!(holds(&tally, "\"extend::<Vec<u32>>\""), "{tally}");
    assert!(holds(&tally, ".count_where("), "{tally}");
    assert!(holds(&tally, "\"count_where\""), "{tally}");
    assert!(
        tally.contains("is generic over `W: Shape`, a bound symtest has no type for yet"),
        "{tally}"
    );
    // `Self` is the block's type by then; a unit test has no source file to find
    // `impl Contains<…> for Tally` in.
    assert!(
        tally.contains("has a `where Self: Contains<T>` bound that no implementation in its file"),
        "{tally}"
    );
    // A bound that names no type holds when the type meets it: `Sized` always, `Clone` by a
    // derive or an implementation the file has (this one has none).
    assert!(holds(&tally, ".put::<"), "{tally}");
    assert!(
        tally.contains("has a `where Self: Clone` bound that no implementation in its file"),
        "{tally}"
    );
}

#[test]
fn a_trait_impl_of_a_std_type_written_through_its_module_is_not_the_crate_s_type() {
    let block: ItemImpl = syn::parse_quote! {
        impl From<Error> for io::Error {
            fn from(e: Error) -> io::Error {
                io::Error::new(io::ErrorKind::Other, e)
            }
        }
    };
    let code = pretty(expand_impl(block, Mode::Instrument));
    assert!(!code.contains("Constructed for io::Error"), "{code}");
    assert!(holds(&code, "<io::Error as From<Error>>::from"), "{code}");
    assert!(crate::items::callable::std_path(&syn::parse_quote!(
        std::fmt::Error
    )));
    assert!(!crate::items::callable::std_path(&syn::parse_quote!(
        errors::Error
    )));
}
