"""yomi.shogi: boards, records, evaluation, mate search, encoders, engines and matches."""

import copy
import os
import random
import signal
import threading
import time

import numpy as np
import pytest

from yomi import shogi

MATSURI = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"


def perft_entries(repo, max_leaves):
    for line in (repo / "crates/shogi/data/perft.tsv").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        name, depth, leaves, sfen = line.split("\t")
        if int(leaves) <= max_leaves:
            yield name, int(depth), int(leaves), sfen


def python_perft(board, depth):
    if depth == 0:
        return 1
    total = 0
    for m in board.legal_moves:
        board.push(m)
        total += python_perft(board, depth - 1)
        board.pop()
    return total


def test_start_position_and_sfen_round_trip():
    b = shogi.Board()
    assert b.sfen() == shogi.STARTPOS == "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
    assert b.turn == 0 and b.move_number == 1 and b.ply == 0
    assert len(b.legal_moves) == 30 == b.count_legal_moves()
    assert shogi.Board(MATSURI).sfen() == MATSURI
    assert shogi.Board("startpos moves 7g7f 3c3d").turn == 0
    assert shogi.Board("position startpos moves 7g7f").sfen().endswith(" w - 2")


def test_perft_matches_the_published_counts(repo):
    entries = list(perft_entries(repo, 1_000_000))
    assert len(entries) >= 6
    for name, depth, leaves, sfen in entries:
        assert shogi.Board(sfen).perft(depth) == leaves, name
        assert shogi.perft(sfen, depth) == leaves, name


def test_push_pop_from_python_walks_the_same_tree(repo):
    # Every leaf reached through Python push/pop: the count must equal the published one.
    assert python_perft(shogi.Board(), 3) == 25470
    assert python_perft(shogi.Board(MATSURI), 2) == 28684


def test_push_pop_restores_the_position_and_history():
    b = shogi.Board()
    before = b.sfen()
    m = b.push_usi("7g7f")
    assert b.peek() == m and b.history == [m] and b.ply == 1
    assert shogi.move_to_usi(m) == "7g7f"
    assert b.move_from_usi("3c3d") in b.legal_moves
    assert b.pop() == m
    assert b.sfen() == before and b.ply == 0
    with pytest.raises(IndexError):
        b.pop()


def test_illegal_and_malformed_moves_raise_value_error():
    b = shogi.Board()
    with pytest.raises(ValueError, match="7g7e"):
        b.push_usi("7g7e")
    with pytest.raises(ValueError):
        b.push_usi("zz")
    with pytest.raises(ValueError, match="not legal"):
        b.push(0)
    with pytest.raises(ValueError):
        b.push(1 << 20)
    assert not b.is_legal(12345)
    with pytest.raises(ValueError):
        shogi.move_to_usi(0)
    assert b.sfen().startswith("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP")


@pytest.mark.parametrize(
    "sfen",
    ["", "garbage", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
     "9/9/9/9/9/9/9/9/9 b - 1", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 99P 1",
     "startpos moves 7g7f 7g7f"],
)
def test_malformed_sfen_raises_value_error(sfen):
    with pytest.raises(ValueError):
        shogi.Board(sfen)


def test_check_mate_and_mate_in_one():
    b = shogi.Board("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
    assert not b.is_check() and not b.is_mate()
    m = b.mate_move_in_1ply()
    assert shogi.move_to_usi(m) == "G*5b"
    b.push(m)
    assert b.is_check() and b.is_mate() and b.is_game_over()
    # The answer is remembered per position: a take-back, a copy and a new
    # position each give their own.
    copy = b.copy()
    b.pop()
    assert not b.is_check() and copy.is_check()
    b.push(m)
    assert b.is_check()
    b.set_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
    assert not b.is_check()
    assert shogi.Board().mate_move_in_1ply() is None
    # Checks from afar: the defender holds nothing to interpose, so a rook
    # dropped anywhere on the file but next to the king mates.
    far = shogi.Board("7lk/7p1/9/9/9/9/9/9/K8 b R 1")
    assert shogi.move_to_usi(far.mate_move_in_1ply()) in [f"R*1{r}" for r in "cdefghi"]
    assert far.sfen() == "7lk/7p1/9/9/9/9/9/9/K8 b R 1"  # left as it was
    assert shogi.Board("7lk/7p1/9/9/9/9/9/9/K8 b R4g 1").mate_move_in_1ply() is None


def test_repetition_is_detected_from_the_pushed_moves():
    b = shogi.Board()
    assert b.repetition() == "none"
    for _ in range(3):
        for m in ["5i5h", "5a5b", "5h5i", "5b5a"]:
            b.push_usi(m)
    assert b.repetition() == "draw"
    assert b.is_game_over()
    b.pop()
    assert b.repetition() == "none"


def test_declaration_and_pieces():
    # Black's king in White's camp with enough pieces and points (27-point rule).
    sfen = "K+R+B+P+P+P+P+P+P/+P+P+P+P+P1+P+P+P/9/9/9/9/9/9/8k b RBGGSSNNLL 1"
    b = shogi.Board(sfen)
    assert b.declaration("27") == "win"
    assert shogi.Board().declaration() is None
    with pytest.raises(ValueError):
        b.declaration("26")
    s = shogi.Board()
    assert s.piece_at(8 * 9 + 8) == "L" and s.piece_at(0) == "l" and s.piece_at(40) is None
    assert shogi.Board(MATSURI).pieces_in_hand(1) == {"G": 1, "S": 1, "N": 1, "P": 5}
    with pytest.raises(ValueError):
        s.piece_at(81)


def test_copies_are_independent():
    b = shogi.Board()
    c = b.copy()
    d = copy.deepcopy(b)
    c.push_usi("7g7f")
    assert b.ply == 0 and d.ply == 0 and c.ply == 1
    assert b == d and b != c


def test_legal_moves_as_usi_and_array_agree():
    b = shogi.Board(MATSURI)
    ints = b.legal_moves
    arr = b.legal_moves_array()
    assert arr.dtype == np.uint16 and arr.tolist() == ints
    assert [shogi.move_to_usi(m) for m in ints] == b.legal_moves_usi()
    assert len(ints) == 207


def test_csa_and_kif_round_trip():
    r = shogi.Record(moves=["7g7f", "3c3d", "8h2b+"], names=("sente", "gote"))
    r.termination = "resignation"
    csa = r.to_csa()
    assert "N+sente" in csa and "+7776FU" in csa and "%TORYO" in csa
    back = shogi.Record.from_csa(csa)
    assert back.moves_usi == ["7g7f", "3c3d", "8h2b+"]
    assert back.names == ("sente", "gote") and back.termination == "resignation"
    kif = shogi.Record.from_kif(r.to_kif())
    assert kif.moves == r.moves and len(kif) == 3
    board = back.board()
    assert board.ply == 3 and shogi.move_to_usi(board.pop()) == "8h2b+"


def test_malformed_records_raise_value_error():
    with pytest.raises(ValueError):
        shogi.Record.from_csa("PI\n+\n+7775FU\n")
    with pytest.raises(ValueError):
        shogi.Record.from_kif("手数----指手---------消費時間--\n   1 ７五歩(77)\n")
    r = shogi.Record()
    with pytest.raises(ValueError):
        r.append("5a5b")
    with pytest.raises(ValueError):
        r.termination = "exploded"


def test_evaluation_is_symmetric_and_counts_material():
    start = shogi.Board()
    assert shogi.evaluate(start, "Material") == 0
    # Black has an extra rook in hand: Material is positive for Black to move, negative for White.
    black = shogi.Board("lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b R 1")
    white = shogi.Board("lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w R 1")
    assert shogi.evaluate(black, "Material") > 0
    assert shogi.evaluate(white, "Material") == -shogi.evaluate(black, "Material")
    assert shogi.evaluate(black) > 0 and shogi.evaluate(black, "Classic") > 0
    with pytest.raises(ValueError, match="Nope"):
        shogi.evaluate(start, "Nope")


def test_mate_solver_matches_the_tsume_suite(repo):
    # Columns: mate length, (unused), accepted first moves, SFEN; or "nomate", SFEN.
    rows = [line.split("\t") for line in (repo / "crates/shogi-engine/data/tsume.txt").read_text().splitlines()
            if line and not line.startswith("#")]
    solved = refuted = 0
    for row in rows:
        if row[0] == "nomate":
            assert shogi.mate(row[1], max_nodes=200_000).outcome == "nomate", row[1]
            refuted += 1
            continue
        length, _, first, sfen = row
        if int(length) > 9:
            continue
        r = shogi.mate(sfen, max_nodes=2_000_000, table_mb=16)
        assert r.outcome == "mate" and r.shortest, sfen
        assert len(r.moves) == int(length), sfen
        assert r.moves[0] in first.split(","), sfen
        b = shogi.Board(sfen)
        for m in r.moves:
            b.push_usi(m)
        assert b.is_mate(), sfen
        solved += 1
    assert solved >= 40 and refuted >= 2
    assert shogi.mate(shogi.Board(), max_nodes=10_000).outcome in ("nomate", "unknown")
    with pytest.raises(ValueError):
        shogi.mate("startpos", table_mb=10**9)
    with pytest.raises(ValueError):
        shogi.mate("startpos", seconds=-1.0)


def test_encoder_planes_and_batches():
    b = shogi.Board()
    x = shogi.encode(b)
    assert x.shape == (shogi.PLANES, 9, 9) and x.dtype == np.float32
    assert x[:14].sum() == 20  # the side to move's 20 pieces, one plane per kind
    boards = [shogi.Board(), shogi.Board(MATSURI)]
    batch = shogi.encode_batch(boards + [MATSURI])
    assert batch.shape == (3, shogi.PLANES, 9, 9)
    assert np.array_equal(batch[0], x) and np.array_equal(batch[1], batch[2])
    assert not np.array_equal(batch[0], batch[1])
    out = np.full((3, shogi.PLANES, 9, 9), 7.0, dtype=np.float32)
    assert shogi.encode_batch(boards + [MATSURI], out=out) is out
    assert np.array_equal(out, batch)
    with pytest.raises(ValueError, match="shape"):
        shogi.encode_batch(boards, out=out)
    small = shogi.encode_batch(boards + [MATSURI], dtype="uint8")
    assert small.dtype == np.uint8 and np.array_equal(small.astype(np.float32), batch)
    with pytest.raises(ValueError, match="dtype"):
        shogi.encode_batch(boards, dtype="float64")
    with pytest.raises(ValueError, match="float32 or uint8"):
        shogi.encode_batch(boards, out=np.zeros((2, shogi.PLANES, 9, 9)))
    with pytest.raises(ValueError, match="contiguous"):
        shogi.encode_batch(boards, out=np.zeros((2, 9, 9, shogi.PLANES), dtype=np.float32).transpose(0, 3, 1, 2))
    with pytest.raises(ValueError, match="item 1"):
        shogi.encode_batch([b, "not an sfen"])
    with pytest.raises(ValueError):
        shogi.encode_batch([b, 42])


def test_batches_longer_than_a_block_of_1024_are_encoded_whole():
    # Positions of a seeded random game, 2,500 of them: three blocks, the last partial.
    rng = random.Random(2500)
    board, positions = shogi.Board(), []
    while len(positions) < 2500:
        moves = board.legal_moves
        if not moves or len(board.history) > 150:
            board = shogi.Board()
            continue
        board.push(rng.choice(moves))
        positions.append(shogi.Board(board.sfen()))
    batch = shogi.encode_batch(positions, dtype="uint8")
    for i in (0, 1023, 1024, 2047, 2048, 2499):
        assert np.array_equal(batch[i], shogi.encode(positions[i]).astype(np.uint8)), i
    # A bad item in the third block is named.
    with pytest.raises(ValueError, match="item 2100"):
        shogi.encode_batch(positions[:2100] + ["not an sfen"])


def test_policy_labels_equal_dlshogi():
    # Labels cshogi 1.1's dlshogi.make_move_label gives the same moves.
    b = shogi.Board()
    assert shogi.move_label(b.move_from_usi("7g7f"), 0) == 59
    assert shogi.move_label(b.move_from_usi("2h7h"), 0) == 304
    w = shogi.Board("startpos moves 7g7f")
    assert shogi.move_label(w.move_from_usi("3c3d"), 1) == 59
    g = shogi.Board("4k4/9/9/9/9/9/9/9/4K4 b G 1")
    assert shogi.move_label(g.move_from_usi("G*5b"), 0) == 2143
    m = shogi.Board(MATSURI)
    labels = shogi.move_labels(m.legal_moves, [1] * len(m.legal_moves))
    assert labels.dtype == np.int64 and len(set(labels.tolist())) == 207
    assert labels.max() < shogi.MOVE_LABELS
    with pytest.raises(ValueError):
        shogi.move_label(0, 0)
    with pytest.raises(ValueError):
        shogi.move_labels([1, 2], [0])


def test_usi_engine_client(usi_engine):
    with shogi.Engine(f"usi:{usi_engine},USI_Hash=16") as engine:
        assert "yomi" in engine.name.lower()
        b = shogi.Board("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
        out = engine.think(b, "go byoyomi 200", seconds=5.0)
        assert out["reply"] == "move" and out["bestmove"] == "G*5b"
        assert out["mate"] == 1
    with pytest.raises(RuntimeError, match="closed"):
        engine.send("isready")
    with pytest.raises(ValueError):
        shogi.Engine("no-prefix")
    with pytest.raises(RuntimeError):
        shogi.Engine("usi:/nonexistent/engine")


def test_clocked_match_between_engine_and_builtin(usi_engine):
    report = shogi.run_match(f"usi:{usi_engine},USI_Hash=16", "random", games=2,
                             byoyomi=0.05, seed=7, max_plies=200)
    d = report.report
    assert d["wins"] + d["draws"] + d["losses"] == 2
    assert d["wins"] == 2  # an alpha-beta engine beats uniformly random moves
    assert "byoyomi 50 ms" in report.text
    with pytest.raises(ValueError):
        shogi.run_match("random", "random", games=0)
    with pytest.raises(ValueError):
        shogi.run_match("random", "nonsense:x=1")
    with pytest.raises(ValueError):
        shogi.run_match("random", "random", byoyomi=0.1, increment=0.1)


def interrupt_soon(seconds=0.3):
    timer = threading.Timer(seconds, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    return timer


@pytest.mark.parametrize("work", ["perft", "match"])
def test_ctrl_c_stops_long_work(work, sigint_raises):
    start = time.monotonic()
    interrupt_soon()
    with pytest.raises(KeyboardInterrupt):
        if work == "perft":
            shogi.Board().perft(9)  # hours of work if not stopped
        else:
            shogi.run_match("random", "random", games=200_000, nodes_per_move=1, max_plies=60)
    assert time.monotonic() - start < 20
    # The interpreter is fine afterwards.
    assert shogi.Board().perft(2) == 900


def test_set_sfen_key_and_counts():
    b = shogi.Board()
    start_key = b.key
    b.push_usi("7g7f")
    assert b.key != start_key
    b.pop()
    assert b.key == start_key
    b.set_sfen(MATSURI)
    assert b.ply == 0 and b.sfen() == MATSURI and b.turn == 1 and b.move_number == 1
    assert b.count_legal_moves() == 207
    with pytest.raises(ValueError):
        b.set_sfen("nonsense")
    assert b.sfen() == MATSURI  # a refused SFEN leaves the board as it was


def test_dataset_rows_round_trip(tmp_path):
    path = tmp_path / "rows.parquet"
    sfens = [shogi.Board().sfen(), MATSURI]
    shogi.write_dataset(path, sfens, score=[12, -340], result=np.array([1, -1]), ply=[0, 57], game=[3, 3])
    rows = shogi.read_dataset(path)
    assert rows["sfen"] == sfens
    assert rows["score"].dtype == np.int32 and rows["score"].tolist() == [12, -340]
    assert rows["result"].dtype == np.int8 and rows["result"].tolist() == [1, -1]
    assert rows["ply"].tolist() == [0, 57] and rows["game"].tolist() == [3, 3]
    assert rows["depth"].tolist() == [0, 0]
    # A folder reads all its files in name order.
    shogi.write_dataset(tmp_path / "rows2.parquet", [MATSURI], score=[5], result=[0])
    assert len(shogi.read_dataset(tmp_path)["sfen"]) == 3


def test_dataset_rows_refuse_bad_input(tmp_path):
    with pytest.raises(ValueError, match="row 1"):
        shogi.write_dataset(tmp_path / "x.parquet", ["startpos", "bad sfen"], score=[0, 0], result=[0, 0])
    with pytest.raises(ValueError, match="result 2"):
        shogi.write_dataset(tmp_path / "x.parquet", ["startpos"], score=[0], result=[2])
    with pytest.raises(ValueError, match="score has 2 values"):
        shogi.write_dataset(tmp_path / "x.parquet", ["startpos"], score=[0, 1], result=[0])
    assert not (tmp_path / "x.parquet").exists()
    (tmp_path / "junk.parquet").write_bytes(b"PAR1 not really")
    with pytest.raises(ValueError, match="junk.parquet"):
        shogi.read_dataset(tmp_path / "junk.parquet")
    with pytest.raises(ValueError):
        shogi.read_dataset(tmp_path / "missing.parquet")
    with pytest.raises(OSError):
        shogi.write_dataset(tmp_path / "no-such-dir" / "x.parquet", ["startpos"], score=[0], result=[0])
