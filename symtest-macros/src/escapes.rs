//! The locals a body may change behind the symbolic program's back: borrowed mutably
//! (`&mut x`, `ref mut` bindings), captured by a closure, the receiver of a method call
//! (which may take `&mut self`), or named inside a macro. Symbolic execution follows
//! assignments only, so a fact it derives about such a local may be false at run time; the
//! path walk must not rule a path out with one (see `crate::routes`).

use std::collections::BTreeSet;

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::Visit;
use syn::{Block, Expr, Pat};

/// The names (as written) of the locals `block` may change other than by assignment.
pub fn escapes(block: &Block) -> BTreeSet<String> {
    let mut scan = Scan::default();
    scan.visit_block(block);
    scan.names
}

#[derive(Default)]
struct Scan {
    names: BTreeSet<String>,
}

impl Scan {
    /// The local an place expression starts from: `x` of `x.a[3]`, `*x`, `(x)`.
    fn root(&mut self, expr: &Expr) {
        match expr {
            Expr::Path(path) => {
                if let Some(ident) = path.path.get_ident() {
                    self.names.insert(ident.to_string());
                }
            }
            Expr::Field(e) => self.root(&e.base),
            Expr::Index(e) => self.root(&e.expr),
            Expr::Paren(e) => self.root(&e.expr),
            Expr::Unary(e) => self.root(&e.expr),
            Expr::Reference(e) => self.root(&e.expr),
            _ => {}
        }
    }

    /// Every identifier in `tokens`.
    fn tokens(&mut self, tokens: &TokenStream) {
        for tree in tokens.clone() {
            match tree {
                TokenTree::Ident(ident) => {
                    self.names.insert(ident.to_string());
                }
                TokenTree::Group(group) => self.tokens(&group.stream()),
                _ => {}
            }
        }
    }
}

/// Whether `pat` binds anything by `ref mut`.
fn binds_ref_mut(pat: &Pat) -> bool {
    struct Find(bool);
    impl<'a> Visit<'a> for Find {
        fn visit_pat_ident(&mut self, pat: &'a syn::PatIdent) {
            self.0 |= pat.by_ref.is_some() && pat.mutability.is_some();
            syn::visit::visit_pat_ident(self, pat);
        }
    }
    let mut find = Find(false);
    find.visit_pat(pat);
    find.0
}

impl<'a> Visit<'a> for Scan {
    fn visit_expr_reference(&mut self, e: &'a syn::ExprReference) {
        if e.mutability.is_some() {
            self.root(&e.expr);
        }
        syn::visit::visit_expr_reference(self, e);
    }

    fn visit_expr_closure(&mut self, e: &'a syn::ExprClosure) {
        // Whatever it names, it may capture and change.
        let mut names = Names::default();
        names.visit_expr(&e.body);
        self.names.extend(names.0);
        syn::visit::visit_expr_closure(self, e);
    }

    fn visit_expr_method_call(&mut self, e: &'a syn::ExprMethodCall) {
        self.root(&e.receiver);
        syn::visit::visit_expr_method_call(self, e);
    }

    fn visit_macro(&mut self, mac: &'a syn::Macro) {
        self.tokens(&mac.tokens);
    }

    fn visit_expr_match(&mut self, e: &'a syn::ExprMatch) {
        if e.arms.iter().any(|arm| binds_ref_mut(&arm.pat)) {
            self.root(&e.expr);
        }
        syn::visit::visit_expr_match(self, e);
    }

    fn visit_local(&mut self, local: &'a syn::Local) {
        if binds_ref_mut(&local.pat)
            && let Some(init) = &local.init
        {
            self.root(&init.expr);
        }
        syn::visit::visit_local(self, local);
    }
}

/// Every single-identifier path an expression names.
#[derive(Default)]
struct Names(BTreeSet<String>);

impl<'a> Visit<'a> for Names {
    fn visit_path(&mut self, path: &'a syn::Path) {
        if let Some(ident) = path.get_ident() {
            self.0.insert(ident.to_string());
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'a syn::Macro) {
        let mut scan = Scan::default();
        scan.tokens(&mac.tokens);
        self.0.extend(scan.names);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(block: Block) -> Vec<String> {
        escapes(&block).into_iter().collect()
    }

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
        // Not `plain`, `f` or `g`: only assigned or read.
        assert_eq!(of(block), ["a", "c", "d", "list", "out", "total", "v"]);
    }
}
