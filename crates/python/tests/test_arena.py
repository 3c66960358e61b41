"""yomi.arena: matches against the CLI's figures, statistics against hand-checked values."""

import math

import pytest

from yomi import arena


def same(got, want):
    """Numbers equal to the printed digits; everything else exactly."""
    if isinstance(want, float):
        return got == pytest.approx(want, rel=1e-12)
    return got == want

# `yomi arena tictactoe --a alphabeta --b random --games 40 --seed 7 --json` printed:
CLI_40 = {
    "a_name": "alphabeta(tt=16MB)",
    "b_name": "random(seed=11122876675930066434)",
    "games": 40,
    "pairs": 20,
    "wins": 35,
    "draws": 5,
    "losses": 0,
    "score": 0.9375,
    "elo": 470.43650362227254,
    "elo_error": 181.48565702742698,
    "elo_lower": 363.29978547713444,
    "elo_upper": 726.2710995319884,
    "elo_error_trinomial": 210.41802001148355,
    "nelo": 992.8798868513934,
    "nelo_error": 107.66942497636752,
    "los": 1.0,
    "pentanomial": [0, 0, 0, 5, 15],
    "mean_plies": 6.375,
    "seed": 7,
}
# The same with `--games 200 --sprt 0,100`: stopped after 12 pairs.
CLI_SPRT = {
    "games": 24,
    "games_scheduled": 200,
    "wins": 21,
    "draws": 3,
    "losses": 0,
    "pentanomial": [0, 0, 0, 3, 9],
    "llr": 2.963631162227073,
    "lower_bound": -2.9444389791664403,
    "upper_bound": 2.9444389791664403,
    "sprt_result": "H1 accepted",
    "elo_model": "logistic",
    "stopped_early": True,
}


def test_match_matches_the_cli():
    m = arena.run_match("tictactoe", "alphabeta", "random", games=40, seed=7, threads=1)
    for k, v in CLI_40.items():
        assert same(m.report[k], v), (k, m.report[k])
    assert m.report["elo"] > 0
    assert m.text.startswith("Match: A = alphabeta(tt=16MB)  vs  B = random(seed=11122876675930066434)")
    assert "A: 35 W / 5 D / 0 L" in m.text and "Elo: +470.4 +/- 181.5" in m.text
    assert str(m) == m.text and "wins=35" in repr(m)
    # Thread count does not change the figures.
    m2 = arena.run_match("ttt", "alphabeta", "random", games=40, seed=7, threads=2)
    assert m2.report["pentanomial"] == CLI_40["pentanomial"]


def test_sprt_stops_early_like_the_cli():
    m = arena.run_match("tictactoe", "alphabeta", "random", games=200, seed=7, sprt="0,100")
    for k, v in CLI_SPRT.items():
        assert same(m.report[k], v), (k, m.report[k])


def test_clocked_match_reports_forfeits():
    m = arena.run_match("ttt", "mcts:iterations=100", "random", games=4, seed=2, nodes_per_move=50)
    assert m.report["time_control"] == "50 nodes per move"
    assert m.report["time_losses"] == [0, 0] and "forfeits (A / B)" in m.text
    assert m.report["games"] == 4


def test_openings_and_max_plies():
    m = arena.run_match("ttt", "random", "random", games=4, openings=["5 1"], max_plies=5, seed=3)
    assert m.report["games"] == 4 and m.report["mean_plies"] <= 5
    with pytest.raises(ValueError, match="move 1 \\('0'\\)|off the board"):
        arena.run_match("ttt", "random", "random", games=2, openings=["0"])
    with pytest.raises(ValueError, match="max_plies \\(1\\) must exceed"):
        arena.run_match("ttt", "random", "random", games=2, max_plies=1, opening_plies=2)


def test_bad_match_input_raises_value_error():
    with pytest.raises(ValueError, match="unknown game 'go'; valid games: tictactoe, connect4, shogi"):
        arena.run_match("go", "random", "random")
    with pytest.raises(ValueError, match="unknown strategy 'nope'"):
        arena.run_match("ttt", "random", "nope")
    with pytest.raises(ValueError, match="SPRT elo0 \\(5\\) must be less than elo1 \\(0\\)"):
        arena.run_match("ttt", "random", "random", sprt="5,0")
    with pytest.raises(ValueError, match="games must be at least 1"):
        arena.run_match("ttt", "random", "random", games=0)
    with pytest.raises(ValueError, match="threads"):
        arena.run_match("ttt", "random", "random", threads=5000)
    with pytest.raises(ValueError, match="not both"):
        arena.run_match("ttt", "random", "random", byoyomi=0.1, increment=0.1)
    with pytest.raises(ValueError):
        arena.run_match("ttt", "random", "random", resign="x")


def test_elo_from_wdl_by_hand():
    e = arena.elo(35, 5, 0)
    s = 0.9375
    var = (5 * (0.5 - s) ** 2 + 35 * (1 - s) ** 2) / 40
    se = math.sqrt(var / 40)
    to_elo = lambda x: -400 * math.log10(1 / x - 1)  # noqa: E731
    assert e.score == s and e.stderr == pytest.approx(se)
    assert e.elo == pytest.approx(470.43650362227254)
    assert e.lower == pytest.approx(to_elo(s - 1.959963984540054 * se))
    assert e.upper == pytest.approx(to_elo(s + 1.959963984540054 * se))
    assert e.error == pytest.approx(CLI_40["elo_error_trinomial"])
    assert e.nelo == pytest.approx((s - 0.5) / math.sqrt(var) * 800 / math.log(10))
    even = arena.elo(10, 0, 10)
    assert even.elo == pytest.approx(0.0) and even.lower == pytest.approx(-even.upper)
    assert math.isnan(arena.elo(0, 0, 0).elo)
    assert arena.elo(3, 0, 0).elo == math.inf


def test_elo_pentanomial_matches_the_match_report():
    e = arena.elo_pentanomial([0, 0, 0, 5, 15])
    assert e.elo == pytest.approx(CLI_40["elo"])
    assert e.error == pytest.approx(CLI_40["elo_error"])
    assert e.lower == pytest.approx(CLI_40["elo_lower"]) and e.upper == pytest.approx(CLI_40["elo_upper"])
    assert e.nelo == pytest.approx(CLI_40["nelo"])
    assert "EloEstimate(elo=470.44" in repr(e)


def test_los_by_hand():
    assert arena.los(10, 3, 5) == pytest.approx(0.5 * (1 + math.erf(5 / math.sqrt(30))), abs=1e-6)
    assert arena.los(0, 7, 0) == 0.5
    assert arena.los_pentanomial([0, 0, 0, 5, 15]) == 1.0
    assert arena.los_pentanomial([5, 0, 0, 0, 5]) == pytest.approx(0.5)
    assert arena.los_pentanomial([1, 2, 3, 4, 5]) > 0.5


def test_elo_score_conversions():
    assert arena.elo_from_score(0.5) == 0.0
    assert arena.elo_from_score(10 / 11) == pytest.approx(400.0)  # 1/s - 1 = 0.1
    assert arena.score_from_elo(400.0) == pytest.approx(10 / 11)
    assert math.isnan(arena.elo_from_score(1.5))


def test_sprt():
    t = arena.Sprt.parse("0,100")
    assert (t.elo0, t.elo1, t.alpha, t.beta, t.model) == (0.0, 100.0, 0.05, 0.05, "logistic")
    assert t.lower_bound == pytest.approx(math.log(0.05 / 0.95))
    assert t.upper_bound == pytest.approx(math.log(0.95 / 0.05))
    assert t.llr_pentanomial([0, 0, 0, 3, 9]) == pytest.approx(CLI_SPRT["llr"], rel=1e-12)
    assert t.decide(3.0) == "H1 accepted" and t.decide(-3.0) == "H0 accepted" and t.decide(0.0) == "continue"
    # Evidence for A raises the LLR, evidence against lowers it; a 50% score sits between.
    u = arena.Sprt(0, 10, alpha=0.05, beta=0.1, model="normalized")
    assert u.model == "normalized" and u.upper_bound == pytest.approx(math.log(0.9 / 0.05))
    assert u.llr_trinomial(60, 20, 20) > 0 > u.llr_trinomial(20, 20, 60)
    assert t.llr_trinomial(0, 0, 0) == 0.0
    assert "Sprt(elo0=0, elo1=100" in repr(t)


def test_bad_statistics_input_raises_value_error():
    with pytest.raises(ValueError, match="SPRT alpha must be strictly between 0 and 1, got 2"):
        arena.Sprt(0, 10, alpha=2)
    with pytest.raises(ValueError, match="unknown SPRT Elo model 'probit'"):
        arena.Sprt(0, 10, model="probit")
    with pytest.raises(ValueError, match="expected 'elo0,elo1"):
        arena.Sprt.parse("1")
    with pytest.raises(ValueError, match="5 pair counts"):
        arena.elo_pentanomial([1, 2])
    with pytest.raises(ValueError, match="wins=-1 is out of range"):
        arena.elo(-1, 0, 0)
    with pytest.raises(ValueError, match="out of range"):
        arena.los_pentanomial([0, 0, -3, 0, 0])


def test_ctrl_c_stops_a_long_match_and_the_gil_is_released(sigint_raises):
    import _thread
    import threading
    import time

    ticks = []
    sent = []
    returned = threading.Event()

    def tick():
        while len(ticks) < 5:
            ticks.append(time.monotonic())
            time.sleep(0.05)
        # As Ctrl-C: sets the SIGINT flag the match polls. Pressed again after a few
        # seconds if the match is still running, so that a lost signal fails the test
        # below instead of hanging it.
        for _ in range(4):
            sent.append(time.monotonic())
            _thread.interrupt_main()
            if returned.wait(3):
                return

    threading.Thread(target=tick, daemon=True).start()
    start = time.monotonic()
    try:
        # At most a minute of play (about 16 ms a game here) if no interrupt is seen.
        with pytest.raises(KeyboardInterrupt):
            arena.run_match("connect4", "mcts:iterations=2000", "mcts:iterations=2000", games=4_000, threads=1)
    finally:
        returned.set()
    assert time.monotonic() - start < 20
    assert len(ticks) == 5  # the ticking thread ran while the match held no GIL
    assert len(sent) == 1, f"{len(sent)} interrupts were needed"
