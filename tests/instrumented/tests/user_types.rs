//! Structs and enums marked `#[symtest]` as parameter types: their values are generated from
//! genes, every variant is reached, and they render as the Rust expressions that build them.

use rand::SeedableRng;
use symtest_runtime::genes::random::{Rng, random_value};
use symtest_runtime::genes::{Input, Shape, Value};
use symtest_runtime::record::literal::Literal;

#[symtest_runtime::symtest]
#[derive(Clone, Debug, PartialEq)]
enum Command {
    Move { dx: i8, dy: i8 },
    Say(String, Option<u8>),
    Quit,
}

#[symtest_runtime::symtest]
#[derive(Clone, Debug, PartialEq)]
struct Turn {
    player: u8,
    command: Command,
    #[allow(dead_code)]
    r#type: (bool, [u8; 2]),
}

#[symtest_runtime::symtest]
#[derive(Clone, Copy, Debug, PartialEq)]
struct Unit;

#[test]
fn an_enum_is_a_tag_and_every_variant_s_fields() {
    let Shape::Tuple(items) = Command::shape() else {
        panic!("an enum's shape is a tuple");
    };
    assert_eq!(items.len(), 4);
    assert_eq!(items[0], Shape::Tag(3));
    assert_eq!(items[3], Shape::Tuple(Vec::new()), "Quit has no fields");
    assert_eq!(Unit::shape(), Shape::Tuple(Vec::new()));
}

#[test]
fn random_values_reach_every_variant() {
    let shape = Command::shape();
    let mut rng = Rng::seed_from_u64(3);
    let mut seen = [false; 3];
    for _ in 0..200 {
        let index = match Command::decode(&random_value(&shape, &mut rng)) {
            Command::Move { .. } => 0,
            Command::Say(..) => 1,
            Command::Quit => 2,
        };
        seen[index] = true;
    }
    assert_eq!(seen, [true; 3]);
}

#[test]
fn values_decode_from_genes_and_render_as_the_expressions_that_build_them() {
    let say = Value::List(vec![
        Value::Int(1),
        Value::List(vec![Value::Int(0), Value::Int(0)]),
        Value::List(vec![
            Value::List(vec![Value::Int(104), Value::Int(105)]),
            Value::List(vec![Value::Int(1), Value::Int(4)]),
        ]),
        Value::List(Vec::new()),
    ]);
    let turn = Value::List(vec![
        Value::Int(9),
        say,
        Value::List(vec![
            Value::Int(1),
            Value::List(vec![Value::Int(0), Value::Int(255)]),
        ]),
    ]);
    let decoded = Turn::decode(&turn);
    assert_eq!(
        decoded,
        Turn {
            player: 9,
            command: Command::Say(String::from("hi"), Some(4)),
            r#type: (true, [0, 255]),
        }
    );
    assert_eq!(
        decoded.literal(),
        "Turn { player: 9, command: Command::Say(String::from(\"hi\"), Some(4)), \
         r#type: (true, [0, u8::MAX]) }"
    );
    assert_eq!(
        Command::Move { dx: -3, dy: 0 }.literal(),
        "Command::Move { dx: -3, dy: 0 }"
    );
    assert_eq!(Command::Quit.literal(), "Command::Quit");
    assert_eq!(Unit.literal(), "Unit");
}

#[test]
fn a_tag_out_of_range_decodes_as_the_last_variant() {
    let value = Value::List(vec![Value::Int(77)]);
    assert_eq!(Command::decode(&value), Command::Quit);
}
