#!/usr/bin/env python3
"""Counts test cases of one `bazel test` run and prints `N passed, N failed, N skipped`.

Reads the build event protocol file of the run (the exact tests it ran, with their test.xml), so
stale logs of other runs never count. A test case is a <testcase> of a target's test.xml (GoogleTest
writes one per TEST, with result="skipped" for GTEST_SKIP); a target without test cases in its XML
counts as one case by its status. A target of the run that failed to build (a test or not), a test
that timed out or has no result, and a failed bazel run that names no culprit count as failed. A
test whose exit status is failure is failed whatever its XML says (an all-pass test.xml and a leak
report or a crash at exit). Each run and shard of a test counts (a failed shard is never hidden by
a passing one).

Usage: test_summary.py BEP_JSON_FILE BAZEL_EXIT_CODE [COUNTS_FILE]
With COUNTS_FILE, also writes "passed failed skipped" there (tools/cmd/test.sh adds its other
stages to them). Exit status: 0 when nothing failed and bazel succeeded, else 1.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "results"))
import bep  # noqa: E402
import junit  # noqa: E402


def cases_from_xml(path):
    """Returns (passed, failed, skipped, skip_reasons) for one test.xml, or None if it has no case."""
    passed = failed = skipped = 0
    reasons = []
    for case in junit.read(path) or []:
        if case.status in (junit.FAILED, junit.ERROR):
            failed += 1
        elif case.status == junit.SKIPPED:
            skipped += 1
            msg = case.message.strip()
            reasons.append("%s.%s: %s" % (case.classname, case.name,
                                          msg.splitlines()[-1] if msg else ""))
        else:
            passed += 1
    if passed + failed + skipped == 0:
        return None
    return passed, failed, skipped, reasons


def first_line(text):
    for line in (text or "").splitlines():
        if line.strip():
            return line.strip()[:200]
    return ""


def summarize(events, bazel_rc):
    """Returns (passed, failed, skipped, skip_reasons, failed_lines) for one bazel test run.

    Counted as failed, besides failing test cases: a target of the run that did not build (a test
    or not: the benchmark, a generator, a tool), a test that crashed, timed out or exited non-zero
    with an all-pass XML (one more failed case, its line saying so), a failed shard or run beside
    passing ones, a test bazel's summary calls failed, a test that has no result when bazel failed, and a bazel
    run that exited non-zero with none of these named (a server crash, out of memory)."""
    results = {}      # test label -> {(run, shard): (status, xml path)}
    overall = {}      # test label -> bazel's overall status of it (testSummary)
    tests = set()     # configured test targets
    built = {}        # label -> None when built, else why not
    for ev in events:
        eid = ev.get("id", {})
        if "targetConfigured" in eid:
            conf = ev.get("configured", {})
            if "testSize" in conf or conf.get("targetKind", "").endswith("_test rule"):
                tests.add(eid["targetConfigured"]["label"])
        elif "testResult" in eid:
            r = bep.test_result(ev)
            # One event per run, shard and attempt (bazel sends the attempts in order): every run
            # and shard counts, its last attempt decides it (as bazel decides a flaky test).
            results.setdefault(r.label, {})[(r.run, r.shard)] = (r.status or "NO_STATUS",
                                                                 r.files.get("test.xml"))
        elif "testSummary" in eid:
            overall[eid["testSummary"]["label"]] = ev.get("testSummary", {}).get(
                "overallStatus", "NO_STATUS")
        elif "targetCompleted" in eid:
            label = eid["targetCompleted"]["label"]
            if "aborted" in ev:
                ab = ev["aborted"]
                built[label] = "aborted: %s %s" % (ab.get("reason", ""), first_line(ab.get("description")))
            elif ev.get("completed", {}).get("success"):
                built.setdefault(label, None)
            else:
                detail = ev.get("completed", {}).get("failureDetail", {}).get("message", "")
                built[label] = "did not build" + (": " + first_line(detail) if detail else "")
    passed = failed = skipped = 0
    skip_reasons, failed_lines = [], []
    for label, why in sorted(built.items()):
        if why is not None and label not in results:
            failed += 1
            failed_lines.append("%s (%s)" % (label, why))
    for label, parts in sorted(results.items()):
        label_failed = False
        for (run, shard), (status, xml) in sorted(parts.items()):
            name = label if len(parts) == 1 else "%s run %d shard %d" % (label, run, shard)
            counted = cases_from_xml(xml) if xml else None
            if counted is None:
                if status == "PASSED":
                    passed += 1
                else:
                    # A crash, a timeout or an exit code, and no test case in the XML.
                    failed += 1
                    label_failed = True
                    failed_lines.append("%s (%s)" % (name, status))
                continue
            passed += counted[0]
            failed += counted[1]
            skipped += counted[2]
            skip_reasons += ["%s %s" % (label, r) for r in counted[3]]
            if counted[1]:
                label_failed = True
                failed_lines.append("%s (%d failed)" % (name, counted[1]))
            elif status != "PASSED":
                # The exit status decides, whatever the XML says: a leak report or a crash after
                # the last test case leaves an all-pass test.xml and a non-zero exit.
                failed += 1
                label_failed = True
                failed_lines.append(
                    "%s (%s: the test exited with failure although its test.xml has %d passed "
                    "and no failing case)" % (name, status, counted[0]))
        status = overall.get(label)
        if status not in (None, "PASSED", "FLAKY") and not label_failed:
            failed += 1
            failed_lines.append("%s (bazel's summary says %s although no run of it failed here)"
                                % (label, status))
    if bazel_rc != 0:
        # With a failed run, a test that built but has no result never ran. (With a green run such
        # a test was filtered out on purpose, e.g. --test_tag_filters.)
        for label in sorted(tests - set(results)):
            if built.get(label) is None:
                failed += 1
                failed_lines.append("%s (no test result: it never ran)" % label)
        if not failed_lines:
            failed += 1
            failed_lines.append("bazel test exited %d and named no failed target or test "
                                "(a server crash, out of memory, an interrupted run: see its log)"
                                % bazel_rc)
    return passed, failed, skipped, skip_reasons, failed_lines


def main():
    if len(sys.argv) not in (3, 4):
        print("usage: test_summary.py BEP_JSON_FILE BAZEL_EXIT_CODE [COUNTS_FILE]", file=sys.stderr)
        return 2
    bep_path, bazel_rc = sys.argv[1], int(sys.argv[2])
    events, error = bep.read_events(bep_path)
    if error:
        events = []  # a damaged file counts nothing, only its error
        print("ariasuite: " + error, file=sys.stderr)
    passed, failed, skipped, skip_reasons, failed_lines = summarize(events, bazel_rc)
    if error and not failed_lines:
        failed += 1
        failed_lines.append("no build event file: " + error)
    for r in skip_reasons:
        print("SKIP " + r)
    for t in failed_lines:
        print("FAILED " + t)
    if len(sys.argv) == 4:
        with open(sys.argv[3], "w") as f:
            f.write("%d %d %d\n" % (passed, failed, skipped))
    line = "%d passed, %d failed" % (passed, failed)
    if skipped:
        line += ", %d skipped" % skipped
    print(("bazel: " if len(sys.argv) == 4 else "") + line)
    return 0 if failed == 0 and bazel_rc == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
