"""ct_method_test: the constant-time check run one way (tools/ct/BUILD).

ct_method_test(name = "ct_msan_test", method = "msan", args = [...], data = [...]) is an sh_test
of ct_test.sh running ct_driver.py over :ct_check with `--method msan` and then args; data beside
:driver (ct_driver.py and the JUnit writer) and :ct_check. Other attributes (size, tags) are the sh_test's.
"""

def ct_method_test(name, method, args = [], data = [], **kwargs):
    native.sh_test(
        name = name,
        srcs = ["ct_test.sh"],
        args = [
            "--method",
            method,
        ] + args,
        data = [
            ":ct_check",
            ":driver",
        ] + data,
        **kwargs
    )
