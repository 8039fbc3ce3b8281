//! Instantiating templates: literal typing, casts, loop counters, value checks, genes.

use super::*;
use crate::record::expr::{Binary, Method, Var};
use crate::record::templates::{CastTy, DecisionShadow, Def, STok};

const U8: Ty = Ty::Int(IntKind::U8);
const U32: Ty = Ty::Int(IntKind::U32);

fn local(value: Val, ty: Ty) -> Probe {
    Some((value, ty))
}

#[test]
fn literals_take_the_type_of_what_they_meet() {
    let x = expr(Node::Var(0), U8);
    let slots = [Some(x)];
    let tokens = [STok::Slot(0), STok::Int(200), STok::Binary(Binary::Add)];
    let sum = build(&tokens, &slots, Counters::default()).expect("u8 + literal builds");
    assert_eq!(sum.ty, U8);
    assert_eq!(sum.eval(&[Val::Int(55)]), Ok(Val::Int(255)));
    assert!(
        sum.eval(&[Val::Int(56)]).is_err(),
        "u8 overflow panics, as in debug"
    );
    // A literal that does not fit the other side's type is a type error, not a wrap.
    let tokens = [STok::Slot(0), STok::Int(300), STok::Binary(Binary::Add)];
    assert_eq!(build(&tokens, &slots, Counters::default()), None);
}

#[test]
fn casts_and_methods_type_check_like_rust() {
    let c = expr(Node::Var(0), Ty::Char);
    let slots = [Some(c)];
    let digit = [
        STok::Slot(0),
        STok::Int(10),
        STok::Call(Method::ToDigit, 2),
        STok::Int(7),
        STok::Binary(Binary::Eq),
    ];
    let built = build(&digit, &slots, Counters::default()).expect("builds");
    assert_eq!(built.eval(&[Val::Char('7')]), Ok(Val::Bool(true)));
    let wide = [STok::Slot(0), STok::Cast(CastTy::Int(IntKind::U32))];
    assert_eq!(
        build(&wide, &slots, Counters::default()).map(|e| e.ty),
        Some(U32)
    );
    // `char as char` and `'a' + 1` are not Rust.
    assert_eq!(
        build(
            &[STok::Slot(0), STok::Cast(CastTy::Char)],
            &slots,
            Counters::default()
        ),
        None
    );
    let add = [STok::Slot(0), STok::Int(1), STok::Binary(Binary::Add)];
    assert_eq!(build(&add, &slots, Counters::default()), None);
    assert_eq!(build(&[STok::Unknown], &slots, Counters::default()), None);
}

#[test]
fn literals_are_rounded_folded_and_fall_back_like_rust() {
    let f = expr(Node::Var(0), Ty::Float(FloatKind::F32));
    let slots = [Some(f)];
    let equal = [STok::Slot(0), STok::Float(0.1), STok::Binary(Binary::Eq)];
    let built = build(&equal, &slots, Counters::default()).expect("builds");
    let tenth = Val::Float(f64::from(0.1f32));
    assert_eq!(
        built.eval(std::slice::from_ref(&tenth)),
        Ok(Val::Bool(true))
    );
    let b = expr(Node::Var(0), Ty::Int(IntKind::I8));
    let slots = [Some(b)];
    let min = [
        STok::Slot(0),
        STok::Int(128),
        STok::Unary(Unary::Neg),
        STok::Binary(Binary::Eq),
    ];
    let built = build(&min, &slots, Counters::default()).expect("-128 fits an i8");
    assert_eq!(built.eval(&[Val::Int(-128)]), Ok(Val::Bool(true)));
    // `(1 << 40) > 100` with nothing else typed is an i32 shift: it overflows.
    let shift = [
        STok::Int(1),
        STok::Int(40),
        STok::Binary(Binary::Shl),
        STok::Int(100),
        STok::Binary(Binary::Gt),
    ];
    let built = build(&shift, &[], Counters::default()).expect("builds");
    assert!(built.eval(&[]).is_err(), "{built:?}");
}

static LOOP: ShadowMeta = ShadowMeta {
    params: &[(0, 0)],
    locals: 2,
    fields: &[],
    param_fields: &[],
    changes_self: false,
    defs: &[
        // `let twice = s.len() * 2;`
        Def {
            local: 1,
            value: &[
                STok::Slot(0),
                STok::Call(Method::Len, 1),
                STok::Int(2),
                STok::Binary(Binary::Mul),
            ],
            at: None,
            slots: &[0],
        },
        // `for c in s.chars()`: the item.
        Def {
            local: 1,
            value: &[STok::Slot(0), STok::Item, STok::Call(Method::CharAt, 2)],
            at: Some(0),
            slots: &[],
        },
    ],
    decisions: &[DecisionShadow {
        outcomes: &[&[
            STok::Taken,
            STok::Slot(0),
            STok::Call(Method::CharCount, 1),
            STok::Binary(Binary::Lt),
        ]],
        slots: &[0],
        for_loop: true,
    }],
    constants: &[],
};

fn inputs(vars: &[Var], env: Vec<Val>) -> Inputs {
    Inputs {
        vars: vars.to_vec(),
        env,
        paths: (0..vars.len()).map(|index| vec![index]).collect(),
    }
}

fn string(text: &str) -> Val {
    Val::Str(text.into())
}

#[test]
fn loops_count_their_items_and_items_are_chars_of_the_input() {
    let vars = [Var {
        ty: Ty::Str,
        max_len: 8,
    }];
    let mut run = Concolic::new(&LOOP, inputs(&vars, vec![string("ab")]));
    let s = local(string("ab"), Ty::Str);
    run.shadow_at(0, std::slice::from_ref(&s));
    for (index, c) in ['a', 'b'].into_iter().enumerate() {
        run.record(0, 0, 2);
        run.def(1, None, local(Val::Char(c), Ty::Char));
        let item = run.frame.locals[1].clone().expect("the item has a shadow");
        assert!(item.symbolic(), "item {index} is a char of the input");
    }
    run.record(0, 1, 2);
    assert_eq!(run.path.len(), 3);
    assert!(run.path.iter().all(|entry| entry.consistent));
    // Negating the end of the loop asks for a third char.
    let more = run.path[2].outcomes[0].clone().expect("known");
    assert_eq!(more.eval(&[string("abc")]), Ok(Val::Bool(true)));
    assert_eq!(more.eval(&[string("ab")]), Ok(Val::Bool(false)));
}

#[test]
fn a_shadow_that_disagrees_with_the_concrete_value_becomes_opaque() {
    let vars = [Var {
        ty: Ty::Str,
        max_len: 8,
    }];
    let mut run = Concolic::new(&LOOP, inputs(&vars, vec![string("abc")]));
    let s = local(string("abc"), Ty::Str);
    let pre = run.def_pre(0, std::slice::from_ref(&s));
    // The code computed 7 where the template says 6: something symtest did not see.
    run.def(0, pre, local(Val::Int(7), Ty::Int(IntKind::Usize)));
    let twice = run.frame.locals[1].clone().expect("kept as a value");
    assert!(!twice.complete(), "{twice:?}");
    assert_eq!(twice.eval(&[string("")]), Ok(Val::Int(7)));
    let pre = run.def_pre(0, std::slice::from_ref(&s));
    run.def(0, pre, local(Val::Int(6), Ty::Int(IntKind::Usize)));
    assert!(run.frame.locals[1].clone().expect("shadowed").complete());
}

#[test]
fn genes_and_values_convert_both_ways() {
    let shape = Shape::Tuple(vec![
        Shape::Int(IntKind::I16),
        Shape::Str { max_len: 4 },
        Shape::Seq {
            item: Box::new(Shape::Int(IntKind::U8)),
            max_len: 4,
        },
        Shape::Option(Box::new(Shape::Bool)),
    ]);
    let zero = shape.zero();
    let vars = Inputs::of_params(&shape, &zero);
    assert!(vars.vars[..3].iter().all(Var::modelled));
    assert!(!vars.vars[3].modelled(), "options are not input variables");
    let vals = vec![
        Val::Int(-3),
        string("hé"),
        Val::Seq(vec![1, 255].into()),
        Val::Bool(false),
    ];
    let value = encode(&shape, &zero, &vars.paths, &vals);
    assert_eq!(Inputs::of_params(&shape, &value).env[..3], vals[..3]);
    assert_eq!(value.item(3), shape.zero().item(3), "left as it was");
}

/// `match c.to_digit(10) { Some(d) => …, None if guard => …, None => … }` as shadows see it:
/// the first arm's condition is modelled, the other two are not.
static MATCH: ShadowMeta = ShadowMeta {
    params: &[(0, 0)],
    locals: 1,
    fields: &[],
    param_fields: &[],
    changes_self: false,
    defs: &[],
    decisions: &[DecisionShadow {
        outcomes: &[
            &[STok::Slot(0), STok::Call(Method::IsAsciiDigit, 1)],
            &[],
            &[],
        ],
        slots: &[0],
        for_loop: false,
    }],
    constants: &[],
};

#[test]
fn an_arm_taken_whose_condition_is_unknown_agrees_where_the_known_arms_do_not_hold() {
    let vars = [Var {
        ty: Ty::Char,
        max_len: 0,
    }];
    let run_on = |c: char, taken: usize| {
        let mut run = Concolic::new(&MATCH, inputs(&vars, vec![Val::Char(c)]));
        run.shadow_at(0, &[local(Val::Char(c), Ty::Char)]);
        run.record(0, taken, 3);
        run.into_path()
    };
    // Not a digit, the last arm taken: the entry agrees, and the first arm's condition is
    // there to negate towards (`shadow::dse` does).
    let path = run_on('x', 2);
    assert!(path[0].consistent);
    assert_eq!(
        path[0].taken_constraint(),
        None,
        "the taken arm stays unknown"
    );
    let digit = path[0].outcomes[0]
        .clone()
        .expect("the first arm is modelled");
    assert_eq!(digit.eval(&[Val::Char('7')]), Ok(Val::Bool(true)));
    // A digit, yet another arm taken: the shadows missed something.
    assert!(!run_on('7', 2)[0].consistent);
}

#[test]
fn closures_are_typed_by_the_sequence_they_are_applied_to() {
    let code = || Some(expr(Node::Var(0), Ty::Str));
    // `code.chars().filter(|c| *c != '-').collect::<Vec<char>>().len()`
    let len = [
        STok::Slot(0),
        STok::Call(Method::Chars, 1),
        STok::Lambda,
        STok::Arg,
        STok::Char('-'),
        STok::Binary(Binary::Ne),
        STok::Call(Method::Filter, 2),
        STok::Call(Method::Len, 1),
    ];
    let built = build(&len, &[code()], Counters::default()).expect("builds");
    assert_eq!(built.ty, Ty::Int(IntKind::Usize));
    assert_eq!(
        built.eval(&[Val::Str("0-306-40615-2".into())]),
        Ok(Val::Int(10))
    );
    // `text.bytes().map(|b| b - 48).sum::<u8>()`: the closure's item is a `u8`, and its
    // literal takes that type.
    let sum = [
        STok::Slot(0),
        STok::Call(Method::Bytes, 1),
        STok::Lambda,
        STok::Arg,
        STok::Int(48),
        STok::Binary(Binary::Sub),
        STok::Call(Method::Map, 2),
        STok::Call(Method::Sum, 1),
    ];
    let built = build(&sum, &[code()], Counters::default()).expect("builds");
    assert_eq!(built.ty, U8);
    assert_eq!(built.eval(&[Val::Str("123".into())]), Ok(Val::Int(6)));
    // An item outside a closure, a closure never closed, a closure over a string (not a
    // sequence) and a filter whose closure is no predicate do not build.
    let cases: [&[STok]; 4] = [
        &[STok::Arg],
        &[STok::Slot(0), STok::Call(Method::Chars, 1), STok::Lambda],
        &[
            STok::Slot(0),
            STok::Lambda,
            STok::Arg,
            STok::Call(Method::Any, 2),
        ],
        &[
            STok::Slot(0),
            STok::Call(Method::Chars, 1),
            STok::Lambda,
            STok::Arg,
            STok::Call(Method::Filter, 2),
        ],
    ];
    for tokens in cases {
        assert_eq!(
            build(tokens, &[code()], Counters::default()),
            None,
            "{tokens:?}"
        );
    }
}

/// `(a, b).cmp(&(c, d))` evaluates to Rust's `Ordering`, and each comparison of it with an
/// ordering (`== Ordering::Less`, `!= Ordering::Equal`, the ordering on either side) is
/// rewritten into comparisons of the pairs that hold exactly where Rust's does.
#[test]
fn orderings_of_tuples_are_rusts_and_their_tests_are_comparisons_of_the_pairs() {
    let slots = [
        Some(expr(Node::Var(0), U8)),
        Some(expr(Node::Var(1), U8)),
        Some(expr(Node::Var(2), U8)),
        Some(expr(Node::Var(3), U8)),
    ];
    let compared = [
        STok::Slot(0),
        STok::Slot(2),
        STok::Slot(1),
        STok::Slot(3),
        STok::Call(Method::Cmp, 4),
    ];
    let cmp = build(&compared, &slots, Counters::default()).expect("a pair of u8 pairs");
    assert_eq!(cmp.ty, Ty::Int(IntKind::I8));
    let quadruples = (0..81u8).map(|n| (n % 3, n / 3 % 3, n / 9 % 3, n / 27));
    for (a, b, c, d) in quadruples {
        let env: Vec<Val> = [a, b, c, d].iter().map(|&v| Val::Int(v.into())).collect();
        let rust = (a, b).cmp(&(c, d));
        assert_eq!(
            cmp.eval(&env),
            Ok(Val::Int(rust as i128)),
            "{a} {b} {c} {d}"
        );
        for (value, ordering) in [
            (-1, std::cmp::Ordering::Less),
            (0, std::cmp::Ordering::Equal),
            (1, std::cmp::Ordering::Greater),
        ] {
            for (op, holds) in [
                (Binary::Eq, rust == ordering),
                (Binary::Ne, rust != ordering),
            ] {
                let mut tokens = compared.to_vec();
                tokens.extend([STok::Int(value), STok::Binary(op)]);
                let test = build(&tokens, &slots, Counters::default()).expect("builds");
                assert!(
                    !format!("{test:?}").contains("Cmp"),
                    "rewritten into comparisons of the pairs: {test:?}"
                );
                assert_eq!(
                    test.eval(&env),
                    Ok(Val::Bool(holds)),
                    "{a} {b} {c} {d} {op:?} {value}"
                );
                // The ordering on the left.
                let mut flipped = vec![STok::Int(value)];
                flipped.extend(compared);
                flipped.push(STok::Binary(op));
                let test = build(&flipped, &slots, Counters::default()).expect("builds");
                assert_eq!(test.eval(&env), Ok(Val::Bool(holds)));
            }
        }
    }
    // Floats have no `cmp`; an odd count of operands is no pair.
    let float = [Some(expr(Node::Var(0), Ty::Float(FloatKind::F64)))];
    let tokens = [STok::Slot(0), STok::Slot(0), STok::Call(Method::Cmp, 2)];
    assert_eq!(build(&tokens, &float, Counters::default()), None);
    let odd = [
        STok::Slot(0),
        STok::Slot(1),
        STok::Slot(2),
        STok::Call(Method::Cmp, 3),
    ];
    assert_eq!(build(&odd, &slots, Counters::default()), None);
}
