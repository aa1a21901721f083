"""Boots the guest with qemu-system-x86_64 and watches it while it runs.

KVM is used only after a positive sign: probe() boots the kernel with the real initramfs and
`ariasuite.probe=1`, and counts KVM as working only when /init prints PROBE_MARKER on the console
within PROBE_SECONDS. Every boot (the probe too) is watched four times a second:
  - qemu's stderr, for the lines qemu prints when KVM stops the guest (KVM_ERROR: "KVM internal
    error. Suberror: 1" ... "emulation failure"): qemu then keeps the VM paused and the process
    alive, so the process alone says nothing;
  - qemu's own run state through QMP on a unix socket (`query-status`): "internal-error",
    "paused", "guest-panicked", "shutdown", "io-error" and the like mean the guest no longer runs,
    whatever qemu printed;
  - the console (serial 0) and the test channel (serial 1): a guest that writes nothing to either
    for the silence limit is declared hung, long before the run's timeout (the guest's /init
    prints a heartbeat on the console every HEARTBEAT seconds while a program runs).
Under KVM a stopped guest, a KVM error line or a qemu that exits with an error raises AccelError,
so the caller can start again under TCG (`-cpu max`) or give up.
"""
import collections
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

# What /init prints on the console when the kernel command line has ariasuite.probe=1.
PROBE_MARKER = "ariasuite: probe: /init reached"
# The Debian kernel reaches /init in 22-35 s under TCG on a loaded 2-core host (kernel-tests/
# README.md), a working KVM needs a small fraction of that, and a KVM slower than TCG is of no
# use: the probe gives up after PROBE_SECONDS. A KVM error or a stopped guest ends it at once.
PROBE_SECONDS = 20
# Seconds without a byte on the console or the test channel before the guest is declared hung.
SILENCE_SECONDS = 120
# Seconds between the heartbeat lines /init prints on the console while the programs run (passed
# as ariasuite.heartbeat=; a later --append ariasuite.heartbeat=N overrides it, 0 turns it off).
HEARTBEAT = 20
POLL = 0.25
QMP_CONNECT_SECONDS = 5
# qemu's stderr when KVM cannot go on (accel/kvm/kvm-all.c, target/i386/kvm/kvm.c).
KVM_ERROR = re.compile(r"KVM internal error|KVM: entry failed|kvm run failed|"
                       r"KVM: unknown exit reason|error: failed to set MSR|"
                       r"Failed to (get|put) registers")
# Run states in which the guest no longer runs (qapi/run-state.json); "prelaunch", "inmigrate",
# "running" and the migration states are not failures.
STOPPED = {"internal-error", "paused", "guest-panicked", "io-error", "shutdown", "watchdog",
           "debug", "colo", "suspended"}

ACCEL_ARGS = {"kvm": ["-accel", "kvm", "-cpu", "host"], "tcg": ["-accel", "tcg", "-cpu", "max"]}


class QemuError(Exception):
    pass


class AccelError(QemuError):
    """KVM stopped the guest (the message is one line naming what qemu said)."""


def log(msg):
    print("ariasuite kernel: " + msg, file=sys.stderr, flush=True)


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


def kvm_device():
    """The KVM device: /dev/kvm, or $ARIASUITE_KVM_DEVICE (the tests fake it)."""
    return os.environ.get("ARIASUITE_KVM_DEVICE") or "/dev/kvm"


def kvm_missing():
    """Why KVM cannot even be tried ("" when the device is there and usable)."""
    dev = kvm_device()
    if not os.path.exists(dev):
        return "%s does not exist" % dev
    if not os.access(dev, os.R_OK | os.W_OK):
        return "%s is not readable and writable by this user" % dev
    return ""


class _Qmp:
    """A QMP client on qemu's unix socket: only the capabilities handshake and query-status."""

    def __init__(self, path):
        self.path = path
        self.sock = None
        self.buf = b""
        self.gave_up = False

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(2)
        try:
            s.connect(self.path)
            self.sock = s
            self._reply()  # the greeting
            self._send({"execute": "qmp_capabilities"})
            self._reply()
            return True
        except (OSError, ValueError):
            s.close()
            self.sock = None
            return False

    def _send(self, msg):
        self.sock.sendall(json.dumps(msg).encode() + b"\n")

    def _reply(self):
        """The next message that is not an event."""
        while True:
            while b"\n" not in self.buf:
                data = self.sock.recv(65536)
                if not data:
                    raise OSError("QMP closed")
                self.buf += data
            line, self.buf = self.buf.split(b"\n", 1)
            msg = json.loads(line)
            if "event" not in msg:
                return msg

    def status(self):
        """qemu's run state ("running", "internal-error", ...), or None when unknown."""
        if not self.sock:
            return None
        try:
            self._send({"execute": "query-status"})
            ret = self._reply().get("return")
            return ret.get("status") if isinstance(ret, dict) else None
        except (OSError, ValueError, AttributeError):
            self.close()
            return None

    def close(self):
        if self.sock:
            self.sock.close()
            self.sock = None


class _Guest:
    """One qemu process and what it writes: its stderr, its serial files, its QMP state."""

    def __init__(self, cmd, workdir, outputs, tag):
        self.outputs = outputs
        self.stderr_path = os.path.join(workdir, tag + "qemu.stderr")
        for f in outputs + [self.stderr_path]:
            if os.path.exists(f):
                os.unlink(f)
        # A unix socket path must fit in 108 bytes: a folder of its own under /tmp.
        try:
            self.qmp_dir = tempfile.mkdtemp(prefix="ariasuite-qmp-", dir="/tmp")
        except OSError as e:
            raise QemuError("cannot make a folder for qemu's QMP socket in /tmp: %s" % e.strerror)
        self.qmp = _Qmp(os.path.join(self.qmp_dir, "qmp.sock"))
        cmd = cmd + ["-qmp", "unix:%s,server=on,wait=off" % self.qmp.path]
        try:
            with open(self.stderr_path, "wb") as err:
                self.p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL,
                                          stdout=subprocess.DEVNULL, stderr=err)
        except OSError as e:
            shutil.rmtree(self.qmp_dir, ignore_errors=True)
            raise QemuError("cannot start %s: %s" % (cmd[0], e.strerror))
        self.start = time.monotonic()
        self.sizes = {f: 0 for f in outputs}
        self.last_output = self.start
        self.longest_silence = 0.0
        self.longest_silence_end = 0.0
        self.next_status = self.start

    def elapsed(self):
        return time.monotonic() - self.start

    def stderr(self):
        try:
            with open(self.stderr_path, "rb") as f:
                return f.read().decode(errors="replace")
        except OSError:
            return ""

    def kvm_error(self):
        """qemu's first line saying KVM stopped ("" when none)."""
        for line in self.stderr().splitlines():
            if KVM_ERROR.search(line):
                return line.strip()
        return ""

    def silence(self):
        """Seconds since the guest last wrote to any of its outputs."""
        now = time.monotonic()
        for f in self.outputs:
            try:
                size = os.path.getsize(f)
            except OSError:
                continue
            if size != self.sizes[f]:
                self.sizes[f] = size
                if now - self.last_output > self.longest_silence:
                    self.longest_silence = now - self.last_output
                    self.longest_silence_end = now - self.start
                self.last_output = now
        return now - self.last_output

    def stopped(self):
        """qemu's run state when it says the guest no longer runs, else ""."""
        now = time.monotonic()
        if now < self.next_status:
            return ""
        self.next_status = now + 1
        if not self.qmp.sock and not self.qmp.gave_up:
            if not self.qmp.connect() and now - self.start > QMP_CONNECT_SECONDS:
                self.qmp.gave_up = True
                log("note: qemu's QMP socket did not answer within %d s: its run state is not "
                    "watched (stderr and the guest's output still are)" % QMP_CONNECT_SECONDS)
        status = self.qmp.status()
        return status if status in STOPPED else ""

    def kill(self):
        if self.p.poll() is None:
            self.p.kill()
        self.p.wait()

    def close(self):
        self.kill()
        self.qmp.close()
        shutil.rmtree(self.qmp_dir, ignore_errors=True)


def _cmd(qemu, kernel, initrd, append, accel, memory_mb, smp, serials):
    cmd = [qemu, "-nodefaults", "-display", "none", "-no-reboot", "-m", str(memory_mb),
           "-smp", str(smp), "-kernel", kernel, "-append", append]
    if initrd:
        cmd += ["-initrd", initrd]
    for s in serials:
        cmd += ["-serial", "file:" + s]
    return cmd + ACCEL_ARGS[accel]


def _last_line(text):
    lines = [l.strip() for l in text.replace("\r", "").splitlines() if l.strip()]
    return lines[-1] if lines else ""


class Probe:
    def __init__(self, ok, why="", seconds=0.0):
        self.ok, self.why, self.seconds = ok, why, seconds


def probe(qemu, kernel, initrd, workdir, memory_mb=1024, smp=2, limit=None, accel="kvm"):
    """Boots kernel with initrd under KVM (accel) until /init prints PROBE_MARKER.
    Probe(True, seconds) when it did within limit (PROBE_SECONDS); else Probe(False, one line
    saying why)."""
    limit = PROBE_SECONDS if limit is None else limit
    missing = kvm_missing() if accel == "kvm" else ""
    if missing:
        return Probe(False, missing)
    console = os.path.join(workdir, "probe-console.log")
    cmd = _cmd(qemu, kernel, initrd, "console=ttyS0,115200 earlyprintk=serial panic=-1 "
               "ariasuite.probe=1", accel, memory_mb, smp, [console])
    g = _Guest(cmd, workdir, [console], "probe-")
    try:
        while True:
            try:
                g.p.wait(timeout=POLL)
            except subprocess.TimeoutExpired:
                pass
            text = _read(console)
            if PROBE_MARKER in text:
                return Probe(True, seconds=g.elapsed())
            err = g.kvm_error()
            if err:
                return Probe(False, "%s (qemu stderr after %.1f s)" % (err, g.elapsed()))
            if g.p.returncode is not None:
                msg = _last_line(g.stderr()) or "console: %s" % (_last_line(text) or "empty")
                return Probe(False, "qemu exited with status %d before /init: %s"
                             % (g.p.returncode, msg))
            state = g.stopped()
            if state:
                return Probe(False, "qemu stopped the guest (run state %s) after %.1f s"
                             % (state, g.elapsed()))
            if g.elapsed() > limit:
                return Probe(False, "/init not reached within %d s (console: %s)"
                             % (limit, _last_line(text) or "empty"))
    finally:
        g.close()


# What one boot gave: state "exited", "timeout", "hung" or "stopped"; the seconds it ran; the
# console and test-channel text; qemu's complaint when it exited with an error; why (one line, for
# "timeout", "hung" and "stopped"); the longest silence seen and when it ended, in seconds.
Boot = collections.namedtuple(
    "Boot", "state seconds console tap qemu_error why longest_silence longest_silence_end",
    defaults=("", 0.0, 0.0))


def boot(qemu, kernel, initrd, append, workdir, accel="tcg", timeout=600, memory_mb=1024, smp=2,
         progress=None, silence=None):
    """Boots and watches until qemu exits, or the guest stops, falls silent for `silence` seconds
    (SILENCE_SECONDS) or outlives `timeout`. Returns a Boot; raises AccelError under KVM when KVM
    stopped the guest, QemuError when qemu failed before the guest wrote anything.
    progress(line) is called with each new line of the test channel."""
    silence = SILENCE_SECONDS if silence is None else silence
    console = os.path.join(workdir, "console.log")
    tap = os.path.join(workdir, "tap.log")
    g = _Guest(_cmd(qemu, kernel, initrd, append, accel, memory_mb, smp, [console, tap]),
               workdir, [console, tap], "")
    state, why, seen = "exited", "", 0
    try:
        while True:
            try:
                g.p.wait(timeout=POLL)
                break
            except subprocess.TimeoutExpired:
                pass
            if progress:
                seen = _follow(tap, seen, progress)
            err = g.kvm_error()
            if err:
                state, why = "stopped", "%s (qemu stderr after %.1f s)" % (err, g.elapsed())
                break
            quiet = g.silence()
            if quiet > silence:
                state = "hung"
                why = ("nothing on the console or the test channel for %d s (the silence limit)"
                       % silence)
                break
            st = g.stopped()
            if st:
                state, why = "stopped", "qemu stopped the guest (run state %s) after %.1f s" % (
                    st, g.elapsed())
                break
            if g.elapsed() > timeout:
                state, why = "timeout", "after %d s" % timeout
                break
    except KeyboardInterrupt:
        g.close()
        raise
    g.silence()
    g.close()
    if progress:
        _follow(tap, seen, progress)
    elapsed = g.elapsed()
    qerr = g.stderr().strip()
    if accel == "kvm" and (state == "stopped" or (g.p.returncode and state == "exited")):
        raise AccelError(why or "qemu exited with status %d under KVM: %s" % (
            g.p.returncode, _last_line(qerr) or "(no message)"))
    if state == "exited" and g.p.returncode != 0 and not os.path.exists(tap):
        raise QemuError("qemu exited with status %d: %s" % (g.p.returncode, qerr.splitlines()[-1]
                                                            if qerr else "(no message)"))
    qemu_error = ""
    if state == "exited" and g.p.returncode != 0:
        qemu_error = "qemu exited with status %d: %s" % (g.p.returncode, qerr or "(no message)")
    return Boot(state, elapsed, _read(console), _read(tap), qemu_error, why, g.longest_silence,
                g.longest_silence_end)


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
