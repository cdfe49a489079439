#!/usr/bin/env python3
"""Grades Sudoku Explainer's reference sets with `sgrade --scale se` and writes
results/se_agreement.md (exact ER/EP/ED per set, confusion by ER band, the largest
disagreements with the first step where sgrade's path leaves SE's) and results/se_speed.md
(puzzles per CPU-second, single thread, next to serate's and skfr's published speed).

    python3 scripts/se_agreement.py [--shared ../shared] [--sets top95,top1465] [--limit N]
                                    [--sgrade target/release/sgrade] [--worst 8]

Reference: ../shared/reference/se/se121_<set>.csv, made with serate 1.2.1.3 itself, and
../shared/reference/se/se121_traces/<set>.jsonl.gz, SE's whole path per puzzle. These are facts
to compare against; nothing here feeds sgrade.
"""
import argparse
import collections
import csv
import gzip
import io
import json
import os
import resource
import subprocess
import sys
import time

SETS = ["top95", "top1465", "hodoku_exemplars", "se_exchange_subset", "sudocue_almostdn",
        "sudocue_noponies", "sudocue_snow2005", "sudocue_superiors", "kaggle_radcliffe_4000",
        "qqwing_levels"]
# Published serate/skfr speed on this machine class (../shared/reference/README.md).
PEERS = "serate 1.2.1.3: 1.57 puzzles/CPU-s on top1465 (first 300), 39 on 17-clue; " \
        "skfr 2.0.2: 31 on top1465 (the issue quotes ~47), 2,559 on 17-clue"


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_sgrade(sgrade, args, data):
    """Runs sgrade on `data` (text); returns (stdout, CPU seconds of the child)."""
    before = children_cpu()
    proc = subprocess.run([sgrade] + args, input=data, capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        sys.exit(f"sgrade {' '.join(args)} failed ({proc.returncode}): {proc.stderr.strip()}")
    return proc.stdout, children_cpu() - before


def grade(sgrade, puzzles):
    data = "\n".join(puzzles) + "\n"
    out, cpu = run_sgrade(sgrade, ["grade", "--scale", "se", "-j", "1", "-q", "--no-progress",
                                   "--no-timing", "-"], data)
    return list(csv.DictReader(io.StringIO(out))), cpu


def band(er):
    """An ER band label: the integer part, 20.0 as 'stuck', missing as 'none'."""
    if er in ("", None):
        return "unrated"
    x = float(er)
    if x >= 20.0:
        return "stuck(20)"
    return f"{int(x)}.x"


def band_key(label):
    try:
        return (0, float(label.split(".")[0]))
    except ValueError:
        return (1, label)


def confusion(pairs):
    counts = collections.Counter(pairs)
    labels = sorted({x for p in counts for x in p}, key=band_key)
    rows = ["| SE \\ sgrade | " + " | ".join(labels) + " |", "|---|" + "--:|" * len(labels)]
    for r in labels:
        rows.append(f"| {r} | " + " | ".join(str(counts.get((r, o), "")) for o in labels) + " |")
    return "\n".join(rows)


def pct(a, b):
    return f"{100.0 * a / b:.2f}%" if b else "–"


def traces(shared, name):
    path = os.path.join(shared, "reference", "se", "se121_traces", f"{name}.jsonl.gz")
    if not os.path.exists(path):
        return {}
    found = {}
    with gzip.open(path, "rt") as f:
        for line in f:
            entry = json.loads(line)
            found[entry["puzzle"].replace("0", ".")] = entry["steps"]
    return found


def our_path(sgrade, puzzle):
    """sgrade's SE path for one puzzle as (difficulty text, SE name, step text) per step."""
    out, _ = run_sgrade(sgrade, ["explain", "--scale", "se", "--format", "json", puzzle], "")
    path = []
    for line in out.splitlines():
        try:
            step = json.loads(line)
        except json.JSONDecodeError:
            continue
        if not isinstance(step, dict) or "step" not in step:
            continue
        path.append((step.get("se_difficulty"), step.get("se_name"), step.get("text", "")))
    return path


def se_text(x):
    """SE's printed form of a raw difficulty (w = trunc((x + 0.05) * 10))."""
    w = int((float(x) + 0.05) * 10)
    return f"{w // 10}.{w % 10}"


def first_divergence(ours, theirs):
    for i, (mine, ref) in enumerate(zip(ours, theirs)):
        if mine[0] is None:
            return "sgrade's explain JSON has no se_difficulty"
        if se_text(mine[0]) != se_text(ref["difficulty"]) or mine[1] != ref["technique"]:
            return (f"step {i + 1}: SE {se_text(ref['difficulty'])} {ref['technique']} "
                    f"({ref['text']}); sgrade {se_text(mine[0])} {mine[1]} ({mine[2]})")
    if len(ours) != len(theirs):
        return f"same first {min(len(ours), len(theirs))} steps; SE {len(theirs)} steps, " \
               f"sgrade {len(ours)}"
    return "same path"


def section(args, name):
    path = os.path.join(args.shared, "reference", "se", f"se121_{name}.csv")
    if not os.path.exists(path):
        return None
    with open(path, newline="") as f:
        ref = list(csv.DictReader(f))
    if args.limit:
        ref = ref[: args.limit]
    rows, cpu = grade(args.sgrade, [r["puzzle"] for r in ref])
    if len(rows) != len(ref):
        sys.exit(f"{name}: {len(ref)} puzzles in, {len(rows)} rows out")
    n = er_same = ep_same = ed_same = all_same = 0
    graded = 0
    pairs, misses = [], []
    for r, o in zip(ref, rows):
        n += 1
        if o.get("status") != "unique":
            continue
        graded += 1
        er, ep, ed = (o.get(k, "") for k in ("se_er", "se_ep", "se_ed"))
        er_same += er == r["se_er"]
        ep_same += ep == r["se_ep"]
        ed_same += ed == r["se_ed"]
        all_same += (er, ep, ed) == (r["se_er"], r["se_ep"], r["se_ed"])
        pairs.append((band(r["se_er"]), band(er)))
        if er != r["se_er"]:
            gap = abs(float(r["se_er"]) - (float(er) if er else 0.0))
            misses.append((gap, r, o))
    misses.sort(key=lambda m: -m[0])
    text = [f"### {name} ({n} puzzles, {graded} unique)", "",
            f"ER exact {pct(er_same, graded)}, EP exact {pct(ep_same, graded)}, "
            f"ED exact {pct(ed_same, graded)}, all three {pct(all_same, graded)}; "
            f"{cpu:.2f} CPU-s ({graded / cpu if cpu else 0:.1f} puzzles/CPU-s).", "",
            "ER band, SE (rows) against sgrade (columns):", "", confusion(pairs), ""]
    if misses:
        paths = traces(args.shared, name)
        text += [f"Largest ER disagreements (of {len(misses)}), with the first step where the "
                 "paths part:", "", "| puzzle | SE ER/EP/ED (ER technique) | sgrade ER/EP/ED "
                 "(ER technique) | first divergence |", "|---|---|---|---|"]
        for gap, r, o in misses[: args.worst]:
            steps = paths.get(r["puzzle"].replace("0", "."))
            where = first_divergence(our_path(args.sgrade, r["puzzle"]), steps) \
                if steps is not None else "no SE trace"
            text.append(f"| `{r['puzzle']}` | {r['se_er']}/{r['se_ep']}/{r['se_ed']} "
                        f"({r['se_er_technique']}) | {o.get('se_er', '')}/{o.get('se_ep', '')}/"
                        f"{o.get('se_ed', '')} ({o.get('se_er_technique', '')}) | {where} |")
        text.append("")
    return (name, graded, er_same, ep_same, ed_same, cpu), "\n".join(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shared", default=os.path.join(os.path.dirname(__file__), "..", "..",
                                                         "shared"))
    parser.add_argument("--sgrade", default="target/release/sgrade")
    parser.add_argument("--sets", default=",".join(SETS))
    parser.add_argument("--limit", type=int, default=0, help="first N puzzles of each set")
    parser.add_argument("--worst", type=int, default=8, help="disagreements listed per set")
    parser.add_argument("--out", default="results/se_agreement.md")
    parser.add_argument("--speed-out", default="results/se_speed.md")
    args = parser.parse_args()
    if not os.path.isdir(os.path.join(args.shared, "reference", "se")):
        sys.exit(f"{args.shared}/reference/se not found: nothing to compare against")
    started = time.time()
    summaries, sections = [], []
    for name in args.sets.split(","):
        got = section(args, name)
        if got is None:
            print(f"{name}: no reference file, skipped", file=sys.stderr)
            continue
        summaries.append(got[0])
        sections.append(got[1])
        print(f"{name}: done", file=sys.stderr)
    command = "python3 scripts/se_agreement.py " + " ".join(sys.argv[1:])
    head = ["# Agreement with Sudoku Explainer (serate 1.2.1.3)", "",
            f"Command: `{command.strip()}` ({time.strftime('%Y-%m-%d')}, "
            f"{time.time() - started:.0f} s wall). Reference: `../shared/reference/se/se121_*.csv`"
            " and SE's traces. Only puzzles with one solution are compared (sgrade rates no other).",
            "", "| set | unique | ER exact | EP exact | ED exact |", "|---|--:|--:|--:|--:|"]
    for name, graded, er, ep, ed, _ in summaries:
        head.append(f"| {name} | {graded} | {pct(er, graded)} | {pct(ep, graded)} | "
                    f"{pct(ed, graded)} |")
    with open(args.out, "w") as f:
        f.write("\n".join(head + [""] + sections))
    speed = ["# `--scale se` speed", "",
             f"Command: `{command.strip()}`; `sgrade grade --scale se -j 1 --no-timing`, CPU time "
             "of the child process (user + system), one run per set on a shared 2-core machine.",
             "", f"Peers (published, same machine class): {PEERS}.", "",
             "| set | puzzles | CPU-s | puzzles/CPU-s |", "|---|--:|--:|--:|"]
    for name, graded, _, _, _, cpu in summaries:
        speed.append(f"| {name} | {graded} | {cpu:.2f} | {graded / cpu if cpu else 0:.1f} |")
    with open(args.speed_out, "w") as f:
        f.write("\n".join(speed) + "\n")
    print(f"wrote {args.out} and {args.speed_out}", file=sys.stderr)


if __name__ == "__main__":
    main()
