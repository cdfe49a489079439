#!/usr/bin/env python3
"""Writes results/canon_speed.md: `sgrade canon` throughput, one thread, CPU time (user+sys of
the child), median of interleaved repetitions, per corpus; and the instruction count per puzzle
from callgrind when valgrind is installed (stable whatever the machine's load), on the corpus's
first 20,000 lines. With --baseline OLD_SGRADE the same is measured for an older binary, in the
same rounds, and both are printed.

usage: scripts/canon_speed.py [--shared ../shared] [--reps 5] [--baseline PATH --baseline-name NAME]
                              [--out results/canon_speed.md]
"""
import argparse, itertools, os, platform, resource, shutil, statistics, subprocess, tempfile

CORPORA = ["corpora/royle17.txt", "corpora/top1465.txt", "corpora/sudocue/sudocue_top10000.txt"]
SGRADE = os.path.join(os.path.dirname(__file__), "..", "target", "release", "sgrade")
CALLGRIND_LINES = 20000
NOTES = """
How: `src/symmetry/canon.rs` no longer enumerates column orders. A partial transform keeps the
columns that are empty in every row so far free (inside their stack, and wholly empty stacks
among themselves); each new row takes the least arrangement those freedoms allow and branches
only where a real choice is left (digits not seen yet in one stack, stacks that read alike). A
bound on the leading empty cells of a candidate row skips most rows before they are arranged.
The old search carried every tied column order (144 after a first row with one given).
Forms and automorphism counts are byte-identical to the previous binary on all three corpora.
Of the ~35,000 instructions per royle17 puzzle left, the canonicalizer takes ~15,000; the rest
is start-up, reading, parsing (a full `Grid` per puzzle) and CSV writing. Target (issue #18):
200,000 puzzles per CPU-second on royle17, met. The denser corpora stay below it per line
(more given per row means more rows to arrange), and on top1465 start-up counts for much of a
1,465-line run.
"""


def cpu_seconds(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def canon(binary, path):
    return [binary, "canon", "-j", "1", "-q", "-o", os.devnull, path]


def instructions(binary, path, tmp):
    out = os.path.join(tmp, "cg")
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + canon(binary, path),
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return next(int(l.split()[1]) for l in open(out) if l.startswith("summary:"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--shared", default=os.environ.get("SGRADE_SHARED", "../shared"))
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--baseline", help="an older sgrade binary to measure beside this one")
    ap.add_argument("--baseline-name", default="before")
    ap.add_argument("--out", default="results/canon_speed.md")
    args = ap.parse_args()
    binaries = [("now", SGRADE)] + ([(args.baseline_name, args.baseline)] if args.baseline else [])
    paths = [os.path.join(args.shared, c) for c in CORPORA]
    counts = {p: sum(1 for _ in open(p)) for p in paths}
    times = {(b, p): [] for b, _ in binaries for p in paths}
    for _ in range(args.reps):  # interleaved: every corpus and binary once per round
        for (name, binary), p in itertools.product(binaries, paths):
            times[(name, p)].append(cpu_seconds(canon(binary, p)))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for p in paths:
            head = os.path.join(tmp, "head.txt")
            with open(p) as src, open(head, "w") as dst:
                lines = list(itertools.islice(src, CALLGRIND_LINES))
                dst.writelines(lines)
            for name, binary in binaries:
                med = statistics.median(times[(name, p)])
                instr = ""
                if shutil.which("valgrind"):
                    instr = f"{instructions(binary, head, tmp) / len(lines):,.0f}"
                rows.append(f"| {os.path.basename(p)} | {name} | {counts[p]:,} | {med:.3f} "
                            f"| {counts[p] / med:,.0f} | {instr} |")
    baseline = (f" Rows `{args.baseline_name}`: `{args.baseline}` measured in the same rounds "
                f"(`--baseline`).") if args.baseline else ""
    text = f"""# `sgrade canon` speed

Command: `scripts/canon_speed.py --reps {args.reps}{' --baseline OLD_SGRADE --baseline-name ' + args.baseline_name if args.baseline else ''}` — `sgrade canon -j 1 -q -o /dev/null FILE`,
CPU time (user + sys) of the process, median of {args.reps} interleaved rounds; instructions per
puzzle from `valgrind --tool=callgrind` on the corpus's first {CALLGRIND_LINES:,} lines (whole
process: start-up, reading, parsing and CSV writing included). Machine: {platform.machine()},
{os.cpu_count()} cores, shared and loaded (CPU times are noisy; the instruction counts are
not).{baseline}

| corpus | binary | puzzles | CPU s | puzzles / CPU-s | instructions / puzzle |
|---|---|--:|--:|--:|--:|
""" + "\n".join(rows) + "\n" + NOTES
    with open(args.out, "w") as f:
        f.write(text)
    print(text)


if __name__ == "__main__":
    main()
