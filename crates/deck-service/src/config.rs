//! Service settings and the catalogue the service recommends from. Contract: everything a
//! request may ask (attribute names and minimums, sizes, budgets) is bounded here, as data.

use std::collections::BTreeMap;
use std::time::Duration;
use yomi_deck::Instance;
use yomi_deck::request::PieceIndex;

/// Limits and defaults of the service.
#[derive(Debug, Clone)]
pub struct ServiceConfig {
    /// Solve budget when a request names none (the published service answered in 300-500 ms).
    pub default_budget: Duration,
    /// Largest budget a request may ask for.
    pub max_budget: Duration,
    /// Largest request body accepted.
    pub max_body_bytes: usize,
    /// Deck size when a request names none.
    pub default_k: usize,
    /// Largest deck size a request may ask for.
    pub max_k: usize,
    /// Most pieces a request may require.
    pub max_must_include: usize,
    /// Solves running at once (the rest wait, their budget running).
    pub workers: usize,
    /// Seed of the local search when a request names none.
    pub seed: u64,
    /// Attribute decks a request may ask for, with their minimum piece counts; `any` and
    /// `mixed` always mean no requirement.
    pub attribute_minimums: BTreeMap<String, usize>,
}

/// Pieces of the attribute required in an attribute deck unless configured otherwise.
pub const DEFAULT_ATTRIBUTE_MINIMUM: usize = 10;

impl Default for ServiceConfig {
    fn default() -> Self {
        ServiceConfig {
            default_budget: Duration::from_millis(300),
            max_budget: Duration::from_secs(5),
            max_body_bytes: 1 << 20,
            default_k: 16,
            max_k: 64,
            max_must_include: 15,
            workers: std::thread::available_parallelism().map_or(2, |n| n.get()),
            seed: 1,
            attribute_minimums: BTreeMap::new(),
        }
    }
}

impl ServiceConfig {
    /// The default settings with one attribute deck per attribute found in `catalog`, each
    /// needing [`DEFAULT_ATTRIBUTE_MINIMUM`] pieces.
    pub fn for_catalog(catalog: &Catalog) -> Self {
        let mut config = ServiceConfig::default();
        for p in &catalog.instance.pieces {
            if !p.attribute.is_empty() {
                config
                    .attribute_minimums
                    .insert(p.attribute.clone(), DEFAULT_ATTRIBUTE_MINIMUM);
            }
        }
        config
    }
}

/// Every piece the game has, with pair scores; a request picks the owned ones.
#[derive(Debug)]
pub struct Catalog {
    /// Pieces, pair scores and leader-side pair scores (its request is not used).
    pub instance: Instance,
    /// Every piece's index in `instance`, by id: what requests resolve their ids with.
    pub index: PieceIndex,
    /// Unordered pairs with a score.
    pub pairs: usize,
}

impl Catalog {
    /// Wraps a parsed instance (JSON or CSV) as the catalogue.
    pub fn new(instance: Instance) -> Self {
        let index = PieceIndex::new(&instance.pieces);
        let pairs = instance.adjacency.iter().map(Vec::len).sum::<usize>() / 2;
        Catalog {
            instance,
            index,
            pairs,
        }
    }
}
