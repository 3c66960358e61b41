"""yomi.deck against what `yomi deck solve` prints for a small instance."""

import json
import math

import numpy as np
import pytest

from yomi import deck

# Four pieces under a cost cap of 10: the best pair a+c (6) costs 11; within the cap the best
# deck is c+d (5 + d's own score 1.5), with d as the leader.
INSTANCE = {
    "pieces": [
        {"id": "a", "name": "Alpha", "cost": 5, "attribute": "god", "leader_eligible": True},
        {"id": "b", "name": "Beta", "cost": 5},
        {"id": "c", "name": "Gamma", "cost": 6, "attribute": "god"},
        {"id": "d", "name": "Delta", "cost": 4, "leader_eligible": True, "score": 1.5},
    ],
    "pairs": [
        {"a": "a", "b": "b", "score": 3},
        {"a": "c", "b": "d", "score": 5},
        {"a": "a", "b": "c", "score": 6},
        {"a": "b", "b": "d", "score": 2},
    ],
    "request": {"k": 2, "cost_cap": 10, "leader": "chosen"},
}

# `cargo run --release -q -- deck solve small.json --solver greedy` (small.json: INSTANCE),
# all but the last line (`solver      0.000 s, 0 iterations`: the time varies).
CLI_GREEDY_TEXT = """objective   6.5 (feasible)
deck        2 pieces, cost 10
  c            Gamma
  d            Delta (leader)
constraints
  size                      2 limit        2 slack        0  ok
  cost                     10 limit       10 slack        0  ok
  leader                    1 limit        1 slack        0  ok"""
# `cargo run --release -q -- deck solve small.json --solver greedy --json` (time_s dropped).
CLI_GREEDY_JSON = json.loads(
    '{"bound":null,"constraints":[{"limit":2.0,"name":"size","slack":0.0,"value":2.0},'
    '{"limit":10.0,"name":"cost","slack":0.0,"value":10.0},'
    '{"limit":1.0,"name":"leader","slack":0.0,"value":1.0}],"feasible":true,"gap":null,'
    '"iterations":0,"leader":"d","names":["Gamma","Delta"],"objective":6.5,'
    '"proven_optimal":false,"selected":["c","d"],"total_cost":10,"violations":[]}'
)
# `cargo run --release -q -- deck solve small.json --solver exact`, its first two lines.
CLI_EXACT_HEAD = "objective   6.5 (optimal (proven))\nbound       6.5 (gap 0.000%)"
# `cargo run --release -q -- deck solve small.json --attribute god:2 --cost-cap 11
# --solver exact`, all but the bound and solver lines.
CLI_GOD_TEXT = """objective   6 (optimal (proven))
deck        2 pieces, cost 11
  a            Alpha (leader)
  c            Gamma
constraints
  size                      2 limit        2 slack        0  ok
  cost                     11 limit       11 slack        0  ok
  attribute:god             2 limit        2 slack        0  ok
  leader                    1 limit        1 slack        0  ok"""
# `cargo run --release -q -- deck solve small.json --k 5` and `... --k 5 --json`.
CLI_INFEASIBLE_TEXT = "INFEASIBLE request\n  a deck needs 5 pieces but only 4 are owned"
CLI_INFEASIBLE_JSON = (
    '{"feasible":false,"objective":null,"proven_infeasible":true,"proven_optimal":false,'
    '"reasons":["a deck needs 5 pieces but only 4 are owned"],"selected":[]}'
)


def without_time(report):
    d = report.to_dict()
    assert d.pop("time_s") >= 0
    return d


def test_greedy_report_is_the_clis():
    r = deck.solve(INSTANCE, "greedy")
    lines = r.text.split("\n")
    assert "\n".join(lines[:-1]) == CLI_GREEDY_TEXT
    assert lines[-1].startswith("solver      ") and lines[-1].endswith(" s, 0 iterations")
    assert without_time(r) == CLI_GREEDY_JSON
    assert list(json.loads(r.json)) == sorted(json.loads(r.json))  # the CLI's key order
    assert (r.feasible, r.proven_optimal, r.proven_infeasible) == (True, False, False)
    assert (r.objective, r.selected, r.leader, r.reasons) == (6.5, ["c", "d"], "d", [])
    assert str(r) == r.text and "DeckReport(" in repr(r)


def test_json_text_and_exact_and_vds():
    text = json.dumps(INSTANCE)
    exact = deck.solve(text, "exact", time=5)
    assert exact.text.startswith(CLI_EXACT_HEAD + "\n")
    assert exact.proven_optimal and exact.objective == 6.5
    assert exact.to_dict()["bound"] == 6.5 and exact.to_dict()["gap"] == 0.0
    vds = deck.solve(INSTANCE, time=0.05, seed=3)
    assert vds.feasible and vds.selected == ["c", "d"] and not vds.proven_optimal


def test_request_overrides_act_as_the_cli_flags():
    r = deck.solve(INSTANCE, "exact", time=5, attribute="god:2", cost_cap=11)
    lines = [ln for ln in r.text.split("\n") if not ln.startswith(("bound", "solver"))]
    assert "\n".join(lines) == CLI_GOD_TEXT
    forced = deck.solve(INSTANCE, "exact", time=5, must_include=["b"], leader="d")
    assert forced.selected == ["b", "d"] and forced.leader == "d" and forced.objective == 3.5
    none = deck.solve(INSTANCE, "greedy", leader="none")
    assert none.leader is None and "leader" not in [c["name"] for c in none.to_dict()["constraints"]]


def test_infeasible_request_gives_the_diagnosis():
    r = deck.solve(INSTANCE, "greedy", k=5)
    assert r.text == CLI_INFEASIBLE_TEXT
    assert json.loads(r.json) == json.loads(CLI_INFEASIBLE_JSON)
    assert r.json == CLI_INFEASIBLE_JSON
    assert r.proven_infeasible and not r.feasible and r.objective is None
    assert r.reasons == ["a deck needs 5 pieces but only 4 are owned"]
    assert deck.diagnose(INSTANCE, k=5) == r.reasons
    assert deck.diagnose(INSTANCE) == []


def test_tables_as_columns_and_dataframes():
    columns = {
        key: [p.get(key, default) for p in INSTANCE["pieces"]]
        for key, default in [
            ("id", ""), ("name", ""), ("cost", 0), ("attribute", ""),
            ("leader_eligible", False), ("score", 0.0),
        ]
    }
    as_columns = dict(INSTANCE, pieces=columns)
    expected = without_time(deck.solve(INSTANCE, "greedy"))
    assert without_time(deck.solve(as_columns, "greedy")) == expected
    # numpy columns (numpy scalars and arrays go through tolist)
    np_columns = dict(columns, cost=np.array(columns["cost"], dtype=np.int64))
    pairs = {
        "a": [p["a"] for p in INSTANCE["pairs"]],
        "b": [p["b"] for p in INSTANCE["pairs"]],
        "score": np.array([p["score"] for p in INSTANCE["pairs"]], dtype=np.float32),
    }
    as_numpy = dict(INSTANCE, pieces=np_columns, pairs=pairs)
    assert without_time(deck.solve(as_numpy, "greedy")) == expected

    class Frame:
        """A DataFrame-like table: rows through to_dict("records")."""

        def __init__(self, rows):
            self.rows = rows
            self.orient = None

        def to_dict(self, orient):
            self.orient = orient
            return self.rows

    frame = Frame(INSTANCE["pieces"])
    assert without_time(deck.solve(dict(INSTANCE, pieces=frame), "greedy")) == expected
    assert frame.orient == "records"


def test_malformed_requests_raise_the_librarys_message():
    with pytest.raises(ValueError, match=r'must_include\[0\]: unknown piece id "zz"'):
        deck.solve(INSTANCE, "greedy", must_include=["zz"])
    with pytest.raises(ValueError, match='leader: "b" is not leader-eligible'):
        deck.solve(INSTANCE, "greedy", leader="b")
    with pytest.raises(ValueError, match="k: the deck size must be at least 1, got 0"):
        deck.solve(INSTANCE, "greedy", k=0)
    with pytest.raises(ValueError, match="cost_cap: must be >= 0, got -1"):
        deck.solve(INSTANCE, "greedy", cost_cap=-1)
    with pytest.raises(ValueError, match=r"attribute: expected NAME:MINIMUM"):
        deck.solve(INSTANCE, "greedy", attribute="god")
    dup = dict(INSTANCE, pieces=INSTANCE["pieces"] + [{"id": "a"}])
    with pytest.raises(ValueError, match=r'JSON pieces\[4\].id: duplicate id "a"'):
        deck.solve(dup, "greedy")
    bad_request = dict(INSTANCE, request={"k": 2, "must_include": ["q"]})
    with pytest.raises(ValueError, match=r'request.must_include\[0\]: unknown piece id "q"'):
        deck.diagnose(bad_request)
    with pytest.raises(ValueError, match="^JSON: "):
        deck.solve("{not json", "greedy")
    with pytest.raises(ValueError, match="^JSON: .*unknown field"):
        deck.solve(dict(INSTANCE, extra=1), "greedy")
    with pytest.raises(ValueError, match="score must be >= 0"):
        deck.solve(dict(INSTANCE, pairs=[{"a": "a", "b": "b", "score": -1}]), "greedy")


def test_malformed_python_objects_raise_value_error():
    with pytest.raises(ValueError, match='pieces: column "id" has 2 values, column "cost" has 1'):
        deck.solve(dict(INSTANCE, pieces={"id": ["a", "b"], "cost": [1]}), "greedy")
    with pytest.raises(ValueError, match="not a finite number"):
        deck.solve(dict(INSTANCE, pairs=[{"a": "a", "b": "b", "score": math.nan}]), "greedy")
    loop = []
    loop.append(loop)
    with pytest.raises(ValueError, match="nested deeper"):
        deck.solve(dict(INSTANCE, pairs=loop), "greedy")
    with pytest.raises(ValueError, match="unsupported type"):
        deck.solve(dict(INSTANCE, pairs=object()), "greedy")
    with pytest.raises(ValueError, match="method="):
        deck.solve(INSTANCE, "anneal")
    with pytest.raises(ValueError, match="time="):
        deck.solve(INSTANCE, "vds", time=-1)
