//! `yomi.xmasrush`: CodinGame's Xmas Rush referee as a two-player environment, the built-in
//! bots as players, and whole refereed games (crate `yomi-xmasrush`, as `yomi xmasrush play`
//! wires it).
//!
//! Contract: `Env.step` takes the protocol lines the bots print (`PUSH 3 RIGHT`,
//! `MOVE UP LEFT`, `PASS`), parsed and checked against the turn type by the library's
//! `parse_for_turn`; a refused line raises `ValueError` with the library's message and leaves
//! the environment unchanged. Observations are numpy arrays plus the exact text each player
//! reads on stdin (`protocol::render_input`). Every game is a function of its seed (and of
//! the bots' seeds; time-budgeted search bots also depend on time unless given
//! `iterations`).

mod bot;
mod env;

use crate::errors::value_error;
use pyo3::prelude::*;
use yomi_xmasrush::League;

/// The league named `name` (`wood2`, `wood1`, `bronze`, `silver`, `gold`, `legend`).
pub(crate) fn league(name: &str) -> PyResult<League> {
    League::parse(name).map_err(value_error)
}

/// Fills the `yomi.xmasrush` module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<env::Env>()?;
    m.add_class::<env::Observation>()?;
    m.add_class::<env::StepResult>()?;
    m.add_class::<bot::Bot>()?;
    m.add_class::<bot::GameResult>()?;
    m.add_function(wrap_pyfunction!(bot::play_game, m)?)?;
    m.add_function(wrap_pyfunction!(env::parse_action, m)?)?;
    m.add("ITEM_NAMES", yomi_xmasrush::ITEM_NAMES.to_vec())?;
    m.add(
        "STRATEGIES",
        yomi_xmasrush::bots::STRATEGIES
            .iter()
            .map(|(name, _)| *name)
            .collect::<Vec<_>>(),
    )?;
    Ok(())
}
