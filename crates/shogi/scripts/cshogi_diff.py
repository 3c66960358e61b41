#!/usr/bin/env python3
"""Differential test of yomi's shogi move generator against cshogi.

Plays seeded random games with cshogi (pip install cshogi), records every
position, asks `yomi shogi moves --batch` (one process, SFENs on stdin) for
the legal moves of all of them, and compares the sorted USI move lists.
Exit status 0 only when every list matches.

    cargo build --release -p yomi
    python3 crates/shogi/scripts/cshogi_diff.py --yomi target/release/yomi --games 1200 --seed 1
"""

import argparse
import random
import subprocess
import sys
import time

import cshogi


def play_games(games, seed, max_plies, drop_bias):
    """Seeded random games; returns [(sfen, sorted cshogi moves)]."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        board = cshogi.Board()
        for _ in range(max_plies):
            moves = [cshogi.move_to_usi(m) for m in board.legal_moves]
            out.append((board.sfen(), sorted(moves)))
            if not moves:
                break
            # Prefer drops and captures a little so hands fill up and the
            # drop rules (nifu, uchifuzume) get exercised.
            drops = [m for m in moves if m[1] == "*"]
            if drops and rng.random() < drop_bias:
                choice = rng.choice(drops)
            else:
                choice = rng.choice(moves)
            board.push_usi(choice)
    return out


def pawn_drop_mates(sfen, legal):
    """True when the side to move could drop a pawn with check (free square,
    no nifu, not in check) but cshogi omits it: uchifuzume was applied."""
    board, side, hands = sfen.split()[:3]
    pawn, king = ("P", "k") if side == "b" else ("p", "K")
    if pawn not in hands:
        return False
    grid = {}
    for rank, row in enumerate(board.split("/")):
        file = 8
        promoted = False
        for ch in row:
            if ch.isdigit():
                file -= int(ch)
            elif ch == "+":
                promoted = True
            else:
                grid[(file, rank)] = ("+" if promoted else "") + ch
                promoted = False
                file -= 1
    kf, kr = next(sq for sq, p in grid.items() if p == king)
    r = kr + 1 if side == "b" else kr - 1
    if not 0 <= r <= 8 or (kf, r) in grid:
        return False
    if any(grid.get((kf, rr)) == pawn for rr in range(9)):
        return False
    return f"P*{kf + 1}{chr(97 + r)}" not in legal


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--yomi", default="target/release/yomi", help="path to the yomi binary")
    ap.add_argument("--games", type=int, default=1200, help="random games to play")
    ap.add_argument("--seed", type=int, default=1, help="seed of the random games")
    ap.add_argument("--max-plies", type=int, default=200, help="plies per game at most")
    ap.add_argument("--drop-bias", type=float, default=0.3, help="probability of playing a drop when one exists")
    args = ap.parse_args()

    t0 = time.time()
    positions = play_games(args.games, args.seed, args.max_plies, args.drop_bias)
    t1 = time.time()
    stdin = "".join(sfen + "\n" for sfen, _ in positions)
    proc = subprocess.run([args.yomi, "shogi", "moves", "--batch"], input=stdin,
                          capture_output=True, text=True)
    t2 = time.time()
    if proc.returncode != 0:
        print(f"yomi failed (exit {proc.returncode}): {proc.stderr.strip()}", file=sys.stderr)
        return 2
    lines = proc.stdout.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) != len(positions):
        print(f"yomi printed {len(lines)} lines for {len(positions)} positions", file=sys.stderr)
        return 2

    diffs = 0
    in_check = 0
    uchifuzume = 0
    for (sfen, expected), line in zip(positions, lines):
        got = line.split()
        if cshogi.Board(sfen).is_check():
            in_check += 1
        elif pawn_drop_mates(sfen, expected):
            uchifuzume += 1
        if got != expected:
            diffs += 1
            if diffs <= 10:
                e, g = set(expected), set(got)
                print(f"DIFF {sfen}\n  only cshogi: {sorted(e - g)}\n  only yomi:   {sorted(g - e)}")
    total_moves = sum(len(e) for _, e in positions)
    print(f"positions compared: {len(positions)} (from {args.games} games, seed {args.seed}), "
          f"moves compared: {total_moves}, positions in check: {in_check}, "
          f"with uchifuzume: {uchifuzume}, differences: {diffs}")
    print(f"time: cshogi games {t1 - t0:.1f} s, yomi batch {t2 - t1:.1f} s")
    return 0 if diffs == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
