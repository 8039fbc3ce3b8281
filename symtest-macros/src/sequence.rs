//! The call sequences of a type with methods (EvoSuite's test case chromosome): a constructor —
//! a function returning `Self`, `Option<Self>` or `Result<Self, _>`, or the value built from
//! genes when the type is marked `#[symtest]` — then up to the runtime's `SEQUENCE_CALLS` method
//! calls with generated arguments, whose targets are the branches of all of them together. One
//! subject per type searches them, and renders each sequence as the statements of a test.
//!
//! A sequence is a value of one gene shape, so every search operator works on it unchanged:
//! a choice of constructor and its arguments, then a list of calls, each a choice of method and
//! its arguments (as an enum of `#[symtest]` is). Inserting, deleting and changing list items
//! is inserting, deleting and changing calls; crossover of lists cuts at call boundaries.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::{Ident, ReturnType, Type};

use crate::expand::{CallArgs, call_args};
use crate::impls::{Callable, Made};
use crate::rt;
use crate::signature::Receiver;

/// The subject and hidden test that search the block's methods as call sequences; nothing
/// when it has no methods. Its sequences leave out the functions whose arguments genes cannot
/// build, and it is skipped when nothing is left to start or continue a sequence with.
pub(crate) fn sequence_subject(
    type_name: &Ident,
    self_ty: &Type,
    callables: &[Callable],
    span: Span,
    taken: &[String],
) -> TokenStream {
    let rt = rt();
    let constructors: Vec<&Callable> = callables
        .iter()
        .filter(|c| c.made != Made::Nothing)
        .collect();
    let methods: Vec<&Callable> = callables.iter().filter(|c| c.receiver.is_some()).collect();
    if methods.is_empty() {
        return TokenStream::new();
    }
    let subject = format_ident!("__symtest_subject_{}", type_name);
    let entry = format_ident!("__symtest_entry_{}", type_name);
    let members = constructors
        .iter()
        .chain(&methods)
        .map(|c| &c.meta)
        .collect::<Vec<_>>();
    let params = |group: &[&Callable]| -> Vec<TokenStream> {
        group
            .iter()
            .map(|c| {
                let owned = c.params.iter().map(|p| &p.owned);
                quote! {
                    #rt::Shape::Tuple(#rt::std::vec![
                        #(#rt::shape_or_none((&&#rt::Direct::<#owned>::NEW).shape())),*
                    ])
                }
            })
            .collect()
    };
    // Which of them the sequences can call: those whose arguments genes build.
    let why_not = |group: &[&Callable]| -> Vec<TokenStream> {
        group
            .iter()
            .map(|c| {
                let name = c.name.to_string();
                let why = crate::expand::unbuildable(&c.params);
                quote!((#name, #why))
            })
            .collect()
    };
    let (made_why, calls_why) = (why_not(&constructors), why_not(&methods));
    let name = type_name.to_string();
    let choices = quote! {
        fn choices() -> &'static #rt::Choices {
            static CHOICES: #rt::std::sync::OnceLock<#rt::Choices> =
                #rt::std::sync::OnceLock::new();
            CHOICES.get_or_init(|| {
                #[allow(unused_imports)]
                use #rt::{NoInput as _, ViaInput as _};
                let direct = match (&&#rt::Direct::<#self_ty>::NEW).shape() {
                    #rt::core::option::Option::Some(_) => #rt::core::option::Option::None,
                    #rt::core::option::Option::None => #rt::core::option::Option::Some(
                        #rt::std::string::String::new(),
                    ),
                };
                #rt::Choices::new(#name, &[#(#made_why,)* ("", direct)], &[#(#calls_why),*])
            })
        }
    };
    let call_params = params(&methods);
    let call_shape = quote! {
        #rt::Shape::Tuple(#rt::std::vec![
            #rt::Shape::Tag(choices().call_count()),
            #(#call_params),*
        ])
    };
    // The constructors' arguments, then the value itself when genes can build it.
    let made_params = params(&constructors);
    let constructor_shape = quote! {{
        #[allow(unused_imports)]
        use #rt::{NoInput as _, ViaInput as _};
        let mut made: #rt::std::vec::Vec<#rt::Shape> = #rt::std::vec![#(#made_params),*];
        if let #rt::core::option::Option::Some(shape) = (&&#rt::Direct::<#self_ty>::NEW).shape() {
            made.push(shape);
        }
        let tag = #rt::Shape::Tag(choices().made_count());
        #rt::Shape::Tuple(#rt::core::iter::once(tag).chain(made).collect())
    }};
    let variable = rt_variable(type_name, taken);
    let exec_made = made_arms(
        &constructors,
        self_ty,
        |c, i| exec_constructor(self_ty, c, i),
        |object| object,
    );
    let exec_calls = arms(&methods, exec_call);
    let render_made = made_arms(
        &constructors,
        self_ty,
        |c, i| render_constructor(type_name, self_ty, c, i),
        |object| {
            quote! {{
                #[allow(unused_imports)]
                use #rt::{ViaLiteral as _, NoLiteral as _};
                let literal = (&&#rt::Rendered(&#object)).literal().unwrap_or_default();
                lines.push(#rt::std::format!("let mut {var} = {literal};"));
                ::symtest_runtime::__private::core::option::Option::Some(#object)
            }}
        },
    );
    let render_calls = arms(&methods, render_call);
    // Inspectors: `&self` methods without arguments that return something. A block whose
    // methods may consume the value has none, since the value may be gone by then.
    let consumes = methods.iter().any(|c| c.receiver == Some(Receiver::Owned));
    let inspections: Vec<TokenStream> = methods
        .iter()
        .filter(|c| !consumes && c.receiver == Some(Receiver::Shared) && c.params.is_empty())
        .filter(|c| returns_of(c) != "()")
        .map(|c| render_inspection(c))
        .collect();
    // Field coverage reads the value after the constructor and after every call that leaves
    // it (one that consumes it ends the loop first).
    let observe = quote! {{
        #[allow(unused_imports)]
        use #rt::{NoFields as _, ViaFields as _};
        (&&#rt::Observed(&object)).observe();
    }};
    let line = span.start().line as u32;
    let name = type_name.to_string();
    quote! {
        #[doc(hidden)]
        #[allow(dead_code, non_snake_case, unused_mut, unused_variables, unreachable_code)]
        pub fn #subject() -> #rt::Subject {
            #[allow(unused_imports)]
            use #rt::{NoInput as _, ViaInput as _};
            #choices
            static META: #rt::std::sync::OnceLock<&'static #rt::FunctionMeta> =
                #rt::std::sync::OnceLock::new();
            let meta = *META.get_or_init(|| {
                #rt::combine(#name, ::symtest_runtime::__private::core::module_path!(), ::symtest_runtime::__private::core::file!(), #line, &[#(&#members),*])
            });
            #rt::Subject {
                meta,
                shape: #rt::Shape::Tuple(#rt::std::vec![
                    #constructor_shape,
                    #rt::Shape::Seq {
                        item: #rt::std::boxed::Box::new(#call_shape),
                        max_len: #rt::SEQUENCE_CALLS,
                    },
                ]),
                exec: |value: &#rt::Value, capture: bool| -> #rt::Outcome {
                    let made = value.item(0);
                    let calls = value.item(1);
                    let run = #rt::catch(move || -> #rt::Outcome {
                        let mut outcome = #rt::Outcome::Returned {
                            literal: ::symtest_runtime::__private::core::option::Option::None,
                            debug: ::symtest_runtime::__private::core::option::Option::None,
                            comparable: false,
                        };
                        let mut object: #self_ty = match choices().made(made.item(0).as_int()) {
                            #(#exec_made)*
                        };
                        #observe
                        for (position, call) in calls.items().iter().enumerate() {
                            match choices().call(call.item(0).as_int()) {
                                #(#exec_calls)*
                            }
                            #observe
                        }
                        outcome
                    });
                    match run {
                        ::symtest_runtime::__private::core::result::Result::Ok(outcome) => outcome,
                        ::symtest_runtime::__private::core::result::Result::Err(outcome) => outcome,
                    }
                },
                render: |value: &#rt::Value| -> #rt::std::vec::Vec<#rt::std::string::String> {
                    let made = value.item(0);
                    let calls = value.item(1);
                    let var = #variable;
                    let mut lines: #rt::std::vec::Vec<#rt::std::string::String> =
                        #rt::std::vec::Vec::new();
                    let mut mutated = false;
                    let made: #rt::core::option::Option<#self_ty> = match choices().made(made.item(0).as_int()) {
                        #(#render_made)*
                    };
                    if let ::symtest_runtime::__private::core::option::Option::Some(mut object) = made {
                        let first = lines.len() - 1;
                        let mut alive = true;
                        for call in calls.items() {
                            match choices().call(call.item(0).as_int()) {
                                #(#render_calls)*
                            }
                        }
                        // The state the calls left, through the inspectors.
                        if alive {
                            #(#inspections)*
                        }
                        if !mutated {
                            lines[first] = lines[first].replacen("let mut ", "let ", 1);
                        }
                    }
                    lines
                },
                skipped: choices().skipped(),
                left_out: choices().left_out(),
            }
        }

        #[cfg(test)]
        #[test]
        #[doc(hidden)]
        #[allow(non_snake_case)]
        fn #entry() {
            #rt::run_entry(#subject());
        }
    }
}

/// The arms of the constructor choice: one per constructor function, then the value built
/// from genes (`direct` makes the arm's value from `object`, the built value), for the tags
/// past the functions; where genes cannot build one, those tags take the last function.
fn made_arms(
    constructors: &[&Callable],
    self_ty: &Type,
    body: impl Fn(&Callable, usize) -> TokenStream,
    direct: impl Fn(TokenStream) -> TokenStream,
) -> Vec<TokenStream> {
    let rt = rt();
    let mut arms: Vec<TokenStream> = constructors
        .iter()
        .enumerate()
        .map(|(index, c)| {
            let body = body(c, index);
            let index = index as u128;
            quote!(#index => { #body })
        })
        .collect();
    let item = constructors.len() + 1;
    let fallback = match constructors.last() {
        Some(last) => body(last, constructors.len() - 1),
        None => quote!(::symtest_runtime::__private::core::unreachable!(
            "the type is built from genes"
        )),
    };
    let built = direct(quote!(object));
    arms.push(quote! {
        _ => {
            #[allow(unused_imports)]
            use #rt::{NoInput as _, ViaInput as _};
            match (&&#rt::Direct::<#self_ty>::NEW).build(made.item(#item), &[0, #item]) {
                ::symtest_runtime::__private::core::option::Option::Some(object) => #built,
                ::symtest_runtime::__private::core::option::Option::None => { #fallback }
            }
        }
    });
    arms
}

/// One match arm per function of `group` on the choice's tag, with the body `body` makes for
/// the function and its index: `index => { body }`, and `_ => { body }` for the last (a tag out
/// of range decodes as the last choice).
fn arms(group: &[&Callable], body: impl Fn(&Callable, usize) -> TokenStream) -> Vec<TokenStream> {
    group
        .iter()
        .enumerate()
        .map(|(index, c)| {
            let body = body(c, index);
            if index + 1 == group.len() {
                quote!(_ => { #body })
            } else {
                let index = index as u128;
                quote!(#index => { #body })
            }
        })
        .collect()
}

fn exec_constructor(self_ty: &Type, c: &Callable, index: usize) -> TokenStream {
    let CallArgs { decode, passed, .. } = args_of(c, index, quote!(made));
    let (names, passes): (Vec<_>, Vec<_>) = passed.into_iter().unzip();
    let name = &c.name;
    let call = quote!(<#self_ty>::#name(#(#names),*));
    let captured = capture(quote!(returned));
    let output = crate::outputs::record(&c.lowered.sig.output, &c.meta);
    let item = index + 1;
    let frame = frame(c, quote!(&[0, #item]), 0);
    let finish = match c.made {
        Made::Value | Made::Nothing => quote!(#call),
        Made::Option => quote! {
            match { let returned = #call; #output returned } {
                ::symtest_runtime::__private::core::option::Option::Some(object) => object,
                returned => { #captured return outcome; }
            }
        },
        Made::Result => quote! {
            match { let returned = #call; #output returned } {
                ::symtest_runtime::__private::core::result::Result::Ok(object) => object,
                returned => { #captured return outcome; }
            }
        },
    };
    quote! { #decode #(let #names = #passes;)* #frame #finish }
}

/// In a concolic execution, shadows follow `c` from here, whose arguments are the genes at
/// `path` (for parameters from `first` on: 1 for a method, whose receiver is parameter 0).
fn frame(c: &Callable, path: TokenStream, first: u32) -> TokenStream {
    let rt = rt();
    let meta = &c.meta;
    quote! {
        if #rt::concolic() {
            #rt::frame(&#meta, #path, #first);
        }
    }
}

fn exec_call(c: &Callable, index: usize) -> TokenStream {
    let CallArgs { decode, passed, .. } = args_of(c, index, quote!(call));
    let (names, passes): (Vec<_>, Vec<_>) = passed.into_iter().unzip();
    let name = &c.name;
    let captured = capture(quote!(returned));
    let output = crate::outputs::record(&c.lowered.sig.output, &c.meta);
    let end = match c.receiver {
        Some(Receiver::Owned) => quote!(break;),
        _ => TokenStream::new(),
    };
    let item = index + 1;
    let frame = frame(c, quote!(&[1, position, #item]), 1);
    quote! {
        #decode
        #(let #names = #passes;)*
        #frame
        let returned = object.#name(#(#names),*);
        #output
        #captured
        #end
    }
}

/// Sets `outcome` to the rendered `value` when capturing, as a function's entry does.
fn capture(value: TokenStream) -> TokenStream {
    let rendered = crate::expand::rendered(&value);
    quote! {
        if capture {
            outcome = #rendered;
        }
    }
}

fn render_constructor(
    type_name: &Ident,
    self_ty: &Type,
    c: &Callable,
    index: usize,
) -> TokenStream {
    let rt = rt();
    let CallArgs {
        decode,
        passed,
        literals,
    } = args_of(c, index, quote!(made));
    let (names, passes): (Vec<_>, Vec<_>) = passed.into_iter().unzip();
    let name = &c.name;
    let text = format!("{type_name}::{name}");
    let call = quote!(<#self_ty>::#name(#(#names),*));
    let made = match c.made {
        Made::Value | Made::Nothing => quote!(
            ::symtest_runtime::__private::core::option::Option::Some(made)
        ),
        Made::Option => quote! {
            match made {
                ::symtest_runtime::__private::core::option::Option::Some(object) => {
                    text.push_str(".unwrap()");
                    ::symtest_runtime::__private::core::option::Option::Some(object)
                }
                ::symtest_runtime::__private::core::option::Option::None => {
                    lines.push(#rt::std::format!("assert!({text}.is_none());"));
                    ::symtest_runtime::__private::core::option::Option::None
                }
            }
        },
        Made::Result => quote! {
            match made {
                ::symtest_runtime::__private::core::result::Result::Ok(object) => {
                    text = #rt::std::format!("{text}.ok().unwrap()");
                    ::symtest_runtime::__private::core::option::Option::Some(object)
                }
                ::symtest_runtime::__private::core::result::Result::Err(_) => {
                    lines.push(#rt::std::format!("assert!({text}.is_err());"));
                    ::symtest_runtime::__private::core::option::Option::None
                }
            }
        },
    };
    quote! {
        #decode
        let mut text = #rt::std::format!(
            "{}({})",
            #text,
            <[#rt::std::string::String]>::join(&[#(#literals),*], ", ")
        );
        #(let #names = #passes;)*
        match #rt::catch(move || #call) {
            ::symtest_runtime::__private::core::result::Result::Ok(made) => {
                let object = #made;
                if object.is_some() {
                    lines.push(#rt::std::format!("let mut {var} = {text};"));
                }
                object
            }
            ::symtest_runtime::__private::core::result::Result::Err(_) => {
                lines.push(#rt::std::format!("let _ = {text};"));
                ::symtest_runtime::__private::core::option::Option::None
            }
        }
    }
}

fn render_call(c: &Callable, index: usize) -> TokenStream {
    let rt = rt();
    let CallArgs {
        decode,
        passed,
        literals,
    } = args_of(c, index, quote!(call));
    let (names, passes): (Vec<_>, Vec<_>) = passed.into_iter().unzip();
    let name = &c.name;
    let method = name.to_string();
    let mutates = c.receiver == Some(Receiver::Mutable);
    let consumes = c.receiver == Some(Receiver::Owned);
    let end = if consumes { quote!(break;) } else { quote!() };
    let returns = returns_of(c);
    // A call that consumes the value moves it into the closure; others borrow it.
    let closure = if consumes {
        quote!(move || object.#name(#(#names),*))
    } else {
        quote!(|| object.#name(#(#names),*))
    };
    quote! {
        #decode
        let text = #rt::std::format!(
            "{var}.{}({})",
            #method,
            <[#rt::std::string::String]>::join(&[#(#literals),*], ", ")
        );
        mutated |= #mutates;
        #(let #names = #passes;)*
        match #rt::catch(#closure) {
            ::symtest_runtime::__private::core::result::Result::Ok(returned) => {
                #[allow(unused_imports)]
                use #rt::{ViaDebug as _, ViaEq as _, ViaLiteral as _, NoDebug as _, NoEq as _, NoLiteral as _};
                lines.push(#rt::step(
                    &text,
                    #returns,
                    (&&#rt::Rendered(&returned)).literal(),
                    (&&#rt::Rendered(&returned)).debug(),
                    (&&#rt::Rendered(&returned)).comparable(),
                    false,
                ));
                #end
            }
            ::symtest_runtime::__private::core::result::Result::Err(_) => {
                lines.push(#rt::step(&text, #returns, ::symtest_runtime::__private::core::option::Option::None, ::symtest_runtime::__private::core::option::Option::None, false, true));
                alive = false;
                break;
            }
        }
    }
}

/// A statement asserting what inspector `c` returns, unless the last call was the same one or
/// the result can be neither written nor compared.
fn render_inspection(c: &Callable) -> TokenStream {
    let rt = rt();
    let name = &c.name;
    let call = format!(".{name}()");
    let returns = returns_of(c);
    quote! {
        let text = #rt::std::format!("{var}{}", #call);
        let repeated = lines
            .last()
            .is_some_and(|last| last.contains(&#rt::std::format!("{text:?}")));
        if !repeated && let ::symtest_runtime::__private::core::result::Result::Ok(returned) = #rt::catch(|| object.#name()) {
            #[allow(unused_imports)]
            use #rt::{ViaDebug as _, ViaEq as _, ViaLiteral as _, NoDebug as _, NoEq as _, NoLiteral as _};
            let literal = (&&#rt::Rendered(&returned)).literal();
            let debug = (&&#rt::Rendered(&returned)).debug();
            if literal.is_some() || debug.is_some() {
                let comparable = (&&#rt::Rendered(&returned)).comparable();
                lines.push(#rt::inspection(&text, #returns, literal, debug, comparable));
            }
        }
    }
}

/// `c`'s return type as written, `()` when it has none.
fn returns_of(c: &Callable) -> String {
    match &c.lowered.sig.output {
        ReturnType::Default => "()".to_string(),
        ReturnType::Type(_, ty) => crate::lower::display(ty),
    }
}

/// The arguments of `c`, choice `index` of its group, decoded from `genes`: a choice's genes
/// are its tag, then one tuple of arguments per function of the group.
fn args_of(c: &Callable, index: usize, genes: TokenStream) -> CallArgs {
    let item = index + 1;
    call_args(&c.params, &quote!(#genes.item(#item)))
}

/// The name of the value under test in the tests, clear of the names `taken` in their scope.
fn rt_variable(type_name: &Ident, taken: &[String]) -> TokenStream {
    let rt = rt();
    let name = type_name.to_string();
    quote!(#rt::variable(#name, &[#(#taken),*]))
}
