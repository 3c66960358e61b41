//! Which evaluation the options ask for, and loading it at `isready`.
//!
//! Contract: [`EvalWanted::load`] always returns a usable [`LoadedEval`]: a file or a GPU
//! that cannot be used is reported through `say` (an `info string`) and replaced by the
//! nearest thing that works (the built-in weights, the default evaluation, the CPU), so a
//! GUI's game never stops on a missing file or driver. `Evaluation NNUE` without an
//! `EvalFile` reads `nn.bin` in `EvalDir`, and plays with the net built into the binary
//! when there is none; a file that is there but refused falls back to the default
//! evaluation, as a refused `EvalFile` does.

use super::options::EngineOptions;
use crate::eval::nnue::Nnue;
use crate::eval::{ControlWeights, Evaluation, LoadedEval};
use std::path::Path;
use std::sync::Arc;
use yomi_core::text::error_chain;
use yomi_shogi_nn::{Device, Precision};

/// The evaluation options that decide what is loaded; a change reloads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct EvalWanted {
    choice: Evaluation,
    file: Option<String>,
    dir: String,
    fv_scale: i32,
    device: Device,
    precision: Precision,
}

impl EvalWanted {
    /// What `options` ask for.
    pub(super) fn of(options: &EngineOptions) -> EvalWanted {
        EvalWanted {
            choice: options.eval,
            file: options.eval_file.clone(),
            dir: options.eval_dir.clone(),
            fv_scale: options.fv_scale,
            device: options.network_device,
            precision: options.network_precision,
        }
    }

    /// Loads it, telling `say` what was loaded or what replaced what could not be.
    pub(super) fn load(&self, say: &mut dyn FnMut(&str)) -> LoadedEval {
        match (self.choice, self.file.as_deref()) {
            (Evaluation::Control, Some(path)) => match ControlWeights::load(Path::new(path)) {
                Ok(w) => {
                    say(&format!("Control weights {path}"));
                    LoadedEval::Control(Arc::new(w))
                }
                Err(e) => {
                    say(&format!(
                        "EvalFile {path}: {}; using the built-in Control weights",
                        error_chain(&e)
                    ));
                    LoadedEval::default()
                }
            },
            (Evaluation::Network, _) => self.load_network(say),
            (Evaluation::Nnue, file) => {
                let path = match file {
                    Some(f) => std::path::PathBuf::from(f),
                    None => Path::new(&self.dir).join("nn.bin"),
                };
                if file.is_none() && !path.exists() {
                    return self.builtin_nnue(&path, say);
                }
                match Nnue::read(&path) {
                    Ok(net) => {
                        say(&format!(
                            "NNUE {}: halfKP 256x2-32-32, FV_SCALE {}",
                            path.display(),
                            self.fv_scale
                        ));
                        LoadedEval::Nnue {
                            net: Arc::new(net),
                            fv_scale: self.fv_scale,
                        }
                    }
                    Err(e) => {
                        say(&format!(
                            "NNUE {}: {}; using the {} evaluation",
                            path.display(),
                            error_chain(&e),
                            Evaluation::default()
                        ));
                        LoadedEval::default()
                    }
                }
            }
            (hand, _) => LoadedEval::hand_written(hand).unwrap_or_default(),
        }
    }

    /// The net built into the binary, told apart from a file in `say`'s line; `missing` is
    /// the `nn.bin` that was looked for.
    fn builtin_nnue(&self, missing: &Path, say: &mut dyn FnMut(&str)) -> LoadedEval {
        match crate::eval::nnue::pack::builtin() {
            Ok(net) => {
                say(&format!(
                    "NNUE: no {}; the built-in net (halfKP 256x2-32-32), FV_SCALE {}",
                    missing.display(),
                    self.fv_scale
                ));
                LoadedEval::Nnue {
                    net,
                    fv_scale: self.fv_scale,
                }
            }
            Err(e) => {
                say(&format!(
                    "built-in NNUE net: {}; using the {} evaluation",
                    error_chain(&e),
                    Evaluation::default()
                ));
                LoadedEval::default()
            }
        }
    }

    fn load_network(&self, say: &mut dyn FnMut(&str)) -> LoadedEval {
        let net = match crate::eval::network::load(self.file.as_deref().map(Path::new)) {
            Ok(net) => net,
            Err(e) => {
                say(&format!(
                    "EvalFile: {}; using the {} evaluation",
                    error_chain(&e),
                    Evaluation::default()
                ));
                return LoadedEval::default();
            }
        };
        let file = self.file.as_deref().unwrap_or("(built in)");
        let shape = format!(
            "{} layers x {} channels",
            net.config().layers,
            net.config().channels
        );
        match LoadedEval::network_on(Arc::clone(&net), self.device, self.precision) {
            Ok(loaded) => {
                match &loaded {
                    LoadedEval::Network { gpu: Some(gpu), .. } => say(&format!(
                        "network {file}: {shape}, on {} ({}, {})",
                        gpu.device_name(),
                        self.device,
                        self.precision
                    )),
                    _ => say(&format!("network {file}: {shape}, on the CPU")),
                }
                loaded
            }
            Err(e) => {
                say(&format!(
                    "NetworkDevice {}: {}; network {file} ({shape}) on the CPU",
                    self.device,
                    error_chain(&e)
                ));
                LoadedEval::network(net)
            }
        }
    }
}
