//! `yomi.search`: the built-in games (the registry's), the strategies by spec string, the exact
//! solver and perft; the simultaneous-move games with Decoupled UCT.
//!
//! Contract: a game is chosen by its registry name or alias and dispatched once with the
//! registry's `with_game!` (as the CLI does); strategies are the CLI's specs; every search
//! runs without the GIL and is reproducible from its seed. Bad names, specs, moves and
//! positions raise `ValueError` with the library's message.

mod dynamic;
mod game;
mod simultaneous;
mod solve;
mod strategy;

use pyo3::prelude::*;

/// Fills the `yomi.search` module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<game::PyGame>()?;
    m.add_class::<strategy::PyStrategy>()?;
    m.add_class::<strategy::SearchResult>()?;
    m.add_class::<solve::Solution>()?;
    m.add_class::<simultaneous::PySimGame>()?;
    m.add_class::<simultaneous::DuctResult>()?;
    m.add_function(wrap_pyfunction!(simultaneous::choose_simultaneous, m)?)?;
    m.add_function(wrap_pyfunction!(simultaneous::simultaneous_games, m)?)?;
    m.add_function(wrap_pyfunction!(game::games, m)?)?;
    m.add_function(wrap_pyfunction!(strategy::choose, m)?)?;
    m.add_function(wrap_pyfunction!(strategy::parse_strategy, m)?)?;
    m.add_function(wrap_pyfunction!(strategy::strategies, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve::perft, m)?)?;
    m.add("TERMINAL_PLAYER", game::TERMINAL_PLAYER)?;
    Ok(())
}
