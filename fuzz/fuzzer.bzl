"""ariasuite_fuzzer: one differential fuzz target and its replay test.

ariasuite_fuzzer(name = "aria_block", ...) expects fuzz/aria_block_fuzzer.cc (defining
ariasuite::fuzz::FuzzOne, which fuzz_entry.cc's LLVMFuzzerTestOneInput calls) and yields:
  :aria_block_fuzzer      under --config=fuzz a libFuzzer binary (-fsanitize=fuzzer); otherwise the
                          same code with a plain main that runs the files or directories given.
  :aria_block_replay_test a cc_test, one GoogleTest case per file of fuzz/corpus/aria_block/ and
                          fuzz/regressions/aria_block/ (with `tags`: e.g. "external" for a target
                          that reads outside the sandbox).
"""

def ariasuite_fuzzer(name, deps = [], data = [], env = {}, tags = []):
    # The Bouncy Castle oracle's adapter jar (AriaBackends() starts one JVM per process).
    data = data + ["//oracles:bouncycastle_adapter"]
    lib = name + "_fuzzer_lib"
    native.cc_library(
        name = lib,
        srcs = [name + "_fuzzer.cc"],
        deps = deps + [
            "//fuzz:fuzz_common",
            "//fuzz:fuzz_entry",
        ],
        alwayslink = True,
        testonly = True,
    )
    native.cc_binary(
        name = name + "_fuzzer",
        testonly = True,
        deps = [":" + lib] + select({
            "//fuzz:fuzz_build": [],
            "//conditions:default": ["//fuzz:standalone_main"],
        }),
        linkopts = select({
            "//fuzz:fuzz_build": ["-fsanitize=fuzzer"],
            "//conditions:default": [],
        }),
        data = data,
    )
    native.cc_test(
        name = name + "_replay_test",
        size = "small",
        deps = [":" + lib, "//fuzz:replay_main"],
        data = data + native.glob([
            "corpus/" + name + "/**",
            "regressions/" + name + "/**",
        ]),
        args = [
            "--target=" + name,
            "fuzz/corpus/" + name,
            "fuzz/regressions/" + name,
        ],
        env = env,
        tags = tags,
    )
