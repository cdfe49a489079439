#!/usr/bin/env bash
# Instructions per puzzle of `sgrade grade` on fixed corpus slices, every GNPX/HoDoKu scale,
# one thread, counted by callgrind (exact whatever the machine's load) — issue 14.
#
# usage: scripts/speed_callgrind.sh [SGRADE] [OUTDIR]
#   SGRADE  the binary to measure (default target/release/sgrade)
#   OUTDIR  where the slices, callgrind files and CSV rows go (default /tmp/sgrade-speed)
# Slices: the first 200 puzzles of top1465 and the first 2,000 of royle17 (../shared/corpora).
# Prints one line per (scale, slice): total instructions (Ir) and Ir per puzzle.
set -euo pipefail
bin=${1:-target/release/sgrade}
out=${2:-/tmp/sgrade-speed}
corpora=${SGRADE_CORPORA:-../shared/corpora}
if [ ! -f "$corpora/top1465.txt" ] || [ ! -f "$corpora/royle17.txt" ]; then
  echo "corpora not found under $corpora; nothing measured" >&2
  exit 0
fi
mkdir -p "$out"
head -200 "$corpora/top1465.txt" > "$out/top200.txt"
head -2000 "$corpora/royle17.txt" > "$out/royle2k.txt"
for scale in ${SCALES:-gnpx gnpx584 hodoku}; do
  for slice in top200 royle2k; do
    n=$(wc -l < "$out/$slice.txt")
    cg="$out/cg.$scale.$slice"
    valgrind --tool=callgrind --callgrind-out-file="$cg" \
      "$bin" grade -j 1 -q --no-progress --no-timing --scale "$scale" \
      -o "$out/rows.$scale.$slice.csv" "$out/$slice.txt" 2> "$cg.log"
    ir=$(grep -m1 '^summary:' "$cg" | awk '{print $2}')
    echo "$scale $slice puzzles=$n Ir=$ir Ir/puzzle=$((ir / n))"
  done
done
