#!/usr/bin/env bash
# Installs PySpark into a cached virtual environment for scripts/spark_grade.py and its test
# (tests/cli/spark.rs). Idempotent: an existing venv with pyspark is kept. Needs python3 and,
# to run Spark, Java 17 or later. Exits 0 with a message when PyPI cannot be reached, so that
# CI goes on (the test then skips, saying why).
set -uo pipefail
VENV="${SGRADE_PYSPARK_VENV:-$HOME/.cache/sudoku-grader/pyspark-venv}"
PYSPARK_VERSION="${SGRADE_PYSPARK_VERSION:-4.3.0}"
if [ -x "$VENV/bin/spark-submit" ] && "$VENV/bin/python" -c "import pyspark" 2>/dev/null; then
  echo "spark_setup: pyspark ready in $VENV"
  exit 0
fi
if ! command -v python3 >/dev/null 2>&1; then
  echo "spark_setup: no python3; the Spark test will be skipped"
  exit 0
fi
mkdir -p "$(dirname "$VENV")"
python3 -m venv "$VENV" || { echo "spark_setup: cannot create $VENV; the Spark test will be skipped"; exit 0; }
if "$VENV/bin/pip" install -q "pyspark==$PYSPARK_VERSION"; then
  echo "spark_setup: installed pyspark $PYSPARK_VERSION in $VENV"
else
  echo "spark_setup: pip could not install pyspark (no registry?); the Spark test will be skipped"
  rm -rf "$VENV"
fi
exit 0
