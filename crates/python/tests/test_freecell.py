"""yomi.freecell against the CLI's figures and the library's own tests' facts."""

import os
import signal
import threading
import time

import numpy as np
import pytest

from yomi import freecell as fc

# `cargo run --release -q -- freecell deal 1`
DEAL_1 = """JD KD 2S 4C 3S 6D 6S
2D KC KS 5C TD 8S 9C
9H 9S 9D TS 4S 8D 2H
JC 5S QD QH TH QS 6H
5D AD JS 4H 8H 6C
7H QC AS AC 2C 3D
7C KH AH 4D JH 8C
5H 3H 3C 7S 7D TC
"""

# `cargo run --release -q -- freecell solve N --json` (verdict, length, states):
CLI_SOLVES = {
    1: ("solved", 97, 288),
    5: ("solved", 92, 228),
    617: ("solved", 92, 4068),
    11982: ("unsolvable", 0, 169763),
}
# `cargo run --release -q -- freecell solve 1`: the solution's first moves.
CLI_DEAL_1_START = ["6a", "6b", "6h", "6h", "6d", "67", "bh", "57", "52", "76v3"]
# `cargo run --release -q -- freecell solve 1 --moves atomic --json`: length 115.
CLI_DEAL_1_ATOMIC = 115
# `cargo run --release -q -- freecell solve 11982 --cells 3 --json`: unsolvable, 12738 states.
CLI_11982_3_CELLS = ("unsolvable", 12738)


def test_deal_matches_the_cli_and_the_limits():
    assert fc.MAX_DEAL == 2**33 - 1
    b = fc.deal(1)
    assert b.text() == DEAL_1 == str(b)
    assert b.columns[0] == ["JD", "KD", "2S", "4C", "3S", "6D", "6S"]
    assert b.cells == [None] * 4 and b.foundations == [0, 0, 0, 0]
    assert (b.ncols, b.ncells) == (8, 4)
    assert fc.Board.deal(1) == b
    assert fc.deal(1, cells=2).ncells == 2
    assert fc.deal(fc.MAX_DEAL).ncols == 8
    for bad in (0, -1, fc.MAX_DEAL + 1, 2**70):
        with pytest.raises(ValueError, match="out of range"):
            fc.deal(bad)
    with pytest.raises(ValueError, match="free cells"):
        fc.deal(1, cells=9)


def test_deal_range():
    assert fc.deal_range("1..32000") == (1, 32000)
    assert fc.deal_range("7") == (7, 7)
    for bad in ("0", "5..4", "x", "1..8589934592"):
        with pytest.raises(ValueError, match="expected a deal number"):
            fc.deal_range(bad)


def test_board_text_round_trips_and_bad_text_is_refused():
    b = fc.deal(617)
    assert fc.Board(b.text()) == b
    full = b.text(full=True)
    assert full.startswith("Foundations: H-0 C-0 D-0 S-0\nFreecells: - - - -\n: ")
    assert fc.Board(full) == b
    assert fc.Board(b.text()) != fc.deal(1)
    with pytest.raises(ValueError, match=r"line 2: unknown card \(token `foo`\)"):
        fc.Board("JD KD\nfoo")
    with pytest.raises(ValueError, match="duplicate card"):
        fc.Board("JD JD")
    with pytest.raises(ValueError, match="expected 8"):
        fc.Board("")
    with pytest.raises(ValueError, match="bad layout"):
        fc.Board(DEAL_1, cols=0)


def test_moves_are_generated_checked_and_played():
    b = fc.deal(1)
    # No top card of deal 1 fits on another: only moves to the first free cell.
    assert b.legal_moves() == [f"{c}a" for c in range(1, 9)]
    assert set(b.legal_moves("atomic")) == set(b.legal_moves())
    assert b.is_legal("6a") and not b.is_legal("6h") and not b.is_legal("12")
    with pytest.raises(ValueError, match="does not go on its foundation"):
        b.play("6h")
    assert b == fc.deal(1)  # a refused move changes nothing
    with pytest.raises(ValueError, match="bad move `zz`"):
        b.play("zz")
    with pytest.raises(ValueError, match="bad move"):
        b.is_legal("19")
    with pytest.raises(ValueError, match="moves="):
        b.legal_moves("both")
    c = b.copy()
    assert b.play("6a") == "6a" and b.play("6b") == "6b"
    assert b.cells == ["3D", "2C", None, None]
    assert c == fc.deal(1)  # the copy is independent
    # AC, then 2C from cell b and AS go home by the safe rule.
    assert sorted(b.auto_play()) == ["6h", "6h", "bh"]
    assert b.foundations == [2, 0, 0, 1]
    assert b.cells == ["3D", None, None, None]
    assert b.auto_play() == []


def test_encode_and_move_hex():
    b = fc.deal(1)
    t = b.encode()
    assert t.dtype == np.uint8 and t.shape == (fc.TENSOR_LEN,) == (160,)
    assert t[8] == 42  # JD: rank 11, suit 1 -> index 41, code 42 (library test)
    assert t[8 + 7] == 0 and not t[:8].any()
    # column 6 (index 5) is 4 + 5 = 9 in hex, the first free cell is 0
    assert b.move_hex("6a") == "90"
    with pytest.raises(ValueError, match="hex notation needs"):
        fc.deal(1, cells=5).move_hex("6a")
    with pytest.raises(ValueError, match="tensor encoding needs"):
        fc.deal(1, cells=5).encode()


@pytest.mark.parametrize("deal", sorted(CLI_SOLVES))
def test_solve_matches_the_cli(deal):
    verdict, length, states = CLI_SOLVES[deal]
    r = fc.solve(deal)
    assert (r.verdict, r.length, r.states) == (verdict, length, states)
    assert r.deal == deal and len(r.moves) == len(r.auto) == length
    assert (r.move_mode, r.solver) == ("sequence", "fast")
    if verdict == "unsolvable":
        assert r.decided_by == "exhaustive" and r.moves == []
    else:
        # the solution replays to the solved board
        b = fc.deal(deal)
        for m in r.moves:
            b.play(m)
        assert b.is_solved()
    assert "SolveResult(" in repr(r)


def test_solve_takes_boards_text_and_options():
    r = fc.solve(1)
    assert r.moves[: len(CLI_DEAL_1_START)] == CLI_DEAL_1_START
    assert r.auto[6] and not r.auto[0]
    assert fc.solve(fc.deal(1)).moves == r.moves
    assert fc.solve(DEAL_1).moves == r.moves and fc.solve(DEAL_1).deal is None
    atomic = fc.solve(1, moves="atomic")
    assert atomic.length == CLI_DEAL_1_ATOMIC and atomic.move_mode == "atomic"
    assert not any("v" in m for m in atomic.moves)
    assert (fc.solve(11982, cells=3).verdict, fc.solve(11982, cells=3).states) == CLI_11982_3_CELLS
    none = fc.solve(1, shorten="none")
    assert none.length == none.length_before_shortening == r.length_before_shortening
    rep = fc.solve(1, mode="reproduce")
    assert rep.solver == "reproduce" and rep.decided_by == "reproduce"
    # a state limit too small for the proof leaves no verdict
    assert fc.solve(11982, exhaust_limit=1000).verdict == "intractable"


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"mode": "slow"}, "mode="),
        ({"moves": "many"}, "moves="),
        ({"shorten": "lots"}, "shorten="),
        ({"reproduce": "1,2"}, "reproduce"),
        ({"atomic_tries": 0}, "atomic_tries"),
        ({"atomic_tries": 65}, "atomic_tries"),
    ],
)
def test_solve_refuses_bad_options(kwargs, message):
    with pytest.raises(ValueError, match=message):
        fc.solve(1, **kwargs)


def test_solve_refuses_bad_boards():
    for bad in (0, -5, fc.MAX_DEAL + 1):
        with pytest.raises(ValueError, match="out of range"):
            fc.solve(bad)
    with pytest.raises(ValueError, match="unknown card"):
        fc.solve("JD XX")
    with pytest.raises(ValueError, match="expected a Board"):
        fc.solve([1, 2])


def test_dataset_rows_follow_the_solutions():
    d = fc.dataset(1, 2)
    n = len(d["move"])
    assert d["tensor"].shape == (n, fc.TENSOR_LEN) and d["tensor"].dtype == np.uint8
    assert d["deal"].dtype == np.uint64 and d["step"].dtype == np.uint32
    assert d["auto"].dtype == np.bool_
    one = d["deal"] == 1
    r1 = fc.solve(1)
    assert one.sum() == r1.length == 97
    assert [m for m, o in zip(d["move"], one) if o] == r1.moves
    assert list(d["auto"][one]) == r1.auto
    assert list(d["step"][one]) == list(range(97))
    assert list(d["remaining"][one]) == list(range(97, 0, -1))
    assert d["board"][0] == fc.deal(1).text(full=True)
    assert (d["tensor"][0] == fc.deal(1).encode()).all()
    assert d["move_hex"][0] == fc.deal(1).move_hex(d["move"][0])
    assert (d["deal"][~one] == 2).all() and (~one).sum() == fc.solve(2).length
    assert (d["solved"], d["unsolvable"], d["intractable"]) == (2, [], [])
    again = fc.dataset(1, 2, seed=0)
    assert again["move"] == d["move"] and (again["tensor"] == d["tensor"]).all()


def test_dataset_of_an_unsolvable_deal_has_no_rows():
    d = fc.dataset(11982)
    assert d["unsolvable"] == [11982] and d["solved"] == 0
    assert d["tensor"].shape == (0, fc.TENSOR_LEN) and d["move"] == []


def test_dataset_refuses_bad_ranges():
    for args in ((0,), (5, 4), (-1,), (fc.MAX_DEAL + 1,)):
        with pytest.raises(ValueError):
            fc.dataset(*args)
    with pytest.raises(ValueError, match="at most"):
        fc.dataset(1, fc.MAX_DATASET_DEALS + 1)
    with pytest.raises(ValueError, match="tensor encoding needs"):
        fc.dataset(1, cells=5)


def test_ctrl_c_stops_a_long_solve(sigint_raises):
    # Deep shortening with a 3M-state bound searches for about 8 s and half a GB
    # (`yomi freecell solve 1 --shorten deep --node-limit 3000000`); the solver looks
    # at its stop flag every few milliseconds, so Ctrl-C ends it at once.
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        fc.solve(1, shorten="deep", node_limit=3_000_000)
    timer.join()
    assert time.monotonic() - start < 3
    # The interpreter is fine afterwards.
    assert fc.solve(5).length == 92
