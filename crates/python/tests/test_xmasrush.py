"""yomi.xmasrush: the referee as an environment, the built-in bots, refereed games.

Expected figures come from the library's doc test (crates/xmasrush/src/lib.rs: seed 0's
first input lines, greedy finding all 12 items against random) and from the CLI
(`yomi xmasrush play --a greedy --b random --seed 3 --json`: 12 to 0 in 96 game turns).
"""

import numpy as np
import pytest

from yomi import xmasrush


def play_env(seed, a="greedy", b="random", league="legend"):
    """A whole game through Env, seeded as `yomi xmasrush play` seeds its players."""
    env = xmasrush.Env(seed, league=league)
    unsigned = seed % 2**64  # the CLI's `seed as u64`
    bots = [xmasrush.Bot(a, unsigned, league), xmasrush.Bot(b, unsigned ^ 1, league)]
    trace, total = [], np.zeros(2, dtype=int)
    while not env.done:
        lines = [bots[p].act(env, p) for p in range(2)]
        r = env.step(*lines)
        total += r.reward
        trace.append((lines, r.reward, env.turn))
    return env, r, trace, total


def test_first_observation_matches_the_referee_text():
    env = xmasrush.Env(0)
    obs = env.observation()
    assert (obs.turn, obs.push_turn) == (1, True)
    text = obs.inputs[0].splitlines()
    assert text[0] == "0"
    assert text[1] == "0110 0011 1101 1010 1010 1010 1010"
    assert env.input(0) == obs.inputs[0] and env.input(1) == obs.inputs[1]
    # The tiles array is the text's masks (bit i = character i).
    for y in range(7):
        words = text[1 + y].split()
        assert [int(w[::-1], 2) for w in words] == obs.tiles[y].tolist()
    # Each player's own line comes first in its text: "cards x y hand".
    for p in range(2):
        me = obs.inputs[p].splitlines()[8].split()
        x, y = obs.positions[p]
        assert [int(me[0]), int(me[1]), int(me[2])] == [obs.cards_left[p], x, y]
        assert int(me[3][::-1], 2) == obs.hands[p]
    assert obs.positions.tolist() == [[0, 0], [6, 6]]
    assert obs.scores.tolist() == [0, 0] and obs.cards_left.tolist() == [12, 12]
    assert obs.quests.shape == (2, 12) and obs.quests.sum(axis=1).tolist() == [3, 3]
    assert obs.items.shape == (24, 4)
    assert obs.items[:, 0].tolist() == [0] * 12 + [1] * 12
    on_board = obs.items[obs.items[:, 3] == 0]
    assert ((on_board[:, 1:3] >= 0) & (on_board[:, 1:3] < 7)).all()
    # Every item the text lists is on the board where the array says (or in a hand).
    n_items = int(text[10])
    assert n_items == int((obs.items[:, 3] != 3).sum())
    for line in text[11:11 + n_items]:
        name, x, y, owner = line.split()
        row = obs.items[int(owner) * 12 + xmasrush.ITEM_NAMES.index(name)]
        if int(x) >= 0:
            assert row[1:].tolist() == [int(x), int(y), 0]


def test_full_game_is_deterministic_and_equals_the_referee():
    env, last, trace, total = play_env(0)
    ref = xmasrush.play_game("greedy", "random", seed=0)
    assert (ref.scores, ref.reason) == ([12, 0], "AllQuests")  # the library's doc test
    assert list(env.scores) == ref.scores and env.turn == ref.turns
    assert last.done and last.winner == 0 == env.winner
    assert total.tolist() == ref.scores
    assert last.observation.scores.tolist() == ref.scores
    again = play_env(0)[2]
    assert again == trace
    # `yomi xmasrush play --a greedy --b random --seed 3`: 12 to 0 in 96 game turns.
    env3 = play_env(3)[0]
    cli = xmasrush.play_game("greedy", "random", seed=3)
    assert (list(env3.scores), env3.turn) == ([12, 0], 96) == (cli.scores, cli.turns)
    assert cli.points0 == 1.0 and cli.disqualified == [None, None]


@pytest.mark.parametrize("seed, league", [(-7, "legend"), (11, "wood1"), (5, "wood2")])
def test_env_equals_the_referee_on_other_seeds_and_leagues(seed, league):
    env = play_env(seed, "greedy", "minmax1", league)[0]
    ref = xmasrush.play_game("greedy", "minmax1", seed=seed, league=league)
    assert (list(env.scores), env.turn) == (ref.scores, ref.turns)


def test_malformed_actions_raise_and_leave_the_env_unchanged():
    env = xmasrush.Env(4)
    before = (env.turn, env.input(0), env.input(1), list(env.scores))
    bad = [
        ("PUSH 7 UP", "PUSH 0 UP", "player 0: invalid input: 'PUSH 7 UP'"),
        ("PUSH 0 UP", "PASS", "player 1: can't \"PASS\" while expecting a PUSH action"),
        ("push 1 UP", "PUSH 0 UP", "invalid input"),
        ("PUSH 1 UP", "MOVE" + " LEFT" * 25, "exceeded number of allowed characters"),
    ]
    for a0, a1, message in bad:
        with pytest.raises(ValueError) as e:
            env.step(a0, a1)
        assert message in str(e.value)
        assert (env.turn, env.input(0), env.input(1), list(env.scores)) == before
    # The env still plays exactly like a fresh one.
    fresh = xmasrush.Env(4)
    r1, r2 = env.step("PUSH 2 RIGHT", "PUSH 3 DOWN"), fresh.step("PUSH 2 RIGHT", "PUSH 3 DOWN")
    assert r1.observation.inputs == r2.observation.inputs
    assert not env.push_turn
    with pytest.raises(ValueError, match="max 20 steps"):
        env.step("MOVE" + " UP" * 21, "PASS")
    with pytest.raises(ValueError, match="expecting a MOVE action"):
        env.step("PUSH 0 UP", "PASS")
    assert env.input(0) == fresh.input(0)
    with pytest.raises(ValueError, match="not 0 or 1"):
        env.legal_actions(2)


def test_legal_actions_push_and_move_turns():
    env = xmasrush.Env(2)
    pushes = env.legal_actions(0)
    assert len(pushes) == 28 and len(set(pushes)) == 28
    assert all(xmasrush.parse_action(a) == a and a.startswith("PUSH") for a in pushes)
    env.step("PUSH 1 RIGHT", "PUSH 5 DOWN")
    for p in range(2):
        moves = env.legal_actions(p)
        assert moves[0] == "PASS"
        cells = env.reachable_cells(p)
        obs = env.observation()
        assert cells[0].tolist() == obs.positions[p].tolist()
        assert len(moves) == len(cells)  # one shortest walk to every other reachable cell
        ends = set()
        for walk in moves[1:]:
            trial = env.copy()
            lines = [walk, "PASS"] if p == 0 else ["PASS", walk]
            trial.step(*lines)
            assert trial.push_turn  # the next turn began; pushes have not moved anyone yet
            ends.add(tuple(trial.observation().positions[p].tolist()))
        # Each walk is legal to its end: the walks reach every reachable cell.
        assert ends == {tuple(c) for c in cells[1:].tolist()}
        assert len(ends) > 1


def test_reset_seed_and_league():
    env = xmasrush.Env(9, league="wood2")
    assert env.league == "wood2" and env.seed == 9
    assert env.observation().cards_left.tolist() == [1, 1]
    env.step("PUSH 0 UP", "PUSH 0 DOWN")
    assert env.turn == 2
    obs = env.reset()
    assert obs.inputs == xmasrush.Env(9, league="wood2").observation().inputs
    obs = env.reset(10)
    assert env.seed == 10 and obs.inputs == xmasrush.Env(10, league="wood2").observation().inputs
    assert obs.inputs != xmasrush.Env(9, league="wood2").observation().inputs
    with pytest.raises(ValueError, match="wood3"):
        xmasrush.Env(0, league="wood3")


def test_game_over_and_bot_errors():
    env = play_env(0)[0]
    assert env.legal_actions(0) == []
    with pytest.raises(ValueError, match="over"):
        env.step("PASS", "PASS")
    with pytest.raises(ValueError, match="over"):
        xmasrush.Bot("greedy").act(env, 0)
    with pytest.raises(ValueError, match="unknown strategy 'smart'"):
        xmasrush.Bot("smart")
    with pytest.raises(ValueError, match="has no parameter 'depth'"):
        xmasrush.Bot("greedy:depth=3")
    with pytest.raises(ValueError, match="unknown strategy"):
        xmasrush.play_game("greedy", "nope")
    with pytest.raises(ValueError, match="time_ms"):
        xmasrush.Bot("greedy").act(xmasrush.Env(0), 0, time_ms=10**9)
    with pytest.raises(ValueError, match="not 0 or 1"):
        xmasrush.Bot("greedy").act(xmasrush.Env(0), 3)
    assert set(xmasrush.STRATEGIES) >= {"random", "greedy", "mcts", "combo"}


def test_bot_answers_and_reset():
    env = xmasrush.Env(1)
    bot = xmasrush.Bot("mcts:iterations=200,seed=5", 0)
    line = bot.act(env, 0)
    assert line in env.legal_actions(0)
    bot.reset()
    assert bot.act(env, 0) == line  # fixed iterations and seed: the same answer
    assert bot.spec == "mcts:iterations=200,seed=5"
    assert xmasrush.parse_action("PASS") == "PASS"
    with pytest.raises(ValueError, match="invalid input: 'MOVE'"):
        xmasrush.parse_action("MOVE")
