//! # yomi-arena
//!
//! Plays one strategy against another many times and says which is stronger
//! and by how much, as cutechess-cli and fastchess do for chess engines.
//!
//! Contract:
//! - One runner ([`runner::run_pairs`]) plays every match: games come in
//!   pairs on one opening with seats swapped ([`config`]), in parallel on
//!   worker threads, aggregated in pair order (so a seeded match with
//!   deterministic players gives the same [`MatchReport`] on any number of
//!   threads), with an optional SPRT stop and a journal that resumes it
//!   ([`journal`]). How a pair is played is the caller's
//!   ([`runner::PairSource`]): built-in strategies of any game
//!   ([`run_match`]), engines run as processes, simultaneous-move referees.
//! - One game loop ([`play::play_game`]) judges every game between
//!   [`Player`]s (strategies and processes alike): the game's rules, a ply
//!   limit, a clock ([`clock`]) whose [`yomi_search::Limits`] every player
//!   is given, resign adjudication ([`adjudicate`]), forfeits for illegal
//!   moves, crashes (a player's panic included: the match goes on) and time.
//! - Statistics use the textbook formulas ([`stats`]): Elo(s) =
//!   −400·log10(1/s − 1), a 95% interval from the per-pair (pentanomial)
//!   variance, LOS; an optional GSPRT ([`sprt`], [`gsprt`]) stops the match
//!   once the LLR leaves (ln(β/(1−α)), ln((1−β)/α)).
//! - No CLI dependencies; errors are typed ([`ArenaError`]).
//!
//! ```
//! use yomi_arena::{MatchConfig, Openings, SprtConfig, factory, run_match};
//! # use yomi_search::{Game, Outcome, Seat, Strategy, SearchReport, SearchStats};
//! # #[derive(Clone, Debug)] struct Nim(u8, usize);
//! # impl std::fmt::Display for Nim { fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { write!(f, "{}", self.0) } }
//! # impl Game for Nim { type Move = u8; fn name() -> &'static str { "nim" } fn initial() -> Self { Nim(7, 0) }
//! #   fn to_move(&self) -> Seat { self.1 } fn legal_moves(&self, m: &mut Vec<u8>) { m.clear(); m.extend((1..=2).filter(|&k| k <= self.0)); }
//! #   fn play(&mut self, k: u8) { self.0 -= k; self.1 ^= 1; } fn outcome(&self) -> Option<Outcome> { (self.0 == 0).then_some(Outcome::Loss) } }
//! # struct Take1; impl Strategy<Nim> for Take1 { fn name(&self) -> String { "take1".into() }
//! #   fn choose(&mut self, _: &Nim) -> SearchReport<u8> { SearchReport::just(1, SearchStats::default()) } }
//! let a = factory(|_seed| Box::new(Take1) as Box<dyn Strategy<Nim>>);
//! let b = a.clone();
//! let cfg = MatchConfig { games: 10, openings: Openings::Random { plies: 1 }, seed: 7,
//!                         sprt: Some("0,10".parse::<SprtConfig>()?), ..MatchConfig::new(10) };
//! let report = run_match(&a, &b, &cfg, &|_progress| {})?;
//! assert_eq!(report.games, 10);
//! println!("{report}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod adjudicate;
pub mod clock;
pub mod config;
pub mod error;
pub mod gsprt;
pub mod journal;
pub mod opening;
pub mod play;
pub mod player;
pub mod report;
pub mod runner;
pub mod sprt;
pub mod stats;
pub mod strategy_match;
pub mod tally;
pub mod tune;

pub use adjudicate::{ResignRule, ResignRuleError, ResignWatch};
pub use clock::{Clock, ClockOptions, ClockOptionsError, TimeControl};
pub use config::{
    MatchConfig, MatchJournal, MatchProgress, Openings, PlayerFactory, Side, factory, opening_seed,
    player_seed, spec_factory,
};
pub use error::ArenaError;
pub use journal::{Journal, JournalError, RecordJournal};
pub use opening::{Opening, OpeningBook, OpeningId, parse_opening, random_opening};
pub use play::{
    Adjudication, Forfeit, GameEnd, GameRecord, PairRecord, PlaySettings, PlayedGame, play_game,
};
pub use player::{Answer, GameSoFar, Player, StrategyPlayer, caught, panic_message};
pub use report::{ClockedReport, EloText, MatchReport, SprtReport};
pub use runner::{PairSource, RunOutcome, Schedule, run_pairs};
pub use sprt::{EloModel, SprtConfig, SprtError, SprtResult};
pub use stats::{EloEstimate, Pentanomial, Trinomial};
pub use strategy_match::{run_clocked_match, run_clocked_match_until, run_match};
pub use tally::Tally;
