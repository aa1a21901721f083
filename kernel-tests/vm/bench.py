"""`tools/ariasuite kernel --bench`: the kTLS ARIA-GCM throughput table (userspace OpenSSL against
kTLS with each ARIA driver, AES-GCM for scale) is only measured where the guest runs under KVM:
figures of an emulated CPU (TCG) say nothing about the drivers. Under TCG one SKIP line and
exit 4. Under KVM the measuring guest program is still missing: one line saying so and exit 2.
"""

SKIP_EXIT = 4
MISSING_EXIT = 2


def decide(accel, why_tcg):
    """(exit status, the line to print) once the accelerator is known."""
    if accel != "kvm":
        return SKIP_EXIT, ("SKIP kernel.bench: the guest runs under TCG here (%s): throughput of "
                           "an emulated CPU means nothing, the table needs KVM" % why_tcg)
    return MISSING_EXIT, ("ariasuite kernel: error: --bench under KVM: the kTLS throughput "
                          "program is not part of the suite yet (nothing measured)")
