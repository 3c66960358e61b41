//! Argument groups shared by several commands, flattened into each with
//! `#[command(flatten)]` so the same flag has the same name, default and help
//! everywhere.

use anyhow::{Context, Result};

/// `--threads`: the worker threads of a parallel command.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct Threads {
    /// Worker threads (0: all cores).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
}

impl Threads {
    /// A worker pool of that many threads (all cores for 0).
    pub fn pool(&self) -> Result<rayon::ThreadPool> {
        rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads)
            .build()
            .context("starting worker threads")
    }
}
