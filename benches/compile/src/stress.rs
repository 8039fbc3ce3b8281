//! Stress functions for the compile-cost benchmark and for the macro's bounded-work tests:
//! numeric code shaped like libm's, with a given number of decisions over a few integer locals
//! that are reassigned again and again (`ix = ix - j; j = ix + j`), sequential and nested
//! loops, and early returns. The source is a pure function of the decision count, so every
//! run builds the same code.

/// The blocks a stress function is made of, each with the number of decisions it adds (every
/// `if`, loop and `&&` operand is one). `{c}` is replaced by a constant that varies by block.
const BLOCKS: [(usize, &str); 6] = [
    (
        1,
        "    if ix > {c} {\n        ix = ix - j;\n        j = ix + j;\n    } else {\n        j = j - {c};\n    }\n",
    ),
    (
        2,
        "    if j < ix && k != {c} {\n        k = k + ix;\n        ix = ix - k;\n    }\n",
    ),
    (
        2,
        "    for t in 0..3 {\n        if k > j + t {\n            k = k - t;\n        } else {\n            j = j + t;\n        }\n    }\n",
    ),
    (
        3,
        "    for t in 0..2 {\n        for u in 0..2 {\n            if ix + t > j - u {\n                ix = ix - {c};\n            }\n        }\n    }\n",
    ),
    (
        2,
        "    while ix > {c} {\n        ix = ix - {c} - 1;\n        if ix == j {\n            acc = acc + 1;\n        }\n    }\n",
    ),
    (
        2,
        "    if acc + ix == {c} {\n        return acc - k;\n    }\n    if k < {c} {\n        acc = acc + k;\n        k = ix - acc;\n    }\n",
    ),
];

/// The source of `pub fn stress_<decisions>(a: i64, b: i64, c: i64) -> i64`, annotated with
/// `#[symtest]`, with exactly `decisions` decisions.
pub fn stress_function(decisions: usize) -> String {
    let mut body = String::new();
    let mut made = 0;
    for block in 0.. {
        if made == decisions {
            break;
        }
        let (count, text) = match BLOCKS[block % BLOCKS.len()] {
            (count, text) if made + count <= decisions => (count, text),
            _ => BLOCKS[0],
        };
        let constant = 3 + (block * 7919) % 997;
        body.push_str(&text.replace("{c}", &constant.to_string()));
        made += count;
    }
    format!(
        "#[symtest]\npub fn stress_{decisions}(a: i64, b: i64, c: i64) -> i64 {{\n    \
         let mut ix = a % 100_000;\n    let mut j = b % 100_000;\n    let mut k = c % 100_000;\n    \
         let mut acc = 0i64;\n{body}    ix + j + k + acc\n}}\n"
    )
}
