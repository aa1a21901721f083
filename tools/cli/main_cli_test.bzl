"""main_cli_test: the command-line test of a C++ main built on tools/cli/app.h (main_cli_test.sh).

main_cli_test(name = "bench_cli_test", binary = ":bench", program = "bench", cases = [...]) is the
small sh_test running main_cli_test.sh on the built binary: --help, an unknown flag (exit status
usage_status), then each case "STATUS|STDERR_START|ARG ARG..." as the script describes. program is
the name the program prints its errors under; a case is written as it reads (a quote in it is
quoted for Bazel's splitting of args here).
"""

def _quoted(word):
    # Bazel splits args as a Bourne shell would: a word with a space or a quote is single-quoted.
    # (A list, not the string's characters: fuzz/oss-fuzz/build_targets.py runs .bzl files as
    # Python.)
    if not [c for c in [" ", "'", "\"", "\\", "|"] if c in word]:
        return word
    return "'" + word.replace("'", "'\\''") + "'"

def main_cli_test(name, binary, program, cases, usage_status = 2):
    native.sh_test(
        name = name,
        size = "small",
        srcs = ["//tools/cli:main_cli_test.sh"],
        args = [
            "$(rootpath %s)" % binary,
            _quoted(program),
            str(usage_status),
        ] + [_quoted(case) for case in cases],
        data = [binary],
    )
