//! What the shadow side of one function collects during lowering, and the `ShadowMeta` table
//! it becomes: the locals' ids, the defs, the decisions' templates and the fields of
//! parameters and of `self` that stand for input variables.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::TokenStream;
use quote::quote;
use syn::Ident;

use super::{Slot, Template};
use crate::rt;

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
            let inferred = template.inferred;
            merged.append(template);
            Template {
                tokens: merged.tokens.split_off(start),
                slots: Vec::new(),
                inferred,
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
                    quote!(::symtest_runtime::__private::core::option::Option::Some(#at))
                }
                None => quote!(::symtest_runtime::__private::core::option::Option::None),
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
            let fallback = quote!(#[allow(unused_imports)] use #rt::NotInput as _;);
            let (names, variants) = match input {
                Some((input, _)) => (
                    quote!({ #fallback #input::FIELDS }),
                    quote!({ #fallback #input::VARIANTS }),
                ),
                None => (quote!(&[]), quote!(&[])),
            };
            let genes = match self.parameter_types.get(root) {
                Some(ty) if member.contains('.') => {
                    quote!({ #fallback #rt::Direct::<#ty>::field_genes })
                }
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
pub(super) fn is_receiver_field(name: &str) -> bool {
    let rest = name.strip_prefix("self");
    rest.is_some_and(|rest| rest.starts_with('.') || rest == TAG || rest.starts_with(VARIANT))
}

/// What separates a parameter's name and a variant's field in the local that stands for that
/// field (`op::Div.0`, `shape::Rect.w`).
pub const VARIANT: &str = "::";
