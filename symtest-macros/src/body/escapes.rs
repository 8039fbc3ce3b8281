//! The locals a body may change behind the symbolic program's back: borrowed mutably or
//! assigned in a closure ([`mutably_borrowed`], which path-condition snapshots must not read
//! either), the receiver of a method that may
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
    let mut names = mutably_borrowed(block);
    names.extend(crate::body::shadow::untracked(block));
    let mut macros = Macros::default();
    macros.visit_block(block);
    names.extend(macros.0);
    names
}

/// Names of locals the body borrows mutably (`&mut x`, `ref mut` bindings into them, or
/// assigned inside a closure, which borrows them for as long as the closure lives): snapshots
/// must not read them. Mutable autoref method calls (`x.as_mut()`) are not seen.
pub fn mutably_borrowed(block: &syn::Block) -> BTreeSet<String> {
    struct Collector {
        names: BTreeSet<String>,
        closures: usize,
    }
    impl<'ast> syn::visit::Visit<'ast> for Collector {
        fn visit_expr_reference(&mut self, reference: &'ast syn::ExprReference) {
            if reference.mutability.is_some() {
                root_name(&reference.expr, &mut self.names);
            }
            syn::visit::visit_expr_reference(self, reference);
        }
        fn visit_local(&mut self, local: &'ast syn::Local) {
            if let Some(init) = &local.init
                && binds_ref_mut(&local.pat)
            {
                root_name(&init.expr, &mut self.names);
            }
            syn::visit::visit_local(self, local);
        }
        fn visit_expr_match(&mut self, expr: &'ast syn::ExprMatch) {
            if expr.arms.iter().any(|arm| binds_ref_mut(&arm.pat)) {
                root_name(&expr.expr, &mut self.names);
            }
            syn::visit::visit_expr_match(self, expr);
        }
        fn visit_expr_let(&mut self, expr: &'ast syn::ExprLet) {
            if binds_ref_mut(&expr.pat) {
                root_name(&expr.expr, &mut self.names);
            }
            syn::visit::visit_expr_let(self, expr);
        }
        fn visit_expr_closure(&mut self, closure: &'ast syn::ExprClosure) {
            self.closures += 1;
            syn::visit::visit_expr_closure(self, closure);
            self.closures -= 1;
        }
        fn visit_expr_assign(&mut self, assign: &'ast syn::ExprAssign) {
            if self.closures > 0 {
                root_name(&assign.left, &mut self.names);
            }
            syn::visit::visit_expr_assign(self, assign);
        }
        fn visit_expr_binary(&mut self, binary: &'ast syn::ExprBinary) {
            if self.closures > 0 && crate::body::symbolic::arithmetic(&binary.op).is_some() {
                root_name(&binary.left, &mut self.names);
            }
            syn::visit::visit_expr_binary(self, binary);
        }
    }
    /// Whether a pattern has a `ref mut` binding, which borrows the matched value mutably.
    fn binds_ref_mut(pat: &syn::Pat) -> bool {
        struct Finder(bool);
        impl<'ast> syn::visit::Visit<'ast> for Finder {
            fn visit_pat_ident(&mut self, ident: &'ast syn::PatIdent) {
                self.0 |= ident.by_ref.is_some() && ident.mutability.is_some();
                syn::visit::visit_pat_ident(self, ident);
            }
        }
        let mut finder = Finder(false);
        syn::visit::Visit::visit_pat(&mut finder, pat);
        finder.0
    }
    fn root_name(expr: &syn::Expr, names: &mut BTreeSet<String>) {
        match expr {
            syn::Expr::Path(path) => {
                if let Some(ident) = path.path.get_ident() {
                    names.insert(ident.to_string());
                }
            }
            syn::Expr::Field(field) => root_name(&field.base, names),
            syn::Expr::Index(index) => root_name(&index.expr, names),
            syn::Expr::Paren(paren) => root_name(&paren.expr, names),
            _ => {}
        }
    }
    let mut collector = Collector {
        names: BTreeSet::new(),
        closures: 0,
    };
    syn::visit::Visit::visit_block(&mut collector, block);
    collector.names
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
