//! The one duration grammar of yomi: every command-line flag and strategy-spec
//! parameter that takes a time parses it here, so the same text means the same
//! time everywhere and the same mistake gets the same message.
//!
//! Grammar: a non-negative decimal number followed by a unit, `ms`, `s` or
//! `m` (also `min`), e.g. `100ms`, `2s`, `1.5s`, `1m`. A bare number is
//! refused: `30` meant milliseconds in one command and seconds in another
//! before this module existed, so the unit is now always written.

use std::time::Duration;

use thiserror::Error;

/// The longest duration accepted (about 115 days): anything longer is a typo.
pub const MAX_DURATION_SECS: f64 = 1e7;

/// Why a duration text was refused; the message quotes the text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DurationError {
    /// The text is empty.
    #[error("empty duration (write e.g. 100ms, 2s or 1m)")]
    Empty,
    /// A number without a unit.
    #[error("'{0}' has no unit: write {0}ms or {0}s (a bare number is ambiguous)")]
    NoUnit(String),
    /// The number part does not parse.
    #[error("'{0}' is not a duration (write e.g. 100ms, 2s or 1m)")]
    NotANumber(String),
    /// The unit is not `ms`, `s`, `m` or `min`.
    #[error("'{text}': unknown time unit '{unit}' (use ms, s or m)")]
    UnknownUnit {
        /// The whole text.
        text: String,
        /// The unit as written.
        unit: String,
    },
    /// Negative, not finite, zero where zero is refused, or longer than [`MAX_DURATION_SECS`].
    #[error("'{0}' is out of range: {1}")]
    OutOfRange(String, &'static str),
}

/// Parses a strictly positive duration (`100ms`, `2s`, `1.5s`, `1m`).
pub fn parse_duration(text: &str) -> Result<Duration, DurationError> {
    let d = parse_duration_or_zero(text)?;
    if d.is_zero() {
        return Err(DurationError::OutOfRange(
            text.trim().to_string(),
            "must be more than zero",
        ));
    }
    Ok(d)
}

/// Parses a duration that may be zero (`0ms`, `0s` for "none", e.g. a margin).
pub fn parse_duration_or_zero(text: &str) -> Result<Duration, DurationError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(DurationError::Empty);
    }
    let split = t
        .find(|c: char| c.is_ascii_alphabetic())
        .ok_or_else(|| DurationError::NoUnit(t.to_string()))?;
    let (num, unit) = t.split_at(split);
    let value: f64 = num
        .trim()
        .parse()
        .map_err(|_| DurationError::NotANumber(t.to_string()))?;
    let secs = match unit {
        "ms" => value / 1000.0,
        "s" => value,
        "m" | "min" => value * 60.0,
        other => {
            return Err(DurationError::UnknownUnit {
                text: t.to_string(),
                unit: other.to_string(),
            });
        }
    };
    if !secs.is_finite() || secs < 0.0 {
        return Err(DurationError::OutOfRange(
            t.to_string(),
            "must be a non-negative number",
        ));
    }
    if secs > MAX_DURATION_SECS {
        return Err(DurationError::OutOfRange(
            t.to_string(),
            "longer than 10,000,000 s",
        ));
    }
    Ok(Duration::from_secs_f64(secs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_scale() {
        assert_eq!(parse_duration("100ms"), Ok(Duration::from_millis(100)));
        assert_eq!(parse_duration("2s"), Ok(Duration::from_secs(2)));
        assert_eq!(parse_duration("1.5s"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration("1m"), Ok(Duration::from_secs(60)));
        assert_eq!(parse_duration(" 2min "), Ok(Duration::from_secs(120)));
    }

    #[test]
    fn mistakes_are_named() {
        assert_eq!(
            parse_duration("30"),
            Err(DurationError::NoUnit("30".into()))
        );
        assert!(matches!(
            parse_duration("3h"),
            Err(DurationError::UnknownUnit { .. })
        ));
        assert!(matches!(
            parse_duration("x1s"),
            Err(DurationError::NoUnit(_)) | Err(DurationError::NotANumber(_))
        ));
        assert!(matches!(
            parse_duration("-1s"),
            Err(DurationError::OutOfRange(..))
        ));
        assert!(matches!(
            parse_duration("0ms"),
            Err(DurationError::OutOfRange(..))
        ));
        assert_eq!(parse_duration_or_zero("0ms"), Ok(Duration::ZERO));
        assert!(matches!(
            parse_duration("100000000s"),
            Err(DurationError::OutOfRange(..))
        ));
        assert_eq!(parse_duration(""), Err(DurationError::Empty));
        assert!(
            parse_duration("30")
                .unwrap_err()
                .to_string()
                .contains("30ms")
        );
    }
}
