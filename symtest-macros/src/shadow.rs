//! Shadow templates: what each `let`, assignment and decision computes, translated into the
//! runtime's reverse-Polish tokens (`STok`) over the values the hook site probes. The runtime
//! instantiates them with the locals' shadows during a concolic execution
//! (`symtest-runtime/src/shadow/concolic.rs`); anything not translated here is simply not
//! modelled, and the runtime treats its value as concrete.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::TokenStream;
use quote::quote;
use syn::{BinOp, Expr, Ident, Lit, UnOp};

use crate::rt;

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
    /// Any other `STok`, as the expression to emit.
    Other(TokenStream),
}

impl quote::ToTokens for Token {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        let rt = rt();
        tokens.extend(match self {
            Token::Slot(index) => quote!(#rt::STok::Slot(#index)),
            Token::Other(other) => other.clone(),
        });
    }
}

/// A template in reverse Polish notation and the slots it reads.
#[derive(Clone, Debug, Default)]
pub struct Template {
    pub tokens: Vec<Token>,
    pub slots: Vec<Slot>,
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
                ::core::option::Option::Some(#value) => #probed,
                ::core::option::Option::None => ::core::option::Option::None,
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

/// The value's shadow probe, through the autoref specialisation of `ViaShadow`/`NoShadow`.
fn probed(value: &impl quote::ToTokens) -> TokenStream {
    let rt = rt();
    quote!({
        #[allow(unused_imports)]
        use #rt::{NoShadow as _, ViaShadow as _};
        (&&#rt::Snap(&(#value))).shadow()
    })
}

/// What the shadow side of one function collects during lowering.
#[derive(Debug, Default)]
pub struct Shadows {
    /// Locals that are mutably borrowed somewhere: never probed (reading them could conflict
    /// with the borrow) and never shadowed.
    pub untracked: BTreeSet<String>,
    ids: BTreeMap<String, u32>,
    pub params: Vec<(u32, u32)>,
    /// Per parameter's unique name: its index, and its type as an input (`<Point as Input>`),
    /// which names its fields and variants in gene order, with the type's name, when the
    /// type is a plain path.
    pub parameters: BTreeMap<String, (u32, Option<(TokenStream, Ident)>)>,
    /// Per parameter's unique name, its type without references (`(u8, Sensor)` of `&(u8,
    /// Sensor)`), whose `Input::field_genes` finds a field of a field (`pair.1.high`).
    pub parameter_types: BTreeMap<String, TokenStream>,
    /// The type of `self`, in a method of an impl block (`Shape`, the type as the block names
    /// it), with its name: its tag and its variants' fields are input variables when a
    /// sequence builds it from genes, which only types marked `#[symtest]` allow.
    pub receiver: Option<(TokenStream, Ident)>,
    /// The body may change `self` where the hooks cannot see it (see `changes_self`).
    pub changes_self: bool,
    /// `(local, parameter, variant, field)`: locals a pattern on a parameter binds to a field
    /// (`Shape::Rect { w, .. }`, `Point { x, .. }`, `Some(v)`), in `match`, `if let` and
    /// `let … else`.
    pub variant_fields: Vec<(u32, String, String, String)>,
    pub defs: Vec<DefOut>,
    pub decisions: BTreeMap<usize, DecisionOut>,
}

#[derive(Debug)]
pub struct DefOut {
    pub local: u32,
    pub template: Template,
    pub at: Option<usize>,
}

#[derive(Debug, Default)]
pub struct DecisionOut {
    pub outcomes: Vec<Option<Template>>,
    pub slots: Vec<Slot>,
    pub for_loop: bool,
}

impl Shadows {
    /// The id of a local, by unique name.
    pub fn local(&mut self, unique: &str) -> u32 {
        let next = self.ids.len() as u32;
        *self.ids.entry(unique.to_string()).or_insert(next)
    }

    pub fn tracked(&self, source_name: &str) -> bool {
        !self.untracked.contains(source_name)
    }

    /// Registers a def; returns its id.
    pub fn def(&mut self, local: u32, template: Template, at: Option<usize>) -> u32 {
        self.register_fields(&template.slots);
        self.defs.push(DefOut {
            local,
            template,
            at,
        });
        (self.defs.len() - 1) as u32
    }

    /// Sets the outcome templates of a decision, merged over one slot list with the templates
    /// of the bindings that read the same slots; returns the closure that probes them and the
    /// bindings' templates renumbered to that list.
    pub fn decision(
        &mut self,
        id: usize,
        outcomes: Vec<Option<Template>>,
        bindings: Vec<Template>,
        for_loop: bool,
    ) -> (TokenStream, Vec<Template>) {
        let mut merged = Template::default();
        let mut split = |template: Template| {
            let start = merged.tokens.len();
            merged.append(template);
            Template {
                tokens: merged.tokens.split_off(start),
                slots: Vec::new(),
            }
        };
        let outcomes = outcomes
            .into_iter()
            .map(|outcome| outcome.map(&mut split))
            .collect();
        let bindings = bindings.into_iter().map(&mut split).collect();
        let probes = merged.probes();
        self.register_fields(&merged.slots);
        self.decisions.insert(
            id,
            DecisionOut {
                outcomes,
                slots: merged.slots,
                for_loop,
            },
        );
        (probes, bindings)
    }

    /// Gives every field of `self` that `slots` read a local id, so that its shadow can come
    /// from an earlier call even where this function never assigns it.
    fn register_fields(&mut self, slots: &[Slot]) {
        for slot in slots {
            if let Slot::Field(path, _) | Slot::Variant(path, _) = slot {
                self.local(path);
            }
        }
    }

    /// The `ShadowMeta` expression.
    pub fn emit(&self, decisions: usize, constants: &[TokenStream]) -> TokenStream {
        let rt = rt();
        let slot_ids = |slots: &[Slot]| -> Vec<TokenStream> {
            slots
                .iter()
                .map(|slot| match slot {
                    Slot::Local(unique, _) | Slot::Field(unique, _) | Slot::Variant(unique, _) => {
                        let id = self.ids.get(unique).copied().unwrap_or(u32::MAX);
                        quote!(#id)
                    }
                    Slot::External(_) => quote!(#rt::EXTERNAL),
                })
                .collect()
        };
        let params = self.params.iter().map(|(l, p)| quote!((#l, #p)));
        let defs = self.defs.iter().map(|def| {
            let local = def.local;
            let tokens = &def.template.tokens;
            let slots = if def.at.is_some() {
                Vec::new()
            } else {
                slot_ids(&def.template.slots)
            };
            let at = match def.at {
                Some(at) => {
                    let at = at as u32;
                    quote!(::core::option::Option::Some(#at))
                }
                None => quote!(::core::option::Option::None),
            };
            quote!(#rt::Def { local: #local, value: &[#(#tokens),*], at: #at, slots: &[#(#slots),*] })
        });
        let last = self.decisions.keys().next_back().map_or(0, |last| last + 1);
        let decision_tables = (0..last.min(decisions)).map(|id| match self.decisions.get(&id) {
            Some(decision) => {
                let outcomes = decision.outcomes.iter().map(|outcome| {
                    let tokens = outcome.iter().flat_map(|t| t.tokens.iter());
                    quote!(&[#(#tokens),*])
                });
                let slots = slot_ids(&decision.slots);
                let for_loop = decision.for_loop;
                quote!(#rt::DecisionShadow {
                    outcomes: &[#(#outcomes),*],
                    slots: &[#(#slots),*],
                    for_loop: #for_loop,
                })
            }
            None => quote!(#rt::DecisionShadow { outcomes: &[], slots: &[], for_loop: false }),
        });
        let locals = self.ids.len() as u32;
        let fields = self
            .ids
            .iter()
            .filter(|(name, _)| is_receiver_field(name))
            .map(|(name, id)| quote!((#id, #name)));
        let field = |local: u32, root: &str, variant: &str, member: &str, tested: bool| {
            let (param, input) = self.parameters.get(root)?;
            let (names, variants) = match input {
                Some((input, _)) => (quote!(#input::FIELDS), quote!(#input::VARIANTS)),
                None => (quote!(&[]), quote!(&[])),
            };
            let genes = match self.parameter_types.get(root) {
                Some(ty) if member.contains('.') => quote!(<#ty as #rt::Input>::field_genes),
                _ => quote!(<() as #rt::Input>::field_genes),
            };
            Some(quote!(#rt::ParamField {
                local: #local,
                param: #param,
                variant: #variant,
                member: #member,
                names: #names,
                variants: #variants,
                tested: #tested,
                genes: #genes,
            }))
        };
        let read = self.ids.iter().filter_map(|(name, &id)| {
            if let Some(root) = name.strip_suffix(TAG) {
                return field(id, root, "", "", false);
            }
            if let Some((root, within)) = name.split_once(VARIANT) {
                let (variant, member) = within.split_once('.')?;
                return field(id, root, variant, member, true);
            }
            let (root, member) = name.split_once('.')?;
            field(id, root, "", member, false)
        });
        let bound = self
            .variant_fields
            .iter()
            .filter_map(|(local, root, variant, member)| {
                field(*local, root, variant, member, false)
            });
        let parameter_fields: Vec<TokenStream> = read.chain(bound).collect();
        let changes_self = self.changes_self;
        quote!(#rt::ShadowMeta {
            params: &[#(#params),*],
            locals: #locals,
            fields: &[#(#fields),*],
            param_fields: &[#(#parameter_fields),*],
            changes_self: #changes_self,
            defs: &[#(#defs),*],
            decisions: &[#(#decision_tables),*],
            constants: &[#(#constants),*],
        })
    }
}

/// What the local of an enum parameter's tag is named after the parameter's: `shape#tag`.
pub const TAG: &str = "#tag";

/// Whether a local stands for a part of `self` whose shadow carries over from one call of a
/// sequence to the next: a field (`self.count`), the tag (`self#tag`), or a variant's field
/// (`self::Div.0`).
fn is_receiver_field(name: &str) -> bool {
    let rest = name.strip_prefix("self");
    rest.is_some_and(|rest| rest.starts_with('.') || rest == TAG || rest.starts_with(VARIANT))
}

/// What separates a parameter's name and a variant's field in the local that stands for that
/// field (`op::Div.0`, `shape::Rect.w`).
pub const VARIANT: &str = "::";

/// How a name in an expression resolves, for templates.
pub trait Names {
    /// The unique name and identifier of a local in scope that shadows may follow.
    fn local(&self, name: &str) -> Option<(String, Ident)>;

    /// Whether the local of unique name `unique` is a parameter as passed, whose fields
    /// (`p.x`) are input variables of their own.
    fn parameter(&self, _unique: &str) -> bool {
        false
    }
}

/// The template of `expr`, or `None` when any part of it is not modelled.
pub fn template(expr: &Expr, names: &impl Names) -> Option<Template> {
    let mut out = Template::default();
    translate(expr, names, &mut out)?;
    Some(out)
}

fn translate(expr: &Expr, names: &impl Names, out: &mut Template) -> Option<()> {
    match expr {
        Expr::Lit(lit) => literal(&lit.lit, out),
        Expr::Path(path) => {
            if path.qself.is_some() {
                return None;
            }
            if let Some(ident) = path.path.get_ident() {
                let name = ident.to_string();
                if let Some((unique, ident)) = names.local(&name) {
                    out.push_slot(Slot::Local(unique, ident));
                    return Some(());
                }
            }
            // Constants (`MAGIC`, `u32::MAX`, `Self::LIMIT`) are written in SCREAMING_CASE;
            // anything else (`None`, `State::Idle`, functions, statics in lowercase) is not a
            // value whose type is known where the probe reads it.
            let last = path.path.segments.last()?.ident.to_string();
            if !is_constant_name(&last) {
                return None;
            }
            out.push_slot(Slot::External(expr.clone()));
            Some(())
        }
        Expr::Field(_) => {
            if let Some(path) = self_field(expr) {
                out.push_slot(Slot::Field(path, expr.clone()));
                return Some(());
            }
            // A field of a local shadows follow (so never mutably borrowed): a field of a
            // parameter (`p.x`) is an input variable, read through a local of its own; a
            // field of anything else is its value, a constant of the execution.
            let root = field_root(expr)?;
            let (unique, _) = names.local(&root)?;
            match parameter_field(expr) {
                Some(member) if names.parameter(&unique) => {
                    out.push_slot(Slot::Field(format!("{unique}.{member}"), expr.clone()));
                }
                _ => out.push_slot(Slot::External(expr.clone())),
            }
            Some(())
        }
        Expr::Paren(paren) => translate(&paren.expr, names, out),
        Expr::Group(group) => translate(&group.expr, names, out),
        Expr::Reference(reference) if reference.mutability.is_none() => {
            translate(&reference.expr, names, out)
        }
        Expr::Unary(unary) => {
            translate(&unary.expr, names, out)?;
            match unary.op {
                UnOp::Neg(_) => out.push(quote!(Unary(::symtest_runtime::__private::Unary::Neg))),
                UnOp::Not(_) => out.push(quote!(Unary(::symtest_runtime::__private::Unary::Not))),
                UnOp::Deref(_) => {}
                _ => return None,
            }
            Some(())
        }
        Expr::Binary(binary) => {
            let op = binary_op(&binary.op)?;
            translate(&binary.left, names, out)?;
            translate(&binary.right, names, out)?;
            out.push(quote!(Binary(::symtest_runtime::__private::Binary::#op)));
            Some(())
        }
        Expr::Cast(cast) => {
            let to = cast_ty(&cast.ty)?;
            translate(&cast.expr, names, out)?;
            out.push(quote!(Cast(#to)));
            Some(())
        }
        Expr::Index(index) => {
            if let Expr::MethodCall(call) = &*index.expr
                && call.method == "as_bytes"
                && call.args.is_empty()
            {
                translate(&call.receiver, names, out)?;
                translate(&index.index, names, out)?;
                return call_token(out, "ByteAt", 2);
            }
            translate(&index.expr, names, out)?;
            translate(&index.index, names, out)?;
            call_token(out, "Index", 2)
        }
        Expr::MethodCall(call) => method_call(call, names, out),
        // `e?` on the modelled `Option`s: the payload, absent when `?` returns early.
        Expr::Try(try_expr) => translate(&try_expr.expr, names, out),
        Expr::Call(call) => {
            // `u32::from(x)`, `char::from(b)`: casts that cannot lose information.
            let Expr::Path(path) = &*call.func else {
                return None;
            };
            let segments: Vec<String> = path
                .path
                .segments
                .iter()
                .map(|s| s.ident.to_string())
                .collect();
            match (segments.as_slice(), call.args.len()) {
                ([ty, from], 1) if from == "from" => {
                    let to = cast_name(ty)?;
                    translate(&call.args[0], names, out)?;
                    out.push(quote!(Cast(#to)));
                    Some(())
                }
                // `f64::from_bits(b)`: `b` is a `u64` (an `f32`'s a `u32`) whatever its literal.
                ([ty, from_bits], 1) if from_bits == "from_bits" => {
                    let bits = match ty.as_str() {
                        "f32" => cast_name("u32")?,
                        "f64" => cast_name("u64")?,
                        _ => return None,
                    };
                    translate(&call.args[0], names, out)?;
                    out.push(quote!(Cast(#bits)));
                    call_token(out, "FromBits", 1)
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// `"self.count"` for a field of `self` as written (`self.count`, `self.inner.0`).
pub fn self_field(expr: &Expr) -> Option<String> {
    match expr {
        Expr::Field(field) => {
            let base = match &*field.base {
                Expr::Path(path) if path.path.is_ident("self") => "self".to_string(),
                base => self_field(base)?,
            };
            Some(format!("{base}.{}", member_name(&field.member)))
        }
        Expr::Paren(paren) => self_field(&paren.expr),
        _ => None,
    }
}

/// `x` of `.x`, `0` of `.0`.
pub(crate) fn member_name(member: &syn::Member) -> String {
    match member {
        syn::Member::Named(name) => name.to_string(),
        syn::Member::Unnamed(index) => index.index.to_string(),
    }
}

/// `x` of `p.x`, `0` of `p.0` and `command.dx` of `turn.command.dx`: a field, or a field of a
/// field, read right off a local.
fn parameter_field(expr: &Expr) -> Option<String> {
    match expr {
        Expr::Field(field) => {
            let member = member_name(&field.member);
            match &*field.base {
                Expr::Path(path) if path.path.get_ident().is_some() => Some(member),
                base => Some(format!("{}.{member}", parameter_field(base)?)),
            }
        }
        Expr::Paren(paren) => parameter_field(&paren.expr),
        _ => None,
    }
}

/// The local a chain of fields starts from: `p` of `p.x.y`.
fn field_root(expr: &Expr) -> Option<String> {
    match expr {
        Expr::Field(field) => field_root(&field.base),
        Expr::Path(path) => path.path.get_ident().map(ToString::to_string),
        _ => None,
    }
}

/// `MAGIC`, `MAX`, `LEAF_START`: upper-case letters, digits and underscores, a letter first.
pub(super) fn is_constant_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_uppercase())
        && name
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

pub(super) fn call_token(out: &mut Template, method: &str, arity: u8) -> Option<()> {
    let method = Ident::new(method, proc_macro2::Span::call_site());
    out.push(quote!(Call(::symtest_runtime::__private::Method::#method, #arity)));
    Some(())
}

fn method_call(call: &syn::ExprMethodCall, names: &impl Names, out: &mut Template) -> Option<()> {
    let name = call.method.to_string();
    let args = &call.args;
    // `s.chars().count()`, `s.chars().nth(i)`, `c.to_digit(r).unwrap()`.
    if let Expr::MethodCall(inner) = &*call.receiver
        && inner.method == "chars"
        && inner.args.is_empty()
    {
        match (name.as_str(), args.len()) {
            ("count", 0) => {
                translate(&inner.receiver, names, out)?;
                return call_token(out, "CharCount", 1);
            }
            ("nth", 1) => {
                translate(&inner.receiver, names, out)?;
                translate(&args[0], names, out)?;
                return call_token(out, "CharAt", 2);
            }
            ("next", 0) => {
                translate(&inner.receiver, names, out)?;
                out.push(quote!(Int(0i128)));
                return call_token(out, "CharAt", 2);
            }
            _ => return None,
        }
    }
    // Views and copies with the same value: `unwrap` on the modelled `Option`s (absent is
    // the `None` it panics on), `as_str`, `as_bytes` (a `str`'s `len` is its bytes'),
    // `clone`, `to_string`, `to_owned`.
    let same_value = [
        "unwrap",
        "as_str",
        "as_bytes",
        "clone",
        "to_string",
        "to_owned",
    ];
    if same_value.contains(&name.as_str()) && args.is_empty() {
        return translate(&call.receiver, names, out);
    }
    let (method, arity) = match (name.as_str(), args.len()) {
        ("wrapping_add", 1) => ("WrappingAdd", 2),
        ("wrapping_sub", 1) => ("WrappingSub", 2),
        ("wrapping_mul", 1) => ("WrappingMul", 2),
        ("wrapping_neg", 0) => ("WrappingNeg", 1),
        ("saturating_add", 1) => ("SaturatingAdd", 2),
        ("saturating_sub", 1) => ("SaturatingSub", 2),
        ("saturating_mul", 1) => ("SaturatingMul", 2),
        ("checked_add", 1) => ("CheckedAdd", 2),
        ("checked_sub", 1) => ("CheckedSub", 2),
        ("checked_mul", 1) => ("CheckedMul", 2),
        ("checked_div", 1) => ("CheckedDiv", 2),
        ("checked_rem", 1) => ("CheckedRem", 2),
        ("abs", 0) => ("Abs", 1),
        ("min", 1) => ("Min", 2),
        ("max", 1) => ("Max", 2),
        ("count_ones", 0) => ("CountOnes", 1),
        ("to_bits", 0) => ("ToBits", 1),
        ("is_some", 0) => ("IsSome", 1),
        ("is_none", 0) => ("IsNone", 1),
        ("unwrap_or", 1) => ("UnwrapOr", 2),
        ("to_digit", 1) => ("ToDigit", 2),
        ("is_digit", 1) => ("IsDigit", 2),
        ("len", 0) => ("Len", 1),
        ("is_empty", 0) => ("IsEmpty", 1),
        ("starts_with", 1) => ("StartsWith", 2),
        ("ends_with", 1) => ("EndsWith", 2),
        ("contains", 1) => ("Contains", 2),
        (other, 0) => (char_method(other)?, 1),
        _ => return None,
    };
    translate(&call.receiver, names, out)?;
    for arg in args {
        translate(arg, names, out)?;
    }
    call_token(out, method, arity)
}

/// The runtime's name of a one-argument char method.
pub fn char_method(name: &str) -> Option<&'static str> {
    Some(match name {
        "is_ascii_digit" => "IsAsciiDigit",
        "is_ascii_hexdigit" => "IsAsciiHexdigit",
        "is_ascii_alphabetic" => "IsAsciiAlphabetic",
        "is_ascii_alphanumeric" => "IsAsciiAlphanumeric",
        "is_ascii_uppercase" => "IsAsciiUppercase",
        "is_ascii_lowercase" => "IsAsciiLowercase",
        "is_ascii_whitespace" => "IsAsciiWhitespace",
        "is_ascii_punctuation" => "IsAsciiPunctuation",
        "is_alphabetic" => "IsAlphabetic",
        "is_numeric" => "IsNumeric",
        "is_alphanumeric" => "IsAlphanumeric",
        "is_whitespace" => "IsWhitespace",
        "is_uppercase" => "IsUppercase",
        "is_lowercase" => "IsLowercase",
        "to_ascii_uppercase" => "ToAsciiUppercase",
        "to_ascii_lowercase" => "ToAsciiLowercase",
        _ => return None,
    })
}

pub(super) fn literal(lit: &Lit, out: &mut Template) -> Option<()> {
    match lit {
        Lit::Int(int) => {
            let value = int.base10_parse::<u128>().ok()? as i128;
            out.push(quote!(Int(#value)));
            if !int.suffix().is_empty() {
                let to = cast_name(int.suffix())?;
                out.push(quote!(Cast(#to)));
            }
        }
        Lit::Float(float) => {
            let value = float.base10_parse::<f64>().ok()?;
            out.push(quote!(Float(#value)));
            if !float.suffix().is_empty() {
                let to = cast_name(float.suffix())?;
                out.push(quote!(Cast(#to)));
            }
        }
        Lit::Bool(value) => {
            let value = value.value;
            out.push(quote!(Bool(#value)));
        }
        Lit::Char(c) => {
            let value = c.value();
            out.push(quote!(Char(#value)));
        }
        Lit::Str(text) => {
            let value = text.value();
            out.push(quote!(Str(#value)));
        }
        Lit::Byte(byte) => {
            let value = i128::from(byte.value());
            out.push(quote!(Int(#value)));
            out.push(quote!(Cast(::symtest_runtime::__private::CastTy::Int(
                ::symtest_runtime::__private::IntKind::U8
            ))));
        }
        _ => return None,
    }
    Some(())
}

fn binary_op(op: &BinOp) -> Option<Ident> {
    let name = match op {
        BinOp::Add(_) => "Add",
        BinOp::Sub(_) => "Sub",
        BinOp::Mul(_) => "Mul",
        BinOp::Div(_) => "Div",
        BinOp::Rem(_) => "Rem",
        BinOp::BitAnd(_) => "BitAnd",
        BinOp::BitOr(_) => "BitOr",
        BinOp::BitXor(_) => "BitXor",
        BinOp::Shl(_) => "Shl",
        BinOp::Shr(_) => "Shr",
        BinOp::Eq(_) => "Eq",
        BinOp::Ne(_) => "Ne",
        BinOp::Lt(_) => "Lt",
        BinOp::Le(_) => "Le",
        BinOp::Gt(_) => "Gt",
        BinOp::Ge(_) => "Ge",
        BinOp::And(_) => "And",
        BinOp::Or(_) => "Or",
        _ => return None,
    };
    Some(Ident::new(name, proc_macro2::Span::call_site()))
}

/// The operator of a compound assignment (`+=` → `Add`).
pub fn compound_op(op: &BinOp) -> Option<Ident> {
    let name = match op {
        BinOp::AddAssign(_) => "Add",
        BinOp::SubAssign(_) => "Sub",
        BinOp::MulAssign(_) => "Mul",
        BinOp::DivAssign(_) => "Div",
        BinOp::RemAssign(_) => "Rem",
        BinOp::BitAndAssign(_) => "BitAnd",
        BinOp::BitOrAssign(_) => "BitOr",
        BinOp::BitXorAssign(_) => "BitXor",
        BinOp::ShlAssign(_) => "Shl",
        BinOp::ShrAssign(_) => "Shr",
        _ => return None,
    };
    Some(Ident::new(name, proc_macro2::Span::call_site()))
}

/// `x op= e` as a template: `x e op`.
pub fn compound(target: &Expr, op: &BinOp, value: &Expr, names: &impl Names) -> Option<Template> {
    let op = compound_op(op)?;
    let mut out = Template::default();
    translate(target, names, &mut out)?;
    translate(value, names, &mut out)?;
    out.push(quote!(Binary(::symtest_runtime::__private::Binary::#op)));
    Some(out)
}

fn cast_ty(ty: &syn::Type) -> Option<TokenStream> {
    let syn::Type::Path(path) = ty else {
        return None;
    };
    cast_name(&path.path.get_ident()?.to_string())
}

fn cast_name(name: &str) -> Option<TokenStream> {
    let rt = rt();
    let int = |kind: &str| {
        let kind = Ident::new(kind, proc_macro2::Span::call_site());
        Some(quote!(#rt::CastTy::Int(#rt::IntKind::#kind)))
    };
    match name {
        "i8" => int("I8"),
        "i16" => int("I16"),
        "i32" => int("I32"),
        "i64" => int("I64"),
        "i128" => int("I128"),
        "isize" => int("Isize"),
        "u8" => int("U8"),
        "u16" => int("U16"),
        "u32" => int("U32"),
        "u64" => int("U64"),
        "u128" => int("U128"),
        "usize" => int("Usize"),
        "f32" => Some(quote!(#rt::CastTy::Float(#rt::FloatKind::F32))),
        "f64" => Some(quote!(#rt::CastTy::Float(#rt::FloatKind::F64))),
        "char" => Some(quote!(#rt::CastTy::Char)),
        _ => None,
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

mod pattern;
mod scan;

pub use pattern::{Element, Tag, aligned, binding, in_range, pattern, tuple_pattern};
pub use scan::{changes_self, constants, untracked};

#[cfg(test)]
mod tests;
