// ARIA KW and KWP (keywrap.h) on every path against Botan 2's nist_key_wrap / nist_key_wrap_padded
// with ARIA (OpenSSL and Crypto++ have no ARIA key wrap): every KW length 16..520 in steps of 8,
// every KWP length 1..300, unwrapping, tampering, and the length errors. (Wycheproof's
// aria_wrap_test.json and aria_kwp_test.json run through the conformance runner.)
#include "impl/keywrap.h"

#include <random>

#include "gtest/gtest.h"
#include "impl/aria.h"
#include "impl/modes.h"
#include "impl/testing/test_util.h"
#include "oracles/backend.h"
#include "vectors/model/hex.h"

namespace ariasuite {
namespace {

using oracles::Op;

class KeywrapTest : public ::ariasuite::test_util::PerImplTest {
 protected:
  void SetUp() override {
    PerImplTest::SetUp();
    if (IsSkipped()) return;
    botan_ = oracles::MakeBotanBackend();
  }

  Bytes BotanWrap(Op op, const Bytes& kek, const Bytes& in) {
    oracles::Request r;
    r.op = op;
    r.key = kek;
    r.input = in;
    std::optional<oracles::Result> res = botan_->Run(r);
    EXPECT_TRUE(res && res->accepted) << oracles::DescribeResult(res);
    return res ? res->output : Bytes();
  }

  void Check(bool padded, size_t kek_len, size_t len) {
    SCOPED_TRACE(std::string(padded ? "KWP" : "KW") + " kek_len=" + std::to_string(kek_len) +
                 " len=" + std::to_string(len));
    const Bytes kek = RandomBytes(rng_, kek_len), data = RandomBytes(rng_, len);
    AriaKey ek, dk;
    ASSERT_EQ(AriaSetEncryptKey(&ek, kek.data(), kek.size()), Status::kOk);
    ASSERT_EQ(AriaSetDecryptKey(&dk, kek.data(), kek.size()), Status::kOk);
    Bytes wrapped(len + 16);
    size_t wrapped_len = 0;
    ASSERT_EQ(padded ? AriaKwpWrap(GetParam(), ek, wrapped.data(), &wrapped_len, data.data(), len)
                     : AriaKwWrap(GetParam(), ek, wrapped.data(), &wrapped_len, data.data(), len),
              Status::kOk);
    wrapped.resize(wrapped_len);
    EXPECT_EQ(Hex(wrapped), Hex(BotanWrap(padded ? Op::kKwpWrap : Op::kKwWrap, kek, data)));
    Bytes back(wrapped.size());
    size_t back_len = 0;
    ASSERT_EQ(
        padded
            ? AriaKwpUnwrap(GetParam(), dk, back.data(), &back_len, wrapped.data(), wrapped.size())
            : AriaKwUnwrap(GetParam(), dk, back.data(), &back_len, wrapped.data(), wrapped.size()),
        Status::kOk);
    back.resize(back_len);
    EXPECT_EQ(Hex(back), Hex(data));
    // Any flipped bit of the wrapped key fails the integrity check, and nothing is released.
    for (size_t bit : {size_t{0}, size_t{63}, size_t{64}, 8 * wrapped.size() - 1}) {
      Bytes bad = wrapped;
      bad[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
      Bytes out(wrapped.size(), 0xee);
      size_t out_len = 12345;
      EXPECT_EQ(padded ? AriaKwpUnwrap(GetParam(), dk, out.data(), &out_len, bad.data(), bad.size())
                       : AriaKwUnwrap(GetParam(), dk, out.data(), &out_len, bad.data(), bad.size()),
                Status::kAuthFailed)
          << "bit " << bit;
      EXPECT_EQ(Hex(Bytes(out.begin(), out.begin() + static_cast<long>(wrapped.size() - 8))),
                Hex(Bytes(wrapped.size() - 8, 0)));
      EXPECT_EQ(out_len, 12345u);
    }
  }

  std::unique_ptr<oracles::Backend> botan_;
  std::mt19937_64 rng_{0x3394};
};

TEST_P(KeywrapTest, KwMatchesBotan) {
  for (size_t kek_len : {16, 24, 32}) {
    for (size_t len = 16; len <= 520; len += 8) Check(false, kek_len, len);
  }
}

TEST_P(KeywrapTest, KwpMatchesBotan) {
  for (size_t kek_len : {16, 32}) {
    for (size_t len = 1; len <= 300; ++len) Check(true, kek_len, len);
  }
}

TEST_P(KeywrapTest, LengthErrors) {
  const Bytes kek(16, 7);
  AriaKey ek, dk;
  ASSERT_EQ(AriaSetEncryptKey(&ek, kek.data(), kek.size()), Status::kOk);
  ASSERT_EQ(AriaSetDecryptKey(&dk, kek.data(), kek.size()), Status::kOk);
  Bytes in(64, 1), out(80);
  size_t n = 0;
  // KW: at least two semiblocks, whole semiblocks (SP 800-38F §6.2).
  for (size_t len : {0, 1, 7, 8, 15, 17, 23}) {
    EXPECT_EQ(AriaKwWrap(GetParam(), ek, out.data(), &n, in.data(), len), Status::kBadInputLength)
        << len;
  }
  for (size_t len : {0, 8, 16, 23, 25}) {
    EXPECT_EQ(AriaKwUnwrap(GetParam(), dk, out.data(), &n, in.data(), len), Status::kBadInputLength)
        << len;
  }
  // KWP: 1 byte and up; the wrapped key is whole semiblocks, at least two (§6.3).
  EXPECT_EQ(AriaKwpWrap(GetParam(), ek, out.data(), &n, in.data(), 0), Status::kBadInputLength);
  for (size_t len : {0, 8, 15, 17}) {
    EXPECT_EQ(AriaKwpUnwrap(GetParam(), dk, out.data(), &n, in.data(), len),
              Status::kBadInputLength)
        << len;
  }
}

// KWP's length field and zero padding: a wrapping whose AIV claims a different length, or whose
// padding bytes are not zero, must be refused (SP 800-38F §6.3 KWP-AD steps 4-6).
TEST_P(KeywrapTest, KwpRejectsWrongLengthOrPadding) {
  const Bytes kek = RandomBytes(rng_, 16);
  AriaKey ek, dk;
  ASSERT_EQ(AriaSetEncryptKey(&ek, kek.data(), kek.size()), Status::kOk);
  ASSERT_EQ(AriaSetDecryptKey(&dk, kek.data(), kek.size()), Status::kOk);
  // The one-semiblock case: C = E_K(AIV || P) with AIV = A65959A6 || [claimed]_32 and
  // P = 01 02 03 04 00 00 00 (00 or 01). A claimed length L is right iff 1 <= L <= 8 and the
  // bytes P[L..7] are all zero.
  for (uint32_t claimed = 0; claimed <= 9; ++claimed) {
    for (uint8_t last : {0, 1}) {
      const uint8_t block[16] = {0xa6, 0x59, 0x59, 0xa6, 0, 0, 0, static_cast<uint8_t>(claimed),
                                 1,    2,    3,    4,    0, 0, 0, last};
      uint8_t wrapped[16];
      ASSERT_EQ(AriaEcb(GetParam(), ek, wrapped, block, 16), Status::kOk);
      const bool ok = last == 0 ? (claimed >= 4 && claimed <= 8) : claimed == 8;
      Bytes out(8);
      size_t n = 0;
      EXPECT_EQ(AriaKwpUnwrap(GetParam(), dk, out.data(), &n, wrapped, 16),
                ok ? Status::kOk : Status::kAuthFailed)
          << "claimed=" << claimed << " last=" << int{last};
      if (ok) {
        EXPECT_EQ(n, claimed);
      }
    }
  }
}

ARIASUITE_INSTANTIATE_PER_IMPL(KeywrapTest);

}  // namespace
}  // namespace ariasuite
