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
pub mod verify;

pub use battle::{Battle, Outcome};
pub use data::Dex;
pub use error::PartyError;
pub use party::Party;
