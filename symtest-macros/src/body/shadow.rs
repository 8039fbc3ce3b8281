//! Shadow templates: what each `let`, assignment and decision computes, translated into the
//! runtime's reverse-Polish tokens (`STok`) over the values the hook site probes. The runtime
//! instantiates them with the locals' shadows during a concolic execution
//! (`symtest-runtime/src/record/concolic.rs`); anything not translated here is simply not
//! modelled, and the runtime treats its value as concrete.
//!
//! This file holds templates and their slots; beside it are `translate` (expressions as
//! templates), `pattern` (patterns as conditions), `table` (what a function collects and the
//! table it becomes) and `scan` (the body's literals, and the locals hooks cannot follow).

use proc_macro2::TokenStream;
use quote::quote;
use syn::{Expr, Ident};

use crate::rt;

/// The local of the def of a function's returned value (the runtime's `RETURNED`).
pub const RETURNED: u32 = u32::MAX;

/// A value a hook probes for a template.
#[derive(Clone)]
pub enum Slot {
    /// A local, by unique name, with the identifier to read it through.
    Local(String, Ident),
    /// A constant path (`MAGIC`, `u32::MAX`) or a field of a local (`p.x`), read as is.
    External(Expr),
    /// A value that has a local id but is not a Rust local, by its unique name, with the
    /// expression to read it: a field of `self` (`self.count`, `self.0.len`, by its path as
    /// written), whose shadow carries over from one call of a sequence to the next, or the
    /// tag of an enum parameter (`shape#tag`).
    Field(String, Expr),
    /// A field of one variant of an enum parameter or of `self`, by its unique name
    /// (`op::Div.0`, `self::Open.width`), with the expression that reads it where the value is
    /// that variant: an `Option<&T>`, `None` (and nothing probed) for the other variants. Where
    /// the value's genes are known (a parameter; `self` built from genes), the field's genes
    /// are an input variable whichever variant the value is, which the solver may set together
    /// with the tag.
    Variant(String, Expr),
}

// By hand: syn's `Debug` impls are a feature (`extra-traits`) users' builds should not pay for.
impl std::fmt::Debug for Slot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Slot::Local(unique, ident) => {
                f.debug_tuple("Local").field(unique).field(ident).finish()
            }
            Slot::External(expr) => f
                .debug_tuple("External")
                .field(&quote::ToTokens::to_token_stream(expr).to_string())
                .finish(),
            Slot::Field(path, _) => f.debug_tuple("Field").field(path).finish(),
            Slot::Variant(path, _) => f.debug_tuple("Variant").field(path).finish(),
        }
    }
}

/// A token of a template: slot numbers stay structured so templates can be merged.
#[derive(Clone, Debug)]
pub enum Token {
    Slot(u16),
    /// A call of a function (`STok::Invoke`), as the expression to emit.
    Call(TokenStream),
    /// Any other `STok`, as the expression to emit.
    Other(TokenStream),
}

impl quote::ToTokens for Token {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        let rt = rt();
        tokens.extend(match self {
            Token::Slot(index) => quote!(#rt::STok::Slot(#index)),
            Token::Call(other) | Token::Other(other) => other.clone(),
        });
    }
}

/// A template in reverse Polish notation and the slots it reads.
#[derive(Clone, Debug, Default)]
pub struct Template {
    pub tokens: Vec<Token>,
    pub slots: Vec<Slot>,
    /// Whether the type of its value may be fixed only by later code (`let n =
    /// s.parse()?;`): the local it gives a shadow is probed by its type's name
    /// ([`probe_inferred`]), which compiles where its type is not known yet.
    pub inferred: bool,
}

impl Template {
    fn slot(&mut self, slot: Slot) -> u16 {
        let existing = self.slots.iter().position(|known| match (known, &slot) {
            (Slot::Local(a, _), Slot::Local(b, _))
            | (Slot::Field(a, _), Slot::Field(b, _))
            | (Slot::Variant(a, _), Slot::Variant(b, _)) => a == b,
            _ => false,
        });
        let index = existing.unwrap_or_else(|| {
            self.slots.push(slot);
            self.slots.len() - 1
        });
        index as u16
    }

    fn push(&mut self, token: TokenStream) {
        let rt = rt();
        self.tokens.push(Token::Other(quote!(#rt::STok::#token)));
    }

    fn push_slot(&mut self, slot: Slot) {
        let index = self.slot(slot);
        self.tokens.push(Token::Slot(index));
    }

    /// Appends `other`'s tokens, renumbering its slots into this template's.
    pub fn append(&mut self, other: Template) {
        self.inferred |= other.inferred;
        let map: Vec<u16> = other
            .slots
            .into_iter()
            .map(|slot| self.slot(slot))
            .collect();
        for token in other.tokens {
            self.tokens.push(match token {
                Token::Slot(index) => Token::Slot(map[usize::from(index)]),
                other => other,
            });
        }
    }

    /// Appends a raw `STok` expression.
    pub fn raw(&mut self, token: TokenStream) {
        self.tokens.push(Token::Other(token));
    }

    fn push_call(&mut self, token: TokenStream) {
        self.tokens.push(Token::Call(token));
    }

    /// Whether the template calls a function: its value is known only after the statement
    /// runs, from what the callee returned.
    pub fn calls(&self) -> bool {
        self.tokens
            .iter()
            .any(|token| matches!(token, Token::Call(_)))
    }

    /// The template that reads one slot.
    pub fn read(slot: Slot) -> Template {
        let mut out = Template::default();
        out.push_slot(slot);
        out
    }

    /// A value not modelled: what reads it is unknown.
    pub fn unknown() -> Template {
        let mut out = Template::default();
        out.push(quote!(Unknown));
        out
    }

    /// The closure that probes the slots: `|| [probe, …]`.
    pub fn probes(&self) -> TokenStream {
        probes(&self.slots)
    }
}

/// The closure that probes one value: `|| probe`.
pub fn probe(value: &impl quote::ToTokens) -> TokenStream {
    let probed = probed(value);
    quote!(|| #probed)
}

/// The closure that probes a local whose type later code may fix: by its type's name, which
/// needs no method of the type where the probe stands.
pub fn probe_inferred(value: &impl quote::ToTokens) -> TokenStream {
    let rt = rt();
    quote!(|| #rt::probe_generic(&(#value)))
}

/// The closure that probes a local a template gives its value: [`probe_inferred`] where the
/// template says its type may not be known yet.
pub fn probe_local(value: &impl quote::ToTokens, template: &Template) -> TokenStream {
    match template.inferred {
        true => probe_inferred(value),
        false => probe(value),
    }
}

/// The closure that probes every slot: `|| [probe, …]`.
fn probes(slots: &[Slot]) -> TokenStream {
    let rt = rt();
    let count = slots.len();
    let values = slots.iter().map(|slot| match slot {
        Slot::Local(_, ident) => probed(ident),
        Slot::External(expr) | Slot::Field(_, expr) => probed(expr),
        Slot::Variant(_, field) => {
            let value = field_binding();
            let probed = probed(&quote!(*#value));
            quote!(match #field {
                ::symtest_runtime::__private::core::option::Option::Some(#value) => #probed,
                ::symtest_runtime::__private::core::option::Option::None => ::symtest_runtime::__private::core::option::Option::None,
            })
        }
    });
    quote!(|| -> [#rt::Probe; #count] { [#(#values),*] })
}

/// The binding through which a [`Slot::Variant`]'s expression reads the field, and its
/// probe the value.
fn field_binding() -> Ident {
    Ident::new("__symtest_field", proc_macro2::Span::mixed_site())
}

/// The value's shadow probe, through the autoref specialisation of `ViaShadow`/`NoShadow`; in a
/// generic function (see [`crate::signature::generics::opaque`]), through `probe_generic`, which
/// finds the type when it runs.
pub(crate) fn probed(value: &impl quote::ToTokens) -> TokenStream {
    let rt = rt();
    if crate::signature::generics::opaque() || crate::body::reduced::on() {
        return quote!(#rt::probe_generic(&(#value)));
    }
    quote!({
        #[allow(unused_imports)]
        use #rt::{NoShadow as _, ViaShadow as _};
        (&&#rt::Snap(&(#value))).shadow()
    })
}

/// The template of `expr` as a sequence: an iterator chain's adaptors over their source
/// (`s.chars().filter(|c| *c != '-')`), or a value read as it is.
pub fn sequence(expr: &Expr, names: &impl Names) -> Option<Template> {
    let mut out = Template::default();
    chains::items(expr, names, &mut out)?;
    Some(out)
}

/// `expr` without the parentheses and invisible groups around it.
pub fn strip_parens(expr: &Expr) -> &Expr {
    match expr {
        Expr::Paren(paren) => strip_parens(&paren.expr),
        Expr::Group(group) => strip_parens(&group.expr),
        other => other,
    }
}

/// A token that is just `STok::name`.
pub fn bare(name: &str) -> TokenStream {
    let rt = rt();
    let name = Ident::new(name, proc_macro2::Span::call_site());
    quote!(#rt::STok::#name)
}

/// A template from raw pieces: `parts` are appended in order; `tokens` are bare `STok` names
/// or calls spliced between them by the caller.
pub fn join(parts: Vec<Template>, tail: Vec<TokenStream>) -> Template {
    let mut out = Template::default();
    for part in parts {
        out.append(part);
    }
    for token in tail {
        out.raw(token);
    }
    out
}

/// Tokens for a call of `method` with `arity` arguments.
pub fn call(method: &str, arity: u8) -> TokenStream {
    let rt = rt();
    let method = Ident::new(method, proc_macro2::Span::call_site());
    quote!(#rt::STok::Call(#rt::Method::#method, #arity))
}

/// Tokens for an unsuffixed integer literal.
pub fn int(value: i128) -> TokenStream {
    let rt = rt();
    quote!(#rt::STok::Int(#value))
}

/// Tokens for `!`.
pub fn not() -> TokenStream {
    let rt = rt();
    quote!(#rt::STok::Unary(#rt::Unary::Not))
}

/// Tokens for a binary operator.
pub fn op(name: &str) -> TokenStream {
    let rt = rt();
    let name = Ident::new(name, proc_macro2::Span::call_site());
    quote!(#rt::STok::Binary(#rt::Binary::#name))
}

mod chains;
mod pairs;
mod pattern;
mod scan;
mod table;
mod translate;

pub use chains::adapted;
pub use pairs::{pair, pair_bindings, pair_pattern, scrutinee_pair};
pub use pattern::{Element, Tag, aligned, binding, in_range, pattern, tuple_pattern};
pub use scan::{changes_self, constants, untracked};
#[cfg(test)]
use table::is_receiver_field;
pub use table::{Shadows, TAG, VARIANT};
pub use translate::{Names, char_method, compound, compound_op, self_field, template};
use translate::{call_token, literal};
pub(crate) use translate::{is_constant_name, member_name};

#[cfg(test)]
mod tests;
