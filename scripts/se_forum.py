#!/usr/bin/env python3
"""Rates the forum's hardest puzzles on `--scale se` and writes results/se_forum.md: the ER
distribution of a 1-in-N sample of ../shared/corpora/forum_hardest_1905_er11plus.txt (every
puzzle there is rated ER >= 11 by the forum), CPU time, the slowest puzzles, and on
../shared/corpora/forum_hardest_1106_rated.csv the share of rows whose ER is within 0.1 of the
forum's own ER.

    python3 scripts/se_forum.py [--every 20] [--jobs 1] [--shared ../shared]
                                [--sgrade target/release/sgrade] [--out results/se_forum.md]
                                [--work DIR]

With `--work DIR` each set's puzzles and rows are kept in DIR and graded with `sgrade grade -o
DIR/NAME.csv --resume`, so a long run (the 1-in-20 sample is ~1 CPU-hour) can be stopped with
SIGINT to sgrade (it flushes its finished rows and exits 130) and continued by running the same
command again; the CPU seconds of every invocation are added to DIR/NAME.cpu and summed.
"""
import argparse
import collections
import csv
import io
import os
import resource
import subprocess
import sys
import time


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def grade(args, puzzles, name):
    """sgrade's rows for `puzzles`, with the CPU seconds and wall seconds the run took (with
    `--work`: all the invocations that made the rows, summed)."""
    if args.work:
        return grade_resumable(args, puzzles, name)
    data = "\n".join(puzzles) + "\n"
    before, started = children_cpu(), time.time()
    proc = subprocess.run([args.sgrade, "grade", "--scale", "se", "-j", str(args.jobs), "-q",
                           "--no-progress", "-"], input=data, capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        sys.exit(f"sgrade failed ({proc.returncode}): {proc.stderr.strip()}")
    rows = list(csv.DictReader(io.StringIO(proc.stdout)))
    if len(rows) != len(puzzles):
        sys.exit(f"{len(puzzles)} puzzles in, {len(rows)} rows out")
    return rows, children_cpu() - before, time.time() - started


# Per set graded with `--work`: how many sgrade invocations made its rows, and which binaries.
GRADED_BY = {}


def graded_by(name):
    if name not in GRADED_BY:
        return []
    runs, binaries = GRADED_BY[name]
    return [f"Rows made by {runs} sgrade invocation(s) (resumed after each interruption) of "
            + ", ".join(f"`{b}`" for b in binaries) + ".", ""]


def grade_resumable(args, puzzles, name):
    os.makedirs(args.work, exist_ok=True)
    base = os.path.join(args.work, name)
    text = "\n".join(puzzles) + "\n"
    if not os.path.exists(base + ".txt") or open(base + ".txt").read() != text:
        if os.path.exists(base + ".csv"):
            sys.exit(f"{base}.txt differs from this sample: remove {base}.* to start again")
        with open(base + ".txt", "w") as f:
            f.write(text)
    record = base + ".csv.sgrade-run"
    if not os.path.exists(base + ".csv") or os.path.exists(record):
        before, started = children_cpu(), time.time()
        proc = subprocess.run([args.sgrade, "grade", "--scale", "se", "-j", str(args.jobs), "-q",
                               "--no-progress", "--resume", "-o", base + ".csv", base + ".txt"],
                              capture_output=True, text=True)
        cpu, wall = children_cpu() - before, time.time() - started
        with open(base + ".cpu", "a") as f:
            f.write(f"{cpu:.3f} {wall:.3f} {proc.returncode} {args.sgrade}\n")
        if proc.returncode in (130, 143):
            sys.exit(f"interrupted ({proc.stderr.strip()}); run the same command again to resume")
        if proc.returncode not in (0, 1):
            sys.exit(f"sgrade failed ({proc.returncode}): {proc.stderr.strip()}")
    with open(base + ".csv", newline="") as f:
        rows = list(csv.DictReader(f))
    if len(rows) != len(puzzles):
        sys.exit(f"{len(puzzles)} puzzles in, {len(rows)} rows in {base}.csv")
    cpu = wall = 0.0
    runs = []
    with open(base + ".cpu") as f:
        for line in f:
            fields = line.split(maxsplit=3)
            cpu, wall = cpu + float(fields[0]), wall + float(fields[1])
            runs.append(fields[3].strip())
    GRADED_BY[name] = (len(runs), sorted(set(runs)))
    return rows, cpu, wall


def er_of(row):
    return float(row["se_er"]) if row.get("se_er") else None


def distribution(values):
    counts = collections.Counter(values)
    keys = sorted(counts, key=lambda k: (k is None, k if k is not None else 0))
    return "\n".join(["| ER | puzzles |", "|---|--:|"] +
                     [f"| {'unrated (stuck)' if k is None else f'{k:.1f}'} | {counts[k]} |"
                      for k in keys])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shared", default=os.path.join(os.path.dirname(__file__), "..", "..",
                                                         "shared"))
    parser.add_argument("--sgrade", default="target/release/sgrade")
    parser.add_argument("--every", type=int, default=20, help="take every Nth line (1-in-N)")
    parser.add_argument("--jobs", type=int, default=1, help="sgrade -j")
    parser.add_argument("--slowest", type=int, default=10)
    parser.add_argument("--rated-every", type=int, default=1,
                        help="take every Nth row of forum_hardest_1106_rated.csv (0: skip it)")
    parser.add_argument("--out", default="results/se_forum.md")
    parser.add_argument("--work", help="keep puzzles, rows and CPU seconds here; resume from them")
    args = parser.parse_args()
    corpora = os.path.join(args.shared, "corpora")
    hardest = os.path.join(corpora, "forum_hardest_1905_er11plus.txt")
    if not os.path.exists(hardest):
        sys.exit(f"{hardest} not found")
    with open(hardest) as f:
        lines = [l.split()[0] for l in f if l.strip()]
    sample = lines[args.every - 1 :: args.every]
    rows, cpu, wall = grade(args, sample, f"forum_every{args.every}")
    ers = [er_of(r) for r in rows]
    rated = [e for e in ers if e is not None]
    at_least_11 = sum(e >= 11.0 for e in rated)
    slow = sorted(zip(rows, sample), key=lambda rs: -float(rs[0].get("time_us") or 0))
    command = "python3 scripts/se_forum.py " + " ".join(sys.argv[1:])
    text = ["# `--scale se` on the forum's hardest puzzles", "",
            f"Command: `{command.strip()}` ({time.strftime('%Y-%m-%d')}); `sgrade grade --scale se "
            f"-j {args.jobs}` on a shared 2-core machine.", "",
            f"## 1-in-{args.every} sample of `forum_hardest_1905_er11plus.txt` ({len(sample)} of "
            f"{len(lines)} puzzles; the forum rates every one ER ≥ 11)", "",
            f"Rated {len(rated)} of {len(sample)} (stuck: {len(sample) - len(rated)}); ER ≥ 11.0: "
            f"{at_least_11} of {len(rated)}. CPU {cpu:.1f} s, wall {wall:.1f} s: "
            f"{len(sample) / cpu if cpu else 0:.2f} puzzles/CPU-s.", "",
            *graded_by(f"forum_every{args.every}"),
            distribution(ers), "", f"The {args.slowest} slowest (time_us is wall time per puzzle "
            f"{'on one thread, ~CPU time' if args.jobs == 1 else f'with {args.jobs} threads'}):",
            "", "| puzzle | ER/EP/ED | ER technique | ms |", "|---|---|---|--:|"]
    for row, puzzle in slow[: args.slowest]:
        text.append(f"| `{puzzle}` | {row.get('se_er', '')}/{row.get('se_ep', '')}/"
                    f"{row.get('se_ed', '')} | {row.get('se_er_technique', '')} | "
                    f"{float(row.get('time_us') or 0) / 1000:.0f} |")
    rated_csv = os.path.join(corpora, "forum_hardest_1106_rated.csv")
    if args.rated_every and os.path.exists(rated_csv):
        with open(rated_csv, newline="") as f:
            ref = [r for r in csv.DictReader(f) if r.get("ER")][args.rated_every - 1 :: args.rated_every]
        rows, cpu, _ = grade(args, [r["puzzle"] for r in ref], f"rated_every{args.rated_every}")
        close = exact = 0
        misses = []
        for r, o in zip(ref, rows):
            er = er_of(o)
            if er is not None and abs(er - float(r["ER"])) <= 0.1 + 1e-9:
                close += 1
            else:
                misses.append((r, o))
            exact += er is not None and f"{er:.1f}" == f"{float(r['ER']):.1f}"
        text += ["", f"## `forum_hardest_1106_rated.csv`: 1-in-{args.rated_every} of the rows "
                 f"that carry the forum's ER ({len(ref)} rows)", "",
                 f"ER within 0.1 of the forum's: {close} of {len(ref)} "
                 f"({100.0 * close / len(ref):.1f}%); exact: {exact}. CPU {cpu:.1f} s.", "",
                 *graded_by(f"rated_every{args.rated_every}")]
        if misses:
            text += ["| puzzle | forum ER/EP/ED | sgrade ER/EP/ED |", "|---|---|---|"]
            for r, o in misses[:15]:
                text.append(f"| `{r['puzzle']}` | {r['ER']}/{r['EP']}/{r['ED']} | "
                            f"{o.get('se_er', '')}/{o.get('se_ep', '')}/{o.get('se_ed', '')} |")
    with open(args.out, "w") as f:
        f.write("\n".join(text) + "\n")
    print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
