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
    return Refused("why");
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

// Refusals derived from the standard's limits (mode_limits.h), whatever the file's flags say.
std::vector<Op> Ops(const TestCase& c) {
  std::vector<Op> ops;
  for (const Request& r : RequestsFor(c)) ops.push_back(r.op);
  return ops;
}

TestCase KwCase(Mode mode, size_t msg, size_t ct) {
  TestCase c;
  c.where = "w.json:tcId 22";
  c.mode = mode;
  c.key = Bytes(16, 1);
  c.msg = Bytes(msg, 2);
  c.ct = Bytes(ct, 3);
  c.expect = Expect::kInvalid;
  return c;
}

TEST(RunCaseTest, InvalidAsksEveryDirectionTheStandardForbids) {
  // KW: the wrap of an empty key is asked beside the unwrap, and must be refused.
  EXPECT_EQ(Ops(KwCase(Mode::kKw, 0, 0)), (std::vector<Op>{Op::kKwUnwrap, Op::kKwWrap}));
  // An unwrap input of 20 bytes stands for a 12-byte key: its wrap is derived and asked.
  std::vector<Request> reqs = RequestsFor(KwCase(Mode::kKw, 16, 20));
  ASSERT_EQ(reqs.size(), 2u);
  EXPECT_EQ(reqs[1].op, Op::kKwWrap);
  EXPECT_EQ(reqs[1].input.size(), 12u);
  // Not over-demanded: a 16-byte unwrap input (an 8-byte key, "acceptable" to wrap) and a KW case
  // whose sizes are all allowed (a modified IV) ask the unwrap only.
  EXPECT_EQ(Ops(KwCase(Mode::kKw, 8, 16)), std::vector<Op>{Op::kKwUnwrap});
  EXPECT_EQ(Ops(KwCase(Mode::kKw, 16, 24)), std::vector<Op>{Op::kKwUnwrap});
  // KWP: the wrap of an empty key.
  EXPECT_EQ(Ops(KwCase(Mode::kKwp, 0, 8)), (std::vector<Op>{Op::kKwpUnwrap, Op::kKwpWrap}));
  EXPECT_EQ(Ops(KwCase(Mode::kKwp, 5, 16)), std::vector<Op>{Op::kKwpUnwrap});
  // GCM: a 5-byte tag to open stands for a seal with a 5-byte tag (the file's tag_len is 16).
  TestCase gcm = GcmCase(Expect::kInvalid);
  gcm.tag = Bytes(5, 0xcc);
  reqs = RequestsFor(gcm);
  ASSERT_EQ(reqs.size(), 2u);
  EXPECT_EQ(reqs[1].op, Op::kGcmSeal);
  EXPECT_EQ(reqs[1].tag_len, 5u);
  Scripted seals_anyway([](const Request& q) -> std::optional<Result> {
    if (q.op == Op::kGcmSeal) return Accepted({0x01}, Bytes(5, 0));
    return Refused();
  });
  CaseResult r = RunCase(seals_anyway, gcm);
  EXPECT_EQ(r.outcome, CaseOutcome::kFail);
  EXPECT_EQ(r.message, "gcm-seal: expected a refusal, got output=01 tag=0000000000");
  // GCM tags of 4 and 8 bytes are allowed (restricted), so only the open is asked.
  gcm.tag = Bytes(8, 0xcc);
  EXPECT_EQ(Ops(gcm), std::vector<Op>{Op::kGcmOpen});
  // An encrypt-only CBC case with a partial block: the decrypt of its 17 bytes is asked too.
  TestCase cbc;
  cbc.mode = Mode::kCbc;
  cbc.key = Bytes(16, 1);
  cbc.iv = Bytes(16, 2);
  cbc.msg = Bytes(17, 3);
  cbc.ct = Bytes(17, 4);
  cbc.expect = Expect::kInvalid;
  cbc.direction = Direction::kEncrypt;
  EXPECT_EQ(Ops(cbc), (std::vector<Op>{Op::kCbcDecrypt, Op::kCbcEncrypt}));
  // A 10-byte key: both directions, whatever the flags.
  TestCase key = GcmCase(Expect::kInvalid);
  key.key = Bytes(10, 1);
  EXPECT_EQ(Ops(key), (std::vector<Op>{Op::kGcmOpen, Op::kGcmSeal}));
  // CMAC with a bad key must be refused: a differing tag is no longer enough.
  TestCase mac;
  mac.mode = Mode::kCmac;
  mac.key = Bytes(0);
  mac.tag = Bytes(16, 9);
  mac.tag_len = 16;
  mac.expect = Expect::kInvalid;
  Scripted differs(
      [](const Request&) -> std::optional<Result> { return Accepted({}, Bytes(16, 8)); });
  EXPECT_EQ(RunCase(differs, mac).outcome, CaseOutcome::kFail);
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
  Scripted broken(
      [](const Request&) -> std::optional<Result> { return oracles::Broken("adapter died"); });
  r = RunCase(broken, GcmCase(Expect::kInvalid));
  EXPECT_EQ(r.outcome, CaseOutcome::kError);
  EXPECT_EQ(r.message, "gcm-open: backend error: adapter died");
}

// A crash of the library fails the case whatever it expects (a refusal, exact bytes, either), with
// the crash named; it is never taken for the refusal an invalid case wants, nor for a breakage.
TEST(RunCaseTest, CrashedFailsWhateverTheCaseExpects) {
  Scripted crashing([](const Request& r) -> std::optional<Result> {
    if (r.op == Op::kGcmOpen) return oracles::Crashed("ArrayIndexOutOfBoundsException: 16");
    return Accepted({0xbb}, Bytes(16, 0xcc));  // the case's seal, right
  });
  for (Expect e : {Expect::kInvalid, Expect::kValid, Expect::kAcceptable}) {
    const CaseResult r = RunCase(crashing, GcmCase(e));
    EXPECT_EQ(r.outcome, CaseOutcome::kFail) << ExpectName(e);
    EXPECT_EQ(r.message,
              "gcm-open: the library crashed (ArrayIndexOutOfBoundsException: 16) instead of "
              "answering or refusing")
        << ExpectName(e);
  }
  Scripted mute([](const Request&) -> std::optional<Result> { return oracles::Crashed(""); });
  EXPECT_EQ(RunCase(mute, GcmCase(Expect::kInvalid)).message,
            "gcm-open: the library crashed instead of answering or refusing");
}

}  // namespace
}  // namespace ariasuite::conformance
