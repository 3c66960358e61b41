//! Parties checked by simulation (`yomi party search`): a party's model prediction beside
//! its simulated score against the dataset's own opponents and against fresh random ones.
//!
//! Contract: the opponents are the dataset's ([`crate::experiment::opponents`] of its
//! [`Meta`]); the fresh ones are drawn from `derive_seed(seed, 1_000_003)`; party `index`'s
//! games use streams `derive_seed(seed, 77)` (dataset opponents) and `derive_seed(seed, 78)`
//! (fresh ones), so a verification is a function of the seed and the index.

use crate::data::Dex;
use crate::dataset::Meta;
use crate::experiment;
use crate::features::Features;
use crate::model::Model;
use crate::party::Party;
use yomi_core::rng::derive_seed;

/// A party with its prediction and simulated scores.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Verified {
    /// The party, as a party spec.
    pub party: String,
    /// The model's prediction.
    pub predicted: f64,
    /// Its score in the dataset (for a party of the dataset).
    pub dataset_score: Option<f64>,
    /// Simulated score against the dataset's opponents.
    pub simulated_vs_dataset_opponents: f64,
    /// Simulated score against fresh random opponents.
    pub simulated_vs_fresh_opponents: f64,
}

/// Checks parties against one dataset's opponents and fresh ones.
pub struct Verifier<'a> {
    dex: &'a Dex,
    model: &'a Model,
    feats: &'a Features,
    opponents: Vec<Party>,
    fresh: Vec<Party>,
    games: usize,
    stream: u64,
    fresh_stream: u64,
}

impl<'a> Verifier<'a> {
    /// A verifier for the dataset described by `meta`, playing `games` games against each
    /// opponent, seeded by `seed`.
    pub fn new(
        dex: &'a Dex,
        model: &'a Model,
        feats: &'a Features,
        meta: &Meta,
        seed: u64,
        games: usize,
    ) -> Verifier<'a> {
        Verifier {
            dex,
            model,
            feats,
            opponents: experiment::opponents(dex, &meta.config()),
            fresh: experiment::random_parties(
                dex,
                meta.opponents,
                derive_seed(seed, 1_000_003),
                meta.learnset,
            ),
            games,
            stream: derive_seed(seed, 77),
            fresh_stream: derive_seed(seed, 78),
        }
    }

    /// Party `index`'s prediction and simulated scores; `dataset_score` is carried along.
    pub fn verify(&self, party: &Party, index: u64, dataset_score: Option<f64>) -> Verified {
        Verified {
            party: party.format(self.dex),
            predicted: self.model.predict(self.feats, party),
            dataset_score,
            simulated_vs_dataset_opponents: experiment::score(
                self.dex,
                party,
                &self.opponents,
                self.games,
                self.stream,
                index,
            ),
            simulated_vs_fresh_opponents: experiment::score(
                self.dex,
                party,
                &self.fresh,
                self.games,
                self.fresh_stream,
                index,
            ),
        }
    }
}
