//! A copy of the workspace in `target/symtest/copy/NAME-HASH`, where the generated tests are compiled and
//! run before any of them is written into the user's files. It is synced file by file (a file
//! whose copy has the same bytes is not touched, so cargo's rebuild checks stay warm from run to
//! run), without version-control directories and build directories; relative paths in its
//! manifests that lead out of the workspace are made absolute, so they name what they named.

use std::collections::HashSet;
use std::ffi::OsString;
use std::fs;
use std::path::{Component, Path, PathBuf};

use anyhow::{Context, Result};

/// Directories of version control, never copied: a build script that runs `git` in the copy
/// must not touch the user's repository.
const VCS: &[&str] = &[".git", ".hg", ".jj", ".svn", ".pijul", "_darcs"];

/// The copy of a workspace, and the target directory it is built in.
#[derive(Debug)]
pub struct Copy {
    /// The workspace root the copy is of.
    pub original: PathBuf,
    /// Where the copy is.
    pub root: PathBuf,
    /// Where cargo builds it: apart from the instrumented build, whose units (the attribute
    /// macro's build script reads whether instrumentation is on) would otherwise be rebuilt
    /// back and forth.
    pub target_dir: PathBuf,
}

/// What a copy's file holds instead of the original's bytes: [`Copy::sync_edited`] calls it with
/// the original's path (in the workspace) and the bytes the copy would otherwise hold.
pub type Edit<'e> = &'e dyn Fn(&Path, Vec<u8>) -> Vec<u8>;

impl Copy {
    /// Brings the copy of the workspace at `original` in `symtest_dir` up to date; `skip` is the
    /// user's target directory, when it is inside the workspace.
    pub fn sync(original: &Path, symtest_dir: &Path, skip: &Path) -> Result<Copy> {
        let target_dir = symtest_dir.join("copy-target");
        let copies = symtest_dir.join("copy");
        Copy::sync_edited(
            original,
            &copies,
            target_dir,
            &[skip, symtest_dir],
            &|_, b| b,
        )
    }

    /// [`sync`](Copy::sync) into `copies/NAME-HASH`, for building in `target_dir`, leaving out
    /// the directories `skip`, with every file's bytes passed through `edit` first (`--auto`
    /// annotates the sources of its copy so); a file whose copy holds what `edit` makes is not
    /// written again.
    ///
    /// `copies` must not be inside the target directory the copy is built in: cargo would
    /// record its sources relative to that target directory, and a package of the same name
    /// and version copied from another workspace would then be taken as built already.
    pub fn sync_edited(
        original: &Path,
        copies: &Path,
        target_dir: PathBuf,
        skip: &[&Path],
        edit: Edit<'_>,
    ) -> Result<Copy> {
        let copy = Copy {
            original: original.to_path_buf(),
            root: copies.join(dir_name(original)),
            target_dir,
        };
        let skipped: Vec<&Path> = skip.iter().copied().chain([copies]).collect();
        let walk = Walk {
            root: original,
            skip: &skipped,
            edit,
        };
        walk.sync_dir(original, &copy.root).with_context(|| {
            format!(
                "cannot copy the workspace {} to {}",
                original.display(),
                copy.root.display()
            )
        })?;
        Ok(copy)
    }

    /// Where the copy holds the file at `original` of the workspace.
    pub fn path_of(&self, original: &Path) -> Option<PathBuf> {
        let relative = original.strip_prefix(&self.original).ok()?;
        Some(self.root.join(relative))
    }

    /// The file of the workspace a path of the copy stands for.
    pub fn original_of(&self, copied: &Path) -> Option<PathBuf> {
        let relative = copied.strip_prefix(&self.root).ok()?;
        Some(self.original.join(relative))
    }

    /// Puts `contents` in the copy of the file at `original`, unless it holds them already.
    pub fn put(&self, original: &Path, contents: &str) -> Result<()> {
        let path = self.path_of(original).with_context(|| {
            format!(
                "{} is outside the workspace {}",
                original.display(),
                self.original.display()
            )
        })?;
        write_if_changed(&path, contents.as_bytes())
            .with_context(|| format!("cannot write {}", path.display()))
    }
}

/// The directory of the copy of the workspace at `root`: its name and a hash of its path, so
/// workspaces that share a target directory (`CARGO_TARGET_DIR`) have copies of their own.
fn dir_name(root: &Path) -> String {
    // FNV-1a: the same on every run and every platform, unlike std's hasher.
    let hash = root
        .as_os_str()
        .as_encoded_bytes()
        .iter()
        .fold(0xcbf2_9ce4_8422_2325_u64, |hash, &byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
        });
    let name = root.file_name().map_or_else(
        || "workspace".to_string(),
        |name| name.to_string_lossy().into_owned(),
    );
    format!("{name}-{hash:016x}")
}

/// One sync: the workspace at `root`, what is left out of its copy, and how files change.
struct Walk<'w> {
    root: &'w Path,
    skip: &'w [&'w Path],
    edit: Edit<'w>,
}

impl Walk<'_> {
    /// Makes `to` a copy of `from` (a directory of the workspace), leaving out `skip`,
    /// version-control and cargo build directories, and removing what `from` no longer has.
    fn sync_dir(&self, from: &Path, to: &Path) -> Result<()> {
        if fs::symlink_metadata(to).is_ok_and(|meta| !meta.is_dir()) {
            fs::remove_file(to)?;
        }
        fs::create_dir_all(to)?;
        let mut kept: HashSet<OsString> = HashSet::new();
        for entry in fs::read_dir(from)? {
            let entry = entry?;
            let (path, name) = (entry.path(), entry.file_name());
            let file_type = entry.file_type()?;
            let build_dir = file_type.is_dir() && path.join("CACHEDIR.TAG").exists();
            let vcs = VCS.iter().any(|vcs| name == *vcs);
            if vcs || build_dir || self.skip.iter().any(|skip| path == *skip) {
                continue;
            }
            let dest = to.join(&name);
            if file_type.is_symlink() {
                // A link in the copy points where the original's points, by absolute path.
                let Ok(target) = fs::canonicalize(&path) else {
                    continue;
                };
                kept.insert(name);
                if fs::read_link(&dest).ok().as_deref() != Some(&target) {
                    remove(&dest)?;
                    symlink(&target, &dest)?;
                }
            } else if file_type.is_dir() {
                kept.insert(name);
                self.sync_dir(&path, &dest)?;
            } else {
                kept.insert(name.clone());
                let mut contents = fs::read(&path)?;
                if name == "Cargo.toml" {
                    let text = String::from_utf8_lossy(&contents);
                    contents = absolute_paths(&text, from, self.root).into_bytes();
                }
                let contents = (self.edit)(&path, contents);
                // Never written through: a link left by an earlier sync is replaced, and a copy
                // of a read-only file is made writable first.
                match fs::symlink_metadata(&dest) {
                    Ok(meta) if meta.is_dir() || meta.file_type().is_symlink() => remove(&dest)?,
                    Ok(meta) if meta.permissions().readonly() => {
                        let mut permissions = meta.permissions();
                        #[allow(clippy::permissions_set_readonly_false)]
                        permissions.set_readonly(false);
                        fs::set_permissions(&dest, permissions)?;
                    }
                    _ => {}
                }
                write_if_changed(&dest, &contents)?;
                fs::set_permissions(&dest, fs::metadata(&path)?.permissions())?;
            }
        }
        for entry in fs::read_dir(to)? {
            let entry = entry?;
            if !kept.contains(&entry.file_name()) {
                remove(&entry.path())?;
            }
        }
        Ok(())
    }
}

/// Writes `contents` to `path` unless it holds them: an unchanged file keeps its time, so cargo
/// does not rebuild for it; a changed one gets the time of now, so cargo does.
fn write_if_changed(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    let same = fs::metadata(path).is_ok_and(|meta| meta.len() == contents.len() as u64)
        && fs::read(path).is_ok_and(|old| old == contents);
    if same {
        return Ok(());
    }
    fs::write(path, contents)
}

fn remove(path: &Path) -> std::io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => fs::remove_dir_all(path),
        Ok(_) => fs::remove_file(path),
        Err(_) => Ok(()),
    }
}

#[cfg(unix)]
fn symlink(target: &Path, link: &Path) -> std::io::Result<()> {
    std::os::unix::fs::symlink(target, link)
}

#[cfg(windows)]
fn symlink(target: &Path, link: &Path) -> std::io::Result<()> {
    if target.is_dir() {
        std::os::windows::fs::symlink_dir(target, link)
    } else {
        std::os::windows::fs::symlink_file(target, link)
    }
}

/// `manifest`, a `Cargo.toml` in directory `dir` of the workspace at `root`, with every
/// relative `path = "…"` that leads out of `root` made absolute: the copy lives elsewhere, and
/// what such a path names (a dependency next to the workspace) is not copied. Paths inside
/// the workspace stay relative, so they name the copy's own files.
pub fn absolute_paths(manifest: &str, dir: &Path, root: &Path) -> String {
    let mut out = String::with_capacity(manifest.len());
    let mut rest = manifest;
    while let Some(at) = find_path_key(rest) {
        let after_key = &rest[at + "path".len()..];
        let Some(value_start) = after_key.trim_start().strip_prefix('=') else {
            out.push_str(&rest[..at + "path".len()]);
            rest = after_key;
            continue;
        };
        let value_start = value_start.trim_start();
        let quote = value_start
            .chars()
            .next()
            .filter(|c| *c == '"' || *c == '\'');
        let value = quote.and_then(|q| {
            let inner = &value_start[1..];
            inner.find(q).map(|end| &inner[..end])
        });
        let offset = rest.len() - value_start.len();
        match value {
            // A basic string with escapes is left as written.
            Some(value) if !(quote == Some('"') && value.contains('\\')) => {
                let whole = offset + value.len() + 2;
                out.push_str(&rest[..offset]);
                out.push_str(&match outside(value, dir, root) {
                    Some(absolute) => literal(&absolute),
                    None => rest[offset..whole].to_string(),
                });
                rest = &rest[whole..];
            }
            _ => {
                out.push_str(&rest[..offset]);
                rest = &rest[offset..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The offset of the next key `path` (bare, or the last part of a dotted key).
fn find_path_key(text: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(found) = text[from..].find("path") {
        let at = from + found;
        let before = text[..at].chars().next_back();
        let after = text[at + 4..].chars().next();
        let starts = before.is_none_or(|c| c.is_whitespace() || matches!(c, '{' | ',' | '.'));
        let ends = after.is_none_or(|c| c.is_whitespace() || c == '=');
        if starts && ends {
            return Some(at);
        }
        from = at + 4;
    }
    None
}

/// The absolute form of `value`, a relative path from `dir`, when it leads out of `root`.
fn outside(value: &str, dir: &Path, root: &Path) -> Option<PathBuf> {
    let path = Path::new(value);
    if path.is_absolute() {
        return None;
    }
    let joined = normalize(&dir.join(path));
    (!joined.starts_with(normalize(root))).then_some(joined)
}

/// `path` with `.` and `..` resolved by their names (the path need not exist).
fn normalize(path: &Path) -> PathBuf {
    let mut normal = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                normal.pop();
            }
            other => normal.push(other),
        }
    }
    normal
}

/// A TOML string of `path`: a literal string, or a basic one where the path has a `'`.
pub fn literal(path: &Path) -> String {
    let text = path.display().to_string();
    if text.contains('\'') {
        format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
    } else {
        format!("'{text}'")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_out_of_the_workspace_become_absolute_and_paths_inside_stay() {
        let manifest = r#"[package]
name = "demo"
build = "../build.rs"

[dependencies]
inside = { path = "../inside" }
outside = { version = "1", path = "../../outside" }
dotted.path = '../../../far'
absolute = { path = "/opt/absolute" }
escaped = { path = "..\\..\\win" }
pathological = "1"
path_like = { xpath = "../../x" }

[lib]
path = "src/lib.rs"
"#;
        let fixed = absolute_paths(manifest, Path::new("/w/ws/member"), Path::new("/w/ws"));
        let expected = manifest
            .replace("\"../../outside\"", "'/w/outside'")
            .replace("'../../../far'", "'/far'");
        assert_eq!(fixed, expected);
        assert_eq!(
            absolute_paths(
                "a = { path = \"../it's\" }",
                Path::new("/w/ws"),
                Path::new("/w/ws")
            ),
            "a = { path = \"/w/it's\" }"
        );
    }

    #[test]
    fn the_copy_follows_the_workspace_and_leaves_out_build_and_vcs_directories() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let workspace = dir.path().join("ws");
        let write = |path: &str, text: &str| {
            let path = workspace.join(path);
            fs::create_dir_all(path.parent().unwrap_or(&workspace))
                .and_then(|()| fs::write(&path, text))
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        };
        write(
            "Cargo.toml",
            "[dependencies]\nnext = { path = \"../next\" }\n",
        );
        write("src/lib.rs", "pub fn f() {}\n");
        write("src/gone.rs", "\n");
        write(".git/HEAD", "ref\n");
        write("target/CACHEDIR.TAG", "tag\n");
        write("elsewhere/CACHEDIR.TAG", "tag\n");
        let symtest = workspace.join("target/symtest");
        let sync = || {
            Copy::sync(&workspace, &symtest, &workspace.join("target"))
                .unwrap_or_else(|e| panic!("{e:#}"))
        };
        let copy = sync();
        let name = copy
            .root
            .file_name()
            .map(|n| n.to_string_lossy().into_owned());
        assert!(
            name.is_some_and(|name| name.starts_with("ws-") && name.len() == 19),
            "{}",
            copy.root.display()
        );
        let read = |path: &str| fs::read_to_string(copy.root.join(path)).unwrap_or_default();
        assert_eq!(read("src/lib.rs"), "pub fn f() {}\n");
        let next = dir.path().join("next");
        assert_eq!(
            read("Cargo.toml"),
            format!("[dependencies]\nnext = {{ path = '{}' }}\n", next.display())
        );
        for left_out in [".git", "target", "elsewhere"] {
            assert!(!copy.root.join(left_out).exists(), "{left_out}");
        }
        let lib = workspace.join("src/lib.rs");
        copy.put(&lib, "pub fn f() {}\nmod symtest_tests {}\n")
            .unwrap_or_else(|e| panic!("{e:#}"));
        assert!(read("src/lib.rs").contains("symtest_tests"));
        let written = fs::metadata(copy.root.join("src/lib.rs")).and_then(|m| m.modified());
        assert_eq!(copy.original_of(&copy.root.join("src/lib.rs")), Some(lib));

        fs::remove_file(workspace.join("src/gone.rs")).unwrap_or_else(|e| panic!("{e}"));
        let copy = sync();
        assert!(!copy.root.join("src/gone.rs").exists());
        assert_eq!(read("src/lib.rs"), "pub fn f() {}\n", "the original again");
        let unchanged = fs::metadata(copy.root.join("Cargo.toml")).and_then(|m| m.modified());
        sync();
        assert_eq!(
            fs::metadata(copy.root.join("Cargo.toml"))
                .and_then(|m| m.modified())
                .ok(),
            unchanged.ok(),
            "an unchanged file is not written again"
        );
        assert!(written.is_ok());
    }
}
