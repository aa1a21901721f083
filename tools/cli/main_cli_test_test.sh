#!/usr/bin/env bash
# main_cli_test.sh catches what it is for: a fake program that keeps the contract passes; one that
# prints its help on stderr, exits 1 on an unknown flag, spreads an error over two lines, prints to
# stdout on an error, or ignores a bad value each fails it.
set -u
check="${TEST_SRCDIR}/${TEST_WORKSPACE}/tools/cli/main_cli_test.sh"
tmp="$(mktemp -d "${TEST_TMPDIR:-/tmp}/main_cli_test_test.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
fail=0

# fake NAME BODY: a program "prog" whose case statement on "$1" is BODY.
fake() {
  cat >"$tmp/$1" <<PROG
#!/usr/bin/env bash
case "\$1" in
$2
esac
PROG
  chmod +x "$tmp/$1"
}

good='--help) echo "Usage: prog [OPTIONS]"; exit 0 ;;
--count) echo "prog: --count: Value $2 not in range 1 to 9 (usage: prog [--count N])" >&2; exit 2 ;;
*) echo "prog: unknown argument '"'"'$1'"'"' (usage: prog [--count N])" >&2; exit 2 ;;'
fake good "$good"
fake help_on_stderr "${good/; exit 0/" >&2; exit 0"}"
fake exit_1 "${good/\*) echo/*) exit 1; echo}"
fake two_lines "${good/\*) echo/*) echo first >&2; echo}"
fake stdout_too "${good/\*) echo/*) echo noise; echo}"
fake ignores_count "${good/--count)/--count) exit 0;}"

bad_count="2|prog: --count: Value x not in range|--count x"
expect() {  # expect WANT_RC FAKE
  local out rc
  out="$(bash "$check" "$tmp/$2" prog 2 "$bad_count" 2>&1)"
  rc=$?
  if [[ ( "$1" == 0 && "$rc" != 0 ) || ( "$1" != 0 && "$rc" == 0 ) ]]; then
    echo "FAIL $2: main_cli_test.sh exit $rc (want $([[ $1 == 0 ]] && echo 0 || echo non-zero)):"
    echo "$out"
    fail=1
  else
    echo "ok $2"
  fi
}
expect 0 good
for f in help_on_stderr exit_1 two_lines stdout_too ignores_count; do expect 1 "$f"; done
exit "$fail"
