//! Where a network runs and at what precision: the one parser of `cpu` / `cuda[:N]` and
//! `f32` / `tf32`, shared by the CLI (`--device`, `--precision`) and the engine's USI
//! options (`NetworkDevice`, `NetworkPrecision`), so the same mistake reads the same
//! everywhere; text it quotes back goes through [`yomi_core::text::excerpt`].

use std::fmt;
use std::str::FromStr;

use thiserror::Error;
use yomi_core::text::excerpt;

/// Where the forward runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Device {
    /// The CPU forward of [`crate::Network`].
    #[default]
    Cpu,
    /// An NVIDIA GPU by CUDA ordinal ([`crate::cuda::CudaNetwork`], cargo feature `cuda`).
    Cuda(usize),
}

impl fmt::Display for Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Device::Cpu => f.write_str("cpu"),
            Device::Cuda(n) => write!(f, "cuda:{n}"),
        }
    }
}

/// Why a text does not name a [`Device`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DeviceError {
    /// `cuda:` followed by something that is not a GPU number.
    #[error("device '{text}': '{ordinal}' is not a GPU number (cuda:0, cuda:1, ...)")]
    Ordinal {
        /// The text given.
        text: String,
        /// What followed `cuda:`.
        ordinal: String,
    },
    /// Neither `cpu` nor `cuda[:N]`.
    #[error("unknown device '{0}' (cpu, cuda or cuda:N)")]
    Unknown(String),
}

impl FromStr for Device {
    type Err = DeviceError;
    fn from_str(s: &str) -> Result<Device, DeviceError> {
        let t = s.trim().to_ascii_lowercase();
        match t.as_str() {
            "cpu" => Ok(Device::Cpu),
            "cuda" | "gpu" => Ok(Device::Cuda(0)),
            _ => match t.strip_prefix("cuda:") {
                Some(n) => n
                    .parse()
                    .map(Device::Cuda)
                    .map_err(|_| DeviceError::Ordinal {
                        text: excerpt(s),
                        ordinal: excerpt(n),
                    }),
                None => Err(DeviceError::Unknown(excerpt(s))),
            },
        }
    }
}

/// Arithmetic of the GPU's matrix products.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Precision {
    /// IEEE single precision throughout: the CPU forward's logits within 1e-4 relative.
    #[default]
    F32,
    /// Tensor-core TF32 products (10-bit mantissa inputs, f32 sums): several times the
    /// throughput, logits within about 1e-2 of f32's.
    Tf32,
}

impl fmt::Display for Precision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Precision::F32 => "f32",
            Precision::Tf32 => "tf32",
        })
    }
}

/// A text that names no [`Precision`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown precision '{0}' (f32 or tf32)")]
pub struct PrecisionError(pub String);

impl FromStr for Precision {
    type Err = PrecisionError;
    fn from_str(s: &str) -> Result<Precision, PrecisionError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "f32" | "fp32" => Ok(Precision::F32),
            "tf32" => Ok(Precision::Tf32),
            _ => Err(PrecisionError(excerpt(s))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_and_precisions_parse_and_print_back() {
        assert_eq!("cpu".parse(), Ok(Device::Cpu));
        assert_eq!(" CUDA ".parse(), Ok(Device::Cuda(0)));
        assert_eq!("cuda:3".parse(), Ok(Device::Cuda(3)));
        assert_eq!(Device::Cuda(3).to_string().parse(), Ok(Device::Cuda(3)));
        let err = |s: &str| s.parse::<Device>().unwrap_err().to_string();
        assert_eq!(
            err("cuda:x"),
            "device 'cuda:x': 'x' is not a GPU number (cuda:0, cuda:1, ...)"
        );
        assert_eq!(err("tpu"), "unknown device 'tpu' (cpu, cuda or cuda:N)");
        assert_eq!("TF32".parse(), Ok(Precision::Tf32));
        assert_eq!(Precision::F32.to_string().parse(), Ok(Precision::F32));
        assert_eq!(
            "f16".parse::<Precision>().unwrap_err().to_string(),
            "unknown precision 'f16' (f32 or tf32)"
        );
    }
}
