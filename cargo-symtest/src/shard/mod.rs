//! Sharding a run across machines (`--shard K/N`, then `apply`): which functions shard K of N
//! searches and with which seed; the file in which it saves their reports ([`file`]), and
//! merging the files of all shards back into the reports of one whole run ([`merge`]).

mod file;
#[cfg(test)]
mod fixtures;
mod merge;

use serde::{Deserialize, Serialize};

use crate::cargo::Entry;
use crate::options::Shard;

pub use file::{Given, Run, Saved, ShardFile, load, save};
pub use merge::merge;

/// What a shard does: the file it saves to and the functions it searches. The value itself,
/// as `--shard K/N` parses it, is the command line's ([`crate::options`]).
impl Shard {
    /// The shard's file in its directory.
    pub fn file_name(self) -> String {
        format!("shard-{}-of-{}.jsonl", self.index, self.count)
    }

    /// The items of this shard: `items` are the functions `ids` names, in the same order.
    pub fn own<T>(self, ids: &[FunctionId], items: Vec<T>) -> Vec<T> {
        let owners = assign(self.count, ids);
        items
            .into_iter()
            .zip(owners)
            .filter(|(_, owner)| *owner == self.index)
            .map(|(item, _)| item)
            .collect()
    }
}

/// A `#[symtest]` function as every shard of a run names it: its path, and the package and
/// kind of target (a library and a binary of one package can hold the same path).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct FunctionId {
    pub path: String,
    pub package: String,
    pub kind: String,
}

impl FunctionId {
    pub fn of(entry: &Entry) -> FunctionId {
        FunctionId {
            path: entry.path.clone(),
            package: entry.package.clone(),
            kind: entry.binary.kind.clone(),
        }
    }
}

impl std::fmt::Display for FunctionId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.kind.as_str() {
            "lib" => write!(f, "{}", self.path),
            kind => write!(f, "{} ({kind})", self.path),
        }
    }
}

/// The shard (from 1) of each function: sorted by id, the i-th goes to shard i mod N + 1, so
/// shards differ by at most one function and the split depends on nothing but the set of
/// functions — not the order the build found them in, nor any timing.
pub fn assign(count: usize, ids: &[FunctionId]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..ids.len()).collect();
    order.sort_by(|&a, &b| ids[a].cmp(&ids[b]));
    let mut shards = vec![0; ids.len()];
    for (rank, index) in order.into_iter().enumerate() {
        shards[index] = rank % count.max(1) + 1;
    }
    shards
}

/// The seed of a sharded run without `--seed`, for functions with none recorded: every shard
/// must use the same one, so it is derived from the set of functions instead of drawn.
pub fn derived_seed(ids: &[FunctionId]) -> u64 {
    let mut sorted: Vec<&FunctionId> = ids.iter().collect();
    sorted.sort();
    let text: Vec<String> = sorted
        .iter()
        .map(|id| format!("{} {} {}", id.package, id.kind, id.path))
        .collect();
    fnv1a(text.join("\n").as_bytes()) % 1_000_000
}

/// A fingerprint of a source file's text, to tell that `apply` sees what the shards searched.
pub fn fingerprint(text: &str) -> String {
    format!("{:016x}", fnv1a(text.as_bytes()))
}

/// 64-bit FNV-1a: the same on every machine and Rust release, unlike the standard hashers.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::fixtures::{id, ids};
    use super::*;

    #[test]
    fn shards_are_numbered_from_1_to_n_and_mistakes_say_how_to_write_them() {
        assert_eq!("2/3".parse(), Ok(Shard { index: 2, count: 3 }));
        assert_eq!("1/1".parse(), Ok(Shard { index: 1, count: 1 }));
        assert_eq!(
            Shard { index: 2, count: 3 }.file_name(),
            "shard-2-of-3.jsonl"
        );
        for (text, expected) in [
            ("0/3", "numbered from 1 to 3: use 1/3 … 3/3"),
            ("4/3", "numbered from 1 to 3"),
            ("1/0", "at least one shard"),
            ("2", "is not K/N"),
            ("a/3", "is not K/N"),
            ("-1/3", "is not K/N"),
        ] {
            let error = text.parse::<Shard>().err().unwrap_or_default();
            assert!(error.contains(expected), "{text}: {error}");
        }
    }

    #[test]
    fn every_function_goes_to_one_shard_by_its_id_whatever_order_the_build_found_them_in() {
        let found = ids(&["c::f", "a::g", "b::h", "a::f", "d::k", "c::a", "b::b"]);
        let owners = assign(3, &found);
        let mut reversed = found.clone();
        reversed.reverse();
        let reversed_owners = assign(3, &reversed);
        for (index, id) in found.iter().enumerate() {
            let again = reversed.iter().position(|other| other == id);
            assert_eq!(
                again.map(|i| reversed_owners[i]),
                Some(owners[index]),
                "{id}"
            );
        }
        let sizes: Vec<usize> = (1..=3)
            .map(|shard| owners.iter().filter(|&&o| o == shard).count())
            .collect();
        assert_eq!(sizes, [3, 2, 2]);
        let second = Shard { index: 2, count: 3 }.own(&found, (0..found.len()).collect());
        let expected: Vec<usize> = (0..found.len()).filter(|&i| owners[i] == 2).collect();
        assert_eq!(second, expected, "in the order found");
        assert_eq!(
            owners[found.iter().position(|i| i.path == "a::f").unwrap_or(9)],
            1
        );
        assert_eq!(assign(1, &found), vec![1; found.len()]);
        assert_eq!(
            assign(10, &ids(&["b", "a"])),
            [2, 1],
            "shards past the functions are empty"
        );
    }

    #[test]
    fn a_lib_and_a_bin_with_the_same_path_are_different_functions() {
        let mut bin = id("demo::f");
        bin.kind = "bin".to_string();
        let both = vec![id("demo::f"), bin.clone()];
        let owners = assign(2, &both);
        assert_ne!(owners[0], owners[1]);
        assert_ne!(derived_seed(&both[..1]), derived_seed(&both[1..]));
        assert_eq!(bin.to_string(), "demo::f (bin)");
        assert_eq!(id("demo::f").to_string(), "demo::f");
    }

    #[test]
    fn the_derived_seed_depends_on_the_set_of_functions_only() {
        let found = ids(&["a::f", "b::g", "c::h"]);
        let mut reordered = found.clone();
        reordered.rotate_left(1);
        assert_eq!(derived_seed(&found), derived_seed(&reordered));
        assert_ne!(derived_seed(&found), derived_seed(&found[..2]));
        assert!(derived_seed(&found) < 1_000_000, "as short as a fresh seed");
        assert_eq!(
            fnv1a(b"a"),
            0xaf63_dc4c_8601_ec8c,
            "the published FNV-1a value"
        );
    }
}
