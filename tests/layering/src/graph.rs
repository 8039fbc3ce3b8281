//! The graph of imports between modules, and its cycles.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::str::FromStr;

use proc_macro2::{TokenStream, TokenTree};

use crate::scan::{Binding, Scan, walk};
use crate::{Code, Graph, Module, Site, module_of, name};

/// The graph of imports between the modules of the files in `sources` (paths relative to
/// `src/`, and their text). Fails on a file that is not Rust tokens.
pub fn graph(sources: &[(String, String)], code: Code) -> Result<Graph, String> {
    let mut scans = Vec::new();
    let mut modules: BTreeSet<Module> = BTreeSet::new();
    let mut test_modules: BTreeSet<Module> = BTreeSet::new();
    for (file, text) in sources {
        let tokens = TokenStream::from_str(text).map_err(|e| format!("{file}: {e}"))?;
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let module = module_of(file);
        let mut scan = Scan::default();
        walk(&tokens, &module, false, &mut scan);
        modules.insert(module);
        for (declared, test) in &scan.modules {
            modules.insert(declared.clone());
            if *test {
                test_modules.insert(declared.clone());
            }
        }
        scans.push((file, scan));
    }
    let in_test_module = |module: &Module| test_modules.iter().any(|test| module.starts_with(test));
    let mut graph = Graph::new();
    for (file, scan) in &scans {
        for written in &scan.written {
            if code == Code::Shipped && (written.test || in_test_module(&written.scope)) {
                continue;
            }
            let Some(path) = absolute(
                &written.scope,
                &written.segments,
                &scan.bindings,
                &modules,
                0,
            ) else {
                continue;
            };
            let target = (0..=path.len())
                .rev()
                .map(|length| path[..length].to_vec())
                .find(|prefix| modules.contains(prefix))
                .unwrap_or_default();
            let from = &written.scope;
            if target.starts_with(from) || from.starts_with(&target) {
                continue;
            }
            if code == Code::Shipped && in_test_module(&target) {
                continue;
            }
            let site = Site {
                file: file.to_string(),
                line: written.line,
            };
            graph
                .entry(from.clone())
                .or_default()
                .entry(target)
                .or_insert(site);
        }
    }
    Ok(graph)
}

/// The path from the crate root that `segments`, written in `scope`, names: `crate::`, `self::`
/// and `super::` resolve, and so does a first segment that a `use` of the file bound in `scope`
/// or an enclosing inline module, or that is a child module of `scope`. None for other names
/// (other crates, local items).
fn absolute(
    scope: &[String],
    segments: &[String],
    bindings: &[Binding],
    modules: &BTreeSet<Module>,
    depth: usize,
) -> Option<Vec<String>> {
    let (first, rest) = segments.split_first()?;
    match first.as_str() {
        "crate" => Some(rest.to_vec()),
        "self" => Some([scope, rest].concat()),
        "super" => {
            let supers = segments
                .iter()
                .take_while(|segment| *segment == "super")
                .count();
            let base = scope.get(..scope.len().checked_sub(supers)?)?;
            Some([base, &segments[supers..]].concat())
        }
        // A binding may name another's; two that name each other would never end.
        _ if depth > 8 => None,
        _ => {
            // The file's bindings only: walking up from an inline module stops at the file's.
            let mut enclosing = scope;
            loop {
                let bound = bindings
                    .iter()
                    .find(|b| b.scope == enclosing && b.name == *first);
                if let Some(binding) = bound {
                    let target = absolute(
                        &binding.scope,
                        &binding.segments,
                        bindings,
                        modules,
                        depth + 1,
                    )?;
                    return Some([&target[..], rest].concat());
                }
                match enclosing.split_last() {
                    Some((_, parent)) => enclosing = parent,
                    None => break,
                }
            }
            let child = [scope, std::slice::from_ref(first)].concat();
            modules
                .contains(&child)
                .then(|| [&child[..], rest].concat())
        }
    }
}

/// One cycle through each group of modules that reach one another, shortest first from the
/// group's first module; empty when the imports run one way.
pub fn cycles(graph: &Graph) -> Vec<Vec<Module>> {
    let mut cycles = Vec::new();
    let mut seen: BTreeSet<Module> = BTreeSet::new();
    for start in graph.keys() {
        if seen.contains(start) {
            continue;
        }
        // Breadth-first from `start`: the shortest way back to it, if there is one.
        let mut parent: BTreeMap<&Module, &Module> = BTreeMap::new();
        let mut queue: VecDeque<&Module> = VecDeque::from([start]);
        let mut back = None;
        while let Some(module) = queue.pop_front() {
            for next in graph.get(module).into_iter().flat_map(BTreeMap::keys) {
                if next == start {
                    back = Some(module);
                    break;
                }
                if !parent.contains_key(next) {
                    parent.insert(next, module);
                    queue.push_back(next);
                }
            }
            if back.is_some() {
                break;
            }
        }
        let Some(mut module) = back else { continue };
        let mut cycle = vec![module.clone()];
        while module != start {
            module = parent[module];
            cycle.push(module.clone());
        }
        cycle.reverse();
        seen.extend(cycle.iter().cloned());
        cycles.push(cycle);
    }
    cycles
}

/// `a -> b (a.rs:3) -> a (b.rs:5)`: a cycle with where each import is written.
pub(crate) fn describe(graph: &Graph, cycle: &[Module]) -> String {
    let mut text = name(&cycle[0]);
    for (i, from) in cycle.iter().enumerate() {
        let to = &cycle[(i + 1) % cycle.len()];
        let site = &graph[from][to];
        text.push_str(&format!(" -> {} ({}:{})", name(to), site.file, site.line));
    }
    text
}

/// Every cycle of `graph`, described, one a line.
pub fn describe_all(graph: &Graph, cycles: &[Vec<Module>]) -> String {
    let described: Vec<String> = cycles.iter().map(|cycle| describe(graph, cycle)).collect();
    described.join("\n")
}

/// `graph` with each module counted as its ancestor `depth` segments deep (or itself, when
/// shallower): the imports between the subtrees, each with the first place it is written.
/// Edges between a module and its ancestors or descendants are left out, as in [`graph`].
pub fn collapse(graph: &Graph, depth: usize) -> Graph {
    let cut = |module: &Module| module.iter().take(depth).cloned().collect::<Module>();
    let mut collapsed = Graph::new();
    for (from, imports) in graph {
        for (to, site) in imports {
            let (from, to) = (cut(from), cut(to));
            if to.starts_with(&from) || from.starts_with(&to) {
                continue;
            }
            let edges = collapsed.entry(from).or_default();
            edges.entry(to).or_insert_with(|| site.clone());
        }
    }
    collapsed
}
