//! `cargo symtest`: writes unit tests for the functions marked `#[symtest]`.
//!
//! The pipeline lives in [`generate`]; this file parses the command line, runs it, and turns
//! the result into an exit code and, for errors, a message that says what to do.

mod annotate;
mod apply;
mod auto;
mod buildlog;
mod cargo;
mod console;
mod copy;
mod experiment;
mod fmt;
mod generate;
mod html;
mod interrupt;
mod lift;
mod lines;
mod methods;
mod model;
mod options;
mod pool;
mod process;
mod quarantine;
mod rejected;
mod render;
mod report;
mod search;
mod shard;
mod size;
mod stats;
mod test_files;
mod trial;
mod vcs;
mod verify;
mod write;
mod writeback;

use std::process::ExitCode;

use clap::Parser;

use crate::options::{Cargo, Command};

/// How a run ended, for the exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Success,
    /// `--check` found stale tests, or the written tests failed.
    Failed,
}

/// Exit codes: 0 success, 1 stale tests (`--check`) or failing generated tests, 2 an error
/// the user can fix (the message says how), 128 + the signal when interrupted (130 for SIGINT,
/// 143 for SIGTERM).
fn main() -> ExitCode {
    let Cargo::Symtest(options) = Cargo::parse();
    interrupt::handle_interrupts();
    let result = match &options.command {
        Some(Command::Experiment(experiment)) => experiment::run(experiment),
        Some(Command::Apply(apply)) => apply::run(apply),
        Some(Command::Annotate(annotate)) => annotate::run(&annotate.files),
        None => generate::run(&options),
    };
    if let Some(signal) = process::interrupted() {
        console::interrupted(signal);
        return ExitCode::from(u8::try_from(128 + signal).unwrap_or(1));
    }
    match result {
        Ok(Verdict::Success) => ExitCode::SUCCESS,
        Ok(Verdict::Failed) => ExitCode::from(1),
        Err(error) => {
            let mut message = error.to_string();
            for cause in error.chain().skip(1) {
                message.push_str(&format!("\n  caused by: {cause}"));
            }
            console::error(&message);
            ExitCode::from(2)
        }
    }
}
