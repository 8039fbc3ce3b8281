//! Reading one file's tokens: the paths written in it, the names its `use`s bind and the
//! modules it declares.

use proc_macro2::{Delimiter, Spacing, TokenTree};

use crate::Module;

/// A path written in code, as found in one file.
#[derive(Clone, Debug)]
pub(crate) struct Written {
    /// The module the path is written in (an inline module's own path).
    pub(crate) scope: Module,
    pub(crate) segments: Vec<String>,
    pub(crate) line: usize,
    /// Under `#[cfg(test)]`.
    pub(crate) test: bool,
}

/// A name a `use` brings into a scope, and the path it names.
#[derive(Clone, Debug)]
pub(crate) struct Binding {
    pub(crate) scope: Module,
    pub(crate) name: String,
    pub(crate) segments: Vec<String>,
}

/// What one file says: the paths written in it, the names its `use`s bind and the modules it
/// declares (with whether each is under `#[cfg(test)]`).
#[derive(Debug, Default)]
pub(crate) struct Scan {
    pub(crate) written: Vec<Written>,
    pub(crate) bindings: Vec<Binding>,
    pub(crate) modules: Vec<(Module, bool)>,
}

/// Whether `tokens[i..]` starts with `::`.
fn path_separator(tokens: &[TokenTree], i: usize) -> bool {
    matches!(
        (tokens.get(i), tokens.get(i + 1)),
        (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
            if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':'
    )
}

fn is_punct(token: Option<&TokenTree>, c: char) -> bool {
    matches!(token, Some(TokenTree::Punct(p)) if p.as_char() == c)
}

fn is_brace(token: Option<&TokenTree>) -> bool {
    matches!(token, Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::Brace)
}

fn ident(token: Option<&TokenTree>) -> Option<String> {
    match token {
        Some(TokenTree::Ident(ident)) => Some(ident.to_string()),
        _ => None,
    }
}

/// `#[cfg(test)]`'s bracket.
fn is_cfg_test(group: &proc_macro2::Group) -> bool {
    let tokens: Vec<TokenTree> = group.stream().into_iter().collect();
    match tokens.as_slice() {
        [TokenTree::Ident(cfg), TokenTree::Group(condition)] => {
            let condition: Vec<TokenTree> = condition.stream().into_iter().collect();
            cfg == "cfg"
                && matches!(condition.as_slice(), [TokenTree::Ident(test)] if test == "test")
        }
        _ => false,
    }
}

/// The line `token` starts on.
fn line(token: &TokenTree) -> usize {
    token.span().start().line
}

/// Finds, in `tokens` written in module `scope`, the paths written, the `use` bindings and the
/// modules declared; `test` when the tokens are under `#[cfg(test)]`.
pub(crate) fn walk(tokens: &[TokenTree], scope: &Module, test: bool, scan: &mut Scan) {
    let mut i = 0;
    let mut cfg_test = false;
    while i < tokens.len() {
        let token = &tokens[i];
        // Attributes: `#[…]` and `#![…]`; `#[cfg(test)]` marks the item after it.
        if is_punct(Some(token), '#') {
            let bang = usize::from(is_punct(tokens.get(i + 1), '!'));
            if let Some(TokenTree::Group(group)) = tokens.get(i + 1 + bang)
                && group.delimiter() == Delimiter::Bracket
            {
                cfg_test |= bang == 0 && is_cfg_test(group);
                i += 2 + bang;
                continue;
            }
        }
        let keyword = ident(Some(token));
        // An item under `#[cfg(test)]` other than a module: walk it as test code.
        if cfg_test && keyword.as_deref() != Some("mod") {
            cfg_test = false;
            let end = (i..tokens.len())
                .find(|&j| is_punct(tokens.get(j), ';') || is_brace(tokens.get(j)))
                .unwrap_or(tokens.len() - 1);
            walk(&tokens[i..=end], scope, true, scan);
            i = end + 1;
            continue;
        }
        let next = tokens.get(i + 1);
        match keyword.as_deref() {
            Some("mod") if ident(next).is_some() => {
                let child = [&scope[..], &[ident(next).unwrap_or_default()]].concat();
                let test = test || std::mem::take(&mut cfg_test);
                scan.modules.push((child.clone(), test));
                if let Some(TokenTree::Group(body)) = tokens.get(i + 2)
                    && body.delimiter() == Delimiter::Brace
                {
                    let body: Vec<TokenTree> = body.stream().into_iter().collect();
                    walk(&body, &child, test, scan);
                }
                i += 3;
                continue;
            }
            // Not `impl Trait + use<'a>`.
            Some("use")
                if ident(next).is_some() || path_separator(tokens, i + 1) || is_brace(next) =>
            {
                let end = (i..tokens.len())
                    .find(|&j| is_punct(tokens.get(j), ';'))
                    .unwrap_or(tokens.len());
                let mut leaves = Vec::new();
                use_tree(&tokens[i + 1..end], &[], &mut leaves);
                for (segments, bound) in leaves {
                    if let Some(name) = bound {
                        let binding = Binding {
                            scope: scope.clone(),
                            name,
                            segments: segments.clone(),
                        };
                        scan.bindings.push(binding);
                    }
                    scan.written.push(Written {
                        scope: scope.clone(),
                        segments,
                        line: line(token),
                        test,
                    });
                }
                i = end + 1;
                continue;
            }
            _ => {}
        }
        match token {
            TokenTree::Ident(first)
                if path_separator(tokens, i + 1)
                    && !(i >= 2 && path_separator(tokens, i - 2))
                    && !is_punct(i.checked_sub(1).and_then(|j| tokens.get(j)), '.') =>
            {
                let mut segments = vec![first.to_string()];
                let mut j = i + 1;
                while path_separator(tokens, j)
                    && let Some(next) = ident(tokens.get(j + 2))
                {
                    segments.push(next);
                    j += 3;
                }
                if segments.len() >= 2 {
                    scan.written.push(Written {
                        scope: scope.clone(),
                        segments,
                        line: line(token),
                        test,
                    });
                }
                i = j;
            }
            TokenTree::Group(group) => {
                let inner: Vec<TokenTree> = group.stream().into_iter().collect();
                walk(&inner, scope, test, scan);
                i += 1;
            }
            _ => i += 1,
        }
    }
}

/// The leaves of a `use` tree (the tokens between `use` and `;`) under `prefix`: each one's
/// path and the name it binds (none for `*` and `as _`).
fn use_tree(
    tokens: &[TokenTree],
    prefix: &[String],
    leaves: &mut Vec<(Vec<String>, Option<String>)>,
) {
    let mut path = prefix.to_vec();
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            TokenTree::Punct(p) if p.as_char() == ':' => i += 1,
            TokenTree::Punct(p) if p.as_char() == '*' => {
                leaves.push((path, None));
                return;
            }
            TokenTree::Group(group) if group.delimiter() == Delimiter::Brace => {
                let inner: Vec<TokenTree> = group.stream().into_iter().collect();
                for tree in inner.split(|token| is_punct(Some(token), ',')) {
                    use_tree(tree, &path, leaves);
                }
                return;
            }
            TokenTree::Ident(word) if word == "as" => {
                let renamed = ident(tokens.get(i + 1)).filter(|name| name != "_");
                if path.last().is_some_and(|last| last == "self") {
                    path.pop();
                }
                leaves.push((path, renamed));
                return;
            }
            TokenTree::Ident(word) => {
                path.push(word.to_string());
                i += 1;
            }
            _ => return,
        }
    }
    if path.len() > prefix.len() {
        if path.last().is_some_and(|last| last == "self") {
            path.pop();
        }
        let bound = path.last().cloned();
        leaves.push((path, bound));
    }
}
