//! Scans of a function body before it is lowered: the literals that seed the search, and
//! the locals whose updates the shadow hooks could not see.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::quote;
use syn::{Expr, Lit, UnOp};

use super::{compound_op, rt};

/// The literals of a function body, for seeding the search; `Constant` expressions.
pub fn constants(block: &syn::Block) -> Vec<TokenStream> {
    struct Collector {
        seen: BTreeSet<String>,
        out: Vec<TokenStream>,
    }
    impl Collector {
        fn add(&mut self, key: String, tokens: TokenStream) {
            if self.out.len() < MAX_CONSTANTS && self.seen.insert(key) {
                self.out.push(tokens);
            }
        }
    }
    impl<'ast> syn::visit::Visit<'ast> for Collector {
        fn visit_expr_unary(&mut self, unary: &'ast syn::ExprUnary) {
            if let (UnOp::Neg(_), Expr::Lit(lit)) = (&unary.op, &*unary.expr)
                && let Lit::Int(int) = &lit.lit
                && let Ok(value) = int.base10_parse::<i128>()
            {
                let value = -value;
                let rt = rt();
                self.add(format!("i{value}"), quote!(#rt::Constant::Int(#value)));
            }
            syn::visit::visit_expr_unary(self, unary);
        }
        fn visit_lit(&mut self, lit: &'ast Lit) {
            let rt = rt();
            match lit {
                Lit::Int(int) => {
                    if let Ok(value) = int.base10_parse::<u128>() {
                        let value = value as i128;
                        self.add(format!("i{value}"), quote!(#rt::Constant::Int(#value)));
                    }
                }
                Lit::Byte(byte) => {
                    let value = i128::from(byte.value());
                    self.add(format!("i{value}"), quote!(#rt::Constant::Int(#value)));
                }
                Lit::Float(float) => {
                    if let Ok(value) = float.base10_parse::<f64>() {
                        self.add(format!("f{value}"), quote!(#rt::Constant::Float(#value)));
                    }
                }
                Lit::Char(c) => {
                    let value = c.value();
                    self.add(format!("c{value}"), quote!(#rt::Constant::Char(#value)));
                }
                Lit::Str(text) => {
                    let value = text.value();
                    self.add(format!("s{value}"), quote!(#rt::Constant::Str(#value)));
                }
                Lit::ByteStr(text) => {
                    let value = text.value();
                    let key = format!("b{value:?}");
                    let literal = syn::LitByteStr::new(&value, text.span());
                    self.add(key, quote!(#rt::Constant::Bytes(#literal)));
                }
                _ => {}
            }
        }
    }
    let mut collector = Collector {
        seen: BTreeSet::new(),
        out: Vec::new(),
    };
    syn::visit::Visit::visit_block(&mut collector, block);
    collector.out
}

/// Locals whose updates the shadow hooks cannot see, so they are never shadowed: receivers
/// of methods that may mutate them (`v.push(x)`, `s.clear()`), and targets of assignments
/// that are not statements of their own (`if c { y = 7 }` as a block's tail is one;
/// `match k { _ => y = 7 }` is not). Together with the `&mut` and closure scan
/// (`escapes::mutably_borrowed`), what remains tracked changes only through the hooks.
pub fn untracked(block: &syn::Block) -> BTreeSet<String> {
    struct Collector {
        names: BTreeSet<String>,
    }
    impl Collector {
        fn root(&mut self, expr: &Expr) {
            match expr {
                Expr::Path(path) => {
                    if let Some(ident) = path.path.get_ident() {
                        self.names.insert(ident.to_string());
                    }
                }
                Expr::Field(field) => self.root(&field.base),
                Expr::Index(index) => self.root(&index.expr),
                Expr::Paren(paren) => self.root(&paren.expr),
                Expr::Unary(unary) => self.root(&unary.expr),
                _ => {}
            }
        }
    }
    impl<'ast> syn::visit::Visit<'ast> for Collector {
        fn visit_stmt(&mut self, stmt: &'ast syn::Stmt) {
            // A statement that is an assignment: the hooks see it; only its parts are scanned.
            if let syn::Stmt::Expr(expr, _) = stmt {
                match expr {
                    Expr::Assign(assign) => {
                        self.visit_expr(&assign.left);
                        self.visit_expr(&assign.right);
                        return;
                    }
                    Expr::Binary(binary) if compound_op(&binary.op).is_some() => {
                        self.visit_expr(&binary.left);
                        self.visit_expr(&binary.right);
                        return;
                    }
                    _ => {}
                }
            }
            syn::visit::visit_stmt(self, stmt);
        }
        fn visit_expr_assign(&mut self, assign: &'ast syn::ExprAssign) {
            self.root(&assign.left);
            syn::visit::visit_expr_assign(self, assign);
        }
        fn visit_expr_binary(&mut self, binary: &'ast syn::ExprBinary) {
            if compound_op(&binary.op).is_some() {
                self.root(&binary.left);
            }
            syn::visit::visit_expr_binary(self, binary);
        }
        fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
            if !read_only(&call.method.to_string()) {
                self.root(&call.receiver);
            }
            syn::visit::visit_expr_method_call(self, call);
        }
    }
    let mut collector = Collector {
        names: BTreeSet::new(),
    };
    syn::visit::Visit::visit_block(&mut collector, block);
    collector.names
}

/// Whether a method's body changes `self` as a whole where the hooks cannot see it: assigns
/// `*self` (`*self = Mode::Idle`) or passes `self` on to a call (`mem::swap(self, other)`,
/// `other.absorb(self)`). Receivers of mutating methods are in [`untracked`] already.
pub fn changes_self(block: &syn::Block) -> bool {
    fn is_self(expr: &Expr) -> bool {
        match expr {
            Expr::Path(path) => path.path.is_ident("self"),
            Expr::Paren(paren) => is_self(&paren.expr),
            _ => false,
        }
    }
    fn is_deref_self(expr: &Expr) -> bool {
        match expr {
            Expr::Unary(unary) => matches!(unary.op, syn::UnOp::Deref(_)) && is_self(&unary.expr),
            Expr::Paren(paren) => is_deref_self(&paren.expr),
            _ => false,
        }
    }
    #[derive(Default)]
    struct Finder(bool);
    impl<'ast> syn::visit::Visit<'ast> for Finder {
        fn visit_expr_assign(&mut self, assign: &'ast syn::ExprAssign) {
            self.0 |= is_deref_self(&assign.left);
            syn::visit::visit_expr_assign(self, assign);
        }
        fn visit_expr_binary(&mut self, binary: &'ast syn::ExprBinary) {
            self.0 |= compound_op(&binary.op).is_some() && is_deref_self(&binary.left);
            syn::visit::visit_expr_binary(self, binary);
        }
        fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
            self.0 |= call.args.iter().any(is_self);
            syn::visit::visit_expr_call(self, call);
        }
        fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
            self.0 |= call.args.iter().any(is_self);
            syn::visit::visit_expr_method_call(self, call);
        }
    }
    let mut finder = Finder::default();
    syn::visit::Visit::visit_block(&mut finder, block);
    finder.0
}

/// Methods that only read their receiver, by name: the standard library's conversions,
/// queries and arithmetic. Anything else might mutate it.
fn read_only(method: &str) -> bool {
    const EXACT: &[&str] = &[
        "len",
        "chars",
        "bytes",
        "char_indices",
        "iter",
        "get",
        "first",
        "last",
        "clone",
        "contains",
        "starts_with",
        "ends_with",
        "find",
        "rfind",
        "position",
        "eq",
        "ne",
        "cmp",
        "partial_cmp",
        "lt",
        "le",
        "gt",
        "ge",
        "min",
        "max",
        "abs",
        "pow",
        "signum",
        "sqrt",
        "floor",
        "ceil",
        "round",
        "count_ones",
        "count_zeros",
        "leading_zeros",
        "trailing_zeros",
        "rotate_left",
        "rotate_right",
        "unwrap",
        "unwrap_or",
        "expect",
        "map",
        "and_then",
        "ok",
        "err",
        "lines",
        "parse",
        "windows",
        "chunks",
        "cloned",
        "copied",
        "binary_search",
        "len_utf8",
        "matches",
        "rev",
        "enumerate",
        "count",
        "nth",
        "next",
        "sum",
        "product",
        "all",
        "any",
        "hash",
    ];
    const PREFIXES: &[&str] = &[
        "is_",
        "to_",
        "as_",
        "checked_",
        "wrapping_",
        "saturating_",
        "overflowing_",
        "trim",
        "split",
        "strip_",
        "encode_",
    ];
    if method.starts_with("as_mut") || method.starts_with("to_mut") {
        return false;
    }
    EXACT.contains(&method) || PREFIXES.iter().any(|prefix| method.starts_with(prefix))
}

/// Most literals kept per function: enough for keyword tables, bounded for huge bodies.
const MAX_CONSTANTS: usize = 64;
