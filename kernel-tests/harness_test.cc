// Runs harness_sample (see there) and checks the harness's TAP 13 output, test names
// (fixture.variant.test), per-test verdicts (a failure before a skip stays a failure), timeout,
// crash handling and exit status.
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

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

// What one run of the sample must give: its exit status, lines it prints whole, text it prints
// somewhere and text it must not print.
struct Expected {
  int status = 0;
  std::vector<std::string> lines, contains, lacks;
};

void ExpectRun(const std::string& filter, const Expected& want, const std::string& args = "") {
  SCOPED_TRACE("KTEST_FILTER='" + filter + "' args='" + args + "'");
  int st;
  const std::string out = RunSample(filter, &st, args);
  EXPECT_EQ(st, want.status) << out;
  for (const std::string& line : want.lines) {
    EXPECT_TRUE(Has(out, line)) << "no line '" << line << "' in:\n" << out;
  }
  for (const std::string& text : want.contains) {
    EXPECT_NE(out.find(text), std::string::npos) << "no '" << text << "' in:\n" << out;
  }
  for (const std::string& text : want.lacks) {
    EXPECT_EQ(out.find(text), std::string::npos) << "'" << text << "' in:\n" << out;
  }
}

TEST(Harness, FullRun) {
  ExpectRun(
      "",
      {.status = 1,
       .lines = {"TAP version 13", "1..17", "ok 1 sample.one.passes", "ok 2 sample.two.passes",
                 "not ok 3 sample.one.expect_fails", "not ok 5 sample.one.assert_fails",
                 "ok 7 sample.one.skips # SKIP variant 1 has nothing to do",
                 "ok 8 sample.two.skips # SKIP variant 2 has nothing to do",
                 "not ok 9 sample.one.known_issue # TODO known issue: a known issue of "
                 "variant 1",
                 "not ok 11 sample.one.times_out", "not ok 13 sample.one.crashes",
                 "not ok 15 global.plain", "not ok 16 global.fails_then_skips",
                 "not ok 17 global.fails_then_known_issue",
                 "# totals: pass:2 fail:11 skip:2 known-issue:2"},
       .contains = {"# still running after a failed EXPECT", "timed out after 1 s",
                    "killed by signal 11", "bytes differ", "first difference at byte 2: 03 vs 04"},
       .lacks = {"must not be printed"}});
}

// A test that failed a check and then called SKIP or KNOWN_ISSUE is failed: `not ok` without a
// SKIP or TODO directive, counted failed, exit status 1, with the skip reason in a diagnostic.
TEST(Harness, FailureBeforeSkipIsFailure) {
  ExpectRun("fails_then_skips",
            {.status = 1,
             .lines = {"not ok 1 global.fails_then_skips",
                       "# harness_sample.cc:41: expected 1 + 1 == 3 (2 vs 3)",
                       "# global.fails_then_skips: failed a check before it ended as SKIP "
                       "(skipped after a failed EXPECT)",
                       "# totals: pass:0 fail:1 skip:0 known-issue:0"}});
  ExpectRun("fails_then_known_issue",
            {.status = 1,
             .lines = {"not ok 1 global.fails_then_known_issue",
                       "# global.fails_then_known_issue: failed a check before it ended as "
                       "KNOWN_ISSUE (known issue after a failed EXPECT)",
                       "# totals: pass:0 fail:1 skip:0 known-issue:0"},
             .lacks = {"# TODO"}});
}

TEST(Harness, ExitStatus) {
  ExpectRun("passes", {.status = 0});
  ExpectRun(".skips", {.status = 4});
  ExpectRun(".known_issue", {.status = 4});
  ExpectRun("one.crashes", {.status = 1, .lines = {"1..1"}});
}

TEST(Harness, ListAndFilterFlag) {
  ExpectRun("", {.status = 0, .lines = {"sample.two.crashes", "global.plain"}}, "-l");
  ExpectRun("", {.status = 0, .lines = {"ok 1 sample.two.passes"}}, "-t two.passes");
  ExpectRun("", {.status = 2}, "--bogus");
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
