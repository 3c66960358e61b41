//! The simultaneous-move games by name, for the bindings that pick one from
//! text (the Python package's `yomi.search.SimultaneousGame`).
//!
//! Contract: [`SimultaneousKind`] parses from a name or alias (the error
//! lists the valid names) and [`SimultaneousKind::ALL`] lists every game in
//! one place; each game's rules stay in its own module.
//!
//! ```
//! use yomi_games::SimultaneousKind;
//!
//! let kind: SimultaneousKind = "rock-paper-scissors".parse()?;
//! assert_eq!(kind, SimultaneousKind::Rps);
//! assert!("chess".parse::<SimultaneousKind>().unwrap_err().to_string().contains("goofspiel, rps, biased_rps"));
//! # Ok::<(), yomi_games::simultaneous::UnknownSimultaneousGame>(())
//! ```

use std::str::FromStr;

/// A name that is none of the simultaneous-move games.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown simultaneous-move game '{0}'; valid games: {valid}", valid = valid_names())]
pub struct UnknownSimultaneousGame(pub String);

fn valid_names() -> String {
    let names: Vec<&str> = SimultaneousKind::ALL.iter().map(|k| k.name()).collect();
    names.join(", ")
}

/// A simultaneous-move game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SimultaneousKind {
    /// Goofspiel: bid cards for prizes in a fixed order ([`crate::Goofspiel`]).
    Goofspiel,
    /// Rock-paper-scissors ([`crate::MatrixGame::rps`]).
    Rps,
    /// Rock-paper-scissors where rock beating scissors pays double ([`crate::MatrixGame::biased_rps`]).
    BiasedRps,
}

impl SimultaneousKind {
    /// Every simultaneous-move game.
    pub const ALL: &'static [SimultaneousKind] = &[
        SimultaneousKind::Goofspiel,
        SimultaneousKind::Rps,
        SimultaneousKind::BiasedRps,
    ];

    /// The name it is chosen by.
    pub fn name(self) -> &'static str {
        match self {
            SimultaneousKind::Goofspiel => "goofspiel",
            SimultaneousKind::Rps => "rps",
            SimultaneousKind::BiasedRps => "biased_rps",
        }
    }

    /// Other names it may be typed as.
    pub fn aliases(self) -> &'static [&'static str] {
        match self {
            SimultaneousKind::Goofspiel => &[],
            SimultaneousKind::Rps => &["rock-paper-scissors"],
            SimultaneousKind::BiasedRps => &["biased-rps"],
        }
    }

    /// One sentence about the game.
    pub fn about(self) -> &'static str {
        match self {
            SimultaneousKind::Goofspiel => {
                "Goofspiel with n cards each (1-13, default 5), prizes in increasing order; symmetric, value 0"
            }
            SimultaneousKind::Rps => "rock-paper-scissors; equilibrium 1/3 each, value 0",
            SimultaneousKind::BiasedRps => {
                "rock-paper-scissors where rock beating scissors pays double; equilibrium (1/4, 1/2, 1/4), value 0"
            }
        }
    }
}

impl FromStr for SimultaneousKind {
    type Err = UnknownSimultaneousGame;

    fn from_str(text: &str) -> Result<SimultaneousKind, UnknownSimultaneousGame> {
        let t = text.trim().to_ascii_lowercase();
        SimultaneousKind::ALL
            .iter()
            .copied()
            .find(|k| k.name() == t || k.aliases().contains(&t.as_str()))
            .ok_or_else(|| UnknownSimultaneousGame(yomi_core::text::excerpt(text)))
    }
}
