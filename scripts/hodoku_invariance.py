#!/usr/bin/env python3
"""HoDoKu's own score under symmetry, next to ours: grades puzzles and random isomorphs of them
with hodoku-py (PyPI, a port of HoDoKu 2.2, a black-box oracle, never a dependency of sgrade) and
with `sgrade grade --scale hodoku`, and prints how often each keeps its level and score, and how
often sgrade's score equals hodoku-py's on the very same grid.

Run with the interpreter of a venv that has hodoku-py (scripts/agreement.sh makes one):

    /tmp/hv/bin/python scripts/hodoku_invariance.py [--per-corpus 25] [--copies 5] [--seed 2026]
        [--json out.json]

The puzzles are every n-th valid line of the corpora scripts/invariance.py samples, the
isomorphs come from `sgrade shuffle`. hodoku-py takes seconds on the hardest puzzles, so the
sample is smaller than invariance.py's; results are appended to --json as they come (one object
per line), and a rerun with the same file skips what is already there.
"""
import argparse, csv, io, json, os, subprocess, sys

from hodoku.api import Solver

CORPORA = [
    "corpora/top1465.txt",
    "corpora/newspaper/qqwing_levels.csv",
    "corpora/newspaper/kaggle_radcliffe_4000.csv",
    "corpora/royle17.txt",
]
SGRADE = os.path.join(os.path.dirname(__file__), "..", "target", "release", "sgrade")


def run(args, stdin=None):
    out = subprocess.run([SGRADE] + args, input=stdin, capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit(f"sgrade {' '.join(args)}: {out.stderr}")
    return out.stdout


def rows(text):
    return list(csv.DictReader(io.StringIO(text)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--shared", default=os.environ.get("SGRADE_SHARED", "../shared"))
    ap.add_argument("--per-corpus", type=int, default=25)
    ap.add_argument("--copies", type=int, default=5)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--json", default="/tmp/hodoku_invariance.jsonl")
    ap.add_argument("--also", action="append", default=[],
                    help="more result files to read (another worker's --json)")
    ap.add_argument("--reverse", action="store_true", help="solve from the end of the list")
    ap.add_argument("--tally-only", action="store_true", help="solve nothing, count what is there")
    args = ap.parse_args()
    puzzles = []
    for corpus in CORPORA:
        graded = rows(run(["canon", "-q", "--keep-original", os.path.join(args.shared, corpus)]))
        valid = [r["puzzle"] for r in graded if r["status"] == "canonical"]
        step = max(1, len(valid) // args.per_corpus)
        puzzles += [(corpus.split("/")[-1], p) for p in valid[::step][: args.per_corpus]]
    originals = "".join(p + "\n" for _, p in puzzles)
    isomorphs = run(["shuffle", "--copies", str(args.copies), "--seed", str(args.seed), "-"],
                    originals).split()
    grids = [p for _, p in puzzles] + isomorphs
    ours = {r["puzzle"]: r for r in rows(run(["grade", "-q", "--no-progress", "--scale", "hodoku", "-"],
                                            "".join(g + "\n" for g in grids)))}
    done = {}
    for path in [args.json] + args.also:
        if os.path.exists(path):
            for line in open(path):
                record = json.loads(line)
                done[record["puzzle"]] = record
    with open(args.json, "a") as out:
        for g in reversed(grids) if args.reverse else grids:
            if args.tally_only:
                break
            if g in done:
                continue
            # Another worker may have solved it meanwhile.
            for path in args.also:
                for line in open(path) if os.path.exists(path) else []:
                    record = json.loads(line)
                    done[record["puzzle"]] = record
            if g in done:
                continue
            result = Solver().solve(g)
            record = {"puzzle": g, "level": result.level.name.capitalize(), "score": result.score}
            done[g] = record
            out.write(json.dumps(record) + "\n")
            out.flush()
    tally = {}
    examples = []
    for i, g in enumerate(isomorphs):
        corpus, orig = puzzles[i // args.copies]
        if orig not in done or g not in done:
            continue  # not solved (yet) by hodoku-py
        h0, h1 = done[orig], done[g]
        s0, s1 = ours[orig], ours[g]
        t = tally.setdefault(corpus, [0] * 6)
        t[0] += 1
        t[1] += h0["level"] == h1["level"]
        t[2] += h0["score"] == h1["score"]
        t[3] += s0["hodoku_level"] == s1["hodoku_level"]
        t[4] += s0["hodoku_score"] == s1["hodoku_score"]
        t[5] += str(h1["score"]) == s1["hodoku_score"]
        if h0["score"] == h1["score"] and s0["hodoku_score"] != s1["hodoku_score"]:
            examples.append((orig, g, h0["score"], s0["hodoku_score"], s1["hodoku_score"]))
    total = [sum(t[k] for t in tally.values()) for k in range(6)]
    print("| corpus | isomorphs | HoDoKu level same | HoDoKu score same | sgrade level same "
          "| sgrade score same | sgrade score = HoDoKu's on the isomorph |")
    print("|---|--:|--:|--:|--:|--:|--:|")
    for name, t in list(tally.items()) + [("all", total)]:
        n = t[0]
        print(f"| {name} | {n} | " + " | ".join(f"{t[k]} ({100 * t[k] / n:.1f}%)" for k in range(1, 6)) + " |")
    solved = [p for _, p in puzzles if p in done]
    orig_agree = sum(str(done[p]["score"]) == ours[p]["hodoku_score"] for p in solved)
    print(f"\nOriginals: sgrade score = HoDoKu's on {orig_agree} of {len(solved)}")
    print(f"\nHoDoKu invariant, sgrade not: {len(examples)}")
    for e in examples[:10]:
        print(f"- `{e[0]}` / `{e[1]}`: HoDoKu {e[2]}, sgrade {e[3]} → {e[4]}")


if __name__ == "__main__":
    main()
