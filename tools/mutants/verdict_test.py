#!/usr/bin/env python3
"""The mutation harness's kill rule on planted outputs: only a failure of ours kills a mutant.

Each case plants what a build, a `bazel test` stage (exit status, Build Event Protocol file,
test.xml, test.log) or a fuzzer run leaves behind, and checks the verdict mutants.py draws from it:
  KILLED     a failed test case; an ARIA_MISMATCH whose first-named backend is ours/...; a sanitizer
             report; a constant-time report (LEAK) of the ct check;
  ERROR      bazel exits non-zero with no failed test; a test that died with no report of ours; a
             third-party mismatch; a timeout; an out-of-memory; a blind or timed-out ct check;
  NOT-BUILT  the build fails (Bazel exit 1); any other build exit is an ERROR.
Then one mutant through run_mutant() with a stand-in runner per verdict: NOT-BUILT and ERROR are
never counted as killed, show in the table and the JSON, and make the exit status non-zero; a
missing or stale rule is NO-RULE or STALE-RULE and nothing is built; the mutated file is put back
after the run.
Writes JUnit XML to $XML_OUTPUT_FILE.
"""
import contextlib
import io
import json
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "results"))
import junit  # noqa: E402
import mutants  # noqa: E402

GTEST_FAILURE_XML = (
    '<testsuites><testsuite name="Gcm"><testcase classname="Gcm" name="Ok"/>'
    '<testcase classname="Gcm" name="Wycheproof"><failure message="tcId=7 tag mismatch">'
    'impl/gcm_test.cc:80</failure></testcase></testsuite></testsuites>')
# What Bazel writes when a test exits without writing XML (tools/test/test-setup.sh).
BAZEL_ERROR_XML = (
    '<testsuites><testsuite name="%s" tests="1" failures="0" errors="1"><testcase name="%s" '
    'status="run"><error message="%s"></error></testcase></testsuite></testsuites>')
CT_XML = (
    '<testsuites><testsuite name="ct"><testcase classname="ct" name="ref/encrypt"/>'
    '<testcase classname="ct" name="gcm/seal"><failure message="%s">valgrind log</failure>'
    '</testcase></testsuite></testsuites>')

MISMATCH_OURS = ("INFO: Running with entropic power schedule (0xFF, 100).\n"
                 "#2\tINITED cov: 812 ft: 1021 corp: 40/3210b\n"
                 "ARIA_MISMATCH gcm-seal ours/scalar vs openssl\n"
                 "  verdict: odd one out: ours/scalar (our code: a bug to fix)\n"
                 "==4242== ERROR: libFuzzer: deadly signal\n")
MISMATCH_THIRD_PARTY = ("ARIA_MISMATCH gcm-seal botan vs ours/scalar\n"
                        "  verdict: odd one out: botan (third-party: a finding about that "
                        "library)\n==4242== ERROR: libFuzzer: deadly signal\n")
MISMATCH_TWO_THIRD_PARTIES = "ARIA_MISMATCH gcm-seal botan vs openssl\n"
LOADER_CONTRACT = "ARIA_MISMATCH vector-loader wycheproof vs contract\n  broken: x\n"
# What fuzz/vector_loaders_fuzzer.cc prints today: the parser is ours.
LOADER_CONTRACT_OURS = "ARIA_MISMATCH vector-loader ours/wycheproof vs contract\n  broken: x\n"
TIMEOUT = ("#1024\tpulse  cov: 900 ft: 1200 corp: 41/3300b\n"
           "ALARM: working on the last Unit for 21 seconds\n"
           "       and the timeout value is 20 (use -timeout=N to change)\n"
           "==4242== ERROR: libFuzzer: timeout after 21 seconds\n")
OOM = "==4242== ERROR: libFuzzer: out-of-memory (used: 4100Mb; exceeds: 4096Mb)\n"
ASAN_OOM = ("==4242==ERROR: AddressSanitizer: out of memory: allocator is trying to allocate "
            "0x10000000000 bytes\n")
ASAN_BUG = ("==4242==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000031\n"
            "WRITE of size 1 at 0x602000000031 thread T0\n"
            "    #0 0x55 in ariasuite::AriaCtr impl/modes.cc:120:14\n")
UBSAN_BUG = ("impl/gcm.cc:212:31: runtime error: shift exponent 64 is too large for 64-bit type "
             "'uint64_t'\n"
             "SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior impl/gcm.cc:212\n")
LSAN_BUG = "==4242==ERROR: LeakSanitizer: detected memory leaks\n"
ABORT_ONLY = "==4242== ERROR: libFuzzer: deadly signal\n"
REPLAY_DIED_OURS = ("[ RUN      ] aria_gcm_seal_corpus.seed_0007\n"
                    "ARIA_MISMATCH gcm-seal ours/gfni-avx512 vs ours/scalar\n"
                    "  verdict: odd one out: ours/gfni-avx512 (our code: a bug to fix)\n")


class Planter:
    """Writes test outputs into a scratch directory and BEP files that point at them."""

    def __init__(self, d):
        self.d = d
        self.n = 0

    def file(self, text):
        self.n += 1
        path = os.path.join(self.d, "f%d" % self.n)
        with open(path, "w") as f:
            f.write(text)
        return path

    def bep(self, results):
        """results: [(label, status, xml text or None, log text or None)]."""
        lines = [json.dumps({"id": {"started": {}}, "started": {"command": "test"}})]
        for label, status, xml, log_text in results:
            outs = []
            if xml is not None:
                outs.append({"name": "test.xml", "uri": "file://" + self.file(xml)})
            if log_text is not None:
                outs.append({"name": "test.log", "uri": "file://" + self.file(log_text)})
            lines.append(json.dumps({"id": {"testResult": {"label": label, "run": 1}},
                                     "testResult": {"status": status,
                                                    "testActionOutput": outs}}))
        return self.file("\n".join(lines) + "\n")


def expect(cases, name, got, status, check=None, detail_has=None):
    """One case: got is an Outcome (or None for "passed") with this status, check and detail."""
    if status is None:
        cases.check(name, got is None, "want passed (None), got %r" % (got,))
        return
    ok = got is not None and got.status == status
    if ok and check is not None:
        ok = got.check == check
    if ok and detail_has is not None:
        ok = detail_has in got.detail
    cases.check(name, ok, "want %s%s%s, got %r" % (
        status, " by %s" % check if check else "",
        " with '%s' in the detail" % detail_has if detail_has else "", got))


def test_stage_cases(cases, p):
    c = mutants.classify_test_run
    expect(cases, "test/passed", c(0, p.bep([("//impl:gcm_test", "PASSED", "<x/>", "")])), None)
    # bazel test exits 1 (or crashes, out of memory) and the BEP has no failed test.
    expect(cases, "test/exit-1-no-failed-test", c(1, p.bep([])), mutants.ERROR, "bazel test",
           "exit 1")
    expect(cases, "test/exit-37-no-bep", c(37, os.path.join(p.d, "missing.bep")),
           mutants.ERROR, "bazel test")
    expect(cases, "test/exit-1-only-passed-tests",
           c(1, p.bep([("//impl:sbox_test", "PASSED", "<x/>", "")])), mutants.ERROR)
    # A failed test case in the test.xml: killed, named.
    expect(cases, "test/failed-case-kills",
           c(3, p.bep([("//impl:sbox_test", "PASSED", "<x/>", ""),
                       ("//impl:gcm_test", "FAILED", GTEST_FAILURE_XML, "")])),
           mutants.KILLED, "//impl:gcm_test", "Gcm.Wycheproof: tcId=7 tag mismatch")
    # A test that exited non-zero with no failed case (Bazel's own XML) and nothing of ours in
    # its log: a crash, an exit(), a signal. Not a kill.
    xml = BAZEL_ERROR_XML % ("impl/gcm_test", "impl/gcm_test", "exited with error code 139")
    expect(cases, "test/exit-without-failed-case",
           c(3, p.bep([("//impl:gcm_test", "FAILED", xml, "Segmentation fault\n")])),
           mutants.ERROR, "//impl:gcm_test", "exited with error code 139")
    xml = BAZEL_ERROR_XML % ("impl/gcm_test", "impl/gcm_test", "Timed out")
    expect(cases, "test/timeout", c(3, p.bep([("//impl:gcm_test", "TIMEOUT", xml, "")])),
           mutants.ERROR, "//impl:gcm_test", "TIMEOUT")
    expect(cases, "test/failed-no-outputs", c(3, p.bep([("//impl:gcm_test", "FAILED", None,
                                                          None)])), mutants.ERROR)
    # A replay test dies at the abort before gtest writes XML: its log decides.
    xml = BAZEL_ERROR_XML % ("fuzz/r", "fuzz/r", "exited with error code 134")
    expect(cases, "test/replay-mismatch-ours-kills",
           c(3, p.bep([("//fuzz:aria_gcm_seal_replay_test", "FAILED", xml, REPLAY_DIED_OURS)])),
           mutants.KILLED, "//fuzz:aria_gcm_seal_replay_test", "ours/gfni-avx512 vs ours/scalar")
    expect(cases, "test/replay-mismatch-third-party",
           c(3, p.bep([("//fuzz:aria_gcm_seal_replay_test", "FAILED", xml,
                        MISMATCH_THIRD_PARTY)])), mutants.ERROR)
    # The first test that fails for a reason of ours decides, whatever came before it.
    expect(cases, "test/error-then-failed-case",
           c(3, p.bep([("//impl:a_test", "TIMEOUT", None, ""),
                       ("//impl:gcm_test", "FAILED", GTEST_FAILURE_XML, "")])),
           mutants.KILLED, "//impl:gcm_test")
    # The ct stage: only a constant-time report kills.
    leak = CT_XML % "LEAK: Conditional jump at impl/sbox.cc:40 (SubstituteBytes)"
    expect(cases, "ct/leak-kills", c(3, p.bep([("//tools/ct:ct_test", "FAILED", leak, "")]), "ct"),
           mutants.KILLED, "//tools/ct:ct_test", "ct.gcm/seal: LEAK")
    for what, message in (("timeout", "FAIL: timed out under valgrind"),
                          ("blind-control", "FAIL: the deliberately leaky control was NOT "
                                            "reported: the check is blind (exit 0)")):
        expect(cases, "ct/%s-is-error" % what,
               c(3, p.bep([("//tools/ct:ct_test", "FAILED", CT_XML % message, "")]), "ct"),
               mutants.ERROR, "//tools/ct:ct_test")
    expect(cases, "ct/exit-without-xml",
           c(3, p.bep([("//tools/ct:ct_test", "FAILED", BAZEL_ERROR_XML % (
               "ct", "ct", "exited with error code 2"), "ct: valgrind not found\n")]), "ct"),
           mutants.ERROR)


def fuzz_cases(cases):
    c = mutants.classify_fuzz_run
    check = "fuzz:aria_gcm_seal"
    expect(cases, "fuzz/passed", c(0, "Done 1000 runs in 10 second(s)\n", check), None)
    expect(cases, "fuzz/mismatch-ours-kills", c(1, MISMATCH_OURS, check), mutants.KILLED, check,
           "ARIA_MISMATCH gcm-seal ours/scalar vs openssl")
    expect(cases, "fuzz/mismatch-third-party-first", c(1, MISMATCH_THIRD_PARTY, check),
           mutants.ERROR, check, "botan vs ours/scalar")
    expect(cases, "fuzz/mismatch-two-third-parties", c(1, MISMATCH_TWO_THIRD_PARTIES, check),
           mutants.ERROR)
    # The hard case: a third-party finding reported (fuzzing went on) before ours aborted the run.
    expect(cases, "fuzz/third-party-finding-then-ours-kills",
           c(1, "ARIA_THIRD_PARTY gcm-seal cryptopp vs openssl\n  verdict: odd one out: cryptopp "
             "(third-party)\nfuzz: reproducer written; fuzzing goes on\n" + MISMATCH_OURS, check),
           mutants.KILLED, check, "ARIA_MISMATCH gcm-seal ours/scalar vs openssl")
    expect(cases, "fuzz/loader-contract-not-ours", c(1, LOADER_CONTRACT, check), mutants.ERROR)
    expect(cases, "fuzz/loader-contract-ours-kills", c(1, LOADER_CONTRACT_OURS, check),
           mutants.KILLED, check, "ARIA_MISMATCH vector-loader ours/wycheproof vs contract")
    expect(cases, "fuzz/libfuzzer-timeout", c(70, TIMEOUT, check), mutants.ERROR, check,
           "timeout after 21 seconds")
    expect(cases, "fuzz/run-did-not-end", c(None, "#1024 pulse\n", check), mutants.ERROR, check,
           "did not end")
    expect(cases, "fuzz/libfuzzer-oom", c(71, OOM, check), mutants.ERROR)
    expect(cases, "fuzz/asan-oom", c(1, ASAN_OOM, check), mutants.ERROR)
    expect(cases, "fuzz/abort-without-report", c(1, ABORT_ONLY, check), mutants.ERROR)
    expect(cases, "fuzz/exit-without-output", c(1, "", check), mutants.ERROR, check, "exit 1")
    expect(cases, "fuzz/asan-report-kills", c(1, ASAN_BUG, check), mutants.KILLED, check,
           "heap-buffer-overflow")
    expect(cases, "fuzz/ubsan-report-kills", c(1, UBSAN_BUG, check), mutants.KILLED, check,
           "runtime error")
    expect(cases, "fuzz/lsan-report-kills", c(1, LSAN_BUG, check), mutants.KILLED)


def build_cases(cases, p):
    log_path = p.file("$ bazel build ...\nERROR: /w/impl/BUILD:47:11: Compiling impl/sbox.cc "
                      "failed: (Exit 1): process-wrapper failed: error executing command\n"
                      "impl/sbox.cc:41:3: error: 'broken' was not declared in this scope\n")
    fetch_log = p.file("ERROR: An error occurred during the fetch of repository 'rules_cc':\n"
                       "ERROR: Analysis of target '//impl:sbox_test' failed; build aborted\n")
    c = mutants.classify_build
    expect(cases, "build/built", c(0, "", log_path), None)
    expect(cases, "build/compile-error-not-built", c(1, "", log_path), mutants.NOT_BUILT, "build",
           "impl/sbox.cc:41:3: error:")
    expect(cases, "build/fuzz-config-not-built", c(1, "fuzz", log_path), mutants.NOT_BUILT,
           "build --config=fuzz")
    expect(cases, "build/analysis-error-is-error", c(1, "", fetch_log), mutants.ERROR, "build",
           "no compile or link action failed")
    expect(cases, "build/bazel-crash-is-error", c(37, "", log_path), mutants.ERROR, "build",
           "exit 37")
    expect(cases, "build/out-of-memory-is-error", c(33, "fuzz", log_path), mutants.ERROR)
    expect(cases, "build/timeout-is-error", c(None, "", log_path), mutants.ERROR)


class StandInRunner:
    """The Runner's interface with planted verdicts: build() and run_suite() return them;
    mutant_source() plants a rule that applies (or raises the planted RuleError)."""

    def __init__(self, built=None, suite=None, marker=True, rule_error=None):
        self.built, self.suite, self.marker, self.rule_error = built, suite, marker, rule_error
        self.suite_ran = False
        self.applied = []  # ("apply" | "restore", path), in order

    def mutant_source(self, mutant):
        if self.rule_error:
            raise mutants.RuleError(self.rule_error)
        return mutant["file"], "original\n", "mutated\n"

    def apply(self, path, text):
        self.applied.append(("apply", path))

    def restore(self, path):
        self.applied.append(("restore", path))

    def build(self, log_path):
        return self.built

    def marker_present(self, mutant):
        return self.marker

    def run_suite(self, log_path, tag):
        self.suite_ran = True
        return self.suite


def run_mutant_cases(cases, d):
    def mutant(name):
        return {"name": name, "file": "impl/sbox.cc", "layer": "sbox", "path": "scalar",
                "description": "planted"}
    not_built = StandInRunner(built=mutants.Outcome(mutants.NOT_BUILT, "build",
                                                    "impl/sbox.cc:41:3: error: x"))
    results = [mutants.run_mutant(not_built, mutant("not_built"), d)]
    cases.check("mutant/not-built-runs-no-suite", not not_built.suite_ran)
    error = StandInRunner(suite=("fuzz-short", mutants.Outcome(
        mutants.ERROR, "fuzz:aria_gcm_seal", "exit 70, not a finding against our code"), 12.0))
    results.append(mutants.run_mutant(error, mutant("error"), d))
    killed = StandInRunner(suite=("unit", mutants.Outcome(mutants.KILLED, "//impl:sbox_test",
                                                          "FAILED Sbox.Lane1"), 3.0))
    results.append(mutants.run_mutant(killed, mutant("killed"), d))
    results.append(mutants.run_mutant(StandInRunner(), mutant("survived"), d))
    got = [(r["name"], r["status"]) for r in results]
    want = [("not_built", "NOT-BUILT"), ("error", "ERROR"), ("killed", "KILLED"),
            ("survived", "SURVIVED")]
    cases.check("mutant/statuses", got == want, "got %s" % got)
    cases.check("mutant/only-killed-has-killed-by",
                [r["killed_by"] for r in results] == ["", "", "//impl:sbox_test", ""],
                repr([r["killed_by"] for r in results]))
    for r in results[:2]:
        cases.check("mutant/%s-exit-non-zero" % r["name"], mutants.exit_status([r]) == 1,
                    "exit status %d" % mutants.exit_status([r]))
    cases.check("mutant/killed-alone-exits-0", mutants.exit_status([results[2]]) == 0)
    cases.check("mutant/none-run-exits-non-zero", mutants.exit_status([]) == 1)
    cases.check("mutant/all-exit-non-zero", mutants.exit_status(results) == 1)
    cases.check("mutant/applied-then-restored",
                not_built.applied == [("apply", "impl/sbox.cc"), ("restore", "impl/sbox.cc")],
                repr(not_built.applied))
    for error, status in (("no rule tools/mutants/rules/x.rule", "NO-RULE"),
                          ("rules/x.rule: the anchor of edit 1 occurs 0 times", "STALE-RULE")):
        runner = StandInRunner(rule_error=error)
        got = mutants.run_mutant(runner, mutant("x"), d)
        cases.check("mutant/" + status.lower(), got["status"] == status and not runner.applied and
                    mutants.exit_status([got]) == 1, "%s %r" % (got["status"], runner.applied))
    cases.check("mutant/not-compiled-in",
                mutants.run_mutant(StandInRunner(marker=False), mutant("killed"),
                                   d)["status"] == "NOT-COMPILED-IN")

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        mutants.print_table(results, None, [])
    text = out.getvalue()
    for line in ("mutation score: 1/4 killed (25.0%); 1 error; 1 not-built; 1 survived",
                 "killed per stage: unit 1"):
        cases.check("table/" + line.split(":")[0].replace(" ", "-"), line in text,
                    "no line '%s' in:\n%s" % (line, text))
    for name, status in want[:2]:
        row = [l for l in text.splitlines() if l.startswith(name + " ")]
        cases.check("table/row-" + name, len(row) == 1 and status in row[0], repr(row))
    report = json.loads(json.dumps(mutants.json_report(results, None, 1.0, [], [])))
    cases.check("json/score", report["score"] == {"killed": 1, "total": 4}, repr(report["score"]))
    cases.check("json/statuses", report["statuses"] == {"NOT-BUILT": 1, "ERROR": 1, "KILLED": 1,
                                                        "SURVIVED": 1}, repr(report["statuses"]))
    cases.check("json/mutant-statuses", [m["status"] for m in report["mutants"]] ==
                [s for _, s in want], repr([m["status"] for m in report["mutants"]]))


def main():
    cases = junit.Cases("mutants_verdict")
    with tempfile.TemporaryDirectory() as d:
        p = Planter(d)
        test_stage_cases(cases, p)
        fuzz_cases(cases)
        build_cases(cases, p)
        with contextlib.redirect_stderr(io.StringIO()):
            run_mutant_cases(cases, d)
    junit.exit_with(cases)


if __name__ == "__main__":
    main()
