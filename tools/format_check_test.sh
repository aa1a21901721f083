#!/usr/bin/env bash
# //tools:format_check_test: the files of tools/format_clean.bzl are clang-format clean (they are
# this test's arguments, in the runfiles beside the root .clang-format), and a planted
# misformatted file fails the check with a line naming it.
set -u
check="tools/format_check.sh"
fail() { echo "FAIL: $*"; exit 1; }
out="$("$check" "$@")" || fail "listed files not clean: $out"
echo "$out"
[[ "$out" == *"format: $# files checked, 0 not clean"* ]] || fail "unexpected summary: $out"
# Planted in the test's own folder (a committed one would be fixed by the tree's formatting),
# beside a copy of the root .clang-format.
planted="$TEST_TMPDIR/misformatted.cc"
cp .clang-format "$TEST_TMPDIR/.clang-format"
printf '// Not clang-format clean.\nint  Twice( int x ){return 2*x;}\n' > "$planted"
out="$("$check" "$planted")"; rc=$?
[[ $rc -eq 1 ]] || fail "misformatted file: exit $rc, want 1"
[[ "$out" == *"$planted: not clang-format clean"* ]] || fail "misformatted file not named: $out"
out="$("$check" no/such/file.cc 2>&1)"; rc=$?
[[ $rc -eq 2 && "$out" == *"no/such/file.cc: missing"* ]] || fail "missing file: exit $rc: $out"
echo "PASS: planted misformatted file and missing file caught"
