#!/usr/bin/env python3
"""The slowest lines of the shared corpora, and how long puzzles without exactly one solution
take to classify (issue 16).

Part 1 grades each corpus of ../shared/corpora (a sample of the two largest hard ones) on one
thread with `sgrade grade --threads 1` and keeps the `time_us` of every row (wall time per
puzzle, which on a loaded machine includes waits); the 15 slowest by that wall time are then timed
again, one process each, as CPU time (user + sys, `resource.getrusage`), less the CPU time of the same
process on an empty input.

Part 2 builds near-puzzles from the first royle17 lines (seeded): givens removed (several
solutions), one given changed or one given added without a conflict among the givens (mostly
no solution), and classifies each with `sgrade solve` and with `sgrade grade` on every scale,
reporting the status counts and the slowest line of each.

Usage: scripts/slowest_lines.py [SGRADE] > table.md   (run from the repository root)
"""

import csv
import io
import os
import random
import resource
import subprocess
import sys

SGRADE = sys.argv[1] if len(sys.argv) > 1 else "target/release/sgrade"
SHARED = "../shared/corpora"
# (name, path, keep every n-th line): the large hard files are sampled, as a full pass over
# them is hours of CPU on this 2-core shared machine.
CORPORA = [
    ("royle17", "royle17.txt", 1),
    ("top1465", "top1465.txt", 1),
    ("top95", "top95.txt", 1),
    ("se_exchange_rated", "se_exchange_rated.csv", 1),
    ("se_exchange_medium", "se_exchange_medium_1.5-2.3.txt", 1),
    ("kaggle_radcliffe_4000", "newspaper/kaggle_radcliffe_4000.csv", 1),
    ("qqwing_levels", "newspaper/qqwing_levels.csv", 1),
    ("sudocue_almostdn", "sudocue/sudocue_almostdn.txt", 1),
    ("sudocue_noponies", "sudocue/sudocue_noponies.txt", 1),
    ("sudocue_snow2005", "sudocue/sudocue_snow2005.txt", 1),
    ("sudocue_superiors", "sudocue/sudocue_superiors.txt", 1),
    ("sudocue_top10000 (1 in 10)", "sudocue/sudocue_top10000.txt", 10),
    ("sudocue_top50000 (1 in 100)", "sudocue/sudocue_top50000.txt", 100),
    ("forum_hardest_1106 (1 in 4)", "forum_hardest_1106_rated.csv", 4),
    ("forum_hardest_1905_er11plus (1 in 500)", "forum_hardest_1905_er11plus.txt", 500),
    ("gnpx sample_1_20000 (1 in 20)", "gnpx/generated/sample_1_20000.txt", 20),
    ("gnpx hardSuDoKu_reducedPuzzle", "gnpx/whs/hardSuDoKu_reducedPuzzle.txt", 1),
]
SLOWEST = 5
# Wall time on a loaded machine ranks badly (a puzzle preempted for a second looks slow), so the
# CPU time of the CANDIDATES slowest by wall time is measured, and the SLOWEST of them shown.
CANDIDATES = 15


def puzzles_of(path, every):
    """The puzzle texts of a corpus file (CSV by its `puzzle` column), every n-th kept."""
    with open(path, encoding="utf-8-sig") as f:
        text = f.read()
    if path.endswith(".csv"):
        rows = [r["puzzle"] for r in csv.DictReader(io.StringIO(text))]
    else:
        rows = [
            line.split()[0]
            for line in text.splitlines()
            if line.strip() and not line.startswith("#")
        ]
    return rows[::every]


def grade(lines, *options):
    """Rows (line, status, hardest, time_us) of `sgrade grade --threads 1` on `lines`."""
    out = subprocess.run(
        [SGRADE, "grade", "-q", "--threads", "1", *options,
         "--columns", "line,status,hardest,time_us", "-"],
        input="\n".join(lines) + "\n", capture_output=True, text=True, check=False,
    )
    if out.returncode not in (0, 1):
        sys.exit(f"sgrade failed ({out.returncode}): {out.stderr}")
    return [(int(r["line"]), r["status"], r["hardest"], float(r["time_us"] or 0))
            for r in csv.DictReader(io.StringIO(out.stdout))]


def cpu_ms(command, stdin):
    """CPU time (user + sys) of `command` on `stdin`, in ms."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, input=stdin, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return 1000 * (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)


def cpu_of_line(puzzle, *options):
    """CPU ms to grade `puzzle` alone, less a run on an empty input (best of two)."""
    command = [SGRADE, "grade", "-q", "--threads", "1", *options, "-o", os.devnull, "-"]
    empty = min(cpu_ms(command, "") for _ in range(2))
    return max(0.0, min(cpu_ms(command, puzzle + "\n") for _ in range(2)) - empty)


def part1():
    print("| corpus | lines | max time_us | p99 time_us | slowest lines (CPU ms alone, hardest) |")
    print("|---|--:|--:|--:|---|")
    everything = []
    for name, path, every in CORPORA:
        full = os.path.join(SHARED, path)
        if not os.path.exists(full):
            print(f"| {name} | (absent) | | | |")
            continue
        lines = puzzles_of(full, every)
        rows = grade(lines)
        times = sorted(r[3] for r in rows)
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        slow = sorted(rows, key=lambda r: -r[3])[:CANDIDATES]
        timed = sorted(((cpu_of_line(lines[line - 1]), line, status, hardest)
                        for line, status, hardest, _ in slow), reverse=True)[:SLOWEST]
        cells = []
        for ms, line, status, hardest in timed:
            everything.append((ms, name, lines[line - 1], status, hardest))
            cells.append(f"{ms:.0f} {hardest or status}")
        print(f"| {name} | {len(lines)} | {times[-1]:.0f} | {p99:.0f} | {'; '.join(cells)} |",
              flush=True)
    print()
    print("The 10 slowest of all (CPU ms to grade alone on `gnpx`, the default scale):")
    print()
    print("| puzzle | corpus | status | hardest | CPU ms |")
    print("|---|---|---|---|--:|")
    for ms, name, puzzle, status, hardest in sorted(everything, reverse=True)[:10]:
        print(f"| `{puzzle}` | {name} | {status} | {hardest} | {ms:.0f} |")


def conflict_free(cells):
    """Whether no two givens of `cells` (a list of 81 '.' or digit) share a house."""
    for i, a in enumerate(cells):
        if a == ".":
            continue
        for j in range(i + 1, 81):
            if cells[j] != a:
                continue
            ri, ci, rj, cj = i // 9, i % 9, j // 9, j % 9
            if ri == rj or ci == cj or (ri // 3, ci // 3) == (rj // 3, cj // 3):
                return False
    return True


def near_puzzles(seed, count):
    """Near-puzzles of the first royle17 lines: (kind, text)."""
    rng = random.Random(seed)
    base = puzzles_of(os.path.join(SHARED, "royle17.txt"), 1)[:count]
    out = []
    for p in base:
        cells = list(p.replace("0", "."))
        givens = [i for i, c in enumerate(cells) if c != "."]
        empty = [i for i, c in enumerate(cells) if c == "."]
        removed = cells[:]
        for i in rng.sample(givens, rng.randint(1, 3)):
            removed[i] = "."
        out.append(("givens removed", "".join(removed)))
        for kind, index in (("a given changed", rng.choice(givens)),
                            ("a given added", rng.choice(empty))):
            for _ in range(20):
                changed = cells[:]
                changed[index] = str(rng.randint(1, 9))
                if changed[index] != cells[index] and conflict_free(changed):
                    out.append((kind, "".join(changed)))
                    break
    return out


def part2():
    near = near_puzzles(16, 1000)
    texts = [t for _, t in near]
    print()
    print(f"Near-puzzles of the first 1,000 royle17 lines (seed 16): {len(near)} lines.")
    print()
    print("| run | statuses | differ from the oracle's | CPU s of the run | max time_us, lines "
          "not unique | slowest of those, CPU ms alone |")
    print("|---|---|--:|--:|--:|--:|")
    runs = [("solve (oracle)", ["solve"])] + [
        (f"grade --scale {s}", ["grade", "--scale", s]) for s in ("gnpx", "gnpx584", "hodoku", "se")
    ]
    oracle = None
    for label, command in runs:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = subprocess.run(
            [SGRADE, *command[:1], "-q", "--threads", "1", *command[1:], "-"],
            input="\n".join(texts) + "\n", capture_output=True, text=True, check=False,
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        rows = list(csv.DictReader(io.StringIO(out.stdout)))
        statuses = {}
        for (kind, _), r in zip(near, rows):
            key = f"{kind}: {r['status']}"
            statuses[key] = statuses.get(key, 0) + 1
        if oracle is None:
            oracle = [r["status"] for r in rows]
        differ = sum(r["status"] != o for r, o in zip(rows, oracle))
        others = [r for r in rows if r["status"] != "unique"]
        slow = max(others, key=lambda r: float(r["time_us"] or 0))
        ms = cpu_of_line(texts[int(slow["line"]) - 1], *command[1:]) if command[0] == "grade" \
            else float("nan")  # the oracle row: not re-timed
        summary = ", ".join(f"{k} {v}" for k, v in sorted(statuses.items()))
        print(f"| {label} | {summary} | {differ} | {cpu:.2f} | {float(slow['time_us']):.0f} | "
              f"{ms:.1f} |", flush=True)


if __name__ == "__main__":
    part1()
    part2()
