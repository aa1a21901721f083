#!/usr/bin/env bash
# Checks that C++ files are clang-format clean under the root .clang-format.
# Usage: tools/format_check.sh [FILE...]   (no FILE: the files listed in tools/format_clean.bzl,
#                                           relative to the workspace root)
# Prints one line per file that is not clean (`FILE: not clang-format clean (N lines differ; run
# clang-format -i FILE)`), then `format: N files checked, N not clean`. Exit status: 0 all clean,
# 1 a file is not clean, 2 a file or clang-format is missing (one line naming it).
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
command -v clang-format >/dev/null || { echo "format_check: clang-format not found on PATH" >&2; exit 2; }
files=("$@")
if [[ ${#files[@]} -eq 0 ]]; then
  manifest="$here/format_clean.bzl"
  [[ -f "$manifest" ]] || { echo "format_check: $manifest: missing" >&2; exit 2; }
  mapfile -t files < <(grep -o '^ *"[^"]*",' "$manifest" | tr -d ' ",' | sed "s|^|$root/|")
fi
bad=0
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
