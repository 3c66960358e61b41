//! The game registry: every alternating game yomi's generic commands
//! (`play`, `solve`, `arena`, `bench`) and bindings drive, in one list.
//!
//! Contract: adding a game is one line of the `registry!` invocation below
//! (its [`GameKind`] variant, its type, a sentence about it and the aliases
//! its name may be typed as); its name and position notation come from its
//! own [`Game`] implementation. [`GameKind`] parses from a name or alias
//! (the error lists the valid names), and [`with_game!`](crate::with_game)
//! runs a generic body with the game's type, so every command is
//! monomorphized per game without a list of its own.
//!
//! ```
//! use yomi_games::{GameKind, with_game};
//! use yomi_search::Game;
//!
//! let kind: GameKind = "c4".parse()?;
//! assert_eq!(kind.name(), "connect4");
//! // A generic body, run with the game's own type.
//! let first_moves = with_game!(kind, G => {
//!     let mut moves = Vec::new();
//!     G::initial().legal_moves(&mut moves);
//!     moves.len()
//! });
//! assert_eq!(first_moves, 7);
//! assert!("chess".parse::<GameKind>().unwrap_err().to_string().contains("tictactoe, connect4, shogi"));
//! # Ok::<(), yomi_games::UnknownGame>(())
//! ```

use std::fmt;
use std::str::FromStr;
use yomi_search::Game;

/// Defines [`GameKind`], its table and the `with_game!` macro from one list;
/// `$d` is a `$` token, passed in so the generated macro can name its own
/// arguments.
macro_rules! registry {
    ($d:tt $($variant:ident => $ty:ty, $about:literal, aliases [$($alias:literal),*];)*) => {
        /// An alternating game the generic commands drive.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameKind {
            $(#[doc = $about] $variant,)*
        }

        /// The type of each registered game, by its [`GameKind`] name.
        pub mod kinds {
            $(#[doc = $about] pub type $variant = $ty;)*
        }

        impl GameKind {
            /// Every registered game, in registry order.
            pub const ALL: &'static [GameKind] = &[$(GameKind::$variant),*];

            /// The name commands take ([`Game::name`]).
            pub fn name(self) -> &'static str {
                match self {
                    $(GameKind::$variant => <$ty as Game>::name(),)*
                }
            }

            /// Other names it may be typed as.
            pub fn aliases(self) -> &'static [&'static str] {
                match self {
                    $(GameKind::$variant => &[$($alias),*],)*
                }
            }

            /// One sentence about the game.
            pub fn about(self) -> &'static str {
                match self {
                    $(GameKind::$variant => $about,)*
                }
            }

            /// What its positions look like ([`Game::position_syntax`]).
            pub fn position_syntax(self) -> &'static str {
                match self {
                    $(GameKind::$variant => <$ty as Game>::position_syntax(),)*
                }
            }
        }

        /// Runs `$body` with the type alias `$g` bound to the game of the
        /// [`GameKind`] `$kind` (see [`crate::registry`]).
        #[macro_export]
        macro_rules! with_game {
            ($d kind:expr, $d g:ident => $d body:expr) => {
                match $d kind {
                    $($crate::GameKind::$variant => {
                        type $d g = $crate::registry::kinds::$variant;
                        $d body
                    })*
                }
            };
        }
    };
}

registry! { $
    TicTacToe => crate::TicTacToe, "Tic-tac-toe on bitboards.", aliases ["ttt"];
    Connect4 => crate::Connect4, "Connect Four, 7 columns by 6 rows.", aliases ["c4"];
    Shogi => yomi_shogi::ShogiGame, "Shogi with the full rules (material-only evaluation for the generic strategies).", aliases [];
}

/// A game name that is not in the registry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game '{0}'; valid games: {valid}", valid = valid_names())]
pub struct UnknownGame(pub String);

fn valid_names() -> String {
    GameKind::ALL
        .iter()
        .map(|k| k.name())
        .collect::<Vec<_>>()
        .join(", ")
}

impl FromStr for GameKind {
    type Err = UnknownGame;

    fn from_str(text: &str) -> Result<GameKind, UnknownGame> {
        let t = text.trim().to_ascii_lowercase();
        GameKind::ALL
            .iter()
            .copied()
            .find(|k| k.name() == t || k.aliases().contains(&t.as_str()))
            .ok_or_else(|| UnknownGame(text.to_string()))
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_parses_by_name_and_alias_and_runs_its_own_type() {
        for &k in GameKind::ALL {
            assert_eq!(k.name().parse::<GameKind>(), Ok(k));
            assert_eq!(k.to_string(), k.name());
            for a in k.aliases() {
                assert_eq!(a.parse::<GameKind>(), Ok(k), "{a}");
            }
            assert!(!k.position_syntax().is_empty() && !k.about().is_empty());
            assert_eq!(with_game!(k, G => <G as Game>::name()), k.name());
        }
        assert_eq!("TTT".parse::<GameKind>(), Ok(GameKind::TicTacToe));
        assert!("go".parse::<GameKind>().is_err());
    }
}
