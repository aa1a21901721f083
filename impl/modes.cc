// ECB, CBC and CTR (SP 800-38A §6.1, §6.2, §6.5) over any path's backend table.
#include "impl/modes.h"

#include <cstring>

#include "impl/dispatch.h"

namespace ariasuite {
namespace {

// Blocks per backend call in the chunked loops (bounded stack buffer, no heap).
constexpr size_t kChunkBlocks = 64;

// The checks every mode makes first, then body(backend): kUnsupportedImpl when this CPU cannot
// run impl, then `bad` when `invalid` (a length that is not whole blocks, a stream state's num
// past 15). Inlined: the body is the mode's own code.
template <typename Body>
inline Status OnBackend(Impl impl, bool invalid, Status bad, Body body) {
  const internal::Backend* backend = BackendFor(impl);
  if (backend == nullptr) return Status::kUnsupportedImpl;
  if (invalid) return bad;
  body(*backend);
  return Status::kOk;
}

// OnBackend for the block modes: kBadInputLength unless len is whole blocks.
template <typename Body>
inline Status OnBackendWholeBlocks(Impl impl, size_t len, Body body) {
  return OnBackend(impl, len % kAriaBlockSize != 0, Status::kBadInputLength, body);
}

// OnBackend for the streaming modes: kBadState when the state's num is past 15.
template <typename Body>
inline Status OnBackendStream(Impl impl, unsigned num, Body body) {
  return OnBackend(impl, num > 15, Status::kBadState, body);
}

// Whole blocks a chunk at a time for the modes whose block j also needs input block j - 1 (CBC
// and CFB128 decryption). saved receives prev and then the chunk's input blocks, copied before out
// is written so in-place operation works (saved[16 * j..] is input block j - 1); prev becomes the
// chunk's last input block; then chunk(out, in, saved, n) writes the chunk's n output blocks.
// Advances out and in past the blocks.
template <typename Chunk>
inline void ChainedChunks(uint8_t prev[16], uint8_t*& out, const uint8_t*& in, size_t nblocks,
                          Chunk chunk) {
  uint8_t saved[kChunkBlocks * 16 + 16];
  while (nblocks > 0) {
    const size_t n = nblocks < kChunkBlocks ? nblocks : kChunkBlocks;
    std::memcpy(saved, prev, 16);
    std::memcpy(saved + 16, in, 16 * n);
    std::memcpy(prev, saved + 16 * n, 16);
    chunk(out, in, saved, n);
    in += 16 * n;
    out += 16 * n;
    nblocks -= n;
  }
}

}  // namespace

Status AriaEcb(Impl impl, const AriaKey& key, uint8_t* out, const uint8_t* in, size_t len) {
  return OnBackendWholeBlocks(impl, len, [&](const internal::Backend& backend) {
    backend.crypt_blocks(key, out, in, len / kAriaBlockSize);
  });
}

// SP 800-38A §6.2: C_j = CIPH(P_j ^ C_{j-1}), C_0 = IV. Serial by nature: one block per call.
Status AriaCbcEncrypt(Impl impl, const AriaKey& enc_key, uint8_t iv[16], uint8_t* out,
                      const uint8_t* in, size_t len) {
  return OnBackendWholeBlocks(impl, len, [&](const internal::Backend& backend) {
    uint8_t block[16];
    for (size_t off = 0; off < len; off += 16) {
      for (int i = 0; i < 16; ++i) block[i] = in[off + i] ^ iv[i];
      backend.crypt_blocks(enc_key, out + off, block, 1);
      std::memcpy(iv, out + off, 16);
    }
  });
}

// SP 800-38A §6.2: P_j = CIPH^-1(C_j) ^ C_{j-1}. Decrypts a chunk of blocks in one backend call.
Status AriaCbcDecrypt(Impl impl, const AriaKey& dec_key, uint8_t iv[16], uint8_t* out,
                      const uint8_t* in, size_t len) {
  return OnBackendWholeBlocks(impl, len, [&](const internal::Backend& backend) {
    ChainedChunks(iv, out, in, len / 16,
                  [&](uint8_t* o, const uint8_t* i, const uint8_t* saved, size_t n) {
                    backend.crypt_blocks(dec_key, o, i, n);
                    for (size_t k = 0; k < 16 * n; ++k) o[k] ^= saved[k];
                  });
  });
}

void AriaCtrInit(AriaCtrState* state, const uint8_t iv[16]) {
  std::memcpy(state->ctr, iv, 16);
  std::memset(state->keystream, 0, 16);
  state->num = 0;
}

// SP 800-38A §6.5 with a 128-bit big-endian counter. Leftover keystream of a partial block is
// kept in state so calls of any length chain.
Status AriaCtr(Impl impl, const AriaKey& enc_key, AriaCtrState* state, uint8_t* out,
               const uint8_t* in, size_t len) {
  return OnBackendStream(impl, state->num, [&](const internal::Backend& backend) {
    // Use up the keystream left from a previous partial block.
    while (state->num != 0 && len > 0) {
      *out++ = *in++ ^ state->keystream[state->num];
      state->num = (state->num + 1) % 16;
      --len;
    }
    const size_t nblocks = len / 16;
    if (nblocks > 0) {
      backend.ctr128(enc_key, out, in, nblocks, state->ctr);
      out += 16 * nblocks;
      in += 16 * nblocks;
      len -= 16 * nblocks;
    }
    if (len > 0) {
      static constexpr uint8_t kZero[16] = {};
      backend.ctr128(enc_key, state->keystream, kZero, 1, state->ctr);
      for (size_t i = 0; i < len; ++i) out[i] = in[i] ^ state->keystream[i];
      state->num = static_cast<unsigned>(len);
    }
  });
}

}  // namespace ariasuite

// ---- CFB and OFB (SP 800-38A §6.3, §6.4) ----

namespace ariasuite {
namespace {

// One CFB128 or OFB byte at position state->num; the register is refreshed with E_K(register)
// when a block starts. CFB feeds back the ciphertext byte, OFB keeps the output block.
enum class Feedback { kCfbEncrypt, kCfbDecrypt, kOfb };

void FeedbackBytes(const internal::Backend& backend, const AriaKey& key, AriaFeedbackState* state,
                   Feedback kind, uint8_t* out, const uint8_t* in, size_t len) {
  uint8_t* reg = state->reg;
  for (size_t i = 0; i < len; ++i) {
    if (state->num == 0) backend.crypt_blocks(key, reg, reg, 1);
    const uint8_t x = in[i];  // read before out[i] is written: out may equal in
    const uint8_t y = x ^ reg[state->num];
    out[i] = y;
    if (kind == Feedback::kCfbEncrypt) reg[state->num] = y;
    if (kind == Feedback::kCfbDecrypt) reg[state->num] = x;
    state->num = (state->num + 1) % 16;
  }
}

// The register shifted left by s = 8 or 1 bits, the s-bit ciphertext segment c entering on the
// right (SP 800-38A §6.3: I_j = LSB_{b-s}(I_{j-1}) | C#_{j-1}).
void ShiftIn8(uint8_t reg[16], uint8_t c) {
  std::memmove(reg, reg + 1, 15);
  reg[15] = c;
}
void ShiftIn1(uint8_t reg[16], unsigned bit) {
  for (int i = 0; i < 15; ++i) reg[i] = static_cast<uint8_t>((reg[i] << 1) | (reg[i + 1] >> 7));
  reg[15] = static_cast<uint8_t>((reg[15] << 1) | bit);
}

// One CFB8 byte per cipher call.
void Cfb8(const internal::Backend& backend, const AriaKey& key, AriaFeedbackState* state,
          uint8_t* out, const uint8_t* in, size_t len, bool decrypt) {
  uint8_t ks[16];
  for (size_t i = 0; i < len; ++i) {
    backend.crypt_blocks(key, ks, state->reg, 1);
    const uint8_t x = in[i];
    const uint8_t y = x ^ ks[0];
    out[i] = y;
    ShiftIn8(state->reg, decrypt ? x : y);
  }
}

// One CFB1 bit per cipher call.
void Cfb1(const internal::Backend& backend, const AriaKey& key, AriaFeedbackState* state,
          uint8_t* out, const uint8_t* in, size_t len, bool decrypt) {
  uint8_t ks[16];
  for (size_t i = 0; i < len; ++i) {
    const uint8_t x = in[i];
    uint8_t y = 0;
    for (int b = 7; b >= 0; --b) {  // most significant bit first
      backend.crypt_blocks(key, ks, state->reg, 1);
      const unsigned xb = (x >> b) & 1u;
      const unsigned yb = xb ^ (ks[0] >> 7);
      y = static_cast<uint8_t>(y | (yb << b));
      ShiftIn1(state->reg, decrypt ? xb : yb);
    }
    out[i] = y;
  }
}

}  // namespace

void AriaFeedbackInit(AriaFeedbackState* state, const uint8_t iv[16]) {
  std::memcpy(state->reg, iv, 16);
  state->num = 0;
}

// SP 800-38A §6.3, s = 128: C_j = P_j ^ CIPH(C_{j-1}), C_0 = IV. Serial: one block per call.
Status AriaCfb128Encrypt(Impl impl, const AriaKey& enc_key, AriaFeedbackState* state, uint8_t* out,
                         const uint8_t* in, size_t len) {
  return OnBackendStream(impl, state->num, [&](const internal::Backend& backend) {
    FeedbackBytes(backend, enc_key, state, Feedback::kCfbEncrypt, out, in, len);
  });
}

// SP 800-38A §6.3, s = 128: P_j = C_j ^ CIPH(C_{j-1}). Every CIPH input is known ciphertext, so
// whole blocks go through the path's crypt_blocks a chunk at a time.
Status AriaCfb128Decrypt(Impl impl, const AriaKey& enc_key, AriaFeedbackState* state, uint8_t* out,
                         const uint8_t* in, size_t len) {
  return OnBackendStream(impl, state->num, [&](const internal::Backend& backend) {
    // Finish a partial block left by a previous call.
    const size_t head = state->num == 0 ? 0 : (16 - state->num < len ? 16 - state->num : len);
    FeedbackBytes(backend, enc_key, state, Feedback::kCfbDecrypt, out, in, head);
    out += head;
    in += head;
    len -= head;
    if (state->num == 0) {
      // saved = C_0 (the register), C_1, ..., C_n: CIPH inputs are saved[0..n-1].
      ChainedChunks(state->reg, out, in, len / 16,
                    [&](uint8_t* o, const uint8_t*, const uint8_t* saved, size_t n) {
                      uint8_t ks[kChunkBlocks * 16];
                      backend.crypt_blocks(enc_key, ks, saved, n);
                      for (size_t k = 0; k < 16 * n; ++k) o[k] = saved[16 + k] ^ ks[k];
                    });
      len %= 16;
    }
    FeedbackBytes(backend, enc_key, state, Feedback::kCfbDecrypt, out, in, len);
  });
}

// CFB8 and CFB1 (SP 800-38A §6.3, s = 8 and 1): one cipher call per segment.
Status AriaCfb8Encrypt(Impl impl, const AriaKey& enc_key, AriaFeedbackState* state, uint8_t* out,
                       const uint8_t* in, size_t len) {
  return OnBackendStream(impl, state->num, [&](const internal::Backend& backend) {
    Cfb8(backend, enc_key, state, out, in, len, false);
  });
}
Status AriaCfb8Decrypt(Impl impl, const AriaKey& enc_key, AriaFeedbackState* state, uint8_t* out,
                       const uint8_t* in, size_t len) {
  return OnBackendStream(impl, state->num, [&](const internal::Backend& backend) {
    Cfb8(backend, enc_key, state, out, in, len, true);
  });
}
Status AriaCfb1Encrypt(Impl impl, const AriaKey& enc_key, AriaFeedbackState* state, uint8_t* out,
                       const uint8_t* in, size_t len) {
  return OnBackendStream(impl, state->num, [&](const internal::Backend& backend) {
    Cfb1(backend, enc_key, state, out, in, len, false);
  });
}
Status AriaCfb1Decrypt(Impl impl, const AriaKey& enc_key, AriaFeedbackState* state, uint8_t* out,
                       const uint8_t* in, size_t len) {
  return OnBackendStream(impl, state->num, [&](const internal::Backend& backend) {
    Cfb1(backend, enc_key, state, out, in, len, true);
  });
}

// SP 800-38A §6.4: O_j = CIPH(O_{j-1}), O_0 = IV; C_j = P_j ^ O_j. Serial: one block per call.
Status AriaOfb(Impl impl, const AriaKey& enc_key, AriaFeedbackState* state, uint8_t* out,
               const uint8_t* in, size_t len) {
  return OnBackendStream(impl, state->num, [&](const internal::Backend& backend) {
    FeedbackBytes(backend, enc_key, state, Feedback::kOfb, out, in, len);
  });
}

}  // namespace ariasuite
