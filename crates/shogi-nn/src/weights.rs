//! The network's parameters and their safetensors file.
//!
//! Contract: [`Weights`] holds every parameter in PyTorch's layout; [`Weights::to_bytes`]
//! and [`Weights::from_bytes`] round-trip exactly (bit for bit). The file layout, readable
//! by `safetensors.torch.load_file`:
//!
//! | tensor | dtype | shape |
//! | --- | --- | --- |
//! | `conv{i}.weight`, i = 0..layers | F32 | `[out, in, 3, 3]` (`in` = 61 for i = 0, else C) |
//! | `conv{i}.bias` | F32 | `[out]` |
//! | `fc.weight` | F32 | `[1, C * 81]` (input flattened in CHW order) |
//! | `fc.bias` | F32 | `[1]` |
//!
//! with metadata `{"format": "yomi-shogi-nn", "channels": "C", "layers": "L"}`. Loading
//! checks the metadata, every name, dtype and shape, and refuses extra tensors, naming the
//! tensor at fault. Saving is atomic (a temporary file in the same folder, then a rename).

use std::collections::HashMap;
use std::fs;
use std::path::Path;

use safetensors::tensor::{Dtype, SafeTensors, TensorView};

use crate::config::NetConfig;
use crate::error::NnError;

/// The `format` metadata value that marks this crate's files.
pub const FORMAT: &str = "yomi-shogi-nn";

/// One 3x3 convolution with padding 1 and a bias.
#[derive(Clone, Debug, PartialEq)]
pub struct Conv {
    /// Input channels.
    pub in_ch: usize,
    /// Output channels.
    pub out_ch: usize,
    /// Kernel, `[out][in][3][3]` row-major (`out_ch * in_ch * 9` floats).
    pub weight: Vec<f32>,
    /// One bias per output channel.
    pub bias: Vec<f32>,
}

/// All parameters of a value network.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// The shape these parameters fill.
    pub config: NetConfig,
    /// The `config.layers` convolutions, input one first.
    pub convs: Vec<Conv>,
    /// Fully connected layer, `config.channels * 81` floats over the CHW-flattened activation.
    pub fc_weight: Vec<f32>,
    /// Bias of the single output.
    pub fc_bias: f32,
}

/// SplitMix64: a tiny seeded generator whose output never changes across dependency
/// versions, so `random(config, seed)` names the same network forever.
struct SplitMix(u64);

impl SplitMix {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in (0, 1], never 0 so its logarithm is finite.
    fn unit(&mut self) -> f64 {
        ((self.next_u64() >> 11) as f64 + 1.0) / (1u64 << 53) as f64
    }

    /// Standard normal by Box-Muller.
    fn normal(&mut self) -> f64 {
        let (u, v) = (self.unit(), self.unit());
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }
}

impl Weights {
    /// Seeded random parameters: He-normal kernels (std `sqrt(2 / fan_in)`), zero conv
    /// biases, a fully connected layer with std `sqrt(1 / fan_in)` so the initial logits
    /// are of order one. Same config and seed, same weights.
    pub fn random(config: NetConfig, seed: u64) -> Result<Weights, NnError> {
        config.validate()?;
        let mut rng = SplitMix(seed);
        let mut convs = Vec::with_capacity(config.layers);
        for layer in 0..config.layers {
            let in_ch = config.in_channels(layer);
            let out_ch = config.channels;
            let std = (2.0 / (in_ch * 9) as f64).sqrt();
            let weight = (0..out_ch * in_ch * 9)
                .map(|_| (rng.normal() * std) as f32)
                .collect();
            convs.push(Conv {
                in_ch,
                out_ch,
                weight,
                bias: vec![0.0; out_ch],
            });
        }
        let std = (1.0 / config.fc_len() as f64).sqrt();
        let fc_weight = (0..config.fc_len())
            .map(|_| (rng.normal() * std) as f32)
            .collect();
        Ok(Weights {
            config,
            convs,
            fc_weight,
            fc_bias: 0.0,
        })
    }

    /// Checks that every vector has the length the configuration asks for and that every
    /// value is finite.
    pub fn check(&self) -> Result<(), NnError> {
        self.config.validate()?;
        if self.convs.len() != self.config.layers {
            return Err(NnError::Config(format!(
                "{} convolutions for a {}-layer configuration",
                self.convs.len(),
                self.config.layers
            )));
        }
        for (i, conv) in self.convs.iter().enumerate() {
            let (in_ch, out_ch) = (self.config.in_channels(i), self.config.channels);
            if conv.in_ch != in_ch
                || conv.out_ch != out_ch
                || conv.weight.len() != out_ch * in_ch * 9
                || conv.bias.len() != out_ch
            {
                return Err(NnError::Tensor {
                    name: format!("conv{i}"),
                    problem: format!(
                        "expected {out_ch}x{in_ch}x3x3 weights and {out_ch} biases, got {}x{} ({} weights, {} biases)",
                        conv.out_ch,
                        conv.in_ch,
                        conv.weight.len(),
                        conv.bias.len()
                    ),
                });
            }
        }
        if self.fc_weight.len() != self.config.fc_len() {
            return Err(NnError::Tensor {
                name: "fc.weight".into(),
                problem: format!(
                    "expected {} weights, got {}",
                    self.config.fc_len(),
                    self.fc_weight.len()
                ),
            });
        }
        // A run that diverged leaves NaN or infinite weights; such a network evaluates
        // every position the same, so it is refused wherever it is built, saved or loaded.
        let fc_bias = [self.fc_bias];
        let tensors = self
            .convs
            .iter()
            .enumerate()
            .flat_map(|(i, c)| {
                [
                    (format!("conv{i}.weight"), &c.weight[..]),
                    (format!("conv{i}.bias"), &c.bias[..]),
                ]
            })
            .chain([
                ("fc.weight".to_string(), &self.fc_weight[..]),
                ("fc.bias".to_string(), &fc_bias[..]),
            ]);
        for (name, values) in tensors {
            let bad = values.iter().filter(|v| !v.is_finite()).count();
            if bad > 0 {
                return Err(NnError::Tensor {
                    name,
                    problem: format!(
                        "{bad} of {} values are not finite (NaN or infinite); the network is unusable (did its training diverge?)",
                        values.len()
                    ),
                });
            }
        }
        Ok(())
    }

    /// The safetensors encoding (layout in the module docs).
    pub fn to_bytes(&self) -> Result<Vec<u8>, NnError> {
        self.check()?;
        let fc_bias = [self.fc_bias];
        let mut tensors: Vec<(String, Vec<usize>, Vec<u8>)> = Vec::new();
        for (i, conv) in self.convs.iter().enumerate() {
            tensors.push((
                format!("conv{i}.weight"),
                vec![conv.out_ch, conv.in_ch, 3, 3],
                le_bytes(&conv.weight),
            ));
            tensors.push((
                format!("conv{i}.bias"),
                vec![conv.out_ch],
                le_bytes(&conv.bias),
            ));
        }
        tensors.push((
            "fc.weight".into(),
            vec![1, self.config.fc_len()],
            le_bytes(&self.fc_weight),
        ));
        tensors.push(("fc.bias".into(), vec![1], le_bytes(&fc_bias)));
        let views = tensors
            .iter()
            .map(|(name, shape, data)| {
                TensorView::new(Dtype::F32, shape.clone(), data)
                    .map(|view| (name.clone(), view))
                    .map_err(|e| NnError::Format(format!("building tensor {name}: {e}")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let metadata = HashMap::from([
            ("format".to_string(), FORMAT.to_string()),
            ("channels".to_string(), self.config.channels.to_string()),
            ("layers".to_string(), self.config.layers.to_string()),
        ]);
        let mut bytes = safetensors::serialize(views, Some(metadata))
            .map_err(|e| NnError::Format(format!("serializing: {e}")))?;
        canonical_metadata(&mut bytes, &self.config);
        Ok(bytes)
    }

    /// Parses a safetensors file in this crate's layout, checking every tensor.
    pub fn from_bytes(bytes: &[u8]) -> Result<Weights, NnError> {
        let (_, header) = SafeTensors::read_metadata(bytes)
            .map_err(|e| NnError::Format(format!("unreadable safetensors header: {e}")))?;
        let meta = header.metadata().as_ref().ok_or_else(|| {
            NnError::Format(format!(
                "no metadata (expected format = {FORMAT}, channels, layers)"
            ))
        })?;
        match meta.get("format") {
            Some(f) if f == FORMAT => {}
            other => {
                return Err(NnError::Format(format!(
                    "metadata format is {other:?}, expected \"{FORMAT}\""
                )));
            }
        }
        let number = |key: &str| -> Result<usize, NnError> {
            let text = meta
                .get(key)
                .ok_or_else(|| NnError::Format(format!("metadata has no '{key}'")))?;
            text.parse().map_err(|_| {
                NnError::Format(format!("metadata '{key}' = {text:?} is not a number"))
            })
        };
        let config = NetConfig {
            channels: number("channels")?,
            layers: number("layers")?,
        };
        config.validate()?;
        let file = SafeTensors::deserialize(bytes)
            .map_err(|e| NnError::Format(format!("unreadable safetensors data: {e}")))?;
        let mut expected: Vec<String> = Vec::new();
        let mut read = |name: String, shape: &[usize]| -> Result<Vec<f32>, NnError> {
            let values = read_tensor(&file, &name, shape)?;
            expected.push(name);
            Ok(values)
        };
        let mut convs = Vec::with_capacity(config.layers);
        for i in 0..config.layers {
            let (in_ch, out_ch) = (config.in_channels(i), config.channels);
            let weight = read(format!("conv{i}.weight"), &[out_ch, in_ch, 3, 3])?;
            let bias = read(format!("conv{i}.bias"), &[out_ch])?;
            convs.push(Conv {
                in_ch,
                out_ch,
                weight,
                bias,
            });
        }
        let fc_weight = read("fc.weight".into(), &[1, config.fc_len()])?;
        let fc_bias = read("fc.bias".into(), &[1])?[0];
        let mut extra: Vec<String> = file
            .names()
            .into_iter()
            .filter(|n| !expected.iter().any(|e| e == *n))
            .map(|n| n.to_string())
            .collect();
        extra.sort();
        if let Some(name) = extra.into_iter().next() {
            return Err(NnError::Tensor {
                name,
                problem: format!(
                    "unexpected tensor for a {}-layer, {}-channel network",
                    config.layers, config.channels
                ),
            });
        }
        let w = Weights {
            config,
            convs,
            fc_weight,
            fc_bias,
        };
        w.check()?;
        Ok(w)
    }

    /// Reads and checks a weights file.
    pub fn load(path: impl AsRef<Path>) -> Result<Weights, NnError> {
        let path = path.as_ref();
        let bytes = fs::read(path).map_err(|source| NnError::Io {
            action: "reading",
            path: path.to_path_buf(),
            source,
        })?;
        Weights::from_bytes(&bytes).map_err(|e| e.in_file(path))
    }

    /// Writes the weights atomically ([`yomi_core::files::write_atomic`]): a temporary
    /// file beside `path`, synced, then renamed over it, so a reader never sees half a file.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), NnError> {
        let path = path.as_ref();
        let bytes = self.to_bytes()?;
        yomi_core::files::write_atomic(path, &bytes).map_err(|source| NnError::Io {
            action: "writing",
            path: path.to_path_buf(),
            source,
        })
    }
}

/// Rewrites the header's metadata object with its keys in sorted order: the serializer
/// walks a `HashMap`, whose order changes from run to run, and the same weights must give
/// the same bytes. The sorted text has exactly the same length, so no offset moves.
fn canonical_metadata(bytes: &mut [u8], config: &NetConfig) {
    const KEY: &[u8] = b"\"__metadata__\":{";
    let canonical = format!(
        "\"channels\":\"{}\",\"format\":\"{FORMAT}\",\"layers\":\"{}\"",
        config.channels, config.layers
    );
    let Some(header_len) = bytes
        .get(..8)
        .map(|b| u64::from_le_bytes(b.try_into().unwrap_or([0; 8])) as usize)
    else {
        return;
    };
    let Some(header) = bytes.get_mut(8..8 + header_len) else {
        return;
    };
    let Some(start) = header.windows(KEY.len()).position(|w| w == KEY) else {
        return;
    };
    let start = start + KEY.len();
    let Some(len) = header[start..].iter().position(|&b| b == b'}') else {
        return;
    };
    if len == canonical.len() {
        header[start..start + len].copy_from_slice(canonical.as_bytes());
    }
}

fn le_bytes(values: &[f32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

fn read_tensor(file: &SafeTensors, name: &str, shape: &[usize]) -> Result<Vec<f32>, NnError> {
    let tensor = file.tensor(name).map_err(|_| NnError::Tensor {
        name: name.to_string(),
        problem: format!("missing (expected F32 of shape {shape:?})"),
    })?;
    if tensor.dtype() != Dtype::F32 {
        return Err(NnError::Tensor {
            name: name.to_string(),
            problem: format!("dtype {:?}, expected F32", tensor.dtype()),
        });
    }
    if tensor.shape() != shape {
        return Err(NnError::Tensor {
            name: name.to_string(),
            problem: format!("shape {:?}, expected {shape:?}", tensor.shape()),
        });
    }
    Ok(tensor
        .data()
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect())
}
