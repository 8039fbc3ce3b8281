//! `#[symtest]` on a struct or enum definition: the type becomes a parameter type. In symtest
//! builds the attribute implements the runtime's `Input` (its gene shape, and how to build a
//! value from genes) and `Literal` (the value as Rust source, for generated tests); in normal
//! builds it leaves the definition as written.
//!
//! A struct's genes are its fields', as a tuple. An enum's are a tag gene choosing the variant
//! followed by every variant's fields as a tuple each, so the fields of the variants not chosen
//! keep evolving, as an absent option's payload does; the first variant is the simplest.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::spanned::Spanned;
use syn::{Fields, Generics, Ident, ItemStruct, Type};

use crate::items::function::Mode;
use crate::rt;
use crate::signature::parameters::Errors;
use crate::signature::recursion;

mod enums;
mod tags;

pub use enums::expand_enum;
use tags::Tags;
pub(crate) use tags::cfgs;

pub fn expand_struct(item: ItemStruct, mode: Mode) -> TokenStream {
    let mut errors = Errors::default();
    check_fields(&item.fields, &item.ident, &item.generics, true, &mut errors);
    // A struct that ends in an unsized field (`text: Text`, where `Text` ends in `[u8]`) has
    // no values genes could build: it stays as written, as one ending in a slice does.
    if let Some(last) = item.fields.iter().last()
        && crate::source::private::is_unsized(item.ident.span(), &last.ty)
    {
        return quote!(#item);
    }
    if let Some(unchanged) = as_written(errors, &item, mode) {
        return unchanged;
    }
    let name = &item.ident;
    let shape = fields_shape(&item.fields);
    let build = construct(quote!(#name), &item.fields, &quote!(value));
    let written = Written::of(name, &item.generics);
    let (pattern, literal) = deconstruct(quote!(#name), &written.with(""), &written, &item.fields);
    // A struct literal compiles only where its fields are visible: a field private to the
    // module is not, in the tests of another module's functions.
    let private = item.fields.iter().any(|field| {
        !matches!(&field.vis, syn::Visibility::Public(_)) && !crate_visible(&field.vis)
    });
    let rt = rt();
    let note = match private {
        true => quote!(#rt::private_fields_of(::symtest_runtime::__private::core::module_path!());),
        false => TokenStream::new(),
    };
    let literal = quote!(#note let #pattern = self; #literal);
    let names = field_names(&item.fields);
    let genes = field_genes(&item.fields);
    let fields = quote! {
        const FIELDS: &'static [&'static str] = &[#(#names),*];
        #genes
    };
    let impls = Derived {
        shape,
        build,
        literal,
        items: fields,
        // A gated field's type may be one its builds alone have.
        field_types: (item.fields.iter())
            .filter(|field| cfgs(&field.attrs).is_empty())
            .map(|field| &field.ty)
            .collect(),
    }
    .impls(name, &item.generics);
    quote!(#item #impls)
}

/// `pub(crate)`: visible in the whole crate, its tests' modules too.
fn crate_visible(vis: &syn::Visibility) -> bool {
    matches!(vis, syn::Visibility::Restricted(restricted)
        if restricted.in_token.is_none() && restricted.path.is_ident("crate"))
}

/// The definition as written, in normal builds and where its values cannot be built from
/// genes (a generic type, a field of a reference type, …): functions that take it are then
/// skipped, with a reason that names it. `None` when a symtest build goes on to implement the
/// traits.
fn as_written(errors: Errors, item: &impl quote::ToTokens, mode: Mode) -> Option<TokenStream> {
    match errors.finish() {
        Err(_) => Some(quote!(#item)),
        Ok(()) if mode == Mode::Normal => Some(quote!(#item)),
        Ok(()) => None,
    }
}

/// The parts of a type's `Input` and `Literal` impls: its genes' shape, the expressions that
/// build a value from genes and write one as source, the items of `Input` that name its fields
/// or variants, and the types of its fields.
struct Derived<'a> {
    shape: TokenStream,
    build: TokenStream,
    literal: TokenStream,
    items: TokenStream,
    field_types: Vec<&'a Type>,
}

impl Derived<'_> {
    /// The two trait impls, in an anonymous const so they add no names to the user's module.
    ///
    /// They hold where every field's type builds: a bound that names no parameter of the impl is
    /// an error in Rust unless it is higher-ranked (`for<'f>`), so written that way it makes the
    /// impls apply only where the fields build, and a type with a field genes cannot build (a
    /// private type of a dependency, `Ipv4Addr`) compiles and is not an input. A type generic
    /// over types (`AsKebabCase<T: AsRef<str>>(pub T)`) is an input for the parameters whose
    /// fields build (`AsKebabCase<String>`), its own bounds kept.
    fn impls(self, name: &Ident, generics: &syn::Generics) -> TokenStream {
        let Derived {
            shape,
            build,
            literal,
            items: fields,
            field_types,
        } = self;
        let rt = rt();
        let (impl_generics, type_generics, where_clause) = generics.split_for_impl();
        let own = where_clause
            .into_iter()
            .flat_map(|clause| &clause.predicates);
        let name_ident = name;
        let name = quote!(#name #type_generics);
        // A field that holds the type itself is bounded by the impl being written.
        let field_types = field_types
            .into_iter()
            .filter(|ty| !recursion::builds_itself(ty, name_ident, generics));
        let bounds = quote! {
            where #(#own,)* #(for<'__symtest_field> #field_types: #rt::Input + #rt::Literal,)*
        };
        quote! {
            #[doc(hidden)]
            const _: () = {
                #[automatically_derived]
                impl #impl_generics #rt::Input for #name #bounds {
                    #fields
                    fn shape() -> #rt::Shape {
                        #rt::shape_nested::<Self>(|| #shape)
                    }
                    fn decode(value: &#rt::Value) -> Self {
                        #build
                    }
                }

                #[automatically_derived]
                impl #impl_generics #rt::Literal for #name #bounds {
                    fn literal(&self) -> #rt::std::string::String {
                        #literal
                    }
                }
            };
        }
    }
}

/// The names of named fields, in order (none for a tuple's), as `Input::FIELDS` lists them,
/// each with the `#[cfg]` that gates it.
fn field_names(fields: &Fields) -> Vec<TokenStream> {
    let names = fields.iter().filter_map(|field| {
        let name = field.ident.as_ref()?.to_string();
        let gate = cfgs(&field.attrs);
        Some(quote!(#(#gate)* #name))
    });
    names.collect()
}

/// `Input::field_genes` of a struct: each field by name (by position in a tuple struct), then
/// the rest of the path within the field's type.
fn field_genes(fields: &Fields) -> TokenStream {
    let rt = rt();
    let entries = fields.iter().enumerate().map(|(index, field)| {
        let name = match &field.ident {
            Some(ident) => ident.to_string(),
            None => index.to_string(),
        };
        let ty = &field.ty;
        let gate = cfgs(&field.attrs);
        quote!(#(#gate)* (#name, <#ty as #rt::Input>::field_genes))
    });
    quote! {
        fn field_genes(path: &[&str]) -> ::symtest_runtime::__private::core::option::Option<#rt::std::vec::Vec<usize>> {
            #rt::field_genes_among(path, &[#(#entries),*])
        }
    }
}

/// The shape of a list of fields: a tuple of the field types' shapes.
fn fields_shape(fields: &Fields) -> TokenStream {
    let rt = rt();
    let shapes = fields.iter().map(|field| {
        let (ty, gate) = (&field.ty, cfgs(&field.attrs));
        quote!(#(#gate)* <#ty as #rt::Input>::shape())
    });
    quote!(#rt::shape_of_fields(#rt::std::vec![#(#shapes),*]))
}

/// `path { a: …, b: … }`, `path(…, …)` or `path`, each field decoded from the items of `genes`.
fn construct(path: TokenStream, fields: &Fields, genes: &TokenStream) -> TokenStream {
    let rt = rt();
    // A field that names `'static` may rightly be kept for ever by the code it is passed to:
    // what it borrows is leaked, not freed after the execution.
    // A field behind `#[cfg]` is decoded where the build has it, from its position among the
    // fields the build has (see `Tags`).
    let tags = Tags::of_fields(fields);
    let decoded = fields.iter().enumerate().map(|(index, field)| {
        let ty = &field.ty;
        let item = match tags.gated() {
            false => quote!(#index),
            true => tags.tag(index, quote!(usize)),
        };
        let decode = quote!(<#ty as #rt::Input>::decode(#genes.item(#item)));
        let gate = tags.at(index);
        let decoded = crate::signature::lifetimes::kept(
            crate::signature::lifetimes::type_names_static(ty),
            decode,
        );
        match &field.ident {
            Some(name) => quote!(#(#gate)* #name: #decoded),
            None => quote!(#(#gate)* #decoded),
        }
    });
    match fields {
        Fields::Named(_) => quote!(#path { #(#decoded),* }),
        Fields::Unnamed(_) => quote!(#path(#(#decoded),*)),
        Fields::Unit => path,
    }
}

/// How tests write a type's name, as a format string whose arguments [`Written::args`] gives:
/// `Reading`, `inner::Reading` from tests of a module above the type's (see
/// `symtest_runtime::named_in`), and for a generic type with the arguments inference may not
/// find from the fields (see `symtest_runtime::generic_name`): its type arguments where the
/// runtime can write them (`Amount::<u64>`: `Amount { value: 100 }` is an `Amount<i32>`),
/// and its const parameters' values (`Pattern::<'*', '?'>`).
struct Written {
    name: String,
    /// The type's type and const parameters, in the order it declares them, each with whether
    /// it is a type.
    params: Vec<(Ident, bool)>,
}

impl Written {
    fn of(name: &Ident, generics: &syn::Generics) -> Written {
        let params = (generics.params.iter())
            .filter_map(|param| match param {
                syn::GenericParam::Type(param) => Some((param.ident.clone(), true)),
                syn::GenericParam::Const(param) => Some((param.ident.clone(), false)),
                syn::GenericParam::Lifetime(_) => None,
            })
            .collect();
        Written {
            name: name.to_string(),
            params,
        }
    }

    /// The name's format string followed by `rest` (`::Variant`).
    fn with(&self, rest: &str) -> String {
        format!("{{}}{rest}")
    }

    /// The argument of the format string, followed by a comma: the name as the tests write
    /// it.
    fn args(&self) -> TokenStream {
        let rt = rt();
        let name = &self.name;
        let named =
            quote!(#rt::named_in(::symtest_runtime::__private::core::module_path!(), #name));
        if self.params.is_empty() {
            return quote!(#named,);
        }
        let args = self.params.iter().map(|(param, is_type)| match is_type {
            true => quote!(#rt::type_argument::<#param>()),
            false => quote!(::symtest_runtime::__private::core::option::Option::Some(
                #rt::std::format!("{:?}", #param)
            )),
        });
        quote!(#rt::generic_name(#named, &[#(#args),*]),)
    }
}

/// A pattern binding every field of `path`, and the expression rendering the bound value as
/// it is `written` (a format string, whose arguments are `name`'s const parameters first):
/// `Reading { sensor: 7, level: Level::High }`, `Celsius(21)`, `Mode::Off`.
fn deconstruct(
    path: TokenStream,
    written: &str,
    name: &Written,
    fields: &Fields,
) -> (TokenStream, TokenStream) {
    let rt = rt();
    let args = name.args();
    let bindings: Vec<Ident> = (0..fields.len())
        .map(|index| Ident::new(&format!("__symtest_field{index}"), Span::mixed_site()))
        .collect();
    let rendered = bindings
        .iter()
        .map(|binding| quote!(#rt::nested_literal(#binding)));
    let tags = Tags::of_fields(fields);
    match fields {
        // A field behind `#[cfg]` is written where the build has it: the parts are joined then.
        Fields::Named(named) if tags.gated() => {
            let fields = named.named.iter().zip(&bindings).enumerate();
            let parts = fields.map(|(index, (field, binding))| {
                let (name, gate) = (&field.ident, tags.at(index));
                let format = format!("{}: {{}}", quote!(#name));
                let literal = quote!(#rt::nested_literal(#binding));
                let part = quote!(parts.push(#rt::std::format!(#format, #literal)));
                (quote!(#(#gate)* #name: #binding), quote!(#(#gate)* #part;))
            });
            let (patterns, parts): (Vec<_>, Vec<_>) = parts.unzip();
            let format = format!("{written} {{{{ {{}} }}}}");
            (
                quote!(#path { #(#patterns),* }),
                quote!({
                    let mut parts: #rt::std::vec::Vec<#rt::std::string::String> =
                        #rt::std::vec::Vec::new();
                    #(#parts)*
                    #rt::std::format!(#format, #args parts.join(", "))
                }),
            )
        }
        Fields::Named(named) => {
            let names: Vec<&Option<Ident>> = named.named.iter().map(|f| &f.ident).collect();
            let format = named
                .named
                .iter()
                .map(|field| {
                    format!(
                        "{}: {{}}",
                        field
                            .ident
                            .as_ref()
                            .map(Ident::to_string)
                            .unwrap_or_default()
                    )
                })
                .collect::<Vec<_>>()
                .join(", ");
            let format = format!("{written} {{{{ {format} }}}}");
            (
                quote!(#path { #(#names: #bindings),* }),
                quote!(#rt::std::format!(#format, #args #(#rendered),*)),
            )
        }
        Fields::Unnamed(_) => {
            let format = vec!["{}"; fields.len()].join(", ");
            let format = format!("{written}({format})");
            (
                quote!(#path(#(#bindings),*)),
                quote!(#rt::std::format!(#format, #args #(#rendered),*)),
            )
        }
        Fields::Unit => (path, quote!(#rt::std::format!(#written, #args))),
    }
}

/// Fields whose types can never be generated, reported by name; named types are left to the
/// `Input` bound, which says what to do (a type of this crate needs `#[symtest]` too). Where
/// `must_end` (a struct's fields, which no variant can stand in for), a field that always holds
/// `owner` is one too: no value of it is finite (`next: Box<Node>`).
fn check_fields(
    fields: &Fields,
    owner: &Ident,
    generics: &Generics,
    must_end: bool,
    errors: &mut Errors,
) {
    for (index, field) in fields.iter().enumerate() {
        let name = field
            .ident
            .as_ref()
            .map_or_else(|| index.to_string(), Ident::to_string);
        // A pattern cannot leave out a positional field where a build does not have it.
        if field.ident.is_none() && !cfgs(&field.attrs).is_empty() {
            errors.push(
                field.ty.span(),
                &format!(
                    "#[symtest] cannot generate field `{name}` of `{owner}`: it is behind \
                     `#[cfg]` in a tuple, which symtest cannot write a pattern for yet"
                ),
            );
        }
        let endless = (must_end && recursion::holds_directly(&field.ty, owner)).then(|| {
            format!(
                "it holds `{owner}` itself with nothing to end the value; put it in an `Option` \
                 or a `Vec`"
            )
        });
        let problems = [
            field_problem(&field.ty).or_else(|| recursion::problem(&field.ty, owner, generics)),
            endless,
        ];
        for problem in problems.into_iter().flatten() {
            errors.push(
                field.ty.span(),
                &format!("#[symtest] cannot generate field `{name}` of `{owner}`: {problem}"),
            );
        }
    }
}

fn field_problem(ty: &Type) -> Option<String> {
    match ty {
        Type::Paren(paren) => field_problem(&paren.elem),
        Type::Group(group) => field_problem(&group.elem),
        Type::Array(array) => field_problem(&array.elem),
        Type::Tuple(tuple) => tuple.elems.iter().find_map(field_problem),
        // The referent is built, and the execution holds it (`symtest_runtime::genes::lent`).
        Type::Reference(reference) => match &*reference.elem {
            Type::Path(path) if path.path.is_ident("str") && reference.mutability.is_some() => {
                Some("symtest lends no `&mut str`; use a `&mut String`".into())
            }
            Type::Slice(slice) => field_problem(&slice.elem),
            elem => field_problem(elem),
        },
        Type::Path(_) => None,
        _ => Some(format!(
            "symtest generates integers, floats, bool, char, String, and Vec, arrays, tuples \
             and Option of those, and types marked #[symtest]; not `{}`",
            quote!(#ty)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::enums::check_variants;
    use super::*;
    use crate::items::expand::expand;

    fn expanded(item: TokenStream, mode: Mode) -> String {
        expand(TokenStream::new(), item, mode).to_string()
    }

    /// The problems that keep genes from building the type, as `check` reports them.
    fn problems(item: TokenStream) -> Vec<String> {
        let mut errors = Errors::default();
        match syn::parse2::<syn::Item>(item).expect("an item") {
            syn::Item::Struct(item) => {
                check_fields(&item.fields, &item.ident, &item.generics, true, &mut errors);
            }
            syn::Item::Enum(item) => {
                check_variants(&item, &mut errors);
            }
            _ => panic!("a struct or an enum"),
        }
        match errors.finish() {
            Ok(()) => Vec::new(),
            Err(error) => error.into_iter().map(|e| e.to_string()).collect(),
        }
    }

    #[test]
    fn normal_builds_get_the_definition_as_written() {
        let item = quote! {
            #[derive(Debug)]
            enum Op { Add, Scale(i32), Clamp { low: i32, high: i32 } }
        };
        assert_eq!(expanded(item.clone(), Mode::Normal), item.to_string());
    }

    #[test]
    fn what_names_a_gated_variant_carries_its_cfg_and_tags_count_the_build_s_variants() {
        let output = expanded(
            quote!(
                enum Op {
                    Add,
                    #[cfg(feature = "x")]
                    Gone(u8),
                    Scale(i32),
                }
            ),
            Mode::Instrument,
        );
        let compact: String = output.split_whitespace().collect();
        // The definition's, and those of VARIANTS, the shapes, the tag's, the decoding's and
        // the literal's arms.
        assert_eq!(
            compact.matches("#[cfg(feature=\"x\")]").count(),
            6,
            "{output}"
        );
        // `Scale` is the second variant where `Gone` is not built.
        assert!(
            compact.contains("Op::Scale{..}=>(0asu32+(true)asu32+(true&&::symtest_runtime::__private::core::cfg!(feature=\"x\"))asu32)"),
            "{output}"
        );
        // The catch-all arm, for the last variant in every build, comes last.
        assert!(compact.contains("_=>Op::Scale("), "{output}");
    }

    #[test]
    fn symtest_builds_implement_input_and_literal() {
        let output = expanded(
            quote!(
                struct Reading {
                    sensor: u8,
                    level: Level,
                }
            ),
            Mode::Instrument,
        );
        assert!(output.contains("Input for Reading"), "{output}");
        assert!(output.contains("Literal for Reading"), "{output}");
        assert!(
            output.contains(r#""{} {{ sensor: {}, level: {} }}""#)
                && output.contains(r#"named_in (:: symtest_runtime :: __private :: core :: module_path ! () , "Reading")"#),
            "{output}"
        );
        let output = expanded(
            quote!(
                enum Op {
                    Add,
                    Scale(i32),
                }
            ),
            Mode::Instrument,
        );
        assert!(output.contains("shape_of_variants"), "{output}");
        assert!(output.contains(r#""{}::Scale({})""#), "{output}");
        assert!(output.contains(r#"format ! ("{}::Add" , "#), "{output}");
    }

    #[test]
    fn types_genes_cannot_build_are_left_as_written_in_every_build() {
        for item in [
            quote!(
                struct Borrowed<'a> {
                    name: &'a mut str,
                }
            ),
            quote!(
                enum Never {}
            ),
        ] {
            for mode in [Mode::Normal, Mode::Instrument] {
                assert_eq!(expanded(item.clone(), mode), item.to_string());
            }
        }
    }

    /// A field that borrows builds what it borrows (`symtest_runtime::genes::lent`); one
    /// that names `'static` leaks it, since the code it is passed to may keep it.
    #[test]
    fn a_type_with_reference_fields_is_an_input_over_its_lifetimes() {
        let item = quote!(
            pub struct Header<'a> {
                pub name: &'a str,
                pub value: &'a [u8],
                pub atom: &'static str,
            }
        );
        let code = expanded(item, Mode::Instrument).replace(' ', "");
        let rt = "::symtest_runtime::__private::";
        assert!(
            code.contains(&format!("impl<'a>{rt}InputforHeader<'a>where")),
            "{code}"
        );
        assert!(code.contains(&format!(
            "for<'__symtest_field>&'astr:{rt}Input+{rt}Literal"
        )));
        assert!(code.contains(&format!(
            "name:<&'astras{rt}Input>::decode(value.item(0usize))"
        )));
        assert!(code.contains(&format!(
            "atom:{rt}keeping(||<&'staticstras{rt}Input>::decode(value.item(2usize)))"
        )));
    }

    #[test]
    fn a_type_generic_over_types_is_an_input_where_its_fields_build() {
        let item = quote!(
            pub struct AsKebabCase<T: AsRef<str>>(pub T)
            where
                T: Clone;
        );
        let code = expanded(item, Mode::Instrument).replace(' ', "");
        let rt = "::symtest_runtime::__private::";
        assert!(
            code.contains(&format!(
                "impl<T:AsRef<str>>{rt}InputforAsKebabCase<T>whereT:Clone,for<'__symtest_field>T:{rt}Input+{rt}Literal,"
            )),
            "{code}"
        );
        assert!(code.contains(&format!("impl<T:AsRef<str>>{rt}LiteralforAsKebabCase<T>")));
    }

    #[test]
    fn fields_that_cannot_be_generated_are_named() {
        let problems = problems(quote!(
            struct Borrowed<'a> {
                name: &'a mut str,
                next: &'a Borrowed<'a>,
                id: u32,
            }
        ));
        assert!(
            problems[0].contains("field `name` of `Borrowed`"),
            "{problems:?}"
        );
        assert!(problems[0].contains("no `&mut str`"), "{problems:?}");
        assert!(
            problems[1].contains("field `next` of `Borrowed`: it holds `Borrowed` itself"),
            "{problems:?}"
        );
        assert_eq!(problems.len(), 2, "{problems:?}");
        // A recursive type builds where something ends its values: an option, a sequence, a
        // variant before the one that holds it.
        for item in [
            quote!(
                struct Link<T> {
                    value: T,
                    next: Option<Box<Link<T>>>,
                }
            ),
            quote!(
                struct Tree {
                    children: Vec<Tree>,
                    parent: Option<std::rc::Rc<std::cell::RefCell<Tree>>>,
                }
            ),
            quote!(
                enum List {
                    Nil,
                    Cons(i32, Box<List>),
                }
            ),
        ] {
            assert_eq!(self::problems(item), Vec::<String>::new());
        }
        // A type of the same name elsewhere is another type: bounded as any field is.
        let node = quote!(
            struct Node {
                inner: ast::Node,
                next: Option<Box<Node>>,
            }
        );
        assert_eq!(self::problems(node.clone()), Vec::<String>::new());
        let code = expanded(node, Mode::Instrument).replace(' ', "");
        assert!(code.contains("ast::Node:"), "{code}");
        assert!(!code.contains("Option<Box<Node>>:"), "{code}");
        let problems = self::problems(quote!(
            enum Expr {
                Add(Box<Expr>, Box<Self>),
                Num(u8),
            }
        ));
        assert!(
            problems[0].contains("its first variant, `Add`, holds `Expr`"),
            "{problems:?}"
        );
        assert_eq!(problems.len(), 1, "{problems:?}");
        let problems = self::problems(quote!(
            struct Callback(fn(u8) -> u8);
        ));
        assert!(problems[0].contains("field `0` of `Callback`"));
    }

    #[test]
    fn variants_genes_cannot_build_are_left_out_of_the_genes_alone() {
        let boundary = quote!(
            enum Boundary {
                Custom {
                    condition: fn(&[&str]) -> bool,
                    len: usize,
                },
                Hyphen,
                Digits(u8),
            }
        );
        assert_eq!(problems(boundary.clone()), Vec::<String>::new());
        let output = expanded(boundary, Mode::Instrument);
        let compact: String = output.split_whitespace().collect();
        assert!(compact.contains("InputforBoundary"), "{output}");
        // Neither built nor listed; written as a value no test can write.
        assert!(!compact.contains("(\"Custom\""), "{output}");
        assert!(
            compact
                .contains("Boundary::Custom{..}=>::symtest_runtime::__private::unwritable(self)"),
            "{output}"
        );
        // `Hyphen` is the first variant genes build: its tag is 0.
        assert!(
            compact.contains("Boundary::Hyphen{..}=>(0asu32+(true&&::symtest_runtime::__private::core::cfg!(any()))asu32)"),
            "{output}"
        );
        // With a gated variant after them, the catch-all arm is the last variant every build
        // has, however many were left out before it.
        let output = expanded(
            quote!(
                enum Boundary {
                    Custom(fn(char) -> bool),
                    Hyphen,
                    #[cfg(feature = "digits")]
                    Digit,
                }
            ),
            Mode::Instrument,
        );
        let compact: String = output.split_whitespace().collect();
        let digit = compact.find("=>Boundary::Digit,").expect("Digit is built");
        let hyphen = compact
            .find("_=>Boundary::Hyphen")
            .expect("Hyphen is the catch-all");
        assert!(digit < hyphen, "{output}");
        // Where no variant builds, the enum is as written, with each one's reason.
        let problems = problems(quote!(
            enum Callback {
                Once(fn(u8) -> u8),
                Twice(fn(u8) -> u8),
            }
        ));
        assert_eq!(problems.len(), 2, "{problems:?}");
    }

    #[test]
    fn an_enum_without_variants_has_no_values() {
        let problems = problems(quote!(
            enum Never {}
        ));
        assert!(
            problems[0].contains("enum without variants"),
            "{problems:?}"
        );
    }

    #[test]
    fn the_impls_hold_only_where_every_field_builds() {
        let output = expanded(
            quote!(
                struct Host {
                    addr: Ipv4Addr,
                    port: u16,
                }
            ),
            Mode::Instrument,
        );
        assert!(
            output.contains("for < '__symtest_field > Ipv4Addr : :: symtest_runtime"),
            "{output}"
        );
    }
}
