//! Addressing the genes of a value by path: item indices from its root, as variables, mutation
//! and symbolic execution name them.

use super::{BOOL_SHAPE, CHAR_SHAPE, Shape, Value};

/// The gene at `path`, `None` when the path leads nowhere in `value`.
pub fn gene_at<'v>(value: &'v Value, path: &[usize]) -> Option<&'v Value> {
    path.iter().try_fold(value, |node, &index| match node {
        Value::List(items) => items.get(index),
        _ => None,
    })
}

/// The gene at `path`, mutably, to set it; `None` when the path leads nowhere in `value`.
pub fn gene_at_mut<'v>(value: &'v mut Value, path: &[usize]) -> Option<&'v mut Value> {
    path.iter().try_fold(value, |node, &index| match node {
        Value::List(items) => items.get_mut(index),
        _ => None,
    })
}

/// The shape of the gene at `path` in a value of `shape`, `None` when the path leads nowhere.
pub fn shape_at<'s>(shape: &'s Shape, path: &[usize]) -> Option<&'s Shape> {
    path.iter().try_fold(shape, |shape, &index| match shape {
        Shape::Str { .. } => Some(&CHAR_SHAPE),
        Shape::Seq { item, .. } | Shape::Array { item, .. } => Some(&**item),
        Shape::Tuple(fields) => fields.get(index),
        Shape::Option(payload) => [&BOOL_SHAPE, &**payload].get(index).copied(),
        Shape::Int(_)
        | Shape::Float(_)
        | Shape::Bool
        | Shape::Char
        | Shape::Tag(_)
        | Shape::Never => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn genes_are_read_and_written_by_path_and_bad_paths_give_none() {
        let mut value = Value::List(vec![Value::Int(1), Value::List(vec![Value::Float(2.0)])]);
        assert_eq!(gene_at(&value, &[1, 0]), Some(&Value::Float(2.0)));
        assert_eq!(gene_at(&value, &[]), Some(&value.clone()));
        assert_eq!(gene_at(&value, &[0, 0]), None);
        assert_eq!(gene_at(&value, &[2]), None);
        if let Some(gene) = gene_at_mut(&mut value, &[1, 0]) {
            *gene = Value::Float(3.0);
        }
        assert_eq!(gene_at(&value, &[1, 0]), Some(&Value::Float(3.0)));
        assert!(gene_at_mut(&mut value, &[1, 5]).is_none());
    }
}
