use super::*;
use crate::body::lower::Lowering;

/// Lowers `function` and returns the products from decision `from` to decision `target`
/// (decisions named by their source text), written out for reading.
fn products_of(
    function: syn::ItemFn,
    from: (&str, usize),
    target: (&str, usize),
    k: u32,
) -> Vec<(Vec<String>, u32)> {
    let mut function = function;
    let mut lowering = Lowering::new(quote::format_ident!("META"));
    lowering.parameters(&function.sig.inputs);
    lowering.body(&mut function.block);
    let id = |text: &str| {
        lowering
            .decisions
            .iter()
            .position(|d| d.text == text)
            .unwrap_or_else(|| panic!("no decision `{text}`"))
    };
    Analysis::new(&lowering.graph, &lowering.program, k)
        .products((id(from.0), from.1), (id(target.0), target.1), usize::MAX)
        .products
        .into_iter()
        .map(|p| {
            (
                p.conditions.iter().map(show_cond).collect(),
                p.approximation_level,
            )
        })
        .collect()
}

fn show(sym: &Sym) -> String {
    match sym {
        Sym::Var(name) => name.clone(),
        Sym::Int(value) => value.to_string(),
        Sym::Float(value) => format!("{value:?}"),
        Sym::Bool(value) => value.to_string(),
        Sym::Bin(op, l, r) => {
            format!("({} {} {})", show(l), op.symbol(), show(r))
        }
        Sym::Neg(inner) => format!("-{}", show(inner)),
        Sym::Not(inner) => format!("!{}", show(inner)),
        Sym::Cast(ty, inner) => format!("({} as {ty})", show(inner)),
        Sym::Rel(op, l, r) => show_cond(&Cond::Cmp(*op, l.clone(), r.clone())),
        Sym::Logic(and, l, r) => format!(
            "({} {} {})",
            show(l),
            if *and { "&&" } else { "||" },
            show(r)
        ),
        Sym::Unknown => "?".to_string(),
    }
}

fn show_cond(cond: &Cond) -> String {
    match cond {
        Cond::Cmp(op, l, r) => format!("{} {} {}", show(l), op.symbol(), show(r)),
        Cond::Truthy(value) => show(value),
    }
}

/// The shape of Fig. 2 in *Symbolic Search Based Testing*: a loop whose result feeds the
/// conditions after it.
fn figure_2() -> syn::ItemFn {
    syn::parse_quote! {
        fn f(n: i32, a: i32, b: i32) -> bool {
            let mut s = 0;
            if n > 0 {
                let mut i = 0;
                while i < n {
                    s += i;
                    i += 1;
                }
                if a == n {
                    if s > 10 {
                        if b == s {
                            return true;
                        }
                    }
                }
            }
            false
        }
    }
}

fn owned(conds: &[&str]) -> Vec<String> {
    conds.iter().map(|c| c.to_string()).collect()
}

#[test]
fn one_unrolling_keeps_the_conditions_before_the_loop_and_drops_three_as_the_paper_does() {
    let products = products_of(figure_2(), ("n > 0", 0), ("b == s", 0), 1);
    // The paper's ⟨n > 0, 0 < n, a == n⟩ with approximation level 3; `n > 0` itself is
    // measured by its hook at run time, so the product starts after it. Not entering the
    // loop needs !(0 < n), which contradicts n > 0: pruned. Entering it once and then
    // destroying i and s drops the loop's exit test, `s > 10` and `b == s`.
    assert_eq!(products, [(owned(&["0 < n", "a == n"]), 3)]);
}

#[test]
fn two_unrollings_add_a_path_with_one_exact_iteration() {
    let products = products_of(figure_2(), ("n > 0", 0), ("b == s", 0), 2);
    // Two iterations then the destruction; and one exact iteration (i = 1 at the exit, and
    // s + 0 is s: its value when execution reached `n > 0`).
    assert_eq!(
        products,
        [
            (owned(&["0 < n", "1 < n", "a == n"]), 3),
            (owned(&["0 < n", "1 >= n", "a == n", "s > 10", "b == s"]), 0),
        ]
    );
}

#[test]
fn zero_unrollings_destroy_the_loop_without_entering_it() {
    let products = products_of(figure_2(), ("n > 0", 0), ("b == s", 0), 0);
    assert_eq!(products, [(owned(&["a == n"]), 3)]);
}

#[test]
fn conditions_after_the_loop_are_exact_from_inside_it() {
    // From `a == n` on, nothing is destroyed: s is a local whose value at that point is known.
    let products = products_of(figure_2(), ("a == n", 0), ("b == s", 0), 1);
    assert_eq!(products, [(owned(&["s > 10", "b == s"]), 0)]);
}

#[test]
fn assignments_are_executed_symbolically_and_shadowing_is_respected() {
    let function: syn::ItemFn = syn::parse_quote! {
        fn g(x: i32, y: i32) -> i32 {
            let z = x * 2 + y;
            let x = x - 1;
            if z == 10 {
                if x > y {
                    return 1;
                }
            }
            0
        }
    };
    let products = products_of(function, ("z == 10", 0), ("x > y", 0), 1);
    assert_eq!(products, [(owned(&["x#1 > y"]), 0)]);
    let function: syn::ItemFn = syn::parse_quote! {
        fn h(x: i32) -> i32 {
            if x > 0 {
                let y = x + 5;
                let w = y * y;
                if w == 49 {
                    return 1;
                }
            }
            0
        }
    };
    let products = products_of(function, ("x > 0", 0), ("w == 49", 0), 1);
    assert_eq!(products, [(owned(&["((x + 5) * (x + 5)) == 49"]), 0)]);
}

#[test]
fn contradictory_and_constant_products_are_pruned() {
    let function: syn::ItemFn = syn::parse_quote! {
        fn p(n: i32) -> i32 {
            if n <= 0 {
                if n > 3 {
                    return 1;
                }
            }
            0
        }
    };
    assert_eq!(
        products_of(function, ("n <= 0", 0), ("n > 3", 0), 1),
        Vec::<(Vec<String>, u32)>::new()
    );
}

#[test]
fn values_symtest_cannot_follow_count_as_dropped() {
    let function: syn::ItemFn = syn::parse_quote! {
        fn q(v: Vec<i32>, x: i32) -> i32 {
            if x > 1 {
                let len = v.len() as i32;
                if len == x {
                    return 1;
                }
            }
            0
        }
    };
    assert_eq!(
        products_of(function, ("x > 1", 0), ("len == x", 0), 1),
        [(Vec::<String>::new(), 1)]
    );
}

#[test]
fn booleans_computed_from_comparisons_are_tested_as_those_comparisons() {
    let function: syn::ItemFn = syn::parse_quote! {
        fn r(a: i32, b: i32) -> i32 {
            if a > 0 {
                let close = a - b < 3;
                let both = close && b > 1;
                if !close {
                    return 1;
                }
                if both {
                    return 2;
                }
            }
            0
        }
    };
    assert_eq!(
        products_of(function.clone(), ("a > 0", 0), ("close", 1), 1),
        [(owned(&["(a - b) >= 3"]), 0)]
    );
    // `close && b > 1` is itself two decisions on the way; `both` is then tested as the
    // whole expression. The path through `close` false contradicts `!close` being false, but
    // only constants against locals are checked for contradictions, so it stays.
    assert_eq!(
        products_of(function, ("a > 0", 0), ("both", 0), 1),
        [
            (
                owned(&[
                    "(a - b) < 3",
                    "b > 1",
                    "(a - b) < 3",
                    "((a - b) < 3 && b > 1)"
                ]),
                0
            ),
            (
                owned(&[
                    "(a - b) < 3",
                    "b <= 1",
                    "(a - b) < 3",
                    "((a - b) < 3 && b > 1)"
                ]),
                0
            ),
            (
                owned(&["(a - b) >= 3", "(a - b) < 3", "((a - b) < 3 && b > 1)"]),
                0
            ),
        ]
    );
}

/// `if a > 0 { (ix, j) = (ix - j, ix + j - j + ix)… ; if ix == 7 {…} }` with the pair of
/// reassignments repeated `times`: each round doubles the size of `ix` as a tree.
fn doubling(times: usize) -> syn::ItemFn {
    let rounds = std::iter::repeat_n(quote::quote!(ix = ix - j; j = ix + j;), times);
    syn::parse_quote! {
        fn f(a: i64, b: i64) -> i64 {
            let mut ix = a;
            let mut j = b;
            if a > 0 {
                #(#rounds)*
                if ix == 7 {
                    return 1;
                }
            }
            0
        }
    }
}

#[test]
fn reassigned_locals_are_followed_while_their_values_stay_small() {
    let products = products_of(doubling(2), ("a > 0", 0), ("ix == 7", 0), 1);
    // In terms of the locals when `a > 0` ran; each value refers to the previous one.
    assert_eq!(
        products,
        [(owned(&["((ix - j) - ((ix - j) + j)) == 7"]), 0)]
    );
}

#[test]
fn values_past_the_size_cap_are_dropped_and_counted_instead_of_growing_without_bound() {
    // 2^60 nodes as a tree: without sharing and the cap this would never finish.
    let products = products_of(doubling(60), ("a > 0", 0), ("ix == 7", 0), 1);
    assert_eq!(products, [(Vec::new(), 1)]);
}

#[test]
fn path_walks_stop_at_their_step_budget_and_keep_what_they_found() {
    // 12 decisions between `a > 0` and the target, none excluding another: 4,096 paths.
    let ifs = (2..14).map(|i| quote::quote!(if b % #i == 1 { s += 1; }));
    let mut function: syn::ItemFn = syn::parse_quote! {
        fn f(a: i64, b: i64) -> i64 {
            let mut s = 0;
            if a > 0 {
                #(#ifs)*
                if s == 5 {
                    return 1;
                }
            }
            0
        }
    };
    let mut lowering = Lowering::new(quote::format_ident!("META"));
    lowering.parameters(&function.sig.inputs);
    lowering.body(&mut function.block);
    let id = |text: &str| lowering.decisions.iter().position(|d| d.text == text);
    let (from, target) = ((id("a > 0").unwrap(), 0), (id("s == 5").unwrap(), 0));
    let analysis = Analysis::new(&lowering.graph, &lowering.program, 1);
    let cut = analysis.products(from, target, 100);
    assert_eq!(cut.steps, 100);
    assert!(!cut.products.is_empty() && cut.products.len() < MAX_PRODUCTS);
    let full = analysis.products(from, target, usize::MAX);
    assert!(full.steps > 100);
    assert_eq!(full.products.len(), MAX_PRODUCTS);
}
