#!/usr/bin/env python3
"""Reference values for vigiles' statistics, computed with scipy (Debian's python3-scipy).

Run: python3 test/stats/reference/make_reference.py > test/stats/reference/scipy-reference.json
scipy is used only here, to produce the expected numbers checked into the tests; it is never a
runtime dependency of vigiles.
"""
import json
import math

import scipy
from scipy import stats

Z95 = float(stats.norm.ppf(0.975))

# (baseline mean, se, n), (arm mean, se, n)
welch_cases = [
    ((0.6, 0.1633, 10), (0.9, 0.1, 10)),
    ((0.5, 0.2236, 5), (0.8, 0.2, 5)),
    ((0.3, 0.1528, 10), (0.7, 0.1528, 10)),
    ((12.5, 1.1, 8), (10.1, 2.4, 30)),
    ((0.2, 0.02, 200), (0.23, 0.021, 180)),
    ((4.0, 0.5, 3), (4.0, 0.9, 7)),
    ((0.1, 0.1, 10), (0.0, 0.05, 2)),
    ((100.0, 10.0, 4), (130.0, 0.0, 6)),
]


def welch(b, a, alternative):
    (mb, seb, nb), (ma, sea, na) = b, a
    r = stats.ttest_ind_from_stats(
        ma, sea * math.sqrt(na), na, mb, seb * math.sqrt(nb), nb, equal_var=False, alternative=alternative
    )
    va, vb = sea**2, seb**2
    df = (va + vb) ** 2 / (va**2 / (na - 1) + vb**2 / (nb - 1))
    return {
        "baseline": {"mean": mb, "se": seb, "n": nb},
        "arm": {"mean": ma, "se": sea, "n": na},
        "alternative": alternative,
        "delta": ma - mb,
        "seDelta": math.sqrt(va + vb),
        "t": float(r.statistic),
        "df": df,
        "pValue": float(r.pvalue),
    }


t_cdf = [
    {"t": t, "df": df, "cdf": float(stats.t.cdf(t, df))}
    for t, df in [(0.0, 1), (1.0, 2), (-1.0, 4), (2.0, 0.1), (2.262, 9), (-3.5, 17.3), (1.5, 1000), (0.7, 2.5), (-10.0, 3)]
]

wilson = []
for k, n in [(0, 1), (1, 1), (0, 3), (3, 3), (2, 3), (7, 10), (10, 10), (0, 10), (50, 100), (1, 20), (199, 200)]:
    ci = stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    wilson.append({"successes": k, "n": n, "z": Z95, "low": float(ci.low), "high": float(ci.high)})

binom = []
for k, n in [(0, 0), (0, 5), (1, 5), (2, 6), (3, 6), (8, 10), (9, 10), (1, 12), (30, 40), (60, 100), (520, 1000), (1, 1)]:
    for alt in ["two-sided", "greater", "less"]:
        p = 1.0 if n == 0 else float(stats.binomtest(k, n, 0.5, alternative=alt).pvalue)
        binom.append({"k": k, "n": n, "alternative": alt, "pValue": p})


def comb_ratio(a, n, k):
    return math.comb(a, k) / math.comb(n, k) if a >= k else 0.0


pass_k_tasks = [[10, 7], [10, 10], [10, 0], [5, 3], [8, 6]]
pass_k = []
for k in [1, 2, 3, 5]:
    hat = sum(comb_ratio(c, n, k) for n, c in pass_k_tasks) / len(pass_k_tasks)
    at = sum(1 - comb_ratio(n - c, n, k) for n, c in pass_k_tasks) / len(pass_k_tasks)
    pass_k.append({"k": k, "passHatK": hat, "passAtK": at})

out = {
    "generator": "test/stats/reference/make_reference.py",
    "scipy": scipy.__version__,
    "welch": [welch(b, a, alt) for b, a in welch_cases for alt in ["two-sided", "greater", "less"]],
    "tCdf": t_cdf,
    "wilson": wilson,
    "binomialHalf": binom,
    "passK": {"tasks": [{"n": n, "c": c} for n, c in pass_k_tasks], "values": pass_k},
}
print(json.dumps(out, indent=2))
