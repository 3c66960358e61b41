//! The bounds of every number a user chooses that sizes something: worker
//! threads, table sizes in MB, and counts that allocate or spawn in
//! proportion (a batch, hill-climbing starts, themes). Every command-line flag
//! and strategy-spec parameter of those kinds parses here, so a value too
//! large is refused before anything is allocated or started, and the same
//! mistake gets the same message everywhere.
//!
//! Contract: [`Bounds::parse`] accepts exactly the decimal whole numbers in
//! `min..=max` (surrounding spaces allowed) and refuses anything else with a
//! [`LimitError`] that quotes the text (cut by [`crate::text::excerpt`]) and
//! states the bounds. The caps are fixed numbers, not derived from the
//! machine, so a command line that works on one machine is accepted on every
//! other one and the messages are the same everywhere:
//!
//! - threads: 1 to [`MAX_THREADS`] (1024), or 0 for one per core. 1024 is far
//!   above the cores of any machine yomi runs on and far below where an OS
//!   refuses threads; a fixed cap (rather than, say, four per core) keeps a
//!   job script valid across machines.
//! - table sizes: 0 to [`MAX_TABLE_MB`] MB (64 GiB), the cap the USI engine's
//!   `USI_Hash` has always had; a table the system cannot grant is shrunk
//!   by [`granted_len`] instead of aborting the process.
//! - counts: bounds of each count's own, e.g. `Bounds::new("starts", 1, 1_000_000)`.

use std::fmt;

use thiserror::Error;

use crate::text::excerpt;

/// The most worker threads a command accepts.
pub const MAX_THREADS: u64 = 1024;

/// The largest table (transposition table, hash, tree) in MB a command or
/// spec accepts: 64 GiB, as the USI engine's `USI_Hash`.
pub const MAX_TABLE_MB: u64 = 65_536;

/// The accepted range of one kind of number, and what its unit is called in
/// messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// What the number counts, plural (`threads`, `MB`, `starts`).
    pub unit: &'static str,
    /// Smallest value accepted.
    pub min: u64,
    /// Largest value accepted.
    pub max: u64,
    /// What 0 means, where it is accepted and special (`all cores`).
    pub zero: Option<&'static str>,
}

/// Worker threads: 0 (one per core) to [`MAX_THREADS`].
pub const THREADS: Bounds = Bounds::new("threads", 0, MAX_THREADS).zero_means("one per core");

/// Table sizes in MB: 0 to [`MAX_TABLE_MB`] (what 0 means is the caller's: the
/// smallest table, or none).
pub const TABLE_MB: Bounds = Bounds::new("MB", 0, MAX_TABLE_MB);

impl Bounds {
    /// `min..=max` of `unit`.
    pub const fn new(unit: &'static str, min: u64, max: u64) -> Bounds {
        Bounds {
            unit,
            min,
            max,
            zero: None,
        }
    }

    /// The same bounds, saying what 0 means in messages.
    pub const fn zero_means(self, meaning: &'static str) -> Bounds {
        Bounds {
            zero: Some(meaning),
            ..self
        }
    }

    /// Parses a decimal whole number within the bounds.
    ///
    /// ```
    /// use yomi_core::limits::{Bounds, LimitError};
    ///
    /// const STARTS: Bounds = Bounds::new("starts", 1, 1_000_000);
    /// assert_eq!(STARTS.parse::<usize>(" 200 "), Ok(200));
    /// let e = STARTS.parse::<usize>("0").unwrap_err();
    /// assert_eq!(e.to_string(), "'0' is out of range: expected 1 to 1000000 starts");
    /// let e = STARTS.parse::<usize>("lots").unwrap_err();
    /// assert_eq!(e.to_string(), "'lots' is not a whole number: expected 1 to 1000000 starts");
    /// assert!(matches!(STARTS.parse::<u64>("-5"), Err(LimitError::OutOfRange { .. })));
    /// ```
    pub fn parse<T: TryFrom<u64>>(&self, text: &str) -> Result<T, LimitError> {
        let t = text.trim();
        let value = match t.parse::<u64>() {
            Ok(v) => v,
            Err(_) => {
                let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
                let number = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
                return Err(if number {
                    // A whole number, but negative or beyond u64.
                    self.out_of_range(t)
                } else {
                    LimitError::NotANumber {
                        text: excerpt(t),
                        bounds: *self,
                    }
                });
            }
        };
        self.check(value).map_err(|_| self.out_of_range(t))
    }

    /// `value` if it is within the bounds (for values that come as numbers,
    /// not text), converted to `T`.
    ///
    /// ```
    /// use yomi_core::limits::THREADS;
    /// assert_eq!(THREADS.check::<usize>(8), Ok(8));
    /// assert_eq!(
    ///     THREADS.check::<usize>(1 << 40).unwrap_err().to_string(),
    ///     "'1099511627776' is out of range: expected 0 to 1024 threads (0: one per core)"
    /// );
    /// ```
    pub fn check<T: TryFrom<u64>>(&self, value: u64) -> Result<T, LimitError> {
        if (self.min..=self.max).contains(&value)
            && let Ok(v) = T::try_from(value)
        {
            return Ok(v);
        }
        Err(self.out_of_range(&value.to_string()))
    }

    fn out_of_range(&self, text: &str) -> LimitError {
        LimitError::OutOfRange {
            text: excerpt(text),
            bounds: *self,
        }
    }
}

impl fmt::Display for Bounds {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{} to {} {}", self.min, self.max, self.unit)?;
        if let Some(zero) = self.zero {
            write!(f, " (0: {zero})")?;
        }
        Ok(())
    }
}

/// Why a bounded number was refused; the message quotes the text and states
/// the bounds.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LimitError {
    /// Not a decimal whole number.
    #[error("'{text}' is not a whole number: expected {bounds}")]
    NotANumber {
        /// The text, as messages quote it.
        text: String,
        /// What was expected.
        bounds: Bounds,
    },
    /// A whole number outside the bounds (negative ones included).
    #[error("'{text}' is out of range: expected {bounds}")]
    OutOfRange {
        /// The text, as messages quote it.
        text: String,
        /// What was expected.
        bounds: Bounds,
    },
}

/// Parses a worker-thread count: 0 (one per core) to [`MAX_THREADS`].
///
/// ```
/// use yomi_core::limits::parse_threads;
/// assert_eq!(parse_threads("0"), Ok(0));
/// assert_eq!(parse_threads("16"), Ok(16));
/// assert!(parse_threads("18446744073709551615").is_err());
/// ```
pub fn parse_threads(text: &str) -> Result<usize, LimitError> {
    THREADS.parse(text)
}

/// Parses a table size in MB: 0 to [`MAX_TABLE_MB`].
///
/// ```
/// use yomi_core::limits::parse_table_mb;
/// assert_eq!(parse_table_mb("64"), Ok(64));
/// assert_eq!(
///     parse_table_mb("100000").unwrap_err().to_string(),
///     "'100000' is out of range: expected 0 to 65536 MB"
/// );
/// ```
pub fn parse_table_mb(text: &str) -> Result<usize, LimitError> {
    TABLE_MB.parse(text)
}

/// The length of a table to allocate: `wanted` elements of `elem_bytes`
/// bytes, or the largest `wanted >> k` (at least `min`) that the system
/// grants. The allocator is asked first and the probe freed untouched, so a
/// size the machine cannot hold shrinks the table instead of aborting the
/// process (the USI engine's table does the same).
///
/// ```
/// use yomi_core::limits::granted_len;
/// assert_eq!(granted_len(1 << 20, 16, 1024), 1 << 20);
/// // More than any address space: halved until it fits.
/// assert!(granted_len(usize::MAX / 2, 16, 1024) < usize::MAX / 32);
/// ```
pub fn granted_len(wanted: usize, elem_bytes: usize, min: usize) -> usize {
    let mut len = wanted.max(min);
    while len > min {
        let granted = len
            .checked_mul(elem_bytes)
            .is_some_and(|bytes| Vec::<u8>::new().try_reserve_exact(bytes).is_ok());
        if granted {
            break;
        }
        len = (len / 2).max(min);
    }
    len
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_are_bounded_and_zero_is_every_core() {
        assert_eq!(parse_threads(" 1024 "), Ok(1024));
        let e = parse_threads("1025").unwrap_err().to_string();
        assert_eq!(
            e,
            "'1025' is out of range: expected 0 to 1024 threads (0: one per core)"
        );
        let e = parse_threads("-1").unwrap_err().to_string();
        assert!(e.starts_with("'-1' is out of range"), "{e}");
        let e = parse_threads("99999999999999999999999").unwrap_err();
        assert!(matches!(e, LimitError::OutOfRange { .. }), "{e}");
        assert!(matches!(
            parse_threads("4.5"),
            Err(LimitError::NotANumber { .. })
        ));
        assert!(matches!(
            parse_threads(""),
            Err(LimitError::NotANumber { .. })
        ));
        assert!(matches!(
            parse_threads("-"),
            Err(LimitError::NotANumber { .. })
        ));
    }

    #[test]
    fn tables_stop_at_the_usi_hash_cap() {
        assert_eq!(parse_table_mb("0"), Ok(0));
        assert_eq!(parse_table_mb("65536"), Ok(65_536));
        assert!(parse_table_mb("65537").is_err());
        assert!(parse_table_mb("1000000").is_err());
    }

    #[test]
    fn long_text_is_cut_in_messages() {
        let long = "9".repeat(10_000);
        let e = parse_table_mb(&long).unwrap_err().to_string();
        assert!(e.len() < 200, "{e}");
        assert!(e.contains("(10000 characters)"), "{e}");
    }

    #[test]
    fn check_converts_or_refuses() {
        const B: Bounds = Bounds::new("games", 1, 10);
        assert_eq!(B.check::<u32>(10), Ok(10));
        assert!(B.check::<u32>(0).is_err());
        assert!(B.check::<u32>(11).is_err());
        // A bound beyond the target type is refused, not wrapped.
        const WIDE: Bounds = Bounds::new("x", 0, u64::MAX);
        assert!(WIDE.check::<u8>(300).is_err());
    }

    #[test]
    fn granted_len_keeps_what_fits_and_halves_what_does_not() {
        assert_eq!(granted_len(4096, 16, 1024), 4096);
        assert_eq!(granted_len(10, 16, 1024), 1024);
        let huge = granted_len(1 << 60, 16, 1024);
        assert!((1024..1 << 60).contains(&huge) && huge.is_power_of_two());
    }
}
