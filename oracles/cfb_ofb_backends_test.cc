// The CFB128, CFB8, CFB1 and OFB operations through every library backend that has them, against
// each of our paths: random keys (all sizes), IVs and lengths 0..300; each oracle that answers must
// give our bytes. Who answers is checked too, so a backend that silently stops answering fails:
// OpenSSL all four modes; Botan CFB128, CFB(8) and OFB; Crypto++ CFB128, CFB8 (FeedbackSize 1)
// and OFB; none of them CFB1 except OpenSSL. A 15-byte IV is refused (or, for Botan's OFB which
// would zero-pad it, unsupported).
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "impl/dispatch.h"
#include "oracles/backend.h"
#include "vectors/model/hex.h"

namespace ariasuite::oracles {
namespace {

const Op kOps[] = {Op::kCfb128Encrypt, Op::kCfb128Decrypt, Op::kCfb8Encrypt, Op::kCfb8Decrypt,
                   Op::kCfb1Encrypt,   Op::kCfb1Decrypt,   Op::kOfbEncrypt,  Op::kOfbDecrypt};

bool Answers(const std::string& oracle, Op op) {
  const Mode m = ModeOf(op);
  if (oracle == "openssl") return true;
  return m != Mode::kCfb1;  // botan, cryptopp
}

Bytes Random(std::mt19937_64& rng, size_t n) {
  Bytes b(n);
  for (auto& x : b) x = static_cast<uint8_t>(rng());
  return b;
}

TEST(CfbOfbBackendsTest, EveryOracleThatAnswersGivesOurBytes) {
  std::vector<std::unique_ptr<Backend>> oracles;
  oracles.push_back(MakeOpenSslBackend());
  oracles.push_back(MakeBotanBackend());
  oracles.push_back(MakeCryptoppBackend());
  std::vector<std::unique_ptr<Backend>> ours;
  for (Impl impl : AllImpls()) {
    std::unique_ptr<Backend> b = MakeOursBackend(impl);
    if (b->unavailable()) {
      std::cout << "SKIP " << b->name() << ": " << *b->unavailable() << "\n";
      continue;
    }
    ours.push_back(std::move(b));
  }
  ASSERT_FALSE(ours.empty());
  std::mt19937_64 rng(11);
  for (Op op : kOps) {
    for (int i = 0; i < 40; ++i) {
      Request r;
      r.op = op;
      r.key = Random(rng, 16 + 8 * (rng() % 3));
      r.iv = Random(rng, 16);
      r.input = Random(rng, i < 20 ? i : rng() % 301);
      SCOPED_TRACE(DescribeRequest(r));
      const std::optional<Result> want = ours[0]->Run(r);
      ASSERT_TRUE(want && want->accepted) << DescribeResult(want);
      EXPECT_EQ(want->output.size(), r.input.size());
      for (auto& b : ours) EXPECT_EQ(DescribeResult(b->Run(r)), DescribeResult(want)) << b->name();
      for (auto& o : oracles) {
        const std::optional<Result> got = o->Run(r);
        ASSERT_EQ(got.has_value(), Answers(o->name(), op)) << o->name();
        if (got) {
          EXPECT_EQ(DescribeResult(got), DescribeResult(want)) << o->name();
        }
      }
    }
    // An IV that is not one block: ours refuses, so does each oracle that has the mode.
    Request r;
    r.op = op;
    r.key = Random(rng, 16);
    r.iv = Random(rng, 15);
    r.input = Random(rng, 20);
    SCOPED_TRACE(DescribeRequest(r));
    for (auto& b : ours) {
      std::optional<Result> got = b->Run(r);
      ASSERT_TRUE(got.has_value());
      EXPECT_FALSE(got->accepted) << b->name();
    }
    for (auto& o : oracles) {
      const std::optional<Result> got = o->Run(r);
      const bool botan_ofb = o->name() == "botan" && ModeOf(op) == Mode::kOfb;
      ASSERT_EQ(got.has_value(), Answers(o->name(), op) && !botan_ofb) << o->name();
      if (got) {
        EXPECT_FALSE(got->accepted) << o->name() << ": " << DescribeResult(got);
      }
    }
  }
}

}  // namespace
}  // namespace ariasuite::oracles
