#!/usr/bin/env python3
"""TAP parsing (kernel-tests/vm/tap.py) on its hard cases, each a program's TAP that must not pass:
a SKIP directive on a `not ok` (any letter case), results after a `Bail out!`, a result number
repeated so the count still matches the plan, and a nested subtest that failed under a parent
`ok`. Beside each, the near case that must stay as it is (a lower-case `# todo` on a `not ok` is a
known issue, a nested `not ok # SKIP` is no failure)."""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tap  # noqa: E402


def program(*lines, rc=0):
    """The cases of one program that printed `lines` and exited rc, by name."""
    cases, _ = tap.parse_program("prog", ["TAP version 13"] + list(lines), rc, True)
    return {c.name: c for c in cases}


class DirectiveTest(unittest.TestCase):
    def test_skip_on_a_not_ok_is_a_failure_in_any_case(self):
        for directive in ("SKIP no module", "skip no module", "Skip"):
            c = program("1..2", "ok 1 a", "not ok 2 b # " + directive, rc=1)
            self.assertEqual(c["b"].status, "fail", directive)
            self.assertNotIn("program_status", c)

    def test_todo_on_a_not_ok_is_a_known_issue_in_any_case(self):
        for directive in ("TODO core bug", "todo core bug"):
            c = program("1..2", "ok 1 a", "not ok 2 b # " + directive)
            self.assertEqual(c["b"].status, "skip", directive)
            self.assertIn("core bug", c["b"].message)

    def test_skip_without_space_after_hash(self):
        c = program("1..1", "ok 1 a #SKIP no gcm(aria)", rc=4)
        self.assertEqual((c["a"].status, c["a"].message), ("skip", "no gcm(aria)"))


class StreamTest(unittest.TestCase):
    def test_results_after_a_bail_out_do_not_pass(self):
        c = program("1..3", "ok 1 a", "Bail out! no AF_ALG socket", "ok 2 b", "ok 3 c")
        self.assertEqual(c["program_status"].status, "fail")
        self.assertIn("prog bailed out: no AF_ALG socket",
                      c["program_status"].message.split("\n")[0])
        self.assertNotIn("b", c)  # nothing after the bail out counts as a result

    def test_a_repeated_result_number_does_not_fill_the_plan(self):
        c = program("1..2", "ok 1 a", "ok 1 a")
        self.assertEqual(c["program_status"].status, "fail")
        self.assertIn("result 2 is numbered 1", c["program_status"].message)

    def test_numbers_in_order_pass(self):
        c = program("1..3", "ok 1 a", "ok 2 b # SKIP x", "ok 3 c")
        self.assertNotIn("program_status", c)


class NestedTest(unittest.TestCase):
    def test_a_failed_subtest_fails_its_ok_parent(self):
        for nested in ("    not ok 2 sub2", "# not ok 2 sub2"):
            c = program("1..1", "    1..2", "    ok 1 sub1", nested, "ok 1 parent", rc=1)
            self.assertEqual(c["parent"].status, "fail", nested)
            self.assertIn("a subtest failed: not ok 2 sub2", c["parent"].message)
            self.assertNotIn("program_status", c)  # nested results are not the program's

    def test_nested_results_do_not_count_toward_the_plan(self):
        c = program("1..1", "    1..2", "    ok 1 sub1", "    not ok 2 sub2 # SKIP no key",
                    "ok 1 parent")
        self.assertEqual(c["parent"].status, "pass")
        self.assertNotIn("program_status", c)

    def test_a_nested_failure_belongs_to_the_next_parent_only(self):
        c = program("1..2", "    not ok 1 sub", "not ok 1 first", "ok 2 second", rc=1)
        self.assertEqual((c["first"].status, c["second"].status), ("fail", "pass"))


if __name__ == "__main__":
    unittest.main()
