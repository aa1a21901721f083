#!/usr/bin/env python3
"""Counts test cases of one `bazel test` run and prints `N passed, N failed, N skipped`.

Reads the build event protocol file of the run (the exact tests it ran, with their test.xml), so
stale logs of other runs never count. A test case is a <testcase> of a target's test.xml (GoogleTest
writes one per TEST, with result="skipped" for GTEST_SKIP); a target without test cases in its XML
counts as one case by its status. A target that failed to build or timed out counts as failed.

Usage: test_summary.py BEP_JSON_FILE BAZEL_EXIT_CODE [COUNTS_FILE]
With COUNTS_FILE, also writes "passed failed skipped" there (tools/cmd/test.sh adds its other
stages to them). Exit status: 0 when nothing failed and bazel succeeded, else 1.
"""
import json
import sys
import urllib.parse
import xml.etree.ElementTree as ET


def cases_from_xml(path):
    """Returns (passed, failed, skipped, skip_reasons) for one test.xml, or None if it has no case."""
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError):
        return None
    passed = failed = skipped = 0
    reasons = []
    for case in root.iter("testcase"):
        name = "%s.%s" % (case.get("classname", ""), case.get("name", ""))
        if case.find("failure") is not None or case.find("error") is not None:
            failed += 1
        elif case.get("result") == "skipped" or case.find("skipped") is not None:
            skipped += 1
            node = case.find("skipped")
            msg = node.get("message", "") if node is not None else ""
            reasons.append("%s: %s" % (name, msg.strip().splitlines()[-1] if msg.strip() else ""))
        else:
            passed += 1
    if passed + failed + skipped == 0:
        return None
    return passed, failed, skipped, reasons


def main():
    if len(sys.argv) not in (3, 4):
        print("usage: test_summary.py BEP_JSON_FILE BAZEL_EXIT_CODE [COUNTS_FILE]", file=sys.stderr)
        return 2
    bep_path, bazel_rc = sys.argv[1], int(sys.argv[2])
    results = {}  # label -> (status, xml path)
    build_failed = set()
    try:
        with open(bep_path) as f:
            events = [json.loads(line) for line in f if line.strip()]
    except (OSError, ValueError) as e:
        print("ariasuite: cannot read the build event file %s: %s" % (bep_path, e), file=sys.stderr)
        events = []
    for ev in events:
        eid = ev.get("id", {})
        if "testResult" in eid:
            label = eid["testResult"]["label"]
            tr = ev.get("testResult", {})
            xml = None
            for out in tr.get("testActionOutput", []):
                if out.get("name") == "test.xml" and out.get("uri", "").startswith("file://"):
                    xml = urllib.parse.unquote(out["uri"][len("file://"):])
            results[label] = (tr.get("status", "NO_STATUS"), xml)
        elif "testSummary" in eid:
            label = eid["testSummary"]["label"]
            status = ev.get("testSummary", {}).get("overallStatus", "")
            if status in ("FAILED_TO_BUILD", "NO_STATUS", "INCOMPLETE") and label not in results:
                build_failed.add(label)
        elif "targetCompleted" in eid and ev.get("aborted"):
            build_failed.add(eid["targetCompleted"]["label"])
    passed = failed = skipped = 0
    skip_reasons = []
    failed_targets = sorted(build_failed - set(results))
    for label, (status, xml) in sorted(results.items()):
        counted = cases_from_xml(xml) if xml else None
        if status != "PASSED" and (counted is None or counted[1] == 0):
            # A crash, a timeout or an exit code without a failing case in the XML.
            failed += 1
            failed_targets.append("%s (%s)" % (label, status))
            if counted:
                passed += counted[0]
                skipped += counted[2]
            continue
        if counted is None:
            passed += 1
            continue
        passed += counted[0]
        failed += counted[1]
        skipped += counted[2]
        skip_reasons += ["%s %s" % (label, r) for r in counted[3]]
        if counted[1]:
            failed_targets.append("%s (%d failed)" % (label, counted[1]))
    failed += len(build_failed - set(results))
    for r in skip_reasons:
        print("SKIP " + r)
    for t in failed_targets:
        print("FAILED " + t)
    if not results and bazel_rc != 0:
        failed += 1
        print("FAILED bazel test exited %d before running any test" % bazel_rc)
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
