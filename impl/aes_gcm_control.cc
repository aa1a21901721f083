// AES-128/192/256 encryption (FIPS 197) and its GCM instance, for testing the GCM layer only.
// SubBytes (FIPS 197 §5.1.1) looks bytes up in a 256-entry table built once, at first use, from
// sbox.cc's computed S1 (AES's S-box) over 0..255, and the inner rounds look each byte's SubBytes
// and MixColumns up at once in a table of 256 column words made from it; no table is typed in.
// Why a table is fine here although the library's own code never indexes memory with secret data:
// this AES is a test oracle, run only over public test data (vectors, fuzzer inputs) to check the
// GCM layer, never over a user's key; it is not constant-time and claims not to be (tools/ct does
// not check it). The tables replaced the per-round bit-sliced S1 and then the byte-wise rounds,
// which made gcm_layer_boringssl fuzz slowly (issue 16).
#include "impl/aes_gcm_control.h"

#include <cstring>

#include "impl/aes_ni_control.h"
#include "impl/dispatch.h"
#include "impl/sbox.h"

namespace ariasuite {

const uint8_t* AesControlSboxTable() {
  struct Table {
    uint8_t s[256];
    Table() {
      for (int i = 0; i < 256; ++i) s[i] = static_cast<uint8_t>(i);
      // SubstituteBytes takes at most 64 bytes per call.
      for (int i = 0; i < 256; i += 64)
        internal::SubstituteBytes(internal::AllS1Layer(), s + i, 64);
    }
  };
  static const Table table;  // built once, thread-safe (C++11 static initialization)
  return table.s;
}

namespace {

// xtime (FIPS 197 §4.2.1), constant time.
inline uint8_t Xtime(uint8_t x) {
  return static_cast<uint8_t>((x << 1) ^ (0x1b & (0u - (x >> 7))));
}

inline uint32_t Load32(const uint8_t* p) {
  return (uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) | (uint32_t{p[2]} << 8) | p[3];
}

inline void Store32(uint32_t v, uint8_t* p) {
  p[0] = static_cast<uint8_t>(v >> 24);
  p[1] = static_cast<uint8_t>(v >> 16);
  p[2] = static_cast<uint8_t>(v >> 8);
  p[3] = static_cast<uint8_t>(v);
}

inline uint32_t Rotr(uint32_t v, int n) { return (v >> n) | (v << (32 - n)); }

// One round's SubBytes and MixColumns (FIPS 197 §5.1.1, §5.1.3) of a byte in row 0 as a column
// word (row 0 the top byte): (2 S(x), S(x), S(x), 3 S(x)). The byte in row r gives the same
// column rotated right by 8r bits. Built once from the S-box table, never typed in.
const uint32_t* MixTableForTesting() {
  struct Table {
    uint32_t t[256];
    Table() {
      const uint8_t* sbox = AesControlSboxTable();
      for (int x = 0; x < 256; ++x) {
        const uint8_t s = sbox[x], s2 = Xtime(s), s3 = static_cast<uint8_t>(s2 ^ s);
        t[x] = (uint32_t{s2} << 24) | (uint32_t{s} << 16) | (uint32_t{s} << 8) | s3;
      }
    }
  };
  static const Table table;
  return table.t;
}

}  // namespace

// FIPS 197 §5.1 Cipher, a column per 32-bit word: each round's column c takes row r's byte from
// column c + r (§5.1.2 ShiftRows) through the tables above, then AddRoundKey (§5.1.4); the last
// round has no MixColumns.
void AesControlEncryptBlocksWithTables(const AesControlKey& key, uint8_t* out, const uint8_t* in,
                                       size_t nblocks) {
  const uint8_t* sbox = AesControlSboxTable();
  const uint32_t* mix = MixTableForTesting();
  for (size_t b = 0; b < nblocks; ++b) {
    uint32_t w[4], t[4];
    for (int c = 0; c < 4; ++c) w[c] = Load32(in + 16 * b + 4 * c) ^ key.w[c];
    for (int r = 1; r < key.rounds; ++r) {
      for (int c = 0; c < 4; ++c) {
        t[c] = mix[w[c] >> 24] ^ Rotr(mix[(w[(c + 1) % 4] >> 16) & 0xff], 8) ^
               Rotr(mix[(w[(c + 2) % 4] >> 8) & 0xff], 16) ^ Rotr(mix[w[(c + 3) % 4] & 0xff], 24) ^
               key.w[4 * r + c];
      }
      for (int c = 0; c < 4; ++c) w[c] = t[c];
    }
    for (int c = 0; c < 4; ++c) {
      const uint32_t v = (uint32_t{sbox[w[c] >> 24]} << 24) |
                         (uint32_t{sbox[(w[(c + 1) % 4] >> 16) & 0xff]} << 16) |
                         (uint32_t{sbox[(w[(c + 2) % 4] >> 8) & 0xff]} << 8) |
                         sbox[w[(c + 3) % 4] & 0xff];
      Store32(v ^ key.w[4 * key.rounds + c], out + 16 * b + 4 * c);
    }
  }
}

namespace {

// AES-NI where the CPU has it (checked once), else the tables; the GCM layer sees the same blocks.
void EncryptUpTo4(const AesControlKey& key, uint8_t* out, const uint8_t* in, size_t nblocks) {
  static const bool aes_ni = AesNiControlSupported();
  if (aes_ni) {
    AesNiControlEncryptBlocks(key.rk, key.rounds, out, in, nblocks);
  } else {
    AesControlEncryptBlocksWithTables(key, out, in, nblocks);
  }
}

}  // namespace

struct AesGcmAccess {
  static const AesControlKey& Cipher(const void* cipher) {
    return static_cast<const AesGcmControlKey*>(cipher)->key_;
  }
  static bool Ready(const AesGcmControlKey& key) { return key.ready_; }
};

namespace {

// GCM's inc32 counter mode (SP 800-38D §6.5).
void Ctr32(const void* cipher, uint8_t* out, const uint8_t* in, size_t nblocks, uint8_t ctr[16]) {
  const AesControlKey& key = AesGcmAccess::Cipher(cipher);
  uint8_t ks[64];
  while (nblocks > 0) {
    const size_t n = nblocks < 4 ? nblocks : 4;
    for (size_t b = 0; b < n; ++b) {
      std::memcpy(ks + 16 * b, ctr, 16);
      unsigned carry = 1;
      for (int i = 15; i >= 12; --i) {
        const unsigned v = ctr[i] + carry;
        ctr[i] = static_cast<uint8_t>(v);
        carry = v >> 8;
      }
    }
    EncryptUpTo4(key, ks, ks, n);
    for (size_t i = 0; i < 16 * n; ++i) out[i] = in[i] ^ ks[i];
    out += 16 * n;
    in += 16 * n;
    nblocks -= n;
  }
}

}  // namespace

Status AesControlSetKey(AesControlKey* out, const uint8_t* key, size_t key_len) {
  if (key_len != 16 && key_len != 24 && key_len != 32) return Status::kBadKeyLength;
  std::memset(out, 0, sizeof(*out));
  // FIPS 197 §5.2 KeyExpansion: words w[0 .. 4(Nr+1)-1].
  const int nk = static_cast<int>(key_len / 4), nr = nk + 6, total = 4 * (nr + 1);
  uint8_t w[60][4];
  std::memcpy(w, key, key_len);
  const uint8_t* sbox = AesControlSboxTable();
  uint8_t rcon = 0x01;
  for (int i = nk; i < total; ++i) {
    uint8_t t[4];
    std::memcpy(t, w[i - 1], 4);
    if (i % nk == 0) {
      const uint8_t t0 = t[0];  // RotWord
      t[0] = t[1];
      t[1] = t[2];
      t[2] = t[3];
      t[3] = t0;
      for (auto& b : t) b = sbox[b];  // SubWord
      t[0] ^= rcon;
      rcon = Xtime(rcon);
    } else if (nk > 6 && i % nk == 4) {
      for (auto& b : t) b = sbox[b];  // SubWord
    }
    for (int j = 0; j < 4; ++j) w[i][j] = w[i - nk][j] ^ t[j];
  }
  std::memcpy(out->rk, w, 16 * static_cast<size_t>(nr + 1));
  for (int i = 0; i < total; ++i) out->w[i] = Load32(w[i]);
  out->rounds = nr;
  return Status::kOk;
}

void AesControlEncryptBlock(const AesControlKey& key, uint8_t out[16], const uint8_t in[16]) {
  EncryptUpTo4(key, out, in, 1);
}

Status AesGcmControlKey::Init(Impl impl, const uint8_t* key, size_t key_len) {
  ready_ = false;
  const internal::Backend* backend = BackendFor(impl);  // nullptr: a path this CPU cannot run
  if (backend == nullptr) return Status::kUnsupportedImpl;
  const Status s = AesControlSetKey(&key_, key, key_len);
  if (s != Status::kOk) return s;
  static constexpr uint8_t kZero[16] = {};
  uint8_t h[16];
  AesControlEncryptBlock(key_, h, kZero);  // SP 800-38D §6.4: H = CIPH_K(0^128)
  backend->ghash_init(&hkey_, h);
  ghash_ = backend->ghash;
  ready_ = true;
  return Status::kOk;
}

internal::GcmEngine AesGcmControlKey::Engine() const {
  internal::GcmEngine e = {};
  e.cipher = this;
  e.ctr32 = &Ctr32;
  e.seal_bulk = nullptr;
  e.open_bulk = nullptr;
  e.ghash = ghash_;
  e.hkey = &hkey_;
  return e;
}

Status AesGcmControlSeal(const AesGcmControlKey& key, uint8_t* out, uint8_t* out_tag,
                         size_t tag_len, const uint8_t* iv, size_t iv_len, const uint8_t* in,
                         size_t in_len, const uint8_t* aad, size_t aad_len) {
  if (!AesGcmAccess::Ready(key)) return Status::kBadState;
  return internal::GcmSeal(key.Engine(), out, out_tag, tag_len, iv, iv_len, in, in_len, aad,
                           aad_len);
}

Status AesGcmControlOpen(const AesGcmControlKey& key, uint8_t* out, const uint8_t* iv,
                         size_t iv_len, const uint8_t* in, size_t in_len, const uint8_t* tag,
                         size_t tag_len, const uint8_t* aad, size_t aad_len) {
  if (!AesGcmAccess::Ready(key)) return Status::kBadState;
  return internal::GcmOpen(key.Engine(), out, iv, iv_len, in, in_len, tag, tag_len, aad, aad_len);
}

}  // namespace ariasuite
