#!/usr/bin/env python3
"""Old against new: is any of our rows slower? Two benchmark binaries run alternately, or the
JSON files of such runs compared.

  compare.py --old-bin OLD --new-bin NEW [--runs N] [--keep DIR] [COMMON] [-- BENCH-ARGS...]
  compare.py --old-json A.json [B.json ...] --new-json C.json [D.json ...] [COMMON]
  COMMON: [--threshold PCT] [--metric vs_openssl|mbps]

With binaries, runs OLD and NEW one after the other N times (default 3), each with `--json` and
BENCH-ARGS (e.g. `--filter gfni-avx512`), so that a change in the machine's load hits both alike.
--keep DIR keeps their JSON files there (old1.json, new1.json, ...). Pairs the i-th old run with
the i-th new one and, for each row (algorithm, operation, size, subject), prints the median over
the pairs of new / old of the metric: by default the row's speed over OpenSSL's in the same cell
(`vs_openssl`; the benchmark times a cell's subjects round-robin, so a slow spell of the machine
hits both), or plain MB/s (`--metric mbps`). Rows of ours/* are judged: one whose median ratio is
below 1 - PCT/100 (default 3) is slower. The other subjects (the kernel's assembly, Botan,
Crypto++; OpenSSL too with mbps) run the same code in both binaries and are printed as a control of
the noise.

Exit 0: no row of ours slower; 1: some (named); 2: bad arguments, a run that failed, or JSON that
is not a benchmark's.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile


def fail(msg):
    print(f"compare: {msg}", file=sys.stderr)
    sys.exit(2)


def load(path, metric):
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        rows = {}
        for r in doc["results"]:
            if metric == "vs_openssl" and r["subject"] == "openssl":
                continue  # 1 by definition
            rows[(r["alg"], r["op"], int(r["size"]), r["subject"])] = float(r[metric])
        return rows
    except (OSError, ValueError, KeyError, TypeError) as e:
        fail(f"{path}: not a benchmark JSON file ({e.__class__.__name__}: {e})")


def run_binaries(old_bin, new_bin, runs, bench_args, workdir):
    olds, news = [], []
    for i in range(runs):
        for label, binary, out in (("old", old_bin, olds), ("new", new_bin, news)):
            path = os.path.join(workdir, f"{label}{i + 1}.json")
            r = subprocess.run([binary, "--json", path, *bench_args], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
            if r.returncode != 0:
                last = (r.stderr.strip().splitlines() or ["no message"])[-1]
                fail(f"{binary} (run {i + 1}) exited {r.returncode}: {last}")
            print(f"compare: run {i + 1}/{runs} {label} done", file=sys.stderr)
            out.append(path)
    return olds, news


def compare(old_runs, new_runs, threshold):
    """Rows as (key, median ratio, judged) and the keys of our rows found slower."""
    if len(old_runs) != len(new_runs) or not old_runs:
        fail(f"{len(old_runs)} old and {len(new_runs)} new runs: need the same number, at least 1")
    keys = [k for k in old_runs[0] if all(k in run for run in old_runs + new_runs)]
    if not keys:
        fail("the old and new runs have no row in common")
    rows, slower = [], []
    for key in keys:
        ratios = [new[key] / old[key] for old, new in zip(old_runs, new_runs) if old[key] > 0]
        if not ratios:
            continue
        median = statistics.median(ratios)
        ours = key[3].startswith("ours/")
        rows.append((key, median, ours))
        if ours and median < 1 - threshold / 100:
            slower.append(key)
    return rows, slower


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--old-bin")
    p.add_argument("--new-bin")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--old-json", nargs="+")
    p.add_argument("--new-json", nargs="+")
    p.add_argument("--threshold", type=float, default=3.0)
    p.add_argument("--metric", choices=["vs_openssl", "mbps"], default="vs_openssl")
    p.add_argument("--keep")
    p.add_argument("bench_args", nargs="*")
    a = p.parse_args(argv)
    binaries = a.old_bin is not None or a.new_bin is not None
    files = a.old_json is not None or a.new_json is not None
    if binaries == files:
        fail("give either --old-bin and --new-bin, or --old-json and --new-json")
    if binaries:
        if a.old_bin is None or a.new_bin is None:
            fail("--old-bin and --new-bin go together")
        for b in (a.old_bin, a.new_bin):
            if not os.access(b, os.X_OK):
                fail(f"{b}: not an executable file")
        if a.runs < 1:
            fail(f"--runs {a.runs}: at least 1")
        with tempfile.TemporaryDirectory() as d:
            if a.keep:
                os.makedirs(a.keep, exist_ok=True)
            workdir = a.keep or d
            old_paths, new_paths = run_binaries(a.old_bin, a.new_bin, a.runs, a.bench_args, workdir)
            olds = [load(x, a.metric) for x in old_paths]
            news = [load(x, a.metric) for x in new_paths]
    else:
        if a.old_json is None or a.new_json is None:
            fail("--old-json and --new-json go together")
        olds = [load(x, a.metric) for x in a.old_json]
        news = [load(x, a.metric) for x in a.new_json]
    rows, slower = compare(olds, news, a.threshold)
    print(f"{'alg':9} {'op':9} {'size':>6}  {'subject':24} new/old {a.metric} (median of {len(olds)})")
    for (alg, op, size, subject), median, ours in rows:
        mark = "  SLOWER" if (alg, op, size, subject) in slower else ("" if ours else "  (control)")
        print(f"{alg:9} {op:9} {size:>6}  {subject:24} {median:.3f}{mark}")
    if slower:
        print(f"compare: {len(slower)} row(s) of ours slower by more than {a.threshold:g}%")
        return 1
    print(f"compare: no row of ours slower by more than {a.threshold:g}%")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
