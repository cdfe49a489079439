#!/usr/bin/env python3
"""Exact-match share of `sgrade grade --scale se` against serate 1.2.1.3's reference ratings
(../shared/reference/se/se121_*.csv), on the puzzles whose reference ER is at most a bound
(default 6.2: no chain producer needed). A quick check for the non-chain producers; the full
agreement run is scripts/ of the lead.

usage: scripts/se_base_check.py [--max-er 6.2] [--sgrade target/release/sgrade] [--show N] [SET ...]
"""
import argparse, csv, glob, io, os, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
ref_dir = os.path.join(here, "..", "..", "shared", "reference", "se")
ap = argparse.ArgumentParser()
ap.add_argument("--max-er", type=float, default=6.2)
ap.add_argument("--sgrade", default=os.path.join(here, "..", "target", "release", "sgrade"))
ap.add_argument("--show", type=int, default=3, help="mismatches to print per set")
ap.add_argument("sets", nargs="*")
args = ap.parse_args()
if not os.path.isdir(ref_dir):
    sys.exit(f"skipped: {ref_dir} is absent")
files = sorted(glob.glob(os.path.join(ref_dir, "se121_*.csv")))
if args.sets:
    files = [f for f in files if any(s in f for s in args.sets)]
total = [0, 0, 0, 0]
for path in files:
    rows = [r for r in csv.DictReader(open(path)) if float(r["se_er"]) <= args.max_er]
    if not rows:
        continue
    text = "".join(r["puzzle"] + "\n" for r in rows)
    out = subprocess.run([args.sgrade, "grade", "--scale", "se", "--no-timing", "--no-progress", "-"],
                         input=text, capture_output=True, text=True).stdout
    got = list(csv.DictReader(io.StringIO(out)))
    er = ep_ed = allm = 0
    shown = 0
    for ref, row in zip(rows, got):
        want = (ref["se_er"], ref["se_ep"], ref["se_ed"])
        have = (row["se_er"], row["se_ep"], row["se_ed"])
        er += want[0] == have[0]
        ep_ed += want[1:] == have[1:]
        ok = want == have
        allm += ok
        if not ok and shown < args.show:
            shown += 1
            print(f"  {ref['puzzle']} want {'/'.join(want)} {ref['se_er_technique']}, "
                  f"got {'/'.join(have)} {row['se_er_technique']} {row['hardest_so_far'] and 'stuck'}")
    n = len(rows)
    name = os.path.basename(path)[6:-4]
    print(f"{name:24} n={n:5}  ER {er/n:7.2%}  EP+ED {ep_ed/n:7.2%}  all three {allm/n:7.2%}")
    for i, v in enumerate((n, er, ep_ed, allm)):
        total[i] += v
n = total[0]
if n:
    print(f"{'total':24} n={n:5}  ER {total[1]/n:7.2%}  EP+ED {total[2]/n:7.2%}  all three {total[3]/n:7.2%}")
