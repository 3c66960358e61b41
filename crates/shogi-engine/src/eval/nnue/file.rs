//! YaneuraOu's classic NNUE evaluation file, `halfKP 256x2-32-32` (`nn.bin`),
//! read and written byte for byte.
//!
//! Contract: [`Nnue::from_bytes`] accepts exactly the files YaneuraOu v8.30
//! loads for this architecture (64,217,066 bytes: version `0x7AF32F16`, the
//! whole-net, feature-transformer and network hashes it checks, an
//! architecture string it reads but does not compare) and refuses anything
//! else with an error that says what differs; [`Nnue::to_bytes`] writes the
//! same layout, so reading a written net gives it back. All values are
//! little-endian: the feature transformer's `i16` biases and feature-major
//! `i16` weights, then three affine layers of `i32` biases and `i8` weights,
//! one row per output.

use super::features::INPUTS;
use super::lanes::FtWeights;
use std::path::Path;
use thiserror::Error;

/// File format version.
pub const VERSION: u32 = 0x7AF3_2F16;
/// Hash of the feature transformer (HalfKP(Friend) -> 256).
pub const FT_HASH: u32 = 0x5D69_D7B8;
/// Hash of the layers after it.
pub const NETWORK_HASH: u32 = 0x6333_7156;
/// Hash of the whole net: the two above combined.
pub const FILE_HASH: u32 = FT_HASH ^ NETWORK_HASH;
/// The architecture string the file carries.
pub const ARCHITECTURE: &str = "Features=HalfKP(Friend)[125388->256x2],Network=AffineTransform[1<-32](ClippedReLU[32](AffineTransform[32<-32](ClippedReLU[32](AffineTransform[32<-512](InputSlice[512(0:512)])))))";
/// Width of one perspective's accumulator.
pub const HALF: usize = 256;
/// Hidden layer width.
pub const HIDDEN: usize = 32;
/// Byte offset of the feature transformer's `i16` weights in the file (after the header,
/// the architecture string, its hash and the biases).
pub const FT_WEIGHTS_AT: usize = 12 + ARCHITECTURE.len() + 4 + 2 * HALF;
/// Size of a file of this architecture.
pub const FILE_SIZE: usize = 12
    + ARCHITECTURE.len()
    + 4
    + 2 * HALF
    + 2 * HALF * INPUTS
    + 4
    + (4 * HIDDEN + 2 * HALF * HIDDEN)
    + (4 * HIDDEN + HIDDEN * HIDDEN)
    + (4 + HIDDEN);

/// Why an evaluation file was refused.
#[derive(Debug, Error)]
pub enum NnueFileError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// Not the size of a `halfKP 256x2-32-32` net.
    #[error(
        "{size} bytes, but a halfKP 256x2-32-32 net (YaneuraOu's classic nn.bin) has {FILE_SIZE}"
    )]
    Size {
        /// The size found.
        size: u64,
    },
    /// Another format version.
    #[error("version {found:#010x}, expected {VERSION:#010x}")]
    Version {
        /// The version found.
        found: u32,
    },
    /// A hash YaneuraOu checks differs: another architecture.
    #[error("{what} hash {found:#010x}, expected {expected:#010x} (another architecture)")]
    Hash {
        /// Which hash.
        what: &'static str,
        /// The hash found.
        found: u32,
        /// The hash of this architecture.
        expected: u32,
    },
    /// The architecture string's length does not fit the file.
    #[error("architecture string of {found} bytes, expected {}", ARCHITECTURE.len())]
    Architecture {
        /// The length found.
        found: u32,
    },
}

/// One affine layer: `outputs` rows of `inputs` `i8` weights and an `i32` bias each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layer {
    /// Inputs per row.
    pub inputs: usize,
    /// `i32` bias per output.
    pub bias: Vec<i32>,
    /// `i8` weights, row-major (output by output).
    pub weight: Vec<i8>,
}

impl Layer {
    fn zeroed(inputs: usize, outputs: usize) -> Layer {
        Layer {
            inputs,
            bias: vec![0; outputs],
            weight: vec![0; inputs * outputs],
        }
    }
}

/// A `halfKP 256x2-32-32` network's quantized weights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nnue {
    /// Accumulator biases, `i16[256]`.
    pub ft_bias: Vec<i16>,
    /// Feature transformer weights, `i16[125388][256]`: one row per feature (rows
    /// aligned to cache lines; a flat `[i16]` in the file's order through `Deref`).
    pub ft_weight: FtWeights,
    /// 512 -> 32.
    pub l1: Layer,
    /// 32 -> 32.
    pub l2: Layer,
    /// 32 -> 1.
    pub out: Layer,
}

/// Reads little-endian values off the front of a byte slice.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let (head, rest) = self.0.split_at(N);
        self.0 = rest;
        head.try_into().expect("N bytes")
    }
    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.take())
    }
    fn i16s(&mut self, out: &mut [i16]) {
        let (head, rest) = self.0.split_at(2 * out.len());
        for (v, b) in out.iter_mut().zip(head.chunks_exact(2)) {
            *v = i16::from_le_bytes([b[0], b[1]]);
        }
        self.0 = rest;
    }
    fn layer(&mut self, layer: &mut Layer) {
        for b in layer.bias.iter_mut() {
            *b = i32::from_le_bytes(self.take());
        }
        let (head, rest) = self.0.split_at(layer.weight.len());
        for (w, &b) in layer.weight.iter_mut().zip(head) {
            *w = b as i8;
        }
        self.0 = rest;
    }
}

impl Nnue {
    /// A net of zeros (every position scores 0 from the biases alone).
    pub fn zeroed() -> Nnue {
        Nnue {
            ft_bias: vec![0; HALF],
            ft_weight: FtWeights::zeroed(INPUTS),
            l1: Layer::zeroed(2 * HALF, HIDDEN),
            l2: Layer::zeroed(HIDDEN, HIDDEN),
            out: Layer::zeroed(HIDDEN, 1),
        }
    }

    /// A net of seeded random weights, scaled so that the accumulators,
    /// the hidden layers and the output all vary over positions instead of
    /// saturating (for tests against YaneuraOu and as a trainer's start).
    pub fn random(seed: u64) -> Nnue {
        let mut rng = yomi_core::Rng::new(seed);
        let mut between = |lo: i32, hi: i32| lo + rng.below((hi - lo + 1) as usize) as i32;
        let mut net = Nnue::zeroed();
        net.ft_bias
            .iter_mut()
            .for_each(|b| *b = between(0, 63) as i16);
        net.ft_weight
            .iter_mut()
            .for_each(|w| *w = between(-8, 8) as i16);
        for (layer, w, b) in [
            (&mut net.l1, 4, 2000),
            (&mut net.l2, 32, 2000),
            (&mut net.out, 64, 4000),
        ] {
            layer.bias.iter_mut().for_each(|x| *x = between(-b, b));
            layer
                .weight
                .iter_mut()
                .for_each(|x| *x = between(-w, w) as i8);
        }
        net
    }

    /// Parses a whole file (see the module contract).
    pub fn from_bytes(bytes: &[u8]) -> Result<Nnue, NnueFileError> {
        if bytes.len() != FILE_SIZE {
            return Err(NnueFileError::Size {
                size: bytes.len() as u64,
            });
        }
        let mut r = Reader(bytes);
        let version = r.u32();
        if version != VERSION {
            return Err(NnueFileError::Version { found: version });
        }
        let check = |what, found, expected| {
            if found == expected {
                Ok(())
            } else {
                Err(NnueFileError::Hash {
                    what,
                    found,
                    expected,
                })
            }
        };
        check("net", r.u32(), FILE_HASH)?;
        let len = r.u32();
        if len as usize != ARCHITECTURE.len() {
            return Err(NnueFileError::Architecture { found: len });
        }
        r.0 = &r.0[ARCHITECTURE.len()..];
        check("feature transformer", r.u32(), FT_HASH)?;
        let mut net = Nnue::zeroed();
        r.i16s(&mut net.ft_bias);
        r.i16s(&mut net.ft_weight);
        check("network", r.u32(), NETWORK_HASH)?;
        r.layer(&mut net.l1);
        r.layer(&mut net.l2);
        r.layer(&mut net.out);
        debug_assert!(r.0.is_empty());
        Ok(net)
    }

    /// The file's bytes (see the module contract).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(FILE_SIZE);
        b.extend_from_slice(&VERSION.to_le_bytes());
        b.extend_from_slice(&FILE_HASH.to_le_bytes());
        b.extend_from_slice(&(ARCHITECTURE.len() as u32).to_le_bytes());
        b.extend_from_slice(ARCHITECTURE.as_bytes());
        b.extend_from_slice(&FT_HASH.to_le_bytes());
        for v in self.ft_bias.iter().chain(self.ft_weight.iter()) {
            b.extend_from_slice(&v.to_le_bytes());
        }
        b.extend_from_slice(&NETWORK_HASH.to_le_bytes());
        for layer in [&self.l1, &self.l2, &self.out] {
            for v in &layer.bias {
                b.extend_from_slice(&v.to_le_bytes());
            }
            b.extend(layer.weight.iter().map(|&w| w as u8));
        }
        debug_assert_eq!(b.len(), FILE_SIZE);
        b
    }

    /// Reads `path`; its size is checked before anything is read.
    pub fn read(path: &Path) -> Result<Nnue, NnueFileError> {
        let io = |source| NnueFileError::Io {
            path: path.display().to_string(),
            source,
        };
        let size = std::fs::metadata(path).map_err(io)?.len();
        if size != FILE_SIZE as u64 {
            return Err(NnueFileError::Size { size });
        }
        Nnue::from_bytes(&std::fs::read(path).map_err(io)?)
    }

    /// Writes `path` whole or not at all.
    pub fn write(&self, path: &Path) -> Result<(), NnueFileError> {
        yomi_core::files::write_atomic(path, &self.to_bytes()).map_err(|source| NnueFileError::Io {
            path: path.display().to_string(),
            source,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_matches_yaneuraou_s() {
        assert_eq!(FILE_SIZE, 64_217_066);
        assert_eq!(ARCHITECTURE.len(), 178);
        assert_eq!(FILE_HASH, 0x3E5A_A6EE);
        let bytes = Nnue::random(1).to_bytes();
        // The offsets YaneuraOu reads the parts at.
        assert_eq!(
            u32::from_le_bytes(bytes[190..194].try_into().unwrap()),
            FT_HASH
        );
        assert_eq!(FT_WEIGHTS_AT, 194 + 2 * HALF);
        assert_eq!(
            u32::from_le_bytes(bytes[64_199_362..64_199_366].try_into().unwrap()),
            NETWORK_HASH
        );
    }

    #[test]
    fn a_written_net_reads_back_and_damage_is_named() {
        let net = Nnue::random(7);
        let bytes = net.to_bytes();
        assert_eq!(Nnue::from_bytes(&bytes).unwrap(), net);
        let err = |b: &[u8]| Nnue::from_bytes(b).unwrap_err().to_string();
        assert!(err(&bytes[..bytes.len() - 1]).contains("64217065 bytes"));
        let mut v = bytes.clone();
        v[0] ^= 1;
        assert!(err(&v).starts_with("version 0x7af32f17"), "{}", err(&v));
        let mut h = bytes.clone();
        h[190] ^= 1;
        assert!(
            err(&h).starts_with("feature transformer hash"),
            "{}",
            err(&h)
        );
        let mut n = bytes.clone();
        n[64_199_362] ^= 1;
        assert!(err(&n).starts_with("network hash"));
        let mut a = bytes;
        a[8] ^= 1;
        assert!(err(&a).starts_with("architecture string of 179 bytes"));
    }
}
