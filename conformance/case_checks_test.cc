// What a case demands of a backend, on scripted backends: valid / invalid / acceptable, CMAC
// verification, unsupported and error answers, with the exact failure messages.
#include "conformance/case_checks.h"

#include <optional>
#include <vector>

#include "conformance/scripted_backend.h"
#include "gtest/gtest.h"

namespace ariasuite::conformance {

using oracles::Accepted;
using oracles::Bytes;
using oracles::Mode;
using oracles::Op;
using oracles::Refused;
using oracles::Request;
using oracles::Result;

namespace {

TestCase GcmCase(Expect expect) {
  TestCase c;
  c.where = "x.json:tcId 7";
  c.mode = Mode::kGcm;
  c.key = Bytes(16, 1);
  c.iv = Bytes(12, 2);
  c.msg = {0xaa};
  c.ct = {0xbb};
  c.tag = Bytes(16, 0xcc);
  c.tag_len = 16;
  c.expect = expect;
  return c;
}

// CFB and OFB cases run in both directions, with the IV, whatever the segment size.
TEST(RunCaseTest, CfbAndOfbRunBothDirectionsWithTheIv) {
  for (Mode mode : {Mode::kCfb128, Mode::kCfb8, Mode::kCfb1, Mode::kOfb}) {
    TestCase c;
    c.where = "x.json:tcId 3";
    c.mode = mode;
    c.key = Bytes(16, 1);
    c.iv = Bytes(16, 2);
    c.msg = {0xaa, 0x01};
    c.ct = {0xbb, 0x02};
    c.expect = Expect::kValid;
    const std::vector<Request> reqs = RequestsFor(c);
    ASSERT_EQ(reqs.size(), 2u) << oracles::ModeName(mode);
    EXPECT_EQ(reqs[0].op, oracles::EncryptOp(mode));
    EXPECT_EQ(reqs[0].input, c.msg);
    EXPECT_EQ(reqs[1].op, oracles::DecryptOp(mode));
    EXPECT_EQ(reqs[1].input, c.ct);
    for (const Request& r : reqs) EXPECT_EQ(r.iv, c.iv);
    // A backend whose decryption is wrong fails the case on the decrypting op.
    Scripted bad_decrypt([&](const Request& r) -> std::optional<Result> {
      return Accepted(r.op == oracles::EncryptOp(mode) ? c.ct : Bytes{0xaa, 0x00});
    });
    const CaseResult res = RunCase(bad_decrypt, c);
    EXPECT_EQ(res.outcome, CaseOutcome::kFail);
    EXPECT_EQ(res.message, std::string(oracles::OpName(oracles::DecryptOp(mode))) +
                               ": expected output=aa01, got output=aa00");
  }
}

TEST(RunCaseTest, ValidNeedsExactBytesBothWays) {
  // A correct backend.
  Scripted good([](const Request& r) -> std::optional<Result> {
    if (r.op == Op::kGcmSeal) return Accepted({0xbb}, Bytes(16, 0xcc));
    return Accepted({0xaa});
  });
  EXPECT_EQ(RunCase(good, GcmCase(Expect::kValid)).outcome, CaseOutcome::kPass);
  // A wrong tag on seal.
  Scripted bad_tag([](const Request& r) -> std::optional<Result> {
    if (r.op == Op::kGcmSeal) return Accepted({0xbb}, Bytes(16, 0xcd));
    return Accepted({0xaa});
  });
  CaseResult r = RunCase(bad_tag, GcmCase(Expect::kValid));
  EXPECT_EQ(r.outcome, CaseOutcome::kFail);
  EXPECT_EQ(r.message,
            "gcm-seal: expected output=bb tag=cccccccccccccccccccccccccccccccc, got output=bb "
            "tag=cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd");
  // Refusing a valid open.
  Scripted refuses_open([](const Request& r) -> std::optional<Result> {
    if (r.op == Op::kGcmSeal) return Accepted({0xbb}, Bytes(16, 0xcc));
    Result x = Refused();
    x.detail = "why";
    return x;
  });
  r = RunCase(refuses_open, GcmCase(Expect::kValid));
  EXPECT_EQ(r.outcome, CaseOutcome::kFail);
  EXPECT_EQ(r.message, "gcm-open: expected output=aa, got a refusal (why)");
}

TEST(RunCaseTest, InvalidNeedsRefusal) {
  Scripted accepts_all([](const Request&) -> std::optional<Result> { return Accepted({0xaa}); });
  CaseResult r = RunCase(accepts_all, GcmCase(Expect::kInvalid));
  EXPECT_EQ(r.outcome, CaseOutcome::kFail);
  EXPECT_EQ(r.message, "gcm-open: expected a refusal, got output=aa");
  // Open refused, seal not tried: a pass for a tag-only invalid case...
  std::vector<Op> seen;
  Scripted refuses_all([&](const Request& q) -> std::optional<Result> {
    seen.push_back(q.op);
    return Refused();
  });
  EXPECT_EQ(RunCase(refuses_all, GcmCase(Expect::kInvalid)).outcome, CaseOutcome::kPass);
  EXPECT_EQ(seen, std::vector<Op>{Op::kGcmOpen});
  // ...while invalid parameters need the seal refused too.
  TestCase params = GcmCase(Expect::kInvalid);
  params.params_invalid = true;
  seen.clear();
  EXPECT_EQ(RunCase(refuses_all, params).outcome, CaseOutcome::kPass);
  EXPECT_EQ(seen, (std::vector<Op>{Op::kGcmOpen, Op::kGcmSeal}));
  Scripted seals_anyway([](const Request& q) -> std::optional<Result> {
    if (q.op == Op::kGcmSeal) return Accepted({0x01}, Bytes(16, 0));
    return Refused();
  });
  r = RunCase(seals_anyway, params);
  EXPECT_EQ(r.outcome, CaseOutcome::kFail);
  EXPECT_EQ(r.message.substr(0, 30), "gcm-seal: expected a refusal, ");
}

TEST(RunCaseTest, AcceptableTakesRefusalOrExactAnswer) {
  TestCase c = GcmCase(Expect::kAcceptable);
  Scripted refuses([](const Request&) -> std::optional<Result> { return Refused(); });
  EXPECT_EQ(RunCase(refuses, c).outcome, CaseOutcome::kPass);
  Scripted wrong(
      [](const Request&) -> std::optional<Result> { return Accepted({0x00}, Bytes(16, 0)); });
  EXPECT_EQ(RunCase(wrong, c).outcome, CaseOutcome::kFail);
  EXPECT_NE(AcceptableReason("ShortKey").find("SP 800-38F"), std::string::npos);
  EXPECT_NE(AcceptableReason("Unheard").find("no ariasuite policy"), std::string::npos);
}

TEST(RunCaseTest, CmacInvalidMustNotMatch) {
  TestCase c;
  c.mode = Mode::kCmac;
  c.key = Bytes(16, 1);
  c.msg = {1, 2};
  c.tag = Bytes(16, 9);
  c.tag_len = 16;
  c.expect = Expect::kInvalid;
  Scripted matches(
      [](const Request&) -> std::optional<Result> { return Accepted({}, Bytes(16, 9)); });
  CaseResult r = RunCase(matches, c);
  EXPECT_EQ(r.outcome, CaseOutcome::kFail);
  EXPECT_EQ(r.message, "cmac: accepted the modified tag 09090909090909090909090909090909");
  Scripted differs(
      [](const Request&) -> std::optional<Result> { return Accepted({}, Bytes(16, 8)); });
  EXPECT_EQ(RunCase(differs, c).outcome, CaseOutcome::kPass);
}

TEST(RunCaseTest, UnsupportedAndErrors) {
  Scripted none([](const Request&) -> std::optional<Result> { return std::nullopt; });
  CaseResult r = RunCase(none, GcmCase(Expect::kValid));
  EXPECT_EQ(r.outcome, CaseOutcome::kUnsupported);
  // An error answer is a failure even where a refusal is expected.
  Scripted broken([](const Request&) -> std::optional<Result> {
    Result x;
    x.error = "adapter died";
    return x;
  });
  r = RunCase(broken, GcmCase(Expect::kInvalid));
  EXPECT_EQ(r.outcome, CaseOutcome::kError);
  EXPECT_EQ(r.message, "gcm-open: backend error: adapter died");
}

}  // namespace
}  // namespace ariasuite::conformance
