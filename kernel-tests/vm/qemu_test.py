#!/usr/bin/env python3
"""Tests of the guest watching in qemu.py through main.py run, with fake_qemu.py standing in for
qemu (ARIASUITE_QEMU) and a fake KVM device (ARIASUITE_KVM_DEVICE): a KVM internal error with
qemu left alive (in the probe and in the middle of a boot; seen on stderr alone, without QMP),
a VM only QMP says is paused, a guest that goes silent, a slow guest that keeps talking, no KVM
device, and a bzImage that fails under KVM while its PVH vmlinux boots. Each run must end within
seconds, far below the probe limit and the run's timeout."""
import os
import re
import sys
import tempfile
import time
import unittest
from unittest import mock

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import main  # noqa: E402
import main_testing  # noqa: E402
import qemu  # noqa: E402
import vmlinux_test  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
FAKE = os.path.join(HERE, "fake_qemu.py")
GUEST_TAP = """ARIASUITE BEGIN
ARIASUITE KERNEL 6.12.0-fake
ARIASUITE TAP-BEGIN prog_a
TAP version 13
1..1
ok 1 a.v.one
ARIASUITE TAP-END prog_a rc=0
ARIASUITE END
"""
# Every run here must end within this: well below the probe limit (20 s) and the timeouts.
FAST = 15


class WatchTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        d = self.tmp.name
        self.prog = os.path.join(d, "prog_a")
        with open(self.prog, "w") as f:
            f.write("#!/bin/sh\n")
        os.chmod(self.prog, 0o755)
        self.kernel = os.path.join(d, "bzImage")
        with open(self.kernel, "wb") as f:
            f.write(b"not a bzImage")
        self.kvm = os.path.join(d, "kvm")
        open(self.kvm, "w").close()
        self.tap = os.path.join(d, "guest.tap")
        with open(self.tap, "w") as f:
            f.write(GUEST_TAP)
        self.calls = os.path.join(d, "qemu.calls")
        self.work = os.path.join(d, "work")

    def run_main(self, mode, *flags, env=None, kvm=None):
        """main.py run under fake_qemu.py in `mode`; returns (status, stdout, stderr, seconds)."""
        argv = ["run", "--kernel", self.kernel, "--test", self.prog, "--workdir", self.work]
        environ = {"ARIASUITE_QEMU": FAKE, "ARIASUITE_KVM_DEVICE": kvm or self.kvm,
                   "FAKE_QEMU_MODE": mode, "FAKE_QEMU_TAP": self.tap,
                   "FAKE_QEMU_LOG": self.calls}
        environ.update(env or {})
        start = time.monotonic()
        print("\n  %s %s" % (mode, " ".join(flags)), end="", file=sys.stderr, flush=True)
        with mock.patch.dict(os.environ, environ):
            rc, out, err = main_testing.run_main(argv + list(flags), [
                (main, "build_initramfs", lambda out, *a: open(out, "wb").close()),
            ])
        secs = time.monotonic() - start
        print(": exit %s in %.1f s" % (rc, secs), end="", file=sys.stderr, flush=True)
        return rc, out, err, secs

    def invocations(self):
        with open(self.calls) as f:
            return f.read().splitlines()

    def test_kvm_internal_error_in_the_probe(self):
        # qemu prints the error and stays alive; no QMP socket, so stderr alone must catch it.
        rc, out, err, secs = self.run_main("kvm-error", env={"FAKE_QEMU_NO_QMP": "1"})
        self.assertEqual(rc, 0, err + out)
        self.assertLess(secs, FAST)
        self.assertRegex(err, r"KVM probe: the bzImage failed: KVM internal error\. Suberror: 1 "
                         r"\(qemu stderr after \d+\.\d s\)\n")
        self.assertIn("\nariasuite kernel: note: KVM unusable (the bzImage: KVM internal error. "
                      "Suberror: 1 (qemu stderr after ", err)
        self.assertIn("no PVH vmlinux to try: %s: not a bzImage" % self.kernel, err)
        self.assertIn(", qemu TCG, ", out)
        calls = self.invocations()
        self.assertIn("ariasuite.heartbeat=20 ", calls[-1])
        self.assertIn("-accel kvm", calls[0])
        self.assertIn("ariasuite.probe=1", calls[0])
        self.assertIn("-accel tcg", calls[-1])

        os.unlink(self.calls)
        rc, out, err, secs = self.run_main("kvm-error", "--accel", "kvm",
                                           env={"FAKE_QEMU_NO_QMP": "1"})
        self.assertEqual(rc, 2, err + out)
        self.assertLess(secs, FAST)
        last = err.splitlines()[-1]
        self.assertTrue(last.startswith("ariasuite kernel: error: --accel kvm: KVM cannot boot the "
                                        "guest: the bzImage: KVM internal error. Suberror: 1"),
                        last)
        self.assertNotIn("-accel tcg", "\n".join(self.invocations()))

    def test_kvm_internal_error_during_the_boot(self):
        rc, out, err, secs = self.run_main("kvm-error-later")
        self.assertEqual(rc, 0, err + out)
        self.assertLess(secs, FAST)
        self.assertIn("KVM probe: the bzImage reached /init under KVM in ", err)
        self.assertRegex(err, r"\nariasuite kernel: note: KVM stopped the guest \(KVM internal "
                         r"error\. Suberror: 1 \(qemu stderr after \d+\.\d s\)\): the run starts "
                         r"again under TCG with -cpu max \(no GFNI/AVX-512 there\)\n")
        self.assertIn(", qemu TCG, ", out)
        self.assertEqual([("-accel kvm" in c, "probe=1" in c) for c in self.invocations()],
                         [(True, True), (True, False), (False, False)])

        os.unlink(self.calls)
        rc, out, err, secs = self.run_main("kvm-error-later", "--accel", "kvm")
        self.assertEqual(rc, 2, err + out)
        self.assertLess(secs, FAST)
        self.assertRegex(err.splitlines()[-1], r"^ariasuite kernel: error: --accel kvm: KVM "
                         r"stopped the guest: KVM internal error\. Suberror: 1 \(qemu stderr")

    def test_paused_vm_seen_through_qmp(self):
        # Nothing on stderr: only qemu's run state says the guest stopped.
        rc, out, err, secs = self.run_main("paused", "--accel", "kvm")
        self.assertEqual(rc, 2, err + out)
        self.assertLess(secs, FAST)
        self.assertRegex(err.splitlines()[-1], r"^ariasuite kernel: error: --accel kvm: KVM "
                         r"cannot boot the guest: the bzImage: qemu stopped the guest \(run state "
                         r"paused\) after \d+\.\d s;")

    def test_silent_guest_is_declared_hung(self):
        rc, out, err, secs = self.run_main("silent", "--accel", "tcg", "--silence-limit", "2",
                                           "--timeout", "20")
        self.assertEqual(rc, 1, err + out)
        self.assertLess(secs, FAST)
        self.assertIn("\nFAIL guest.completed\n     the guest was declared hung: nothing on the "
                      "console or the test channel for 2 s (the silence limit)\n     --- console "
                      "tail ---\n", out)
        self.assertIn("     ariasuite: running prog_a\n", out)  # the console tail
        self.assertIn("FAIL prog_a.program_status", out)

    def test_slow_guest_that_talks_is_not_hung(self):
        # The negative control: output every 0.5 s for 3 s under a 2 s silence limit.
        rc, out, err, secs = self.run_main("slow", "--accel", "tcg", "--silence-limit", "2")
        self.assertEqual(rc, 0, err + out)
        m = re.search(r"longest silence of the guest: (\d+\.\d) s, ended \d+\.\d s after qemu "
                      r"started \(limit 2 s\)", err)
        self.assertLess(float(m.group(1)), 2, err)

    def test_no_kvm_device(self):
        missing = os.path.join(self.tmp.name, "nokvm")
        rc, out, err, secs = self.run_main("kvm-error", kvm=missing)
        self.assertEqual(rc, 0, err + out)
        self.assertIn("note: KVM unusable (%s does not exist): TCG with -cpu max" % missing, err)
        self.assertEqual(["-accel tcg" in c for c in self.invocations()], [True])
        os.unlink(self.calls)
        rc, out, err, secs = self.run_main("kvm-error", "--accel", "kvm", kvm=missing)
        self.assertEqual(rc, 2, err + out)
        self.assertEqual(err.splitlines()[-1], "ariasuite kernel: error: --accel kvm: KVM cannot "
                         "boot the guest: %s does not exist" % missing)
        self.assertFalse(os.path.exists(self.calls))  # qemu never started

    def test_pvh_vmlinux_when_the_bzimage_fails(self):
        elf = vmlinux_test.fake_elf()
        with open(self.kernel, "wb") as f:
            f.write(vmlinux_test.fake_bzimage(vmlinux_test.compress(elf, "gzip")))
        rc, out, err, secs = self.run_main("bzimage-kvm-error")
        self.assertEqual(rc, 0, err + out)
        self.assertLess(secs, FAST)
        self.assertIn("KVM probe: the bzImage failed: KVM internal error. Suberror: 1", err)
        self.assertIn("KVM probe: the PVH vmlinux reached /init under KVM in ", err)
        self.assertIn("booting %s under KVM" % os.path.join(self.work, "vmlinux"), err)
        self.assertIn(", qemu KVM, ", out)
        calls = self.invocations()
        self.assertEqual(len(calls), 3)
        self.assertIn("-kernel %s " % os.path.join(self.work, "vmlinux"), calls[-1])
        self.assertIn("-accel kvm", calls[-1])
        # --pvh under TCG boots the vmlinux without a probe.
        os.unlink(self.calls)
        rc, out, err, secs = self.run_main("good", "--pvh", "--accel", "tcg")
        self.assertEqual(rc, 0, err + out)
        self.assertEqual(len(self.invocations()), 1)
        self.assertIn("-kernel %s " % os.path.join(self.work, "vmlinux"), self.invocations()[0])

    def test_qemu_that_cannot_start(self):
        bad = os.path.join(self.tmp.name, "badqemu")
        with open(bad, "w") as f:
            f.write("#!/nonexistent/interpreter\n")
        os.chmod(bad, 0o755)
        for accel in ("auto", "tcg"):
            rc, out, err, secs = self.run_main("good", "--accel", accel,
                                               env={"ARIASUITE_QEMU": bad})
            self.assertEqual(rc, 2, err + out)
            self.assertEqual(err.splitlines()[-1], "ariasuite kernel: error: cannot start %s: No "
                             "such file or directory" % bad)

    def test_bad_silence_limit(self):
        rc, out, err, secs = self.run_main("good", "--silence-limit", "0")
        self.assertEqual((rc, err), (2, "ariasuite kernel: error: --silence-limit 0: must be at "
                                        "least 1 second\n"))

    def test_good_kvm(self):
        rc, out, err, secs = self.run_main("good")
        self.assertEqual(rc, 0, err + out)
        self.assertIn(", qemu KVM, ", out)
        self.assertNotIn("QMP", err)  # the stand-in answers QMP like qemu


if __name__ == "__main__":
    unittest.main()
