#!/usr/bin/env python3
"""Compares `sgrade explain --scale se` step by step with serate 1.2.1.3's traces
(../shared/reference/se/se121_traces/*.jsonl.gz) up to SE's first chain step (the chain
producers are another family): every step before it must have SE's name and difficulty.
Prints the share of puzzles whose prefix matches, per set, and the first divergences.

usage: scripts/se_trace_prefix.py [--limit N] [--show N] [SET ...]
"""
import argparse, glob, gzip, json, os, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
trace_dir = os.path.join(here, "..", "..", "shared", "reference", "se", "se121_traces")
ap = argparse.ArgumentParser()
ap.add_argument("--limit", type=int, default=200, help="puzzles per set (0: all)")
ap.add_argument("--show", type=int, default=3)
ap.add_argument("--sgrade", default=os.path.join(here, "..", "target", "release", "sgrade"))
ap.add_argument("sets", nargs="*")
args = ap.parse_args()
if not os.path.isdir(trace_dir):
    sys.exit(f"skipped: {trace_dir} is absent")

CHAIN_WORDS = ("Forcing", "Cycle", "Turbot", "X-Chain", "Nishio", "Generalized")

def is_chain(name):
    return any(w in name for w in CHAIN_WORDS)

files = sorted(glob.glob(os.path.join(trace_dir, "*.jsonl.gz")))
if args.sets:
    files = [f for f in files if any(s in f for s in args.sets)]
grand = [0, 0]
for path in files:
    n = ok = shown = 0
    steps_checked = 0
    for line in gzip.open(path, "rt"):
        if args.limit and n >= args.limit:
            break
        trace = json.loads(line)
        want = []
        for s in trace["steps"]:
            if is_chain(s["technique"]):
                break
            want.append(s)
        out = subprocess.run([args.sgrade, "explain", "--scale", "se", "--format", "json", "--techniques", "all",
                              trace["puzzle"]], capture_output=True, text=True).stdout
        have = [json.loads(l) for l in out.splitlines() if l.startswith('{"als"')]
        n += 1
        bad = None
        for i, s in enumerate(want):
            if i >= len(have):
                bad = (i, s, None)
                break
            h = have[i]
            if h.get("se_name") != s["technique"] or f"{h.get('se_difficulty'):.1f}" != f"{s['difficulty']:.1f}":
                bad = (i, s, h)
                break
        steps_checked += len(want)
        if bad is None:
            ok += 1
        elif shown < args.show:
            shown += 1
            i, s, h = bad
            got = "nothing" if h is None else f"{h['se_name']} {h['se_difficulty']}: {h['text']}"
            print(f"  {trace['puzzle']} step {i+1}: SE {s['technique']} {s['difficulty']}: "
                  f"{s['text']} | sgrade {got}")
    name = os.path.basename(path)[:-9]
    print(f"{name:24} puzzles={n:5}  prefix exact {ok/max(n,1):7.2%}  ({steps_checked} steps)")
    grand[0] += n
    grand[1] += ok
print(f"{'total':24} puzzles={grand[0]:5}  prefix exact {grand[1]/max(grand[0],1):7.2%}")
