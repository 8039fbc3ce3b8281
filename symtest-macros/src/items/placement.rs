//! Where an annotated item sits, read from its source file: an attribute sees only its own
//! item.
//! - A function inside an `impl` block looks like a free one; but its search entry is a
//!   `#[test]` and a static, which an `impl` cannot hold. The file tells: a function with
//!   `#[symtest]`, of the same signature, inside an `impl` block that is not itself annotated
//!   (an annotated block strips the attributes of its functions first).
//! - An annotated impl block does not see the other annotated blocks of its type (inherent
//!   and trait impls), whose methods its call sequences should also call, nor the type's
//!   inherent functions, which a test's method call would find before a trait's. The file
//!   lists them.

use quote::ToTokens;
use syn::visit::Visit;
use syn::{Ident, ImplItem, ItemFn, ItemImpl, ItemMod, Type};

use crate::source::files::source_of;

/// The `impl` block an annotated function sits in, as its source file shows it.
#[derive(Clone)]
pub struct Enclosing {
    /// The type as the block writes it (`Stack`, `shapes::Circle`).
    pub self_ty: Type,
    /// The trait of a trait impl (`Default`).
    pub trait_: Option<syn::Path>,
    /// The block has generic parameters (`impl<T> Stack<T>`).
    pub generic: bool,
}

/// The `impl` block `function` sits in, when its source file shows it inside one that is not
/// itself annotated, or how many annotated functions of the file it cannot be told from, one
/// of them in such a block; `None` for a free function, or when the source cannot be read (a
/// function a macro generated).
pub fn enclosing_impl(function: &ItemFn) -> Option<Result<Enclosing, usize>> {
    let file = source_of(function.sig.ident.span())?;
    let mut finder = Finder {
        signature: function.sig.to_token_stream().to_string(),
        found: Vec::new(),
    };
    finder.visit_file(&file);
    // Functions of one signature in several places (`fn new(x: i32) -> Self` of two types)
    // are told apart by their bodies.
    if finder.found.len() > 1 {
        let body = function.block.to_token_stream().to_string();
        finder.found.retain(|(_, candidate)| *candidate == body);
    }
    match finder.found.as_slice() {
        [(Some(block), _)] => Some(Ok(block.clone())),
        found if found.iter().any(|(block, _)| block.is_some()) => Some(Err(found.len())),
        _ => None,
    }
}

struct Finder {
    signature: String,
    /// The annotated functions of the signature, each with its body as text: `None` for a
    /// free function, else the plain `impl` block it is in.
    found: Vec<(Option<Enclosing>, String)>,
}

impl Finder {
    fn matches(&self, attrs: &[syn::Attribute], sig: &syn::Signature) -> bool {
        attrs.iter().any(is_symtest) && sig.to_token_stream().to_string() == self.signature
    }
}

impl<'ast> Visit<'ast> for Finder {
    fn visit_item_fn(&mut self, function: &'ast ItemFn) {
        if self.matches(&function.attrs, &function.sig) {
            let body = function.block.to_token_stream().to_string();
            self.found.push((None, body));
        }
        syn::visit::visit_item_fn(self, function);
    }

    fn visit_item_impl(&mut self, block: &'ast ItemImpl) {
        if !block.attrs.iter().any(is_symtest) {
            for item in &block.items {
                if let ImplItem::Fn(function) = item
                    && self.matches(&function.attrs, &function.sig)
                {
                    let enclosing = Enclosing {
                        self_ty: (*block.self_ty).clone(),
                        trait_: block.trait_.as_ref().map(|(_, path, _)| path.clone()),
                        generic: !block.generics.params.is_empty(),
                    };
                    let body = function.block.to_token_stream().to_string();
                    self.found.push((Some(enclosing), body));
                }
            }
        }
        syn::visit::visit_item_impl(self, block);
    }
}

/// The annotated impl blocks of a type in one module, inherent and trait impls, as its source
/// file shows them, with what a method call on the type would resolve to instead of a trait's
/// method.
pub struct Group {
    /// The blocks, in file order.
    pub blocks: Vec<ItemImpl>,
    /// Which of them is the block asked about.
    pub position: usize,
    /// The module's constants of the type (`pub const BASE64: Encoding`), which the first
    /// block's sequences start from (see `crate::items::constants`).
    pub constants: Vec<Ident>,
    /// The names of the type's inherent functions in the module, annotated or not.
    pub inherent: Vec<String>,
    /// The type implements `Iterator` in the module.
    pub iterator: bool,
    /// The module defines the type (a struct, enum or union of that name): only then do the
    /// blocks implement `Constructed` for it (see `crate::items::sequence`). Otherwise the type's
    /// blocks in another module would add a second, conflicting impl, or the type is another
    /// crate's, which cannot be given one.
    pub defined: bool,
    /// Where the module defines the type: the annotated blocks of it in other modules of the
    /// crate (`impl fmt::Display for Version` in `display.rs`), with their modules' paths,
    /// whose functions the sequences call too (see `crate::items::remote`).
    pub remote: Vec<(Vec<String>, ItemImpl)>,
    /// The block's module, from the crate root (empty where the crate cannot be read); where
    /// `emitted_elsewhere`, the module that emits the type's sequences.
    pub here: Vec<String>,
    /// The block's module, from the crate root (empty where the crate cannot be read).
    pub module: Vec<String>,
    /// Where another module defines the type and has annotated blocks of it: their sequences
    /// call this block's functions, and this one emits none.
    pub emitted_elsewhere: bool,
}

impl Group {
    /// The names a method call on the type resolves by to something else than a trait's
    /// method: its inherent functions', and on an iterator `Iterator`'s provided methods of
    /// those names (`cmp`, `max`, …).
    pub fn avoid(&self) -> Vec<String> {
        let clashes = crate::items::forms::ITERATOR_CLASHES
            .iter()
            .map(|name| name.to_string());
        let clashes = clashes.filter(|_| self.iterator);
        self.inherent.iter().cloned().chain(clashes).collect()
    }
}

/// The annotated impl blocks of the type named `type_name` in the module of `block` (see
/// [`Group`]), and the position of `block` among them (found by its trait and its functions'
/// names); `None` when the source cannot be read or does not show `block`. `name_of` names a
/// block's type.
pub fn annotated_blocks(
    block: &ItemImpl,
    type_name: &Ident,
    name_of: impl Fn(&Type) -> Option<Ident>,
) -> Option<Group> {
    let file = source_of(block.impl_token.span)?;
    let mut collector = Blocks {
        type_name,
        name_of: &name_of,
        module: Vec::new(),
        found: Vec::new(),
        definitions: Vec::new(),
        constants: Vec::new(),
    };
    collector.visit_file(&file);
    let own = identity(block);
    let mut ours = collector
        .found
        .iter()
        .filter(|(_, candidate)| candidate.attrs.iter().any(is_symtest))
        .filter(|(_, candidate)| identity(candidate) == own);
    let (module, _) = ours.next()?;
    if ours.next().is_some() {
        return None;
    }
    let module = module.clone();
    let in_module: Vec<ItemImpl> = collector
        .found
        .into_iter()
        .filter(|(at, _)| *at == module)
        .map(|(_, block)| block)
        .collect();
    let inherent = in_module
        .iter()
        .filter(|block| block.trait_.is_none())
        .flat_map(|block| identity(block).1)
        .collect();
    let iterator = in_module.iter().any(|block| {
        let trait_ = block.trait_.as_ref().map(|(_, path, _)| path);
        trait_.and_then(crate::items::forms::std_trait) == Some("Iterator")
    });
    // A block skipped for its generics (`impl<S: Shape> Canvas<S>`) is not instrumented: it
    // has no tables for the others' sequences to name. Nor is one behind a `#[cfg(…)]` this
    // build may not have (`#[cfg(feature = "std")] impl Error for …` without `std`).
    let blocks: Vec<ItemImpl> = in_module
        .into_iter()
        .filter(|block| block.attrs.iter().any(is_symtest))
        .filter(|block| crate::source::cfg::all_hold(&block.attrs) == Some(true))
        .filter(crate::signature::generics::searchable)
        .collect();
    let position = blocks
        .iter()
        .position(|candidate| identity(candidate) == own)?;
    // The module's constants of the type stand in the first block, each block's own in it.
    let constants: Vec<Ident> = (collector.constants.iter())
        .filter(|(at, _)| *at == module)
        .map(|(_, name)| name.clone())
        .collect();
    let blocks = (blocks.iter().enumerate())
        .map(|(index, block)| {
            let module = if index == 0 { &constants[..] } else { &[] };
            crate::items::constants::with_constants(block, type_name, module)
        })
        .collect();
    let defined = collector.definitions.contains(&module);
    let elsewhere = Elsewhere::of(block, type_name, &name_of, &module);
    Some(Group {
        blocks,
        position,
        constants,
        inherent,
        iterator,
        defined,
        remote: elsewhere.remote,
        here: elsewhere.here,
        module: elsewhere.module,
        emitted_elsewhere: elsewhere.emitted,
    })
}

/// The type's annotated blocks in the rest of the crate, as [`annotated_blocks`] needs them.
#[derive(Default)]
struct Elsewhere {
    /// For a block of the module that defines the type: the annotated blocks of it in other
    /// modules, with their modules' paths from the crate root.
    remote: Vec<(Vec<String>, ItemImpl)>,
    /// For a block of another module: the defining module has annotated blocks of the type,
    /// whose sequences call this one's functions.
    emitted: bool,
    /// The block's module, from the crate root; the type's, where that emits its sequences.
    here: Vec<String>,
    /// The block's module, from the crate root.
    module: Vec<String>,
}

impl Elsewhere {
    /// The blocks of the type named `type_name` across the crate, for `block`, which is in the
    /// inline modules `inline` of its file; none where the crate defines no type of that name
    /// or several, or where the crate cannot be read.
    fn of(
        block: &ItemImpl,
        type_name: &Ident,
        name_of: &impl Fn(&Type) -> Option<Ident>,
        inline: &[String],
    ) -> Elsewhere {
        let span = block.impl_token.span;
        let Some(tree) = crate::source::tree::of(span) else {
            return Elsewhere::default();
        };
        let Some(path) = crate::source::files::path_of(span) else {
            return Elsewhere::default();
        };
        let path = std::fs::canonicalize(&path).unwrap_or(path);
        let Some(file_module) = tree.module_of(&path) else {
            return Elsewhere::default();
        };
        let here: Vec<String> = file_module.iter().chain(inline).cloned().collect();
        let mut collector = Blocks {
            type_name,
            name_of,
            module: Vec::new(),
            found: Vec::new(),
            definitions: Vec::new(),
            constants: Vec::new(),
        };
        for item in &tree.items {
            collector.visit_item(item);
        }
        let [owner] = collector.definitions.as_slice() else {
            return Elsewhere::default();
        };
        let annotated = |block: &ItemImpl| {
            block.attrs.iter().any(is_symtest) && crate::signature::generics::searchable(block)
        };
        // What some builds leave out is not called by the type's module, whose sequences
        // would name it in all: such a block emits its own.
        let gated = |module: &[String], block: &ItemImpl| {
            crate::source::tree::gated(&tree.items, module)
                || crate::source::cfg::all_hold(&block.attrs) != Some(true)
        };
        if *owner == here {
            let remote = (collector.found.into_iter())
                .filter(|(module, block)| *module != here && annotated(block))
                .filter(|(module, block)| {
                    crate::source::tree::path_visible(&tree.items, module, &here)
                        && !gated(module, block)
                })
                .collect();
            return Elsewhere {
                remote,
                emitted: false,
                module: here.clone(),
                here,
            };
        }
        let emitted = !gated(&here, block)
            && (collector.found.iter()).any(|(module, block)| module == owner && annotated(block));
        Elsewhere {
            remote: Vec::new(),
            emitted,
            here: owner.clone(),
            module: here,
        }
    }
}

/// What tells a block of a type from the others in its file: its trait, as tokens, and the
/// names of its functions, in order (two blocks of one type cannot both define a function,
/// nor implement one trait).
fn identity(block: &ItemImpl) -> (Option<String>, Vec<String>) {
    let trait_ = block
        .trait_
        .as_ref()
        .map(|(_, path, _)| path.to_token_stream().to_string());
    let functions = block
        .items
        .iter()
        .filter_map(|item| match item {
            ImplItem::Fn(function) => Some(function.sig.ident.to_string()),
            _ => None,
        })
        .collect();
    (trait_, functions)
}

struct Blocks<'n, F> {
    type_name: &'n Ident,
    name_of: F,
    /// The inline modules the visit is in.
    module: Vec<String>,
    /// The impl blocks of the type, with the module each is in.
    found: Vec<(Vec<String>, ItemImpl)>,
    /// The modules that define a type of that name.
    definitions: Vec<Vec<String>>,
    /// The constants of the type (`const BASE64: Encoding`), with the module each is in.
    constants: Vec<(Vec<String>, Ident)>,
}

impl<'ast, F: Fn(&Type) -> Option<Ident>> Visit<'ast> for Blocks<'_, F> {
    fn visit_item_mod(&mut self, module: &'ast ItemMod) {
        self.module.push(module.ident.to_string());
        syn::visit::visit_item_mod(self, module);
        self.module.pop();
    }

    fn visit_item_struct(&mut self, item: &'ast syn::ItemStruct) {
        if item.ident == *self.type_name {
            self.definitions.push(self.module.clone());
        }
    }

    fn visit_item_enum(&mut self, item: &'ast syn::ItemEnum) {
        if item.ident == *self.type_name {
            self.definitions.push(self.module.clone());
        }
    }

    fn visit_item_union(&mut self, item: &'ast syn::ItemUnion) {
        if item.ident == *self.type_name {
            self.definitions.push(self.module.clone());
        }
    }

    fn visit_item_const(&mut self, constant: &'ast syn::ItemConst) {
        if constant.generics.params.is_empty()
            && !matches!(constant.vis, syn::Visibility::Inherited)
            && crate::items::constants::is_the_type(&constant.ty, self.type_name)
            && crate::source::cfg::all_hold(&constant.attrs) == Some(true)
        {
            self.constants
                .push((self.module.clone(), constant.ident.clone()));
        }
    }

    fn visit_item_impl(&mut self, block: &'ast ItemImpl) {
        if (self.name_of)(&block.self_ty).as_ref() == Some(self.type_name) {
            self.found.push((self.module.clone(), block.clone()));
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
