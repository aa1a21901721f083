#!/usr/bin/env python3
"""Unit tests of --kernel-tree, --patches and --bisect without building a kernel: bad trees (not a
kernel tree, too old for kTLS ARIA), config fragments and the options check, the first error line
of a failed make, a full disk, progress lines, the tls selftest's filters, SKIPs and its compat
build, patch series and their application, the layout ccache needs, and main.py's exit statuses
(2, and 125 / 128 / 1 / 0 under --bisect) with the build and qemu replaced. Uses make, gcc and
git from the host; no kernel, no qemu, no network."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import debian  # noqa: E402
import kernel_tree  # noqa: E402
import main  # noqa: E402
import main_testing  # noqa: E402
import patches  # noqa: E402
import selftest  # noqa: E402
import tap  # noqa: E402


def fake_tree(root, version=(6, 12, 117), makefile_body=""):
    """A directory that looks like a kernel tree to kernel_version()."""
    os.makedirs(os.path.join(root, "arch", "x86"), exist_ok=True)
    with open(os.path.join(root, "Makefile"), "w") as f:
        f.write("# SPDX-License-Identifier: GPL-2.0\nVERSION = %d\nPATCHLEVEL = %d\n"
                "SUBLEVEL = %d\nEXTRAVERSION =\nNAME = Baby Opossum Posse\n" % version)
        f.write(makefile_body)
    return root


class TreeTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.d = self.tmp.name

    def test_not_a_tree(self):
        with self.assertRaises(kernel_tree.TreeError) as e:
            kernel_tree.kernel_version(self.d)
        self.assertEqual(e.exception.args[0], "%s is not a Linux source tree (no Makefile or "
                         "arch/x86)" % self.d)
        with self.assertRaises(kernel_tree.TreeError):
            kernel_tree.kernel_version(os.path.join(self.d, "nosuch"))

    def test_version_and_too_old(self):
        fake_tree(self.d, (5, 15, 3))
        v = kernel_tree.kernel_version(self.d)
        self.assertEqual(v, (5, 15, 3))
        self.assertEqual(kernel_tree.version_notes(v),
                         "Linux 5.15.3 predates kTLS ARIA and the x86 ARIA drivers (6.1): the "
                         "ARIA tests SKIP with the reason")
        self.assertIsNone(kernel_tree.version_notes((6, 1, 0)))

    def test_fragments_merge_and_check(self):
        a, b = os.path.join(self.d, "a"), os.path.join(self.d, "b")
        with open(a, "w") as f:
            f.write("# c\nCONFIG_A=y\nCONFIG_B=y\n")
        with open(b, "w") as f:
            f.write("CONFIG_B=m\n# CONFIG_C is not set\n")
        opts, text = kernel_tree.merged_fragment([a, b])
        self.assertEqual(opts, {"CONFIG_A": "y", "CONFIG_B": "m", "CONFIG_C": "n"})
        self.assertEqual(text, "CONFIG_A=y\nCONFIG_B=m\n# CONFIG_C is not set\n")
        notes = kernel_tree.unmet_options(opts, "CONFIG_A=y\nCONFIG_C=y\n")
        self.assertEqual(notes, [
            "CONFIG_B=m requested, the tree gives n (option missing or its dependencies unmet)",
            "CONFIG_C=n requested, the tree gives y (option missing or its dependencies unmet)"])

    def test_shipped_fragments_parse(self):
        here = os.path.dirname(os.path.abspath(__file__))
        opts, _ = kernel_tree.merged_fragment([
            kernel_tree.GUEST_FRAGMENT,
            os.path.join(os.path.dirname(os.path.dirname(here)), "kernel-tests", "config")])
        for k in ("CONFIG_64BIT", "CONFIG_TLS", "CONFIG_CRYPTO_ARIA_AESNI_AVX2_X86_64",
                  "CONFIG_CRYPTO_USER_API_AEAD", "CONFIG_SERIAL_8250_CONSOLE"):
            self.assertEqual(opts[k], "y", k)
        self.assertEqual(opts["CONFIG_CRYPTO_MANAGER_DISABLE_TESTS"], "n")
        self.assertNotIn("CONFIG_MODULES", opts)  # module support only when a tree's config has it

    def test_first_error_line(self):
        text = ("  CC      a.o\nnet/tls/tls_sw.c: In function 'x':\n"
                "net/tls/tls_sw.c:12:5: error: 'y' undeclared\n"
                "make[4]: *** [scripts/Makefile.build:229: net/tls/tls_sw.o] Error 1\n")
        self.assertEqual(kernel_tree.first_error(text),
                         "net/tls/tls_sw.c:12:5: error: 'y' undeclared")
        self.assertEqual(kernel_tree.first_error("a\nlast words\n"), "last words")
        self.assertEqual(kernel_tree.first_error(
            "/bin/sh: 1: rsync: not found\nmake[2]: *** [Makefile:1358: x] Error 127\n"),
            "/bin/sh: 1: rsync: not found")

    def test_failed_make_names_first_error_and_log(self):
        fake_tree(self.d, makefile_body=(
            "all:\n\t@echo '  CC      net/tls/tls_sw.o'\n"
            "\t@echo 'net/tls/tls_sw.c:3:1: error: expected x' >&2\n\t@exit 1\n"))
        with self.assertRaises(kernel_tree.TreeError) as e:
            kernel_tree.run_make(self.d, None, ["all"], "kernel build")
        msg = e.exception.args[0]
        self.assertTrue(msg.startswith("kernel build failed: net/tls/tls_sw.c:3:1: error: "
                                       "expected x (log: %s/ariasuite-build.log)" % self.d), msg)
        with open(os.path.join(self.d, "ariasuite-build.log")) as f:
            self.assertIn("error: expected x", f.read())

    def test_disk_full(self):
        class St:
            f_bavail, f_frsize = 100, 4096
        with mock.patch.object(os, "statvfs", lambda p: St()):
            with self.assertRaises(debian.PrepareError) as e:
                kernel_tree.check_disk(self.d)
        self.assertIn("disk full: 0.0 GiB free", e.exception.args[0])
        fake_tree(self.d, makefile_body=(
            "all:\n\t@echo 'cc1: fatal error: x.o: No space left on device'\n\t@exit 1\n"))
        with self.assertRaises(debian.PrepareError) as e:
            kernel_tree.run_make(self.d, None, ["all"], "kernel build")
        self.assertNotIsInstance(e.exception, kernel_tree.TreeError)
        self.assertTrue(e.exception.args[0].startswith("disk full while building"))

    def test_progress_every_interval(self):
        now = [0.0]
        lines = []
        p = kernel_tree.Progress("building t", expected=200, every=25, clock=lambda: now[0],
                                 emit=lines.append)
        for i in range(50):
            p.line("  CC      net/tls/f%d.o" % i)
        p.line("  AR      net/tls/built-in.a")
        now[0] = 10
        p.tick()
        self.assertEqual(lines, [])
        now[0] = 26
        p.tick()
        self.assertEqual(lines, ["building t: 50 of ~200 objects (25%), AR net/tls/built-in.a, "
                                 "0:26 elapsed"])
        p2 = kernel_tree.Progress("b", clock=lambda: now[0], emit=lines.append)
        p2.line("  LD      vmlinux")
        self.assertIn("0 objects compiled, LD vmlinux", p2.status())

    def test_own_config_is_kept_with_the_fragments_merged(self):
        fake_tree(self.d, makefile_body="olddefconfig:\n\t@true\n")
        config = os.path.join(self.d, ".config")
        with open(config, "w") as f:
            f.write("CONFIG_LOCALVERSION=\"-mine\"\n# CONFIG_TLS is not set\nCONFIG_GCM=m\n")
        frag = os.path.join(self.d, "frag")
        with open(frag, "w") as f:
            f.write("CONFIG_TLS=y\nCONFIG_GCM=y\n")
        notes = kernel_tree.configure(self.d, None, [frag], config)
        with open(config) as f:
            text = f.read()
        self.assertEqual(text, "CONFIG_LOCALVERSION=\"-mine\"\nCONFIG_TLS=y\nCONFIG_GCM=y\n")
        self.assertEqual(notes, [])

    def test_previous_cc(self):
        os.makedirs(os.path.join(self.d, "init"))
        self.assertIsNone(kernel_tree._previous_cc(self.d))
        with open(os.path.join(self.d, "init", ".main.o.cmd"), "w") as f:
            f.write("savedcmd_init/main.o := gcc -Wp,-MMD,init/.main.o.d -nostdinc\n")
        self.assertEqual(kernel_tree._previous_cc(self.d), "gcc")


TLS_C = r"""
#include <stdio.h>
#include <stdint.h>
#include "../kselftest_harness.h"
struct keys { int k; };
static void tls_crypto_info_init(uint16_t v, uint16_t c, struct keys *k) { k->k = v + c; }
FIXTURE_VARIANT_ADD(tls, 12_aria_gcm)
int main(void) { struct keys k; tls_crypto_info_init(1, 2, &k); %s return k.k == 3 ? 0 : 1; }
"""


class SelftestTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.tree = fake_tree(os.path.join(self.tmp.name, "tree"), makefile_body=(
            "headers:\n\tmkdir -p $(O)/usr/include/linux\n"))
        self.build = os.path.join(self.tmp.name, "build")
        os.makedirs(self.build)
        self.src = os.path.join(self.tree, selftest.REL_SOURCE)
        os.makedirs(os.path.dirname(self.src))
        with open(os.path.join(self.tree, "tools/testing/selftests/kselftest_harness.h"),
                  "w") as f:
            f.write("#define FIXTURE_VARIANT_ADD(a, b)\n")

    def write(self, text):
        with open(self.src, "w") as f:
            f.write(text)

    def test_no_tls_c(self):
        os.unlink(os.path.join(self.tree, "tools/testing/selftests/kselftest_harness.h"))
        st = selftest.build(self.tree, self.build, self.build)
        self.assertEqual(st.skip, "the tree has no tools/testing/selftests/net/tls.c")

    def test_no_aria_variants(self):
        self.write("int main(void) { return 0; }\n")
        st = selftest.build(self.tree, self.build, self.build)
        self.assertIsNone(st.path)
        self.assertEqual(st.skip, "tools/testing/selftests/net/tls.c has no ARIA variants (no "
                         "FIXTURE_VARIANT_ADD(tls, 12_aria_gcm): Linux 6.1's tls.c has none, "
                         "6.12's has them)")

    def test_filter_args(self):
        args, why = selftest.variant_args("FIXTURE_VARIANT_ADD(tls, 12_aria_gcm)", "aria")
        self.assertEqual(args, ["-v", "12_aria_gcm", "-v", "12_aria_gcm_256", "-v", "12_aes_gcm"])
        self.assertEqual(selftest.variant_args("FIXTURE_VARIANT_ADD(tls, 12_aria_gcm)", "all"),
                         ([], None))

    def test_compiles(self):
        self.write(TLS_C % "")
        st = selftest.build(self.tree, self.build, self.build)
        self.assertIsNone(st.skip)
        self.assertTrue(os.access(st.path, os.X_OK))
        self.assertEqual(subprocess.run([st.path]).returncode, 0)

    def test_tls_aria_c_only_when_the_tree_has_it(self):
        self.assertIsNone(selftest.build_aria_kat(self.tree, self.build, self.build))
        kat = os.path.join(self.tree, selftest.ARIA_KAT_SOURCE)
        with open(kat, "w") as f:
            f.write("int main(void) { return 3; }\n")
        st = selftest.build_aria_kat(self.tree, self.build, self.build)
        self.assertIsNone(st.skip)
        self.assertEqual(st.args, [])
        self.assertEqual(os.path.basename(st.path), "kselftest_net_tls_aria")
        self.assertEqual(subprocess.run([st.path]).returncode, 3)
        with open(kat, "w") as f:
            f.write("int main(void) { return missing_kat; }\n")
        st = selftest.build_aria_kat(self.tree, self.build, self.build)
        self.assertIsNone(st.path)
        self.assertRegex(st.skip, r"^tools/testing/selftests/net/tls_aria.c does not compile "
                         r"against the tree's headers: tools/testing/selftests/net/tls_aria.c:\d+:"
                         r"\d+: error: .missing_kat. undeclared")

    def test_harness_timeouts_scale_with_ktest_timeout_scale(self):
        with open(os.path.join(self.tree, selftest.ARIA_KAT_SOURCE), "w") as f:
            f.write("#include <unistd.h>\nint main(void) { alarm(2); return alarm(0); }\n")
        st = selftest.build_aria_kat(self.tree, self.build, self.build)
        self.assertIsNone(st.skip)
        for scale, want in ((None, 2), ("5", 10), ("1000", 2), ("x", 2)):
            env = dict(os.environ)
            env.pop("KTEST_TIMEOUT_SCALE", None)
            if scale:
                env["KTEST_TIMEOUT_SCALE"] = scale
            self.assertEqual(subprocess.run([st.path], env=env).returncode, want, scale)

    def test_gnu_extensions_still_declared(self):
        # The timeout header's includes come before the program's `#define _GNU_SOURCE`: what
        # that macro declares (tls.c's SPLICE_F_NONBLOCK, fcntl.h) must still be there.
        with open(os.path.join(self.tree, selftest.ARIA_KAT_SOURCE), "w") as f:
            f.write("#define _GNU_SOURCE\n#include <fcntl.h>\n"
                    "int main(void) { return SPLICE_F_NONBLOCK == 2 ? 0 : 1; }\n")
        st = selftest.build_aria_kat(self.tree, self.build, self.build)
        self.assertIsNone(st.skip)
        with open(os.path.join(self.build, "kselftest_net_tls_aria.log")) as f:
            self.assertNotIn("warning", f.read())
        self.assertEqual(subprocess.run([st.path]).returncode, 0)

    def test_compile_error_is_a_skip_with_the_first_error(self):
        self.write(TLS_C % "undeclared_thing++;")
        st = selftest.build(self.tree, self.build, self.build)
        self.assertIsNone(st.path)
        self.assertRegex(st.skip, r"^tools/testing/selftests/net/tls.c does not compile against "
                         r"the tree's headers: tools/testing/selftests/net/tls.c:\d+:\d+: error: "
                         r".undeclared_thing. undeclared")

    def test_backported_four_argument_calls_use_the_compat_header(self):
        self.write(TLS_C % "tls_crypto_info_init(1, 2, &k, 0);")
        st = selftest.build(self.tree, self.build, self.build)
        self.assertIsNone(st.skip)
        self.assertIn("does not compile as shipped", st.notes[0])
        self.assertIn("too many arguments to function", st.notes[0])
        self.assertEqual(subprocess.run([st.path]).returncode, 0)


class PatchesTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.d = self.tmp.name

    def test_series_file_and_order(self):
        pd = os.path.join(self.d, "p")
        os.makedirs(pd)
        for n in ("b.patch", "a.patch", "notes.txt"):
            open(os.path.join(pd, n), "w").close()
        self.assertEqual([p.name for p in patches.list_series(pd)], ["a.patch", "b.patch"])
        with open(os.path.join(pd, "series"), "w") as f:
            f.write("# order\nb.patch -p0\n\na.patch\n")
        got = patches.list_series(pd)
        self.assertEqual([(p.name, p.strip) for p in got], [("b.patch", 0), ("a.patch", 1)])
        self.assertEqual(len(patches.list_series(os.path.join(pd, "series"))), 2)
        with open(os.path.join(pd, "series"), "w") as f:
            f.write("c.patch\n")
        with self.assertRaises(debian.PrepareError) as e:
            patches.list_series(pd)
        self.assertIn("series:1: %s/c.patch does not exist" % pd, e.exception.args[0])
        empty = os.path.join(self.d, "empty")
        os.makedirs(empty)
        with self.assertRaises(debian.PrepareError):
            patches.list_series(empty)

    def test_copy_layout_keeps_relative_paths(self):
        cache = os.path.join(self.d, "cache", "kernel")
        for tree in ("/work/linux", os.path.join(self.d, "cache", "kernel", "src", "linux")):
            copy, out, base = patches.copy_layout(tree, cache)
            orig_out = kernel_tree.build_dir_for(tree, cache)
            self.assertEqual(os.path.relpath(copy, out), os.path.relpath(tree, orig_out))
            self.assertTrue(copy.startswith(base + "/") and out.startswith(base + "/"))

    def _git(self, repo, *args):
        subprocess.run(["git", "-C", repo, "-c", "user.name=t", "-c", "user.email=t@t"] +
                       list(args), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def test_apply_git_and_plain(self):
        tree = fake_tree(os.path.join(self.d, "tree"))
        self._git(self.d, "init", "-q", tree)
        self._git(tree, "add", "-A")
        self._git(tree, "commit", "-qm", "base")
        with open(os.path.join(tree, "Makefile"), "a") as f:
            f.write("# patched\n")
        self._git(tree, "commit", "-qam", "ariasuite test patch")
        pdir = os.path.join(self.d, "p")
        self._git(tree, "format-patch", "-q", "-1", "-o", pdir)
        self._git(tree, "reset", "-q", "--hard", "HEAD~1")
        series = patches.list_series(pdir)
        for copy_of in ("git", "plain"):
            src = tree
            if copy_of == "plain":
                shutil.rmtree(os.path.join(tree, ".git"))
            copy = os.path.join(self.d, "copy-" + copy_of)
            patches.make_copy(src, copy, os.path.join(self.d, "build-" + copy_of))
            patches.apply(copy, series[0], 1, 2)
            with open(os.path.join(copy, "Makefile")) as f:
                self.assertTrue(f.read().endswith("# patched\n"))
            with open(os.path.join(src, "Makefile")) as f:
                self.assertFalse(f.read().endswith("# patched\n"))  # the tree is untouched
            with self.assertRaises(kernel_tree.TreeError) as e:
                patches.apply(copy, series[0], 2, 2)  # already applied: does not apply again
            self.assertTrue(e.exception.args[0].startswith(
                "patch 2/2 %s does not apply: " % series[0].name), e.exception.args[0])


GOOD_GUEST = """ARIASUITE BEGIN
ARIASUITE KERNEL 6.12.117
ARIASUITE TAP-BEGIN prog
TAP version 13
1..2
ok 1 tls.12_aria_gcm.send
ok 2 tls.12_aes_gcm.send
ARIASUITE TAP-END prog rc=0
ARIASUITE END
"""


class MainTreeTest(unittest.TestCase):
    """main.py run --kernel-tree / --bisect / --patches with the build and qemu replaced."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.d = self.tmp.name
        self.prog = os.path.join(self.d, "prog")
        with open(self.prog, "w") as f:
            f.write("#!/bin/sh\n")
        os.chmod(self.prog, 0o755)
        self.tree = fake_tree(os.path.join(self.d, "tree"))
        self.boots = []
        self.kat = None  # what selftest.build_aria_kat gives (None: the tree has no tls_aria.c)
        self.built = []  # the tree's selftests built, in order

    def run_main(self, guest, *flags, build_error=None, tree=None):
        argv = ["run", "--test", self.prog, "--accel", "tcg", "--cache",
                os.path.join(self.d, "cache"), "--workdir", os.path.join(self.d, "work"),
                "--kernel-tree", tree or self.tree] + list(flags)
        guests = list(guest) if isinstance(guest, list) else None

        def fake_build(tree, fragments, cache, **kw):
            if build_error:
                raise build_error
            return {"release": "6.12.117", "version": kernel_tree.kernel_version(tree),
                    "description": "built", "bzimage": "/nonexistent", "build_dir": tree,
                    "tree": tree, "module_dirs": [], "builtin": None, "notes": [], "env": {}}

        def fake_boot(*unused, **unused_kw):
            text = guests.pop(0) if guests is not None else guest
            self.boots.append(text)
            return ("exited" if text else "timeout"), 1.0, "[ 1.0] console\n", text, ""

        return main_testing.run_main(argv, [
            (main, "EXIT_SETUP", 2),
            (main, "EXIT_TREE", 2),
            (main.qemu, "find_qemu", lambda: "/bin/false"),
            (main.qemu, "boot", fake_boot),
            (main.kernel_tree, "build", fake_build),
            (main.selftest, "build", lambda *a, **k: self.built.append("tls.c") or
             selftest.Selftest(skip="no tls.c here")),
            (main.selftest, "build_aria_kat", lambda *a, **k: self.built.append("tls_aria.c") or
             self.kat),
            (main, "build_initramfs", lambda out, *a: open(out, "wb").close()),
        ])

    def test_fuzz_runs_the_fuzzer_alone(self):
        # --fuzz on a tree: neither of the tree's selftests is built or run after the fuzzer.
        fuzzer = os.path.join(self.d, "ktls_fuzz")
        with open(fuzzer, "w") as f:
            f.write("#!/bin/sh\n")
        os.chmod(fuzzer, 0o755)
        self.prog = fuzzer
        rc, out, err = self.run_main(GOOD_GUEST.replace("prog", "ktls_fuzz"), "--fuzz", "5")
        self.assertEqual(self.built, [])
        self.assertIn("the tree's kTLS selftests left out under --fuzz/--replay", err)
        self.run_main(GOOD_GUEST)
        self.assertEqual(self.built, ["tls.c", "tls_aria.c"])

    def test_passes_and_selftest_skip_is_reported(self):
        rc, out, _ = self.run_main(GOOD_GUEST)
        self.assertEqual(rc, 0, out)
        self.assertIn("SKIP kselftest_net_tls.program_status: no tls.c here", out)
        rc, out, _ = self.run_main(GOOD_GUEST, "--bisect")
        self.assertEqual(rc, 0, out)
        self.assertIn("ariasuite kernel --bisect: good (exit 0): 1 ARIA tests passed", out)

    def test_the_series_known_answer_selftest_skip_is_reported(self):
        self.kat = selftest.Selftest(skip="tls_aria.c does not compile")
        rc, out, _ = self.run_main(GOOD_GUEST)
        self.assertEqual(rc, 0, out)
        self.assertIn("SKIP kselftest_net_tls_aria.program_status: tls_aria.c does not compile",
                      out)

    def test_not_a_tree(self):
        for flags, code in (((), 2), (("--bisect",), 125)):
            rc, out, err = self.run_main(GOOD_GUEST, *flags, tree=self.d)
            self.assertEqual(rc, code)
            self.assertEqual(err.count("\n"), 1, err)
            self.assertIn("is not a Linux source tree", err)

    def test_build_error(self):
        e = kernel_tree.TreeError("kernel build failed: net/tls/tls_sw.c:3:1: error: x (log: L)")
        for flags, code in (((), 2), (("--bisect",), 125)):
            rc, out, err = self.run_main(GOOD_GUEST, *flags, build_error=e)
            self.assertEqual(rc, code)
            self.assertEqual(err, "ariasuite kernel: error: kernel build failed: "
                             "net/tls/tls_sw.c:3:1: error: x (log: L)\n")

    def test_host_errors_abort_a_bisection(self):
        e = debian.PrepareError("disk full: 0.1 GiB free on the file system of X")
        for flags, code in (((), 2), (("--bisect",), 128)):
            rc, _, err = self.run_main(GOOD_GUEST, *flags, build_error=e)
            self.assertEqual((rc, err.count("\n")), (code, 1))
        rc, _, err = self.run_main(GOOD_GUEST, "--bisect", "--bogus")
        self.assertEqual(rc, 128)
        self.assertEqual(err, "ariasuite kernel: error: unrecognized arguments: --bogus\n")

    def test_failure_is_bad_and_no_boot_cannot_test(self):
        bad = GOOD_GUEST.replace("ok 1 tls.12_aria_gcm.send", "not ok 1 tls.12_aria_gcm.send")
        bad = bad.replace("rc=0", "rc=1")
        rc, out, _ = self.run_main(bad, "--bisect")
        self.assertEqual(rc, 1, out)
        self.assertIn("ariasuite kernel --bisect: bad (exit 1): 1 failed: prog.tls.12_aria_gcm.send",
                      out)
        rc, out, _ = self.run_main("", "--bisect")
        self.assertEqual(rc, 125, out)
        self.assertIn("cannot test (exit 125): the guest did not boot (no /init)", out)
        rc, out, _ = self.run_main("")  # without --bisect a guest that never booted fails
        self.assertEqual(rc, 1, out)
        self.assertIn("FAIL guest.boot", out)
        self.assertIn("--- console tail ---", out)

    def test_only_aes_passing_cannot_test(self):
        skip = GOOD_GUEST.replace("ok 1 tls.12_aria_gcm.send", "ok 1 tls.12_aria_gcm.send # SKIP "
                                  "no gcm(aria)")
        rc, out, _ = self.run_main(skip, "--bisect")
        self.assertEqual(rc, 125, out)

    def test_absent_drivers_are_skips_with_the_reason(self):
        # Linux 6.1: only the AES-NI/AVX driver.
        t61 = fake_tree(os.path.join(self.d, "t61"), (6, 1, 192))
        os.makedirs(os.path.join(t61, "arch/x86/crypto"))
        open(os.path.join(t61, "arch/x86/crypto/aria-aesni-avx-asm_64.S"), "w").close()
        rc, out, _ = self.run_main(GOOD_GUEST, tree=t61)
        self.assertEqual(rc, 0, out)
        for d in ("aria-aesni-avx2", "aria-gfni-avx512"):
            self.assertIn("SKIP kernel_tree.%s: not in this tree (arch/x86/crypto/%s-asm_64.S "
                          "absent; added after Linux 6.1; 6.12 has it): its tests SKIP" % (d, d),
                          out)
        self.assertNotIn("kernel_tree.aria-aesni-avx:", out)
        rc, out, _ = self.run_main(GOOD_GUEST, "--bisect", tree=t61)
        self.assertEqual(rc, 0, out)  # the drivers it has decide

    def test_too_old(self):
        old = fake_tree(os.path.join(self.d, "old"), (5, 15, 0))
        rc, out, _ = self.run_main(GOOD_GUEST, tree=old)
        self.assertEqual(rc, 0, out)
        self.assertIn("SKIP kernel_tree.ktls_aria: Linux 5.15.0 predates kTLS ARIA", out)
        rc, _, err = self.run_main(GOOD_GUEST, "--bisect", tree=old)
        self.assertEqual(rc, 125)
        self.assertEqual(err, "ariasuite kernel: error: cannot test: Linux 5.15.0 predates kTLS "
                         "ARIA and the x86 ARIA drivers (6.1): the ARIA tests SKIP with the "
                         "reason\n")

    def test_flag_combinations(self):
        for flags, msg in ((("--each",), "--each goes with --patches"),
                           (("--patches", self.d, "--bisect"), "exclude each other")):
            rc, _, err = self.run_main(GOOD_GUEST, *flags)
            self.assertEqual(rc, 2 if "--bisect" not in flags else 128)
            self.assertIn(msg, err)

    def _series(self, n):
        subprocess.run(["git", "init", "-q", self.tree], check=True)
        git = ["git", "-C", self.tree, "-c", "user.name=t", "-c", "user.email=t@t"]
        subprocess.run(git + ["add", "-A"], check=True)
        subprocess.run(git + ["commit", "-qm", "base"], check=True)
        for i in range(n):
            with open(os.path.join(self.tree, "f%d" % i), "w") as f:
                f.write("%d\n" % i)
            subprocess.run(git + ["add", "-A"], check=True)
            subprocess.run(git + ["commit", "-qm", "change %d" % i], check=True)
        pdir = os.path.join(self.d, "series")
        subprocess.run(git + ["format-patch", "-q", "-%d" % n, "-o", pdir], check=True)
        subprocess.run(git + ["reset", "-q", "--hard", "HEAD~%d" % n], check=True)
        return pdir

    def test_each_names_the_first_breaking_patch(self):
        pdir = self._series(3)
        bad = GOOD_GUEST.replace("ok 1 tls.12_aria_gcm.send", "not ok 1 tls.12_aria_gcm.send")
        bad = bad.replace("rc=0", "rc=1")
        rc, out, err = self.run_main([GOOD_GUEST, GOOD_GUEST, bad], "--patches", pdir, "--each")
        self.assertEqual(rc, 1, out + err)
        self.assertEqual(len(self.boots), 3)  # stops at the first breaking patch
        self.assertIn("FIRST BREAKING: patch 2/3 0002-change-1.patch", out)
        self.assertIn("the tree before any patch", out)
        self.assertFalse(os.path.exists(os.path.join(self.tree, "f0")))
        rc, out, _ = self.run_main([GOOD_GUEST], "--patches", pdir)
        self.assertEqual(rc, 0, out)
        self.assertEqual(len(self.boots), 4)

    def test_patch_that_does_not_apply(self):
        pdir = self._series(1)
        with open(os.path.join(self.tree, "f0"), "w") as f:
            f.write("conflict\n")
        subprocess.run(["git", "-C", self.tree, "add", "f0"], check=True)
        subprocess.run(["git", "-C", self.tree, "-c", "user.name=t", "-c", "user.email=t@t",
                        "commit", "-qm", "conflict"], check=True)
        rc, _, err = self.run_main([GOOD_GUEST], "--patches", pdir)
        self.assertEqual(rc, 2)
        errors = [l for l in err.splitlines() if l.startswith("ariasuite kernel: error:")]
        self.assertEqual(len(errors), 1, err)
        self.assertTrue(errors[0].startswith("ariasuite kernel: error: patch 1/1 "
                                             "0001-change-0.patch does not apply: "), err)


class BisectStatusTest(unittest.TestCase):
    def test_statuses(self):
        run = tap.GuestRun()
        self.assertEqual(main.bisect_status(1, run)[0], 125)
        run.began = True
        run.cases = [tap.Case("p", "tls.12_aria_gcm.x", "pass")]
        self.assertEqual(main.bisect_status(0, run)[0], 0)
        run.cases.append(tap.Case("p", "tls.12_aes_gcm.x", "fail"))
        self.assertEqual(main.bisect_status(1, run)[0], 1)
        self.assertEqual(main.bisect_status(4, tap.GuestRun())[0], 125)


if __name__ == "__main__":
    unittest.main()
