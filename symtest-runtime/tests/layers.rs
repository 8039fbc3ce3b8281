//! The runtime's layers depend one way (see the table in `src/lib.rs`): no file of a layer
//! names a module of a layer above it, in its code or its tests.

use std::path::{Path, PathBuf};

/// The layers from the bottom up; `entry` is the top.
const LAYERS: [&str; 5] = ["genes", "record", "shadow", "search", "entry"];

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.unwrap_or_else(|e| panic!("{e}")).path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

/// The layer a source file belongs to: its first path component under `src/`.
fn layer_of(relative: &Path) -> Option<usize> {
    let first = relative.components().next()?.as_os_str().to_str()?;
    let name = first.strip_suffix(".rs").unwrap_or(first);
    LAYERS.iter().position(|layer| *layer == name)
}

#[test]
fn no_layer_imports_a_layer_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut violations = Vec::new();
    let mut checked = 0;
    for file in &files {
        let relative = file.strip_prefix(&src).unwrap_or(file);
        let Some(layer) = layer_of(relative) else {
            continue; // lib.rs and the `__private` facade re-export every layer
        };
        checked += 1;
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{e}"));
        for (number, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for (above, name) in LAYERS.iter().enumerate().skip(layer + 1) {
                if code.contains(&format!("crate::{name}")) {
                    violations.push(format!(
                        "{}:{}: {} (layer {}) names {name} (layer {})",
                        relative.display(),
                        number + 1,
                        LAYERS[layer],
                        layer + 1,
                        above + 1
                    ));
                }
            }
        }
    }
    assert!(
        checked > 30,
        "only {checked} files found under {}",
        src.display()
    );
    assert!(violations.is_empty(), "{}", violations.join("\n"));
}
