//! Checks that a crate's modules import one another one way: the module graph of its `src/`,
//! read as Rust tokens, its cycles, and the imports that run up a stack of layers. The layers
//! tests of symtest's crates use it (`tests/layers.rs` in each); it is not published.
//!
//! A file's module is its path under `src/` (`foo.rs` and `foo/mod.rs` are `foo`, `foo/bar.rs`
//! is `foo::bar`, `main.rs` and `lib.rs` are the crate root); an inline `mod name { … }` is a
//! module too. An import is every path written in code, in a `use` or inline (macro arguments
//! included), that starts with `crate::`, `super::`, `self::` or a name a `use` bound to a
//! module of the crate; it is an edge to the longest prefix of the path that is a module. Edges
//! from a module to itself, its ancestors or its descendants are left out: a parent declares
//! its children, and a child sees its parent. The files are read as Rust tokens, so comments
//! and string literals never count.
//!
//! Leaving out the edges between parents and children hides a cycle that runs through one
//! (`write` imports `html`, `html::page` imports `write`), so [`cycles_at_every_depth`] also
//! looks at each level of the tree: every module counted as its ancestor at that depth, the
//! subtrees under one parent must import one another one way too.
//!
//! Test code counts by default: modules under `#[cfg(test)]` are nodes like any other.
//! [`Code::Shipped`] builds the graph without them.

mod graph;
mod scan;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::path::Path;

pub use graph::{collapse, cycles, describe_all, graph};

/// A module's path from the crate root, one segment each; the root is empty.
pub type Module = Vec<String>;

/// Where an import is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Site {
    pub file: String,
    pub line: usize,
}

/// Module-to-module imports, each with the first place it is written.
pub type Graph = BTreeMap<Module, BTreeMap<Module, Site>>;

/// Which code the graph is built from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    /// Everything, test modules and `#[cfg(test)]` items included.
    All,
    /// Only what a non-test build compiles.
    Shipped,
}

/// Every `.rs` file under `dir`, as its path relative to `dir` (with `/`) and its text, sorted.
pub fn read_sources(dir: &Path) -> Vec<(String, String)> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
        let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry
                .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
                .path();
            if path.is_dir() {
                walk(root, &path, out);
            } else if path.extension().is_some_and(|extension| extension == "rs") {
                let text = std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                let relative = path.strip_prefix(root).unwrap_or(&path);
                let parts: Vec<_> = relative.iter().map(|part| part.to_string_lossy()).collect();
                out.push((parts.join("/"), text));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

/// The module a file under `src/` is: `foo.rs` and `foo/mod.rs` are `foo`, `main.rs` and
/// `lib.rs` the root.
pub fn module_of(file: &str) -> Module {
    let mut segments: Module = file
        .trim_end_matches(".rs")
        .split('/')
        .map(String::from)
        .collect();
    if segments.last().is_some_and(|last| last == "mod") {
        segments.pop();
    }
    if segments.len() == 1 && (segments[0] == "main" || segments[0] == "lib") {
        segments.clear();
    }
    segments
}

/// `html::page`, or `crate` for the root.
pub fn name(module: &[String]) -> String {
    match module.is_empty() {
        true => "crate".to_string(),
        false => module.join("::"),
    }
}

/// The module graph of `code` of the crate whose sources are under `src` (its root file
/// `root`), checked to be the crate's: a wrong path, or a reading that finds nothing, must not
/// pass for a graph without cycles, so it fails with fewer than `files` files or `edges`
/// imports.
pub fn crate_graph(src: &Path, root: &str, code: Code, files: usize, edges: usize) -> Graph {
    let sources = read_sources(src);
    assert!(
        sources.len() >= files && sources.iter().any(|(path, _)| path == root),
        "read only {} files under {}: is this the crate's source?",
        sources.len(),
        src.display()
    );
    let graph = graph(&sources, code).unwrap_or_else(|error| panic!("{error}"));
    let found: usize = graph.values().map(BTreeMap::len).sum();
    assert!(
        found >= edges,
        "found only {found} imports between modules in {} files",
        sources.len()
    );
    graph
}

/// The cycles of `graph` and of each of its levels (every module counted as its ancestor at
/// that depth), described one a line with where each import is written; empty when the
/// imports run one way.
pub fn cycles_at_every_depth(graph: &Graph) -> Vec<String> {
    cycles_down_to(graph, usize::MAX)
}

/// [`cycles_at_every_depth`] among the modules at most `depth` segments deep (every deeper one
/// counted as its ancestor at that depth): a module's own submodules may then call into one
/// another, as the parts of one recursive walk do.
pub fn cycles_down_to(graph: &Graph, depth: usize) -> Vec<String> {
    let deepest = graph.keys().map(Vec::len).max().unwrap_or(0).min(depth);
    let mut found = Vec::new();
    for depth in (1..=deepest).rev() {
        let collapsed = collapse(graph, depth);
        for cycle in cycles(&collapsed) {
            let described = describe_all(&collapsed, &[cycle]);
            if !found.contains(&described) {
                found.push(described);
            }
        }
    }
    found
}

/// The imports of `graph` that run up `layers` (the crate's top-level modules, from the bottom
/// up): from a module under one layer to a module under a layer above it, one a line with
/// where it is written. Modules outside the layers (the crate root) are not checked.
pub fn upward_imports(graph: &Graph, layers: &[&str]) -> Vec<String> {
    let layer_of = |module: &Module| {
        let first = module.first()?;
        layers.iter().position(|layer| layer == first)
    };
    let mut found = Vec::new();
    for (from, imports) in graph {
        let Some(low) = layer_of(from) else { continue };
        for (to, site) in imports {
            match layer_of(to) {
                Some(high) if high > low => found.push(format!(
                    "{} (layer {}, {}) imports {} (layer {}) at {}:{}",
                    name(from),
                    low + 1,
                    layers[low],
                    name(to),
                    high + 1,
                    site.file,
                    site.line
                )),
                _ => {}
            }
        }
    }
    found
}
