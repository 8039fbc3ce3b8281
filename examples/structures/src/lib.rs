//! The five subjects of *Efficient Test Generation Guided by Field Coverage Criteria* (Godio
//! et al.), written as a Rust programmer writes them: generic over `T: Ord`, over boxed nodes
//! (`Option<Box<Node<T>>>`), every item annotated. A sorted singly linked list, a binary
//! search tree, a tree set (a left-leaning red-black tree), an AVL tree and a binomial heap.
//!
//! `cargo symtest` searches each block with `u8` for `T`; the recursive helpers are searched
//! on their own and through the blocks' calls. With `--criterion field` the targets are also
//! the classes the structures' fields take (an empty list, a red left link, a heap of three
//! trees).

// Each structure has the operations the paper tests, and no more.
#![allow(clippy::new_without_default, clippy::len_without_is_empty)]

use std::cmp::Ordering;

use symtest_runtime::symtest;

/// A set kept as a singly linked list in ascending order.
#[symtest]
#[derive(Debug)]
pub struct SortedList<T> {
    head: Option<Box<Link<T>>>,
    len: usize,
}

#[symtest]
#[derive(Debug)]
struct Link<T> {
    value: T,
    next: Option<Box<Link<T>>>,
}

#[symtest]
impl<T: Ord> SortedList<T> {
    pub fn new() -> Self {
        SortedList { head: None, len: 0 }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// Adds `value` in order; false if it was there.
    pub fn insert(&mut self, value: T) -> bool {
        let mut cursor = &mut self.head;
        while cursor.as_ref().is_some_and(|link| link.value < value) {
            cursor = &mut cursor.as_mut().expect("checked above").next;
        }
        if cursor.as_ref().is_some_and(|link| link.value == value) {
            return false;
        }
        let next = cursor.take();
        *cursor = Some(Box::new(Link { value, next }));
        self.len += 1;
        true
    }

    /// Removes `value`; false if it was not there.
    pub fn remove(&mut self, value: &T) -> bool {
        let mut cursor = &mut self.head;
        while cursor.as_ref().is_some_and(|link| link.value < *value) {
            cursor = &mut cursor.as_mut().expect("checked above").next;
        }
        match cursor.take() {
            Some(link) if link.value == *value => {
                *cursor = link.next;
                self.len -= 1;
                true
            }
            other => {
                *cursor = other;
                false
            }
        }
    }

    pub fn contains(&self, value: &T) -> bool {
        let mut cursor = &self.head;
        while let Some(link) = cursor {
            match link.value.cmp(value) {
                Ordering::Less => cursor = &link.next,
                Ordering::Equal => return true,
                Ordering::Greater => return false,
            }
        }
        false
    }
}

/// A set kept as an unbalanced binary search tree.
#[symtest]
#[derive(Debug)]
pub struct SearchTree<T> {
    root: Option<Box<Branch<T>>>,
    size: usize,
}

#[symtest]
#[derive(Debug)]
struct Branch<T> {
    value: T,
    left: Option<Box<Branch<T>>>,
    right: Option<Box<Branch<T>>>,
}

/// Takes the smallest value out of a non-empty subtree.
#[symtest]
fn take_min<T>(mut branch: Box<Branch<T>>) -> (T, Option<Box<Branch<T>>>) {
    match branch.left.take() {
        None => (branch.value, branch.right),
        Some(left) => {
            let (min, rest) = take_min(left);
            branch.left = rest;
            (min, Some(branch))
        }
    }
}

/// Removes `value` from the subtree at `link`; whether it was there.
#[symtest]
fn remove_from<T: Ord>(link: &mut Option<Box<Branch<T>>>, value: &T) -> bool {
    let Some(branch) = link else {
        return false;
    };
    match value.cmp(&branch.value) {
        Ordering::Less => remove_from(&mut branch.left, value),
        Ordering::Greater => remove_from(&mut branch.right, value),
        Ordering::Equal => {
            let mut branch = link.take().expect("matched above");
            *link = match (branch.left.take(), branch.right.take()) {
                (None, None) => None,
                (Some(only), None) | (None, Some(only)) => Some(only),
                (Some(left), Some(right)) => {
                    // Two children: the right subtree's smallest value takes the place.
                    let (successor, right) = take_min(right);
                    branch.value = successor;
                    branch.left = Some(left);
                    branch.right = right;
                    Some(branch)
                }
            };
            true
        }
    }
}

#[symtest]
impl<T: Ord> SearchTree<T> {
    pub fn new() -> Self {
        SearchTree {
            root: None,
            size: 0,
        }
    }

    /// Adds `value`; false if it was there.
    pub fn insert(&mut self, value: T) -> bool {
        let mut link = &mut self.root;
        while let Some(branch) = link {
            link = match value.cmp(&branch.value) {
                Ordering::Less => &mut branch.left,
                Ordering::Greater => &mut branch.right,
                Ordering::Equal => return false,
            };
        }
        *link = Some(Box::new(Branch {
            value,
            left: None,
            right: None,
        }));
        self.size += 1;
        true
    }

    /// Removes `value`; false if it was not there.
    pub fn remove(&mut self, value: &T) -> bool {
        let removed = remove_from(&mut self.root, value);
        if removed {
            self.size -= 1;
        }
        removed
    }

    pub fn contains(&self, value: &T) -> bool {
        let mut link = &self.root;
        while let Some(branch) = link {
            link = match value.cmp(&branch.value) {
                Ordering::Less => &branch.left,
                Ordering::Greater => &branch.right,
                Ordering::Equal => return true,
            };
        }
        false
    }
}

/// A set kept as a left-leaning red-black tree (Sedgewick's): every red link leans left, no
/// node has two red links, and every path from the root to a leaf crosses as many black links.
#[symtest]
#[derive(Debug)]
pub struct TreeSet<T> {
    root: Option<Box<Colored<T>>>,
    size: usize,
}

#[symtest]
#[derive(Debug)]
struct Colored<T> {
    value: T,
    /// Whether the link from the parent is red.
    red: bool,
    left: Option<Box<Colored<T>>>,
    right: Option<Box<Colored<T>>>,
}

#[symtest]
fn is_red<T>(link: &Option<Box<Colored<T>>>) -> bool {
    link.as_ref().is_some_and(|node| node.red)
}

#[symtest]
fn rotate_left<T>(mut node: Box<Colored<T>>) -> Box<Colored<T>> {
    let mut right = node
        .right
        .take()
        .expect("a left rotation has a right child");
    node.right = right.left.take();
    right.red = node.red;
    node.red = true;
    right.left = Some(node);
    right
}

#[symtest]
fn rotate_right<T>(mut node: Box<Colored<T>>) -> Box<Colored<T>> {
    let mut left = node.left.take().expect("a right rotation has a left child");
    node.left = left.right.take();
    left.red = node.red;
    node.red = true;
    left.right = Some(node);
    left
}

/// Inserts into the subtree at `link`, restoring the invariants on the way back up; whether
/// `value` was new.
#[symtest]
fn insert_colored<T: Ord>(link: Option<Box<Colored<T>>>, value: T) -> (Box<Colored<T>>, bool) {
    let Some(mut node) = link else {
        let leaf = Colored {
            value,
            red: true,
            left: None,
            right: None,
        };
        return (Box::new(leaf), true);
    };
    let added = match value.cmp(&node.value) {
        Ordering::Less => {
            let (left, added) = insert_colored(node.left.take(), value);
            node.left = Some(left);
            added
        }
        Ordering::Greater => {
            let (right, added) = insert_colored(node.right.take(), value);
            node.right = Some(right);
            added
        }
        Ordering::Equal => false,
    };
    if is_red(&node.right) && !is_red(&node.left) {
        node = rotate_left(node);
    }
    if is_red(&node.left) && node.left.as_ref().is_some_and(|left| is_red(&left.left)) {
        node = rotate_right(node);
    }
    if is_red(&node.left) && is_red(&node.right) {
        // Splits a temporary 4-node: its red links go up one level.
        node.red = true;
        for child in [&mut node.left, &mut node.right].into_iter().flatten() {
            child.red = false;
        }
    }
    (node, added)
}

#[symtest]
impl<T: Ord> TreeSet<T> {
    pub fn new() -> Self {
        TreeSet {
            root: None,
            size: 0,
        }
    }

    /// Adds `value`; false if it was there.
    pub fn insert(&mut self, value: T) -> bool {
        let (mut root, added) = insert_colored(self.root.take(), value);
        root.red = false;
        self.root = Some(root);
        if added {
            self.size += 1;
        }
        added
    }

    pub fn contains(&self, value: &T) -> bool {
        let mut link = &self.root;
        while let Some(node) = link {
            link = match value.cmp(&node.value) {
                Ordering::Less => &node.left,
                Ordering::Greater => &node.right,
                Ordering::Equal => return true,
            };
        }
        false
    }

    /// The number of black links from the root to the leftmost leaf.
    pub fn black_height(&self) -> usize {
        let mut height = 0;
        let mut link = &self.root;
        while let Some(node) = link {
            if !node.red {
                height += 1;
            }
            link = &node.left;
        }
        height
    }
}

/// A set kept as an AVL tree: the heights of each node's subtrees differ by at most one.
#[symtest]
#[derive(Debug)]
pub struct AvlTree<T> {
    root: Option<Box<Balanced<T>>>,
}

#[symtest]
#[derive(Debug)]
struct Balanced<T> {
    value: T,
    height: u8,
    left: Option<Box<Balanced<T>>>,
    right: Option<Box<Balanced<T>>>,
}

#[symtest]
fn height<T>(link: &Option<Box<Balanced<T>>>) -> u8 {
    link.as_ref().map_or(0, |node| node.height)
}

/// How much taller the left subtree is than the right one.
#[symtest]
fn lean<T>(node: &Balanced<T>) -> i16 {
    i16::from(height(&node.left)) - i16::from(height(&node.right))
}

#[symtest]
fn updated<T>(mut node: Box<Balanced<T>>) -> Box<Balanced<T>> {
    node.height = 1 + height(&node.left).max(height(&node.right));
    node
}

/// Restores the balance of `node`, whose subtrees are balanced and differ in height by at
/// most two.
#[symtest]
fn rebalance<T>(mut node: Box<Balanced<T>>) -> Box<Balanced<T>> {
    node = updated(node);
    let lean = lean(&node);
    if lean > 1 {
        let mut left = node.left.take().expect("a taller left side");
        if self::lean(&left) < 0 {
            // Left-right: the left child leans right.
            let mut middle = left.right.take().expect("a right-leaning child");
            left.right = middle.left.take();
            middle.left = Some(updated(left));
            left = updated(middle);
        }
        node.left = left.right.take();
        left.right = Some(updated(node));
        updated(left)
    } else if lean < -1 {
        let mut right = node.right.take().expect("a taller right side");
        if self::lean(&right) > 0 {
            // Right-left: the right child leans left.
            let mut middle = right.left.take().expect("a left-leaning child");
            right.left = middle.right.take();
            middle.right = Some(updated(right));
            right = updated(middle);
        }
        node.right = right.left.take();
        right.left = Some(updated(node));
        updated(right)
    } else {
        node
    }
}

/// Inserts into the subtree at `link`; whether `value` was new.
#[symtest]
fn insert_balanced<T: Ord>(link: &mut Option<Box<Balanced<T>>>, value: T) -> bool {
    let Some(node) = link else {
        let leaf = Balanced {
            value,
            height: 1,
            left: None,
            right: None,
        };
        *link = Some(Box::new(leaf));
        return true;
    };
    let added = match value.cmp(&node.value) {
        Ordering::Less => insert_balanced(&mut node.left, value),
        Ordering::Greater => insert_balanced(&mut node.right, value),
        Ordering::Equal => false,
    };
    if added {
        *link = link.take().map(rebalance);
    }
    added
}

#[symtest]
impl<T: Ord> AvlTree<T> {
    pub fn new() -> Self {
        AvlTree { root: None }
    }

    /// Adds `value`; false if it was there.
    pub fn insert(&mut self, value: T) -> bool {
        insert_balanced(&mut self.root, value)
    }

    pub fn height(&self) -> u8 {
        height(&self.root)
    }

    pub fn contains(&self, value: &T) -> bool {
        let mut link = &self.root;
        while let Some(node) = link {
            link = match value.cmp(&node.value) {
                Ordering::Less => &node.left,
                Ordering::Greater => &node.right,
                Ordering::Equal => return true,
            };
        }
        false
    }
}

/// A min-heap kept as a binomial heap: a list of binomial trees of distinct orders, where the
/// tree of order `k` holds `2^k` items and is in slot `k`. Inserting carries as a binary
/// counter does; taking the minimum merges its tree's children back.
#[symtest]
#[derive(Debug)]
pub struct BinomialHeap<T> {
    trees: Vec<Option<Box<Binomial<T>>>>,
    len: usize,
}

/// A binomial tree of order `children.len()`: its children have orders 0, 1, … in turn.
#[symtest]
#[derive(Debug)]
struct Binomial<T> {
    key: T,
    children: Vec<Box<Binomial<T>>>,
}

/// Joins two trees of one order into one of the next: the larger root goes under the smaller.
#[symtest]
fn link<T: Ord>(mut a: Box<Binomial<T>>, mut b: Box<Binomial<T>>) -> Box<Binomial<T>> {
    if b.key < a.key {
        std::mem::swap(&mut a, &mut b);
    }
    a.children.push(b);
    a
}

#[symtest]
impl<T: Ord> BinomialHeap<T> {
    pub fn new() -> Self {
        BinomialHeap {
            trees: Vec::new(),
            len: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// Adds `tree` at the slot of its order, carrying into the next while that slot is taken.
    fn add_tree(&mut self, mut tree: Box<Binomial<T>>) {
        let mut order = tree.children.len();
        loop {
            if order == self.trees.len() {
                self.trees.push(None);
            }
            match self.trees[order].take() {
                None => {
                    self.trees[order] = Some(tree);
                    return;
                }
                Some(other) => {
                    tree = link(tree, other);
                    order += 1;
                }
            }
        }
    }

    pub fn push(&mut self, key: T) {
        self.add_tree(Box::new(Binomial {
            key,
            children: Vec::new(),
        }));
        self.len += 1;
    }

    pub fn peek(&self) -> Option<&T> {
        let mut min: Option<&T> = None;
        for tree in self.trees.iter().flatten() {
            if min.is_none_or(|min| tree.key < *min) {
                min = Some(&tree.key);
            }
        }
        min
    }

    /// Takes out the smallest key.
    pub fn pop(&mut self) -> Option<T> {
        let mut slot: Option<usize> = None;
        for (order, tree) in self.trees.iter().enumerate() {
            let Some(tree) = tree else { continue };
            let smaller = match slot {
                None => true,
                Some(best) => self.trees[best].as_ref().is_some_and(|b| tree.key < b.key),
            };
            if smaller {
                slot = Some(order);
            }
        }
        let tree = self.trees[slot?].take().expect("a tree in the slot found");
        while self.trees.last().is_some_and(Option::is_none) {
            self.trees.pop();
        }
        for child in tree.children {
            self.add_tree(child);
        }
        self.len -= 1;
        Some(tree.key)
    }
}

// @generated by `cargo symtest`: regenerated on every run; edit the code, not this module.
#[cfg(test)]
#[symtest(generated)]
mod symtest_tests {
    use super::*;

    // symtest: fn=AvlTree covered=5/5 seed=376284 algorithm=dynamosa budget-evals=20000
    #[test]
    fn avl_tree_insert_returns_false() {
        // Covers line 441 `Some(node)` matched; line 441 `Some(node)` not matched;
        //     line 442 `match value.cmp(&node.value)` Ordering::Less;
        //     line 442 `match value.cmp(&node.value)` Ordering::Greater;
        //     line 442 `match value.cmp(&node.value)` Ordering::Equal.
        let mut avl_tree = AvlTree::<u8> {
            root: Some(Box::new(Balanced {
                value: 0,
                height: 0,
                left: None,
                right: None,
            })),
        };
        assert!(avl_tree.contains(&0));
        assert!(avl_tree.insert(69));
        assert_eq!(avl_tree.height(), 2);
        assert!(!avl_tree.contains(&32));
        assert!(!avl_tree.insert(0));
        assert_eq!(avl_tree.height(), 2);
    }

    #[test]
    fn avl_tree_contains_returns_true() {
        // Covers line 441 `Some(node)` matched;
        //     line 442 `match value.cmp(&node.value)` Ordering::Equal.
        let mut avl_tree = AvlTree::<u8>::new();
        assert_eq!(avl_tree.height(), 0);
        assert!(avl_tree.insert(157));
        assert!(avl_tree.contains(&157));
        assert_eq!(avl_tree.height(), 1);
    }

    // symtest: fn=BinomialHeap covered=22/22 seed=376284 algorithm=dynamosa budget-evals=20000
    #[test]
    fn binomial_heap_peek_returns_some_0() {
        // Covers line 497 `order == self.trees.len()` true;
        //     line 497 `order == self.trees.len()` false;
        //     line 500 `match self.trees[order].take()` None;
        //     line 500 `match self.trees[order].take()` Some(other); line 523 `tree` iterated;
        //     line 523 `tree` done; line 524 `min.is_none_or(| min | tree.key < *min)` true;
        //     line 524 `min.is_none_or(| min | tree.key < *min)` false; and 12 more.
        let mut binomial_heap = BinomialHeap::<u8> {
            trees: vec![
                Some(Box::new(Binomial {
                    key: 0,
                    children: vec![],
                })),
                None,
                Some(Box::new(Binomial {
                    key: 0,
                    children: vec![],
                })),
            ],
            len: 1,
        };
        binomial_heap.push(0);
        assert_eq!(binomial_heap.pop(), Some(0));
        assert_eq!(binomial_heap.len(), 1);
        binomial_heap.add_tree(Box::new(Binomial {
            key: 0,
            children: vec![
                Box::new(Binomial {
                    key: 0,
                    children: vec![],
                }),
                Box::new(Binomial {
                    key: 0,
                    children: vec![],
                }),
            ],
        }));
        assert_eq!(binomial_heap.peek(), Some(&0));
        assert_eq!(binomial_heap.len(), 1);
        assert_eq!(binomial_heap.peek(), Some(&0));
    }

    #[test]
    fn binomial_heap_pop_returns_some_0() {
        // Covers line 497 `order == self.trees.len()` true;
        //     line 500 `match self.trees[order].take()` None; line 523 `tree` done;
        //     line 534 `(order, tree)` iterated; line 534 `(order, tree)` done;
        //     line 535 `Some(tree)` matched; line 536 `match slot` None; line 540 `smaller` true;
        //     and 5 more.
        let mut binomial_heap = BinomialHeap::<u8>::new();
        assert_eq!(binomial_heap.len(), 0);
        assert_eq!(binomial_heap.peek(), None);
        assert_eq!(binomial_heap.pop(), None);
        binomial_heap.push(0);
        assert_eq!(binomial_heap.pop(), Some(0));
        assert_eq!(binomial_heap.len(), 0);
        assert_eq!(binomial_heap.peek(), None);
    }

    #[test]
    #[should_panic(expected = "index out of bounds: the len is 2 but the index is 3")]
    fn binomial_heap_add_tree_panics_index_out_of() {
        // Covers line 497 `order == self.trees.len()` true;
        //     line 497 `order == self.trees.len()` false;
        //     line 500 `match self.trees[order].take()` None;
        //     line 500 `match self.trees[order].take()` Some(other).
        let mut binomial_heap = BinomialHeap::<u8>::new();
        binomial_heap.add_tree(Box::new(Binomial {
            key: 0,
            children: vec![],
        }));
        binomial_heap.add_tree(Box::new(Binomial {
            key: 0,
            children: vec![],
        }));
        binomial_heap.add_tree(Box::new(Binomial {
            key: 0,
            children: vec![
                Box::new(Binomial {
                    key: 0,
                    children: vec![],
                }),
                Box::new(Binomial {
                    key: 0,
                    children: vec![],
                }),
                Box::new(Binomial {
                    key: 0,
                    children: vec![],
                }),
            ],
        }));
    }

    #[test]
    fn binomial_heap_pop_returns_some_0_2() {
        // Covers line 523 `tree` iterated; line 523 `tree` done;
        //     line 524 `min.is_none_or(| min | tree.key < *min)` true;
        //     line 524 `min.is_none_or(| min | tree.key < *min)` false;
        //     line 534 `(order, tree)` iterated; line 534 `(order, tree)` done;
        //     line 535 `Some(tree)` matched; line 536 `match slot` None; and 6 more.
        let mut binomial_heap = BinomialHeap::<u8> {
            trees: vec![
                Some(Box::new(Binomial {
                    key: 0,
                    children: vec![],
                })),
                Some(Box::new(Binomial {
                    key: 1,
                    children: vec![],
                })),
            ],
            len: 1,
        };
        assert_eq!(binomial_heap.peek(), Some(&0));
        assert_eq!(binomial_heap.pop(), Some(0));
        assert_eq!(binomial_heap.len(), 0);
        assert_eq!(binomial_heap.peek(), Some(&1));
    }

    #[test]
    #[should_panic(expected = "index out of bounds: the len is 0 but the index is 1")]
    fn binomial_heap_pop_panics_index_out_of_bounds() {
        // Covers line 497 `order == self.trees.len()` true;
        //     line 497 `order == self.trees.len()` false;
        //     line 500 `match self.trees[order].take()` None; line 534 `(order, tree)` iterated;
        //     line 534 `(order, tree)` done; line 535 `Some(tree)` matched;
        //     line 535 `Some(tree)` else; line 536 `match slot` None; and 5 more.
        let mut binomial_heap = BinomialHeap::<u8> {
            trees: vec![None],
            len: 0,
        };
        binomial_heap.add_tree(Box::new(Binomial {
            key: 0,
            children: vec![Box::new(Binomial {
                key: 0,
                children: vec![Box::new(Binomial {
                    key: 0,
                    children: vec![],
                })],
            })],
        }));
        let _ = binomial_heap.pop();
    }

    // symtest: fn=SearchTree covered=12/12 seed=376284 algorithm=dynamosa budget-evals=20000
    #[test]
    fn search_tree_remove_returns_false() {
        // Covers line 159 `Some(branch)` matched; line 159 `Some(branch)` not matched;
        //     line 160 `match value.cmp(&branch.value)` Ordering::Less;
        //     line 160 `match value.cmp(&branch.value)` Ordering::Greater;
        //     line 160 `match value.cmp(&branch.value)` Ordering::Equal; line 178 `removed` false;
        //     line 186 `Some(branch)` matched; line 186 `Some(branch)` not matched; and 3 more.
        let mut search_tree = SearchTree::<u8>::new();
        assert!(search_tree.insert(59));
        assert!(search_tree.insert(0));
        assert!(search_tree.contains(&0));
        assert!(!search_tree.insert(0));
        assert!(!search_tree.contains(&49));
        assert!(search_tree.insert(64));
        assert!(!search_tree.remove(&224));
    }

    #[test]
    fn search_tree_contains_returns_false() {
        // Covers line 159 `Some(branch)` matched; line 159 `Some(branch)` not matched;
        //     line 160 `match value.cmp(&branch.value)` Ordering::Less;
        //     line 160 `match value.cmp(&branch.value)` Ordering::Greater; line 178 `removed` true;
        //     line 178 `removed` false; line 186 `Some(branch)` matched;
        //     line 186 `Some(branch)` not matched; and 2 more.
        let mut search_tree = SearchTree::<u8> {
            root: Some(Box::new(Branch {
                value: 93,
                left: None,
                right: None,
            })),
            size: 74,
        };
        assert!(search_tree.insert(u8::MAX));
        assert!(!search_tree.remove(&1));
        assert!(search_tree.insert(0));
        assert!(search_tree.remove(&u8::MAX));
        assert!(!search_tree.contains(&22));
    }

    #[test]
    fn search_tree_remove_returns_false_2() {
        // Covers line 178 `removed` false.
        let mut search_tree = SearchTree::<u8>::new();
        assert!(!search_tree.remove(&0));
    }

    #[test]
    fn search_tree_remove_returns_true() {
        // Covers line 159 `Some(branch)` not matched; line 178 `removed` true.
        let mut search_tree = SearchTree::<u8>::new();
        assert!(search_tree.insert(0));
        assert!(search_tree.remove(&0));
    }

    #[test]
    #[should_panic(expected = "attempt to subtract with overflow")]
    fn search_tree_remove_panics_attempt_to_subtract() {
        // Covers line 178 `removed` true.
        let mut search_tree = SearchTree::<u8> {
            root: Some(Box::new(Branch {
                value: 0,
                left: None,
                right: None,
            })),
            size: 0,
        };
        let _ = search_tree.remove(&0);
    }

    // symtest: fn=SortedList covered=15/15 seed=376284 algorithm=dynamosa budget-evals=20000
    #[test]
    fn sorted_list_contains_returns_false() {
        // Covers line 46 `cursor.as_ref().is_some_and(| link |...` false;
        //     line 49 `cursor.as_ref().is_some_and(| link |...` true;
        //     line 49 `cursor.as_ref().is_some_and(| link |...` false;
        //     line 61 `cursor.as_ref().is_some_and(| link |...` true;
        //     line 61 `cursor.as_ref().is_some_and(| link |...` false;
        //     line 64 `match cursor.take()` Some(link) if link.value == *value;
        //     line 64 `match cursor.take()` other; line 65 `link.value == *value` true; and 4 more.
        let mut sorted_list = SortedList::<u8>::new();
        assert!(!sorted_list.contains(&0));
        assert_eq!(sorted_list.len(), 0);
        assert!(sorted_list.insert(94));
        assert!(!sorted_list.remove(&0));
        assert!(sorted_list.insert(0));
        assert!(!sorted_list.insert(0));
        assert_eq!(sorted_list.len(), 2);
        assert!(sorted_list.remove(&0));
        assert!(!sorted_list.remove(&95));
        assert!(!sorted_list.contains(&87));
        assert_eq!(sorted_list.len(), 1);
    }

    #[test]
    fn sorted_list_contains_returns_true() {
        // Covers line 46 `cursor.as_ref().is_some_and(| link |...` true;
        //     line 46 `cursor.as_ref().is_some_and(| link |...` false;
        //     line 49 `cursor.as_ref().is_some_and(| link |...` false;
        //     line 61 `cursor.as_ref().is_some_and(| link |...` true;
        //     line 61 `cursor.as_ref().is_some_and(| link |...` false;
        //     line 64 `match cursor.take()` Some(link) if link.value == *value;
        //     line 64 `match cursor.take()` other; line 65 `link.value == *value` true; and 4 more.
        let mut sorted_list = SortedList::<u8>::new();
        assert!(sorted_list.insert(0));
        assert!(sorted_list.insert(u8::MAX));
        assert!(sorted_list.remove(&u8::MAX));
        assert!(!sorted_list.contains(&15));
        assert!(!sorted_list.remove(&1));
        assert!(sorted_list.contains(&0));
        assert_eq!(sorted_list.len(), 1);
    }

    #[test]
    fn sorted_list_insert_returns_false() {
        // Covers line 46 `cursor.as_ref().is_some_and(| link |...` true;
        //     line 46 `cursor.as_ref().is_some_and(| link |...` false;
        //     line 49 `cursor.as_ref().is_some_and(| link |...` true;
        //     line 49 `cursor.as_ref().is_some_and(| link |...` false.
        let mut sorted_list = SortedList::<u8> {
            head: Some(Box::new(Link {
                value: 0,
                next: None,
            })),
            len: 0,
        };
        assert!(sorted_list.insert(1));
        assert!(!sorted_list.insert(0));
        assert_eq!(sorted_list.len(), 1);
    }

    // symtest: fn=TreeSet covered=11/11 seed=376284 algorithm=dynamosa budget-evals=20000
    #[test]
    fn tree_set_contains_returns_true() {
        // Covers line 300 `added` true; line 300 `added` false; line 308 `Some(node)` matched;
        //     line 308 `Some(node)` not matched;
        //     line 309 `match value.cmp(&node.value)` Ordering::Less;
        //     line 309 `match value.cmp(&node.value)` Ordering::Greater;
        //     line 309 `match value.cmp(&node.value)` Ordering::Equal;
        //     line 322 `Some(node)` matched; and 3 more.
        let mut tree_set = TreeSet::<u8> {
            root: Some(Box::new(Colored {
                value: 0,
                red: true,
                left: None,
                right: Some(Box::new(Colored {
                    value: u8::MAX,
                    red: false,
                    left: Some(Box::new(Colored {
                        value: 0,
                        red: false,
                        left: Some(Box::new(Colored {
                            value: 0,
                            red: false,
                            left: None,
                            right: None,
                        })),
                        right: Some(Box::new(Colored {
                            value: 0,
                            red: false,
                            left: None,
                            right: None,
                        })),
                    })),
                    right: Some(Box::new(Colored {
                        value: 2,
                        red: true,
                        left: Some(Box::new(Colored {
                            value: 10,
                            red: false,
                            left: None,
                            right: None,
                        })),
                        right: Some(Box::new(Colored {
                            value: 131,
                            red: true,
                            left: None,
                            right: None,
                        })),
                    })),
                })),
            })),
            size: 0,
        };
        assert_eq!(tree_set.black_height(), 0);
        assert!(tree_set.insert(1));
        assert!(!tree_set.insert(2));
        assert!(!tree_set.contains(&24));
        assert_eq!(tree_set.black_height(), 1);
        assert!(tree_set.contains(&0));
        assert_eq!(tree_set.black_height(), 1);
    }

    #[test]
    #[should_panic(expected = "attempt to add with overflow")]
    fn tree_set_insert_panics_attempt_to_add_with() {
        // Covers line 300 `added` true.
        let mut tree_set = TreeSet::<u8> {
            root: None,
            size: usize::MAX,
        };
        let _ = tree_set.insert(2);
    }

    #[test]
    fn tree_set_insert_returns_false() {
        // Covers line 300 `added` false.
        let mut tree_set = TreeSet::<u8> {
            root: Some(Box::new(Colored {
                value: 0,
                red: false,
                left: None,
                right: None,
            })),
            size: usize::MAX,
        };
        assert!(!tree_set.insert(0));
        assert_eq!(tree_set.black_height(), 1);
    }

    // symtest: fn=height covered=0/0 seed=376284 algorithm=hybrid budget-evals=20000
    #[test]
    fn height_returns_0() {
        // Covers no branches.
        assert_eq!(height::<u8>(&None), 0);
    }

    #[test]
    fn height_returns_1() {
        // Covers no branches.
        assert_eq!(
            height::<u8>(&Some(Box::new(Balanced {
                value: 0,
                height: 1,
                left: None,
                right: None
            }))),
            1
        );
    }

    // symtest: fn=insert_balanced covered=7/7 seed=376284 algorithm=hybrid budget-evals=20000
    #[test]
    fn insert_balanced_returns_true() {
        // Covers line 403 `Some(node)` matched; line 403 `Some(node)` else;
        //     line 413 `match value.cmp(&node.value)` Ordering::Less;
        //     line 413 `match value.cmp(&node.value)` Ordering::Greater; line 418 `added` true.
        assert!(insert_balanced::<u8>(
            &mut Some(Box::new(Balanced {
                value: 216,
                height: 0,
                left: Some(Box::new(Balanced {
                    value: 0,
                    height: 0,
                    left: None,
                    right: None
                })),
                right: Some(Box::new(Balanced {
                    value: 85,
                    height: 107,
                    left: Some(Box::new(Balanced {
                        value: 154,
                        height: 82,
                        left: None,
                        right: Some(Box::new(Balanced {
                            value: 81,
                            height: 30,
                            left: None,
                            right: None
                        }))
                    })),
                    right: Some(Box::new(Balanced {
                        value: 0,
                        height: 1,
                        left: None,
                        right: Some(Box::new(Balanced {
                            value: 1,
                            height: 1,
                            left: None,
                            right: None
                        }))
                    }))
                }))
            })),
            88
        ));
    }

    #[test]
    fn insert_balanced_returns_false() {
        // Covers line 403 `Some(node)` matched;
        //     line 413 `match value.cmp(&node.value)` Ordering::Equal; line 418 `added` false.
        assert!(!insert_balanced::<u8>(
            &mut Some(Box::new(Balanced {
                value: 0,
                height: 0,
                left: None,
                right: None
            })),
            0
        ));
    }

    #[test]
    #[should_panic(expected = "attempt to add with overflow")]
    fn insert_balanced_panics_attempt_to_add_with() {
        // Covers line 403 `Some(node)` matched; line 403 `Some(node)` else;
        //     line 413 `match value.cmp(&node.value)` Ordering::Less; line 418 `added` true.
        let _ = insert_balanced::<u8>(
            &mut Some(Box::new(Balanced {
                value: 236,
                height: 0,
                left: None,
                right: Some(Box::new(Balanced {
                    value: 0,
                    height: u8::MAX,
                    left: None,
                    right: None,
                })),
            })),
            0,
        );
    }

    #[test]
    fn insert_balanced_returns_false_2() {
        // Covers line 403 `Some(node)` matched;
        //     line 413 `match value.cmp(&node.value)` Ordering::Less;
        //     line 413 `match value.cmp(&node.value)` Ordering::Equal; line 418 `added` false.
        assert!(!insert_balanced::<u8>(
            &mut Some(Box::new(Balanced {
                value: 1,
                height: 0,
                left: Some(Box::new(Balanced {
                    value: 0,
                    height: 0,
                    left: None,
                    right: Some(Box::new(Balanced {
                        value: 0,
                        height: u8::MAX,
                        left: None,
                        right: None
                    }))
                })),
                right: None
            })),
            0
        ));
    }

    // symtest: fn=insert_colored covered=19/19 seed=376284 algorithm=hybrid budget-evals=20000
    #[test]
    fn insert_colored_returns_colored_value_0_red() {
        // Covers line 248 `Some(mut node)` matched;
        //     line 257 `match value.cmp(&node.value)` Ordering::Less;
        //     line 257 `match value.cmp(&node.value)` Ordering::Equal;
        //     line 270 `is_red(&node.right)` true; line 270 `is_red(&node.left)` true;
        //     line 270 `is_red(&node.left)` false; line 273 `is_red(&node.left)` true;
        //     line 273 `node.left.as_ref().is_some_and(| left...` true; and 6 more.
        assert_eq!(
            format!(
                "{:?}",
                insert_colored::<u8>(
                    Some(Box::new(Colored {
                        value: 1,
                        red: false,
                        left: Some(Box::new(Colored {
                            value: 0,
                            red: true,
                            left: None,
                            right: Some(Box::new(Colored {
                                value: 0,
                                red: true,
                                left: None,
                                right: None
                            }))
                        })),
                        right: Some(Box::new(Colored {
                            value: 0,
                            red: true,
                            left: None,
                            right: None
                        }))
                    })),
                    0
                )
            ),
            "(Colored { value: 0, red: true, left: Some(Colored { value: 0, red: false, left: None, right: None }), right: Some(Colored { value: 1, red: false, left: None, right: Some(Colored { value: 0, red: true, left: None, right: None }) }) }, false)"
        );
    }

    #[test]
    fn insert_colored_returns_colored_value_3_red() {
        // Covers line 248 `Some(mut node)` matched; line 248 `Some(mut node)` else;
        //     line 257 `match value.cmp(&node.value)` Ordering::Less;
        //     line 270 `is_red(&node.right)` false; line 273 `is_red(&node.left)` true;
        //     line 273 `is_red(&node.left)` false;
        //     line 273 `node.left.as_ref().is_some_and(| left...` false;
        //     line 276 `is_red(&node.left)` true; and 2 more.
        assert_eq!(
            format!(
                "{:?}",
                insert_colored::<u8>(
                    Some(Box::new(Colored {
                        value: 3,
                        red: false,
                        left: Some(Box::new(Colored {
                            value: 135,
                            red: false,
                            left: None,
                            right: None
                        })),
                        right: None
                    })),
                    0
                )
            ),
            "(Colored { value: 3, red: false, left: Some(Colored { value: 135, red: false, left: Some(Colored { value: 0, red: true, left: None, right: None }), right: None }), right: None }, true)"
        );
    }

    #[test]
    fn insert_colored_returns_colored_value_0_red_2() {
        // Covers line 248 `Some(mut node)` matched; line 248 `Some(mut node)` else;
        //     line 257 `match value.cmp(&node.value)` Ordering::Greater;
        //     line 270 `is_red(&node.right)` true; line 270 `is_red(&node.right)` false;
        //     line 270 `is_red(&node.left)` false; line 273 `is_red(&node.left)` true;
        //     line 273 `is_red(&node.left)` false; and 4 more.
        assert_eq!(
            format!(
                "{:?}",
                insert_colored::<u8>(
                    Some(Box::new(Colored {
                        value: 0,
                        red: false,
                        left: None,
                        right: Some(Box::new(Colored {
                            value: 0,
                            red: false,
                            left: None,
                            right: None
                        }))
                    })),
                    1
                )
            ),
            "(Colored { value: 0, red: false, left: None, right: Some(Colored { value: 1, red: false, left: Some(Colored { value: 0, red: true, left: None, right: None }), right: None }) }, true)"
        );
    }

    // symtest: fn=is_red covered=0/0 seed=376284 algorithm=hybrid budget-evals=20000
    #[test]
    fn is_red_returns_false() {
        // Covers no branches.
        assert!(!is_red::<u8>(&None));
    }

    #[test]
    fn is_red_returns_true() {
        // Covers no branches.
        assert!(is_red::<u8>(&Some(Box::new(Colored {
            value: 0,
            red: true,
            left: None,
            right: None
        }))));
    }

    // symtest: fn=lean covered=0/0 seed=376284 algorithm=hybrid budget-evals=20000
    #[test]
    fn lean_returns_0() {
        // Covers no branches.
        assert_eq!(
            lean::<u8>(&Balanced {
                value: 0,
                height: 0,
                left: None,
                right: None
            }),
            0
        );
    }

    #[test]
    fn lean_returns_minus_1() {
        // Covers no branches.
        assert_eq!(
            lean::<u8>(&Balanced {
                value: 0,
                height: 0,
                left: None,
                right: Some(Box::new(Balanced {
                    value: 0,
                    height: 1,
                    left: None,
                    right: None
                }))
            }),
            -1
        );
    }

    #[test]
    fn lean_returns_1() {
        // Covers no branches.
        assert_eq!(
            lean::<u8>(&Balanced {
                value: 0,
                height: 0,
                left: Some(Box::new(Balanced {
                    value: 0,
                    height: 1,
                    left: None,
                    right: None
                })),
                right: None
            }),
            1
        );
    }

    // symtest: fn=link covered=2/2 seed=376284 algorithm=hybrid budget-evals=20000
    #[test]
    fn link_returns_binomial_key_0_children() {
        // Covers line 473 `b.key < a.key` false.
        assert_eq!(
            format!(
                "{:?}",
                link::<u8>(
                    Box::new(Binomial {
                        key: 0,
                        children: vec![]
                    }),
                    Box::new(Binomial {
                        key: 0,
                        children: vec![]
                    })
                )
            ),
            "Binomial { key: 0, children: [Binomial { key: 0, children: [] }] }"
        );
    }

    #[test]
    fn link_returns_binomial_key_0_children_2() {
        // Covers line 473 `b.key < a.key` true.
        assert_eq!(
            format!(
                "{:?}",
                link::<u8>(
                    Box::new(Binomial {
                        key: 1,
                        children: vec![]
                    }),
                    Box::new(Binomial {
                        key: 0,
                        children: vec![]
                    })
                )
            ),
            "Binomial { key: 0, children: [Binomial { key: 1, children: [] }] }"
        );
    }

    // symtest: fn=rebalance covered=8/8 seed=376284 algorithm=hybrid budget-evals=20000
    #[test]
    fn rebalance_returns_balanced_value_0_height() {
        // Covers line 371 `lean > 1` false; line 383 `lean < -1` true;
        //     line 385 `self::lean(&right) > 0` true.
        assert_eq!(
            format!(
                "{:?}",
                rebalance::<u8>(Box::new(Balanced {
                    value: 0,
                    height: 0,
                    left: None,
                    right: Some(Box::new(Balanced {
                        value: 0,
                        height: 2,
                        left: Some(Box::new(Balanced {
                            value: 0,
                            height: 1,
                            left: None,
                            right: None
                        })),
                        right: None
                    }))
                }))
            ),
            "Balanced { value: 0, height: 2, left: Some(Balanced { value: 0, height: 1, left: None, right: None }), right: Some(Balanced { value: 0, height: 1, left: None, right: None }) }"
        );
    }

    #[test]
    fn rebalance_returns_balanced_value_0_height_2() {
        // Covers line 371 `lean > 1` true; line 373 `self::lean(&left) < 0` false.
        assert_eq!(
            format!(
                "{:?}",
                rebalance::<u8>(Box::new(Balanced {
                    value: 0,
                    height: 0,
                    left: Some(Box::new(Balanced {
                        value: 0,
                        height: 2,
                        left: None,
                        right: None
                    })),
                    right: None
                }))
            ),
            "Balanced { value: 0, height: 2, left: None, right: Some(Balanced { value: 0, height: 1, left: None, right: None }) }"
        );
    }

    #[test]
    fn rebalance_returns_balanced_value_0_height_3() {
        // Covers line 371 `lean > 1` false; line 383 `lean < -1` true;
        //     line 385 `self::lean(&right) > 0` false.
        assert_eq!(
            format!(
                "{:?}",
                rebalance::<u8>(Box::new(Balanced {
                    value: 0,
                    height: 0,
                    left: None,
                    right: Some(Box::new(Balanced {
                        value: 0,
                        height: 2,
                        left: None,
                        right: None
                    }))
                }))
            ),
            "Balanced { value: 0, height: 2, left: Some(Balanced { value: 0, height: 1, left: None, right: None }), right: None }"
        );
    }

    #[test]
    fn rebalance_returns_balanced_value_0_height_4() {
        // Covers line 371 `lean > 1` false; line 383 `lean < -1` false.
        assert_eq!(
            format!(
                "{:?}",
                rebalance::<u8>(Box::new(Balanced {
                    value: 0,
                    height: 0,
                    left: Some(Box::new(Balanced {
                        value: 0,
                        height: 1,
                        left: None,
                        right: None
                    })),
                    right: None
                }))
            ),
            "Balanced { value: 0, height: 2, left: Some(Balanced { value: 0, height: 1, left: None, right: None }), right: None }"
        );
    }

    #[test]
    fn rebalance_returns_balanced_value_0_height_5() {
        // Covers line 371 `lean > 1` true; line 373 `self::lean(&left) < 0` true.
        assert_eq!(
            format!(
                "{:?}",
                rebalance::<u8>(Box::new(Balanced {
                    value: 0,
                    height: 0,
                    left: Some(Box::new(Balanced {
                        value: 0,
                        height: 86,
                        left: None,
                        right: Some(Box::new(Balanced {
                            value: 0,
                            height: 1,
                            left: None,
                            right: None
                        }))
                    })),
                    right: None
                }))
            ),
            "Balanced { value: 0, height: 2, left: Some(Balanced { value: 0, height: 1, left: None, right: None }), right: Some(Balanced { value: 0, height: 1, left: None, right: None }) }"
        );
    }

    #[test]
    fn rebalance_returns_balanced_value_0_height_6() {
        // Covers line 371 `lean > 1` false; line 383 `lean < -1` false.
        assert_eq!(
            format!(
                "{:?}",
                rebalance::<u8>(Box::new(Balanced {
                    value: 0,
                    height: 0,
                    left: None,
                    right: Some(Box::new(Balanced {
                        value: 0,
                        height: 1,
                        left: None,
                        right: None
                    }))
                }))
            ),
            "Balanced { value: 0, height: 2, left: None, right: Some(Balanced { value: 0, height: 1, left: None, right: None }) }"
        );
    }

    #[test]
    fn rebalance_returns_balanced_value_0_height_7() {
        // Covers line 371 `lean > 1` true; line 373 `self::lean(&left) < 0` false.
        assert_eq!(
            format!(
                "{:?}",
                rebalance::<u8>(Box::new(Balanced {
                    value: 0,
                    height: 0,
                    left: Some(Box::new(Balanced {
                        value: 0,
                        height: 2,
                        left: Some(Box::new(Balanced {
                            value: 0,
                            height: 1,
                            left: None,
                            right: None
                        })),
                        right: None
                    })),
                    right: None
                }))
            ),
            "Balanced { value: 0, height: 2, left: Some(Balanced { value: 0, height: 1, left: None, right: None }), right: Some(Balanced { value: 0, height: 1, left: None, right: None }) }"
        );
    }

    #[test]
    fn rebalance_returns_balanced_value_0_height_8() {
        // Covers line 371 `lean > 1` false; line 383 `lean < -1` true;
        //     line 385 `self::lean(&right) > 0` false.
        assert_eq!(
            format!(
                "{:?}",
                rebalance::<u8>(Box::new(Balanced {
                    value: 0,
                    height: 0,
                    left: None,
                    right: Some(Box::new(Balanced {
                        value: 0,
                        height: 207,
                        left: None,
                        right: Some(Box::new(Balanced {
                            value: 182,
                            height: 236,
                            left: Some(Box::new(Balanced {
                                value: 0,
                                height: 76,
                                left: None,
                                right: None
                            })),
                            right: Some(Box::new(Balanced {
                                value: 35,
                                height: 1,
                                left: None,
                                right: None
                            }))
                        }))
                    }))
                }))
            ),
            "Balanced { value: 0, height: 237, left: Some(Balanced { value: 0, height: 1, left: None, right: None }), right: Some(Balanced { value: 182, height: 236, left: Some(Balanced { value: 0, height: 76, left: None, right: None }), right: Some(Balanced { value: 35, height: 1, left: None, right: None }) }) }"
        );
    }

    #[test]
    fn rebalance_returns_balanced_value_0_height_9() {
        // Covers line 371 `lean > 1` true; line 373 `self::lean(&left) < 0` true.
        assert_eq!(
            format!(
                "{:?}",
                rebalance::<u8>(Box::new(Balanced {
                    value: 0,
                    height: 0,
                    left: Some(Box::new(Balanced {
                        value: 0,
                        height: 105,
                        left: None,
                        right: Some(Box::new(Balanced {
                            value: 0,
                            height: u8::MAX,
                            left: None,
                            right: None
                        }))
                    })),
                    right: None
                }))
            ),
            "Balanced { value: 0, height: 2, left: Some(Balanced { value: 0, height: 1, left: None, right: None }), right: Some(Balanced { value: 0, height: 1, left: None, right: None }) }"
        );
    }

    // symtest: fn=remove_from covered=8/8 seed=376284 algorithm=hybrid budget-evals=20000
    #[test]
    fn remove_from_returns_false() {
        // Covers line 122 `Some(branch)` matched; line 122 `Some(branch)` else;
        //     line 125 `match value.cmp(&branch.value)` Ordering::Less;
        //     line 125 `match value.cmp(&branch.value)` Ordering::Greater.
        assert!(!remove_from::<u8>(
            &mut Some(Box::new(Branch {
                value: 2,
                left: Some(Box::new(Branch {
                    value: 0,
                    left: None,
                    right: None
                })),
                right: None
            })),
            &1
        ));
    }

    #[test]
    fn remove_from_returns_true() {
        // Covers line 122 `Some(branch)` matched;
        //     line 125 `match value.cmp(&branch.value)` Ordering::Equal;
        //     line 130 `match(branch.left.take(), branch.righ...` (Some(left), Some(right)).
        assert!(remove_from::<u8>(
            &mut Some(Box::new(Branch {
                value: 0,
                left: Some(Box::new(Branch {
                    value: 0,
                    left: None,
                    right: None
                })),
                right: Some(Box::new(Branch {
                    value: 0,
                    left: None,
                    right: None
                }))
            })),
            &0
        ));
    }

    #[test]
    fn remove_from_returns_true_2() {
        // Covers line 122 `Some(branch)` matched;
        //     line 125 `match value.cmp(&branch.value)` Ordering::Equal; line 130
        //     `match(branch.left.take(), branch.righ...` (Some(only), None) | (None, Some(only)).
        assert!(remove_from::<u8>(
            &mut Some(Box::new(Branch {
                value: 1,
                left: None,
                right: Some(Box::new(Branch {
                    value: 0,
                    left: None,
                    right: None
                }))
            })),
            &1
        ));
    }

    #[test]
    fn remove_from_returns_true_3() {
        // Covers line 122 `Some(branch)` matched;
        //     line 125 `match value.cmp(&branch.value)` Ordering::Equal;
        //     line 130 `match(branch.left.take(), branch.righ...` (None, None).
        assert!(remove_from::<u8>(
            &mut Some(Box::new(Branch {
                value: 0,
                left: None,
                right: None
            })),
            &0
        ));
    }

    // symtest: fn=rotate_left covered=0/0 seed=376284 algorithm=hybrid budget-evals=20000
    #[test]
    #[should_panic(expected = "a left rotation has a right child")]
    fn rotate_left_panics_a_left_rotation_has() {
        // Covers no branches.
        let _ = rotate_left::<u8>(Box::new(Colored {
            value: 0,
            red: false,
            left: None,
            right: None,
        }));
    }

    // symtest: fn=rotate_right covered=0/0 seed=376284 algorithm=hybrid budget-evals=20000
    #[test]
    #[should_panic(expected = "a right rotation has a left child")]
    fn rotate_right_panics_a_right_rotation_has() {
        // Covers no branches.
        let _ = rotate_right::<u8>(Box::new(Colored {
            value: 0,
            red: false,
            left: None,
            right: None,
        }));
    }

    // symtest: fn=take_min covered=2/2 seed=376284 algorithm=hybrid budget-evals=20000
    #[test]
    fn take_min_returns_0_some_branch_value() {
        // Covers line 109 `match branch.left.take()` None;
        //     line 109 `match branch.left.take()` Some(left).
        assert_eq!(
            format!(
                "{:?}",
                take_min::<u8>(Box::new(Branch {
                    value: 0,
                    left: Some(Box::new(Branch {
                        value: 0,
                        left: None,
                        right: None
                    })),
                    right: None
                }))
            ),
            "(0, Some(Branch { value: 0, left: None, right: None }))"
        );
    }

    // symtest: fn=updated covered=0/0 seed=376284 algorithm=hybrid budget-evals=20000
    #[test]
    fn updated_returns_balanced_value_0_height() {
        // Covers no branches.
        assert_eq!(
            format!(
                "{:?}",
                updated::<u8>(Box::new(Balanced {
                    value: 0,
                    height: 0,
                    left: None,
                    right: None
                }))
            ),
            "Balanced { value: 0, height: 1, left: None, right: None }"
        );
    }

    #[test]
    fn updated_returns_balanced_value_0_height_2() {
        // Covers no branches.
        assert_eq!(
            format!(
                "{:?}",
                updated::<u8>(Box::new(Balanced {
                    value: 0,
                    height: 0,
                    left: Some(Box::new(Balanced {
                        value: 0,
                        height: 2,
                        left: None,
                        right: None
                    })),
                    right: None
                }))
            ),
            "Balanced { value: 0, height: 3, left: Some(Balanced { value: 0, height: 2, left: None, right: None }), right: None }"
        );
    }

    #[test]
    #[should_panic(expected = "attempt to add with overflow")]
    fn updated_panics_attempt_to_add_with() {
        // Covers no branches.
        let _ = updated::<u8>(Box::new(Balanced {
            value: 0,
            height: 0,
            left: Some(Box::new(Balanced {
                value: 0,
                height: u8::MAX,
                left: None,
                right: None,
            })),
            right: None,
        }));
    }
}
// @end generated by `cargo symtest`
