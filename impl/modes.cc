// ECB, CBC and CTR (SP 800-38A §6.1, §6.2, §6.5) over any path's backend table.
#include "impl/modes.h"

#include <cstring>

#include "impl/dispatch.h"

namespace ariasuite {
namespace {

// Blocks per backend call in the chunked loops (bounded stack buffer, no heap).
constexpr size_t kChunkBlocks = 64;

}  // namespace

Status AriaEcb(Impl impl, const AriaKey& key, uint8_t* out, const uint8_t* in, size_t len) {
  const internal::Backend* backend = BackendFor(impl);
  if (backend == nullptr) return Status::kUnsupportedImpl;
  if (len % kAriaBlockSize != 0) return Status::kBadInputLength;
  backend->crypt_blocks(key, out, in, len / kAriaBlockSize);
  return Status::kOk;
}

// SP 800-38A §6.2: C_j = CIPH(P_j ^ C_{j-1}), C_0 = IV. Serial by nature: one block per call.
Status AriaCbcEncrypt(Impl impl, const AriaKey& enc_key, uint8_t iv[16], uint8_t* out,
                      const uint8_t* in, size_t len) {
  const internal::Backend* backend = BackendFor(impl);
  if (backend == nullptr) return Status::kUnsupportedImpl;
  if (len % kAriaBlockSize != 0) return Status::kBadInputLength;
  uint8_t block[16];
  for (size_t off = 0; off < len; off += 16) {
    for (int i = 0; i < 16; ++i) block[i] = in[off + i] ^ iv[i];
    backend->crypt_blocks(enc_key, out + off, block, 1);
    std::memcpy(iv, out + off, 16);
  }
  return Status::kOk;
}

// SP 800-38A §6.2: P_j = CIPH^-1(C_j) ^ C_{j-1}. Decrypts a chunk of blocks in one backend call;
// the previous ciphertext blocks are saved first so in-place operation works.
Status AriaCbcDecrypt(Impl impl, const AriaKey& dec_key, uint8_t iv[16], uint8_t* out,
                      const uint8_t* in, size_t len) {
  const internal::Backend* backend = BackendFor(impl);
  if (backend == nullptr) return Status::kUnsupportedImpl;
  if (len % kAriaBlockSize != 0) return Status::kBadInputLength;
  uint8_t saved[kChunkBlocks * 16 + 16];  // C_{j-1} for each block of the chunk, then the last C.
  size_t nblocks = len / 16;
  while (nblocks > 0) {
    const size_t n = nblocks < kChunkBlocks ? nblocks : kChunkBlocks;
    std::memcpy(saved, iv, 16);
    std::memcpy(saved + 16, in, 16 * n);
    backend->crypt_blocks(dec_key, out, in, n);
    for (size_t i = 0; i < 16 * n; ++i) out[i] ^= saved[i];
    std::memcpy(iv, saved + 16 * n, 16);
    in += 16 * n;
    out += 16 * n;
    nblocks -= n;
  }
  return Status::kOk;
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
  const internal::Backend* backend = BackendFor(impl);
  if (backend == nullptr) return Status::kUnsupportedImpl;
  if (state->num > 15) return Status::kBadState;
  // Use up the keystream left from a previous partial block.
  while (state->num != 0 && len > 0) {
    *out++ = *in++ ^ state->keystream[state->num];
    state->num = (state->num + 1) % 16;
    --len;
  }
  const size_t nblocks = len / 16;
  if (nblocks > 0) {
    backend->ctr128(enc_key, out, in, nblocks, state->ctr);
    out += 16 * nblocks;
    in += 16 * nblocks;
    len -= 16 * nblocks;
  }
  if (len > 0) {
    static constexpr uint8_t kZero[16] = {};
    backend->ctr128(enc_key, state->keystream, kZero, 1, state->ctr);
    for (size_t i = 0; i < len; ++i) out[i] = in[i] ^ state->keystream[i];
    state->num = static_cast<unsigned>(len);
  }
  return Status::kOk;
}

}  // namespace ariasuite
