#!/usr/bin/env python3
"""`tools/ariasuite fuzz`: builds the libFuzzer targets (--config=fuzz) and fuzzes each for a
budget; ends with `fuzz: N passed, N failed`.

Usage: tools/ariasuite fuzz [--seconds N] [--jobs J] [--oss-fuzz-check] [--coverage | --merge] [TARGET...]
  --seconds N       budget per target (default 60)
  --jobs J          targets fuzzed at the same time (default 1)
  --oss-fuzz-check  also build every target with fuzz/oss-fuzz/build.sh as OSS-Fuzz does and
                    run each binary over its seed corpus
  --coverage        no fuzzing: replay corpora, seeds, regressions and vector files with clang
                    source-based coverage; HTML + per-folder summary + uncovered impl/ lines in
                    .cache/coverage/ (fuzz/tools/coverage.sh)
  --merge           no fuzzing: minimize fuzz/corpus/<t> with libFuzzer -merge=1 (fuzz/tools/merge.sh)
  TARGET            a target name (aria_block, ...; default: every fuzz/<name>_fuzzer.cc)

Each target runs under ASan+UBSan on a working corpus in .cache/fuzz-corpus/<target> (seeded from
fuzz/corpus/<target> and fuzz/regressions/<target>), with fuzz/<target>_fuzzer.dict and the
libFuzzer flags of fuzz/<target>_fuzzer.options (fuzz_options.py). A crash is minimized into
fuzz/findings/<target>/ with its report and a one-line reproduce command. Exit status: 0 when no
finding in our code, 1 on a finding in our code or a target that failed to run, 2 on bad usage
(or a malformed .options file), 4 when every target asked for skipped (kernel_aria_asm without a
kernel tree): nothing fuzzed; 130 on Ctrl-C (the running fuzzers end, no other starts). Verdicts
follow conformance/verdict.h: our paths are one vote, and a disagreement is a third-party finding
only when an independent library sides with ours. A third-party finding does not stop the fuzzer
(it prints ARIA_THIRD_PARTY, writes a reproducer beside the crashes and goes on); each is listed
at the end (review it, then add its reproducer and allowlist entry: fuzz/README.md) and does not
fail the run. Every crash (ARIA_MISMATCH, a sanitizer report) is ours.
"""
import argparse
import concurrent.futures
import glob
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import fuzz_options  # noqa: E402
import libfuzzer_log  # noqa: E402

ROOT = os.environ.get("ARIASUITE_ROOT") or os.path.dirname(os.path.dirname(HERE))
SHORT_USAGE = ("tools/ariasuite fuzz [--seconds N] [--jobs J] [--oss-fuzz-check] "
               "[--coverage|--merge] [TARGET...]")
# kernel_aria_asm fuzzes the kernel's own ARIA assembly (its findings are the kernel's).
KERNEL_ASM = "kernel_aria_asm"
MINIMIZE_SECONDS = 60

_print_lock = threading.Lock()


def say(line):
    """One line on stdout, whole, whichever target's thread prints it."""
    with _print_lock:
        print(line, flush=True)


def log(msg):
    print("ariasuite: " + msg, file=sys.stderr, flush=True)


def die(msg):
    """Bad usage or bad input: one line naming it, exit 2."""
    print("ariasuite: fuzz: " + msg, file=sys.stderr, flush=True)
    sys.exit(2)


def usage_text():
    doc = __doc__.splitlines()
    start = next(i for i, line in enumerate(doc) if line.startswith("Usage: "))
    end = doc.index("", start)
    return "\n".join(doc[start:end])


def sh_function(script, call, *args):
    """Runs a function of one of the front door's bash libraries (tools/lib.sh,
    tools/cmd/lib/counts.sh): the same helpers every command uses. Returns its exit status."""
    return subprocess.call(["bash", "-c", 'source "$0"; ' + call, os.path.join(ROOT, script)]
                           + list(args))


def fuzz_targets():
    """Every target: fuzz/<name>_fuzzer.cc."""
    return sorted(os.path.basename(p)[:-len("_fuzzer.cc")]
                  for p in glob.glob(os.path.join(ROOT, "fuzz", "*_fuzzer.cc")))


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        # argparse's wording, put as the rest of the suite's commands put it.
        m = re.match(r"argument (--[a-z-]+)(?:/\S+)?: (.*)$", message)
        if m and m.group(2) == "expected one argument":
            die("%s needs a value (tools/ariasuite fuzz --help)" % m.group(1))
        if m and m.group(2).startswith("not allowed with argument"):
            die("--coverage and --merge do not go together")
        if m:
            die("%s %s" % m.groups())
        die("%s (usage: %s)" % (message, SHORT_USAGE))


def _positive(value):
    if not re.fullmatch(r"[1-9][0-9]*", value):
        raise argparse.ArgumentTypeError("wants a positive integer, got '%s'" % value)
    return int(value)


def parse_args(argv, known):
    """The command line: (seconds, jobs, oss_fuzz_check, mode, targets); mode is fuzz, coverage
    or merge, targets default to every known target."""
    p = _Parser(prog="tools/ariasuite fuzz", add_help=False, allow_abbrev=False)
    p.add_argument("-h", "--help", action="store_true")
    p.add_argument("--seconds", type=_positive, default=60)
    p.add_argument("--jobs", type=_positive, default=1)
    p.add_argument("--oss-fuzz-check", action="store_true")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--coverage", dest="mode", action="store_const", const="coverage")
    mode.add_argument("--merge", dest="mode", action="store_const", const="merge")
    p.add_argument("targets", nargs="*")
    args, unknown = p.parse_known_intermixed_args(argv)
    if args.help:
        print(usage_text())
        sys.exit(0)
    for word in unknown + args.targets:
        if word.startswith("-"):
            die("unknown flag '%s' (usage: %s)" % (word, SHORT_USAGE))
    for t in args.targets:
        if t not in known:
            die("unknown target '%s' (targets: %s)" % (t, " ".join(known)))
    if not known:
        die("no fuzz/<name>_fuzzer.cc targets found")
    return args.seconds, args.jobs, args.oss_fuzz_check, args.mode or "fuzz", args.targets or known


def kernel_asm_skip():
    """None when kernel-tests/asm assembled the kernel's ARIA assembly (its folder exported as
    ARIASUITE_KERNEL_ASM_DIR for the fuzzer), else why kernel_aria_asm is skipped."""
    r = subprocess.run([sys.executable, os.path.join(ROOT, "kernel-tests/asm/main.py"), "build",
                        "--print-dir"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode == 0:
        os.environ["ARIASUITE_KERNEL_ASM_DIR"] = r.stdout.strip()
        return None
    last = (r.stderr.strip().splitlines() or ["kernel-tests/asm/main.py exited %d" % r.returncode])[-1]
    return re.sub(r"^ariasuite kernel-asm: error: ", "", last)


def counts_status(passed, failed, skipped, why=""):
    """The exit status of the count line (tools/cmd/lib/counts.sh, shared with the test command):
    1 when something failed, 4 when nothing passed, else 0."""
    return sh_function("tools/cmd/lib/counts.sh", 'counts_status fuzz "$@"',
                       str(passed), str(failed), str(skipped), *([why] if why else []))


def build(targets):
    """Builds the targets with --config=fuzz; returns the fuzz build's bazel-bin, or None after
    printing why the build failed."""
    # A separate output base: the fuzz config's instrumented objects would otherwise overwrite the
    # default build's (same output directory name) and each switch would rebuild everything.
    ob = os.environ.get("ARIASUITE_FUZZ_OUTPUT_BASE") or os.path.join(
        os.path.expanduser("~"), ".cache",
        "bazel-ariasuite-fuzz-" + hashlib.md5(ROOT.encode(), usedforsecurity=False).hexdigest()[:10])
    bazel = ["bazel", "--output_base=" + ob]
    log("fuzz: building %d targets with --config=fuzz (clang, libFuzzer, ASan, UBSan)" % len(targets))
    fd, build_log = tempfile.mkstemp(prefix="ariasuite-fuzz-build.", suffix=".log")
    with os.fdopen(fd, "w") as out:
        rc = subprocess.call(bazel + ["build", "--config=fuzz"]
                             + ["//fuzz:%s_fuzzer" % t for t in targets],
                             cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    if rc != 0:
        with open(build_log, errors="replace") as f:
            errors = [line.rstrip("\n") for line in f if re.search("error|ERROR", line)]
        for line in errors[:20]:
            print(line)
        print("fuzz: 0 passed, %d failed (the fuzz build failed; log: %s)" % (len(targets), build_log))
        return None
    os.remove(build_log)
    r = subprocess.run(bazel + ["info", "--config=fuzz", "bazel-bin"], cwd=ROOT,
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    bin_dir = r.stdout.strip()
    if not os.path.isdir(os.path.join(bin_dir, "fuzz")):
        die("cannot find the fuzz build's bazel-bin (%s)" % bin_dir)
    return bin_dir


class Fuzzing:
    """Fuzzes one target for the budget: progress lines while it runs, then its result
    (kind pass, ours or error, and the summary after `fuzz: PASS|FAIL`) and the third-party
    findings it printed."""

    def __init__(self, target, bin_dir, seconds, flags, tmp):
        self.t = target
        self.bin = os.path.join(bin_dir, "fuzz", target + "_fuzzer")
        self.seconds = seconds
        self.flags = flags
        self.findings = os.path.join(ROOT, "fuzz", "findings", target)
        self.log = os.path.join(tmp, target + ".log")
        self.min_log = os.path.join(tmp, target + ".min.log")
        self.kind, self.summary, self.third = "error", "%s: no result" % target, []
        self.proc = None
        self.stopped = False

    def command(self):
        work = os.path.join(ROOT, ".cache", "fuzz-corpus", self.t)
        os.makedirs(self.findings, exist_ok=True)
        os.makedirs(work, exist_ok=True)
        args = [self.bin, "-max_total_time=%d" % self.seconds, "-print_final_stats=1",
                "-artifact_prefix=" + self.findings + "/"]
        fuzz = os.path.join(ROOT, "fuzz")
        if os.path.isfile(os.path.join(fuzz, self.t + "_fuzzer.dict")):
            args.append("-dict=" + os.path.join(fuzz, self.t + "_fuzzer.dict"))
        args += self.flags
        args += [work, os.path.join(fuzz, "corpus", self.t)]
        if os.path.isdir(os.path.join(fuzz, "regressions", self.t)):
            args.append(os.path.join(fuzz, "regressions", self.t))
        return args

    def read_log(self):
        with open(self.log, errors="replace") as f:
            return f.read()

    def run(self):
        try:
            self._run()
        except OSError as e:  # the fuzzer could not be started, or its files not written
            self.kind, self.summary = "error", "%s: cannot run %s: %s" % (self.t, self.bin, e)

    def _run(self):
        command = self.command()
        before = set(os.listdir(self.findings))
        env = dict(os.environ)
        # A third-party finding's reproducer vector file goes beside the crash (fuzz/reproducer.h).
        env["ARIASUITE_FUZZ_FINDINGS_DIR"] = self.findings
        env.setdefault("ASAN_OPTIONS", "detect_leaks=1")
        env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1")
        with open(self.log, "w") as out:
            if self.stopped:
                return
            self.proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
        if self.stopped:  # stop() came between the check and the start
            self.proc.terminate()
        rc = self._wait(self.proc)
        if self.stopped:
            return
        text = self.read_log()
        stats = libfuzzer_log.status(text)
        eps = libfuzzer_log.average_exec_per_sec(text)
        if eps is not None:
            stats += ", average exec/s " + eps
        self.third = libfuzzer_log.third_party(text)
        if self.third:
            shutil.copy(self.log, os.path.join(
                self.findings, "third-party-%s.log" % time.strftime("%Y%m%d-%H%M%S")))
        if rc == 0:
            self.kind, self.summary = "pass", "%s: %d s, %s" % (self.t, self.seconds, stats)
            return
        artifact = self._new_artifact(before)
        if artifact is None:
            tail = " ".join(text.splitlines()[-3:])
            self.summary = ("%s: the fuzzer exited %d without a crash file; log tail: %s"
                            % (self.t, rc, tail))
            return
        first = libfuzzer_log.first_report_line(text)
        name = os.path.basename(artifact)
        reproducer = self._minimize(artifact)
        report = os.path.join(self.findings, name + ".log")
        shutil.copy(self.log, report)
        self.kind = "ours"
        self.summary = "%s: %s; reproduce: %s %s  (report: %s)" % (
            self.t, first, self.bin, reproducer, report)

    def stop(self):
        """Ends the fuzzer (the user interrupted the command); run() then returns at once."""
        self.stopped = True
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()

    def _wait(self, proc):
        """Waits for the fuzzer, with a progress line every 10 s (5 s under a 30 s budget)."""
        step = 5 if self.seconds < 30 else 10
        start = time.monotonic()
        next_line = start + step
        while True:
            try:
                return proc.wait(timeout=max(0.0, next_line - time.monotonic()))
            except subprocess.TimeoutExpired:
                pass
            say("fuzz: %s [%d/%d s] %s" % (self.t, time.monotonic() - start, self.seconds,
                                          libfuzzer_log.status(self.read_log())))
            next_line += step

    def _new_artifact(self, before):
        """The newest crash, timeout, oom, leak or slow-unit file this run wrote, or None."""
        new = [f for f in os.listdir(self.findings)
               if libfuzzer_log.is_artifact(f) and f not in before]
        if not new:
            return None
        return max((os.path.join(self.findings, f) for f in new), key=os.path.getmtime)

    def _minimize(self, artifact):
        """libFuzzer's -minimize_crash into minimized-<name> beside the crash; the crash itself
        when that gave nothing."""
        minimized = os.path.join(self.findings, "minimized-" + os.path.basename(artifact))
        with open(self.min_log, "w") as out:
            subprocess.call([self.bin, "-minimize_crash=1", "-max_total_time=%d" % MINIMIZE_SECONDS,
                             "-exact_artifact_path=" + minimized, artifact],
                            stdout=out, stderr=subprocess.STDOUT)
        if os.path.isfile(minimized) and os.path.getsize(minimized) > 0:
            return minimized
        return artifact


def fuzz_all(targets, bin_dir, seconds, jobs, flags):
    """Fuzzes the targets, jobs at a time; returns their Fuzzing results in target order."""
    with tempfile.TemporaryDirectory(prefix="ariasuite-fuzz.") as tmp:
        runs = [Fuzzing(t, bin_dir, seconds, flags[t], tmp) for t in targets]
        pool = concurrent.futures.ThreadPoolExecutor(max_workers=jobs)
        try:
            for future in [pool.submit(r.run) for r in runs]:
                future.result()
        except KeyboardInterrupt:
            # Ctrl-C: no target waiting for its turn starts, and the running ones end.
            pool.shutdown(wait=False, cancel_futures=True)
            for r in runs:
                r.stop()
            raise
        finally:
            pool.shutdown(wait=True)
    return runs


def report(runs):
    """Prints each target's verdict and third-party findings; returns (passed, failed, third)."""
    passed = failed = third = 0
    for r in runs:
        if r.kind == "pass":
            passed += 1
            say("fuzz: PASS " + r.summary)
        elif r.kind == "ours":
            failed += 1
            # kernel_aria_asm's subject is the kernel's assembly, not ariasuite's code.
            where = "the kernel's ARIA assembly" if r.t == KERNEL_ASM else "our code"
            say("fuzz: FAIL (finding in %s) %s" % (where, r.summary))
        else:
            failed += 1
            say("fuzz: FAIL " + r.summary)
        for line in r.third:
            third += 1
            say("fuzz: THIRD-PARTY FINDING %s: %s (reproducer in fuzz/findings/%s/; fuzzing went on)"
                % (r.t, line, r.t))
    return passed, failed, third


def main(argv):
    os.environ["ARIASUITE_ROOT"] = ROOT
    # PATH as the front door had it (tools/cmd/fuzz.sh): Bazel hands PATH to every action, so one
    # changed by the python3 launcher (pyenv's shim puts its own folders first) would rebuild the
    # fuzz build's every object.
    if os.environ.get("ARIASUITE_CALLER_PATH"):
        os.environ["PATH"] = os.environ.pop("ARIASUITE_CALLER_PATH")
    known = fuzz_targets()
    seconds, jobs, oss, mode, targets = parse_args(argv, known)
    flags = {}
    for t in targets:
        try:
            flags[t] = fuzz_options.read_file(os.path.join(ROOT, "fuzz", t + "_fuzzer.options"),
                                              "fuzz/%s_fuzzer.options" % t)
        except fuzz_options.OptionsError as e:
            die(str(e))
    if sh_function("tools/lib.sh", 'ensure_packages "${ARIASUITE_BUILD_PACKAGES[@]}"') != 0:
        return 2

    # kernel_aria_asm fuzzes the kernel's own ARIA assembly, assembled from the cached kernel tree
    # (or $ARIASUITE_KERNEL_TREE) by kernel-tests/asm; without a tree it is skipped, never passed.
    skipped = []
    if KERNEL_ASM in targets:
        why = kernel_asm_skip()
        if why is not None:
            skipped.append("%s: %s" % (KERNEL_ASM, why))
            targets = [t for t in targets if t != KERNEL_ASM]
    # Every target asked for skipped: nothing is fuzzed, built or measured (--coverage and --merge
    # alike), and that is exit 4, never a pass.
    if not targets:
        for s in skipped:
            print("fuzz: SKIP " + s)
        print("fuzz: 0 passed, 0 failed, %d skipped" % len(skipped), flush=True)
        return counts_status(0, 0, len(skipped), "every target skipped: " + ";".join(skipped))

    sys.stdout.flush()
    if mode == "coverage":
        if sh_function("tools/lib.sh", "ensure_packages llvm-14") != 0:
            return 2
        os.execvp("bash", ["bash", os.path.join(ROOT, "fuzz/tools/coverage.sh")] + targets)
    bin_dir = build(targets)
    if bin_dir is None:
        return 1
    if mode == "merge":
        os.execvp("bash", ["bash", os.path.join(ROOT, "fuzz/tools/merge.sh"), bin_dir] + targets)

    log("fuzz: %d targets, %d s each, %d at a time" % (len(targets), seconds, jobs))
    runs = fuzz_all(targets, bin_dir, seconds, jobs, flags)
    passed, failed, third = report(runs)
    if oss:
        if subprocess.call(["bash", os.path.join(ROOT, "fuzz/oss-fuzz/check.sh")]) == 0:
            passed += 1
            say("fuzz: PASS oss-fuzz build check")
        else:
            failed += 1
            say("fuzz: FAIL oss-fuzz build check")
    for s in skipped:
        say("fuzz: SKIP " + s)
    counts = "fuzz: %d passed, %d failed" % (passed, failed)
    if skipped:
        counts += ", %d skipped" % len(skipped)
    if third:
        counts += " (%d third-party findings to review: fuzz/README.md)" % third
    say(counts)
    return counts_status(passed, failed, len(skipped))


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        print("ariasuite: fuzz: interrupted", file=sys.stderr)
        sys.exit(130)
