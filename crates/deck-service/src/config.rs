//! Service settings and the catalogue the service recommends from. Contract: everything a
//! request may ask (attribute names and minimums, sizes, budgets) is bounded here, as data,
//! and [`ServiceConfig::validate`] refuses settings no request could live with (an attribute
//! deck the catalogue cannot fill, a default budget over the maximum) before the service
//! starts, instead of answering every such request 422.

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
    /// How long a client may take to send a request's head, and then its body: a connection
    /// whose head has not arrived by then is closed, a body that has not is answered 408.
    pub read_timeout: Duration,
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
            read_timeout: Duration::from_secs(10),
        }
    }
}

/// A setting no request could be served under, found before the service starts.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// An attribute deck whose minimum the catalogue cannot meet.
    #[error(
        "attribute minimum {name}:{minimum}: {why}, so every {name} deck request would be refused"
    )]
    Attribute {
        /// The attribute.
        name: String,
        /// The minimum asked for.
        minimum: usize,
        /// What makes it impossible.
        why: String,
    },
    /// The default budget is zero or over the largest budget.
    #[error(
        "the default budget {default:?} must be above zero and at most the maximum budget {max:?}"
    )]
    Budget {
        /// The default budget.
        default: Duration,
        /// The largest budget a request may ask for.
        max: Duration,
    },
    /// No solve could ever run.
    #[error("workers must be at least 1")]
    NoWorkers,
    /// No request could ever be read.
    #[error("the read timeout must be above zero")]
    NoReadTimeout,
}

impl ServiceConfig {
    /// The default settings with one attribute deck per attribute found in `catalog`, each
    /// needing [`DEFAULT_ATTRIBUTE_MINIMUM`] pieces, or as many as one deck can hold from the
    /// catalogue when that is fewer ([`Catalog::attribute_capacity`]).
    pub fn for_catalog(catalog: &Catalog) -> Self {
        let mut config = ServiceConfig::default();
        for p in &catalog.instance.pieces {
            if !p.attribute.is_empty() && !config.attribute_minimums.contains_key(&p.attribute) {
                let most = catalog.attribute_capacity(&p.attribute).min(config.max_k);
                config
                    .attribute_minimums
                    .insert(p.attribute.clone(), DEFAULT_ATTRIBUTE_MINIMUM.min(most));
            }
        }
        config
    }

    /// Refuses settings under which some kind of request could never be served: an attribute
    /// minimum the catalogue cannot meet (too few pieces of the attribute, counting one per
    /// group, or more than the largest deck), a default budget of zero or over the maximum, no
    /// workers, no read time.
    pub fn validate(&self, catalog: &Catalog) -> Result<(), ConfigError> {
        if self.default_budget.is_zero() || self.default_budget > self.max_budget {
            return Err(ConfigError::Budget {
                default: self.default_budget,
                max: self.max_budget,
            });
        }
        if self.workers == 0 {
            return Err(ConfigError::NoWorkers);
        }
        if self.read_timeout.is_zero() {
            return Err(ConfigError::NoReadTimeout);
        }
        for (name, &minimum) in &self.attribute_minimums {
            let capacity = catalog.attribute_capacity(name);
            let why = if minimum > self.max_k {
                format!("a deck holds at most {} pieces", self.max_k)
            } else if minimum <= capacity {
                continue;
            } else if capacity == 0 {
                "the catalogue has no piece of that attribute".to_string()
            } else {
                format!(
                    "a deck can hold at most {capacity} {name} pieces of this catalogue (one per group)"
                )
            };
            return Err(ConfigError::Attribute {
                name: name.clone(),
                minimum,
                why,
            });
        }
        Ok(())
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
    /// Most pieces of `attribute` one deck can hold from the catalogue: the pieces of that
    /// attribute, counting one per group (the service's decks hold one form of each piece).
    pub fn attribute_capacity(&self, attribute: &str) -> usize {
        let inst = &self.instance;
        let groups: std::collections::HashSet<usize> = (0..inst.pieces.len())
            .filter(|&i| inst.pieces[i].attribute == attribute)
            .map(|i| inst.group_of[i])
            .collect();
        groups.len()
    }

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
