//! Generic containers, each an impl block generic over its keys or items: an AVL-balanced
//! sorted map over boxed nodes, a binary-heap priority queue over a vector, and a
//! least-recently-used cache that evicts when full. Their branches need particular shapes:
//! the four rotations, sifting past one child or both, an eviction.
//!
//! `cargo symtest` searches each block with `u8` for its type parameters (their bounds are
//! `Ord`, `Eq` or none) and writes tests that name them: `SortedMap::<u8, u8>::new()`.

use std::cmp::Ordering;

use symtest_runtime::symtest;

/// A map sorted by key, balanced as an AVL tree: the heights of a node's subtrees differ by
/// at most one, restored by rotations on the way back up from each insertion. Its nodes live
/// in a vector and name their children by index.
#[derive(Debug)]
pub struct SortedMap<K, V> {
    nodes: Vec<Node<K, V>>,
    root: Option<usize>,
}

#[derive(Debug)]
struct Node<K, V> {
    key: K,
    value: V,
    height: u8,
    left: Option<usize>,
    right: Option<usize>,
}

fn height<K, V>(nodes: &[Node<K, V>], node: Option<usize>) -> u8 {
    node.map_or(0, |index| nodes[index].height)
}

/// How much taller the left subtree of `index` is than its right one.
fn balance<K, V>(nodes: &[Node<K, V>], index: usize) -> i16 {
    let node = &nodes[index];
    i16::from(height(nodes, node.left)) - i16::from(height(nodes, node.right))
}

fn update<K, V>(nodes: &mut [Node<K, V>], index: usize) {
    let (left, right) = (nodes[index].left, nodes[index].right);
    nodes[index].height = 1 + height(nodes, left).max(height(nodes, right));
}

/// Lifts the left child of `index` above it; returns the subtree's new root.
fn rotate_right<K, V>(nodes: &mut [Node<K, V>], index: usize) -> usize {
    let left = nodes[index]
        .left
        .expect("a right rotation has a left child");
    nodes[index].left = nodes[left].right;
    nodes[left].right = Some(index);
    update(nodes, index);
    update(nodes, left);
    left
}

/// Lifts the right child of `index` above it; returns the subtree's new root.
fn rotate_left<K, V>(nodes: &mut [Node<K, V>], index: usize) -> usize {
    let right = nodes[index]
        .right
        .expect("a left rotation has a right child");
    nodes[index].right = nodes[right].left;
    nodes[right].left = Some(index);
    update(nodes, index);
    update(nodes, right);
    right
}

#[symtest]
impl<K: Ord, V> SortedMap<K, V> {
    pub fn new() -> Self {
        SortedMap {
            nodes: Vec::new(),
            root: None,
        }
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.root.is_none()
    }

    /// The tree's height: at most 1.44 log2(n + 2) for an AVL tree.
    pub fn height(&self) -> u8 {
        height(&self.nodes, self.root)
    }

    /// Inserts `value` under `key`; returns the value it replaces.
    pub fn insert(&mut self, key: K, value: V) -> Option<V> {
        // Down to the new leaf's place, noting each step.
        let mut path = Vec::new();
        let mut current = self.root;
        while let Some(index) = current {
            let node = &mut self.nodes[index];
            let went_left = match key.cmp(&node.key) {
                Ordering::Less => true,
                Ordering::Greater => false,
                Ordering::Equal => return Some(std::mem::replace(&mut node.value, value)),
            };
            current = if went_left { node.left } else { node.right };
            path.push((index, went_left));
        }
        let mut child = self.nodes.len();
        self.nodes.push(Node {
            key,
            value,
            height: 1,
            left: None,
            right: None,
        });
        // Back up, rebalancing each ancestor.
        while let Some((index, went_left)) = path.pop() {
            match went_left {
                true => self.nodes[index].left = Some(child),
                false => self.nodes[index].right = Some(child),
            }
            update(&mut self.nodes, index);
            let lean = balance(&self.nodes, index);
            child = if lean > 1 {
                let left = self.nodes[index].left.expect("a taller left side");
                if balance(&self.nodes, left) < 0 {
                    // Left-right: the left child leans right.
                    self.nodes[index].left = Some(rotate_left(&mut self.nodes, left));
                }
                rotate_right(&mut self.nodes, index)
            } else if lean < -1 {
                let right = self.nodes[index].right.expect("a taller right side");
                if balance(&self.nodes, right) > 0 {
                    // Right-left: the right child leans left.
                    self.nodes[index].right = Some(rotate_right(&mut self.nodes, right));
                }
                rotate_left(&mut self.nodes, index)
            } else {
                index
            };
        }
        self.root = Some(child);
        None
    }

    pub fn get(&self, key: &K) -> Option<&V> {
        let mut current = self.root;
        while let Some(index) = current {
            let node = &self.nodes[index];
            current = match key.cmp(&node.key) {
                Ordering::Less => node.left,
                Ordering::Greater => node.right,
                Ordering::Equal => return Some(&node.value),
            };
        }
        None
    }

    /// The smallest key.
    pub fn first_key(&self) -> Option<&K> {
        let mut index = self.root?;
        while let Some(left) = self.nodes[index].left {
            index = left;
        }
        Some(&self.nodes[index].key)
    }
}

#[symtest]
impl<K: Ord, V> Default for SortedMap<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

/// A max-priority queue: a binary heap in a vector, each item no smaller than its children.
#[derive(Debug)]
pub struct PriorityQueue<T> {
    items: Vec<T>,
}

#[symtest]
impl<T: Ord> PriorityQueue<T> {
    pub fn new() -> Self {
        PriorityQueue { items: Vec::new() }
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn peek(&self) -> Option<&T> {
        self.items.first()
    }

    pub fn push(&mut self, item: T) {
        self.items.push(item);
        let mut child = self.items.len() - 1;
        while child > 0 {
            let parent = (child - 1) / 2;
            if self.items[child] <= self.items[parent] {
                break;
            }
            self.items.swap(child, parent);
            child = parent;
        }
    }

    /// Takes the largest item out.
    pub fn pop(&mut self) -> Option<T> {
        if self.items.is_empty() {
            return None;
        }
        let last = self.items.len() - 1;
        self.items.swap(0, last);
        let top = self.items.pop();
        let mut parent = 0;
        loop {
            let left = 2 * parent + 1;
            let right = left + 1;
            if left >= self.items.len() {
                break;
            }
            // The larger child: the right one only where there is one and it is larger.
            let larger = if right < self.items.len() && self.items[right] > self.items[left] {
                right
            } else {
                left
            };
            if self.items[parent] >= self.items[larger] {
                break;
            }
            self.items.swap(parent, larger);
            parent = larger;
        }
        top
    }
}

#[symtest]
impl<T: Ord> Default for PriorityQueue<T> {
    fn default() -> Self {
        Self::new()
    }
}

/// A cache of at most `capacity` entries that evicts the least recently used one when full.
#[derive(Debug)]
pub struct LruCache<K, V> {
    capacity: usize,
    /// Most recently used first.
    entries: Vec<(K, V)>,
    evicted: usize,
}

#[symtest]
impl<K: Eq, V> LruCache<K, V> {
    /// A cache of `capacity` entries, at most 16.
    pub fn new(capacity: usize) -> Self {
        LruCache {
            capacity: capacity.min(16),
            entries: Vec::new(),
            evicted: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// How many entries were evicted so far.
    pub fn evicted(&self) -> usize {
        self.evicted
    }

    /// The value under `key`, which becomes the most recently used.
    pub fn get(&mut self, key: &K) -> Option<&V> {
        let position = self.entries.iter().position(|(k, _)| k == key)?;
        if position > 0 {
            let entry = self.entries.remove(position);
            self.entries.insert(0, entry);
        }
        self.entries.first().map(|(_, value)| value)
    }

    /// Puts `value` under `key`; returns the value it replaces. A new key in a full cache
    /// evicts the least recently used entry; a cache of no capacity keeps nothing.
    pub fn put(&mut self, key: K, value: V) -> Option<V> {
        if self.capacity == 0 {
            return None;
        }
        if let Some(position) = self.entries.iter().position(|(k, _)| *k == key) {
            let (_, old) = self.entries.remove(position);
            self.entries.insert(0, (key, value));
            return Some(old);
        }
        if self.entries.len() == self.capacity {
            self.entries.pop();
            self.evicted += 1;
        }
        self.entries.insert(0, (key, value));
        None
    }
}

// @generated by `cargo symtest`: regenerated on every run; edit the code, not this module.
#[cfg(test)]
#[symtest(generated)]
mod symtest_tests {
    use super::*;

    // symtest: fn=LruCache covered=10/10 seed=52118 algorithm=dynamosa budget-evals=20000
    #[test]
    fn lru_cache_is_empty_returns_false() {
        // Covers line 285 `self.entries.iter().position(| (k, _)...` returned early;
        //     line 296 `self.capacity == 0` false; line 299 `Some(position)` matched;
        //     line 299 `Some(position)` not matched;
        //     line 304 `self.entries.len() == self.capacity` true;
        //     line 304 `self.entries.len() == self.capacity` false.
        let mut lru_cache = LruCache::<u8, u8>::new(1);
        assert_eq!(lru_cache.put(0, 0), None);
        assert_eq!(lru_cache.put(0, 0), Some(0));
        assert_eq!(lru_cache.put(1, 0), None);
        assert_eq!(lru_cache.evicted(), 1);
        assert_eq!(lru_cache.get(&0), None);
        assert_eq!(lru_cache.len(), 1);
        assert!(!lru_cache.is_empty());
        assert_eq!(lru_cache.len(), 1);
        assert!(!lru_cache.is_empty());
        assert_eq!(lru_cache.evicted(), 1);
    }

    #[test]
    fn lru_cache_get_returns_some_0() {
        // Covers line 285 `self.entries.iter().position(| (k, _)...` continued;
        //     line 285 `self.entries.iter().position(| (k, _)...` returned early;
        //     line 286 `position > 0` false; line 296 `self.capacity == 0` false;
        //     line 299 `Some(position)` not matched;
        //     line 304 `self.entries.len() == self.capacity` false.
        let mut lru_cache = LruCache::<u8, u8>::new(1);
        assert_eq!(lru_cache.put(0, 0), None);
        assert_eq!(lru_cache.get(&1), None);
        assert_eq!(lru_cache.evicted(), 0);
        assert_eq!(lru_cache.get(&0), Some(&0));
        assert_eq!(lru_cache.len(), 1);
        assert!(!lru_cache.is_empty());
        assert_eq!(lru_cache.evicted(), 0);
    }

    #[test]
    fn lru_cache_put_returns_none() {
        // Covers line 296 `self.capacity == 0` true.
        let mut lru_cache = LruCache::<u8, u8>::new(0);
        assert!(lru_cache.is_empty());
        assert_eq!(lru_cache.put(0, 0), None);
        assert_eq!(lru_cache.len(), 0);
        assert!(lru_cache.is_empty());
        assert_eq!(lru_cache.evicted(), 0);
    }

    #[test]
    fn lru_cache_is_empty_returns_false_2() {
        // Covers line 285 `self.entries.iter().position(| (k, _)...` continued;
        //     line 285 `self.entries.iter().position(| (k, _)...` returned early;
        //     line 286 `position > 0` true; line 296 `self.capacity == 0` false;
        //     line 299 `Some(position)` matched; line 299 `Some(position)` not matched;
        //     line 304 `self.entries.len() == self.capacity` false.
        let mut lru_cache = LruCache::<u8, u8>::new(8);
        assert_eq!(lru_cache.put(0, 0), None);
        assert_eq!(lru_cache.put(0, 0), Some(0));
        assert_eq!(lru_cache.get(&1), None);
        assert_eq!(lru_cache.evicted(), 0);
        assert_eq!(lru_cache.put(178, 0), None);
        assert_eq!(lru_cache.len(), 2);
        assert_eq!(lru_cache.get(&0), Some(&0));
        assert!(!lru_cache.is_empty());
        assert_eq!(lru_cache.len(), 2);
        assert!(!lru_cache.is_empty());
        assert_eq!(lru_cache.evicted(), 0);
    }

    #[test]
    fn lru_cache_is_empty_returns_true() {
        // Covers no branches.
        let lru_cache = LruCache::<u8, u8>::new(0);
        assert_eq!(lru_cache.len(), 0);
        assert!(lru_cache.is_empty());
        assert_eq!(lru_cache.len(), 0);
        assert!(lru_cache.is_empty());
        assert_eq!(lru_cache.evicted(), 0);
    }

    #[test]
    fn lru_cache_get_returns_some_0_2() {
        // Covers line 285 `self.entries.iter().position(| (k, _)...` continued;
        //     line 286 `position > 0` true; line 296 `self.capacity == 0` false;
        //     line 299 `Some(position)` not matched;
        //     line 304 `self.entries.len() == self.capacity` false.
        let mut lru_cache = LruCache::<u8, u8>::new(2);
        assert_eq!(lru_cache.put(0, 0), None);
        assert_eq!(lru_cache.put(1, 1), None);
        assert_eq!(lru_cache.get(&0), Some(&0));
        assert_eq!(lru_cache.len(), 2);
        assert!(!lru_cache.is_empty());
        assert_eq!(lru_cache.evicted(), 0);
    }

    // symtest: fn=PriorityQueue covered=14/14 seed=52118 algorithm=dynamosa budget-evals=20000
    #[test]
    fn priority_queue_pop_returns_some_1() {
        // Covers line 202 `child > 0` true; line 202 `child > 0` false;
        //     line 204 `self.items[child] <= self.items[parent]` true;
        //     line 204 `self.items[child] <= self.items[parent]` false;
        //     line 214 `self.items.is_empty()` false; line 224 `left >= self.items.len()` true;
        //     line 224 `left >= self.items.len()` false; line 228 `right < self.items.len()` true;
        //     and 4 more.
        let mut priority_queue = PriorityQueue::<u8>::new();
        priority_queue.push(0);
        priority_queue.push(0);
        priority_queue.push(1);
        priority_queue.push(1);
        assert_eq!(priority_queue.pop(), Some(1));
        assert_eq!(priority_queue.len(), 3);
        assert_eq!(priority_queue.pop(), Some(1));
        assert_eq!(priority_queue.len(), 2);
        assert!(!priority_queue.is_empty());
        assert_eq!(priority_queue.peek(), Some(&0));
    }

    #[test]
    fn priority_queue_len_returns_0() {
        // Covers line 202 `child > 0` false; line 214 `self.items.is_empty()` true;
        //     line 214 `self.items.is_empty()` false; line 224 `left >= self.items.len()` true.
        let mut priority_queue = PriorityQueue::<u8>::new();
        assert_eq!(priority_queue.pop(), None);
        assert_eq!(priority_queue.peek(), None);
        priority_queue.push(0);
        assert_eq!(priority_queue.peek(), Some(&0));
        assert_eq!(priority_queue.pop(), Some(0));
        assert_eq!(priority_queue.len(), 0);
        assert!(priority_queue.is_empty());
        assert_eq!(priority_queue.peek(), None);
    }

    #[test]
    fn priority_queue_is_empty_returns_false() {
        // Covers line 202 `child > 0` false.
        let mut priority_queue = PriorityQueue::<u8>::new();
        assert!(priority_queue.is_empty());
        priority_queue.push(0);
        assert_eq!(priority_queue.len(), 1);
        assert!(!priority_queue.is_empty());
        assert_eq!(priority_queue.len(), 1);
        assert!(!priority_queue.is_empty());
        assert_eq!(priority_queue.peek(), Some(&0));
    }

    #[test]
    fn priority_queue_pop_returns_some_1_2() {
        // Covers line 202 `child > 0` true; line 202 `child > 0` false;
        //     line 204 `self.items[child] <= self.items[parent]` true;
        //     line 204 `self.items[child] <= self.items[parent]` false;
        //     line 214 `self.items.is_empty()` false; line 224 `left >= self.items.len()` true;
        //     line 224 `left >= self.items.len()` false; line 228 `right < self.items.len()` false;
        //     and 1 more.
        let mut priority_queue = PriorityQueue::<u8>::new();
        priority_queue.push(0);
        priority_queue.push(0);
        assert_eq!(priority_queue.pop(), Some(0));
        priority_queue.push(0);
        priority_queue.push(1);
        assert_eq!(priority_queue.len(), 3);
        assert_eq!(priority_queue.pop(), Some(1));
        assert_eq!(priority_queue.len(), 2);
        assert!(!priority_queue.is_empty());
        assert_eq!(priority_queue.peek(), Some(&0));
    }

    #[test]
    fn priority_queue_pop_returns_some_1_3() {
        // Covers line 202 `child > 0` true; line 202 `child > 0` false;
        //     line 204 `self.items[child] <= self.items[parent]` true;
        //     line 204 `self.items[child] <= self.items[parent]` false;
        //     line 214 `self.items.is_empty()` false; line 224 `left >= self.items.len()` true;
        //     line 224 `left >= self.items.len()` false; line 228 `right < self.items.len()` true;
        //     and 4 more.
        let mut priority_queue = PriorityQueue::<u8>::new();
        priority_queue.push(0);
        priority_queue.push(1);
        priority_queue.push(1);
        assert_eq!(priority_queue.len(), 3);
        priority_queue.push(0);
        assert_eq!(priority_queue.pop(), Some(1));
        assert_eq!(priority_queue.pop(), Some(1));
        assert_eq!(priority_queue.len(), 2);
        assert!(!priority_queue.is_empty());
        assert_eq!(priority_queue.peek(), Some(&0));
    }

    #[test]
    fn priority_queue_pop_returns_some_2() {
        // Covers line 202 `child > 0` true; line 202 `child > 0` false;
        //     line 204 `self.items[child] <= self.items[parent]` true;
        //     line 204 `self.items[child] <= self.items[parent]` false;
        //     line 214 `self.items.is_empty()` false; line 224 `left >= self.items.len()` true;
        //     line 224 `left >= self.items.len()` false; line 228 `right < self.items.len()` false;
        //     and 1 more.
        let mut priority_queue = PriorityQueue::<u8>::new();
        priority_queue.push(0);
        priority_queue.push(0);
        assert_eq!(priority_queue.pop(), Some(0));
        priority_queue.push(0);
        assert_eq!(priority_queue.pop(), Some(0));
        priority_queue.push(2);
        priority_queue.push(1);
        assert_eq!(priority_queue.pop(), Some(2));
        assert_eq!(priority_queue.len(), 2);
        assert!(!priority_queue.is_empty());
        assert_eq!(priority_queue.peek(), Some(&1));
    }

    // symtest: fn=SortedMap covered=28/28 seed=52118 algorithm=dynamosa budget-evals=20000
    #[test]
    fn sorted_map_len_returns_5() {
        // Covers line 97 `Some(index)` matched; line 97 `Some(index)` not matched;
        //     line 99 `match key.cmp(&node.key)` Ordering::Less;
        //     line 99 `match key.cmp(&node.key)` Ordering::Greater;
        //     line 99 `match key.cmp(&node.key)` Ordering::Equal; line 104 `went_left` true;
        //     line 104 `went_left` false; line 116 `Some((index, went_left))` matched; and 18 more.
        let mut sorted_map = SortedMap::<u8, u8>::new();
        assert_eq!(sorted_map.first_key(), None);
        assert_eq!(sorted_map.insert(0, 0), None);
        assert_eq!(sorted_map.insert(240, 0), None);
        assert_eq!(sorted_map.insert(2, 0), None);
        assert_eq!(sorted_map.insert(77, 0), None);
        assert_eq!(sorted_map.height(), 3);
        assert_eq!(sorted_map.insert(79, u8::MAX), None);
        assert_eq!(sorted_map.insert(0, 0), Some(0));
        assert_eq!(sorted_map.first_key(), Some(&0));
        assert_eq!(sorted_map.get(&10), None);
        assert_eq!(sorted_map.get(&2), Some(&0));
        assert!(!sorted_map.is_empty());
        assert_eq!(sorted_map.len(), 5);
        assert!(!sorted_map.is_empty());
        assert_eq!(sorted_map.height(), 3);
        assert_eq!(sorted_map.first_key(), Some(&0));
    }

    #[test]
    fn sorted_map_insert_returns_none() {
        // Covers line 97 `Some(index)` matched; line 97 `Some(index)` not matched;
        //     line 99 `match key.cmp(&node.key)` Ordering::Less; line 104 `went_left` true;
        //     line 116 `Some((index, went_left))` matched;
        //     line 116 `Some((index, went_left))` not matched; line 117 `match went_left` true;
        //     line 123 `lean > 1` true; and 3 more.
        let mut sorted_map = SortedMap::<u8, u8>::new();
        assert_eq!(sorted_map.len(), 0);
        assert!(sorted_map.is_empty());
        assert_eq!(sorted_map.insert(2, 0), None);
        assert_eq!(sorted_map.len(), 1);
        assert_eq!(sorted_map.insert(1, 0), None);
        assert_eq!(sorted_map.insert(0, 0), None);
        assert_eq!(sorted_map.len(), 3);
        assert!(!sorted_map.is_empty());
        assert_eq!(sorted_map.height(), 2);
        assert_eq!(sorted_map.first_key(), Some(&0));
    }

    #[test]
    fn sorted_map_first_key_returns_some_0() {
        // Covers line 97 `Some(index)` not matched;
        //     line 116 `Some((index, went_left))` not matched; line 160 `self.root?` continued;
        //     line 160 `self.root?` returned early; line 161 `Some(left)` not matched.
        let mut sorted_map = SortedMap::<u8, u8>::new();
        assert_eq!(sorted_map.height(), 0);
        assert_eq!(sorted_map.first_key(), None);
        assert_eq!(sorted_map.len(), 0);
        assert_eq!(sorted_map.insert(0, 0), None);
        assert_eq!(sorted_map.first_key(), Some(&0));
        assert_eq!(sorted_map.len(), 1);
        assert!(!sorted_map.is_empty());
        assert_eq!(sorted_map.height(), 1);
        assert_eq!(sorted_map.first_key(), Some(&0));
    }

    #[test]
    fn sorted_map_len_returns_4() {
        // Covers line 97 `Some(index)` matched; line 97 `Some(index)` not matched;
        //     line 99 `match key.cmp(&node.key)` Ordering::Less;
        //     line 99 `match key.cmp(&node.key)` Ordering::Greater; line 104 `went_left` true;
        //     line 104 `went_left` false; line 116 `Some((index, went_left))` matched;
        //     line 116 `Some((index, went_left))` not matched; and 13 more.
        let mut sorted_map = SortedMap::<u8, u8>::new();
        assert!(sorted_map.is_empty());
        assert_eq!(sorted_map.len(), 0);
        assert_eq!(sorted_map.insert(44, 0), None);
        assert_eq!(sorted_map.insert(76, 0), None);
        assert_eq!(sorted_map.height(), 2);
        assert_eq!(sorted_map.insert(79, 0), None);
        assert_eq!(sorted_map.insert(0, 0), None);
        assert_eq!(sorted_map.first_key(), Some(&0));
        assert_eq!(sorted_map.get(&2), None);
        assert!(!sorted_map.is_empty());
        assert_eq!(sorted_map.len(), 4);
        assert!(!sorted_map.is_empty());
        assert_eq!(sorted_map.height(), 3);
        assert_eq!(sorted_map.first_key(), Some(&0));
    }

    #[test]
    fn sorted_map_insert_returns_none_2() {
        // Covers line 97 `Some(index)` matched; line 97 `Some(index)` not matched;
        //     line 99 `match key.cmp(&node.key)` Ordering::Less;
        //     line 99 `match key.cmp(&node.key)` Ordering::Greater; line 104 `went_left` true;
        //     line 104 `went_left` false; line 116 `Some((index, went_left))` matched;
        //     line 116 `Some((index, went_left))` not matched; and 6 more.
        let mut sorted_map = SortedMap::<u8, u8>::new();
        assert_eq!(sorted_map.insert(0, 0), None);
        assert_eq!(sorted_map.insert(2, 0), None);
        assert_eq!(sorted_map.insert(1, 0), None);
        assert_eq!(sorted_map.len(), 3);
        assert!(!sorted_map.is_empty());
        assert_eq!(sorted_map.height(), 2);
        assert_eq!(sorted_map.first_key(), Some(&0));
    }

    #[test]
    fn sorted_map_insert_returns_none_3() {
        // Covers line 97 `Some(index)` matched; line 97 `Some(index)` not matched;
        //     line 99 `match key.cmp(&node.key)` Ordering::Less;
        //     line 99 `match key.cmp(&node.key)` Ordering::Greater; line 104 `went_left` true;
        //     line 104 `went_left` false; line 116 `Some((index, went_left))` matched;
        //     line 116 `Some((index, went_left))` not matched; and 6 more.
        let mut sorted_map = SortedMap::<u8, u8>::new();
        assert_eq!(sorted_map.insert(2, 0), None);
        assert_eq!(sorted_map.insert(0, 0), None);
        assert_eq!(sorted_map.insert(1, 0), None);
        assert_eq!(sorted_map.len(), 3);
        assert!(!sorted_map.is_empty());
        assert_eq!(sorted_map.height(), 2);
        assert_eq!(sorted_map.first_key(), Some(&0));
    }

    #[test]
    fn sorted_map_insert_returns_none_4() {
        // Covers line 97 `Some(index)` matched; line 97 `Some(index)` not matched;
        //     line 99 `match key.cmp(&node.key)` Ordering::Less;
        //     line 99 `match key.cmp(&node.key)` Ordering::Greater; line 104 `went_left` true;
        //     line 104 `went_left` false; line 116 `Some((index, went_left))` matched;
        //     line 116 `Some((index, went_left))` not matched; and 8 more.
        let mut sorted_map = SortedMap::<u8, u8>::new();
        assert_eq!(sorted_map.insert(77, 0), None);
        assert_eq!(sorted_map.insert(0, 0), None);
        assert_eq!(sorted_map.insert(1, 0), None);
        assert_eq!(sorted_map.insert(127, 0), None);
        assert_eq!(sorted_map.insert(120, 0), None);
        assert_eq!(sorted_map.insert(93, 0), None);
        assert_eq!(sorted_map.insert(44, 0), None);
        assert_eq!(sorted_map.len(), 7);
        assert!(!sorted_map.is_empty());
        assert_eq!(sorted_map.height(), 3);
        assert_eq!(sorted_map.first_key(), Some(&0));
    }
}
// @end generated by `cargo symtest`
