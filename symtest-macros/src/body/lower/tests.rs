use super::*;
use crate::body::flow::Outcome;
use quote::format_ident;

/// Lowers `function` and returns, per decision, its text and the `(decision, outcome)` pairs it
/// is directly control dependent on.
fn control(function: syn::ItemFn) -> Vec<(String, Vec<(usize, usize)>)> {
    let mut function = function;
    let mut lowering = Lowering::new(format_ident!("META"));
    lowering.body(&mut function.block);
    let deps = lowering.graph.control_dependence(lowering.decisions.len());
    lowering
        .decisions
        .iter()
        .zip(deps)
        .map(|(decision, deps)| {
            let deps = deps
                .into_iter()
                .map(|Outcome { decision, outcome }| (decision, outcome))
                .collect();
            (decision.text.clone(), deps)
        })
        .collect()
}

fn texts(decisions: &[(String, Vec<(usize, usize)>)]) -> Vec<&str> {
    decisions.iter().map(|(text, _)| text.as_str()).collect()
}

#[test]
fn nested_ifs_depend_on_the_enclosing_outcome() {
    let decisions = control(syn::parse_quote! {
        fn f(a: i32, b: i32) -> i32 {
            if a > 0 {
                if b > 0 { return 1; }
            } else if b < 0 {
                return 2;
            }
            3
        }
    });
    assert_eq!(texts(&decisions), ["a > 0", "b > 0", "b < 0"]);
    assert_eq!(decisions[0].1, []);
    assert_eq!(decisions[1].1, [(0, 0)]);
    assert_eq!(decisions[2].1, [(0, 1)]);
}

#[test]
fn early_return_makes_later_decisions_control_dependent() {
    let decisions = control(syn::parse_quote! {
        fn f(a: i32, b: i32) -> i32 {
            if a == 0 { return 0; }
            if b == 0 { 1 } else { 2 }
        }
    });
    assert_eq!(decisions[1].1, [(0, 1)]);
}

#[test]
fn panic_and_question_mark_are_early_exits_too() {
    let decisions = control(syn::parse_quote! {
        fn f(a: Option<i32>, b: i32) -> Option<i32> {
            if b < 0 { panic!("negative"); }
            let x = a?;
            if x > b { Some(1) } else { None }
        }
    });
    assert_eq!(texts(&decisions), ["b < 0", "a?", "x > b"]);
    assert_eq!(decisions[1].1, [(0, 1)]);
    assert_eq!(decisions[2].1, [(1, 0)]);
}

#[test]
fn decisions_are_named_as_written_when_their_operands_hold_decisions() {
    let decisions = control(syn::parse_quote! {
        fn f(a: Option<u32>, b: &[u8], c: i32) -> Option<u32> {
            if a? == u32::from(b[0]) { return None; }
            if (0..a?).contains(&1) { return None; }
            if check(a?) { return None; }
            match b.get(a? as usize)? { 0 => Some(1), _ => Some(2) }
        }
    });
    assert_eq!(
        texts(&decisions),
        [
            "a?",
            "a? == u32::from(b[0])",
            "a?",
            "(0..a?).contains(&1)",
            "a?",
            "check(a?)",
            "a?",
            "b.get(a? as usize)?",
            "match b.get(a? as usize)?",
        ]
    );
}

#[test]
fn short_circuit_operands_depend_on_the_operands_before_them() {
    let decisions = control(syn::parse_quote! {
        fn f(a: i32, b: i32, c: i32) -> bool {
            if a > 0 && (b > 0 || c > 0) { return true; }
            false
        }
    });
    assert_eq!(texts(&decisions), ["a > 0", "b > 0", "c > 0"]);
    assert_eq!(decisions[1].1, [(0, 0)]);
    assert_eq!(decisions[2].1, [(1, 1)]);
}

#[test]
fn break_and_continue_shape_dependence_inside_loops() {
    let decisions = control(syn::parse_quote! {
        fn f(n: u32) -> u32 {
            let mut i = 0;
            let mut s = 0;
            while i < n {
                i += 1;
                if i % 3 == 0 { continue; }
                if s > 100 { break; }
                s += i;
            }
            s
        }
    });
    assert_eq!(texts(&decisions), ["i < n", "i % 3 == 0", "s > 100"]);
    // The head runs again after `continue` or after the body runs through; `break` leaves.
    assert_eq!(decisions[0].1, [(1, 0), (2, 1)]);
    assert_eq!(decisions[1].1, [(0, 0)]);
    assert_eq!(decisions[2].1, [(1, 1)]);
}

#[test]
fn match_arms_and_guards_are_decisions() {
    let mut function: syn::ItemFn = syn::parse_quote! {
        fn f(x: i32) -> i32 {
            match x {
                0 => 1,
                1 | 2 => 2,
                n if n > 10 => 3,
                _ => 4,
            }
        }
    };
    let mut lowering = Lowering::new(format_ident!("META"));
    lowering.body(&mut function.block);
    let decisions: Vec<(Kind, &str, Vec<&str>)> = lowering
        .decisions
        .iter()
        .map(|d| {
            (
                d.kind,
                d.text.as_str(),
                d.outcomes.iter().map(String::as_str).collect(),
            )
        })
        .collect();
    assert_eq!(
        decisions,
        [
            (
                Kind::Match,
                "match x",
                vec!["0", "1 | 2", "n if n > 10", "_"]
            ),
            (Kind::Guard, "n > 10", vec!["true", "false"]),
        ]
    );
    let deps = lowering.graph.control_dependence(2);
    assert_eq!(
        deps[1],
        [Outcome {
            decision: 0,
            outcome: 2
        }]
        .into()
    );
}

#[test]
fn loops_record_their_head_and_inner_decisions() {
    let mut function: syn::ItemFn = syn::parse_quote! {
        fn f(v: &[i32]) -> i32 {
            let mut total = 0;
            for x in v {
                if *x < 0 { break; }
                loop {
                    if total > 5 { break; }
                    total += 1;
                }
            }
            total
        }
    };
    let mut lowering = Lowering::new(format_ident!("META"));
    lowering.body(&mut function.block);
    let loops: Vec<(Option<usize>, Vec<usize>)> = lowering
        .loops
        .iter()
        .map(|l| (l.head, l.decisions.clone()))
        .collect();
    assert_eq!(loops, [(Some(0), vec![0, 1, 2]), (None, vec![2])]);
}

#[test]
fn display_text_reads_like_source() {
    let expr: Expr = syn::parse_quote!(s.len() > 3 && !v[0].is_empty());
    assert_eq!(display(&expr), "s.len() > 3 && !v[0].is_empty()");
    let expr: Expr = syn::parse_quote!(a - b < -1 || f(&x, *y) as u8 == b'a');
    assert_eq!(display(&expr), "a - b < -1 || f(&x, *y) as u8 == b'a'");
    let pat: Pat = syn::parse_quote!(Some(Shape::Circle { r }) | None);
    assert_eq!(display(&pat), "Some(Shape::Circle { r }) | None");
    let pat: Pat = syn::parse_quote!(Token::Name { len: 0, .. } | (_, ..));
    assert_eq!(display(&pat), "Token::Name { len: 0, .. } | (_, ..)");
    let expr: Expr = syn::parse_quote!(std::mem::size_of::<u8>() > v.len()?);
    assert_eq!(display(&expr), "std::mem::size_of::<u8>() > v.len()?");
    let expr: Expr = syn::parse_quote!((1..=9999).contains(&year) && v[..n].is_empty());
    assert_eq!(
        display(&expr),
        "(1..=9999).contains(&year) && v[..n].is_empty()"
    );
}

#[test]
fn scopes_stay_balanced_across_loops_so_later_locals_resolve() {
    let mut function: syn::ItemFn = syn::parse_quote! {
        fn f(a: i32, b: i32) -> i32 {
            let mut i = 0;
            while i < 3 { i += 1; }
            while let Some(_) = None::<i32> {}
            if a > 5 {
                if b > a { return 1; }
            }
            0
        }
    };
    let mut lowering = Lowering::new(format_ident!("META"));
    lowering.parameters(&function.sig.inputs);
    lowering.body(&mut function.block);
    let decision = lowering
        .decisions
        .iter()
        .find(|d| d.text == "a > 5")
        .map(|d| d.scope.clone());
    let names: Vec<String> = decision.unwrap_or_default().into_values().collect();
    assert_eq!(names, ["a", "b", "i"]);
}

#[test]
fn nested_fns_and_closures_are_decisions_of_the_function_with_their_own_control_flow() {
    // The shape of a published checksum: the `match` lives in a nested `fn`.
    let decisions = control(syn::parse_quote! {
        fn checksum(s: &str) -> Option<u32> {
            fn encode_char(c: char) -> Option<u32> {
                match c {
                    '0'..='9' => Some(c as u32 - 48),
                    'A'..='Z' => Some(c as u32 - 55),
                    _ => None,
                }
            }
            let weight = |i: usize| if i % 2 == 0 { 3 } else { 1 };
            let mut sum = 0;
            for (i, c) in s.chars().enumerate() {
                sum += encode_char(c)? * weight(i);
            }
            if sum > 0 { Some(sum % 10) } else { None }
        }
    });
    assert_eq!(
        texts(&decisions),
        [
            "match c",
            "i % 2 == 0",
            "(i, c)",
            "encode_char(c)?",
            "sum > 0"
        ]
    );
    // Inside a nested body, control dependence is that body's own: the closure's `if` and the
    // nested `match` depend on nothing, as the function's first decision does.
    assert_eq!(decisions[0].1, []);
    assert_eq!(decisions[1].1, []);
    assert_eq!(decisions[3].1, [(2, 0)]);
}

#[test]
fn const_and_async_nested_bodies_are_left_alone() {
    let decisions = control(syn::parse_quote! {
        fn f(a: i32) -> i32 {
            const fn half(x: i32) -> i32 { if x > 0 { x / 2 } else { 0 } }
            let later = async move { if a > 1 { 1 } else { 0 } };
            drop(later);
            if a > half(4) { 1 } else { 0 }
        }
    });
    assert_eq!(texts(&decisions), ["a > half(4)"]);
}
