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
use syn::{Ident, Type};

use crate::items::callable::{Callable, Made};
use crate::items::forms::Form;
use crate::items::function::{CallArgs, Followed, call_args_given, constants};
use crate::rt;
use crate::signature::parameters::Receiver;

/// The subject and hidden test that search the type's methods as call sequences. Its
/// sequences leave out the functions whose arguments genes cannot build, and it is skipped
/// when nothing is left to start or continue a sequence with. Where the module `defines` the
/// type, its constructors make the arguments of its type too (without methods, that is all
/// there is: a hidden `__symtest_made_*` function holds it); nothing otherwise.
pub(crate) fn sequence_subject(
    type_name: &Ident,
    self_ty: &Type,
    callables: &[Callable],
    span: Span,
    taken: &[String],
    (defines, keeps): (bool, bool),
    generic: &TokenStream,
) -> TokenStream {
    let rt = rt();
    let constructors: Vec<&Callable> = callables
        .iter()
        .filter(|c| c.made != Made::Nothing)
        .collect();
    let methods: Vec<&Callable> = callables.iter().filter(|c| c.receiver.is_some()).collect();
    if constructors.is_empty() && methods.is_empty() {
        return TokenStream::new();
    }
    let subject = format_ident!("__symtest_subject_{}", type_name);
    let entry = format_ident!("__symtest_entry_{}", type_name);
    let members = constructors
        .iter()
        .chain(&methods)
        .map(|c| c.meta_ref())
        .collect::<Vec<_>>();
    // A parameter that takes a value of the type itself has no genes of its own: the value
    // is made as the sequence's is, from the genes after the calls' arguments. A member that
    // cannot be called has none either (`Choices::made_field`): nothing evolves genes no call
    // reads, and a choice gene's `n`-th usable member is its `n`-th field with genes.
    let params = |group: &[&Callable], list: TokenStream| -> Vec<TokenStream> {
        group
            .iter()
            .enumerate()
            .map(|(index, c)| {
                let shapes = c.params.iter().zip(&c.operands).map(|(p, operand)| {
                    let probe = p.probe(&p.owned);
                    match operand {
                        true => quote!(#rt::Shape::Tuple(#rt::std::vec::Vec::new())),
                        false => quote!(#rt::shape_or_none((&&#probe).shape())),
                    }
                });
                let index = index as u128;
                quote!(choices().#list(#index, || {
                    #rt::Shape::Tuple(#rt::std::vec![#(#shapes),*])
                }))
            })
            .collect()
    };
    // Which of them the sequences can call: those whose arguments genes build.
    let why_not = |group: &[&Callable]| -> Vec<TokenStream> {
        group
            .iter()
            .map(|c| {
                let name = c.name.to_string();
                let built = c
                    .params
                    .iter()
                    .zip(&c.operands)
                    .filter(|(_, operand)| !**operand);
                let why = crate::items::function::unbuildable(built.map(|(param, _)| param));
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
            let list = || {
                #[allow(unused_imports)]
                use #rt::{
                    NoInput as _, ViaInput as _, ViaGenes as _, ViaConstructor as _,
                    ViaParse as _, NoArg as _, NoToOwned as _, ViaToOwned as _, NoView as _,
                    ViaView as _,
                };
                let direct = match (&&#rt::Direct::<#self_ty>::NEW).shape() {
                    #rt::core::option::Option::Some(_) => #rt::core::option::Option::None,
                    #rt::core::option::Option::None => #rt::core::option::Option::Some(
                        #rt::std::string::String::new(),
                    ),
                };
                #rt::listing::<#self_ty, _>(|| {
                    #rt::Choices::new(#name, &[#(#made_why,)* ("", direct)], &[#(#calls_why),*])
                })
            };
            // Listed while another type's constructors are, they leave out those that take
            // it: not kept for later (a few choices, leaked, while the other is listed).
            if #rt::nested::<#self_ty>() && CHOICES.get().is_none() {
                return #rt::std::boxed::Box::leak(#rt::std::boxed::Box::new(list()));
            }
            CHOICES.get_or_init(list)
        }
    };
    // The values of the type the calls take, after their arguments: one per parameter of
    // the method that takes the most.
    let operands = methods
        .iter()
        .map(|c| c.operands.iter().filter(|operand| **operand).count())
        .max()
        .unwrap_or(0);
    let operand_shapes = (0..operands).map(|_| quote!(made_shape()));
    let operand_shape =
        (operands > 0).then(|| quote!(#rt::Shape::Tuple(#rt::std::vec![#(#operand_shapes),*])));
    let call_params = params(&methods, quote!(call_field));
    let call_shape = quote! {
        #rt::Shape::Tuple(#rt::std::vec![
            #rt::Shape::Tag(choices().call_count()),
            #(#call_params,)*
            #operand_shape
        ])
    };
    // The constructors' arguments, then the value itself when genes can build it.
    let made_params = params(&constructors, quote!(made_field));
    let made_shape = quote! {
        fn made_shape() -> #rt::Shape {
            #[allow(unused_imports)]
            use #rt::{
                NoInput as _, ViaInput as _, ViaGenes as _, ViaConstructor as _, ViaParse as _,
                NoArg as _, NoToOwned as _, ViaToOwned as _, NoView as _,
                ViaView as _,
            };
            let mut made: #rt::std::vec::Vec<#rt::Shape> = #rt::std::vec![#(#made_params),*];
            if let #rt::core::option::Option::Some(shape) = (&&#rt::Direct::<#self_ty>::NEW).shape() {
                made.push(shape);
            }
            let tag = #rt::Shape::Tag(choices().made_count());
            #rt::Shape::Tuple(#rt::core::iter::once(tag).chain(made).collect())
        }
    };
    let variable = rt_variable(type_name, taken);
    let make = make(self_ty, &constructors);
    let make_text = make_text(type_name, self_ty, &constructors);
    let after = methods.len() + 1;
    let exec_calls = arms(&methods, |c, i| exec_call(self_ty, c, i, after));
    let render_calls = arms(&methods, |c, i| {
        render_call(type_name, self_ty, c, i, after)
    });
    // Inspectors: `&self` methods without arguments that return something, and what
    // `Display` writes. A type whose methods may consume the value has none, since the value
    // may be gone by then.
    let consumes = methods.iter().any(|c| c.receiver == Some(Receiver::Owned));
    let inspections: Vec<TokenStream> = methods
        .iter()
        .filter(|c| !consumes && c.receiver == Some(Receiver::Shared) && c.params.is_empty())
        .filter(|c| c.inspects() && c.returns() != "()")
        .map(|c| render_inspection(type_name, self_ty, c))
        .collect();
    // Field coverage reads the value after the constructor and after every call that leaves
    // it (one that consumes it ends the loop first).
    let observe = quote! {{
        #[allow(unused_imports)]
        use #rt::{NoFields as _, ViaFields as _};
        (&&#rt::Observed(&object)).observe();
    }};
    // What the calls' arguments borrow is freed after the sequence, unless a block or a
    // signature lets a function keep it (see `symtest_runtime::genes::lent`); so is what the
    // constructors' arguments borrow when they make another function's argument.
    let keep = keeps
        || callables
            .iter()
            .any(|c| crate::signature::lifetimes::names_static(&c.lowered.sig));
    let constructed = match defines {
        true => constructed(self_ty, &constructors, keep),
        false => TokenStream::new(),
    };
    let imports = quote! {
        #[allow(unused_imports)]
        use #rt::{
            NoInput as _, ViaInput as _, ViaGenes as _, ViaConstructor as _, ViaParse as _,
            NoArg as _, NoToOwned as _, ViaToOwned as _, NoView as _, ViaView as _,
        };
    };
    // A type with constructors and no methods has no sequences, but its constructors still
    // make the arguments of its type.
    if methods.is_empty() && !defines {
        return TokenStream::new();
    }
    if methods.is_empty() {
        let made = format_ident!("__symtest_made_{}", type_name);
        return quote! {
            #[doc(hidden)]
            #[allow(dead_code, deprecated, non_snake_case, unused_mut, unused_variables)]
            fn #made() {
                #imports
                #choices
                #made_shape
                #make
                #make_text
                #constructed
            }
        };
    }
    let constants = constants(callables.iter().flat_map(|c| {
        c.params
            .iter()
            .zip(&c.operands)
            .filter(|(_, operand)| !**operand)
            .map(|(param, _)| param)
    }));
    let line = crate::source::position::start(span).line as u32;
    let name = type_name.to_string();

    quote! {
        #[doc(hidden)]
        #[allow(
            dead_code,
            deprecated,
            non_snake_case,
            unused_mut,
            unused_variables,
            unreachable_code
        )]
        pub fn #subject() -> #rt::Subject {
            #imports
            #choices
            #made_shape
            #make
            #make_text
            #constructed
            static META: #rt::std::sync::OnceLock<&'static #rt::FunctionMeta> =
                #rt::std::sync::OnceLock::new();
            let meta = *META.get_or_init(|| {
                #rt::combine(#name, ::symtest_runtime::__private::core::module_path!(), ::symtest_runtime::__private::core::file!(), #line, &[#(&#members),*])
            });
            #rt::Subject {
                meta,
                shape: #rt::Shape::Tuple(#rt::std::vec![
                    made_shape(),
                    #rt::Shape::Seq {
                        item: #rt::std::boxed::Box::new(#call_shape),
                        max_len: #rt::SEQUENCE_CALLS,
                    },
                ]),
                exec: |value: &#rt::Value, capture: bool| -> #rt::Outcome {
                    #rt::lending(#keep, move || -> #rt::Outcome {
                    let made = value.item(0);
                    let calls = value.item(1);
                    let run = #rt::catch(move || -> #rt::Outcome {
                        let mut outcome = #rt::Outcome::Returned {
                            literal: ::symtest_runtime::__private::core::option::Option::None,
                            debug: ::symtest_runtime::__private::core::option::Option::None,
                            comparable: false,
                        };
                        let mut object: #self_ty = match make(made, &[0], true, capture) {
                            ::symtest_runtime::__private::core::result::Result::Ok(object) => object,
                            ::symtest_runtime::__private::core::result::Result::Err(outcome) => return outcome,
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
                    })
                },
                render: |value: &#rt::Value| -> #rt::std::vec::Vec<#rt::std::string::String> {
                    #rt::lending(#keep, move || -> #rt::std::vec::Vec<#rt::std::string::String> {
                    let made = value.item(0);
                    let calls = value.item(1);
                    let var = #variable;
                    let mut lines: #rt::std::vec::Vec<#rt::std::string::String> =
                        #rt::std::vec::Vec::new();
                    let mut mutated = false;
                    let made: #rt::core::option::Option<#self_ty> = match make_text(made) {
                        #rt::Making::Made(object, text) => {
                            lines.push(#rt::std::format!("let mut {var} = {text};"));
                            ::symtest_runtime::__private::core::option::Option::Some(object)
                        }
                        #rt::Making::Failed(line) | #rt::Making::Panicked(line) => {
                            lines.push(line);
                            ::symtest_runtime::__private::core::option::Option::None
                        }
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
                    })
                },
                skipped: choices().skipped(),
                left_out: choices().left_out(),
                constants: #constants,
                generic: #generic,
                formats: ::symtest_runtime::__private::core::option::Option::None,
                result: ::symtest_runtime::__private::core::option::Option::None,
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

/// The function that makes a value of the type from the genes `made` of a choice of maker —
/// the constructors, then the value built from genes — for a sequence's execution: the value,
/// or how the execution ends when a constructor makes none (rendered when `capture`). The
/// value a sequence starts from (`follow`) is followed by concolic execution, from its genes
/// at `path`; another value a call takes is not.
fn make(self_ty: &Type, constructors: &[&Callable]) -> TokenStream {
    let rt = rt();
    let arms = made_arms(
        constructors,
        |c, index| exec_constructor(self_ty, c, index),
        |genes, item| {
            quote! {
                match follow {
                    true => (&&#rt::Direct::<#self_ty>::NEW).build(#genes, &[path, &[#item]].concat()),
                    false => (&&#rt::Direct::<#self_ty>::NEW).decode(#genes),
                }
            }
        },
        |object| quote!(::symtest_runtime::__private::core::result::Result::Ok(#object)),
    );
    quote! {
        fn make(
            made: &#rt::Value,
            path: &[usize],
            follow: bool,
            capture: bool,
        ) -> ::symtest_runtime::__private::core::result::Result<#self_ty, #rt::Outcome> {
            #[allow(unused_imports)]
            use #rt::{
                NoInput as _, ViaInput as _, ViaGenes as _, ViaConstructor as _, ViaParse as _,
                NoArg as _, NoToOwned as _, ViaToOwned as _, NoView as _,
                ViaView as _,
            };
            let mut outcome = #rt::Outcome::Returned {
                literal: ::symtest_runtime::__private::core::option::Option::None,
                debug: ::symtest_runtime::__private::core::option::Option::None,
                comparable: false,
            };
            match choices().made(made.item(0).as_int()) {
                #(#arms)*
            }
        }
    }
}

/// The function that makes a value of the type from the genes `made` for a test to write:
/// the value with the expression that makes it, or the statement that ends the test.
fn make_text(type_name: &Ident, self_ty: &Type, constructors: &[&Callable]) -> TokenStream {
    let rt = rt();
    let arms = made_arms(
        constructors,
        |c, index| render_constructor(type_name, self_ty, c, index),
        |genes, _| quote!((&&#rt::Direct::<#self_ty>::NEW).decode(#genes)),
        |object| {
            quote! {{
                #[allow(unused_imports)]
                use #rt::{ViaLiteral as _, NoLiteral as _};
                // Written where nothing gives its type (`let mut amount = Amount::<u64> { … }`).
                let literal = #rt::typed(|| (&&#rt::Rendered(&#object)).literal())
                    .unwrap_or_else(|| #rt::unwritable(&#object));
                #rt::Making::Made(#object, literal)
            }}
        },
    );
    quote! {
        fn make_text(made: &#rt::Value) -> #rt::Making<#self_ty> {
            #[allow(unused_imports)]
            use #rt::{
                NoInput as _, ViaInput as _, ViaGenes as _, ViaConstructor as _, ViaParse as _,
                NoArg as _, NoToOwned as _, ViaToOwned as _, NoView as _,
                ViaView as _,
            };
            match choices().made(made.item(0).as_int()) {
                #(#arms)*
            }
        }
    }
}

/// The arms of the constructor choice: one per constructor function, then the value built
/// from genes (`build` decodes it from genes at an item, `direct` makes the arm's value from
/// `object`, the built value), for the tags past the functions; where genes cannot build one,
/// or the value must be made by a function, those tags take the last function.
fn made_arms(
    constructors: &[&Callable],
    body: impl Fn(&Callable, usize) -> TokenStream,
    build: impl Fn(TokenStream, usize) -> TokenStream,
    direct: impl Fn(TokenStream) -> TokenStream,
) -> Vec<TokenStream> {
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
    let build = build(quote!(made.item(#item)), item);
    // Where the value is an argument no test could write from genes (see the runtime's
    // `MadeArg`), the tags past the functions take the last one too.
    let rt = rt();
    arms.push(quote! {
        _ => {
            let built = match #rt::made_only() {
                true => ::symtest_runtime::__private::core::option::Option::None,
                false => #build,
            };
            match built {
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

/// The body of `make`'s arm for constructor `c`, choice `index`.
fn exec_constructor(self_ty: &Type, c: &Callable, index: usize) -> TokenStream {
    let rt = rt();
    let invalid = quote!(return ::symtest_runtime::__private::core::result::Result::Err(#rt::Outcome::Invalid));
    let item = index + 1;
    let followed = Followed {
        path: quote!([path, &[#item]].concat()),
        position: quote!(::symtest_runtime::__private::core::option::Option::None),
        first: 0,
    };
    let CallArgs { decode, passed, .. } =
        args_of(c, index, quote!(made), &[], invalid, Some(&followed));
    let (names, passes): (Vec<_>, Vec<_>) = passed.into_iter().unzip();
    let call = c.call(self_ty).exec(&TokenStream::new(), &names_of(&names));
    let captured = capture(quote!(returned));
    let output = crate::signature::outputs::record(&c.lowered.sig.output, &c.meta_ref());
    let frame = frame(c, quote!(&[path, &[#item]].concat()), 0);
    let finish = match c.made {
        Made::Value | Made::Nothing => {
            quote!(::symtest_runtime::__private::core::result::Result::Ok(#call))
        }
        Made::Option => quote! {
            match { let returned = #call; #output returned } {
                ::symtest_runtime::__private::core::option::Option::Some(object) => ::symtest_runtime::__private::core::result::Result::Ok(object),
                returned => { #captured ::symtest_runtime::__private::core::result::Result::Err(outcome) }
            }
        },
        Made::Result => quote! {
            match { let returned = #call; #output returned } {
                ::symtest_runtime::__private::core::result::Result::Ok(object) => ::symtest_runtime::__private::core::result::Result::Ok(object),
                returned => { #captured ::symtest_runtime::__private::core::result::Result::Err(outcome) }
            }
        },
    };
    quote! {
        #decode
        #(let #names = #passes;)*
        if follow {
            #frame
        }
        #finish
    }
}

/// The type's constructors, as the sequences call them, make the arguments of its type that
/// genes cannot build, of any function (see `symtest_runtime::record::made`). The impl stands
/// in the subject's body, beside the functions it calls.
fn constructed(self_ty: &Type, constructors: &[&Callable], keep: bool) -> TokenStream {
    let rt = rt();
    let make = crate::signature::lifetimes::kept(keep, quote!(make(genes, &[], false, false).ok()));
    let make_at =
        crate::signature::lifetimes::kept(keep, quote!(make(genes, path, true, false).ok()));
    let make_text = crate::signature::lifetimes::kept(keep, quote!(make_text(genes)));
    let tables = constructors.iter().map(|c| c.meta_ref());
    quote! {
        #[allow(non_local_definitions)]
        impl #rt::Constructed for #self_ty {
            fn made_shape() -> ::symtest_runtime::__private::core::option::Option<#rt::Shape> {
                let listed = #rt::making::<#self_ty, _>(|| {
                    (choices().made_count() > 0).then(made_shape)
                });
                listed.flatten()
            }

            fn make(genes: &#rt::Value) -> ::symtest_runtime::__private::core::option::Option<Self> {
                #make
            }

            fn make_at(genes: &#rt::Value, path: &[usize]) -> ::symtest_runtime::__private::core::option::Option<Self> {
                #make_at
            }

            fn make_text(
                genes: &#rt::Value,
            ) -> ::symtest_runtime::__private::core::option::Option<#rt::std::string::String> {
                match #make_text {
                    #rt::Making::Made(_, text) => ::symtest_runtime::__private::core::option::Option::Some(text),
                    _ => ::symtest_runtime::__private::core::option::Option::None,
                }
            }

            fn constants() -> #rt::std::vec::Vec<#rt::Constant> {
                let tables: &[&#rt::FunctionMeta] = &[#(&#tables),*];
                tables.iter().flat_map(|table| table.shadow.constants.iter().copied()).collect()
            }
        }
    }
}

/// In a concolic execution, shadows follow `c` from here, whose arguments are the genes at
/// `path` (for parameters from `first` on: 1 for a method, whose receiver is parameter 0).
fn frame(c: &Callable, path: TokenStream, first: u32) -> TokenStream {
    let rt = rt();
    let meta = &c.meta_ref();
    quote! {
        if #rt::concolic() {
            #rt::frame(&#meta, #path, #first);
        }
    }
}

/// The names of the values a call takes, as expressions.
fn names_of(names: &[Ident]) -> Vec<TokenStream> {
    names.iter().map(|name| quote!(#name)).collect()
}

/// The values of the type that method `c` takes, as `make` makes them from the genes after
/// the calls' arguments (item `after`): each is `__symtest_operand{n}`, and the call is not
/// made when a constructor makes none. Nothing is recorded of their making, which a test
/// writes only where it makes one (a call's argument, `&Version::new(1, 2)`); in a concolic
/// execution, shadows follow it (see the runtime's `recorder::argument`).
fn exec_operands(c: &Callable, after: usize) -> Vec<TokenStream> {
    let rt = rt();
    // Parameters as the function's table numbers them: its receiver is the first.
    let first = u32::from(c.receiver.is_some());
    let params = (c.operands.iter().enumerate())
        .filter(|(_, operand)| **operand)
        .map(|(index, _)| index as u32 + first);
    params
        .enumerate()
        .map(|(n, param)| {
            let operand = format_ident!("__symtest_operand{}", n);
            quote! {
                let made = #rt::argument(::symtest_runtime::__private::core::option::Option::Some(position), #param, &[1, position, #after, #n], |follow| {
                    make(call.item(#after).item(#n), &[1, position, #after, #n], follow, false)
                });
                let #operand = match made {
                    ::symtest_runtime::__private::core::result::Result::Ok(object) => object,
                    ::symtest_runtime::__private::core::result::Result::Err(_) => continue,
                };
            }
        })
        .collect()
}

/// [`exec_operands`] for a test: each value with the expression that makes it
/// (`__symtest_operand_text{n}`); where a constructor makes none, the call is not made, nor
/// written; one that panics ends the test.
fn render_operands(c: &Callable, after: usize) -> Vec<TokenStream> {
    let rt = rt();
    (0..c.operands.iter().filter(|operand| **operand).count())
        .map(|n| {
            let operand = format_ident!("__symtest_operand{}", n);
            let text = format_ident!("__symtest_operand_text{}", n);
            quote! {
                let (#operand, #text) = match make_text(call.item(#after).item(#n)) {
                    #rt::Making::Made(object, text) => (object, text),
                    #rt::Making::Failed(_) => continue,
                    #rt::Making::Panicked(line) => {
                        lines.push(line);
                        alive = false;
                        break;
                    }
                };
            }
        })
        .collect()
}

/// For each parameter of `c`, the value and source of a value of the type it takes (see
/// [`exec_operands`]), borrowed as the parameter borrows it; `None` for the others.
fn given(c: &Callable) -> Vec<Option<(TokenStream, TokenStream)>> {
    let rt = rt();
    let mut n: usize = 0;
    c.params
        .iter()
        .zip(&c.operands)
        .map(|(param, operand)| {
            if !operand {
                return None;
            }
            let value = format_ident!("__symtest_operand{}", n);
            let text = format_ident!("__symtest_operand_text{}", n);
            n += 1;
            let lend = param.written_reference();
            Some((
                quote!(#value),
                quote!(#rt::std::format!("{}{}", #lend, #text)),
            ))
        })
        .collect()
}

fn exec_call(self_ty: &Type, c: &Callable, index: usize, after: usize) -> TokenStream {
    let operands = exec_operands(c, after);
    // Its text is never used here: an expression of the same type stands in.
    let given: Vec<_> = given(c)
        .into_iter()
        .map(|given| {
            given.map(|(value, _)| {
                (
                    value,
                    quote!(::symtest_runtime::__private::std::string::String::new()),
                )
            })
        })
        .collect();
    let item = index + 1;
    let followed = Followed {
        path: quote!([1, position, #item]),
        position: quote!(::symtest_runtime::__private::core::option::Option::Some(
            position
        )),
        first: u32::from(c.receiver.is_some()),
    };
    let CallArgs { decode, passed, .. } = args_of(
        c,
        index,
        quote!(call),
        &given,
        quote!(continue),
        Some(&followed),
    );
    let (names, passes): (Vec<_>, Vec<_>) = passed.into_iter().unzip();
    let call = c.call(self_ty).exec(&quote!(object), &names_of(&names));
    let captured = capture(quote!(returned));
    let output = crate::signature::outputs::record(&c.lowered.sig.output, &c.meta_ref());
    let end = match c.receiver {
        Some(Receiver::Owned) => quote!(break;),
        _ => TokenStream::new(),
    };
    let frame = frame(c, quote!(&[1, position, #item]), 1);
    let bound = crate::signature::outputs::bound_as(&c.lowered.sig.output);
    quote! {
        #(#operands)*
        #decode
        #(let #names = #passes;)*
        #frame
        let returned #bound = #call;
        #output
        #captured
        #end
    }
}

/// Sets `outcome` to the rendered `value` when capturing, as a function's entry does.
fn capture(value: TokenStream) -> TokenStream {
    let rendered = crate::items::function::rendered(&value);
    quote! {
        if capture {
            outcome = #rendered;
        }
    }
}

/// The body of `make_text`'s arm for constructor `c`, choice `index`.
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
    } = args_of(
        c,
        index,
        quote!(made),
        &[],
        quote!(return #rt::Making::Failed(#rt::std::string::String::new())),
        None,
    );
    let (names, passes): (Vec<_>, Vec<_>) = passed.into_iter().unzip();
    let call = c.call(self_ty);
    let text = call.text(type_name, &TokenStream::new(), &literals);
    let call = call.exec(&TokenStream::new(), &names_of(&names));
    let made = match c.made {
        Made::Value | Made::Nothing => quote!(#rt::Making::Made(made, text)),
        Made::Option => quote! {
            match made {
                ::symtest_runtime::__private::core::option::Option::Some(object) => {
                    #rt::Making::Made(object, #rt::std::format!("{text}.unwrap()"))
                }
                ::symtest_runtime::__private::core::option::Option::None => {
                    #rt::Making::Failed(#rt::std::format!("assert!({text}.is_none());"))
                }
            }
        },
        Made::Result => quote! {
            match made {
                ::symtest_runtime::__private::core::result::Result::Ok(object) => {
                    #rt::Making::Made(object, #rt::std::format!("{text}.ok().unwrap()"))
                }
                ::symtest_runtime::__private::core::result::Result::Err(_) => {
                    #rt::Making::Failed(#rt::std::format!("assert!({text}.is_err());"))
                }
            }
        },
    };
    quote! {
        #decode
        let text: #rt::std::string::String = #text;
        #(let #names = #passes;)*
        match #rt::catch(move || #call) {
            ::symtest_runtime::__private::core::result::Result::Ok(made) => #made,
            ::symtest_runtime::__private::core::result::Result::Err(_) => {
                #rt::Making::Panicked(#rt::std::format!("let _ = {text};"))
            }
        }
    }
}

fn render_call(
    type_name: &Ident,
    self_ty: &Type,
    c: &Callable,
    index: usize,
    after: usize,
) -> TokenStream {
    let rt = rt();
    let operands = render_operands(c, after);
    let CallArgs {
        decode,
        passed,
        literals,
    } = args_of(c, index, quote!(call), &given(c), quote!(continue), None);
    let (names, passes): (Vec<_>, Vec<_>) = passed.into_iter().unzip();
    let method = c.call(self_ty).shown_name();
    let mutates = c.receiver == Some(Receiver::Mutable);
    let consumes = c.receiver == Some(Receiver::Owned);
    let end = if consumes { quote!(break;) } else { quote!() };
    let returns = c.returns();
    let form = c.call(self_ty);
    let var = quote!(var);
    let call = form.exec(&quote!(object), &names_of(&names));
    // `a == b` takes the other value itself; a result of `false` is written `a != b`.
    let (text, shown) = match &c.form {
        Form::Eq => {
            let other = quote!(__symtest_operand_text0);
            let text = form.text(type_name, &var, std::slice::from_ref(&other));
            let shown = quote! {
                let (text, returned) = match returned {
                    true => (text, true),
                    false => (#rt::std::format!("{} != {}", var, #other), true),
                };
            };
            (text, shown)
        }
        // What the formatting functions write is asserted as a string literal.
        Form::ToString | Form::Format(_) => {
            let text = form.text(type_name, &var, &literals);
            (text, quote!(let returned = returned.as_str();))
        }
        _ => (form.text(type_name, &var, &literals), TokenStream::new()),
    };
    // A call that consumes the value moves it into the closure; others borrow it.
    let closure = crate::signature::outputs::calling(&c.lowered.sig.output, consumes, &call);
    quote! {
        #(#operands)*
        #decode
        let text: #rt::std::string::String = #text;
        mutated |= #mutates;
        #(let #names = #passes;)*
        match #rt::catch(#closure) {
            ::symtest_runtime::__private::core::result::Result::Ok(returned) => {
                #[allow(unused_imports)]
                use #rt::{ViaDebug as _, ViaEq as _, ViaLiteral as _, NoDebug as _, NoEq as _, NoLiteral as _};
                #shown
                lines.push(#rt::step(
                    &text,
                    #method,
                    #returns,
                    (&&#rt::Rendered(&returned)).literal(),
                    (&&#rt::Rendered(&returned)).debug(),
                    (&&#rt::Rendered(&returned)).comparable(),
                    false,
                ));
                #end
            }
            ::symtest_runtime::__private::core::result::Result::Err(_) => {
                lines.push(#rt::step(&text, #method, #returns, ::symtest_runtime::__private::core::option::Option::None, ::symtest_runtime::__private::core::option::Option::None, false, true));
                alive = false;
                break;
            }
        }
    }
}

/// A statement asserting what inspector `c` returns, unless the last call was the same one or
/// the result can be neither written nor compared.
fn render_inspection(type_name: &Ident, self_ty: &Type, c: &Callable) -> TokenStream {
    let rt = rt();
    let form = c.call(self_ty);
    let text = form.text(type_name, &quote!(var), &[]);
    let call = form.exec(&quote!(object), &[]);
    let returns = c.returns();
    let shown = match c.form {
        Form::ToString | Form::Format(_) => quote!(let returned = returned.as_str();),
        _ => TokenStream::new(),
    };
    quote! {
        let text: #rt::std::string::String = #text;
        let repeated = lines
            .last()
            .is_some_and(|last| last.contains(&#rt::std::format!("{text:?}")));
        if !repeated && let ::symtest_runtime::__private::core::result::Result::Ok(returned) = #rt::catch(|| #call) {
            #[allow(unused_imports)]
            use #rt::{ViaDebug as _, ViaEq as _, ViaLiteral as _, NoDebug as _, NoEq as _, NoLiteral as _};
            #shown
            let literal = (&&#rt::Rendered(&returned)).literal();
            let debug = (&&#rt::Rendered(&returned)).debug();
            if literal.is_some() || debug.is_some() {
                let comparable = (&&#rt::Rendered(&returned)).comparable();
                lines.push(#rt::inspection(&text, #returns, literal, debug, comparable));
            }
        }
    }
}

/// The arguments of `c`, choice `index` of its group, decoded from `genes` (those `given`
/// aside): a choice's genes are its tag, then one tuple of arguments per function of the group.
fn args_of(
    c: &Callable,
    index: usize,
    genes: TokenStream,
    given: &[Option<(TokenStream, TokenStream)>],
    invalid: TokenStream,
    followed: Option<&Followed>,
) -> CallArgs {
    let item = index + 1;
    call_args_given(
        &c.params,
        &quote!(#genes.item(#item)),
        given,
        &invalid,
        &c.leaks,
        followed,
    )
}

/// The name of the value under test in the tests, clear of the names `taken` in their scope.
fn rt_variable(type_name: &Ident, taken: &[String]) -> TokenStream {
    let rt = rt();
    let name = type_name.to_string();
    quote!(#rt::variable(#name, &[#(#taken),*]))
}
