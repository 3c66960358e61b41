//! One recommendation, independent of HTTP: validate the request body against the catalogue
//! and the limits, build the owned pieces' sub-problem, and solve it under the time budget.
//! Contract: `plan` rejects every bad value with the field at fault before any solving;
//! `Plan::solve` answers a deck the independent checker accepted, or the reasons none exists.

use crate::config::{Catalog, ServiceConfig};
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};
use yomi_deck::model::{AttributeRequirement, Request};
use yomi_deck::request::{LeaderSpec, Limits, Owned, PieceRequest, RequestError, Scope};
use yomi_deck::solve::vds;
use yomi_deck::{Instance, diagnose};

/// The body of `POST /recommend`.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RecommendRequest {
    /// Ids of the pieces the player owns; the whole catalogue when absent.
    #[serde(default)]
    pub owned: Option<Vec<String>>,
    /// Ids the deck must contain (owned pieces).
    #[serde(default)]
    pub must_include: Vec<String>,
    /// `god`, `demon`, ... (see `GET /health`), or `any`/`mixed` for no requirement.
    #[serde(default)]
    pub attribute: Option<String>,
    /// Total cost allowed; no cap when absent.
    #[serde(default)]
    pub cost_cap: Option<i64>,
    /// Deck size (default 16).
    #[serde(default)]
    pub k: Option<usize>,
    /// Leader id; the solver chooses among eligible pieces when absent.
    #[serde(default)]
    pub leader: Option<String>,
    /// Time budget in milliseconds (default 300).
    #[serde(default)]
    pub time_ms: Option<u64>,
    /// Local-search seed.
    #[serde(default)]
    pub seed: Option<u64>,
}

/// A piece of the answered deck.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct DeckPiece {
    /// The piece's catalogue id.
    pub id: String,
    /// The piece's name as the catalogue shows it.
    pub name: String,
    /// What the piece counts against the cost cap.
    pub cost: i64,
    /// The piece's attribute (empty when it has none).
    pub attribute: String,
    /// Whether this piece leads the deck.
    pub leader: bool,
}

/// The answer to a feasible request.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Recommendation {
    /// Piece ids, leader first.
    pub selected: Vec<String>,
    /// The pieces with their details, in the same order.
    pub deck: Vec<DeckPiece>,
    /// Leader id, when the catalogue has leaders.
    pub leader: Option<String>,
    /// Sum of pair (and per-piece) scores.
    pub objective: f64,
    /// Total cost of the deck.
    pub total_cost: i64,
    /// The cost cap the deck was built under (none when the request set none).
    pub cost_cap: Option<i64>,
    /// Always true in a recommendation (infeasible requests get an error answer).
    pub feasible: bool,
    /// Milliseconds from receiving the request to the answer (queueing included).
    pub time_ms: f64,
    /// Local-search moves applied.
    pub iterations: u64,
}

/// Why no recommendation was given.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RecommendError {
    /// A bad value: the client must change the request.
    #[error("{0}")]
    Invalid(#[from] RequestError),
    /// A valid request no deck satisfies, with the reasons.
    #[error("no deck satisfies the request: {}", .0.join("; "))]
    Infeasible(Vec<String>),
}

/// A validated request, ready to solve.
#[derive(Debug)]
pub struct Plan {
    /// The owned pieces' problem.
    pub instance: Instance,
    /// Catalogue index of each sub-problem piece.
    pub keep: Vec<usize>,
    /// When the request arrived.
    pub received: Instant,
    /// The request's time budget.
    pub budget: Duration,
    /// Local-search seed.
    pub seed: u64,
}

fn invalid(field: &str, message: impl Into<String>) -> RecommendError {
    RecommendError::Invalid(RequestError::new(field, message))
}

/// Validates `body` and builds the sub-problem of the owned pieces. What only the service
/// bounds (the time budget, the attribute decks it offers) is checked here; pieces, sizes and
/// caps are resolved by [`yomi_deck::request`], as for files and flags, under the service's
/// [`Limits`].
pub fn plan(
    catalog: &Catalog,
    config: &ServiceConfig,
    body: &RecommendRequest,
    received: Instant,
) -> Result<Plan, RecommendError> {
    let budget = budget(config, body.time_ms)?;
    let attributes = attributes(config, body.attribute.as_deref())?;
    let pieces = &catalog.instance.pieces;
    let owned = match &body.owned {
        None => Owned::all(pieces.len()),
        Some(ids) => Owned::from_ids(&catalog.index, ids, "owned")?,
    };
    let k = body.k.unwrap_or(config.default_k);
    let leader = match &body.leader {
        Some(id) => LeaderSpec::Fixed(id.clone()),
        None if pieces.iter().any(|p| p.leader_eligible) => LeaderSpec::Chosen,
        None => LeaderSpec::None,
    };
    let asked = PieceRequest {
        k: Some(k),
        cost_cap: body.cost_cap,
        attributes: Some(attributes),
        must_include: Some(body.must_include.clone()),
        leader: Some(leader),
        group_limit: Some(1),
    };
    let limits = Limits {
        max_k: Some(config.max_k),
        max_must_include: Some(config.max_must_include.min(k)),
    };
    let scope = Scope::new(pieces, &catalog.index).within(&owned);
    let request = asked.resolve(&Request::default(), scope, &limits)?;
    let instance = catalog.instance.subset(owned.keep(), request);
    let reasons = diagnose(&instance);
    if !reasons.is_empty() {
        return Err(RecommendError::Infeasible(
            reasons.iter().map(ToString::to_string).collect(),
        ));
    }
    Ok(Plan {
        instance,
        keep: owned.keep().to_vec(),
        received,
        budget,
        seed: body.seed.unwrap_or(config.seed),
    })
}

/// The request's time budget: `time_ms` within `1..=max_budget`, or the default.
fn budget(config: &ServiceConfig, time_ms: Option<u64>) -> Result<Duration, RecommendError> {
    match time_ms {
        None => Ok(config.default_budget),
        Some(ms) if ms >= 1 && u128::from(ms) <= config.max_budget.as_millis() => {
            Ok(Duration::from_millis(ms))
        }
        Some(ms) => {
            let max = config.max_budget.as_millis();
            Err(invalid("time_ms", format!("must be 1..={max}, got {ms}")))
        }
    }
}

/// The attribute deck asked for, with the minimum the service configures for it.
fn attributes(
    config: &ServiceConfig,
    attribute: Option<&str>,
) -> Result<Vec<AttributeRequirement>, RecommendError> {
    let name = match attribute {
        None | Some("any") | Some("mixed") => return Ok(Vec::new()),
        Some(name) => name,
    };
    match config.attribute_minimums.get(name) {
        Some(&minimum) => Ok(vec![AttributeRequirement {
            name: name.to_string(),
            minimum,
        }]),
        None => {
            let known: Vec<&str> = config
                .attribute_minimums
                .keys()
                .map(String::as_str)
                .collect();
            Err(invalid(
                "attribute",
                format!(
                    "unknown attribute {name:?} (known: any, mixed, {})",
                    known.join(", ")
                ),
            ))
        }
    }
}

/// Time kept back from the budget for building the answer.
const ANSWER_MARGIN: Duration = Duration::from_millis(3);
/// Least search time, even when queueing used the budget up (a deck must still be built).
const MIN_SEARCH: Duration = Duration::from_millis(5);

impl Plan {
    /// Solves within what is left of the budget.
    pub fn solve(&self) -> Result<Recommendation, RecommendError> {
        let left = self
            .budget
            .saturating_sub(self.received.elapsed())
            .saturating_sub(ANSWER_MARGIN)
            .max(MIN_SEARCH);
        let opts = vds::VdsOptions {
            seed: self.seed,
            time_limit: left,
            ..Default::default()
        };
        let sol = vds::solve(&self.instance, &opts);
        if !sol.feasible {
            return Err(RecommendError::Infeasible(vec![format!(
                "no feasible deck was found in {} ms ({})",
                left.as_millis(),
                sol.violations.join("; ")
            )]));
        }
        let inst = &self.instance;
        let mut order = sol.deck.selected.clone();
        order.sort_by_key(|&i| (Some(i) != sol.deck.leader, i));
        let deck: Vec<DeckPiece> = order
            .iter()
            .map(|&i| {
                let p = &inst.pieces[i];
                DeckPiece {
                    id: p.id.clone(),
                    name: p.name.clone(),
                    cost: p.cost,
                    attribute: p.attribute.clone(),
                    leader: Some(i) == sol.deck.leader,
                }
            })
            .collect();
        Ok(Recommendation {
            selected: deck.iter().map(|p| p.id.clone()).collect(),
            leader: sol.deck.leader.map(|l| inst.pieces[l].id.clone()),
            objective: sol.objective,
            total_cost: deck.iter().map(|p| p.cost).sum(),
            cost_cap: inst.request.cost_cap,
            feasible: true,
            time_ms: self.received.elapsed().as_secs_f64() * 1e3,
            iterations: sol.iterations,
            deck,
        })
    }
}
