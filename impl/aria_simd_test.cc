// Cross-path differential test of the SIMD backends (aesni-avx, aesni-avx2, vaes-avx2, gfni-avx2,
// gfni-avx512): every entry point of each path against OpenSSL's EVP ARIA (ECB, CTR, GCM), against
// the scalar backend, and GHASH against a bit-by-bit SP 800-38D §6.3 multiplication written here.
// Lengths cover every block count up to three widest batches plus a partial one, misaligned and
// in-place buffers, counters next to the 32/64/96-bit carries and the 2^32 wrap of inc32. A path
// this CPU cannot run is skipped with the missing feature named.
#include <openssl/evp.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "impl/aria.h"
#include "impl/cpu_features.h"
#include "impl/internal.h"
#include "oracles/gcm_math.h"
#include "vectors/model/hex.h"

namespace ariasuite {
namespace {

using internal::Backend;

#define EXPECT_BYTES_EQ(a, b, n) EXPECT_EQ(model::Hex((a), (n)), model::Hex((b), (n)))

const Backend& BackendOf(Impl impl) {
  switch (impl) {
    case Impl::kAesniAvx: return internal::AesniAvxBackend();
    case Impl::kAesniAvx2: return internal::AesniAvx2Backend();
    case Impl::kVaesAvx2: return internal::VaesAvx2Backend();
    case Impl::kGfniAvx2: return internal::GfniAvx2Backend();
    case Impl::kGfniAvx512: return internal::GfniAvx512Backend();
    default: return internal::ScalarBackend();
  }
}

const char* EvpName(size_t key_len, const char* mode) {
  static char buf[32];
  std::snprintf(buf, sizeof(buf), "ARIA-%zu-%s", key_len * 8, mode);
  return buf;
}

// OpenSSL one-shot for ECB (no padding) and CTR.
std::vector<uint8_t> Evp(const char* mode, const std::vector<uint8_t>& key, const uint8_t* iv,
                         const uint8_t* in, size_t len, bool encrypt) {
  EVP_CIPHER* cipher = EVP_CIPHER_fetch(nullptr, EvpName(key.size(), mode), nullptr);
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  std::vector<uint8_t> out(len + 16);
  int n1 = 0, n2 = 0;
  bool ok = cipher != nullptr && ctx != nullptr &&
            EVP_CipherInit_ex2(ctx, cipher, key.data(), iv, encrypt ? 1 : 0, nullptr) == 1 &&
            EVP_CIPHER_CTX_set_padding(ctx, 0) == 1 &&
            EVP_CipherUpdate(ctx, out.data(), &n1, in, static_cast<int>(len)) == 1 &&
            EVP_CipherFinal_ex(ctx, out.data() + n1, &n2) == 1;
  EVP_CIPHER_CTX_free(ctx);
  EVP_CIPHER_free(cipher);
  EXPECT_TRUE(ok) << mode;
  out.resize(static_cast<size_t>(n1 + n2));
  return out;
}

// OpenSSL ARIA-GCM seal with a 12-byte IV; returns ciphertext || tag.
std::vector<uint8_t> EvpGcmSeal(const std::vector<uint8_t>& key, const uint8_t iv[12],
                                const std::vector<uint8_t>& aad, const uint8_t* in, size_t len) {
  EVP_CIPHER* cipher = EVP_CIPHER_fetch(nullptr, EvpName(key.size(), "GCM"), nullptr);
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  std::vector<uint8_t> out(len + 16);
  int n = 0;
  bool ok = cipher != nullptr && ctx != nullptr &&
            EVP_EncryptInit_ex2(ctx, cipher, key.data(), iv, nullptr) == 1 &&
            (aad.empty() ||
             EVP_EncryptUpdate(ctx, nullptr, &n, aad.data(), static_cast<int>(aad.size())) == 1) &&
            (len == 0 || EVP_EncryptUpdate(ctx, out.data(), &n, in, static_cast<int>(len)) == 1) &&
            EVP_EncryptFinal_ex(ctx, out.data() + len, &n) == 1 &&
            EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, out.data() + len) == 1;
  EVP_CIPHER_CTX_free(ctx);
  EVP_CIPHER_free(cipher);
  EXPECT_TRUE(ok);
  return out;
}

// GHASH bit by bit (SP 800-38D §6.4 over §6.3 Algorithm 1, oracles/gcm_math.h), from state xi.
void GhashBits(uint8_t xi[16], const uint8_t h[16], const uint8_t* in, size_t nblocks) {
  oracles::Block y, hb;
  std::memcpy(y.data(), xi, 16);
  std::memcpy(hb.data(), h, 16);
  for (size_t b = 0; b < nblocks; ++b) {
    for (int j = 0; j < 16; ++j) y[j] ^= in[16 * b + j];
    y = oracles::GfMul(y, hb);
  }
  std::memcpy(xi, y.data(), 16);
}

class AriaSimdTest : public ::testing::TestWithParam<Impl> {
 protected:
  void SetUp() override {
    std::string missing;
    if (!PathRunsOn(GetParam(), HostCpuFeatures(), &missing)) {
      GTEST_SKIP() << "path " << BackendOf(GetParam()).name << " needs " << missing
                   << ", which this CPU/OS lacks";
    }
    backend_ = &BackendOf(GetParam());
  }

  std::vector<uint8_t> Random(size_t n) {
    std::vector<uint8_t> v(n);
    for (auto& b : v) b = static_cast<uint8_t>(rng_());
    return v;
  }

  // key's encryption schedule (a test failure if key is not 16, 24 or 32 bytes).
  static AriaKey EncryptKey(const std::vector<uint8_t>& key) {
    AriaKey ek;
    EXPECT_EQ(AriaSetEncryptKey(&ek, key.data(), key.size()), Status::kOk);
    return ek;
  }

  const Backend* backend_ = nullptr;
  std::mt19937_64 rng_{12345};
};

constexpr size_t kKeyLens[] = {16, 24, 32};
// Up to three 64-block batches plus a partial batch: covers every tail of every path.
constexpr size_t kMaxBlocks = 3 * 64 + 15;

TEST_P(AriaSimdTest, NameMatchesImpl) {
  EXPECT_EQ(backend_->impl, GetParam());
  EXPECT_NE(backend_->gcm_seal_bulk, nullptr);
  EXPECT_NE(backend_->gcm_open_bulk, nullptr);
}

TEST_P(AriaSimdTest, EcbMatchesOpenSslAndScalar) {
  for (size_t key_len : kKeyLens) {
    const std::vector<uint8_t> key = Random(key_len);
    AriaKey ek, dk;
    ASSERT_EQ(AriaSetEncryptKey(&ek, key.data(), key_len), Status::kOk);
    ASSERT_EQ(AriaSetDecryptKey(&dk, key.data(), key_len), Status::kOk);
    for (size_t n = 0; n <= kMaxBlocks; ++n) {
      SCOPED_TRACE("key_len=" + std::to_string(key_len) + " nblocks=" + std::to_string(n));
      const size_t off = n % 16;  // misalignment 0..15
      std::vector<uint8_t> pt = Random(16 * n + 16);
      const uint8_t* in = pt.data() + off;
      const std::vector<uint8_t> want = Evp("ECB", key, nullptr, in, 16 * n, true);
      std::vector<uint8_t> buf(16 * n + 32, 0xa5);
      uint8_t* out = buf.data() + (n * 7) % 16;
      backend_->crypt_blocks(ek, out, in, n);
      EXPECT_BYTES_EQ(out, want.data(), 16 * n);
      // Nothing outside [out, out + 16n) is written.
      for (uint8_t* p = buf.data(); p < out; ++p) ASSERT_EQ(*p, 0xa5);
      for (uint8_t* p = out + 16 * n; p < buf.data() + buf.size(); ++p) ASSERT_EQ(*p, 0xa5);
      // Scalar agrees.
      std::vector<uint8_t> ref(16 * n + 1);
      internal::ScalarBackend().crypt_blocks(ek, ref.data(), in, n);
      EXPECT_BYTES_EQ(out, ref.data(), 16 * n);
      // Decryption, in place.
      backend_->crypt_blocks(dk, out, out, n);
      EXPECT_BYTES_EQ(out, in, 16 * n);
    }
  }
}

TEST_P(AriaSimdTest, Ctr128MatchesOpenSslAcrossCarries) {
  // Counter blocks whose low 32, 64, 96 bits are about to carry, and the 2^128 wrap.
  const std::vector<std::vector<uint8_t>> ivs = {
      {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xf0},
      {1, 2, 3, 4, 5, 6, 7, 8, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xe0},
      {9, 9, 9, 9, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xc5},
      {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
       0xfd},
  };
  for (size_t key_len : kKeyLens) {
    const std::vector<uint8_t> key = Random(key_len);
    const AriaKey ek = EncryptKey(key);
    std::vector<std::vector<uint8_t>> all_ivs = ivs;
    all_ivs.push_back(Random(16));
    for (const auto& iv : all_ivs) {
      for (size_t n = 0; n <= kMaxBlocks; n += (n < 70 ? 1 : 7)) {
        SCOPED_TRACE("key_len=" + std::to_string(key_len) + " iv=" + model::Hex(iv.data(), 16) +
                     " nblocks=" + std::to_string(n));
        std::vector<uint8_t> pt = Random(16 * n + 16);
        const size_t off = (n * 3) % 16;
        const uint8_t* in = pt.data() + off;
        const std::vector<uint8_t> want = Evp("CTR", key, iv.data(), in, 16 * n, true);
        std::vector<uint8_t> out(16 * n + 1);
        uint8_t ctr[16];
        std::memcpy(ctr, iv.data(), 16);
        backend_->ctr128(ek, out.data(), in, n, ctr);
        EXPECT_BYTES_EQ(out.data(), want.data(), 16 * n);
        uint8_t ref_ctr[16];
        std::memcpy(ref_ctr, iv.data(), 16);
        std::vector<uint8_t> ref(16 * n + 1);
        internal::ScalarBackend().ctr128(ek, ref.data(), in, n, ref_ctr);
        EXPECT_BYTES_EQ(ctr, ref_ctr, 16);
        // In place, and split into two calls: the returned counter continues the stream.
        std::vector<uint8_t> inplace(in, in + 16 * n);
        std::memcpy(ctr, iv.data(), 16);
        backend_->ctr128(ek, inplace.data(), inplace.data(), n / 2, ctr);
        backend_->ctr128(ek, inplace.data() + 16 * (n / 2), inplace.data() + 16 * (n / 2),
                         n - n / 2, ctr);
        EXPECT_BYTES_EQ(inplace.data(), want.data(), 16 * n);
        EXPECT_BYTES_EQ(ctr, ref_ctr, 16);
      }
    }
  }
}

TEST_P(AriaSimdTest, Ctr32WrapsLow32BitsOnly) {
  for (size_t key_len : kKeyLens) {
    const std::vector<uint8_t> key = Random(key_len);
    const AriaKey ek = EncryptKey(key);
    for (uint32_t start : {0xffffffffu, 0xffffffc3u, 0xfffffff0u, 0x00000000u, 0x12345678u}) {
      for (size_t n : {size_t{1}, size_t{15}, size_t{16}, size_t{17}, size_t{33}, size_t{64},
                       size_t{65}, size_t{100}, size_t{128}, kMaxBlocks}) {
        SCOPED_TRACE("start=" + std::to_string(start) + " nblocks=" + std::to_string(n));
        std::vector<uint8_t> iv = Random(16);
        iv[12] = static_cast<uint8_t>(start >> 24);
        iv[13] = static_cast<uint8_t>(start >> 16);
        iv[14] = static_cast<uint8_t>(start >> 8);
        iv[15] = static_cast<uint8_t>(start);
        // Expected: the counter blocks built here (SP 800-38D §6.2 inc32), ECB by OpenSSL.
        std::vector<uint8_t> blocks(16 * n);
        for (size_t i = 0; i < n; ++i) {
          const uint32_t c = start + static_cast<uint32_t>(i);
          std::memcpy(&blocks[16 * i], iv.data(), 12);
          blocks[16 * i + 12] = static_cast<uint8_t>(c >> 24);
          blocks[16 * i + 13] = static_cast<uint8_t>(c >> 16);
          blocks[16 * i + 14] = static_cast<uint8_t>(c >> 8);
          blocks[16 * i + 15] = static_cast<uint8_t>(c);
        }
        std::vector<uint8_t> ks = Evp("ECB", key, nullptr, blocks.data(), blocks.size(), true);
        std::vector<uint8_t> pt = Random(16 * n + 9);
        const uint8_t* in = pt.data() + 9;
        std::vector<uint8_t> out(16 * n);
        uint8_t ctr[16];
        std::memcpy(ctr, iv.data(), 16);
        backend_->ctr32(ek, out.data(), in, n, ctr);
        for (size_t i = 0; i < 16 * n; ++i) ks[i] ^= in[i];
        EXPECT_BYTES_EQ(out.data(), ks.data(), 16 * n);
        const uint32_t end = start + static_cast<uint32_t>(n);
        EXPECT_BYTES_EQ(ctr, iv.data(), 12);
        EXPECT_EQ(ctr[12], static_cast<uint8_t>(end >> 24));
        EXPECT_EQ(ctr[15], static_cast<uint8_t>(end));
        // Scalar agrees.
        uint8_t ref_ctr[16];
        std::memcpy(ref_ctr, iv.data(), 16);
        std::vector<uint8_t> ref(16 * n);
        internal::ScalarBackend().ctr32(ek, ref.data(), in, n, ref_ctr);
        EXPECT_BYTES_EQ(out.data(), ref.data(), 16 * n);
        EXPECT_BYTES_EQ(ctr, ref_ctr, 16);
      }
    }
  }
}

TEST_P(AriaSimdTest, GhashMatchesBitwiseReference) {
  for (int trial = 0; trial < 8; ++trial) {
    const std::vector<uint8_t> h = Random(16);
    internal::GhashKey hkey;
    backend_->ghash_init(&hkey, h.data());
    for (size_t n = 0; n <= 70; ++n) {
      SCOPED_TRACE("trial=" + std::to_string(trial) + " nblocks=" + std::to_string(n));
      std::vector<uint8_t> data = Random(16 * n + 16);
      const uint8_t* in = data.data() + (n % 16);
      std::vector<uint8_t> xi0 = Random(16);
      uint8_t want[16], got[16];
      std::memcpy(want, xi0.data(), 16);
      std::memcpy(got, xi0.data(), 16);
      GhashBits(want, h.data(), in, n);
      backend_->ghash(hkey, got, in, n);
      EXPECT_BYTES_EQ(got, want, 16);
    }
  }
  // Degenerate keys: H = 0 and H = 1 (x^0).
  for (int which = 0; which < 2; ++which) {
    uint8_t h[16] = {};
    if (which == 1) h[0] = 0x80;
    internal::GhashKey hkey;
    backend_->ghash_init(&hkey, h);
    std::vector<uint8_t> data = Random(16 * 37);
    uint8_t want[16] = {1}, got[16] = {1};
    GhashBits(want, h, data.data(), 37);
    backend_->ghash(hkey, got, data.data(), 37);
    EXPECT_BYTES_EQ(got, want, 16);
  }
}

// GCM composed from this backend's pieces (SP 800-38D §7.1: H = E(0), J0 = IV || 0^31 || 1, the
// bulk step over full blocks, ctr32 for the partial block, GHASH of the lengths, tag = E(J0) ^ S)
// against OpenSSL's ARIA-GCM, and open_bulk inverting seal_bulk.
TEST_P(AriaSimdTest, GcmBulkMatchesOpenSsl) {
  for (size_t key_len : kKeyLens) {
    const std::vector<uint8_t> key = Random(key_len);
    const AriaKey ek = EncryptKey(key);
    uint8_t h[16] = {};
    backend_->crypt_blocks(ek, h, h, 1);
    internal::GhashKey hkey;
    backend_->ghash_init(&hkey, h);
    for (size_t len = 0; len <= 16 * kMaxBlocks; len += (len < 300 ? 1 : 61)) {
      SCOPED_TRACE("key_len=" + std::to_string(key_len) + " len=" + std::to_string(len));
      const std::vector<uint8_t> iv = Random(12);
      const std::vector<uint8_t> aad = Random(len % 37);
      std::vector<uint8_t> pt_buf = Random(len + 16);
      const uint8_t* pt = pt_buf.data() + (len % 16);
      const std::vector<uint8_t> want = EvpGcmSeal(key, iv.data(), aad, pt, len);

      uint8_t j0[16] = {};
      std::memcpy(j0, iv.data(), 12);
      j0[15] = 1;
      uint8_t ctr[16];
      std::memcpy(ctr, j0, 16);
      ctr[15] = 2;
      uint8_t xi[16] = {};
      // AAD, zero-padded.
      std::vector<uint8_t> aad_pad((aad.size() + 15) / 16 * 16, 0);
      if (!aad.empty()) std::memcpy(aad_pad.data(), aad.data(), aad.size());
      backend_->ghash(hkey, xi, aad_pad.data(), aad_pad.size() / 16);
      std::vector<uint8_t> ct_buf(len + 16);
      uint8_t* ct = ct_buf.data() + ((len * 5) % 16);
      const size_t full = len / 16;
      backend_->gcm_seal_bulk(ek, hkey, xi, ctr, ct, pt, full, nullptr);
      const size_t rest = len - 16 * full;
      if (rest != 0) {
        uint8_t block[16] = {};
        std::memcpy(block, pt + 16 * full, rest);
        backend_->ctr32(ek, block, block, 1, ctr);
        std::memset(block + rest, 0, 16 - rest);
        std::memcpy(ct + 16 * full, block, rest);
        backend_->ghash(hkey, xi, block, 1);
      }
      uint8_t lens[16] = {};
      const uint64_t abits = aad.size() * 8, cbits = len * 8;
      for (int i = 0; i < 8; ++i) {
        lens[i] = static_cast<uint8_t>(abits >> (56 - 8 * i));
        lens[8 + i] = static_cast<uint8_t>(cbits >> (56 - 8 * i));
      }
      backend_->ghash(hkey, xi, lens, 1);
      uint8_t tag[16];
      std::memcpy(tag, j0, 16);
      backend_->ctr32(ek, tag, xi, 1, j0);
      EXPECT_BYTES_EQ(ct, want.data(), len);
      EXPECT_BYTES_EQ(tag, want.data() + len, 16);

      // open_bulk over the full blocks, in place, gives back the plaintext and the same GHASH
      // state as sealing did before the partial block.
      std::vector<uint8_t> buf(ct, ct + 16 * full);
      uint8_t xi_open[16] = {}, xi_seal[16] = {};
      uint8_t ctr_open[16], ctr_seal[16];
      std::memcpy(ctr_open, j0, 16);
      ctr_open[15] = 2;
      std::memcpy(ctr_seal, ctr_open, 16);
      backend_->gcm_open_bulk(ek, hkey, xi_open, ctr_open, buf.data(), buf.data(), full, nullptr);
      EXPECT_BYTES_EQ(buf.data(), pt, 16 * full);
      std::vector<uint8_t> tmp(16 * full + 1);
      backend_->gcm_seal_bulk(ek, hkey, xi_seal, ctr_seal, tmp.data(), pt, full, nullptr);
      EXPECT_BYTES_EQ(xi_open, xi_seal, 16);
      EXPECT_BYTES_EQ(ctr_open, ctr_seal, 16);
    }
  }
}

// Bulk GCM agrees with ctr32 + ghash of the same backend and of the scalar backend across the
// 2^32 counter wrap (which GCM's inc32 performs for long messages with a non-12-byte IV).
TEST_P(AriaSimdTest, GcmBulkAcrossCounterWrap) {
  const std::vector<uint8_t> key = Random(16);
  AriaKey ek;
  ASSERT_EQ(AriaSetEncryptKey(&ek, key.data(), 16), Status::kOk);
  const std::vector<uint8_t> h = Random(16);
  internal::GhashKey hkey, hkey_ref;
  backend_->ghash_init(&hkey, h.data());
  internal::ScalarBackend().ghash_init(&hkey_ref, h.data());
  for (size_t n : {size_t{1}, size_t{63}, size_t{64}, size_t{65}, size_t{130}, kMaxBlocks}) {
    SCOPED_TRACE("nblocks=" + std::to_string(n));
    std::vector<uint8_t> ctr0 = Random(16);
    ctr0[12] = ctr0[13] = ctr0[14] = 0xff;
    ctr0[15] = 0xe0;
    const std::vector<uint8_t> pt = Random(16 * n);
    uint8_t ctr_a[16], ctr_b[16], xi_a[16] = {7}, xi_b[16] = {7};
    std::memcpy(ctr_a, ctr0.data(), 16);
    std::memcpy(ctr_b, ctr0.data(), 16);
    std::vector<uint8_t> a(16 * n), b(16 * n);
    backend_->gcm_seal_bulk(ek, hkey, xi_a, ctr_a, a.data(), pt.data(), n, nullptr);
    internal::ScalarBackend().ctr32(ek, b.data(), pt.data(), n, ctr_b);
    internal::ScalarBackend().ghash(hkey_ref, xi_b, b.data(), n);
    EXPECT_BYTES_EQ(a.data(), b.data(), 16 * n);
    EXPECT_BYTES_EQ(xi_a, xi_b, 16);
    EXPECT_BYTES_EQ(ctr_a, ctr_b, 16);
  }
}

// The bulk steps' tag mask: J0 in, E_K(J0) out (computed alongside the first batch when there is
// one), against the scalar path's block encryption, at every size class (no batch, the small
// engine only, one batch, a batch and a tail) for seal and open and all key sizes; the text and
// GHASH results must be those of a call without the mask.
TEST_P(AriaSimdTest, GcmBulkTagMaskIsEncryptedJ0) {
  for (size_t key_len : {16, 24, 32}) {
    const std::vector<uint8_t> key = Random(key_len);
    AriaKey ek;
    ASSERT_EQ(AriaSetEncryptKey(&ek, key.data(), key_len), Status::kOk);
    const std::vector<uint8_t> h = Random(16);
    internal::GhashKey hkey;
    backend_->ghash_init(&hkey, h.data());
    for (size_t n : {size_t{0}, size_t{5}, size_t{40}, size_t{64}, size_t{100}, size_t{200}}) {
      for (bool seal : {true, false}) {
        SCOPED_TRACE("key_len=" + std::to_string(key_len) + " nblocks=" + std::to_string(n) +
                     (seal ? " seal" : " open"));
        const std::vector<uint8_t> j0 = Random(16), ctr0 = Random(16), pt = Random(16 * n);
        uint8_t mask[16], want[16], ctr_a[16], ctr_b[16], xi_a[16] = {3}, xi_b[16] = {3};
        std::memcpy(mask, j0.data(), 16);
        internal::ScalarBackend().crypt_blocks(ek, want, j0.data(), 1);
        std::memcpy(ctr_a, ctr0.data(), 16);
        std::memcpy(ctr_b, ctr0.data(), 16);
        std::vector<uint8_t> a(16 * n + 1), b(16 * n + 1);
        const internal::GcmBulkFn fn = seal ? backend_->gcm_seal_bulk : backend_->gcm_open_bulk;
        ASSERT_NE(fn, nullptr);
        fn(ek, hkey, xi_a, ctr_a, a.data(), pt.data(), n, mask);
        fn(ek, hkey, xi_b, ctr_b, b.data(), pt.data(), n, nullptr);
        EXPECT_BYTES_EQ(mask, want, 16);
        EXPECT_BYTES_EQ(a.data(), b.data(), 16 * n);
        EXPECT_BYTES_EQ(xi_a, xi_b, 16);
        EXPECT_BYTES_EQ(ctr_a, ctr_b, 16);
      }
    }
  }
}

std::string ImplTestName(const ::testing::TestParamInfo<Impl>& info) {
  switch (info.param) {
    case Impl::kAesniAvx: return "AesniAvx";
    case Impl::kAesniAvx2: return "AesniAvx2";
    case Impl::kVaesAvx2: return "VaesAvx2";
    case Impl::kGfniAvx2: return "GfniAvx2";
    case Impl::kGfniAvx512: return "GfniAvx512";
    default: return "Scalar";
  }
}

INSTANTIATE_TEST_SUITE_P(Paths, AriaSimdTest,
                         ::testing::Values(Impl::kAesniAvx, Impl::kAesniAvx2, Impl::kVaesAvx2,
                                           Impl::kGfniAvx2, Impl::kGfniAvx512),
                         ImplTestName);

}  // namespace
}  // namespace ariasuite
