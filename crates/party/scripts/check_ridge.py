#!/usr/bin/env python3
"""Compare yomi's ridge fits with scikit-learn's RidgeCV on the same data.

Usage:
    yomi party dataset --out d.csv --npz d.npz
    yomi party fit --data d.csv --coefficients --json > fit.json
    python3 crates/party/scripts/check_ridge.py d.npz fit.json

For every feature set in fit.json, fits RidgeCV(alphas=..., fit_intercept=True)
(default gcv_mode: efficient leave-one-out) on the first `train` rows of the
NPZ's X restricted to that set's columns, and compares the chosen alpha, the
intercept, every coefficient and the held-out R^2 with yomi's. Exits 1 when
any difference exceeds --tol (default 1e-6). Needs numpy and scikit-learn.
"""
import argparse
import json
import sys

import numpy as np
import sklearn
from sklearn.linear_model import RidgeCV
from sklearn.metrics import r2_score


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("npz")
    ap.add_argument("fit_json")
    ap.add_argument("--tol", type=float, default=1e-6)
    args = ap.parse_args()

    data = np.load(args.npz)
    X = data["X"].astype(np.float64)
    y = data["y"]
    names = [str(n) for n in data["feature_names"]]
    col = {n: i for i, n in enumerate(names)}
    fit = json.load(open(args.fit_json))
    train = fit["train"]
    r2_by_set = {row["set"]: row["r2_test"] for row in fit["table"]}
    if not fit.get("sets"):
        print("fit.json has no 'sets': run yomi party fit with --coefficients --json", file=sys.stderr)
        return 2

    print(f"scikit-learn {sklearn.__version__}, numpy {np.__version__}; {X.shape[0]} rows, train {train}")
    print(f"{'set':<16} {'alpha':>6} {'sk alpha':>8} {'max |dcoef|':>12} {'|dintercept|':>12} {'|dR2|':>10}")
    worst = 0.0
    ok = True
    for s in fit["sets"]:
        cols = [col[n] for n in s["names"]]
        m = RidgeCV(alphas=fit["alphas"]).fit(X[:train, cols], y[:train])
        dcoef = float(np.max(np.abs(m.coef_ - np.array(s["coef"]))))
        dint = abs(float(m.intercept_) - s["intercept"])
        r2 = r2_score(y[train:], m.predict(X[train:, cols]))
        dr2 = abs(r2 - r2_by_set[s["set"]])
        same_alpha = float(m.alpha_) == s["alpha"]
        ok &= same_alpha and max(dcoef, dint, dr2) <= args.tol
        worst = max(worst, dcoef, dint, dr2)
        print(f"{s['set']:<16} {s['alpha']:>6} {float(m.alpha_):>8} {dcoef:>12.2e} {dint:>12.2e} {dr2:>10.2e}")
    print(f"largest difference {worst:.2e} (tolerance {args.tol:g}): {'OK' if ok else 'MISMATCH'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
