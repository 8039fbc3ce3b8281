//! `#[symtest]` on an inherent impl block. In symtest builds every function of the block that
//! symtest can call is instrumented. Associated functions without `self` are searched as
//! functions, as free functions are, except the constructors of a block with methods. Methods
//! are searched as call sequences (EvoSuite's test case chromosome): a constructor — a function
//! returning `Self`, `Option<Self>` or `Result<Self, _>`, or the value built from genes when
//! the type is marked `#[symtest]` — then up to the runtime's `SEQUENCE_CALLS` method calls
//! with generated arguments, whose targets are the branches of all of them together.
//!
//! A sequence is a value of one gene shape, so every search operator works on it unchanged:
//! a choice of constructor and its arguments, then a list of calls, each a choice of method and
//! its arguments (as an enum of `#[symtest]` is). Inserting, deleting and changing list items
//! is inserting, deleting and changing calls; crossover of lists cuts at call boundaries.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::{
    GenericArgument, Ident, ImplItem, ImplItemFn, ItemFn, ItemImpl, PathArguments, ReturnType, Type,
};

use crate::associated::SelfType;
use crate::expand::{CallArgs, Mode, call_args, entry_point, lower_function};
use crate::placement::is_symtest;
use crate::rt;
use crate::signature::{self, Param, Receiver};
use syn::visit_mut::VisitMut;

/// A function of the block that symtest can call.
struct Callable {
    name: Ident,
    /// What executing code calls: the function, or the twin of a `const fn` (`crate::twin`).
    called: Ident,
    receiver: Option<Receiver>,
    params: Vec<Param>,
    made: Made,
    meta: Ident,
    /// The function as instrumented, for its own search entry.
    lowered: ItemFn,
}

/// What an associated function without `self` makes, when it makes the type.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Made {
    Nothing,
    Value,
    Option,
    Result,
}

pub fn expand_impl(mut item: ItemImpl, mode: Mode) -> TokenStream {
    // The attribute on the block covers its functions: one of its own on a function would
    // instrument it twice.
    for member in &mut item.items {
        if let ImplItem::Fn(function) = member {
            function.attrs.retain(|attr| !is_symtest(attr));
        }
    }
    if mode == Mode::Normal {
        return quote!(#item);
    }
    let why_not = match item.generics.params.is_empty() {
        true => None,
        false => Some("is in a generic impl block, which symtest does not search yet"),
    };
    let trait_path = item.trait_.as_ref().map(|(_, path, _)| path.clone());
    match (why_not, type_name(&item.self_ty)) {
        (None, Some(type_name)) => match trait_path {
            Some(trait_path) => crate::traits::instrument(item, &type_name, &trait_path),
            None => instrument(item, &type_name),
        },
        (why_not, _) => {
            let reason = why_not.unwrap_or("is in an impl block of a type symtest cannot name");
            skip_all(item, reason)
        }
    }
}

/// The block as written, with an entry per function that reports why it is skipped.
fn skip_all(item: ItemImpl, reason: &str) -> TokenStream {
    let ty = crate::signature::type_text(&item.self_ty);
    let shown = match &item.trait_ {
        Some((_, path, _)) => format!("<{ty} as {}>", crate::lower::display(path)),
        None => ty,
    };
    let type_name = type_name(&item.self_ty).map_or_else(|| "impl".to_string(), |t| t.to_string());
    let entries = item.items.iter().filter_map(|member| {
        let ImplItem::Fn(function) = member else {
            return None;
        };
        let name = &function.sig.ident;
        let (item_ty, sig) = (&item.self_ty, &function.sig);
        let trait_path = item.trait_.as_ref().map(|(_, path, _)| path);
        let suffix = format!(
            "{type_name}__{name}__{}",
            crate::skip::unique(&quote!(#item_ty #trait_path #sig))
        );
        let line = function.sig.fn_token.span.start().line as u32;
        Some(crate::skip::entry(
            &format!("{shown}::{name}"),
            &suffix,
            line,
            reason,
        ))
    });
    let entries: Vec<TokenStream> = entries.collect();
    quote!(#item #(#entries)*)
}

fn instrument(mut item: ItemImpl, type_name: &Ident) -> TokenStream {
    // The type as the block names it (`Stack`, `crate::a::Stack`): generated code calls
    // through it, so it works wherever the block is.
    let self_ty = (*item.self_ty).clone();
    let rt = rt();
    let mut callables = Vec::new();
    let mut statics = Vec::new();
    let mut entries = Vec::new();
    let mut twins = Vec::new();
    for member in &mut item.items {
        let ImplItem::Fn(function) = member else {
            continue;
        };
        // What symtest cannot call (generic, async, unsafe, or taking what it cannot generate)
        // is left as written, and reported as skipped. A `const fn` is left as written too, and
        // searched through its twin.
        let name = function.sig.ident.clone();
        let twin = crate::twin::of(&as_item_fn(function));
        let searched = twin.clone().unwrap_or_else(|| as_item_fn(function));
        let (receiver, params) = match signature::validate_in_impl(&searched) {
            Ok(plan) => plan,
            Err(problems) => {
                let line = function.sig.fn_token.span.start().line as u32;
                entries.push(crate::skip::entry(
                    &format!("{type_name}::{name}"),
                    &entry_suffix(type_name, &name),
                    line,
                    &signature::reason(&problems),
                ));
                continue;
            }
        };
        let meta = meta_of(type_name, &name);
        let mut lowered = searched;
        // The table names the return type for the tests, where `Self` means nothing.
        SelfType(&self_ty).visit_signature_mut(&mut lowered.sig);
        let table = lower_function(&mut lowered, &meta, &format!("{type_name}::{name}"));
        let called = lowered.sig.ident.clone();
        match twin {
            Some(mut twin) => {
                twin.block = lowered.block.clone();
                twins.push(twin);
            }
            None => function.block = (*lowered.block).clone(),
        }
        let vis = &function.vis;
        statics.push(quote! {
            #[doc(hidden)]
            #[allow(non_upper_case_globals)]
            #vis static #meta: #rt::FunctionMeta = #table;
        });
        let made = match receiver {
            Some(_) => Made::Nothing,
            None => made(&function.sig.output, type_name),
        };
        callables.push(Callable {
            name,
            called,
            receiver,
            params,
            made,
            meta,
            lowered,
        });
    }
    // The twins of the block's `const fn`s, in a block of their own.
    let twins = (!twins.is_empty()).then(|| quote!(impl #self_ty { #(#twins)* }));
    // The other annotated blocks of the type in this module: the first block's sequences
    // call the functions of all of them (each block instruments its own), and the others
    // have none of their own.
    let (before, after, first) =
        match crate::placement::annotated_blocks(&item, type_name, self::type_name) {
            Some((blocks, position)) => (
                callables_of(&blocks[..position], type_name),
                callables_of(&blocks[position + 1..], type_name),
                position == 0,
            ),
            None => (Vec::new(), Vec::new(), true),
        };
    // Associated functions are searched as functions, except the constructors of a type
    // with methods: the sequences start with them, and cover their branches.
    let has_methods = (before.iter().chain(&callables).chain(&after)).any(|c| c.receiver.is_some());
    for c in &callables {
        if c.receiver.is_none() && !(has_methods && c.made != Made::Nothing) {
            let (name, called) = (&c.name, &c.called);
            let callee = quote!(<#self_ty>::#called);
            let suffix = entry_suffix(type_name, name);
            entries.push(entry_point(
                &c.lowered, &c.params, &c.meta, &callee, &suffix,
            ));
        }
    }
    let sequences = match first {
        true => {
            let all: Vec<Callable> = callables.into_iter().chain(after).collect();
            let taken = crate::scope::unbindable_beside(&item);
            sequence_subject(type_name, &self_ty, &all, item.impl_token.span, &taken)
        }
        false => TokenStream::new(),
    };
    quote! {
        #item
        #twins
        #(#statics)*
        #(#entries)*
        #sequences
    }
}

/// The functions symtest can call of other blocks of the type, as their own expansions
/// instrument them (their tables have the same names).
fn callables_of(blocks: &[ItemImpl], type_name: &Ident) -> Vec<Callable> {
    let functions = blocks.iter().flat_map(|block| &block.items);
    functions
        .filter_map(|member| match member {
            ImplItem::Fn(function) => Some(as_item_fn(function)),
            _ => None,
        })
        .filter_map(|function| {
            let function = crate::twin::of(&function).unwrap_or(function);
            let (receiver, params) = signature::validate_in_impl(&function).ok()?;
            let called = function.sig.ident.clone();
            let name = crate::twin::original(&called);
            Some(Callable {
                called,
                meta: meta_of(type_name, &name),
                made: match receiver {
                    Some(_) => Made::Nothing,
                    None => made(&function.sig.output, type_name),
                },
                name,
                receiver,
                params,
                lowered: function,
            })
        })
        .collect()
}

/// The subject and hidden test that search the block's methods as call sequences; nothing
/// when it has no methods. Its sequences leave out the functions whose arguments genes cannot
/// build, and it is skipped when nothing is left to start or continue a sequence with.
fn sequence_subject(
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
                let probes = c.params.iter().map(|p| p.probe(&p.owned));
                quote! {
                    #rt::Shape::Tuple(#rt::std::vec![
                        #(#rt::shape_or_none((&&#probes).shape())),*
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
        use #rt::{
            NoInput as _, ViaInput as _, NoToOwned as _, ViaToOwned as _, NoView as _,
            ViaView as _,
        };
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
            use #rt::{
                NoInput as _, ViaInput as _, NoToOwned as _, ViaToOwned as _, NoView as _,
                ViaView as _,
            };
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
    let called = &c.called;
    let call = quote!(<#self_ty>::#called(#(#names),*));
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
    let called = &c.called;
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
        let returned = object.#called(#(#names),*);
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
    let (name, called) = (&c.name, &c.called);
    let text = format!("{type_name}::{name}");
    let call = quote!(<#self_ty>::#called(#(#names),*));
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
    let (name, called) = (&c.name, &c.called);
    let method = name.to_string();
    let mutates = c.receiver == Some(Receiver::Mutable);
    let consumes = c.receiver == Some(Receiver::Owned);
    let end = if consumes { quote!(break;) } else { quote!() };
    let returns = returns_of(c);
    // A call that consumes the value moves it into the closure; others borrow it.
    let closure = if consumes {
        quote!(move || object.#called(#(#names),*))
    } else {
        quote!(|| object.#called(#(#names),*))
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
    let (name, called) = (&c.name, &c.called);
    let call = format!(".{name}()");
    let returns = returns_of(c);
    quote! {
        let text = #rt::std::format!("{var}{}", #call);
        let repeated = lines
            .last()
            .is_some_and(|last| last.contains(&#rt::std::format!("{text:?}")));
        if !repeated && let ::symtest_runtime::__private::core::result::Result::Ok(returned) = #rt::catch(|| object.#called()) {
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

pub(crate) fn as_item_fn(function: &ImplItemFn) -> ItemFn {
    ItemFn {
        attrs: function.attrs.clone(),
        vis: function.vis.clone(),
        sig: function.sig.clone(),
        block: Box::new(function.block.clone()),
    }
}

/// The static branch table of the function `name` of an impl block of `type_name`.
pub(crate) fn meta_of(type_name: &Ident, name: &Ident) -> Ident {
    format_ident!("__SYMTEST_META_{}_{}", type_name, name)
}

/// What names the search entry and subject of an associated function: `Stack__new`, which
/// `cargo symtest` shows as `Stack::new`.
pub(crate) fn entry_suffix(type_name: &Ident, name: &Ident) -> String {
    format!("{type_name}__{name}")
}

/// `Stack` for `impl Stack`, `impl crate::Stack`; `None` for generic or unnamed types.
pub(crate) fn type_name(ty: &Type) -> Option<Ident> {
    match ty {
        Type::Path(path) if path.qself.is_none() => {
            let last = path.path.segments.last()?;
            matches!(last.arguments, PathArguments::None).then(|| last.ident.clone())
        }
        Type::Group(group) => type_name(&group.elem),
        _ => None,
    }
}

/// Whether `output` is the type itself, or an `Option` or `Result` of it.
fn made(output: &ReturnType, type_name: &Ident) -> Made {
    let ReturnType::Type(_, ty) = output else {
        return Made::Nothing;
    };
    let is_self = |ty: &Type| match ty {
        Type::Path(path) if path.qself.is_none() => {
            path.path.is_ident("Self") || path.path.is_ident(type_name)
        }
        _ => false,
    };
    if is_self(ty) {
        return Made::Value;
    }
    let Type::Path(path) = &**ty else {
        return Made::Nothing;
    };
    let Some(last) = path.path.segments.last() else {
        return Made::Nothing;
    };
    let PathArguments::AngleBracketed(args) = &last.arguments else {
        return Made::Nothing;
    };
    let first = args.args.first().and_then(|arg| match arg {
        GenericArgument::Type(ty) => Some(ty),
        _ => None,
    });
    match (last.ident.to_string().as_str(), first) {
        ("Option", Some(inner)) if is_self(inner) => Made::Option,
        ("Result", Some(inner)) if is_self(inner) => Made::Result,
        _ => Made::Nothing,
    }
}
