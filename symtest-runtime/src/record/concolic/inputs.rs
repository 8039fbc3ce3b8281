//! The input variables of a concolic execution: which genes of the input each one stands for
//! (its path through the [`Value`]), its type, and its value in the execution.
//!
//! A function's variables are its parameters, one each and in order. A call sequence's are the
//! arguments of its calls, registered as each call starts ([`Inputs::at`]): which calls a
//! sequence makes is a choice of the genes, not a variable.

use crate::genes::{
    FloatKind, IntKind, Shape, Value, char_of_gene, gene_at, gene_at_mut, gene_of_char, shape_at,
};
use crate::record::expr::{Env, Ty, Val, Var};

/// The variables of one execution, indexed like [`Node::Var`](crate::record::expr::Node).
#[derive(Clone, Debug, Default)]
pub struct Inputs {
    pub vars: Vec<Var>,
    /// Each variable's value in this execution.
    pub env: Vec<Val>,
    /// Where each variable's genes are: item indices from the input's root.
    pub paths: Vec<Vec<usize>>,
}

impl Inputs {
    /// One variable per parameter of a function of `shape`, in order; parameters of shapes
    /// shadows do not cover get a variable no expression mentions.
    pub fn of_params(shape: &Shape, value: &Value) -> Inputs {
        let params: &[Shape] = match shape {
            Shape::Tuple(params) => params,
            _ => &[],
        };
        let mut inputs = Inputs::default();
        for (index, param) in params.iter().enumerate() {
            inputs.push(param, value.item(index), vec![index]);
        }
        inputs
    }

    /// The variable for the genes at `path` of `value` (of `shape`), registered the first
    /// time; `None` when shadows do not model their type or the path leads nowhere.
    pub fn at(&mut self, shape: &Shape, value: &Value, path: &[usize]) -> Option<usize> {
        if let Some(known) = self.paths.iter().position(|known| known == path) {
            return self.vars[known].modelled().then_some(known);
        }
        let shape = shape_at(shape, path)?;
        let value = gene_at(value, path)?;
        let var = variable(shape);
        if !var.modelled() {
            return None;
        }
        self.push(shape, value, path.to_vec());
        Some(self.vars.len() - 1)
    }

    fn push(&mut self, shape: &Shape, value: &Value, path: Vec<usize>) {
        self.vars.push(variable(shape));
        self.env.push(decode(shape, value));
        self.paths.push(path);
    }
}

/// The variable genes of `shape` stand for; [`Ty::AnyInt`] when shadows do not model it.
fn variable(shape: &Shape) -> Var {
    let ty = match shape {
        Shape::Int(kind) => Some(Ty::Int(*kind)),
        Shape::Float(kind) => Some(Ty::Float(*kind)),
        Shape::Bool => Some(Ty::Bool),
        Shape::Char => Some(Ty::Char),
        Shape::Tag(count) => {
            return Var {
                ty: Ty::Int(IntKind::U32),
                max_len: *count as usize,
            };
        }
        Shape::Str { max_len } => {
            return Var {
                ty: Ty::Str,
                max_len: *max_len,
            };
        }
        Shape::Seq { item, max_len } => match **item {
            Shape::Int(kind) => {
                return Var {
                    ty: Ty::Seq(kind),
                    max_len: *max_len,
                };
            }
            _ => None,
        },
        _ => None,
    };
    Var {
        ty: ty.unwrap_or(Ty::AnyInt),
        max_len: 0,
    }
}

impl Var {
    /// Whether the parameter is an input variable shadows can mention.
    pub fn modelled(&self) -> bool {
        self.ty != Ty::AnyInt
    }
}

fn decode(shape: &Shape, value: &Value) -> Val {
    match shape {
        Shape::Int(kind) => Val::Int(int_of_gene(*kind, value.as_int())),
        Shape::Float(FloatKind::F32) => Val::Float(f64::from(value.as_float() as f32)),
        Shape::Float(FloatKind::F64) => Val::Float(value.as_float()),
        Shape::Bool => Val::Bool(value.as_int() != 0),
        Shape::Char => Val::Char(char_of_gene(value.as_int())),
        Shape::Tag(count) => {
            Val::Int(value.as_int().min(u128::from(*count).saturating_sub(1)) as i128)
        }
        Shape::Str { .. } => {
            let text: String = value
                .items()
                .iter()
                .map(|gene| char_of_gene(gene.as_int()))
                .collect();
            Val::Str(text.into())
        }
        Shape::Seq { item, .. } => match **item {
            Shape::Int(kind) => Val::Seq(
                value
                    .items()
                    .iter()
                    .map(|gene| int_of_gene(kind, gene.as_int()))
                    .collect::<Vec<_>>()
                    .into(),
            ),
            _ => Val::Bool(false),
        },
        _ => Val::Bool(false),
    }
}

fn int_of_gene(kind: IntKind, gene: u128) -> i128 {
    if kind.signed() {
        kind.signed_value(gene)
    } else {
        kind.unsigned_value(gene) as i128
    }
}

fn gene_of_int(kind: IntKind, value: i128) -> u128 {
    if kind.signed() {
        kind.offset_of_signed(value)
    } else {
        (value as u128).min(kind.max_offset())
    }
}

/// `value` with the genes of each variable replaced by its value in `vals` (a solver's
/// solution); genes a value does not fit stay as they were.
pub fn encode(shape: &Shape, value: &Value, paths: &[Vec<usize>], vals: &Env) -> Value {
    let mut encoded = value.clone();
    for (path, val) in paths.iter().zip(vals) {
        let (Some(shape), Some(genes)) = (shape_at(shape, path), gene_at_mut(&mut encoded, path))
        else {
            continue;
        };
        if let Some(new) = encode_one(shape, val) {
            *genes = new;
        }
    }
    encoded
}

fn encode_one(shape: &Shape, val: &Val) -> Option<Value> {
    Some(match (shape, val) {
        (Shape::Int(kind), Val::Int(v)) => Value::Int(gene_of_int(*kind, *v)),
        (Shape::Float(_), Val::Float(v)) => Value::Float(*v),
        (Shape::Bool, Val::Bool(v)) => Value::Int(u128::from(*v)),
        (Shape::Tag(count), Val::Int(v)) if (0..i128::from(*count)).contains(v) => {
            Value::Int(*v as u128)
        }
        (Shape::Char, Val::Char(c)) => Value::Int(gene_of_char(*c)),
        (Shape::Str { .. }, Val::Str(text)) => {
            Value::List(text.chars().map(|c| Value::Int(gene_of_char(c))).collect())
        }
        (Shape::Seq { item, .. }, Val::Seq(items)) => match **item {
            Shape::Int(kind) => Value::List(
                items
                    .iter()
                    .map(|&v| Value::Int(gene_of_int(kind, v)))
                    .collect(),
            ),
            _ => return None,
        },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sequence_shape() -> Shape {
        let call = Shape::Tuple(vec![
            Shape::Tag(2),
            Shape::Tuple(vec![Shape::Int(IntKind::U8)]),
            Shape::Tuple(vec![Shape::Str { max_len: 4 }, Shape::Bool]),
        ]);
        Shape::Tuple(vec![
            Shape::Tuple(vec![
                Shape::Tag(1),
                Shape::Tuple(vec![Shape::Int(IntKind::I32)]),
            ]),
            Shape::Seq {
                item: Box::new(call),
                max_len: 10,
            },
        ])
    }

    fn call(tag: u128, byte: u128) -> Value {
        Value::List(vec![
            Value::Int(tag),
            Value::List(vec![Value::Int(byte)]),
            Value::List(vec![Value::List(vec![Value::Int(97)]), Value::Int(1)]),
        ])
    }

    #[test]
    fn the_arguments_of_calls_become_variables_as_they_are_asked_for() {
        let shape = sequence_shape();
        let value = Value::List(vec![
            Value::List(vec![Value::Int(0), Value::List(vec![Value::Int(5)])]),
            Value::List(vec![call(0, 7), call(1, 9)]),
        ]);
        let mut inputs = Inputs::default();
        let second = inputs.at(&shape, &value, &[1, 1, 1, 0]);
        assert_eq!(second, Some(0));
        assert_eq!(inputs.env[0], Val::Int(9));
        assert_eq!(inputs.vars[0].ty, Ty::Int(IntKind::U8));
        assert_eq!(inputs.at(&shape, &value, &[1, 1, 1, 0]), Some(0), "once");
        assert_eq!(inputs.at(&shape, &value, &[1, 0, 2, 0]), Some(1));
        assert_eq!(inputs.env[1], Val::Str("a".into()));
        assert_eq!(
            inputs.at(&shape, &value, &[1, 0, 0]),
            Some(2),
            "a tag, when asked for, is a variable bounded by its variants"
        );
        assert_eq!(inputs.vars[2].max_len, 2);
        assert_eq!(inputs.env[2], Val::Int(0));
        assert_eq!(
            inputs.at(&shape, &value, &[1, 5, 1, 0]),
            None,
            "no sixth call"
        );

        let solved = encode(
            &shape,
            &value,
            &inputs.paths,
            &[Val::Int(200), Val::Str("zz".into()), Val::Int(1)],
        );
        assert_eq!(solved.item(1).item(0).item(0), &Value::Int(1));
        let beyond = encode(&shape, &value, &inputs.paths[2..], &[Val::Int(2)]);
        assert_eq!(beyond, value, "no third variant: the gene stays");
        assert_eq!(solved.item(1).item(1).item(1).item(0), &Value::Int(200));
        let text = solved.item(1).item(0).item(2).item(0);
        assert_eq!(text.items().len(), 2);
        assert_eq!(
            solved.item(0),
            value.item(0),
            "genes without variables stay"
        );
    }

    #[test]
    fn a_function_s_parameters_are_its_variables_in_order() {
        let shape = Shape::Tuple(vec![
            Shape::Int(IntKind::I8),
            Shape::Option(Box::new(Shape::Bool)),
        ]);
        let value = Value::List(vec![Value::Int(0), Value::List(vec![Value::Int(1)])]);
        let inputs = Inputs::of_params(&shape, &value);
        assert_eq!(inputs.vars.len(), 2);
        assert_eq!(inputs.env[0], Val::Int(-128));
        assert!(!inputs.vars[1].modelled());
        let solved = encode(
            &shape,
            &value,
            &inputs.paths,
            &[Val::Int(3), Val::Bool(true)],
        );
        assert_eq!(solved.item(0), &Value::Int(131));
        assert_eq!(solved.item(1), value.item(1));
    }
}
