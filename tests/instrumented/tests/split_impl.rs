//! A type whose functions are split over two annotated impl blocks in one module: the first
//! block's call sequences call the functions of both (each block instruments its own), and
//! the second adds no sequences of its own.

mod common;

use symtest_runtime::symtest;

#[derive(Debug)]
pub struct Gauge {
    level: u8,
}

#[symtest]
impl Gauge {
    pub fn new(level: u8) -> Gauge {
        Gauge { level: level % 2 }
    }

    pub fn raise(&mut self) {
        self.level = self.level.saturating_add(1);
    }
}

#[symtest]
impl Gauge {
    /// True after three raises without a reset: needs calls of both blocks in order.
    pub fn alarm(&self) -> bool {
        if self.level >= 3 {
            return true;
        }
        false
    }

    pub fn reset(&mut self) {
        self.level = 0;
    }
}

#[test]
fn the_first_blocks_sequences_call_the_functions_of_both_blocks() {
    let subject = __symtest_subject_Gauge();
    let decisions: Vec<&str> = subject.meta.decisions.iter().map(|d| d.text).collect();
    assert!(
        decisions.contains(&"self.level >= 3"),
        "the second block's decision is a target of the first's sequences: {decisions:?}"
    );
    let uncovered = common::uncovered_after_search(&subject);
    assert!(uncovered.is_empty(), "{uncovered:?}");
}
