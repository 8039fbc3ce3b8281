use super::*;

/// The paths of `function`, each written as `text=outcome` words.
fn paths_of(function: syn::ItemFn) -> (Vec<String>, bool) {
    let mut function = function;
    let mut lowering = Lowering::new(quote::format_ident!("META"));
    lowering.parameters(&function.sig.inputs);
    lowering.body(&mut function.block);
    let routes = enumerate(&lowering);
    let paths = routes
        .paths
        .iter()
        .map(|path| {
            path.iter()
                .map(|&(d, o)| format!("{}={}", lowering.decisions[d].text, o))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    (paths, routes.capped)
}

#[test]
fn two_ifs_in_a_row_make_four_paths() {
    let (paths, capped) = paths_of(syn::parse_quote! {
        fn f(a: i32, b: i32) -> i32 {
            let mut n = 0;
            if a > 0 { n += 1; }
            if b > 0 { n += 2; }
            n
        }
    });
    assert!(!capped);
    assert_eq!(
        paths,
        [
            "a > 0=0 b > 0=0",
            "a > 0=0 b > 0=1",
            "a > 0=1 b > 0=0",
            "a > 0=1 b > 0=1"
        ]
    );
}

#[test]
fn loops_run_none_one_or_two_times_and_every_way_out_is_a_path() {
    let (paths, _) = paths_of(syn::parse_quote! {
        fn f(v: &[u8]) -> u32 {
            let mut n = 0;
            for x in v {
                if *x == 0 { return n; }
                n += 1;
            }
            n
        }
    });
    assert_eq!(
        paths,
        [
            "x=1",
            "x=0 *x == 0=0",
            "x=0 *x == 0=1 x=1",
            "x=0 *x == 0=1 x=0 *x == 0=0",
            "x=0 *x == 0=1 x=0 *x == 0=1 x=1",
        ]
    );
}

#[test]
fn an_inner_loop_counts_its_iterations_anew_in_every_outer_iteration() {
    let (paths, _) = paths_of(syn::parse_quote! {
        fn f(n: u32) {
            let mut i = 0;
            while i < n {
                let mut j = 0;
                loop {
                    j += 1;
                    if j > i { break; }
                }
                i += 1;
            }
        }
    });
    // Two outer iterations, the second with its inner loop twice: only possible when the
    // inner count starts again.
    assert!(paths.contains(&"i < n=0 j > i=0 i < n=0 j > i=1 j > i=0 i < n=1".to_string()));
    assert!(paths.iter().all(|p| !p.contains("j > i=1 j > i=1 j > i=1")));
}

#[test]
fn closures_are_not_part_of_the_paths_and_caps_are_reported() {
    let (paths, capped) = paths_of(syn::parse_quote! {
        fn f(v: Vec<i32>) -> usize {
            v.iter().filter(|x| if **x > 0 { true } else { false }).count()
        }
    });
    assert_eq!(paths, [""]);
    assert!(!capped);
    let (paths, capped) = paths_of(syn::parse_quote! {
        fn g(a: [bool; 8]) -> u32 {
            let mut n = 0;
            if a[0] { n += 1; } if a[1] { n += 1; } if a[2] { n += 1; } if a[3] { n += 1; }
            if a[4] { n += 1; } if a[5] { n += 1; } if a[6] { n += 1; } if a[7] { n += 1; }
            n
        }
    });
    assert_eq!(paths.len(), MAX_PATHS);
    assert!(capped, "2^8 paths");
}

#[test]
fn paths_whose_conditions_contradict_each_other_are_left_out() {
    let (paths, _) = paths_of(syn::parse_quote! {
        fn f(n: i32) -> i32 {
            let mut r = 0;
            if n > 5 { r = 1; }
            if n < 3 { r = 2; }
            r
        }
    });
    // Outcome 0 is true: `n > 5` then `n < 3` (both 0) takes no input.
    assert_eq!(
        paths,
        ["n > 5=0 n < 3=1", "n > 5=1 n < 3=0", "n > 5=1 n < 3=1"]
    );
}

#[test]
fn a_local_reassigned_between_conditions_is_followed_and_a_loop_forgets_it() {
    let (paths, _) = paths_of(syn::parse_quote! {
        fn f(n: i32) -> i32 {
            let mut m = n;
            if m > 5 { m = 0; }
            if m > 5 { return 1; }
            for _ in 0..3 { m += 1; }
            if m > 100 { 2 } else { 3 }
        }
    });
    // Outcome 0 is true. After `m > 5` holds m is 0, and after it fails m is still n, at
    // most 5: the second `m > 5` holds on no path.
    let listed = |path: &str| paths.iter().any(|p| p == path);
    assert!(
        !paths.iter().any(|p| p.starts_with("m > 5=0 m > 5=0")),
        "{paths:?}"
    );
    assert!(
        !paths.iter().any(|p| p.starts_with("m > 5=1 m > 5=0")),
        "{paths:?}"
    );
    // One iteration from m = 0 leaves m = 1, never above 100; the path listed with two
    // iterations stands for any number from two, so it forgets what the loop assigns.
    assert!(!listed("m > 5=0 m > 5=1 _=0 _=1 m > 100=0"), "{paths:?}");
    assert!(listed("m > 5=0 m > 5=1 _=0 _=1 m > 100=1"), "{paths:?}");
    assert!(listed("m > 5=0 m > 5=1 _=0 _=0 _=1 m > 100=0"), "{paths:?}");
}

#[test]
fn locals_changed_through_closures_or_borrows_rule_no_path_out() {
    let (paths, _) = paths_of(syn::parse_quote! {
        fn f(a: i32) -> i32 {
            let mut total = 0;
            let mut add = |x: i32| total += x;
            add(a);
            let mut count = 0;
            let r = &mut count;
            *r += 1;
            if total > 10 { return 1; }
            if count > 0 { return 2; }
            3
        }
    });
    // `total` is 0 and `count` is 0 as far as assignments tell, yet both conditions can hold.
    assert!(paths.contains(&"total > 10=0".to_string()), "{paths:?}");
    assert!(
        paths.contains(&"total > 10=1 count > 0=0".to_string()),
        "{paths:?}"
    );
}
