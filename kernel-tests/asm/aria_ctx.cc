// struct aria_ctx from ariasuite's reference key schedule (see aria_ctx.h).
#include "kernel-tests/asm/aria_ctx.h"

#include <cstring>

#include "impl/aria.h"

namespace ariasuite::kernel_asm {
namespace {

void ToWords(uint32_t out[kAriaRdKeyWords], const uint8_t rk[16]) {
  for (int j = 0; j < kAriaRdKeyWords; ++j) {
    out[j] = (uint32_t{rk[4 * j]} << 24) | (uint32_t{rk[4 * j + 1]} << 16) |
             (uint32_t{rk[4 * j + 2]} << 8) | uint32_t{rk[4 * j + 3]};
  }
}

}  // namespace

bool MakeKernelAriaCtx(KernelAriaCtx* out, const uint8_t* key, size_t key_len) {
  std::memset(out, 0, sizeof(*out));
  AriaKey enc, dec;
  if (AriaSetEncryptKey(&enc, key, key_len) != Status::kOk ||
      AriaSetDecryptKey(&dec, key, key_len) != Status::kOk) {
    return false;
  }
  KernelAriaCtxFromKeys(out, enc, dec, key_len);
  std::memset(&enc, 0, sizeof(enc));
  std::memset(&dec, 0, sizeof(dec));
  return true;
}

void KernelAriaCtxFromKeys(KernelAriaCtx* out, const AriaKey& enc, const AriaKey& dec,
                           size_t key_len) {
  std::memset(out, 0, sizeof(*out));
  for (int i = 0; i <= enc.rounds && i < kAriaMaxRdKeys; ++i) {
    ToWords(out->enc_key[i], enc.rk[i]);
    ToWords(out->dec_key[i], dec.rk[i]);
  }
  out->rounds = enc.rounds;
  out->key_length = static_cast<int32_t>(key_len);
}

}  // namespace ariasuite::kernel_asm
