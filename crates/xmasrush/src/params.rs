//! Every tunable of the bots, in one place.
//!
//! Contract: the defaults are what `yomi xmasrush` uses when a strategy spec
//! leaves a parameter out; specs override them per bot.

use std::time::Duration;

/// Evaluation weights (per player, before the two sides are compared).
pub mod eval {
    /// One completed quest.
    pub const QUEST_DONE: f64 = 1.0;
    /// A revealed quest item reachable from the player's tile now.
    pub const QUEST_REACHABLE: f64 = 0.4;
    /// A revealed quest item on the player's own hand tile (it can be pushed in).
    pub const QUEST_IN_HAND: f64 = 0.25;
    /// Per cell reachable (mobility), small.
    pub const MOBILITY: f64 = 0.01;
    /// Logistic temperature turning the value difference into [0, 1].
    pub const TEMPERATURE: f64 = 1.5;
}

/// The evaluation's weights as one value, so a bot can carry its own (the
/// `duct` spec keys `reach`, `hand`, `mobility`, `temp`; the tuner moves
/// them). [`EvalWeights::DEFAULT`] is the [`eval`] constants.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EvalWeights {
    /// A revealed quest item reachable now (a completed quest counts 1).
    pub quest_reachable: f64,
    /// A revealed quest item on the player's own hand tile.
    pub quest_in_hand: f64,
    /// Per reachable cell.
    pub mobility: f64,
    /// Logistic temperature of the value difference (positive).
    pub temperature: f64,
}

impl EvalWeights {
    /// The built-in weights.
    pub const DEFAULT: EvalWeights = EvalWeights {
        quest_reachable: eval::QUEST_REACHABLE,
        quest_in_hand: eval::QUEST_IN_HAND,
        mobility: eval::MOBILITY,
        temperature: eval::TEMPERATURE,
    };
}

/// Time the searching bots use per turn by default (the turn limit is 50 ms).
pub const TURN_TIME: Duration = Duration::from_millis(40);
/// Extra time allowed on the first turn (the limit is 1 s there).
pub const FIRST_TURN_TIME: Duration = Duration::from_millis(400);
/// Game turns (push + move = 2) a playout runs past the root before it is evaluated.
pub const PLAYOUT_TURNS: u32 = 2;
/// UCB1 exploration constant on the [0, 1] evaluation scale.
pub const UCB_C: f64 = 0.4;
/// DUCT: exploration rate of Exp3 and regret matching.
pub const DUCT_GAMMA: f64 = 0.1;
/// Tree nodes at most per search tree (`duct`, `smitsimax`, `mcts`); past it
/// the tree stops growing and iterations go on from its leaves. A 40 ms turn
/// builds some tens of thousands.
pub const TREE_NODES: usize = 250_000;
/// `mcts`: tree levels at most over my own pushes (1 is a root bandit).
pub const MCTS_DEPTH: u32 = 8;
/// `smitsimax`: UCB1 exploration constant in each player's tree.
pub const SMITSIMAX_C: f64 = 0.4;
/// Combo: pushes kept after the one-ply minimax (at most).
pub const COMBO_KEEP_MINE: usize = 8;
/// Combo: opponent pushes kept after the opponent-side search.
pub const COMBO_KEEP_THEIRS: usize = 6;
/// Combo: share of the turn time given to the opponent-side search.
pub const COMBO_OPPONENT_SHARE: f64 = 0.15;
/// Combo: pushes whose worst case is within this of the best worst case survive.
pub const COMBO_MARGIN: f64 = 0.08;
