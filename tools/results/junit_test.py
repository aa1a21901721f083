#!/usr/bin/env python3
"""Tests of tools/results/junit.py, read back with xml.etree (not with junit.read): the counts of
each suite and of the whole file, the escaping of < & " ' > and of every character from \\x00 to
\\x1f in names, messages and bodies (the ones XML 1.0 forbids become visible \\xNN text, the file
still parses), what makes a case failed, skipped or passed, and the reader on the writer's output
and on test.xml files of GoogleTest's and Bazel's shape.
"""
import contextlib
import io
import os
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
import junit  # noqa: E402
import unittest_junit  # noqa: E402

C = junit.Case


def parse(suites, name=None):
    return ET.fromstring(junit.document(suites, name).encode("utf-8"))


def counts(element):
    """(tests, failures, errors, skipped) of a <testsuite> or <testsuites>."""
    return tuple(int(element.get(k)) for k in ("tests", "failures", "errors", "skipped"))


class WriterTest(unittest.TestCase):
    def test_counts_of_each_suite_and_of_the_file(self):
        a = [C("a", "p1", junit.PASSED), C("a", "f1", junit.FAILED, "m", "b"),
             C("a", "s1", junit.SKIPPED, "why"), C("a", "s2", junit.SKIPPED, "why")]
        b = [C("b", "p1", junit.PASSED), C("b", "p2", junit.PASSED),
             C("b", "e1", junit.ERROR, "exited 1")]
        root = parse([junit.Suite("a", a, 1.5), junit.Suite("b", b)], name="all")
        self.assertEqual(root.tag, "testsuites")
        self.assertEqual(root.get("name"), "all")
        self.assertEqual(counts(root), (7, 1, 1, 2))
        suites = root.findall("testsuite")
        self.assertEqual([s.get("name") for s in suites], ["a", "b"])
        self.assertEqual(counts(suites[0]), (4, 1, 0, 2))
        self.assertEqual(counts(suites[1]), (3, 0, 1, 0))
        self.assertEqual(suites[0].get("time"), "1.500")
        self.assertIsNone(suites[1].get("time"))
        self.assertEqual([t.get("name") for t in suites[0].iter("testcase")],
                         ["p1", "f1", "s1", "s2"])

    def test_an_empty_file_counts_nothing(self):
        root = parse([])
        self.assertEqual(counts(root), (0, 0, 0, 0))
        self.assertIsNone(root.get("name"))

    def test_failed_skipped_passed_and_error(self):
        root = parse([junit.Suite("s", [
            C("k", "pass", junit.PASSED, "dropped", "dropped", 0.25),
            C("k", "fail", junit.FAILED, "first line", "first line\nsecond line"),
            C("k", "skip", junit.SKIPPED, "no gcm(aria)"),
            C("k", "err", junit.ERROR, "exited with error code 1", "log")])])
        t = {c.get("name"): c for c in root.iter("testcase")}
        self.assertEqual(list(t["pass"]), [])
        self.assertEqual(t["pass"].get("time"), "0.250")
        self.assertIsNone(t["pass"].get("result"))
        self.assertEqual(t["pass"].get("classname"), "k")
        self.assertEqual([e.tag for e in t["fail"]], ["failure"])
        self.assertEqual(t["fail"].find("failure").get("message"), "first line")
        self.assertEqual(t["fail"].find("failure").text, "first line\nsecond line")
        self.assertIsNone(t["fail"].get("result"))
        self.assertEqual([e.tag for e in t["skip"]], ["skipped"])
        self.assertEqual(t["skip"].get("result"), "skipped")
        self.assertEqual(t["skip"].find("skipped").get("message"), "no gcm(aria)")
        self.assertEqual([e.tag for e in t["err"]], ["error"])
        self.assertEqual(t["err"].find("error").get("message"), "exited with error code 1")

    def test_unknown_status_is_refused(self):
        with self.assertRaisesRegex(ValueError, "k.x: status 'pass'"):
            junit.document([junit.Suite("s", [C("k", "x", "pass")])])

    def test_markup_characters_round_trip(self):
        nasty = "<a href=\"x\">&amp; 'q' &#0; ]]> </testcase>"
        root = parse([junit.Suite(nasty, [C(nasty, nasty, junit.FAILED, nasty, nasty)])], nasty)
        self.assertEqual(root.get("name"), nasty)
        self.assertEqual(root.find("testsuite").get("name"), nasty)
        t = root.find("testsuite/testcase")
        self.assertEqual((t.get("classname"), t.get("name")), (nasty, nasty))
        self.assertEqual(t.find("failure").get("message"), nasty)
        self.assertEqual(t.find("failure").text, nasty)

    def test_escape_spells_each_markup_character(self):
        self.assertEqual(junit.escape("<&\"'>"), "&lt;&amp;&quot;&apos;&gt;")
        self.assertEqual(junit.escape("a\tb\nc", attribute=True), "a&#9;b&#10;c")
        self.assertEqual(junit.escape("a\tb\nc"), "a\tb\nc")

    def test_every_control_character(self):
        for code in range(0x20):
            with self.subTest(code="%#04x" % code):
                text = "a%sb" % chr(code)
                kept = text if chr(code) in "\t\n\r" else "a\\x%02xb" % code
                root = parse([junit.Suite(text, [
                    C(text, text, junit.FAILED, text, text),
                    C(text, "skip", junit.SKIPPED, text)])])
                t = root.findall("testsuite/testcase")
                self.assertEqual(root.find("testsuite").get("name"), kept)
                self.assertEqual((t[0].get("classname"), t[0].get("name")), (kept, kept))
                self.assertEqual(t[0].find("failure").get("message"), kept)
                self.assertEqual(t[0].find("failure").text, kept)
                self.assertEqual(t[1].find("skipped").get("message"), kept)

    def test_other_characters_xml_forbids(self):
        for char, shown in (("\ud800", "\\ud800"), ("\udcff", "\\udcff"), ("\ufffe", "\\ufffe"),
                            ("\uffff", "\\uffff"), ("\x7f", "\x7f"), ("\u00e9", "\u00e9"),
                            ("\U0001f600", "\U0001f600")):
            with self.subTest(char=ascii(char)):
                root = parse([junit.Suite("s", [C("k", "x", junit.FAILED, char, char)])])
                self.assertEqual(root.find("testsuite/testcase/failure").text, shown)
                self.assertEqual(root.find("testsuite/testcase/failure").get("message"), shown)

    def test_write_is_utf8_with_a_declaration(self):
        with tempfile.TemporaryDirectory(dir=os.environ.get("TEST_TMPDIR")) as d:
            path = os.path.join(d, "test.xml")
            junit.write(path, [junit.Suite("s", [C("k", "caf\u00e9", junit.PASSED)])])
            with open(path, "rb") as f:
                raw = f.read()
        self.assertTrue(raw.startswith(b'<?xml version="1.0" encoding="UTF-8"?>'))
        self.assertEqual(ET.fromstring(raw).find("testsuite/testcase").get("name"), "caf\u00e9")

    def test_by_classname_groups_in_first_seen_order(self):
        cases = [C("b", "1", junit.PASSED), C("a", "2", junit.PASSED), C("b", "3", junit.FAILED)]
        self.assertEqual(junit.by_classname(cases),
                         [junit.Suite("b", [cases[0], cases[2]]), junit.Suite("a", [cases[1]])])


class FromTextTest(unittest.TestCase):
    def test_a_failure_keeps_the_text_and_heads_it_with_its_first_line(self):
        long_line = "x" * 600
        self.assertEqual(junit.from_text("k", "n", "fail", long_line + "\nmore"),
                         C("k", "n", junit.FAILED, "x" * 500, long_line + "\nmore"))
        self.assertEqual(junit.from_text("k", "n", junit.ERROR, "a\nb", "own", 2.0),
                         C("k", "n", junit.ERROR, "own", "a\nb", 2.0))

    def test_a_skip_keeps_its_reason_and_a_pass_nothing(self):
        self.assertEqual(junit.from_text("k", "n", "skip", "no AVX2", "dropped"),
                         C("k", "n", junit.SKIPPED, "no AVX2"))
        self.assertEqual(junit.from_text("k", "n", "pass", "PASS (3 checks)", "dropped", 1.0),
                         C("k", "n", junit.PASSED, "", "", 1.0))

    def test_an_unknown_word_is_refused_when_written(self):
        with self.assertRaises(ValueError):
            junit.document([junit.Suite("s", [junit.from_text("k", "n", "known", "x")])])


class ReaderTest(unittest.TestCase):
    def file(self, text):
        with tempfile.NamedTemporaryFile("w", suffix=".xml", delete=False,
                                         dir=os.environ.get("TEST_TMPDIR")) as f:
            f.write(text)
        return f.name

    def test_reads_back_what_it_wrote(self):
        cases = [C("k", "p", junit.PASSED, time=0.5), C("k", "f", junit.FAILED, "m <&>", "b\n'\"'"),
                 C("j", "s", junit.SKIPPED, "why"), C("j", "e", junit.ERROR, "exit 1", "log")]
        path = self.file(junit.document([junit.Suite("k", cases[:2]), junit.Suite("j", cases[2:])]))
        self.assertEqual(junit.read(path), cases)

    def test_googletest_and_bazel_shapes(self):
        path = self.file(
            '<testsuites><testsuite name="Gcm">'
            '<testcase name="Ok" status="run" result="completed" time="0.001" classname="Gcm"/>'
            '<testcase name="Skip" status="run" result="skipped" time="0" classname="Gcm"/>'
            '<testcase name="Bad" classname="Gcm"><failure message="gcm_test.cc:80&#x0A;x">'
            'text</failure><error message="also"/></testcase>'
            '<testcase name="Gone"><error message="exited with error code 1"></error></testcase>'
            '</testsuite></testsuites>')
        self.assertEqual(junit.read(path), [
            C("Gcm", "Ok", junit.PASSED, "", "", 0.001),
            C("Gcm", "Skip", junit.SKIPPED, "", "", 0.0),
            C("Gcm", "Bad", junit.FAILED, "gcm_test.cc:80\nx", "text"),
            C("", "Gone", junit.ERROR, "exited with error code 1", "")])

    def test_unreadable_or_not_xml_is_none(self):
        self.assertIsNone(junit.read(os.path.join(os.path.dirname(self.file("")), "missing.xml")))
        self.assertIsNone(junit.read(self.file("")))
        self.assertIsNone(junit.read(self.file("<testsuites><testcase name='x'>")))
        self.assertEqual(junit.read(self.file("<testsuites/>")), [])


class CasesTest(unittest.TestCase):
    def run_cases(self, cases):
        d = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
        xml = os.path.join(d, "test.xml")
        out = io.StringIO()
        old = os.environ.get("XML_OUTPUT_FILE")
        os.environ["XML_OUTPUT_FILE"] = xml
        try:
            with contextlib.redirect_stdout(out):
                rc = cases.write()
        finally:
            if old is None:
                del os.environ["XML_OUTPUT_FILE"]
            else:
                os.environ["XML_OUTPUT_FILE"] = old
        return rc, out.getvalue(), ET.parse(xml).getroot()

    def test_a_failed_check_fails_the_test(self):
        cases = junit.Cases("suite")
        cases.check("good", True, "never shown")
        cases.check("bad", False, "it broke")
        cases.skip("later", "not yet")
        rc, out, root = self.run_cases(cases)
        self.assertEqual(rc, 1)
        self.assertEqual(out, "PASSED  good\nFAILED  bad: it broke\nSKIPPED later: not yet\n"
                              "suite: 1 passed, 1 failed, 1 skipped\n")
        self.assertEqual(counts(root.find("testsuite")), (3, 1, 0, 1))
        t = {c.get("name"): c for c in root.iter("testcase")}
        self.assertEqual(t["bad"].find("failure").get("message"), "it broke")
        self.assertEqual(t["bad"].get("classname"), "suite")
        self.assertEqual(list(t["good"]), [])
        self.assertEqual(t["later"].find("skipped").get("message"), "not yet")

    def test_passes_and_skips_pass(self):
        cases = junit.Cases("suite")
        cases.check("good", True)
        cases.skip("later", "not yet")
        rc, out, _ = self.run_cases(cases)
        self.assertEqual(rc, 0)
        self.assertTrue(out.endswith("suite: 1 passed, 0 failed, 1 skipped\n"), out)


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
