"""Runs a Python unittest module under Bazel and writes one JUnit <testcase> per test method to
$XML_OUTPUT_FILE, so that `tools/ariasuite test` counts (and names) each case of an sh_test written
in Python instead of one case per target. Usage, at the end of a test file:

    if __name__ == "__main__":
        sys.exit(unittest_junit.main(__name__))
"""
import os
import sys
import unittest
import xml.etree.ElementTree as ET


class _Result(unittest.TextTestResult):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.outcomes = []  # (class, method, status, message)

    def _add(self, test, status, message=""):
        self.outcomes.append((type(test).__name__, test._testMethodName, status, message))

    def addSuccess(self, test):
        super().addSuccess(test)
        self._add(test, "passed")

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._add(test, "failed", self._exc_info_to_string(err, test))

    def addError(self, test, err):
        super().addError(test, err)
        self._add(test, "failed", self._exc_info_to_string(err, test))

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._add(test, "skipped", reason)

    def addSubTest(self, test, subtest, err):
        # A failed subTest fails its method, which then gets no addSuccess/addFailure of its own:
        # without this the method would be missing from the XML (all-pass XML, exit 1).
        super().addSubTest(test, subtest, err)
        if err is None:
            return
        message = "%s: %s" % (subtest.id(), self._exc_info_to_string(err, test))
        key = (type(test).__name__, test._testMethodName, "failed")
        for i, outcome in enumerate(self.outcomes):
            if outcome[:3] == key:  # one <testcase> per method, every failed subtest in it
                self.outcomes[i] = key + (outcome[3] + "\n" + message,)
                return
        self._add(test, "failed", message)


def main(module_name):
    suite = unittest.defaultTestLoader.loadTestsFromModule(sys.modules[module_name])
    result = unittest.TextTestRunner(resultclass=_Result, verbosity=2).run(suite)
    xml_path = os.environ.get("XML_OUTPUT_FILE")
    if xml_path:
        root = ET.Element("testsuites")
        ts = ET.SubElement(root, "testsuite", name=module_name, tests=str(len(result.outcomes)))
        for cls, name, status, message in result.outcomes:
            case = ET.SubElement(ts, "testcase", classname=cls, name=name)
            if status == "failed":
                ET.SubElement(case, "failure", message=message.strip().splitlines()[-1]).text = message
            elif status == "skipped":
                case.set("result", "skipped")
                ET.SubElement(case, "skipped", message=message)
        ET.ElementTree(root).write(xml_path, encoding="utf-8", xml_declaration=True)
    if result.testsRun == 0:
        print("no test ran", file=sys.stderr)
        return 1
    return 0 if result.wasSuccessful() else 1
