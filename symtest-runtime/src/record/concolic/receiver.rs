//! The value under test of a call sequence when it was built from genes: which of its parts
//! (`self.count`, `self#tag`, `self::Open.width`, as the frames' locals are named) stand for
//! which genes.

use crate::genes::FieldGenes;
use crate::record::templates::field_path;

/// The value under test of a sequence, built from genes: where they are, and its type's
/// fields and variants in gene order.
#[derive(Debug)]
pub(super) struct Receiver {
    pub(super) path: Vec<usize>,
    pub(super) names: &'static [&'static str],
    pub(super) variants: &'static [(&'static str, &'static [&'static str])],
    pub(super) genes: FieldGenes,
}

impl Receiver {
    /// Where the genes of the field of `self` that a frame's local is named after are:
    /// `self.count`, `self.0`, `self.limits.high`, `self#tag`, `self::Div.0`.
    pub(super) fn genes_of(&self, name: &'static str) -> Option<Vec<usize>> {
        let (variant, member) = if name == "self#tag" {
            ("", "")
        } else if let Some(within) = name.strip_prefix("self::") {
            within.split_once('.')?
        } else {
            ("", name.strip_prefix("self.")?)
        };
        let within = field_path(variant, member, self.names, self.variants, self.genes)?;
        let mut at = self.path.clone();
        at.extend(within);
        Some(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_of_self_are_found_among_the_genes_it_was_built_from() {
        fn genes(path: &[&str]) -> Option<Vec<usize>> {
            match path {
                ["limits", "high"] => Some(vec![1, 1]),
                _ => None,
            }
        }
        let receiver = Receiver {
            path: vec![0, 2],
            names: &["id", "limits"],
            variants: &[("Off", &[]), ("Open", &["width"])],
            genes,
        };
        assert_eq!(receiver.genes_of("self.limits"), Some(vec![0, 2, 1]));
        assert_eq!(
            receiver.genes_of("self.limits.high"),
            Some(vec![0, 2, 1, 1])
        );
        assert_eq!(receiver.genes_of("self#tag"), Some(vec![0, 2, 0]));
        assert_eq!(
            receiver.genes_of("self::Open.width"),
            Some(vec![0, 2, 2, 0])
        );
        assert_eq!(receiver.genes_of("self::Shut.width"), None);
        assert_eq!(receiver.genes_of("self.other"), None);
        assert_eq!(receiver.genes_of("count"), None);
    }
}
