#include "kernel-tests/ktls_fuzz_minimize.h"

#include <gtest/gtest.h>

namespace ktls_fuzz {
namespace {

// Fails when a send of at least 300 bytes comes before a recvmsg.
bool Fails(const Program& p) {
  bool sent = false;
  for (const Op& op : p.ops) {
    if (op.kind == Kind::kSend && op.len >= 300) sent = true;
    if (op.kind == Kind::kRecvmsg && sent) return true;
  }
  return false;
}

TEST(KtlsFuzzMinimize, KeepsOnlyWhatTheFailureNeeds) {
  Program p = Generate(3, 0, 40);
  Op send;
  send.kind = Kind::kSend;
  send.len = 5000;
  Op recv;
  recv.kind = Kind::kRecvmsg;
  recv.len = 900;
  p.ops.insert(p.ops.begin() + p.ops.size() / 2, send);
  p.ops.push_back(recv);
  ASSERT_TRUE(Fails(p));
  int calls = 0;
  Program m = Minimize(
      p,
      [&](const Program& c) {
        ++calls;
        return Fails(c);
      },
      1000);
  EXPECT_EQ(m.seed, p.seed);
  ASSERT_EQ(m.ops.size(), 2u) << FormatProgram(m);
  EXPECT_EQ(m.ops[0].kind, Kind::kSend);
  EXPECT_GE(m.ops[0].len, 300u);
  EXPECT_LT(m.ops[0].len, 600u);  // halved while it still fails
  EXPECT_EQ(m.ops[1].kind, Kind::kRecvmsg);
  EXPECT_EQ(m.ops[1].len, 1u);
  EXPECT_TRUE(Fails(m));
  EXPECT_LE(calls, 1000);
}

TEST(KtlsFuzzMinimize, StopsAtTheBudget) {
  Program p;
  Op send;
  send.kind = Kind::kSend;
  send.len = 100000;  // 16 halvings to 1 if the budget allowed
  p.ops = {send, send};
  int calls = 0;
  Program m = Minimize(
      p,
      [&](const Program& c) {
        ++calls;
        return !c.ops.empty();
      },
      5);
  EXPECT_EQ(calls, 5);
  ASSERT_EQ(m.ops.size(), 1u);
  EXPECT_EQ(m.ops[0].len, 100000u >> 3);  // a removal, a refused one, three halvings
}

TEST(KtlsFuzzMinimize, ALastSingleOperationIsKeptWhenNeeded) {
  Program p;
  Op poll;
  poll.kind = Kind::kPoll;
  p.ops = {poll};
  Program m = Minimize(
      p, [](const Program& c) { return !c.ops.empty(); }, 100);
  EXPECT_EQ(m.ops.size(), 1u);
}

}  // namespace
}  // namespace ktls_fuzz
