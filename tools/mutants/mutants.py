#!/usr/bin/env python3
"""Mutation testing of ariasuite's own implementations: does the fast suite catch each fault?

Each mutant of tools/mutants/catalogue.txt is an anchored rewrite rule, tools/mutants/rules/
<name>.rule: the impl/ file it edits and, per edit, an anchor (whole lines that must occur exactly
once in today's source) and the mutant's lines that replace it. impl/ itself holds no trace of the
mutants. For each mutant this writes the mutated file into a scratch copy of the workspace, builds
it and runs the fast suite of tools/mutants/suite.txt stage by stage until a check gives a verdict.
Each mutant ends with one status:
  KILLED     a check that passed on the baseline failed for a reason of ours: a failed test case
             in a test.xml (a <failure>, not just a non-zero exit), an `ARIA_MISMATCH <op> <backend>
             vs <backend>` line whose first-named backend is ours/..., a sanitizer report
             (ASan/LSan/UBSan), or a constant-time report (LEAK) from the ct check;
  SURVIVED   every stage passed: a hole in the suite to close with a new vector, property or fuzzer
             mode, never a mutant to delete;
  NOT-BUILT  it does not compile in a config the suite builds it with (the default one, or
             --config=fuzz when it reaches a fuzz stage);
  ERROR      a run gave no verdict: bazel exited non-zero with no failed test (server crash, out of
             memory), a test or fuzzer died or timed out without one of the reports above, a
             third-party mismatch;
  NO-RULE, STALE-RULE, NOT-COMPILED-IN, NOT-RUN  it has no rule file, its rule no longer applies
             (an anchor matches 0 or 2+ times), its mutated file did not reach the object, or the
             --budget ran out.
Only KILLED counts in the score; every other status fails the run.

Build cost is kept low: the scratch workspace (<output base>-ws, a copy of this tree refreshed at
the start of each run: only changed files are copied) and its Bazel output base persist between
runs, and between two mutants only the mutated file changes (the previous one is put back first),
so a mutant recompiles one file and relinks what depends on it; a disk cache brings the unmutated
object back for the next mutant. A rule whose file is a shared header (impl/aria_simd_inl.h,
impl/ghash_simd_inl.h, the width headers impl/simd_x86_*-inl.h, the S-box policies impl/sbox_*-inl.h)
is applied to the header's text, which is then spliced into the mutant's
.cc in place of its first include of that header: the fault reaches that one path only.
Before the first mutant the suite runs once without any (the baseline): a suite that fails on
correct code would "kill" every mutant, so that is an error.

Usage: mutants.py [--budget SECONDS] [--json FILE] [--output-base DIR] [--fuzz-seconds N]
                  [--no-baseline] [--list] [--diff] [--write-source FILE] [MUTANT...]
Exit status: 0 when every mutant run was killed; 1 when one survived, did not build, ended in an
error, has no rule or a stale one, or was not run within the budget; 2 on a usage or setup error
(including a failing baseline); 4 when --skip-stage leaves out every stage (nothing would test).
"""
import argparse
import difflib
import glob
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "results"))
import bep  # noqa: E402
import junit  # noqa: E402

CATALOGUE = os.path.join(ROOT, "tools/mutants/catalogue.txt")
SUITE = os.path.join(ROOT, "tools/mutants/suite.txt")
RULES = os.path.join(ROOT, "tools/mutants/rules")
MARKER = "ARIASUITE_MUTANT_ACTIVE="
EXCLUDED_TAGS = "(manual|no-mutants)"


def die(msg):
    print("mutants: " + msg, file=sys.stderr)
    sys.exit(2)


def log(msg):
    print("mutants: " + msg, file=sys.stderr, flush=True)


# ---- Catalogue and suite ----

def parse_table(path, ncols):
    rows = []
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            cols = [c.strip() for c in line.split(" | ")]
            if len(cols) != ncols or not all(cols):
                die("%s:%d: want %d non-empty columns separated by ' | ', got %d" %
                    (os.path.relpath(path, ROOT), lineno, ncols, len(cols)))
            rows.append((lineno, cols))
    return rows


def load_catalogue(path=CATALOGUE):
    """Returns [{name, file, layer, path, description}] in catalogue order."""
    mutants, seen = [], set()
    for lineno, (name, file, layer, impl_path, desc) in parse_table(path, 5):
        if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
            die("catalogue.txt:%d: bad mutant name '%s' (lower_snake_case)" % (lineno, name))
        if name in seen:
            die("catalogue.txt:%d: duplicate mutant '%s'" % (lineno, name))
        seen.add(name)
        mutants.append({"name": name, "file": file, "layer": layer, "path": impl_path,
                        "description": desc})
    return mutants


# ---- Rules ----

class RuleError(Exception):
    """A rule file that does not parse, or does not apply exactly once to today's source."""


ANCHOR_LINE = "--- anchor"
MUTANT_LINE = "+++ mutant"


def parse_rule(text, where):
    """A rule file's text -> {"file": path, "edits": [(anchor, replacement)]}.

    Format: comment lines (#) and blank lines, then `file: impl/<file>`, then one or more edits,
    each a line `--- anchor` followed by the anchor's lines and a line `+++ mutant` followed by the
    lines that replace it (none for a deletion). Both blocks are taken verbatim, whole lines up to
    the next `--- anchor` or the end of the file."""
    lines = text.splitlines(keepends=True)
    i = 0
    while i < len(lines) and (not lines[i].strip() or lines[i].startswith("#")):
        i += 1
    m = re.fullmatch(r"file: (\S+)\n?", lines[i]) if i < len(lines) else None
    if m is None:
        raise RuleError("%s: want a line 'file: impl/<file>' after the comments" % where)
    rule = {"file": m.group(1), "edits": []}
    i += 1
    while i < len(lines) and not lines[i].strip():
        i += 1
    blocks = []  # [(marker, [lines])]
    for line in lines[i:]:
        if line.rstrip("\n") in (ANCHOR_LINE, MUTANT_LINE):
            blocks.append((line.rstrip("\n"), []))
        elif not blocks:
            raise RuleError("%s: want '%s' after the file line, got %r" % (where, ANCHOR_LINE,
                                                                           line))
        else:
            blocks[-1][1].append(line)
    if not blocks:
        raise RuleError("%s: no edit ('%s' ... '%s' ...)" % (where, ANCHOR_LINE, MUTANT_LINE))
    if len(blocks) % 2 or any(blocks[k][0] != (ANCHOR_LINE, MUTANT_LINE)[k % 2]
                              for k in range(len(blocks))):
        raise RuleError("%s: want pairs of '%s' and '%s' blocks" % (where, ANCHOR_LINE,
                                                                   MUTANT_LINE))
    for k in range(0, len(blocks), 2):
        anchor, repl = "".join(blocks[k][1]), "".join(blocks[k + 1][1])
        if not anchor.strip():
            raise RuleError("%s: edit %d has an empty anchor" % (where, k // 2 + 1))
        if anchor == repl:
            raise RuleError("%s: edit %d changes nothing" % (where, k // 2 + 1))
        if not anchor.endswith("\n") or (repl and not repl.endswith("\n")):
            raise RuleError("%s: the file must end with a newline" % where)
        rule["edits"].append((anchor, repl))
    return rule


def rule_path(name, rules_dir=None):
    return os.path.join(rules_dir or RULES, name + ".rule")


def load_rule(name, rules_dir=None):
    """The rule of mutant name; RuleError when it has none or it does not parse."""
    path = rule_path(name, rules_dir)
    where = os.path.relpath(path, ROOT)
    try:
        with open(path) as f:
            text = f.read()
    except OSError:
        raise RuleError("no rule %s" % where) from None
    return parse_rule(text, where)


def rule_names(rules_dir=None):
    return sorted(os.path.basename(p)[:-len(".rule")]
                  for p in glob.glob(os.path.join(rules_dir or RULES, "*.rule")))


def line_matches(text, anchor):
    """Offsets where anchor (whole lines) occurs in text as whole lines."""
    out, start = [], 0
    while True:
        k = text.find(anchor, start)
        if k < 0:
            return out
        if k == 0 or text[k - 1] == "\n":
            out.append(k)
        start = k + 1


def apply_edits(text, edits, where):
    """text with every edit applied; RuleError unless each anchor occurs exactly once (as whole
    lines) in text and no two anchors overlap."""
    spans = []
    for n, (anchor, repl) in enumerate(edits, 1):
        found = line_matches(text, anchor)
        if len(found) != 1:
            first = anchor.strip().splitlines()[0].strip()
            raise RuleError("%s: the anchor of edit %d (%r...) occurs %d times in %s, want once" %
                            (where[0], n, first[:60], len(found), where[1]))
        spans.append((found[0], found[0] + len(anchor), repl))
    spans.sort()
    for (_, end, _), (start, _, _) in zip(spans, spans[1:]):
        if start < end:
            raise RuleError("%s: two anchors overlap in %s" % where)
    out, pos = [], 0
    for start, end, repl in spans:
        out.append(text[pos:start])
        out.append(repl)
        pos = end
    out.append(text[pos:])
    return "".join(out)


def included_headers(path, root=ROOT):
    """The impl/ headers a source file includes, directly or through other impl/ headers."""
    seen, todo = [], [path]
    while todo:
        cur = todo.pop()
        try:
            with open(os.path.join(root, cur), errors="replace") as f:
                found = re.findall(r'^#include "(impl/[^"]+\.h)"', f.read(), re.M)
        except OSError:
            continue
        for h in found:
            if h not in seen:
                seen.append(h)
                todo.append(h)
    return seen


def splice_header(cc_path, cc_text, header, header_text, root=ROOT):
    """cc_text with header_text (a mutated copy of header) put in place before the cc file's first
    #include of an impl/ header that is header or includes it. The header's include guard then
    keeps the original out of this one translation unit; #line keeps the compiler's messages
    pointing at the right file and line."""
    lines = cc_text.splitlines(keepends=True)
    for n, line in enumerate(lines):
        m = re.match(r'#include "(impl/[^"]+\.h)"', line)
        if m and (m.group(1) == header or header in included_headers(m.group(1), root)):
            return "".join(lines[:n] + ['#line 1 "%s"\n' % header, header_text,
                                        '#line %d "%s"\n' % (n + 1, cc_path)] + lines[n:])
    raise RuleError("%s includes no impl/ header that brings in %s" % (cc_path, header))


def marker_line(name):
    """Appended to every mutated file: proves the object was compiled from it."""
    return ("\n// tools/mutants: mutant %s. The marker proves the build compiled this file.\n"
            '[[gnu::used]] static const char kAriasuiteMutantMarker[] = "%s%s";\n' %
            (name, MARKER, name))


def mutant_source(mutant, root=ROOT, rules_dir=None):
    """(file, original text, mutated text) of the mutant's file (the catalogue's, a .cc): its rule
    applied, a header rule spliced in, the marker appended. RuleError when the rule is missing or
    does not apply."""
    rule = load_rule(mutant["name"], rules_dir)
    target = mutant["file"]
    site = rule["file"]
    where = ("rules/%s.rule" % mutant["name"], site)
    if site != target and site not in included_headers(target, root):
        raise RuleError("rules/%s.rule edits %s, which is neither the catalogue's file %s nor a "
                        "header it includes" % (mutant["name"], site, target))
    try:
        with open(os.path.join(root, target)) as f:
            original = f.read()
        with open(os.path.join(root, site)) as f:
            site_text = f.read()
    except OSError as e:
        raise RuleError("rules/%s.rule: %s" % (mutant["name"], e)) from None
    mutated = apply_edits(site_text, rule["edits"], where)
    if site != target:
        mutated = splice_header(target, original, site, mutated, root)
    return target, original, mutated + marker_line(mutant["name"])


def rule_diff(mutant, root=ROOT, rules_dir=None):
    """A unified diff of the mutant's rule against today's source (for --diff)."""
    rule = load_rule(mutant["name"], rules_dir)
    with open(os.path.join(root, rule["file"])) as f:
        text = f.read()
    mutated = apply_edits(text, rule["edits"], ("rules/%s.rule" % mutant["name"], rule["file"]))
    return "".join(difflib.unified_diff(text.splitlines(keepends=True),
                                        mutated.splitlines(keepends=True), "a/" + rule["file"],
                                        "b/" + rule["file"], n=2))


def load_suite(path=SUITE):
    stages = []
    for lineno, (stage, kind, what) in parse_table(path, 3):
        where = "%s:%d" % (os.path.relpath(path, ROOT), lineno)
        if kind not in ("test", "ct", "fuzz"):
            die("%s: kind must be test, ct or fuzz, got '%s'" % (where, kind))
        if kind == "fuzz" and not re.fullmatch(r"[1-9]\d*", what):
            die("%s: a fuzz stage wants SECONDS, got '%s'" % (where, what))
        stages.append({"stage": stage, "kind": kind, "what": what, "targets": []})
    return stages


# ---- Bazel ----

class Bazel:
    """Bazel in one workspace (the scratch copy) with one output base."""

    def __init__(self, workspace, output_base, disk_cache, extra=()):
        self.workspace = workspace
        self.output_base = output_base
        self.disk_cache = disk_cache
        self.extra = list(extra)

    def run(self, command, args, log_path, timeout=None):
        cmd = ["bazel", "--output_base=" + self.output_base, command]
        if command in ("build", "test"):
            cmd += ["--disk_cache=" + self.disk_cache, "--color=no", "--curses=no",
                    "--noshow_progress"] + self.extra
        cmd += args
        with open(log_path, "a") as logf:
            logf.write("\n$ " + " ".join(cmd) + "\n")
            logf.flush()
            try:
                proc = subprocess.run(cmd, cwd=self.workspace, stdout=logf,
                                      stderr=subprocess.STDOUT, timeout=timeout)
                return proc.returncode
            except subprocess.TimeoutExpired:
                logf.write("mutants: bazel timed out after %ss\n" % timeout)
                return None

    def query_tests(self, expr, log_path):
        q = "(%s) except attr(tags, '%s', %s)" % (expr, EXCLUDED_TAGS, expr)
        out = subprocess.run(["bazel", "--output_base=" + self.output_base, "query", q,
                              "--output=label", "--keep_going"], cwd=self.workspace,
                             capture_output=True, text=True)
        with open(log_path, "a") as logf:
            logf.write("\n$ bazel query %s\n%s%s" % (q, out.stdout, out.stderr))
        # 3: partial result (e.g. a package of the expression has no BUILD file yet).
        if out.returncode not in (0, 3):
            return None
        return sorted(l for l in out.stdout.split() if l.startswith("//"))

    def info(self, key, args=()):
        out = subprocess.run(["bazel", "--output_base=" + self.output_base, "info"] + list(args) +
                             [key], cwd=self.workspace, capture_output=True, text=True)
        if out.returncode != 0:
            die("bazel info %s failed: %s" % (key, out.stderr.strip()[-300:]))
        return out.stdout.strip()


# ---- The scratch workspace ----

# Never copied into the scratch workspace: version control, caches, fuzzing findings, Bazel's
# convenience symlinks (top-level names) and Python's byte code (any level).
SKIP_TOP = {".git", ".cache", "ariasuite-findings"}
SKIP_ANY = {"__pycache__"}
SKIP_PATHS = {"fuzz/findings"}


def skipped(rel):
    parts = rel.split(os.sep)
    return (parts[0] in SKIP_TOP or parts[0].startswith("bazel-") or
            any(p in SKIP_ANY for p in parts) or rel in SKIP_PATHS)


def sync_tree(src, dst):
    """Makes dst a copy of src: copies the files whose size or modification time differ (keeping
    the time, so an unchanged file is never touched again), removes what src does not have.
    Returns the number of files copied or removed."""
    changed = 0
    os.makedirs(dst, exist_ok=True)
    for dirpath, dirnames, filenames in os.walk(src):
        rel_dir = os.path.relpath(dirpath, src)
        rel_dir = "" if rel_dir == "." else rel_dir
        dirnames[:] = sorted(d for d in dirnames if not skipped(os.path.join(rel_dir, d)))
        out_dir = os.path.join(dst, rel_dir)
        os.makedirs(out_dir, exist_ok=True)
        keep = set(dirnames)
        for name in filenames:
            rel = os.path.join(rel_dir, name)
            if skipped(rel):
                continue
            keep.add(name)
            s, d = os.path.join(src, rel), os.path.join(dst, rel)
            if os.path.islink(s):
                if not os.path.islink(d) or os.readlink(d) != os.readlink(s):
                    remove_path(d)
                    os.symlink(os.readlink(s), d)
                    changed += 1
                continue
            st = os.stat(s)
            try:
                dt = os.lstat(d)
                same = (not os.path.islink(d) and dt.st_size == st.st_size and
                        dt.st_mtime_ns == st.st_mtime_ns)
            except OSError:
                same = False
            if not same:
                remove_path(d)
                shutil.copy2(s, d)
                changed += 1
        for name in os.listdir(out_dir):
            if name not in keep:
                remove_path(os.path.join(out_dir, name))
                changed += 1
    return changed


def remove_path(path):
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    elif os.path.lexists(path):
        os.remove(path)


def shared_dir():
    """The shared vectors folder (../shared next to this tree, vectors/testdata.py) for the tests
    that read it: in the scratch copy they would look next to the copy and SKIP. "" when absent."""
    if not os.path.isfile(os.path.join(ROOT, "vectors", "testdata.py")):
        return ""  # a tree without vectors/ (the tests' made-up workspaces) reads no vectors
    sys.path.insert(0, os.path.join(ROOT, "vectors"))
    import testdata  # noqa: E402 (vectors/testdata.py: the one look-up of the Python code)
    return testdata.shared_dir(ROOT)[0]


# ---- Verdicts ----

KILLED = "KILLED"
SURVIVED = "SURVIVED"
NOT_BUILT = "NOT-BUILT"
ERROR = "ERROR"
NO_RULE = "NO-RULE"
STALE_RULE = "STALE-RULE"
NOT_COMPILED_IN = "NOT-COMPILED-IN"
NOT_RUN = "NOT-RUN"


class Outcome:
    """What a build or a check did to a mutant: status KILLED, NOT-BUILT or ERROR, the check that
    gave it (a test label, fuzz:<target>, build) and one line saying why. A check that passed gives
    no Outcome (None)."""

    def __init__(self, status, check, detail):
        assert status in (KILLED, NOT_BUILT, ERROR), status
        self.status, self.check, self.detail = status, check, detail

    def __repr__(self):
        return "Outcome(%s, %r, %r)" % (self.status, self.check, self.detail)


MISMATCH_RE = re.compile(r"^ARIA_MISMATCH (\S+) (\S+) vs (\S+)")
# Sanitizer reports of a bug in the code that ran. Out-of-memory reports and an abort (SIGABRT: a
# deliberate stop, e.g. after a third-party ARIA_MISMATCH) are not findings.
SANITIZER_RE = re.compile(r"ERROR: (AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer): "
                          r"(?!out of memory|requested allocation size|ABRT|allocator is out)"
                          r"|: runtime error: ")
# Other reports that end a run without blaming our code.
OTHER_REPORT_RE = re.compile(r"ERROR: (AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|"
                             r"libFuzzer): ")


def first_report(text):
    """The first report in a program's output: ("ours", line) for an ARIA_MISMATCH whose
    first-named backend is ours/... or a sanitizer report; ("other", line) for any other
    ARIA_MISMATCH, a timeout, an out-of-memory or a deadly signal; (None, "") when there is none."""
    for raw in text.splitlines():
        line = raw.strip()
        m = MISMATCH_RE.match(line)
        if m:
            return ("ours" if m.group(2).startswith("ours/") else "other"), line[:200]
        if SANITIZER_RE.search(line):
            return "ours", line[:200]
        if OTHER_REPORT_RE.search(line):
            return "other", line[:200]
    return None, ""


def classify_fuzz_run(rc, output, check):
    """The verdict of one fuzzer run: rc its exit status (None: it did not end in time), output
    what it printed. None when it passed."""
    if rc == 0:
        return None
    kind, line = first_report(output)
    if kind == "ours":
        return Outcome(KILLED, check, line)
    if rc is None:
        return Outcome(ERROR, check, "no result: the run did not end in time" +
                       (" (%s)" % line if line else ""))
    if kind == "other":
        return Outcome(ERROR, check, "exit %s, not a finding against our code: %s" % (rc, line))
    last = [l for l in output.splitlines() if l.strip()][-1:]
    return Outcome(ERROR, check, "exit %s with no ARIA_MISMATCH against ours and no sanitizer "
                   "report%s" % (rc, (": " + last[0].strip()[:160]) if last else ""))


def bep_test_results(bep_path):
    """[(label, status, test.xml path, test.log path)] of the tests that did not pass, in BEP
    order (paths None when the BEP names none)."""
    failed = []
    for event in bep.read_events(bep_path)[0]:
        r = bep.test_result(event)
        if r is None or r.status is None or r.status in ("PASSED", "FLAKY"):
            continue
        failed.append((r.label, r.status, r.files.get("test.xml"), r.files.get("test.log")))
    return failed


def xml_cases(xml_path):
    """(failed, errors) of a test.xml: failed lists ('Suite.Case', message) of each test case with
    a <failure>; errors the messages of <error> elements, which is what Bazel writes when the test
    wrote no XML (exited with error code N, timed out, terminated by signal)."""
    failed, errors = [], []
    for case in (junit.read(xml_path) if xml_path else None) or []:
        if case.status == junit.FAILED:
            msg = (case.message or case.body).strip().splitlines()
            failed.append(("%s.%s" % (case.classname, case.name), msg[0][:120] if msg else ""))
        elif case.status == junit.ERROR:
            errors.append((case.message or "error").strip()[:120])
    return failed, errors


def read_text(path):
    if not path:
        return ""
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def classify_test_run(rc, bep_path, kind="test"):
    """The verdict of one `bazel test` stage from its exit status and Build Event Protocol file.
    None when it passed. kind "ct": a failed case kills only when it is a constant-time report
    (the ct driver's LEAK); its other failures (timeout, valgrind cannot run, a blind control) are
    errors."""
    if rc == 0:
        return None
    results = bep_test_results(bep_path)
    for label, status, xml, log_path in results:
        failed, _ = xml_cases(xml)
        if kind == "ct":
            failed = [c for c in failed if c[1].startswith("LEAK")]
        if failed:
            name, msg = failed[0]
            return Outcome(KILLED, label, "%s %s%s" % (status, name, (": " + msg) if msg else ""))
        if kind != "ct":
            # A replay test dies at an ARIA_MISMATCH or a sanitizer report before gtest writes XML.
            report, line = first_report(read_text(log_path))
            if report == "ours":
                return Outcome(KILLED, label, "%s %s" % (status, line))
    if results:
        label, status, xml, _ = results[0]
        failed, errors = xml_cases(xml)
        why = "; ".join(c[0] + ": " + c[1] for c in failed) or "; ".join(errors)
        return Outcome(ERROR, label, "%s with no failed case of ours%s" % (
            status, (" (%s)" % why[:160]) if why else ""))
    return Outcome(ERROR, "bazel test", "exit %s with no failed test (see the log)" % rc)


# Bazel's line for a compile or link action that failed (4.2: "Compiling x.cc failed", older
# releases: "C++ compilation of rule '//x' failed").
ACTION_FAILED_RE = re.compile(r"^ERROR: .*: (Compiling|Linking) \S+ failed|"
                              r"^ERROR: .*: C\+\+ compilation of rule \S+ failed", re.M)


def classify_build(rc, config, log_path):
    """The verdict of a `bazel build` of the mutant: None when it built; NOT-BUILT when Bazel says
    the build failed (exit 1) at a compile or link action; ERROR for any other failure (analysis or
    fetch error, server crash, out of memory, timeout)."""
    if rc == 0:
        return None
    check = "build" + (" --config=" + config if config else "")
    if rc == 1 and ACTION_FAILED_RE.search(read_text(log_path)):
        return Outcome(NOT_BUILT, check, first_error_line(log_path))
    return Outcome(ERROR, check, "bazel exit %s, no compile or link action failed: %s" % (
        "timeout" if rc is None else rc, first_error_line(log_path)))


def first_error_line(log_path):
    """The compiler's first error (file:line:col: error: ...), else Bazel's first ERROR line."""
    lines = read_text(log_path).splitlines()
    for pattern in (r"^\S+:\d+:(\d+:)? (fatal )?error: ", r"error:|ERROR:"):
        for line in lines:
            if re.search(pattern, line):
                return line.strip()[:200]
    return "see the log"


# ---- Running the suite ----

class Runner:
    """Runs the suite in the scratch workspace (<output base>-ws) with two output bases (the
    default config and --config=fuzz) and one disk cache."""

    def __init__(self, args, stages, log_dir):
        self.args = args
        self.stages = stages
        self.log_dir = log_dir
        ob = args.output_base
        self.workspace = ob + "-ws"
        shared = shared_dir()
        extra = ["--test_env=ARIASUITE_SHARED_DIR=" + shared] if shared else []
        self.bazel = Bazel(self.workspace, ob, ob + "-disk-cache", extra)
        self.fuzz_bazel = Bazel(self.workspace, ob + "-fuzz", ob + "-disk-cache",
                                ["--config=fuzz"] + extra)
        self.fuzz_targets = sorted(
            os.path.basename(p)[:-len("_fuzzer.cc")]
            for p in glob.glob(os.path.join(ROOT, "fuzz", "*_fuzzer.cc")))

    def sync_workspace(self):
        """Refreshes the scratch copy of this tree; returns the number of files changed."""
        return sync_tree(ROOT, self.workspace)

    def mutant_source(self, mutant):
        return mutant_source(mutant)

    def apply(self, path, text):
        """Puts the mutated text of path into the scratch workspace."""
        dst = os.path.join(self.workspace, path)
        remove_path(dst)
        with open(dst, "w") as f:
            f.write(text)

    def restore(self, path):
        """Puts the original file back (its time too: the next sync leaves it alone)."""
        dst = os.path.join(self.workspace, path)
        remove_path(dst)
        shutil.copy2(os.path.join(ROOT, path), dst)

    def resolve_targets(self, log_path):
        for st in self.stages:
            if st["kind"] not in ("test", "ct"):
                continue
            targets = self.bazel.query_tests(st["what"], log_path)
            if targets is None:
                die("bazel query for stage '%s' (%s) failed; see %s" % (st["stage"], st["what"],
                                                                       log_path))
            st["targets"] = targets
            if not targets:
                log("warning: stage '%s' (%s) matches no test target" % (st["stage"], st["what"]))

    def all_test_targets(self):
        return [t for st in self.stages if st["kind"] in ("test", "ct") for t in st["targets"]]

    def build(self, log_path):
        """Builds every test target of the suite (default config); None or a NOT-BUILT/ERROR
        Outcome."""
        targets = self.all_test_targets()
        if not targets:
            return None
        return classify_build(self.bazel.run("build", ["--"] + targets, log_path), "",
                              log_path)

    def marker_present(self, mutant):
        return marker_present(self.bazel, mutant)

    def run_test_stage(self, st, log_path, tag):
        if not st["targets"]:
            return None
        bep = os.path.join(self.log_dir, "%s.%s.bep.json" % (tag, st["stage"]))
        rc = self.bazel.run("test", ["--build_event_json_file=" + bep, "--test_output=errors",
                                     "--"] + st["targets"], log_path)
        return classify_test_run(rc, bep, st["kind"])

    def run_fuzz_stage(self, st, log_path, tag):
        seconds = int(self.args.fuzz_seconds or st["what"])
        if not self.fuzz_targets:
            return None
        labels = ["//fuzz:%s_fuzzer" % t for t in self.fuzz_targets]
        built = classify_build(self.fuzz_bazel.run("build", ["--"] + labels, log_path),
                               "fuzz", log_path)
        if built is not None:
            return built
        bin_dir = self.fuzz_bazel.info("bazel-bin", ["--config=fuzz"])
        for t in self.fuzz_targets:
            work = tempfile.mkdtemp(prefix="fuzz-%s." % t, dir=self.log_dir)
            dirs = [work] + [d for d in ("fuzz/corpus/" + t, "fuzz/regressions/" + t)
                             if os.path.isdir(os.path.join(ROOT, d))]
            cmd = [os.path.join(bin_dir, "fuzz", t + "_fuzzer"), "-max_total_time=%d" % seconds,
                   "-seed=1", "-timeout=20", "-rss_limit_mb=4096", "-print_final_stats=0",
                   "-artifact_prefix=" + work + "/"] + dirs
            out_path = os.path.join(work, "output.txt")
            with open(out_path, "w") as outf:
                try:
                    rc = subprocess.run(cmd, cwd=ROOT, stdout=outf, stderr=subprocess.STDOUT,
                                        timeout=seconds + 120).returncode
                except subprocess.TimeoutExpired:
                    rc = None
            output = read_text(out_path)
            with open(log_path, "a") as logf:
                logf.write("\n$ " + " ".join(cmd) + "\n" + output)
                if rc is None:
                    logf.write("mutants: no exit after %ds\n" % (seconds + 120))
            verdict = classify_fuzz_run(rc, output, "fuzz:" + t)
            if verdict is not None:  # keep the work directory: it holds the input
                verdict.detail += " (input in %s)" % work
                return verdict
            shutil.rmtree(work, ignore_errors=True)
        return None

    def run_suite(self, log_path, tag):
        """Runs the stages in order up to the first verdict. Returns (stage, Outcome, seconds into
        the suite), or None when every stage passed."""
        start = time.monotonic()
        for st in self.stages:
            if st["kind"] == "fuzz":
                res = self.run_fuzz_stage(st, log_path, tag)
            else:
                res = self.run_test_stage(st, log_path, tag)
            if res is not None:
                return st["stage"], res, time.monotonic() - start
        return None


def marker_present(bazel, mutant):
    """True when an object compiled from the mutant's file carries its marker (the build compiled
    the mutated file)."""
    out_path = bazel.info("output_path")
    want = (MARKER + mutant["name"]).encode()
    d, stem = os.path.split(mutant["file"])
    stem = os.path.splitext(stem)[0]
    for obj in glob.glob(os.path.join(out_path, "*", "bin", d, "_objs", "*", stem + ".*o")):
        with open(obj, "rb") as fobj:
            if want in fobj.read():
                return True
    return False


def run_mutant(runner, m, log_dir, not_run=""):
    """Builds one mutant and runs the suite on it; returns its result (a dict for the table and
    the JSON) with status KILLED, SURVIVED, NOT-BUILT, ERROR, NO-RULE, STALE-RULE,
    NOT-COMPILED-IN or NOT-RUN. The mutated file is in the scratch workspace only while this
    runs."""
    r = dict(m)
    r.update(status="", stage="", check="", killed_by="", detail="", build_seconds=None,
             seconds_to_kill=None)
    try:
        target, _, mutated = runner.mutant_source(m)
    except RuleError as e:
        status = NO_RULE if str(e).startswith("no rule ") else STALE_RULE
        r.update(status=status, detail=str(e))
        log("%-28s %s (%s)" % (m["name"], status, e))
        return r
    if not_run:
        r.update(status=NOT_RUN, detail=not_run)
        return r
    mlog = os.path.join(log_dir, m["name"] + ".log")
    t0 = time.monotonic()
    runner.apply(target, mutated)
    try:
        built = runner.build(mlog)
        r["build_seconds"] = time.monotonic() - t0
        if built is not None:
            r.update(status=built.status, stage="build", check=built.check,
                     detail="%s (log: %s)" % (built.detail, mlog))
        elif not runner.marker_present(m):
            r.update(status=NOT_COMPILED_IN, check="build",
                     detail="no %s%s in the objects of %s (log: %s)" % (MARKER, m["name"],
                                                                      m["file"], mlog))
        else:
            fail = runner.run_suite(mlog, m["name"])
            if fail is None:
                r.update(status=SURVIVED, detail="every stage passed (log: %s)" % mlog)
            else:
                stage, verdict, _ = fail
                r.update(status=verdict.status, stage=stage, check=verdict.check,
                         detail=verdict.detail)
                if verdict.status == KILLED:
                    r.update(killed_by=verdict.check, seconds_to_kill=time.monotonic() - t0)
                else:
                    r["detail"] += " (log: %s)" % mlog
    finally:
        runner.restore(target)
    log("%-28s %s %s %s" % (m["name"], r["status"], r["check"], r["detail"][:100]))
    return r


def exit_status(results):
    """0 when there were mutants and every one was killed, else 1."""
    return 0 if results and all(r["status"] == KILLED for r in results) else 1


# ---- Reporting ----

def stage_kills(results):
    """{stage: number of mutants it killed}, in the order the stages first killed."""
    kills = {}
    for r in results:
        if r["status"] == KILLED:
            kills[r["stage"]] = kills.get(r["stage"], 0) + 1
    return kills


def status_counts(results):
    counts = {}
    for r in results:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    return counts


def json_report(results, baseline_seconds, total_seconds, stages, skipped_stages):
    counts = status_counts(results)
    return {
        "score": {"killed": counts.get(KILLED, 0), "total": len(results)},
        "statuses": counts,
        "killed_per_stage": stage_kills(results),
        "baseline_seconds": baseline_seconds,
        "total_seconds": total_seconds,
        "stages": [{"stage": s["stage"], "kind": s["kind"], "what": s["what"],
                    "targets": s["targets"]} for s in stages],
        "stages_left_out": [s["stage"] for s in skipped_stages],
        "mutants": results,
    }


def print_table(results, baseline_seconds, stages):
    cols = ["mutant", "layer", "path", "result", "killed by (or why not)", "build", "to kill"]
    rows = []
    for r in results:
        why = r.get("detail", "")
        if r.get("check"):
            where = " [%s]" % r["stage"] if r.get("stage") not in ("", r["check"]) else ""
            why = "%s%s %s" % (r["check"], where, why)
        rows.append([r["name"], r["layer"], r["path"], r["status"], why[:110],
                     "%.0fs" % r["build_seconds"] if r.get("build_seconds") is not None else "-",
                     "%.0fs" % r["seconds_to_kill"] if r.get("seconds_to_kill") is not None
                     else "-"])
    widths = [max(len(cols[i]), *(len(row[i]) for row in rows)) if rows else len(cols[i])
              for i in range(len(cols))]
    widths[4] = min(widths[4], 110)
    fmt = "  ".join("%%-%ds" % w for w in widths)
    print(fmt % tuple(cols))
    print(fmt % tuple("-" * w for w in widths))
    for row in rows:
        print(fmt % tuple(row))
    counts = status_counts(results)
    killed = counts.get(KILLED, 0)
    total = len(results)
    print()
    print("mutation score: %d/%d killed (%.1f%%)%s" % (
        killed, total, 100.0 * killed / total if total else 0.0,
        "".join("; %d %s" % (n, st.lower()) for st, n in sorted(counts.items()) if st != KILLED)))
    kills = stage_kills(results)
    if kills:
        print("killed per stage: " + ", ".join("%s %d" % kv for kv in kills.items()))
    if baseline_seconds is not None:
        print("fast suite on the unmutated build: %.0fs (stages: %s)" % (
            baseline_seconds, ", ".join(s["stage"] for s in stages)))


def main():
    ap = argparse.ArgumentParser(
        prog="tools/ariasuite mutants",
        description="Mutation testing: build each catalogued mutant and run the fast suite.")
    ap.add_argument("--budget", type=float, default=0,
                    help="stop starting new mutants after SECONDS (0: no limit); the rest are "
                         "reported NOT-RUN")
    ap.add_argument("--json", help="write the results as JSON to FILE")
    ap.add_argument("--output-base", help="Bazel output base for the mutant builds (default "
                    "$ARIASUITE_MUTANTS_OUTPUT_BASE or ~/.cache/bazel-ariasuite-mutants-<hash>); "
                    "the scratch workspace is DIR-ws, the fuzz build's output base DIR-fuzz, the "
                    "disk cache DIR-disk-cache")
    ap.add_argument("--fuzz-seconds", type=int, default=0,
                    help="seconds per fuzzer in fuzz stages (default: suite.txt's)")
    ap.add_argument("--skip-stage", action="append", default=[], metavar="STAGE",
                    help="leave out a stage of suite.txt (repeatable); the table says so")
    ap.add_argument("--no-baseline", action="store_true",
                    help="skip the run of the suite on the unmutated build")
    ap.add_argument("--list", action="store_true",
                    help="print the catalogue and whether each rule applies, run nothing")
    ap.add_argument("--diff", action="store_true",
                    help="print each mutant's edit as a diff against today's source, run nothing")
    ap.add_argument("--write-source", metavar="FILE",
                    help="write the mutated file of the one MUTANT given (what a mutant build "
                         "compiles) to FILE, run nothing")
    ap.add_argument("mutants", nargs="*", metavar="MUTANT")
    args = ap.parse_args()
    if args.budget < 0:
        die("--budget wants SECONDS >= 0")

    catalogue = load_catalogue()
    names = [m["name"] for m in catalogue]
    for n in args.mutants:
        if n not in names:
            die("unknown mutant '%s' (tools/ariasuite mutants --list)" % n)
    selected = [m for m in catalogue if not args.mutants or m["name"] in args.mutants]

    if args.list:
        applies = 0
        for m in catalogue:
            try:
                mutant_source(m)
                state = "rule applies"
                applies += 1
            except RuleError as e:
                state = ("NO RULE" if str(e).startswith("no rule ") else "STALE RULE") + ": " + \
                    str(e)
            print("%-28s %-14s %-12s %-24s %s" % (m["name"], m["layer"], m["path"], m["file"],
                                                   state))
        print("%d mutants, %d whose rule applies to today's source" % (len(catalogue), applies))
        return 0
    if args.diff:
        bad = 0
        for m in selected:
            try:
                print("# %s (%s): %s" % (m["name"], m["file"], m["description"]))
                print(rule_diff(m))
            except RuleError as e:
                print("mutants: %s" % e, file=sys.stderr)
                bad += 1
        return 1 if bad else 0
    if args.write_source:
        if len(args.mutants) != 1:
            die("--write-source wants exactly one MUTANT")
        try:
            _, _, text = mutant_source(selected[0])
        except RuleError as e:
            die(str(e))
        with open(args.write_source, "w") as f:
            f.write(text)
        return 0

    stages = load_suite()
    known = [st["stage"] for st in stages]
    for name in args.skip_stage:
        if name not in known:
            die("--skip-stage %s: no such stage (suite.txt has: %s)" % (name, ", ".join(known)))
    if all(st["stage"] in args.skip_stage for st in stages):
        # No check would run: every mutant would "survive" a suite that tests nothing.
        print("mutants: nothing tested: --skip-stage leaves out every stage of suite.txt (%s)"
              % ", ".join(known), file=sys.stderr)
        return 4
    if shutil.which("bazel") is None:
        die("bazel not found")
    if not args.output_base:
        args.output_base = os.environ.get("ARIASUITE_MUTANTS_OUTPUT_BASE") or os.path.expanduser(
            "~/.cache/bazel-ariasuite-mutants-" + hashlib.md5(ROOT.encode()).hexdigest()[:10])
    skipped_stages = [st for st in stages if st["stage"] in args.skip_stage]
    stages = [st for st in stages if st["stage"] not in args.skip_stage]
    for st in skipped_stages:
        log("stage %-14s LEFT OUT (--skip-stage): a mutant only it would kill will survive" %
            st["stage"])
    log_dir = tempfile.mkdtemp(prefix="ariasuite-mutants.")
    log("logs in " + log_dir)
    runner = Runner(args, stages, log_dir)
    t_start = time.monotonic()
    log("scratch workspace %s: %d files refreshed" % (runner.workspace, runner.sync_workspace()))

    setup_log = os.path.join(log_dir, "baseline.log")
    runner.resolve_targets(setup_log)
    for st in stages:
        if st["kind"] == "fuzz":
            log("stage %-14s %d fuzzers x %ss" % (st["stage"], len(runner.fuzz_targets),
                                                  args.fuzz_seconds or st["what"]))
        else:
            log("stage %-14s %d test targets" % (st["stage"], len(st["targets"])))

    baseline_seconds = None
    if not args.no_baseline:
        log("baseline: building and running the fast suite without any mutant")
        t0 = time.monotonic()
        built = runner.build(setup_log)
        if built is not None:
            die("the unmutated build fails (%s): %s (log: %s)" % (built.status, built.detail,
                                                                  setup_log))
        fail = runner.run_suite(setup_log, "baseline")
        if fail is not None:
            stage, verdict, _ = fail
            die("the fast suite fails WITHOUT any mutant (stage %s: %s %s %s), so it cannot judge "
                "mutants; fix it first, or leave the stage out with --skip-stage %s (log: %s)" %
                (stage, verdict.status, verdict.check, verdict.detail, stage, setup_log))
        baseline_seconds = time.monotonic() - t0
        log("baseline: passed in %.0fs" % baseline_seconds)

    results = []
    for m in selected:
        over = bool(args.budget) and time.monotonic() - t_start > args.budget
        results.append(run_mutant(runner, m, log_dir,
                                  "budget of %.0fs used up" % args.budget if over else ""))

    print_table(results, baseline_seconds, stages)
    if skipped_stages:
        print("stages left out (--skip-stage): %s" % ", ".join(st["stage"]
                                                               for st in skipped_stages))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(json_report(results, baseline_seconds, time.monotonic() - t_start, stages,
                                  skipped_stages), f, indent=2)
            f.write("\n")
    return exit_status(results)


if __name__ == "__main__":
    sys.exit(main())
