"""Shared paths for the yomi Python tests.

The tests read the repository's own reference data (perft counts, tsume problems) and use the
engine binary that `cargo test --workspace` builds, so they run from a checkout.
"""

import os
import pathlib
import signal

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def repo() -> pathlib.Path:
    return REPO


@pytest.fixture(scope="session")
def usi_engine() -> str:
    """The yomi-usi binary: $YOMI_USI, else target/{debug,release}/yomi-usi (must exist)."""
    explicit = os.environ.get("YOMI_USI")
    candidates = [pathlib.Path(explicit)] if explicit else [
        REPO / "target" / "debug" / "yomi-usi",
        REPO / "target" / "release" / "yomi-usi",
    ]
    for path in candidates:
        if path.is_file():
            return str(path)
    raise FileNotFoundError(
        f"no yomi-usi binary at {[str(c) for c in candidates]}: run `cargo build -p yomi-usi` "
        "or set YOMI_USI"
    )


@pytest.fixture
def sigint_raises():
    """Ctrl-C raises KeyboardInterrupt during the test, as in an interactive interpreter.

    Python installs that handler only when SIGINT is at its default at startup; a process
    started in the background by a non-interactive shell inherits SIGINT ignored, and then
    neither a real SIGINT nor `_thread.interrupt_main()` reaches Python at all.
    """
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)
