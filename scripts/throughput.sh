#!/usr/bin/env bash
# Puzzles per CPU-second of `sgrade grade` next to `sgrade solve` (the oracle alone), and the cost
# of `grade --timings` (every call timed, and one puzzle in SAMPLE timed), measured in the same
# run, alternating, median of N repetitions. CPU time = user + sys of the whole process.
#
# usage: scripts/throughput.sh [CORPUS...]   (default: top1465, royle17, qqwing from ../shared)
# env:   REPS (default 5), THREADS (default 1), GRADE_ARGS (extra args for grade, e.g. --verify),
#        SAMPLE (default 8: the --timing-sample of the last column)
set -euo pipefail
cd "$(dirname "$0")/.."
REPS=${REPS:-5}
THREADS=${THREADS:-1}
SAMPLE=${SAMPLE:-8}
SHARED=${SGRADE_SHARED:-../shared}
if [ $# -eq 0 ]; then
  set -- "$SHARED/corpora/top1465.txt" "$SHARED/corpora/royle17.txt" "$SHARED/corpora/newspaper/qqwing_levels.csv"
fi
cargo build --release --quiet
BIN=target/release/sgrade

TIMES=$(mktemp)
trap 'rm -f "$TIMES"' EXIT
cpu_seconds() { # command... → prints user+sys seconds
  /usr/bin/time -o "$TIMES" -f "%U %S" "$@" >/dev/null 2>&1 || true
  awk '{print $1 + $2}' "$TIMES"
}
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

printf "| corpus | puzzles | oracle alone (puzzles/CPU-s) | grade (puzzles/CPU-s) | grade / oracle | grade --timings | timing overhead | --timing-sample %s | overhead |\n" "$SAMPLE"
printf "|---|--:|--:|--:|--:|--:|--:|--:|--:|\n"
for corpus in "$@"; do
  if [ ! -f "$corpus" ]; then echo "skipping $corpus (not found)" >&2; continue; fi
  # Small corpora are repeated to at least 20,000 lines so that the 10 ms clock of time(1) is
  # small against the run. CSV headers are kept once.
  work=$(mktemp)
  trap 'rm -f "$TIMES" "$work"' EXIT
  head -n 1 "$corpus" > "$work"
  body=$(tail -n +2 "$corpus" | grep -c . || true)
  copies=$(( (20000 + body - 1) / (body > 0 ? body : 1) ))
  for _ in $(seq "$copies"); do tail -n +2 "$corpus" >> "$work"; done
  corpus_name=$(basename "$corpus")
  corpus=$work
  n=$("$BIN" solve -q --threads 1 "$corpus" | tail -n +2 | wc -l)
  timings=$(mktemp)
  solve_times=(); grade_times=(); timed_times=(); sampled_times=()
  for _ in $(seq "$REPS"); do
    solve_times+=("$(cpu_seconds "$BIN" solve -q --no-progress --threads "$THREADS" "$corpus")")
    # shellcheck disable=SC2086
    grade_times+=("$(cpu_seconds "$BIN" grade -q --no-progress --threads "$THREADS" ${GRADE_ARGS:-} "$corpus")")
    # shellcheck disable=SC2086
    timed_times+=("$(cpu_seconds "$BIN" grade -q --no-progress --threads "$THREADS" ${GRADE_ARGS:-} --timings "$timings" "$corpus")")
    # shellcheck disable=SC2086
    sampled_times+=("$(cpu_seconds "$BIN" grade -q --no-progress --threads "$THREADS" ${GRADE_ARGS:-} --timings "$timings" --timing-sample "$SAMPLE" "$corpus")")
  done
  s=$(printf "%s\n" "${solve_times[@]}" | median)
  g=$(printf "%s\n" "${grade_times[@]}" | median)
  t=$(printf "%s\n" "${timed_times[@]}" | median)
  p=$(printf "%s\n" "${sampled_times[@]}" | median)
  awk -v c="$corpus_name ×$copies" -v n="$n" -v s="$s" -v g="$g" -v t="$t" -v p="$p" \
    'BEGIN { printf "| %s | %d | %.0f | %.0f | %.2f | %.0f | %+.1f%% | %.0f | %+.1f%% |\n", c, n, n / s, n / g, s / g, n / t, 100 * (t / g - 1), n / p, 100 * (p / g - 1) }'
  rm -f "$work" "$timings"
done
