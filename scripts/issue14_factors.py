#!/usr/bin/env python3
"""Issue 14's grading targets as factors over the code the issue measured, on this machine.

usage: scripts/issue14_factors.py [--new BIN] [--base BIN | --base-commit REV] [--rounds N]
                                  [--corpora DIR] [--scales LIST]

Issue 14 set its `grade` targets in puzzles per CPU-second on the machine it was filed on
(top1465 >= 500, royle17's first 20,000 >= 60,000, qqwing 4000 >= 40,000, kaggle 4000 >= 2,000
on the default scale, from 82 / 22,386 / 5,470 / 318; "the same factors" on gnpx584 and
hodoku). Machines differ by more than the margins left, so this script measures the factors
themselves: the code the issue measured (`--base-commit`, default fa37225, the main branch when
the issue was filed; built in a temporary git worktree unless `--base` names a binary) and NEW,
one thread each, interleaved round by round (the child's user + system time, medians), on
the issue's four corpora, and prints each factor against the one the target asks for.

The same corpora and timing as scripts/speed_cpu.py: rows are compared too (the default scale
gives the same rows as the issue's code; HoDoKu's do not, since fidelity fixes came later).
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from speed_cpu import cpu_run  # noqa: E402

# The table: default-scale puzzles per CPU-second then, and the target.
TARGETS = {
    "top1465": (82, 500),
    "royle17[..20000]": (22_386, 60_000),
    "qqwing 4000": (5_470, 40_000),
    "kaggle 4000": (318, 2_000),
}


def build_base(commit, repo):
    """Builds `commit` in a temporary worktree; returns its binary."""
    work = tempfile.mkdtemp(prefix="sgrade-issue14-")
    tree = os.path.join(work, "tree")
    subprocess.run(["git", "-C", repo, "worktree", "add", "--detach", tree, commit],
                   check=True, stdout=subprocess.DEVNULL)
    env = dict(os.environ, CARGO_TARGET_DIR=os.path.join(work, "target"))
    env.pop("RUSTFLAGS", None)
    try:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=tree, env=env,
                       check=True)
    finally:
        # The binary stays in `work`'s target folder; the worktree is not left registered.
        subprocess.run(["git", "-C", repo, "worktree", "remove", "--force", tree],
                       check=False, stdout=subprocess.DEVNULL)
    return os.path.join(work, "target", "release", "sgrade")


def corpora(root, tmp):
    """The issue's four files: (name, path, puzzles)."""
    out = []
    top = os.path.join(root, "top1465.txt")
    royle = os.path.join(tmp, "royle17_20000.txt")
    with open(os.path.join(root, "royle17.txt")) as f, open(royle, "w") as g:
        lines = [l for l in f if l.strip() and not l.startswith("#")][:20_000]
        g.writelines(lines)
    out.append(("top1465", top, sum(1 for l in open(top) if l.strip() and l[0] != "#")))
    out.append(("royle17[..20000]", royle, len(lines)))
    for name, file in (("qqwing 4000", "qqwing_levels.csv"),
                       ("kaggle 4000", "kaggle_radcliffe_4000.csv")):
        path = os.path.join(root, "newspaper", file)
        rows = sum(1 for l in open(path) if l.strip()) - 1  # less the header
        out.append((name, path, rows))
    return out


def main():
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser()
    ap.add_argument("--new", default=os.path.join(here, "target", "release", "sgrade"))
    ap.add_argument("--base", help="the issue-time binary (default: build --base-commit)")
    ap.add_argument("--base-commit", default="fa37225")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--corpora", default=os.path.join(here, "..", "shared", "corpora"))
    ap.add_argument("--scales", default="gnpx,gnpx584,hodoku")
    args = ap.parse_args()
    if not os.path.exists(os.path.join(args.corpora, "royle17.txt")):
        print(f"corpora not found under {args.corpora}; nothing measured", file=sys.stderr)
        return
    base = args.base or build_base(args.base_commit, here)
    tmp = tempfile.mkdtemp(prefix="sgrade-factors-")
    files = corpora(args.corpora, tmp)
    scales = args.scales.split(",")
    times = {}
    for _ in range(args.rounds):
        for scale in scales:
            for name, path, _ in files:
                for label, binary in (("base", base), ("new", args.new)):
                    rows = os.path.join(tmp, f"{label}.{scale}.{len(name)}{name[:3]}.csv")
                    cmd = [binary, "grade", "-j", "1", "-q", "--no-progress", "--no-timing",
                           "--scale", scale, "-o", rows, path]
                    times.setdefault((scale, name, label), []).append(cpu_run(cmd))
    print(f"Issue-time code: {args.base or args.base_commit}; new: {args.new}; "
          f"{args.rounds} rounds, medians, one thread, CPU time.")
    print()
    print("| scale | corpus | issue-time puzzles/CPU-s | new puzzles/CPU-s | factor "
          "| target factor | met | rows identical |")
    print("|---|---|--:|--:|--:|--:|---|---|")
    for scale in scales:
        for name, _, count in files:
            b = statistics.median(times[(scale, name, "base")])
            n = statistics.median(times[(scale, name, "new")])
            then, target = TARGETS[name]
            want = target / then
            rows = [open(os.path.join(tmp, f"{label}.{scale}.{len(name)}{name[:3]}.csv"),
                         "rb").read() for label in ("base", "new")]
            print(f"| {scale} | {name} | {count / b:,.0f} | {count / n:,.0f} | {b / n:.2f} "
                  f"| {want:.2f} | {'yes' if b / n >= want else 'no'} "
                  f"| {'yes' if rows[0] == rows[1] else 'no'} |")


if __name__ == "__main__":
    main()
