//! The games of the generic commands (`play`, `solve`, `arena`, `bench`):
//! clap's view of yomi-games' registry, and the `--position` reader.

use crate::usage::usage;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
pub use yomi_games::{GameKind, with_game};
use yomi_search::Game;

/// The `GAME` argument: every registered game by name, with its aliases and
/// a line of help each (`--help` lists them).
pub fn game_parser() -> impl TypedValueParser<Value = GameKind> {
    let values = GameKind::ALL.iter().map(|k| {
        PossibleValue::new(k.name())
            .aliases(k.aliases().iter().copied())
            .help(format!("{} Positions: {}.", k.about(), k.position_syntax()))
    });
    PossibleValuesParser::new(values).map(|name| {
        name.parse::<GameKind>()
            .expect("clap accepts only the registry's names")
    })
}

/// Reads `--position` (or the start position when absent) with a clear error.
pub fn position<G: Game>(text: Option<&str>) -> anyhow::Result<G> {
    match text {
        None => Ok(G::initial()),
        Some(t) => G::parse_position(t).map_err(|e| {
            usage(format!(
                "bad --position for {}: {e}\nexpected {}",
                G::name(),
                G::position_syntax()
            ))
        }),
    }
}
