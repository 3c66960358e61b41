//! The deck model and the independent constraint checker / objective evaluator.
//! `check` shares no code with the solvers so tests can trust it as an oracle.

use serde::{Deserialize, Serialize};

/// One piece a player owns.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Piece {
    /// Stable identifier (for literature formats: the 0-based index as text).
    pub id: String,
    /// Name shown to users in reports and answers (the id when the file gives none).
    #[serde(default)]
    pub name: String,
    /// Cost counted against the request's cost cap.
    #[serde(default)]
    pub cost: i64,
    /// Attribute (e.g. "god"); empty for none.
    #[serde(default)]
    pub attribute: String,
    /// Group of identical pieces; `None` means the piece is its own group.
    #[serde(default)]
    pub group: Option<String>,
    /// Whether the piece may be the leader.
    #[serde(default)]
    pub leader_eligible: bool,
    /// Optional per-piece score.
    #[serde(default)]
    pub score: f64,
}

/// A non-negative score between two pieces (by id in JSON).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PairScore {
    /// Id of one piece of the pair.
    pub a: String,
    /// Id of the other piece of the pair.
    pub b: String,
    /// Score, >= 0.
    pub score: f64,
}

/// An attribute requirement: at least `minimum` pieces of attribute `name`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AttributeRequirement {
    /// The attribute counted, compared with [`Piece::attribute`] exactly.
    pub name: String,
    /// Minimum count in the deck.
    pub minimum: usize,
}

/// How the leader is determined.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum LeaderRule {
    /// No leader (literature formats).
    #[default]
    None,
    /// The solver chooses any leader-eligible piece in the deck.
    Chosen,
    /// The user fixed the leader (piece index).
    Fixed(usize),
}

/// The user's request.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Request {
    /// Exact deck size; `None` = any size (QKP).
    pub k: Option<usize>,
    /// Cost cap; `None` = no cap.
    pub cost_cap: Option<i64>,
    /// Minimum counts of pieces per attribute; all must hold.
    pub attributes: Vec<AttributeRequirement>,
    /// Piece indices that must be in the deck.
    pub must_include: Vec<usize>,
    /// Whether the deck has a leader, and which piece when it is fixed.
    pub leader: LeaderRule,
    /// Maximum pieces per group (usually 1).
    pub group_limit: usize,
}

/// A solved instance: pieces, symmetric sparse pair scores, and the request.
#[derive(Debug, Clone)]
pub struct Instance {
    /// Pieces, indexed 0..n.
    pub pieces: Vec<Piece>,
    /// adjacency[i] = (j, score) for every j != i with a positive pair score; symmetric.
    pub adjacency: Vec<Vec<(usize, f64)>>,
    /// group_of[i]: dense group index of piece i.
    pub group_of: Vec<usize>,
    /// What the deck must satisfy (size, cap, attributes, required pieces, leader, groups).
    pub request: Request,
    /// Leader-side pair scores: `leader_pairs[l]` lists (member, score). When present and the
    /// request has a leader, every pair that includes the leader scores from this table instead
    /// of `adjacency` (a missing entry scores 0); other pairs are unchanged.
    pub leader_pairs: Option<Vec<Vec<(usize, f64)>>>,
}

/// A deck: selected piece indices and the leader among them (if the rule needs one).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Deck {
    /// Indices of the pieces in the deck, in no particular order.
    pub selected: Vec<usize>,
    /// Leader index, if any.
    pub leader: Option<usize>,
}

/// Objective value of a feasible deck.
pub type Objective = f64;

/// A broken constraint, with what was found.
#[derive(Debug, Clone, PartialEq)]
pub enum Violation {
    /// A selected index is out of range.
    UnknownPiece(usize),
    /// A piece appears twice.
    Duplicate(usize),
    /// Deck size differs from K.
    Size {
        /// The request's K.
        expected: usize,
        /// Pieces in the deck.
        found: usize,
    },
    /// Cost exceeds the cap.
    Cost {
        /// The request's cost cap.
        cap: i64,
        /// Total cost of the deck.
        found: i64,
    },
    /// Too many pieces of one group.
    Group {
        /// Dense group index (see [`Instance::group_of`]).
        group: usize,
        /// Pieces of one group a deck may hold.
        limit: usize,
        /// Pieces of this group in the deck.
        found: usize,
    },
    /// Too few pieces of an attribute.
    Attribute {
        /// The attribute asked for.
        name: String,
        /// Pieces of it the deck must hold.
        minimum: usize,
        /// Pieces of it in the deck.
        found: usize,
    },
    /// A must-include piece is missing.
    Missing(usize),
    /// Leader missing, not in the deck, not eligible, or not the fixed one.
    Leader(String),
}

impl Instance {
    /// Builds an instance; pair scores are merged symmetrically (duplicates summed).
    /// Groups are made dense from piece `group` names (or one group per piece).
    pub fn new(pieces: Vec<Piece>, pairs: &[(usize, usize, f64)], request: Request) -> Self {
        let n = pieces.len();
        let mut adjacency = vec![Vec::new(); n];
        for &(a, b, s) in pairs {
            if a != b && s != 0.0 {
                adjacency[a].push((b, s));
                adjacency[b].push((a, s));
            }
        }
        let mut names = std::collections::HashMap::new();
        let mut group_of = Vec::with_capacity(n);
        for (i, p) in pieces.iter().enumerate() {
            let key = p.group.clone().unwrap_or_else(|| format!("\u{0}{i}"));
            let next = names.len();
            group_of.push(*names.entry(key).or_insert(next));
        }
        Instance {
            pieces,
            adjacency,
            group_of,
            request,
            leader_pairs: None,
        }
    }

    /// Sets the leader-side pair scores from (leader, member, score) triples (summed when
    /// repeated); see [`Instance::leader_pairs`].
    pub fn set_leader_pairs(&mut self, triples: &[(usize, usize, f64)]) {
        let mut table = vec![Vec::new(); self.pieces.len()];
        for &(l, j, s) in triples {
            if l != j {
                table[l].push((j, s));
            }
        }
        self.leader_pairs = Some(table);
    }

    /// The same problem with leader `l` fixed and no leader table: the leader's pairs become
    /// per-piece scores (`score_j += RL[l][j] − R[l][j]`), exact because `l` is always in the
    /// deck. Solvers handle leader tables through this.
    pub fn with_fixed_leader(&self, l: usize) -> Instance {
        let mut out = self.clone();
        out.request.leader = LeaderRule::Fixed(l);
        out.leader_pairs = None;
        if let Some(table) = &self.leader_pairs {
            for &(j, s) in &self.adjacency[l] {
                out.pieces[j].score -= s;
            }
            for &(j, s) in &table[l] {
                out.pieces[j].score += s;
            }
        }
        out
    }
}

impl Instance {
    /// The sub-problem on the pieces `keep` (catalogue indices, distinct and in range), with
    /// `request` given in the new indices (position in `keep`). Pair scores and leader-side
    /// pair scores between kept pieces carry over; groups keep their names, so identical
    /// forms stay identical. Used to solve for the pieces one player owns.
    pub fn subset(&self, keep: &[usize], request: Request) -> Instance {
        let mut new_index = vec![usize::MAX; self.pieces.len()];
        for (new, &old) in keep.iter().enumerate() {
            new_index[old] = new;
        }
        let pieces: Vec<Piece> = keep.iter().map(|&i| self.pieces[i].clone()).collect();
        let mut pairs = Vec::new();
        for (new, &old) in keep.iter().enumerate() {
            for &(j, s) in &self.adjacency[old] {
                let nj = new_index[j];
                if nj != usize::MAX && nj > new {
                    pairs.push((new, nj, s));
                }
            }
        }
        let mut out = Instance::new(pieces, &pairs, request);
        if let Some(table) = &self.leader_pairs {
            let mut triples = Vec::new();
            for (new, &old) in keep.iter().enumerate() {
                for &(j, s) in &table[old] {
                    if new_index[j] != usize::MAX {
                        triples.push((new, new_index[j], s));
                    }
                }
            }
            out.set_leader_pairs(&triples);
        }
        out
    }
}

/// Independently checks `deck` against every constraint and evaluates the objective
/// (per-piece scores plus pair scores over unordered selected pairs).
pub fn check(inst: &Instance, deck: &Deck) -> Result<Objective, Vec<Violation>> {
    let n = inst.pieces.len();
    let req = &inst.request;
    let mut v = Vec::new();
    let mut seen = vec![false; n];
    for &i in &deck.selected {
        if i >= n {
            v.push(Violation::UnknownPiece(i));
        } else if seen[i] {
            v.push(Violation::Duplicate(i));
        } else {
            seen[i] = true;
        }
    }
    if !v.is_empty() {
        return Err(v);
    }
    if let Some(k) = req.k
        && deck.selected.len() != k
    {
        v.push(Violation::Size {
            expected: k,
            found: deck.selected.len(),
        });
    }
    let cost: i64 = deck.selected.iter().map(|&i| inst.pieces[i].cost).sum();
    if let Some(cap) = req.cost_cap
        && cost > cap
    {
        v.push(Violation::Cost { cap, found: cost });
    }
    let limit = req.group_limit.max(1);
    let mut groups = std::collections::HashMap::new();
    for &i in &deck.selected {
        *groups.entry(inst.group_of[i]).or_insert(0usize) += 1;
    }
    let mut over: Vec<_> = groups.into_iter().filter(|&(_, c)| c > limit).collect();
    over.sort_unstable();
    for (group, found) in over {
        v.push(Violation::Group {
            group,
            limit,
            found,
        });
    }
    for a in &req.attributes {
        let found = deck
            .selected
            .iter()
            .filter(|&&i| inst.pieces[i].attribute == a.name)
            .count();
        if found < a.minimum {
            v.push(Violation::Attribute {
                name: a.name.clone(),
                minimum: a.minimum,
                found,
            });
        }
    }
    for &m in &req.must_include {
        if m >= n || !seen[m] {
            v.push(Violation::Missing(m));
        }
    }
    match (&req.leader, deck.leader) {
        (LeaderRule::None, _) => {}
        (_, None) => v.push(Violation::Leader("no leader".into())),
        (rule, Some(l)) => {
            if l >= n || !seen[l] {
                v.push(Violation::Leader(format!("leader {l} is not in the deck")));
            } else if !inst.pieces[l].leader_eligible {
                v.push(Violation::Leader(format!(
                    "piece {l} is not leader-eligible"
                )));
            } else if let LeaderRule::Fixed(f) = rule
                && *f != l
            {
                v.push(Violation::Leader(format!("leader {l} but {f} was fixed")));
            }
        }
    }
    if !v.is_empty() {
        return Err(v);
    }
    let leader_table = match (&inst.leader_pairs, &req.leader, deck.leader) {
        (Some(table), rule, Some(l)) if *rule != LeaderRule::None => Some((table, l)),
        _ => None,
    };
    let mut obj: f64 = deck.selected.iter().map(|&i| inst.pieces[i].score).sum();
    for &i in &deck.selected {
        for &(j, s) in &inst.adjacency[i] {
            let with_leader = leader_table.is_some_and(|(_, l)| i == l || j == l);
            if j > i && seen[j] && !with_leader {
                obj += s;
            }
        }
    }
    if let Some((table, l)) = leader_table {
        for &(j, s) in &table[l] {
            if seen[j] {
                obj += s;
            }
        }
    }
    Ok(obj)
}
