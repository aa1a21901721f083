"""guest_program: one kselftest-style program the qemu guest runs (kernel-tests/BUILD).

guest_program(name = "tls_data_test", deps = [...]) is a cc_binary of tls_data_test.cc with the
test harness and the kTLS helpers, linked static for the guest (which has no libc) except under
the sanitizer and fuzz configs of .bazelrc, which cannot link -static (the initramfs builder then
copies the shared libraries).
"""

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
