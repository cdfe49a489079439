#!/usr/bin/env python3
"""tdoku next to `sgrade solve` and `sgrade bench`'s oracle alone, in one interleaved run.

usage: scripts/tdoku_side_by_side.py --tdoku-src DIR [--sgrade BIN] [--rounds N] [--shared DIR]
                                     [--target-seconds S] [--royle-limit N] [--cxxflags FLAGS]

- DIR is a checkout of github.com/t-dillon/tdoku (BSD-2). This repository holds none of tdoku's
  code: the script compiles tdoku's DPLL triad SIMD solver from DIR
  (`g++ -O3 -march=native -c src/solver_dpll_triad_simd.cc src/util.cc`; if -march=native fails,
  `-O3 -msse4.2`) and links it with our own driver, scripts/tdoku_driver.c, which only calls
  tdoku's public C API (`TdokuSolverDpllTriadSimd`, include/tdoku.h), in a temporary folder.
- Corpora (from --shared, default ../shared): top1465.txt, royle17.txt (all 49,158 puzzles, or the
  first N with --royle-limit), newspaper/qqwing_levels.csv and newspaper/kaggle_radcliffe_4000.csv
  (their `puzzle` column), each written to a plain file of 81-character lines ('0' becomes '.').
- Correctness, once and untimed: tdoku's solution count (limit 2) and first solution against
  `sgrade solve --threads 1 --no-timing`'s `status` (none / unique / multiple) and `solution` for
  every puzzle; every disagreement is printed with its puzzle.
- Then, every round, for each corpus in turn (interleaved):
  (a) tdoku, count <= 2: `tdoku_driver FILE --limit 2 --repeat K --warmup 1 --reps 3`; the driver
      holds the puzzles in memory, times every pass by the process CPU clock (user + system), and
      gives the puzzles per CPU-second of its median pass;
  (b) `sgrade solve --threads 1 -q --no-progress --exit-zero -o /dev/null FILE...`: CPU time (user +
      sys, getrusage of the child) of the whole run, reading, parsing and writing included;
  (c) `sgrade bench FILE... --reps 1 --warmup 0 --format json --techniques full-house`: the JSON's
      `puzzles_per_second.oracle`, the oracle alone on puzzles held in memory (tdoku's like-for-like).
      It is sgrade's own in-process timing of that pass, by the wall clock (a busy machine makes it
      low). `--techniques full-house` only shortens bench's grading passes, which are not reported;
      the oracle pass grades nothing.
  Small corpora are repeated (K sweeps per tdoku pass, the file passed several times to sgrade)
  so that a timed run lasts about --target-seconds (default 0.5 s), by a calibration run each.
- The table gives the median over the rounds, and sgrade's speed as a fraction of tdoku's; a second
  table the range (min-max) over the rounds. The machine (CPU model, load average before and after),
  compiler, flags and date head the output.
"""
import argparse, csv, datetime, json, math, os, platform, resource, shutil, statistics, subprocess
import sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DRIVER = os.path.join(ROOT, "scripts", "tdoku_driver.c")
CORPORA = [  # (name, path under shared)
    ("top1465", "corpora/top1465.txt"),
    ("royle17", "corpora/royle17.txt"),
    ("qqwing", "corpora/newspaper/qqwing_levels.csv"),
    ("kaggle", "corpora/newspaper/kaggle_radcliffe_4000.csv"),
]
STATUS_COUNT = {"none": 0, "invalid": 0, "unique": 1, "multiple": 2}  # invalid: clash of clues


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, text=True, capture_output=True, **kw).stdout


def cpu_of(cmd):
    """User + system seconds of the child running cmd, and its stdout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(cmd, check=True, text=True, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), out


def build(src, tmp, cxxflags):
    """Compiles tdoku's solver from src and our driver; returns (binary, flags used)."""
    tried = [cxxflags] if cxxflags else ["-O3 -march=native", "-O3 -msse4.2"]
    for flags in tried:
        objs = []
        try:
            for unit in ("solver_dpll_triad_simd.cc", "util.cc"):
                obj = os.path.join(tmp, unit.replace(".cc", ".o"))
                sh(["g++"] + flags.split() + ["-c", os.path.join(src, "src", unit),
                                             "-o", obj])
                objs.append(obj)
        except subprocess.CalledProcessError as e:
            print(f"g++ {flags} failed:\n{e.stderr[-2000:]}", file=sys.stderr)
            continue
        drv = os.path.join(tmp, "tdoku_driver.o")
        sh(["gcc", "-O2", "-I", os.path.join(src, "include"), "-c", DRIVER, "-o", drv])
        binary = os.path.join(tmp, "tdoku_driver")
        sh(["g++", "-o", binary, drv] + objs)
        return binary, flags
    sys.exit("could not compile tdoku's solver")


def extract(path, dest, limit=None):
    """Writes the puzzles of a line file or a CSV with a `puzzle` column as 81-character lines."""
    puzzles = []
    with open(path, newline="") as f:
        header = f.readline().strip().split(",")
        f.seek(0)
        if "puzzle" in header:
            puzzles = [row["puzzle"].strip() for row in csv.DictReader(f)]
        else:
            puzzles = [l.strip()[:81] for l in f if l.strip() and not l.startswith("#")]
    if limit:
        puzzles = puzzles[:limit]
    with open(dest, "w") as out:
        for p in puzzles:
            p = p.replace("0", ".")
            if len(p) != 81 or any(c not in ".123456789" for c in p):
                sys.exit(f"{path}: not an 81-character puzzle: {p!r}")
            out.write(p + "\n")
    return puzzles


def check(name, file, puzzles, driver, sgrade, tmp):
    """Solution counts (capped at 2) and solutions of tdoku against sgrade solve; returns lines."""
    sol = os.path.join(tmp, name + ".tdoku")
    sh([driver, file, "--limit", "2", "--reps", "1", "--warmup", "0", "--solutions", sol])
    out = os.path.join(tmp, name + ".sgrade.csv")
    sh([sgrade, "solve", "--threads", "1", "-q", "--no-progress", "--no-timing", "--exit-zero",
        "-o", out, file])
    with open(sol) as f:
        tdoku = [l.rstrip("\n").split(",") for l in f]
    with open(out, newline="") as f:
        rows = list(csv.DictReader(f))
    problems, dist = [], {0: 0, 1: 0, 2: 0}
    if len(tdoku) != len(puzzles) or len(rows) != len(puzzles):
        problems.append(f"{name}: {len(puzzles)} puzzles, tdoku {len(tdoku)} rows, "
                        f"sgrade {len(rows)} rows")
    for i, ((count, solution), row) in enumerate(zip(tdoku, rows)):
        count = min(int(count), 2)
        dist[count] += 1
        theirs = STATUS_COUNT.get(row["status"])
        if theirs != count:
            problems.append(f"{name} line {i + 1}: tdoku counts {count}, sgrade says "
                            f"{row['status']} ({row.get('message', '')}): {row['puzzle']}")
        elif count == 1 and row["solution"] != solution:
            problems.append(f"{name} line {i + 1}: solutions differ: tdoku {solution}, "
                            f"sgrade {row['solution']}: {row['puzzle']}")
    return problems, dist


def machine():
    model = "?"
    with open("/proc/cpuinfo") as f:
        for l in f:
            if l.startswith("model name"):
                model = l.split(":", 1)[1].strip()
                break
    return model, os.cpu_count()


def loadavg():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def fmt(x):
    return f"{x:,.0f}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tdoku-src", required=True, help="a checkout of github.com/t-dillon/tdoku")
    ap.add_argument("--sgrade", default=None, help="sgrade binary (default target/release/sgrade)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--shared", default=os.environ.get("SGRADE_SHARED",
                                                       os.path.join(ROOT, "..", "shared")))
    ap.add_argument("--target-seconds", type=float, default=0.5)
    ap.add_argument("--royle-limit", type=int, default=None, help="first N puzzles of royle17")
    ap.add_argument("--cxxflags", default=None, help="instead of -O3 -march=native")
    args = ap.parse_args()
    sgrade = args.sgrade or os.path.join(ROOT, "target", "release", "sgrade")
    if not os.path.exists(sgrade):
        sgrade = shutil.which("sgrade") or sys.exit("no sgrade binary: give --sgrade")
    sgrade = os.path.abspath(sgrade)
    solver = os.path.join(args.tdoku_src, "src", "solver_dpll_triad_simd.cc")
    if not os.path.isfile(solver):
        sys.exit(f"{solver}: not found; --tdoku-src takes a checkout of "
                 "github.com/t-dillon/tdoku")
    tmp = tempfile.mkdtemp(prefix="tdoku_side_by_side.")
    load_before = loadavg()
    started = datetime.datetime.now(datetime.timezone.utc)
    driver, flags = build(os.path.abspath(args.tdoku_src), tmp, args.cxxflags)

    corpora, problems, dists = [], [], {}
    for name, rel in CORPORA:
        path = os.path.join(args.shared, rel)
        if not os.path.exists(path):
            print(f"{path}: missing; {name} skipped", file=sys.stderr)
            continue
        file = os.path.join(tmp, name + ".txt")
        puzzles = extract(path, file, args.royle_limit if name == "royle17" else None)
        p, dists[name] = check(name, file, puzzles, driver, sgrade, tmp)
        problems += p
        corpora.append((name, file, len(puzzles)))

    # calibration (untimed): repeats so that each timed run lasts about --target-seconds
    reps = {}
    for name, file, n in corpora:
        rate = json.loads(sh([driver, file, "--reps", "1", "--json"]))["puzzles_per_cpu_second"]
        k_tdoku = max(1, math.ceil(args.target_seconds * rate / n))
        cpu, _ = cpu_of([sgrade, "solve", "--threads", "1", "-q", "--no-progress", "--exit-zero",
                         "-o", "/dev/null", file])
        k_solve = max(1, math.ceil(args.target_seconds / max(cpu, 1e-3)))
        bench = json.loads(sh([sgrade, "bench", file, "--reps", "1", "--warmup", "0", "--format",
                               "json", "--techniques", "full-house"]))
        oracle = bench["puzzles_per_second"]["oracle"]["median"]
        k_bench = max(1, math.ceil(args.target_seconds * oracle / n))
        reps[name] = (k_tdoku, k_solve, k_bench)

    results = {name: {"tdoku": [], "solve": [], "bench": []} for name, _, _ in corpora}
    for r in range(args.rounds):
        for name, file, n in corpora:
            k_tdoku, k_solve, k_bench = reps[name]
            out = json.loads(sh([driver, file, "--limit", "2", "--repeat", str(k_tdoku),
                                 "--warmup", "1", "--reps", "3", "--json"]))
            results[name]["tdoku"].append(out["puzzles_per_cpu_second"])
            cpu, _ = cpu_of([sgrade, "solve", "--threads", "1", "-q", "--no-progress",
                             "--exit-zero", "-o", "/dev/null"] + [file] * k_solve)
            results[name]["solve"].append(n * k_solve / cpu)
            _, out = cpu_of([sgrade, "bench"] + [file] * k_bench +
                            ["--reps", "1", "--warmup", "0", "--format", "json",
                             "--techniques", "full-house"])
            results[name]["bench"].append(json.loads(out)["puzzles_per_second"]["oracle"]["median"])
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)

    model, cpus = machine()
    gxx = sh(["g++", "--version"]).splitlines()[0]
    print(f"# tdoku next to sgrade ({started:%Y-%m-%d %H:%M} UTC)\n")
    print(f"- Machine: {model}, {cpus} CPUs ({platform.machine()}), load average "
          f"{load_before} before, {loadavg()} after.")
    print(f"- tdoku: DPLL triad SIMD solver from `{args.tdoku_src}`, `{gxx}`, flags `{flags}` "
          f"(driver `gcc -O2`); sgrade: `{sgrade}` ({sh([sgrade, '--version']).strip()}).")
    print(f"- {args.rounds} rounds, interleaved per corpus (tdoku, solve, bench); medians over the "
          f"rounds. tdoku: puzzles per CPU-second of the driver's median pass (in memory, count "
          f"<= 2). solve: whole `sgrade solve --threads 1` run, CPU time (user + sys). bench: "
          f"`sgrade bench`'s oracle-alone pass (in memory), its own wall-clock timing.")
    print("- Repeats (tdoku sweeps per pass / solve file passes / bench file passes): " +
          "; ".join(f"{name} {'/'.join(map(str, reps[name]))}" for name, _, _ in corpora) + ".\n")
    print("| corpus | puzzles | tdoku puzzles/CPU-s | sgrade solve puzzles/CPU-s | solve ÷ tdoku "
          "| sgrade oracle alone (bench) puzzles/s | oracle ÷ tdoku |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, _, n in corpora:
        t, s, b = (statistics.median(results[name][k]) for k in ("tdoku", "solve", "bench"))
        print(f"| {name} | {n:,} | {fmt(t)} | {fmt(s)} | {s / t:.2f} (tdoku {t / s:.1f}×) "
              f"| {fmt(b)} | {b / t:.2f} (tdoku {t / b:.1f}×) |")
    print("\nRange over the rounds (min–max):\n")
    print("| corpus | tdoku | sgrade solve | sgrade oracle alone |")
    print("|---|---:|---:|---:|")
    for name, _, _ in corpora:
        cells = [f"{fmt(min(results[name][k]))}–{fmt(max(results[name][k]))}"
                 for k in ("tdoku", "solve", "bench")]
        print(f"| {name} | " + " | ".join(cells) + " |")
    print("\nCorrectness (once, untimed): tdoku's count (limit 2) against `sgrade solve`'s status, "
          "and tdoku's solution (limit 1) against sgrade's for unique puzzles.\n")
    for name, _, n in corpora:
        d = dists[name]
        print(f"- {name}: {n:,} puzzles; tdoku: {d[1]:,} with 1 solution, {d[0]:,} with none, "
              f"{d[2]:,} with 2 or more.")
    if problems:
        print(f"\n**{len(problems)} disagreements:**\n")
        for p in problems[:50]:
            print(f"- {p}")
    else:
        print("- No disagreement: every count and every solution agrees.")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
