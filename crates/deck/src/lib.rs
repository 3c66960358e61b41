//! yomi-deck: choose K pieces maximizing pair (and per-piece) scores under cost, group,
//! attribute, must-include and leader constraints. Contract: every solver returns a deck that
//! `model::check` accepts whenever it reports `feasible`; parsers never panic on bad input.

pub mod bench;
pub mod diagnose;
pub mod formats;
pub mod generate;
pub mod literature;
pub mod load;
pub mod model;
pub mod report;
pub mod request;
pub mod solve;
pub mod tables;

pub use diagnose::{Infeasibility, diagnose};
pub use model::{Deck, Instance, Objective, Piece, Request, Violation, check};
