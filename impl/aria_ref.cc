// The portable constant-time ARIA (RFC 5794): the key schedule, the diffusion layer A and the
// scalar backend table. The scalar path's block and CTR functions are the fast bit-sliced engine
// (aria_bitsliced.cc); GHASH is in ghash_ref.cc. The readable reference rounds the engine is
// checked against are test code (impl/testing/aria_reference_rounds.cc).
#include "impl/aria_ref.h"

#include <cstring>

#include "impl/aria.h"
#include "impl/aria_bitsliced.h"
#include "impl/ghash_ref.h"
#include "impl/internal.h"
#include "impl/spread_key.h"

namespace ariasuite {
namespace internal {
namespace {

// RFC 5794 §2.2: the constants C1, C2, C3 (first 384 bits of the fractional part of 1/pi).
constexpr uint8_t kC[3][16] = {
    {0x51, 0x7c, 0xc1, 0xb7, 0x27, 0x22, 0x0a, 0x94, 0xfe, 0x13, 0xab, 0xe8, 0xfa, 0x9a, 0x6e,
     0xe0},
    {0x6d, 0xb1, 0x4a, 0xcc, 0x9e, 0x21, 0xc8, 0x20, 0xff, 0x28, 0xb1, 0xd5, 0xef, 0x5d, 0xe2,
     0xb0},
    {0xdb, 0x92, 0x37, 0x1d, 0x21, 0x26, 0xe9, 0x70, 0x03, 0x24, 0x97, 0x75, 0x04, 0xe8, 0xc9,
     0x0e},
};

// RFC 5794 §2.4.3: the diffusion layer A (an involution), on one 16-byte block.
inline void Diffuse(uint8_t x[16]) {
  uint8_t y[16];
  y[0] = x[3] ^ x[4] ^ x[6] ^ x[8] ^ x[9] ^ x[13] ^ x[14];
  y[1] = x[2] ^ x[5] ^ x[7] ^ x[8] ^ x[9] ^ x[12] ^ x[15];
  y[2] = x[1] ^ x[4] ^ x[6] ^ x[10] ^ x[11] ^ x[12] ^ x[15];
  y[3] = x[0] ^ x[5] ^ x[7] ^ x[10] ^ x[11] ^ x[13] ^ x[14];
  y[4] = x[0] ^ x[2] ^ x[5] ^ x[8] ^ x[11] ^ x[14] ^ x[15];
  y[5] = x[1] ^ x[3] ^ x[4] ^ x[9] ^ x[10] ^ x[14] ^ x[15];
  y[6] = x[0] ^ x[2] ^ x[7] ^ x[9] ^ x[10] ^ x[12] ^ x[13];
  y[7] = x[1] ^ x[3] ^ x[6] ^ x[8] ^ x[11] ^ x[12] ^ x[13];
  y[8] = x[0] ^ x[1] ^ x[4] ^ x[7] ^ x[10] ^ x[13] ^ x[15];
  y[9] = x[0] ^ x[1] ^ x[5] ^ x[6] ^ x[11] ^ x[12] ^ x[14];
  y[10] = x[2] ^ x[3] ^ x[5] ^ x[6] ^ x[8] ^ x[13] ^ x[15];
  y[11] = x[2] ^ x[3] ^ x[4] ^ x[7] ^ x[9] ^ x[12] ^ x[14];
  y[12] = x[1] ^ x[2] ^ x[6] ^ x[7] ^ x[9] ^ x[11] ^ x[12];
  y[13] = x[0] ^ x[3] ^ x[6] ^ x[7] ^ x[8] ^ x[10] ^ x[13];
  y[14] = x[0] ^ x[3] ^ x[4] ^ x[5] ^ x[9] ^ x[11] ^ x[14];
  y[15] = x[1] ^ x[2] ^ x[4] ^ x[5] ^ x[8] ^ x[10] ^ x[15];
  std::memcpy(x, y, 16);
}

inline void Xor16(uint8_t* d, const uint8_t* s) {
  for (int i = 0; i < 16; ++i) d[i] ^= s[i];
}

// 128-bit rotations on big-endian byte strings (RFC 5794 §2.2 ">>>" and "<<<").
struct U128 {
  uint64_t hi, lo;
};

inline U128 Load(const uint8_t b[16]) {
  U128 v{0, 0};
  for (int i = 0; i < 8; ++i) v.hi = (v.hi << 8) | b[i];
  for (int i = 8; i < 16; ++i) v.lo = (v.lo << 8) | b[i];
  return v;
}

inline void Store(uint8_t b[16], U128 v) {
  for (int i = 7; i >= 0; --i, v.hi >>= 8) b[i] = static_cast<uint8_t>(v.hi);
  for (int i = 15; i >= 8; --i, v.lo >>= 8) b[i] = static_cast<uint8_t>(v.lo);
}

inline U128 RotR(U128 v, int n) {
  n &= 127;
  if (n >= 64) {
    v = U128{v.lo, v.hi};
    n -= 64;
  }
  if (n == 0) return v;
  return U128{(v.hi >> n) | (v.lo << (64 - n)), (v.lo >> n) | (v.hi << (64 - n))};
}

inline U128 Xor(U128 a, U128 b) { return U128{a.hi ^ b.hi, a.lo ^ b.lo}; }

}  // namespace

void AriaDiffuse(uint8_t block[16]) { Diffuse(block); }

const Backend& ScalarBackend() {
  static const Backend backend = {
      Impl::kScalar,  "scalar",        BitslicedCryptBlocks,
      BitslicedCtr32, BitslicedCtr128, GhashInitRef,
      GhashRef,       nullptr,         nullptr,
  };
  return backend;
}

}  // namespace internal

namespace {

// RFC 5794 §2.2: the encryption round keys into out->rk and out->rounds (out->sliced left zero).
Status ExpandEncryptKey(AriaKey* out, const uint8_t* key, size_t key_len) {
  if (key_len != 16 && key_len != 24 && key_len != 32) return Status::kBadKeyLength;
  std::memset(out, 0, sizeof(*out));
  // RFC 5794 §2.2: KL || KR = K || 0...0; CK1..CK3 rotate through C1..C3 with the key size.
  uint8_t kl[16], kr[16] = {};
  std::memcpy(kl, key, 16);
  std::memcpy(kr, key + 16, key_len - 16);
  const int first = static_cast<int>((key_len - 16) / 8);  // 0, 1, 2 for 128/192/256 bits.
  const uint8_t* ck1 = internal::kC[first];
  const uint8_t* ck2 = internal::kC[(first + 1) % 3];
  const uint8_t* ck3 = internal::kC[(first + 2) % 3];

  uint8_t w0[16], w1[16], w2[16], w3[16];
  std::memcpy(w0, kl, 16);
  std::memcpy(w1, w0, 16);
  internal::BitslicedRoundFunction(true, w1, ck1);  // W1 = FO(W0, CK1) ^ KR
  internal::Xor16(w1, kr);
  std::memcpy(w2, w1, 16);
  internal::BitslicedRoundFunction(false, w2, ck2);  // W2 = FE(W1, CK2) ^ W0
  internal::Xor16(w2, w0);
  std::memcpy(w3, w2, 16);
  internal::BitslicedRoundFunction(true, w3, ck3);  // W3 = FO(W2, CK3) ^ W1
  internal::Xor16(w3, w1);

  using internal::RotR;
  using internal::Xor;
  const internal::U128 w[4] = {internal::Load(w0), internal::Load(w1), internal::Load(w2),
                               internal::Load(w3)};
  // ek_{4g+i+1} = W_i ^ (W_{i+1 mod 4} >>> r_g) for i = 0..2 and ek_{4g+4} = (W0 >>> r_g) ^ W3,
  // with rotations >>>19, >>>31, <<<61, <<<31 and, for ek17, <<<19 (RFC 5794 §2.2).
  static constexpr int kRight[5] = {19, 31, 128 - 61, 128 - 31, 128 - 19};
  const int rounds = 12 + 2 * first;
  for (int k = 0; k <= rounds; ++k) {
    const int g = k / 4, i = k % 4;
    const internal::U128 v =
        (i < 3) ? Xor(w[i], RotR(w[i + 1], kRight[g])) : Xor(RotR(w[0], kRight[g]), w[3]);
    internal::Store(out->rk[k], v);
  }
  out->rounds = rounds;
  return Status::kOk;
}

}  // namespace

Status AriaSetEncryptKey(AriaKey* out, const uint8_t* key, size_t key_len) {
  const Status s = ExpandEncryptKey(out, key, key_len);
  if (s == Status::kOk) {
    internal::BitslicedSliceKey(out);
    internal::SpreadRoundKeys(out);
  }
  return s;
}

Status AriaSetDecryptKey(AriaKey* out, const uint8_t* key, size_t key_len) {
  AriaKey ek;
  const Status s = ExpandEncryptKey(&ek, key, key_len);
  if (s != Status::kOk) return s;
  // RFC 5794 §2.4 (key part): dk1 = ek_{n+1}, dk_i = A(ek_{n+2-i}) for 2 <= i <= n, dk_{n+1} = ek1.
  std::memset(out, 0, sizeof(*out));
  const int n = ek.rounds;
  out->rounds = n;
  std::memcpy(out->rk[0], ek.rk[n], 16);
  for (int i = 1; i < n; ++i) {
    std::memcpy(out->rk[i], ek.rk[n - i], 16);
    internal::Diffuse(out->rk[i]);
  }
  std::memcpy(out->rk[n], ek.rk[0], 16);
  std::memset(&ek, 0, sizeof(ek));
  internal::BitslicedSliceKey(out);
  internal::SpreadRoundKeys(out);
  return Status::kOk;
}

void AriaCryptBlock(const AriaKey& key, uint8_t out[16], const uint8_t in[16]) {
  internal::BitslicedCryptBlocks(key, out, in, 1);
}

}  // namespace ariasuite
