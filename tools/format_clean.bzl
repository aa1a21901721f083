"""The C++ files that are kept clang-format clean (.clang-format at the root), checked by
//tools:format_check_test and `tools/format_check.sh` (no arguments). Add a file once it is
formatted; the whole tree is formatted in one step at the end of issue 14, then this list goes."""

FORMAT_CLEAN = [
    "conformance/case_checks.cc",
    "conformance/case_checks.h",
    "conformance/case_checks_test.cc",
    "conformance/findings.cc",
    "conformance/findings.h",
    "conformance/findings_test.cc",
    "conformance/report_fixture.h",
    "conformance/report_junit.cc",
    "conformance/report_junit.h",
    "conformance/report_junit_test.cc",
    "conformance/report_text.cc",
    "conformance/report_text.h",
    "conformance/report_text_test.cc",
    "conformance/runner.cc",
    "conformance/runner.h",
    "conformance/runner_test.cc",
    "conformance/scripted_backend.h",
    "conformance/shared_wycheproof.h",
    "conformance/wycheproof_cbc_test.cc",
    "conformance/wycheproof_gcm_test.cc",
    "fuzz/fuzz_entry.cc",
    "fuzz/fuzz_entry.h",
    "impl/aria_ref_test.cc",
    "kernel-tests/tls_data_test.cc",
    "kernel-tests/tls_util.cc",
    "kernel-tests/tls_util.h",
    "tools/ct/timing_cases.cc",
]
