//! How a test calls a function of an impl block in a call sequence: as users call it.
//! A method of a trait impl is written in the form its trait gives it — `version.to_string()`,
//! `format!("{version:?}")`, `a == b`, `a.cmp(&b)`, `tokens.next()`, `a + b`, `-a`, `a += b` —
//! where that form resolves in every edition without an import (the operators, the prelude's
//! traits, `to_string` of every `Display` type), and through the trait as the impl's header
//! names it otherwise, one module down for the tests' module: `<Metres as super::Unit>::of(&metres)`.
//! A trait impl's constructor is written `"1.2".parse::<Version>()` (`FromStr`),
//! `Version::from(3)`, `Version::default()` (`From`, `Default`: every prelude has them), or
//! through its trait.
//!
//! The search calls each function through the trait as the header names it (the `fmt` of a
//! formatting trait through `symtest_runtime`'s `Shown`), so it runs exactly the function the
//! test's form calls.

use proc_macro2::TokenStream;
use quote::quote;
use syn::visit_mut::VisitMut;
use syn::{FnArg, Ident, Path, ReturnType, Signature, Type};

use crate::rt;
use crate::signature::parameters::Receiver;

/// How a call is written in a test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Form {
    /// `value.method(args)`, `Type::function(args)`: an inherent block's functions; methods of
    /// the traits in every edition's prelude; `From` and `Default` constructors.
    Method,
    /// `value.to_string()`, for `Display::fmt`.
    ToString,
    /// `format!("{value:?}")` (the spec after the colon, `?`, `x`, …; none for a `Display` whose
    /// type has an inherent `to_string` of its own, which `value.to_string()` would call).
    Format(&'static str),
    /// `value == other`, for `PartialEq::eq` with an operand of the type; a result of `false` is
    /// written `value != other`.
    Eq,
    /// `value + rhs`, for the binary operators' traits.
    Binary(&'static str),
    /// `-value`, `!value`.
    Unary(&'static str),
    /// `value += rhs`, for the compound assignments' traits.
    Assign(&'static str),
    /// `"1.2".parse::<Version>()`, for `FromStr::from_str`.
    Parse,
    /// `<Type as path::Trait>::method(&value, args)`.
    Qualified,
    /// `Type::EMPTY` (associated: `true`) or `BASE64`: a constant of the type, through the
    /// function that stands for it (see `crate::items::constants`).
    Constant(bool),
}

/// The traits of the standard library whose methods have a form of their own, with the module
/// that holds each: a header may name them bare (`Display`), by module (`fmt::Display`) or in
/// full (`std::fmt::Display`, `::core::fmt::Display`).
const STD_TRAITS: &[(&str, &str)] = &[
    ("Display", "fmt"),
    ("Debug", "fmt"),
    ("LowerHex", "fmt"),
    ("UpperHex", "fmt"),
    ("Octal", "fmt"),
    ("Binary", "fmt"),
    ("LowerExp", "fmt"),
    ("UpperExp", "fmt"),
    ("PartialEq", "cmp"),
    ("PartialOrd", "cmp"),
    ("Ord", "cmp"),
    ("Iterator", "iter"),
    ("DoubleEndedIterator", "iter"),
    ("ExactSizeIterator", "iter"),
    ("Clone", "clone"),
    ("Drop", "ops"),
    ("Add", "ops"),
    ("Sub", "ops"),
    ("Mul", "ops"),
    ("Div", "ops"),
    ("Rem", "ops"),
    ("BitAnd", "ops"),
    ("BitOr", "ops"),
    ("BitXor", "ops"),
    ("Shl", "ops"),
    ("Shr", "ops"),
    ("Neg", "ops"),
    ("Not", "ops"),
    ("AddAssign", "ops"),
    ("SubAssign", "ops"),
    ("MulAssign", "ops"),
    ("DivAssign", "ops"),
    ("RemAssign", "ops"),
    ("BitAndAssign", "ops"),
    ("BitOrAssign", "ops"),
    ("BitXorAssign", "ops"),
    ("ShlAssign", "ops"),
    ("ShrAssign", "ops"),
    ("FromStr", "str"),
    ("From", "convert"),
    ("Default", "default"),
];

/// The formatting traits and the spec `format!` names each with.
const FORMATS: &[(&str, &str)] = &[
    ("Debug", "?"),
    ("LowerHex", "x"),
    ("UpperHex", "X"),
    ("Octal", "o"),
    ("Binary", "b"),
    ("LowerExp", "e"),
    ("UpperExp", "E"),
];

/// The operators' traits: the method, the operator, and how the method takes `self`.
const OPERATORS: &[(&str, &str, &str)] = &[
    ("add", "+", "Add"),
    ("sub", "-", "Sub"),
    ("mul", "*", "Mul"),
    ("div", "/", "Div"),
    ("rem", "%", "Rem"),
    ("bitand", "&", "BitAnd"),
    ("bitor", "|", "BitOr"),
    ("bitxor", "^", "BitXor"),
    ("shl", "<<", "Shl"),
    ("shr", ">>", "Shr"),
];

/// The traits of every edition's prelude whose methods a test calls as methods.
const PRELUDE: &[&str] = &[
    "PartialEq",
    "PartialOrd",
    "Ord",
    "Iterator",
    "DoubleEndedIterator",
    "ExactSizeIterator",
    "Clone",
];

/// Methods `Iterator` provides that other prelude traits have too: on an iterator, the method
/// call would find `Iterator`'s.
pub const ITERATOR_CLASHES: &[&str] = &[
    "cmp",
    "partial_cmp",
    "eq",
    "ne",
    "lt",
    "le",
    "gt",
    "ge",
    "max",
    "min",
];

/// The module of the standard library that holds the trait `name` of [`STD_TRAITS`] (`fmt`
/// for `Display`).
pub fn std_module(name: &str) -> Option<&'static str> {
    (STD_TRAITS.iter())
        .find(|(trait_, _)| *trait_ == name)
        .map(|(_, module)| *module)
}

/// The standard library's trait `path` names, by its name, if it is one of [`STD_TRAITS`].
pub fn std_trait(path: &Path) -> Option<&'static str> {
    let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    let (last, before) = segments.split_last()?;
    let (name, module) = STD_TRAITS.iter().find(|(name, _)| last == name)?;
    let roots = ["std", "core", "alloc"];
    let module_ok = match before {
        [] => true,
        [one] => one == module || roots.contains(&one.as_str()),
        [root, one] => roots.contains(&root.as_str()) && one == module,
        _ => false,
    };
    module_ok.then_some(*name)
}

/// The form of method `name` of an impl of `trait_`, taking `self` as `receiver` and the
/// parameters of `sig`, of which `operand` tells those of the type itself. `avoid` holds
/// the names a method call on the type would not resolve to the trait's method by (its
/// inherent methods'; [`ITERATOR_CLASHES`] on an iterator). A method no test can call is
/// refused, with the reason.
pub fn of_method(
    trait_: &Path,
    sig: &Signature,
    receiver: Receiver,
    operand: impl Fn(&Type) -> bool,
    avoid: &[String],
) -> Result<Form, &'static str> {
    let name = sig.ident.to_string();
    let params: Vec<&Type> = sig
        .inputs
        .iter()
        .filter_map(|input| match input {
            FnArg::Typed(typed) => Some(&*typed.ty),
            FnArg::Receiver(_) => None,
        })
        .collect();
    let Some(trait_name) = std_trait(trait_) else {
        return Ok(Form::Qualified);
    };
    let method_or_qualified = match avoid.contains(&name) {
        true => Form::Qualified,
        false => Form::Method,
    };
    let form = match (trait_name, name.as_str(), receiver, params.as_slice()) {
        ("Drop", "drop", ..) => {
            return Err(
                "is `Drop::drop`, which Rust calls when a value goes out of scope: a \
                        test cannot call it",
            );
        }
        ("Display", "fmt", Receiver::Shared, [formatter]) if formats(sig, formatter) => {
            match avoid.iter().any(|avoided| avoided == "to_string") {
                true => Form::Format(""),
                false => Form::ToString,
            }
        }
        (format, "fmt", Receiver::Shared, [formatter]) if formats(sig, formatter) => {
            match FORMATS.iter().find(|(name, _)| *name == format) {
                Some((_, spec)) => Form::Format(spec),
                None => Form::Qualified,
            }
        }
        ("PartialEq", "eq", Receiver::Shared, [other]) if borrows(other, &operand) => Form::Eq,
        (_, "neg", Receiver::Owned, []) if trait_name == "Neg" => Form::Unary("-"),
        (_, "not", Receiver::Owned, []) if trait_name == "Not" => Form::Unary("!"),
        (_, method, Receiver::Owned, [_]) if operator(method, trait_name).is_some() => {
            Form::Binary(operator(method, trait_name).unwrap_or_default())
        }
        (_, method, Receiver::Mutable, [_]) if assigns(method, trait_name).is_some() => {
            Form::Assign(assigns(method, trait_name).unwrap_or_default())
        }
        (prelude, ..) if PRELUDE.contains(&prelude) => method_or_qualified,
        _ => Form::Qualified,
    };
    Ok(form)
}

/// The form of `function`, an associated function without `self` of an impl of `trait_`.
pub fn of_function(trait_: &Path, function: &Ident, params: usize) -> Form {
    match (std_trait(trait_), function.to_string().as_str(), params) {
        (Some("FromStr"), "from_str", 1) => Form::Parse,
        (Some("From"), "from", _) | (Some("Default"), "default", _) => Form::Method,
        _ => Form::Qualified,
    }
}

/// Whether `sig` is a formatting function's: its parameter a `&mut` reference to a
/// `Formatter`, returning `fmt::Result` (a `Result` without arguments). The search calls it
/// as a `fn(&T, &mut fmt::Formatter<'_>) -> fmt::Result`.
fn formats(sig: &Signature, formatter: &Type) -> bool {
    let last = |ty: &Type| match ty {
        Type::Path(path) if path.qself.is_none() => path.path.segments.last().cloned(),
        _ => None,
    };
    let takes = match formatter {
        Type::Reference(reference) => {
            reference.mutability.is_some()
                && last(&reference.elem).is_some_and(|last| last.ident == "Formatter")
        }
        _ => false,
    };
    let returns = match &sig.output {
        ReturnType::Type(_, ty) => {
            last(ty).is_some_and(|last| last.ident == "Result" && last.arguments.is_none())
        }
        ReturnType::Default => false,
    };
    takes && returns
}

/// Whether `ty` is a shared reference to the type itself (`&Self`, `&Version`).
fn borrows(ty: &Type, operand: &impl Fn(&Type) -> bool) -> bool {
    matches!(ty, Type::Reference(reference) if reference.mutability.is_none() && operand(&reference.elem))
}

/// The operator of binary operator trait `trait_name`'s method `method`.
fn operator(method: &str, trait_name: &str) -> Option<&'static str> {
    OPERATORS
        .iter()
        .find(|(name, _, owner)| *name == method && *owner == trait_name)
        .map(|(_, op, _)| *op)
}

/// The operator of compound assignment trait `trait_name`'s method `method` (`+` for
/// `AddAssign::add_assign`).
fn assigns(method: &str, trait_name: &str) -> Option<&'static str> {
    let method = method.strip_suffix("_assign")?;
    let owner = trait_name.strip_suffix("Assign")?;
    operator(method, owner)
}

/// How a test names the trait `path` of an impl header, from the module below the block's:
/// `super::Unit` for `self::Unit`, `super::super::Unit` for `super::Unit`; other paths as
/// written (`fmt::Display`, `crate::Unit`, `TryFrom<u8>`).
pub fn trait_text(path: &Path) -> String {
    let mut path = path.clone();
    OneModuleDown.visit_path_mut(&mut path);
    let ty = Type::Path(syn::TypePath { qself: None, path });
    crate::source::display::type_text(&ty)
}

/// Rewrites paths relative to a module for the module just below it, where `use super::*`
/// brings the names of the module but not those of its parent.
struct OneModuleDown;

impl VisitMut for OneModuleDown {
    fn visit_path_mut(&mut self, path: &mut Path) {
        if path.leading_colon.is_none()
            && let Some(first) = path.segments.first_mut()
        {
            if first.ident == "self" {
                first.ident = Ident::new("super", first.ident.span());
            } else if first.ident == "super" {
                path.segments.insert(0, syn::parse_quote!(super));
            }
        }
        syn::visit_mut::visit_path_mut(self, path);
    }
}

/// What a test calls, and what the search runs for it: the pieces of one call.
pub struct Call<'a> {
    pub form: &'a Form,
    /// The name tests write.
    pub name: &'a Ident,
    /// The name the search calls: `name`, or a `const fn`'s twin's (see `crate::body::twin`).
    pub called: &'a Ident,
    pub receiver: Option<Receiver>,
    /// The trait of a trait impl's function, as the header names it.
    pub trait_: Option<&'a Path>,
    /// The type as the block names it.
    pub self_ty: &'a Type,
    /// The types chosen for the function's own type parameters, as the search names them
    /// (`::<Vec<u8>>`), and as tests write them (often nothing, see
    /// `crate::signature::generics::Chosen::written_turbofish`).
    pub turbofish: TokenStream,
    pub written_turbofish: &'a str,
}

/// The type arguments of `ty` that are types (`u8, u8` of `Tree<u8, u8>`), as a test writes
/// them; `None` when it has none.
fn type_args(ty: &Type) -> Option<String> {
    let Type::Path(path) = ty else {
        return None;
    };
    let syn::PathArguments::AngleBracketed(args) = &path.path.segments.last()?.arguments else {
        return None;
    };
    let types: Vec<String> = args
        .args
        .iter()
        .filter_map(|arg| match arg {
            syn::GenericArgument::Type(ty) => Some(crate::source::display::type_text(ty)),
            // A const parameter's value (`Pattern::<'*', '?'>`).
            syn::GenericArgument::Const(value) => Some(crate::source::display::display(value)),
            _ => None,
        })
        .collect();
    (!types.is_empty()).then(|| types.join(", "))
}

impl Call<'_> {
    /// The expression the search runs, on `object` (a method's receiver) with the arguments
    /// `args`.
    pub fn exec(&self, object: &TokenStream, args: &[TokenStream]) -> TokenStream {
        let rt = rt();
        let Call {
            called: name,
            self_ty,
            receiver,
            turbofish,
            ..
        } = self;
        let Some(trait_) = self.trait_ else {
            return match receiver {
                Some(_) => quote!(#object.#name #turbofish(#(#args),*)),
                None => quote!(<#self_ty>::#name #turbofish(#(#args),*)),
            };
        };
        let function = quote!(<#self_ty as #trait_>::#name #turbofish);
        let receiver = match receiver {
            Some(Receiver::Shared) => Some(quote!(&#object)),
            Some(Receiver::Mutable) => Some(quote!(&mut #object)),
            Some(Receiver::Owned) => Some(object.clone()),
            None => None,
        };
        match self.form {
            Form::ToString => {
                quote!(#rt::std::string::ToString::to_string(&#rt::Shown(&#object, #function)))
            }
            Form::Format(_) => quote!(#rt::std::format!("{}", #rt::Shown(&#object, #function))),
            _ => {
                let args = receiver.iter().chain(args);
                quote!(#function(#(#args),*))
            }
        }
    }

    /// An expression of the `String` a test writes for the call, from `var` (the value's name)
    /// and `args` (each argument as Rust source), all `String` expressions; `type_name` is the
    /// type as tests name it.
    pub fn text(&self, type_name: &Ident, var: &TokenStream, args: &[TokenStream]) -> TokenStream {
        let rt = rt();
        let name = format!("{}{}", self.name, self.written_turbofish);
        // A generic type with the types its search chose (`Tree<u8, u8>`): a constructor's
        // call names them (`Tree::<u8, u8>::new()`), or inference would pick `i32`.
        let (ty, path) = match type_args(self.self_ty) {
            Some(args) => (
                format!("{type_name}<{args}>"),
                format!("{type_name}::<{args}>"),
            ),
            None => (type_name.to_string(), type_name.to_string()),
        };
        let joined =
            |args: &[TokenStream]| quote!(<[#rt::std::string::String]>::join(&[#(#args),*], ", "));
        let first = args.first().cloned().unwrap_or_default();
        // The type as the tests name it where no value is there to call on: through its module
        // where that is a child of the tests' (`sets::Set::EMPTY` from the crate root's tests;
        // the sequences stand in the type's module).
        let name_of_type = type_name.to_string();
        let turbofish = path.strip_prefix(&name_of_type).unwrap_or_default();
        let path = quote!(#rt::std::format!(
            "{}{}",
            #rt::named_in(::symtest_runtime::__private::core::module_path!(), #name_of_type),
            #turbofish
        ));
        match self.form {
            Form::Constant(associated) => {
                let (constant, _) =
                    crate::items::constants::constant_of(self.name).unwrap_or_default();
                match associated {
                    true => quote!(#rt::std::format!("{}::{}", #path, #constant)),
                    // Through its module where that is a child of the tests' (`sets::VOWELS`).
                    false => quote!(#rt::named_in(
                        ::symtest_runtime::__private::core::module_path!(),
                        #constant
                    )),
                }
            }
            Form::Method if self.receiver.is_some() => {
                let args = joined(args);
                quote!(#rt::std::format!("{}.{}({})", #var, #name, #args))
            }
            Form::Method => {
                let args = joined(args);
                quote!(#rt::std::format!("{}::{}({})", #path, #name, #args))
            }
            Form::ToString => quote!(#rt::std::format!("{}.to_string()", #var)),
            Form::Format(spec) => {
                let spec = match spec.is_empty() {
                    true => String::new(),
                    false => format!(":{spec}"),
                };
                quote!(#rt::std::format!("format!(\"{{{}{}}}\")", #var, #spec))
            }
            Form::Eq => quote!(#rt::std::format!("{} == {}", #var, #first)),
            Form::Binary(op) => quote!(#rt::std::format!("{} {} {}", #var, #op, #first)),
            Form::Unary(op) => quote!(#rt::std::format!("{}{}", #op, #var)),
            Form::Assign(op) => quote!(#rt::std::format!("{} {}= {}", #var, #op, #first)),
            Form::Parse => quote!(#rt::std::format!("{}.parse::<{}>()", #first, #ty)),
            Form::Qualified => {
                let trait_ = self.trait_.map(trait_text).unwrap_or_default();
                let receiver = match self.receiver {
                    Some(Receiver::Shared) => Some(quote!(#rt::std::format!("&{}", #var))),
                    Some(Receiver::Mutable) => Some(quote!(#rt::std::format!("&mut {}", #var))),
                    Some(Receiver::Owned) => Some(quote!(#rt::std::string::String::clone(&#var))),
                    None => None,
                };
                let args: Vec<TokenStream> = receiver.into_iter().chain(args.to_vec()).collect();
                let args = joined(&args);
                quote!(#rt::std::format!("<{} as {}>::{}({})", #ty, #trait_, #name, #args))
            }
        }
    }

    /// The name a test's name gives the call: the method's, `to_string` and `debug` for
    /// the formatting functions.
    pub fn shown_name(&self) -> String {
        match self.form {
            Form::ToString => "to_string".to_string(),
            Form::Format("?") => "debug".to_string(),
            Form::Format("") => "format".to_string(),
            _ => self.name.to_string(),
        }
    }
}

#[cfg(test)]
mod tests;
