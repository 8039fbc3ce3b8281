//! Patterns as conditions: an enum parameter's tag against a variant, tuple scrutinees, and
//! the shadows of `let` patterns (`if let`, `while let`, let chains, `let … else`).

use proc_macro2::TokenStream;
use quote::quote;
use syn::{Expr, Ident, Pat};

use super::{Lowering, rt, take};
use crate::body::shadow::strip_parens;
use crate::body::shadow::{Element, Names, Slot, TAG, Tag, Template};

/// A pattern's scrutinee as shadows see it: its template, and the templates of its two
/// halves where it is a pair that may be absent (`s.split_once(',')`).
pub(super) struct Scrutinee {
    pub(super) value: Template,
    pub(super) pair: Option<(Template, Template)>,
}

impl Lowering {
    /// The tag of the enum parameter `param` (its unique name), which patterns on it compare
    /// with their variants: a value with a local of its own (`shape#tag`, once a template
    /// reads it), bound to the parameter's tag genes. `None` for parameters whose type the
    /// static table cannot name.
    ///
    /// `self` (as `param`) has a tag too, in a method whose receiver's type the impl block
    /// names: the value's variant, an input variable where a sequence builds the value from
    /// genes (see [`receiver_type`]).
    pub(super) fn tag(&self, param: Option<&str>) -> Option<Tag> {
        if param? == RECEIVER {
            return self.tag_read(param, &quote!(self));
        }
        let ident = self.idents.get(param?)?;
        self.tag_read(param, &quote!(#ident))
    }

    /// [`Lowering::tag`], with the parameter's value read through `value`.
    fn tag_read(&self, param: Option<&str>, value: &TokenStream) -> Option<Tag> {
        let param = param?;
        let (read, variants, name) = if param == RECEIVER {
            // Through `Direct`, whose table falls back to no variants for a type that is not
            // an input (not marked `#[symtest]`): conditions on its tag are then unknown.
            let (ty, name) = self.shadows.receiver.as_ref()?;
            let rt = rt();
            let fallback = quote!(#[allow(unused_imports)] use #rt::NotInput as _;);
            let read = syn::parse_quote!({ #fallback #rt::Direct::<#ty>::tag(&#value) });
            let variants = quote!({ #fallback #rt::Direct::<#ty>::VARIANTS });
            (read, variants, name)
        } else {
            let (_, Some((input, name))) = self.shadows.parameters.get(param)? else {
                return None;
            };
            let rt = rt();
            let fallback = quote!(#[allow(unused_imports)] use #rt::NotInput as _;);
            (
                syn::parse_quote!({ #fallback #input::tag(&#value) }),
                quote!({ #fallback #input::VARIANTS }),
                name,
            )
        };
        Some(Tag {
            value: Template::read(Slot::Field(format!("{param}{TAG}"), read)),
            variants,
            name: name.clone(),
            param: param.to_string(),
            read: value.clone(),
        })
    }

    /// The elements of a tuple scrutinee (`match (light, event)`), before it is lowered, with
    /// the parameter each is: every element that is a local or a field of `self` is read
    /// through `whole`, the reference the match's probe binds to the tuple (the elements were
    /// moved into it). `None` when the scrutinee is not a tuple.
    pub(super) fn tuple_scrutinee(
        &self,
        scrutinee: &Expr,
        whole: &Ident,
    ) -> Option<Vec<(Element, Option<String>)>> {
        let Expr::Tuple(tuple) = strip_parens(scrutinee) else {
            return None;
        };
        let elements = tuple.elems.iter().enumerate().map(|(index, elem)| {
            let index = syn::Index::from(index);
            let read = quote!(#whole.#index);
            let param = self.parameter_named(elem);
            let tag = self.tag_read(param.as_deref(), &read);
            let value = self.template(elem).and_then(|template| {
                let [slot] = &template.slots[..] else {
                    return None;
                };
                let unique = match slot {
                    Slot::Local(unique, _) | Slot::Field(unique, _) => unique.clone(),
                    Slot::External(_) | Slot::Variant(..) => return None,
                };
                let single = matches!(template.tokens[..], [crate::body::shadow::Token::Slot(_)]);
                single.then(|| Template::read(Slot::Field(unique, syn::parse_quote!(#read))))
            });
            let value = value.or_else(|| receiver_value(param.as_deref()));
            (Element { value, tag }, param)
        });
        Some(elements.collect())
    }

    /// The shadow of the decision `id` that `pat` matching `scrutinee` is (a `let` pattern):
    /// its one condition, on the tag too when the scrutinee is the enum parameter `param`.
    /// Returns the statement that probes its slots, and the defs of the binding that holds
    /// the scrutinee's value (`Some(d)`, `n`); `fields` are the locals bound to fields of
    /// `param`, which have shadows of their own.
    pub(super) fn pattern_shadow(
        &mut self,
        pat: &Pat,
        id: usize,
        scrutinee: Scrutinee,
        param: Option<&str>,
        fields: &[String],
    ) -> (TokenStream, Vec<TokenStream>) {
        let tag = self.tag(param);
        let matched = crate::body::shadow::pattern(pat, &scrutinee.value, tag.as_ref());
        let mut bindings = self.pair_defs(pat, scrutinee.pair.as_ref());
        bindings.extend(
            self.bound(crate::body::shadow::binding(pat))
                .filter(|unique| !fields.contains(unique))
                .map(|unique| (unique, scrutinee.value)),
        );
        bindings.extend(self.receiver_bindings(param, pat));
        self.shadow_decision(id, vec![matched], bindings, false)
    }

    /// The locals `pat`, a pattern on `param`, binds to fields of a variant of `self`
    /// (`Gate::Open { width }`), each with the template of that field; none when `param` is
    /// not `self`. `self` has no locals of its own for them to stand for: defs at the
    /// pattern's decision give them their shadows.
    pub(super) fn receiver_bindings(
        &self,
        param: Option<&str>,
        pat: &Pat,
    ) -> Vec<(String, Template)> {
        let Some(tag) = self.tag(param.filter(|param| *param == RECEIVER)) else {
            return Vec::new();
        };
        // Only variants' fields: a struct pattern's (`Meter { reading, .. }`) are fields of
        // `self` (`self.reading`), which templates read as such.
        let bindings = variant_bindings(pat).into_iter();
        let bindings = bindings.filter(|(_, path, _)| tag.names(path));
        let bindings = bindings.filter_map(|(ident, path, member)| {
            let unique = self.bound(Some(ident))?;
            Some((unique, tag.field(&path, &member)))
        });
        bindings.collect()
    }

    /// The template of a `let` pattern's scrutinee, before it is lowered; `None` when it is
    /// not modelled, or is a place that reading early could change (an index may panic).
    pub(super) fn let_scrutinee(&self, let_expr: &syn::ExprLet) -> Option<Scrutinee> {
        let expr = &*let_expr.expr;
        let value = self
            .scrutinee_template(expr)
            .filter(|_| is_value_expr(expr) || is_plain_place(expr))?;
        Some(Scrutinee {
            value,
            pair: crate::body::shadow::scrutinee_pair(expr, self),
        })
    }

    /// The locals a pattern on a pair (`Some((a, b))`) binds to its halves, by unique name,
    /// with their templates; called once the pattern's bindings are in scope.
    pub(super) fn pair_defs(
        &self,
        pat: &Pat,
        pair: Option<&(Template, Template)>,
    ) -> Vec<(String, Template)> {
        let (Some((first, second)), Some(idents)) = (pair, crate::body::shadow::pair_pattern(pat))
        else {
            return Vec::new();
        };
        let [a, b] = idents;
        [(a, first), (b, second)]
            .into_iter()
            .filter_map(|(ident, template)| Some((self.bound(ident)?, template.clone())))
            .collect()
    }

    /// The template of a pattern's scrutinee. `self` has no shadow of its own: it is a value
    /// not modelled, whose tag the patterns of its variants test.
    pub(super) fn scrutinee_template(&self, expr: &Expr) -> Option<Template> {
        self.template(expr)
            .or_else(|| receiver_value(self.parameter_named(expr).as_deref()))
    }

    /// The shadow of the `let` pattern decision `id` (`if let`, `while let`, or a `let` of a
    /// chain): its condition over `scrutinee` (from [`Lowering::let_scrutinee`]), probed just
    /// before the scrutinee is evaluated: a value is passed through the probe; a place, which
    /// the probe would move out of, is probed by the statement returned second, which the
    /// caller runs just before the `let`. Returns first the defs of
    /// [`Lowering::pattern_shadow`], to run where the pattern's bindings are in scope.
    pub(super) fn let_shadow(
        &mut self,
        let_expr: &mut syn::ExprLet,
        id: usize,
        scrutinee: Option<Scrutinee>,
        param: Option<&str>,
        fields: &[String],
    ) -> (TokenStream, TokenStream) {
        let Some(scrutinee) = scrutinee else {
            return (TokenStream::new(), TokenStream::new());
        };
        let (probe, defs) = self.pattern_shadow(&let_expr.pat, id, scrutinee, param, fields);
        let defs = defs.into_iter().collect();
        if probe.is_empty() || !is_value_expr(&let_expr.expr) {
            return (defs, probe);
        }
        let inner = take(&mut let_expr.expr);
        let rt = rt();
        *let_expr.expr = syn::parse_quote!(#rt::after({ #probe }, #inner));
        (defs, TokenStream::new())
    }

    /// The unique name of the parameter `expr` is, as passed (`shape`, `&shape`, `*shape`).
    pub(super) fn parameter_named(&self, expr: &Expr) -> Option<String> {
        match expr {
            Expr::Reference(reference) => self.parameter_named(&reference.expr),
            Expr::Unary(syn::ExprUnary {
                op: syn::UnOp::Deref(_),
                expr,
                ..
            })
            | Expr::Paren(syn::ExprParen { expr, .. })
            | Expr::Group(syn::ExprGroup { expr, .. }) => self.parameter_named(expr),
            Expr::Path(path) if path.path.is_ident("self") => {
                self.shadows.receiver.as_ref().map(|_| RECEIVER.to_string())
            }
            Expr::Path(path) => {
                let (unique, _) = Names::local(self, &path.path.get_ident()?.to_string())?;
                Names::parameter(self, &unique).then_some(unique)
            }
            _ => None,
        }
    }
}

/// What `self` is named as a "parameter" whose tag patterns test (see [`Lowering::tag`]).
pub(super) const RECEIVER: &str = "self";

/// The value of a scrutinee that is `param`, when `param` is `self`: not modelled (unknown), but
/// there for the patterns of its variants to test its tag; `None` for anything else.
fn receiver_value(param: Option<&str>) -> Option<Template> {
    (param == Some(RECEIVER)).then(Template::unknown)
}

/// The type of a method's receiver (`self`, `&self`, `&mut self`, with `Self` already replaced
/// by the impl's type), as tokens, and its name: `None` for a type with generic arguments, and
/// for `Self` where it was not replaced (a block generic over types), which the static table
/// cannot name.
pub(super) fn receiver_type(ty: &syn::Type) -> Option<(TokenStream, Ident)> {
    plain_path(ty)
        .filter(|(path, _)| !path.path.is_ident("Self"))
        .map(|(path, name)| (quote!(#path), name))
}

/// A path type without generic arguments (`Point`, `crate::geo::Point`) under any references,
/// and its name.
fn plain_path(ty: &syn::Type) -> Option<(&syn::TypePath, Ident)> {
    match super::without_references(ty) {
        syn::Type::Path(path)
            if path.qself.is_none() && path.path.segments.iter().all(|s| s.arguments.is_none()) =>
        {
            Some((path, path.path.segments.last()?.ident.clone()))
        }
        _ => None,
    }
}

/// Whether `expr` is a place that reading early is the same as reading where it is written:
/// a local, a field of one, through references (`signal`, `*shape`, `&shape`, `self.state`,
/// `(p.0)`), which runs no code of the body's own (an index could panic; a `Deref` impl of
/// the user's runs, as it would at the place).
fn is_plain_place(expr: &Expr) -> bool {
    match expr {
        Expr::Reference(reference) if reference.mutability.is_none() => {
            is_plain_place(&reference.expr)
        }
        Expr::Path(path) => path.qself.is_none() && path.path.get_ident().is_some(),
        Expr::Field(field) => is_plain_place(&field.base),
        Expr::Paren(syn::ExprParen { expr, .. })
        | Expr::Group(syn::ExprGroup { expr, .. })
        | Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Deref(_),
            expr,
            ..
        }) => is_plain_place(expr),
        _ => false,
    }
}

/// Whether passing `expr` through `rt::after` is the same as evaluating it in place: a value
/// expression, not a place (passing a place would move out of it).
pub(super) fn is_value_expr(expr: &Expr) -> bool {
    matches!(
        expr,
        Expr::MethodCall(_) | Expr::Call(_) | Expr::Binary(_) | Expr::Lit(_) | Expr::Cast(_)
    )
}

/// `Direct::<Point>` for a parameter of type `Point`, `&Point` or `&mut Point`, through which
/// the table names its fields and variants in gene order: where the type is no input (genes
/// cannot build it: the function is skipped), `NotInput`'s fallbacks, which need that trait in
/// scope, answer. `None` for other types (tuples name their fields by position, which needs no
/// list), and for `Self` and types with generic arguments, which the static table cannot name.
pub(super) fn input_of(ty: &syn::Type) -> Option<(TokenStream, Ident)> {
    let (path, name) = plain_path(ty).filter(|(path, _)| !path.path.is_ident("Self"))?;
    let rt = rt();
    Some((quote!(#rt::Direct::<#path>), name))
}

/// The locals an arm's pattern binds to fields of one enum variant, with the variant's path as
/// written and the field: `(w, Shape::Rect, w)` of `Shape::Rect { w, .. }`, `(r,
/// Shape::Circle, 0)` of `Shape::Circle(r)`. Only plain bindings of the variant's own fields.
pub(super) fn variant_bindings(pat: &Pat) -> Vec<(Ident, syn::Path, syn::Member)> {
    let plain = |pat: &Pat| match pat {
        Pat::Ident(binding) if binding.subpat.is_none() => Some(binding.ident.clone()),
        _ => None,
    };
    match pat {
        Pat::Reference(reference) => variant_bindings(&reference.pat),
        Pat::Paren(paren) => variant_bindings(&paren.pat),
        Pat::TupleStruct(tuple) => tuple
            .elems
            .iter()
            .take_while(|elem| !matches!(elem, Pat::Rest(_)))
            .enumerate()
            .filter_map(|(index, elem)| {
                let member = syn::Member::Unnamed(syn::Index::from(index));
                Some((plain(elem)?, tuple.path.clone(), member))
            })
            .collect(),
        Pat::Struct(fields) => fields
            .fields
            .iter()
            .filter_map(|field| {
                Some((
                    plain(&field.pat)?,
                    fields.path.clone(),
                    field.member.clone(),
                ))
            })
            .collect(),
        _ => Vec::new(),
    }
}
