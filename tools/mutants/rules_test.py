#!/usr/bin/env python3
"""Every mutation rule still applies, exactly once, to today's impl/ source; two of them compile.

- the rule format and the anchor matching on planted texts: an anchor must occur exactly once, as
  whole lines; a missing, repeated, partial-line or overlapping anchor is an error, never a
  silent no-op; a header rule is spliced into the one .cc that includes it;
- for each rule of tools/mutants/rules/: the mutated file is built the way a mutant build builds it
  (rule applied, a header rule spliced into the catalogue's .cc, the marker appended), differs from
  today's file, and carries its marker once;
- the libraries given as arguments (tools/mutants/BUILD compiles a scalar mutant and a spliced
  SIMD-header mutant with Bazel's toolchain and the path's flags) each carry their mutant's marker.
Compiling all 70 is the harness's job (`tools/ariasuite mutants`, NOT-BUILT when one does not).
Writes JUnit XML to $XML_OUTPUT_FILE.

Usage: rules_test.py [--compiled NAME]... LIBRARY...
"""
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "results"))
import junit  # noqa: E402
import mutants  # noqa: E402

PLANTED_RULE = """# a comment
file: impl/x.cc

--- anchor
  int x = 1;
+++ mutant
  int x = 2;
--- anchor
  return x;
+++ mutant
"""
PLANTED_TEXT = "int F() {\n  int x = 1;\n  return x;\n}\n"
PLANTED_HEADER = "#ifndef H_\n#define H_\ninline int G() { return 1; }\n#endif\n"
PLANTED_WRAPPER = '#pragma once\n#include "impl/h.h"\n'
PLANTED_CC = '#include <cstdint>\n#include "impl/w.h"\n#include "impl/h.h"\nint main() {}\n'


def raises(fn):
    try:
        fn()
    except mutants.RuleError as e:
        return str(e)
    return None


def format_cases(cases):
    rule = mutants.parse_rule(PLANTED_RULE, "planted")
    cases.check("format/parses", rule == {"file": "impl/x.cc", "edits": [
        ("  int x = 1;\n", "  int x = 2;\n"), ("  return x;\n", "")]}, repr(rule))
    for name, text in (("no-file-line", "--- anchor\na\n+++ mutant\nb\n"),
                       ("no-edit", "file: impl/x.cc\n"),
                       ("anchor-without-mutant", "file: impl/x.cc\n--- anchor\na\n"),
                       ("mutant-first", "file: impl/x.cc\n+++ mutant\nb\n--- anchor\na\n"),
                       ("empty-anchor", "file: impl/x.cc\n--- anchor\n+++ mutant\nb\n"),
                       ("no-change", "file: impl/x.cc\n--- anchor\na\n+++ mutant\na\n"),
                       ("stray-text", "file: impl/x.cc\ntext\n--- anchor\na\n+++ mutant\nb\n")):
        cases.check("format/rejects-" + name, raises(lambda t=text: mutants.parse_rule(t, "p")),
                    "accepted: %r" % text)

    apply = mutants.apply_edits
    got = apply(PLANTED_TEXT, rule["edits"], ("planted", "impl/x.cc"))
    cases.check("apply/edits", got == "int F() {\n  int x = 2;\n}\n", repr(got))
    err = raises(lambda: apply(PLANTED_TEXT * 2, rule["edits"], ("planted", "impl/x.cc")))
    cases.check("apply/rejects-twice", err is not None and "occurs 2 times" in err, repr(err))
    err = raises(lambda: apply("int F();\n", rule["edits"], ("planted", "impl/x.cc")))
    cases.check("apply/rejects-missing", err is not None and "occurs 0 times" in err, repr(err))
    # "int x = 1;" without its indentation is not a whole line of the text.
    err = raises(lambda: apply(PLANTED_TEXT, [("int x = 1;\n", "int x = 2;\n")], ("p", "x")))
    cases.check("apply/rejects-partial-line", err is not None, "a partial line matched")
    err = raises(lambda: apply(PLANTED_TEXT, [("  int x = 1;\n  return x;\n", ""),
                                              ("  return x;\n", "")], ("p", "x")))
    cases.check("apply/rejects-overlap", err is not None and "overlap" in err, repr(err))

    # A header rule: spliced before the first include that brings the header in.
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, "impl"))
        for name, text in (("h.h", PLANTED_HEADER), ("w.h", PLANTED_WRAPPER)):
            with open(os.path.join(root, "impl", name), "w") as f:
                f.write(text)
        mutated_header = PLANTED_HEADER.replace("return 1", "return 2")
        got = mutants.splice_header("impl/x.cc", PLANTED_CC, "impl/h.h", mutated_header, root)
        want = ('#include <cstdint>\n#line 1 "impl/h.h"\n' + mutated_header +
                '#line 2 "impl/x.cc"\n#include "impl/w.h"\n#include "impl/h.h"\nint main() {}\n')
        cases.check("splice/before-first-include-of-header", got == want, repr(got))
        err = raises(lambda: mutants.splice_header("impl/x.cc", "int main() {}\n", "impl/h.h",
                                                   mutated_header, root))
        cases.check("splice/rejects-no-include", err is not None, "spliced into a file that "
                    "does not include the header")


def rule_cases(cases, cat):
    marker_re = re.compile(re.escape(mutants.MARKER) + r"[a-z0-9_]+")
    rules = set(mutants.rule_names())
    for m in cat:
        case = "applies/" + m["name"]
        if m["name"] not in rules:
            cases.skip(case, "no rule (catalogue_test says whether it is pending)")
            continue
        try:
            target, original, mutated = mutants.mutant_source(m)
        except mutants.RuleError as e:
            cases.check(case, False, str(e))
            continue
        body = mutated[:-len(mutants.marker_line(m["name"]))]
        markers = marker_re.findall(mutated)
        problems = []
        if target != m["file"]:
            problems.append("wrote %s, not the catalogue's %s" % (target, m["file"]))
        if body == original:
            problems.append("the mutated file is the same as today's")
        if markers != [mutants.MARKER + m["name"]]:
            problems.append("markers %s" % markers)
        if mutants.load_rule(m["name"])["file"] != m["file"] and \
                body.count('#line 1 "%s"' % mutants.load_rule(m["name"])["file"]) != 1:
            problems.append("the mutated header is not spliced in once")
        cases.check(case, not problems, "; ".join(problems))


def compiled_cases(cases, names, libs):
    cases.check("compiled/libraries-given", bool(names) and bool(libs),
                "no --compiled NAME or no library (see tools/mutants/BUILD)")
    found = set()
    for lib in libs:
        with open(lib, "rb") as f:
            data = f.read()
        found.update(m.decode() for m in re.findall(
            re.escape(mutants.MARKER.encode()) + rb"[a-z0-9_]+", data))
    for name in names:
        cases.check("compiled/" + name, mutants.MARKER + name in found,
                    "no %s%s in %s" % (mutants.MARKER, name, ", ".join(libs)))


def main():
    names, libs, args = [], [], sys.argv[1:]
    while args:
        a = args.pop(0)
        if a == "--compiled" and args:
            names.append(args.pop(0))
        else:
            libs.append(a)
    cases = junit.Cases("mutants_rules")
    format_cases(cases)
    try:
        cat = mutants.load_catalogue()
    except SystemExit:
        cases.check("catalogue/parses", False, "see the message above")
        junit.exit_with(cases)
    rule_cases(cases, cat)
    compiled_cases(cases, names, libs)
    junit.exit_with(cases)


if __name__ == "__main__":
    main()
