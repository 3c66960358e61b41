"""yomi.search: games, strategies by spec, solver and perft against known facts."""

import copy

import pytest

from yomi import search


def test_games_lists_the_registry():
    names = [g[0] for g in search.games()]
    assert names == ["tictactoe", "connect4", "shogi"]
    assert ("connect4", ["c4"], "Connect Four, 7 columns by 6 rows.") in search.games()


def test_game_methods_on_tictactoe():
    g = search.Game("ttt")
    assert g.name == "tictactoe"
    assert g.legal_actions() == [str(i) for i in range(1, 10)]
    assert g.current_player() == 0
    assert not g.is_terminal() and g.outcome() is None and g.returns() == [0.0, 0.0]
    c = g.child("5")
    assert g.history() == [] and c.history() == ["5"]
    assert c.current_player() == 1 and "5" not in c.legal_actions()
    for m in ["1", "4", "2"]:
        c.apply_action(m)
    assert c.history() == ["5", "1", "4", "2"]
    # X holds 5 and 4, O holds 1 and 2: X completes 4-5-6.
    c.apply_action("6")
    assert c.is_terminal()
    assert c.outcome() == "loss"  # from the side to move (O)
    assert c.returns() == [1.0, -1.0]
    assert c.current_player() == search.TERMINAL_PLAYER == -4
    assert c.legal_actions() == []
    assert "X" in str(c)
    assert repr(c).startswith("Game('tictactoe'")


def test_clone_is_independent():
    g = search.Game("c4")
    for h in (g.clone(), copy.copy(g), copy.deepcopy(g)):
        h.apply_action("4")
        assert g.history() == [] and h.history() == ["4"]


def test_position_and_returns_for_second_player_win():
    g = search.Game("tictactoe", "OOO.XX.X.")
    assert g.is_terminal() and g.returns() == [-1.0, 1.0]
    assert g.position_syntax == "9 cells row by row with X, O and . (e.g. XO.X.O...)"
    c4 = search.Game("connect4", "4453")
    assert c4.position_syntax.startswith("the columns played so far")
    assert c4.current_player() == 0 and search.perft(c4, 1) == 7


def test_connect4_evaluate_and_shogi_start():
    s = search.Game("shogi")
    assert len(s.legal_actions()) == 30  # the shogi start position has 30 moves
    assert s.evaluate() == 0  # material is level
    assert sorted(search.Game("c4").legal_actions()) == [str(i) for i in range(1, 8)]


def test_bad_names_positions_and_moves_raise_value_error():
    with pytest.raises(ValueError, match="unknown game 'chess'; valid games: tictactoe, connect4, shogi"):
        search.Game("chess")
    with pytest.raises(ValueError, match="9 cells"):
        search.Game("ttt", "XX")
    g = search.Game("ttt")
    with pytest.raises(ValueError, match="off the board"):
        g.apply_action("10")
    g.apply_action("5")
    with pytest.raises(ValueError, match="not a legal move|taken|occupied"):
        g.apply_action("5")
    assert g.history() == ["5"]


def test_perft_known_counts():
    ttt = search.Game("ttt")
    assert [search.perft(ttt, d) for d in range(0, 4)] == [1, 9, 72, 504]
    assert search.perft(ttt, 9) == 127872  # games lasting all nine plies
    assert [search.perft(search.Game("c4"), d) for d in range(1, 6)] == [7, 49, 343, 2401, 16807]
    assert search.perft(search.Game("shogi"), 2) == 900
    with pytest.raises(ValueError, match="out of range"):
        search.perft(ttt, 1_000_000)


def test_tictactoe_is_a_draw():
    s = search.solve(search.Game("ttt"))
    assert (s.value, s.result, s.plies) == (0, "draw", None)
    assert s.best_moves == [str(i) for i in range(1, 10)]  # every first move draws
    assert len(s.pv) == 9 and s.nodes > 0
    # The CLI (`yomi solve tictactoe --json`) prints the same figures.
    assert s.pv == ["1", "5", "3", "2", "8", "7", "6", "9", "4"] and s.nodes == 17887


def test_solve_finds_the_win_in_one():
    s = search.solve(search.Game("ttt", "XO.X.O..."))
    assert (s.value, s.result, s.plies, s.best_moves) == (1, "win", 1, ["7"])
    with pytest.raises(ValueError, match="out of range"):
        search.solve(search.Game("ttt"), tt_mb=10**6)
    with pytest.raises(ValueError, match="non-negative number of seconds"):
        search.solve(search.Game("ttt"), time=-1.0)


def test_alphabeta_and_minimax_choose_moves_of_equal_value():
    pos = search.Game("ttt", "X...O....")
    values = {m: search.solve(pos.child(m)).value for m in pos.legal_actions()}
    best = -min(values.values())  # value for the mover of the best child
    for spec in ["alphabeta", "minimax"]:
        r = search.choose(pos, spec)
        assert -values[r.move] == best == 0, spec
        assert r.value_kind == "exact" and r.value == 0.0 and r.value_text == "draw"
    # A forced win is seen by both.
    win = search.Game("ttt", "XO.X.O...")
    for spec in ["alphabeta", "minimax"]:
        r = search.choose(win, spec)
        assert r.move == "7" and r.value == 1.0 and r.plies == 1 and r.pv[0] == "7"


def test_connect4_alphabeta_finds_the_row():
    pos = search.Game("c4")
    for m in "112233":
        pos.apply_action(m)
    r = search.choose(pos, "alphabeta:depth=4")
    assert r.move == "4" and r.value_kind == "exact" and r.value == 1.0


def test_seeded_mcts_is_deterministic_and_seed_matters():
    g = search.Game("c4")
    runs = [search.choose(g, "mcts:iterations=300", seed=9) for _ in range(2)]
    assert runs[0].move == runs[1].move and runs[0].root == runs[1].root
    assert runs[0].iterations == 300 and runs[0].value_kind == "expected"
    assert sum(n for _, n, _ in runs[0].root) == 300
    other = [search.choose(g, "mcts:iterations=300", seed=s).root for s in range(10, 14)]
    assert any(r != runs[0].root for r in other)


def test_other_strategies_return_legal_moves():
    g = search.Game("ttt")
    for spec in ["random", "flatmc:playouts=20", "softmax:iterations=100", "mcs", "uct:iterations=50"]:
        r = search.choose(g, spec, seed=1)
        assert r.move in g.legal_actions(), spec
    flat = search.choose(g, "flatmc:playouts=20", seed=1)
    assert flat.iterations == 9 * 20  # playouts per root move
    assert search.choose(search.Game("shogi"), "alphabeta:depth=2").move in search.Game("shogi").legal_actions()


def test_limits_tighten_the_budget():
    g = search.Game("ttt")
    r = search.choose(g, "mcts:iterations=5000", seed=1, nodes=100)
    assert r.iterations == 100
    assert search.choose(g, "alphabeta", depth=2).depth == 2
    with pytest.raises(ValueError, match="at least 1"):
        search.choose(g, "alphabeta", depth=0)


def test_strategy_object_keeps_playing():
    st = search.Strategy("alphabeta:depth=9", "tictactoe", seed=3)
    assert st.game == "tictactoe" and st.name == "alphabeta(depth=9, tt=16MB)"
    g = search.Game("ttt")
    while not g.is_terminal():
        g.apply_action(st.choose(g).move)
    assert g.outcome() == "draw"  # perfect self-play draws
    st.new_game()
    assert st.choose(search.Game("ttt")).move in [str(i) for i in range(1, 10)]
    with pytest.raises(ValueError, match="the game is over"):
        st.choose(g)
    with pytest.raises(ValueError, match="plays tictactoe, not connect4"):
        st.choose(search.Game("c4"))
    assert search.Strategy("random", search.Game("c4")).game == "connect4"
    assert "Strategy('alphabeta:depth=9'" in repr(st)


def test_bad_specs_raise_value_error_with_the_library_message():
    g = search.Game("ttt")
    with pytest.raises(
        ValueError,
        match="unknown strategy 'bogus'; valid strategies: random, minimax, alphabeta, flatmc, mcts, softmax",
    ):
        search.choose(g, "bogus")
    with pytest.raises(ValueError, match="bad value '0' for mcts parameter 'iterations'"):
        search.Strategy("mcts:iterations=0", "ttt")
    with pytest.raises(ValueError, match="unknown parameter 'depth' for mcts"):
        search.parse_strategy("mcts:depth=3")
    with pytest.raises(ValueError, match="malformed strategy spec"):
        search.parse_strategy("mcts:iterations")
    with pytest.raises(ValueError, match="unknown game"):
        search.Strategy("random", "go")
    assert search.parse_strategy("ab:depth=3") == "alphabeta:depth=3"
    assert [n for n, _ in search.strategies()] == [
        "random", "minimax", "alphabeta", "flatmc", "mcts", "softmax", "duct"]
    with pytest.raises(ValueError, match="duct does not play alternating-move games; use mcts"):
        search.Strategy("duct", "ttt")
