# summary: `vectors generate` rewrites ariasuite's edge-case vectors; `vectors check` verifies them; `vectors import` turns any vector file into Wycheproof JSON
# Usage: tools/ariasuite vectors generate   rewrite vectors/generated/*.json and vectors/samples/*
#        tools/ariasuite vectors check      regenerate into a temporary folder and compare
#        tools/ariasuite vectors import [--format F] [--skip-unsupported] FILE... -o OUT.json
#                                           any readable vector file (evp, testmgr.h, Botan, Crypto++,
#                                           Mbed TLS, CAVP, Wycheproof) to Wycheproof JSON; one file
#                                           per algorithm (OUT_<alg>.json) when the inputs mix them
# Generation is deterministic: each vector is computed by our scalar reference and kept only when
# OpenSSL, Botan or (KW/KWP limits) our SP 800-38F backend agrees (the header says which); the
# samples (CAVP, evp, testmgr, Botan, Crypto++, Mbed TLS formats): OpenSSL computes, ours checks.
# ARIASUITE_BAZEL_OUTPUT_BASE, when set, is passed to bazel as --output_base.

[[ $# -ge 1 ]] || die "vectors: usage: tools/ariasuite vectors generate|check|import"
case "$1" in
  generate|check) [[ $# -eq 1 ]] || die "vectors: usage: tools/ariasuite vectors $1 (no arguments)" ;;
  import)
    [[ $# -ge 2 ]] || die "vectors: usage: tools/ariasuite vectors import [--format F] [--skip-unsupported] FILE... -o OUT.json"
    ;;
  -h|--help) sed -n 's/^# \{0,1\}//; 2,11p' "$ARIASUITE_ROOT/tools/cmd/vectors.sh"; exit 0 ;;
  *) die "vectors: unknown subcommand '$1' (usage: tools/ariasuite vectors generate|check|import)" ;;
esac
ensure_packages "${ARIASUITE_BUILD_PACKAGES[@]}"
if [[ "$1" == import ]]; then
  shift
  abazel_own_base build //vectors:import >&2 || die "vectors: bazel build //vectors:import failed"
  exec "$(abazel_own_base info bazel-bin 2>/dev/null)/vectors/import" "$@"
fi
abazel_own_base build //vectors/gen:generate >&2 || die "vectors: bazel build //vectors/gen:generate failed"
gen="$(abazel_own_base info bazel-bin 2>/dev/null)/vectors/gen/generate"
if [[ "$1" == generate ]]; then
  exec "$gen" --out "$ARIASUITE_ROOT"
fi
tmp="$(mktemp -d /tmp/ariasuite-vectors.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
"$gen" --out "$tmp" >/dev/null || die "vectors: the generator failed"
rc=0
for f in "$tmp"/vectors/generated/* "$tmp"/vectors/samples/*; do
  rel="${f#"$tmp"/}"
  if ! cmp -s "$f" "$ARIASUITE_ROOT/$rel"; then
    echo "vectors: $rel differs from a fresh generation (run: tools/ariasuite vectors generate)" >&2
    rc=1
  fi
done
for f in "$ARIASUITE_ROOT"/vectors/generated/* "$ARIASUITE_ROOT"/vectors/samples/*; do
  rel="${f#"$ARIASUITE_ROOT"/}"
  [[ -e "$tmp/$rel" ]] || { echo "vectors: $rel is not produced by the generator" >&2; rc=1; }
done
[[ $rc -eq 0 ]] && echo "vectors: every generated file regenerates byte-identically"
exit "$rc"
