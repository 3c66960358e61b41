//! AdamW: Adam with decoupled weight decay, and its state as safetensors.
//!
//! Contract: [`AdamW::step`] applies, for every parameter `p` with gradient `g` at step
//! `t` (1-based), `m = b1 m + (1 - b1) g`, `v = b2 v + (1 - b2) g^2`,
//! `p -= lr * (m / (1 - b1^t) / (sqrt(v / (1 - b2^t)) + eps) + wd * p)`, weight decay only
//! on kernels and head weights. [`AdamW::to_bytes`] / [`AdamW::from_bytes`] round-trip the
//! moments and the step count exactly; loading checks every tensor against the network.

use std::collections::HashMap;

use safetensors::SafeTensorError;
use safetensors::tensor::{Dtype, SafeTensors, TensorView};
use thiserror::Error;

use crate::train::grads::{Grads, group_names, is_decayed, param_slices_mut};
use crate::train::params::TrainParams;
use crate::weights::Weights;

/// The `format` metadata value of an optimizer-state file.
pub const OPTIMIZER_FORMAT: &str = "yomi-shogi-nn-adamw";

/// Why optimizer state could not be written or read back.
#[derive(Debug, Error)]
pub enum OptimizerStateError {
    /// A moment tensor could not be built.
    #[error("building tensor {name}: {reason}")]
    Build {
        /// The tensor's name.
        name: String,
        /// What safetensors reported (part of the message, so not a `source()`).
        reason: SafeTensorError,
    },
    /// The tensors could not be serialized.
    #[error("serializing: {0}")]
    Serialize(SafeTensorError),
    /// The header is not a safetensors header.
    #[error("unreadable safetensors header: {0}")]
    Header(SafeTensorError),
    /// The file has no metadata.
    #[error("no metadata (expected format and step)")]
    NoMetadata,
    /// The metadata names another format (or none).
    #[error("metadata format is {found:?}, expected \"{OPTIMIZER_FORMAT}\"")]
    Format {
        /// The format found.
        found: Option<String>,
    },
    /// The step count is missing or not a number.
    #[error("metadata 'step' missing or not a number")]
    Step,
    /// The tensor data is not readable.
    #[error("unreadable safetensors data: {0}")]
    Data(SafeTensorError),
    /// The number of tensors does not fit the network.
    #[error("{found} tensors, expected {expected} for a {layers}-layer network")]
    TensorCount {
        /// Tensors in the file.
        found: usize,
        /// Tensors the network needs.
        expected: usize,
        /// The network's convolution layers.
        layers: usize,
    },
    /// A moment tensor is missing.
    #[error("tensor '{0}' missing")]
    Missing(String),
    /// A moment tensor has the wrong type or shape.
    #[error("tensor '{name}': {dtype:?} {shape:?}, expected F32 [{len}]")]
    Shape {
        /// The tensor's name.
        name: String,
        /// Its element type.
        dtype: Dtype,
        /// Its shape.
        shape: Vec<usize>,
        /// The length the network needs.
        len: usize,
    },
}

/// AdamW moments for every parameter of one network.
#[derive(Clone, Debug, PartialEq)]
pub struct AdamW {
    /// First moments, shaped like the parameter groups.
    pub m: Grads,
    /// Second moments, shaped like the parameter groups.
    pub v: Grads,
    /// Steps taken so far.
    pub t: u64,
}

impl AdamW {
    /// Fresh state (zero moments, no step taken) for `w`.
    pub fn new(w: &Weights) -> AdamW {
        AdamW {
            m: Grads::zeros_like(w),
            v: Grads::zeros_like(w),
            t: 0,
        }
    }

    /// One update of `w` by the gradient `g` at learning rate `lr`.
    pub fn step(&mut self, w: &mut Weights, g: &Grads, lr: f32, p: &TrainParams) {
        self.t += 1;
        let names = group_names(w.convs.len());
        let (b1, b2) = (p.beta1 as f64, p.beta2 as f64);
        let c1 = (1.0 - b1.powi(self.t.min(i32::MAX as u64) as i32)) as f32;
        let c2 = (1.0 - b2.powi(self.t.min(i32::MAX as u64) as i32)) as f32;
        let (b1, b2) = (p.beta1, p.beta2);
        let params = param_slices_mut(w);
        for (gi, param) in params.into_iter().enumerate() {
            let decay = if is_decayed(&names[gi]) {
                p.weight_decay
            } else {
                0.0
            };
            let (m, v, grad) = (
                &mut self.m.groups[gi],
                &mut self.v.groups[gi],
                &g.groups[gi],
            );
            for j in 0..param.len() {
                m[j] = b1 * m[j] + (1.0 - b1) * grad[j];
                v[j] = b2 * v[j] + (1.0 - b2) * grad[j] * grad[j];
                let update = (m[j] / c1) / ((v[j] / c2).sqrt() + p.epsilon);
                param[j] -= lr * (update + decay * param[j]);
            }
        }
    }

    /// The state as safetensors: `m.<group>` and `v.<group>` (F32, flat) for every group name
    /// of [`group_names`], metadata `format` and `step`.
    pub fn to_bytes(&self, layers: usize) -> Result<Vec<u8>, OptimizerStateError> {
        let names = group_names(layers);
        let mut tensors: Vec<(String, Vec<u8>)> = Vec::new();
        for (gi, name) in names.iter().enumerate() {
            tensors.push((format!("m.{name}"), le_bytes(&self.m.groups[gi])));
            tensors.push((format!("v.{name}"), le_bytes(&self.v.groups[gi])));
        }
        let views = tensors
            .iter()
            .map(|(name, data)| {
                TensorView::new(Dtype::F32, vec![data.len() / 4], data)
                    .map(|view| (name.clone(), view))
                    .map_err(|reason| OptimizerStateError::Build {
                        name: name.clone(),
                        reason,
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let metadata = HashMap::from([
            ("format".to_string(), OPTIMIZER_FORMAT.to_string()),
            ("step".to_string(), self.t.to_string()),
        ]);
        safetensors::serialize(views, Some(metadata)).map_err(OptimizerStateError::Serialize)
    }

    /// Parses state written by [`AdamW::to_bytes`] for a network shaped like `w`.
    pub fn from_bytes(bytes: &[u8], w: &Weights) -> Result<AdamW, OptimizerStateError> {
        let (_, header) = SafeTensors::read_metadata(bytes).map_err(OptimizerStateError::Header)?;
        let meta = header
            .metadata()
            .as_ref()
            .ok_or(OptimizerStateError::NoMetadata)?;
        if meta.get("format").map(String::as_str) != Some(OPTIMIZER_FORMAT) {
            return Err(OptimizerStateError::Format {
                found: meta.get("format").cloned(),
            });
        }
        let t = meta
            .get("step")
            .and_then(|s| s.parse::<u64>().ok())
            .ok_or(OptimizerStateError::Step)?;
        let file = SafeTensors::deserialize(bytes).map_err(OptimizerStateError::Data)?;
        let mut state = AdamW::new(w);
        state.t = t;
        let names = group_names(w.convs.len());
        if file.len() != 2 * names.len() {
            return Err(OptimizerStateError::TensorCount {
                found: file.len(),
                expected: 2 * names.len(),
                layers: w.convs.len(),
            });
        }
        for (gi, name) in names.iter().enumerate() {
            for (which, target) in [("m", &mut state.m), ("v", &mut state.v)] {
                let tname = format!("{which}.{name}");
                let len = target.groups[gi].len();
                let tensor = file
                    .tensor(&tname)
                    .map_err(|_| OptimizerStateError::Missing(tname.clone()))?;
                if tensor.dtype() != Dtype::F32 || tensor.shape() != [len] {
                    return Err(OptimizerStateError::Shape {
                        name: tname,
                        dtype: tensor.dtype(),
                        shape: tensor.shape().to_vec(),
                        len,
                    });
                }
                for (x, b) in target.groups[gi]
                    .iter_mut()
                    .zip(tensor.data().chunks_exact(4))
                {
                    *x = f32::from_le_bytes([b[0], b[1], b[2], b[3]]);
                }
            }
        }
        Ok(state)
    }
}

fn le_bytes(values: &[f32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::NetConfig;

    #[test]
    fn the_first_step_moves_each_parameter_by_lr_against_its_gradient_sign() {
        // With zero moments, step 1 gives m/(1-b1) = g and v/(1-b2) = g^2: an update of
        // lr * sign(g) (plus decay on weights only).
        let config = NetConfig {
            channels: 2,
            layers: 1,
        };
        let mut w = Weights::random(config, 3).unwrap();
        let before = w.clone();
        let mut g = Grads::zeros_like(&w);
        g.groups[0][0] = 0.5;
        g.groups[1][1] = -2.0;
        let p = TrainParams {
            weight_decay: 0.1,
            ..TrainParams::default()
        };
        let mut opt = AdamW::new(&w);
        opt.step(&mut w, &g, 0.01, &p);
        let w0 = before.convs[0].weight[0];
        let want = w0 - 0.01 * (1.0 + 0.1 * w0);
        assert!((w.convs[0].weight[0] - want).abs() < 1e-6);
        assert!(
            (w.convs[0].bias[1] - 0.01).abs() < 1e-6,
            "bias is not decayed"
        );
        let w1 = before.convs[0].weight[1];
        assert!((w.convs[0].weight[1] - (w1 - 0.001 * w1)).abs() < 1e-7);
        let bytes = opt.to_bytes(1).unwrap();
        assert_eq!(AdamW::from_bytes(&bytes, &w).unwrap(), opt);
        let other = Weights::random(
            NetConfig {
                channels: 3,
                layers: 1,
            },
            3,
        )
        .unwrap();
        let err = AdamW::from_bytes(&bytes, &other).unwrap_err().to_string();
        assert!(err.contains("conv0.weight"), "{err}");
    }
}
