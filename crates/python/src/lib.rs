//! `yomi._yomi`: the native core of the `yomi` Python package.
//!
//! Contract: this crate only wires the yomi libraries to Python; every rule, solver and
//! statistic lives in the library crates. Each capability is one submodule (`yomi.shogi`,
//! `yomi.freecell`, ...), re-exported by the pure-Python package under `python/yomi/`, whose
//! `.pyi` stubs document the signatures. Bad input raises `ValueError` carrying the library's
//! own message; long work releases the GIL and polls for Ctrl-C.

mod arena;
mod deck;
mod errors;
mod freecell;
mod interrupt;
mod party;
mod report;
mod search;
mod shogi;
mod xmasrush;

use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Adds `module` as `parent.<name>` and registers it in `sys.modules` as
/// `yomi._yomi.<name>`, so `import yomi._yomi.<name>` works like a package path.
fn add_submodule<'py>(
    parent: &Bound<'py, PyModule>,
    name: &str,
    fill: impl FnOnce(&Bound<'py, PyModule>) -> PyResult<()>,
) -> PyResult<()> {
    let py = parent.py();
    let module = PyModule::new(py, name)?;
    fill(&module)?;
    parent.add_submodule(&module)?;
    let modules = py
        .import("sys")?
        .getattr("modules")?
        .cast_into::<PyDict>()?;
    modules.set_item(format!("yomi._yomi.{name}"), &module)?;
    Ok(())
}

/// The extension module.
#[pymodule]
fn _yomi(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    add_submodule(m, "shogi", shogi::register)?;
    add_submodule(m, "freecell", freecell::register)?;
    add_submodule(m, "deck", deck::register)?;
    add_submodule(m, "party", party::register)?;
    add_submodule(m, "xmasrush", xmasrush::register)?;
    add_submodule(m, "search", search::register)?;
    add_submodule(m, "arena", arena::register)?;
    Ok(())
}
