//! The command line: `cargo symtest [OPTIONS] [FILTER]...`.

use std::path::PathBuf;
use std::str::FromStr;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// `cargo` runs `cargo-symtest symtest …`: the first argument names the subcommand.
#[derive(Debug, Parser)]
#[command(name = "cargo", bin_name = "cargo", styles = clap::builder::Styles::styled())]
pub enum Cargo {
    Symtest(Options),
}

/// Writes unit tests for the functions marked `#[symtest]`: searches inputs that cover their
/// branches, picks and shrinks a small suite, and writes it into the crate as `#[test]`s with
/// assertions on what the functions returned or how they panicked.
#[derive(Debug, Args)]
#[command(version, about, long_about = None, after_help = AFTER_HELP, args_conflicts_with_subcommands = true)]
pub struct Options {
    #[command(subcommand)]
    pub command: Option<Command>,

    /// Only functions whose path (`crate::module::name`) contains one of these
    #[arg(value_name = "FILTER")]
    pub filters: Vec<String>,

    /// Path to Cargo.toml
    #[arg(long, value_name = "PATH")]
    pub manifest_path: Option<PathBuf>,

    /// Package(s) to generate tests for
    #[arg(short, long = "package", value_name = "PKG")]
    pub packages: Vec<String>,

    /// All packages in the workspace that use symtest-runtime (with --auto: all packages)
    #[arg(long)]
    pub workspace: bool,

    /// Test every function, impl block, struct and enum as if it carried #[symtest], with no
    /// edit to the crate: a copy in target/symtest-auto/ gets the attributes and the
    /// symtest-runtime dependency, and is built and searched; only the generated test modules
    /// go into the crate's files, as plain #[cfg(test)] code
    #[arg(long)]
    pub auto: bool,

    /// Seed of the search [default: the one recorded in the generated tests, else random]
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,

    /// Evaluations each branch may use [default: recorded, else 20000]
    #[arg(long, value_name = "N")]
    pub budget_evals: Option<u64>,

    /// Seconds each function's search may use (a search that hits it is no longer
    /// reproducible, so the evaluation budget should end searches first)
    #[arg(long, value_name = "S", default_value_t = 60.0)]
    pub budget_secs: f64,

    /// Searches to run at once [default: number of CPUs]
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<usize>,

    /// Search algorithm [default: recorded, else dynamosa for impl blocks, hybrid for functions]
    #[arg(long, value_enum)]
    pub algorithm: Option<Algorithm>,

    /// Fitness function [default: recorded, else standard]
    #[arg(long, value_enum)]
    pub fitness: Option<Fitness>,

    /// What the search targets [default: recorded, else branch]
    #[arg(long, value_enum)]
    pub criterion: Option<Criterion>,

    /// Search only shard K of N of the functions (K from 1 to N) and save the reports to
    /// --shard-dir instead of writing tests; `cargo symtest apply` writes the tests of all N
    /// shards. Without --seed, functions with no recorded seed get one derived from the list
    /// of functions, the same on every shard
    #[arg(long, value_name = "K/N", conflicts_with_all = ["check", "dry_run", "report", "open"])]
    pub shard: Option<Shard>,

    /// Where --shard saves its reports (as shard-K-of-N.jsonl) [default: target/symtest/shards]
    #[arg(long, value_name = "DIR", requires = "shard")]
    pub shard_dir: Option<PathBuf>,

    #[command(flatten)]
    pub write: WriteOptions,
}

/// What the write step does with the searched tests: a whole run and `apply` share these.
#[derive(Debug, Args)]
pub struct WriteOptions {
    /// Write nothing; fail if the committed tests differ from what would be generated or
    /// cover fewer branches (for CI)
    #[arg(long, conflicts_with = "dry_run")]
    pub check: bool,

    /// Print the generated tests instead of writing them
    #[arg(long)]
    pub dry_run: bool,

    /// Write even if the working tree has uncommitted changes or no version control
    #[arg(long)]
    pub allow_dirty: bool,

    /// Print the summary as one JSON document on stdout
    #[arg(long)]
    pub json: bool,

    /// Write an HTML report to target/symtest/report/index.html: a sortable table of the
    /// functions, each source file with its decisions marked covered on both sides, one or
    /// neither (the tests covering each outcome and the surviving mutants at their lines), and
    /// plots of how each search converged
    #[arg(long)]
    pub report: bool,

    /// Open the HTML report in a browser once written (implies --report)
    #[arg(long)]
    pub open: bool,

    #[command(flatten)]
    pub features: FeatureOptions,
}

/// The package's own features, for the instrumented build and for running the written tests,
/// as cargo takes them.
#[derive(Clone, Debug, Default, Args)]
pub struct FeatureOptions {
    /// Space or comma separated list of features to activate
    #[arg(short = 'F', long, value_name = "FEATURES")]
    pub features: Vec<String>,

    /// Activate all available features
    #[arg(long)]
    pub all_features: bool,

    /// Do not activate the `default` feature
    #[arg(long)]
    pub no_default_features: bool,
}

impl FeatureOptions {
    /// The cargo arguments that select these features.
    pub fn cargo_args(&self) -> Vec<String> {
        let mut args = Vec::new();
        for features in &self.features {
            args.push("--features".to_string());
            args.push(features.clone());
        }
        if self.all_features {
            args.push("--all-features".to_string());
        }
        if self.no_default_features {
            args.push("--no-default-features".to_string());
        }
        args
    }
}

impl WriteOptions {
    /// Whether the HTML report is written (`--report` or `--open`).
    pub fn writes_report(&self) -> bool {
        self.report || self.open
    }

    /// Whether source files get written (neither `--check` nor `--dry-run`).
    pub fn writes(&self) -> bool {
        !self.check && !self.dry_run
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Measure search configurations the way *Symbolic Search Based Testing* §V does: every
    /// branch searched on its own, N runs over a fixed seed list, success rates and mean
    /// evaluations, with Wilcoxon signed-rank tests and Vargha–Delaney Â12 between them
    Experiment(ExperimentOptions),
    /// Write the tests that the shards of a run (`cargo symtest --shard K/N`) found, exactly as
    /// one whole run would: checks that their files hold every function once, then writes the
    /// tests (or --check, --dry-run), runs them and prints the summary
    Apply(ApplyOptions),
    /// Put #[symtest_runtime::symtest] on every free fn, impl block, struct and enum of these
    /// files, in place, and print how many of each (for benches/modules)
    #[command(hide = true)]
    Annotate(AnnotateOptions),
}

#[derive(Debug, Args)]
pub struct AnnotateOptions {
    /// Rust source files to annotate
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ApplyOptions {
    /// Directories the shards saved their reports in (their --shard-dir), or the
    /// shard-K-of-N.jsonl files themselves
    #[arg(value_name = "DIR", required = true)]
    pub dirs: Vec<PathBuf>,

    /// Path to Cargo.toml
    #[arg(long, value_name = "PATH")]
    pub manifest_path: Option<PathBuf>,

    #[command(flatten)]
    pub write: WriteOptions,
}

#[derive(Debug, Args)]
pub struct ExperimentOptions {
    /// Only functions whose path contains one of these
    #[arg(value_name = "FILTER")]
    pub filters: Vec<String>,

    /// Path to Cargo.toml
    #[arg(long, value_name = "PATH")]
    pub manifest_path: Option<PathBuf>,

    /// Package(s) to measure
    #[arg(short, long = "package", value_name = "PKG")]
    pub packages: Vec<String>,

    #[command(flatten)]
    pub features: FeatureOptions,

    /// All packages in the workspace that use symtest-runtime
    #[arg(long)]
    pub workspace: bool,

    /// Independent runs per branch and configuration (seeds 1..=N)
    #[arg(long, value_name = "N", default_value_t = 30)]
    pub runs: u64,

    /// Evaluations a run may use per branch; failed runs count all of them
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    pub budget_evals: u64,

    /// Algorithms to compare, comma-separated
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "avm,ga,hybrid,random"
    )]
    pub algorithms: Vec<Algorithm>,

    /// Fitness functions to compare, comma-separated
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "standard,enhanced"
    )]
    pub fitness: Vec<Fitness>,

    /// Also write the results as JSON to this file
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,

    /// Runs at once [default: number of CPUs]
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Criterion {
    /// Every branch, output class and comparison boundary
    Branch,
    /// Those, then every path of the body, loops cut at two iterations (Sofokleous et al.)
    Path,
    /// Branches, then every class the fields of impl blocks' values could take (bools,
    /// variants, signs, lengths) (Godio et al.)
    Field,
    /// Field coverage, as many classes per field as small scopes predict (transcoping)
    FieldTranscoped,
}

impl Criterion {
    pub fn name(self) -> &'static str {
        match self {
            Criterion::Branch => "branch",
            Criterion::Path => "path",
            Criterion::Field => "field",
            Criterion::FieldTranscoped => "field-transcoped",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Fitness {
    /// Approach level + normalised branch distance
    Standard,
    /// Path distance + approximation level (*Symbolic Search Based Testing* §III)
    Enhanced,
}

impl Fitness {
    pub fn name(self) -> &'static str {
        match self {
            Fitness::Standard => "standard",
            Fitness::Enhanced => "enhanced",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Algorithm {
    /// Random inputs (a baseline)
    Random,
    /// Alternating variable method
    Avm,
    /// Genetic algorithm (Wegener et al.)
    Ga,
    /// The genetic algorithm with adaptive dynamic symbolic execution
    Hybrid,
    /// The hybrid, skipping constraint systems a nearest-neighbour vote over earlier ones
    /// predicts unsolvable (Tardis)
    HybridLearned,
    /// Every branch together in one many-objective population (DynaMOSA), then the hybrid on
    /// each branch left
    Dynamosa,
}

impl Algorithm {
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Random => "random",
            Algorithm::Avm => "avm",
            Algorithm::Ga => "ga",
            Algorithm::Hybrid => "hybrid",
            Algorithm::HybridLearned => "hybrid-learned",
            Algorithm::Dynamosa => "dynamosa",
        }
    }
}

/// Shard `index` of `count`, numbered from 1 as in `--shard 1/3` … `--shard 3/3`. Its file and
/// the functions it searches are [`crate::shard`]'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        let number = |text: &str| text.trim().parse::<usize>().ok();
        let parsed = text
            .split_once('/')
            .and_then(|(index, count)| Some((number(index)?, number(count)?)));
        match parsed {
            None => Err(format!(
                "`{text}` is not K/N: --shard 2/3 searches the second third of the functions"
            )),
            Some((_, 0)) => Err("there must be at least one shard: use 1/1 … N/N".into()),
            Some((index, count)) if index == 0 || index > count => Err(format!(
                "shards are numbered from 1 to {count}: use 1/{count} … {count}/{count}"
            )),
            Some((index, count)) => Ok(Shard { index, count }),
        }
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

const AFTER_HELP: &str = "\
Generated tests go into a `mod symtest_tests` at the end of each function's module, between
`@generated` markers; code outside the markers is never touched. The seed and budget used are
recorded there, so a later run (or --check) without --seed reproduces the same tests.

Examples:
  cargo symtest                      generate tests for the package in this directory
  cargo symtest --auto               the same for every item, with no edit to the crate
  cargo symtest --auto parse::       every item of the module `parse`
  cargo symtest parse                only functions whose path contains `parse`
  cargo symtest --check              in CI: fail when the committed tests are stale
  cargo symtest --open               write the HTML report of the run and open it
  cargo symtest --shard 2/4          on CI machine 2 of 4: search a quarter of the functions
  cargo symtest apply shards/*       then write the tests all four shards found";

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Options {
        let Cargo::Symtest(options) = Cargo::try_parse_from(args).unwrap_or_else(|e| panic!("{e}"));
        options
    }

    #[test]
    fn features_are_passed_to_cargo_as_given() {
        let options = parse(&[
            "cargo",
            "symtest",
            "--features",
            "std,serde",
            "-F",
            "extra",
            "--no-default-features",
        ]);
        assert_eq!(
            options.write.features.cargo_args(),
            [
                "--features",
                "std,serde",
                "--features",
                "extra",
                "--no-default-features"
            ]
        );
        let all = parse(&["cargo", "symtest", "--all-features"]);
        assert_eq!(all.write.features.cargo_args(), ["--all-features"]);
        assert!(
            parse(&["cargo", "symtest"])
                .write
                .features
                .cargo_args()
                .is_empty()
        );
    }

    #[test]
    fn cargo_passes_the_subcommand_name_first() {
        let options = parse(&[
            "cargo", "symtest", "--seed", "7", "-p", "a", "-p", "b", "tri",
        ]);
        assert_eq!(options.seed, Some(7));
        assert_eq!(options.packages, ["a", "b"]);
        assert_eq!(options.filters, ["tri"]);
        assert!(!options.write.check && !options.write.allow_dirty);
    }

    #[test]
    fn experiment_takes_comma_separated_lists_with_the_paper_defaults() {
        let options = parse(&[
            "cargo",
            "symtest",
            "experiment",
            "--algorithms",
            "avm,ga",
            "--runs",
            "5",
        ]);
        let Some(Command::Experiment(experiment)) = options.command else {
            panic!("no experiment")
        };
        assert_eq!(experiment.algorithms, [Algorithm::Avm, Algorithm::Ga]);
        assert_eq!((experiment.runs, experiment.budget_evals), (5, 100_000));
        assert_eq!(experiment.fitness, [Fitness::Standard, Fitness::Enhanced]);
    }

    #[test]
    fn a_shard_run_names_its_shard_and_neither_checks_nor_prints() {
        let options = parse(&["cargo", "symtest", "--shard", "2/3", "--shard-dir", "out"]);
        assert_eq!(options.shard, Some(Shard { index: 2, count: 3 }));
        assert_eq!(options.shard_dir, Some(PathBuf::from("out")));
        for other in ["--check", "--dry-run", "--report", "--open"] {
            let args = ["cargo", "symtest", "--shard", "1/3", other];
            assert!(Cargo::try_parse_from(args).is_err(), "{other}");
        }
        let error = Cargo::try_parse_from(["cargo", "symtest", "--shard", "0/3"]).unwrap_err();
        assert!(error.to_string().contains("numbered from 1"), "{error}");
    }

    #[test]
    fn apply_takes_the_shard_directories_and_the_write_options() {
        let options = parse(&["cargo", "symtest", "apply", "--check", "a", "b"]);
        let Some(Command::Apply(apply)) = options.command else {
            panic!("no apply")
        };
        assert_eq!(apply.dirs, [PathBuf::from("a"), PathBuf::from("b")]);
        assert!(apply.write.check && !apply.write.writes());
        assert!(Cargo::try_parse_from(["cargo", "symtest", "apply"]).is_err());
    }

    #[test]
    fn open_writes_the_report_too_in_a_run_and_in_apply() {
        assert!(!parse(&["cargo", "symtest"]).write.writes_report());
        for flag in ["--report", "--open"] {
            assert!(
                parse(&["cargo", "symtest", "--check", flag])
                    .write
                    .writes_report()
            );
            let options = parse(&["cargo", "symtest", "apply", flag, "shards"]);
            let Some(Command::Apply(apply)) = options.command else {
                panic!("no apply")
            };
            assert!(apply.write.writes_report(), "{flag}");
        }
        let help = Cargo::try_parse_from(["cargo", "symtest", "--help"]).unwrap_err();
        assert!(
            help.to_string()
                .contains("target/symtest/report/index.html"),
            "{help}"
        );
    }

    #[test]
    fn annotate_is_hidden_and_takes_files() {
        let options = parse(&["cargo", "symtest", "annotate", "src/a.rs", "src/b.rs"]);
        let Some(Command::Annotate(annotate)) = options.command else {
            panic!("no annotate")
        };
        assert_eq!(
            annotate.files,
            [PathBuf::from("src/a.rs"), PathBuf::from("src/b.rs")]
        );
        let help = Cargo::try_parse_from(["cargo", "symtest", "--help"]).unwrap_err();
        assert!(!help.to_string().contains("annotate"), "{help}");
    }

    #[test]
    fn check_and_dry_run_exclude_each_other() {
        assert!(Cargo::try_parse_from(["cargo", "symtest", "--check", "--dry-run"]).is_err());
    }

    #[test]
    fn unknown_algorithms_are_rejected_with_the_choices() {
        let error =
            Cargo::try_parse_from(["cargo", "symtest", "--algorithm", "magic"]).unwrap_err();
        assert!(error.to_string().contains("random"), "{error}");
    }
}
