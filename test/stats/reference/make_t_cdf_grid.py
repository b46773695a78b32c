"""Writes t-cdf-grid.json: Student-t CDF values from scipy over a grid of t and df, for
test/stats/t-cdf-grid.test.ts (our own regularised incomplete beta against scipy's).
Run: python3 test/stats/reference/make_t_cdf_grid.py (scipy 1.17.1 wrote the committed file)."""
import json
from pathlib import Path

from scipy import stats

DFS = [0.05, 0.5, 1, 2, 3, 4.7, 9, 17.3, 30, 49, 50, 51, 99, 374.1, 1000, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e12]
TS = [-45.0, -20.0, -8.0, -4.3, -2.5, -1.96, -1.0, -0.3, -1e-4, 1e-4, 0.7, 1.5, 2.262, 3.0, 6.0, 30.0]

cases = [{"t": t, "df": df, "cdf": float(stats.t.cdf(t, df)), "sf": float(stats.t.sf(t, df))} for df in DFS for t in TS]
normal = [{"t": t, "cdf": float(stats.norm.cdf(t)), "sf": float(stats.norm.sf(t))} for t in TS]
out = {"scipy": "1.17.1", "t": cases, "normal": normal}
Path(__file__).with_name("t-cdf-grid.json").write_text(json.dumps(out, indent=0) + "\n")
