//! One recommendation, independent of HTTP: validate the request body against the catalogue
//! and the limits, build the owned pieces' sub-problem, and solve it under the time budget.
//! Contract: `plan` rejects every bad value with the field at fault before any solving;
//! `Plan::solve` answers a deck the independent checker accepted, or the reasons none exists.

use crate::config::{Catalog, ServiceConfig};
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};
use yomi_deck::model::{AttributeRequirement, LeaderRule, Request};
use yomi_deck::request::RequestError;
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
    /// Piece id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Cost.
    pub cost: i64,
    /// Attribute.
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
    /// The cap asked for.
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

/// Validates `body` and builds the sub-problem of the owned pieces.
pub fn plan(
    catalog: &Catalog,
    config: &ServiceConfig,
    body: &RecommendRequest,
    received: Instant,
) -> Result<Plan, RecommendError> {
    let n = catalog.instance.pieces.len();
    let k = body.k.unwrap_or(config.default_k);
    if k == 0 || k > config.max_k {
        return Err(invalid(
            "k",
            format!("must be 1..={}, got {k}", config.max_k),
        ));
    }
    if let Some(cap) = body.cost_cap
        && cap < 0
    {
        return Err(invalid("cost_cap", format!("must be >= 0, got {cap}")));
    }
    let budget = match body.time_ms {
        None => config.default_budget,
        Some(ms) if ms >= 1 && u128::from(ms) <= config.max_budget.as_millis() => {
            Duration::from_millis(ms)
        }
        Some(ms) => {
            let max = config.max_budget.as_millis();
            return Err(invalid("time_ms", format!("must be 1..={max}, got {ms}")));
        }
    };
    let limit = config.max_must_include.min(k);
    if body.must_include.len() > limit {
        return Err(invalid(
            "must_include",
            format!("at most {limit} pieces, got {}", body.must_include.len()),
        ));
    }
    let attributes = match body.attribute.as_deref() {
        None | Some("any") | Some("mixed") => Vec::new(),
        Some(name) => match config.attribute_minimums.get(name) {
            Some(&minimum) => vec![AttributeRequirement {
                name: name.to_string(),
                minimum,
            }],
            None => {
                let known: Vec<&str> = config
                    .attribute_minimums
                    .keys()
                    .map(String::as_str)
                    .collect();
                return Err(invalid(
                    "attribute",
                    format!(
                        "unknown attribute {name:?} (known: any, mixed, {})",
                        known.join(", ")
                    ),
                ));
            }
        },
    };
    let resolve = |id: &str, field: String| {
        catalog
            .index
            .get(id)
            .copied()
            .ok_or_else(|| invalid(&field, format!("unknown piece id {id:?}")))
    };
    // Catalogue index -> sub-problem index (usize::MAX: not owned).
    let mut position = vec![usize::MAX; n];
    let keep: Vec<usize> = match &body.owned {
        None => (0..n).collect(),
        Some(ids) => {
            let mut keep = Vec::with_capacity(ids.len());
            for (i, id) in ids.iter().enumerate() {
                let c = resolve(id, format!("owned[{i}]"))?;
                if position[c] != usize::MAX {
                    return Err(invalid(
                        &format!("owned[{i}]"),
                        format!("{id:?} is listed twice"),
                    ));
                }
                position[c] = keep.len();
                keep.push(c);
            }
            keep
        }
    };
    if body.owned.is_none() {
        position.iter_mut().enumerate().for_each(|(i, p)| *p = i);
    }
    let owned = |id: &str, field: String| {
        let c = resolve(id, field.clone())?;
        match position[c] {
            usize::MAX => Err(invalid(
                &field,
                format!("{id:?} is not among the owned pieces"),
            )),
            p => Ok(p),
        }
    };
    let mut must_include = Vec::with_capacity(body.must_include.len());
    for (i, id) in body.must_include.iter().enumerate() {
        let p = owned(id, format!("must_include[{i}]"))?;
        if must_include.contains(&p) {
            return Err(invalid(
                &format!("must_include[{i}]"),
                format!("{id:?} is listed twice"),
            ));
        }
        must_include.push(p);
    }
    let any_leader = catalog.instance.pieces.iter().any(|p| p.leader_eligible);
    let leader = match &body.leader {
        Some(id) => {
            let p = owned(id, "leader".into())?;
            if !catalog.instance.pieces[keep[p]].leader_eligible {
                return Err(invalid("leader", format!("{id:?} cannot lead a deck")));
            }
            LeaderRule::Fixed(p)
        }
        None if any_leader => LeaderRule::Chosen,
        None => LeaderRule::None,
    };
    let request = Request {
        k: Some(k),
        cost_cap: body.cost_cap,
        attributes,
        must_include,
        leader,
        group_limit: 1,
    };
    let instance = catalog.instance.subset(&keep, request);
    let reasons = diagnose(&instance);
    if !reasons.is_empty() {
        return Err(RecommendError::Infeasible(
            reasons.iter().map(ToString::to_string).collect(),
        ));
    }
    Ok(Plan {
        instance,
        keep,
        received,
        budget,
        seed: body.seed.unwrap_or(config.seed),
    })
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
