#!/usr/bin/env bash
# Grading speed per scale: CPU seconds (user + sys) of `sgrade grade --threads 1 --scale S` on
# top1465 and royle17, with `sgrade solve` (the oracle alone) as the baseline of the same run.
# Prints the table rows of results/scales_speed.md.
# usage: scripts/scales_speed.sh [SHARED_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=${1:-../shared}
cargo build --release --quiet
SG=target/release/sgrade
cpu() { /usr/bin/time -f "%U %S" "$@" -q -o /dev/null 2>&1 >/dev/null | tail -1 | awk '{print $1 + $2}'; }
echo "| corpus | puzzles | scale | CPU s | puzzles / CPU-s | CPU ÷ oracle CPU | vs HoDoKu 2.2 (5.5/CPU-s on top1465) |"
echo "|---|--:|---|--:|--:|--:|--:|"
for corpus in top1465.txt royle17.txt; do
  file="$SHARED/corpora/$corpus"
  n=$(grep -c . "$file")
  base=$(cpu "$SG" solve --threads 1 "$file")
  for scale in gnpx gnpx584 hodoku; do
    t=$(cpu "$SG" grade --threads 1 --scale "$scale" "$file")
    awk -v c="${corpus%.txt}" -v n="$n" -v s="$scale" -v t="$t" -v b="$base" 'BEGIN {
      r = n / t; h = (c == "top1465") ? sprintf("%.0f× faster", r / 5.5) : ""
      printf "| %s | %d | %s | %.2f | %.0f | %.0f× | %s |\n", c, n, s, t, r, t / b, h }'
  done
  awk -v c="${corpus%.txt}" -v n="$n" -v b="$base" 'BEGIN {
    printf "| %s | %d | (oracle alone) | %.2f | %.0f | 1× | |\n", c, n, b, n / b }'
done
