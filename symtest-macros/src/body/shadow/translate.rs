//! Expressions as templates: literals, locals, fields, operators, casts and the methods the
//! runtime models, translated into `STok`s over the slots a hook probes.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{BinOp, Expr, Ident, Lit, UnOp};

use super::{Slot, Template};
use crate::rt;

/// How a name in an expression resolves, for templates.
pub trait Names {
    /// The unique name and identifier of a local in scope that shadows may follow.
    fn local(&self, name: &str) -> Option<(String, Ident)>;

    /// Whether the local of unique name `unique` is a parameter as passed, whose fields
    /// (`p.x`) are input variables of their own.
    fn parameter(&self, _unique: &str) -> bool {
        false
    }

    /// What `name` stands for where it is a parameter of the closure being translated: the
    /// item it is applied to (`Arg`), what a fold accumulated (`Acc`), or an element of the
    /// pair an `enumerate` or `zip` yields (the index, the item at it).
    fn binder(&self, _name: &str) -> Option<Template> {
        None
    }

    /// Whether a call of a function (`helper(x)`) may stand in the template, as the value its
    /// callee returns: not in a closure, which runs once per item.
    fn calls(&self) -> bool {
        true
    }
}

/// The template of `expr`, or `None` when any part of it is not modelled.
pub fn template(expr: &Expr, names: &impl Names) -> Option<Template> {
    let mut out = Template::default();
    translate(expr, names, &mut out)?;
    Some(out)
}

pub(super) fn translate(expr: &Expr, names: &impl Names, out: &mut Template) -> Option<()> {
    match expr {
        Expr::Lit(lit) => literal(&lit.lit, out),
        Expr::Path(path) => {
            if path.qself.is_some() {
                return None;
            }
            if let Some(ident) = path.path.get_ident() {
                let name = ident.to_string();
                if let Some(bound) = names.binder(&name) {
                    out.append(bound);
                    return Some(());
                }
                if let Some((unique, ident)) = names.local(&name) {
                    out.push_slot(Slot::Local(unique, ident));
                    return Some(());
                }
            }
            // Constants (`MAGIC`, `u32::MAX`, `Self::LIMIT`) are written in SCREAMING_CASE;
            // anything else (`None`, `State::Idle`, functions, statics in lowercase) is not a
            // value whose type is known where the probe reads it.
            if let Some(value) = ordering_value(&path.path) {
                out.push(quote!(Int(#value)));
                return Some(());
            }
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
        Expr::Binary(binary) if option_comparison(binary, names, out).is_some() => Some(()),
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
            let segments = segment_names(&path.path);
            match (segments.as_slice(), call.args.len()) {
                // `Some(x)`, `Ok(x)`: the value, present (as the modelled `Option`s hold it).
                ([wrapper], 1) if wrapper == "Some" || wrapper == "Ok" => {
                    translate(&call.args[0], names, out)
                }
                // `String::from(s)`, `Rc::<str>::from(label)`: the same text, owned.
                ([ty, from], 1)
                    if from == "from" && ["String", "Rc", "Arc", "Box"].contains(&ty.as_str()) =>
                {
                    translate(&call.args[0], names, out)
                }
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
                _ => function_call(call, names, out),
            }
        }
        _ => None,
    }
}

/// `e == Some(x)`, `e != Some(x)`, `e == None` and `e != None` on the modelled `Option`s
/// (absent is `None`): `e.is_some() && e == x`, `e.is_none() || e != x`, `e.is_none()` and
/// `e.is_some()`. Leaves `out` alone and returns `None` for any other comparison.
fn option_comparison(
    binary: &syn::ExprBinary,
    names: &impl Names,
    out: &mut Template,
) -> Option<()> {
    let equal = match binary.op {
        BinOp::Eq(_) => true,
        BinOp::Ne(_) => false,
        _ => return None,
    };
    let (option, pattern) = match (&*binary.left, &*binary.right) {
        (option, pattern @ (Expr::Call(_) | Expr::Path(_))) => (option, pattern),
        (pattern @ (Expr::Call(_) | Expr::Path(_)), option) => (option, pattern),
        _ => return None,
    };
    let payload = match pattern {
        Expr::Path(path) if path.path.is_ident("None") => None,
        Expr::Call(call) if matches!(&*call.func, Expr::Path(p) if p.path.is_ident("Some")) => {
            let [payload] = &call.args.iter().collect::<Vec<_>>()[..] else {
                return None;
            };
            Some(*payload)
        }
        _ => return None,
    };
    let mut compared = Template::default();
    translate(option, names, &mut compared)?;
    let Some(payload) = payload else {
        call_token(&mut compared, if equal { "IsNone" } else { "IsSome" }, 1)?;
        out.append(compared);
        return Some(());
    };
    let mut value = compared.clone();
    call_token(&mut compared, if equal { "IsSome" } else { "IsNone" }, 1)?;
    let payload = match payload {
        Expr::Reference(reference) => &*reference.expr,
        other => other,
    };
    translate(payload, names, &mut value)?;
    let (test, join) = if equal { ("Eq", "And") } else { ("Ne", "Or") };
    let op = |name: &str| Ident::new(name, proc_macro2::Span::call_site());
    let (test, join) = (op(test), op(join));
    value.push(quote!(Binary(::symtest_runtime::__private::Binary::#test)));
    compared.append(value);
    compared.push(quote!(Binary(::symtest_runtime::__private::Binary::#join)));
    out.append(compared);
    Some(())
}

/// The names of a path's segments: `["u32", "from"]` for `u32::from`.
pub(super) fn segment_names(path: &syn::Path) -> Vec<String> {
    path.segments.iter().map(|s| s.ident.to_string()).collect()
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
pub(crate) fn is_constant_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_uppercase())
        && name
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

/// A call of a method on `self` (`self.scaled(x)`): its receiver is parameter 0 of the callee,
/// `STok::Receiver` here (the callee's fields of `self` are the caller's),
/// its arguments the rest.
fn self_call(call: &syn::ExprMethodCall, names: &impl Names, out: &mut Template) -> Option<()> {
    if !names.calls() || call.turbofish.is_some() {
        return None;
    }
    let arity = u8::try_from(call.args.len() + 1).ok()?;
    out.push(quote!(Receiver));
    arguments(&call.args, names, out);
    invoke(out, &call.method, arity);
    Some(())
}

/// Appends the templates of a call's arguments: one not modelled leaves its parameter unknown,
/// not the returned value.
fn arguments<'a>(args: impl IntoIterator<Item = &'a Expr>, names: &impl Names, out: &mut Template) {
    for arg in args {
        out.append(template(arg, names).unwrap_or_else(Template::unknown));
    }
}

/// Appends the call of a function named `name` (its last segment), at a site numbered by
/// where that name is written.
fn invoke(out: &mut Template, name: &Ident, arity: u8) {
    let start = crate::source::position::start(syn::spanned::Spanned::span(name));
    let site = ((start.line as u32) << 12) | (start.column as u32 & 0xfff);
    let name = name.to_string();
    let rt = rt();
    out.push_call(quote!(#rt::STok::Invoke(#name, #site, #arity)));
}

/// A call of a function by a plain path (`helper(x)`, `Self::parse(s)`, `crate::util::f(a, b)`),
/// whose last segment is a function's name (lower case, no turbofish): its arguments, then
/// the call, named by that segment, at a site numbered by where it is written. The value is
/// what the callee returns when a concolic execution follows it into a function of the
/// crate; the arguments bind its parameters.
fn function_call(call: &syn::ExprCall, names: &impl Names, out: &mut Template) -> Option<()> {
    let Expr::Path(path) = &*call.func else {
        return None;
    };
    let last = path.path.segments.last()?;
    let name = last.ident.to_string();
    let named = name.starts_with(|c: char| c.is_ascii_lowercase() || c == '_');
    let plain = path.qself.is_none()
        && (path.path.segments.iter()).all(|s| matches!(s.arguments, syn::PathArguments::None));
    if !names.calls() || !named || !plain {
        return None;
    }
    let arity = u8::try_from(call.args.len()).ok()?;
    arguments(&call.args, names, out);
    invoke(out, &last.ident, arity);
    Some(())
}

pub(super) fn call_token(out: &mut Template, method: &str, arity: u8) -> Option<()> {
    let method = Ident::new(method, proc_macro2::Span::call_site());
    out.push(quote!(Call(::symtest_runtime::__private::Method::#method, #arity)));
    Some(())
}

fn method_call(call: &syn::ExprMethodCall, names: &impl Names, out: &mut Template) -> Option<()> {
    let name = call.method.to_string();
    let args = &call.args;
    if matches!(&*call.receiver, Expr::Path(path) if path.path.is_ident("self")) {
        return self_call(call, names, out);
    }
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
            _ => {}
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
    if same_presence(&name, args.len()) {
        return translate(&call.receiver, names, out);
    }
    if name == "parse" && args.is_empty() {
        return parse_int(call, names, out);
    }
    if name == "cmp" && args.len() == 1 {
        return ordering(&call.receiver, &args[0], names, out);
    }
    if super::chains::consumer(call, names, out).is_some() {
        return Some(());
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
        ("is_ok", 0) => ("IsSome", 1),
        ("is_err", 0) => ("IsNone", 1),
        ("unwrap_or", 1) => ("UnwrapOr", 2),
        ("to_digit", 1) => ("ToDigit", 2),
        ("is_digit", 1) => ("IsDigit", 2),
        ("len", 0) => ("Len", 1),
        ("is_empty", 0) => ("IsEmpty", 1),
        ("starts_with", 1) => ("StartsWith", 2),
        ("ends_with", 1) => ("EndsWith", 2),
        ("contains", 1) => ("Contains", 2),
        ("strip_prefix", 1) => ("StripPrefix", 2),
        ("strip_suffix", 1) => ("StripSuffix", 2),
        ("split_once", 1) => ("SplitOnceBefore", 2),
        ("rsplit_once", 1) => ("RsplitOnceBefore", 2),
        ("trim", 0) => ("Trim", 1),
        ("trim_start", 0) => ("TrimStart", 1),
        ("trim_end", 0) => ("TrimEnd", 1),
        (other, 0) => (char_method(other)?, 1),
        _ => return None,
    };
    translate(&call.receiver, names, out)?;
    for arg in args {
        translate(arg, names, out)?;
    }
    call_token(out, method, arity)
}

/// `a.cmp(&b)` and `(a1, a2).cmp(&(b1, b2))`: the pairs `a1 b1 a2 b2 …` compared in order
/// (see the runtime's `Method::Cmp`).
fn ordering(receiver: &Expr, other: &Expr, names: &impl Names, out: &mut Template) -> Option<()> {
    fn elements(expr: &Expr) -> Vec<&Expr> {
        match expr {
            Expr::Paren(inner) => elements(&inner.expr),
            Expr::Reference(inner) => elements(&inner.expr),
            Expr::Tuple(tuple) if !tuple.elems.is_empty() => tuple.elems.iter().collect(),
            single => vec![single],
        }
    }
    let (left, right) = (elements(receiver), elements(other));
    if left.len() != right.len() || left.len() > 8 {
        return None;
    }
    for (a, b) in left.iter().zip(&right) {
        translate(a, names, out)?;
        translate(b, names, out)?;
    }
    call_token(out, "Cmp", 2 * left.len() as u8)
}

/// The value of `Ordering::Less`, `Ordering::Equal` or `Ordering::Greater` (`std::cmp::`
/// or not), as the runtime's `Method::Cmp` gives it: -1, 0, 1.
pub(super) fn ordering_value(path: &syn::Path) -> Option<i128> {
    let segments = segment_names(path);
    let [.., ty, variant] = segments.as_slice() else {
        return None;
    };
    if ty != "Ordering" {
        return None;
    }
    match variant.as_str() {
        "Less" => Some(-1),
        "Equal" => Some(0),
        "Greater" => Some(1),
        _ => None,
    }
}

/// Whether a call of `name` with `arity` arguments gives its receiver's value, absent where it
/// was: a modelled `Option` made a `Result` and back (`ok_or`, `ok`), its error mapped, or
/// unwrapped with a message.
pub(super) fn same_presence(name: &str, arity: usize) -> bool {
    match arity {
        0 => name == "ok",
        1 => matches!(name, "ok_or" | "ok_or_else" | "map_err" | "expect"),
        _ => false,
    }
}

/// `s.parse()` into an integer: `s.parse::<u8>()` has its type, an unsuffixed one takes the
/// type later code gives it (the runtime fixes it where the value is probed); a turbofish of
/// any other type is not modelled.
fn parse_int(call: &syn::ExprMethodCall, names: &impl Names, out: &mut Template) -> Option<()> {
    translate(&call.receiver, names, out)?;
    out.push(quote!(Int(0i128)));
    out.inferred |= call.turbofish.is_none();
    if let Some(turbofish) = &call.turbofish {
        let [syn::GenericArgument::Type(ty)] = turbofish.args.iter().collect::<Vec<_>>()[..] else {
            return None;
        };
        let syn::Type::Path(path) = ty else {
            return None;
        };
        let name = path.path.get_ident()?.to_string();
        if !crate::signature::closures::INTEGERS.contains(&name.as_str()) {
            return None;
        }
        let to = cast_name(&name)?;
        out.push(quote!(Cast(#to)));
    }
    call_token(out, "ParseInt", 2)
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

pub(super) fn cast_ty(ty: &syn::Type) -> Option<TokenStream> {
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
