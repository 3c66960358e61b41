//! A request stated with piece ids (as users and clients write it), turned into a model
//! [`Request`] on a given instance. Contract: every id is resolved or rejected with an error
//! naming the field and the id; nothing here panics on user input.

use crate::model::{AttributeRequirement, Instance, LeaderRule, Request};
use std::collections::HashMap;

/// A request field that cannot be applied.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct RequestError {
    /// The field at fault (e.g. `must_include[2]`).
    pub field: String,
    /// What was wrong.
    pub message: String,
}

impl RequestError {
    /// An error on `field`.
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        RequestError {
            field: field.into(),
            message: message.into(),
        }
    }
}

/// How the leader is asked for, by id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LeaderSpec {
    /// No leader.
    None,
    /// The solver picks a leader-eligible piece.
    Chosen,
    /// This piece (by id) leads.
    Fixed(String),
}

impl LeaderSpec {
    /// Reads `none`, `chosen`, or a piece id.
    pub fn parse(text: &str) -> LeaderSpec {
        match text {
            "none" => LeaderSpec::None,
            "chosen" => LeaderSpec::Chosen,
            id => LeaderSpec::Fixed(id.to_string()),
        }
    }
}

/// Request fields to set on an instance; `None` keeps what the instance already asks.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RequestOverrides {
    /// Deck size K.
    pub k: Option<usize>,
    /// Cost cap.
    pub cost_cap: Option<i64>,
    /// Attribute minimums (replace the instance's list when given).
    pub attributes: Option<Vec<AttributeRequirement>>,
    /// Must-include piece ids (replace the instance's list when given).
    pub must_include: Option<Vec<String>>,
    /// Leader rule.
    pub leader: Option<LeaderSpec>,
    /// Pieces allowed per group.
    pub group_limit: Option<usize>,
}

/// Piece id → index of `inst`.
pub fn id_index(inst: &Instance) -> HashMap<&str, usize> {
    inst.pieces
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id.as_str(), i))
        .collect()
}

impl RequestOverrides {
    /// Applies the overrides to `inst.request`, resolving ids; the instance is unchanged on
    /// error.
    pub fn apply(&self, inst: &mut Instance) -> Result<(), RequestError> {
        let mut req = inst.request.clone();
        self.apply_to(&mut req, &id_index(inst))?;
        inst.request = req;
        Ok(())
    }

    /// Applies the overrides to `req`, resolving ids with `index`.
    pub fn apply_to(
        &self,
        req: &mut Request,
        index: &HashMap<&str, usize>,
    ) -> Result<(), RequestError> {
        let resolve = |id: &str, field: String| {
            index
                .get(id)
                .copied()
                .ok_or_else(|| RequestError::new(field, format!("unknown piece id {id:?}")))
        };
        if let Some(k) = self.k {
            if k == 0 {
                return Err(RequestError::new("k", "the deck size must be at least 1"));
            }
            req.k = Some(k);
        }
        if let Some(cap) = self.cost_cap {
            if cap < 0 {
                return Err(RequestError::new("cost_cap", "must be >= 0"));
            }
            req.cost_cap = Some(cap);
        }
        if let Some(attrs) = &self.attributes {
            req.attributes = attrs.clone();
        }
        if let Some(ids) = &self.must_include {
            let mut seen = HashMap::new();
            let mut out = Vec::with_capacity(ids.len());
            for (k, id) in ids.iter().enumerate() {
                let i = resolve(id, format!("must_include[{k}]"))?;
                if let Some(first) = seen.insert(i, k) {
                    return Err(RequestError::new(
                        format!("must_include[{k}]"),
                        format!("{id:?} is already listed at must_include[{first}]"),
                    ));
                }
                out.push(i);
            }
            req.must_include = out;
        }
        if let Some(leader) = &self.leader {
            req.leader = match leader {
                LeaderSpec::None => LeaderRule::None,
                LeaderSpec::Chosen => LeaderRule::Chosen,
                LeaderSpec::Fixed(id) => LeaderRule::Fixed(resolve(id, "leader".into())?),
            };
        }
        if let Some(limit) = self.group_limit {
            if limit == 0 {
                return Err(RequestError::new("group_limit", "must be >= 1"));
            }
            req.group_limit = limit;
        }
        Ok(())
    }
}

/// Reads `name:minimum` (e.g. `god:10`); `any` and `mixed` mean no requirement.
pub fn parse_attribute(text: &str) -> Result<Option<AttributeRequirement>, String> {
    if text == "any" || text == "mixed" {
        return Ok(None);
    }
    let (name, min) = text
        .split_once(':')
        .ok_or_else(|| format!("expected NAME:MINIMUM (e.g. god:10), found {text:?}"))?;
    let minimum = min
        .parse()
        .map_err(|_| format!("bad minimum {min:?} in {text:?}"))?;
    if name.is_empty() {
        return Err(format!("empty attribute name in {text:?}"));
    }
    Ok(Some(AttributeRequirement {
        name: name.to_string(),
        minimum,
    }))
}
