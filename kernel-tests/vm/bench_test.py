"""bench.py and main.py's --bench without a guest: one SKIP line and exit 4 wherever the guest
would run under TCG, the table from the guest program's BENCH lines under KVM, exit 1 when the
program measured nothing or a measurement failed, exit 2 without the program."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bench  # noqa: E402
import main  # noqa: E402
import main_testing  # noqa: E402
import tap  # noqa: E402

# What ktls_bench prints (its format; the figures are made up for the table's arithmetic).
GUEST_TAP = """TAP version 13
# 268435456 bytes per measurement, 16384-byte writes
# BENCH cipher=ARIA-128-GCM stack=userspace driver=openssl-3.0.19 bytes=1000 ns=4000
ok 1 ARIA-128-GCM.userspace.openssl-3.0.19
# BENCH cipher=AES-128-GCM stack=userspace driver=openssl-3.0.19 bytes=1000 ns=800
ok 2 AES-128-GCM.userspace.openssl-3.0.19
# BENCH cipher=ARIA-128-GCM stack=ktls driver=gcm_base(ctr-aria-avx2,ghash-generic) bytes=1000 ns=1000
ok 3 ARIA-128-GCM.ktls.gcm_base(ctr-aria-avx2,ghash-generic)
# BENCH cipher=ARIA-256-GCM stack=ktls driver=gcm_base(ctr(aria-generic),ghash-generic) bytes=1000 ns=8000
ok 4 ARIA-256-GCM.ktls.gcm_base(ctr(aria-generic),ghash-generic)
# BENCH cipher=ARIA-128-GCM stack=ktls driver=broken bytes=1000 ns=0
1..4
"""


class ParseTest(unittest.TestCase):
    def test_rows_and_ratios(self):
        rows = bench.parse(GUEST_TAP)
        self.assertEqual([(r.cipher, r.stack) for r in rows],
                         [("ARIA-128-GCM", "userspace"), ("AES-128-GCM", "userspace"),
                          ("ARIA-128-GCM", "ktls"), ("ARIA-256-GCM", "ktls")])
        self.assertAlmostEqual(rows[0].gbits(), 8000 / 4000)
        lines = bench.table(rows, "heading")
        self.assertEqual(lines[0], "heading")
        # ARIA-128 kTLS: 8 Gbit/s against 2 in userspace; ARIA-256 has no userspace row.
        self.assertEqual(lines[4].split()[-2:], ["8.00", "4.00"])
        self.assertEqual(lines[5].split()[-2:], ["1.00", "-"])
        self.assertEqual(lines[2].split()[-2:], ["2.00", "1.00"])

    def test_other_lines_are_ignored(self):
        self.assertEqual(bench.parse("# BENCH cipher=x\nok 1 y\n# BENCH garbage bytes=1 ns=2\n"),
                         [])


class CommandTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.prog = os.path.join(self.tmp.name, "ktls_bench")
        open(self.prog, "w").close()
        os.environ.pop(bench.UNDER_TCG_ENV, None)

    def tearDown(self):
        self.tmp.cleanup()

    def run_bench(self, accel, tap_text, status, argv=None, run_accel=None):
        import qemu
        kern = {"bzimage": "/x", "module_dirs": [], "builtin": None}
        seen = {}

        def boot(args, qemu_bin, kern, tests, extra, start, workdir):
            seen["tests"] = tests
            run = tap.GuestRun()
            run.tap, run.kernel = tap_text, "6.12.117"
            run.accel = run_accel or accel
            return status, run

        rc, out, err = main_testing.run_main(
            ["run", "--bench", "--workdir", self.tmp.name, "--no-prepare"] +
            (["--test", self.prog] if argv is None else argv),
            [(qemu, "kvm_missing", lambda: ""), (qemu, "find_qemu", lambda: "qemu"),
             (main, "_resolve_kernel", lambda a: (kern, [], [])),
             (main, "build_initramfs", lambda out, *a: open(out, "wb").close()),
             (main, "choose_accel", lambda *a: (accel, "/x")),
             (main, "_boot_and_report", boot)])
        return rc, out, err, seen

    def test_tcg_is_one_skip_line_and_exit_4(self):
        import qemu
        for argv, patches, why in (
                (["--accel", "tcg"], [], "--accel tcg"),
                ([], [(qemu, "kvm_missing", lambda: "/dev/kvm does not exist")],
                 "/dev/kvm does not exist")):
            rc, out, err = main_testing.run_main(["run", "--bench"] + argv, patches)
            self.assertEqual(rc, 4, argv)
            self.assertEqual(out.strip().splitlines(), [bench.skip_line(why)])
            self.assertIn("the table needs KVM", out)

    def test_a_failed_kvm_probe_is_the_skip(self):
        rc, out, _, seen = self.run_bench("tcg", GUEST_TAP, 0)
        self.assertEqual(rc, 4)
        self.assertIn("no KVM probe reached /init", out)
        self.assertNotIn("tests", seen)  # nothing booted to measure

    def test_under_kvm_the_table(self):
        rc, out, err, seen = self.run_bench("kvm", GUEST_TAP, 0)
        self.assertEqual(rc, 0, err)
        self.assertEqual(seen["tests"], [("ktls_bench", self.prog, bench.program_args())])
        lines = out.strip().splitlines()
        self.assertIn("under KVM", lines[0])
        self.assertIn("kernel 6.12.117", lines[0])
        self.assertEqual(len(lines), 2 + 4)

    def test_a_failed_measurement_fails_the_run(self):
        rc, out, _, _ = self.run_bench("kvm", GUEST_TAP, 1)
        self.assertEqual(rc, 1)

    def test_nothing_measured_is_exit_1(self):
        rc, out, err, _ = self.run_bench("kvm", "TAP version 13\n1..0\n", 0)
        self.assertEqual(rc, 1)
        self.assertIn("printed no measurement", err)

    def test_kvm_lost_during_the_run_is_the_skip(self):
        rc, out, _, _ = self.run_bench("kvm", GUEST_TAP, 0, run_accel="tcg")
        self.assertEqual(rc, 4)
        self.assertIn("KVM stopped the guest during the run", out)

    def test_without_the_program_exit_2(self):
        rc, _, err, _ = self.run_bench("kvm", GUEST_TAP, 0, argv=[])
        self.assertEqual(rc, 2)

    def test_forced_under_tcg_the_table_says_emulated(self):
        os.environ[bench.UNDER_TCG_ENV] = "1"
        try:
            rc, out, _, _ = self.run_bench("tcg", GUEST_TAP, 0, argv=["--test", self.prog,
                                                                      "--accel", "tcg"])
        finally:
            os.environ.pop(bench.UNDER_TCG_ENV, None)
        self.assertEqual(rc, 0)
        self.assertIn("EMULATED (TCG): the figures mean nothing", out)

    def test_a_bad_volume_is_one_line_and_exit_2(self):
        for bad in ("0", "abc", "-1", "99999999"):
            os.environ[bench.BYTES_ENV] = bad
            try:
                rc, _, err, seen = self.run_bench("kvm", GUEST_TAP, 0)
            finally:
                os.environ.pop(bench.BYTES_ENV, None)
            self.assertEqual(rc, 2, bad)
            self.assertIn("%s=%s: wanted a whole number of MiB" % (bench.BYTES_ENV, bad), err)
            self.assertNotIn("tests", seen)
        os.environ[bench.BYTES_ENV] = "3"
        try:
            self.assertEqual(bench.program_args(), ["--bytes", str(3 << 20)])
        finally:
            os.environ.pop(bench.BYTES_ENV, None)

    def test_bench_with_fuzz_is_refused(self):
        rc, _, err = main_testing.run_main(["run", "--bench", "--fuzz", "5"], [])
        self.assertEqual(rc, 2)
        self.assertIn("--bench excludes --fuzz and --replay", err)


if __name__ == "__main__":
    unittest.main()
