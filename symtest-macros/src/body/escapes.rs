//! The locals a body may change behind the symbolic program's back: borrowed mutably or
//! assigned in a closure (`crate::body::paths::mutably_borrowed`), the receiver of a method that may
//! change it or assigned where the hooks do not see it (`crate::body::shadow::untracked`), or named
//! inside a macro. Symbolic execution follows assignments only, so a fact it derives about
//! such a local may be false at run time; the path walk must not rule a path out with one
//! (see `crate::body::routes`).

use std::collections::BTreeSet;

use proc_macro2::{TokenStream, TokenTree};
use syn::Block;
use syn::visit::Visit;

/// The names (as written) of the locals `block` may change other than by assignment.
pub fn escapes(block: &Block) -> BTreeSet<String> {
    let mut names = crate::body::paths::mutably_borrowed(block);
    names.extend(crate::body::shadow::untracked(block));
    let mut macros = Macros::default();
    macros.visit_block(block);
    names.extend(macros.0);
    names
}

/// Every identifier inside a macro's tokens.
#[derive(Default)]
struct Macros(BTreeSet<String>);

impl Macros {
    fn tokens(&mut self, tokens: &TokenStream) {
        for tree in tokens.clone() {
            match tree {
                TokenTree::Ident(ident) => {
                    self.0.insert(ident.to_string());
                }
                TokenTree::Group(group) => self.tokens(&group.stream()),
                _ => {}
            }
        }
    }
}

impl<'a> Visit<'a> for Macros {
    fn visit_macro(&mut self, mac: &'a syn::Macro) {
        self.tokens(&mac.tokens);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locals_changed_other_than_by_assignment_escape() {
        let block: Block = syn::parse_quote!({
            let mut a = 1;
            let r = &mut a.x[2];
            let mut add = |v: i32| total += v;
            list.push(b);
            write!(out, "{}", c);
            match d {
                ref mut e => {}
            }
            let plain = f + 1;
            g = 3;
        });
        // Not `plain`, `f`, `b` or `g`: only assigned (as a statement) or read.
        let names: Vec<String> = escapes(&block).into_iter().collect();
        assert_eq!(names, ["a", "c", "d", "list", "out", "total"]);
    }
}
