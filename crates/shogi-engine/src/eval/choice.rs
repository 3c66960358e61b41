//! The evaluation a user chooses: [`Evaluation`], the one name for it that the USI option
//! `Evaluation`, the CLI's `--eval`, self-play and the benches share.
//!
//! Contract: [`Evaluation::name`] and [`FromStr`] round-trip (case-insensitively, spaces
//! trimmed), and an unknown name's error lists the names accepted. The hand-written
//! evaluations need nothing but the binary; the network has weights to load (and maybe a
//! device to put them on), which [`LoadedEval`](super::LoadedEval) holds.

use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Which evaluation scores positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Evaluation {
    /// Material, square control and piece placement relative to both
    /// kings: a linear model with fitted weights (the default).
    #[default]
    Control,
    /// Material, king-relative piece placement and king safety.
    Classic,
    /// Material only (board and hand).
    Material,
    /// The value network of `yomi-shogi-nn` (built in, or a weights file).
    Network,
    /// An NNUE net in YaneuraOu's classic `halfKP 256x2-32-32` format
    /// (`EvalDir`/`nn.bin` or `EvalFile`).
    Nnue,
}

impl Evaluation {
    /// Every evaluation, in option order.
    pub const ALL: [Evaluation; 5] = [
        Evaluation::Control,
        Evaluation::Classic,
        Evaluation::Material,
        Evaluation::Network,
        Evaluation::Nnue,
    ];

    /// The hand-written evaluations, in option order: every one but the network.
    pub const HAND_WRITTEN: [Evaluation; 3] = [
        Evaluation::Control,
        Evaluation::Classic,
        Evaluation::Material,
    ];

    /// The option value naming this evaluation.
    pub fn name(self) -> &'static str {
        match self {
            Evaluation::Control => "Control",
            Evaluation::Classic => "Classic",
            Evaluation::Material => "Material",
            Evaluation::Network => "Network",
            Evaluation::Nnue => "NNUE",
        }
    }

    /// True for the hand-written evaluations (everything but the networks).
    pub fn is_hand_written(self) -> bool {
        Evaluation::HAND_WRITTEN.contains(&self)
    }

    /// Parses the name of a hand-written evaluation, for the places that take no network
    /// (self-play, the alpha-beta bench): `Network` is refused like any unknown name.
    pub fn parse_hand_written(text: &str) -> Result<Evaluation, UnknownEvaluation> {
        Evaluation::find(&Evaluation::HAND_WRITTEN, text)
    }

    fn find(among: &[Evaluation], text: &str) -> Result<Evaluation, UnknownEvaluation> {
        among
            .iter()
            .copied()
            .find(|e| e.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownEvaluation {
                text: yomi_core::text::excerpt(text),
                network_allowed: among.contains(&Evaluation::Network),
            })
    }
}

impl fmt::Display for Evaluation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Evaluation {
    type Err = UnknownEvaluation;
    fn from_str(s: &str) -> Result<Self, UnknownEvaluation> {
        Evaluation::find(&Evaluation::ALL, s)
    }
}

/// A name that is no [`Evaluation`] (or not one the caller takes).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "unknown evaluation '{text}' ({})",
    if *network_allowed { "Control, Classic, Material, Network or NNUE" } else { "Control, Classic or Material" }
)]
pub struct UnknownEvaluation {
    /// The text given, as messages quote it ([`yomi_core::text::excerpt`]).
    pub text: String,
    /// Whether the network was among the names accepted.
    pub network_allowed: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_list_the_choices() {
        for e in Evaluation::ALL {
            assert_eq!(e.name().parse(), Ok(e));
            assert_eq!(e.to_string().to_lowercase().parse(), Ok(e));
        }
        assert_eq!(" network ".parse(), Ok(Evaluation::Network));
        assert_eq!(" nnue ".parse(), Ok(Evaluation::Nnue));
        assert_eq!(
            "kpp".parse::<Evaluation>().unwrap_err().to_string(),
            "unknown evaluation 'kpp' (Control, Classic, Material, Network or NNUE)"
        );
        assert_eq!(
            Evaluation::parse_hand_written("classic"),
            Ok(Evaluation::Classic)
        );
        assert_eq!(
            Evaluation::parse_hand_written("Network")
                .unwrap_err()
                .to_string(),
            "unknown evaluation 'Network' (Control, Classic or Material)"
        );
        assert!(Evaluation::HAND_WRITTEN.iter().all(|e| e.is_hand_written()));
        assert!(!Evaluation::Network.is_hand_written());
        assert_eq!(Evaluation::default(), Evaluation::Control);
    }
}
