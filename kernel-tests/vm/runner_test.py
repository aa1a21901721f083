#!/usr/bin/env python3
"""Unit tests of the kernel runner's host side: TAP parsing (pass, fail, SKIP, TODO, missing
results, wrong exit codes, a guest that died or hung, kernel splats), JUnit output, exit status,
the whole run's verdict through main.py with qemu replaced by canned guest output (a program
without TAP, one with fewer results than planned, a filter that matched nothing, bad flags), the
newc cpio writer and .modinfo dependency resolution. No qemu, no network."""
import os
import struct
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import initramfs  # noqa: E402
import kmod  # noqa: E402
import main  # noqa: E402
import main_testing  # noqa: E402
import tap  # noqa: E402

GOOD = """ARIASUITE BEGIN
ARIASUITE KERNEL 6.12.0-test
ARIASUITE CPU  fpu sse aes avx avx2 xsave
ARIASUITE MODULE tls ok
ARIASUITE MODULE aria_gfni_avx512_x86_64 failed insmod: can't insert 'x.ko': No such device
ARIASUITE TAP-BEGIN prog
TAP version 13
1..3
# RUN a.v.one
ok 1 a.v.one
# RUN a.v.two
ok 2 a.v.two # SKIP no gcm(aria)
# something went wrong
not ok 3 a.v.three # TODO known issue: core bug
# totals: pass:1 fail:0 skip:1
ARIASUITE TAP-END prog rc=0
ARIASUITE END
"""


def by_name(cases):
    return {"%s.%s" % (c.suite, c.name): c for c in cases}


class TapTest(unittest.TestCase):
    def test_good_run(self):
        run = tap.parse_guest(GOOD, "[ 1.0] booted\n", "exited")
        c = by_name(run.cases)
        self.assertEqual(run.kernel, "6.12.0-test")
        self.assertEqual(c["prog.a.v.one"].status, "pass")
        self.assertEqual(c["prog.a.v.two"].status, "skip")
        self.assertEqual(c["prog.a.v.two"].message, "no gcm(aria)")
        self.assertEqual(c["prog.a.v.three"].status, "skip")
        self.assertIn("TODO", c["prog.a.v.three"].message)
        self.assertEqual(c["modules.tls"].status, "pass")
        # The GFNI driver refusing a CPU without GFNI is a skip that names the features.
        gfni = c["modules.aria_gfni_avx512_x86_64"]
        self.assertEqual(gfni.status, "skip")
        self.assertIn("gfni", gfni.message)
        self.assertIn("avx512f", gfni.message)
        self.assertEqual(c["guest.completed"].status, "pass")
        self.assertEqual(c["guest.kernel_log_clean"].status, "pass")
        self.assertNotIn("prog.program_status", c)
        self.assertEqual(tap.exit_status(run.cases), 0)

    def test_failure_message_and_exit(self):
        text = GOOD.replace("ok 1 a.v.one", "# file.cc:3: expected x\nnot ok 1 a.v.one")
        text = text.replace("rc=0", "rc=1")
        run = tap.parse_guest(text, "", "exited")
        c = by_name(run.cases)
        self.assertEqual(c["prog.a.v.one"].status, "fail")
        self.assertIn("expected x", c["prog.a.v.one"].message)
        self.assertEqual(tap.exit_status(run.cases), 1)

    def test_inconsistent_exit_status(self):
        run = tap.parse_guest(GOOD.replace("rc=0", "rc=1"), "", "exited")
        self.assertEqual(by_name(run.cases)["prog.program_status"].status, "fail")
        run = tap.parse_guest(GOOD.replace("rc=0", "rc=137"), "", "exited")
        self.assertIn("timeout", by_name(run.cases)["prog.program_status"].message)

    def test_missing_results(self):
        run = tap.parse_guest(GOOD.replace("1..3", "1..4"), "", "exited")
        self.assertTrue(by_name(run.cases)["prog.program_status"].message.startswith(
            "prog planned 4 tests but reported 3"))
        self.assertEqual(tap.run_verdict(run), (1, None))

    def test_no_tap_at_all(self):
        text = GOOD[:GOOD.index("TAP version")] + "hello\nARIASUITE TAP-END prog rc=0\n" \
            "ARIASUITE END\n"
        run = tap.parse_guest(text, "", "exited", programs=["prog"])
        c = by_name(run.cases)
        self.assertEqual(c["prog.program_status"].status, "fail")
        self.assertEqual(c["prog.program_status"].message.split("\n")[0],
                         "prog printed no TAP plan (1..N)")
        self.assertEqual(tap.run_verdict(run), (1, None))

    def test_program_never_started(self):
        run = tap.parse_guest(GOOD, "", "exited", programs=["prog", "other"])
        c = by_name(run.cases)
        self.assertNotIn("prog.program_status", c)
        self.assertEqual(c["other.program_status"].message,
                         "other printed no TAP: the guest never started it")
        self.assertEqual(tap.run_verdict(run), (1, None))

    def test_empty_plan(self):
        empty = GOOD[:GOOD.index("1..3")] + "1..0\n# totals: pass:0\n" \
            "ARIASUITE TAP-END prog rc=0\nARIASUITE END\n"
        # Without a filter a program that plans no tests tested nothing: a failure.
        run = tap.parse_guest(empty, "", "exited", programs=["prog"])
        self.assertIn("planned no tests", by_name(run.cases)["prog.program_status"].message)
        self.assertEqual(tap.run_verdict(run), (1, None))
        # Under a filter it is no failure, but the run as a whole tested nothing: 4, said so.
        run = tap.parse_guest(empty, "", "exited", programs=["prog"], filtered=True)
        self.assertNotIn("prog.program_status", by_name(run.cases))
        self.assertEqual(tap.run_verdict(run, "nosuch"), (
            4, "nothing tested: --filter nosuch matched no test in any program"))
        # kselftest's whole-program skip is a skip with its reason.
        run = tap.parse_guest(empty.replace("1..0", "1..0 # SKIP no tls module"), "", "exited",
                              programs=["prog"])
        c = by_name(run.cases)["prog.program_status"]
        self.assertEqual((c.status, c.message), ("skip", "no tls module"))
        self.assertEqual(tap.run_verdict(run)[0], 4)

    def test_guest_hang(self):
        cut = GOOD[:GOOD.index("not ok 3")]
        run = tap.parse_guest(cut, "line\n[ 9.9] rcu: INFO: rcu_sched self-detected stall\n",
                              "timeout")
        c = by_name(run.cases)
        self.assertEqual(c["guest.completed"].status, "fail")
        self.assertIn("killed at the timeout", c["guest.completed"].message)
        self.assertIn("self-detected stall", c["guest.completed"].message)  # console tail
        self.assertEqual(c["prog.program_status"].status, "fail")
        self.assertEqual(tap.exit_status(run.cases), 1)

    def test_hung_and_stopped_say_why(self):
        cut = GOOD[:GOOD.index("not ok 3")]
        why = "nothing on the console or the test channel for 120 s (the silence limit)"
        run = tap.parse_guest(cut, "[ 5.0] last line\n", "hung", why=why)
        c = by_name(run.cases)["guest.completed"]
        self.assertEqual(c.status, "fail")
        self.assertEqual(c.message, "the guest was declared hung: %s\n--- console tail ---\n"
                         "[ 5.0] last line" % why)
        run = tap.parse_guest("", "", "stopped", why="qemu stopped the guest (run state "
                              "internal-error) after 2.0 s")
        self.assertEqual(by_name(run.cases)["guest.boot"].message.split("\n")[0],
                         "the guest was stopped by qemu: qemu stopped the guest (run state "
                         "internal-error) after 2.0 s before /init started the tests")
        self.assertEqual(tap.exit_status(run.cases), 1)

    def test_no_boot(self):
        run = tap.parse_guest("", "Kernel panic - not syncing: VFS\n", "exited")
        c = by_name(run.cases)
        self.assertEqual(c["guest.boot"].status, "fail")
        self.assertEqual(c["guest.kernel_log_clean"].status, "fail")
        self.assertIn("Kernel panic", c["guest.kernel_log_clean"].message)

    def test_oops_fails_even_when_tests_pass(self):
        run = tap.parse_guest(GOOD, "[ 3.0] BUG: kernel NULL pointer dereference\n", "exited")
        self.assertEqual(by_name(run.cases)["guest.kernel_log_clean"].status, "fail")
        self.assertEqual(tap.exit_status(run.cases), 1)

    def test_only_skips_exit_4(self):
        cases = [tap.Case("s", "a", "skip", "why"), tap.Case("s", "b", "skip", "why")]
        self.assertEqual(tap.exit_status(cases), 4)
        self.assertEqual(tap.exit_status([]), 1)

    def test_junit(self):
        run = tap.parse_guest(GOOD.replace("ok 1 a.v.one", "not ok 1 a.v.one"), "", "exited")
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "x.xml")
            tap.write_junit(run.cases, path)
            root = ET.parse(path).getroot()
        cases = {"%s.%s" % (t.get("classname"), t.get("name")): t for t in root.iter("testcase")}
        self.assertIsNotNone(cases["prog.a.v.one"].find("failure"))
        self.assertEqual(cases["prog.a.v.two"].get("result"), "skipped")
        self.assertEqual(cases["prog.a.v.two"].find("skipped").get("message"), "no gcm(aria)")
        self.assertIsNone(cases["modules.tls"].find("skipped"))


def _guest(programs):
    """Canned guest output: programs is [(name, TAP lines, rc)]."""
    out = GOOD[:GOOD.index("ARIASUITE TAP-BEGIN")]
    for name, lines, rc in programs:
        out += "ARIASUITE TAP-BEGIN %s\n%sARIASUITE TAP-END %s rc=%d\n" % (
            name, "".join(l + "\n" for l in lines), name, rc)
    return out + "ARIASUITE END\n"


class MainTest(unittest.TestCase):
    """main.py run end to end, qemu.boot replaced by canned guest output: exit status and the
    lines a user sees."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.progs = []
        for name in ("prog_a", "prog_b"):
            path = os.path.join(self.tmp.name, name)
            with open(path, "w") as f:
                f.write("#!/bin/sh\n")
            os.chmod(path, 0o755)
            self.progs.append(path)
        self.kernel = os.path.join(self.tmp.name, "bzImage")
        with open(self.kernel, "wb") as f:
            f.write(b"not booted")

    def run_main(self, guest_tap, *extra, argv=None):
        """Runs main.py run with the canned TAP; returns (exit status, stdout, stderr)."""
        if argv is None:
            argv = ["run", "--kernel", self.kernel, "--accel", "tcg",
                    "--workdir", os.path.join(self.tmp.name, "work")]
            for p in self.progs:
                argv += ["--test", p]
            argv += list(extra)

        def fake_initramfs(out, *unused):
            open(out, "wb").close()

        def fake_boot(*unused, **unused_kw):
            return "exited", 1.0, "[ 1.0] booted\n", guest_tap, ""

        return main_testing.run_main(argv, [
            (main.qemu, "find_qemu", lambda: "/bin/false"),
            (main.qemu, "boot", fake_boot),
            (main, "build_initramfs", fake_initramfs),
        ])

    def test_all_passed(self):
        ok = ["TAP version 13", "1..1", "ok 1 a.v.t"]
        rc, out, _ = self.run_main(_guest([("prog_a", ok, 0), ("prog_b", ok, 0)]))
        self.assertEqual(rc, 0, out)
        self.assertIn("\n5 passed, 0 failed, 1 skipped\n", out)

    def test_program_without_tap_fails(self):
        ok = ["TAP version 13", "1..1", "ok 1 a.v.t"]
        rc, out, _ = self.run_main(_guest([("prog_a", ok, 0), ("prog_b", ["Segmentation fault"],
                                                                0)]))
        self.assertEqual(rc, 1, out)
        self.assertIn("\nFAIL prog_b.program_status\n     prog_b printed no TAP plan (1..N)\n", out)

    def test_fewer_results_than_planned_fails(self):
        ok = ["TAP version 13", "1..1", "ok 1 a.v.t"]
        short = ["TAP version 13", "1..3", "ok 1 b.v.one", "ok 2 b.v.two"]
        rc, out, _ = self.run_main(_guest([("prog_a", ok, 0), ("prog_b", short, 0)]))
        self.assertEqual(rc, 1, out)
        self.assertIn("\nFAIL prog_b.program_status\n     prog_b planned 3 tests but reported 2\n",
                      out)

    def test_program_the_guest_never_ran_fails(self):
        ok = ["TAP version 13", "1..1", "ok 1 a.v.t"]
        rc, out, _ = self.run_main(_guest([("prog_a", ok, 0)]))
        self.assertEqual(rc, 1, out)
        self.assertIn("\nFAIL prog_b.program_status\n     prog_b printed no TAP: the guest never "
                      "started it\n", out)

    def test_filter_matching_nothing_exits_4(self):
        none = ["TAP version 13", "1..0", "# totals: pass:0 fail:0 skip:0 known-issue:0"]
        rc, out, _ = self.run_main(_guest([("prog_a", none, 0), ("prog_b", none, 0)]),
                                   "--filter", "nosuch")
        self.assertEqual(rc, 4, out)
        self.assertIn("\nSKIP guest.tests: nothing tested: --filter nosuch matched no test in any "
                      "program\n", out)
        # The same output without --filter: each program tested nothing, a failure.
        rc, out, _ = self.run_main(_guest([("prog_a", none, 0), ("prog_b", none, 0)]))
        self.assertEqual(rc, 1, out)
        self.assertIn("prog_a planned no tests (1..0) without a --filter", out)

    def test_filter_matching_one_program_passes(self):
        none = ["TAP version 13", "1..0"]
        ok = ["TAP version 13", "1..1", "ok 1 a.v.t"]
        rc, out, _ = self.run_main(_guest([("prog_a", ok, 0), ("prog_b", none, 0)]),
                                   "--filter", "a.v")
        self.assertEqual(rc, 0, out)

    def test_bad_flag_is_one_line(self):
        rc, out, err = self.run_main("", argv=["run", "--bogus"])
        self.assertEqual(rc, 2)
        self.assertEqual(err, "ariasuite kernel: error: unrecognized arguments: --bogus\n")

    def test_missing_kernel_is_one_line(self):
        missing = os.path.join(self.tmp.name, "nosuch")
        rc, out, err = self.run_main("", argv=["run", "--test", self.progs[0], "--kernel", missing])
        self.assertEqual(rc, 2)
        self.assertEqual(err, "ariasuite kernel: error: --kernel %s: no such file\n" % missing)


def _elf_with_modinfo(info):
    """A minimal ELF64 relocatable with a .modinfo section."""
    modinfo = b"".join(k.encode() + b"=" + v.encode() + b"\0" for k, v in info)
    shstr = b"\0.modinfo\0.shstrtab\0"
    data_off = 64
    shstr_off = data_off + len(modinfo)
    sh_off = shstr_off + len(shstr)
    sh_off += (8 - sh_off % 8) % 8
    hdr = bytearray(64)
    hdr[:6] = b"\x7fELF\x02\x01"
    struct.pack_into("<Q", hdr, 0x28, sh_off)
    struct.pack_into("<HHH", hdr, 0x3A, 64, 3, 2)
    body = bytes(hdr) + modinfo + shstr
    body += b"\0" * (sh_off - len(body))

    def sh(name, offset, size):
        return struct.pack("<IIQQQQIIQQ", name, 1, 0, 0, offset, size, 0, 0, 1, 0)
    return body + sh(0, 0, 0) + sh(1, data_off, len(modinfo)) + sh(10, shstr_off, len(shstr))


class KmodTest(unittest.TestCase):
    def test_resolve_order_and_builtin(self):
        with tempfile.TemporaryDirectory() as d:
            os.makedirs(os.path.join(d, "kernel"))
            mods = {"tls": "", "gcm": "crypto-null,gf128mul", "crypto-null": "", "gf128mul": "",
                    "aria_generic": ""}
            for name, deps in mods.items():
                with open(os.path.join(d, "kernel", name + ".ko"), "wb") as f:
                    f.write(_elf_with_modinfo([("name", name), ("depends", deps)]))
            with open(os.path.join(d, "modules.builtin"), "w") as f:
                f.write("kernel/crypto/ctr.ko\n")
            t = kmod.ModuleTree([d], os.path.join(d, "modules.builtin"))
            order, missing = t.resolve(["gcm", "ctr", "tls", "nosuch"])
            self.assertEqual(order, ["crypto_null", "gf128mul", "gcm", "tls"])
            self.assertEqual(missing, ["nosuch"])

    def test_missing_dependency_is_an_error(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "a.ko"), "wb") as f:
                f.write(_elf_with_modinfo([("depends", "b")]))
            t = kmod.ModuleTree([d])
            with self.assertRaises(kmod.ModuleError):
                t.resolve(["a"])

    def test_not_elf(self):
        with self.assertRaises(kmod.ModuleError):
            kmod.modinfo(b"garbage" * 20, "x.ko")


class InitramfsTest(unittest.TestCase):
    def test_newc_layout(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "a.cpio")
            a = initramfs.Archive(path)
            a.add_bytes("dir/sub/file", b"hello", 0o755)
            a.add_symlink("bin/sh", "busybox")
            a.close()
            with open(path, "rb") as f:
                data = f.read()
        self.assertEqual(len(data) % 512, 0)
        names, off = [], 0
        while True:
            self.assertEqual(data[off:off + 6], b"070701")
            fields = [int(data[off + 6 + 8 * i: off + 14 + 8 * i], 16) for i in range(13)]
            namesize, filesize = fields[11], fields[6]
            name = data[off + 110: off + 110 + namesize - 1].decode()
            off += 110 + namesize
            off += (4 - off % 4) % 4
            content = data[off:off + filesize]
            off += filesize
            off += (4 - off % 4) % 4
            if name == "TRAILER!!!":
                break
            names.append(name)
            if name == "dir/sub/file":
                self.assertEqual(content, b"hello")
                self.assertEqual(fields[1] & 0o777, 0o755)
        self.assertEqual(names, ["dir", "dir/sub", "dir/sub/file", "bin", "bin/sh"])


if __name__ == "__main__":
    unittest.main()
