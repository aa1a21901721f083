// The GCM layer (SP 800-38D) written once, generic over the 128-bit block cipher: a GcmEngine is a
// small table of the cipher's counter-mode function plus the GHASH backend. gcm.h instantiates it
// with ARIA on any path; aes_gcm_control.h with AES, only to check this layer against AES-GCM
// oracles. Internal (never included by a public header; target //impl:gcm_internal, visible only
// inside impl/): use gcm.h.
#ifndef ARIASUITE_IMPL_GCM_INTERNAL_H_
#define ARIASUITE_IMPL_GCM_INTERNAL_H_

#include <cstddef>
#include <cstdint>
#include <new>

#include "impl/gcm.h"
#include "impl/gcm_limits.h"
#include "impl/internal.h"
#include "impl/status.h"

namespace ariasuite::internal {

struct GcmEngine {
  const void* cipher;  // the cipher's key object, passed back to the functions below.
  // Counter mode with inc32 (SP 800-38D §6.5), as internal::CtrFn.
  void (*ctr32)(const void* cipher, uint8_t* out, const uint8_t* in, size_t nblocks,
                uint8_t ctr[16]);
  // Optional stitched bulk steps (nullptr: ctr32 then ghash, or ghash then ctr32); tag_mask as
  // internal::GcmBulkFn's (nullptr, or J0 in and E_K(J0) out).
  void (*seal_bulk)(const void* cipher, const GhashKey& hkey, uint8_t xi[16], uint8_t ctr[16],
                    uint8_t* out, const uint8_t* in, size_t nblocks, uint8_t* tag_mask);
  void (*open_bulk)(const void* cipher, const GhashKey& hkey, uint8_t xi[16], uint8_t ctr[16],
                    uint8_t* out, const uint8_t* in, size_t nblocks, uint8_t* tag_mask);
  GhashFn ghash;
  const GhashKey* hkey;
};

// One GCM message, streamed (SP 800-38D §7.1, §7.2). See AriaGcmContext in gcm.h for the contract.
class GcmState {
 public:
  Status Start(const GcmEngine& engine, const uint8_t* iv, size_t iv_len);
  Status UpdateAad(const uint8_t* aad, size_t len);
  Status UpdateEncrypt(uint8_t* out, const uint8_t* in, size_t len);
  Status UpdateDecrypt(uint8_t* out, const uint8_t* in, size_t len);
  Status FinishEncrypt(uint8_t* out_tag, size_t tag_len);
  Status FinishDecrypt(const uint8_t* tag, size_t tag_len);

  // Defined in the testonly //impl/testing:gcm_lengths (not part of this library): sets the two
  // length counters so a test reaches the cumulative limits without gigabytes of data.
  friend void SetGcmLengthsForTesting(AriaGcmContext* ctx, uint64_t aad_len, uint64_t text_len);

 private:
  enum class Phase { kIdle, kAad, kEncrypt, kDecrypt, kDone };
  enum class Dir { kNone, kEncrypt, kDecrypt };

  Status Update(Dir dir, uint8_t* out, const uint8_t* in, size_t len);
  void FlushPartial();
  void ComputeTag(uint8_t full_tag[16]);

  GcmEngine engine_ = {};
  Phase phase_ = Phase::kIdle;
  uint8_t j0_[16] = {};        // J0, or E_K(J0) once j0_encrypted_.
  bool j0_encrypted_ = false;  // a bulk step has replaced j0_ by E_K(J0).
  uint8_t ctr_[16] = {};
  uint8_t xi_[16] = {};
  uint8_t buf_[16] = {};        // partial block of AAD or ciphertext awaiting GHASH.
  uint8_t keystream_[16] = {};  // keystream of the current partial text block.
  size_t buf_len_ = 0;          // bytes in buf_ (0..15); for text also the keystream position.
  uint64_t aad_len_ = 0;
  uint64_t text_len_ = 0;
};

// The GcmState inside an AriaGcmContext (gcm.h keeps it as opaque bytes).
struct GcmContextAccess {
  static GcmState& State(AriaGcmContext& ctx) {
    return *std::launder(reinterpret_cast<GcmState*>(ctx.state_));
  }
  static constexpr size_t kStateBytes = sizeof(AriaGcmContext::state_);
  static constexpr size_t kStateAlign = alignof(AriaGcmContext);
};

// One-shot seal/open on top of GcmState (outputs before inputs). Open zeroes out on kAuthFailed.
GcmSealFn<GcmEngine> GcmSeal;
GcmOpenFn<GcmEngine> GcmOpen;

}  // namespace ariasuite::internal

#endif  // ARIASUITE_IMPL_GCM_INTERNAL_H_
