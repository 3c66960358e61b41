//! The battle's source of random numbers, picked by the rules profile.
//!
//! Contract: [`BattleRng::below`]`(n)` is uniform on `0..n`. For
//! [`BattleRngKind::PerGame`] and [`BattleRngKind::Shared`] it is exactly
//! yomi's xoshiro `Rng::below` (so the cartridge stream is unchanged); for
//! [`BattleRngKind::PythonRandom`] it is Python's `randint(0, n - 1)` on
//! `random.Random(seed)`. Held inline (no heap), like the rest of the
//! battle state; the seeded Python state is copied from a per-thread cache,
//! since every 2017 battle starts from the same one.

use super::pyrandom::PyRandom;
use crate::rules::BattleRngKind;
use std::cell::RefCell;
use yomi_core::Rng;

thread_local! {
    static LAST_PYTHON_SEED: RefCell<Option<(u64, PyRandom)>> = const { RefCell::new(None) };
}

/// `PyRandom::new(seed)`, reusing the last seeded state of this thread.
fn seeded_python(seed: u64) -> PyRandom {
    LAST_PYTHON_SEED.with(|cache| {
        let mut cache = cache.borrow_mut();
        match &*cache {
            Some((s, r)) if *s == seed => r.clone(),
            _ => {
                let r = PyRandom::new(seed).primed();
                *cache = Some((seed, r.clone()));
                r
            }
        }
    })
}

/// A battle's random-number generator.
// The Python state (2.5 KB) stays inline rather than boxed: the battle promises
// no heap allocation per battle.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum BattleRng {
    /// yomi's xoshiro generator.
    Xoshiro(Rng),
    /// CPython's Mersenne Twister.
    Python(PyRandom),
}

impl BattleRng {
    /// The generator `kind` gives a game whose own seed is `game_seed`.
    pub fn new(kind: BattleRngKind, game_seed: u64) -> BattleRng {
        match kind {
            BattleRngKind::PerGame => BattleRng::Xoshiro(Rng::new(game_seed)),
            BattleRngKind::Shared(s) => BattleRng::Xoshiro(Rng::new(s)),
            BattleRngKind::PythonRandom(s) => BattleRng::Python(seeded_python(s)),
        }
    }

    /// A uniform integer in `0..n` (`n >= 1`).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        match self {
            BattleRng::Xoshiro(r) => r.below(n),
            BattleRng::Python(r) => r.below(n),
        }
    }
}
