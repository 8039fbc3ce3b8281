//! The items a crate's own `macro_rules!` write where it invokes them among its items
//! (`impl_to_f64!(u8 u16 u32 f64);` writing `impl ToF64 for u8 { … }` and the others), so
//! that what the attribute reads of the crate sees them as the compiler does.
//!
//! A small interpreter of `macro_rules!`: the first rule whose matcher matches the
//! invocation's tokens is transcribed. Matchers take literal tokens, groups, fragments
//! (`ident`, `tt`, `lifetime` and `literal` as tokens; `ty`, `path`, `expr`, `pat`, `vis`,
//! `block`, `item`, `stmt` and `meta` as syn parses them) and repetitions (`$(…)sep*`, `+`,
//! `?`); transcribers substitute fragments and repeat what their repetitions hold. A matcher
//! this reading cannot follow matches nothing, and the invocation writes no items here: the
//! compiler still expands it, only the attribute does not see what it wrote.

use std::collections::HashMap;

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use quote::ToTokens;
use syn::parse::{ParseStream, Parser};
use syn::{Item, ItemMacro};

/// How many macro invocations deep an expansion follows invocations it writes.
const DEPTH: usize = 8;

/// The crate's `macro_rules!` by name: each a list of (matcher, transcriber).
#[derive(Default)]
pub struct Macros {
    rules: HashMap<String, Vec<(Vec<Pattern>, TokenStream)>>,
}

impl Macros {
    /// The `macro_rules!` defined anywhere in `items` (inline modules included).
    pub fn of(items: &[Item]) -> Macros {
        let mut macros = Macros::default();
        macros.collect(items);
        macros
    }

    fn collect(&mut self, items: &[Item]) {
        for item in items {
            match item {
                Item::Macro(ItemMacro {
                    ident: Some(name),
                    mac,
                    ..
                }) if mac.path.is_ident("macro_rules") => {
                    let rules = rules(mac.tokens.clone());
                    self.rules.insert(name.to_string(), rules);
                }
                Item::Mod(module) => {
                    if let Some((_, inner)) = &module.content {
                        self.collect(inner);
                    }
                }
                _ => {}
            }
        }
    }

    /// The items an item-level invocation writes, their own invocations expanded; empty for
    /// an invocation of a macro not in the crate, or one this reading cannot follow.
    pub fn expand(&self, invocation: &ItemMacro) -> Vec<Item> {
        self.expand_at(invocation, DEPTH)
    }

    fn expand_at(&self, invocation: &ItemMacro, depth: usize) -> Vec<Item> {
        let Some(name) = invocation.mac.path.get_ident() else {
            return Vec::new();
        };
        let Some(rules) = self.rules.get(&name.to_string()) else {
            return Vec::new();
        };
        if depth == 0 || invocation.ident.is_some() {
            return Vec::new();
        }
        let input: Vec<TokenTree> = invocation.mac.tokens.clone().into_iter().collect();
        let Some(written) = rules.iter().find_map(|(matcher, transcriber)| {
            let bindings = matches(matcher, &input)?;
            transcribe(transcriber.clone(), &bindings, &[])
        }) else {
            return Vec::new();
        };
        let Ok(file) = syn::parse2::<syn::File>(written) else {
            return Vec::new();
        };
        let mut items = Vec::new();
        for item in file.items {
            match &item {
                Item::Macro(inner) if inner.ident.is_none() => {
                    items.extend(self.expand_at(inner, depth - 1));
                }
                _ => items.push(item),
            }
        }
        items
    }
}

/// One element of a matcher.
#[derive(Debug)]
enum Pattern {
    Token(String),
    Group(Delimiter, Vec<Pattern>),
    Fragment(String, String),
    Repeat(Vec<Pattern>, Option<String>, char),
}

/// What a fragment or a repetition matched.
#[derive(Clone, Debug)]
enum Binding {
    One(TokenStream),
    Many(Vec<HashMap<String, Binding>>),
}

/// The rules of a `macro_rules!` body: `(matcher) => { transcriber };`…
fn rules(body: TokenStream) -> Vec<(Vec<Pattern>, TokenStream)> {
    let tokens: Vec<TokenTree> = body.into_iter().collect();
    let mut rules = Vec::new();
    let mut at = 0;
    while at + 3 < tokens.len() + 1 {
        let (
            Some(TokenTree::Group(matcher)),
            Some(TokenTree::Punct(eq)),
            Some(TokenTree::Punct(gt)),
        ) = (tokens.get(at), tokens.get(at + 1), tokens.get(at + 2))
        else {
            break;
        };
        let Some(TokenTree::Group(transcriber)) = tokens.get(at + 3) else {
            break;
        };
        if eq.as_char() != '=' || gt.as_char() != '>' {
            break;
        }
        let tokens_of = |group: &Group| group.stream().into_iter().collect::<Vec<_>>();
        if let Some(patterns) = patterns(&tokens_of(matcher)) {
            rules.push((patterns, transcriber.stream()));
        }
        at += 4;
        if matches!(tokens.get(at), Some(TokenTree::Punct(p)) if p.as_char() == ';') {
            at += 1;
        }
    }
    rules
}

/// A matcher's tokens as patterns; `None` where it writes what this reading does not follow.
fn patterns(tokens: &[TokenTree]) -> Option<Vec<Pattern>> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < tokens.len() {
        match &tokens[at] {
            TokenTree::Punct(dollar) if dollar.as_char() == '$' => match tokens.get(at + 1)? {
                TokenTree::Ident(name) => {
                    let colon =
                        matches!(tokens.get(at + 2)?, TokenTree::Punct(p) if p.as_char() == ':');
                    let TokenTree::Ident(kind) = tokens.get(at + 3)? else {
                        return None;
                    };
                    if !colon {
                        return None;
                    }
                    out.push(Pattern::Fragment(name.to_string(), kind.to_string()));
                    at += 4;
                }
                TokenTree::Group(group) if group.delimiter() == Delimiter::Parenthesis => {
                    let inner = patterns(&group.stream().into_iter().collect::<Vec<_>>())?;
                    let (separator, op, used) = repetition(&tokens[at + 2..])?;
                    out.push(Pattern::Repeat(inner, separator, op));
                    at += 2 + used;
                }
                _ => return None,
            },
            TokenTree::Group(group) => {
                let inner = patterns(&group.stream().into_iter().collect::<Vec<_>>())?;
                out.push(Pattern::Group(group.delimiter(), inner));
                at += 1;
            }
            other => {
                out.push(Pattern::Token(other.to_string()));
                at += 1;
            }
        }
    }
    Some(out)
}

/// The separator and operator after a repetition's group, and how many tokens they take.
fn repetition(tokens: &[TokenTree]) -> Option<(Option<String>, char, usize)> {
    let op = |token: Option<&TokenTree>| match token {
        Some(TokenTree::Punct(p)) if matches!(p.as_char(), '*' | '+' | '?') => Some(p.as_char()),
        _ => None,
    };
    match op(tokens.first()) {
        Some(op) => Some((None, op, 1)),
        None => Some((Some(tokens.first()?.to_string()), op(tokens.get(1))?, 2)),
    }
}

/// The bindings of `patterns` matching all of `input`.
fn matches(patterns: &[Pattern], input: &[TokenTree]) -> Option<HashMap<String, Binding>> {
    let mut bindings = HashMap::new();
    let used = match_prefix(patterns, input, &mut bindings)?;
    (used == input.len()).then_some(bindings)
}

/// Matches `patterns` against the start of `input`, binding into `bindings`; how many tokens
/// they took.
fn match_prefix(
    patterns: &[Pattern],
    input: &[TokenTree],
    bindings: &mut HashMap<String, Binding>,
) -> Option<usize> {
    let mut at = 0;
    for pattern in patterns {
        match pattern {
            Pattern::Token(text) => {
                (input.get(at)?.to_string() == *text).then_some(())?;
                at += 1;
            }
            Pattern::Group(delimiter, inner) => {
                let TokenTree::Group(group) = input.get(at)? else {
                    return None;
                };
                (group.delimiter() == *delimiter).then_some(())?;
                let tokens: Vec<TokenTree> = group.stream().into_iter().collect();
                (match_prefix(inner, &tokens, bindings)? == tokens.len()).then_some(())?;
                at += 1;
            }
            Pattern::Fragment(name, kind) => {
                let (matched, used) = fragment(kind, &input[at..])?;
                bindings.insert(name.clone(), Binding::One(matched));
                at += used;
            }
            Pattern::Repeat(inner, separator, op) => {
                let mut rounds = Vec::new();
                loop {
                    let mut start = at;
                    if !rounds.is_empty()
                        && let Some(separator) = separator
                    {
                        match input.get(at) {
                            Some(token) if token.to_string() == *separator => start += 1,
                            _ => break,
                        }
                    }
                    let mut round = HashMap::new();
                    match match_prefix(inner, &input[start.min(input.len())..], &mut round) {
                        Some(used) if used > 0 || inner.is_empty() => {
                            rounds.push(round);
                            at = start + used;
                        }
                        _ => break,
                    }
                    if *op == '?' || inner.is_empty() {
                        break;
                    }
                }
                if *op == '+' && rounds.is_empty() {
                    return None;
                }
                for name in names(inner) {
                    let each = rounds.clone();
                    bindings.insert(name, Binding::Many(each));
                }
            }
        }
    }
    Some(at)
}

/// The fragment names a matcher binds, repetitions' included.
fn names(patterns: &[Pattern]) -> Vec<String> {
    let mut out = Vec::new();
    for pattern in patterns {
        match pattern {
            Pattern::Fragment(name, _) => out.push(name.clone()),
            Pattern::Group(_, inner) | Pattern::Repeat(inner, _, _) => out.extend(names(inner)),
            Pattern::Token(_) => {}
        }
    }
    out
}

/// The fragment of kind `kind` at the start of `input`, and how many tokens it takes.
fn fragment(kind: &str, input: &[TokenTree]) -> Option<(TokenStream, usize)> {
    let one = |ok: bool| ok.then(|| (input[0].to_token_stream(), 1));
    match kind {
        "tt" => one(!input.is_empty()),
        "ident" => one(matches!(input.first()?, TokenTree::Ident(_))),
        "literal" => match input.first()? {
            TokenTree::Literal(_) => one(true),
            TokenTree::Ident(word) if word == "true" || word == "false" => one(true),
            TokenTree::Punct(minus) if minus.as_char() == '-' => match input.get(1)? {
                TokenTree::Literal(_) => Some((input[..2].iter().cloned().collect(), 2)),
                _ => None,
            },
            _ => None,
        },
        "lifetime" => match (input.first()?, input.get(1)?) {
            (TokenTree::Punct(quote), TokenTree::Ident(_)) if quote.as_char() == '\'' => {
                Some((input[..2].iter().cloned().collect(), 2))
            }
            _ => None,
        },
        "block" => match input.first()? {
            TokenTree::Group(group) if group.delimiter() == Delimiter::Brace => one(true),
            _ => None,
        },
        "ty" => parsed(input, |s| {
            s.parse::<syn::Type>().map(|t| t.to_token_stream())
        }),
        "path" => parsed(input, |s| {
            syn::Path::parse_mod_style(s).map(|p| p.to_token_stream())
        }),
        "expr" => parsed(input, |s| {
            s.parse::<syn::Expr>().map(|e| e.to_token_stream())
        }),
        "pat" | "pat_param" => parsed(input, |s| {
            syn::Pat::parse_single(s).map(|p| p.to_token_stream())
        }),
        "vis" => parsed(input, |s| {
            s.parse::<syn::Visibility>().map(|v| v.to_token_stream())
        }),
        "item" => parsed(input, |s| s.parse::<Item>().map(|i| i.to_token_stream())),
        "stmt" => parsed(input, |s| {
            s.parse::<syn::Stmt>().map(|i| i.to_token_stream())
        }),
        "meta" => parsed(input, |s| {
            s.parse::<syn::Meta>().map(|m| m.to_token_stream())
        }),
        _ => None,
    }
}

/// What `parse` takes from the start of `input`, wrapped as the compiler passes a parsed
/// fragment on (an invisible group, so `$t` stays one type), and how many tokens it took.
fn parsed(
    input: &[TokenTree],
    parse: impl Fn(ParseStream) -> syn::Result<TokenStream>,
) -> Option<(TokenStream, usize)> {
    let stream: TokenStream = input.iter().cloned().collect();
    let (matched, rest) = (|s: ParseStream| {
        let matched = parse(s)?;
        let rest: TokenStream = s.parse()?;
        Ok((matched, rest))
    })
    .parse2(stream)
    .ok()?;
    let used = input.len().checked_sub(rest.into_iter().count())?;
    let group = Group::new(Delimiter::None, matched);
    Some((TokenTree::Group(group).into_token_stream(), used))
}

/// `tokens` with the fragments of `bindings` put in and repetitions repeated; `path` is the
/// round of each repetition the transcription is inside of.
fn transcribe(
    tokens: TokenStream,
    bindings: &HashMap<String, Binding>,
    path: &[usize],
) -> Option<TokenStream> {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = TokenStream::new();
    let mut at = 0;
    while at < tokens.len() {
        match (&tokens[at], tokens.get(at + 1)) {
            (TokenTree::Punct(dollar), Some(TokenTree::Ident(name))) if dollar.as_char() == '$' => {
                if name == "crate" {
                    out.extend([TokenTree::Ident(syn::Ident::new("crate", name.span()))]);
                } else {
                    match lookup(bindings, &name.to_string(), path)? {
                        Binding::One(tokens) => out.extend(tokens.clone()),
                        Binding::Many(_) => return None,
                    }
                }
                at += 2;
            }
            (TokenTree::Punct(dollar), Some(TokenTree::Group(group)))
                if dollar.as_char() == '$' && group.delimiter() == Delimiter::Parenthesis =>
            {
                let (separator, _, used) = repetition(&tokens[at + 2..])?;
                let rounds = rounds(group.stream(), bindings, path)?;
                for round in 0..rounds {
                    if round > 0
                        && let Some(separator) = &separator
                    {
                        out.extend(separator.parse::<TokenStream>().ok());
                    }
                    let mut inner = path.to_vec();
                    inner.push(round);
                    out.extend(transcribe(group.stream(), bindings, &inner)?);
                }
                at += 2 + used;
            }
            (TokenTree::Group(group), _) => {
                let inner = transcribe(group.stream(), bindings, path)?;
                let mut written = Group::new(group.delimiter(), inner);
                written.set_span(group.span());
                out.extend([TokenTree::Group(written)]);
                at += 1;
            }
            (other, _) => {
                out.extend([other.clone()]);
                at += 1;
            }
        }
    }
    Some(out)
}

/// The binding of `name` in the rounds `path` of the repetitions around it.
fn lookup<'b>(
    bindings: &'b HashMap<String, Binding>,
    name: &str,
    path: &[usize],
) -> Option<&'b Binding> {
    let mut binding = bindings.get(name)?;
    for &round in path {
        match binding {
            Binding::Many(rounds) => binding = rounds.get(round)?.get(name)?,
            Binding::One(_) => break,
        }
    }
    Some(binding)
}

/// How many rounds a transcriber's repetition makes: those of the repeated fragments it
/// names, at its depth.
fn rounds(
    tokens: TokenStream,
    bindings: &HashMap<String, Binding>,
    path: &[usize],
) -> Option<usize> {
    let mut names = Vec::new();
    named(tokens, &mut names);
    names
        .iter()
        .filter_map(|name| match lookup(bindings, name, path)? {
            Binding::Many(rounds) => Some(rounds.len()),
            Binding::One(_) => None,
        })
        .max()
}

/// The names of the `$name`s in `tokens`.
fn named(tokens: TokenStream, out: &mut Vec<String>) {
    let mut dollar = false;
    for token in tokens {
        match &token {
            TokenTree::Ident(name) if dollar => out.push(name.to_string()),
            TokenTree::Group(group) => named(group.stream(), out),
            _ => {}
        }
        dollar = matches!(&token, TokenTree::Punct(p) if p.as_char() == '$');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn impls(source: &str) -> Vec<String> {
        let file: syn::File = syn::parse_str(source).unwrap_or_else(|e| panic!("{e}"));
        let macros = Macros::of(&file.items);
        let mut found = Vec::new();
        for item in &file.items {
            if let Item::Macro(invocation) = item {
                for written in macros.expand(invocation) {
                    if let Item::Impl(block) = written {
                        let trait_ = block.trait_.map(|(_, path, _)| path.to_token_stream());
                        let text = format!(
                            "{} for {}",
                            trait_.unwrap_or_default(),
                            crate::source::display::type_text(&block.self_ty)
                        );
                        found.push(text.replace(' ', ""));
                    }
                }
            }
        }
        found
    }

    #[test]
    fn repetitions_of_types_write_an_impl_each() {
        let source = "
            pub trait ToF64 { fn to_f64(self) -> f64; }
            macro_rules! impl_to_f64 {
                ($($t:ty)*) => { $(impl ToF64 for $t { fn to_f64(self) -> f64 { self as f64 } })* };
            }
            impl_to_f64!(u8 u16 i32 f64);
            macro_rules! one { ($name:ident, $t:ty) => { impl $name for $t {} }; }
            one!(Marker, Vec<u8>);
            macro_rules! listed { ($tr:path: $($t:ty),+ $(,)?) => { $(impl $tr for $t {})+ }; }
            listed!(crate::Show: &str, String,);
        ";
        assert_eq!(
            impls(source),
            [
                "ToF64foru8",
                "ToF64foru16",
                "ToF64fori32",
                "ToF64forf64",
                "MarkerforVec<u8>",
                "crate::Showfor&str",
                "crate::ShowforString",
            ]
        );
    }

    #[test]
    fn rules_are_tried_in_order_and_invocations_they_write_are_expanded() {
        let source = "
            macro_rules! both {
                (signed $($t:ident)*) => { $(impl Signed for $t {})* };
                ($($t:ident)*) => { $(inner!($t);)* };
            }
            macro_rules! inner { ($t:ident) => { impl Unsigned for $t {} }; }
            both!(signed i8 i16);
            both!(u8);
            unknown!(u32);
        ";
        assert_eq!(
            impls(source),
            ["Signedfori8", "Signedfori16", "Unsignedforu8"]
        );
    }
}
