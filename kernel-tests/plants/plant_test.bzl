"""plant_test: one fault planted in a copy of kernel code, which the kTLS fuzzer must find
(kernel-tests/plants/BUILD).

plant_test(name = "aria_ctr_tail_test", budget = 240, finding = "...") is an sh_test of
plant_test.sh: the plant builder aria_ctr_tail.py builds the planted modules, the fuzzer must find
the fault within budget seconds with a `# FINDING:` line matching the grep regex finding. Manual and
exclusive (a module build and a TCG boot of the prepared kernel, which Bazel does not track).
"""

load("//kernel-tests/vm:guest_boot_test.bzl", "guest_boot_test")

def plant_test(name, budget, finding):
    builder = name[:-len("_test")] + ".py"
    guest_boot_test(
        name = name,
        srcs = ["plant_test.sh"],
        args = [
            "$(location %s)" % builder,
            "$(location //kernel-tests:ktls_fuzz)",
            str(budget),
            finding,
        ],
        data = [
            builder,
            "plant_kernel.py",
            "//kernel-tests:ktls_fuzz",
        ],
        tags = ["manual"],
    )
