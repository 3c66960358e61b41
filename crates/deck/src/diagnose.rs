//! Infeasibility diagnosis before solving. Contract: every reason `diagnose` returns is a proof
//! that no deck satisfies the request (a sound but incomplete test: an empty list does not
//! promise feasibility, since exact feasibility under a cost cap is itself a knapsack problem).
//! Reasons name pieces by id so a user can act on them.

use crate::model::{Instance, LeaderRule};
use std::collections::HashMap;
use std::fmt;

/// Why a request cannot be met.
#[derive(Debug, Clone, PartialEq)]
pub enum Infeasibility {
    /// A required piece index does not exist.
    UnknownPiece(usize),
    /// The deck size exceeds the number of pieces owned, or the number of them one deck can
    /// hold (pieces of one group are forms of the same piece, at most the group limit each).
    TooFewPieces {
        /// Deck size asked for.
        k: usize,
        /// Pieces owned.
        owned: usize,
        /// Most pieces one deck could hold from what is owned, within the group limits.
        usable: usize,
        /// Pieces of one group a deck may hold.
        group_limit: usize,
    },
    /// More pieces are required than the deck holds.
    TooManyRequired {
        /// Deck size asked for.
        k: usize,
        /// Distinct pieces the request forces into the deck (must-include and fixed leader).
        required: usize,
    },
    /// Required pieces alone cost more than the cap.
    RequiredOverCap {
        /// The request's cost cap.
        cap: i64,
        /// Total cost of the required pieces.
        cost: i64,
    },
    /// Required pieces plus the cheapest fill of the remaining slots exceed the cap.
    FillOverCap {
        /// The request's cost cap.
        cap: i64,
        /// Cost of the required pieces plus the cheapest pieces filling the other slots.
        cheapest: i64,
    },
    /// Several required pieces belong to one group beyond its limit.
    GroupConflict {
        /// Ids of the required pieces that share one group.
        ids: Vec<String>,
        /// Pieces of one group a deck may hold.
        limit: usize,
    },
    /// Not enough pieces of an attribute exist (or fit in the deck).
    Attribute {
        /// The attribute asked for.
        name: String,
        /// Pieces of it the deck must hold.
        minimum: usize,
        /// Most pieces of it a deck could hold: the required ones plus those that fit in the
        /// free slots within the group limits.
        available: usize,
    },
    /// Attribute minimums together need more slots than are left.
    AttributesExceedDeck {
        /// Pieces the minimums need beyond those the required pieces already give.
        needed: usize,
        /// Deck slots left after the required pieces.
        slots: usize,
    },
    /// The leader rule cannot be met.
    Leader(String),
}

impl fmt::Display for Infeasibility {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Infeasibility::UnknownPiece(i) => write!(f, "required piece #{i} does not exist"),
            Infeasibility::TooFewPieces {
                k,
                owned,
                usable,
                group_limit,
            } => {
                if usable == owned {
                    write!(f, "a deck needs {k} pieces but only {owned} are owned")
                } else {
                    let each = if *group_limit == 1 {
                        "one piece of each group (its forms are the same piece)".to_string()
                    } else {
                        format!("{group_limit} pieces of each group")
                    };
                    write!(
                        f,
                        "a deck needs {k} pieces but holds at most {usable} of the {owned} owned: {each}"
                    )
                }
            }
            Infeasibility::TooManyRequired { k, required } => write!(
                f,
                "{required} pieces are required but the deck holds only {k}"
            ),
            Infeasibility::RequiredOverCap { cap, cost } => write!(
                f,
                "the required pieces cost {cost}, over the cost cap {cap}"
            ),
            Infeasibility::FillOverCap { cap, cheapest } => write!(
                f,
                "the cheapest complete deck with the required pieces costs {cheapest}, over the cost cap {cap}"
            ),
            Infeasibility::GroupConflict { ids, limit } => write!(
                f,
                "required pieces {} are the same piece (group limit {limit})",
                ids.join(", ")
            ),
            Infeasibility::Attribute {
                name,
                minimum,
                available,
            } => write!(
                f,
                "a {name} deck needs {minimum} {name} pieces but only {available} can be used"
            ),
            Infeasibility::AttributesExceedDeck { needed, slots } => write!(
                f,
                "the attribute minimums need {needed} more pieces but only {slots} slots are free"
            ),
            Infeasibility::Leader(why) => write!(f, "leader: {why}"),
        }
    }
}

/// Returns the reasons the request is certainly infeasible (empty when none was found).
pub fn diagnose(inst: &Instance) -> Vec<Infeasibility> {
    let n = inst.pieces.len();
    let req = &inst.request;
    let mut out = Vec::new();
    let mut required: Vec<usize> = Vec::new();
    for &m in &req.must_include {
        if m >= n {
            out.push(Infeasibility::UnknownPiece(m));
        } else if !required.contains(&m) {
            required.push(m);
        }
    }
    match req.leader {
        LeaderRule::Fixed(f) if f >= n => out.push(Infeasibility::UnknownPiece(f)),
        LeaderRule::Fixed(f) => {
            if !inst.pieces[f].leader_eligible {
                out.push(Infeasibility::Leader(format!(
                    "piece {} is not leader-eligible",
                    inst.pieces[f].id
                )));
            }
            if !required.contains(&f) {
                required.push(f);
            }
        }
        LeaderRule::Chosen if !inst.pieces.iter().any(|p| p.leader_eligible) => {
            out.push(Infeasibility::Leader(
                "no owned piece is leader-eligible".into(),
            ));
        }
        _ => {}
    }
    if !out.is_empty() {
        return out;
    }
    let limit = req.group_limit.max(1);
    let mut by_group: HashMap<usize, Vec<usize>> = HashMap::new();
    for &m in &required {
        by_group.entry(inst.group_of[m]).or_default().push(m);
    }
    let mut conflicts: Vec<Vec<usize>> =
        by_group.into_values().filter(|v| v.len() > limit).collect();
    conflicts.sort();
    for members in conflicts {
        out.push(Infeasibility::GroupConflict {
            ids: members.iter().map(|&i| inst.pieces[i].id.clone()).collect(),
            limit,
        });
    }
    let required_cost: i64 = required.iter().map(|&i| inst.pieces[i].cost).sum();
    if let Some(cap) = req.cost_cap
        && required_cost > cap
    {
        out.push(Infeasibility::RequiredOverCap {
            cap,
            cost: required_cost,
        });
    }
    let Some(k) = req.k else {
        return out;
    };
    // Pieces usable beyond the required ones: at most `limit` per group in all.
    let open = Open::new(inst, &required, limit);
    let owned_slots = required.len() + open.slots();
    if owned_slots < k {
        out.push(Infeasibility::TooFewPieces {
            k,
            owned: inst.pieces.len(),
            usable: owned_slots,
            group_limit: limit,
        });
    }
    if required.len() > k {
        out.push(Infeasibility::TooManyRequired {
            k,
            required: required.len(),
        });
        return out;
    }
    let slots = k - required.len();
    let mut needed = 0;
    for a in &req.attributes {
        let have = required
            .iter()
            .filter(|&&i| inst.pieces[i].attribute == a.name)
            .count();
        let available = have + open.of_attribute(&a.name).min(slots);
        if available < a.minimum {
            out.push(Infeasibility::Attribute {
                name: a.name.clone(),
                minimum: a.minimum,
                available,
            });
        }
        needed += a.minimum.saturating_sub(have);
    }
    if needed > slots && out.is_empty() {
        out.push(Infeasibility::AttributesExceedDeck { needed, slots });
    }
    if let Some(cap) = req.cost_cap
        && out.is_empty()
    {
        let cheapest = required_cost + open.cheapest(slots);
        if cheapest > cap {
            out.push(Infeasibility::FillOverCap { cap, cheapest });
        }
    }
    out
}

/// Groups of non-required pieces with the room each has left (`limit` minus required members).
struct Open<'a> {
    inst: &'a Instance,
    groups: Vec<(usize, Vec<usize>)>,
}

impl<'a> Open<'a> {
    fn new(inst: &'a Instance, required: &[usize], limit: usize) -> Self {
        let mut members: HashMap<usize, Vec<usize>> = HashMap::new();
        for i in 0..inst.pieces.len() {
            if !required.contains(&i) {
                members.entry(inst.group_of[i]).or_default().push(i);
            }
        }
        let mut taken: HashMap<usize, usize> = HashMap::new();
        for &r in required {
            *taken.entry(inst.group_of[r]).or_default() += 1;
        }
        let mut groups: Vec<(usize, Vec<usize>)> = members
            .into_iter()
            .map(|(g, mut list)| {
                list.sort_by_key(|&i| (inst.pieces[i].cost, i));
                (
                    limit.saturating_sub(taken.get(&g).copied().unwrap_or(0)),
                    list,
                )
            })
            .collect();
        groups.sort_by_key(|(_, list)| list[0]);
        Open { inst, groups }
    }

    /// How many more pieces fit at most.
    fn slots(&self) -> usize {
        self.groups
            .iter()
            .map(|(room, l)| (*room).min(l.len()))
            .sum()
    }

    /// How many more pieces of `attribute` fit at most.
    fn of_attribute(&self, attribute: &str) -> usize {
        self.groups
            .iter()
            .map(|(room, l)| {
                let m = l
                    .iter()
                    .filter(|&&i| self.inst.pieces[i].attribute == attribute)
                    .count();
                (*room).min(m)
            })
            .sum()
    }

    /// The least total cost of `count` more pieces (per group, its cheapest members).
    fn cheapest(&self, count: usize) -> i64 {
        let mut costs: Vec<i64> = self
            .groups
            .iter()
            .flat_map(|(room, l)| l.iter().take(*room).map(|&i| self.inst.pieces[i].cost))
            .collect();
        costs.sort_unstable();
        costs.iter().take(count).sum()
    }
}
