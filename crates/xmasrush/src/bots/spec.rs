//! Strategy specs: `name[:key=value,...]`, parsed into bots.
//!
//! Contract: unknown names and keys are refused with the valid choices;
//! durations use yomi-search's one grammar (`40ms`); every randomized bot
//! takes `seed` (default: the seed the caller passes).

use super::bandit::BanditOptions;
use super::mcts::{ComboBot, ComboOptions, MctsBot};
use super::{
    Bot, DuctBot, Effort, GenericDuctBot, Greedy, MinMax1, PushDuctOptions, RandomBot,
    SmitsimaxBot, SmitsimaxOptions, UctOptions,
};
use crate::params;
use std::collections::BTreeMap;
use std::time::Duration;
use yomi_core::parse_duration;
use yomi_search::SelectionPolicy;

/// Bot names with their parameters.
pub const STRATEGIES: &[(&str, &[&str])] = &[
    ("random", &["seed"]),
    ("greedy", &[]),
    ("minmax1", &[]),
    (
        "mcts",
        &["time", "iterations", "turns", "c", "depth", "seed"],
    ),
    (
        "duct",
        &[
            "impl",
            "time",
            "iterations",
            "turns",
            "policy",
            "c",
            "gamma",
            "reach",
            "hand",
            "mobility",
            "temp",
            "seed",
        ],
    ),
    (
        "smitsimax",
        &[
            "time",
            "iterations",
            "turns",
            "policy",
            "c",
            "gamma",
            "seed",
        ],
    ),
    (
        "combo",
        &[
            "time",
            "turns",
            "c",
            "keep",
            "keep_opp",
            "margin",
            "opp_share",
            "seed",
        ],
    ),
];

/// A bad strategy spec.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// Unknown bot name.
    #[error("unknown strategy '{0}'; valid: random, greedy, minmax1, mcts, duct, smitsimax, combo")]
    UnknownName(String),
    /// Unknown parameter.
    #[error("strategy '{name}' has no parameter '{key}'; valid: {valid}")]
    UnknownKey {
        /// Bot name.
        name: String,
        /// The key given.
        key: String,
        /// Valid keys.
        valid: String,
    },
    /// A value that does not parse.
    #[error("bad value '{value}' for '{key}': {reason}")]
    BadValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// Why.
        reason: String,
    },
    /// A parameter written without `=`.
    #[error("expected key=value, got '{0}'")]
    NoEquals(String),
}

/// A parsed spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotSpec {
    /// Bot name.
    pub name: String,
    /// Parameters as given.
    pub params: BTreeMap<String, String>,
}

impl BotSpec {
    /// Whether the spec fixes its search's iteration count (its answers then
    /// do not depend on time or load).
    pub fn fixed_iterations(&self) -> bool {
        self.params.contains_key("iterations")
    }

    /// Parses `name[:key=value,...]`, checking names and keys.
    pub fn parse(text: &str) -> Result<BotSpec, SpecError> {
        let (name, rest) = text.split_once(':').unwrap_or((text, ""));
        let name = name.trim().to_string();
        let keys = STRATEGIES
            .iter()
            .find(|(n, _)| *n == name)
            .ok_or_else(|| SpecError::UnknownName(name.clone()))?
            .1;
        let mut params = BTreeMap::new();
        for kv in rest.split(',').filter(|s| !s.trim().is_empty()) {
            let (k, v) = kv
                .split_once('=')
                .ok_or_else(|| SpecError::NoEquals(kv.to_string()))?;
            let k = k.trim().to_string();
            if !keys.contains(&k.as_str()) {
                return Err(SpecError::UnknownKey {
                    name: name.clone(),
                    key: k,
                    valid: if keys.is_empty() {
                        "none".into()
                    } else {
                        keys.join(", ")
                    },
                });
            }
            params.insert(k, v.trim().to_string());
        }
        let spec = BotSpec { name, params };
        spec.build(0)?; // validates every value
        Ok(spec)
    }

    fn get<T: std::str::FromStr>(&self, key: &str, default: T) -> Result<T, SpecError>
    where
        T::Err: std::fmt::Display,
    {
        match self.params.get(key) {
            None => Ok(default),
            Some(v) => v.parse().map_err(|e: T::Err| SpecError::BadValue {
                key: key.into(),
                value: v.clone(),
                reason: e.to_string(),
            }),
        }
    }

    fn time(&self) -> Result<Duration, SpecError> {
        match self.params.get("time") {
            None => Ok(params::TURN_TIME),
            Some(v) => parse_duration(v).map_err(|e| SpecError::BadValue {
                key: "time".into(),
                value: v.clone(),
                reason: e.to_string(),
            }),
        }
    }

    fn effort(&self) -> Result<Effort, SpecError> {
        let iterations = match self.params.get("iterations") {
            None => None,
            Some(_) => match self.get("iterations", 0u64)? {
                0 => {
                    return Err(SpecError::BadValue {
                        key: "iterations".into(),
                        value: "0".into(),
                        reason: "at least 1".into(),
                    });
                }
                n => Some(n),
            },
        };
        Ok(Effort {
            time: self.time()?,
            iterations,
        })
    }

    /// The evaluation weights of `duct` (`reach`, `hand`, `mobility`,
    /// `temp`; the defaults where absent): finite, the temperature positive.
    fn weights(&self) -> Result<params::EvalWeights, SpecError> {
        let d = params::EvalWeights::DEFAULT;
        let get = |key: &str, default: f64, min: f64| {
            let v = self.get(key, default)?;
            if v.is_finite() && v >= min {
                return Ok(v);
            }
            Err(SpecError::BadValue {
                key: key.into(),
                value: v.to_string(),
                reason: format!("a finite number, at least {min}"),
            })
        };
        Ok(params::EvalWeights {
            quest_reachable: get("reach", d.quest_reachable, f64::MIN)?,
            quest_in_hand: get("hand", d.quest_in_hand, f64::MIN)?,
            mobility: get("mobility", d.mobility, f64::MIN)?,
            temperature: get("temp", d.temperature, 1e-3)?,
        })
    }

    fn policy(&self, c: f64) -> Result<SelectionPolicy, SpecError> {
        let gamma = self.get("gamma", params::DUCT_GAMMA)?;
        let name = self.params.get("policy").map_or("ucb1", String::as_str);
        SelectionPolicy::named(name, c, gamma).ok_or_else(|| SpecError::BadValue {
            key: "policy".into(),
            value: name.into(),
            reason: SelectionPolicy::NAMES.into(),
        })
    }

    /// Builds the bot; `seed` is used unless the spec sets one.
    pub fn build(&self, seed: u64) -> Result<Box<dyn Bot>, SpecError> {
        let seed = self.get("seed", seed)?;
        let turns: u32 = self.get("turns", params::PLAYOUT_TURNS)?;
        if turns == 0 {
            return Err(SpecError::BadValue {
                key: "turns".into(),
                value: "0".into(),
                reason: "at least 1".into(),
            });
        }
        let c = self.get("c", params::UCB_C)?;
        let bandit = BanditOptions { turns, c };
        Ok(match self.name.as_str() {
            "random" => Box::new(RandomBot::new(seed)),
            "greedy" => Box::new(Greedy::default()),
            "minmax1" => Box::new(MinMax1::default()),
            "mcts" => {
                let depth: u32 = self.get("depth", params::MCTS_DEPTH)?;
                if depth == 0 {
                    return Err(SpecError::BadValue {
                        key: "depth".into(),
                        value: "0".into(),
                        reason: "at least 1".into(),
                    });
                }
                let options = UctOptions {
                    c,
                    turns,
                    depth,
                    max_nodes: params::TREE_NODES,
                };
                Box::new(MctsBot::new(options, self.effort()?, seed))
            }
            "duct" => {
                let policy = self.policy(c)?;
                match self.params.get("impl").map(String::as_str) {
                    None | Some("fast") => {
                        let options = PushDuctOptions {
                            policy,
                            turns,
                            max_nodes: params::TREE_NODES,
                            weights: self.weights()?,
                        };
                        Box::new(DuctBot::new(options, self.effort()?, seed))
                    }
                    Some("generic") => {
                        Box::new(GenericDuctBot::new(policy, turns, self.effort()?, seed))
                    }
                    Some(other) => {
                        return Err(SpecError::BadValue {
                            key: "impl".into(),
                            value: other.into(),
                            reason: "fast or generic".into(),
                        });
                    }
                }
            }
            "smitsimax" => {
                let c = self.get("c", params::SMITSIMAX_C)?;
                let options = SmitsimaxOptions {
                    policy: self.policy(c)?,
                    turns,
                    max_nodes: params::TREE_NODES,
                };
                Box::new(SmitsimaxBot::new(options, self.effort()?, seed))
            }
            "combo" => {
                let options = ComboOptions {
                    bandit,
                    time: self.time()?,
                    keep_mine: self.get("keep", params::COMBO_KEEP_MINE)?,
                    keep_theirs: self.get("keep_opp", params::COMBO_KEEP_THEIRS)?,
                    margin: self.get("margin", params::COMBO_MARGIN)?,
                    opponent_share: self.get("opp_share", params::COMBO_OPPONENT_SHARE)?,
                };
                Box::new(ComboBot::new(options, seed))
            }
            other => return Err(SpecError::UnknownName(other.into())),
        })
    }
}
