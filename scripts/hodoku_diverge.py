#!/usr/bin/env python3
"""First step where sgrade's HoDoKu path leaves HoDoKu's, per puzzle.

HoDoKu's path comes from the PyPI package hodoku-py (a port of HoDoKu 2.2), used here only as a
black-box oracle: it is never a dependency of sgrade. Run with the interpreter of a venv that has
it (scripts/agreement.sh makes one):

    /tmp/hv/bin/python scripts/hodoku_diverge.py [--sgrade target/release/sgrade] PUZZLE...
    /tmp/hv/bin/python scripts/hodoku_diverge.py --file puzzles.txt [--limit N]

Prints, per puzzle that diverges, the step number and both steps (technique, placements and
eliminations); `--quiet` prints only the summary counts of first-divergence techniques.
"""
import argparse
import collections
import json
import subprocess
import sys

from hodoku.api import Solver

# HoDoKu solution types -> sgrade technique ids.
HODOKU_TO_SGRADE = {
    "FULL_HOUSE": "full-house", "NAKED_SINGLE": "naked-single", "HIDDEN_SINGLE": "hidden-single",
    "LOCKED_PAIR": "locked-pair", "LOCKED_TRIPLE": "locked-triple",
    "LOCKED_CANDIDATES_1": "locked-candidates-pointing",
    "LOCKED_CANDIDATES_2": "locked-candidates-claiming",
    "NAKED_PAIR": "naked-pair", "NAKED_TRIPLE": "naked-triple", "NAKED_QUADRUPLE": "naked-quad",
    "HIDDEN_PAIR": "hidden-pair", "HIDDEN_TRIPLE": "hidden-triple",
    "HIDDEN_QUADRUPLE": "hidden-quad",
    "REMOTE_PAIR": "remote-pair", "BUG_PLUS_1": "bug-plus-one",
    "SKYSCRAPER": "skyscraper", "TWO_STRING_KITE": "two-string-kite", "TURBOT_FISH": "turbot-fish",
    "EMPTY_RECTANGLE": "empty-rectangle", "W_WING": "w-wing", "XY_WING": "xy-wing",
    "XYZ_WING": "xyz-wing",
    "UNIQUENESS_1": "unique-rectangle-1", "UNIQUENESS_2": "unique-rectangle-2",
    "UNIQUENESS_3": "unique-rectangle-3", "UNIQUENESS_4": "unique-rectangle-4",
    "UNIQUENESS_5": "unique-rectangle-5", "UNIQUENESS_6": "unique-rectangle-6",
    "HIDDEN_RECTANGLE": "hidden-rectangle", "AVOIDABLE_RECTANGLE_1": "avoidable-rectangle-1",
    "AVOIDABLE_RECTANGLE_2": "avoidable-rectangle-2",
    "SIMPLE_COLORS_TRAP": "color-trap", "SIMPLE_COLORS_WRAP": "color-wrap",
    "MULTI_COLORS_1": "multi-color-1", "MULTI_COLORS_2": "multi-color-2",
    "X_CHAIN": "x-chain", "XY_CHAIN": "xy-chain", "BRUTE_FORCE": "brute-force",
    "CONTINUOUS_NICE_LOOP": "nice-loop", "DISCONTINUOUS_NICE_LOOP": "nice-loop", "AIC": "nice-loop",
    "GROUPED_CONTINUOUS_NICE_LOOP": "grouped-nice-loop",
    "GROUPED_DISCONTINUOUS_NICE_LOOP": "grouped-nice-loop", "GROUPED_AIC": "grouped-nice-loop",
    "ALS_XZ": "als-xz", "ALS_XY_WING": "als-xy-wing", "ALS_XY_CHAIN": "als-chain",
    "DEATH_BLOSSOM": "death-blossom", "SUE_DE_COQ": "sue-de-coq",
    "FORCING_CHAIN_CONTRADICTION": "forcing-chain", "FORCING_CHAIN_VERITY": "forcing-chain",
    "FORCING_NET_CONTRADICTION": "forcing-net", "FORCING_NET_VERITY": "forcing-net",
}


def sgrade_name(hodoku_type):
    """sgrade's id for a HoDoKu solution type (fish names differ only in separators)."""
    return HODOKU_TO_SGRADE.get(hodoku_type, hodoku_type.lower().replace("_", "-"))


def cell(i):
    return f"r{i // 9 + 1}c{i % 9 + 1}"


def hodoku_steps(puzzle):
    result = Solver().solve(puzzle)
    steps = []
    for st in result.steps:
        name = st.type.name
        placements, eliminations = set(), set()
        if st.candidates_to_delete:
            eliminations = {f"{cell(c.index)}<>{c.value}" for c in st.candidates_to_delete}
        elif st.values:
            if name in ("FULL_HOUSE", "NAKED_SINGLE", "HIDDEN_SINGLE", "BRUTE_FORCE") or "FORCING" in name:
                placements = {f"{cell(st.indices[0])}={st.values[0]}"}
        steps.append((sgrade_name(name), placements, eliminations))
    return result, steps


def sgrade_steps(sgrade, puzzle):
    out = subprocess.run([sgrade, "explain", "--scale", "hodoku", "--format", "json", puzzle],
                         capture_output=True, text=True).stdout
    steps, summary = [], {}
    for line in out.splitlines():
        obj = json.loads(line)
        if "summary" in obj:
            summary = obj["summary"]
            continue
        steps.append((obj["technique"], set(obj["placements"]), set(obj["eliminations"])))
    return summary, steps


def read_puzzles(path):
    """The 81-character puzzles of a file: the first field of each line (CSV or space separated)."""
    puzzles = []
    with open(path, encoding="utf-8-sig") as f:
        for line in f:
            text = line.strip().split(",")[0].split()[0] if line.strip() else ""
            if len(text) == 81:
                puzzles.append(text)
    return puzzles


def first_divergence(ours, theirs):
    for n, (a, b) in enumerate(zip(ours, theirs), 1):
        if a != b:
            return n, a, b
    if len(ours) != len(theirs):
        n = min(len(ours), len(theirs)) + 1
        return n, ours[n - 1] if n <= len(ours) else None, theirs[n - 1] if n <= len(theirs) else None
    return None


def show(step):
    if step is None:
        return "(none)"
    t, p, e = step
    return f"{t} {' '.join(sorted(p))} {' '.join(sorted(e))}".strip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("puzzles", nargs="*")
    ap.add_argument("--file")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--sgrade", default="target/release/sgrade")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    puzzles = list(args.puzzles)
    if args.file:
        puzzles += read_puzzles(args.file)
    if args.limit:
        puzzles = puzzles[: args.limit]
    kinds = collections.Counter()
    same = 0
    for puzzle in puzzles:
        result, theirs = hodoku_steps(puzzle)
        summary, ours = sgrade_steps(args.sgrade, puzzle)
        d = first_divergence(ours, theirs)
        if d is None:
            same += 1
            continue
        n, a, b = d
        kinds[(a[0] if a else "-", b[0] if b else "-")] += 1
        if not args.quiet:
            print(f"{puzzle} step {n}: HoDoKu {result.level.name} {result.score}, "
                  f"sgrade {summary.get('rating_label')} {summary.get('score')}")
            print(f"  sgrade: {show(a)}")
            print(f"  hodoku: {show(b)}")
    print(f"{same}/{len(puzzles)} identical paths")
    for (a, b), count in kinds.most_common():
        print(f"  {count:5d}  sgrade {a}  vs  hodoku {b}")


if __name__ == "__main__":
    sys.exit(main())
