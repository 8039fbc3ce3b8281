//! Where an annotated function sits. An attribute sees only its own item, and a function inside
//! an `impl` block looks like a free one; but its search entry is a `#[test]` and a static,
//! which an `impl` cannot hold. So the source file the function comes from is read to tell:
//! a function with `#[symtest]`, of the same signature, inside an `impl` block that is not
//! itself annotated (an annotated block strips the attributes of its functions first).

use quote::ToTokens;
use syn::visit::Visit;
use syn::{ImplItem, ItemFn, ItemImpl};

/// The type of the `impl` block `function` sits in, as written (`Stack`), when its source file
/// shows it inside one; `None` for a free function, or when the source cannot be read (a
/// function a macro generated) or is ambiguous (a free and an associated function alike).
pub fn enclosing_impl(function: &ItemFn) -> Option<String> {
    if !proc_macro::is_available() {
        return None;
    }
    let file = function.sig.ident.span().unwrap().local_file()?;
    let source = std::fs::read_to_string(file).ok()?;
    let file = syn::parse_file(&source).ok()?;
    let mut finder = Finder {
        signature: function.sig.to_token_stream().to_string(),
        free: false,
        associated: Vec::new(),
    };
    finder.visit_file(&file);
    match (finder.free, finder.associated.as_slice()) {
        (false, [self_ty]) => Some(self_ty.clone()),
        _ => None,
    }
}

struct Finder {
    signature: String,
    /// A free function of the signature carries `#[symtest]`.
    free: bool,
    /// The types of the plain `impl` blocks with an annotated function of the signature.
    associated: Vec<String>,
}

impl Finder {
    fn matches(&self, attrs: &[syn::Attribute], sig: &syn::Signature) -> bool {
        attrs.iter().any(is_symtest) && sig.to_token_stream().to_string() == self.signature
    }
}

impl<'ast> Visit<'ast> for Finder {
    fn visit_item_fn(&mut self, function: &'ast ItemFn) {
        self.free |= self.matches(&function.attrs, &function.sig);
        syn::visit::visit_item_fn(self, function);
    }

    fn visit_item_impl(&mut self, block: &'ast ItemImpl) {
        if !block.attrs.iter().any(is_symtest) {
            for item in &block.items {
                if let ImplItem::Fn(function) = item
                    && self.matches(&function.attrs, &function.sig)
                {
                    self.associated
                        .push(block.self_ty.to_token_stream().to_string().replace(' ', ""));
                }
            }
        }
        syn::visit::visit_item_impl(self, block);
    }
}

/// `#[symtest]` or a path ending in it (`#[symtest_runtime::symtest]`).
pub fn is_symtest(attr: &syn::Attribute) -> bool {
    attr.path()
        .segments
        .last()
        .is_some_and(|segment| segment.ident == "symtest")
}
