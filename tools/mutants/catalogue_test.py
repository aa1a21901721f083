#!/usr/bin/env python3
"""Checks that the mutant catalogue, impl/mutants.h and the switches in impl/ agree.

- catalogue.txt parses, has at least 40 mutants, and covers every layer and every path;
- impl/mutants.h numbers exactly the catalogued names, each with its own number;
- every ARIASUITE_MUTANT(name) in impl/ names a catalogued mutant and sits where the catalogue says
  (its file, or a header that file includes);
- every catalogued mutant has its switch, except those listed in pending.txt (each a SKIP with
  the reason, never a pass), and no pending mutant has a switch already;
- suite.txt parses; the harness's per-file compile option is right (its verdicts on
  planted outputs: verdict_test.py).
Writes JUnit XML to $XML_OUTPUT_FILE (one case per check and per mutant).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__))))
import junit  # noqa: E402
import mutants  # noqa: E402

LAYERS = {"sbox", "diffusion", "key-schedule", "rounds", "block-engine", "modes", "ghash", "gcm",
          "simd", "ccm", "cmac", "kw", "cbc-pkcs5", "tls-record", "dispatch", "constant-time"}
PATHS = {"scalar", "aesni-avx", "gfni-avx2", "gfni-avx512", "all"}
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
                 if not (m["file"].startswith("impl/") and m["file"].endswith((".cc", ".h")))]
    cases.check("catalogue/files-in-impl", not bad_files, "not an impl/ source: %s" % bad_files)

    nums = mutants.load_numbers()
    names = {m["name"] for m in cat}
    missing = sorted(names - set(nums))
    extra = sorted(set(nums) - names)
    cases.check("mutants_h/numbers-match-catalogue", not missing and not extra,
                "no number in impl/mutants.h: %s; numbered but not catalogued: %s" % (missing,
                                                                                     extra))
    values = sorted(nums.values())
    cases.check("mutants_h/numbers-unique-positive",
                len(set(values)) == len(values) and all(v > 0 for v in values),
                "numbers: %s" % values)

    pending = {}
    if os.path.exists(PENDING):
        for _, (name, reason) in mutants.parse_table(PENDING, 2):
            pending[name] = reason
    cases.check("pending/names-catalogued", set(pending) <= names,
                "unknown: %s" % sorted(set(pending) - names))

    sites = mutants.switch_sites()
    by_name = {m["name"]: m for m in cat}
    stray = []
    for name, files in sorted(sites.items()):
        m = by_name.get(name)
        if m is None:
            stray.append("%s in %s (not catalogued)" % (name, ", ".join(files)))
            continue
        allowed = {m["file"]} | set(mutants.included_headers(m["file"]))
        for f in files:
            if f not in allowed:
                stray.append("%s in %s (catalogue says %s)" % (name, f, m["file"]))
    cases.check("switches/all-catalogued-and-placed", not stray, "; ".join(stray))

    for m in cat:
        name = "switch/" + m["name"]
        in_place = mutants.switch_in_place(m, sites)
        if m["name"] in pending:
            if in_place:
                cases.check(name, False, "listed in pending.txt but its switch is in place: "
                            "remove it from pending.txt")
            else:
                cases.skip(name, "switch not inserted yet: " + pending[m["name"]])
        elif not os.path.exists(os.path.join(mutants.ROOT, m["file"])):
            cases.check(name, False, "%s does not exist" % m["file"])
        else:
            cases.check(name, in_place, "no ARIASUITE_MUTANT(%s) in %s or the impl/ headers it "
                        "includes" % (m["name"], m["file"]))

    stages = guarded(cases, "suite/parses", mutants.load_suite)
    if stages is not None:
        cases.check("suite/parses", len(stages) > 0, "no stage")

    # The harness's compile option on a known mutant.
    copt = mutants.mutant_copt({"name": "rounds_192", "file": "impl/aria_ref.cc"})
    cases.check("harness/per-file-copt",
                copt == r"--per_file_copt=^(impl/aria_ref\.cc)$@-DARIASUITE_MUTANT_ID=rounds_192",
                copt)
    junit.exit_with(cases)


if __name__ == "__main__":
    main()
