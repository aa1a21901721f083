#!/usr/bin/env python3
"""Checks a `tools/ariasuite kernel --junit` file against expectations, one per argument:
  SUITE=pass        every case of the suite passed (and it has at least one)
  SUITE=fail        at least one case of the suite failed
  SUITE.CASE~TEXT   that case failed with TEXT in its message
Prints one line per expectation (PASS/FAIL ...) and the suites' counts; exit 0 when all hold, 1
otherwise, 2 for a missing or unreadable file.
  junit_expect.py FILE EXPECTATION...
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "tools", "results"))
import junit  # noqa: E402


def suites(path):
    """{suite: {case: (status, message)}} with status pass, fail or skip, or None when the file
    cannot be read (tools/results/junit.py reads it)."""
    cases = junit.read(path)
    if cases is None:
        return None
    short = {junit.PASSED: "pass", junit.FAILED: "fail", junit.ERROR: "fail",
             junit.SKIPPED: "skip"}
    out = {}
    for c in cases:
        text = c.body or c.message if c.status in (junit.FAILED, junit.ERROR) else ""
        out.setdefault(c.classname, {})[c.name] = (short[c.status], text)
    return out


def check(got, expectation):
    """(holds, what was seen)."""
    if "~" in expectation:
        where, text = expectation.split("~", 1)
        suite, case = where.split(".", 1)
        status, message = got.get(suite, {}).get(case, ("absent", ""))
        return status == "fail" and text in message, "%s.%s %s" % (suite, case, status)
    suite, want = expectation.split("=", 1)
    cases = got.get(suite, {})
    fails = [c for c, (s, _) in cases.items() if s == "fail"]
    passes = [c for c, (s, _) in cases.items() if s == "pass"]
    seen = "%s: %d passed, %d failed%s" % (suite, len(passes), len(fails),
                                           (" (" + ", ".join(sorted(fails)[:6]) + ")") if fails
                                           else "")
    if want == "pass":
        return bool(passes) and not fails, seen
    if want == "fail":
        return bool(fails), seen
    raise ValueError("unknown expectation %s" % expectation)


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    got = suites(argv[1])
    if got is None:
        print("junit_expect: %s: cannot be read as JUnit XML" % argv[1], file=sys.stderr)
        return 2
    ok = True
    for e in argv[2:]:
        holds, seen = check(got, e)
        ok &= holds
        print("%s %s: %s" % ("PASS" if holds else "FAIL", e, seen))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
