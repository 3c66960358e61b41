//! `yomi.party.Party` and `battle`: parties from the spec grammar (or random), and seeded
//! series of battles between two parties, as `yomi party battle` plays them
//! (`yomi_party::series::play_series`).
//!
//! Contract: a `Party` is always valid for its profile's data; its `spec` parses back to the
//! same party. `battle` with the same arguments gives the same result.

use super::dex;
use crate::errors::value_error;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::num::NonZeroU32;
use yomi_core::Rng;
use yomi_party::player::PlayerKind;
use yomi_party::series::{SeriesOptions, play_series};
use yomi_party::{Outcome, Party as LibParty};

/// A party of three distinct species with four distinct moves each, under a rules profile.
#[pyclass(module = "yomi.party", name = "Party", frozen)]
#[derive(Clone)]
pub struct Party {
    pub(crate) party: LibParty,
    pub(crate) profile: String,
}

impl Party {
    /// The party of `obj`: a `Party` (its profile must be `profile`) or a spec string.
    pub(crate) fn from_any(obj: &Bound<'_, PyAny>, profile: &str) -> PyResult<LibParty> {
        if let Ok(p) = obj.cast::<Party>() {
            let p = p.get();
            if p.profile != profile {
                return Err(PyValueError::new_err(format!(
                    "party of profile {:?} used under profile {profile:?}",
                    p.profile
                )));
            }
            return Ok(p.party);
        }
        let spec: String = obj.extract()?;
        LibParty::parse(dex(profile)?, &spec).map_err(value_error)
    }
}

#[pymethods]
impl Party {
    /// Parses `Species:Move/Move/Move/Move;Species:...;Species:...` (names ignore case,
    /// spaces and hyphens). With `learnset=True` a move outside its species' learnset is
    /// refused. Raises `ValueError` with the library's message for a malformed spec.
    #[new]
    #[pyo3(signature = (spec, profile = "cartridge", learnset = false))]
    fn new(spec: &str, profile: &str, learnset: bool) -> PyResult<Party> {
        let d = dex(profile)?;
        let party = LibParty::parse(d, spec).map_err(value_error)?;
        if learnset {
            party.check_learnsets(d).map_err(value_error)?;
        }
        Ok(Party {
            party,
            profile: d.profile.clone(),
        })
    }

    /// A uniformly random party drawn from `Rng(seed)` (the first random party
    /// `yomi party battle --seed SEED` draws); `learnset=True` draws moves from learnsets.
    #[staticmethod]
    #[pyo3(signature = (seed, profile = "cartridge", learnset = false))]
    fn random(seed: u64, profile: &str, learnset: bool) -> PyResult<Party> {
        let d = dex(profile)?;
        let mut rng = Rng::new(seed);
        Ok(Party {
            party: LibParty::random(d, &mut rng, learnset),
            profile: d.profile.clone(),
        })
    }

    /// The spec text, which `Party(spec)` parses back to this party.
    #[getter]
    fn spec(&self) -> PyResult<String> {
        Ok(self.party.format(dex(&self.profile)?))
    }

    /// The rules profile (`cartridge` or `pokeai2017`).
    #[getter]
    fn profile(&self) -> &str {
        &self.profile
    }

    /// The members' species names, the leader first.
    #[getter]
    fn species(&self) -> PyResult<Vec<String>> {
        let d = dex(&self.profile)?;
        Ok(self
            .party
            .members
            .iter()
            .map(|m| d.species[m.species as usize].name.clone())
            .collect())
    }

    /// Each member's four move names.
    #[getter]
    fn moves(&self) -> PyResult<Vec<Vec<String>>> {
        let d = dex(&self.profile)?;
        Ok(self
            .party
            .members
            .iter()
            .map(|m| {
                m.moves
                    .iter()
                    .map(|&x| d.moves[x as usize].name.clone())
                    .collect()
            })
            .collect())
    }

    /// Whether every member knows only moves of its learnset.
    fn respects_learnsets(&self) -> PyResult<bool> {
        Ok(self.party.respects_learnsets(dex(&self.profile)?))
    }

    fn __eq__(&self, other: &Party) -> bool {
        self.party == other.party && self.profile == other.profile
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.party.hash(&mut h);
        self.profile.hash(&mut h);
        h.finish()
    }

    fn __str__(&self) -> PyResult<String> {
        self.spec()
    }

    fn __repr__(&self) -> PyResult<String> {
        Ok(format!(
            "Party({:?}, profile={:?})",
            self.spec()?,
            self.profile
        ))
    }
}

/// `n` random parties drawn in turn from `Rng(seed)` (`yomi_party::experiment::random_parties`;
/// `yomi party battle --seed SEED` without `--a`/`--b` plays the first two).
#[pyfunction]
#[pyo3(signature = (n, seed, profile = "cartridge", learnset = false))]
pub fn random_parties(n: usize, seed: u64, profile: &str, learnset: bool) -> PyResult<Vec<Party>> {
    if n > yomi_party::dataset::MAX_PARTIES {
        return Err(PyValueError::new_err(format!(
            "n = {n} is more than {} parties",
            yomi_party::dataset::MAX_PARTIES
        )));
    }
    let d = dex(profile)?;
    Ok(yomi_party::experiment::random_parties(d, n, seed, learnset)
        .into_iter()
        .map(|party| Party {
            party,
            profile: d.profile.clone(),
        })
        .collect())
}

/// What a series of battles gave.
#[pyclass(module = "yomi.party", name = "BattleResult", frozen, get_all)]
pub struct BattleResult {
    /// Games the first party won.
    pub wins_a: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games the second party won.
    pub wins_b: u32,
    /// The first game's winner: `"a"`, `"b"` or `"draw"`.
    pub first_winner: &'static str,
    /// Turns of the first game.
    pub first_turns: u32,
    /// The first game's turn-by-turn log (empty unless `log=True`).
    pub log: Vec<String>,
}

#[pymethods]
impl BattleResult {
    fn __repr__(&self) -> String {
        format!(
            "BattleResult(wins_a={}, draws={}, wins_b={}, first_winner='{}', first_turns={})",
            self.wins_a, self.draws, self.wins_b, self.first_winner, self.first_turns
        )
    }
}

fn player_kind(name: &str) -> PyResult<PlayerKind> {
    match name {
        "random" => Ok(PlayerKind::Random),
        "greedy" => Ok(PlayerKind::Greedy),
        _ => Err(PyValueError::new_err(format!(
            "unknown player {name:?} (use random or greedy)"
        ))),
    }
}

/// Plays `games` battles of party `a` (side 0) against `b`, as `yomi party battle`: game
/// `g` is seeded with `derive_seed(seed, g + 1)`; players are `"random"` or `"greedy"`.
/// `a` and `b` are `Party` objects or spec strings.
#[pyfunction]
#[pyo3(signature = (a, b, seed = 1, games = 1, player_a = "random", player_b = "random", log = false, profile = "cartridge"))]
#[allow(clippy::too_many_arguments)]
pub fn battle(
    py: Python<'_>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    seed: u64,
    games: u32,
    player_a: &str,
    player_b: &str,
    log: bool,
    profile: &str,
) -> PyResult<BattleResult> {
    let d = dex(profile)?;
    let (pa, pb) = (Party::from_any(a, profile)?, Party::from_any(b, profile)?);
    let games =
        NonZeroU32::new(games).ok_or_else(|| PyValueError::new_err("games must be at least 1"))?;
    let opts = SeriesOptions {
        games,
        seed,
        players: [player_kind(player_a)?, player_kind(player_b)?],
        log_first: log,
    };
    let series = py.detach(move || play_series(d, &pa, &pb, &opts));
    Ok(BattleResult {
        wins_a: series.wins_a,
        draws: series.draws,
        wins_b: series.wins_b,
        first_winner: match series.first {
            Outcome::Win(0) => "a",
            Outcome::Win(_) => "b",
            Outcome::Draw => "draw",
        },
        first_turns: series.first_turns,
        log: series.log,
    })
}
