#!/usr/bin/env python3
"""Compares sgrade's step with HoDoKu's at every state of HoDoKu's own path.

Unlike hodoku_diverge.py (first divergence only), this replays HoDoKu's path (from the PyPI
package hodoku-py, a black-box oracle) and asks sgrade, at each state before a non-single step,
which step its `hodoku` rung of the same technique takes and which its whole ladder takes
(examples/hodoku_state_steps.rs). Each HoDoKu step is counted as:
  same     sgrade's rung takes HoDoKu's step (and so does the ladder)
  choice   HoDoKu's step is among the rung's steps, but another one is taken
  content  the rung never finds HoDoKu's step (different eliminations, or none)
  ladder   the rung agrees, but an earlier rung of the ladder takes another step

    /tmp/hv/bin/python scripts/hodoku_state_compare.py --file F [--limit N] [--only TECHS] [-v]
"""
import argparse
import collections
import subprocess
import sys

sys.path.insert(0, __import__("os").path.dirname(__file__))
from hodoku_diverge import hodoku_steps, cell, read_puzzles, HODOKU_TO_SGRADE  # noqa: F401

TOOL = "target/release/examples/hodoku_state_steps"


def key(step):
    t, p, e = step
    return " ".join([t] + sorted(p | e))


def states(puzzle):
    """(givens, values, candidates, step) before each step of HoDoKu's path."""
    result, steps = hodoku_steps(puzzle)
    # Steps that set a value without being a single (forcing chains) carry it in values.
    for i, raw in enumerate(result.steps):
        t, p, e = steps[i]
        if not p and not e and raw.values and raw.indices:
            steps[i] = (t, {f"{cell(raw.indices[0])}={raw.values[0]}"}, e)
    values = [0] * 81
    cands = [set(range(1, 10)) for _ in range(81)]

    def place(c, d):
        values[c] = d
        cands[c] = set()
        r, col = divmod(c, 9)
        b = (r // 3) * 3 + col // 3
        for o in range(81):
            orow, ocol = divmod(o, 9)
            if orow == r or ocol == col or (orow // 3) * 3 + ocol // 3 == b:
                cands[o].discard(d)

    for i, ch in enumerate(puzzle):
        if ch.isdigit() and ch != "0":
            place(i, int(ch))
    givens = "".join(ch if ch.isdigit() and ch != "0" else "." for ch in puzzle)
    for step in steps:
        vtext = "".join(str(v) if v else "." for v in values)
        # Pencil marks with each solved cell as its one digit (what `sgrade` reads back).
        ctext = "".join(
            str(d) if d in cands[c] or d == values[c] else "." for c in range(81) for d in range(1, 10)
        )
        yield givens, vtext, ctext, step
        t, p, e = step
        for name in p:
            rc, d = name.split("=")
            r, c = int(rc[1]) - 1, int(rc[3]) - 1
            place(r * 9 + c, int(d))
        for name in e:
            rc, d = name.split("<>")
            r, c = int(rc[1]) - 1, int(rc[3]) - 1
            cands[r * 9 + c].discard(int(d))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--file", required=True)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--only", default="", help="comma-separated sgrade ids to compare")
    ap.add_argument("--tool", default=TOOL, help="the hodoku_state_steps example binary")
    ap.add_argument("-v", action="store_true", help="print every disagreement")
    args = ap.parse_args()
    only = set(filter(None, args.only.split(",")))
    puzzles = read_puzzles(args.file)
    if args.limit:
        puzzles = puzzles[: args.limit]
    tool = subprocess.Popen([args.tool], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    counts = collections.defaultdict(collections.Counter)
    import json
    for puzzle in puzzles:
        for n, (givens, vtext, ctext, step) in enumerate(states(puzzle), 1):
            t = step[0]
            if t in ("full-house", "naked-single", "hidden-single", "brute-force"):
                continue
            if only and t not in only:
                continue
            tool.stdin.write(f"{givens} {vtext} {ctext} {t}\n")
            tool.stdin.flush()
            res = json.loads(tool.stdout.readline())
            theirs = key(step)
            if res["chosen"] == theirs:
                kind = "same" if res["ladder"] == theirs else "ladder"
            elif theirs in res["all"]:
                kind = "choice"
            else:
                kind = "content"
            counts[t][kind] += 1
            if args.v and kind != "same":
                print(f"{puzzle} step {n} {kind}: {ctext}")
                print(f"  hodoku: {theirs}")
                print(f"  rung:   {res['chosen']}  ({len(res['all'])} found)")
                if kind == "ladder":
                    print(f"  ladder: {res['ladder']}")
    tool.stdin.close()
    print(f"{len(puzzles)} puzzles")
    print(f"{'technique':28s} {'same':>6s} {'choice':>6s} {'content':>7s} {'ladder':>6s}")
    for t in sorted(counts):
        c = counts[t]
        print(f"{t:28s} {c['same']:6d} {c['choice']:6d} {c['content']:7d} {c['ladder']:6d}")


if __name__ == "__main__":
    sys.exit(main())
