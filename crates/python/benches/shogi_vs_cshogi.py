"""yomi.shogi against cshogi 1.1 and rsshogi 1.7 from Python, side by side, single thread.

Usage (one Python with all three installed; cshogi and rsshogi from PyPI):

    python crates/python/benches/shogi_vs_cshogi.py [--rounds 7] [--json]

Each operation is timed in rounds that alternate the libraries (yomi, cshogi, rsshogi, yomi,
...); the table gives each library's median over the rounds and yomi's speed ratio (their time
divided by yomi's: above 1 means yomi is faster). Before timing, the legal move sets and perft
counts of all three are compared on positions from seeded random games. The batch rows time
yomi's one call (into a preallocated float32 array, or uint8: the same values in a quarter of
the memory) against a Python loop of cshogi's per-position call into a preallocated array.
"""

import argparse
import json
import random
import statistics
import sys
import time

import numpy as np

try:
    import cshogi
    import cshogi.dlshogi
    import rsshogi.core
except ImportError as e:  # a benchmark needs its references: say which is missing
    sys.exit(f"this benchmark compares against cshogi and rsshogi: {e} (pip install cshogi rsshogi)")

from yomi import shogi

MIDDLEGAME = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"  # 207 moves
MATE1 = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"


def random_positions(n, seed):
    """SFENs of positions from seeded random games (yomi's own move choice)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        b = shogi.Board()
        for _ in range(rng.randrange(10, 160)):
            moves = b.legal_moves
            if not moves:
                break
            b.push(rng.choice(moves))
        out.append(b.sfen())
    return out


def check_equal(positions):
    """Legal move sets and perft(2) equal across the three libraries."""
    for sfen in positions:
        y = sorted(shogi.Board(sfen).legal_moves_usi())
        cb = cshogi.Board(sfen)
        c = sorted(cshogi.move_to_usi(m) for m in cb.legal_moves)
        r = sorted(str(m) for m in rsshogi.core.Board(sfen).legal_moves())
        if not (y == c == r):
            sys.exit(f"legal moves differ at {sfen}")
    for sfen in positions[:50]:
        y = shogi.Board(sfen).perft(2)
        cb = cshogi.Board(sfen)
        c = sum(_cshogi_count(cb, m) for m in list(cb.legal_moves))
        if y != c:
            sys.exit(f"perft(2) differs at {sfen}: yomi {y}, cshogi {c}")


def _cshogi_count(b, m):
    b.push(m)
    n = len(b.legal_moves)
    b.pop()
    return n


def perft_push_pop(board, depth, legal, push, pop):
    if depth == 0:
        return 1
    total = 0
    for m in legal(board):
        push(board, m)
        total += perft_push_pop(board, depth - 1, legal, push, pop)
        pop(board)
    return total


def playouts(make, legal, push, games, seed):
    rng = random.Random(seed)
    plies = 0
    for _ in range(games):
        b = make()
        for _ in range(256):
            moves = legal(b)
            if not moves:
                break
            push(b, rng.choice(moves))
            plies += 1
    return plies


def per_call(fn, n):
    start = time.perf_counter()
    fn(n)
    return (time.perf_counter() - start) / n


def cases(batch_sfens):
    """name -> {library: (seconds_for_one_unit thunk)}; each thunk returns seconds per unit."""
    y_start, c_start, r_start = shogi.Board(), cshogi.Board(), rsshogi.core.Board()
    y_mid, c_mid, r_mid = shogi.Board(MIDDLEGAME), cshogi.Board(MIDDLEGAME), rsshogi.core.Board(MIDDLEGAME)
    y_m = y_start.move_from_usi("7g7f")
    c_m = c_start.move_from_usi("7g7f")
    r_m = r_start.legal_moves()[[str(m) for m in r_start.legal_moves()].index("7g7f")]

    def loop(body):
        def run(n):
            for _ in range(n):
                body()
        return run

    def y_pushpop():
        y_start.push(y_m); y_start.pop()
    def c_pushpop():
        c_start.push(c_m); c_start.pop()
    def r_pushpop():
        r_start.push_move(r_m); r_start.pop()

    y_b, c_b, r_b = shogi.Board(), cshogi.Board(), rsshogi.core.Board()
    y_m1, c_m1, r_m1 = shogi.Board(MATE1), cshogi.Board(MATE1), rsshogi.core.Board(MATE1)
    feats1 = np.zeros((1, cshogi.dlshogi.FEATURES1_NUM, 9, 9), dtype=np.float32)
    feats2 = np.zeros((1, cshogi.dlshogi.FEATURES2_NUM, 9, 9), dtype=np.float32)

    def c_features():
        cshogi.dlshogi.make_input_features(c_mid, feats1, feats2)

    y_boards = [shogi.Board(s) for s in batch_sfens]
    c_boards = [cshogi.Board(s) for s in batch_sfens]
    n_batch = len(batch_sfens)
    big1 = np.zeros((n_batch, cshogi.dlshogi.FEATURES1_NUM, 9, 9), dtype=np.float32)
    big2 = np.zeros((n_batch, cshogi.dlshogi.FEATURES2_NUM, 9, 9), dtype=np.float32)

    def c_batch(_n):
        for i, b in enumerate(c_boards):
            cshogi.dlshogi.make_input_features(b, big1[i:i + 1], big2[i:i + 1])

    y_out = np.zeros((n_batch, shogi.PLANES, 9, 9), dtype=np.float32)

    def y_batch(_n):
        shogi.encode_batch(y_boards, out=y_out)

    y_out8 = np.zeros((n_batch, shogi.PLANES, 9, 9), dtype=np.uint8)

    def y_batch8(_n):
        shogi.encode_batch(y_boards, out=y_out8)

    y_legal = lambda b: b.legal_moves
    c_legal = lambda b: list(b.legal_moves)
    r_legal = lambda b: b.legal_moves()
    y_push = lambda b, m: b.push(m)
    c_push = lambda b, m: b.push(m)
    r_push = lambda b, m: b.push_move(m)
    pop = lambda b: b.pop()

    def perft4(make, legal, push):
        def run(_n):
            assert perft_push_pop(make(), 4, legal, push, pop) == 719731
        return run

    def play(make, legal, push):
        def run(n):
            playouts(make, legal, push, n, 1)
        return run

    return {
        "push + pop": ({"yomi": loop(y_pushpop), "cshogi": loop(c_pushpop), "rsshogi": loop(r_pushpop)}, 200_000, "ns"),
        "legal moves (207-move middlegame)": (
            {"yomi": loop(lambda: y_mid.legal_moves), "cshogi": loop(lambda: list(c_mid.legal_moves)),
             "rsshogi": loop(lambda: r_mid.legal_moves())}, 20_000, "µs"),
        "SFEN parse": (
            {"yomi": loop(lambda: y_b.set_sfen(MIDDLEGAME)), "cshogi": loop(lambda: c_b.set_sfen(MIDDLEGAME)),
             "rsshogi": loop(lambda: r_b.set_sfen(MIDDLEGAME))}, 50_000, "µs"),
        "is_check": ({"yomi": loop(y_mid.is_check), "cshogi": loop(c_mid.is_check), "rsshogi": loop(r_mid.is_in_check)}, 500_000, "ns"),
        "mate in one (found)": (
            {"yomi": loop(y_m1.mate_move_in_1ply), "cshogi": loop(c_m1.mate_move_in_1ply),
             "rsshogi": loop(r_m1.solve_mate_in_one)}, 100_000, "ns"),
        "mate in one (none, middlegame)": (
            {"yomi": loop(y_mid.mate_move_in_1ply), "cshogi": loop(c_mid.mate_move_in_1ply),
             "rsshogi": loop(r_mid.solve_mate_in_one)}, 50_000, "ns"),
        "perft 4 via Python push/pop": (
            {"yomi": perft4(shogi.Board, y_legal, y_push), "cshogi": perft4(cshogi.Board, c_legal, c_push),
             "rsshogi": perft4(rsshogi.core.Board, r_legal, r_push)}, 1, "s"),
        "random playouts (256 plies max)": (
            {"yomi": play(shogi.Board, y_legal, y_push), "cshogi": play(cshogi.Board, c_legal, c_push),
             "rsshogi": play(rsshogi.core.Board, r_legal, r_push)}, 200, "ms"),
        "input features, one position": ({"yomi": loop(lambda: shogi.encode(y_mid)), "cshogi": loop(c_features)}, 100_000, "µs"),
        f"batch encoding of {n_batch:,} positions": ({"yomi": y_batch, "cshogi (Python loop)": c_batch}, 1, "s"),
        f"batch encoding of {n_batch:,} positions, yomi as uint8": (
            {"yomi": y_batch8, "cshogi (Python loop)": c_batch}, 1, "s"),
    }


UNIT = {"ns": 1e9, "µs": 1e6, "ms": 1e3, "s": 1.0}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--batch", type=int, default=100_000)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--only", default="", help="comma-separated parts of operation names to run (default: all)")
    args = ap.parse_args()
    if not 1 <= args.rounds <= 100 or not 1 <= args.batch <= 1_000_000:
        sys.exit("--rounds must be 1..100 and --batch 1..1000000")
    check_equal(random_positions(300, 46))
    batch = random_positions(args.batch, 47)
    results = {}
    wanted = [w.strip() for w in args.only.split(",") if w.strip()]
    for name, (libs, n, unit) in cases(batch).items():
        if wanted and not any(w in name for w in wanted):
            continue
        times = {lib: [] for lib in libs}
        for _ in range(args.rounds):
            for lib, fn in libs.items():
                times[lib].append(per_call(fn, n))
        med = {lib: statistics.median(t) for lib, t in times.items()}
        results[name] = {"unit": unit, "median": {lib: v * UNIT[unit] for lib, v in med.items()},
                         "ratio": {lib: med[lib] / med["yomi"] for lib in med if lib != "yomi"}}
    if args.json:
        print(json.dumps(results, indent=1))
        return
    print(f"| operation | yomi | cshogi | rsshogi | cshogi / yomi | rsshogi / yomi |")
    print("|---|---|---|---|---|---|")
    for name, r in results.items():
        m, u = r["median"], r["unit"]
        c = m.get("cshogi", m.get("cshogi (Python loop)"))
        rs = m.get("rsshogi")
        cr = r["ratio"].get("cshogi", r["ratio"].get("cshogi (Python loop)"))
        rr = r["ratio"].get("rsshogi")
        fmt = lambda v: "—" if v is None else f"{v:.3g} {u}"
        print(f"| {name} | {fmt(m['yomi'])} | {fmt(c)} | {fmt(rs)} | {cr:.2f}x | "
              f"{'—' if rr is None else f'{rr:.2f}x'} |")


if __name__ == "__main__":
    main()
