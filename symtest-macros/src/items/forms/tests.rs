//! The forms of trait methods, row by row, and the text and code of each.

use super::*;
use quote::format_ident;

/// The form of the method `function` (a signature with `self`) of `impl {header} for Version`,
/// on a type whose inherent methods are `avoid`.
fn form(header: &str, function: &str, avoid: &[&str]) -> Result<Form, &'static str> {
    let trait_: Path = syn::parse_str(header).unwrap_or_else(|e| panic!("{header}: {e}"));
    let function: syn::ImplItemFn =
        syn::parse_str(&format!("{function} {{}}")).unwrap_or_else(|e| panic!("{function}: {e}"));
    let receiver = match function.sig.receiver() {
        Some(r) if r.reference.is_none() => Receiver::Owned,
        Some(r) if r.mutability.is_some() => Receiver::Mutable,
        _ => Receiver::Shared,
    };
    let avoid: Vec<String> = avoid.iter().map(|name| name.to_string()).collect();
    let operand = |ty: &Type| {
        let text = crate::source::display::type_text(ty);
        text == "Self" || text == "Version"
    };
    of_method(&trait_, &function.sig, receiver, operand, &avoid)
}

const FMT: &str = "fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result";

#[test]
fn formatting_traits_are_written_with_to_string_and_format() {
    assert_eq!(form("fmt::Display", FMT, &[]), Ok(Form::ToString));
    assert_eq!(form("std::fmt::Display", FMT, &[]), Ok(Form::ToString));
    assert_eq!(form("Display", FMT, &[]), Ok(Form::ToString));
    // `version.to_string()` would call the inherent method.
    assert_eq!(
        form("fmt::Display", FMT, &["to_string"]),
        Ok(Form::Format(""))
    );
    assert_eq!(form("fmt::Debug", FMT, &[]), Ok(Form::Format("?")));
    assert_eq!(form("core::fmt::LowerHex", FMT, &[]), Ok(Form::Format("x")));
    // A trait of the crate's that is no formatting trait, and a `fmt` of another signature.
    assert_eq!(form("my::fmt::Display", FMT, &[]), Ok(Form::Qualified));
    assert_eq!(
        form("fmt::Display", "fn fmt(&self) -> String", &[]),
        Ok(Form::Qualified)
    );
    let other_result = "fn fmt(&self, f: &mut Formatter) -> Result<(), Error>";
    assert_eq!(form("Display", other_result, &[]), Ok(Form::Qualified));
}

#[test]
fn comparisons_are_operators_or_prelude_methods() {
    let eq = "fn eq(&self, other: &Self) -> bool";
    assert_eq!(form("PartialEq", eq, &[]), Ok(Form::Eq));
    assert_eq!(
        form("PartialEq", "fn eq(&self, other: &Version) -> bool", &[]),
        Ok(Form::Eq)
    );
    // `name == "a"` needs `PartialEq<&str>`: the method is called instead.
    assert_eq!(
        form("PartialEq<str>", "fn eq(&self, other: &str) -> bool", &[]),
        Ok(Form::Method)
    );
    let cmp = "fn cmp(&self, other: &Self) -> Ordering";
    assert_eq!(form("Ord", cmp, &[]), Ok(Form::Method));
    assert_eq!(form("std::cmp::Ord", cmp, &[]), Ok(Form::Method));
    assert_eq!(
        form(
            "PartialOrd",
            "fn partial_cmp(&self, other: &Self) -> Option<Ordering>",
            &[]
        ),
        Ok(Form::Method)
    );
    // An inherent `cmp`, or `Iterator::cmp` on an iterator, would be called instead.
    assert_eq!(form("Ord", cmp, &["cmp"]), Ok(Form::Qualified));
}

#[test]
fn operators_are_written_as_operators() {
    let rows = [
        ("Add", "fn add(self, rhs: Self) -> Self", Form::Binary("+")),
        (
            "std::ops::Sub<u32>",
            "fn sub(self, rhs: u32) -> Self",
            Form::Binary("-"),
        ),
        (
            "ops::Shl<u8>",
            "fn shl(self, n: u8) -> Self",
            Form::Binary("<<"),
        ),
        ("Neg", "fn neg(self) -> Self", Form::Unary("-")),
        ("Not", "fn not(self) -> Self::Output", Form::Unary("!")),
        (
            "AddAssign",
            "fn add_assign(&mut self, rhs: Self)",
            Form::Assign("+"),
        ),
        (
            "BitXorAssign<u8>",
            "fn bitxor_assign(&mut self, rhs: u8)",
            Form::Assign("^"),
        ),
    ];
    for (header, function, expected) in rows {
        assert_eq!(form(header, function, &[]), Ok(expected), "{header}");
    }
    // Not the operator's method: called through the trait.
    assert_eq!(
        form("Add", "fn add(&self, rhs: Self) -> Self", &[]),
        Ok(Form::Qualified)
    );
}

#[test]
fn iterators_and_clones_are_prelude_methods_and_other_traits_are_qualified() {
    let next = "fn next(&mut self) -> Option<Self::Item>";
    assert_eq!(form("Iterator", next, &[]), Ok(Form::Method));
    assert_eq!(form("Iterator", next, &["next"]), Ok(Form::Qualified));
    assert_eq!(
        form("Clone", "fn clone(&self) -> Self", &[]),
        Ok(Form::Method)
    );
    assert_eq!(
        form("Unit", "fn scale(&self, by: u8) -> u32", &[]),
        Ok(Form::Qualified)
    );
    // Not in the 2015 and 2018 preludes.
    assert_eq!(
        form(
            "TryFrom<u8>",
            "fn try_from(&self, value: u8) -> Result<Self, ()>",
            &[]
        ),
        Ok(Form::Qualified)
    );
}

#[test]
fn drop_cannot_be_called_and_says_so() {
    let refused = form("Drop", "fn drop(&mut self)", &[]);
    assert!(refused.is_err_and(|why| why.contains("a test cannot call it")));
}

#[test]
fn constructors_of_trait_impls_are_parse_by_name_or_qualified() {
    let function = |header: &str, name: &str, params: usize| {
        let trait_: Path = syn::parse_str(header).unwrap_or_else(|e| panic!("{e}"));
        of_function(&trait_, &format_ident!("{name}"), params)
    };
    assert_eq!(function("std::str::FromStr", "from_str", 1), Form::Parse);
    assert_eq!(function("From<u8>", "from", 1), Form::Method);
    assert_eq!(function("Default", "default", 0), Form::Method);
    assert_eq!(function("TryFrom<u8>", "try_from", 1), Form::Qualified);
    assert_eq!(function("my::From<u8>", "from", 1), Form::Qualified);
}

#[test]
fn trait_paths_are_written_one_module_down() {
    let text = |path: &str| trait_text(&syn::parse_str(path).unwrap_or_else(|e| panic!("{e}")));
    assert_eq!(text("Unit"), "Unit");
    assert_eq!(text("self::Unit"), "super::Unit");
    assert_eq!(text("super::Unit"), "super::super::Unit");
    assert_eq!(text("crate::units::Unit"), "crate::units::Unit");
    assert_eq!(text("TryFrom<self::Raw>"), "TryFrom<super::Raw>");
}

/// The code the search runs and the text a test writes for one call of `form`.
fn call(form: Form, trait_: &str, name: &str, receiver: Option<Receiver>) -> (String, String) {
    let trait_: Path = syn::parse_str(trait_).unwrap_or_else(|e| panic!("{e}"));
    let name = format_ident!("{name}");
    let self_ty: Type = syn::parse_quote!(Version);
    let call = Call {
        form: &form,
        name: &name,
        called: &name,
        receiver,
        trait_: Some(&trait_),
        self_ty: &self_ty,
        turbofish: TokenStream::new(),
        written_turbofish: "",
    };
    let exec = call.exec(&quote!(object), &[quote!(arg)]).to_string();
    let text = call
        .text(&format_ident!("Version"), &quote!(var), &[quote!(arg)])
        .to_string();
    (exec, text)
}

#[test]
fn the_search_calls_through_the_trait_what_the_test_writes_as_users_do() {
    let (exec, text) = call(
        Form::ToString,
        "fmt::Display",
        "fmt",
        Some(Receiver::Shared),
    );
    assert!(
        exec.contains("ToString :: to_string (& :: symtest_runtime :: __private :: Shown (& object , < Version as fmt :: Display > :: fmt))"),
        "{exec}"
    );
    assert!(text.contains(r#""{}.to_string()" , var"#), "{text}");
    let (exec, text) = call(
        Form::Format("?"),
        "fmt::Debug",
        "fmt",
        Some(Receiver::Shared),
    );
    assert!(exec.contains("format ! (\"{}\""), "{exec}");
    assert!(
        text.contains(r#""format!(\"{{{}{}}}\")" , var , ":?""#),
        "{text}"
    );
    let (exec, text) = call(Form::Binary("+"), "Add", "add", Some(Receiver::Owned));
    assert_eq!(exec, "< Version as Add > :: add (object , arg)");
    assert!(text.contains(r#""{} {} {}" , var , "+" , arg"#), "{text}");
    let (exec, text) = call(Form::Method, "Ord", "cmp", Some(Receiver::Shared));
    assert_eq!(exec, "< Version as Ord > :: cmp (& object , arg)");
    assert!(text.contains(r#""{}.{}({})" , var , "cmp""#), "{text}");
    let (exec, text) = call(
        Form::Qualified,
        "self::Unit",
        "scale",
        Some(Receiver::Mutable),
    );
    assert_eq!(
        exec,
        "< Version as self :: Unit > :: scale (& mut object , arg)"
    );
    assert!(
        text.contains(r#""<{} as {}>::{}({})" , "Version" , "super::Unit" , "scale""#),
        "{text}"
    );
    assert!(text.contains(r#""&mut {}" , var"#), "{text}");
    let (exec, text) = call(Form::Parse, "FromStr", "from_str", None);
    assert_eq!(exec, "< Version as FromStr > :: from_str (arg)");
    assert!(
        text.contains(r#""{}.parse::<{}>()" , arg , "Version""#),
        "{text}"
    );
}
