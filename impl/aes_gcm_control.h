// The AES-GCM control: AES (FIPS 197, encryption only) plugged into the very same GCM layer as ARIA
// (gcm_internal.h), ONLY to check that layer against AES-GCM oracles (OpenSSL, Wycheproof's
// aes_gcm_test.json), since the independent libraries that know GCM best do not all have ARIA. Its
// S-box is ARIA's S1 (sbox.cc), tabulated once: a test oracle over public data, NOT constant-time,
// not a library API.
#ifndef ARIASUITE_IMPL_AES_GCM_CONTROL_H_
#define ARIASUITE_IMPL_AES_GCM_CONTROL_H_

#include <cstddef>
#include <cstdint>

#include "impl/gcm_internal.h"
#include "impl/internal.h"
#include "impl/path.h"
#include "impl/status.h"

namespace ariasuite {

// FIPS 197 §5.2 key expansion: round keys 0..Nr as 16-byte strings.
struct AesControlKey {
  uint8_t rk[15][16];
  uint32_t w[60];  // the same round keys as FIPS 197's words w[i], big-endian
  int rounds;      // 10, 12 or 14
};

// The 256-entry S-box table SubBytes uses: sbox.cc's computed S1 over 0..255, built at first use.
const uint8_t* AesControlSboxTable();

Status AesControlSetKey(AesControlKey* out, const uint8_t* key, size_t key_len);
// FIPS 197 §5.1 Cipher on nblocks blocks by the table rounds (what runs where the CPU has no
// AES-NI; the test checks it against the AES-NI rounds and OpenSSL).
void AesControlEncryptBlocksWithTables(const AesControlKey& key, uint8_t* out, const uint8_t* in,
                                       size_t nblocks);
// FIPS 197 §5.1 Cipher on one block (AES-NI where the CPU has it, else the tables); out may equal
// in.
void AesControlEncryptBlock(const AesControlKey& key, uint8_t out[16], const uint8_t in[16]);

// An AES key set up for GCM on one of our paths: H = AES_K(0^128), then that path's GHASH key and
// GHASH function (its backend's ghash_init and ghash, as AriaGcmKey uses them), so the GCM layer
// runs with each path's GHASH while only the block cipher differs from ARIA-GCM. The paths'
// stitched bulk steps run ARIA rounds and are not used. A path this CPU cannot run (or no path)
// gives kUnsupportedImpl and leaves the key unset. Copyable.
class AesGcmControlKey {
 public:
  Status Init(Impl impl, const uint8_t* key, size_t key_len);
  internal::GcmEngine Engine() const;

 private:
  friend struct AesGcmAccess;
  AesControlKey key_ = {};
  internal::GhashKey hkey_ = {};
  internal::GhashFn ghash_ = nullptr;
  bool ready_ = false;
};

// Same contract as AriaGcmSeal/AriaGcmOpen (gcm.h), through the same internal::GcmSeal/GcmOpen.
GcmSealFn<AesGcmControlKey> AesGcmControlSeal;
GcmOpenFn<AesGcmControlKey> AesGcmControlOpen;

}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_AES_GCM_CONTROL_H_
