//! The values a function returns: at each `return e` and in tail position (the body's tail,
//! and the tails of the `if`, `match` and blocks there), the value gets a hook that gives its
//! shadow to the caller, when a concolic execution follows the call (the runtime's
//! `Concolic::returned`).
//!
//! Before the walk, [`mark`] wraps each such expression in a call of [`MARKER`]; the walk then
//! lowers the value inside and replaces the call by the hook ([`Lowering::returned_value`]),
//! where the value's template is known, or by the value alone. No call of the marker is left.

use proc_macro2::Span;
use quote::{format_ident, quote};
use syn::visit_mut::VisitMut;
use syn::{Block, Expr, Stmt};

use super::{Lowering, rt};

/// The type a function without `self` makes, by its name's last segment, where it returns one
/// (`Self`, `Version`, `Option<Self>`, `Result<Version, E>`): a struct literal of it that the
/// function returns gives the fields of the value it makes (see `Lowering::made_fields`).
pub(crate) fn made_type(sig: &syn::Signature) -> Option<String> {
    if sig.receiver().is_some() {
        return None;
    }
    let syn::ReturnType::Type(_, ty) = &sig.output else {
        return None;
    };
    let mut ty: &syn::Type = ty;
    loop {
        let syn::Type::Path(path) = ty else {
            return None;
        };
        let last = path.path.segments.last()?;
        let name = last.ident.to_string();
        if name != "Option" && name != "Result" {
            return Some(name);
        }
        let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
            return None;
        };
        let Some(syn::GenericArgument::Type(inner)) = args.args.first() else {
            return None;
        };
        ty = inner;
    }
}

/// `value` between the statements `before` and `after`, which may read it as `name`; `value`
/// alone where there are none.
pub(super) fn between(value: Expr, name: &syn::Ident, before: Vec<Stmt>, after: Vec<Stmt>) -> Expr {
    if before.is_empty() && after.is_empty() {
        return value;
    }
    // An attribute on the value (`#[allow(…)] ALL[i]`, a block's tail) is unstable on a
    // `let`'s initializer: the value stays a block's tail.
    let attributed = matches!(
        quote::ToTokens::to_token_stream(&value).into_iter().next(),
        Some(proc_macro2::TokenTree::Punct(punct)) if punct.as_char() == '#'
    );
    let value: Expr = match attributed {
        true => syn::parse_quote!({ #value }),
        false => value,
    };
    // A value that diverges (`fail()`, of type `!`) leaves the hooks unreachable and their
    // locals unused: not the user's code to warn about.
    syn::parse_quote!({
        #[allow(unreachable_code, unused_variables)]
        let #name = {
            #(#before)*
            let #name = #value;
            #(#after)*
            #name
        };
        #name
    })
}

/// The function the walk recognises a returned value by.
const MARKER: &str = "__symtest_returned";

/// Wraps the values `block`, a function's body, returns in calls of [`MARKER`].
pub(super) fn mark(block: &mut Block) {
    tail_of_block(block);
    Returns.visit_block_mut(block);
}

/// The value of `block`'s tail, if it has one, is returned.
fn tail_of_block(block: &mut Block) {
    tails_of_block(block, &mut |value| {
        // No value of their own to model: they diverge, or loop until they do.
        let valueless = matches!(
            value,
            Expr::Return(_)
                | Expr::Break(_)
                | Expr::Continue(_)
                | Expr::Macro(_)
                | Expr::Loop(_)
                | Expr::While(_)
                | Expr::ForLoop(_)
                | Expr::Block(_)
                | Expr::Verbatim(_)
        );
        if !valueless {
            wrap(value);
        }
    });
}

/// Calls `leaf` on each expression whose value `block` ends in: its tail, or the tails of the
/// `if`s, `match`es and blocks there, which `leaf` never sees itself.
pub(super) fn tails_of_block(block: &mut Block, leaf: &mut dyn FnMut(&mut Expr)) {
    if let Some(Stmt::Expr(tail, None)) = block.stmts.last_mut() {
        tails(tail, leaf);
    }
}

/// [`tails_of_block`] of an expression.
pub(super) fn tails(expr: &mut Expr, leaf: &mut dyn FnMut(&mut Expr)) {
    match expr {
        Expr::If(branch) => {
            tails_of_block(&mut branch.then_branch, leaf);
            if let Some((_, other)) = &mut branch.else_branch {
                tails(other, leaf);
            }
        }
        Expr::Match(matched) => {
            for arm in &mut matched.arms {
                tails(&mut arm.body, leaf);
            }
        }
        Expr::Block(block) if block.label.is_none() => tails_of_block(&mut block.block, leaf),
        Expr::Unsafe(block) => tails_of_block(&mut block.block, leaf),
        Expr::Paren(paren) => tails(&mut paren.expr, leaf),
        value => leaf(value),
    }
}

fn wrap(value: &mut Expr) {
    let marker = syn::Ident::new(MARKER, Span::mixed_site());
    let inner = std::mem::replace(value, Expr::Verbatim(Default::default()));
    *value = syn::parse_quote!(#marker(#inner));
}

/// Finds `return e` in the body, but not in closures, async blocks or nested items, whose
/// `return` is theirs.
struct Returns;

impl VisitMut for Returns {
    fn visit_expr_mut(&mut self, expr: &mut Expr) {
        match expr {
            Expr::Closure(_) | Expr::Async(_) | Expr::Const(_) => {}
            Expr::Return(ret) => {
                if let Some(value) = &mut ret.expr {
                    self.visit_expr_mut(value);
                    if !matches!(**value, Expr::Macro(_)) {
                        wrap(value);
                    }
                }
            }
            _ => syn::visit_mut::visit_expr_mut(self, expr),
        }
    }

    fn visit_item_mut(&mut self, _item: &mut syn::Item) {}
}

/// Whether `expr` is a call of [`MARKER`].
pub(super) fn is_marked(expr: &Expr) -> bool {
    match expr {
        Expr::Call(call) if call.args.len() == 1 => {
            matches!(&*call.func, Expr::Path(path) if path.path.is_ident(MARKER))
        }
        _ => false,
    }
}

/// The value inside a call of [`MARKER`], if `expr` is one.
fn marked(expr: &mut Expr) -> Option<&mut Expr> {
    if !is_marked(expr) {
        return None;
    }
    match expr {
        Expr::Call(call) => call.args.first_mut(),
        _ => None,
    }
}

impl Lowering {
    /// Lowers a returned value marked by [`mark`] and puts its hook around it: the probe of
    /// its template's slots before it is computed, and after it the hook that gives the
    /// caller its shadow. `expr` is the marker's call; what it holds replaces it.
    pub(super) fn returned_value(&mut self, expr: &mut Expr, cur: super::Cur) -> super::Cur {
        let Some(value) = marked(expr) else {
            return cur;
        };
        let mut value = std::mem::replace(value, Expr::Verbatim(Default::default()));
        // Before the walk rewrites `&&`/`||` and nested decisions into hook calls.
        let template = self.template(&value);
        let fields = self.made_fields(&value);
        let cur = self.expr(&mut value, cur);
        let (rt, meta) = (rt(), self.meta.clone());
        let returned = syn::Ident::new("__symtest_returned", Span::mixed_site());
        let (mut before, mut after) = (Vec::new(), Vec::new());
        // A value that reads nothing (`return 0`) is a constant whichever the inputs.
        if let Some(template) = template.filter(|template| !template.slots.is_empty()) {
            let probes = template.probes();
            let def = self
                .shadows
                .def(crate::body::shadow::RETURNED, template, None);
            let pre = format_ident!("__symtest_pre_{}", def, span = Span::mixed_site());
            let probe = crate::body::shadow::probe(&returned);
            before.push(syn::parse_quote! {
                let #pre = if #rt::concolic() {
                    #rt::def_pre(&#meta, #def, #probes)
                } else {
                    #rt::Pre::NONE
                };
            });
            after.push(syn::parse_quote! {
                if #rt::concolic() {
                    #rt::returned(&#meta, #def, #pre, #probe);
                }
            });
        }
        // The fields are not probed where they are set: the value has moved into the struct.
        // A method that reads one checks it against its value.
        let unprobed = quote!(|| ::symtest_runtime::__private::core::option::Option::None);
        for (field, template) in fields {
            if let Some((pre, def)) = self.def_statements(&field, template, unprobed.clone()) {
                before.push(pre);
                after.push(def);
            }
        }
        *expr = between(value, &returned, before, after);
        cur
    }

    /// The fields of the value a function without `self` makes, where `value`, what it
    /// returns, is a struct literal of that type (in `Ok` or `Some`): each as the field of
    /// `self` it is in the frame of a call the value is then made by (`"self.major"`), with the
    /// template of its value. A sequence's constructor gives its value's fields their shadows
    /// so, and an operand's constructor the operand's (see the runtime's `Concolic::enter`).
    fn made_fields(&self, value: &Expr) -> Vec<(String, crate::body::shadow::Template)> {
        let Some(made) = &self.made else {
            return Vec::new();
        };
        let mut value = value;
        loop {
            match value {
                Expr::Paren(inner) => value = &inner.expr,
                Expr::Call(call) if call.args.len() == 1 => {
                    let Expr::Path(path) = &*call.func else {
                        return Vec::new();
                    };
                    if !(path.path.is_ident("Ok") || path.path.is_ident("Some")) {
                        return Vec::new();
                    }
                    value = &call.args[0];
                }
                _ => break,
            }
        }
        let Expr::Struct(literal) = value else {
            return Vec::new();
        };
        let named = literal.path.segments.last().map(|s| s.ident.to_string());
        if !named.is_some_and(|named| named == "Self" || named == *made) {
            return Vec::new();
        }
        literal
            .fields
            .iter()
            .filter_map(|field| {
                let template = self.template(&field.expr)?;
                let member = crate::body::shadow::member_name(&field.member);
                Some((format!("self.{member}"), template))
            })
            .collect()
    }

    /// The statement that opens the body: the guard through which a concolic execution
    /// follows a call of the function (see the runtime's `Concolic::enter_call`), with the
    /// probes of the parameters shadows follow.
    pub(super) fn entry_guard(&self) -> Stmt {
        let (rt, meta) = (rt(), &self.meta);
        let slots = self.shadows.params.iter().map(|(local, _)| {
            let ident = self.param_idents.get(local);
            ident.map_or_else(|| quote!(None), crate::body::shadow::probed)
        });
        let count = self.shadows.params.len();
        let guard = format_ident!("__symtest_entered", span = Span::mixed_site());
        syn::parse_quote! {
            let #guard = if #rt::concolic() {
                #rt::entered(&#meta, || -> [#rt::Probe; #count] { [#(#slots),*] })
            } else {
                #rt::Entered::NONE
            };
        }
    }
}
