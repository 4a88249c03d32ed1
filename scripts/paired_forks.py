#!/usr/bin/env python3
"""Would paired rounds narrow a race's intervals? (issue 44, item 5)

A race runs a round's forks of one group back to back, so fork k of one cell and fork k of another ran
minutes apart from the next round's. If the machine drifts between rounds, their log fork medians are
correlated and a paired test (per-round log-ratios, n - 1 degrees of freedom) could be narrower than the
Welch test the decisions use (about 2 (n - 1) degrees of freedom). This reads results.json files, pairs
the forks of every two cells of a group by their order (both cells' first n forks, n >= 3), and prints
per group the mean correlation and, per run, in how many pairs the paired interval is the narrower one
at a two-sided level (default 99.5%, about the corrected level of a race's first pairs).

    scripts/paired_forks.py results/latest/results.json [more.json ...] [--level 0.995]

Pure Python (no SciPy): the t quantile is found by bisection on a Simpson-integrated density.
"""
import argparse
import itertools
import json
import math
import statistics as st


def t_cdf(x, df):
    c = math.gamma((df + 1) / 2) / (math.sqrt(df * math.pi) * math.gamma(df / 2))
    n, h = 2000, x / 2000
    s = sum((1 if i in (0, n) else 4 if i % 2 else 2) * (1 + (i * h) ** 2 / df) ** (-(df + 1) / 2)
            for i in range(n + 1))
    return 0.5 + c * s * h / 3


def t_quantile(p, df):
    lo, hi = 0.0, 1000.0
    for _ in range(50):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if t_cdf(mid, df) < p else (lo, mid)
    return (lo + hi) / 2


def fork_medians(cell):
    time = cell.get("timeNs") or {}
    runs, sizes, out, i = time.get("runs") or [], time.get("forks") or [], [], 0
    for n in sizes:
        out.append(math.log(st.median(runs[i:i + n])))
        i += n
    return out


def pairs(results):
    groups = {}
    for c in results["cells"]:
        if c.get("status") == "ok":
            key = (c["workload"], c.get("items"), c.get("cpus"), (c.get("jdk") or {}).get("version"))
            groups.setdefault(key, []).append(c)
    for key, cells in groups.items():
        medians = {c["strategy"]: fork_medians(c) for c in cells}
        medians = {s: m for s, m in medians.items() if len(m) >= 3}
        for a, b in itertools.combinations(sorted(medians), 2):
            n = min(len(medians[a]), len(medians[b]))
            yield key[0], a, b, medians[a][:n], medians[b][:n]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--level", type=float, default=0.995)
    args = parser.parse_args()
    q = 1 - (1 - args.level) / 2
    for path in args.files:
        rows, by_group = [], {}
        for group, a, b, x, y in pairs(json.load(open(path))):
            n = len(x)
            vx, vy = st.variance(x) / n, st.variance(y) / n
            if vx + vy == 0 or st.pstdev(x) == 0 or st.pstdev(y) == 0:
                continue
            df = (vx + vy) ** 2 / (vx * vx / (n - 1) + vy * vy / (n - 1))
            welch = t_quantile(q, df) * math.sqrt(vx + vy)
            paired = t_quantile(q, n - 1) * st.stdev([p - r for p, r in zip(x, y)]) / math.sqrt(n)
            rows.append(paired / welch)
            by_group.setdefault(group, []).append(st.correlation(x, y))
        if not rows:
            print(f"{path}: no two cells of a group with 3 forks or more")
            continue
        for group, rhos in by_group.items():
            print(f"{path}: {group}: {len(rhos)} pairs, mean correlation {st.mean(rhos):.2f} "
                  f"({min(rhos):.2f} to {max(rhos):.2f})")
        narrower = sum(1 for r in rows if r < 1)
        print(f"{path}: paired interval narrower in {narrower} of {len(rows)} pairs; median paired/Welch "
              f"half-width {st.median(rows):.2f} at {args.level:.1%}")


if __name__ == "__main__":
    main()
