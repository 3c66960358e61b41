//! Synthetic deck instances shaped like a real game's catalogue, for tests and benchmarks.
//! Contract: `generate` is a pure function of its options (same seed, same instance) and runs
//! in O(n · partners), so catalogues of tens of thousands of pieces take milliseconds.
//!
//! Shape: pieces come in groups of 1-3 identical forms (same attribute, similar cost, the same
//! pair scores); costs 5-30; three attributes; about a quarter may lead; a sparse background of
//! weak pair scores; and a few strong themes: sets of 20-40 groups, mostly of one attribute,
//! that score highly together, as association analysis of real decks finds.

use crate::model::{AttributeRequirement, Instance, LeaderRule, Piece, Request};
use yomi_core::Rng;
use yomi_core::limits::{Bounds, LimitError};

/// Attribute names of generated pieces.
pub const ATTRIBUTES: [&str; 3] = ["god", "demon", "dragon"];

/// Generator settings.
#[derive(Debug, Clone)]
pub struct GenerateOptions {
    /// Number of pieces (M).
    pub pieces: usize,
    /// Seed of the generator's random numbers: the same seed gives the same instance.
    pub seed: u64,
    /// Deck size of the default request.
    pub k: usize,
    /// Cost cap as a fraction of `k` times the mean cost (below 1 makes the cap bind).
    pub cap_ratio: f64,
    /// Number of themes; `None` = one per 400 pieces, at least 3.
    pub themes: Option<usize>,
    /// Weak background partners per group.
    pub background_partners: usize,
    /// Attribute minimum of the default request, e.g. ("god", 10).
    pub attribute: Option<(String, usize)>,
}

impl Default for GenerateOptions {
    fn default() -> Self {
        GenerateOptions {
            pieces: 2000,
            seed: 1,
            k: 16,
            cap_ratio: 0.85,
            themes: None,
            background_partners: 8,
            attribute: None,
        }
    }
}

/// The most pieces [`GenerateOptions::validate`] accepts.
pub const MAX_PIECES: usize = 5_000_000;

/// The themes `--themes` and [`GenerateOptions::validate`] accept: up to as many as the
/// largest catalogue gets by default (one per 400 of [`MAX_PIECES`]); each theme adds a few
/// thousand pair scores, so an unbounded count would never finish.
pub const THEMES: Bounds = Bounds::new("themes", 0, (MAX_PIECES / 400) as u64);

/// Settings [`GenerateOptions::validate`] refuses (the messages name the command line's flags).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// No pieces, or more than [`MAX_PIECES`].
    #[error("--pieces must be between 1 and 5000000, got {0}")]
    Pieces(usize),
    /// A deck of no pieces.
    #[error("--k must be at least 1")]
    DeckSize,
    /// More themes than [`THEMES`] allows.
    #[error("--themes: {0}")]
    Themes(LimitError),
    /// An attribute generated pieces never have.
    #[error("unknown attribute {}: generated pieces are god, demon, dragon", crate::quoted(.0))]
    UnknownAttribute(String),
}

impl GenerateOptions {
    /// Themes [`generate`] makes: [`GenerateOptions::themes`], or one per 400 pieces and at
    /// least 3.
    pub fn theme_count(&self) -> usize {
        self.themes.unwrap_or((self.pieces / 400).max(3))
    }

    /// Checks the settings a user chooses: 1..=[`MAX_PIECES`] pieces, a deck of at least one
    /// piece, at most [`THEMES`] themes, an attribute among [`ATTRIBUTES`].
    pub fn validate(&self) -> Result<(), GenerateError> {
        if self.pieces == 0 || self.pieces > MAX_PIECES {
            return Err(GenerateError::Pieces(self.pieces));
        }
        if self.k == 0 {
            return Err(GenerateError::DeckSize);
        }
        if let Some(t) = self.themes {
            THEMES
                .check::<usize>(t as u64)
                .map_err(GenerateError::Themes)?;
        }
        if let Some((name, _)) = &self.attribute
            && !ATTRIBUTES.contains(&name.as_str())
        {
            return Err(GenerateError::UnknownAttribute(name.clone()));
        }
        Ok(())
    }
}

/// Generates an instance (see the module comment for its shape).
pub fn generate(opts: &GenerateOptions) -> Instance {
    let mut rng = Rng::new(opts.seed);
    let n = opts.pieces;
    // Groups of identical forms.
    let mut members: Vec<Vec<usize>> = Vec::new();
    let mut pieces = Vec::with_capacity(n);
    while pieces.len() < n {
        let size = match rng.below(10) {
            0..=5 => 1,
            6..=8 => 2,
            _ => 3,
        }
        .min(n - pieces.len());
        let attribute = ATTRIBUTES[rng.below(3)];
        let base_cost = 5 + rng.below(26) as i64;
        let g = members.len();
        let mut list = Vec::with_capacity(size);
        for form in 0..size {
            let i = pieces.len();
            let cost = (base_cost + rng.below(5) as i64 - 2).clamp(5, 30);
            pieces.push(Piece {
                id: format!("p{i}"),
                name: format!("{attribute} {g}{}", ["", "+", "++"][form]),
                cost,
                attribute: attribute.to_string(),
                group: (size > 1).then(|| format!("g{g}")),
                leader_eligible: rng.below(4) == 0,
                score: if rng.below(5) == 0 {
                    (1 + rng.below(10)) as f64
                } else {
                    0.0
                },
            });
            list.push(i);
        }
        members.push(list);
    }
    let groups = members.len();
    let mut group_pairs: Vec<(usize, usize, f64)> = Vec::new();
    if groups > 1 {
        for a in 0..groups {
            for _ in 0..opts.background_partners {
                let b = rng.below(groups);
                if b != a {
                    group_pairs.push((a, b, (1 + rng.below(10)) as f64));
                }
            }
        }
    }
    let themes = opts.theme_count();
    let group_attr = |g: usize, pieces: &[Piece]| pieces[members[g][0]].attribute.clone();
    for _ in 0..themes {
        if groups < 2 {
            break;
        }
        let size = (20 + rng.below(21)).min(groups);
        let strength = 0.6 + 0.8 * rng.unit();
        let favourite = ATTRIBUTES[rng.below(3)];
        let mut theme: Vec<usize> = Vec::with_capacity(size);
        let mut tries = 0;
        while theme.len() < size && tries < 50 * size {
            tries += 1;
            let g = rng.below(groups);
            // Mostly one attribute, as real themed decks are.
            let fits = group_attr(g, &pieces) == favourite || rng.below(10) < 3;
            if fits && !theme.contains(&g) {
                theme.push(g);
            }
        }
        for x in 0..theme.len() {
            for y in x + 1..theme.len() {
                if rng.below(2) == 0 {
                    let s = ((15 + rng.below(26)) as f64 * strength).round();
                    group_pairs.push((theme[x], theme[y], s));
                }
            }
        }
    }
    let mut pairs = Vec::with_capacity(group_pairs.len() * 2);
    for &(a, b, s) in &group_pairs {
        for &i in &members[a] {
            for &j in &members[b] {
                pairs.push((i, j, s));
            }
        }
    }
    let mean_cost = pieces.iter().map(|p| p.cost as f64).sum::<f64>() / n.max(1) as f64;
    let request = Request {
        k: Some(opts.k),
        cost_cap: Some((opts.k as f64 * mean_cost * opts.cap_ratio).round() as i64),
        attributes: opts
            .attribute
            .iter()
            .map(|(name, minimum)| AttributeRequirement {
                name: name.clone(),
                minimum: *minimum,
            })
            .collect(),
        must_include: Vec::new(),
        leader: LeaderRule::Chosen,
        group_limit: 1,
    };
    Instance::new(pieces, &pairs, request)
}
