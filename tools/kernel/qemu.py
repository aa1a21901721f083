"""Boots the guest with qemu-system-x86_64: KVM when /dev/kvm really works (probed by booting the
kernel for a moment: on some hosts qemu aborts setting MSRs under KVM), else TCG with `-cpu max`.
The kernel console goes to one file (serial 0), the test channel to another (serial 1); a guest
that does not power off by the deadline is killed.
"""
import os
import shutil
import subprocess
import sys
import time


class QemuError(Exception):
    pass


def find_qemu():
    env = os.environ.get("ARIASUITE_QEMU")
    if env:
        if not (os.path.isfile(env) and os.access(env, os.X_OK)):
            raise QemuError("ARIASUITE_QEMU=%s is not an executable file" % env)
        return env
    q = shutil.which("qemu-system-x86_64")
    if not q:
        raise QemuError("qemu-system-x86_64 not found (Debian package qemu-system-x86; or set "
                        "ARIASUITE_QEMU)")
    return q


def probe_kvm(qemu, kernel):
    """(True, "") when KVM boots this kernel; else (False, why)."""
    if not os.path.exists("/dev/kvm"):
        return False, "/dev/kvm does not exist"
    if not os.access("/dev/kvm", os.R_OK | os.W_OK):
        return False, "/dev/kvm is not readable and writable by this user"
    cmd = [qemu, "-accel", "kvm", "-cpu", "host", "-m", "256", "-nodefaults", "-display", "none",
           "-no-reboot", "-serial", "none", "-kernel", kernel, "-append", "panic=-1"]
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=4)
    except subprocess.TimeoutExpired:
        return True, ""  # still running after 4 s: KVM works
    if p.returncode == 0:
        return True, ""  # booted, panicked without a root fs, and exited (-no-reboot)
    err = p.stderr.decode(errors="replace").strip().splitlines()
    return False, "qemu under KVM failed: %s" % (err[0] if err else "exit %d" % p.returncode)


def boot(qemu, kernel, initrd, append, workdir, accel="tcg", timeout=600, memory_mb=1024, smp=2,
         progress=None):
    """Boots and waits. Returns (state, seconds, console_text, tap_text, qemu_error); state is
    "exited" or "timeout"; qemu_error is qemu's own stderr when it exited with an error.
    progress(line) is called with each new line of the test channel."""
    console = os.path.join(workdir, "console.log")
    tap = os.path.join(workdir, "tap.log")
    for f in (console, tap):
        if os.path.exists(f):
            os.unlink(f)
    cmd = [qemu, "-nodefaults", "-display", "none", "-no-reboot", "-m", str(memory_mb),
           "-smp", str(smp), "-kernel", kernel, "-initrd", initrd, "-append", append,
           "-serial", "file:" + console, "-serial", "file:" + tap]
    if accel == "kvm":
        cmd += ["-accel", "kvm", "-cpu", "host"]
    else:
        cmd += ["-accel", "tcg", "-cpu", "max"]
    start = time.monotonic()
    stderr_path = os.path.join(workdir, "qemu.stderr")
    with open(stderr_path, "wb") as err:
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err)
    state = "exited"
    seen = 0
    try:
        while True:
            try:
                p.wait(timeout=0.5)
                break
            except subprocess.TimeoutExpired:
                pass
            if progress:
                seen = _follow(tap, seen, progress)
            if time.monotonic() - start > timeout:
                state = "timeout"
                p.kill()
                p.wait()
                break
    except KeyboardInterrupt:
        p.kill()
        p.wait()
        raise
    if progress:
        _follow(tap, seen, progress)
    elapsed = time.monotonic() - start
    with open(stderr_path, "rb") as f:
        qerr = f.read().decode(errors="replace").strip()
    if state == "exited" and p.returncode != 0 and not os.path.exists(tap):
        raise QemuError("qemu exited with status %d: %s" % (p.returncode, qerr.splitlines()[-1]
                                                            if qerr else "(no message)"))
    qemu_error = ""
    if state == "exited" and p.returncode != 0:
        qemu_error = "qemu exited with status %d: %s" % (p.returncode, qerr or "(no message)")
    return state, elapsed, _read(console), _read(tap), qemu_error


def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read().decode(errors="replace")
    except OSError:
        return ""


def _follow(path, seen, progress):
    try:
        with open(path, "rb") as f:
            f.seek(seen)
            data = f.read()
    except OSError:
        return seen
    end = data.rfind(b"\n")
    if end < 0:
        return seen
    for line in data[:end].decode(errors="replace").split("\n"):
        progress(line.rstrip("\r"))
    return seen + end + 1


def log(msg):
    print("ariasuite kernel: " + msg, file=sys.stderr, flush=True)
