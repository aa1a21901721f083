#!/usr/bin/env bash
# Fuzzing speed of libFuzzer binaries, measured one way for before/after tables (fuzz/README.md):
# each target fuzzes for SECONDS from a fresh copy of its committed seeds (fuzz/corpus/<t>), with
# the dictionary and .options flags `tools/ariasuite fuzz` passes and a fixed -seed, under the
# sanitizers the binary was built with. One line per target: execs, wall-clock exec/s (libFuzzer's
# average_exec_per_sec) and execs per CPU second of the fuzzer and its children (which a loaded
# machine disturbs less), with the 1-minute load average before and after.
# Usage: fuzz/tools/speed.sh BIN_DIR SECONDS TARGET...
#   BIN_DIR  holds <target>_fuzzer (e.g. the fuzz build's bazel-bin/fuzz, or a saved copy; a
#            gcm_layer_boringssl copy needs boringssl_adapter beside it)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
[[ $# -ge 3 ]] || { echo "usage: fuzz/tools/speed.sh BIN_DIR SECONDS TARGET..." >&2; exit 2; }
bin_dir="$1"
seconds="$2"
shift 2
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "speed: SECONDS wants a positive integer, got '$seconds'" >&2; exit 2; }
tmp="$(mktemp -d /tmp/ariasuite-speed.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
status=0
for t in "$@"; do
  bin="$bin_dir/${t}_fuzzer"
  if [[ ! -x "$bin" ]]; then
    echo "speed: $t: no fuzzer binary at $bin" >&2
    status=1
    continue
  fi
  args=(-max_total_time="$seconds" -print_final_stats=1 -seed=1 -artifact_prefix="$tmp/")
  [[ -f "$root/fuzz/${t}_fuzzer.dict" ]] && args+=(-dict="$root/fuzz/${t}_fuzzer.dict")
  if [[ -f "$root/fuzz/${t}_fuzzer.options" ]]; then
    flags="$(python3 "$root/fuzz/tools/fuzz_options.py" "$root/fuzz/${t}_fuzzer.options")" || exit 2
    while read -r flag; do [[ -n "$flag" ]] && args+=("$flag"); done <<<"$flags"
  fi
  rm -rf "$tmp/work"
  mkdir -p "$tmp/work"
  cp "$root/fuzz/corpus/$t"/* "$tmp/work/" 2>/dev/null
  load_before="$(cut -d' ' -f1 /proc/loadavg)"
  # user + system seconds of the fuzzer and its children (BoringSSL's adapter), from bash's times.
  log="$tmp/$t.log"
  ( ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}" "$bin" "${args[@]}" "$tmp/work" >"$log" 2>&1
    echo "rc $?" >>"$log"; times >"$tmp/times" )
  load_after="$(cut -d' ' -f1 /proc/loadavg)"
  execs="$(sed -nE 's/^stat::number_of_executed_units:[[:space:]]*([0-9]+).*/\1/p' "$log" | tail -n1)"
  eps="$(sed -nE 's/^stat::average_exec_per_sec:[[:space:]]*([0-9]+).*/\1/p' "$log" | tail -n1)"
  cpu="$(python3 - "$tmp/times" <<'EOF'
import re, sys
total = 0.0
for line in open(sys.argv[1]).read().splitlines()[1:]:  # the children's user and system times
    for m, s in re.findall(r'(\d+)m([\d.]+)s', line):
        total += int(m) * 60 + float(s)
print(f"{total:.1f}")
EOF
)"
  rc="$(sed -nE 's/^rc ([0-9]+)$/\1/p' "$log")"
  if [[ -z "$execs" || "$rc" != 0 ]]; then
    echo "speed: $t: the fuzzer exited ${rc:-?} (log tail: $(tail -n 3 "$log" | tr '\n' ' '))" >&2
    status=1
    continue
  fi
  per_cpu="$(python3 -c "print(round($execs / max($cpu, 0.1)))")"
  echo "$t: execs $execs, exec/s $eps, cpu ${cpu} s, execs per cpu-s $per_cpu, load $load_before -> $load_after"
done
exit $status
