"""Runs a Python unittest module under Bazel and writes one JUnit <testcase> per test method to
$XML_OUTPUT_FILE, so that `tools/ariasuite test` counts (and names) each case of an sh_test written
in Python instead of one case per target. Usage, at the end of a test file:

    if __name__ == "__main__":
        sys.exit(unittest_junit.main(__name__))
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "results"))
import junit  # noqa: E402


class _Result(unittest.TextTestResult):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.outcomes = []  # (class, method, junit status, message)

    def _add(self, test, status, message=""):
        self.outcomes.append((type(test).__name__, test._testMethodName, status, message))

    def addSuccess(self, test):
        super().addSuccess(test)
        self._add(test, junit.PASSED)

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._add(test, junit.FAILED, self._exc_info_to_string(err, test))

    def addError(self, test, err):
        super().addError(test, err)
        self._add(test, junit.FAILED, self._exc_info_to_string(err, test))

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._add(test, junit.SKIPPED, reason)

    def addSubTest(self, test, subtest, err):
        # A failed subTest fails its method, which then gets no addSuccess/addFailure of its own:
        # without this the method would be missing from the XML (all-pass XML, exit 1).
        super().addSubTest(test, subtest, err)
        if err is None:
            return
        message = "%s: %s" % (subtest.id(), self._exc_info_to_string(err, test))
        key = (type(test).__name__, test._testMethodName, junit.FAILED)
        for i, outcome in enumerate(self.outcomes):
            if outcome[:3] == key:  # one <testcase> per method, every failed subtest in it
                self.outcomes[i] = key + (outcome[3] + "\n" + message,)
                return
        self._add(test, junit.FAILED, message)


def main(module_name):
    suite = unittest.defaultTestLoader.loadTestsFromModule(sys.modules[module_name])
    result = unittest.TextTestRunner(resultclass=_Result, verbosity=2).run(suite)
    xml_path = os.environ.get("XML_OUTPUT_FILE")
    if xml_path:
        # A failure's message is the exception's line, the last of its traceback.
        junit.write(xml_path, [junit.Suite(module_name, [
            junit.from_text(cls, name, status, message, message.strip().split("\n")[-1])
            for cls, name, status, message in result.outcomes])])
    if result.testsRun == 0:
        print("no test ran", file=sys.stderr)
        return 1
    return 0 if result.wasSuccessful() else 1
