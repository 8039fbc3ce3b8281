//! Literals of the standard library's collections: `std::collections::HashMap::from([(1, 2)])`.
//!
//! Paths are written in full: a generated test module imports only `super::*`, where the
//! collection's name may not be in scope (a signature can name it by its full path). A
//! `#![no_std]` crate's generated module declares `extern crate std`, so `std::` resolves
//! there too. Hashed collections list their items sorted, so a test reads the same on every
//! run whatever the hash order.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};

use super::{Literal, items};
use crate::genes::IntKind;

/// `std::collections::{name}::from([items])`, or `::new()` when there are none (an empty
/// array would leave the item type to inference that `from` cannot always do).
fn collection(name: &str, items: &str) -> String {
    if items.is_empty() {
        format!("std::collections::{name}::new()")
    } else {
        format!("std::collections::{name}::from([{items}])")
    }
}

/// `(key, value)` for each pair.
fn pairs<'a, K: Literal + 'a, V: Literal + 'a>(
    pairs: impl Iterator<Item = (&'a K, &'a V)>,
) -> Vec<(String, String)> {
    pairs
        .map(|(key, value)| (key.literal(), value.literal()))
        .collect()
}

fn join_pairs(pairs: &[(String, String)]) -> String {
    pairs
        .iter()
        .map(|(key, value)| format!("({key}, {value})"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The order a person would list rendered items in: integers by value (`i32::MIN` first,
/// `i32::MAX` last), then other text with its runs of digits compared as numbers (`(2, 'a')`
/// before `(10, 'a')`). A key, so the order is total whatever the texts; ties keep the texts'
/// own order.
fn natural(text: &str) -> (u8, i128, u128, Vec<Run>, String) {
    let named = |suffix| {
        text.strip_suffix(suffix)
            .is_some_and(|ty| IntKind::ALL.iter().any(|kind| kind.name() == ty))
    };
    let (class, small, large, runs) = if named("::MIN") {
        (0, 0, 0, Vec::new())
    } else if let Ok(value) = text.parse::<i128>() {
        (1, value, 0, Vec::new())
    } else if let Ok(value) = text.parse::<u128>() {
        (1, i128::MAX, value, Vec::new())
    } else if named("::MAX") {
        (2, 0, 0, Vec::new())
    } else {
        (3, 0, 0, runs(text))
    };
    (class, small, large, runs, text.to_owned())
}

/// A run of digits (compared by value: shorter without leading zeros is smaller), or of
/// other chars.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Run {
    Digits { len: usize, digits: String },
    Other(String),
}

fn runs(mut text: &str) -> Vec<Run> {
    let mut runs = Vec::new();
    while let Some(first) = text.chars().next() {
        let digits = first.is_ascii_digit();
        let end = text
            .find(|c: char| c.is_ascii_digit() != digits)
            .unwrap_or(text.len());
        let (run, rest) = text.split_at(end);
        runs.push(if digits {
            let digits = run.trim_start_matches('0').to_owned();
            Run::Digits {
                len: digits.len(),
                digits,
            }
        } else {
            Run::Other(run.to_owned())
        });
        text = rest;
    }
    runs
}

/// Hash order changes from run to run: the items are listed in [`natural`] order.
impl<T: Literal> Literal for HashSet<T> {
    fn literal(&self) -> String {
        let mut rendered: Vec<String> = self.iter().map(T::literal).collect();
        rendered.sort_by_cached_key(|text| natural(text));
        collection("HashSet", &rendered.join(", "))
    }
}

/// Hash order changes from run to run: the pairs are listed in [`natural`] order of keys.
impl<K: Literal, V: Literal> Literal for HashMap<K, V> {
    fn literal(&self) -> String {
        let mut rendered = pairs(self.iter());
        rendered.sort_by_cached_key(|(key, _)| natural(key));
        collection("HashMap", &join_pairs(&rendered))
    }
}

impl<T: Literal> Literal for BTreeSet<T> {
    fn literal(&self) -> String {
        let rendered: Vec<String> = self.iter().map(T::literal).collect();
        collection("BTreeSet", &rendered.join(", "))
    }
}

impl<K: Literal, V: Literal> Literal for BTreeMap<K, V> {
    fn literal(&self) -> String {
        collection("BTreeMap", &join_pairs(&pairs(self.iter())))
    }
}

impl<T: Literal> Literal for VecDeque<T> {
    fn literal(&self) -> String {
        let (front, back) = self.as_slices();
        let rendered = [items(front), items(back)]
            .into_iter()
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join(", ");
        collection("VecDeque", &rendered)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collections_render_as_from_arrays_with_full_paths() {
        let mut deque = VecDeque::from([2, 3]);
        deque.push_front(1);
        assert_eq!(
            deque.literal(),
            "std::collections::VecDeque::from([1, 2, 3])"
        );
        assert_eq!(
            BTreeSet::from(["b", "a"]).literal(),
            "std::collections::BTreeSet::from([\"a\", \"b\"])"
        );
        assert_eq!(
            BTreeMap::from([(2u8, Some('x')), (1, None)]).literal(),
            "std::collections::BTreeMap::from([(1, None), (2, Some('x'))])"
        );
        assert_eq!(
            HashMap::from([(1, vec![true])]).literal(),
            "std::collections::HashMap::from([(1, vec![true])])"
        );
        assert_eq!(
            HashSet::from([u64::MAX]).literal(),
            "std::collections::HashSet::from([u64::MAX])"
        );
    }

    #[test]
    fn empty_collections_render_as_new() {
        assert_eq!(
            HashMap::<u8, u8>::new().literal(),
            "std::collections::HashMap::new()"
        );
        assert_eq!(
            BTreeMap::<u8, u8>::new().literal(),
            "std::collections::BTreeMap::new()"
        );
        assert_eq!(
            HashSet::<u8>::new().literal(),
            "std::collections::HashSet::new()"
        );
        assert_eq!(
            BTreeSet::<u8>::new().literal(),
            "std::collections::BTreeSet::new()"
        );
        assert_eq!(
            VecDeque::<u8>::new().literal(),
            "std::collections::VecDeque::new()"
        );
    }

    #[test]
    fn hashed_collections_list_their_items_in_natural_order() {
        let numbers: HashSet<i32> = [10, -3, 2, 0, i32::MIN, -20, 100].into_iter().collect();
        assert_eq!(
            numbers.literal(),
            "std::collections::HashSet::from([i32::MIN, -20, -3, 0, 2, 10, 100])"
        );
        let words: HashMap<String, u8> = [("b", 1), ("a10", 2), ("a9", 3)]
            .into_iter()
            .map(|(key, value)| (key.to_owned(), value))
            .collect();
        assert_eq!(
            words.literal(),
            "std::collections::HashMap::from([(String::from(\"a9\"), 3), \
             (String::from(\"a10\"), 2), (String::from(\"b\"), 1)])"
        );
        let tuples: HashSet<(u8, char)> = [(10, 'a'), (2, 'b'), (2, 'a')].into_iter().collect();
        assert_eq!(
            tuples.literal(),
            "std::collections::HashSet::from([(2, 'a'), (2, 'b'), (10, 'a')])"
        );
    }

    #[test]
    fn natural_order_puts_integers_first_and_digit_runs_by_value() {
        let mut texts = vec![
            "a10",
            "u128::MAX",
            "b",
            "-1",
            "a2",
            "340282366920938463463374607431768211454",
            "7",
            "a02",
            "(1, 10)",
            "i32::MIN",
            "(1, 2)",
            "-20",
            "T::MIN",
        ];
        texts.sort_by_cached_key(|text| natural(text));
        assert_eq!(
            texts,
            [
                "i32::MIN",
                "-20",
                "-1",
                "7",
                "340282366920938463463374607431768211454",
                "u128::MAX",
                "(1, 2)",
                "(1, 10)",
                "T::MIN",
                "a02",
                "a2",
                "a10",
                "b",
            ]
        );
    }
}
