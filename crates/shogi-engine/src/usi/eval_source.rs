//! Which evaluation the options ask for, and loading it at `isready`.
//!
//! Contract: [`EvalWanted::load`] always returns a usable [`EvalSource`]: a file or a GPU
//! that cannot be used is reported through `say` (an `info string`) and replaced by the
//! nearest thing that works (the built-in weights, the default evaluation, the CPU), so a
//! GUI's game never stops on a missing file or driver.

use super::options::{EngineOptions, EvalChoice};
use crate::engine::EvalSource;
use crate::eval::{ControlWeights, EvalKind};
use std::sync::Arc;
use yomi_shogi_nn::{Device, Precision};

/// The evaluation options that decide what is loaded; a change reloads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct EvalWanted {
    choice: EvalChoice,
    file: Option<String>,
    device: Device,
    precision: Precision,
}

impl EvalWanted {
    /// What `options` ask for.
    pub(super) fn of(options: &EngineOptions) -> EvalWanted {
        EvalWanted {
            choice: options.eval,
            file: options.eval_file.clone(),
            device: options.network_device,
            precision: options.network_precision,
        }
    }

    /// Loads it, telling `say` what was loaded or what replaced what could not be.
    pub(super) fn load(&self, say: &mut dyn FnMut(&str)) -> EvalSource {
        match self.choice {
            EvalChoice::Hand(EvalKind::Control) if self.file.is_some() => {
                let path = self.file.as_deref().unwrap_or_default();
                match ControlWeights::load(std::path::Path::new(path)) {
                    Ok(w) => {
                        say(&format!("Control weights {path}"));
                        EvalSource::Control(Arc::new(w))
                    }
                    Err(e) => {
                        say(&format!(
                            "EvalFile {path}: {e}; using the built-in Control weights"
                        ));
                        EvalSource::Hand(EvalKind::Control)
                    }
                }
            }
            EvalChoice::Hand(k) => EvalSource::Hand(k),
            EvalChoice::Network => self.load_network(say),
        }
    }

    fn load_network(&self, say: &mut dyn FnMut(&str)) -> EvalSource {
        let net = match crate::eval::network::load(self.file.as_deref()) {
            Ok(net) => net,
            Err(e) => {
                say(&format!(
                    "EvalFile: {e}; using the {} evaluation",
                    EvalKind::default()
                ));
                return EvalSource::Hand(EvalKind::default());
            }
        };
        let file = self.file.as_deref().unwrap_or("(built in)");
        let shape = format!(
            "{} layers x {} channels",
            net.config().layers,
            net.config().channels
        );
        match EvalSource::network_on(Arc::clone(&net), self.device, self.precision) {
            Ok(EvalSource::GpuNetwork(net, gpu)) => {
                say(&format!(
                    "network {file}: {shape}, on {} ({}, {})",
                    gpu.device_name(),
                    self.device,
                    self.precision
                ));
                EvalSource::GpuNetwork(net, gpu)
            }
            Ok(source) => {
                say(&format!("network {file}: {shape}, on the CPU"));
                source
            }
            Err(e) => {
                say(&format!(
                    "NetworkDevice {}: {e}; network {file} ({shape}) on the CPU",
                    self.device
                ));
                EvalSource::Network(net)
            }
        }
    }
}
