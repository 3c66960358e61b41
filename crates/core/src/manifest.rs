//! The options a resumable output directory was made with, recorded there on the first run
//! and compared on every later one, so a rerun with other options is refused (naming each
//! option that differs) instead of mixing files made two ways.
//!
//! Contract: a [`Manifest`] is an ordered list of (option, value) pairs, written as one
//! `option value` line each (values on one line; line breaks are escaped). [`Manifest::check_or_record`]
//! writes it atomically when the file is absent, accepts a file with exactly the same pairs,
//! and otherwise returns [`ManifestError::Mismatch`] listing every option whose value differs
//! (or that only one side has), with both values cut by [`crate::text::excerpt`].
//! Workers of one job array that start together may both record it: they record the same bytes.

use crate::text::excerpt;
use std::fmt;
use std::path::{Path, PathBuf};

/// The options of one output directory, in the order they are listed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Manifest {
    entries: Vec<(String, String)>,
}

/// An option whose value differs between the directory and this run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The option, as the user spells it (`--seed`).
    pub option: String,
    /// Its value in the directory's manifest (`None`: not recorded there).
    pub recorded: Option<String>,
    /// Its value in this run (`None`: this run has no such option).
    pub now: Option<String>,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |v: &Option<String>| match v {
            Some(v) => excerpt(v),
            None => "(none)".to_string(),
        };
        write!(
            f,
            "{} {} there, {} now",
            self.option,
            show(&self.recorded),
            show(&self.now)
        )
    }
}

/// Why a directory's manifest could not be checked or recorded.
#[derive(Debug, thiserror::Error)]
pub enum ManifestError {
    /// The directory was made with other options.
    #[error(
        "{} was made with other options ({}): use another output directory, or the same options",
        path.display(),
        differences.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("; ")
    )]
    Mismatch {
        /// The manifest file.
        path: PathBuf,
        /// Every option that differs, in this run's order, then those only the file has.
        differences: Vec<Difference>,
    },
    /// The manifest could not be read or written.
    #[error("{}", path.display())]
    Io {
        /// The manifest file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
}

impl Manifest {
    /// An empty manifest.
    pub fn new() -> Manifest {
        Manifest::default()
    }

    /// Adds `option` (as the user spells it, `--seed`) with `value`.
    pub fn with(mut self, option: &str, value: impl fmt::Display) -> Manifest {
        self.entries.push((option.to_string(), value.to_string()));
        self
    }

    /// The manifest as its file holds it.
    pub fn to_text(&self) -> String {
        self.entries
            .iter()
            .map(|(k, v)| format!("{k} {}\n", escape(v)))
            .collect()
    }

    /// Reads a manifest file's text (a line without a value has the empty value).
    pub fn parse(text: &str) -> Manifest {
        let entries = text
            .lines()
            .filter(|l| !l.is_empty())
            .map(|l| match l.split_once(' ') {
                Some((k, v)) => (k.to_string(), unescape(v)),
                None => (l.to_string(), String::new()),
            })
            .collect();
        Manifest { entries }
    }

    /// The options whose values differ from `recorded`'s (see [`Difference`]).
    pub fn differences(&self, recorded: &Manifest) -> Vec<Difference> {
        let find = |m: &Manifest, k: &str| {
            m.entries
                .iter()
                .find(|(key, _)| key == k)
                .map(|(_, v)| v.clone())
        };
        let mut out = Vec::new();
        for (k, v) in &self.entries {
            let theirs = find(recorded, k);
            if theirs.as_deref() != Some(v.as_str()) {
                out.push(Difference {
                    option: k.clone(),
                    recorded: theirs,
                    now: Some(v.clone()),
                });
            }
        }
        for (k, v) in &recorded.entries {
            if find(self, k).is_none() {
                out.push(Difference {
                    option: k.clone(),
                    recorded: Some(v.clone()),
                    now: None,
                });
            }
        }
        out
    }

    /// Records this manifest at `path` when there is none, or checks the one there has the
    /// same options (see the module contract).
    pub fn check_or_record(&self, path: &Path) -> Result<(), ManifestError> {
        let io = |source| ManifestError::Io {
            path: path.to_path_buf(),
            source,
        };
        match std::fs::read_to_string(path) {
            Ok(text) => {
                let differences = self.differences(&Manifest::parse(&text));
                if differences.is_empty() {
                    Ok(())
                } else {
                    Err(ManifestError::Mismatch {
                        path: path.to_path_buf(),
                        differences,
                    })
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                crate::files::write_atomic(path, self.to_text().as_bytes()).map_err(io)
            }
            Err(e) => Err(io(e)),
        }
    }
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\")
        .replace('\n', "\\n")
        .replace('\r', "\\r")
}

fn unescape(v: &str) -> String {
    let mut out = String::new();
    let mut chars = v.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some('r') => out.push('\r'),
                Some(other) => out.push(other),
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("yomi-manifest-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn records_then_accepts_the_same_and_names_what_differs() {
        let path = dir("check").join("manifest.txt");
        let ours = Manifest::new()
            .with("--seed", 0)
            .with("--cells", 4)
            .with("--name", "two\nlines");
        ours.check_or_record(&path).unwrap();
        ours.check_or_record(&path).unwrap();
        assert_eq!(
            Manifest::parse(&std::fs::read_to_string(&path).unwrap()),
            ours
        );
        let other = Manifest::new()
            .with("--seed", 7)
            .with("--cells", 4)
            .with("--mode", "reproduce");
        let e = other.check_or_record(&path).unwrap_err().to_string();
        assert!(
            e.ends_with(
                "was made with other options (--seed 0 there, 7 now; --mode (none) there, \
                 reproduce now; --name two\\u{a}lines there, (none) now): use another output \
                 directory, or the same options"
            ),
            "{e}"
        );
    }
}
