//! `cargo symtest apply DIR...`: the reports the shards of a run saved, merged and handed to
//! the write step as if one machine had searched every function.

use anyhow::{Context, Result, bail};

use crate::Verdict;
use crate::cargo;
use crate::console;
use crate::options::ApplyOptions;
use crate::shard::{self, Saved};
use crate::write::{self, Place, Searched};

pub fn run(options: &ApplyOptions) -> Result<Verdict> {
    let files = shard::load(&options.dirs)?;
    let file_count = files.len();
    let (run, saved) = shard::merge(files)?;
    let manifest_path = options.manifest_path.as_deref();
    let metadata = cargo::metadata(manifest_path)?;
    let packages = cargo::select_packages(&metadata, manifest_path, &run.packages, false, false)
        .with_context(|| {
            format!(
                "cannot apply the shards of {} here",
                run.packages.join(", ")
            )
        })?;
    write::check_clean(&packages, &options.write)?;
    let (skipped, saved): (Vec<Saved>, Vec<Saved>) = saved
        .into_iter()
        .partition(|saved| saved.report.skipped.is_some());
    let mut places = Vec::new();
    for saved in &saved {
        let site = saved.report.site();
        let (source, text) = Place::source(site, &metadata)?;
        if shard::fingerprint(&text) != saved.source {
            bail!(
                "{} is not what the shards searched for {}: run the shards and apply on the \
                 same source",
                console::display_path(&source),
                saved.id
            );
        }
        places.push(Place::find(site, &saved.id.package, &metadata, &packages)?);
    }
    console::status(
        "Applying",
        &format!(
            "the reports of {} functions from {file_count} shard file{}",
            saved.len(),
            if file_count == 1 { "" } else { "s" }
        ),
    );
    let skipped: Vec<_> = skipped.into_iter().map(|saved| saved.report).collect();
    write::describe_skipped(&skipped);
    let searched = Searched {
        places,
        reports: saved.into_iter().map(|saved| saved.report).collect(),
        skipped,
        seed: run.seed,
        filtered: !run.filters.is_empty(),
    };
    write::finish(&searched, &metadata, &packages, &options.write)
}
