//! The shadow templates `#[symtest]` emits next to each function, in reverse Polish notation
//! ([`STok`]): what each `let` and assignment computes and what each decision outcome requires,
//! over the locals the hook site can see, and the literals of the body. In a concolic execution
//! the recorder ([`concolic`](super::concolic)) instantiates them with the locals' current
//! shadows, giving every recorded branch its constraint over the inputs.

use super::expr::{Binary, Method, Unary};
use crate::genes::{FieldGenes, FloatKind, IntKind};

pub use crate::genes::pool::Constant;

/// A token of a shadow template in reverse Polish notation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum STok {
    /// The `i`-th value the hook site probed (a local, or a constant path such as `MAGIC`).
    Slot(u16),
    /// An unsuffixed integer literal.
    Int(i128),
    /// An unsuffixed float literal.
    Float(f64),
    Bool(bool),
    Char(char),
    Str(&'static str),
    Unary(Unary),
    Binary(Binary),
    /// `as` the type.
    Cast(CastTy),
    /// A call of a modelled method with this many arguments, receiver included.
    Call(Method, u8),
    /// The index of the item a `for` loop is on (0 for the first).
    Item,
    /// How many items a `for` loop had taken before the current step.
    Taken,
    /// Something not modelled: the template's value is only known concretely.
    Unknown,
    /// `self` as the receiver of a method called on it (`self.cmp(other)`): no value of its
    /// own, but the callee's parts of `self` are the caller's (see `Concolic::enter_call`).
    Receiver,
    /// A closure's body follows, over the items of the sequence on top of the stack: until
    /// the call that takes it ([`Method::Filter`], `Map`, `Any`, `All`, `Position`, `Find`),
    /// [`STok::Arg`] is its item.
    Lambda,
    /// The item the innermost closure is applied to.
    Arg,
    /// A [`Method::Fold`]'s closure follows, over the items of the sequence below its initial
    /// value on the stack: until the `Fold`, [`STok::Arg`] is its item and [`STok::Acc`] what
    /// it accumulated.
    FoldLambda,
    /// What the innermost fold's closure accumulated.
    Acc,
    /// A call of a function by a plain path (`helper(x)`, `Self::parse(s)`), named by its last
    /// segment, at call site `site` of the function, with this many arguments: the value the
    /// callee returned, when the execution followed it (see `Concolic::enter_call`).
    Invoke(&'static str, u32, u8),
}

/// The local of a def that is no local: the value a function returns (at a `return e` or its
/// body's tail), which becomes the shadow of its call in the caller.
pub const RETURNED: u32 = u32::MAX;

/// The target type of an `as` cast.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastTy {
    Int(IntKind),
    Float(FloatKind),
    Char,
}

/// A `let` or assignment: local `local` gets the value of `value`.
#[derive(Debug)]
pub struct Def {
    pub local: u32,
    pub value: &'static [STok],
    /// `Some(d)`: the template's slots are those probed at decision `d` (a binding in an arm
    /// or an `if let`, a `for` loop's item); `None`: the def's own probes.
    pub at: Option<u32>,
    /// What each slot of the def's own probes is: a local's id, or [`EXTERNAL`].
    pub slots: &'static [u32],
}

/// A slot that holds a constant path (`MAGIC`, `u32::MAX`) rather than a local.
pub const EXTERNAL: u32 = u32::MAX;

/// The shadow side of a decision: per outcome, a `Bool` template that holds when the outcome
/// is taken (empty when unknown). A two-way decision lists only its `true` outcome.
#[derive(Debug)]
pub struct DecisionShadow {
    pub outcomes: &'static [&'static [STok]],
    /// What each probed slot is: a local's id, or [`EXTERNAL`].
    pub slots: &'static [u32],
    /// A `for` loop: its slots are probed once, when the loop starts, and [`STok::Taken`]
    /// counts its items.
    pub for_loop: bool,
}

/// A field of a parameter whose genes are an input variable: read right off the parameter
/// (`p.x`, `pair.0`), or bound by a pattern on it in `match`, `if let` or `let … else`
/// (`Shape::Rect { w, .. }`, `Point { x, .. }`, `Some(v)`).
#[derive(Debug)]
pub struct ParamField {
    /// The local that stands for it.
    pub local: u32,
    pub param: u32,
    /// The variant whose field it is; empty for a struct's or a tuple's field.
    pub variant: &'static str,
    /// The field as written: a name, or a position (`0`). Empty, with an empty `variant`: the
    /// enum's tag, which variant the value is (a choice for the solver).
    pub member: &'static str,
    /// The names of the parameter type's fields in gene order (`Input::FIELDS`).
    pub names: &'static [&'static str],
    /// The variants of the parameter's enum type and their fields' names (`Input::VARIANTS`).
    pub variants: &'static [(&'static str, &'static [&'static str])],
    /// Where a field of a field is among the parameter's genes (`Input::field_genes` of its
    /// type), for a `member` that is a path (`command.dx`).
    pub genes: FieldGenes,
    /// A field a variant's pattern tests (`Op::Div(0)`), read where the value is that variant:
    /// no code assigns its local, and where the value is another variant there is nothing to
    /// probe, so the input variable stands as it is.
    pub tested: bool,
}

impl ParamField {
    /// Where the field's genes are among the parameter's: a struct's or tuple's field is an
    /// item of it; an enum's value is its tag then each variant's fields as a tuple.
    ///
    /// ```
    /// use symtest_runtime::record::templates::ParamField;
    /// let field = |variant, member| ParamField {
    ///     local: 0, param: 0, variant, member, names: &[],
    ///     variants: &[("Dot", &[]), ("Rect", &["w", "h"])], tested: false,
    ///     genes: |_| None,
    /// };
    /// assert_eq!(field("Rect", "h").path(), Some(vec![2, 1]));
    /// assert_eq!(ParamField { variants: &[], ..field("Some", "0") }.path(), Some(vec![1]));
    /// assert_eq!(ParamField { variants: &[], ..field("Err", "0") }.path(), Some(vec![2]));
    /// assert_eq!(field("", "").path(), Some(vec![0]), "the tag");
    /// ```
    pub fn path(&self) -> Option<Vec<usize>> {
        field_path(
            self.variant,
            self.member,
            self.names,
            self.variants,
            self.genes,
        )
    }
}

/// Where a field's genes are among a value's, for a value of a type whose fields, variants and
/// fields' genes are `names`, `variants` and `genes` (`Input::FIELDS`, `Input::VARIANTS`,
/// `Input::field_genes`): the field `member` of the variant `variant` (empty for a struct's
/// or a tuple's field, and both empty for an enum's tag), as [`ParamField::path`] describes.
pub fn field_path(
    variant: &str,
    member: &str,
    names: &[&str],
    variants: &[(&str, &[&str])],
    genes: FieldGenes,
) -> Option<Vec<usize>> {
    if variant.is_empty() && member.is_empty() {
        return (!variants.is_empty()).then(|| vec![0]);
    }
    if variant.is_empty() && member.contains('.') {
        let path: Vec<&str> = member.split('.').collect();
        return genes(&path);
    }
    let position = |names: &[&str]| {
        member
            .parse()
            .ok()
            .or_else(|| names.iter().position(|name| *name == member))
    };
    if variant.is_empty() {
        return Some(vec![position(names)?]);
    }
    // Bound by a pattern of a type that lists no variants: a struct's named field
    // (`Point { x, .. }`), or the payload of `Option` (presence, then the payload) or of
    // `Result` (tag, then `T` and `E`).
    if variants.is_empty() {
        return match (variant, member) {
            _ if !names.is_empty() => Some(vec![position(names)?]),
            ("Some" | "Ok", "0") => Some(vec![1]),
            ("Err", "0") => Some(vec![2]),
            _ => None,
        };
    }
    let index = variants.iter().position(|(name, _)| *name == variant)?;
    Some(vec![1 + index, position(variants[index].1)?])
}

/// Everything `#[symtest]` emits for concolic execution of one function.
#[derive(Debug)]
pub struct ShadowMeta {
    /// `(local, parameter)`: the locals that hold a parameter as passed.
    pub params: &'static [(u32, u32)],
    pub locals: u32,
    /// `(local, field)`: the locals that stand for parts of `self`, whose shadows carry over
    /// from one call of a sequence to the next. They are named after the part: a field or a
    /// field's field (`"self.count"`, `"self.limits.high"`), the variant (`"self#tag"`), or a
    /// variant's field (`"self::Open.width"`), which a value built from genes maps to its
    /// genes (see `Concolic::built_from`).
    pub fields: &'static [(u32, &'static str)],
    /// The locals that stand for fields of parameters (`p.x`): input variables of their own.
    pub param_fields: &'static [ParamField],
    /// The function may change `self` where the hooks do not see it (assigns `*self`, passes
    /// `self` on, calls a method that may mutate it): after it runs, no part of `self` stands
    /// for the genes it was built from.
    pub changes_self: bool,
    pub defs: &'static [Def],
    /// Indexed by decision id; shorter when later decisions have nothing.
    pub decisions: &'static [DecisionShadow],
    pub constants: &'static [Constant],
}

impl ShadowMeta {
    /// No shadows, no constants.
    pub const NONE: ShadowMeta = ShadowMeta {
        params: &[],
        locals: 0,
        fields: &[],
        param_fields: &[],
        changes_self: false,
        defs: &[],
        decisions: &[],
        constants: &[],
    };
}
