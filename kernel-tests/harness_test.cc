// Runs harness_sample (see there) and checks the harness's TAP 13 output, test names
// (fixture.variant.test), per-test verdicts (a failure before a skip stays a failure), timeout,
// crash handling and exit status.
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "gtest/gtest.h"

namespace {

std::string g_sample;

// Runs the sample with an optional KTEST_FILTER; returns stdout, *status the exit code.
std::string RunSample(const std::string& filter, int* status, const std::string& args = "") {
  // The sample's crash test must die by its signal, as it would in the guest: under ASan or
  // UBSan, the sanitizer's own SEGV handler would turn it into an exit instead.
  std::string cmd = std::string(
                        "ASAN_OPTIONS=handle_segv=0:${ASAN_OPTIONS:-} "
                        "UBSAN_OPTIONS=handle_segv=0:${UBSAN_OPTIONS:-} ") +
                    (filter.empty() ? "" : "KTEST_FILTER=" + filter + " ") + g_sample + " " + args +
                    " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof(buf), p)) > 0) out.append(buf, n);
  int st = pclose(p);
  *status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return out;
}

bool Has(const std::string& out, const std::string& line) {
  return out.find("\n" + line + "\n") != std::string::npos || out.rfind(line + "\n", 0) == 0;
}

TEST(Harness, FullRun) {
  int st;
  std::string out = RunSample("", &st);
  EXPECT_EQ(st, 1) << out;
  EXPECT_TRUE(Has(out, "TAP version 13")) << out;
  EXPECT_TRUE(Has(out, "1..17")) << out;
  EXPECT_TRUE(Has(out, "ok 1 sample.one.passes")) << out;
  EXPECT_TRUE(Has(out, "ok 2 sample.two.passes")) << out;
  EXPECT_TRUE(Has(out, "not ok 3 sample.one.expect_fails")) << out;
  EXPECT_NE(out.find("# still running after a failed EXPECT"), std::string::npos) << out;
  EXPECT_TRUE(Has(out, "not ok 5 sample.one.assert_fails")) << out;
  EXPECT_EQ(out.find("must not be printed"), std::string::npos) << out;
  EXPECT_TRUE(Has(out, "ok 7 sample.one.skips # SKIP variant 1 has nothing to do")) << out;
  EXPECT_TRUE(Has(out, "ok 8 sample.two.skips # SKIP variant 2 has nothing to do")) << out;
  EXPECT_TRUE(Has(out,
                  "not ok 9 sample.one.known_issue # TODO known issue: a known issue of "
                  "variant 1"))
      << out;
  EXPECT_TRUE(Has(out, "not ok 11 sample.one.times_out")) << out;
  EXPECT_NE(out.find("timed out after 1 s"), std::string::npos) << out;
  EXPECT_TRUE(Has(out, "not ok 13 sample.one.crashes")) << out;
  EXPECT_NE(out.find("killed by signal 11"), std::string::npos) << out;
  EXPECT_TRUE(Has(out, "not ok 15 global.plain")) << out;
  EXPECT_NE(out.find("bytes differ"), std::string::npos) << out;
  EXPECT_NE(out.find("first difference at byte 2: 03 vs 04"), std::string::npos) << out;
  EXPECT_TRUE(Has(out, "not ok 16 global.fails_then_skips")) << out;
  EXPECT_TRUE(Has(out, "not ok 17 global.fails_then_known_issue")) << out;
  EXPECT_TRUE(Has(out, "# totals: pass:2 fail:11 skip:2 known-issue:2")) << out;
}

// A test that failed a check and then called SKIP or KNOWN_ISSUE is failed: `not ok` without a
// SKIP or TODO directive, counted failed, exit status 1, with the skip reason in a diagnostic.
TEST(Harness, FailureBeforeSkipIsFailure) {
  int st;
  std::string out = RunSample("fails_then_skips", &st);
  EXPECT_EQ(st, 1) << out;
  EXPECT_TRUE(Has(out, "not ok 1 global.fails_then_skips")) << out;
  EXPECT_TRUE(Has(out, "# harness_sample.cc:41: expected 1 + 1 == 3 (2 vs 3)")) << out;
  EXPECT_TRUE(Has(out,
                  "# global.fails_then_skips: failed a check before it ended as SKIP "
                  "(skipped after a failed EXPECT)"))
      << out;
  EXPECT_TRUE(Has(out, "# totals: pass:0 fail:1 skip:0 known-issue:0")) << out;
  out = RunSample("fails_then_known_issue", &st);
  EXPECT_EQ(st, 1) << out;
  EXPECT_TRUE(Has(out, "not ok 1 global.fails_then_known_issue")) << out;
  EXPECT_EQ(out.find("# TODO"), std::string::npos) << out;
  EXPECT_TRUE(Has(out,
                  "# global.fails_then_known_issue: failed a check before it ended as "
                  "KNOWN_ISSUE (known issue after a failed EXPECT)"))
      << out;
  EXPECT_TRUE(Has(out, "# totals: pass:0 fail:1 skip:0 known-issue:0")) << out;
}

TEST(Harness, ExitStatus) {
  int st;
  RunSample("passes", &st);
  EXPECT_EQ(st, 0);
  std::string out = RunSample(".skips", &st);
  EXPECT_EQ(st, 4) << out;
  out = RunSample(".known_issue", &st);
  EXPECT_EQ(st, 4) << out;
  out = RunSample("one.crashes", &st);
  EXPECT_EQ(st, 1) << out;
  EXPECT_TRUE(Has(out, "1..1")) << out;
}

TEST(Harness, ListAndFilterFlag) {
  int st;
  std::string out = RunSample("", &st, "-l");
  EXPECT_EQ(st, 0);
  EXPECT_TRUE(Has(out, "sample.two.crashes")) << out;
  EXPECT_TRUE(Has(out, "global.plain")) << out;
  out = RunSample("", &st, "-t two.passes");
  EXPECT_EQ(st, 0) << out;
  EXPECT_TRUE(Has(out, "ok 1 sample.two.passes")) << out;
  out = RunSample("", &st, "--bogus");
  EXPECT_EQ(st, 2) << out;
}

}  // namespace

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  if (argc != 2) {
    fprintf(stderr, "usage: harness_test PATH_TO_harness_sample\n");
    return 2;
  }
  g_sample = argv[1];
  return RUN_ALL_TESTS();
}
