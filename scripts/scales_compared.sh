#!/usr/bin/env bash
# Writes results/scales_compared.md: top1465 and qqwing graded on every scale, each pair of
# scales compared with `sgrade compare`.
# usage: scripts/scales_compared.sh [SHARED (default ../shared)]
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=${1:-../shared}
cargo build --release --quiet
S=target/release/sgrade
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
OUT=results/scales_compared.md
{
  echo "# The scales compared"
  echo
  echo "Command: \`scripts/scales_compared.sh\` ($(date -u +%Y-%m-%d), $(nproc) cores). Each corpus is"
  echo "graded on every scale; \`sgrade compare A B\` joins the rows on the puzzle and reports the"
  echo "exact-match share (only meaningful between scales with the same labels), the confusion table,"
  echo "Spearman's rank correlation and the puzzles the two scales place furthest apart."
  for corpus in top1465.txt newspaper/qqwing_levels.csv; do
    name=$(basename "$corpus")
    for scale in gnpx gnpx584 hodoku se; do
      $S grade -q --no-progress --scale "$scale" "$SHARED/corpora/$corpus" -o "$TMP/$name.$scale.csv" || true
    done
    for pair in "gnpx gnpx584" "gnpx hodoku" "gnpx584 hodoku" "gnpx se" "hodoku se"; do
      set -- $pair
      echo
      echo "## $name: $1 vs $2"
      echo
      echo '```'
      (cd "$TMP" && "$OLDPWD/$S" compare "$name.$1.csv" "$name.$2.csv" --limit 5 2>&1) || true
      echo '```'
    done
  done
} > "$OUT"
echo "wrote $OUT" >&2
