#!/usr/bin/python3
"""Writes the SciPy reference fixtures for TreeLab's significance tests (tests/core/stats).

Rerun from the repository root with Debian's Python, which has SciPy 1.10.1:
    /usr/bin/python3 tests/tools/make_stats_fixtures.py
It writes tests/fixtures/stats/paired_tests.json, rank_tests.json and studentized_range.json.
Tests need no Python.

paired_tests.json: pairs of score vectors (as 10-fold or 10x3-fold accuracies would give) with
the corrected resampled t-test of Nadeau & Bengio 2003 (Weka's corrected tester; the p-value from
scipy.stats.t), scipy.stats.wilcoxon(a, b) with its defaults, and win/tie/loss counts. The cases
cover the exact distribution (n <= 50, no zero difference), tied magnitudes inside it, zero
differences (normal approximation with the tie correction), and n > 50.
rank_tests.json: data sets x methods score matrices with the mean ranks (rank 1 = best, higher is
better, scipy.stats.rankdata per row) and scipy.stats.friedmanchisquare over the columns.
studentized_range.json: scipy.stats.studentized_range.ppf(1 - alpha, k, inf) and the Nemenyi
critical difference of Demsar 2006 built from it.
"""
import json
import os
import warnings

import numpy as np
import scipy
from scipy import stats

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "tests", "fixtures", "stats")


def accuracies(rng, n, rows, p):
    """Accuracies of n folds of `rows` test rows each: multiples of 1/rows, so ties are common."""
    return (rng.binomial(rows, p, size=n) / rows).tolist()


def corrected_t(a, b, ratio):
    d = np.asarray(a) - np.asarray(b)
    n = len(d)
    t = d.mean() / np.sqrt((1.0 / n + ratio) * d.var(ddof=1))
    return float(t), float(2 * stats.t.sf(abs(t), n - 1)), n - 1


def paired_case(name, a, b, ratio):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        w = stats.wilcoxon(a, b)
    t, p, df = corrected_t(a, b, ratio)
    d = np.asarray(a) - np.asarray(b)
    return {
        "name": name, "a": a, "b": b, "test_to_train_ratio": ratio,
        "t": {"statistic": t, "p_value": p, "df": df},
        "wilcoxon": {"statistic": float(w.statistic), "p_value": float(w.pvalue)},
        "wins": int((d > 0).sum()), "ties": int((d == 0).sum()), "losses": int((d < 0).sum()),
    }


def paired_cases():
    rng = np.random.RandomState(28)
    cases = []
    # exact distribution, no ties: continuous scores
    a = rng.normal(0.80, 0.03, 10).tolist()
    b = (np.asarray(a) - rng.normal(0.01, 0.02, 10)).tolist()
    cases.append(paired_case("exact_10", a, b, 1 / 9))
    # exact distribution, 10x3 folds
    a = rng.normal(0.75, 0.04, 30).tolist()
    b = (np.asarray(a) + rng.normal(0.02, 0.03, 30)).tolist()
    cases.append(paired_case("exact_30", a, b, 1 / 9))
    # exact, small and one-sided: every difference positive
    a = [0.91, 0.88, 0.93, 0.90, 0.95]
    b = [0.85, 0.86, 0.84, 0.89, 0.80]
    cases.append(paired_case("exact_5_all_wins", a, b, 1 / 4))
    # exact with tied magnitudes (SciPy keeps the exact distribution, W+ truncated)
    a = [0.5, 0.75, 1.0, 0.625, 0.875, 0.75, 0.5, 1.0]
    b = [0.25, 0.5, 0.75, 0.75, 0.625, 0.5, 0.375, 0.75]
    cases.append(paired_case("exact_8_tied_magnitudes", a, b, 1 / 7))
    # accuracies on 15 test rows: ties and zero differences -> normal approximation
    a = accuracies(rng, 10, 15, 0.8)
    b = accuracies(rng, 10, 15, 0.75)
    cases.append(paired_case("zeros_and_ties_10", a, b, 1 / 9))
    a = accuracies(rng, 30, 21, 0.7)
    b = accuracies(rng, 30, 21, 0.72)
    cases.append(paired_case("zeros_and_ties_30", a, b, 1 / 9))
    # more than 50 pairs: normal approximation even without zeros
    a = rng.normal(0.6, 0.05, 60).tolist()
    b = (np.asarray(a) - rng.normal(0.005, 0.02, 60)).tolist()
    cases.append(paired_case("approx_60", a, b, 1 / 4))
    a = accuracies(rng, 100, 40, 0.9)
    b = accuracies(rng, 100, 40, 0.88)
    cases.append(paired_case("approx_100_ties", a, b, 1 / 9))
    return cases


def rank_case(name, scores):
    scores = np.asarray(scores, dtype=float)
    ranks = np.vstack([stats.rankdata(-row) for row in scores])
    f = stats.friedmanchisquare(*scores.T)
    return {"name": name, "scores": scores.tolist(), "mean_ranks": ranks.mean(axis=0).tolist(),
            "mean_ranks_lower_is_better": np.vstack([stats.rankdata(row) for row in scores]).mean(axis=0).tolist(),
            "friedman": {"statistic": float(f.statistic), "p_value": float(f.pvalue), "df": scores.shape[1] - 1}}


def rank_cases():
    rng = np.random.RandomState(1937)
    cases = []
    base = rng.uniform(0.6, 0.95, (8, 1))
    cases.append(rank_case("continuous_8x4", base + rng.normal(0, 0.02, (8, 4)) + [0, 0.01, 0.02, 0.03]))
    # accuracies rounded to two digits: ties inside data sets
    scores = np.round(rng.uniform(0.6, 0.95, (12, 1)) + rng.normal(0, 0.015, (12, 6)), 2)
    cases.append(rank_case("rounded_12x6", scores))
    scores = np.round(rng.uniform(0.7, 0.9, (30, 1)) + rng.normal(0, 0.01, (30, 3)) + [0.0, 0.004, 0.008], 2)
    cases.append(rank_case("rounded_30x3", scores))
    # four methods on fourteen data sets, AUCs with three digits, one data set where all tie
    auc = [[0.763, 0.768, 0.771, 0.798], [0.599, 0.591, 0.590, 0.569], [0.954, 0.971, 0.968, 0.967],
              [0.628, 0.661, 0.654, 0.657], [0.882, 0.888, 0.886, 0.898], [0.936, 0.931, 0.916, 0.931],
              [0.661, 0.668, 0.609, 0.685], [0.583, 0.583, 0.563, 0.625], [0.775, 0.838, 0.866, 0.875],
              [1.000, 1.000, 1.000, 1.000], [0.940, 0.962, 0.965, 0.962], [0.619, 0.666, 0.614, 0.669],
              [0.972, 0.981, 0.975, 0.975], [0.957, 0.978, 0.946, 0.970]]
    cases.append(rank_case("auc_14x4", auc))
    return cases


def studentized_range():
    rows = []
    for alpha in (0.01, 0.05, 0.10):
        for k in range(2, 21):
            q = float(stats.studentized_range.ppf(1 - alpha, k, np.inf))
            rows.append({"k": k, "alpha": alpha, "q": q,
                         "cd_n14": float(q / np.sqrt(2) * np.sqrt(k * (k + 1) / (6 * 14)))})
    return rows


def write(name, payload):
    payload = {"generator": "tests/tools/make_stats_fixtures.py", "scipy": scipy.__version__, **payload}
    with open(os.path.join(OUT, name), "w") as f:
        json.dump(payload, f, indent=1)
        f.write("\n")


def main():
    os.makedirs(OUT, exist_ok=True)
    write("paired_tests.json", {"cases": paired_cases()})
    write("rank_tests.json", {"cases": rank_cases()})
    write("studentized_range.json", {"quantiles": studentized_range()})


if __name__ == "__main__":
    main()
