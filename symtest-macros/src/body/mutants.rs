//! Arithmetic mutant schemata: each arithmetic and bitwise operator of the body (`+ - * / %`,
//! `& | ^`, and their `op=` forms) becomes a hook that computes the operator as written
//! unless a mutation analysis switches on a mutant that replaces it (see the runtime's
//! `record::mutation`).
//!
//! The operators are found in the body as written, before lowering, and rewritten after it:
//! lowering reads the operators' syntax for the symbolic path conditions and shadows, and
//! leaves them in place. An operator of the final body is the user's when it sits where one
//! of theirs was written (generated code carries the attribute's location). Const contexts
//! (array lengths, const generic arguments, `const` items and blocks) keep their operators.

use std::collections::BTreeMap;

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::spanned::Spanned;
use syn::visit_mut::VisitMut;
use syn::{BinOp, Block, Expr, Ident};

use crate::rt;

/// Where an operator was written: its line and column.
type Location = (usize, usize);

/// The runtime's name for an operator, and whether it is the `op=` form.
fn operator(op: &BinOp) -> Option<(&'static str, bool)> {
    Some(match op {
        BinOp::Add(_) => ("Add", false),
        BinOp::Sub(_) => ("Sub", false),
        BinOp::Mul(_) => ("Mul", false),
        BinOp::Div(_) => ("Div", false),
        BinOp::Rem(_) => ("Rem", false),
        BinOp::BitAnd(_) => ("BitAnd", false),
        BinOp::BitOr(_) => ("BitOr", false),
        BinOp::BitXor(_) => ("BitXor", false),
        BinOp::AddAssign(_) => ("Add", true),
        BinOp::SubAssign(_) => ("Sub", true),
        BinOp::MulAssign(_) => ("Mul", true),
        BinOp::DivAssign(_) => ("Div", true),
        BinOp::RemAssign(_) => ("Rem", true),
        BinOp::BitAndAssign(_) => ("BitAnd", true),
        BinOp::BitOrAssign(_) => ("BitOr", true),
        BinOp::BitXorAssign(_) => ("BitXor", true),
        _ => return None,
    })
}

fn location(op: &BinOp) -> Location {
    let start = crate::source::position::start(op.span());
    (start.line, start.column)
}

/// The body's operators as written, numbered in source order.
pub struct Sites(BTreeMap<Location, u32>);

impl Sites {
    /// None under reduced instrumentation (see [`crate::body::reduced`]).
    pub fn of(body: &Block) -> Sites {
        if crate::body::reduced::on() {
            return Sites(BTreeMap::new());
        }
        let mut walk = Walk {
            found: Vec::new(),
            rewrite: None,
        };
        walk.visit_block_mut(&mut body.clone());
        let mut locations = walk.found;
        locations.sort();
        locations.dedup();
        Sites(
            locations
                .into_iter()
                .enumerate()
                .map(|(index, at)| (at, index as u32))
                .collect(),
        )
    }

    /// Rewrites the operators of the lowered `body` that were written there into hooks of
    /// the static table `meta`.
    pub fn rewrite(&self, body: &mut Block, meta: &Ident) {
        if !self.0.is_empty() {
            let mut walk = Walk {
                found: Vec::new(),
                rewrite: Some((self, meta)),
            };
            walk.visit_block_mut(body);
        }
    }
}

/// Visits the operators outside const contexts: notes where each is (`rewrite` `None`), or
/// rewrites those at a known site into hooks of the table.
struct Walk<'a> {
    found: Vec<Location>,
    rewrite: Option<(&'a Sites, &'a Ident)>,
}

impl VisitMut for Walk<'_> {
    fn visit_expr_mut(&mut self, expr: &mut Expr) {
        syn::visit_mut::visit_expr_mut(self, expr);
        let Expr::Binary(binary) = expr else {
            return;
        };
        let Some((name, assigns)) = operator(&binary.op) else {
            return;
        };
        let Some((sites, meta)) = self.rewrite else {
            self.found.push(location(&binary.op));
            return;
        };
        if let Some(&index) = sites.0.get(&location(&binary.op)) {
            *expr = hooked(binary, name, assigns, index, meta);
        }
    }

    fn visit_expr_repeat_mut(&mut self, repeat: &mut syn::ExprRepeat) {
        self.visit_expr_mut(&mut repeat.expr);
    }

    fn visit_expr_const_mut(&mut self, _: &mut syn::ExprConst) {}
    fn visit_expr_async_mut(&mut self, _: &mut syn::ExprAsync) {}
    fn visit_type_mut(&mut self, _: &mut syn::Type) {}
    fn visit_generic_argument_mut(&mut self, _: &mut syn::GenericArgument) {}
    fn visit_attribute_mut(&mut self, _: &mut syn::Attribute) {}

    /// A nested function's operators are hooked as the body's are, except in a `const fn`
    /// (no hook can be called there) or an `async fn`, which lowering leaves alone too.
    fn visit_item_mut(&mut self, item: &mut syn::Item) {
        if let syn::Item::Fn(function) = item
            && function.sig.constness.is_none()
            && function.sig.asyncness.is_none()
        {
            self.visit_block_mut(&mut function.block);
        }
    }
}

/// `binary` (the runtime's operator `name`, the `op=` form when `assigns`) as a hook of
/// operator `index` of the table `meta`.
fn hooked(binary: &syn::ExprBinary, name: &str, assigns: bool, index: u32, meta: &Ident) -> Expr {
    let rt = rt();
    let own = Ident::new(name, Span::call_site());
    let hook = quote!(#rt::operator(&#meta, #index, #rt::ArithOp::#own));
    let (left, right, op) = (&binary.left, &binary.right, &binary.op);
    let l = Ident::new("__symtest_l", Span::mixed_site());
    let r = Ident::new("__symtest_r", Span::mixed_site());
    let v = Ident::new("__symtest_v", Span::mixed_site());
    let swap = Ident::new("__symtest_swap", Span::mixed_site());
    let traits = quote! {
        #[allow(unused_imports)]
        use #rt::{ViaNumber as _, ViaOtherOperands as _};
    };
    let some = quote!(::symtest_runtime::__private::core::option::Option::Some);
    let none = quote!(::symtest_runtime::__private::core::option::Option::None);
    let rewritten: TokenStream = match assigns {
        // `place op= value`: as written unless a mutant is on; then the value first, as the
        // language evaluates it for numbers, and the place once.
        true => quote! {
            match #hook {
                #none => #left #op #right,
                #some(#swap) => {
                    #traits
                    let #r = #right;
                    let #l = &mut #left;
                    let #v = (&&#rt::Operands(&*#l, &#r)).arith(#swap);
                    match #v {
                        #some(#v) => *#l = #v,
                        #none => *#l #op #r,
                    }
                }
            }
        },
        false => quote! {
            match (#left, #right) {
                (#l, #r) => {
                    #traits
                    let #v = match #hook {
                        #some(#swap) => (&&#rt::Operands(&#l, &#r)).arith(#swap),
                        #none => #none,
                    };
                    match #v {
                        #some(#v) => #v,
                        #none => #l #op #r,
                    }
                }
            }
        },
    };
    syn::parse2(rewritten).expect("the rewritten operator parses")
}
