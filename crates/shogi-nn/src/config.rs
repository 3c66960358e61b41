//! The network's shape: width (channels) and depth (convolution layers).
//!
//! Contract: a [`NetConfig`] that passed [`NetConfig::validate`] describes a network that
//! `Weights`, the reference forward and the fast forward all build the same way: one input
//! convolution followed by `(layers - 1) / 3` residual groups of three convolutions.

use crate::error::NnError;
use crate::features::SQUARES;

/// Largest channel count accepted (keeps a typo from asking for gigabytes of weights).
pub const MAX_CHANNELS: usize = 1024;
/// Largest layer count accepted.
pub const MAX_LAYERS: usize = 301;

/// Width and depth of the value network.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NetConfig {
    /// Channels of every hidden convolution (the seed: 64).
    pub channels: usize,
    /// Convolution layers in all, the input one included (the seed: 13).
    pub layers: usize,
}

impl Default for NetConfig {
    /// The seed's network: 13 layers of 64 channels.
    fn default() -> NetConfig {
        NetConfig {
            channels: 64,
            layers: 13,
        }
    }
}

impl NetConfig {
    /// Checks that the shape is buildable: `channels` in `1..=MAX_CHANNELS`, `layers` in
    /// `1..=MAX_LAYERS` and `layers - 1` a multiple of 3 (the residual groups).
    pub fn validate(&self) -> Result<(), NnError> {
        if self.channels == 0 || self.channels > MAX_CHANNELS {
            return Err(NnError::Config(format!(
                "channels = {}; expected 1 to {MAX_CHANNELS}",
                self.channels
            )));
        }
        if self.layers == 0 || self.layers > MAX_LAYERS {
            return Err(NnError::Config(format!(
                "layers = {}; expected 1 to {MAX_LAYERS}",
                self.layers
            )));
        }
        if !(self.layers - 1).is_multiple_of(3) {
            return Err(NnError::Config(format!(
                "layers = {}; layers - 1 must be a multiple of 3 (one input convolution, then residual groups of 3), e.g. 4, 7, 10, 13",
                self.layers
            )));
        }
        Ok(())
    }

    /// Number of residual groups of three convolutions after the input convolution.
    pub fn residual_groups(&self) -> usize {
        (self.layers - 1) / 3
    }

    /// Length of the flattened last activation, the fully connected layer's input.
    pub fn fc_len(&self) -> usize {
        self.channels * SQUARES
    }

    /// Input channels of convolution `layer`.
    pub fn in_channels(&self, layer: usize) -> usize {
        if layer == 0 {
            crate::features::PLANES
        } else {
            self.channels
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_shape_is_valid_and_has_four_groups() {
        let c = NetConfig::default();
        c.validate().unwrap();
        assert_eq!(c.residual_groups(), 4);
        assert_eq!(c.fc_len(), 64 * 81);
    }

    #[test]
    fn depths_outside_the_group_pattern_are_refused() {
        for layers in [0, 2, 3, 12, 14] {
            let err = NetConfig {
                channels: 8,
                layers,
            }
            .validate()
            .unwrap_err();
            assert!(err.to_string().contains("layers"), "{err}");
        }
        for layers in [1, 4, 7] {
            NetConfig {
                channels: 8,
                layers,
            }
            .validate()
            .unwrap();
        }
        assert!(
            NetConfig {
                channels: 0,
                layers: 13
            }
            .validate()
            .is_err()
        );
    }
}
