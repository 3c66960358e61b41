//! yomi-deck: choose K pieces maximizing pair (and per-piece) scores under cost, group,
//! attribute, must-include and leader constraints. Contract: every solver returns a deck that
//! `model::check` accepts whenever it reports `feasible`; parsers never panic on bad input.
//!
//! Read an instance, solve it, and check the deck with the independent checker:
//!
//! ```
//! use std::time::Duration;
//! use yomi_deck::formats::parse_json;
//! use yomi_deck::report::Report;
//! use yomi_deck::solve::{exact, greedy, vds};
//! use yomi_deck::{Deck, check};
//!
//! // Two pieces under a cost cap of 10. The best pair, a+c (6), costs 11: a solver that
//! // forgot the cap would pick it; the best deck within the cap is c+d (5).
//! let inst = parse_json(r#"{
//!   "pieces": [{"id": "a", "cost": 5}, {"id": "b", "cost": 5},
//!              {"id": "c", "cost": 6}, {"id": "d", "cost": 4}],
//!   "pairs": [{"a": "a", "b": "b", "score": 3}, {"a": "c", "b": "d", "score": 5},
//!             {"a": "a", "b": "c", "score": 6}],
//!   "request": {"k": 2, "cost_cap": 10}
//! }"#)?;
//!
//! let opts = exact::ExactOptions { time_limit: Duration::from_secs(5),
//!                                  warm_start: Duration::from_millis(10),
//!                                  ..Default::default() };
//! let best = exact::solve(&inst, &opts);
//! assert!(best.feasible && best.proven_optimal);
//! assert_eq!(best.objective, 5.0);
//! let id = |i: usize| inst.pieces[i].id.as_str();
//! let mut ids: Vec<&str> = best.deck.selected.iter().map(|&i| id(i)).collect();
//! ids.sort();
//! assert_eq!(ids, ["c", "d"]);
//!
//! // The local search and the greedy baseline answer through the same checker.
//! let quick = vds::solve(&inst, &vds::VdsOptions { time_limit: Duration::from_millis(20),
//!                                                  max_restarts: Some(5), ..Default::default() });
//! assert_eq!(quick.objective, 5.0);
//! assert!(greedy::solve(&inst).feasible);
//! // a+c breaks the cap, and the checker says so.
//! assert!(check(&inst, &Deck { selected: vec![0, 2], leader: None }).is_err());
//! println!("{}", Report::new(&inst, &best));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

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

/// `text` in double quotes as every message of this crate quotes an id, a token or a value
/// the user gave: cut to a readable length by [`yomi_core::text::excerpt`].
pub(crate) fn quoted(text: &str) -> String {
    format!("\"{}\"", yomi_core::text::excerpt(text))
}
pub use model::{Deck, Instance, Objective, Piece, Request, Violation, check};
