#!/usr/bin/env bash
# Instructions per puzzle of `sgrade grade` on fixed corpus slices, every GNPX/HoDoKu scale,
# one thread, counted by callgrind (exact whatever the machine's load) — issue 14.
#
# usage: scripts/speed_callgrind.sh [SGRADE] [OUTDIR]
#   SGRADE  the binary to measure (default target/release/sgrade)
#   OUTDIR  where the slices, callgrind files and CSV rows go (default /tmp/sgrade-speed)
# Slices: the first 200 puzzles of top1465 and the first 2,000 of royle17 (../shared/corpora);
# TOP_N and ROYLE_N change their sizes (the se scale under callgrind: TOP_N=30 ROYLE_N=1000).
# SCALES picks the scales (default "gnpx gnpx584 hodoku"; e.g. SCALES=se).
# Prints one line per (scale, slice): total instructions (Ir) and Ir per puzzle.
# BRANCHES=1 runs cachegrind's branch simulation instead and adds the mispredicted conditional
# and indirect branches (Bcm+Bim) per puzzle: the grader's CPU time follows those more than its
# instruction count (results/speed.md, 2026-12-05 third session); `cg_annotate --show=Bcm
# --sort=Bcm FILE` lists where they are.
set -euo pipefail
bin=${1:-target/release/sgrade}
out=${2:-/tmp/sgrade-speed}
corpora=${SGRADE_CORPORA:-../shared/corpora}
if [ ! -f "$corpora/top1465.txt" ] || [ ! -f "$corpora/royle17.txt" ]; then
  echo "corpora not found under $corpora; nothing measured" >&2
  exit 0
fi
mkdir -p "$out"
top_n=${TOP_N:-200}
royle_n=${ROYLE_N:-2000}
head -"$top_n" "$corpora/top1465.txt" > "$out/top$top_n.txt"
head -"$royle_n" "$corpora/royle17.txt" > "$out/royle$royle_n.txt"
for scale in ${SCALES:-gnpx gnpx584 hodoku}; do
  for slice in "top$top_n" "royle$royle_n"; do
    n=$(wc -l < "$out/$slice.txt")
    cg="$out/cg.$scale.$slice"
    if [ "${BRANCHES:-0}" = 1 ]; then
      valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes --cachegrind-out-file="$cg" \
        "$bin" grade -j 1 -q --no-progress --no-timing --scale "$scale" \
        -o "$out/rows.$scale.$slice.csv" "$out/$slice.txt" 2> "$cg.log"
      # The summary's events: Ir Bc Bcm Bi Bim.
      read -r ir miss <<< "$(grep -m1 '^summary:' "$cg" | awk '{print $2, $4 + $6}')"
      echo "$scale $slice puzzles=$n Ir=$ir Ir/puzzle=$((ir / n)) mispredicts=$miss" \
        "mispredicts/puzzle=$((miss / n))"
      continue
    fi
    valgrind --tool=callgrind --callgrind-out-file="$cg" \
      "$bin" grade -j 1 -q --no-progress --no-timing --scale "$scale" \
      -o "$out/rows.$scale.$slice.csv" "$out/$slice.txt" 2> "$cg.log"
    ir=$(grep -m1 '^summary:' "$cg" | awk '{print $2}')
    echo "$scale $slice puzzles=$n Ir=$ir Ir/puzzle=$((ir / n))"
  done
done
