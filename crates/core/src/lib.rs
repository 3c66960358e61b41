//! # yomi-core
//!
//! The primitives every yomi crate may use, and nothing game-specific: the
//! seedable generator and the one seed grammar ([`rng`]), the one duration
//! grammar ([`duration`]), the bounds of thread counts, table sizes and
//! counts ([`limits`]), outputs written whole or not at all ([`files`]),
//! the `--shard i/n` work split ([`shard`]), comments and blank lines of
//! line-based files ([`text`]), the fingerprint of inputs
//! ([`fingerprint`]), the options an output directory was made with
//! ([`manifest`]), large tables on huge pages ([`memory`]) and the cache prefetch ([`cache`]), the child processes yomi starts, each a process group
//! killed as a whole ([`process`]), a headless browser for the tests of
//! what yomi draws ([`browser`]), and, with the cargo feature `parquet`,
//! the one Parquet table writer of every dataset (`table`). It depends on nothing of ours, so a crate that needs
//! only these does not compile a search library.
//!
//! ```
//! use yomi_core::{Rng, derive_seed, parse_duration, parse_seed};
//!
//! let seed = parse_seed("42")?;
//! let mut a = Rng::new(derive_seed(seed, 1));
//! let mut b = Rng::new(derive_seed(seed, 1));
//! assert_eq!(a.next_u64(), b.next_u64()); // same seed, same stream
//! assert_eq!(parse_duration("1.5s")?, std::time::Duration::from_millis(1500));
//! assert!(parse_duration("30").is_err()); // the unit is always written
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod browser;
pub mod cache;
pub mod duration;
pub mod files;
pub mod fingerprint;
pub mod limits;
pub mod manifest;
pub mod memory;
pub mod process;
pub mod rng;
pub mod shard;
#[cfg(feature = "parquet")]
pub mod table;
pub mod text;

pub use duration::{DurationError, parse_duration, parse_duration_or_zero};
pub use fingerprint::{Fnv, fnv1a};
pub use limits::{Bounds, LimitError, parse_table_mb, parse_threads};
pub use rng::{LongSeedError, Rng, SeedError, derive_seed, parse_long_seed, parse_seed};
