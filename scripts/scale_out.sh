#!/usr/bin/env bash
# CPU cost of the Spark route (scripts/spark_grade.py, local mode) over a direct run, on
# ../shared/corpora/royle17.txt repeated 10 times; the JVM's fixed start-up is measured apart
# (the same job on a one-line input). CPU = user + system time of the whole process tree
# (spark-submit, the JVM, the Python workers and every sgrade), from /usr/bin/time.
# Usage: scripts/scale_out.sh [WORKDIR]   (needs scripts/spark_setup.sh's venv and Java 17+)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-$(mktemp -d)}"
venv="${SGRADE_PYSPARK_VENV:-$HOME/.cache/sudoku-grader/pyspark-venv}"
sgrade="${SGRADE_BIN:-$root/target/release/sgrade}"
corpus="$root/../shared/corpora/royle17.txt"
[ -x "$sgrade" ] || { echo "build first: cargo build --release" >&2; exit 1; }
[ -f "$corpus" ] || { echo "no $corpus" >&2; exit 1; }
mkdir -p "$work"
for _ in $(seq 10); do cat "$corpus"; done > "$work/royle17x10.txt"
head -1 "$corpus" > "$work/one.txt"
cpu() { # label, command...: prints "label user+sys wall"
  local label=$1; shift
  /usr/bin/time -f "%U %S %e" -o "$work/$label.time" "$@" > /dev/null 2> "$work/$label.log"
  awk -v l="$label" '{printf "%s cpu_s=%.2f wall_s=%.2f\n", l, $1 + $2, $3}' "$work/$label.time"
}
cpu direct "$sgrade" grade -q -j1 --no-timing -o "$work/direct.csv" "$work/royle17x10.txt"
export SPARK_LOCAL_IP=127.0.0.1 PYSPARK_PYTHON="$venv/bin/python"
spark() { # label, input, partitions
  rm -rf "$work/$1.out"
  cpu "$1" "$venv/bin/spark-submit" --master 'local[2]' --conf spark.ui.enabled=false \
    "$root/scripts/spark_grade.py" "$2" "$work/$1.out" --partitions "$3" --no-timing \
    --sgrade "$sgrade"
}
spark spark_startup "$work/one.txt" 1
spark spark "$work/royle17x10.txt" 8
# The two routes' rows must agree (time aside).
cat "$work"/spark.out/part-* | grep -v '^source,' | sort > "$work/spark.rows"
tail -n +2 "$work/direct.csv" | sort > "$work/direct.rows"
cmp -s "$work/spark.rows" "$work/direct.rows" && echo "rows: identical" || echo "rows: DIFFER"
