#!/usr/bin/env python3
"""A stand-in for qemu-system-x86_64 in the kernel runner's tests (ARIASUITE_QEMU=this file).

It reads the arguments qemu.py passes (-kernel, -append, -serial file:F, -qmp unix:P,..., -accel)
and plays a guest chosen by $FAKE_QEMU_MODE:
  good        the probe (ariasuite.probe=1) prints the /init marker; a boot writes console lines
              and $FAKE_QEMU_TAP to the second serial file, then exits 0
  kvm-error   under KVM prints qemu's "KVM internal error" lines on stderr, sets its run state
              to internal-error and stays alive, as qemu does; under TCG as good
  kvm-error-later  under KVM the probe succeeds, the boot starts (console, ARIASUITE BEGIN),
              then fails as kvm-error; under TCG as good
  paused      under KVM says nothing on stderr, only its QMP run state is "paused"; TCG: good
  slow        a boot writes a console line every 0.5 s for 3 s, then as good
  silent      boots (console lines, ARIASUITE BEGIN, a TAP plan) and then writes nothing
  bzimage-kvm-error  under KVM a -kernel that is not an ELF file fails as kvm-error, an ELF file
              (the PVH vmlinux) behaves as good; under TCG as good
$FAKE_QEMU_NO_QMP=1: no QMP socket. Each invocation is appended as one line to $FAKE_QEMU_LOG.
"""
import json
import os
import socket
import sys
import threading
import time

STATE = {"status": "running"}


def serve_qmp(path):
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(path)
    srv.listen(4)

    def client(c):
        f = c.makefile("rwb", buffering=0)
        f.write(b'{"QMP": {"version": {}, "capabilities": []}}\n')
        for line in f:
            cmd = json.loads(line).get("execute")
            if cmd == "query-status":
                ret = {"status": STATE["status"], "running": STATE["status"] == "running"}
            else:
                ret = {}
            f.write(json.dumps({"return": ret}).encode() + b"\n")

    def loop():
        while True:
            c, _ = srv.accept()
            threading.Thread(target=client, args=(c,), daemon=True).start()

    threading.Thread(target=loop, daemon=True).start()


def write(path, text):
    with open(path, "a") as f:
        f.write(text)


def kvm_error(console):
    write(console, "[    0.000000] Linux version 6.12.0-fake\n")
    sys.stderr.write("KVM internal error. Suberror: 1\nextra data[0]: 0x0000000000000000\n"
                     "emulation failure\nRAX=0000000000000000 RBX=0000000000000000\n")
    sys.stderr.flush()
    STATE["status"] = "internal-error"
    time.sleep(3600)  # qemu keeps the VM paused and the process alive


def good(console, serials, probe):
    write(console, "[    0.000000] Linux version 6.12.0-fake\n"
          "[    0.5] Run /init as init process\n")
    if probe:
        write(console, "ariasuite: probe: /init reached\n")
        return
    with open(os.environ["FAKE_QEMU_TAP"]) as f:
        write(serials[1], f.read())


def main():
    argv = sys.argv[1:]
    opts = {}
    serials = []
    for i, a in enumerate(argv[:-1]):
        if a == "-serial":
            serials.append(argv[i + 1][len("file:"):])
        elif a.startswith("-"):
            opts[a] = argv[i + 1]
    if os.environ.get("FAKE_QEMU_LOG"):
        write(os.environ["FAKE_QEMU_LOG"], " ".join(argv) + "\n")
    if "-qmp" in opts and os.environ.get("FAKE_QEMU_NO_QMP") != "1":
        serve_qmp(opts["-qmp"].split(",")[0][len("unix:"):])
    kvm = opts.get("-accel") == "kvm"
    probe = "ariasuite.probe=1" in opts.get("-append", "")
    mode = os.environ.get("FAKE_QEMU_MODE", "good")
    console = serials[0]
    with open(opts["-kernel"], "rb") as f:
        elf = f.read(4) == b"\x7fELF"
    if kvm and (mode == "kvm-error" or (mode == "bzimage-kvm-error" and not elf)):
        kvm_error(console)
    elif kvm and mode == "kvm-error-later" and not probe:
        write(console, "[    0.000000] Linux version 6.12.0-fake\n")
        write(serials[1], "ARIASUITE BEGIN\nARIASUITE TAP-BEGIN prog_a\nTAP version 13\n")
        time.sleep(0.5)
        kvm_error(console)
    elif kvm and mode == "paused":
        write(console, "[    0.000000] Linux version 6.12.0-fake\n")
        STATE["status"] = "paused"
        time.sleep(3600)
    elif mode == "silent" and not probe:
        write(console, "[    0.000000] Linux version 6.12.0-fake\n[    0.9] Run /init as init "
              "process\nariasuite: running prog_a\n")
        write(serials[1], "ARIASUITE BEGIN\nARIASUITE TAP-BEGIN prog_a\nTAP version 13\n1..2\n")
        time.sleep(3600)
    else:
        if mode == "slow" and not probe:
            for i in range(6):
                write(console, "[    %d.5] still booting\n" % i)
                time.sleep(0.5)
        good(console, serials, probe)
    return 0


if __name__ == "__main__":
    sys.exit(main())
