"""yomi.party's ridge fit against scikit-learn's RidgeCV on the same matrix, from Python.

Usage (one Python with yomi and scikit-learn installed):

    python crates/python/benches/party_vs_sklearn.py [--parties 3000] [--rounds 5]

Generates a random-battle dataset with yomi (seeded), fits both on its full feature matrix
with the same penalty grid, and prints the largest differences (chosen penalty, coefficients,
intercept, predictions) and the median fit time of each over alternating rounds.
"""

import argparse
import statistics
import sys
import time

import numpy as np

try:
    from sklearn.linear_model import RidgeCV
except ImportError as e:
    sys.exit(f"this comparison needs scikit-learn: {e} (pip install scikit-learn)")

from yomi import party

ALPHAS = (0.1, 1.0, 10.0, 100.0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--parties", type=int, default=3000)
    ap.add_argument("--opponents", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    if not 10 <= args.parties <= 100_000 or not 1 <= args.rounds <= 50:
        sys.exit("--parties must be 10..100000 and --rounds 1..50")
    data = party.generate_dataset(parties=args.parties, opponents=args.opponents, seed=2017)
    X = data.X.astype(np.float64)
    y = data.y
    times = {"yomi": [], "scikit-learn": []}
    for _ in range(args.rounds):
        t = time.perf_counter()
        ours = party.ridge_fit(X, y, alphas=ALPHAS)
        times["yomi"].append(time.perf_counter() - t)
        t = time.perf_counter()
        ref = RidgeCV(alphas=ALPHAS).fit(X, y)
        times["scikit-learn"].append(time.perf_counter() - t)
    coef = np.max(np.abs(ours.coef - ref.coef_))
    intercept = abs(ours.intercept - ref.intercept_)
    pred = np.max(np.abs(ours.predict(X) - ref.predict(X)))
    print(f"matrix {X.shape[0]} x {X.shape[1]}, alphas {ALPHAS}")
    print(f"chosen alpha: yomi {ours.alpha}, scikit-learn {ref.alpha_}")
    print(f"max |coef difference| {coef:.3g}, |intercept difference| {intercept:.3g}, "
          f"max |prediction difference| {pred:.3g}")
    med = {k: statistics.median(v) for k, v in times.items()}
    print(f"fit time (median of {args.rounds}): yomi {med['yomi'] * 1e3:.1f} ms, "
          f"scikit-learn {med['scikit-learn'] * 1e3:.1f} ms "
          f"(scikit-learn / yomi = {med['scikit-learn'] / med['yomi']:.2f}x)")
    if ours.alpha != ref.alpha_ or pred > 1e-6:
        sys.exit("the fits differ")


if __name__ == "__main__":
    main()
