#!/usr/bin/env python3
"""Tests of `tools/ariasuite fuzz` (fuzz/tools/run_fuzzers.py behind the front door) in a copy of
the front door with planted fuzz targets: fake libFuzzer binaries (small Python scripts that write
libFuzzer's status lines, crash files and reports as told), a fake `bazel` that "builds" them and
a fake `dpkg-query` that says every package is installed. Each test runs the command as a user
does and checks the lines it prints, the files it leaves and its exit status:

  pass            PASS line with the last status and average exec/s; the fuzzer got the budget,
                  the dictionary, the .options flags, the three corpus folders, the findings
                  folder, ASAN_OPTIONS; a progress line while it runs; exit 0
  crash           FAIL (finding in our code) with the first report line, the minimized reproducer
                  and the report beside it; without a minimized input the crash itself; exit 1
  error           a fuzzer that exits non-zero without a new crash file (an old one does not
                  count), a binary that is missing: FAIL, exit 1
  third party     listed, distinct, the log kept, the run still passes
  jobs            --jobs 2 runs two fuzzers at once, --jobs 1 one after the other; Ctrl-C ends
                  the running fuzzer and starts no other, exit 130
  skip            kernel_aria_asm without a kernel tree: SKIP; alone (plain, --coverage, --merge)
                  exit 4 with nothing built; beside another target counted, exit 0; with a tree
                  its finding is the kernel's
  build           a failed build: its error lines, every target failed, exit 1; Bazel gets the
                  caller's PATH, not the one a python3 launcher made
  usage           --help; a bad flag, value or target, and a malformed .options file: one line,
                  exit 2, nothing built
  modes           --merge and --coverage hand the built targets to their scripts;
                  --oss-fuzz-check counts fuzz/oss-fuzz/check.sh's verdict
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import unittest_junit  # noqa: E402

COPIED = ["tools/ariasuite", "tools/lib.sh", "tools/cmd/fuzz.sh", "tools/cmd/lib/counts.sh",
          "fuzz/tools/run_fuzzers.py", "fuzz/tools/fuzz_options.py", "fuzz/tools/libfuzzer_log.py"]

# A fake libFuzzer binary: MODE (written above this text) says what it does. It appends its
# command line and the environment it was given to <itself>.calls (one JSON line a run).
FAKE_FUZZER = r'''
import json, os, sys, time
args = sys.argv[1:]
flag = lambda name: next((a.split("=", 1)[1] for a in args if a.startswith("-" + name + "=")), None)
with open(sys.argv[0] + ".calls", "a") as f:
    f.write(json.dumps({"args": args, "start": time.time(), "env": {k: os.environ.get(k) for k in (
        "ASAN_OPTIONS", "UBSAN_OPTIONS", "ARIASUITE_FUZZ_FINDINGS_DIR",
        "ARIASUITE_KERNEL_ASM_DIR")}}) + "\n")
if flag("minimize_crash") == "1":
    if MODE != "crash-unminimized":
        with open(flag("exact_artifact_path"), "wb") as f:
            f.write(b"min")
    sys.exit(0)
print("INFO: Seed: 1")
print("#2\tINITED cov: 10 ft: 11 corp: 3/30b exec/s: 0 rss: 30Mb", flush=True)
if MODE == "slow":
    time.sleep(6)
if MODE.startswith("meet-"):
    # Runs until the other target's fuzzer has started too (--jobs 2), or 20 s.
    mine, other = [os.path.join(os.path.dirname(sys.argv[0]), n + ".started")
                   for n in (MODE[5:], MODE[5:].translate(str.maketrans("ab", "ba")))]
    open(mine, "w").close()
    deadline = time.time() + 20
    while not os.path.exists(other) and time.time() < deadline:
        time.sleep(0.05)
    if not os.path.exists(other):
        print("the other fuzzer never started")
        sys.exit(7)
    time.sleep(0.5)
print("#128\tpulse  cov: 12 ft: 14 corp: 4/40b lim: 4 exec/s: 64 rss: 31Mb", flush=True)
if MODE == "third":
    for line in ("gcm_seal cryptopp vs openssl", "cmac cryptopp vs botan", "gcm_seal cryptopp vs openssl"):
        print("ARIA_THIRD_PARTY " + line)
    with open(os.path.join(os.environ["ARIASUITE_FUZZ_FINDINGS_DIR"], "reproducer.json"), "w") as f:
        f.write("{}")
if MODE.startswith("crash"):
    with open(flag("artifact_prefix") + "crash-0a1b", "wb") as f:
        f.write(b"a long crashing input")
    if MODE != "crash-asan":
        print("ARIA_MISMATCH gcm_seal ours/scalar vs openssl")
    print("==9==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x1")
    print("artifact_prefix='%s'; Test unit written to %scrash-0a1b" % ((flag("artifact_prefix"),) * 2))
    sys.exit(1)
if MODE == "exit":
    print("ERROR: something else went wrong")
    print("last words")
    sys.exit(3)
print("Done 200 runs in 1 second(s)")
print("stat::number_of_executed_units: 200")
print("stat::average_exec_per_sec:     100")
'''

FAKE_BAZEL = r'''#!/usr/bin/env bash
# A fake bazel: `build` records its labels and exits FAKE_BAZEL_RC; `info` names the fake bazel-bin.
echo "$*" >> "$FAKE_DIR/bazel.calls"
echo "$PATH" >> "$FAKE_DIR/bazel.path"
for a in "$@"; do
  case "$a" in
    build) [[ "${FAKE_BAZEL_RC:-0}" == 0 ]] || { echo "INFO: analysing"; echo "ERROR: planted build failure"; }
           exit "${FAKE_BAZEL_RC:-0}" ;;
    info) echo "$FAKE_DIR/bazel-bin"; exit 0 ;;
  esac
done
exit 1
'''

FAKE_KERNEL_ASM = r'''import os, sys
# kernel-tests/asm/main.py build --print-dir: the assembled folder, or the error without a tree.
tree = os.environ.get("FAKE_KERNEL_TREE")
if not tree:
    sys.exit("ariasuite kernel-asm: note: looking\nariasuite kernel-asm: error: no kernel tree here (planted)")
print(tree)
'''


class FuzzCommand(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
        self.addCleanup(shutil.rmtree, self.dir, ignore_errors=True)
        self.root = os.path.join(self.dir, "root")
        for rel in COPIED:
            os.makedirs(os.path.dirname(os.path.join(self.root, rel)), exist_ok=True)
            shutil.copy(os.path.join(ROOT, rel), os.path.join(self.root, rel))
        self.fake = os.path.join(self.dir, "fake")
        self.bin = os.path.join(self.fake, "bazel-bin", "fuzz")
        os.makedirs(self.bin)
        self.write(os.path.join(self.fake, "path", "bazel"), FAKE_BAZEL, 0o755)
        self.write(os.path.join(self.fake, "path", "dpkg-query"),
                   "#!/bin/sh\nprintf 'install ok installed'\n", 0o755)
        self.write(os.path.join(self.root, "kernel-tests/asm/main.py"), FAKE_KERNEL_ASM)
        for script in ("coverage.sh", "merge.sh"):
            self.write(os.path.join(self.root, "fuzz/tools", script),
                       'echo "%s $*"\nexit 5\n' % script)
        self.write(os.path.join(self.root, "fuzz/oss-fuzz/check.sh"),
                   'echo "check.sh ran"\nexit "${FAKE_OSS_RC:-0}"\n')
        self.env = dict(os.environ)
        for k in ("ARIASUITE_KERNEL_TREE", "ARIASUITE_ROOT", "ASAN_OPTIONS", "UBSAN_OPTIONS",
                  "ARIASUITE_FUZZ_FINDINGS_DIR", "ARIASUITE_KERNEL_ASM_DIR"):
            self.env.pop(k, None)
        self.env.update({"PATH": os.path.join(self.fake, "path") + os.pathsep + os.environ["PATH"],
                         "HOME": self.dir, "FAKE_DIR": self.fake,
                         "ARIASUITE_FUZZ_OUTPUT_BASE": os.path.join(self.dir, "ob")})

    def write(self, path, text, mode=0o644):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
        os.chmod(path, mode)

    def target(self, name, mode, options="[libfuzzer]\nmax_len = 4096\ntimeout = 30\n",
               dictionary=True, regressions=True):
        """Plants fuzz/<name>_fuzzer.cc (with its options, dictionary, seeds) and its fake binary."""
        fuzz = os.path.join(self.root, "fuzz")
        self.write(os.path.join(fuzz, name + "_fuzzer.cc"), "// planted\n")
        if options is not None:
            self.write(os.path.join(fuzz, name + "_fuzzer.options"), options)
        if dictionary:
            self.write(os.path.join(fuzz, name + "_fuzzer.dict"), '"ab"\n')
        self.write(os.path.join(fuzz, "corpus", name, "seed"), "s")
        if regressions:
            self.write(os.path.join(fuzz, "regressions", name, "old"), "r")
        if mode is not None:
            self.write(os.path.join(self.bin, name + "_fuzzer"),
                       "#!%s\nMODE = %r\n%s" % (sys.executable, mode, FAKE_FUZZER), 0o755)

    def calls(self, name):
        path = os.path.join(self.bin, name + "_fuzzer.calls")
        if not os.path.exists(path):
            return []
        with open(path) as f:
            return [json.loads(line) for line in f]

    def bazel_calls(self):
        path = os.path.join(self.fake, "bazel.calls")
        if not os.path.exists(path):
            return []
        with open(path) as f:
            return f.read().splitlines()

    def fuzz(self, *args, env=None):
        e = dict(self.env)
        e.update(env or {})
        return subprocess.run(["bash", os.path.join(self.root, "tools/ariasuite"), "fuzz"]
                              + list(args), capture_output=True, text=True, env=e, timeout=120)

    def findings(self, name):
        return os.path.join(self.root, "fuzz", "findings", name)

    # pass

    def test_a_pass_and_what_the_fuzzer_was_given(self):
        self.target("alpha", "pass")
        r = self.fuzz("--seconds", "7", "alpha")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertEqual(r.stdout, "fuzz: PASS alpha: 7 s, execs 128, exec/s 64, cov 12, corpus 4, "
                         "average exec/s 100\nfuzz: 1 passed, 0 failed\n")
        self.assertIn("ariasuite: fuzz: 1 targets, 7 s each, 1 at a time\n", r.stderr)
        [call] = self.calls("alpha")
        fuzz = os.path.join(self.root, "fuzz")
        self.assertEqual(call["args"], [
            "-max_total_time=7", "-print_final_stats=1",
            "-artifact_prefix=" + self.findings("alpha") + "/",
            "-dict=" + os.path.join(fuzz, "alpha_fuzzer.dict"), "-max_len=4096", "-timeout=30",
            os.path.join(self.root, ".cache", "fuzz-corpus", "alpha"),
            os.path.join(fuzz, "corpus", "alpha"), os.path.join(fuzz, "regressions", "alpha")])
        self.assertEqual(call["env"], {"ASAN_OPTIONS": "detect_leaks=1",
                                       "UBSAN_OPTIONS": "print_stacktrace=1",
                                       "ARIASUITE_FUZZ_FINDINGS_DIR": self.findings("alpha"),
                                       "ARIASUITE_KERNEL_ASM_DIR": None})
        self.assertEqual(self.bazel_calls()[0].split()[-3:],
                         ["build", "--config=fuzz", "//fuzz:alpha_fuzzer"])

    def test_no_dictionary_options_or_regressions(self):
        self.target("alpha", "pass", options=None, dictionary=False, regressions=False)
        r = self.fuzz("--seconds=3", "--", "alpha", env={"ASAN_OPTIONS": "detect_leaks=0"})
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        [call] = self.calls("alpha")
        self.assertEqual(call["args"][3:], [os.path.join(self.root, ".cache/fuzz-corpus/alpha"),
                                            os.path.join(self.root, "fuzz/corpus/alpha")])
        self.assertEqual(call["env"]["ASAN_OPTIONS"], "detect_leaks=0")

    def test_progress_line_while_fuzzing(self):
        self.target("alpha", "slow")
        r = self.fuzz("--seconds", "1", "alpha")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        lines = r.stdout.splitlines()
        self.assertRegex(lines[0], r"^fuzz: alpha \[[5-9]/1 s\] execs 2, exec/s 0, cov 10, corpus 3$")
        self.assertEqual(lines[-1], "fuzz: 1 passed, 0 failed")

    # crash

    def test_a_crash_is_minimized_and_reported(self):
        self.target("alpha", "crash")
        r = self.fuzz("--seconds", "5", "alpha")
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        d = self.findings("alpha")
        self.assertEqual(r.stdout, (
            "fuzz: FAIL (finding in our code) alpha: ARIA_MISMATCH gcm_seal ours/scalar vs openssl; "
            "reproduce: {bin} {d}/minimized-crash-0a1b  (report: {d}/crash-0a1b.log)\n"
            "fuzz: 0 passed, 1 failed\n").format(bin=os.path.join(self.bin, "alpha_fuzzer"), d=d))
        with open(os.path.join(d, "minimized-crash-0a1b"), "rb") as f:
            self.assertEqual(f.read(), b"min")
        with open(os.path.join(d, "crash-0a1b.log")) as f:
            self.assertIn("ARIA_MISMATCH gcm_seal ours/scalar vs openssl\n", f.read())
        minimize = self.calls("alpha")[1]["args"]
        self.assertEqual(minimize, ["-minimize_crash=1", "-max_total_time=60",
                                    "-exact_artifact_path=" + d + "/minimized-crash-0a1b",
                                    d + "/crash-0a1b"])

    def test_a_sanitizer_crash_that_does_not_minimize(self):
        self.target("alpha", "crash-unminimized")
        self.target("beta", "crash-asan")
        r = self.fuzz("alpha", "beta")
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        lines = r.stdout.splitlines()
        self.assertTrue(lines[0].endswith("reproduce: %s %s/crash-0a1b  (report: %s/crash-0a1b.log)"
                                          % (os.path.join(self.bin, "alpha_fuzzer"),
                                             self.findings("alpha"), self.findings("alpha"))),
                        lines[0])
        self.assertTrue(lines[1].startswith(
            "fuzz: FAIL (finding in our code) beta: ==9==ERROR: AddressSanitizer: "
            "heap-buffer-overflow on address 0x1; reproduce: "), lines[1])
        self.assertEqual(lines[2:], ["fuzz: 0 passed, 2 failed"])

    # error

    def test_an_exit_without_a_new_crash_file(self):
        self.target("alpha", "exit")
        self.write(os.path.join(self.findings("alpha"), "crash-old"), "from an earlier run")
        r = self.fuzz("--seconds", "2", "alpha")
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertEqual(r.stdout, "fuzz: FAIL alpha: the fuzzer exited 3 without a crash file; log "
                         "tail: #128\tpulse  cov: 12 ft: 14 corp: 4/40b lim: 4 exec/s: 64 rss: 31Mb "
                         "ERROR: something else went wrong last words\nfuzz: 0 passed, 1 failed\n")

    def test_a_missing_binary(self):
        self.target("alpha", None)
        self.target("beta", "pass")
        r = self.fuzz("--seconds", "2")
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        lines = r.stdout.splitlines()
        self.assertTrue(lines[0].startswith("fuzz: FAIL alpha: cannot run %s: "
                                            % os.path.join(self.bin, "alpha_fuzzer")), lines[0])
        self.assertTrue(lines[1].startswith("fuzz: PASS beta: 2 s, "), lines[1])
        self.assertEqual(lines[2], "fuzz: 1 passed, 1 failed")

    # third party

    def test_third_party_findings_are_listed_and_pass(self):
        self.target("alpha", "third")
        r = self.fuzz("--seconds", "2", "alpha")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertEqual(r.stdout.splitlines()[1:], [
            "fuzz: THIRD-PARTY FINDING alpha: ARIA_THIRD_PARTY cmac cryptopp vs botan "
            "(reproducer in fuzz/findings/alpha/; fuzzing went on)",
            "fuzz: THIRD-PARTY FINDING alpha: ARIA_THIRD_PARTY gcm_seal cryptopp vs openssl "
            "(reproducer in fuzz/findings/alpha/; fuzzing went on)",
            "fuzz: 1 passed, 0 failed (2 third-party findings to review: fuzz/README.md)"])
        kept = sorted(os.listdir(self.findings("alpha")))
        self.assertEqual(kept[0], "reproducer.json")
        self.assertRegex(kept[1], r"^third-party-\d{8}-\d{6}\.log$")

    # jobs

    def test_jobs_run_side_by_side(self):
        self.target("ja", "meet-ja")
        self.target("jb", "meet-jb")
        r = self.fuzz("--jobs", "2", "--seconds", "2")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn("2 at a time", r.stderr)
        self.assertEqual([l.split(":")[1] for l in r.stdout.splitlines()],
                         [" PASS ja", " PASS jb", " 2 passed, 0 failed"])

    def test_one_job_runs_one_after_the_other(self):
        self.target("alpha", "slow")
        self.target("beta", "pass")
        r = self.fuzz("--seconds", "1")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        [a], [b] = self.calls("alpha"), self.calls("beta")
        self.assertGreater(b["start"], a["start"] + 5.5)

    def test_ctrl_c_ends_the_run(self):
        self.target("alpha", "slow")
        self.target("beta", "pass")
        e = dict(self.env)
        proc = subprocess.Popen(["bash", os.path.join(self.root, "tools/ariasuite"), "fuzz",
                                 "--seconds", "1"], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, env=e, start_new_session=True)
        calls = os.path.join(self.bin, "alpha_fuzzer.calls")
        deadline = time.time() + 60
        while not os.path.exists(calls) and time.time() < deadline and proc.poll() is None:
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        self.assertEqual(proc.returncode, 130, out + err)
        self.assertEqual(err.splitlines()[-1], "ariasuite: fuzz: interrupted")
        self.assertNotIn("passed", out)
        self.assertEqual(self.calls("beta"), [])

    # skip

    def test_every_target_skipped_is_exit_4_and_nothing_built(self):
        self.target("kernel_aria_asm", "pass")
        for extra in ([], ["--coverage"], ["--merge"]):
            with self.subTest(flags=extra):
                r = self.fuzz(*(extra + ["kernel_aria_asm"]))
                self.assertEqual(r.returncode, 4, r.stdout + r.stderr)
                self.assertEqual(r.stdout, "fuzz: SKIP kernel_aria_asm: no kernel tree here "
                                 "(planted)\nfuzz: 0 passed, 0 failed, 1 skipped\n")
                self.assertEqual(r.stderr.splitlines()[-1],
                                 "ariasuite fuzz: nothing tested: every target skipped: "
                                 "kernel_aria_asm: no kernel tree here (planted); a skip is never "
                                 "a pass (exit 4)")
        self.assertEqual(self.bazel_calls(), [])
        self.assertEqual(self.calls("kernel_aria_asm"), [])

    def test_a_skip_beside_a_pass_is_counted(self):
        self.target("kernel_aria_asm", "pass")
        self.target("alpha", "pass")
        r = self.fuzz("--seconds", "2")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertEqual(r.stdout.splitlines()[1:], [
            "fuzz: SKIP kernel_aria_asm: no kernel tree here (planted)",
            "fuzz: 1 passed, 0 failed, 1 skipped"])
        self.assertEqual(self.bazel_calls()[0].split()[-1], "//fuzz:alpha_fuzzer")

    def test_a_kernel_finding_is_the_kernels(self):
        self.target("kernel_aria_asm", "crash")
        tree = os.path.join(self.dir, "assembled")
        r = self.fuzz("kernel_aria_asm", env={"FAKE_KERNEL_TREE": tree})
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertTrue(r.stdout.startswith("fuzz: FAIL (finding in the kernel's ARIA assembly) "
                                            "kernel_aria_asm: ARIA_MISMATCH "), r.stdout)
        self.assertEqual(self.calls("kernel_aria_asm")[0]["env"]["ARIASUITE_KERNEL_ASM_DIR"], tree)

    # build

    def test_a_failed_build(self):
        self.target("alpha", "pass")
        self.target("beta", "pass")
        r = self.fuzz(env={"FAKE_BAZEL_RC": "1"})
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        lines = r.stdout.splitlines()
        self.assertEqual(lines[0], "ERROR: planted build failure")
        self.assertRegex(lines[1], r"^fuzz: 0 passed, 2 failed \(the fuzz build failed; log: "
                                   r"\S+ariasuite-fuzz-build\.\S+\.log\)$")
        self.assertEqual(len(lines), 2)
        self.assertEqual(self.calls("alpha"), [])

    def test_bazel_gets_the_callers_path(self):
        # A python3 launcher that puts its own folder first in PATH, as pyenv's shim does: Bazel
        # hands PATH to every action, so the build must see the PATH the front door was given.
        self.write(os.path.join(self.fake, "launcher", "python3"),
                   '#!/bin/sh\nPATH=/planted/launcher:$PATH exec %s "$@"\n' % sys.executable, 0o755)
        self.target("alpha", "pass")
        path = os.pathsep.join([os.path.join(self.fake, "launcher"), self.env["PATH"]])
        r = self.fuzz("--seconds", "1", env={"PATH": path})
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        with open(os.path.join(self.fake, "bazel.path")) as f:
            self.assertEqual(f.read().splitlines(), [path, path])  # build, info

    # usage

    def test_help(self):
        r = self.fuzz("--help")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertTrue(r.stdout.startswith("Usage: tools/ariasuite fuzz [--seconds N] [--jobs J] "
                                            "[--oss-fuzz-check] [--coverage | --merge] [TARGET...]\n"),
                        r.stdout)
        for flag in ("--seconds N", "--jobs J", "--oss-fuzz-check", "--coverage", "--merge", "TARGET"):
            self.assertRegex(r.stdout, r"\n  %s +\S" % re.escape(flag))
        self.assertEqual(self.bazel_calls(), [])

    def test_bad_usage_is_one_line_and_exit_2(self):
        self.target("alpha", "pass")
        usage = ("(usage: tools/ariasuite fuzz [--seconds N] [--jobs J] [--oss-fuzz-check] "
                 "[--coverage|--merge] [TARGET...])")
        cases = [
            (["--bogus"], "unknown flag '--bogus' " + usage),
            (["--sec", "5"], "unknown flag '--sec' " + usage),
            (["nosuch"], "unknown target 'nosuch' (targets: alpha)"),
            (["--seconds", "0"], "--seconds wants a positive integer, got '0'"),
            (["--jobs=x"], "--jobs wants a positive integer, got 'x'"),
            (["--seconds"], "--seconds needs a value (tools/ariasuite fuzz --help)"),
            (["--coverage", "--merge"], "--coverage and --merge do not go together"),
        ]
        for args, message in cases:
            with self.subTest(args=args):
                r = self.fuzz(*args)
                self.assertEqual(r.returncode, 2, r.stdout + r.stderr)
                self.assertEqual((r.stdout, r.stderr), ("", "ariasuite: fuzz: %s\n" % message))
        self.assertEqual(self.bazel_calls(), [])

    def test_a_malformed_options_file(self):
        self.target("alpha", "pass", options="[libfuzzer]\nmax_len 4096\n")
        r = self.fuzz("alpha")
        self.assertEqual(r.returncode, 2, r.stdout + r.stderr)
        self.assertEqual(r.stderr, "ariasuite: fuzz: fuzz/alpha_fuzzer.options:2: not a "
                         "`name = value` line or a [section]: 'max_len 4096'\n")
        self.assertEqual(self.bazel_calls(), [])

    # modes

    def test_merge_and_coverage_get_the_targets(self):
        self.target("alpha", "pass")
        self.target("beta", "pass")
        r = self.fuzz("--merge")
        self.assertEqual(r.returncode, 5, r.stdout + r.stderr)
        self.assertEqual(r.stdout, "merge.sh %s alpha beta\n" % os.path.dirname(self.bin))
        r = self.fuzz("--coverage", "beta")
        self.assertEqual(r.returncode, 5, r.stdout + r.stderr)
        self.assertEqual(r.stdout, "coverage.sh beta\n")
        self.assertEqual(len(self.bazel_calls()), 2)  # the merge's build and bazel-bin
        self.assertEqual(self.calls("alpha"), [])

    def test_oss_fuzz_check_is_counted(self):
        self.target("alpha", "pass")
        for rc, verdict, counts, status in (("0", "PASS", "2 passed, 0 failed", 0),
                                            ("1", "FAIL", "1 passed, 1 failed", 1)):
            with self.subTest(check_rc=rc):
                r = self.fuzz("--oss-fuzz-check", "--seconds", "1", env={"FAKE_OSS_RC": rc})
                self.assertEqual(r.returncode, status, r.stdout + r.stderr)
                self.assertEqual(r.stdout.splitlines()[1:], [
                    "check.sh ran", "fuzz: %s oss-fuzz build check" % verdict, "fuzz: " + counts])


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
