//! What the attribute reads of the crate's other files, kept across the expansions of one
//! compilation: reading the crate's tree costs a parse of every file, and a crate with a
//! hundred annotated blocks would otherwise parse it a hundred times or more (fraction: over
//! forty minutes for its instrumented build).
//!
//! A syntax tree cannot be kept (it holds the compiler's handles to its tokens, gone once the
//! expansion that read it ends), so what is kept is a summary without tokens, made from the
//! tree by the caller. A summary is read again when a file it was read from changed since (a
//! long-lived proc-macro server, such as an editor's, expands the same crate many times); the
//! files' times are asked at most once a second.

use std::any::Any;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant, SystemTime};

/// What a summary depends on: the whole crate, or the item's own file with it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Scope {
    /// The same for every item of the crate (one summary per package).
    Crate,
    /// Particular to the file the item is written in (one summary per file).
    File,
}

/// How long a summary is taken as fresh without asking the files again: a compilation asks
/// for one many times a second (for every parameter of every item), an editor's server
/// between edits.
const FRESH_FOR: Duration = Duration::from_secs(1);

/// A summary with the modification times of the files it was read from, and when they were
/// last compared with the files'.
struct Entry {
    stamps: Vec<(PathBuf, Option<SystemTime>)>,
    checked: Instant,
    summary: Arc<dyn Any + Send + Sync>,
}

impl Entry {
    /// Whether none of the files changed since the summary was read.
    fn fresh(&mut self) -> bool {
        if self.checked.elapsed() < FRESH_FOR {
            return true;
        }
        let fresh = (self.stamps.iter()).all(|(path, time)| modified(path) == *time);
        if fresh {
            self.checked = Instant::now();
        }
        fresh
    }
}

/// The summary `kind` of the crate the item at `span` is in (of its file too, for
/// [`Scope::File`]): kept from an earlier expansion where none of the files it was read from
/// changed, else made by `read` from the crate's tree (`None` where it cannot be read) and kept.
/// Outside cargo (unit tests) nothing is kept.
pub fn summary<T: Send + Sync + 'static>(
    span: proc_macro2::Span,
    kind: &'static str,
    scope: Scope,
    read: impl FnOnce(Option<&crate::source::tree::Tree>) -> T,
) -> Arc<T> {
    static CACHE: OnceLock<Mutex<HashMap<(&'static str, PathBuf), Entry>>> = OnceLock::new();
    let file = crate::source::files::path_of(span).map(|file| canonical(&file));
    let key = match (scope, std::env::var_os("CARGO_MANIFEST_DIR"), &file) {
        (Scope::Crate, Some(root), _) => PathBuf::from(root),
        (Scope::File, Some(_), Some(file)) => file.clone(),
        _ => {
            let tree = crate::source::tree::of(span);
            return Arc::new(read(tree.as_ref()));
        }
    };
    let cache = CACHE.get_or_init(Mutex::default);
    let key = (kind, key);
    if let Some(entry) = lock(cache).get_mut(&key)
        && entry.fresh()
        && let Ok(summary) = Arc::clone(&entry.summary).downcast::<T>()
    {
        return summary;
    }
    let tree = crate::source::tree::of(span);
    let mut files: Vec<PathBuf> = (tree.iter())
        .flat_map(|tree| tree.files().iter().map(|(path, _)| path.clone()))
        .collect();
    files.extend(file);
    // Stamped before reading: a file changed while it is read is read again next time.
    let stamps = files.into_iter().map(|path| {
        let time = modified(&path);
        (path, time)
    });
    let stamps = stamps.collect();
    let summary = Arc::new(read(tree.as_ref()));
    let entry = Entry {
        stamps,
        checked: Instant::now(),
        summary: Arc::clone(&summary) as Arc<dyn Any + Send + Sync>,
    };
    lock(cache).insert(key, entry);
    summary
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn canonical(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path)
        .and_then(|meta| meta.modified())
        .ok()
}
