//! `yomi-party`: which Pokémon parties are strong, learned from random battles.
//!
//! The pipeline of the PokéAI 2017 party experiment, rebuilt:
//! a Generation-1 3-vs-3 battle simulator ([`battle`]) driven by data
//! ([`data`], `data/gen1.json`) under two rules profiles (cartridge-faithful
//! and the 2017 simulator's simplifications); random parties ([`party`])
//! playing random battles ([`experiment`]); binary pair-relation features
//! ([`features`]); ridge regression with exact leave-one-out cross-validation
//! ([`ridge`]); and hill-climbing party search on the fitted model ([`search`]), its finds
//! checked by simulation ([`verify`]). [`dataset`] runs the experiment resumably and writes
//! it to disk ([`io`]); [`series`] plays two given parties against each other.
//!
//! Everything random takes a seed; the same seed gives the same result.
//!
//! Two parties from the spec grammar, and a seeded series of battles between them:
//!
//! ```
//! use std::num::NonZeroU32;
//! use yomi_party::player::PlayerKind;
//! use yomi_party::series::{SeriesOptions, play_series};
//! use yomi_party::{Dex, Outcome, Party};
//!
//! let dex = Dex::load("cartridge")?; // the built-in data under cartridge rules
//! let strong = Party::parse(&dex, "Gengar:Psychic/Thunderbolt/Toxic/Confuse Ray;\
//!     Jynx:Blizzard/Psychic/Lovely Kiss/Reflect;\
//!     Tauros:Body Slam/Hyper Beam/Blizzard/Thunderbolt")?;
//! // Names ignore case, spaces and hyphens; the text form parses back to the same party.
//! let harmless = Party::parse(&dex, "starmie:splash/reflect/double-team/recover;\
//!     lapras:splash/reflect/double team/recover;jolteon:splash/reflect/doubleteam/recover")?;
//! assert_eq!(Party::parse(&dex, &harmless.format(&dex))?, harmless);
//!
//! let opts = SeriesOptions { games: NonZeroU32::new(20).unwrap(), seed: 7,
//!                            players: [PlayerKind::Greedy, PlayerKind::Random], log_first: true };
//! let series = play_series(&dex, &strong, &harmless, &opts);
//! // A party without a damaging move wins nothing: it hurts only by Struggle, once out of PP.
//! assert_eq!((series.wins_a, series.draws, series.wins_b), (20, 0, 0));
//! assert_eq!(series.first, Outcome::Win(0));
//! // The first battle's log, turn by turn, ends with the verdict.
//! assert!(series.log.last().is_some_and(|line| line.starts_with("side 1 wins after")));
//! assert_eq!(play_series(&dex, &strong, &harmless, &opts), series); // a function of its seed
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod battle;
pub mod data;
pub mod dataset;
pub mod error;
pub mod experiment;
pub mod features;
pub mod io;
pub mod model;
pub mod npz;
pub mod party;
pub mod player;
pub mod ridge;
pub mod rules;
pub mod search;
pub mod series;
pub mod split;
pub mod verify;

pub use battle::{Battle, Outcome};
pub use data::Dex;
pub use error::PartyError;
pub use party::Party;
