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

/// Where a value network runs (`--device`, `--precision`), shared by `yomi shogi nn bench`
/// and `yomi shogi bench`; parsed by `yomi_shogi_nn::{Device, Precision}`.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct NetworkDevice {
    /// Where the network runs: cpu, or cuda[:N] (a build with `--features cuda`, CUDA's
    /// libraries on LD_LIBRARY_PATH).
    #[arg(long, default_value = "cpu")]
    pub device: yomi_shogi_nn::Device,
    /// Precision of the GPU's matrix products: f32 or tf32.
    #[arg(long, default_value = "f32")]
    pub precision: yomi_shogi_nn::Precision,
}
