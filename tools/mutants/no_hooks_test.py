#!/usr/bin/env python3
"""impl/ holds no mutant hook: the crypto code reads as the spec, and a normal build has no mutant.

Mutants live only in tools/mutants/rules/ and are applied to a scratch copy of the tree, so no file
of impl/ may mention them: no ARIASUITE_MUTANT switch or marker, no impl/mutants.h (neither the
file nor an include of it), no :mutants dependency in impl/BUILD. Scans the files given as
arguments (//impl:sources: every .cc and .h of impl/ and its BUILD) and checks the scan is not
vacuous (the list has impl/'s sources, and the scanner finds a planted hook).
Writes JUnit XML to $XML_OUTPUT_FILE.

Usage: no_hooks_test.py FILE...
"""
import os
import re
import sys

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(TOOLS, "results"))
import junit  # noqa: E402

HOOK_RE = re.compile(r"ARIASUITE_MUTANT|kAriasuiteMutantMarker|impl/mutants\.h|\":mutants\"|"
                     r"\bmutants\.h\b")


def hooks(text):
    """[(line number, line)] of the lines that name a mutant hook."""
    return [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)
            if HOOK_RE.search(line)]


def main():
    cases = junit.Cases("no_hooks")
    files = sys.argv[1:]
    names = {os.path.basename(f) for f in files}
    for want in ("BUILD", "aria_ref.cc", "gcm.cc", "aria_simd_inl.h"):
        cases.check("scanned/" + want, want in names,
                    "not among the files given (see //impl:sources)")
    cases.check("scanned/many-sources", sum(1 for n in names if n.endswith(".cc")) >= 20,
                "only %d .cc files given" % sum(1 for n in names if n.endswith(".cc")))
    cases.check("scanner-finds-a-planted-hook",
                hooks("int x;\n#if ARIASUITE_MUTANT(rounds_192)\n#include \"impl/mutants.h\"\n")
                == [(2, "#if ARIASUITE_MUTANT(rounds_192)"), (3, '#include "impl/mutants.h"')])
    cases.check("no-impl/mutants.h", "mutants.h" not in names, "impl/mutants.h is back")
    for path in sorted(files):
        with open(path, errors="replace") as f:
            found = hooks(f.read())
        rel = "impl/" + os.path.basename(path)
        cases.check("no-hook/" + rel, not found, "; ".join("%s:%d: %s" % (rel, n, line)
                                                           for n, line in found[:5]))
    junit.exit_with(cases)


if __name__ == "__main__":
    main()
