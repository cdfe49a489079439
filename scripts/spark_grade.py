#!/usr/bin/env python3
"""Grade puzzle files with sgrade on Apache Spark: one sgrade process per split.

    spark-submit --master local[4] scripts/spark_grade.py INPUT... OUTDIR \
        [--scale gnpx|gnpx584|hodoku|se] [--partitions N] [--format csv|jsonl] \
        [--sgrade target/release/sgrade] [--timings] [--no-timing] [-- SGRADE_ARGS...]

Each input is read with Spark's text reader, so a file may be split anywhere; every split is
piped into its own `sgrade grade -` started with

  --source PATH --line-offset N   rows name the input file and its line numbers, exactly as a
                                  direct `sgrade grade PATH` would;
  --csv-header HEADER             a split of a CSV file is read by the file's header (the split
                                  holding the header skips it as a repeated header);
  --exit-zero                     invalid, multiple and no-solution rows are data; a non-zero
                                  exit is a real error (I/O, usage, --verify) and fails the task
                                  with sgrade's own message;
  --threads 1 -q                  one core per task (Spark schedules the tasks), no summary
                                  (a pipe gets none anyway: the task's stderr holds errors only).

The binary is shipped to the executors with SparkContext.addFile and run by its absolute path
(executors do not see the driver's PATH). OUTDIR gets one part per split (CSV, each with its
header, or JSON lines with --format jsonl), which `sgrade stats OUTDIR` and `sgrade report OUTDIR`
merge; with --timings each split's timing log goes beside them (timings-NNNNN.log, written by
the driver: OUTDIR must be a path it can open, not hdfs:// or s3a://) and is merged too.
"""

import argparse
import os
import subprocess
import sys
import threading


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", metavar="INPUT... OUTDIR")
    parser.add_argument("--scale", default="gnpx")
    parser.add_argument("--partitions", type=int, default=0,
                        help="at least this many splits per input (default: Spark's)")
    parser.add_argument("--format", choices=["csv", "jsonl"], default="csv")
    parser.add_argument("--sgrade", default=None,
                        help="the sgrade binary (default: target/release/sgrade, then PATH)")
    parser.add_argument("--timings", action="store_true",
                        help="write each split's timing log into OUTDIR")
    parser.add_argument("--no-timing", action="store_true",
                        help="leave out time_us (reproducible rows)")
    argv = list(argv)
    extra = []
    if "--" in argv:
        cut = argv.index("--")
        argv, extra = argv[:cut], argv[cut + 1:]
    args = parser.parse_args(argv)
    if len(args.paths) < 2:
        parser.error("give at least one INPUT and the OUTDIR")
    args.inputs, args.outdir = args.paths[:-1], args.paths[-1]
    args.extra = extra
    return args


def find_sgrade(given):
    """The sgrade binary's absolute path."""
    candidates = [given] if given else [
        os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "target", "release",
                     "sgrade")]
    for candidate in candidates:
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return os.path.abspath(candidate)
    from shutil import which
    found = None if given else which("sgrade")
    if found:
        return os.path.abspath(found)
    sys.exit("spark_grade.py: no sgrade binary (build it with `cargo build --release` or give "
             "--sgrade PATH)")


def csv_header_of(lines):
    """The CSV header of an input (an RDD of its lines) when its first content line names a
    `puzzle` column (sgrade's own rule), else None. Read through Spark, so any filesystem and
    compression Spark reads will do."""
    import csv
    first = lines.filter(lambda t: t.strip() and not t.strip().startswith("#")).take(1)
    if not first:
        return None
    text = first[0].lstrip("\ufeff").strip()
    fields = next(csv.reader([text]))
    if any(field.strip().lower() == "puzzle" for field in fields):
        return text
    return None


def sgrade_command(binary, args, source, offset, header):
    command = [binary, "grade", "-", "--source", source, "--line-offset", str(offset),
               "--exit-zero", "--threads", "1", "-q", "--no-progress",
               "--scale", args.scale, "--output-format", args.format]
    if header is not None:
        command += ["--csv-header", header]
    if args.no_timing:
        command.append("--no-timing")
    if args.timings:
        command += ["--timings", "-"]
    return command + list(args.extra)


def grade_split(binary_name, args, source, header):
    """The function each task runs on its split: (line index, text) pairs in, tagged output
    lines out: ("row", text) for the rows, ("timings", log) for the split's timing log."""

    def run(index, pairs):
        from pyspark import SparkFiles
        first = None
        lines = []
        for text, line_index in pairs:
            if first is None:
                first = line_index
            lines.append(text)
        binary = SparkFiles.get(binary_name)
        if not os.access(binary, os.X_OK):
            os.chmod(binary, 0o755)
        command = sgrade_command(binary, args, source, first or 0, header)
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE)

        def feed():
            # A writer thread: the rows come back while the split is still being fed.
            try:
                for text in lines:
                    process.stdin.write(text.encode("utf-8", "surrogateescape"))
                    process.stdin.write(b"\n")
                process.stdin.close()
            except BrokenPipeError:
                pass

        errors = []
        writer = threading.Thread(target=feed, daemon=True)
        reader = threading.Thread(target=lambda: errors.append(process.stderr.read()),
                                  daemon=True)
        writer.start()
        reader.start()
        for raw in process.stdout:
            yield ("row", raw.decode("utf-8", "replace").rstrip("\n"))
        code = process.wait()
        writer.join()
        reader.join()
        stderr = errors[0].decode("utf-8", "replace") if errors else ""
        if code != 0:
            # A real error: the task fails with sgrade's own message.
            raise RuntimeError(f"sgrade exited {code} on {source} (split {index}, lines "
                               f"{(first or 0) + 1}…): {stderr.strip()}")
        if args.timings:
            at = stderr.find("#sgrade timings")
            if at >= 0:
                yield ("timings", stderr[at:])

    return run


def main(argv):
    args = parse_args(argv)
    from pyspark import SparkConf, SparkContext
    conf = SparkConf().setAppName("sgrade")
    sc = SparkContext.getOrCreate(conf)
    sc.setLogLevel("WARN")
    binary = find_sgrade(args.sgrade)
    sc.addFile(binary)
    binary_name = os.path.basename(binary)
    outputs = []
    for path in args.inputs:
        lines = sc.textFile(path, args.partitions) if args.partitions else sc.textFile(path)
        header = csv_header_of(lines)
        # zipWithIndex numbers the lines in file order; each split's are consecutive, so the
        # first one's index is the split's line offset.
        indexed = lines.zipWithIndex()
        outputs.append(indexed.mapPartitionsWithIndex(
            grade_split(binary_name, args, path, header)))
    tagged = sc.union(outputs) if len(outputs) > 1 else outputs[0]
    if args.timings:
        from pyspark import StorageLevel
        tagged = tagged.persist(StorageLevel.MEMORY_AND_DISK)
    tagged.filter(lambda t: t[0] == "row").map(lambda t: t[1]).saveAsTextFile(args.outdir)
    if args.timings:
        logs = tagged.filter(lambda t: t[0] == "timings").map(lambda t: t[1]).collect()
        for number, log in enumerate(logs):
            with open(os.path.join(args.outdir, f"timings-{number:05d}.log"), "w") as f:
                f.write(log)
    sc.stop()


if __name__ == "__main__":
    main(sys.argv[1:])
