//! Entries that run before `main`, for functions whose `#[symtest]` cannot add a `#[test]`.
//!
//! An associated function in an impl block without `#[symtest]` carries the attribute itself,
//! and an `impl` holds no tests and no statics. Its expansion instead puts, inside the
//! function's body, a constructor the platform runs before `main` (an `.init_array` entry or
//! its equivalent) that calls [`before_main`]. `cargo symtest` lists test binaries with
//! `SYMTEST_LIST` set, so these entries show among the hidden tests, and names the entry it
//! runs in `SYMTEST_ENTRY`, so the one it asks for runs its search and ends the process before
//! the test harness starts.

use crate::entry::run_entry;
use crate::record::subject::Subject;

/// Lists or runs the entry `suffix` (`Stack_new`) of the module `module_path` (as
/// `module_path!()` writes it, crate name first), whose search subject `subject` builds.
pub fn before_main(module_path: &str, suffix: &str, subject: fn() -> Subject) {
    let test = test_name(module_path, suffix);
    if std::env::var_os("SYMTEST_LIST").is_some() {
        println!("{test}: test");
        return;
    }
    if std::env::var("SYMTEST_ENTRY").is_ok_and(|wanted| wanted == test) {
        // On a thread of its own, as the harness runs a test: the same stack size, and a
        // panic ends it as a failed test does (exit code 101, the message on stderr).
        let ran = std::thread::Builder::new()
            .name(test.clone())
            .spawn(move || run_entry(subject()))
            .map(|search| search.join());
        std::process::exit(match ran {
            Ok(Ok(())) => 0,
            _ => 101,
        });
    }
}

/// The name the harness would give a test at `module_path` (`demo::shapes` → `shapes::…`),
/// which is how `cargo symtest` names entries.
fn test_name(module_path: &str, suffix: &str) -> String {
    let entry = format!("{}{suffix}", super::ENTRY_PREFIX);
    match module_path.split_once("::") {
        Some((_crate, module)) => format!("{module}::{entry}"),
        None => entry,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_named_as_the_harness_names_tests() {
        assert_eq!(test_name("demo", "Stack_new"), "__symtest_entry_Stack_new");
        assert_eq!(
            test_name("demo::shapes::inner", "Circle_new"),
            "shapes::inner::__symtest_entry_Circle_new"
        );
    }
}
