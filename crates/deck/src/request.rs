//! The one place where a request stated with piece ids (as users, files and clients write it)
//! becomes a model [`Request`]: the JSON reader, the CSV tables with the command line's request
//! flags, and the recommendation service all resolve through [`PieceRequest::resolve`].
//! Contract: every id is resolved or rejected with a [`RequestError`] naming the field and the
//! id, so the same mistake gets the same message on every path: unknown ids, ids listed twice,
//! required pieces outside the owned ones, a fixed leader that cannot lead, out-of-range sizes
//! and caps. What depends on the whole instance rather than on one field (too few pieces, costs
//! over the cap) is left to [`crate::diagnose`]. Nothing here panics on user input.

use crate::model::{AttributeRequirement, Instance, LeaderRule, Piece, Request};
use crate::quoted;
use std::collections::HashMap;

/// A request field that cannot be applied, with the field at fault.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct RequestError {
    /// The field at fault, with its position in a list (e.g. `must_include[2]`).
    pub field: String,
    /// What is wrong with the value, naming the id when there is one.
    pub message: String,
}

impl RequestError {
    /// An error on `field` saying `message`.
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        RequestError {
            field: field.into(),
            message: message.into(),
        }
    }

    /// The same error with its field inside `parent` (`must_include[0]` becomes
    /// `request.must_include[0]`), for formats where the request is one part of a document.
    pub fn within(self, parent: &str) -> Self {
        RequestError {
            field: format!("{parent}.{}", self.field),
            message: self.message,
        }
    }
}

/// How the leader is asked for, by id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LeaderSpec {
    /// The deck has no leader.
    None,
    /// The solver picks a leader among the deck's leader-eligible pieces.
    Chosen,
    /// The piece with this id leads the deck.
    Fixed(String),
}

impl LeaderSpec {
    /// Reads `none`, `chosen`, or else a piece id.
    pub fn parse(text: &str) -> LeaderSpec {
        match text {
            "none" => LeaderSpec::None,
            "chosen" => LeaderSpec::Chosen,
            id => LeaderSpec::Fixed(id.to_string()),
        }
    }
}

/// Piece ids of an instance (or a service's catalogue), each with its index.
#[derive(Debug, Clone, Default)]
pub struct PieceIndex {
    by_id: HashMap<String, usize>,
    pieces: usize,
}

impl PieceIndex {
    /// Indexes `pieces` by id; when an id repeats (the readers refuse that), the first wins.
    pub fn new(pieces: &[Piece]) -> Self {
        let mut by_id = HashMap::with_capacity(pieces.len());
        for (i, p) in pieces.iter().enumerate() {
            by_id.entry(p.id.clone()).or_insert(i);
        }
        PieceIndex {
            by_id,
            pieces: pieces.len(),
        }
    }

    /// Number of pieces indexed (ids are `0..len`).
    pub fn len(&self) -> usize {
        self.pieces
    }

    /// Whether there are no pieces.
    pub fn is_empty(&self) -> bool {
        self.pieces == 0
    }

    /// The index of the piece called `id`, if there is one.
    pub fn get(&self, id: &str) -> Option<usize> {
        self.by_id.get(id).copied()
    }

    /// The index of the piece called `id`, or the error every path gives for an unknown id.
    pub fn resolve(&self, id: &str, field: impl Into<String>) -> Result<usize, RequestError> {
        self.get(id)
            .ok_or_else(|| RequestError::new(field, format!("unknown piece id {}", quoted(id))))
    }
}

/// Remembers where each index was first listed, to refuse a repeat with one message.
struct Listed {
    first: HashMap<usize, usize>,
}

impl Listed {
    fn new() -> Self {
        Listed {
            first: HashMap::new(),
        }
    }

    /// Records `index` as listed at `list[at]`; refuses it if the list already had it.
    fn record(
        &mut self,
        index: usize,
        list: &str,
        at: usize,
        id: &str,
    ) -> Result<(), RequestError> {
        match self.first.insert(index, at) {
            None => Ok(()),
            Some(first) => Err(RequestError::new(
                format!("{list}[{at}]"),
                format!("{} is already listed at {list}[{first}]", quoted(id)),
            )),
        }
    }
}

/// The pieces one player owns: a subset of a catalogue, in the order they were listed. The
/// sub-instance built from it ([`Instance::subset`] with [`Owned::keep`]) numbers its pieces
/// by position in that list.
#[derive(Debug, Clone)]
pub struct Owned {
    keep: Vec<usize>,
    position: Vec<Option<usize>>,
}

impl Owned {
    /// Every piece of a catalogue of `n` pieces, in catalogue order.
    pub fn all(n: usize) -> Owned {
        Owned {
            keep: (0..n).collect(),
            position: (0..n).map(Some).collect(),
        }
    }

    /// The pieces listed by id in `ids` (the request field `field`), refusing unknown ids and
    /// repeats.
    pub fn from_ids(
        index: &PieceIndex,
        ids: &[String],
        field: &str,
    ) -> Result<Owned, RequestError> {
        let mut position = vec![None; index.len()];
        let mut keep = Vec::with_capacity(ids.len());
        let mut listed = Listed::new();
        for (at, id) in ids.iter().enumerate() {
            let c = index.resolve(id, format!("{field}[{at}]"))?;
            listed.record(c, field, at, id)?;
            position[c] = Some(keep.len());
            keep.push(c);
        }
        Ok(Owned { keep, position })
    }

    /// Catalogue index of each owned piece, in sub-instance order.
    pub fn keep(&self) -> &[usize] {
        &self.keep
    }

    /// Sub-instance index of catalogue piece `piece`, or `None` when it is not owned.
    pub fn position(&self, piece: usize) -> Option<usize> {
        self.position.get(piece).copied().flatten()
    }
}

/// Where a request's ids resolve: the catalogue's pieces and ids, and the owned subset when
/// the deck is built from part of the catalogue (ids then resolve to sub-instance indices).
#[derive(Debug, Clone, Copy)]
pub struct Scope<'a> {
    pieces: &'a [Piece],
    index: &'a PieceIndex,
    owned: Option<&'a Owned>,
}

impl<'a> Scope<'a> {
    /// Ids resolve to indices of `pieces`, found through `index` (built from `pieces`).
    pub fn new(pieces: &'a [Piece], index: &'a PieceIndex) -> Self {
        Scope {
            pieces,
            index,
            owned: None,
        }
    }

    /// The same scope limited to `owned`: ids resolve to sub-instance indices, and an id
    /// outside `owned` is refused.
    pub fn within(self, owned: &'a Owned) -> Self {
        Scope {
            owned: Some(owned),
            ..self
        }
    }

    /// Resolves `id` (request field `field`) to (index in the scope, catalogue index).
    fn piece(&self, id: &str, field: &str) -> Result<(usize, usize), RequestError> {
        let c = self.index.resolve(id, field)?;
        match self.owned {
            None => Ok((c, c)),
            Some(owned) => owned.position(c).map(|p| (p, c)).ok_or_else(|| {
                RequestError::new(
                    field,
                    format!("{} is not among the owned pieces", quoted(id)),
                )
            }),
        }
    }
}

/// Bounds a caller puts on requests beyond what the model itself needs (the service's limits).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// Largest deck size accepted; no bound when `None`.
    pub max_k: Option<usize>,
    /// Most must-include pieces accepted; no bound when `None`.
    pub max_must_include: Option<usize>,
}

/// A request with its pieces named by id, as files, flags and clients state it. Each field
/// left `None` keeps what the base request (the instance's own, or a format's default) asks.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PieceRequest {
    /// Exact number of pieces in the deck (at least 1).
    pub k: Option<usize>,
    /// Most total cost the deck may have (at least 0).
    pub cost_cap: Option<i64>,
    /// Attribute minimums; when given, they replace the base request's whole list.
    pub attributes: Option<Vec<AttributeRequirement>>,
    /// Ids of the pieces the deck must hold; when given, they replace the base list.
    pub must_include: Option<Vec<String>>,
    /// Whether and how the deck has a leader.
    pub leader: Option<LeaderSpec>,
    /// Most pieces of one group (identical forms) the deck may hold (at least 1).
    pub group_limit: Option<usize>,
}

impl PieceRequest {
    /// Applies this request to `inst.request`, every id resolved among `inst`'s pieces; the
    /// instance is unchanged on error.
    pub fn apply(&self, inst: &mut Instance) -> Result<(), RequestError> {
        let index = PieceIndex::new(&inst.pieces);
        let scope = Scope::new(&inst.pieces, &index);
        inst.request = self.resolve(&inst.request, scope, &Limits::default())?;
        Ok(())
    }

    /// The model request: `base` with every given field checked against `limits` and every
    /// id resolved in `scope` (indices are the scope's: sub-instance indices when it is
    /// limited to owned pieces).
    pub fn resolve(
        &self,
        base: &Request,
        scope: Scope<'_>,
        limits: &Limits,
    ) -> Result<Request, RequestError> {
        let mut req = base.clone();
        if let Some(k) = self.k {
            if k == 0 {
                return Err(RequestError::new(
                    "k",
                    "the deck size must be at least 1, got 0",
                ));
            }
            if let Some(max) = limits.max_k
                && k > max
            {
                return Err(RequestError::new(
                    "k",
                    format!("the deck size must be at most {max}, got {k}"),
                ));
            }
            req.k = Some(k);
        }
        if let Some(cap) = self.cost_cap {
            if cap < 0 {
                return Err(RequestError::new(
                    "cost_cap",
                    format!("must be >= 0, got {cap}"),
                ));
            }
            req.cost_cap = Some(cap);
        }
        if let Some(limit) = self.group_limit {
            if limit == 0 {
                return Err(RequestError::new("group_limit", "must be >= 1, got 0"));
            }
            req.group_limit = limit;
        }
        if let Some(attrs) = &self.attributes {
            req.attributes = attrs.clone();
        }
        if let Some(ids) = &self.must_include {
            req.must_include = resolve_must_include(ids, scope, limits)?;
        }
        if let Some(leader) = &self.leader {
            req.leader = match leader {
                LeaderSpec::None => LeaderRule::None,
                LeaderSpec::Chosen => LeaderRule::Chosen,
                LeaderSpec::Fixed(id) => {
                    let (p, c) = scope.piece(id, "leader")?;
                    if !scope.pieces[c].leader_eligible {
                        return Err(RequestError::new(
                            "leader",
                            format!("{} is not leader-eligible", quoted(id)),
                        ));
                    }
                    LeaderRule::Fixed(p)
                }
            };
        }
        Ok(req)
    }
}

fn resolve_must_include(
    ids: &[String],
    scope: Scope<'_>,
    limits: &Limits,
) -> Result<Vec<usize>, RequestError> {
    if let Some(max) = limits.max_must_include
        && ids.len() > max
    {
        return Err(RequestError::new(
            "must_include",
            format!("at most {max} pieces, got {}", ids.len()),
        ));
    }
    let mut listed = Listed::new();
    let mut out = Vec::with_capacity(ids.len());
    for (at, id) in ids.iter().enumerate() {
        let (p, _) = scope.piece(id, &format!("must_include[{at}]"))?;
        listed.record(p, "must_include", at, id)?;
        out.push(p);
    }
    Ok(out)
}

/// Why a text is not an attribute requirement ([`parse_attribute`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AttributeError {
    /// No `:` between the name and the minimum.
    #[error("expected NAME:MINIMUM (e.g. god:10), found {}", quoted(.0))]
    Syntax(String),
    /// The minimum is not a non-negative integer.
    #[error("bad minimum {} in {}", quoted(.minimum), quoted(.text))]
    Minimum {
        /// The text after the `:`.
        minimum: String,
        /// The whole text.
        text: String,
    },
    /// Nothing before the `:`.
    #[error("empty attribute name in {}", quoted(.0))]
    EmptyName(String),
}

/// Reads `name:minimum` (e.g. `god:10`); `any` and `mixed` mean no requirement.
pub fn parse_attribute(text: &str) -> Result<Option<AttributeRequirement>, AttributeError> {
    if text == "any" || text == "mixed" {
        return Ok(None);
    }
    let (name, min) = text
        .split_once(':')
        .ok_or_else(|| AttributeError::Syntax(text.to_string()))?;
    let minimum = min.parse().map_err(|_| AttributeError::Minimum {
        minimum: min.to_string(),
        text: text.to_string(),
    })?;
    if name.is_empty() {
        return Err(AttributeError::EmptyName(text.to_string()));
    }
    Ok(Some(AttributeRequirement {
        name: name.to_string(),
        minimum,
    }))
}
