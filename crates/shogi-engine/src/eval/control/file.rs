//! The text format of [`ControlWeights`] files: the header line
//! `yomi-control-weights 1 <feature count>`, then the weights as integers in
//! 1/[`WEIGHT_SCALE`](super::WEIGHT_SCALE) cp separated by white space (17 a line when written),
//! `#` starting a comment.
//!
//! Contract: [`ControlWeights::parse`] reads back exactly what
//! [`ControlWeights::to_text`] wrote, and refuses any other feature count,
//! a token that is not an integer, and too few or too many weights, with
//! the line of the problem.

use super::ControlWeights;
use crate::eval::features::FEATURES;
use std::path::Path;

/// First line of a weights file (followed by the feature count).
pub const WEIGHTS_HEADER: &str = "yomi-control-weights 1";

/// Why a weights file was refused.
#[derive(Debug, thiserror::Error)]
pub enum WeightsError {
    /// The file could not be read.
    #[error("{path}: {message}")]
    Io {
        /// The file.
        path: String,
        /// What went wrong.
        message: String,
    },
    /// The text is not a weights file of this version.
    #[error("line {line}: {message}")]
    Format {
        /// 1-based line of the problem.
        line: usize,
        /// What is wrong there.
        message: String,
    },
}

impl ControlWeights {
    /// Reads a weights file.
    pub fn load(path: &Path) -> Result<ControlWeights, WeightsError> {
        let text = std::fs::read_to_string(path).map_err(|e| WeightsError::Io {
            path: path.display().to_string(),
            message: e.to_string(),
        })?;
        ControlWeights::parse(&text)
    }

    /// Parses the text of a weights file: the header line with the feature
    /// count, then the weights (integers in 1/64 cp) separated by white
    /// space; `#` starts a comment.
    pub fn parse(text: &str) -> Result<ControlWeights, WeightsError> {
        let mut lines = text.lines().enumerate();
        let (_, first) = lines.next().ok_or_else(|| WeightsError::Format {
            line: 1,
            message: "empty file".into(),
        })?;
        let count = first
            .strip_prefix(WEIGHTS_HEADER)
            .and_then(|rest| rest.trim().parse::<usize>().ok())
            .ok_or_else(|| WeightsError::Format {
                line: 1,
                message: format!("expected '{WEIGHTS_HEADER} <count>', found '{first}'"),
            })?;
        if count != FEATURES {
            return Err(WeightsError::Format {
                line: 1,
                message: format!("{count} weights, this engine has {FEATURES} features"),
            });
        }
        let mut w = Vec::with_capacity(FEATURES);
        for (i, line) in lines {
            let body = line.split('#').next().unwrap_or("");
            for token in body.split_whitespace() {
                let v = token.parse::<i32>().map_err(|_| WeightsError::Format {
                    line: i + 1,
                    message: format!("'{token}' is not an integer weight"),
                })?;
                if w.len() == FEATURES {
                    return Err(WeightsError::Format {
                        line: i + 1,
                        message: format!("more than {FEATURES} weights"),
                    });
                }
                w.push(v);
            }
        }
        if w.len() != FEATURES {
            return Err(WeightsError::Format {
                line: text.lines().count(),
                message: format!("{} weights, expected {FEATURES}", w.len()),
            });
        }
        Ok(ControlWeights::new(w))
    }

    /// The text of a weights file ([`ControlWeights::parse`] reads it back).
    pub fn to_text(&self) -> String {
        let mut s = format!("{WEIGHTS_HEADER} {FEATURES}\n");
        for row in self.w.chunks(17) {
            let line: Vec<String> = row.iter().map(|v| v.to_string()).collect();
            s.push_str(&line.join(" "));
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_text_round_trips_and_bad_files_say_where() {
        let w = ControlWeights::initial();
        assert_eq!(ControlWeights::parse(&w.to_text()).unwrap(), w);
        let short = format!("{WEIGHTS_HEADER} {FEATURES}\n1 2 3\n");
        assert!(
            ControlWeights::parse(&short)
                .unwrap_err()
                .to_string()
                .contains("3 weights")
        );
        let bad = format!("{WEIGHTS_HEADER} {FEATURES}\n1 x 3\n");
        assert_eq!(
            ControlWeights::parse(&bad).unwrap_err().to_string(),
            "line 2: 'x' is not an integer weight"
        );
        let other = "yomi-control-weights 1 12\n";
        assert!(
            ControlWeights::parse(other)
                .unwrap_err()
                .to_string()
                .contains("12 weights")
        );
    }
}
