# summary: build the libFuzzer targets (--config=fuzz) and fuzz each for a budget; end with `fuzz: N passed, N failed`
# Usage: tools/ariasuite fuzz [--seconds N] [--jobs J] [--oss-fuzz-check] [--coverage | --merge] [TARGET...]
#   --seconds N       budget per target (default 60)
#   --jobs J          targets fuzzed at the same time (default 1)
#   --oss-fuzz-check  also build every target with fuzz/oss-fuzz/build.sh as OSS-Fuzz does and
#                     run each binary over its seed corpus
#   --coverage        no fuzzing: replay corpora, seeds, regressions and vector files with clang
#                     source-based coverage; HTML + per-folder summary + uncovered impl/ lines in
#                     .cache/coverage/ (fuzz/tools/coverage.sh)
#   --merge           no fuzzing: minimize fuzz/corpus/<t> with libFuzzer -merge=1 (fuzz/tools/merge.sh)
#   TARGET            a target name (aria_block, ...; default: every fuzz/<name>_fuzzer.cc)
# Each target runs under ASan+UBSan on a working corpus in .cache/fuzz-corpus/<target> (seeded from
# fuzz/corpus/<target> and fuzz/regressions/<target>). A crash is minimized into
# fuzz/findings/<target>/ with its report and a one-line reproduce command. Exit status: 0 when no
# finding in our code, 1 on a finding in our code or a target that failed to run, 2 on bad usage,
# 4 when every target asked for skipped (kernel_aria_asm without a kernel tree): nothing fuzzed.
# Verdicts follow conformance/verdict.h: our paths are one vote, and a disagreement is a third-party
# finding only when an independent library sides with ours. A third-party finding does not stop
# the fuzzer (it prints ARIA_THIRD_PARTY, writes a reproducer beside the crashes and goes on); each
# is listed at the end (review it, then add its reproducer and allowlist entry: fuzz/README.md)
# and does not fail the run. Every crash (ARIA_MISMATCH, a sanitizer report) is ours.

fuzz_usage() {
  sed -n 's/^# \{0,1\}//; 2,11p' "$ARIASUITE_ROOT/tools/cmd/fuzz.sh"
}

# shellcheck source=tools/cmd/lib/counts.sh
source "$ARIASUITE_ROOT/tools/cmd/lib/counts.sh"

fuzz_seconds=60
fuzz_jobs=1
fuzz_oss=0
fuzz_mode=fuzz
fuzz_targets=()
fuzz_all=()
for f in "$ARIASUITE_ROOT"/fuzz/*_fuzzer.cc; do
  [[ -e "$f" ]] && fuzz_all+=("$(basename "$f" _fuzzer.cc)")
done
while [[ $# -gt 0 ]]; do
  case "$1" in
    --seconds|--jobs)
      [[ $# -ge 2 ]] || die "fuzz: $1 needs a value (tools/ariasuite fuzz --help)"
      [[ "$2" =~ ^[1-9][0-9]*$ ]] || die "fuzz: $1 wants a positive integer, got '$2'"
      if [[ "$1" == --seconds ]]; then fuzz_seconds="$2"; else fuzz_jobs="$2"; fi
      shift 2 ;;
    --seconds=*|--jobs=*)
      v="${1#*=}"
      [[ "$v" =~ ^[1-9][0-9]*$ ]] || die "fuzz: ${1%%=*} wants a positive integer, got '$v'"
      if [[ "$1" == --seconds=* ]]; then fuzz_seconds="$v"; else fuzz_jobs="$v"; fi
      shift ;;
    --oss-fuzz-check) fuzz_oss=1; shift ;;
    --coverage|--merge)
      [[ $fuzz_mode == fuzz ]] || die "fuzz: --coverage and --merge do not go together"
      fuzz_mode="${1#--}"; shift ;;
    -h|--help) fuzz_usage; exit 0 ;;
    -*) die "fuzz: unknown flag '$1' (usage: tools/ariasuite fuzz [--seconds N] [--jobs J] [--oss-fuzz-check] [--coverage|--merge] [TARGET...])" ;;
    *)
      found=0
      for t in "${fuzz_all[@]}"; do [[ "$t" == "$1" ]] && found=1; done
      [[ $found -eq 1 ]] || die "fuzz: unknown target '$1' (targets: ${fuzz_all[*]})"
      fuzz_targets+=("$1"); shift ;;
  esac
done
[[ ${#fuzz_targets[@]} -eq 0 ]] && fuzz_targets=("${fuzz_all[@]}")
[[ ${#fuzz_targets[@]} -gt 0 ]] || die "fuzz: no fuzz/<name>_fuzzer.cc targets found"

ensure_packages "${ARIASUITE_BUILD_PACKAGES[@]}"

# kernel_aria_asm fuzzes the kernel's own ARIA assembly, assembled from the cached kernel tree (or
# $ARIASUITE_KERNEL_TREE) by kernel-tests/asm; without a tree it is skipped, never passed.
fuzz_skipped=()
for i in "${!fuzz_targets[@]}"; do
  [[ "${fuzz_targets[$i]}" == kernel_aria_asm ]] || continue
  if ka_dir="$(python3 "$ARIASUITE_ROOT/kernel-tests/asm/main.py" build --print-dir 2>"/tmp/ariasuite-kernel-asm.$$")"; then
    export ARIASUITE_KERNEL_ASM_DIR="$ka_dir"
  else
    fuzz_skipped+=("kernel_aria_asm: $(tail -n 1 "/tmp/ariasuite-kernel-asm.$$" | sed 's/^ariasuite kernel-asm: error: //')")
    unset 'fuzz_targets[i]'
  fi
  rm -f "/tmp/ariasuite-kernel-asm.$$"
done
fuzz_targets=("${fuzz_targets[@]}")
# Every target asked for skipped: nothing is fuzzed, built or measured (--coverage and --merge
# alike), and that is exit 4, never a pass.
if [[ ${#fuzz_targets[@]} -eq 0 ]]; then
  for r in "${fuzz_skipped[@]}"; do echo "fuzz: SKIP $r"; done
  echo "fuzz: 0 passed, 0 failed, ${#fuzz_skipped[@]} skipped"
  counts_status fuzz 0 0 "${#fuzz_skipped[@]}" "every target skipped: $(IFS=';'; echo "${fuzz_skipped[*]}")" || exit $?
fi

if [[ $fuzz_mode == coverage ]]; then
  ensure_packages llvm-14
  exec bash "$ARIASUITE_ROOT/fuzz/tools/coverage.sh" "${fuzz_targets[@]}"
fi

# A separate output base: the fuzz config's instrumented objects would otherwise overwrite the
# default build's (same output directory name) and each switch would rebuild everything.
fuzz_ob="${ARIASUITE_FUZZ_OUTPUT_BASE:-$HOME/.cache/bazel-ariasuite-fuzz-$(printf '%s' "$ARIASUITE_ROOT" | md5sum | cut -c1-10)}"
labels=()
for t in "${fuzz_targets[@]}"; do labels+=("//fuzz:${t}_fuzzer"); done
log "fuzz: building ${#labels[@]} targets with --config=fuzz (clang, libFuzzer, ASan, UBSan)"
fuzz_build_log="$(mktemp /tmp/ariasuite-fuzz-build.XXXXXX.log)"
if ! abazel --output_base="$fuzz_ob" build --config=fuzz "${labels[@]}" >"$fuzz_build_log" 2>&1; then
  grep -E "error|ERROR" "$fuzz_build_log" | head -n 20
  echo "fuzz: 0 passed, ${#fuzz_targets[@]} failed (the fuzz build failed; log: $fuzz_build_log)"
  exit 1
fi
rm -f "$fuzz_build_log"
fuzz_bin="$(abazel --output_base="$fuzz_ob" info --config=fuzz bazel-bin 2>/dev/null)"
[[ -d "$fuzz_bin/fuzz" ]] || die "fuzz: cannot find the fuzz build's bazel-bin ($fuzz_bin)"

if [[ $fuzz_mode == merge ]]; then
  exec bash "$ARIASUITE_ROOT/fuzz/tools/merge.sh" "$fuzz_bin" "${fuzz_targets[@]}"
fi

fuzz_tmp="$(mktemp -d /tmp/ariasuite-fuzz.XXXXXX)"
trap 'rm -rf "$fuzz_tmp"' EXIT

# The libFuzzer flags of fuzz/<t>_fuzzer.options ([libfuzzer] section, `key = value` lines).
fuzz_options() {
  local file="$ARIASUITE_ROOT/fuzz/$1_fuzzer.options" section="" line k v
  [[ -f "$file" ]] || return 0
  while IFS= read -r line || [[ -n "$line" ]]; do
    line="${line%%#*}"
    [[ "$line" =~ ^[[:space:]]*\[(.*)\][[:space:]]*$ ]] && { section="${BASH_REMATCH[1]}"; continue; }
    if [[ "$section" == libfuzzer && "$line" =~ ^[[:space:]]*([a-z_]+)[[:space:]]*=[[:space:]]*([^[:space:]]+) ]]; then
      k="${BASH_REMATCH[1]}"; v="${BASH_REMATCH[2]}"
      printf -- '-%s=%s\n' "$k" "$v"
    fi
  done < "$file"
}

# The last libFuzzer status line of a log as "execs N, exec/s N, cov N, corpus N".
fuzz_status() {
  local line
  line="$(grep -E '^#[0-9]+' "$1" 2>/dev/null | tail -n1)"
  [[ -n "$line" ]] || { echo "starting"; return; }
  local execs cov corp eps
  execs="$(sed -E 's/^#([0-9]+).*/\1/' <<<"$line")"
  cov="$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$line")"
  corp="$(sed -nE 's/.* corp: ([0-9]+)\/.*/\1/p' <<<"$line")"
  eps="$(sed -nE 's/.* exec\/s: ([0-9]+).*/\1/p' <<<"$line")"
  echo "execs ${execs:-?}, exec/s ${eps:-?}, cov ${cov:-?}, corpus ${corp:-?}"
}

# fuzz_third_party LOG: the distinct third-party findings a fuzzer printed, one per line.
fuzz_third_party() {
  sed -nE 's/^(ARIA_THIRD_PARTY .*)$/\1/p' "$1" 2>/dev/null | sort -u
}

# fuzz_run TARGET: fuzzes one target; writes "pass|ours|error <summary>" to $fuzz_tmp/T.result and
# the third-party findings it printed to $fuzz_tmp/T.third.
fuzz_run() {
  local t="$1"
  local bin="$fuzz_bin/fuzz/${t}_fuzzer"
  local findings="$ARIASUITE_ROOT/fuzz/findings/$t"
  local work="$ARIASUITE_ROOT/.cache/fuzz-corpus/$t"
  local log="$fuzz_tmp/$t.log"
  local dict="$ARIASUITE_ROOT/fuzz/${t}_fuzzer.dict"
  mkdir -p "$findings" "$work"
  local args=(-max_total_time="$fuzz_seconds" -print_final_stats=1 -artifact_prefix="$findings/")
  [[ -f "$dict" ]] && args+=(-dict="$dict")
  local opt
  while IFS= read -r opt; do [[ -n "$opt" ]] && args+=("$opt"); done < <(fuzz_options "$t")
  local dirs=("$work" "$ARIASUITE_ROOT/fuzz/corpus/$t")
  [[ -d "$ARIASUITE_ROOT/fuzz/regressions/$t" ]] && dirs+=("$ARIASUITE_ROOT/fuzz/regressions/$t")
  local before
  before="$(ls "$findings" 2>/dev/null | sort)"
  # A third-party finding's reproducer vector file goes beside the crash (fuzz/reproducer.h).
  ARIASUITE_FUZZ_FINDINGS_DIR="$findings" \
    ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}" UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}" \
    "$bin" "${args[@]}" "${dirs[@]}" >"$log" 2>&1 &
  local pid=$! start=$SECONDS step=10 next
  [[ $fuzz_seconds -lt 30 ]] && step=5
  next=$((start + step))
  while kill -0 "$pid" 2>/dev/null; do
    sleep 1
    if [[ $SECONDS -ge $next ]]; then
      echo "fuzz: $t [$((SECONDS - start))/${fuzz_seconds} s] $(fuzz_status "$log")"
      next=$((next + step))
    fi
  done
  local rc=0
  wait "$pid" || rc=$?
  local stats
  stats="$(fuzz_status "$log")"
  local eps
  eps="$(sed -nE 's/^stat::average_exec_per_sec:[[:space:]]*([0-9]+).*/\1/p' "$log" | tail -n1)"
  [[ -n "$eps" ]] && stats="$stats, average exec/s $eps"
  fuzz_third_party "$log" > "$fuzz_tmp/$t.third"
  if [[ -s "$fuzz_tmp/$t.third" ]]; then
    cp "$log" "$findings/third-party-$(date +%Y%m%d-%H%M%S).log"
  fi
  if [[ $rc -eq 0 ]]; then
    echo "pass $t: ${fuzz_seconds} s, $stats" > "$fuzz_tmp/$t.result"
    return
  fi
  local artifact=""
  local f
  for f in $(ls -t "$findings" 2>/dev/null); do
    if [[ "$f" =~ ^(crash|timeout|oom|leak|slow-unit)- ]] && ! grep -qxF "$f" <<<"$before"; then
      artifact="$findings/$f"; break
    fi
  done
  if [[ -z "$artifact" ]]; then
    echo "error $t: the fuzzer exited $rc without a crash file; log tail: $(tail -n 3 "$log" | tr '\n' ' ')" \
      > "$fuzz_tmp/$t.result"
    return
  fi
  local first kind="ours"
  first="$(grep -m1 -E '^ARIA_MISMATCH ' "$log" || true)"
  [[ -z "$first" ]] && first="$(grep -m1 -E 'ERROR: (AddressSanitizer|libFuzzer|LeakSanitizer)|runtime error:' "$log" || echo "crash (see report)")"
  # Minimize into minimized-<name>, keep the report beside it.
  local min="$findings/minimized-$(basename "$artifact")"
  "$bin" -minimize_crash=1 -max_total_time=60 -exact_artifact_path="$min" "$artifact" \
    >"$fuzz_tmp/$t.min.log" 2>&1 || true
  [[ -s "$min" ]] || min="$artifact"
  cp "$log" "$findings/$(basename "$artifact").log"
  echo "$kind $t: $first; reproduce: $bin $min  (report: $findings/$(basename "$artifact").log)" \
    > "$fuzz_tmp/$t.result"
}

log "fuzz: ${#fuzz_targets[@]} targets, ${fuzz_seconds} s each, ${fuzz_jobs} at a time"
running=0
for t in "${fuzz_targets[@]}"; do
  if [[ $running -ge $fuzz_jobs ]]; then
    wait -n || true
    running=$((running - 1))
  fi
  fuzz_run "$t" &
  running=$((running + 1))
done
wait || true

passed=0
failed=0
third=0
for t in "${fuzz_targets[@]}"; do
  r="$(cat "$fuzz_tmp/$t.result" 2>/dev/null || echo "error $t: no result")"
  case "${r%% *}" in
    pass) passed=$((passed + 1)); echo "fuzz: PASS ${r#* }" ;;
    ours)
      failed=$((failed + 1))
      # kernel_aria_asm's subject is the kernel's assembly, not ariasuite's code.
      if [[ "$t" == kernel_aria_asm ]]; then
        echo "fuzz: FAIL (finding in the kernel's ARIA assembly) ${r#* }"
      else
        echo "fuzz: FAIL (finding in our code) ${r#* }"
      fi ;;
    *) failed=$((failed + 1)); echo "fuzz: FAIL ${r#* }" ;;
  esac
  while IFS= read -r line; do
    [[ -n "$line" ]] || continue
    third=$((third + 1))
    echo "fuzz: THIRD-PARTY FINDING $t: $line (reproducer in fuzz/findings/$t/; fuzzing went on)"
  done < "$fuzz_tmp/$t.third" 2>/dev/null
done

if [[ $fuzz_oss -eq 1 ]]; then
  if bash "$ARIASUITE_ROOT/fuzz/oss-fuzz/check.sh"; then
    passed=$((passed + 1)); echo "fuzz: PASS oss-fuzz build check"
  else
    failed=$((failed + 1)); echo "fuzz: FAIL oss-fuzz build check"
  fi
fi

for r in "${fuzz_skipped[@]}"; do echo "fuzz: SKIP $r"; done
counts="fuzz: $passed passed, $failed failed"
[[ ${#fuzz_skipped[@]} -gt 0 ]] && counts+=", ${#fuzz_skipped[@]} skipped"
if [[ $third -gt 0 ]]; then
  echo "$counts ($third third-party findings to review: fuzz/README.md)"
else
  echo "$counts"
fi
counts_status fuzz "$passed" "$failed" "${#fuzz_skipped[@]}"
