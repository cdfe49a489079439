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

CORPORA = ["corpora/royle17.txt", "corpora/top1465.txt", "corpora/sudocue/sudocue_top10000.txt",
           "corpora/sudocue/sudocue_top50000.txt", "corpora/sudocue/sudocue_almostdn.txt"]
SGRADE = os.path.join(os.path.dirname(__file__), "..", "target", "release", "sgrade")
CALLGRIND_LINES = 20000
NOTES = """
Column "net of start-up": the same CPU time less the median CPU time of `sgrade canon` on an
empty file (the process's start-up: loading the binary, its page faults and relocations,
allocator and thread-pool set-up), which a run pays once whatever its length; on a few hundred
lines it is most of the run.

How: `src/symmetry/canon.rs` builds the form row by row over partial transforms that leave the
columns empty so far free (inside their stack, and wholly empty stacks among themselves), so
column orders are never enumerated. For each new row every (partial, source row) candidate first
gets the number of leading empty cells its least arrangement would have (a few bit operations);
only the candidates with the most are arranged, each arrangement read as one packed integer
(a nibble per cell, digits not seen yet as 10: all partials of a step have written the same
cells, so the integers order exactly as the relabelled rows), and only those equal to the least
are expanded into new partials (ties between stacks that read alike and between new digits). The
previous search arranged and expanded each candidate as it came and dropped the work when a
later one read less. `sgrade canon` reads plain 81-character lines without building a `Grid`
(only the digits are needed; any other line goes through the full parser for its message) and
writes each row's fields from borrowed text. Forms, automorphism counts and `--dedup` output
are byte-identical to the previous binary on top1465, royle17[..20000] and every sudocue set.

Target (issue #18, ≥ 200,000 puzzles per CPU-second): met on royle17 and the sudocue 10,000 and
50,000 sets with room, and on top1465 only just (a 1,465-line run spends ~40% of its CPU on the
~3 ms start-up, so its margin is within this machine's noise). The small sudocue sets (100–400
lines) are start-up-bound whatever the canonicalizer does (400 lines at 200,000/s would be 2 ms,
less than the start-up alone); net of start-up the one measured here (almostdn) is above it. Of the ~22,000
instructions per top1465 puzzle left, the canonicalizer takes ~15,000 (about 46 candidate rows
bounded, 15 arranged, 11 expanded per puzzle); the reader (a `Record` of owned strings per line)
~2,800, CSV writing ~1,500. Next steps, if wanted: a cheaper per-candidate bound than leading
empties (e.g. the first given's label), fewer `Partial` copies in the expansion, and a reader
that lends its line instead of owning it.
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
    startup = {b: [] for b, _ in binaries}
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as empty:
        for _ in range(args.reps):  # interleaved: every corpus and binary once per round
            for name, binary in binaries:
                startup[name].append(cpu_seconds(canon(binary, empty.name)))
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
                net = med - statistics.median(startup[name])
                rows.append(f"| {os.path.basename(p)} | {name} | {counts[p]:,} | {med:.4f} "
                            f"| {counts[p] / med:,.0f} | {counts[p] / net:,.0f} | {instr} |")
    start_rows = "Start-up (an empty file), CPU s: " + ", ".join(
        f"{name} {statistics.median(v):.4f}" for name, v in startup.items()) + "."
    baseline = (f" Rows `{args.baseline_name}`: `{args.baseline}` measured in the same rounds "
                f"(`--baseline`).") if args.baseline else ""
    text = f"""# `sgrade canon` speed

Command: `scripts/canon_speed.py --reps {args.reps}{' --baseline OLD_SGRADE --baseline-name ' + args.baseline_name if args.baseline else ''}` — `sgrade canon -j 1 -q -o /dev/null FILE`,
CPU time (user + sys) of the process, median of {args.reps} interleaved rounds; instructions per
puzzle from `valgrind --tool=callgrind` on the corpus's first {CALLGRIND_LINES:,} lines (whole
process: start-up, reading, parsing and CSV writing included). Machine: {platform.machine()},
{os.cpu_count()} cores, shared and loaded (CPU times are noisy; the instruction counts are
not).{baseline}

| corpus | binary | puzzles | CPU s | puzzles / CPU-s | net of start-up | instructions / puzzle |
|---|---|--:|--:|--:|--:|--:|
""" + "\n".join(rows) + "\n\n" + start_rows + "\n" + NOTES
    with open(args.out, "w") as f:
        f.write(text)
    print(text)


if __name__ == "__main__":
    main()
