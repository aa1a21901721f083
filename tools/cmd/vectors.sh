# summary: `vectors generate` rewrites ariasuite's edge-case vectors; `vectors check` verifies them
# Usage: tools/ariasuite vectors generate   rewrite vectors/generated/*.json and vectors/samples/*
#        tools/ariasuite vectors check      regenerate into a temporary folder and compare
# Generation is deterministic: each vector is computed by our scalar reference and kept only when
# OpenSSL or Botan agrees (the file header says which agreed); the samples in CAVP, evp and testmgr
# format are computed by OpenSSL and checked with our reference. ARIASUITE_BAZEL_OUTPUT_BASE, when
# set, is passed to bazel as --output_base.

[[ $# -eq 1 ]] || die "vectors: usage: tools/ariasuite vectors generate|check"
case "$1" in
  generate|check) ;;
  -h|--help) sed -n 's/^# \{0,1\}//; 2,7p' "$ARIASUITE_ROOT/tools/cmd/vectors.sh"; exit 0 ;;
  *) die "vectors: unknown subcommand '$1' (usage: tools/ariasuite vectors generate|check)" ;;
esac
ensure_packages "${ARIASUITE_BUILD_PACKAGES[@]}"
abazel_own_base build //tools/vectors_gen:generate >&2 || die "vectors: bazel build //tools/vectors_gen:generate failed"
gen="$(abazel_own_base info bazel-bin 2>/dev/null)/tools/vectors_gen/generate"
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
