"""The kTLS fuzzer's part of the runner (kernel-tests/ktls_fuzz.cc): which guest program runs with
which arguments for --fuzz SECONDS [--seed N] and --fuzz-replay FILE, the operation lists it reads
in the guest (/ariasuite/fuzz: the --fuzz-corpus folder's *.ops, or the replayed files), and the
timeouts a fuzz run needs. A replay file is parsed on the host first (the same static program,
`ktls_fuzz --check FILE`), so a bad file is one line and exit 2 before any boot.
"""
import os
import subprocess

PROGRAM = "ktls_fuzz"
GUEST_DIR = "ariasuite/fuzz"
# Boot, module loads and the minimization of a finding come on top of the fuzzing time.
MARGIN_S = 400


class FuzzError(Exception):
    pass


def corpus_files(folder):
    """{guest path: bytes} of folder's *.ops (a missing folder is an error)."""
    if not os.path.isdir(folder):
        raise FuzzError("--fuzz-corpus %s: not a directory" % folder)
    out = {}
    for n in sorted(os.listdir(folder)):
        if n.endswith(".ops"):
            with open(os.path.join(folder, n), "rb") as f:
                out["%s/%s" % (GUEST_DIR, n)] = f.read()
    return out


def check_files(program, files):
    """Parses the operation lists with the fuzzer itself; raises FuzzError naming the first bad
    one."""
    p = subprocess.run([program, "--check"] + list(files), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    if p.returncode != 0:
        lines = p.stderr.decode(errors="replace").strip().splitlines()
        raise FuzzError("--fuzz-replay: " + (lines[0] if lines else
                                             "%s --check exited %d" % (program, p.returncode)))


def select(tests, fuzz_s, seed, replay, corpus):
    """(tests, guest files): tests are [(guest name, host path, argv)] as main.py builds them.
    --fuzz or --fuzz-replay keep only the fuzzer, with its arguments; otherwise the fuzzer (if
    among the tests) replays the corpus folder's lists and a short seeded run."""
    fuzzer = [t for t in tests if t[0] == PROGRAM]
    if not (fuzz_s or replay):
        return tests, (corpus_files(corpus) if corpus and fuzzer else {})
    if not fuzzer:
        raise FuzzError("--fuzz and --fuzz-replay need the %s program among the tests" % PROGRAM)
    name, path, _ = fuzzer[0]
    if fuzz_s:
        return [(name, path, ["--fuzz", str(fuzz_s), "--seed", str(seed)])], {}
    files = {}
    for f in replay:
        if not os.path.isfile(f):
            raise FuzzError("--fuzz-replay %s: no such file" % f)
        guest = "%s/%02d-%s" % (GUEST_DIR, len(files), os.path.basename(f))
        with open(f, "rb") as fh:
            files[guest] = fh.read()
    check_files(path, replay)
    return [(name, path, ["--replay"] + ["/" + g for g in files])], files
