#!/usr/bin/env python3
"""Speed of the oracle: `sgrade solve` of the base commit against this tree, interleaved.

usage: scripts/oracle_speed.py [--rounds N] [--base COMMIT] [--skip-callgrind]

- Builds the base commit's `sgrade` in a temporary `git worktree` (default base: the merge base
  with `main`), sharing this tree's target directory so only the crate itself recompiles, then
  rebuilds this tree's binary. Both binaries are copied to a temporary folder.
- CPU time (user + sys of the child, from getrusage) of
  `nice -n 0 sgrade solve --threads 1 -q -o /dev/null FILE...` per corpus, base and new
  interleaved within every round; the median of the rounds. Small corpora are passed several
  times so that a run lasts long enough to time.
- The oracle alone: `cargo bench --bench oracle` (pre-parsed grids, new against the reference).
- Instructions per puzzle from `valgrind --tool=callgrind` on a 2,000-puzzle slice: the whole
  `sgrade solve` run, and the oracle alone (bench `--only new|reference` minus `--only none`).
Prints a Markdown table; results/oracle_speed.md holds one run.
"""
import argparse, json, os, re, resource, shutil, statistics, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("SGRADE_SHARED", os.path.join(ROOT, "..", "shared"))
CORPORA = [  # (name, path, repeat)
    ("top1465", "corpora/top1465.txt", 10),
    ("royle17", "corpora/royle17.txt", 1),
    ("qqwing", "corpora/newspaper/qqwing_levels.csv", 20),
    ("kaggle", "corpora/newspaper/kaggle_radcliffe_4000.csv", 10),
]


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, text=True, capture_output=True, **kw).stdout


def build(tree, target, dest):
    env = dict(os.environ, CARGO_TARGET_DIR=target)
    sh(["cargo", "build", "--release", "--bin", "sgrade"], cwd=tree, env=env)
    shutil.copy(os.path.join(target, "release", "sgrade"), dest)


def count_puzzles(path):
    with open(path) as f:
        lines = [l for l in f if l.strip() and not l.startswith("#")]
    return len(lines) - (1 if lines and lines[0].startswith("puzzle") else 0)


def cpu_of(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def callgrind(cmd):
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd,
                         text=True, capture_output=True).stderr
    return int(re.search(r"Collected : (\d+)", out).group(1))


def slice_of(path, n, tmp):
    dest = os.path.join(tmp, os.path.basename(path))
    with open(path) as f, open(dest, "w") as out:
        lines = f.readlines()
        header = lines[0].startswith("puzzle")
        out.writelines(lines[: n + (1 if header else 0)])
    return dest


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--base", default=None)
    ap.add_argument("--skip-callgrind", action="store_true")
    args = ap.parse_args()
    base = args.base or sh(["git", "merge-base", "HEAD", "main"], cwd=ROOT).strip()
    tmp = tempfile.mkdtemp(prefix="oracle_speed.")
    target = os.path.join(ROOT, "target")
    wt = os.path.join(tmp, "base")
    sh(["git", "worktree", "add", "--detach", wt, base], cwd=ROOT)
    try:
        build(wt, target, os.path.join(tmp, "sgrade-base"))
    finally:
        sh(["git", "worktree", "remove", "--force", wt], cwd=ROOT)
    build(ROOT, target, os.path.join(tmp, "sgrade-new"))
    bins = {"base": os.path.join(tmp, "sgrade-base"), "new": os.path.join(tmp, "sgrade-new")}

    corpora = [(n, os.path.join(SHARED, p), k) for n, p, k in CORPORA]
    times = {(n, b): [] for n, _, _ in corpora for b in bins}
    for _ in range(args.rounds):
        for name, path, repeat in corpora:
            for b, exe in bins.items():
                cmd = ["nice", "-n", "0", exe, "solve", "--threads", "1", "-q", "-o", "/dev/null"]
                times[(name, b)].append(cpu_of(cmd + [path] * repeat))

    bench = sh(["cargo", "bench", "--bench", "oracle", "--", "--rounds", str(args.rounds)]
               + [p for _, p, _ in corpora], cwd=ROOT)
    alone = {}
    for line in bench.splitlines():
        m = re.search(r"new (\d+)/s\treference (\d+)/s", line)
        for name, path, _ in corpora:
            if m and line.startswith(path):
                alone[name] = (int(m.group(2)), int(m.group(1)))

    instr = {}
    if not args.skip_callgrind:
        meta = sh(["cargo", "bench", "--bench", "oracle", "--no-run", "--message-format=json"], cwd=ROOT)
        exe = [e for e in (json.loads(l).get("executable") for l in meta.splitlines())
               if e and "/deps/oracle-" in e][-1]
        for name, path, _ in corpora:
            part = slice_of(path, 2000, tmp)
            n = count_puzzles(part)
            cli = {b: callgrind([e, "solve", "--threads", "1", "-q", "-o", "/dev/null", part]) / n
                   for b, e in bins.items()}
            none = callgrind([exe, "--only", "none", part])
            orc = {b: (callgrind([exe, "--only", w, part]) - none) / n
                   for b, w in (("base", "reference"), ("new", "new"))}
            instr[name] = (cli, orc)

    print(f"base {base[:7]}, {args.rounds} rounds, medians; puzzles per CPU-second, one thread\n")
    print("| corpus | `solve` base | `solve` new | × | oracle alone base | oracle alone new | × |"
          " instr/puzzle `solve` base → new | instr/puzzle oracle base → new |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|--:|")
    for name, path, repeat in corpora:
        n = count_puzzles(path) * repeat
        rb, rn = (n / statistics.median(times[(name, b)]) for b in ("base", "new"))
        ab, an = alone.get(name, (0, 0))
        cells = [name, f"{rb:,.0f}", f"{rn:,.0f}", f"{rn / rb:.2f}", f"{ab:,}", f"{an:,}",
                 f"{an / ab:.2f}" if ab else "–"]
        if name in instr:
            cli, orc = instr[name]
            cells += [f"{cli['base']:,.0f} → {cli['new']:,.0f} ({cli['base'] / cli['new']:.2f}×)",
                      f"{orc['base']:,.0f} → {orc['new']:,.0f} ({orc['base'] / orc['new']:.2f}×)"]
        else:
            cells += ["–", "–"]
        print("| " + " | ".join(cells) + " |")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
