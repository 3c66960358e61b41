//! Party search on the fitted model: steepest-ascent hill climbing where a
//! step changes one member's species or one move, from many random starts.
//!
//! Contract: deterministic for a seed (start `i` uses `derive_seed(seed, i)`,
//! results merged in start order); returns distinct local optima (members
//! and moves compared as sets) best first. Learnset mode only visits parties
//! whose members know their moves.

use crate::data::Dex;
use yomi_core::limits::Bounds;

/// The starts `yomi party search --starts` accepts: every start's local optimum is kept
/// until the duplicates are merged, so the count sizes memory (a million hill climbs is
/// already days of work).
pub const STARTS: Bounds = Bounds::new("starts", 1, 1_000_000);
use crate::features::Features;
use crate::model::Model;
use crate::party::{MOVES, PARTY_SIZE, Party};
use rayon::prelude::*;
use yomi_core::Rng;
use yomi_core::rng::derive_seed;

/// A party with its predicted score.
#[derive(Clone, Debug)]
pub struct Found {
    /// The party.
    pub party: Party,
    /// Model prediction.
    pub predicted: f64,
    /// Hill-climbing steps taken from the start.
    pub steps: usize,
}

/// Members sorted by species and moves sorted, so equal sets compare equal.
pub fn canonical(p: &Party) -> Party {
    let mut q = *p;
    for m in q.members.iter_mut() {
        m.moves.sort_unstable();
    }
    q.members.sort_by_key(|m| m.species);
    q
}

fn neighbours(dex: &Dex, p: &Party, learnset: bool, out: &mut Vec<Party>) {
    out.clear();
    let in_party = |s: u8| p.members.iter().any(|m| m.species == s);
    for i in 0..PARTY_SIZE {
        let m = p.members[i];
        for s in 0..dex.species.len() as u8 {
            if in_party(s) {
                continue;
            }
            if learnset
                && !m
                    .moves
                    .iter()
                    .all(|x| dex.species[s as usize].learnset.contains(x))
            {
                continue;
            }
            let mut q = *p;
            q.members[i].species = s;
            out.push(q);
        }
        for j in 0..MOVES {
            for x in 0..dex.n_selectable as u8 {
                if m.moves.contains(&x)
                    || (learnset && !dex.species[m.species as usize].learnset.contains(&x))
                {
                    continue;
                }
                let mut q = *p;
                q.members[i].moves[j] = x;
                out.push(q);
            }
        }
    }
}

/// Climbs from `start` until no neighbour improves the prediction.
pub fn climb(dex: &Dex, feats: &Features, model: &Model, start: Party, learnset: bool) -> Found {
    let mut cur = start;
    let mut val = model.predict(feats, &cur);
    let mut buf = Vec::new();
    let mut steps = 0;
    loop {
        neighbours(dex, &cur, learnset, &mut buf);
        let mut best = (val, None);
        for q in &buf {
            let v = model.predict(feats, q);
            if v > best.0 + 1e-12 {
                best = (v, Some(*q));
            }
        }
        match best.1 {
            Some(q) => {
                cur = q;
                val = best.0;
                steps += 1;
            }
            None => {
                return Found {
                    party: cur,
                    predicted: val,
                    steps,
                };
            }
        }
    }
}

/// Hill climbing from `starts` random parties; distinct optima, best first.
pub fn search(dex: &Dex, model: &Model, starts: usize, seed: u64, learnset: bool) -> Vec<Found> {
    let feats = Features::new(dex);
    let found: Vec<Found> = (0..starts)
        .into_par_iter()
        .map(|i| {
            let mut rng = Rng::new(derive_seed(seed, i as u64));
            climb(
                dex,
                &feats,
                model,
                Party::random(dex, &mut rng, learnset),
                learnset,
            )
        })
        .collect();
    let mut out: Vec<Found> = Vec::new();
    for f in found {
        let c = canonical(&f.party);
        if !out.iter().any(|g| canonical(&g.party) == c) {
            out.push(f);
        }
    }
    out.sort_by(|a, b| b.predicted.total_cmp(&a.predicted));
    out
}
