//! Argument groups shared by several commands, flattened into each with
//! `#[command(flatten)]` so the same flag has the same name, default and help
//! everywhere.
//!
//! Bounded numbers (threads, table sizes, counts) and seeds are parsed by yomi-core's one
//! parser of each kind ([`yomi_core::limits`], [`yomi_core::rng`]) through the value parsers
//! here, so a flag and a strategy spec refuse the same value with the same message, before
//! anything is allocated or started, and clap exits 2. Those flags also take a leading `-`
//! (`allow_hyphen_values`), so `--seed -99` reaches the grammar instead of being read as a
//! flag.

use anyhow::{Context, Result};
use yomi_core::limits::{Bounds, LimitError};

/// `--threads`: the worker threads of a parallel command.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct Threads {
    /// Worker threads (0: all cores; at most 1024).
    #[arg(long, default_value_t = 0, value_parser = threads, allow_hyphen_values = true)]
    pub threads: usize,
}

/// Value parser of thread counts: 0 (all cores) to 1024 (`yomi_core::limits::THREADS`).
pub fn threads(text: &str) -> Result<usize, LimitError> {
    yomi_core::limits::parse_threads(text)
}

/// Value parser of table sizes in MB: 0 to 65536 (`yomi_core::limits::TABLE_MB`).
pub fn table_mb(text: &str) -> Result<usize, LimitError> {
    yomi_core::limits::parse_table_mb(text)
}

/// Value parser of a count within a library's `bounds`.
pub fn count<T: TryFrom<u64> + Clone + Send + Sync + 'static>(
    bounds: Bounds,
) -> impl Fn(&str) -> Result<T, LimitError> + Clone + Send + Sync + 'static {
    move |text| bounds.parse::<T>(text)
}

/// Value parser of seeds: yomi-core's grammar, 0 to 2^64-1.
pub fn seed(text: &str) -> Result<u64, yomi_core::SeedError> {
    yomi_core::parse_seed(text)
}

/// Value parser of CodinGame seeds (Java longs, negative ones included).
pub fn long_seed(text: &str) -> Result<i64, yomi_core::LongSeedError> {
    yomi_core::parse_long_seed(text)
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
