//! The evaluation: a value in [0, 1] for each player, the two summing to 1.
//!
//! Contract: [`evaluate`] compares the players on quests done, revealed quest
//! items reachable now, revealed quest items on their own hand tile and a
//! little mobility, and maps the difference through a logistic; at the end
//! of the game it is 1, 0.5 or 0 by the scores.

use crate::params::EvalWeights;
use crate::params::eval::QUEST_DONE;
use crate::reach::{flood, open_masks};
use crate::state::{HAND0, State};

/// Player `p`'s raw value (before comparison) under weights `w`.
pub fn player_value_with(state: &State, p: usize, open: &[u64; 4], w: &EvalWeights) -> f64 {
    let reach = flood(open, state.pos[p]);
    let mut v = QUEST_DONE * f64::from(state.score[p]);
    for item in state.quest_items(p) {
        let loc = state.items[item];
        if (loc as usize) < 49 && reach >> loc & 1 == 1 {
            v += w.quest_reachable;
        } else if loc == HAND0 + p as u8 {
            v += w.quest_in_hand;
        }
    }
    v + w.mobility * f64::from(reach.count_ones())
}

/// Player `me`'s evaluation in [0, 1]; `evaluate(s, 0) + evaluate(s, 1) == 1`.
pub fn evaluate(state: &State, me: usize) -> f64 {
    evaluate_with(state, me, &EvalWeights::DEFAULT)
}

/// [`evaluate`] with the given weights.
pub fn evaluate_with(state: &State, me: usize, w: &EvalWeights) -> f64 {
    if state.over {
        let d = state.score[me] - state.score[1 - me];
        return 0.5 + 0.5 * f64::from(d.signum());
    }
    let open = open_masks(state);
    let d = player_value_with(state, me, &open, w) - player_value_with(state, 1 - me, &open, w);
    1.0 / (1.0 + (-d / w.temperature).exp())
}
