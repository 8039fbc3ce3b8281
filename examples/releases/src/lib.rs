//! Values built the way users build them. `Version` keeps its pre-release label in an
//! `Rc<str>`, which genes cannot build field by field, and is not marked `#[symtest]`: tests
//! make versions with its constructors (`Version::new(1, 2)`, `"1.2-rc".parse::<Version>()`),
//! and so every function that takes one is searched, `Req` (which holds a `Version`) alike.
//! `Changelog<'a>` borrows the text it reads: its tests make one from a string literal. A
//! `Note<'a>` is marked `#[symtest]` though its fields are references: genes build what they
//! borrow, and its tests write `Note { kind: "fix", body: b"CVE" }`. The
//! release helpers take standard library types (`Ipv4Addr`, `&Path`, `Duration`), written as
//! literals a person would write, and `Version`'s trait impls (`Display`, `Ord`, `FromStr`)
//! are called as users call them.

use std::cmp::Ordering;
use std::fmt;
use std::net::Ipv4Addr;
use std::path::Path;
use std::rc::Rc;
use std::str::FromStr;
use std::time::Duration;

use symtest_runtime::symtest;

/// A version `major.minor`, with an optional pre-release label (`1.2-rc`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Version {
    major: u32,
    minor: u32,
    pre: Option<Rc<str>>,
}

/// Why a text is no version or requirement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BadVersion {
    MissingDot,
    Number,
    EmptyLabel,
    Operator,
}

#[symtest]
impl Version {
    pub fn new(major: u32, minor: u32) -> Version {
        Version {
            major,
            minor,
            pre: None,
        }
    }

    /// `major.minor` or `major.minor-label`.
    pub fn parse(text: &str) -> Result<Version, BadVersion> {
        let (core, pre) = match text.split_once('-') {
            Some((core, label)) => (core, Some(label)),
            None => (text, None),
        };
        let (major, minor) = core.split_once('.').ok_or(BadVersion::MissingDot)?;
        let major = major.parse().map_err(|_| BadVersion::Number)?;
        let minor = minor.parse().map_err(|_| BadVersion::Number)?;
        let pre = match pre {
            Some("") => return Err(BadVersion::EmptyLabel),
            Some(label) => Some(Rc::from(label)),
            None => None,
        };
        Ok(Version { major, minor, pre })
    }

    pub fn is_prerelease(&self) -> bool {
        self.pre.is_some()
    }

    /// The next minor release: a pre-release of `1.2` is released as `1.2` itself.
    pub fn next_minor(&self) -> Version {
        if self.pre.is_some() {
            Version::new(self.major, self.minor)
        } else {
            Version::new(self.major, self.minor + 1)
        }
    }
}

#[symtest]
impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.pre {
            Some(label) => write!(f, "{}.{}-{label}", self.major, self.minor),
            None => write!(f, "{}.{}", self.major, self.minor),
        }
    }
}

#[symtest]
impl FromStr for Version {
    type Err = BadVersion;

    fn from_str(text: &str) -> Result<Version, BadVersion> {
        Version::parse(text)
    }
}

#[symtest]
impl PartialOrd for Version {
    fn partial_cmp(&self, other: &Version) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[symtest]
impl Ord for Version {
    /// A pre-release comes before its release.
    fn cmp(&self, other: &Version) -> Ordering {
        let numbers = (self.major, self.minor).cmp(&(other.major, other.minor));
        if numbers != Ordering::Equal {
            return numbers;
        }
        match (&self.pre, &other.pre) {
            (None, None) => Ordering::Equal,
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (Some(a), Some(b)) => a.cmp(b),
        }
    }
}

/// How a requirement compares.
#[symtest]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Exact,
    AtLeast,
    Below,
    Caret,
}

/// A requirement on versions: `>=1.2`, `<2.0`, `=1.4`, `^1.2`. It holds a `Version`, so genes
/// cannot build it either.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Req {
    op: Op,
    version: Version,
}

#[symtest]
impl Req {
    pub fn new(op: Op, version: Version) -> Req {
        Req { op, version }
    }

    pub fn parse(text: &str) -> Result<Req, BadVersion> {
        let (op, rest) = if let Some(rest) = text.strip_prefix(">=") {
            (Op::AtLeast, rest)
        } else if let Some(rest) = text.strip_prefix('<') {
            (Op::Below, rest)
        } else if let Some(rest) = text.strip_prefix('=') {
            (Op::Exact, rest)
        } else if let Some(rest) = text.strip_prefix('^') {
            (Op::Caret, rest)
        } else {
            return Err(BadVersion::Operator);
        };
        Ok(Req::new(op, Version::parse(rest)?))
    }

    /// Whether `version` meets the requirement. A pre-release meets only a requirement on a
    /// pre-release of the same `major.minor`, as in Cargo.
    pub fn matches(&self, version: &Version) -> bool {
        let same_release =
            version.major == self.version.major && version.minor == self.version.minor;
        if version.is_prerelease() && !(self.version.is_prerelease() && same_release) {
            return false;
        }
        match self.op {
            Op::Exact => version == &self.version,
            Op::AtLeast => version >= &self.version,
            Op::Below => version < &self.version,
            Op::Caret => version.major == self.version.major && version >= &self.version,
        }
    }
}

/// Where a release goes.
#[symtest]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    Stable,
    Beta,
    Nightly,
}

/// A reader of a changelog's release headings (`## 1.2`), borrowing the text: tests make one
/// from a string literal, `Changelog::new("## 1.2\n- fixed")`.
#[derive(Debug)]
pub struct Changelog<'a> {
    rest: &'a str,
    seen: u32,
}

#[symtest]
impl<'a> Changelog<'a> {
    pub fn new(text: &'a str) -> Changelog<'a> {
        Changelog {
            rest: text,
            seen: 0,
        }
    }

    /// The version of the next release heading, past the entries before it.
    pub fn next_release(&mut self) -> Option<&'a str> {
        while !self.rest.is_empty() {
            let (line, rest) = self.rest.split_once('\n').unwrap_or((self.rest, ""));
            self.rest = rest;
            if let Some(version) = line.strip_prefix("## ") {
                self.seen += 1;
                return Some(version.trim());
            }
        }
        None
    }

    pub fn releases_seen(&self) -> u32 {
        self.seen
    }
}

/// A release note as a parser of changelogs hands it out, borrowing the text it was read from:
/// genes build what each field borrows, and tests write string and byte literals,
/// `Note { kind: "fix", body: b"CVE-1" }`.
#[symtest]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Note<'a> {
    pub kind: &'a str,
    pub body: &'a [u8],
}

/// What a batch of notes makes of the release: a fix of a CVE makes it a security release
/// whatever else it holds, and breaking changes make it major. The notes are sorted by kind
/// on the way, in the slice the caller lends.
#[symtest]
pub fn headline(notes: &mut [Note<'_>]) -> &'static str {
    notes.sort_by_key(|note| note.kind);
    let mut breaking = 0;
    for note in notes.iter() {
        if note.kind == "fix" && note.body.starts_with(b"CVE") {
            return "security release";
        }
        if note.kind == "breaking" {
            breaking += 1;
        }
    }
    match breaking {
        0 => "minor release",
        1 => "one breaking change",
        _ => "major release",
    }
}

/// The newer of two versions, by their order.
#[symtest]
pub fn newest<'a>(a: &'a Version, b: &'a Version) -> &'a Version {
    if b > a { b } else { a }
}

/// Whether `version` may be published on `channel` under `req`.
#[symtest]
pub fn publishable(req: &Req, version: &Version, channel: Channel) -> bool {
    if !req.matches(version) {
        return false;
    }
    match channel {
        Channel::Stable => !version.is_prerelease(),
        Channel::Beta | Channel::Nightly => true,
    }
}

/// The mirror that serves a client at `addr`.
#[symtest]
pub fn mirror_for(addr: Ipv4Addr) -> &'static str {
    if addr.is_loopback() {
        "local"
    } else if addr.is_private() {
        "internal"
    } else if addr.octets()[0] >= 128 {
        "mirror-b"
    } else {
        "mirror-a"
    }
}

/// What a release artifact is, from its path.
#[symtest]
pub fn artifact_kind(path: &Path) -> &'static str {
    match path.extension().and_then(|extension| extension.to_str()) {
        Some("crate") => "crate",
        Some("gz") | Some("xz") => "archive",
        Some(_) => "file",
        None if path.ends_with("LICENSE") => "license",
        None => "unknown",
    }
}

/// How long to wait before retrying an upload, or `None` to give up.
#[symtest]
pub fn retry_after(elapsed: Duration, attempts: u32) -> Option<Duration> {
    if attempts >= 5 || elapsed > Duration::from_secs(600) {
        return None;
    }
    let backoff = Duration::from_secs(1 << attempts);
    if elapsed < backoff {
        Some(backoff - elapsed)
    } else {
        Some(Duration::ZERO)
    }
}

// @generated by `cargo symtest`: regenerated on every run; edit the code, not this module.
#[cfg(test)]
#[symtest(generated)]
mod symtest_tests {
    use super::*;

    // symtest: fn=Changelog covered=4/4 seed=473060 algorithm=dynamosa budget-evals=20000
    #[test]
    fn changelog_next_release_returns_none() {
        // Covers line 207 `self.rest.is_empty()` true; line 207 `self.rest.is_empty()` false;
        //     line 210 `Some(version)` matched.
        let mut changelog = Changelog::new("## ");
        assert_eq!(changelog.releases_seen(), 0);
        assert_eq!(changelog.next_release(), Some(""));
        assert_eq!(changelog.releases_seen(), 1);
        assert_eq!(changelog.next_release(), None);
        assert_eq!(changelog.releases_seen(), 1);
    }

    #[test]
    fn changelog_releases_seen_returns_0() {
        // Covers line 207 `self.rest.is_empty()` true; line 207 `self.rest.is_empty()` false;
        //     line 210 `Some(version)` not matched.
        let mut changelog = Changelog::new("a");
        assert_eq!(changelog.next_release(), None);
        assert_eq!(changelog.releases_seen(), 0);
    }

    // symtest: fn=Req covered=28/28 seed=461866 algorithm=dynamosa budget-evals=20000
    #[test]
    fn req_matches_returns_false() {
        // Covers line 166 `version.major == self.version.major` true;
        //     line 166 `version.major == self.version.major` false;
        //     line 166 `version.minor == self.version.minor` true;
        //     line 167 `version.is_prerelease()` true; line 167 `version.is_prerelease()` false;
        //     line 167 `self.version.is_prerelease()` true; line 167 `same_release` true;
        //     line 170 `match self.op` Op::Caret; and 3 more.
        let req = Req::new(Op::Caret, "0.0-a".parse::<Version>().ok().unwrap());
        assert!(req.matches(&"0.0-a".parse::<Version>().ok().unwrap()));
        assert!(!req.matches(&Version::new(1, 0)));
    }

    #[test]
    fn req_parse_returns_err_missing_dot() {
        // Covers line 148 `Some(rest)` not matched; line 150 `Some(rest)` not matched;
        //     line 152 `Some(rest)` not matched; line 154 `Some(rest)` matched;
        //     line 159 `Version::parse(rest)?` returned early.
        assert!(Req::parse("^").is_err());
    }

    #[test]
    fn req_matches_returns_false_2() {
        // Covers line 166 `version.major == self.version.major` true;
        //     line 166 `version.major == self.version.major` false;
        //     line 166 `version.minor == self.version.minor` false;
        //     line 167 `version.is_prerelease()` true; line 167 `version.is_prerelease()` false;
        //     line 167 `self.version.is_prerelease()` false; line 170 `match self.op` Op::Below.
        let req = Req::new(Op::Below, Version::new(0, 1));
        assert!(!req.matches(&"0.0-a".parse::<Version>().ok().unwrap()));
        assert!(!req.matches(&Version::new(14037, 0)));
    }

    #[test]
    fn req_matches_returns_false_3() {
        // Covers line 166 `version.major == self.version.major` true;
        //     line 166 `version.major == self.version.major` false;
        //     line 166 `version.minor == self.version.minor` false;
        //     line 167 `version.is_prerelease()` false; line 170 `match self.op` Op::Caret;
        //     line 174 `version.major == self.version.major` true;
        //     line 174 `version.major == self.version.major` false;
        //     line 174 `version >= &self.version` false.
        let req = Req::new(Op::Caret, Version::new(0, 1));
        assert!(!req.matches(&Version::new(0, 0)));
        assert!(!req.matches(&Version::new(1, 0)));
    }

    #[test]
    fn req_matches_returns_false_4() {
        // Covers line 148 `Some(rest)` not matched; line 150 `Some(rest)` not matched;
        //     line 152 `Some(rest)` not matched; line 154 `Some(rest)` matched;
        //     line 159 `Version::parse(rest)?` continued;
        //     line 166 `version.major == self.version.major` false;
        //     line 167 `version.is_prerelease()` false; line 170 `match self.op` Op::Caret;
        //     and 1 more.
        let req = Req::parse("^0.9").ok().unwrap();
        assert!(!req.matches(&Version::new(1, 0)));
    }

    #[test]
    fn req_parse_returns_err_operator() {
        // Covers line 148 `Some(rest)` not matched; line 150 `Some(rest)` not matched;
        //     line 152 `Some(rest)` not matched; line 154 `Some(rest)` not matched.
        assert!(Req::parse("").is_err());
    }

    #[test]
    fn req_parse_returns_err_missing_dot_2() {
        // Covers line 148 `Some(rest)` not matched; line 150 `Some(rest)` matched;
        //     line 159 `Version::parse(rest)?` returned early.
        assert!(Req::parse("<").is_err());
    }

    #[test]
    fn req_matches_returns_false_5() {
        // Covers line 166 `version.major == self.version.major` false;
        //     line 167 `version.is_prerelease()` false; line 170 `match self.op` Op::AtLeast.
        let req = Req::new(Op::AtLeast, Version::new(1, 0));
        assert!(!req.matches(&Version::new(0, 0)));
    }

    #[test]
    fn req_matches_returns_false_6() {
        // Covers line 166 `version.major == self.version.major` false;
        //     line 167 `version.is_prerelease()` false; line 170 `match self.op` Op::Exact.
        let req = Req::new(Op::Exact, Version::new(0, 0));
        assert!(!req.matches(&Version::new(1, 0)));
    }

    #[test]
    fn req_parse_returns_err_missing_dot_3() {
        // Covers line 148 `Some(rest)` not matched; line 150 `Some(rest)` not matched;
        //     line 152 `Some(rest)` matched; line 159 `Version::parse(rest)?` returned early.
        assert!(Req::parse("=").is_err());
    }

    #[test]
    fn req_parse_returns_err_missing_dot_4() {
        // Covers line 148 `Some(rest)` matched; line 159 `Version::parse(rest)?` returned early.
        assert!(Req::parse(">=").is_err());
    }

    #[test]
    fn req_matches_returns_false_7() {
        // Covers line 166 `version.major == self.version.major` true;
        //     line 166 `version.major == self.version.major` false;
        //     line 166 `version.minor == self.version.minor` false;
        //     line 167 `version.is_prerelease()` true; line 167 `version.is_prerelease()` false;
        //     line 167 `self.version.is_prerelease()` true; line 167 `same_release` false;
        //     line 170 `match self.op` Op::Caret; and 1 more.
        let req = Req::new(Op::Caret, "0.8-a".parse::<Version>().ok().unwrap());
        assert!(!req.matches(&"0.0-a".parse::<Version>().ok().unwrap()));
        assert!(!req.matches(&Version::new(28748950, 0)));
    }

    #[test]
    fn req_matches_returns_true() {
        // Covers line 166 `version.major == self.version.major` true;
        //     line 166 `version.minor == self.version.minor` true;
        //     line 167 `version.is_prerelease()` false; line 170 `match self.op` Op::Exact.
        let req = Req::new(Op::Exact, Version::new(0, 0));
        assert!(req.matches(&Version::new(0, 0)));
    }

    // symtest: fn=Version covered=21/21 seed=461866 algorithm=dynamosa budget-evals=20000
    #[test]
    fn version_is_prerelease_returns_false() {
        // Covers line 51 `match text.split_once('-')` None;
        //     line 55 `core.split_once('.').ok_or(BadVersion...` continued;
        //     line 56 `major.parse().map_err(| _ | BadVersio...` continued;
        //     line 57 `minor.parse().map_err(| _ | BadVersio...` continued;
        //     line 58 `match pre` None; line 72 `self.pre.is_some()` false;
        //     line 83 `match & self.pre` None; line 111 `numbers != Ordering::Equal` true;
        //     and 2 more.
        let version = Version::parse("5.0").ok().unwrap();
        assert_eq!(
            format!("{:?}", version.next_minor()),
            "Version { major: 5, minor: 1, pre: None }"
        );
        assert_eq!(
            version.partial_cmp(&"5.0".parse::<Version>().ok().unwrap()),
            Some(std::cmp::Ordering::Equal)
        );
        assert_eq!(version.to_string(), "5.0");
        assert_eq!(
            version.partial_cmp(&Version::new(0, 0)),
            Some(std::cmp::Ordering::Greater)
        );
        assert!(!version.is_prerelease());
        assert_eq!(
            format!("{:?}", version.next_minor()),
            "Version { major: 5, minor: 1, pre: None }"
        );
        assert_eq!(version.to_string(), "5.0");
    }

    #[test]
    fn version_is_prerelease_returns_true() {
        // Covers line 51 `match text.split_once('-')` Some((core, label));
        //     line 55 `core.split_once('.').ok_or(BadVersion...` continued;
        //     line 56 `major.parse().map_err(| _ | BadVersio...` continued;
        //     line 57 `minor.parse().map_err(| _ | BadVersio...` continued;
        //     line 58 `match pre` Some(label); line 72 `self.pre.is_some()` true;
        //     line 83 `match & self.pre` Some(label); line 111 `numbers != Ordering::Equal` true.
        let version = Version::parse("0.1-a").ok().unwrap();
        assert_eq!(
            version.partial_cmp(&Version::new(0, 0)),
            Some(std::cmp::Ordering::Greater)
        );
        assert_eq!(version.to_string(), "0.1-a");
        assert_eq!(
            format!("{:?}", version.next_minor()),
            "Version { major: 0, minor: 1, pre: None }"
        );
        assert!(version.is_prerelease());
        assert_eq!(
            format!("{:?}", version.next_minor()),
            "Version { major: 0, minor: 1, pre: None }"
        );
        assert_eq!(version.to_string(), "0.1-a");
    }

    #[test]
    fn version_returns_err_number() {
        // Covers line 51 `match text.split_once('-')` Some((core, label));
        //     line 55 `core.split_once('.').ok_or(BadVersion...` continued;
        //     line 56 `major.parse().map_err(| _ | BadVersio...` returned early.
        assert!(".-".parse::<Version>().is_err());
    }

    #[test]
    fn version_parse_returns_err_missing_dot() {
        // Covers line 51 `match text.split_once('-')` Some((core, label));
        //     line 55 `core.split_once('.').ok_or(BadVersion...` returned early.
        assert!(Version::parse("-").is_err());
    }

    #[test]
    fn version_parse_returns_err_number() {
        // Covers line 51 `match text.split_once('-')` None;
        //     line 55 `core.split_once('.').ok_or(BadVersion...` continued;
        //     line 56 `major.parse().map_err(| _ | BadVersio...` continued;
        //     line 57 `minor.parse().map_err(| _ | BadVersio...` returned early.
        assert!(Version::parse("9.").is_err());
    }

    #[test]
    fn version_is_prerelease_returns_true_2() {
        // Covers line 51 `match text.split_once('-')` Some((core, label));
        //     line 55 `core.split_once('.').ok_or(BadVersion...` continued;
        //     line 56 `major.parse().map_err(| _ | BadVersio...` continued;
        //     line 57 `minor.parse().map_err(| _ | BadVersio...` continued;
        //     line 58 `match pre` Some(label).
        let version = "9.9-a".parse::<Version>().ok().unwrap();
        assert!(version.is_prerelease());
        assert_eq!(
            format!("{:?}", version.next_minor()),
            "Version { major: 9, minor: 9, pre: None }"
        );
        assert_eq!(version.to_string(), "9.9-a");
    }

    #[test]
    fn version_returns_err_empty_label() {
        // Covers line 51 `match text.split_once('-')` Some((core, label));
        //     line 55 `core.split_once('.').ok_or(BadVersion...` continued;
        //     line 56 `major.parse().map_err(| _ | BadVersio...` continued;
        //     line 57 `minor.parse().map_err(| _ | BadVersio...` continued;
        //     line 58 `match pre` Some("").
        assert!("9.9-".parse::<Version>().is_err());
    }

    #[test]
    fn version_partial_cmp_returns_some_less() {
        // Covers line 51 `match text.split_once('-')` Some((core, label));
        //     line 55 `core.split_once('.').ok_or(BadVersion...` continued;
        //     line 56 `major.parse().map_err(| _ | BadVersio...` continued;
        //     line 57 `minor.parse().map_err(| _ | BadVersio...` continued;
        //     line 58 `match pre` Some(label); line 111 `numbers != Ordering::Equal` false;
        //     line 114 `match(&self.pre, &other.pre)` (Some(_), None).
        let version = Version::parse("0.1-a").ok().unwrap();
        assert_eq!(
            version.partial_cmp(&Version::new(0, 1)),
            Some(std::cmp::Ordering::Less)
        );
        assert!(version.is_prerelease());
        assert_eq!(
            format!("{:?}", version.next_minor()),
            "Version { major: 0, minor: 1, pre: None }"
        );
        assert_eq!(version.to_string(), "0.1-a");
    }

    #[test]
    fn version_partial_cmp_returns_some_greater() {
        // Covers line 111 `numbers != Ordering::Equal` false;
        //     line 114 `match(&self.pre, &other.pre)` (None, Some(_)).
        let version = Version::new(0, 1);
        assert_eq!(
            version.partial_cmp(&Version::parse("0.1-a").ok().unwrap()),
            Some(std::cmp::Ordering::Greater)
        );
        assert!(!version.is_prerelease());
        assert_eq!(
            format!("{:?}", version.next_minor()),
            "Version { major: 0, minor: 2, pre: None }"
        );
        assert_eq!(version.to_string(), "0.1");
    }

    #[test]
    fn version_partial_cmp_returns_some_equal() {
        // Covers line 51 `match text.split_once('-')` Some((core, label));
        //     line 55 `core.split_once('.').ok_or(BadVersion...` continued;
        //     line 56 `major.parse().map_err(| _ | BadVersio...` continued;
        //     line 57 `minor.parse().map_err(| _ | BadVersio...` continued;
        //     line 58 `match pre` Some(label); line 111 `numbers != Ordering::Equal` false;
        //     line 114 `match(&self.pre, &other.pre)` (Some(a), Some(b)).
        let version = Version::parse("0.1-a").ok().unwrap();
        assert_eq!(
            version.partial_cmp(&Version::parse("0.1-a").ok().unwrap()),
            Some(std::cmp::Ordering::Equal)
        );
        assert!(version.is_prerelease());
        assert_eq!(
            format!("{:?}", version.next_minor()),
            "Version { major: 0, minor: 1, pre: None }"
        );
        assert_eq!(version.to_string(), "0.1-a");
    }

    // symtest: fn=artifact_kind covered=7/7 seed=461866 algorithm=hybrid budget-evals=20000
    #[test]
    fn artifact_kind_returns_unknown() {
        // Covers line 290 `match path.extension().and_then(| ext...` None if
        //     path.ends_with("LICENSE"); line 290 `match path.extension().and_then(| ext...` None;
        //     line 294 `path.ends_with("LICENSE")` false.
        assert_eq!(artifact_kind(std::path::Path::new("")), "unknown");
    }

    #[test]
    fn artifact_kind_returns_file() {
        // Covers line 290 `match path.extension().and_then(| ext...` Some(_).
        assert_eq!(artifact_kind(std::path::Path::new("a.")), "file");
    }

    #[test]
    fn artifact_kind_returns_archive() {
        // Covers line 290 `match path.extension().and_then(| ext...` Some("gz") | Some("xz").
        assert_eq!(artifact_kind(std::path::Path::new("a.gz")), "archive");
    }

    #[test]
    fn artifact_kind_returns_license() {
        // Covers line 290 `match path.extension().and_then(| ext...` None if
        //     path.ends_with("LICENSE"); line 294 `path.ends_with("LICENSE")` true.
        assert_eq!(artifact_kind(std::path::Path::new("LICENSE")), "license");
    }

    #[test]
    fn artifact_kind_returns_crate() {
        // Covers line 290 `match path.extension().and_then(| ext...` Some("crate").
        assert_eq!(artifact_kind(std::path::Path::new("a.crate")), "crate");
    }

    // symtest: fn=headline covered=11/11 seed=890300 algorithm=hybrid budget-evals=20000
    #[test]
    fn headline_returns_major_release() {
        // Covers line 240 `note` iterated; line 240 `note` done;
        //     line 241 `note.kind == "fix"` true; line 241 `note.kind == "fix"` false;
        //     line 241 `note.body.starts_with(b"CVE")` false;
        //     line 244 `note.kind == "breaking"` true; line 244 `note.kind == "breaking"` false;
        //     line 248 `match breaking` _.
        assert_eq!(
            headline(&mut [
                Note {
                    kind: "fix",
                    body: &[]
                },
                Note {
                    kind: "breaking",
                    body: &[]
                },
                Note {
                    kind: "breaking",
                    body: &[]
                }
            ]),
            "major release"
        );
    }

    #[test]
    fn headline_returns_minor_release() {
        // Covers line 240 `note` iterated; line 240 `note` done;
        //     line 241 `note.kind == "fix"` false; line 244 `note.kind == "breaking"` false;
        //     line 248 `match breaking` 0.
        assert_eq!(
            headline(&mut [Note {
                kind: "breakng",
                body: &[]
            }]),
            "minor release"
        );
    }

    #[test]
    fn headline_returns_one_breaking_change() {
        // Covers line 240 `note` iterated; line 240 `note` done;
        //     line 241 `note.kind == "fix"` false; line 244 `note.kind == "breaking"` true;
        //     line 244 `note.kind == "breaking"` false; line 248 `match breaking` 1.
        assert_eq!(
            headline(&mut [
                Note {
                    kind: "breaking",
                    body: &[]
                },
                Note {
                    kind: "",
                    body: &[]
                }
            ]),
            "one breaking change"
        );
    }

    #[test]
    fn headline_returns_security_release() {
        // Covers line 240 `note` iterated; line 241 `note.kind == "fix"` true;
        //     line 241 `note.kind == "fix"` false; line 241 `note.body.starts_with(b"CVE")` true;
        //     line 244 `note.kind == "breaking"` false.
        assert_eq!(
            headline(&mut [
                Note {
                    kind: "",
                    body: &[]
                },
                Note {
                    kind: "fix",
                    body: b"CVE"
                }
            ]),
            "security release"
        );
    }

    #[test]
    fn headline_returns_minor_release_2() {
        // Covers line 240 `note` iterated; line 240 `note` done;
        //     line 241 `note.kind == "fix"` false; line 244 `note.kind == "breaking"` false;
        //     line 248 `match breaking` 0.
        assert_eq!(
            headline(&mut [Note {
                kind: "fx",
                body: &[]
            }]),
            "minor release"
        );
    }

    #[test]
    fn headline_returns_minor_release_3() {
        // Covers line 240 `note` iterated; line 240 `note` done;
        //     line 241 `note.kind == "fix"` false; line 244 `note.kind == "breaking"` false;
        //     line 248 `match breaking` 0.
        assert_eq!(
            headline(&mut [
                Note {
                    kind: "g",
                    body: b"CVE"
                },
                Note {
                    kind: "",
                    body: b"CVE"
                }
            ]),
            "minor release"
        );
    }

    // symtest: fn=mirror_for covered=6/6 seed=461866 algorithm=hybrid budget-evals=20000
    #[test]
    fn mirror_for_returns_mirror_b() {
        // Covers line 276 `addr.is_loopback()` false; line 278 `addr.is_private()` false;
        //     line 280 `addr.octets()[0] >= 128` true.
        assert_eq!(
            mirror_for(std::net::Ipv4Addr::new(128, 0, 0, 0)),
            "mirror-b"
        );
    }

    #[test]
    fn mirror_for_returns_mirror_a() {
        // Covers line 276 `addr.is_loopback()` false; line 278 `addr.is_private()` false;
        //     line 280 `addr.octets()[0] >= 128` false.
        assert_eq!(mirror_for(std::net::Ipv4Addr::UNSPECIFIED), "mirror-a");
    }

    #[test]
    fn mirror_for_returns_local() {
        // Covers line 276 `addr.is_loopback()` true.
        assert_eq!(mirror_for(std::net::Ipv4Addr::new(127, 0, 0, 0)), "local");
    }

    #[test]
    fn mirror_for_returns_internal() {
        // Covers line 276 `addr.is_loopback()` false; line 278 `addr.is_private()` true.
        assert_eq!(mirror_for(std::net::Ipv4Addr::new(10, 0, 0, 0)), "internal");
    }

    #[test]
    fn mirror_for_returns_mirror_b_2() {
        // Covers line 276 `addr.is_loopback()` false; line 278 `addr.is_private()` false;
        //     line 280 `addr.octets()[0] >= 128` true.
        assert_eq!(
            mirror_for(std::net::Ipv4Addr::new(129, 0, 0, 0)),
            "mirror-b"
        );
    }

    // symtest: fn=newest covered=2/2 seed=461866 algorithm=hybrid budget-evals=20000
    #[test]
    fn newest_returns_version_major_0_minor() {
        // Covers line 258 `b > a` false.
        assert_eq!(
            format!("{:?}", newest(&Version::new(0, 0), &Version::new(0, 0))),
            "Version { major: 0, minor: 0, pre: None }"
        );
    }

    #[test]
    fn newest_returns_version_major_0_minor_2() {
        // Covers line 258 `b > a` true.
        assert_eq!(
            format!(
                "{:?}",
                newest(&Version::parse("0.0-a").ok().unwrap(), &Version::new(0, 0))
            ),
            "Version { major: 0, minor: 0, pre: None }"
        );
    }

    #[test]
    fn newest_returns_version_major_0_minor_3() {
        // Covers line 258 `b > a` false.
        assert_eq!(
            format!("{:?}", newest(&Version::new(0, 1), &Version::new(0, 0))),
            "Version { major: 0, minor: 1, pre: None }"
        );
    }

    // symtest: fn=publishable covered=4/4 seed=461866 algorithm=hybrid budget-evals=20000
    #[test]
    fn publishable_returns_true() {
        // Covers line 264 `req.matches(version)` true; line 267 `match channel` Channel::Stable.
        assert!(publishable(
            &Req::new(Op::Exact, Version::new(0, 0)),
            &Version::new(0, 0),
            Channel::Stable
        ));
    }

    #[test]
    fn publishable_returns_false() {
        // Covers line 264 `req.matches(version)` false.
        assert!(!publishable(
            &Req::parse("=9.9-a").ok().unwrap(),
            &Version::new(0, 0),
            Channel::Stable
        ));
    }

    #[test]
    fn publishable_returns_true_2() {
        // Covers line 264 `req.matches(version)` true;
        //     line 267 `match channel` Channel::Beta | Channel::Nightly.
        assert!(publishable(
            &Req::new(Op::Exact, Version::new(0, 0)),
            &Version::new(0, 0),
            Channel::Beta
        ));
    }

    // symtest: fn=retry_after covered=6/6 seed=461866 algorithm=hybrid budget-evals=20000
    #[test]
    fn retry_after_returns_some_16s() {
        // Covers line 302 `attempts >= 5` false;
        //     line 302 `elapsed > Duration::from_secs(600)` false;
        //     line 306 `elapsed < backoff` true.
        assert_eq!(
            retry_after(std::time::Duration::ZERO, 4),
            Some(std::time::Duration::from_secs(16))
        );
    }

    #[test]
    fn retry_after_returns_none() {
        // Covers line 302 `attempts >= 5` true.
        assert_eq!(retry_after(std::time::Duration::ZERO, 5), None);
    }

    #[test]
    fn retry_after_returns_some_0ns() {
        // Covers line 302 `attempts >= 5` false;
        //     line 302 `elapsed > Duration::from_secs(600)` false;
        //     line 306 `elapsed < backoff` false.
        assert_eq!(
            retry_after(std::time::Duration::from_secs(1), 0),
            Some(std::time::Duration::ZERO)
        );
    }

    #[test]
    fn retry_after_returns_none_2() {
        // Covers line 302 `attempts >= 5` false;
        //     line 302 `elapsed > Duration::from_secs(600)` true.
        assert_eq!(retry_after(std::time::Duration::from_secs(715), 0), None);
    }

    #[test]
    fn retry_after_returns_some_0ns_2() {
        // Covers line 302 `attempts >= 5` false;
        //     line 302 `elapsed > Duration::from_secs(600)` false;
        //     line 306 `elapsed < backoff` false.
        assert_eq!(
            retry_after(std::time::Duration::new(1, 1), 0),
            Some(std::time::Duration::ZERO)
        );
    }

    #[test]
    fn retry_after_returns_none_3() {
        // Covers line 302 `attempts >= 5` true.
        assert_eq!(retry_after(std::time::Duration::ZERO, 6), None);
    }
}
// @end generated by `cargo symtest`
