"""The tree's own kTLS selftest (tools/testing/selftests/net/tls.c), built static for the guest.

It is compiled the way kselftest builds it, against the tree's own uapi headers (`make headers`
into <build dir>/usr/include, kselftest's KHDR_INCLUDES: the host's linux-libc-dev may be older
than the tree; headers_install would also need rsync)
and the tree's kselftest_harness.h, and runs in the guest beside ariasuite's programs, by default
limited with the harness's variant filter (-v, ORed) to the ARIA variants and the AES-GCM control.

A tree without tls.c, a tls.c without ARIA variants, or a tls.c that does not compile against the
tree's headers gives a SKIP naming why (the compiler's first error), never a silent omission. One
known breakage is worked around and said so: Debian's 6.12.117 tls.c calls tls_crypto_info_init()
with 6.14's fourth argument (tls_selftest_compat.h).
"""
import os
import re
import shutil
import subprocess

from kernel_tree import TreeError, first_error, run_make

HERE = os.path.dirname(os.path.abspath(__file__))
COMPAT_HEADER = os.path.join(HERE, "tls_selftest_compat.h")
# Scales the harness's per-test timeouts by $KTEST_TIMEOUT_SCALE in the guest (--timeout-scale).
TIMEOUT_HEADER = os.path.join(HERE, "selftest_timeout_scale.h")
REL_SOURCE = os.path.join("tools", "testing", "selftests", "net", "tls.c")
GUEST_NAME = "kselftest_net_tls"
# The ARIA known-answer selftest patch 1 of kernel-tests/upstream/series adds: built and run (all
# of it) when the tree has it.
ARIA_KAT_SOURCE = os.path.join("tools", "testing", "selftests", "net", "tls_aria.c")
ARIA_KAT_GUEST_NAME = "kselftest_net_tls_aria"

# The harness's variant filter (-v NAME, several are ORed): tls.12_aria_gcm.*,
# tls.12_aria_gcm_256.*, and the AES-GCM control tls.12_aes_gcm.*, tls_err.12_aes_gcm.*.
VARIANT_SETS = {
    "aria": ["12_aria_gcm", "12_aria_gcm_256", "12_aes_gcm"],
    "all": [],
}
_COMPAT_SIGNATURE = re.compile(r"too many arguments to function .tls_crypto_info_init.")


class Selftest:
    """path: the static binary (None when skipped); args: its command line in the guest;
    skip: why it does not run; notes: what was done to build it."""

    def __init__(self, path=None, args=(), skip=None, notes=()):
        self.path, self.args, self.skip, self.notes = path, list(args), skip, list(notes)


def variant_args(source_text, which):
    """The harness arguments for a VARIANT_SETS entry, or (None, reason) when tls.c lacks the
    ARIA variants."""
    wanted = VARIANT_SETS[which]
    if "FIXTURE_VARIANT_ADD(tls, 12_aria_gcm)" not in source_text:
        return None, ("%s has no ARIA variants (no FIXTURE_VARIANT_ADD(tls, 12_aria_gcm): "
                      "Linux 6.1's tls.c has none, 6.12's has them)" % REL_SOURCE)
    args = []
    for v in wanted:
        args += ["-v", v]
    return args, None


def compile_command(source, headers, out, extra=()):
    selftests = os.path.dirname(os.path.dirname(source))
    return (["gcc", "-static", "-O2", "-Wall", "-I", headers, "-I", selftests,
             "-include", TIMEOUT_HEADER] + list(extra) + ["-o", out, source, "-lpthread"])


def build(tree, build_dir, out_dir, which="aria", env=None, in_place=False):
    """Builds tls.c; returns a Selftest. build_dir: the kernel's build directory (`make headers`
    writes the uapi headers into <build_dir>/usr/include); out_dir: where the binary goes."""
    source = os.path.join(tree, REL_SOURCE)
    if not os.path.isfile(source):
        return Selftest(skip="the tree has no %s" % REL_SOURCE)
    with open(source, errors="replace") as f:
        text = f.read()
    args, why = variant_args(text, which)
    if args is None:
        return Selftest(skip=why)
    headers, why = _headers(tree, build_dir, env, in_place)
    if why:
        return Selftest(skip=why)
    binary, logf, plain, rc = _compile(source, headers, out_dir, GUEST_NAME)
    if rc == 0:
        return Selftest(binary, args, notes=["%s built against the tree's headers" % REL_SOURCE])
    err = first_error(plain)
    if _COMPAT_SIGNATURE.search(plain):
        cmd = compile_command(source, headers, binary, ["-include", COMPAT_HEADER])
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        with open(logf, "a") as f:
            f.write("$ %s\n%s" % (" ".join(cmd), p.stdout.decode(errors="replace")))
        if p.returncode == 0:
            return Selftest(binary, args, notes=[
                "%s does not compile as shipped (%s): its 6.14 rekey tests pass tls_crypto_info_init "
                "a fourth argument; built with kernel-tests/vm/%s, which drops it (0 in every TLS 1.2 "
                "path)" % (REL_SOURCE, _short(err), os.path.basename(COMPAT_HEADER))])
    return Selftest(skip="%s does not compile against the tree's headers: %s (log: %s)"
                    % (REL_SOURCE, _short(err), logf))


def build_aria_kat(tree, build_dir, out_dir, env=None, in_place=False):
    """Builds tls_aria.c the way build() builds tls.c; None when the tree has no such file, else a
    Selftest (run without a filter)."""
    source = os.path.join(tree, ARIA_KAT_SOURCE)
    if not os.path.isfile(source):
        return None
    headers, why = _headers(tree, build_dir, env, in_place)
    if why:
        return Selftest(skip=why)
    binary, logf, plain, rc = _compile(source, headers, out_dir, ARIA_KAT_GUEST_NAME)
    if rc == 0:
        return Selftest(binary, [], notes=["%s built against the tree's headers" % ARIA_KAT_SOURCE])
    return Selftest(skip="%s does not compile against the tree's headers: %s (log: %s)"
                    % (ARIA_KAT_SOURCE, _short(first_error(plain)), logf))


def _headers(tree, build_dir, env, in_place):
    """(<build_dir>/usr/include after `make headers`, None) or (None, why not)."""
    if not shutil.which("gcc"):
        return None, "gcc is missing"
    try:
        run_make(tree, None if in_place else build_dir, ["headers"], "make headers", env=env,
                 logf=os.path.join(build_dir, "ariasuite-build.log"))
    except TreeError as e:
        return None, "the tree's uapi headers were not made: %s" % e.args[0]
    return os.path.join(build_dir, "usr", "include"), None


def _compile(source, headers, out_dir, name):
    """Compiles source to out_dir/name, the command and its output in out_dir/name.log; returns
    (binary, log, compiler output, exit status)."""
    os.makedirs(out_dir, exist_ok=True)
    binary = os.path.join(out_dir, name)
    logf = os.path.join(out_dir, name + ".log")
    cmd = compile_command(source, headers, binary)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    plain = p.stdout.decode(errors="replace")
    with open(logf, "w") as f:
        f.write("$ %s\n%s" % (" ".join(cmd), plain))
    return binary, logf, plain, p.returncode


def _short(line):
    """A compiler error line with the tree's path prefix cut."""
    return re.sub(r"^\S*/(tools/testing/selftests/)", r"\1", line)
