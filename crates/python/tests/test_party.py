"""yomi.party: parties, battles, the random-battle dataset, the ridge fit and party search.

Expected figures come from the library's own doc test (crates/party/src/lib.rs), from the
CLI (`yomi party battle --seed 5 --games 10 --json`, `yomi party dataset --parties 30
--opponents 5 --seed 3`), and from scikit-learn's RidgeCV (computed once, see below).
"""

import numpy as np
import pytest

from yomi import party

STRONG = (
    "Gengar:Psychic/Thunderbolt/Toxic/Confuse Ray;"
    "Jynx:Blizzard/Psychic/Lovely Kiss/Reflect;"
    "Tauros:Body Slam/Hyper Beam/Blizzard/Thunderbolt"
)
HARMLESS = (
    "starmie:splash/reflect/double-team/recover;"
    "lapras:splash/reflect/double team/recover;jolteon:splash/reflect/doubleteam/recover"
)


def test_party_parses_and_round_trips():
    p = party.Party(HARMLESS)
    assert p.spec == (
        "Starmie:Splash/Reflect/Double Team/Recover;Lapras:Splash/Reflect/Double Team/Recover;"
        "Jolteon:Splash/Reflect/Double Team/Recover"
    )
    assert party.Party(p.spec) == p
    assert hash(party.Party(p.spec)) == hash(p)
    assert p.species == ["Starmie", "Lapras", "Jolteon"]
    assert p.moves[0] == ["Splash", "Reflect", "Double Team", "Recover"]
    assert p.profile == "cartridge"
    assert str(p) == p.spec and "Party(" in repr(p)
    assert party.Party(STRONG, profile="pokeai2017").profile == "pokeai2017"


@pytest.mark.parametrize(
    "spec, words",
    [
        ("Gengar:Psychic/Thunderbolt/Toxic/Confuse Ray", "needs 3 members"),
        (STRONG.replace(";", ",", 1), "','"),
        (STRONG.replace("Gengar", "Pikachu"), "unknown species"),
        (STRONG.replace("Toxic", "Tackle"), "unknown move"),
        (STRONG.replace("Toxic", "Psychic"), "twice"),
        (STRONG.replace("Jynx", "Gengar"), "appears twice"),
        (STRONG.replace("Gengar:", "Gengar "), "needs the form"),
        (STRONG.replace("/Toxic", ""), "needs 4 moves"),
        ("", "needs 3 members"),
    ],
)
def test_malformed_specs_raise_value_error(spec, words):
    with pytest.raises(ValueError, match="party spec") as e:
        party.Party(spec)
    assert words in str(e.value)


def test_learnset_and_profile_errors():
    with pytest.raises(ValueError, match="cannot learn"):
        party.Party(HARMLESS.replace("recover", "dig"), learnset=True)
    with pytest.raises(ValueError, match="unknown rules profile"):
        party.Party(STRONG, profile="gen9")
    assert not party.Party(HARMLESS.replace("recover", "dig")).respects_learnsets()


def test_random_parties_are_seeded_and_match_the_cli():
    a, b = party.random_parties(2, 5)
    # `yomi party battle --seed 5 --json`: the two random parties it draws.
    assert a.spec == (
        "Gengar:Toxic/Psychic/Body Slam/Lovely Kiss;Tauros:Rock Slide/Psychic/Confuse Ray/"
        "Thunderbolt;Jolteon:Confuse Ray/Night Shade/Rock Slide/Dig"
    )
    assert b.spec == (
        "Jolteon:Double Kick/Dig/Body Slam/Toxic;Starmie:Recover/Double Kick/Hyper Beam/"
        "Blizzard;Tauros:Rock Slide/Night Shade/Recover/Thunderbolt"
    )
    assert party.Party.random(5) == a
    assert party.Party.random(6) != a
    assert all(p.respects_learnsets() for p in party.random_parties(20, 1, learnset=True))
    with pytest.raises(ValueError):
        party.random_parties(10**12, 1)


def test_battle_series_matches_the_cli_and_is_deterministic():
    a, b = party.random_parties(2, 5)
    # `yomi party battle --seed 5 --games 10 --json`: 6-0-4, first game A after 32 turns.
    r = party.battle(a, b, seed=5, games=10)
    assert (r.wins_a, r.draws, r.wins_b) == (6, 0, 4)
    assert (r.first_winner, r.first_turns) == ("a", 32)
    assert r.log == []
    again = party.battle(a.spec, b.spec, seed=5, games=10)
    assert (again.wins_a, again.wins_b, again.first_turns) == (6, 4, 32)
    other = [party.battle(a, b, seed=s).first_turns for s in range(1, 8)]
    assert len(set(other)) > 1  # the seed matters


def test_battle_players_and_log():
    # The library's doc test: a party without a damaging move wins nothing.
    r = party.battle(STRONG, HARMLESS, seed=7, games=20, player_a="greedy", log=True)
    assert (r.wins_a, r.draws, r.wins_b) == (20, 0, 0)
    assert r.first_winner == "a"
    assert r.log[-1].startswith("side 1 wins after")
    assert party.battle(STRONG, HARMLESS, seed=7, log=True, player_a="greedy").log == r.log
    with pytest.raises(ValueError, match="unknown player"):
        party.battle(STRONG, HARMLESS, player_a="smart")
    with pytest.raises(ValueError, match="at least 1"):
        party.battle(STRONG, HARMLESS, games=0)
    with pytest.raises(ValueError, match="party spec"):
        party.battle(STRONG, "Gengar")
    with pytest.raises(ValueError, match="profile"):
        party.battle(party.Party(STRONG, profile="pokeai2017"), HARMLESS)


def test_dataset_shapes_determinism_and_cli_scores():
    d = party.generate_dataset(parties=30, opponents=5, seed=3)
    assert len(d) == 30
    assert d.X.shape == (30, 435) and d.X.dtype == np.uint8
    assert d.y.shape == (30,) and d.y.dtype == np.float64
    # `yomi party dataset --parties 30 --opponents 5 --seed 3`: the CSV's first scores,
    # first party and mean score.
    assert d.y[:4].tolist() == [0.6, 0.2, 0.0, 0.2]
    assert d.parties[0].spec == (
        "Tauros:Lovely Kiss/Dig/Recover/Rock Slide;Lapras:Hyper Beam/Night Shade/Thunderbolt/"
        "Psychic;Dugtrio:Thunderbolt/Strength/Hyper Beam/Confuse Ray"
    )
    assert d.y.mean() == pytest.approx(0.4466666666666667)
    # Each party has 3 species, <= 12 moves, 3 species pairs, 18 move pairs, 12 species&move.
    assert (d.X[:, :9].sum(axis=1) == 3).all()
    assert (d.X[:, 29:65].sum(axis=1) == 3).all()
    assert (d.X[:, 255:].sum(axis=1) == 12).all()
    assert np.array_equal(d.X, party.features(d.parties))
    again = party.generate_dataset(parties=30, opponents=5, seed=3)
    assert np.array_equal(again.y, d.y) and np.array_equal(again.X, d.X)
    assert not np.array_equal(party.generate_dataset(parties=30, opponents=5, seed=4).y, d.y)
    # A larger run starts with the smaller run's parties and scores.
    bigger = party.generate_dataset(parties=40, opponents=5, seed=3)
    assert np.array_equal(bigger.y[:30], d.y)
    assert d.meta == {
        "profile": "cartridge", "parties": 30, "opponents": 5, "games": 1, "seed": 3,
        "learnset": False,
    }


def test_dataset_sizes_are_checked():
    with pytest.raises(ValueError, match="--parties"):
        party.generate_dataset(parties=0)
    with pytest.raises(ValueError, match="memory"):
        party.generate_dataset(parties=10**12, opponents=1)
    with pytest.raises(ValueError, match="battles"):
        party.generate_dataset(parties=10**6, opponents=10**6)
    with pytest.raises(ValueError, match="profile"):
        party.generate_dataset(parties=2, profile="nope")


def test_load_dataset_reads_what_the_cli_writes(tmp_path):
    d = party.generate_dataset(parties=12, opponents=4, seed=9)
    path = tmp_path / "d.csv"
    names = party.feature_names()
    rows = ["party,score," + ",".join(names)]
    for p, y, x in zip(d.parties, d.y, d.X):
        rows.append(f"{p.spec},{y}," + ",".join(str(v) for v in x))
    path.write_text("\n".join(rows) + "\n")
    back = party.load_dataset(str(path))
    assert back.meta is None and back.profile == "cartridge"
    assert np.array_equal(back.y, d.y) and np.array_equal(back.X, d.X)
    path.write_text("party,score\nGengar,0.5\n")
    with pytest.raises(ValueError):
        party.load_dataset(str(path))


def test_feature_names_and_columns():
    names = party.feature_names()
    assert len(names) == 435 and len(set(names)) == 435
    assert names[0] == "Dugtrio" and "Gengar&Jynx" in names
    assert party.feature_columns("P") == list(range(9))
    assert party.feature_columns("all") == list(range(435))
    assert len(party.feature_columns("P+M+PM")) == 9 + 20 + 180
    with pytest.raises(ValueError, match="unknown feature group"):
        party.feature_columns("P+Q")
    x = party.features([STRONG])
    row = x[0]
    assert row[names.index("Gengar")] == 1 and row[names.index("Dugtrio")] == 0
    assert row[names.index("Gengar&Psychic")] == 1 and row[names.index("Jynx&Toxic")] == 0


# scikit-learn 1.9.1, computed once in a separate venv (the tests do not need it):
#   RidgeCV(alphas=(0.1, 1.0, 10.0)).fit(X, Y) -> alpha_, coef_, intercept_, best_score_
#   RidgeCV(alphas=(0.01, 100.0)).fit(X, Y)
X = np.array(
    [[1, 0, 2], [0, 1, 1], [3, 1, 0], [2, 2, 1], [0, 0, 1], [1, 3, 2], [2, 0, 0], [1, 1, 1]],
    dtype=float,
)
Y = np.array([1.0, 2.5, 0.3, 1.7, 0.9, 4.2, -0.5, 1.1])
SK_DEFAULT = (1.0, [-0.4770459081836327, 0.9255489021956095, 0.423552894211577],
              0.6472055888223545, -0.3237560898621369)
SK_OTHER = (0.01, [-0.5707858823264834, 1.059760338053141, 0.3910527872604165],
            0.6626692275945468, -0.7395246614428564)


@pytest.mark.parametrize("alphas, expected", [(None, SK_DEFAULT), ((0.01, 100.0), SK_OTHER)])
def test_ridge_fit_matches_scikit_learn(alphas, expected):
    fit = party.ridge_fit(X, Y) if alphas is None else party.ridge_fit(X, Y, list(alphas))
    alpha, coef, intercept, best_score = expected
    assert fit.alpha == alpha
    np.testing.assert_allclose(fit.coef, coef, rtol=1e-9, atol=1e-12)
    assert fit.intercept == pytest.approx(intercept, rel=1e-9)
    assert min(fit.loo_mse) == pytest.approx(-best_score, rel=1e-9)
    np.testing.assert_allclose(fit.predict(X), X @ np.array(coef) + intercept, rtol=1e-9)


def test_ridge_fit_takes_any_numeric_array():
    # The dataset's uint8 matrix and plain lists fit exactly like float64.
    ref = party.ridge_fit(X, Y)
    for xs, ys in [(X.astype(np.uint8), Y), (X.tolist(), Y.tolist())]:
        fit = party.ridge_fit(xs, ys)
        assert fit.alpha == ref.alpha and fit.intercept == ref.intercept
        np.testing.assert_array_equal(fit.coef, ref.coef)
    np.testing.assert_array_equal(ref.predict(X.astype(np.uint8)), ref.predict(X))
    with pytest.raises((ValueError, TypeError)):
        party.ridge_fit([["a", "b"]], [1.0])


def test_ridge_fit_refuses_bad_input():
    with pytest.raises(ValueError, match="rows"):
        party.ridge_fit(X, Y[:5])
    with pytest.raises(ValueError, match="alphas"):
        party.ridge_fit(X, Y, [0.0])
    with pytest.raises(ValueError, match="n >= 2"):
        party.ridge_fit(X[:1], Y[:1])
    with pytest.raises(ValueError, match="columns"):
        party.ridge_fit(np.zeros((2, 100_000)), np.zeros(2))
    with pytest.raises(ValueError, match="columns"):
        party.ridge_fit(X, Y).predict(X[:, :2])


def test_model_and_search():
    d = party.generate_dataset(parties=300, opponents=10, seed=5)
    # (The full 435-column model is left to the CLI's tests: its fit takes seconds in a
    # debug build.)
    m = party.fit_model(d, features="P+M+PM")
    assert m.features == "P+M+PM" and len(m.columns) == 209 and len(m.names) == 209
    assert m.columns == party.feature_columns("P+M+PM")
    assert m.names[-1] == party.feature_names()[m.columns[-1]]
    # The model's fit is the ridge fit of its design matrix.
    design = d.X[:, m.columns].astype(float)
    direct = party.ridge_fit(design, d.y)
    assert m.alpha == direct.alpha
    np.testing.assert_allclose(m.coef, direct.coef, rtol=1e-8, atol=1e-10)
    np.testing.assert_allclose(m.predict(d.parties), direct.predict(design),
                               rtol=1e-8, atol=1e-10)
    assert "PP" in repr(party.fit_model(d, features="P+PP"))
    small = party.fit_model(d, features="P+M", train=200)
    assert len(small.coef) == 29 and small.names[0] == "Dugtrio"
    with pytest.raises(ValueError, match="train"):
        party.fit_model(d, train=1)
    with pytest.raises(ValueError, match="feature group"):
        party.fit_model(d, features="X")

    found = party.search(m, starts=4, seed=7)
    assert 1 <= len(found) <= 4
    preds = [f.predicted for f in found]
    assert preds == sorted(preds, reverse=True)
    for f in found:
        p = party.Party(f.party.spec)  # a valid party: parses back
        assert p == f.party
        assert m.predict([p])[0] == pytest.approx(f.predicted)
    # The best optimum beats every party of the dataset on the model.
    assert preds[0] >= m.predict(d.parties).max()
    again = party.search(m, starts=4, seed=7)
    assert [f.party for f in again] == [f.party for f in found]
    learn = party.search(m, starts=2, seed=1, learnset=True)
    assert all(f.party.respects_learnsets() for f in learn)
    with pytest.raises(ValueError, match="out of range"):
        party.search(m, starts=0)
