//! A function searched on its own (a free function, an associated function without `self`):
//! lowered with a hook on every decision, its static branch table, and the hidden `#[test]`
//! entry point through which `cargo symtest` runs its search; and what the code generated for
//! items of every kind shares with it (the arguments a search decodes, values rendered for a
//! test, the constructor that registers a function of an impl block).

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::{Ident, ItemFn, Type};

use crate::body::lower::Lowering;
use crate::rt;
use crate::signature::parameters::{Param, Route};

/// Whether this expansion instruments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Normal,
    Instrument,
}

impl Mode {
    /// `SYMTEST_INSTRUMENT=1` switches instrumentation on; the build script of this crate makes
    /// cargo rebuild dependents when it changes.
    pub fn from_env() -> Mode {
        match std::env::var_os("SYMTEST_INSTRUMENT") {
            Some(value) if value == "1" => Mode::Instrument,
            _ => Mode::Normal,
        }
    }
}

/// The errors plus the item as written, so callers of the function see no follow-on errors.
/// `compile_error!` is named without a path, which resolves in every edition (syn's
/// `to_compile_error` writes `::core::compile_error!`, and a 2015 crate's root has no `core`).
pub(crate) fn with_error(error: syn::Error, item: TokenStream) -> TokenStream {
    let errors = error.into_iter().map(|error| {
        let message = error.to_string();
        quote::quote_spanned!(error.span()=> compile_error! { #message })
    });
    quote!(#(#errors)* #item)
}

/// The signature a function is searched with: its own with the types chosen for its
/// parameters, without a formatter it writes to (whose position `formats` gives), returning
/// what a test gets of an `impl Trait` result (which `result` says how).
pub(crate) struct Searched {
    pub concrete: ItemFn,
    pub formats: Option<usize>,
    pub result: Option<crate::signature::results::Used>,
}

/// The instrumented `function`, its table and its entry, all named after `original`: the
/// function itself, or the `const fn` whose twin `function` is (see `crate::body::twin`). A
/// generic one is called with the types `chosen` for it, `searched.concrete` being its
/// signature with them (the function itself when it has none; see `crate::signature::generics`).
pub(crate) fn instrument(
    mut function: ItemFn,
    params: &[Param],
    original: &Ident,
    chosen: &crate::signature::generics::Chosen,
    searched: &Searched,
) -> TokenStream {
    let name = function.sig.ident.clone();
    let meta = format_ident!("__SYMTEST_META_{}", original);
    // A twin has the function's signature: its tests' turbofish is the function's.
    let generic = chosen.subject_field(&chosen.written_turbofish(&function));
    let table = crate::signature::generics::lowering(!chosen.is_empty(), || {
        lower_function(&mut function, &meta, &original.to_string())
    });
    let turbofish = chosen.turbofish();
    let called = Called {
        callee: &quote!(#name #turbofish),
        generic: &generic,
        formats: searched.formats,
        result: searched.result,
    };
    let entry = entry_point_of(
        &searched.concrete,
        params,
        &meta,
        &called,
        &original.to_string(),
    );
    let table = meta_static(&function.vis, &meta, &table);
    quote! {
        #table

        #function

        #entry
    }
}

/// A function symtest does not search on its own (see `crate::items::skip`), instrumented for
/// the functions that call it: its body lowered in place as a searched one's is, recording
/// into the branch table `meta`, which this returns as a static of the module (private: a
/// function of an impl block reaches it too). Its branches count for its callers and are
/// targets of their searches, and DSE follows calls into it: skipped means not searched on its
/// own, never invisible. `generic` where the body is generic over types (its own, or its
/// block's). `None`, the function untouched, where the body cannot take the hooks: a
/// `const fn` (const contexts may call it, and its callers call it, not a twin) and an
/// `async fn`.
pub(crate) fn for_callers(
    function: &mut ItemFn,
    meta: &Ident,
    name: &str,
    generic: bool,
) -> Option<TokenStream> {
    let sig = &function.sig;
    if sig.constness.is_some() || sig.asyncness.is_some() {
        return None;
    }
    let generic = generic || generic_over_types(sig);
    let table =
        crate::signature::generics::lowering(generic, || lower_function(function, meta, name));
    Some(meta_static(&syn::Visibility::Inherited, meta, &table))
}

/// Whether `sig` has type parameters of its own, or `impl Trait` arguments (parameters too).
fn generic_over_types(sig: &syn::Signature) -> bool {
    struct ImplTrait(bool);
    impl<'ast> syn::visit::Visit<'ast> for ImplTrait {
        fn visit_type_impl_trait(&mut self, _: &'ast syn::TypeImplTrait) {
            self.0 = true;
        }
    }
    let mut found = ImplTrait(sig.generics.type_params().next().is_some());
    for input in &sig.inputs {
        syn::visit::Visit::visit_fn_arg(&mut found, input);
    }
    found.0
}

/// The static branch table `meta` of a function whose visibility is `vis`, holding `table`
/// (see [`lower_function`]).
pub(crate) fn meta_static(vis: &syn::Visibility, meta: &Ident, table: &TokenStream) -> TokenStream {
    let rt = rt();
    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        #vis static #meta: #rt::FunctionMeta = #table;
    }
}

/// Rewrites `function`'s body into hook calls that record into the static table `meta`, and
/// returns that table (named `name` in reports and tests).
pub(crate) fn lower_function(function: &mut ItemFn, meta: &Ident, name: &str) -> TokenStream {
    crate::body::sugar::expand(&mut function.block);
    let mut unreadable = crate::body::escapes::mutably_borrowed(&function.block);
    unreadable.extend(mutable_references(&function.sig));
    // Before lowering, which adds literals of its own (decision ids).
    let constants = crate::body::shadow::constants(&function.block);
    let operators = crate::body::mutants::Sites::of(&function.block);
    let mut lowering = Lowering::new(meta.clone());
    lowering.shadows.untracked = unreadable
        .union(&crate::body::shadow::untracked(&function.block))
        .cloned()
        .collect();
    lowering.shadows.changes_self =
        !lowering.shadows.tracked("self") || crate::body::shadow::changes_self(&function.block);
    lowering.parameters(&function.sig.inputs);
    lowering.made = crate::body::lower::made_type(&function.sig);
    lowering.body(&mut function.block);
    let control = lowering.graph.control_dependence(lowering.decisions.len());
    let tables = crate::body::paths::compute(&lowering, &control, &unreadable);
    crate::body::paths::fill_snapshots(&mut function.block, &tables, &lowering);
    operators.rewrite(&mut function.block, meta);
    branch_table(&lowering, &control, &tables, function, &constants, name)
}

/// The `&mut` parameters: they change through the reference (`*count += 1`, `items.push(x)`),
/// which the shadow hooks do not follow, and a snapshot reading one could clash with a borrow
/// the body holds (`for x in items.iter_mut()`), so they are neither shadowed nor snapshotted.
fn mutable_references(sig: &syn::Signature) -> Vec<String> {
    sig.inputs
        .iter()
        .filter_map(|input| match input {
            syn::FnArg::Typed(typed) => match (&*typed.pat, peel_groups(&typed.ty)) {
                (syn::Pat::Ident(binding), Type::Reference(reference))
                    if reference.mutability.is_some() =>
                {
                    Some(binding.ident.to_string())
                }
                _ => None,
            },
            syn::FnArg::Receiver(_) => None,
        })
        .collect()
}

fn peel_groups(ty: &Type) -> &Type {
    match ty {
        Type::Group(group) => peel_groups(&group.elem),
        Type::Paren(paren) => peel_groups(&paren.elem),
        other => other,
    }
}

fn branch_table(
    lowering: &Lowering,
    control: &[std::collections::BTreeSet<crate::body::flow::Outcome>],
    tables: &crate::body::paths::Tables,
    function: &ItemFn,
    constants: &[TokenStream],
    name: &str,
) -> TokenStream {
    let rt = rt();
    let decisions =
        lowering
            .decisions
            .iter()
            .zip(control)
            .enumerate()
            .map(|(id, (decision, deps))| {
                let snapshot: Vec<String> = tables
                    .snapshots
                    .get(&id)
                    .into_iter()
                    .flatten()
                    .filter_map(|unique| decision.scope.get(unique).cloned())
                    .collect();
                let kind = decision.kind.name();
                let (line, column) = (decision.line as u32, decision.column as u32);
                let text = &decision.text;
                let outcomes = &decision.outcomes;
                let compiled = match decision.cfgs.iter().all(Vec::is_empty) {
                true => Vec::new(),
                false => decision
                    .cfgs
                    .iter()
                    .map(|cfgs| quote!(true #(&& ::symtest_runtime::__private::core::cfg!(#cfgs))*))
                    .collect(),
            };
                let deps = deps.iter().map(|dep| {
                    let (decision, outcome) = (dep.decision as u32, dep.outcome as u32);
                    quote!((#decision, #outcome))
                });
                quote! {
                    #rt::DecisionMeta {
                        kind: #kind,
                        line: #line,
                        column: #column,
                        text: #text,
                        outcomes: &[#(#outcomes),*],
                        control: &[#(#deps),*],
                        snapshot: &[#(#snapshot),*],
                        compiled: &[#(#compiled),*],
                    }
                }
            });
    // The classes of the returned value, as one last decision (see `crate::signature::outputs`).
    let decisions = decisions.chain(
        crate::signature::outputs::classes(&function.sig.output).map(|classes| {
            let kind = crate::signature::outputs::KIND;
            let line = crate::source::position::start(function.sig.fn_token.span).line as u32;
            let text = match &function.sig.output {
                syn::ReturnType::Type(_, ty) => {
                    format!("-> {}", crate::source::display::display(ty))
                }
                syn::ReturnType::Default => String::new(),
            };
            let outcomes = classes.names;
            quote! {
                #rt::DecisionMeta {
                    kind: #kind,
                    line: #line,
                    column: 0,
                    text: #text,
                    outcomes: &[#(#outcomes),*],
                    control: &[],
                    snapshot: &[],
                    compiled: &[],
                }
            }
        }),
    );
    let loops = lowering.loops.iter().map(|looped| {
        let line = looped.line as u32;
        let head = match looped.head {
            Some(head) => {
                let head = head as u32;
                quote!(::symtest_runtime::__private::core::option::Option::Some(#head))
            }
            None => quote!(::symtest_runtime::__private::core::option::Option::None),
        };
        let decisions = looped.decisions.iter().map(|&d| d as u32);
        quote!(#rt::LoopMeta { line: #line, head: #head, decisions: &[#(#decisions),*] })
    });
    let symbolic = crate::body::paths::emit(tables);
    let routes = crate::body::routes::text(lowering, &crate::body::routes::enumerate(lowering));
    let shadow = lowering.shadows.emit(lowering.decisions.len(), constants);
    let line = crate::source::position::start(function.sig.fn_token.span).line as u32;
    let returns = match &function.sig.output {
        syn::ReturnType::Default => "()".to_string(),
        syn::ReturnType::Type(_, ty) => crate::source::display::display(ty),
    };
    let params = function.sig.inputs.iter().map(|input| match input {
        syn::FnArg::Typed(typed) => crate::source::display::display(&typed.pat),
        syn::FnArg::Receiver(_) => "self".to_string(),
    });
    quote! {
        #rt::FunctionMeta {
            name: #name,
            module_path: ::symtest_runtime::__private::core::module_path!(),
            file: ::symtest_runtime::__private::core::file!(),
            line: #line,
            params: &[#(#params),*],
            returns: #returns,
            decisions: &[#(#decisions),*],
            loops: &[#(#loops),*],
            symbolic: #symbolic,
            paths: #rt::Paths::new(#routes),
            shadow: #shadow,
            members: &[],
        }
    }
}

/// The search subject of `function` (how to build arguments from genes, call the function and
/// render what happened) and the hidden test through which `cargo symtest` runs the search,
/// both in the function's own module so private functions are reachable. The function is
/// called as `callee` (its name, or `Type::name` in an impl block); `suffix` names the items.
pub(crate) fn entry_point(
    function: &ItemFn,
    params: &[Param],
    meta: &syn::Ident,
    callee: &TokenStream,
    suffix: &str,
    generic: &TokenStream,
) -> TokenStream {
    let called = Called {
        callee,
        generic,
        formats: None,
        result: None,
    };
    entry_point_of(function, params, meta, &called, suffix)
}

/// How the search calls a function: the callee, its `Subject::generic` (see
/// [`crate::signature::generics::Chosen::subject_field`]) and where it takes a formatter (see
/// [`crate::signature::formatter`]), whose parameter `function`'s signature has dropped.
pub(crate) struct Called<'a> {
    pub callee: &'a TokenStream,
    pub generic: &'a TokenStream,
    pub formats: Option<usize>,
    /// How an `impl Trait` result is used (see [`crate::signature::results`]).
    pub result: Option<crate::signature::results::Used>,
}

/// [`entry_point`], called as `called` says.
fn entry_point_of(
    function: &ItemFn,
    params: &[Param],
    meta: &syn::Ident,
    called: &Called<'_>,
    suffix: &str,
) -> TokenStream {
    let rt = rt();
    let entry = format_ident!("__symtest_entry_{}", suffix);
    let subject = format_ident!("__symtest_subject_{}", suffix);
    let subject_fn = subject_fn(function, params, meta, called, &subject);
    quote! {
        #subject_fn

        #[cfg(test)]
        #[test]
        #[doc(hidden)]
        fn #entry() {
            #rt::run_entry(#subject());
        }
    }
}

/// The function `subject` that builds the search subject of `function`, called as `callee`;
/// `generic` is its `Subject::generic` (see [`crate::signature::generics::Chosen::subject_field`]).
pub(crate) fn subject_fn(
    function: &ItemFn,
    params: &[Param],
    meta: &syn::Ident,
    called: &Called<'_>,
    subject: &Ident,
) -> TokenStream {
    let rt = rt();
    let Called { generic, .. } = called;
    let wrapped;
    let callee = match (called.formats, called.result) {
        (Some(at), _) => {
            wrapped = crate::signature::formatter::callee(called.callee, params.len(), at);
            &wrapped
        }
        (None, Some(used)) => {
            wrapped = crate::signature::results::callee(called.callee, params.len(), used);
            &wrapped
        }
        (None, None) => called.callee,
    };
    let result = match called.result {
        Some(used) => {
            let template = used.template();
            quote!(::symtest_runtime::__private::core::option::Option::Some(#template))
        }
        None => quote!(::symtest_runtime::__private::core::option::Option::None),
    };
    let formats = match called.formats {
        Some(at) => quote!(::symtest_runtime::__private::core::option::Option::Some(#at)),
        None => quote!(::symtest_runtime::__private::core::option::Option::None),
    };
    let value = syn::Ident::new("__symtest_value", Span::mixed_site());
    let probes: Vec<TokenStream> = params
        .iter()
        .map(|param| param.probe(&param.owned))
        .collect();
    // A borrowed argument whose type names a lifetime may have to live as long as another
    // argument made `'static` by its constructors (`buf: &'b [u8]` beside a
    // `&mut Request<'_, 'b>`): it is leaked.
    let leaks: Vec<bool> = crate::signature::lifetimes::borrowing(&function.sig)
        .into_iter()
        .map(|(borrowed, named)| borrowed && named)
        .collect();
    let invalid = quote!(return #rt::Outcome::Invalid);
    let followed = Followed {
        path: quote!([]),
        position: quote!(::symtest_runtime::__private::core::option::Option::None),
        first: u32::from(function.sig.receiver().is_some()),
    };
    let CallArgs { decode, passed, .. } =
        call_args(params, &quote!(#value), &invalid, &leaks, Some(&followed));
    // An input whose arguments cannot be made is never rendered as a test.
    let invalid = quote!(return #rt::std::vec::Vec::new());
    let CallArgs {
        decode: decode_text,
        literals: render,
        ..
    } = call_args(params, &quote!(#value), &invalid, &leaks, None);
    let pass = passed.iter().map(|(_, pass)| pass);
    let passed: Vec<&Ident> = passed.iter().map(|(name, _)| name).collect();
    // The returned value's class, recorded at the table's last decision; the table has none
    // for an `impl Trait` result, which the function's own signature keeps.
    let calling = crate::signature::outputs::calling(
        &function.sig.output,
        true,
        &quote!(#callee(#(#passed),*)),
    );
    let output = match called.result {
        Some(_) => TokenStream::new(),
        None => crate::signature::outputs::record(&function.sig.output, &quote::quote!(#meta)),
    };
    let rendered = rendered(&quote!(returned));
    let vis = &function.vis;
    let skipped = unbuildable(params);
    let constants = constants(params);
    // What the arguments borrow is freed after the call, unless the signature lets the
    // function keep it (see `symtest_runtime::genes::lent`).
    let keep = crate::signature::lifetimes::names_static(&function.sig);
    quote! {
        #[doc(hidden)]
        #[allow(dead_code, deprecated)]
        #vis fn #subject() -> #rt::Subject {
            #[allow(unused_imports)]
            use #rt::{
                NoInput as _, ViaInput as _, ViaGenes as _, ViaConstructor as _, ViaParse as _,
                NoArg as _, NoToOwned as _, ViaToOwned as _, NoView as _,
                ViaView as _,
            };
            #rt::Subject {
                meta: &#meta,
                shape: #rt::Shape::Tuple(#rt::std::vec![
                    #(#rt::shape_or_none((&&#probes).shape())),*
                ]),
                exec: |#value: &#rt::Value, capture: bool| -> #rt::Outcome {
                    #rt::lending(#keep, move || -> #rt::Outcome {
                    #decode
                    #(let #passed = #pass;)*
                    match #rt::catch(#calling) {
                        ::symtest_runtime::__private::core::result::Result::Ok(returned) => {
                            #output
                            if capture {
                                #rendered
                            } else {
                                #rt::Outcome::Returned {
                                    literal: ::symtest_runtime::__private::core::option::Option::None,
                                    debug: ::symtest_runtime::__private::core::option::Option::None,
                                    comparable: false,
                                }
                            }
                        }
                        ::symtest_runtime::__private::core::result::Result::Err(outcome) => outcome,
                    }
                    })
                },
                render: |#value: &#rt::Value| -> #rt::std::vec::Vec<#rt::std::string::String> {
                    #rt::lending(#keep, move || -> #rt::std::vec::Vec<#rt::std::string::String> {
                        #decode_text
                        #rt::std::vec![#(#render),*]
                    })
                },
                skipped: #skipped,
                left_out: #rt::std::vec::Vec::new(),
                constants: #constants,
                generic: #generic,
                formats: #formats,
                result: #result,
            }
        }
    }
}

/// The literals of the constructors that make arguments of `params`, for the constant pool
/// (see `symtest_runtime::record::made`): a `Vec<Constant>` expression.
pub(crate) fn constants<'p>(params: impl IntoIterator<Item = &'p Param>) -> TokenStream {
    let rt = rt();
    let probes = params
        .into_iter()
        .filter(|param| param.route == Route::Direct)
        .map(|param| param.probe(&param.owned));
    quote! {{
        #[allow(unused_imports)]
        use #rt::{ViaGenes as _, ViaConstructor as _, ViaParse as _, NoArg as _};
        let mut constants: #rt::std::vec::Vec<#rt::Constant> = #rt::std::vec::Vec::new();
        #(constants.extend((&&#probes).constants());)*
        constants
    }}
}

/// Why a function whose parameters are `params` cannot be searched, asked at run time of each
/// type it takes (see `symtest_runtime::record::buildable`): an `Option<String>` expression.
pub(crate) fn unbuildable<'p>(params: impl IntoIterator<Item = &'p Param>) -> TokenStream {
    let rt = rt();
    let probed = params.into_iter().map(|param| {
        let written = &param.written;
        let names = param.parts.iter().map(crate::source::display::type_text);
        let probes = param.parts.iter().map(|part| param.probe(part));
        quote! {
            #rt::Probed {
                written: #written,
                parts: &[#(#names),*],
                builds: #rt::std::vec![#((&&#probes).shape().is_some()),*],
            }
        }
    });
    quote! {{
        #[allow(unused_imports)]
        use #rt::{
            NoInput as _, ViaInput as _, ViaGenes as _, ViaConstructor as _, ViaParse as _,
                NoArg as _, NoToOwned as _, ViaToOwned as _, NoView as _,
            ViaView as _,
        };
        #rt::unbuildable(&[#(#probed),*])
    }}
}

/// `&'a str` → `&str`: a parameter's lifetimes mean nothing inside the entry point.
fn without_lifetimes(ty: &Type) -> Type {
    let mut ty = ty.clone();
    if let Type::Reference(reference) = &mut ty {
        reference.lifetime = None;
    }
    ty
}

/// The outcome of a call that returned `value`, rendered as a literal and Debug text where its
/// type allows (autoref specialisation, see `symtest_runtime::record::hooks::Rendered`).
pub(crate) fn rendered(value: &TokenStream) -> TokenStream {
    let rt = rt();
    quote! {{
        #[allow(unused_imports)]
        use #rt::{ViaDebug as _, ViaEq as _, ViaLiteral as _, NoDebug as _, NoEq as _, NoLiteral as _};
        #rt::Outcome::Returned {
            literal: (&&#rt::Rendered(&#value)).literal(),
            debug: (&&#rt::Rendered(&#value)).debug(),
            comparable: (&&#rt::Rendered(&#value)).comparable(),
        }
    }}
}

/// How a call's arguments come from genes: statements decoding each parameter's owned value
/// from the items of `genes`, the argument to pass for each (with the expression that makes
/// it, `&arg` or `&mut arg` for a borrowed parameter), and expressions rendering each as Rust
/// source.
pub(crate) struct CallArgs {
    pub decode: TokenStream,
    pub passed: Vec<(Ident, TokenStream)>,
    pub literals: Vec<TokenStream>,
}

pub(crate) fn call_args(
    params: &[Param],
    genes: &TokenStream,
    invalid: &TokenStream,
    leaks: &[bool],
    followed: Option<&Followed>,
) -> CallArgs {
    call_args_given(params, genes, &[], invalid, leaks, followed)
}

/// Where the genes of a call's arguments are in an execution's input, so that in a concolic
/// execution the shadows follow the constructors that make them (see the runtime's
/// `recorder::argument`).
pub(crate) struct Followed {
    /// The path of the arguments' genes, an expression whose reference is a `&[usize]`
    /// (`[1, position, 2]`).
    pub path: TokenStream,
    /// The call's position in a sequence: an `Option<usize>` expression.
    pub position: TokenStream,
    /// The number of the first parameter among the function's: 1 after a receiver.
    pub first: u32,
}

/// [`call_args`], where `given` holds, for a parameter whose value does not come from its
/// genes (a value of the type under test a sequence makes), the expression of its owned value
/// and of its source: that parameter's genes are left alone. `invalid` is the statement that
/// ends the code when an argument's constructor makes no value (see
/// `symtest_runtime::record::made`): a `return` or `continue`. The arguments of the
/// parameters `leaks` marks are leaked, so they live as long as a value that borrows them
/// (see `crate::items::callable::Callable::leaks`).
pub(crate) fn call_args_given(
    params: &[Param],
    genes: &TokenStream,
    given: &[Option<(TokenStream, TokenStream)>],
    invalid: &TokenStream,
    leaks: &[bool],
    followed: Option<&Followed>,
) -> CallArgs {
    let rt = rt();
    let given = |index: usize| given.get(index).and_then(Option::as_ref);
    let leaked = |index: usize| given(index).is_none() && leaks.get(index) == Some(&true);
    let args: Vec<Ident> = (0..params.len())
        .map(|index| Ident::new(&format!("__symtest_arg{index}"), Span::mixed_site()))
        .collect();
    let decoded = params
        .iter()
        .zip(&args)
        .enumerate()
        .map(|(index, (param, arg))| {
            let probe = param.probe(&param.owned);
            let decoded = match (given(index), param.route) {
                (Some((value, _)), _) => value.clone(),
                (None, Route::Direct) => {
                    let decoded = match followed {
                        Some(Followed {
                            path,
                            position,
                            first,
                        }) => {
                            let param = index as u32 + first;
                            quote! {
                                #rt::argument_at(#position, #param, &#path, #index, |at| match at {
                                    ::symtest_runtime::__private::core::option::Option::Some(at) => (&&#probe).build(#genes.item(#index), at),
                                    ::symtest_runtime::__private::core::option::Option::None => (&&#probe).decode(#genes.item(#index)),
                                })
                            }
                        }
                        None => quote!((&&#probe).decode(#genes.item(#index))),
                    };
                    quote! {
                        match #decoded {
                            ::symtest_runtime::__private::core::option::Option::Some(value) => value,
                            ::symtest_runtime::__private::core::option::Option::None => #invalid,
                        }
                    }
                }
                (None, _) => quote!(#rt::decoded((&&#probe).decode(#genes.item(#index)))),
            };
            let owned = &param.owned;
            if leaked(index) {
                let leak = quote!(#rt::hold(#decoded));
                return match (param.route, param.mutable()) {
                    (Route::Direct, true) => quote!(let #arg: &'static mut #owned = #leak;),
                    (Route::Direct, false) => quote!(let #arg: &'static #owned = #leak;),
                    (Route::Lent | Route::Viewed, _) => quote!(let #arg: &'static _ = #leak;),
                };
            }
            match (param.route, param.mutable() && param.callback.is_none()) {
                (Route::Direct, true) => quote!(let mut #arg: #owned = #decoded;),
                (Route::Direct, false) => quote!(let #arg: #owned = #decoded;),
                // What a referent is lent from, or a view taken of, is the probe's to say:
                // its type is inferred.
                (Route::Lent | Route::Viewed, _) => quote!(let #arg = #decoded;),
            }
        });
    let decode = quote! {
        #[allow(unused_imports)]
        use #rt::{
            NoInput as _, ViaInput as _, ViaGenes as _, ViaConstructor as _, ViaParse as _,
                NoArg as _, NoToOwned as _, ViaToOwned as _, NoView as _,
            ViaView as _, NoLiteral as _, ViaLiteral as _,
        };
        #(#decoded)*
    };
    // How each argument is passed: the decoded value, lent (`&arg`, `&mut arg`, a `&Path` of
    // its `PathBuf`), or a view taken of it (`arg.chars()`, `&mut arg.chars()`).
    // A leaked argument is a reference already: passed as it is (moved, for `&mut`), and
    // reborrowed to be rendered.
    let lend = |index: usize, param: &Param, arg: &Ident, passing: bool| {
        let probe = param.probe(&param.owned);
        let reference = match param.borrowed {
            Some(_) if param.mutable() => quote!(&mut),
            Some(_) => quote!(&),
            None => TokenStream::new(),
        };
        let owner = match leaked(index) {
            true => quote!(#arg),
            false => quote!(&#arg),
        };
        if let Some(callback) = &param.callback {
            let made = callback.make(&quote!(#arg));
            return quote!(#reference #made);
        }
        match (param.route, leaked(index)) {
            (Route::Direct, false) => quote!(#reference #arg),
            (Route::Direct, true) if passing => quote!(#arg),
            (Route::Direct, true) => quote!(#reference *#arg),
            (Route::Lent, _) => quote!(#rt::decoded((&&#probe).lend(#owner))),
            (Route::Viewed, _) => quote!(#reference #rt::decoded((&&#probe).view(#owner))),
        }
    };
    // Borrowed arguments are borrowed outside the call's closure, so a returned value that
    // borrows from them (`fn quote(s: &str) -> Cow<str>`) outlives the closure.
    let passed = params
        .iter()
        .zip(&args)
        .enumerate()
        .map(|(index, (param, arg))| {
            let name = Ident::new(&format!("__symtest_pass{index}"), Span::mixed_site());
            (name, lend(index, param, arg, true))
        })
        .collect();
    let literals = params
        .iter()
        .zip(&args)
        .enumerate()
        .map(|(index, (param, arg))| {
            if let Some((_, source)) = given(index) {
                return source.clone();
            }
            let literal = match (&param.borrowed, param.route) {
                // A closure, as a person writes one where the parameter takes it: `|c| c == 'a'`,
                // `&|n| *n < 4` for a `&dyn Fn(&u8) -> bool`; a writer as the value it is lent
                // from, `&mut String::new()` for a `&mut dyn fmt::Write`.
                _ if param.callback.is_some() || param.lent_as_writer() => {
                    let reference = param.written_reference();
                    quote!(#rt::std::format!(
                        "{}{}",
                        #reference,
                        (&&#rt::Rendered(&#arg)).literal().unwrap_or_else(|| #rt::unwritable(&#arg))
                    ))
                }
                // The call on a string literal that takes the view: `&mut "ab".chars()`.
                (_, Route::Viewed) => {
                    let probe = param.probe(&param.owned);
                    let reference = param.written_reference();
                    let owner = match leaked(index) {
                        true => quote!(#arg),
                        false => quote!(&#arg),
                    };
                    let view = quote!((&&#probe).literal(#owner).unwrap_or_default());
                    quote!(#rt::std::format!("{}{}", #reference, #view))
                }
                (Some(borrowed), _) => {
                    let borrowed = without_lifetimes(borrowed);
                    let lend = lend(index, param, arg, false);
                    quote!({
                        let borrowed: #borrowed = #lend;
                        (&&#rt::Rendered(&borrowed)).literal().unwrap_or_else(|| #rt::unwritable(&borrowed))
                    })
                }
                (None, _) => {
                    quote!((&&#rt::Rendered(&#arg)).literal().unwrap_or_else(|| #rt::unwritable(&#arg)))
                }
            };
            if param.route != Route::Direct {
                return literal;
            }
            // A value a constructor made, or a string parsed, is written as that call.
            let probe = param.probe(&param.owned);
            let written = crate::source::display::type_text(&param.owned);
            let reference = param.written_reference();
            quote! {
                match (&&#probe).text(#genes.item(#index), #written) {
                    ::symtest_runtime::__private::core::option::Option::Some(text) => {
                        #rt::std::format!("{}{}", #reference, text)
                    }
                    ::symtest_runtime::__private::core::option::Option::None => #literal,
                }
            }
        })
        .collect();
    CallArgs {
        decode,
        passed,
        literals,
    }
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
