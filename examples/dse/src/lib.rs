//! Branches that search alone struggles with and dynamic symbolic execution reaches directly:
//! magic values behind hashing arithmetic, and keyword, prefix, suffix and length checks on
//! strings. `cargo symtest --algorithm hybrid` (the default) covers all of them; the
//! comparison with GA and AVM alone is in BENCHMARKS.md.

use symtest_runtime::symtest;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    Granted,
    Maintenance,
    Denied,
}

/// Codes are compared through a multiplicative hash, so a code near the right one hashes
/// nowhere near the magic value: the branch distance gives search no direction.
#[symtest]
pub fn unlock(code: u32) -> Access {
    let mixed = code.wrapping_mul(0x9E37_79B1) ^ 0x5BD1_E995;
    if mixed == 0xDEAD_BEEF {
        return Access::Granted;
    }
    if mixed.wrapping_add(1) == 0 {
        return Access::Maintenance;
    }
    Access::Denied
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Packet {
    Foreign,
    Corrupt,
    Accepted,
}

/// A packet is accepted when its header is ours and the digest of header and check word is
/// the expected one: a checksum that must match exactly.
#[symtest]
pub fn accept(header: u32, check: u32) -> Packet {
    if header >> 24 != 0x7F {
        return Packet::Foreign;
    }
    let digest = (header ^ check).wrapping_mul(0x2545_F491);
    if digest == 0x0BAD_F00D {
        Packet::Accepted
    } else {
        Packet::Corrupt
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Quit,
    Get,
    BadVersion,
    Put,
    Unknown,
}

/// A keyword parser over a request line.
#[symtest]
pub fn command(line: &str) -> Command {
    if line == "QUIT" {
        return Command::Quit;
    }
    if line.starts_with("GET ") {
        if line.ends_with(" HTTP/1.1") {
            return Command::Get;
        }
        return Command::BadVersion;
    }
    if line.starts_with("PUT ") && line.len() > 12 {
        return Command::Put;
    }
    Command::Unknown
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    Health,
    Json,
    LongJson,
    Malformed,
    Api,
    NotFound,
}

/// Nested prefix, suffix, substring and length conditions on a path.
#[symtest]
pub fn route(path: &str) -> Route {
    if path == "/health" {
        return Route::Health;
    }
    if path.starts_with("/api/") {
        if path.ends_with(".json") {
            if path.len() > 20 {
                return Route::LongJson;
            }
            return Route::Json;
        }
        if path.contains("//") {
            return Route::Malformed;
        }
        return Route::Api;
    }
    Route::NotFound
}

/// A version tag `vMAJOR` where the major digit must be 7: chars, `to_digit` and an index.
#[symtest]
pub fn major(tag: &str) -> Option<u32> {
    let first = tag.chars().next()?;
    if first != 'v' {
        return None;
    }
    let digit = tag.chars().nth(1)?;
    if let Some(value) = digit.to_digit(10) {
        if value == 7 {
            return Some(7);
        }
        return Some(value);
    }
    None
}
