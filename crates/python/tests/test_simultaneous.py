"""yomi.search's simultaneous-move games and Decoupled UCT (Exp3, regret matching, UCB1)."""

import os
import signal
import threading
import time

import pytest

from yomi import search


def test_games_are_listed_with_their_aliases():
    games = {name: (aliases, about) for name, aliases, about in search.simultaneous_games()}
    assert list(games) == ["goofspiel", "rps", "biased_rps"]
    assert games["rps"][0] == ["rock-paper-scissors"]
    assert "(1/4, 1/2, 1/4)" in games["biased_rps"][1]
    assert search.SimultaneousGame("Rock-Paper-Scissors").name == "rps"


def test_goofspiel_plays_by_the_rules():
    g = search.SimultaneousGame("goofspiel", cards=3)
    assert g.actions(0) == ["1", "2", "3"] and g.actions(1) == ["1", "2", "3"]
    g.apply("3", "1")  # prize 1 to player 0
    assert g.actions(0) == ["1", "2"] and g.actions(1) == ["2", "3"]
    copy = g.clone()
    g.apply("1", "2")  # prize 2 to player 1
    g.apply("2", "3")  # prize 3 to player 1
    assert g.is_terminal() and g.actions(0) == []
    assert g.returns() == [-1.0, 1.0]  # 1 point against 5
    assert g.history() == [("3", "1"), ("1", "2"), ("2", "3")]
    assert str(g) == "prize 4 of 3, points 1-5"
    # The copy is independent.
    assert not copy.is_terminal() and copy.history() == [("3", "1")]
    assert search.SimultaneousGame("goofspiel").actions(1) == ["1", "2", "3", "4", "5"]


def test_matrix_game_returns_follow_the_payoffs():
    g = search.SimultaneousGame("biased_rps")
    assert g.actions(0) == ["rock", "paper", "scissors"]
    g.apply("rock", "scissors")
    assert g.returns() == [1.0, -1.0] and str(g) == "rock vs scissors"
    g = search.SimultaneousGame("biased_rps")
    g.apply("paper", "rock")
    assert g.returns() == [0.5, -0.5]


def test_bad_input_raises_and_leaves_the_state_alone():
    g = search.SimultaneousGame("goofspiel", cards=3)
    with pytest.raises(ValueError, match="'4' is not a legal action of player 0; legal: 1, 2, 3"):
        g.apply("4", "1")
    with pytest.raises(ValueError, match="not a legal action of player 1"):
        g.apply("1", "paper")
    assert g.history() == [] and g.actions(0) == ["1", "2", "3"]
    with pytest.raises(ValueError, match="player [0-9]+ is not 0 or 1"):
        g.actions(2)
    with pytest.raises(ValueError, match="goofspiel needs 1 to 13 cards, got 14"):
        search.SimultaneousGame("goofspiel", cards=14)
    with pytest.raises(ValueError, match="cards= is for goofspiel, not rps"):
        search.SimultaneousGame("rps", cards=3)
    with pytest.raises(ValueError, match="unknown simultaneous-move game 'chess'; valid games: goofspiel, rps, biased_rps"):
        search.SimultaneousGame("chess")
    over = search.SimultaneousGame("rps")
    over.apply("rock", "rock")
    with pytest.raises(ValueError, match="the game is over"):
        over.apply("rock", "rock")
    with pytest.raises(ValueError, match="the game is over"):
        search.choose_simultaneous(over, "duct")
    rps = search.SimultaneousGame("rps")
    with pytest.raises(ValueError, match="mcts does not play simultaneous-move games; use duct"):
        search.choose_simultaneous(rps, "mcts")
    with pytest.raises(ValueError, match="bad value 'greedy' for duct parameter 'policy'"):
        search.choose_simultaneous(rps, "duct:policy=greedy")
    with pytest.raises(ValueError, match="bad value '0' for duct parameter 'gamma'"):
        search.choose_simultaneous(rps, "duct:policy=exp3,gamma=0")
    with pytest.raises(ValueError, match="bad value 'most' for duct parameter 'final'"):
        search.choose_simultaneous(rps, "duct:final=most")
    with pytest.raises(ValueError, match="player [0-9]+ is not 0 or 1"):
        search.choose_simultaneous(rps, "duct", player=3)


@pytest.mark.parametrize("policy", ["rm", "exp3"])
def test_no_regret_policies_approach_the_equilibrium(policy):
    # Biased rock-paper-scissors: the unique equilibrium is (1/4, 1/2, 1/4).
    g = search.SimultaneousGame("biased_rps")
    gamma = 0.05 if policy == "rm" else 0.1
    d = search.choose_simultaneous(g, f"duct:policy={policy},gamma={gamma},iterations=100000", seed=1)
    probs = {a: p for a, _, p in d.strategy}
    assert [a for a, _, _ in d.strategy] == ["rock", "paper", "scissors"]
    assert abs(probs["rock"] - 0.25) < 0.05, probs
    assert abs(probs["paper"] - 0.5) < 0.05, probs
    assert abs(probs["scissors"] - 0.25) < 0.05, probs
    assert sum(v for _, v, _ in d.strategy) == 100_000 == d.iterations
    assert abs(d.value) < 0.05  # the game's value is 0
    assert d.action == "paper"  # the most visited
    assert d.tree_nodes >= 1 and d.seconds >= 0


def test_same_seed_same_decision_and_the_seed_matters():
    g = search.SimultaneousGame("goofspiel", cards=4)
    spec = "duct:policy=rm,iterations=3000,final=sample"
    a = search.choose_simultaneous(g, spec, player=1, seed=7)
    b = search.choose_simultaneous(g, spec, player=1, seed=7)
    c = search.choose_simultaneous(g, spec, player=1, seed=8)
    assert (a.action, a.strategy, a.value) == (b.action, b.strategy, b.value)
    assert a.strategy != c.strategy
    assert [x for x, _, _ in a.strategy] == g.actions(1)


def test_ucb1_plays_a_whole_goofspiel_game():
    g = search.SimultaneousGame("goofspiel", cards=4)
    while not g.is_terminal():
        a0 = search.choose_simultaneous(g, "duct:iterations=2000", player=0, seed=1).action
        a1 = search.choose_simultaneous(g, "duct:iterations=2000", player=1, seed=2).action
        g.apply(a0, a1)
    assert len(g.history()) == 4
    assert g.returns()[0] == -g.returns()[1]


def test_ctrl_c_stops_a_long_search(sigint_raises):
    g = search.SimultaneousGame("goofspiel", cards=13)
    start = time.monotonic()
    threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
    with pytest.raises(KeyboardInterrupt):
        search.choose_simultaneous(g, "duct:iterations=10000000000")
    assert time.monotonic() - start < 20
    assert search.choose_simultaneous(g, "duct:iterations=100").iterations == 100
