#!/usr/bin/env python3
"""Checks that the mutant catalogue and the rules in tools/mutants/rules/ agree.

- catalogue.txt parses, has at least 40 mutants, and covers every layer and every path; each
  mutant's file is an impl/ .cc (the translation unit its mutant build compiles);
- every catalogued mutant has its rule rules/<name>.rule, except those listed in pending.txt (each a
  SKIP with the reason, never a pass), no pending mutant has one already, and every rule file
  names a catalogued mutant;
- each rule parses and edits the catalogue's file or an impl/ header that file includes (a shared
  engine header, spliced into that one .cc);
- suite.txt parses.
Whether each rule still applies to today's source, and compiles: rules_test.py. Writes JUnit XML to
$XML_OUTPUT_FILE (one case per check and per mutant).
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "results"))
import junit  # noqa: E402
import mutants  # noqa: E402

LAYERS = {"sbox", "diffusion", "key-schedule", "rounds", "block-engine", "modes", "ghash", "gcm",
          "simd", "ccm", "cmac", "kw", "cbc-pkcs5", "tls-record", "dispatch", "constant-time",
          "limits", "lengths", "bounds"}
PATHS = {"scalar", "aesni-avx", "aesni-avx2", "vaes-avx2", "gfni-avx2", "gfni-avx512",
         "all"}
PENDING = os.path.join(mutants.ROOT, "tools/mutants/pending.txt")


def guarded(cases, name, fn):
    try:
        return fn()
    except SystemExit as e:
        cases.check(name, False, "the loader stopped (exit %s); see the message above" % e.code)
    except Exception as e:  # noqa: BLE001 (a test reports every failure as a case)
        cases.check(name, False, "%s: %s" % (type(e).__name__, e))
    return None


def main():
    cases = junit.Cases("mutants_catalogue")
    cat = guarded(cases, "catalogue/parses", mutants.load_catalogue)
    if cat is None:
        junit.exit_with(cases)
    cases.check("catalogue/parses", True)
    cases.check("catalogue/at-least-40", len(cat) >= 40, "%d mutants" % len(cat))
    layers = {m["layer"] for m in cat}
    paths = {m["path"] for m in cat}
    cases.check("catalogue/known-layers", layers <= LAYERS, "unknown: %s" % sorted(layers - LAYERS))
    cases.check("catalogue/every-layer", LAYERS <= layers, "missing: %s" % sorted(LAYERS - layers))
    cases.check("catalogue/known-paths", paths <= PATHS, "unknown: %s" % sorted(paths - PATHS))
    cases.check("catalogue/every-path", PATHS <= paths, "missing: %s" % sorted(PATHS - paths))
    bad_files = [m["name"] for m in cat
                 if not (m["file"].startswith("impl/") and m["file"].endswith(".cc") and
                         not m["file"].endswith("_test.cc"))]
    cases.check("catalogue/files-are-impl-sources", not bad_files,
                "not an impl/ .cc (the file a mutant build compiles): %s" % bad_files)

    names = {m["name"] for m in cat}
    pending = {}
    if os.path.exists(PENDING):
        for _, (name, reason) in mutants.parse_table(PENDING, 2):
            pending[name] = reason
    cases.check("pending/names-catalogued", set(pending) <= names,
                "unknown: %s" % sorted(set(pending) - names))
    rules = mutants.rule_names()
    stray = sorted(set(rules) - names)
    cases.check("rules/all-catalogued", not stray,
                "rules/<name>.rule without a catalogue line: %s" % stray)

    for m in cat:
        case = "rule/" + m["name"]
        has_rule = m["name"] in rules
        if m["name"] in pending:
            if has_rule:
                cases.check(case, False, "listed in pending.txt but rules/%s.rule exists: remove "
                            "it from pending.txt" % m["name"])
            else:
                cases.skip(case, "rule not written yet: " + pending[m["name"]])
            continue
        if not has_rule:
            cases.check(case, False, "no tools/mutants/rules/%s.rule" % m["name"])
            continue
        try:
            rule = mutants.load_rule(m["name"])
        except mutants.RuleError as e:
            cases.check(case, False, str(e))
            continue
        allowed = [m["file"]] + mutants.included_headers(m["file"])
        cases.check(case, rule["file"] in allowed,
                    "edits %s; want the catalogue's file %s or a header it includes (%s)" % (
                        rule["file"], m["file"], ", ".join(allowed[1:]) or "none"))

    stages = guarded(cases, "suite/parses", mutants.load_suite)
    if stages is not None:
        cases.check("suite/parses", len(stages) > 0, "no stage")
    junit.exit_with(cases)


if __name__ == "__main__":
    main()
