//! Tests of the expression representation that need the evaluator: structure queries,
//! sharing, and values.

use crate::genes::IntKind;
use crate::record::distance::K;
use crate::record::expr::*;
use crate::shadow::testing::*;

#[test]
fn structure_queries_see_variables_opaque_leaves_and_size() {
    let opaque = expr(Node::Opaque(Val::Int(4)), I32);
    let e = bin(
        Binary::Lt,
        bin(Binary::Add, var(2, I32), opaque),
        bin(Binary::Mul, var(0, I32), var(2, I32)),
    );
    assert_eq!(e.vars(), [0, 2]);
    assert!(e.symbolic());
    assert!(!e.complete());
    assert_eq!(e.size(), 7);
    assert_eq!(e.var_occurrences(), 3);
    let constant = bin(Binary::Add, int(1, I32), int(2, I32));
    assert!(constant.complete());
    assert!(!constant.symbolic());
    assert!(constant.vars().is_empty());
    assert_eq!(constant.size(), 3);
}

#[test]
fn shared_subexpressions_are_evaluated_and_counted_without_blowing_up() {
    // x doubled 200 times: 2^200 leaves written out, 201 distinct nodes.
    let mut e = var(0, Ty::Int(IntKind::U64));
    for _ in 0..200 {
        e = call(
            Method::WrappingAdd,
            vec![e.clone(), e],
            Ty::Int(IntKind::U64),
        );
    }
    assert_eq!(
        e.eval(&[Val::Int(3)]),
        Ok(Val::Int(0)),
        "3 · 2^200 wraps to 0"
    );
    assert_eq!(e.size(), usize::MAX);
    assert_eq!(e.vars(), [0]);
    assert_eq!(e.nodes().len(), 201);
    let predicate = bin(Binary::Eq, e, int(0, Ty::Int(IntKind::U64)));
    assert_eq!(predicate.distances(&[Val::Int(3)]), d(0.0, K));
}
