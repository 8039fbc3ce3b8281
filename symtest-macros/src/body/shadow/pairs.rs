//! Pairs as two templates: the halves of `s.split_once(c)` (and `rsplit_once`), through the
//! `?`, `ok_or`, `unwrap` and `unwrap_or((a, b))` around it, and the elements of a tuple
//! written out. A `let (a, b) = …` or a `Some((a, b))` pattern binds each half.

use syn::{Expr, Ident, Pat};

use super::translate::{call_token, same_presence, translate};
use super::{Names, Template, strip_parens, template};

/// The templates of the two elements of the pair `expr` is (or holds, as an `Option` or
/// `Result`: absent where it is `None` or `Err`), or `None` when it is not modelled.
pub fn pair(expr: &Expr, names: &impl Names) -> Option<(Template, Template)> {
    match strip_parens(expr) {
        Expr::Try(try_expr) => pair(&try_expr.expr, names),
        Expr::Tuple(tuple) if tuple.elems.len() == 2 => Some((
            template(&tuple.elems[0], names)?,
            template(&tuple.elems[1], names)?,
        )),
        Expr::MethodCall(call) => {
            let name = call.method.to_string();
            match (name.as_str(), call.args.len()) {
                (name, arity) if same_presence(name, arity) || (name, arity) == ("unwrap", 0) => {
                    pair(&call.receiver, names)
                }
                ("unwrap_or", 1) => {
                    let (first, second) = pair(&call.receiver, names)?;
                    let (default_first, default_second) = pair(&call.args[0], names)?;
                    let or = |mut half: Template, default: Template| {
                        half.append(default);
                        call_token(&mut half, "UnwrapOr", 2).map(|()| half)
                    };
                    Some((or(first, default_first)?, or(second, default_second)?))
                }
                ("split_once" | "rsplit_once", 1) => {
                    let [before, after] = match name.as_str() {
                        "split_once" => ["SplitOnceBefore", "SplitOnceAfter"],
                        _ => ["RsplitOnceBefore", "RsplitOnceAfter"],
                    };
                    let half = |method: &str| {
                        let mut out = Template::default();
                        translate(&call.receiver, names, &mut out)?;
                        translate(&call.args[0], names, &mut out)?;
                        call_token(&mut out, method, 2).map(|()| out)
                    };
                    Some((half(before)?, half(after)?))
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// The halves of a pattern's scrutinee that is a pair computed (`s.split_once(',')`), for the
/// bindings of `Some((a, b))`; not of a tuple written out (`match (a, b)`), which moves its
/// elements, and whose patterns read them through the scrutinee.
pub fn scrutinee_pair(expr: &Expr, names: &impl Names) -> Option<(Template, Template)> {
    match strip_parens(expr) {
        Expr::Tuple(_) => None,
        expr => pair(expr, names),
    }
}

/// The locals a pattern on the pair `expr` binds, each with its template: `(a, b)`, and
/// `Some((a, b))` or `Ok((a, b))` on a pair that may be absent. `_` and nested patterns bind
/// nothing here.
pub fn pair_bindings(pat: &Pat, expr: &Expr, names: &impl Names) -> Vec<(Ident, Template)> {
    let Some(elements) = pair_pattern(pat) else {
        return Vec::new();
    };
    let Some((first, second)) = pair(expr, names) else {
        return Vec::new();
    };
    elements
        .into_iter()
        .zip([first, second])
        .filter_map(|(ident, template)| Some((ident?, template)))
        .collect()
}

/// The two bindings of `(a, b)`, `Some((a, b))` or `Ok((a, b))` (`None` for `_`).
pub fn pair_pattern(pat: &Pat) -> Option<[Option<Ident>; 2]> {
    match pat {
        Pat::Tuple(tuple) if tuple.elems.len() == 2 => {
            let bound = |pat: &Pat| match pat {
                Pat::Ident(ident) if ident.subpat.is_none() && ident.by_ref.is_none() => {
                    Some(ident.ident.clone())
                }
                _ => None,
            };
            Some([bound(&tuple.elems[0]), bound(&tuple.elems[1])])
        }
        Pat::TupleStruct(wrapped)
            if wrapped.elems.len() == 1
                && wrapped.qself.is_none()
                && (wrapped.path.is_ident("Some") || wrapped.path.is_ident("Ok")) =>
        {
            pair_pattern(&wrapped.elems[0])
        }
        Pat::Paren(paren) => pair_pattern(&paren.pat),
        Pat::Type(typed) => pair_pattern(&typed.pat),
        _ => None,
    }
}
