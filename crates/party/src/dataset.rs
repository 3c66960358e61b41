//! The party dataset on disk: a resumable run of the random-battle
//! experiment, mirroring FreeCell's `dataset/`.
//!
//! Contract:
//! - `<out>` (CSV) and `<out>.meta.json` (the [`Meta`] that produced it) are
//!   written atomically (temporary file + rename) only when the run is
//!   complete, so a reader never sees a half-written dataset.
//! - While the run goes on, finished chunks of parties are appended to
//!   `<out>.partial` (a meta line, then one score per line). An interrupted
//!   run started again with the same [`Meta`] resumes after the last whole
//!   chunk; a partial file written for another `Meta` is ignored and replaced.
//! - Sizes are checked before anything is allocated ([`Meta::validate`]), and an `out`
//!   that is a directory is refused before anything is written.

use crate::data::Dex;
use crate::error::PartyError;
use crate::experiment::{self, Dataset, ExperimentConfig};
use crate::io;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};
use yomi_core::rng::derive_seed;

/// Most parties (or opponents) a run may hold in memory (about 100 bytes each).
pub const MAX_PARTIES: usize = 50_000_000;
/// Most battles one run may play (about a day on one core at 100k battles/s).
pub const MAX_BATTLES: u128 = 10_000_000_000;
/// Parties scored between two appends to the partial file.
pub const CHUNK: usize = 1000;

/// What a dataset run was made with, stored beside the CSV as `<out>.meta.json`.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct Meta {
    /// Rules profile (`cartridge` or `pokeai2017`).
    pub profile: String,
    /// Random parties scored.
    pub parties: usize,
    /// Fixed random opponents.
    pub opponents: usize,
    /// Games per (party, opponent) pair.
    pub games: usize,
    /// Base seed.
    pub seed: u64,
    /// Moves drawn from learnsets.
    pub learnset: bool,
}

impl Meta {
    /// The experiment this meta describes.
    pub fn config(&self) -> ExperimentConfig {
        ExperimentConfig {
            parties: self.parties,
            opponents: self.opponents,
            games: self.games,
            seed: self.seed,
            learnset: self.learnset,
        }
    }

    /// Refuses empty runs, party counts that cannot fit in memory and battle
    /// counts that would run for days, naming the option (`--parties` ...).
    pub fn validate(&self) -> Result<(), PartyError> {
        for (name, v) in [
            ("--parties", self.parties),
            ("--opponents", self.opponents),
            ("--games", self.games),
        ] {
            if v == 0 {
                return Err(PartyError::Params(format!("{name} must be at least 1")));
            }
        }
        for (name, v) in [("--parties", self.parties), ("--opponents", self.opponents)] {
            if v > MAX_PARTIES {
                return Err(PartyError::Params(format!(
                    "{name} {v} is more than {MAX_PARTIES} parties (they are all held in memory)"
                )));
            }
        }
        let battles = self.battles();
        if battles > MAX_BATTLES {
            return Err(PartyError::Params(format!(
                "--parties x --opponents x --games = {battles} battles, more than the limit of {MAX_BATTLES} (about a day on one core)"
            )));
        }
        Ok(())
    }

    /// Battles the whole run plays.
    pub fn battles(&self) -> u128 {
        self.parties as u128 * self.opponents as u128 * self.games as u128
    }
}

/// `<out>.meta.json`.
pub fn meta_path(out: &Path) -> PathBuf {
    with_suffix(out, ".meta.json")
}

/// `<out>.partial`.
pub fn partial_path(out: &Path) -> PathBuf {
    with_suffix(out, ".partial")
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

/// Reads the `.meta.json` beside a dataset: `Ok(None)` when there is none,
/// an error with the line and column when it exists but does not parse.
pub fn read_meta(data: &Path) -> Result<Option<Meta>, PartyError> {
    let path = meta_path(data);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(err) => {
            return Err(PartyError::Io {
                path: path.display().to_string(),
                err,
            });
        }
    };
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|e| PartyError::BadDataset {
            path: path.display().to_string(),
            line: e.line(),
            reason: format!("column {}: {e}", e.column()),
        })
}

/// Scores already in `<out>.partial` for this `meta` (empty when the file is
/// missing or was written for another run).
pub fn load_partial(path: &Path, meta: &Meta) -> Vec<f64> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Vec::new();
    };
    let mut lines = text.lines();
    let same = lines
        .next()
        .and_then(|l| serde_json::from_str::<Meta>(l).ok())
        .is_some_and(|m| &m == meta);
    if !same {
        return Vec::new();
    }
    lines
        .map_while(|l| l.parse::<f64>().ok())
        .take(meta.parties)
        .collect()
}

/// The result of [`run`].
#[derive(Debug, Clone)]
pub struct RunResult {
    /// Every party and its score, in generation order.
    pub data: Dataset,
    /// Parties taken from the partial file of an earlier run.
    pub resumed: usize,
}

/// Runs (or resumes) the experiment described by `meta` and writes `out` and
/// `<out>.meta.json`; `progress(k)` is called as parties finish, and once
/// with the resumed count.
pub fn run(
    dex: &Dex,
    meta: &Meta,
    out: &Path,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<RunResult, PartyError> {
    meta.validate()?;
    if meta.profile != dex.profile {
        return Err(PartyError::Params(format!(
            "meta profile {:?} differs from the loaded profile {:?}",
            meta.profile, dex.profile
        )));
    }
    // Checked before any battle, so a run never ends in a write that fails, leaving
    // its partial file behind.
    if out.is_dir() {
        return Err(PartyError::Params(format!(
            "--out {} is a directory: give the dataset's file name, such as {}",
            out.display(),
            out.join("dataset.csv").display()
        )));
    }
    let cfg = meta.config();
    let opponents = experiment::opponents(dex, &cfg);
    let parties = experiment::parties(dex, &cfg);
    let partial = partial_path(out);
    let io_err = |err| PartyError::Io {
        path: partial.display().to_string(),
        err,
    };
    let mut scores = load_partial(&partial, meta);
    let resumed = scores.len();
    if resumed == 0 {
        let line = serde_json::to_string(meta).expect("Meta serializes");
        std::fs::write(&partial, format!("{line}\n")).map_err(io_err)?;
    } else {
        progress(resumed);
    }
    let stream = derive_seed(meta.seed, 2);
    while scores.len() < meta.parties {
        let lo = scores.len();
        let hi = (lo + CHUNK).min(meta.parties);
        let chunk = experiment::score_all(
            dex,
            &parties[lo..hi],
            &opponents,
            meta.games,
            stream,
            lo as u64,
            progress,
        );
        let text: String = chunk.iter().map(|v| format!("{v}\n")).collect();
        std::fs::OpenOptions::new()
            .append(true)
            .open(&partial)
            .and_then(|mut f| f.write_all(text.as_bytes()))
            .map_err(io_err)?;
        scores.extend(chunk);
    }
    let data = Dataset { parties, scores };
    io::write_csv(out, dex, &data)?;
    let meta_json = serde_json::to_string_pretty(meta).expect("Meta serializes");
    io::write_atomic(&meta_path(out), |w| w.write_all(meta_json.as_bytes()))?;
    std::fs::remove_file(&partial).ok();
    Ok(RunResult { data, resumed })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meta(parties: usize, opponents: usize, games: usize) -> Meta {
        Meta {
            profile: "cartridge".into(),
            parties,
            opponents,
            games,
            seed: 1,
            learnset: false,
        }
    }

    #[test]
    fn sizes_are_checked_before_allocating() {
        let e = meta(usize::MAX, 100, 1).validate().unwrap_err().to_string();
        assert!(e.contains("--parties") && e.contains("memory"), "{e}");
        let e = meta(10, usize::MAX, 1).validate().unwrap_err().to_string();
        assert!(e.contains("--opponents"), "{e}");
        let e = meta(10_000, 100, usize::MAX)
            .validate()
            .unwrap_err()
            .to_string();
        assert!(e.contains("battles"), "{e}");
        assert!(meta(0, 1, 1).validate().is_err());
        assert!(meta(10_000, 100, 1).validate().is_ok());
    }

    #[test]
    fn run_writes_and_resumes() {
        let dir = std::env::temp_dir().join(format!("yomi-party-ds-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join("d.csv");
        let dex = Dex::load("cartridge").unwrap();
        let m = meta(CHUNK + 5, 3, 1);
        let full = run(&dex, &m, &out, &|_| {}).unwrap();
        assert_eq!(full.resumed, 0);
        assert_eq!(read_meta(&out).unwrap(), Some(m.clone()));
        assert!(!partial_path(&out).exists());
        // A partial file holding the first chunk resumes there and gives the same scores.
        let first: String = full.data.scores[..CHUNK]
            .iter()
            .map(|v| format!("{v}\n"))
            .collect();
        let head = serde_json::to_string(&m).unwrap();
        std::fs::write(partial_path(&out), format!("{head}\n{first}")).unwrap();
        let again = run(&dex, &m, &out, &|_| {}).unwrap();
        assert_eq!(again.resumed, CHUNK);
        assert_eq!(again.data.scores, full.data.scores);
        // A malformed meta is an error with its line, not "missing".
        std::fs::write(
            meta_path(&out),
            "{\"profile\": \"cartridge\",\n  \"parties\": x}",
        )
        .unwrap();
        let e = read_meta(&out).unwrap_err().to_string();
        assert!(e.contains("line 2"), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
