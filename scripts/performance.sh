#!/usr/bin/env bash
# The numbers behind results/performance.md: machine facts, `sgrade bench` per corpus (oracle
# baseline, grading, timing overhead, per technique), per-technique p50/p99 from `grade --timings`
# read back by `sgrade stats`, thread scaling 1→2, and peak RSS on a large input.
# Puzzles-per-CPU-second tables come from scripts/throughput.sh (run it too).
#
# usage: scripts/performance.sh
# env:   REPS (default 5), BIG_LINES (default 1000000), BASELINE (another sgrade binary: compare
#        `grade` without timings, e.g. one built from main, to show the hook costs nothing off)
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=${SGRADE_SHARED:-../shared}
REPS=${REPS:-5}
BIG_LINES=${BIG_LINES:-1000000}
TOP=$SHARED/corpora/top1465.txt
ROYLE=$SHARED/corpora/royle17.txt
QQWING=$SHARED/corpora/newspaper/qqwing_levels.csv
cargo build --release --quiet
BIN=target/release/sgrade
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

echo "## Machine"
echo "- $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
echo "- $(awk '/MemTotal/ {printf "%.0f GiB memory", $2 / 1048576}' /proc/meminfo), clock source $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource)"
echo "- $(rustc --version), $(uname -sr), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo

for corpus in "$TOP" "$ROYLE" "$QQWING"; do
  echo "## sgrade bench $(basename "$corpus")"
  echo '```'
  echo "\$ sgrade bench $(basename "$corpus") --reps $REPS --warmup 1"
  "$BIN" bench "$corpus" --reps "$REPS" --warmup 1 || true
  echo '```'
  echo
done

echo "## Per-technique time per call (grade --threads 1 --timings, read back by sgrade stats)"
for corpus in "$TOP" "$ROYLE" "$QQWING"; do
  name=$(basename "$corpus")
  "$BIN" grade -q --threads 1 --timings "$tmp/$name.hlog" -o "$tmp/$name.csv" "$corpus" || true
  echo '```'
  echo "\$ sgrade stats $name.csv --timings $name.hlog"
  "$BIN" stats "$tmp/$name.csv" --timings "$tmp/$name.hlog" | sed -n '/^timings from/,$p'
  echo '```'
done
echo

echo "## Thread scaling (royle17 ×4, median of $REPS alternating runs)"
for _ in 1 2 3 4; do cat "$ROYLE"; done > "$tmp/royle4.txt"
wall_cpu() { /usr/bin/time -f "%e %U %S" -o "$tmp/t" "$@" >/dev/null 2>&1 || true; cat "$tmp/t"; }
one_wall=(); two_wall=(); one_cpu=(); two_cpu=()
for _ in $(seq "$REPS"); do
  read -r w u s < <(wall_cpu "$BIN" grade -q --threads 1 -o /dev/null "$tmp/royle4.txt")
  one_wall+=("$w"); one_cpu+=("$(awk -v u="$u" -v s="$s" 'BEGIN {print u + s}')")
  read -r w u s < <(wall_cpu "$BIN" grade -q --threads 2 -o /dev/null "$tmp/royle4.txt")
  two_wall+=("$w"); two_cpu+=("$(awk -v u="$u" -v s="$s" 'BEGIN {print u + s}')")
done
n=$(grep -c . "$tmp/royle4.txt")
o=$(printf "%s\n" "${one_wall[@]}" | median); oc=$(printf "%s\n" "${one_cpu[@]}" | median)
t=$(printf "%s\n" "${two_wall[@]}" | median); tc=$(printf "%s\n" "${two_cpu[@]}" | median)
awk -v n="$n" -v o="$o" -v t="$t" -v oc="$oc" -v tc="$tc" 'BEGIN {
  printf "| threads | wall s | CPU s | puzzles/s (wall) |\n|--:|--:|--:|--:|\n", o
  printf "| 1 | %.2f | %.2f | %.0f |\n| 2 | %.2f | %.2f | %.0f |\n\n", o, oc, n / o, t, tc, n / t
  printf "speed-up 1→2 (wall): %.2f×; CPU time 2 vs 1 thread: %+.1f%%\n\n", o / t, 100 * (tc / oc - 1) }'
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo

echo "## Peak RSS (grade --threads 2, /usr/bin/time -v)"
lines_of() { # N → file of royle17 repeated to N lines
  local out="$tmp/royle_$1.txt"
  : > "$out"
  while [ "$(wc -l < "$out" 2>/dev/null || echo 0)" -lt "$1" ]; do cat "$ROYLE" >> "$out"; done
  head -n "$1" "$out" > "$out.cut" && mv "$out.cut" "$out"
  echo "$out"
}
echo "| input lines | options | max RSS (MiB) | wall s |"
echo "|--:|---|--:|--:|"
for lines in 10000 100000 "$BIG_LINES"; do
  file=$(lines_of "$lines")
  for opts in "" "--timings $tmp/big.hlog"; do
    # shellcheck disable=SC2086
    /usr/bin/time -v -o "$tmp/v" "$BIN" grade -q --threads 2 -o /dev/null $opts "$file" >/dev/null 2>&1 || true
    rss=$(awk -F: '/Maximum resident/ {print $2}' "$tmp/v")
    secs=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s}' "$tmp/v")
    printf "| %d | %s | %.1f | %.1f |\n" "$lines" "${opts:+--timings}" "$(awk -v r="$rss" 'BEGIN {print r / 1024}')" "$secs"
  done
done
echo

if [ -n "${BASELINE:-}" ]; then
  echo "## Timing off costs nothing: grade (no --timings) vs $BASELINE, CPU s, median of $REPS"
  cpu() { /usr/bin/time -f "%U %S" -o "$tmp/c" "$@" >/dev/null 2>&1 || true; awk '{print $1 + $2}' "$tmp/c"; }
  { head -n 1 "$QQWING"; for _ in 1 2 3 4 5; do tail -n +2 "$QQWING"; done; } > "$tmp/qqwing5.csv"
  for corpus in "$ROYLE" "$tmp/qqwing5.csv"; do
    base=(); ours=()
    for _ in $(seq "$REPS"); do
      base+=("$(cpu "$BASELINE" grade -q --threads 1 -o /dev/null "$corpus")")
      ours+=("$(cpu "$BIN" grade -q --threads 1 -o /dev/null "$corpus")")
    done
    b=$(printf "%s\n" "${base[@]}" | median)
    o=$(printf "%s\n" "${ours[@]}" | median)
    awk -v c="$(basename "$corpus")" -v b="$b" -v o="$o" 'BEGIN { printf "- %s: baseline %.2f s, this build %.2f s (%+.1f%%)\n", c, b, o, 100 * (o / b - 1) }'
  done
fi
