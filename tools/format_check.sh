#!/usr/bin/env bash
# Checks that C++ files are clang-format clean under the root .clang-format.
# Usage: tools/format_check.sh [FILE...]   (no FILE: every .cc and .h file git tracks, but those
#                                           under tools/format_clean.bzl's FORMAT_EXCLUDED; a file
#                                           whose Bazel package is not in FORMAT_PACKAGES, which
#                                           //tools:format_check_test would miss, is named and fails)
# Prints one line per file that is not clean (`FILE: not clang-format clean (N lines differ; run
# clang-format -i FILE)`), then `format: N files checked, N not clean`. Exit status: 0 all clean,
# 1 a file is not clean, 2 a file or clang-format is missing (one line naming it).
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
command -v clang-format >/dev/null || { echo "format_check: clang-format not found on PATH" >&2; exit 2; }
files=("$@")
bad=0
if [[ ${#files[@]} -eq 0 ]]; then
  manifest="$here/format_clean.bzl"
  [[ -f "$manifest" ]] || { echo "format_check: $manifest: missing" >&2; exit 2; }
  command -v git >/dev/null && git -C "$root" rev-parse --git-dir >/dev/null 2>&1 \
    || { echo "format_check: $root: not a git checkout (name the files to check)" >&2; exit 2; }
  section() { sed -n "/^$1 = \[/,/^]/p" "$manifest" | grep -o '"[^"]*"' | tr -d '"'; }
  mapfile -t excluded < <(section FORMAT_EXCLUDED)
  mapfile -t packages < <(section FORMAT_PACKAGES)
  while IFS= read -r rel; do
    skip=0
    for x in "${excluded[@]}"; do [[ "$rel" == "$x"* ]] && skip=1; done
    [[ $skip -eq 1 ]] && continue
    files+=("$root/$rel")
    pkg="$(dirname "$rel")"
    while [[ "$pkg" != "." && ! -f "$root/$pkg/BUILD" ]]; do pkg="$(dirname "$pkg")"; done
    listed=0
    for p in "${packages[@]}"; do [[ "$p" == "$pkg" ]] && listed=1; done
    if [[ $listed -eq 0 ]]; then
      echo "$rel: package //$pkg is not in FORMAT_PACKAGES of tools/format_clean.bzl"
      bad=$((bad + 1))
    fi
  done < <(git -C "$root" ls-files '*.cc' '*.h')
fi
for f in "${files[@]}"; do
  [[ -f "$f" ]] || { echo "format_check: $f: missing" >&2; exit 2; }
  n="$(clang-format --style=file "$f" | diff "$f" - | grep -c '^[<>]')"
  if [[ "$n" -ne 0 ]]; then
    echo "$f: not clang-format clean ($n lines differ; run clang-format -i $f)"
    bad=$((bad + 1))
  fi
done
echo "format: ${#files[@]} files checked, $bad not clean"
[[ $bad -eq 0 ]]
