// AES encryption (FIPS 197 §5.1) by the AES-NI instructions, for the AES-GCM control
// (aes_gcm_control.h) on CPUs that have them: the block cipher is not what the control tests, and
// under the fuzzers' sanitizers the table rounds cost a tenth of gcm_layer_boringssl's time. Built
// with -maes alone; the caller checks the CPU (no intrinsics here).
#ifndef ARIASUITE_IMPL_AES_NI_CONTROL_H_
#define ARIASUITE_IMPL_AES_NI_CONTROL_H_

#include <cstddef>
#include <cstdint>

namespace ariasuite {

// Whether this CPU has AES-NI (CPUID); the function below may run only then.
bool AesNiControlSupported();

// Encrypts nblocks 16-byte blocks of in into out (out may equal in) under the FIPS 197 §5.2 round
// keys rk[0..rounds] as byte strings, rounds 10, 12 or 14.
void AesNiControlEncryptBlocks(const uint8_t (*rk)[16], int rounds, uint8_t* out, const uint8_t* in,
                               size_t nblocks);

}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_AES_NI_CONTROL_H_
