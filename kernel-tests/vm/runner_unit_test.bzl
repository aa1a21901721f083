"""runner_unit_test: a Python unittest file of the qemu runner's host side (kernel-tests/vm/BUILD).

runner_unit_test(name = "tap_test", data = [...]) is an sh_test of runner_test.sh running
tap_test.py with the system python3, the runner's files (:runner) and tap_test.py in its runfiles
beside data; size "small" unless given. runs_main = True for a test that runs main.py in-process
through main_testing.py (put in its runfiles too).
"""

def runner_unit_test(name, data = [], size = "small", runs_main = False, **kwargs):
    native.sh_test(
        name = name,
        size = size,
        srcs = ["runner_test.sh"],
        args = [name + ".py"],
        data = (["main_testing.py"] if runs_main else []) + data + [
            name + ".py",
            ":runner",
        ],
        **kwargs
    )
