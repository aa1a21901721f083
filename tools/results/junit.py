"""JUnit XML, the test.xml Bazel keeps of each test: ariasuite's one Python writer and reader.

A Case is one <testcase>: classname, name, status (PASSED, FAILED or SKIPPED; ERROR, an <error>,
is what Bazel writes for a test that wrote no XML of its own), message (a failure's message
attribute, a skip's reason), body (a failure's text) and time (seconds, or None). A Suite is a
named list of cases; from_text makes the Case of a verdict explained by one text. write() puts
suites in a file under one <testsuites>, each with its counts; read() gives a file's cases back.
escape() makes any text safe in XML 1.0: besides & < > " ', the characters XML 1.0 does not allow
at all (control characters other than tab, newline and carriage return; lone surrogates; U+FFFE,
U+FFFF) are written as the visible text \\xNN or \\uNNNN, so a stray byte of a program's output
never makes the whole file unreadable.

Cases collects the checks of a scripted Python test (one that is not a unittest module; those use
tools/unittest_junit.py): it prints a line per case and writes them to $XML_OUTPUT_FILE.
"""
import collections
import os
import re
import sys
import xml.etree.ElementTree as ET

PASSED, FAILED, SKIPPED, ERROR = "passed", "failed", "skipped", "error"
STATUSES = (PASSED, FAILED, SKIPPED, ERROR)
_SHORT = {"pass": PASSED, "fail": FAILED, "skip": SKIPPED}

Case = collections.namedtuple("Case", "classname name status message body time",
                              defaults=("", "", None))
Suite = collections.namedtuple("Suite", "name cases time", defaults=(None,))

# XML 1.0 §2.2: Char is #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_TEXT = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;", "\r": "&#13;"}
# In an attribute a parser turns a literal newline or tab into a space (XML 1.0 §3.3.3).
_ATTRIBUTE = dict(_TEXT, **{"\n": "&#10;", "\t": "&#9;"})
_TEXT_RE = re.compile("[%s]" % "".join(_TEXT))
_ATTRIBUTE_RE = re.compile("[%s]" % "".join(_ATTRIBUTE))


def _visible(match):
    code = ord(match.group())
    return "\\x%02x" % code if code < 0x100 else "\\u%04x" % code


def from_text(classname, name, status, text="", headline=None, time=None):
    """The Case of a verdict explained by one text. status: PASSED, FAILED, SKIPPED or ERROR, or
    the kernel tests' "pass", "fail", "skip". A failure (or error) has the text as its body and
    headline as its message (default: the text's first line, 500 characters at most); a skip has
    the text as its reason; a pass drops it."""
    status = _SHORT.get(status, status)
    if status in (FAILED, ERROR):
        if headline is None:
            headline = text.split("\n")[0][:500]
        return Case(classname, name, status, headline, text, time)
    return Case(classname, name, status, text if status == SKIPPED else "", "", time)


def escape(text, attribute=False):
    """text as XML character data, or with attribute=True as an attribute value (in either
    quotes, its newlines and tabs kept)."""
    text = _NOT_XML.sub(_visible, str(text))
    if attribute:
        return _ATTRIBUTE_RE.sub(lambda m: _ATTRIBUTE[m.group()], text)
    return _TEXT_RE.sub(lambda m: _TEXT[m.group()], text)


def _element(tag, attributes):
    return "<%s%s" % (tag, "".join(' %s="%s"' % (k, escape(v, attribute=True))
                                   for k, v in attributes if v is not None))


def _seconds(time):
    return None if time is None else "%.3f" % time


def _counts(cases):
    """The counting attributes of a <testsuite> or <testsuites> of cases."""
    n = collections.Counter(c.status for c in cases)
    return [("tests", str(len(cases))), ("failures", str(n[FAILED])), ("errors", str(n[ERROR])),
            ("skipped", str(n[SKIPPED]))]


def _case(case):
    if case.status not in STATUSES:
        raise ValueError("%s.%s: status %r is none of %s" % (
            case.classname, case.name, case.status, ", ".join(STATUSES)))
    head = _element("testcase", [("classname", case.classname), ("name", case.name),
                                 ("result", "skipped" if case.status == SKIPPED else None),
                                 ("time", _seconds(case.time))])
    if case.status == PASSED:
        return "    %s/>" % head
    if case.status == SKIPPED:
        inner = _element("skipped", [("message", case.message)]) + "/>"
    else:
        tag = "failure" if case.status == FAILED else "error"
        inner = "%s>%s</%s>" % (_element(tag, [("message", case.message)]), escape(case.body), tag)
    return "    %s>\n      %s\n    </testcase>" % (head, inner)


def document(suites, name=None):
    """The JUnit XML text of suites (a list of Suite) under one <testsuites> (named name)."""
    every = [c for s in suites for c in s.cases]
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             _element("testsuites", [("name", name)] + _counts(every)) + ">"]
    for s in suites:
        lines.append("  %s>" % _element("testsuite", [("name", s.name)] + _counts(s.cases) +
                                        [("time", _seconds(s.time))]))
        lines += [_case(c) for c in s.cases]
        lines.append("  </testsuite>")
    lines.append("</testsuites>")
    return "\n".join(lines) + "\n"


def write(path, suites, name=None):
    """Writes document(suites, name) to path, UTF-8."""
    text = document(suites, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def by_classname(cases):
    """cases as one Suite per classname, each named after it, in the order of first appearance."""
    suites = {}
    for c in cases:
        suites.setdefault(c.classname, []).append(c)
    return [Suite(name, group) for name, group in suites.items()]


def read(path):
    """The cases of a JUnit XML file, every <testcase> at any depth in file order, or None when
    the file cannot be read or is not XML. A case with a <failure> is FAILED (its message and
    text), else one with an <error> is ERROR, else one marked result="skipped" or with a <skipped>
    is SKIPPED (the reason in message), else PASSED."""
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError):
        return None
    cases = []
    for tc in root.iter("testcase"):
        failure, error, skipped = tc.find("failure"), tc.find("error"), tc.find("skipped")
        if failure is not None:
            status, node = FAILED, failure
        elif error is not None:
            status, node = ERROR, error
        elif tc.get("result") == "skipped" or skipped is not None:
            status, node = SKIPPED, skipped
        else:
            status, node = PASSED, None
        try:
            time = float(tc.get("time"))
        except (TypeError, ValueError):
            time = None
        cases.append(Case(tc.get("classname", ""), tc.get("name", ""), status,
                          node.get("message", "") if node is not None else "",
                          (node.text or "") if node is not None else "", time))
    return cases


class Cases:
    """The checks of one scripted test, written as one suite (also each case's classname)."""

    def __init__(self, suite):
        self.suite = suite
        self.cases = []

    def check(self, name, ok, message=""):
        """message explains a failure; it is dropped when the case passes."""
        self.cases.append(from_text(self.suite, name, PASSED if ok else FAILED, message, message))

    def skip(self, name, reason):
        self.cases.append(from_text(self.suite, name, SKIPPED, reason))

    def write(self):
        """Prints each case and the counts, writes $XML_OUTPUT_FILE when set; returns the exit
        status: 1 when a case failed, else 0."""
        for c in self.cases:
            print("%-7s %s%s" % (c.status.upper(), c.name, (": " + c.message) if c.message else ""))
        out = os.environ.get("XML_OUTPUT_FILE")
        if out:
            write(out, [Suite(self.suite, self.cases)])
        n = collections.Counter(c.status for c in self.cases)
        print("%s: %d passed, %d failed, %d skipped" % (
            self.suite, n[PASSED], n[FAILED], n[SKIPPED]))
        return 1 if n[FAILED] else 0


def exit_with(cases):
    sys.exit(cases.write())
