#!/usr/bin/env python3
"""Checks the CI files users copy (README.md, "CI"): .github/workflows/ariasuite_test.yml (the
README's test command on Debian 12) and tools/ci/kernel_tree_gate.yml (a kernel tree's gate of its
pushes and pull requests). Each parses; runs in a debian:12 container on ubuntu-latest with /dev/kvm
passed in; calls `tools/ariasuite` only with flags the command's --help lists, a value after each
flag that takes one and no stray argument; installs nothing the command it runs would not install
itself (its Debian package lists in tools/lib.sh and kernel-tests/vm/packages.sh) and uses no action
but checkout and upload-artifact; and uploads, even after a failure, only paths a step writes (a
--junit file, a `tee` log, a folder it makes), and every --junit file. Each check is also planted
in a broken copy.
"""
import copy
import os
import posixpath
import re
import shlex
import subprocess
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import unittest_junit  # noqa: E402
from pyyaml import yaml  # noqa: E402

TEST_WORKFLOW = ".github/workflows/ariasuite_test.yml"
KERNEL_WORKFLOW = "tools/ci/kernel_tree_gate.yml"
ALLOWED_ACTIONS = {"actions/checkout@v4", "actions/upload-artifact@v4"}
OTHER_INSTALLERS = re.compile(r"\b(pip3?|npm|snap|curl|wget|add-apt-repository|apt-add-repository|"
                              r"dpkg\s+-i)\b")
SHELL_OPS = {"|", "||", "&&", ";", "&", ">", ">>", "2>&1", "<"}


def load(rel):
    with open(os.path.join(ROOT, rel)) as f:
        return yaml.safe_load(f)


def package_list(*names):
    """The Debian packages of the named arrays of tools/lib.sh and kernel-tests/vm/packages.sh."""
    script = 'source tools/lib.sh; source kernel-tests/vm/packages.sh; for n in "$@"; do ' \
             'eval "printf \'%s\\n\' \\"\\${$n[@]}\\""; done'
    out = subprocess.run(["bash", "-c", script, "packages"] + list(names), cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    return set(out.split())


_HELP = {}


def command_usage(cmd):
    """(flags, flags taking a value, takes positional arguments) from `tools/ariasuite CMD --help`,
    or None when there is no such command."""
    if cmd not in _HELP:
        r = subprocess.run(["bash", os.path.join(ROOT, "tools/ariasuite"), cmd, "--help"],
                           capture_output=True, text=True, timeout=60)
        if r.returncode != 0:
            _HELP[cmd] = None
        else:
            text = r.stdout
            flags = set(re.findall(r"(--[a-z][a-z0-9-]*)", text))
            valued = set(re.findall(r"(--[a-z][a-z0-9-]*)[ =](?:[A-Z][A-Za-z_.|/-]*|[a-z]+\|)", text))
            usage = text.split("\n\n")[0]
            positional = re.search(r"\[[A-Z]+\.\.\.\]|\b[A-Z]+\.\.\.", usage) is not None
            _HELP[cmd] = (flags, valued, positional)
    return _HELP[cmd]


def shell_lines(script):
    """The script's commands: continuation lines joined, then split at ; && || and |."""
    text = script.replace("\\\n", " ")
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            words = shlex.split(line, comments=True)
        except ValueError:
            yield None, line
            continue
        cmd = []
        for w in words:
            if w in SHELL_OPS:
                if cmd:
                    yield cmd, line
                cmd = []
            else:
                cmd.append(w)
        if cmd:
            yield cmd, line


def steps_of(doc):
    for job_name, job in doc.get("jobs", {}).items():
        for i, step in enumerate(job.get("steps", [])):
            yield job_name, job, i, step


def check_workflow(doc, command, packages):
    """The problems of one workflow: a list of one-line strings (empty when it is right).
    command: the tools/ariasuite command it must run; packages: what that command installs."""
    problems = []
    triggers = doc.get("on") or doc.get(True) or {}
    for t in ("push", "pull_request"):
        if t not in triggers:
            problems.append("no %s trigger" % t)
    outputs = set()  # paths (relative to the workspace) that run steps write
    ran = []
    uploads = []
    junits = []  # (where, --junit value, path relative to the workspace)
    if not doc.get("jobs"):
        problems.append("no jobs")
    for job_name, job, i, step in steps_of(doc):
        where = "job %s step %d (%s)" % (job_name, i + 1, step.get("name", "unnamed"))
        if i == 0:
            if job.get("runs-on") != "ubuntu-latest":
                problems.append("job %s: runs-on is %r, not ubuntu-latest" % (job_name, job.get("runs-on")))
            container = job.get("container") or {}
            if container.get("image") != "debian:12":
                problems.append("job %s: not in a debian:12 container" % job_name)
            if "--device /dev/kvm" not in str(container.get("options", "")):
                problems.append("job %s: /dev/kvm is not passed into the container "
                                "(--device /dev/kvm)" % job_name)
        uses = step.get("uses")
        if uses:
            if uses not in ALLOWED_ACTIONS:
                problems.append("%s: uses %s (only %s)" % (where, uses, ", ".join(sorted(ALLOWED_ACTIONS))))
            if uses.startswith("actions/upload-artifact@"):
                if "always()" not in str(step.get("if", "")) and "!cancelled()" not in str(step.get("if", "")):
                    problems.append("%s: the upload does not run after a failure (if: ${{ !cancelled() }})"
                                    % where)
                for p in str((step.get("with") or {}).get("path", "")).splitlines():
                    if p.strip():
                        uploads.append((where, p.strip()))
            continue
        script = step.get("run")
        if not isinstance(script, str):
            problems.append("%s: neither uses nor run" % where)
            continue
        wd = step.get("working-directory", ".")
        if OTHER_INSTALLERS.search(script):
            problems.append("%s: installs with %s" % (where, OTHER_INSTALLERS.search(script).group(1)))
        for words, line in shell_lines(script):
            if words is None:
                problems.append("%s: cannot split %r" % (where, line))
                continue
            if words[0] in ("apt-get", "apt") and "install" in words:
                for pkg in words[words.index("install") + 1:]:
                    if not pkg.startswith("-") and pkg not in packages:
                        problems.append("%s: installs %s, which tools/ariasuite %s does not"
                                        % (where, pkg, command))
            if words[0] == "tee" and len(words) > 1:
                outputs.add(posixpath.normpath(posixpath.join(wd, words[-1])))
            if words[0] == "mkdir":
                for d in words[1:]:
                    if not d.startswith("-"):
                        outputs.add(posixpath.normpath(posixpath.join(wd, d)))
            if words[0] == "git" and "format-patch" in words and "-o" in words:
                outputs.add(posixpath.normpath(posixpath.join(wd, words[words.index("-o") + 1])))
            if not words[0].endswith("tools/ariasuite"):
                continue
            if len(words) < 2:
                problems.append("%s: tools/ariasuite without a command" % where)
                continue
            cmd, args = words[1], words[2:]
            ran.append((cmd, args, wd, where))
            usage = command_usage(cmd)
            if usage is None:
                problems.append("%s: tools/ariasuite %s: no such command" % (where, cmd))
                continue
            flags, valued, positional = usage
            j = 0
            while j < len(args):
                a = args[j]
                name = a.split("=", 1)[0]
                if a.startswith("--"):
                    if name not in flags:
                        problems.append("%s: tools/ariasuite %s does not take %s" % (where, cmd, name))
                    elif name in valued and "=" not in a:
                        if j + 1 >= len(args) or args[j + 1].startswith("--"):
                            problems.append("%s: tools/ariasuite %s %s needs a value" % (where, cmd, name))
                        else:
                            value = args[j + 1]
                            if name == "--junit":
                                outputs.add(posixpath.normpath(posixpath.join(wd, value)))
                                junits.append((where, value, posixpath.normpath(posixpath.join(wd, value))))
                            if name == "--patches":
                                p = posixpath.normpath(posixpath.join(wd, value))
                                if p not in outputs:
                                    problems.append("%s: --patches %s: no earlier command writes "
                                                    "that folder (git format-patch -o)" % (where, value))
                            j += 1
                elif not positional:
                    problems.append("%s: tools/ariasuite %s takes no argument %r" % (where, cmd, a))
                j += 1
    if not any(c == command for c, _, _, _ in ran):
        problems.append("never runs tools/ariasuite %s" % command)
    for where, p in uploads:
        if posixpath.normpath(p) not in outputs:
            problems.append("%s: uploads %s, which no step writes (written: %s)"
                            % (where, p, ", ".join(sorted(outputs)) or "nothing"))
    if not uploads:
        problems.append("uploads nothing")
    uploaded = [posixpath.normpath(p) for _, p in uploads]
    for where, value, p in junits:
        if not any(p == u or p.startswith(u + "/") for u in uploaded):
            problems.append("%s: --junit %s writes %s, which no upload step keeps" % (where, value, p))
    return problems


def step_named(doc, fragment):
    for _, _, _, step in steps_of(doc):
        if fragment in step.get("name", ""):
            return step
    raise AssertionError("no step named *%s*" % fragment)


class WorkflowTestCase(unittest.TestCase):
    """One workflow's tests: self.doc is the workflow file WORKFLOW, checked by problems(doc)
    against the tools/ariasuite COMMAND and the packages of the lists PACKAGE_LISTS."""
    WORKFLOW = COMMAND = None
    PACKAGE_LISTS = ()

    def setUp(self):
        self.doc = load(self.WORKFLOW)
        self.packages = package_list(*self.PACKAGE_LISTS)

    def problems(self, doc):
        return check_workflow(doc, self.COMMAND, self.packages)

    def assert_each_plant_caught(self, plants):
        """plants: (name, plant, want); each plant(doc) on a copy gives a problem containing want."""
        for name, plant, want in plants:
            with self.subTest(plant=name):
                doc = copy.deepcopy(self.doc)
                plant(doc)
                problems = self.problems(doc)
                self.assertTrue(any(want in p for p in problems), "%r not in %r" % (want, problems))


class TestWorkflowTest(WorkflowTestCase):
    WORKFLOW = TEST_WORKFLOW
    COMMAND = "test"
    PACKAGE_LISTS = ("ARIASUITE_BUILD_PACKAGES", "ARIASUITE_KERNEL_PACKAGES")

    def test_is_right(self):
        self.assertEqual(self.problems(self.doc), [])

    def test_runs_the_readme_test_command(self):
        with open(os.path.join(ROOT, "README.md")) as f:
            readme = f.read()
        self.assertIn("tools/ariasuite test ", readme)
        self.assertIn("tools/ariasuite test 2>&1", step_named(self.doc, "tools/ariasuite test")["run"])

    def test_planted_breakage_is_caught(self):
        plants = [
            ("unknown flag", lambda d: step_named(d, "tools/ariasuite test").update(
                run="tools/ariasuite test --frobnicate 2>&1 | tee ../ariasuite-test.log"),
             "tools/ariasuite test does not take --frobnicate"),
            ("flag without value", lambda d: step_named(d, "tools/ariasuite test").update(
                run="tools/ariasuite test --fuzz-seconds 2>&1 | tee ../ariasuite-test.log"),
             "tools/ariasuite test --fuzz-seconds needs a value"),
            ("wrong artifact path", lambda d: step_named(d, "Upload").update(
                {"with": {"name": "x", "path": "ariasuite/ariasuite-test.log"}}),
             "uploads ariasuite/ariasuite-test.log, which no step writes"),
            ("upload skipped on failure", lambda d: step_named(d, "Upload").pop("if"),
             "the upload does not run after a failure"),
            ("a package the command does not install", lambda d: step_named(d, "Install git").update(
                run="apt-get update && apt-get install -y git curl"),
             "installs curl, which tools/ariasuite test does not"),
            ("another installer", lambda d: step_named(d, "Install git").update(
                run="pip install pyyaml"), "installs with pip"),
            ("no /dev/kvm", lambda d: d["jobs"]["test"]["container"].pop("options"),
             "/dev/kvm is not passed into the container"),
            ("not Debian 12", lambda d: d["jobs"]["test"]["container"].update(image="ubuntu:24.04"),
             "not in a debian:12 container"),
            ("another action", lambda d: d["jobs"]["test"]["steps"].insert(
                0, {"name": "py", "uses": "actions/setup-python@v5"}), "uses actions/setup-python@v5"),
            ("no such command", lambda d: step_named(d, "tools/ariasuite test").update(
                run="tools/ariasuite tests"), "tools/ariasuite tests: no such command"),
        ]
        self.assert_each_plant_caught(plants)


class KernelWorkflowTest(WorkflowTestCase):
    WORKFLOW = KERNEL_WORKFLOW
    COMMAND = "kernel"
    PACKAGE_LISTS = ("ARIASUITE_BUILD_PACKAGES", "ARIASUITE_KERNEL_PACKAGES",
                     "ARIASUITE_KERNEL_TREE_PACKAGES")

    def test_is_right(self):
        self.assertEqual(self.problems(self.doc), [])

    def test_gates_pushes_and_pull_requests(self):
        push = step_named(self.doc, "pushed tree")
        pr = step_named(self.doc, "pull request")
        self.assertIn("!= 'pull_request'", push["if"])
        self.assertIn("== 'pull_request'", pr["if"])
        self.assertIn("tools/ariasuite kernel --kernel-tree . --junit ", push["run"])
        self.assertIn("tools/ariasuite kernel --kernel-tree . --patches ", pr["run"])
        # The tree the patches go onto is the commit the pull request starts from.
        lines = pr["run"].splitlines()
        fp = next(i for i, l in enumerate(lines) if "format-patch" in l)
        co = next(i for i, l in enumerate(lines) if "checkout --detach" in l)
        run = next(i for i, l in enumerate(lines) if "tools/ariasuite kernel" in l)
        self.assertLess(fp, co)
        self.assertLess(co, run)
        self.assertEqual(lines[fp].split()[-1], lines[co].split()[-1])

    def test_planted_breakage_is_caught(self):
        kernel_run = "../ariasuite/tools/ariasuite kernel --kernel-tree . --junit ../ariasuite-kernel.xml"
        plants = [
            ("unknown flag", lambda d: step_named(d, "pushed tree").update(
                run=kernel_run + " --frobnicate"), "tools/ariasuite kernel does not take --frobnicate"),
            ("stray argument", lambda d: step_named(d, "pushed tree").update(
                run=kernel_run + " linux"), "tools/ariasuite kernel takes no argument 'linux'"),
            ("junit without value", lambda d: step_named(d, "pushed tree").update(
                run="../ariasuite/tools/ariasuite kernel --kernel-tree . --junit"), "--junit needs a value"),
            ("junit elsewhere than the upload", lambda d: step_named(d, "pushed tree").update(
                run=kernel_run.replace("../ariasuite-kernel.xml", "kernel.xml")),
             "--junit kernel.xml writes linux/kernel.xml, which no upload step keeps"),
            ("wrong artifact path", lambda d: step_named(d, "Upload").update(
                {"with": {"name": "x", "path": "linux/ariasuite-kernel.xml"}}),
             "uploads linux/ariasuite-kernel.xml, which no step writes"),
            ("patches from nowhere", lambda d: step_named(d, "pull request").update(
                run=step_named(d, "pull request")["run"].replace("--patches ../patches", "--patches ../series")),
             "--patches ../series: no earlier command writes that folder"),
            ("a package the command does not install", lambda d: step_named(d, "Install git").update(
                run="apt-get update && apt-get install -y git wget"), "installs with wget"),
            ("a package outside the lists", lambda d: step_named(d, "Install git").update(
                run="apt-get install -y git linux-headers-amd64"),
             "installs linux-headers-amd64, which tools/ariasuite kernel does not"),
        ]
        self.assert_each_plant_caught(plants)


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
