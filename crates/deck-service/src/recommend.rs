//! One recommendation, independent of HTTP: validate the request body against the catalogue
//! and the limits, build the owned pieces' sub-problem, and solve it under the time budget.
//! Contract: `plan` rejects every bad value with the field at fault before any solving;
//! `Plan::solve` answers a deck the independent checker accepted, or the reasons none exists.

use crate::config::{Catalog, ServiceConfig};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::time::{Duration, Instant};
use yomi_core::text::excerpt;
use yomi_deck::model::{AttributeRequirement, Request};
use yomi_deck::request::{LeaderSpec, Limits, Owned, PieceRequest, RequestError, Scope};
use yomi_deck::solve::vds;
use yomi_deck::{Instance, diagnose};

/// The body of `POST /recommend`: a JSON object (an array, even one whose items line up
/// with these fields, is refused), read field by field by [`RecommendRequest::from_object`]
/// so that a wrong value names its field and quotes nothing at length.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(try_from = "Map<String, Value>")]
pub struct RecommendRequest {
    /// Ids of the pieces the player owns; the whole catalogue when absent.
    pub owned: Option<Vec<String>>,
    /// Ids the deck must contain (owned pieces).
    pub must_include: Vec<String>,
    /// `god`, `demon`, ... (see `GET /health`), or `any`/`mixed` for no requirement.
    pub attribute: Option<String>,
    /// Total cost allowed; no cap when absent.
    pub cost_cap: Option<i64>,
    /// Deck size (default 16).
    pub k: Option<usize>,
    /// Leader id; the solver chooses among eligible pieces when absent.
    pub leader: Option<String>,
    /// Time budget in milliseconds (default 300).
    pub time_ms: Option<u64>,
    /// Local-search seed.
    pub seed: Option<u64>,
}

/// The fields a body may have, in the order messages list them.
pub const FIELDS: [&str; 8] = [
    "owned",
    "must_include",
    "attribute",
    "cost_cap",
    "k",
    "leader",
    "time_ms",
    "seed",
];

impl RecommendRequest {
    /// Reads a request body: JSON text holding one object. Errors say what is wrong where: the
    /// JSON syntax error with its line and column, a body that is not an object, or the field
    /// whose value is wrong ([`RecommendRequest::from_object`]).
    pub fn from_json(bytes: &[u8]) -> Result<RecommendRequest, RecommendError> {
        let value: Value = serde_json::from_slice(bytes)
            .map_err(|e| RecommendError::Body(format!("invalid JSON body: {e}")))?;
        match value {
            Value::Object(map) => Ok(RecommendRequest::from_object(map)?),
            other => Err(RecommendError::Body(format!(
                "the body must be a JSON object such as {{\"owned\": [...], \"k\": 16}}, got {}",
                kind(&other)
            ))),
        }
    }

    /// The request from a body's object: unknown fields are refused, and a value of the wrong
    /// type is refused naming its field (`owned[2]` for an item of a list). `null` is the same
    /// as an absent field, except for `must_include`, which must be a list when given.
    pub fn from_object(map: Map<String, Value>) -> Result<RecommendRequest, RequestError> {
        let mut r = RecommendRequest::default();
        for (key, value) in map {
            match key.as_str() {
                "owned" => r.owned = optional(&key, value, ids)?,
                "must_include" => r.must_include = ids(&key, value)?,
                "attribute" => r.attribute = optional(&key, value, string)?,
                "cost_cap" => r.cost_cap = optional(&key, value, signed)?,
                "k" => r.k = optional(&key, value, unsigned)?,
                "leader" => r.leader = optional(&key, value, string)?,
                "time_ms" => r.time_ms = optional(&key, value, unsigned)?,
                "seed" => r.seed = optional(&key, value, unsigned)?,
                _ => {
                    return Err(RequestError::new(
                        excerpt(&key),
                        format!(
                            "unknown field \"{}\" (the fields are {})",
                            excerpt(&key),
                            FIELDS.join(", ")
                        ),
                    ));
                }
            }
        }
        Ok(r)
    }
}

impl TryFrom<Map<String, Value>> for RecommendRequest {
    type Error = RequestError;
    fn try_from(map: Map<String, Value>) -> Result<Self, RequestError> {
        RecommendRequest::from_object(map)
    }
}

/// What kind of JSON value `v` is, as a message says it (no user text quoted).
fn kind(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("{b}"),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) => format!("a string of {} characters", s.chars().count()),
        Value::Array(a) => format!("an array of {} items", a.len()),
        Value::Object(_) => "an object".into(),
    }
}

/// A field that may be `null` (the same as absent).
fn optional<T>(
    key: &str,
    value: Value,
    read: fn(&str, Value) -> Result<T, RequestError>,
) -> Result<Option<T>, RequestError> {
    match value {
        Value::Null => Ok(None),
        v => read(key, v).map(Some),
    }
}

fn string(key: &str, value: Value) -> Result<String, RequestError> {
    match value {
        Value::String(s) => Ok(s),
        v => Err(RequestError::new(
            key,
            format!("expected a string, got {}", kind(&v)),
        )),
    }
}

/// A whole number of the field's type, within `range` (the type's, as the message says it).
fn whole<T: serde::de::DeserializeOwned>(
    key: &str,
    value: Value,
    range: &str,
) -> Result<T, RequestError> {
    let shown = kind(&value);
    T::deserialize(value).map_err(|_| {
        RequestError::new(key, format!("expected a whole number {range}, got {shown}"))
    })
}

const UNSIGNED: &str = "from 0 to 18446744073709551615";

fn unsigned<T: serde::de::DeserializeOwned>(key: &str, value: Value) -> Result<T, RequestError> {
    whole(key, value, UNSIGNED)
}

fn signed(key: &str, value: Value) -> Result<i64, RequestError> {
    whole(
        key,
        value,
        "from -9223372036854775808 to 9223372036854775807",
    )
}

/// A list of piece ids; an item that is not a string is named as `key[i]`.
fn ids(key: &str, value: Value) -> Result<Vec<String>, RequestError> {
    let Value::Array(items) = value else {
        return Err(RequestError::new(
            key,
            format!("expected a list of piece ids, got {}", kind(&value)),
        ));
    };
    items
        .into_iter()
        .enumerate()
        .map(|(i, item)| match item {
            Value::String(s) => Ok(s),
            v => Err(RequestError::new(
                format!("{key}[{i}]"),
                format!("expected a piece id (a string), got {}", kind(&v)),
            )),
        })
        .collect()
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
    /// The body is not one JSON object.
    #[error("{0}")]
    Body(String),
    /// A bad value: the client must change the request.
    #[error(transparent)]
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
                    "unknown attribute \"{}\" (known: any, mixed, {})",
                    excerpt(name),
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
