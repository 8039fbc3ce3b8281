//! Patterns as shadow templates: the condition under which a scrutinee matches a pattern
//! (literals, ranges, `Some`/`None`, an enum parameter's variants), and the bindings a
//! pattern gives the scrutinee's value.

use proc_macro2::TokenStream;
use quote::quote;
use syn::punctuated::Punctuated;
use syn::{Expr, Ident, Pat, UnOp};

use super::translate::ordering_value;
use super::{Template, call_token, is_constant_name, join, literal, op};
use crate::rt;

/// The tag of an enum parameter that patterns are matched against: which variant the value
/// is, an input variable the solver may choose.
pub struct Tag {
    /// The template that reads it.
    pub value: Template,
    /// The type's variants (`<Shape as Input>::VARIANTS`), which give each variant's index.
    pub variants: TokenStream,
    /// The type's name (`Shape`), to tell a pattern of the type itself from a variant's.
    pub name: Ident,
    /// The parameter's unique name (`shape`), after which its variants' fields are named.
    pub param: String,
    /// The expression that reads the value where a decision probes it (`shape`, or an element
    /// of a tuple scrutinee), through which a variant's field is read.
    pub read: TokenStream,
}

impl Tag {
    /// The variant a pattern's path names (`Shape::Rect`, `Self::Rect`, or `Rect` imported),
    /// or `None` when it names the type itself or another type's variant.
    ///
    /// Names that cannot be a variant of the type are `None` too: `Self`, constants
    /// (`Shape::ORIGIN`), and `Some`, `None`, `Ok` and `Err` alone (a type alias of `Option` or
    /// `Result` has no variants of its own; their patterns are modelled without the tag).
    fn variant(&self, path: &syn::Path) -> Option<String> {
        let mut segments = path.segments.iter().rev();
        let last = segments.next()?.ident.to_string();
        if last == "Self" || is_constant_name(&last) {
            return None;
        }
        match segments.next() {
            Some(owner) if owner.ident == self.name || owner.ident == "Self" => Some(last),
            Some(_) => None,
            None if matches!(last.as_str(), "Some" | "None" | "Ok" | "Err") => None,
            None => (self.name != last.as_str()).then_some(last),
        }
    }

    /// Whether `path` names one of the type's variants.
    pub fn names(&self, path: &syn::Path) -> bool {
        self.variant(path).is_some()
    }

    /// "The value is variant `variant`": its tag equals the variant's index in the type's
    /// `VARIANTS`, which the static table computes.
    fn is(&self, variant: &str) -> Template {
        let (rt, variants) = (rt(), &self.variants);
        let mut out = self.value.clone();
        // A name the type does not list (a type without variants) is not modelled.
        let index = quote!(#rt::variant_index(#variants, #variant));
        out.raw(quote!(if #index < 0 { #rt::STok::Unknown } else { #rt::STok::Int(#index) }));
        out.raw(op("Eq"));
        out
    }

    /// "The value is the variant `path` names, and each of its `fields` (a field's member as
    /// written, and its pattern) matches its pattern": `Op::Div(0)` is `tag == Div && div.0 ==
    /// 0`. A field pattern that matches anything (`_`, `..`, a plain binding) adds nothing;
    /// `None` when a field's pattern is not modelled.
    fn is_variant<'p>(
        &self,
        path: &syn::Path,
        fields: impl Iterator<Item = (syn::Member, &'p Pat)>,
    ) -> Option<Template> {
        let variant = self.variant(path)?;
        let mut parts = vec![self.is(&variant)];
        for (member, pat) in fields {
            if !binds_only(pat) {
                let value = self.field(path, &member);
                parts.push(pattern(pat, &value, None)?);
            }
        }
        Some(all(parts))
    }

    /// The template of field `member` of the variant `path` names: a local of its own
    /// (`op::Div.0`) bound to that field's genes, probed where the value is that variant.
    pub fn field(&self, path: &syn::Path, member: &syn::Member) -> Template {
        let variant = path.segments.last().map(|s| s.ident.to_string());
        let variant = variant.unwrap_or_default();
        let value = super::field_binding();
        let access: Pat = match member {
            syn::Member::Unnamed(index) => {
                let skipped = (0..index.index).map(|_| quote!(_));
                syn::parse_quote!(#path(#(#skipped,)* #value, ..))
            }
            syn::Member::Named(name) => syn::parse_quote!(#path { #name: #value, .. }),
        };
        let read = &self.read;
        let expr = syn::parse_quote!(match &(#read) {
            #access => ::symtest_runtime::__private::core::option::Option::Some(#value),
            #[allow(unreachable_patterns)]
            _ => ::symtest_runtime::__private::core::option::Option::None,
        });
        let name = format!(
            "{}{}{variant}.{}",
            self.param,
            super::VARIANT,
            super::member_name(member)
        );
        Template::read(super::Slot::Variant(name, expr))
    }
}

/// The fields of a variant's tuple pattern with their positions, up to a rest pattern (`..`).
/// The fields after one are counted from the end, which the pattern alone does not give: a
/// pattern that tests one of them is not modelled (`None`).
fn positional(elems: &Punctuated<Pat, syn::Token![,]>) -> Option<Vec<(syn::Member, &Pat)>> {
    let rest = elems.iter().position(|elem| matches!(elem, Pat::Rest(_)));
    let (before, after) =
        elems
            .iter()
            .enumerate()
            .partition::<Vec<_>, _>(|(index, _)| match rest {
                Some(rest) => *index < rest,
                None => true,
            });
    if !after.iter().all(|(_, elem)| binds_only(elem)) {
        return None;
    }
    let fields = before.into_iter().map(|(index, elem)| {
        let member = syn::Member::Unnamed(syn::Index::from(index));
        (member, elem)
    });
    Some(fields.collect())
}

/// One element of a tuple scrutinee (`match (light, event)`): its value's template when it is
/// modelled, and its tag when it is an enum parameter.
pub struct Element {
    pub value: Option<Template>,
    pub tag: Option<Tag>,
}

/// The template of "the tuple of `elements` matches `pat`", or `None` when the pattern is not
/// modelled: each element's pattern is a condition on that element, and an element whose
/// pattern matches anything (`_`, a binding, `..`) needs no template.
pub fn tuple_pattern(pat: &Pat, elements: &[Element]) -> Option<Template> {
    let mut out = Template::default();
    match pat {
        Pat::Tuple(tuple) => {
            let mut parts = Vec::new();
            for (index, elem) in aligned(tuple, elements.len())? {
                if binds_only(elem) {
                    continue;
                }
                let element = &elements[index];
                parts.push(pattern(
                    elem,
                    element.value.as_ref()?,
                    element.tag.as_ref(),
                )?);
            }
            if parts.is_empty() {
                out.push(quote!(Bool(true)));
            } else {
                return Some(all(parts));
            }
        }
        Pat::Or(or) => {
            for (index, case) in or.cases.iter().enumerate() {
                out.append(tuple_pattern(case, elements)?);
                if index > 0 {
                    out.raw(op("Or"));
                }
            }
        }
        Pat::Paren(paren) => return tuple_pattern(&paren.pat, elements),
        Pat::Ident(ident) if ident.subpat.is_some() => {
            return tuple_pattern(&ident.subpat.as_ref()?.1, elements);
        }
        _ if binds_only(pat) => out.push(quote!(Bool(true))),
        _ => return None,
    }
    Some(out)
}

/// The element each item of a tuple pattern matches, for a tuple of `len` elements: `(a, ..,
/// z)` matches the first and the last. `None` when the pattern has another length.
pub fn aligned(tuple: &syn::PatTuple, len: usize) -> Option<Vec<(usize, &Pat)>> {
    let rest = tuple.elems.iter().position(|p| matches!(p, Pat::Rest(_)));
    let items = tuple.elems.len();
    match rest {
        None => (items == len).then(|| tuple.elems.iter().enumerate().collect()),
        Some(rest) => {
            let after = items - rest - 1;
            (rest + after <= len).then(|| {
                let front = tuple.elems.iter().take(rest).enumerate();
                let back = tuple.elems.iter().skip(rest + 1).enumerate();
                front
                    .chain(back.map(|(index, pat)| (len - after + index, pat)))
                    .collect()
            })
        }
    }
}

/// Whether `path` names a variant of the enum `tag` is the tag of.
fn names_variant(tag: Option<&Tag>, path: &syn::Path) -> bool {
    tag.is_some_and(|tag| tag.names(path))
}

/// `a && b && …` of one or more conditions.
fn all(parts: Vec<Template>) -> Template {
    let ands = vec![op("And"); parts.len() - 1];
    join(parts, ands)
}

/// Whether a field pattern matches every value: `_`, `..`, or a plain binding.
fn binds_only(pat: &Pat) -> bool {
    match pat {
        Pat::Wild(_) | Pat::Rest(_) => true,
        Pat::Ident(ident) => {
            ident.subpat.is_none()
                && ident
                    .ident
                    .to_string()
                    .starts_with(|c: char| c.is_lowercase() || c == '_')
        }
        Pat::Paren(paren) => binds_only(&paren.pat),
        _ => false,
    }
}

/// The template of "`scrutinee` matches `pat`", or `None` when the pattern is not modelled.
/// With the `tag` of an enum parameter, its variants' patterns are conditions on the tag.
pub fn pattern(pat: &Pat, scrutinee: &Template, tag: Option<&Tag>) -> Option<Template> {
    let mut out = Template::default();
    match pat {
        Pat::Wild(_) => out.push(quote!(Bool(true))),
        Pat::Ident(ident) if ident.subpat.is_none() => {
            let name = ident.ident.to_string();
            if name == "None" && tag.is_none_or(|tag| !tag.names(&ident.ident.clone().into())) {
                // `None` parses as a binding; it is the `Option`'s.
                out.append(scrutinee.clone());
                call_token(&mut out, "IsNone", 1)?;
                return Some(out);
            }
            if !name.starts_with(|c: char| c.is_lowercase() || c == '_') {
                // A variant in scope (`Rect` after `use Shape::*`), or a constant.
                let tag = tag.filter(|_| !is_constant_name(&name))?;
                return tag.is_variant(&ident.ident.clone().into(), std::iter::empty());
            }
            out.push(quote!(Bool(true)));
        }
        Pat::Ident(ident) => return pattern(&ident.subpat.as_ref()?.1, scrutinee, tag),
        Pat::Paren(paren) => return pattern(&paren.pat, scrutinee, tag),
        Pat::Path(path) if names_variant(tag, &path.path) && path.qself.is_none() => {
            return tag?.is_variant(&path.path, std::iter::empty());
        }
        Pat::TupleStruct(tuple) if names_variant(tag, &tuple.path) && tuple.qself.is_none() => {
            return tag?.is_variant(&tuple.path, positional(&tuple.elems)?.into_iter());
        }
        Pat::Struct(fields) if names_variant(tag, &fields.path) && fields.qself.is_none() => {
            let members = fields.fields.iter().map(|f| (f.member.clone(), &*f.pat));
            return tag?.is_variant(&fields.path, members);
        }
        Pat::Lit(lit) => {
            out.append(scrutinee.clone());
            literal_expr(lit, &mut out)?;
            out.push(quote!(Binary(::symtest_runtime::__private::Binary::Eq)));
        }
        Pat::Range(range) => {
            let bound = |bound: &Option<Box<Expr>>| match bound {
                Some(bound) => {
                    let mut out = Template::default();
                    literal_expr(bound, &mut out).map(|()| Some(out))
                }
                None => Some(None),
            };
            let inclusive = matches!(range.limits, syn::RangeLimits::Closed(_));
            return in_range(
                scrutinee,
                bound(&range.start)?,
                bound(&range.end)?,
                inclusive,
            );
        }
        Pat::Or(or) => {
            for (index, case) in or.cases.iter().enumerate() {
                out.append(pattern(case, scrutinee, tag)?);
                if index > 0 {
                    out.push(quote!(Binary(::symtest_runtime::__private::Binary::Or)));
                }
            }
        }
        // A modelled `Result` is the value, absent where it is `Err`, as an `Option`.
        Pat::TupleStruct(tuple)
            if (is_named(&tuple.path, "Some") || is_named(&tuple.path, "Ok"))
                && tuple.elems.len() == 1 =>
        {
            let inner = pattern(&tuple.elems[0], scrutinee, None)?;
            out.append(scrutinee.clone());
            call_token(&mut out, "IsSome", 1)?;
            if inner.tokens.len() > 1 {
                out.append(inner);
                out.push(quote!(Binary(::symtest_runtime::__private::Binary::And)));
            }
        }
        Pat::Path(path) if path.qself.is_none() && ordering_value(&path.path).is_some() => {
            let value = ordering_value(&path.path)?;
            out.append(scrutinee.clone());
            out.push(quote!(Int(#value)));
            out.push(quote!(Binary(::symtest_runtime::__private::Binary::Eq)));
        }
        Pat::Path(path) if is_named(&path.path, "None") => {
            out.append(scrutinee.clone());
            call_token(&mut out, "IsNone", 1)?;
        }
        Pat::TupleStruct(tuple)
            if is_named(&tuple.path, "Err")
                && tuple.elems.len() == 1
                && binds_only(&tuple.elems[0]) =>
        {
            out.append(scrutinee.clone());
            call_token(&mut out, "IsNone", 1)?;
        }
        // A tuple whose elements are all bound matches any value (the pair in `Some((a, b))`).
        Pat::Tuple(tuple) if tuple.elems.iter().all(binds_only) => out.push(quote!(Bool(true))),
        _ => return None,
    }
    Some(out)
}

fn is_named(path: &syn::Path, name: &str) -> bool {
    path.segments.len() == 1 && path.segments[0].ident == name
}

/// A literal (possibly negated) inside a pattern.
fn literal_expr(expr: &impl quote::ToTokens, out: &mut Template) -> Option<()> {
    let expr: Expr = syn::parse2(quote!(#expr)).ok()?;
    match &expr {
        Expr::Lit(lit) => literal(&lit.lit, out),
        Expr::Unary(unary) if matches!(unary.op, UnOp::Neg(_)) => {
            let Expr::Lit(lit) = &*unary.expr else {
                return None;
            };
            literal(&lit.lit, out)?;
            out.push(quote!(Unary(::symtest_runtime::__private::Unary::Neg)));
            Some(())
        }
        _ => None,
    }
}

/// `value >= low && value < high` (`<=` when `inclusive`), for range patterns and
/// `(low..high).contains(&value)`; an absent bound is left out, and without both there is
/// no condition.
pub fn in_range(
    value: &Template,
    low: Option<Template>,
    high: Option<Template>,
    inclusive: bool,
) -> Option<Template> {
    let mut parts = Vec::new();
    if let Some(low) = low {
        parts.push(join(vec![value.clone(), low], vec![op("Ge")]));
    }
    if let Some(high) = high {
        let cmp = if inclusive { op("Le") } else { op("Lt") };
        parts.push(join(vec![value.clone(), high], vec![cmp]));
    }
    match parts.len() {
        0 => None,
        1 => parts.pop(),
        _ => Some(join(parts, vec![op("And")])),
    }
}

/// The binding a pattern gives the whole scrutinee or the payload of `Some(_)`: `n`, `Some(d)`,
/// `x @ 1..=5`.
pub fn binding(pat: &Pat) -> Option<Ident> {
    match pat {
        Pat::Ident(ident) if ident.by_ref.is_none() => {
            let name = ident.ident.to_string();
            name.starts_with(|c: char| c.is_lowercase())
                .then(|| ident.ident.clone())
        }
        Pat::TupleStruct(tuple)
            if (is_named(&tuple.path, "Some") || is_named(&tuple.path, "Ok"))
                && tuple.elems.len() == 1 =>
        {
            binding(&tuple.elems[0])
        }
        Pat::Paren(paren) => binding(&paren.pat),
        Pat::Type(typed) => binding(&typed.pat),
        _ => None,
    }
}
