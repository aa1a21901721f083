"""A tiny JUnit XML writer for the Python tests of tools/mutants and tools/ct.

Each case is (name, status, message): status "passed", "failed" or "skipped". write() puts them in
$XML_OUTPUT_FILE (Bazel's test.xml) so `tools/ariasuite test` counts each case, prints them, and
returns the exit status: 1 when a case failed, else 0.
"""
import os
import sys
import xml.etree.ElementTree as ET


class Cases:
    def __init__(self, suite):
        self.suite = suite
        self.cases = []

    def check(self, name, ok, message=""):
        """message explains a failure; it is dropped when the case passes."""
        self.cases.append((name, "passed" if ok else "failed", "" if ok else message))

    def skip(self, name, reason):
        self.cases.append((name, "skipped", reason))

    def write(self):
        root = ET.Element("testsuites")
        suite = ET.SubElement(root, "testsuite", name=self.suite, tests=str(len(self.cases)),
                              failures=str(sum(1 for c in self.cases if c[1] == "failed")),
                              skipped=str(sum(1 for c in self.cases if c[1] == "skipped")))
        for name, status, message in self.cases:
            case = ET.SubElement(suite, "testcase", classname=self.suite, name=name)
            if status == "failed":
                ET.SubElement(case, "failure", message=message).text = message
            elif status == "skipped":
                ET.SubElement(case, "skipped", message=message)
            print("%-7s %s%s" % (status.upper(), name, (": " + message) if message else ""))
        out = os.environ.get("XML_OUTPUT_FILE")
        if out:
            ET.ElementTree(root).write(out, encoding="utf-8", xml_declaration=True)
        failed = sum(1 for c in self.cases if c[1] == "failed")
        print("%s: %d passed, %d failed, %d skipped" % (
            self.suite, sum(1 for c in self.cases if c[1] == "passed"), failed,
            sum(1 for c in self.cases if c[1] == "skipped")))
        return 1 if failed else 0


def exit_with(cases):
    sys.exit(cases.write())
