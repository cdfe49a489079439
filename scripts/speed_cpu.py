#!/usr/bin/env python3
"""CPU time of `sgrade grade` per scale and corpus slice for two binaries, interleaved (issue 14).

usage: scripts/speed_cpu.py BASE NEW [--rounds N] [--corpora DIR] [--scales LIST] [--whole]
                            [--add FILE[:REPEAT] ...] [--only-added] [--solve]

Slices (from ../shared/corpora): top1465's first 200 puzzles, royle17's first 2,000 (passed
5 times so that a run lasts long enough to time); with --whole, all of top1465 and of royle17
instead (the targets are set on whole files, and royle17's first lines are easier than the
rest). Every round runs each (scale, slice) with BASE
then NEW, one thread, and takes the child's user + system time (getrusage), never wall time;
the table gives the median over the rounds as puzzles per CPU-second, and checks that both
binaries wrote the same rows.

--add FILE[:REPEAT] adds a whole file as a slice (passed REPEAT times, default 1; a CSV file
with a `puzzle` column works as well); --only-added measures only those. --solve times
`sgrade solve` instead of `grade` (the oracle alone: one row per slice, scale `solve`).
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile


def cpu_run(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("base")
    ap.add_argument("new")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--corpora", default="../shared/corpora")
    ap.add_argument("--scales", default="gnpx,gnpx584,hodoku")
    ap.add_argument("--whole", action="store_true", help="whole files, not the slices")
    ap.add_argument("--add", action="append", default=[], metavar="FILE[:REPEAT]",
                    help="a whole file as one more slice, passed REPEAT times")
    ap.add_argument("--only-added", action="store_true", help="only the --add slices")
    ap.add_argument("--solve", action="store_true", help="time `sgrade solve`, not grade")
    args = ap.parse_args()
    if args.solve:
        args.scales = "solve"
    top = os.path.join(args.corpora, "top1465.txt")
    royle = os.path.join(args.corpora, "royle17.txt")
    if not (os.path.exists(top) and os.path.exists(royle)):
        print(f"corpora not found under {args.corpora}; nothing measured", file=sys.stderr)
        return
    tmp = tempfile.mkdtemp(prefix="sgrade-cpu-")
    slices = {}
    cuts = [("top200", top, 200, 1), ("royle2k", royle, 2000, 5)]
    if args.whole:
        cuts = [("top1465", top, None, 1), ("royle17", royle, None, 1)]
    if args.only_added:
        cuts = []
    for name, path, n, repeat in cuts:
        with open(path) as f:
            lines = [l for l in f if l.strip()][:n]
        out = os.path.join(tmp, name + ".txt")
        with open(out, "w") as f:
            f.writelines(lines)
        slices[name] = ([out] * repeat, len(lines) * repeat)
    for spec in args.add:
        path, _, repeat = spec.partition(":")
        repeat = int(repeat or 1)
        with open(path) as f:
            lines = [l for l in f if l.strip() and not l.startswith("#")]
        # A CSV's header is no puzzle.
        count = len(lines) - (1 if lines and "puzzle" in lines[0].lower() else 0)
        slices[os.path.basename(path)] = ([path] * repeat, count * repeat)
    times = {}
    for _ in range(args.rounds):
        for scale in args.scales.split(","):
            for name, (files, _) in slices.items():
                for label, binary in (("base", args.base), ("new", args.new)):
                    rows = os.path.join(tmp, f"{label}.{scale}.{name}.csv")
                    if args.solve:
                        cmd = [binary, "solve", "-j", "1", "-q", "--no-progress", "--no-timing",
                               "-o", rows, *files]
                    else:
                        cmd = [binary, "grade", "-j", "1", "-q", "--no-progress", "--no-timing",
                               "--scale", scale, "-o", rows, *files]
                    times.setdefault((scale, name, label), []).append(cpu_run(cmd))
    print("| scale | slice | puzzles | base puzzles/CPU-s | new puzzles/CPU-s | × | rows identical |")
    print("|---|---|--:|--:|--:|--:|---|")
    for scale in args.scales.split(","):
        for name, (_, count) in slices.items():
            b = statistics.median(times[(scale, name, "base")])
            n = statistics.median(times[(scale, name, "new")])
            same = open(os.path.join(tmp, f"base.{scale}.{name}.csv"), "rb").read() == open(
                os.path.join(tmp, f"new.{scale}.{name}.csv"), "rb").read()
            print(f"| {scale} | {name} | {count} | {count / b:,.0f} | {count / n:,.0f} "
                  f"| {b / n:.2f} | {'yes' if same else 'NO'} |")


if __name__ == "__main__":
    main()
