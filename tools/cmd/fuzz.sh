# summary: build the libFuzzer targets (--config=fuzz) and fuzz each for a budget; end with `fuzz: N passed, N failed`
# The command is fuzz/tools/run_fuzzers.py, beside the fuzzers: its flags, lines and exit statuses
# are in its --help and header. It gets the caller's PATH back (pyenv's python3 puts its own
# folders first, and Bazel hands PATH to every build action: the fuzz build would rebuild).
ARIASUITE_CALLER_PATH="$PATH" exec python3 "$ARIASUITE_ROOT/fuzz/tools/run_fuzzers.py" "$@"
