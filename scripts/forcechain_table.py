#!/usr/bin/env python3
"""The seed's open question, answered from data: which puzzles need ForceChain after all of
GNPX's other methods. Grades each corpus with `sgrade grade --verify` (default GNPX v4 ladder,
or extra options after `--`) and prints the markdown table of results/forcechain.md.

usage: scripts/forcechain_table.py [--every N] CORPUS... [-- SGRADE_OPTIONS...]
  --every N   grade only every Nth puzzle line of each corpus (for the largest files)
"""
import csv
import os
import subprocess
import sys
import tempfile

FORMS = ["force-chain-cell", "force-chain-house", "force-chain-contradiction"]


def main():
    args = sys.argv[1:]
    extra = []
    if "--" in args:
        extra = args[args.index("--") + 1:]
        args = args[: args.index("--")]
    every = 1
    if args[:1] == ["--every"]:
        every, args = int(args[1]), args[2:]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    binary = os.path.join(root, "target", "release", "sgrade")
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=root, check=True)
    print("| corpus | puzzles | solved | needed ForceChain | cell / house / contradiction used "
          "| hardest: cell / house / contradiction | stuck | stuck after a ForceChain step |")
    print("|---|--:|--:|--:|---|---|--:|--:|")
    for corpus in args:
        with tempfile.TemporaryDirectory() as tmp:
            source = corpus
            if every > 1:
                source = os.path.join(tmp, "sample.txt")
                with open(corpus, encoding="utf-8-sig", errors="replace") as f, open(source, "w") as out:
                    lines = [l for l in f if l.strip() and not l.startswith("#")]
                    header = lines[0] if "puzzle" in lines[0].split(",") else None
                    body = lines[1:] if header else lines
                    if header:
                        out.write(header)
                    out.writelines(body[::every])
            result = os.path.join(tmp, "out.csv")
            cmd = [binary, "grade", "-q", "--verify", *extra, source, "-o", result]
            run = subprocess.run(cmd)
            if run.returncode == 3:
                sys.exit(f"verification failed on {corpus}")
            rows = [r for r in csv.DictReader(open(result)) if r["status"] == "unique"]
        used = [sum(int(r.get(f"count_{f}") or 0) > 0 for r in rows) for f in FORMS]
        hardest = [sum(r["hardest"] == f for r in rows) for f in FORMS]
        needed = [r for r in rows if any(int(r.get(f"count_{f}") or 0) for f in FORMS)]
        stuck = [r for r in rows if r["solved"] == "false"]
        stuck_after = [r for r in stuck if r in needed]
        name = os.path.relpath(corpus, os.path.join(root, "..", "shared", "corpora"))
        if every > 1:
            name += f" (every {every}th line)"
        solved = sum(r["solved"] == "true" for r in rows)
        print(f"| {name} | {len(rows)} | {solved} | {len(needed)} | {' / '.join(map(str, used))} "
              f"| {' / '.join(map(str, hardest))} | {len(stuck)} | {len(stuck_after)} |", flush=True)


if __name__ == "__main__":
    main()
