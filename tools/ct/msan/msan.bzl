"""msan_binary / msan_test: a cc_binary built, with everything it links, by the clang 22 MSan
toolchain of this package (a configuration transition), so that `bazel build //...` and
`bazel test //...` build it beside the default one."""

def _strip_sanitizers(flags):
    # The asan / ubsan / fuzz configs' flags cannot mix with -fsanitize=memory. --per_file_copt
    # passes through untouched (Bazel 4 cannot hand it to Starlark): the mutation harness's
    # -DARIASUITE_MUTANT_ID reaches this build, and the fuzz config's only per-file flag,
    # -fno-sanitize-coverage=trace-cmp, is harmless here.
    return [
        f
        for f in flags
        if not (f.startswith("-fsanitize") or f.startswith("-fno-sanitize") or
                f == "-DARIASUITE_UBSAN=1")
    ]

def _msan_transition_impl(settings, attr):
    return {
        "//command_line_option:crosstool_top": "//tools/ct/msan:toolchain",
        "//command_line_option:copt": _strip_sanitizers(settings["//command_line_option:copt"]),
        "//command_line_option:linkopt": _strip_sanitizers(settings["//command_line_option:linkopt"]),
    }

msan_transition = transition(
    implementation = _msan_transition_impl,
    inputs = ["//command_line_option:copt", "//command_line_option:linkopt"],
    outputs = [
        "//command_line_option:crosstool_top",
        "//command_line_option:copt",
        "//command_line_option:linkopt",
    ],
)

def _msan_impl(ctx):
    binary = ctx.attr.binary[0]
    src = binary[DefaultInfo].files_to_run.executable
    out = ctx.actions.declare_file(ctx.label.name)
    ctx.actions.symlink(output = out, target_file = src, is_executable = True)
    runfiles = ctx.runfiles(files = [src]).merge(binary[DefaultInfo].default_runfiles)
    return [DefaultInfo(executable = out, files = depset([out]), runfiles = runfiles)]

_ATTRS = {
    "binary": attr.label(
        cfg = msan_transition,
        executable = True,
        mandatory = True,
        doc = "a cc_binary (tags = [\"manual\"] if the default compiler cannot build it)",
    ),
    "_allowlist_function_transition": attr.label(
        default = "@bazel_tools//tools/allowlists/function_transition_allowlist",
    ),
}

msan_binary = rule(implementation = _msan_impl, attrs = _ATTRS, executable = True)

msan_test = rule(implementation = _msan_impl, attrs = _ATTRS, test = True)
