//! Tests of training that span modules: the gradient against finite differences, the
//! training forward against the reference, learning, determinism, resume and the split by game.

mod data;
mod gradient;
mod training;

use crate::train::data::Sample;

/// A fresh folder under the system temporary folder, unique to this process and `name`.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("yomi-train-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// References to every sample.
fn refs(samples: &[Sample]) -> Vec<&Sample> {
    samples.iter().collect()
}
