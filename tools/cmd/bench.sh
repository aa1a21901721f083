# summary: ARIA throughput (MB/s, c/B) of every path and of OpenSSL, Botan, Crypto++ [--json F] [--plot F.svg|.png] [--quick]
# Usage: tools/ariasuite bench [--json FILE] [--plot FILE.svg|FILE.png] [--quick] [--filter SUBJECT]
#                              [--repetitions N --rep-ms MS]
# Single thread, median of 7 repetitions (3 with --quick; N of about MS milliseconds each with
# --repetitions/--rep-ms: many short ones, e.g. 201 of 0.2 ms, on a loaded machine), timed in
# thread CPU time; c/B are TSC ticks per byte of it (not core cycles; see the table header). Ratios
# to OpenSSL and to the kernel assembly of the same design are printed per cell
# (tools/bench/README.md).
bench_args=()
plot=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --json|--filter|--repetitions|--rep-ms)
      [[ $# -ge 2 && -n "$2" ]] || die "bench: $1 needs a value"
      bench_args+=("$1" "$2"); shift 2 ;;
    --plot)
      [[ $# -ge 2 && -n "$2" ]] || die "bench: --plot needs a file name ending in .svg or .png"
      plot="$2"; shift 2
      [[ "$plot" == *.svg || "$plot" == *.png ]] || die "bench: --plot $plot: the name must end in .svg or .png" ;;
    --quick)
      bench_args+=("--quick"); shift ;;
    *)
      die "bench: unknown argument '$1' (usage: tools/ariasuite bench [--json FILE] [--plot FILE.svg|.png] [--quick] [--filter SUBJECT] [--repetitions N --rep-ms MS])" ;;
  esac
done
packages=("${ARIASUITE_BUILD_PACKAGES[@]}")
[[ "$plot" == *.png ]] && packages+=(librsvg2-bin)
ensure_packages "${packages[@]}"
# The default configuration already optimises (-O2 in .bazelrc), so the benchmark shares the
# build of every other command instead of needing a second, -c opt, configuration.
abazel build //tools/bench:bench >&2 || die "bazel build //tools/bench:bench failed"
# The kernel's own ARIA assembly joins as subjects when a kernel tree is cached (kernel-tests/asm).
if ka_dir="$(python3 "$ARIASUITE_ROOT/kernel-tests/asm/main.py" build --print-dir 2>/dev/null)"; then
  export ARIASUITE_KERNEL_ASM_DIR="$ka_dir"
else
  log "bench: no kernel subjects: $(python3 "$ARIASUITE_ROOT/kernel-tests/asm/main.py" tree 2>&1 >/dev/null | sed 's/^ariasuite kernel-asm: error: //')"
fi
bin="$(abazel info bazel-bin 2>/dev/null)/tools/bench/bench"
svg=""
if [[ -n "$plot" ]]; then
  plot="$(cd "$(dirname "$plot")" 2>/dev/null && pwd)/$(basename "$plot")" || die "bench: --plot: no such directory for $plot"
  if [[ "$plot" == *.png ]]; then svg="$(mktemp /tmp/ariasuite-bench.XXXXXX.svg)"; else svg="$plot"; fi
  bench_args+=("--svg" "$svg")
fi
# Relative --json paths are relative to where the command was run.
for i in "${!bench_args[@]}"; do
  if [[ "${bench_args[$i]}" == "--json" ]]; then
    j="${bench_args[$((i + 1))]}"
    [[ "$j" == /* ]] || bench_args[$((i + 1))]="$PWD/$j"
  fi
done
"$bin" "${bench_args[@]}" || exit $?
if [[ "$plot" == *.png ]]; then
  rsvg-convert -o "$plot" "$svg" || die "bench: rsvg-convert could not write $plot"
  rm -f "$svg"
fi
[[ -n "$plot" ]] && log "chart written to $plot"
exit 0
