# summary: the suite's main job: build, run every stage (conformance first, then tools/run.d/*), print a stage summary
# Usage: tools/ariasuite run [--only STAGE[,STAGE...]] [--skip STAGE[,STAGE...]] [--list]
# Stages run in order; each prints its own report and ends PASS, FAIL or SKIP (with the reason).
# The built-in stage is `conformance`: the conformance runner over every file of vectors/MANIFEST
# (the committed vector files, the six Wycheproof ARIA files plus aes_gcm_test.json from
# ../shared/vectors/wycheproof, and other projects' own files as shipped from
# ../shared/vectors/upstream) and the cached Linux crypto/testmgr.h (a SKIP line when absent),
# with every implementation path and every oracle; its verdict table shows the oracles beside ours. More stages come from tools/run.d/*.sh:
# each file defines `stage_<name>` (exit 0 pass, 1 fail, 77 skip; print the reason) and appends
# <name> to RUN_STAGES. Exit status: 0 when every stage passed, 1 when one failed (a stage whose
# inputs are missing fails: e.g. the Wycheproof files), 4 when none failed but one skipped by itself
# (a skip is never a pass; --skip STAGE is the user's choice and does not count, but skipping every
# stage is exit 4: nothing tested), 2 on bad usage.
# Artifacts (JUnit XML, findings) go to .cache/run/.

RUN_STAGES=(conformance)
run_out="$ARIASUITE_ROOT/.cache/run"

stage_conformance() {
  local runner shared files=() theirs=() f rc missing=0 listed
  local manifest="$ARIASUITE_ROOT/vectors/manifest.py"
  # Inputs first: a missing vector file fails the stage before anything is built or run.
  shared="$(ariasuite_shared_dir)"
  listed="$(python3 "$manifest" list --shared "$shared" wycheproof committed)" || return 1
  while IFS= read -r f; do
    if [[ ! -f "$f" ]]; then
      if [[ "$f" == "$shared"/* ]]; then
        echo "FAIL $f: input missing (set ARIASUITE_SHARED_DIR to the folder holding vectors/wycheproof)"
      else
        echo "FAIL $f: input missing (listed in vectors/MANIFEST)"
      fi
      missing=1
    fi
    files+=("$f")
  done <<< "$listed"
  # Other projects' own ARIA files as they ship them (vectors/README.md): OpenSSL, Botan, Crypto++
  # and Mbed TLS from ../shared/vectors/upstream, the whole crypto/testmgr.h of the Linux source
  # kernel-tests/vm caches. Not ours to require: when absent, a SKIP line names where they were
  # looked for and the rest of the stage runs.
  local up tm=""
  up="$shared/vectors/upstream"
  if [[ -d "$up" ]]; then
    listed="$(python3 "$manifest" list --shared "$shared" upstream)" || return 1
    while IFS= read -r f; do
      if [[ -f "$f" ]]; then
        theirs+=("$f")
      else
        echo "SKIP $f: absent (listed in vectors/MANIFEST)"
      fi
    done <<< "$listed"
  else
    echo "SKIP $up: no upstream vector files (OpenSSL, Botan, Crypto++, Mbed TLS; see vectors/README.md)"
  fi
  local src
  src="$(ariasuite_kernel_cache source)"
  # Every cached tree's (Linux 6.1's and 6.12's testmgr.h hold different ARIA templates).
  for f in "$src"/*/crypto/testmgr.h; do
    [[ -f "$f" ]] && tm="$f" && theirs+=("$f")
  done
  if [[ -z "$tm" ]]; then
    echo "SKIP $src/*/crypto/testmgr.h: no cached Linux source (tools/ariasuite kernel-asm caches it)"
  fi
  [[ $missing -eq 0 ]] || return 1
  files+=("${theirs[@]}")
  # shellcheck source=tools/cmd/lib/conformance_lib.sh
  source "$ARIASUITE_ROOT/tools/cmd/lib/conformance_lib.sh"
  runner="$(conformance_build)" || return 1
  mkdir -p "$run_out"
  rm -rf "$run_out/findings"
  "$runner" --impl ours --oracle all --junit "$run_out/conformance.xml" \
    --findings "$run_out/findings" "${files[@]}"
}

# stage_of_command SKIP_LINE COMMAND [ARGS...]: a stage that is one command of the front door
# (tools/run.d/): the command's exit 0 is the stage's pass; its exit 4 (every test it had
# skipped: a skip, never a pass) prints `SKIP: SKIP_LINE` and is the stage's skip; anything
# else fails the stage.
stage_of_command() {
  local skip_line="$1"
  shift
  "$ARIASUITE_ROOT/tools/ariasuite" "$@"
  case $? in
    0) return 0 ;;
    4) echo "SKIP: $skip_line"; return 77 ;;
    *) return 1 ;;
  esac
}

# Stages contributed by other parts of the suite.
for f in "$ARIASUITE_ROOT"/tools/run.d/*.sh; do
  # shellcheck disable=SC1090
  [[ -f "$f" ]] && source "$f"
done

run_only=""
run_skip=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --only|--skip)
      [[ $# -ge 2 && -n "$2" ]] || die "run: $1 needs a stage list"
      if [[ "$1" == --only ]]; then run_only="$2"; else run_skip="$2"; fi
      shift 2 ;;
    --list) printf '%s\n' "${RUN_STAGES[@]}"; exit 0 ;;
    -h|--help) sed -n 's/^# \{0,1\}//; 2,13p' "$ARIASUITE_ROOT/tools/cmd/run.sh"; exit 0 ;;
    *) die "run: unknown argument '$1' (usage: tools/ariasuite run [--only LIST] [--skip LIST] [--list])" ;;
  esac
done
for s in ${run_only//,/ } ${run_skip//,/ }; do
  known=0
  for k in "${RUN_STAGES[@]}"; do [[ "$k" == "$s" ]] && known=1; done
  [[ $known -eq 1 ]] || die "run: unknown stage '$s' (stages: ${RUN_STAGES[*]})"
done

# Nothing left to run (every stage named by --only is also in --skip): nothing tested, exit 4.
run_selected=()
for s in "${RUN_STAGES[@]}"; do
  if [[ -n "$run_only" && ",$run_only," != *",$s,"* ]]; then continue; fi
  [[ ",$run_skip," == *",$s,"* ]] || run_selected+=("$s")
done
if [[ ${#run_selected[@]} -eq 0 ]]; then
  echo "RESULT: NOTHING TESTED (no stage left to run; exit 4)"
  echo "ariasuite run: nothing tested: --skip $run_skip leaves none of the stages ${run_only:-${RUN_STAGES[*]}} to run" >&2
  exit 4
fi

ensure_packages "${ARIASUITE_BUILD_PACKAGES[@]}"
summary=()
failed=0
skipped=0
set +e
for s in "${RUN_STAGES[@]}"; do
  if [[ -n "$run_only" && ",$run_only," != *",$s,"* ]]; then continue; fi
  if [[ ",$run_skip," == *",$s,"* ]]; then
    summary+=("$(printf '%-14s SKIP (--skip)' "$s")")
    continue
  fi
  echo "=============== stage $s ==============="
  start=$SECONDS
  "stage_$s"
  rc=$?
  took=$((SECONDS - start))
  case $rc in
    0) summary+=("$(printf '%-14s PASS   %5ss' "$s" "$took")") ;;
    77) summary+=("$(printf '%-14s SKIP   %5ss (not tested: see its reason above)' "$s" "$took")")
        skipped=1 ;;
    *) summary+=("$(printf '%-14s FAIL   %5ss (exit %s)' "$s" "$took" "$rc")"); failed=1 ;;
  esac
done
set -e
echo "=============== stage summary ==============="
printf '%s\n' "${summary[@]}"
if [[ $failed -ne 0 ]]; then
  echo "RESULT: FAIL"
  exit 1
fi
if [[ $skipped -ne 0 ]]; then
  echo "RESULT: NOT ALL TESTED (a stage skipped by itself; a skip is never a pass; exit 4)"
  exit 4
fi
echo "RESULT: PASS"
exit 0
