#!/usr/bin/env python3
"""Proves the normal build contains no mutant.

impl/mutants.h turns a switch on only when the build defines ARIASUITE_MUTANT_ID, and then also
embeds "ARIASUITE_MUTANT_ACTIVE=<name>" in every object compiled from a file that includes it (the
harness checks the marker is there in each mutant build, so the define always leaves it). This test
scans the libraries built from every impl/ file that holds a switch (the archives and shared
libraries given as arguments, from this very build) and requires:
  - no marker in any of them: no object of the build was compiled with a mutant switch on;
  - an object for every impl/ source file that includes impl/mutants.h, so none was left unscanned.
It is tagged no-mutants: the harness leaves it out, since a mutant build fails it by design.
Writes JUnit XML to $XML_OUTPUT_FILE.

Usage: no_mutant_test.py LIBRARY...   (.a and .so files)
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__))))
import junit  # noqa: E402
import mutants  # noqa: E402


def archive_members(data):
    """Names of the members of a GNU ar archive (with its // long-name table resolved)."""
    if not data.startswith(b"!<arch>\n"):
        return []
    names, pos, longnames = [], 8, b""
    while pos + 60 <= len(data):
        header = data[pos:pos + 60]
        name = header[:16].decode("latin-1").rstrip()
        size = int(header[48:58].decode("latin-1").strip() or 0)
        body = data[pos + 60:pos + 60 + size]
        if name == "//":
            longnames = body
        elif name.startswith("/") and name[1:].isdigit():
            off = int(name[1:])
            end = longnames.find(b"/\n", off)
            names.append(longnames[off:end].decode("latin-1"))
        elif name not in ("/", "/SYM64/"):
            names.append(name.rstrip("/"))
        pos += 60 + size + (size & 1)
    return names


def main():
    cases = junit.Cases("no_mutant")
    libs = sys.argv[1:]
    cases.check("libraries-given", bool(libs), "no library to scan (see tools/mutants/BUILD)")
    # The scanner finds a marker when there is one (the same bytes the harness looks for).
    probe = b"\x00junk" + (mutants.MARKER + "rounds_192").encode() + b"\x00"
    cases.check("scanner-finds-a-marker", mutants.MARKER.encode() in probe)
    stems = set()
    for lib in libs:
        with open(lib, "rb") as f:
            data = f.read()
        found = [m.decode("latin-1") for m in re.findall(
            re.escape(mutants.MARKER.encode()) + rb"[a-z0-9_]*", data)]
        cases.check("no-marker/" + os.path.basename(lib), not found,
                    "mutant code compiled into the normal build: %s" % sorted(set(found)))
        for member in archive_members(data):
            stems.add(re.sub(r"(\.pic)?\.o$", "", member))
    # Every impl/ source that includes mutants.h must have been scanned.
    impl_dir = os.path.join(mutants.ROOT, "impl")
    users = []
    for name in sorted(os.listdir(impl_dir)):
        if not name.endswith(".cc") or name.endswith("_test.cc"):
            continue
        rel = "impl/" + name
        if "impl/mutants.h" in mutants.included_headers(rel):
            users.append(rel)
    for rel in users:
        stem = os.path.splitext(os.path.basename(rel))[0]
        cases.check("scanned/" + rel, stem in stems,
                    "no object of %s among the scanned libraries: add its cc_library to "
                    "no_mutant_test's impl_libs in tools/mutants/BUILD" % rel)
    if not users:
        cases.skip("scanned/any", "no impl/ source includes impl/mutants.h yet (no switch "
                   "inserted), so there is nothing a mutant could turn on")
    junit.exit_with(cases)


if __name__ == "__main__":
    main()
