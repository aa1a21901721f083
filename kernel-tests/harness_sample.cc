// A program for harness_test: tests that pass, fail (EXPECT and ASSERT), skip, time out, crash,
// report a known issue, or fail a check and then skip or report a known issue, over a fixture
// with two variants, so the harness's TAP and exit status can be checked on the host.
#include <signal.h>
#include <unistd.h>

#include "kernel-tests/harness.h"

FIXTURE(sample) { int value; };
FIXTURE_VARIANT(sample) { int base; };
FIXTURE_VARIANT_ADD(sample, one){1};
FIXTURE_VARIANT_ADD(sample, two){2};
FIXTURE_SETUP(sample) { self->value = variant->base * 10; }
FIXTURE_TEARDOWN(sample) {}

TEST_F(sample, passes) { ASSERT_EQ(self->value, variant->base * 10); }
TEST_F(sample, expect_fails) {
  EXPECT_EQ(self->value, 0);
  TH_LOG("still running after a failed EXPECT");
}
TEST_F(sample, assert_fails) {
  ASSERT_EQ(self->value, -1);
  TH_LOG("must not be printed");
}
TEST_F(sample, skips) { SKIP("variant %d has nothing to do", variant->base); }
TEST_F(sample, known_issue) { KNOWN_ISSUE("a known issue of variant %d", variant->base); }
TEST_F_TIMEOUT(sample, times_out, 1) {
  if (fork() == 0) pause();  // a grandchild, killed with the test's process group
  pause();
}
TEST_F(sample, crashes) { raise(SIGSEGV); }
TEST(plain) {
  ASSERT_ERRNO(close(-1), EBADF);
  EXPECT_OK(getpid());
  uint8_t a[3] = {1, 2, 3}, b[3] = {1, 2, 4};
  EXPECT_MEMEQ(a, b, 3);
}

// A failed check is not hidden by a later SKIP or KNOWN_ISSUE.
TEST(fails_then_skips) {
  EXPECT_EQ(1 + 1, 3);
  SKIP("skipped after a failed EXPECT");
}
TEST(fails_then_known_issue) {
  EXPECT_EQ(2 + 2, 5);
  KNOWN_ISSUE("known issue after a failed EXPECT");
}

KTEST_MAIN()
