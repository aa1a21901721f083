"""guest_boot_test: a test that boots the prepared kernel in qemu through the runner (main.py).

guest_boot_test(name = "vm_test", srcs = ["vm_test.sh"], args = [...], data = [...]) is the sh_test
of srcs run with main.py's path and then args, main.py and the runner's files (:runner) in its
runfiles after data: size "large", timeout "long", tagged "exclusive" (TCG timing is not squeezed
by other tests), "external" (it reads the kernel cache Bazel does not track) and "qemu" (users
without qemu exclude it with --test_tag_filters=-qemu), plus tags.
"""

def guest_boot_test(name, srcs, args, data, tags = []):
    native.sh_test(
        name = name,
        size = "large",
        timeout = "long",
        srcs = srcs,
        args = ["$(location //kernel-tests/vm:main.py)"] + args,
        data = data + [
            "//kernel-tests/vm:main.py",
            "//kernel-tests/vm:runner",
        ],
        tags = sorted(["exclusive", "external", "qemu"] + tags),
    )
