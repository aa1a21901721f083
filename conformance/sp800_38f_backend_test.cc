// The "sp800-38f" oracle (sp800_38f_backend.cc): registered as an oracle, ARIA KW/KWP only; every
// case of Wycheproof's aria_wrap_test.json and aria_kwp_test.json passed through the runner engine
// (RunFile); random inputs (all lengths, bad KEK lengths, valid and bit-flipped wrappings) answered
// exactly as our scalar path answers and as Botan answers where Botan follows SP 800-38F; planted
// damage (a flipped byte, a wrong KEK, a bad KWP length field or padding) refused; and a planted
// wrong backend failing the same runner checks, so the Wycheproof test can fail.
#include <algorithm>
#include <iostream>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "conformance/oracle_test_util.h"
#include "conformance/runner.h"
#include "conformance/shared_wycheproof.h"
#include "gtest/gtest.h"
#include "impl/testing/test_util.h"
#include "oracles/backend.h"
#include "vectors/loader.h"
#include "vectors/model/hex.h"
#include "vectors/testdata.h"

namespace ariasuite::oracles {
namespace {

using model::Hex;
using model::HexLiteral;

using vectors::Expect;
using vectors::VectorFile;

Request Req(Op op, Bytes key, Bytes input) {
  Request r;
  r.op = op;
  r.cipher = Cipher::kAria;
  r.key = std::move(key);
  r.input = std::move(input);
  return r;
}

bool IsKeyWrap(Op op) {
  return op == Op::kKwWrap || op == Op::kKwUnwrap || op == Op::kKwpWrap || op == Op::kKwpUnwrap;
}

Op WrapOf(Op op) { return op == Op::kKwUnwrap ? Op::kKwWrap : Op::kKwpWrap; }

TEST(Sp80038fTest, RegisteredAsAnOracle) {
  EXPECT_NE(conformance::ExpectRegisteredOracle("sp800-38f"), nullptr);
}

TEST(Sp80038fTest, AriaKeyWrapOnly) {
  std::unique_ptr<Backend> b = MakeSp80038fBackend();
  for (Op op : AllOps()) {
    Request r = Req(op, Bytes(16, 1), Bytes(32, 2));
    r.iv.assign(16, 3);
    r.tag_len = 16;
    SCOPED_TRACE(OpName(op));
    EXPECT_EQ(b->Run(r).has_value(), IsKeyWrap(op));
    r.cipher = Cipher::kAes;
    EXPECT_FALSE(b->Run(r).has_value());  // AES key wrap is not this oracle's business
  }
}

// ---- Wycheproof through the runner engine ----

class Sp80038fWycheproofTest : public testing::TestWithParam<std::pair<const char*, const char*>> {
};

TEST_P(Sp80038fWycheproofTest, EveryCasePasses) {
  const auto [name, algorithm] = GetParam();
  VectorFile file;
  std::string skip;
  ASSERT_TRUE(testdata::LoadSharedWycheproof(name, algorithm, &file, &skip));
  if (!skip.empty()) GTEST_SKIP() << skip;
  std::unique_ptr<Backend> b = MakeSp80038fBackend();
  conformance::ExpectEveryCasePasses(b.get(), file, 100);
}

INSTANTIATE_TEST_SUITE_P(Files, Sp80038fWycheproofTest,
                         testing::Values(std::pair{"aria_wrap_test.json", "ARIA-WRAP"},
                                         std::pair{"aria_kwp_test.json", "ARIA-KWP"}),
                         [](const auto& i) {
                           return std::string(i.param.second) == "ARIA-KWP" ? "Kwp" : "Kw";
                         });

// ---- Planted failures ----

// A backend that answers like sp800-38f but damaged: kFlipOutput flips a bit of every accepted
// output, kAcceptAll turns every refusal into an acceptance.
class Planted : public Backend {
 public:
  enum Damage { kFlipOutput, kAcceptAll };
  explicit Planted(Damage d) : damage_(d), inner_(MakeSp80038fBackend()) {}
  std::string name() const override { return "planted"; }
  bool is_ours() const override { return false; }
  std::optional<std::string> unavailable() const override { return inner_->unavailable(); }
  std::optional<Result> Run(const Request& r) override {
    std::optional<Result> a = inner_->Run(r);
    if (!a) return a;
    if (damage_ == kFlipOutput && a->accepted && !a->output.empty()) a->output[0] ^= 0x01;
    if (damage_ == kAcceptAll && !a->accepted) {
      a->accepted = true;
      a->output = r.input;
    }
    return a;
  }

 private:
  Damage damage_;
  std::unique_ptr<Backend> inner_;
};

// Wycheproof's aria_wrap_test.json tcId 1 and aria_kwp_test.json tcIds 1 and 15 (valid), then the
// same wrappings with the last byte changed (invalid).
VectorFile SmallFile() {
  VectorFile f;
  f.path = "planted";
  f.format = "wycheproof";
  f.algorithm = "mixed";
  struct Valid {
    Mode mode;
    const char *key, *msg, *ct;
  };
  const Valid valid[] = {
      {Mode::kKw, "6f67486d1e914419cb43c28509c7c1ea", "8dc0632d92ee0be4f740028410b08270",
       "32ba2be7c6cf96f913c956007fae3db198ec7896af0a6144"},
      {Mode::kKwp, "6f67486d1e914419cb43c28509c7c1ea", "8dc0632d92ee0be4f740028410b08270",
       "61caf6dfab80d354b681c712949a0d8db7e77a8855f435fe"},
      {Mode::kKwp, "1abf4b7fa2bb62a78f09ddab04625dca", "0412ab3ec6",
       "816276967bbe48ce2c101aa124920b52"},
  };
  for (Expect e : {Expect::kValid, Expect::kInvalid}) {
    for (const Valid& v : valid) {
      vectors::TestCase c;
      c.id = static_cast<int64_t>(f.cases.size() + 1);
      c.where = "planted:" + std::to_string(c.id);
      c.mode = v.mode;
      c.expect = e;
      c.key = HexLiteral(v.key);
      c.msg = HexLiteral(v.msg);
      c.ct = HexLiteral(v.ct);
      if (e == Expect::kInvalid) c.ct.back() ^= 0x01;
      f.cases.push_back(c);
    }
  }
  return f;
}

TEST(Sp80038fPlantedTest, RunnerChecksCatchAWrongBackend) {
  const VectorFile f = SmallFile();
  std::unique_ptr<Backend> real = MakeSp80038fBackend();
  Planted flip(Planted::kFlipOutput), lenient(Planted::kAcceptAll);
  conformance::FileResult r =
      conformance::RunFile(f, {{real.get(), false}, {&flip, false}, {&lenient, false}});
  ASSERT_EQ(r.pairs.size(), 3u);
  EXPECT_EQ(r.pairs[0].passed, 6) << testing::PrintToString(r.pairs[0].failures);
  EXPECT_EQ(r.pairs[1].failed, 3);  // the three valid cases
  EXPECT_EQ(r.pairs[2].failed, 3);  // the three invalid cases
}

// Wraps with the real oracle, then damages the wrapping: every one-byte change, a semiblock cut or
// added, another KEK. All refused; the undamaged wrapping unwraps to the key data (the control).
TEST(Sp80038fPlantedTest, DamagedWrappingsAreRefused) {
  std::unique_ptr<Backend> b = MakeSp80038fBackend();
  std::mt19937_64 rng(38);
  int refused = 0;
  for (Op unwrap : {Op::kKwUnwrap, Op::kKwpUnwrap}) {
    for (size_t key_len : {16, 24, 32}) {
      for (size_t len : {1, 5, 8, 9, 16, 23, 24, 40, 65}) {
        if (unwrap == Op::kKwUnwrap && (len % 8 != 0 || len < 16)) continue;
        const Bytes key = RandomBytes(rng, key_len), data = RandomBytes(rng, len);
        SCOPED_TRACE(std::string(OpName(unwrap)) + " key_len=" + std::to_string(key_len) +
                     " len=" + std::to_string(len));
        std::optional<Result> w = b->Run(Req(WrapOf(unwrap), key, data));
        ASSERT_TRUE(w && w->accepted) << DescribeResult(w);
        ASSERT_EQ(w->output.size(), (len + 7) / 8 * 8 + 8);
        std::optional<Result> u = b->Run(Req(unwrap, key, w->output));
        ASSERT_TRUE(u && u->accepted) << DescribeResult(u);
        EXPECT_EQ(Hex(u->output), Hex(data));
        std::vector<Bytes> damaged;
        for (size_t i = 0; i < w->output.size(); ++i) {
          for (uint8_t x : {0x01, 0x80, 0xff}) {
            Bytes d = w->output;
            d[i] ^= x;
            damaged.push_back(d);
          }
        }
        damaged.emplace_back(w->output.begin(), w->output.end() - 8);
        Bytes longer = w->output;
        longer.insert(longer.end(), 8, 0);
        damaged.push_back(longer);
        for (const Bytes& d : damaged) {
          std::optional<Result> a = b->Run(Req(unwrap, key, d));
          ASSERT_TRUE(a);
          EXPECT_FALSE(a->accepted) << Hex(d) << " gave " << Hex(a->output);
          EXPECT_TRUE(a->error.empty()) << a->error;
          refused += !a->accepted;
        }
        Bytes other = key;
        other[0] ^= 0x01;
        std::optional<Result> a = b->Run(Req(unwrap, other, w->output));
        ASSERT_TRUE(a);
        EXPECT_FALSE(a->accepted);
      }
    }
  }
  EXPECT_GT(refused, 2000);
}

// KWP-AD's checks one by one on hand-made single-block wrappings (SP 800-38F §6.3: C = CIPH_K(S)
// for n = 1), S built here and encrypted with OpenSSL's ARIA-ECB: a right S unwraps (the control);
// a wrong ICV2, a length field outside 1..8 and nonzero padding are refused.
TEST(Sp80038fPlantedTest, KwpLengthAndPaddingChecks) {
  std::unique_ptr<Backend> b = MakeSp80038fBackend(), ecb = MakeOpenSslBackend();
  ASSERT_FALSE(ecb->unavailable());
  const Bytes key = HexLiteral("000102030405060708090a0b0c0d0e0f");
  auto wrap_block = [&](const Bytes& s) {
    std::optional<Result> c = ecb->Run(Req(Op::kEcbEncrypt, key, s));
    EXPECT_TRUE(c && c->accepted && c->output.size() == 16);
    return c ? c->output : Bytes();
  };
  auto s_of = [](uint32_t icv, uint32_t plen, const Bytes& padded8) {
    Bytes s;
    for (int sh = 24; sh >= 0; sh -= 8) s.push_back(static_cast<uint8_t>(icv >> sh));
    for (int sh = 24; sh >= 0; sh -= 8) s.push_back(static_cast<uint8_t>(plen >> sh));
    s.insert(s.end(), padded8.begin(), padded8.end());
    return s;
  };
  const Bytes five = HexLiteral("1122334455000000");
  std::optional<Result> ok =
      b->Run(Req(Op::kKwpUnwrap, key, wrap_block(s_of(0xa65959a6, 5, five))));
  ASSERT_TRUE(ok && ok->accepted) << DescribeResult(ok);
  EXPECT_EQ(Hex(ok->output), "1122334455");
  // And the oracle's own wrapping of those 5 bytes is that block.
  std::optional<Result> w = b->Run(Req(Op::kKwpWrap, key, HexLiteral("1122334455")));
  ASSERT_TRUE(w && w->accepted);
  EXPECT_EQ(Hex(w->output), Hex(wrap_block(s_of(0xa65959a6, 5, five))));
  struct Bad {
    uint32_t icv, plen;
    const char* block;
    const char* why;
  } bad[] = {
      {0xa65959a7, 5, "1122334455000000", "ICV2"},
      {0xa6a6a6a6, 5, "1122334455000000", "the KW ICV"},
      {0xa65959a6, 0, "0000000000000000", "Plen 0 (padlen 8)"},
      {0xa65959a6, 9, "1122334455000000", "Plen 9 > 8n"},
      {0xa65959a6, 0x80000005, "1122334455000000", "Plen 2^31 + 5"},
      {0xa65959a6, 5, "1122334455000001", "nonzero padding"},
      {0xa65959a6, 4, "1122334455000000", "nonzero padding (the 5th byte)"},
  };
  for (const Bad& x : bad) {
    std::optional<Result> a =
        b->Run(Req(Op::kKwpUnwrap, key, wrap_block(s_of(x.icv, x.plen, HexLiteral(x.block)))));
    ASSERT_TRUE(a);
    EXPECT_FALSE(a->accepted) << x.why << ": " << Hex(a->output);
    EXPECT_TRUE(a->error.empty()) << a->error;
  }
}

// SP 800-38F's length refusals, and bad KEK lengths: refused (never unsupported, never an error).
TEST(Sp80038fPlantedTest, LengthRefusals) {
  std::unique_ptr<Backend> b = MakeSp80038fBackend();
  const Bytes key(16, 7);
  auto refused = [&](Op op, const Bytes& k, size_t len) {
    std::optional<Result> a = b->Run(Req(op, k, Bytes(len, 0x5a)));
    return a && !a->accepted && a->error.empty();
  };
  for (size_t len = 0; len < 16; ++len) EXPECT_TRUE(refused(Op::kKwWrap, key, len)) << len;
  for (size_t len : {17, 20, 23, 33}) EXPECT_TRUE(refused(Op::kKwWrap, key, len)) << len;
  for (size_t len = 0; len < 24; ++len) EXPECT_TRUE(refused(Op::kKwUnwrap, key, len)) << len;
  for (size_t len : {25, 31, 33}) EXPECT_TRUE(refused(Op::kKwUnwrap, key, len)) << len;
  EXPECT_TRUE(refused(Op::kKwpWrap, key, 0));
  for (size_t len = 0; len < 16; ++len) EXPECT_TRUE(refused(Op::kKwpUnwrap, key, len)) << len;
  for (size_t len : {17, 23, 25}) EXPECT_TRUE(refused(Op::kKwpUnwrap, key, len)) << len;
  for (size_t key_len : {0, 1, 15, 17, 23, 25, 31, 33, 40}) {
    for (Op op : {Op::kKwWrap, Op::kKwpWrap}) EXPECT_TRUE(refused(op, Bytes(key_len, 1), 16));
    for (Op op : {Op::kKwUnwrap, Op::kKwpUnwrap}) EXPECT_TRUE(refused(op, Bytes(key_len, 1), 24));
  }
  // The smallest lengths SP 800-38F takes are accepted.
  for (auto [op, len] : {std::pair{Op::kKwWrap, 16}, std::pair{Op::kKwpWrap, 1}}) {
    std::optional<Result> a = b->Run(Req(op, key, Bytes(len, 1)));
    EXPECT_TRUE(a && a->accepted) << OpName(op);
  }
}

// ---- Random differential ----

// One random request: a KEK (usually 16/24/32 bytes, sometimes any length 0..40), key data or a
// wrapping of any length 0..80 (now and then up to 4 KiB, where the step counter passes 255), and
// for unwrapping: random bytes, a valid wrapping made by `maker`, or one with a bit flipped.
Request RandomRequest(std::mt19937_64& rng, Backend& maker) {
  static const Op kOps[] = {Op::kKwWrap, Op::kKwUnwrap, Op::kKwpWrap, Op::kKwpUnwrap};
  Request r;
  r.op = kOps[rng() % 4];
  const size_t key_len = rng() % 16 == 0 ? rng() % 41 : 16 + 8 * (rng() % 3);
  r.key = RandomBytes(rng, key_len);
  size_t len = rng() % 81;
  if (rng() % 32 == 0) len = rng() % 4097;
  if (rng() % 2 == 0) len -= len % 8;  // whole semiblocks half of the time
  const int source = static_cast<int>(rng() % 3);
  if ((r.op == Op::kKwUnwrap || r.op == Op::kKwpUnwrap) && source != 0) {
    std::optional<Result> w = maker.Run(Req(WrapOf(r.op), r.key, RandomBytes(rng, len)));
    if (w && w->accepted) {
      r.input = w->output;
      if (source == 2) r.input[rng() % r.input.size()] ^= static_cast<uint8_t>(1u << (rng() % 8));
      return r;
    }
  }
  r.input = RandomBytes(rng, len);
  return r;
}

struct Tally {
  int compared = 0, accepted = 0, refused = 0, skipped = 0;
};

void Compare(Backend& a, Backend& b, const Request& r, Tally* t) {
  std::optional<Result> x = a.Run(r), y = b.Run(r);
  SCOPED_TRACE(DescribeRequest(r));
  ASSERT_TRUE(x.has_value()) << a.name();
  ASSERT_TRUE(y.has_value()) << b.name();
  EXPECT_TRUE(x->error.empty()) << a.name() << ": " << x->error;
  EXPECT_TRUE(y->error.empty()) << b.name() << ": " << y->error;
  ++t->compared;
  EXPECT_EQ(x->accepted, y->accepted) << a.name() << ": " << DescribeResult(x) << "\n"
                                      << b.name() << ": " << DescribeResult(y);
  if (x->accepted && y->accepted) {
    EXPECT_EQ(Hex(x->output), Hex(y->output));
    ++t->accepted;
  } else {
    ++t->refused;
  }
}

TEST(Sp80038fDifferentialTest, AgreesWithOurScalarPath) {
  std::unique_ptr<Backend> oracle = MakeSp80038fBackend(), ours = MakeOursBackend(Impl::kScalar);
  ASSERT_FALSE(ours->unavailable());
  std::mt19937_64 rng(0x38f);
  Tally t;
  for (int i = 0; i < 4000 && !HasFatalFailure(); ++i) {
    // Unwrap inputs made by either side.
    Request r = RandomRequest(rng, i % 2 ? *oracle : *ours);
    Compare(*oracle, *ours, r, &t);
  }
  std::cout << "vs ours/scalar: " << t.compared << " compared, " << t.accepted << " accepted, "
            << t.refused << " refused\n";
  EXPECT_EQ(t.compared, 4000);
  EXPECT_GT(t.accepted, 1000);
  EXPECT_GT(t.refused, 1000);
}

// Botan 2.19's known departures from SP 800-38F (fuzz/allowlist.txt): nist_key_wrap wraps fewer
// than 16 bytes, nist_key_wrap_padded wraps 0 bytes. Those requests are left out, and unwrap
// inputs are made by the oracle only (Botan's own wrappings of such inputs unwrap in Botan, see
// BotanUnwrapsItsNonStandardWrappings); on every other request Botan is held to the oracle's
// answer.
bool BotanKnownWrong(const Request& r) {
  return (r.op == Op::kKwWrap && r.input.size() < 16) || (r.op == Op::kKwpWrap && r.input.empty());
}

TEST(Sp80038fDifferentialTest, AgreesWithBotanWhereBotanFollowsTheStandard) {
  std::unique_ptr<Backend> oracle = MakeSp80038fBackend(), botan = MakeBotanBackend();
  if (auto why = botan->unavailable()) GTEST_SKIP() << *why;
  std::mt19937_64 rng(0xb07a);
  Tally t;
  for (int i = 0; i < 4000 && !HasFatalFailure(); ++i) {
    Request r = RandomRequest(rng, *oracle);
    if (BotanKnownWrong(r)) {
      ++t.skipped;
      continue;
    }
    Compare(*oracle, *botan, r, &t);
  }
  std::cout << "vs botan: " << t.compared << " compared, " << t.accepted << " accepted, "
            << t.refused << " refused, " << t.skipped << " left out (known Botan departures)\n";
  EXPECT_GT(t.compared, 3500);
  EXPECT_GT(t.accepted, 1000);
  EXPECT_GT(t.refused, 1000);
}

// The departures themselves: the oracle and our scalar path both refuse what Botan wraps.
TEST(Sp80038fDifferentialTest, RefusesWhatBotanWrapsAgainstTheStandard) {
  std::unique_ptr<Backend> oracle = MakeSp80038fBackend(), ours = MakeOursBackend(Impl::kScalar);
  const Bytes key(16, 9);
  for (auto [op, len] :
       {std::pair{Op::kKwWrap, 0}, std::pair{Op::kKwWrap, 8}, std::pair{Op::kKwpWrap, 0}}) {
    for (Backend* b : {oracle.get(), ours.get()}) {
      std::optional<Result> a = b->Run(Req(op, key, Bytes(len, 1)));
      ASSERT_TRUE(a);
      EXPECT_FALSE(a->accepted) << b->name() << " " << OpName(op) << " of " << len << " bytes";
    }
  }
}

// Botan's wrappings of 8 bytes (KW: 2 semiblocks) and of 0 bytes (KWP: length field 0) unwrap in
// Botan; SP 800-38F §6.2 KW-AD needs at least 3 semiblocks and §6.3 KWP-AD needs
// 8(n-1) < Plen, so the oracle and our scalar path refuse them. Botan's answers are printed (a
// third-party finding on the unwrap side: ours and an independent oracle agree).
TEST(Sp80038fDifferentialTest, BotanUnwrapsItsNonStandardWrappings) {
  std::unique_ptr<Backend> oracle = MakeSp80038fBackend(), ours = MakeOursBackend(Impl::kScalar),
                           botan = MakeBotanBackend();
  if (auto why = botan->unavailable()) GTEST_SKIP() << *why;
  const Bytes key = HexLiteral("000102030405060708090a0b0c0d0e0f");
  for (auto [wrap, unwrap, len] :
       {std::tuple{Op::kKwWrap, Op::kKwUnwrap, 8}, std::tuple{Op::kKwpWrap, Op::kKwpUnwrap, 0}}) {
    std::optional<Result> w = botan->Run(Req(wrap, key, Bytes(len, 0x42)));
    ASSERT_TRUE(w);
    if (!w->accepted) {
      std::cout << "botan now refuses " << OpName(wrap) << " of " << len << " bytes\n";
      continue;
    }
    ASSERT_EQ(w->output.size(), 16u);
    for (Backend* b : {oracle.get(), ours.get()}) {
      std::optional<Result> a = b->Run(Req(unwrap, key, w->output));
      ASSERT_TRUE(a);
      EXPECT_FALSE(a->accepted) << b->name() << " " << OpName(unwrap) << " of " << Hex(w->output);
    }
    std::cout << "botan " << OpName(unwrap) << " of its own " << Hex(w->output) << ": "
              << DescribeResult(botan->Run(Req(unwrap, key, w->output))) << "\n";
  }
}

// W's step counter t = 6(n-1) enters A as the 64-bit [t]_64: the random requests above (up to
// 4 KiB) take t to 3072, two bytes of it. Wrappings of 88,000 bytes and more (n - 1 >= 11000
// semiblocks, t past 65535: three bytes) and one of 11 semiblocks (t = 60, one byte) are compared
// with Botan (KW and KWP, independent of the oracle) and our scalar path, and unwrapped back.
TEST(Sp80038fDifferentialTest, StepCounterPastTwoBytesAgreesWithBotanAndOurs) {
  std::unique_ptr<Backend> oracle = MakeSp80038fBackend(), ours = MakeOursBackend(Impl::kScalar),
                           botan = MakeBotanBackend();
  std::vector<Backend*> judges = {ours.get()};
  if (auto why = botan->unavailable()) {
    std::cout << "not compared with botan: " << *why << "\n";
  } else {
    judges.push_back(botan.get());
  }
  std::mt19937_64 rng(0x38f7);
  int compared = 0;
  for (auto [wrap, unwrap] :
       {std::pair{Op::kKwWrap, Op::kKwUnwrap}, std::pair{Op::kKwpWrap, Op::kKwpUnwrap}}) {
    for (size_t len : {88, 88000, 88003, 131072}) {
      if (wrap == Op::kKwWrap && len % 8 != 0) continue;
      SCOPED_TRACE(std::string(OpName(wrap)) + " of " + std::to_string(len) + " bytes");
      const Request r = Req(wrap, RandomBytes(rng, 16 + 8 * (len % 3)), RandomBytes(rng, len));
      std::optional<Result> mine = oracle->Run(r);
      ASSERT_TRUE(mine && mine->accepted) << DescribeResult(mine);
      for (Backend* judge : judges) {
        std::optional<Result> theirs = judge->Run(r);
        ASSERT_TRUE(theirs && theirs->accepted) << judge->name() << ": " << DescribeResult(theirs);
        EXPECT_EQ(mine->output, theirs->output) << judge->name();
        ++compared;
        std::optional<Result> back = oracle->Run(Req(unwrap, r.key, theirs->output));
        ASSERT_TRUE(back && back->accepted) << DescribeResult(back);
        EXPECT_EQ(back->output, r.input);
      }
    }
  }
  EXPECT_EQ(compared, 7 * static_cast<int>(judges.size()));
}

}  // namespace
}  // namespace ariasuite::oracles
