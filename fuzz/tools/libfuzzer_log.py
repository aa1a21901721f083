"""What `tools/ariasuite fuzz` reads in a libFuzzer run's output (stdout and stderr in one log):
the last status line (`#4096 pulse cov: 812 ft: 2000 corp: 90/12Kb exec/s: 1365 rss: 80Mb`),
the final stats (-print_final_stats=1), the third-party findings the differ printed
(`ARIA_THIRD_PARTY ...`, fuzz/README.md) and the first line of a crash report.
"""
import re

STATUS = re.compile(r"^#(\d+)", re.M)
AVERAGE_EXEC_PER_SEC = re.compile(r"^stat::average_exec_per_sec:\s*(\d+)", re.M)
THIRD_PARTY = re.compile(r"^ARIA_THIRD_PARTY .*$", re.M)
MISMATCH = re.compile(r"^ARIA_MISMATCH .*$", re.M)
# A sanitizer's or libFuzzer's own report (deadly signal, timeout, out of memory, leak).
SANITIZER = re.compile(r"^.*(ERROR: (AddressSanitizer|libFuzzer|LeakSanitizer)|runtime error:).*$",
                       re.M)
# The files libFuzzer writes under -artifact_prefix when an input fails.
ARTIFACT = re.compile(r"(crash|timeout|oom|leak|slow-unit)-")


def status(text):
    """The last status line as "execs N, exec/s N, cov N, corpus N" (? for a field it lacks), or
    "starting" before the first one."""
    lines = [m for m in STATUS.finditer(text)]
    if not lines:
        return "starting"
    start = lines[-1].start()
    end = text.find("\n", start)
    line = text[start:] if end < 0 else text[start:end]

    def field(pattern):
        m = re.search(pattern, line)
        return m.group(1) if m else "?"

    return "execs %s, exec/s %s, cov %s, corpus %s" % (
        lines[-1].group(1), field(r" exec/s: (\d+)"), field(r" cov: (\d+)"),
        field(r" corp: (\d+)/"))


def average_exec_per_sec(text):
    """libFuzzer's final stat::average_exec_per_sec (the last one), or None."""
    found = AVERAGE_EXEC_PER_SEC.findall(text)
    return found[-1] if found else None


def third_party(text):
    """The distinct ARIA_THIRD_PARTY lines, sorted."""
    return sorted(set(THIRD_PARTY.findall(text)))


def first_report_line(text):
    """What a crash report says first: the differ's ARIA_MISMATCH line, else the first sanitizer
    or libFuzzer error line, else "crash (see report)"."""
    for pattern in (MISMATCH, SANITIZER):
        m = pattern.search(text)
        if m:
            return m.group(0)
    return "crash (see report)"


def is_artifact(name):
    """Whether a file name under -artifact_prefix is one libFuzzer wrote for a failing input."""
    return ARTIFACT.match(name) is not None
