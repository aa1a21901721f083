"""cli_test: a test of a command line of conformance/ (conformance/BUILD).

cli_test(name = "refusals_cli_test", data = [...], deps = [...]) is the cc_unit_test of
refusals_cli_test.cc, which runs the programs of data through :shell_run (shell_run.h) and finds
them with //vectors:testdata; size "medium" unless given; deps beside those two.
"""

load("//tools:defs.bzl", "cc_unit_test")

def cli_test(name, deps = [], size = "medium", **kwargs):
    cc_unit_test(
        name = name,
        size = size,
        deps = [":shell_run"] + deps + ["//vectors:testdata"],
        **kwargs
    )
