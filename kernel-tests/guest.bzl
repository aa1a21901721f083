"""guest_program: one kselftest-style program the qemu guest runs (kernel-tests/BUILD).

guest_program(name = "tls_data_test", deps = [...]) is a cc_binary of tls_data_test.cc with the
test harness and the kTLS helpers, linked static for the guest (which has no libc) except under
the sanitizer and fuzz configs of .bazelrc, which cannot link -static (the initramfs builder then
copies the shared libraries).

guest_vm_test(name = "pvh_test", programs = [...], args = [...], data = [...]) is the
guest_boot_test (kernel-tests/vm/guest_boot_test.bzl) of vm_test.sh with the guest vectors,
running programs in the guest (runner flags and vector files in args, before the programs; their
files in data).
"""

load("//kernel-tests/vm:guest_boot_test.bzl", "guest_boot_test")

def guest_program(name, deps = [], **kwargs):
    native.cc_binary(
        name = name,
        srcs = [name + ".cc"],
        linkopts = select({
            "//kernel-tests:asan": [],
            "//kernel-tests:ubsan": [],
            "//kernel-tests:fuzz": [],
            "//conditions:default": ["-static"],
        }),
        deps = [
            "//kernel-tests:harness",
            "//kernel-tests:tls_util",
        ] + deps,
        **kwargs
    )

def guest_vm_test(name, programs, args = [], data = []):
    guest_boot_test(
        name = name,
        srcs = ["vm_test.sh"],
        args = ["$(location //vectors:guest_vectors)"] + args +
               ["$(location :%s)" % p for p in programs],
        data = [":" + p for p in programs] + data + ["//vectors:guest_vectors"],
    )
