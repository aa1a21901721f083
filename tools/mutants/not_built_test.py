#!/usr/bin/env python3
"""A mutant that does not compile is NOT-BUILT and fails the run: the real harness, a real Bazel.

Builds a scratch workspace in $TEST_TMPDIR that the harness can run in: a copy of mutants.py, one
library and its test, and one planted mutant whose rule makes the library name an undeclared
variable. The harness copies that workspace into its own scratch copy, runs its baseline there (the
library and its test build and pass), then applies the rule and builds, which fails to compile. It
must say NOT-BUILT in the table and the JSON, count it as not killed, and exit non-zero; and the
workspace it was given must be untouched (the mutant only ever lives in the scratch copy). The
nested Bazel uses its own output base in $TEST_TMPDIR and is shut down at the end.
Writes JUnit XML to $XML_OUTPUT_FILE.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "results"))
import junit  # noqa: E402
import mutants  # noqa: E402

PLANTED_CC = """// A library whose one mutant (rules/planted_not_built.rule) does not compile.
int Planted() {
  return 1;
}
"""
PLANTED_RULE = """file: impl/planted.cc
--- anchor
  return 1;
+++ mutant
  return planted_undeclared_name;
"""
PLANTED_TEST_CC = """int Planted();
int main() { return Planted() == 1 ? 0 : 1; }
"""
# Offline, like the project's WORKSPACE: @bazel_tools wants rules_java, rules_cc and the coverage
# tools, which Bazel would otherwise download.
WORKSPACE = """workspace(name = "planted")
local_repository(name = "rules_java", path = "/usr/share/bazel/rules/java")
local_repository(name = "rules_cc", path = "third_party/rules_cc")
local_repository(name = "remote_coverage_tools", path = "third_party/remote_coverage_tools")
"""
STAND_INS = {
    "third_party/rules_cc/WORKSPACE": "",
    "third_party/rules_cc/BUILD": "",
    "third_party/rules_cc/cc/BUILD": "",
    "third_party/rules_cc/cc/defs.bzl": "".join(
        "def %s(**kwargs):\n    native.%s(**kwargs)\n\n" % (r, r)
        for r in ("cc_library", "cc_binary", "cc_test", "cc_import", "cc_toolchain",
                  "cc_toolchain_suite", "cc_proto_library", "objc_library")),
    "third_party/remote_coverage_tools/WORKSPACE": "",
    "third_party/remote_coverage_tools/BUILD": (
        'package(default_visibility = ["//visibility:public"])\n'
        'filegroup(name = "coverage_report_generator", srcs = [])\n'
        'filegroup(name = "lcov_merger", srcs = [])\n'),
}
BUILD = """cc_library(name = "planted", srcs = ["planted.cc"])
cc_test(name = "planted_test", srcs = ["planted_test.cc"], deps = [":planted"])
"""
CATALOGUE = ("planted_not_built | impl/planted.cc | sbox | scalar | the switch names an undeclared "
             "variable\n")
SUITE = "unit | test | tests(//impl/...)\n"
# No sandbox inside the test's sandbox; a server left behind by a failed run exits by itself.
BAZELRC = "startup --max_idle_secs=30\nbuild --spawn_strategy=local\n"


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def make_workspace(ws):
    write(os.path.join(ws, "WORKSPACE"), WORKSPACE)
    for path, text in STAND_INS.items():
        write(os.path.join(ws, path), text)
    write(os.path.join(ws, ".bazelrc"), BAZELRC)
    write(os.path.join(ws, "impl", "planted.cc"), PLANTED_CC)
    write(os.path.join(ws, "tools", "mutants", "rules", "planted_not_built.rule"), PLANTED_RULE)
    write(os.path.join(ws, "impl", "planted_test.cc"), PLANTED_TEST_CC)
    write(os.path.join(ws, "impl", "BUILD"), BUILD)
    write(os.path.join(ws, "tools", "mutants", "catalogue.txt"), CATALOGUE)
    write(os.path.join(ws, "tools", "mutants", "suite.txt"), SUITE)
    shutil.copy(os.path.join(HERE, "mutants.py"), os.path.join(ws, "tools", "mutants"))
    os.makedirs(os.path.join(ws, "tools", "results"))
    for name in ("bep.py", "junit.py"):  # what mutants.py imports
        shutil.copy(os.path.join(os.path.dirname(HERE), "results", name),
                    os.path.join(ws, "tools", "results"))
    return ""


def main():
    cases = junit.Cases("mutants_not_built")
    tmp = os.environ.get("TEST_TMPDIR") or tempfile.mkdtemp(prefix="not-built-test.")
    try:
        run(cases, tmp)
    finally:
        if not os.environ.get("TEST_TMPDIR"):
            shutil.rmtree(tmp, ignore_errors=True)
    junit.exit_with(cases)


def run(cases, tmp):
    ws = os.path.join(tmp, "ws")
    ob = os.path.join(tmp, "ob")
    problem = make_workspace(ws)
    cases.check("scratch-workspace", not problem, problem)
    if problem:
        return
    if shutil.which("bazel") is None:
        cases.check("bazel-found", False, "bazel is not on PATH (%s)" % os.environ.get("PATH"))
        return
    out_json = os.path.join(tmp, "out.json")
    cmd = [sys.executable, os.path.join(ws, "tools", "mutants", "mutants.py"), "--output-base", ob,
           "--json", out_json, "planted_not_built"]
    env = dict(os.environ, TMPDIR=tmp)  # the harness's logs stay in the scratch directory
    try:
        proc = subprocess.run(cmd, cwd=ws, env=env, capture_output=True, text=True, timeout=240)
    except subprocess.TimeoutExpired:
        cases.check("harness-finished", False, "no exit within 240 s: %s" % " ".join(cmd))
        return
    finally:  # the harness ran Bazel in its scratch copy, <output base>-ws
        if os.path.isdir(ob + "-ws"):
            subprocess.run(["bazel", "--output_base=" + ob, "shutdown"], cwd=ob + "-ws",
                           capture_output=True, timeout=60)
    print("$ " + " ".join(cmd) + "\n" + proc.stdout + proc.stderr)

    cases.check("baseline-passed", "mutants: baseline: passed" in proc.stderr,
                "the unmutated scratch workspace did not build and pass; see above")
    cases.check("exit-status-1", proc.returncode == 1, "exit status %d" % proc.returncode)
    row = [l for l in proc.stdout.splitlines() if l.startswith("planted_not_built ")]
    cases.check("table-row-not-built", len(row) == 1 and " NOT-BUILT " in row[0] and
                "planted_undeclared_name" in row[0], repr(row))
    cases.check("score-not-killed", "mutation score: 0/1 killed (0.0%); 1 not-built" in proc.stdout,
                "no score line 'mutation score: 0/1 killed (0.0%); 1 not-built'")
    try:
        with open(out_json) as f:
            report = json.load(f)
        m = report["mutants"][0]
        cases.check("json-not-built", m["status"] == "NOT-BUILT" and report["score"] == {
            "killed": 0, "total": 1} and "planted_undeclared_name" in m["detail"],
                    "status %s, score %s, detail %s" % (m["status"], report["score"], m["detail"]))
    except (OSError, ValueError, KeyError, IndexError) as e:
        cases.check("json-not-built", False, "%s: %s" % (out_json, e))
    for where, root in (("workspace-untouched", ws), ("scratch-copy-restored", ob + "-ws")):
        try:
            with open(os.path.join(root, "impl", "planted.cc")) as f:
                text = f.read()
        except OSError as e:
            text = str(e)
        cases.check(where, text == PLANTED_CC, "impl/planted.cc there is now: %r" % text[:200])


if __name__ == "__main__":
    main()
