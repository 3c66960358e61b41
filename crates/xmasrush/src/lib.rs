//! # yomi-xmasrush
//!
//! CodinGame's Xmas Rush (December 2018), exactly as the official referee
//! plays it: seeded initial states through an exact `java.util.Random`,
//! simultaneous pushes, lockstep walks, quests, the deadlock rule; the
//! per-turn protocol text and the referee's output parsing; a bot-side reader
//! that rebuilds the full state from that text; search bots; and a referee
//! that runs built-in bots or external programs, with its self-test over random games
//! ([`check`]) and the bots' search speed ([`bench`](mod@bench)).
//!
//! A seeded initial state, one turn of the protocol text answered by a bot, and a whole
//! game between two built-in bots through the referee:
//!
//! ```
//! use std::time::Duration;
//! use yomi_xmasrush::player::Player;
//! use yomi_xmasrush::protocol::render_input;
//! use yomi_xmasrush::referee::{EndReason, RefereeOptions, play_game};
//! use yomi_xmasrush::{Action, League, initial_state};
//!
//! // Seed 0 deals the map the official Java referee deals (its first row here).
//! let mut state = initial_state(0, League::Legend);
//! assert!(state.begin_turn());
//! let input = render_input(&state, 0); // what player 0 reads on stdin
//! assert_eq!(input.lines().next(), Some("0")); // turn type 0: a PUSH turn
//! assert_eq!(input.lines().nth(1), Some("0110 0011 1101 1010 1010 1010 1010"));
//!
//! // A built-in bot reads that text and answers a push, as a program would.
//! let mut bot = Player::from_spec("greedy", 1, League::Legend)?;
//! let (answer, _took) = bot.answer(&input, true, Duration::from_millis(50))?;
//! assert!(matches!(answer, Action::Push(_)));
//! println!("{answer}"); // e.g. PUSH 3 RIGHT
//!
//! // A game of greedy against random, every rule checked each turn.
//! let options = RefereeOptions { check_invariants: true, ..RefereeOptions::default() };
//! let play = || -> Result<_, Box<dyn std::error::Error>> {
//!     let mut players = [Player::from_spec("greedy", 1, League::Legend)?,
//!                        Player::from_spec("random", 2, League::Legend)?];
//!     Ok(play_game(&mut players, ["greedy".into(), "random".into()], 0, options)?.0)
//! };
//! let game = play()?;
//! assert_eq!(game.reason, EndReason::AllQuests); // greedy found all 12 of its items first
//! assert_eq!(game.scores[0], 12);
//! assert!(game.scores[1] < 12 && game.points0() == 1.0);
//! let again = play()?; // the same seeds, the same game
//! assert_eq!((again.scores, again.turns), (game.scores, game.turns));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod action;
pub mod jrandom;
pub mod league;
pub mod reach;
pub mod setup;
pub mod state;
pub mod tile;

pub use action::{Action, OutputError, Path, Push, parse_for_turn, parse_output};
pub use invariants::InvariantViolation;
pub use jrandom::JavaRandom;
pub use league::{ITEM_NAMES, League, UnknownLeague};
pub use setup::initial_state;
pub use state::State;
pub mod bench;
pub mod botio;
pub mod bots;
pub mod check;
pub mod eval;
pub mod export;
pub mod full_game;
pub mod invariants;
pub mod params;
pub mod player;
pub mod protocol;
pub mod reader;
pub mod referee;
pub mod replay;
pub mod sim;
pub mod tournament;
pub mod tune;
pub mod view;
pub mod walker;
