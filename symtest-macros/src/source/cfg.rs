//! Whether a `#[cfg(…)]` predicate holds in the build being compiled, where the attribute can
//! tell: code the generated items name must exist in the build they are compiled in, and an
//! item behind `#[cfg(feature = "std")]` in a build with that feature is there like any other.
//!
//! The attribute runs inside rustc, whose command line holds what cargo enables: each feature
//! as `--cfg feature="std"`, a build script's `cargo:rustc-cfg=name` as `--cfg name`, `--test`
//! for a test build (read through an `@file` argument too). The target's own cfgs
//! (`target_os`, `unix`, `target_pointer_width`) are the host's, as they are outside
//! cross-compilation. What the command line does not settle (`debug_assertions`, `panic`,
//! `target_env`, …) is unknown: `None`, and an item behind it is treated as behind a gate that
//! may be closed.

use std::sync::OnceLock;

use syn::{Attribute, Meta};

/// What the compiler's command line enables.
#[derive(Default, Debug)]
struct Build {
    /// `--cfg name` (`no_non_exhaustive`).
    names: Vec<String>,
    /// `--cfg name="value"` (`feature="std"`).
    pairs: Vec<(String, String)>,
    test: bool,
    /// `-C debug-assertions=…` where given, else whether the build does not optimise (`-C
    /// opt-level` absent or 0), rustc's default.
    debug_assertions: bool,
}

impl Build {
    fn of(args: impl IntoIterator<Item = String>) -> Build {
        let mut build = Build::default();
        let (mut optimised, mut assertions) = (false, None);
        let mut args = args.into_iter().peekable();
        while let Some(arg) = args.next() {
            if arg == "--test" {
                build.test = true;
            }
            // `-C key=value` or `-Ckey=value`.
            let codegen = match arg.as_str() {
                "-C" => args.peek().cloned(),
                _ => arg.strip_prefix("-C").map(str::to_string),
            };
            if let Some((key, value)) = codegen.as_deref().and_then(|c| c.split_once('=')) {
                match key {
                    "opt-level" => optimised = value != "0",
                    "debug-assertions" => {
                        assertions = Some(matches!(value, "on" | "yes" | "y" | "true"))
                    }
                    _ => {}
                }
            }
            let spec = match arg.strip_prefix("--cfg") {
                Some("") => args.next(),
                Some(rest) => rest.strip_prefix('=').map(str::to_string),
                None => None,
            };
            let Some(spec) = spec else {
                continue;
            };
            match spec.split_once('=') {
                Some((name, value)) => build.pairs.push((
                    name.trim().to_string(),
                    value.trim().trim_matches('"').to_string(),
                )),
                None => build.names.push(spec.trim().to_string()),
            }
        }
        build.debug_assertions = assertions.unwrap_or(!optimised);
        build
    }
}

/// The build's cfgs, read once from rustc's command line; `None` outside a compilation (the
/// macro crate's own unit tests), where nothing is known.
fn build() -> Option<&'static Build> {
    static BUILD: OnceLock<Option<Build>> = OnceLock::new();
    BUILD
        .get_or_init(|| {
            if !proc_macro::is_available() {
                return None;
            }
            let mut args = Vec::new();
            for arg in std::env::args().skip(1) {
                // An argument file holds one argument a line.
                match arg.strip_prefix('@') {
                    Some(path) => match std::fs::read_to_string(path) {
                        Ok(text) => args.extend(text.lines().map(str::to_string)),
                        Err(_) => return None,
                    },
                    None => args.push(arg),
                }
            }
            // Not rustc compiling a crate (an IDE's macro server): nothing is known.
            if !args.iter().any(|arg| arg == "--crate-name") {
                return None;
            }
            Some(Build::of(args))
        })
        .as_ref()
}

/// Whether every `#[cfg(…)]` of `attrs` holds in this build: `Some(true)` where none is there.
pub fn all_hold(attrs: &[Attribute]) -> Option<bool> {
    let build = build();
    let values: Vec<Option<bool>> = (attrs.iter())
        .filter(|attr| attr.path().is_ident("cfg"))
        .map(|attr| match &attr.meta {
            Meta::List(list) => {
                let predicate = list.parse_args::<Meta>().ok()?;
                holds(&predicate, build?)
            }
            _ => None,
        })
        .collect();
    // Every gate must hold, as in `all(…)`.
    settled_by(&values, false)
}

/// Three-valued `all` (`by` false: one `false` settles it) and `any` (`by` true: one `true`
/// does); where nothing settles it, known only if every value is.
fn settled_by(values: &[Option<bool>], by: bool) -> Option<bool> {
    match values.contains(&Some(by)) {
        true => Some(by),
        false if values.iter().all(Option::is_some) => Some(!by),
        false => None,
    }
}

/// Whether `predicate` holds in `build`; `None` where it cannot tell.
fn holds(predicate: &Meta, build: &Build) -> Option<bool> {
    match predicate {
        Meta::Path(path) => {
            let name = path.get_ident()?.to_string();
            match name.as_str() {
                "test" => Some(build.test || build.names.contains(&name)),
                "unix" => Some(cfg!(unix)),
                "windows" => Some(cfg!(windows)),
                "debug_assertions" => Some(build.debug_assertions),
                "doctest" | "miri" => Some(false),
                // Set by the driver (rustdoc, clippy), not on the command line.
                "doc" | "clippy" | "proc_macro" | "target_thread_local" => None,
                // Any other name is set by `--cfg` alone (a build script's, RUSTFLAGS').
                _ => Some(build.names.contains(&name)),
            }
        }
        Meta::NameValue(pair) => {
            let name = pair.path.get_ident()?.to_string();
            let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(value),
                ..
            }) = &pair.value
            else {
                return None;
            };
            let value = value.value();
            let host = |actual: &str| Some(actual == value);
            match name.as_str() {
                "feature" => Some(build.pairs.iter().any(|(n, v)| *n == name && *v == value)),
                "target_os" => host(std::env::consts::OS),
                "target_family" => host(std::env::consts::FAMILY),
                "target_arch" => host(std::env::consts::ARCH),
                "target_pointer_width" => host(&usize::BITS.to_string()),
                "target_endian" => host(if cfg!(target_endian = "little") {
                    "little"
                } else {
                    "big"
                }),
                _ if build.pairs.iter().any(|(n, _)| *n == name) => {
                    Some(build.pairs.iter().any(|(n, v)| *n == name && *v == value))
                }
                _ => None,
            }
        }
        Meta::List(list) => {
            let name = list.path.get_ident()?.to_string();
            let inner = list
                .parse_args_with(
                    syn::punctuated::Punctuated::<Meta, syn::Token![,]>::parse_terminated,
                )
                .ok()?;
            let values: Vec<Option<bool>> = inner.iter().map(|meta| holds(meta, build)).collect();
            match name.as_str() {
                "all" => settled_by(&values, false),
                "any" => settled_by(&values, true),
                "not" if values.len() == 1 => values[0].map(|value| !value),
                _ => None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn build() -> Build {
        Build::of(
            [
                "rustc",
                "--crate-name",
                "md5",
                "--cfg",
                "feature=\"std\"",
                "--cfg=no_non_exhaustive",
                "--test",
            ]
            .map(str::to_string),
        )
    }

    fn holds_in(predicate: syn::Meta) -> Option<bool> {
        holds(&predicate, &build())
    }

    #[test]
    fn features_and_names_the_command_line_sets_hold_and_others_do_not() {
        assert_eq!(holds_in(syn::parse_quote!(feature = "std")), Some(true));
        assert_eq!(holds_in(syn::parse_quote!(feature = "alloc")), Some(false));
        assert_eq!(holds_in(syn::parse_quote!(no_non_exhaustive)), Some(true));
        assert_eq!(holds_in(syn::parse_quote!(docsrs)), Some(false));
        assert_eq!(holds_in(syn::parse_quote!(test)), Some(true));
        assert_eq!(holds_in(syn::parse_quote!(debug_assertions)), Some(true));
        let release = Build::of(["-C", "opt-level=3"].map(str::to_string));
        assert!(!release.debug_assertions);
        let checked = Build::of(["-C", "opt-level=3", "-Cdebug-assertions=on"].map(str::to_string));
        assert!(checked.debug_assertions);
        assert_eq!(
            holds_in(syn::parse_quote!(target_pointer_width = "64")),
            Some(usize::BITS == 64)
        );
    }

    #[test]
    fn combinators_are_three_valued() {
        assert_eq!(
            holds_in(syn::parse_quote!(not(feature = "std"))),
            Some(false)
        );
        assert_eq!(
            holds_in(syn::parse_quote!(any(feature = "alloc", feature = "std"))),
            Some(true)
        );
        assert_eq!(
            holds_in(syn::parse_quote!(all(feature = "std", panic = "unwind"))),
            None,
            "unknown where what is known does not settle it"
        );
        assert_eq!(
            holds_in(syn::parse_quote!(all(feature = "alloc", panic = "unwind"))),
            Some(false)
        );
        assert_eq!(
            holds_in(syn::parse_quote!(any(feature = "std", panic = "unwind"))),
            Some(true)
        );
    }

    #[test]
    fn outside_a_compilation_nothing_is_known_but_what_has_no_gate() {
        let gated: syn::ItemFn = syn::parse_quote!(
            #[cfg(feature = "std")]
            fn f() {}
        );
        assert_eq!(all_hold(&gated.attrs), None);
        let plain: syn::ItemFn = syn::parse_quote!(
            #[inline]
            fn f() {}
        );
        assert_eq!(all_hold(&plain.attrs), Some(true));
    }
}
