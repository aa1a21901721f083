"""The target shapes every ariasuite package repeats, written once.

cc_lib(name = "verdict", deps = [...], test_deps = [...])
    a cc_library of verdict.cc and verdict.h (STYLE.md: one file per purpose, the target named
    after the file); srcs / hdrs override the defaults, [] for a header-only library. With
    test_deps (a list, [] when the library is all it needs) also its test beside it: the
    cc_unit_test verdict_test of verdict_test.cc over the library and test_deps (size test_size,
    data test_data).
cc_unit_test(name = "verdict_test", deps = [...])
    a GoogleTest cc_test of verdict_test.cc with gtest_main, size "small" unless given;
    reads_shared = True for a test that reads ../shared (vectors/testdata.h): tagged "external",
    since Bazel does not track that folder, so a cached result would hide a change there.
cc_main(name = "make_seeds", deps = [...])
    a cc_binary of make_seeds.cc (srcs overrides the file).
py_unit_test(name = "audit_test", data = [...])
    an sh_test of the executable Python unittest file audit_test.py (the system python3, as
    Bazel 4's sh_test runs it), size "small" unless given; srcs overrides the file.
program_test(name = "ktls_bench_test", program = ":ktls_bench")
    a test of a built program: the sh_test of ktls_bench_test.sh (kind "cc_test": the cc_test of
    NAME.cc, deps as given), run with the program's path as its one argument and the program in
    its runfiles; size "small" unless given.
cxx_sources(subdirs = ["adapters"])
    the filegroup :cxx_sources of the package's C++ files (.cc, .h, also those of subdirs), which
    //tools:format_check_test checks clang-format clean; every package of format_clean.bzl's
    FORMAT_PACKAGES ends with it.
VECTOR_TEST_DEPS: what a test reading vector files links (the vectors library, its file look-up
    and the hex codec).
"""

VECTOR_TEST_DEPS = [
    "//vectors/model:hex",
    "//vectors",
    "//vectors:testdata",
]

def cc_lib(
        name,
        srcs = None,
        hdrs = None,
        test_deps = None,
        test_size = "small",
        test_data = [],
        **kwargs):
    native.cc_library(
        name = name,
        srcs = [name + ".cc"] if srcs == None else srcs,
        hdrs = [name + ".h"] if hdrs == None else hdrs,
        **kwargs
    )
    if test_deps != None:
        cc_unit_test(
            name = name + "_test",
            size = test_size,
            data = test_data,
            deps = [":" + name] + test_deps,
        )

def cc_unit_test(name, deps = [], size = "small", reads_shared = False, tags = [], **kwargs):
    # A test links into nothing, so any package may run it (tools/gate runs impl's per-path suites
    # under valgrind), whatever its package's default visibility.
    native.cc_test(
        name = name,
        size = size,
        visibility = kwargs.pop("visibility", ["//visibility:public"]),
        srcs = kwargs.pop("srcs", [name + ".cc"]),
        deps = deps + ["@gtest//:gtest_main"],
        tags = tags + (["external"] if reads_shared else []),
        **kwargs
    )

def cc_main(name, srcs = None, **kwargs):
    native.cc_binary(
        name = name,
        srcs = [name + ".cc"] if srcs == None else srcs,
        **kwargs
    )

def py_unit_test(name, size = "small", **kwargs):
    native.sh_test(
        name = name,
        size = size,
        srcs = kwargs.pop("srcs", [name + ".py"]),
        **kwargs
    )

def program_test(name, program, kind = "sh_test", size = "small", **kwargs):
    rule, ext = {
        "cc_test": (native.cc_test, ".cc"),
        "sh_test": (native.sh_test, ".sh"),
    }[kind]
    rule(
        name = name,
        size = size,
        srcs = [name + ext],
        args = ["$(location %s)" % program],
        data = [program],
        **kwargs
    )

def text_as_cc(name, src, namespace, symbol):
    """A text file compiled in: `const char <symbol>[]` in <namespace>, holding src's text, in
    <name>.cc (a raw string literal, so src must not contain the line `)text"`)."""
    native.genrule(
        name = name,
        srcs = [src],
        outs = [name + ".cc"],
        cmd = ("(echo 'namespace %s {'; echo 'extern const char %s[];'; " +
               "echo 'const char %s[] = R\"text('; cat $<; echo ')text\";'; echo '}') > $@") %
              (namespace, symbol, symbol),
    )

def cxx_sources(subdirs = []):
    native.filegroup(
        name = "cxx_sources",
        srcs = native.glob([
            folder + ext
            for folder in [""] + [s + "/" for s in subdirs]
            for ext in ["*.cc", "*.h"]
        ]),
        visibility = ["//tools:__pkg__"],
    )
