// ariasuite's own ARIA, as the guest tests use it to check the kernel: the portable scalar path
// (Impl::kScalar) of impl/ in ECB, CBC, CTR (128-bit counter, as the kernel's ctr(aria)) and GCM
// (SP 800-38D), behind byte-vector calls. Every function returns false on a parameter impl/
// refuses.
#ifndef ARIASUITE_KERNEL_TESTS_REFERENCE_H_
#define ARIASUITE_KERNEL_TESTS_REFERENCE_H_

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ref {

using Bytes = std::vector<uint8_t>;

bool Ecb(bool encrypt, const Bytes& key, const Bytes& in, Bytes* out);
bool Cbc(bool encrypt, const Bytes& key, const Bytes& iv, const Bytes& in, Bytes* out);
bool Ctr(const Bytes& key, const Bytes& iv, const Bytes& in, Bytes* out);

// *out = ciphertext || tag (tag_len bytes).
bool GcmSeal(const Bytes& key, const Bytes& iv, const Bytes& aad, const Bytes& pt, size_t tag_len,
             Bytes* out);
// in = ciphertext || tag; false also when the tag does not verify (*auth_failed set then).
bool GcmOpen(const Bytes& key, const Bytes& iv, const Bytes& aad, const Bytes& in, size_t tag_len,
             Bytes* pt, bool* auth_failed);

}  // namespace ref

#endif  // ARIASUITE_KERNEL_TESTS_REFERENCE_H_
