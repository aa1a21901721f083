"""Turns what the guest printed into test cases: the TAP 13 of each program (between the
`ARIASUITE TAP-BEGIN/END` markers of kernel-tests/vm/guest_init.sh), the module loads, and the kernel
console checked for oopses, panics, BUG and WARNING splats. Writes the summary and JUnit XML.

A case is (suite, name, status, message) with status "pass", "fail" or "skip". Each program
must print a TAP plan and as many results, numbered 1..N in order, and no `Bail out!` (else
`PROGRAM.program_status` fails); `# SKIP` makes only an `ok` a skip, `# TODO` only a `not ok`; a
nested subtest's `not ok` (indented, or kselftest's `# not ok`) fails the parent result that
follows it. run_verdict gives the exit status, 4 when no program reported any result.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "tools", "results"))
import junit  # noqa: E402

_RESULT = re.compile(r"^(not ok|ok)\s+(\d+)\s*-?\s*([^#]*?)\s*(?:#\s*(.*))?$")
_PLAN = re.compile(r"^1\.\.(\d+)\s*(?:#\s*(.*))?$")
_BAIL = re.compile(r"^Bail out!(.*)$")
# A nested (subtest) `not ok`: indented (TAP 14) or behind `# ` (kselftest's nested TAP).
_NESTED = re.compile(r"^(?:\s+|#\s*)(not ok\s+\d+[^#]*?)\s*(?:#\s*(.*))?$")

# Console lines that mean the kernel went wrong while the tests ran.
_KERNEL_TROUBLE = re.compile(
    r"(Kernel panic|Oops[:\s]|BUG:|WARNING:|general protection fault|"
    r"Unable to handle kernel|kernel BUG at|RIP: |Call Trace:|soft lockup|hung_task|"
    r"UBSAN:|KASAN:|KFENCE:|refcount_t:|list_add corruption|list_del corruption|"
    r"possible circular locking|possible recursive locking|inconsistent lock state|"
    r"lock held when returning|suspicious RCU usage|sleeping function called from invalid)")

# What /init prints before each program, and what the kTLS fuzzer writes to the kernel log before
# each operation list (`ktls_fuzz: seed S sequence K` or `ktls_fuzz: replay FILE`).
_RUNNING = re.compile(r"ariasuite: running (\S+)")
_FUZZ_MARK = re.compile(r"(ktls_fuzz: (?:seed \d+ sequence \d+|replay \S+))")


def splats(console_text):
    """(the console lines that show a kernel problem, " while running PROG[, at MARK]" naming the
    program /init was running and the fuzzer's last operation list before the first of them, or
    "" when they came before any program)."""
    program, mark, trouble, where = None, None, [], ""
    for line in console_text.replace("\r", "").split("\n"):
        m = _RUNNING.search(line)
        if m:
            program, mark = m.group(1), None
            continue
        m = _FUZZ_MARK.search(line)
        if m:
            mark = m.group(1)
            continue
        if _KERNEL_TROUBLE.search(line):
            if not trouble and program:
                where = " while running %s" % program + (" (%s)" % mark if mark else "")
            trouble.append(line)
    return trouble, where


# What each ARIA SIMD driver needs from the CPU (arch/x86/crypto/aria_*_glue.c, the init checks).
ARIA_DRIVER_CPU_FLAGS = {
    "aria_aesni_avx_x86_64": ["avx", "aes", "osxsave"],
    "aria_aesni_avx2_x86_64": ["avx", "avx2", "aes", "osxsave"],
    "aria_gfni_avx512_x86_64": ["avx", "avx2", "avx512f", "avx512vl", "gfni", "osxsave"],
}


class Case:
    def __init__(self, suite, name, status, message=""):
        self.suite, self.name, self.status, self.message = suite, name, status, message

    def __repr__(self):
        return "Case(%s.%s %s)" % (self.suite, self.name, self.status)


class GuestRun:
    """Everything parsed from one boot."""

    def __init__(self):
        self.cases = []
        self.kernel = None
        self.cpu_flags = set()
        self.drivers = []  # (name, driver, priority, selftest)
        self.began = False
        self.ended = False
        self.results = 0  # TAP result lines (ok / not ok) of every program together


def _cpu_missing(flags, module):
    need = ARIA_DRIVER_CPU_FLAGS.get(module)
    if need is None:
        return None
    # /proc/cpuinfo has no "osxsave" flag on every kernel; xsave stands in for it.
    have = set(flags)
    if "xsave" in have:
        have.add("osxsave")
    return [f for f in need if f not in have]


def parse_program(suite, lines, rc, complete, filtered=False):
    """Cases of one program's TAP block and how many results it printed. rc is its exit status
    (None when unknown); filtered: a --filter was given, so a plan of 1..0 is no failure."""
    cases, diag, plan, plan_skip, seen = [], [], None, None, 0
    problems, subtest_failed = [], None
    for raw in lines:
        line = raw.rstrip("\r\n")
        m = _BAIL.match(line)
        if m:
            # `Bail out!` ends the stream: whatever follows is no result of this program.
            problems.append("bailed out: %s" % (m.group(1).strip() or "no reason given"))
            break
        m = _NESTED.match(line)
        if m and not (m.group(2) and re.match(r"(?i)(SKIP|TODO)", m.group(2))):
            # A subtest's failure (indented TAP 14, or kselftest's `# `-prefixed nested TAP):
            # it fails the parent result that follows, whatever that says.
            subtest_failed = subtest_failed or m.group(1).strip()
        m = _PLAN.match(line)
        if m and plan is None:
            plan = int(m.group(1))
            if m.group(2) and m.group(2).upper().startswith("SKIP"):
                plan_skip = m.group(2)[4:].strip() or "skipped (no reason given)"
            continue
        m = _RESULT.match(line)
        if m:
            verdict, number, name, directive = m.groups()
            seen += 1
            if int(number) != seen and not any(p.startswith("result ") for p in problems):
                problems.append("result %d is numbered %s (a repeated or skipped number)"
                                % (seen, number))
            name = name.strip() or ("test_%d" % seen)
            msg = "\n".join(diag)
            nested, subtest_failed = subtest_failed, None
            if nested and not (verdict == "not ok" and directive):
                cases.append(Case(suite, name, "fail",
                                  "%s %s but a subtest failed: %s" % (verdict, name, nested)
                                  + ("\n" + msg if msg else "")))
            elif verdict == "ok" and directive and directive.upper().startswith("SKIP"):
                reason = directive[4:].strip() or "skipped (no reason given)"
                cases.append(Case(suite, name, "skip", reason))
            elif verdict == "not ok" and directive and directive.upper().startswith("TODO"):
                # TAP TODO: an expected failure (the harness's KNOWN_ISSUE); never a pass.
                reason = directive[4:].strip() or "known issue (no reason given)"
                cases.append(Case(suite, name, "skip", "TODO " + reason))
            elif verdict == "ok":
                cases.append(Case(suite, name, "pass"))
            else:
                cases.append(Case(suite, name, "fail", msg or "not ok"))
            diag = []
            continue
        if line.startswith("#"):
            text = line[1:].strip()
            # The harness's own progress lines are not worth keeping as failure text.
            if not text.startswith("RUN ") and not re.match(r"^\S+: [0-9.]+ s$", text):
                diag.append(text)
        elif line.strip() and not line.startswith("TAP version"):
            diag.append(line.strip())
    if not complete:
        problems.append("did not finish (the guest died or hung while it ran)")
    if plan is None:
        problems.append("printed no TAP plan (1..N)")
    elif plan != seen:
        problems.append("planned %d tests but reported %d" % (plan, seen))
    elif plan == 0 and plan_skip is not None:
        # kselftest's ksft_exit_skip before any test: `1..0 # SKIP reason`.
        cases.append(Case(suite, "program_status", "skip", plan_skip))
    elif plan == 0 and not filtered:
        problems.append("planned no tests (1..0) without a --filter: it tested nothing")
    failed = any(c.status == "fail" for c in cases)
    passed = any(c.status == "pass" for c in cases)
    # kselftest harnesses (the kernel's own, for --extra-test) exit 4 only when everything
    # skipped, 0 with passes and skips, 1 on a failure.
    if rc is not None and complete:
        if rc == 137:
            problems.append("killed at the per-program timeout (rc=137)")
        elif rc not in (0, 1, 4):
            problems.append("exit status %d (expected 0, 1 or 4)" % rc)
        elif rc == 0 and failed:
            problems.append("exit status 0 although a test failed")
        elif rc == 1 and not failed:
            problems.append("exit status 1 but no test failed")
        elif rc == 4 and (failed or passed):
            problems.append("exit status 4 (only skips) but not every test skipped")
    if problems:
        tail = "\n".join(diag[-20:])
        cases.append(Case(suite, "program_status", "fail",
                          "%s %s" % (suite, "; ".join(problems)) + ("\n" + tail if tail else "")))
    return cases, seen


def parse_guest(tap_text, console_text, run_state, qemu_error="", programs=(),
                filtered=False, why=""):
    """Parses the TAP channel and the console of one boot. run_state: "exited", "timeout",
    "hung" (silent too long) or "stopped" (qemu stopped the guest); why: one line saying so (for
    the last three); qemu_error: qemu's complaint when it exited with an error; programs: the
    names of the test programs the guest was given (each must print its TAP); filtered: a
    --filter was given."""
    run = GuestRun()
    lines = tap_text.replace("\r", "").split("\n")
    current, block, started = None, [], []

    def program(name, rc, complete):
        started.append(name)
        cases, seen = parse_program(name, block, rc, complete, filtered)
        run.cases.extend(cases)
        run.results += seen

    for line in lines:
        if line.startswith("ARIASUITE "):
            parts = line.split(" ", 3)
            tag = parts[1] if len(parts) > 1 else ""
            if tag == "BEGIN":
                run.began = True
            elif tag == "KERNEL":
                run.kernel = line.split(" ", 2)[2].strip() if len(parts) > 2 else None
            elif tag == "CPU":
                run.cpu_flags = set(line.split(" ", 2)[2].split()) if len(parts) > 2 else set()
            elif tag == "MODULE" and len(parts) >= 3:
                name = parts[2]
                rest = parts[3] if len(parts) > 3 else ""
                if rest.startswith("ok"):
                    run.cases.append(Case("modules", name, "pass"))
                else:
                    msg = rest[len("failed"):].strip()
                    missing = _cpu_missing(run.cpu_flags, name)
                    if missing and "No such device" in msg:
                        run.cases.append(Case(
                            "modules", name, "skip",
                            "guest CPU lacks %s (the driver refuses to load: %s)"
                            % (", ".join(missing), msg)))
                    else:
                        run.cases.append(Case("modules", name, "fail", "insmod: " + msg))
            elif tag == "DRIVER":
                run.drivers.append(line.split(" ")[2:])
            elif tag == "TAP-BEGIN":
                current, block = parts[2].strip(), []
            elif tag == "TAP-END":
                m = re.search(r"rc=(\d+)", line)
                rc = int(m.group(1)) if m else None
                program(current or parts[2], rc, True)
                current = None
            elif tag == "END":
                run.ended = True
            continue
        if current is not None:
            block.append(line)
    if current is not None:
        program(current, None, False)
    if run.began:
        for name in programs:
            if name not in started:
                run.cases.append(Case(name, "program_status", "fail",
                                      "%s printed no TAP: the guest never started it" % name))

    trouble, where = splats(console_text)
    tail = "\n".join(console_text.replace("\r", "").rstrip("\n").split("\n")[-40:])
    if trouble:
        run.cases.append(Case("guest", "kernel_log_clean", "fail",
                              "the kernel reported problems%s:\n" % where +
                              "\n".join(trouble[:30]) + "\n--- console tail ---\n" + tail))
    elif run.began:
        run.cases.append(Case("guest", "kernel_log_clean", "pass"))
    ended_by = {"timeout": "was killed at the timeout (hang, oops or panic)",
                "hung": "was declared hung", "stopped": "was stopped by qemu"}.get(run_state)
    if ended_by and why:
        ended_by += ": " + why
    if not run.began:
        what = "timed out" if run_state == "timeout" else "exited"
        if run_state in ("hung", "stopped"):
            what = ended_by
        run.cases.append(Case("guest", "boot", "fail",
                              "the guest %s before /init started the tests%s\n"
                              "--- console tail ---\n%s"
                              % (what, ("\n" + qemu_error) if qemu_error else "", tail)))
    elif not run.ended:
        what = ended_by or "stopped before the end marker (panic or crash)"
        run.cases.append(Case("guest", "completed", "fail",
                              "the guest %s\n--- console tail ---\n%s" % (what, tail)))
    else:
        run.cases.append(Case("guest", "completed", "pass"))
    return run


def counts(cases):
    c = {"pass": 0, "fail": 0, "skip": 0}
    for x in cases:
        c[x.status] += 1
    return c


def exit_status(cases):
    """0 all passed, 1 a failure, 4 only skips (kselftest codes)."""
    c = counts(cases)
    if c["fail"] or not cases:
        return 1
    if c["pass"] == 0:
        return 4
    return 0


def run_verdict(run, filter_word=None):
    """The exit status of a whole guest run and, when no test ran, the line that says so:
    1 a failure; 4 when no program reported a single TAP result (a --filter that matched
    nothing), since module loads and a clean boot alone test nothing; otherwise exit_status."""
    if counts(run.cases)["fail"]:
        return 1, None
    if run.results == 0:
        if filter_word:
            return 4, ("nothing tested: --filter %s matched no test in any program" % filter_word)
        return 4, "nothing tested: no program reported a test result"
    return exit_status(run.cases), None


def write_junit(cases, path, name="ariasuite.kernel"):
    """One <testsuite> per case's suite."""
    junit.write(path, junit.by_classname(
        [junit.from_text(c.suite, c.name, c.status, c.message) for c in cases]), name)
