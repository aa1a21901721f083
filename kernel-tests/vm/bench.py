"""`tools/ariasuite kernel --bench`: the kTLS ARIA-GCM throughput table. The guest program
kernel-tests/ktls_bench.cc measures TLS 1.2 over loopback (userspace OpenSSL against kTLS with
each ARIA driver the guest CPU allows, forced in turn; AES-GCM for scale) and prints one
`# BENCH ...` line per measurement; this module decides whether to measure at all (only where the
guest runs under KVM: figures of an emulated CPU say nothing about the drivers), and turns those
lines into the table with Gbit/s and the ratio to userspace OpenSSL of the same cipher.
Under TCG one SKIP line and exit 4.
"""
import os
import re

SKIP_EXIT = 4
PROGRAM = "ktls_bench"
# Bytes per measurement: a few seconds for the slowest row (userspace OpenSSL ARIA) under KVM;
# ARIASUITE_KERNEL_BENCH_MIB=N measures N MiB instead.
BYTES = 256 << 20
BYTES_ENV = "ARIASUITE_KERNEL_BENCH_MIB"
# Set to 1 to measure under TCG anyway (to check the path on a host without KVM): the table is
# then headed as emulated and its figures mean nothing.
UNDER_TCG_ENV = "ARIASUITE_KERNEL_BENCH_UNDER_TCG"

_LINE = re.compile(r"^# BENCH cipher=(\S+) stack=(\S+) driver=(\S+) bytes=(\d+) ns=(\d+)\s*$")


def skip_line(why_tcg):
    return ("SKIP kernel.bench: the guest runs under TCG here (%s): throughput of an emulated CPU "
            "means nothing, the table needs KVM" % why_tcg)


def measure_under_tcg():
    return os.environ.get(UNDER_TCG_ENV) == "1"


def nbytes():
    """BYTES, or ARIASUITE_KERNEL_BENCH_MIB MiB; ValueError naming the variable if it is bad."""
    v = os.environ.get(BYTES_ENV)
    if v is None:
        return BYTES
    if not v.isdigit() or not 0 < int(v) <= 65536:
        raise ValueError("%s=%s: wanted a whole number of MiB from 1 to 65536" % (BYTES_ENV, v))
    return int(v) << 20


def program_args():
    return ["--bytes", str(nbytes())]


class Row:
    def __init__(self, cipher, stack, driver, nbytes, ns):
        self.cipher, self.stack, self.driver = cipher, stack, driver
        self.nbytes, self.ns = nbytes, ns

    def gbits(self):
        return self.nbytes * 8.0 / self.ns  # bits per nanosecond = Gbit/s


def parse(tap_text):
    """The BENCH lines of the program's output, in order."""
    rows = []
    for line in tap_text.splitlines():
        m = _LINE.match(line)
        if m and int(m.group(5)) > 0:
            rows.append(Row(m.group(1), m.group(2), m.group(3), int(m.group(4)), int(m.group(5))))
    return rows


def table(rows, heading):
    """The table's lines: per row cipher, stack, driver, Gbit/s and the ratio to userspace OpenSSL
    of the same cipher ("-" where that row is missing)."""
    userspace = {r.cipher: r for r in rows if r.stack == "userspace"}
    out = [heading,
           "%-13s %-10s %-48s %9s %12s" % ("cipher", "stack", "driver", "Gbit/s", "×userspace")]
    for r in rows:
        base = userspace.get(r.cipher)
        ratio = "%.2f" % (r.gbits() / base.gbits()) if base else "-"
        out.append("%-13s %-10s %-48s %9.2f %12s" % (r.cipher, r.stack, r.driver, r.gbits(),
                                                     ratio))
    return out
