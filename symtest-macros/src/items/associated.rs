//! `#[symtest]` on an associated function of an impl block that is not itself annotated
//! (`impl Stack { #[symtest] fn new(cap: usize) -> Stack { … } }`).
//!
//! The attribute sees only the function, and an `impl` holds no statics and no tests, which a
//! free function's expansion puts next to it. So everything goes inside the function's body,
//! where items may stand: the branch table, the search subject, and a constructor that runs
//! before `main` in symtest's test builds and lists or runs the search there
//! (`symtest_runtime::entry::early`). The function is searched as a free one would be, called
//! through its type (`<Stack>::new`); methods taking `self` need the attribute on the block.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::visit_mut::VisitMut;
use syn::{Ident, ItemFn, Type};

use crate::items::expand::{lower_function, subject_fn};
use crate::items::impls::{entry_suffix, meta_of, type_name};
use crate::items::placement::Enclosing;
use crate::rt;
use crate::signature::parameters;
use crate::source::display::display;
use crate::source::display::type_text;

/// The instrumented function, or the function with an entry that reports why it is skipped.
pub fn instrument(mut function: ItemFn, block: &Enclosing) -> TokenStream {
    let name = function.sig.ident.clone();
    let shown = match (&block.trait_, type_name(&block.self_ty)) {
        (Some(trait_), _) => {
            let (ty, trait_) = (&block.self_ty, trait_);
            format!("<{} as {}>::{name}", type_text(ty), display(trait_))
        }
        (None, Some(type_name)) => format!("{type_name}::{name}"),
        (None, None) => format!("<{}>::{name}", type_text(&block.self_ty)),
    };
    let type_name = match type_name(&block.self_ty) {
        Some(type_name) if !block.generic => type_name,
        _ => {
            let suffix = format!("{name}__{}", crate::items::skip::unique(&function));
            let reason = "is in a generic impl block, which symtest does not search yet";
            return crate::items::skip::in_body(function, &shown, &suffix, reason);
        }
    };
    // The subject and the constructor are items of their own, where `Self` means nothing:
    // they name the type as the block writes it, and so do the table and the tests (the same
    // type, in the signature).
    let as_written = function.clone();
    SelfType(&block.self_ty).visit_signature_mut(&mut function.sig);
    let params = match parameters::validate(&function) {
        Ok(params) => params,
        Err(problems) => {
            let function = as_written;
            let suffix = format!(
                "{}__{}",
                entry_suffix(&type_name, &name),
                crate::items::skip::unique(&function)
            );
            let reason = parameters::reason(&problems);
            return crate::items::skip::in_body(function, &shown, &suffix, &reason);
        }
    };
    let meta = meta_of(&type_name, &name);
    let table = lower_function(&mut function, &meta, &format!("{type_name}::{name}"));
    let self_ty = &block.self_ty;
    let callee = match &block.trait_ {
        Some(trait_) => quote!(<#self_ty as #trait_>::#name),
        None => quote!(<#self_ty>::#name),
    };
    let suffix = entry_suffix(&type_name, &name);
    let subject = format_ident!("__symtest_subject_{}", suffix);
    let generic = crate::signature::generics::Chosen::default().subject_field(&TokenStream::new());
    let called = crate::items::expand::Called {
        callee: &callee,
        generic: &generic,
        formats: None,
    };
    let subject_fn = subject_fn(&function, &params, &meta, &called, &subject);
    let before_main = before_main(&subject, &suffix);
    let rt = rt();
    let body = &function.block;
    *function.block = syn::parse_quote!({
        #[allow(non_upper_case_globals)]
        static #meta: #rt::FunctionMeta = #table;

        #[cfg(test)]
        #subject_fn

        #before_main

        #body
    });
    quote!(#function)
}

/// The constructor that hands `subject` to the runtime before `main`, in test builds, on the
/// platforms whose linkers run such constructors; a compile error elsewhere.
pub(crate) fn before_main(subject: &Ident, suffix: &str) -> TokenStream {
    let rt = rt();
    let register = Ident::new("__symtest_register", Span::mixed_site());
    quote! {
        #[cfg(all(test, not(any(
            target_os = "linux", target_os = "android", target_os = "freebsd",
            target_os = "netbsd", target_os = "openbsd", target_os = "dragonfly",
            target_os = "illumos", target_os = "solaris", target_vendor = "apple", windows
        ))))]
        ::symtest_runtime::__private::core::compile_error!(
            "#[symtest] on a function of an impl block needs a platform that runs constructors \
             before `main`; put `#[symtest]` on the impl block instead"
        );

        #[cfg(test)]
        const _: () = {
            #[used]
            #[cfg_attr(
                any(
                    target_os = "linux", target_os = "android", target_os = "freebsd",
                    target_os = "netbsd", target_os = "openbsd", target_os = "dragonfly",
                    target_os = "illumos", target_os = "solaris"
                ),
                unsafe(link_section = ".init_array")
            )]
            #[cfg_attr(target_vendor = "apple", unsafe(link_section = "__DATA,__mod_init_func"))]
            #[cfg_attr(windows, unsafe(link_section = ".CRT$XCU"))]
            static #register: extern "C" fn() = {
                extern "C" fn #register() {
                    #rt::before_main(::symtest_runtime::__private::core::module_path!(), #suffix, #subject);
                }
                #register
            };
        };
    }
}

/// Replaces `Self` in types with the block's type.
pub(crate) struct SelfType<'t>(pub &'t Type);

impl VisitMut for SelfType<'_> {
    fn visit_type_mut(&mut self, ty: &mut Type) {
        if let Type::Path(path) = ty
            && path.qself.is_none()
            && path.path.is_ident("Self")
        {
            *ty = self.0.clone();
            return;
        }
        syn::visit_mut::visit_type_mut(self, ty);
    }
}
