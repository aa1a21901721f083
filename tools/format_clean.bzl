"""The packages whose C++ files (.cc, .h) are kept clang-format clean under the root .clang-format:
each exports them as the filegroup :cxx_sources, and //tools:format_check_test checks them all.
A package with C++ code joins this list (and ends its BUILD file with defs.bzl's `cxx_sources()`);
`tools/format_check.sh` with no argument checks every C++ file git tracks outside FORMAT_EXCLUDED,
listed here or not.
Excluded: the kernel-assembly shim headers (assembler macros, which clang-format would break, e.g.
`%rbp` -> `% rbp`) and the testmgr.h sample (data in the kernel's own layout)."""

FORMAT_PACKAGES = [
    "conformance",
    "fuzz",
    "impl",
    "impl/ct",
    "impl/testing",
    "kernel-tests",
    "kernel-tests/asm",
    "kernel-tests/upstream",
    "kernel-tests/vm",
    "oracles",
    "tools/bench",
    "tools/cli",
    "tools/ct",
    "tools/ct/msan",
    "vectors",
    "vectors/gen",
    "vectors/model",
]

FORMAT_EXCLUDED = [
    "kernel-tests/asm/shim/",
    "vectors/samples/",
]
