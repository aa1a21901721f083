// Every ARIA backend's entry points, and the table that dispatch hands to the mode code (ECB, CBC,
// CTR, GCM). Internal: the public API is in aria.h / modes.h / gcm.h. Nothing here includes
// intrinsics headers, so it builds with no ISA flags.
//
// Conventions for every function below:
//  - out and in may be the same pointer (in-place); any other overlap is not allowed.
//  - Buffers need no particular alignment.
//  - nblocks may be 0. No heap allocation, no secret-dependent branch or memory index.
#ifndef ARIASUITE_IMPL_INTERNAL_H_
#define ARIASUITE_IMPL_INTERNAL_H_

#include <cstddef>
#include <cstdint>

#include "impl/aria_key.h"
#include "impl/path.h"

namespace ariasuite {

namespace internal {

// Encrypts (or, given decryption round keys, decrypts) nblocks 16-byte blocks.
using CryptBlocksFn = void (*)(const AriaKey& key, uint8_t* out, const uint8_t* in, size_t nblocks);

// Counter mode: out = in XOR E_K(ctr), E_K(ctr+1), ... for nblocks blocks. ctr is the 16-byte
// counter block of the first block and on return holds the counter block of the block after the
// last. Ctr32 increments only the low 32 bits (bytes 12..15, big-endian) mod 2^32, as GCM's inc32
// (SP 800-38D §6.2); Ctr128 increments the whole block as a 128-bit big-endian integer, as the
// kernel's and OpenSSL's ctr(aria).
using CtrFn = void (*)(const AriaKey& key, uint8_t* out, const uint8_t* in, size_t nblocks,
                       uint8_t ctr[16]);

// GHASH key material derived from H = E_K(0^128); opaque, each backend lays it out as it likes
// (powers of H, Karatsuba halves...). Big enough for 64 powers of H in two forms.
struct GhashKey {
  alignas(64) uint8_t bytes[2048];
};
using GhashInitFn = void (*)(GhashKey* out, const uint8_t h[16]);

// Absorbs nblocks full blocks into the GHASH state xi (SP 800-38D §6.4: xi = (xi ^ block) * H),
// xi in the spec's byte order.
using GhashFn = void (*)(const GhashKey& key, uint8_t xi[16], const uint8_t* in, size_t nblocks);

// Stitched GCM bulk step over nblocks full blocks: seal is Ctr32 then GHASH of the output; open is
// GHASH of the input then Ctr32. ctr and xi are updated as by CtrFn and GhashFn. tag_mask is
// nullptr, or holds J0 on entry and E_K(J0) (the tag's mask, SP 800-38D §7.1 step 6) on return,
// which the SIMD paths compute alongside their first batch instead of in a call of its own.
using GcmBulkFn = void (*)(const AriaKey& key, const GhashKey& hkey, uint8_t xi[16],
                           uint8_t ctr[16], uint8_t* out, const uint8_t* in, size_t nblocks,
                           uint8_t* tag_mask);

struct Backend {
  Impl impl;
  const char* name;  // "scalar", "aesni-avx", "aesni-avx2", "vaes-avx2", "gfni-avx2", "gfni-avx512"
  CryptBlocksFn crypt_blocks;
  CtrFn ctr32;
  CtrFn ctr128;
  GhashInitFn ghash_init;
  GhashFn ghash;
  GcmBulkFn gcm_seal_bulk;  // nullptr: the GCM code composes ctr32 and ghash.
  GcmBulkFn gcm_open_bulk;  // nullptr: likewise.
};

// The backends. Each SIMD one is compiled in its own cc_library with its own ISA flags; calling
// its functions on a CPU without those features is undefined, so go through dispatch.h.
const Backend& ScalarBackend();
const Backend& AesniAvxBackend();
const Backend& AesniAvx2Backend();
const Backend& VaesAvx2Backend();
const Backend& GfniAvx2Backend();
const Backend& GfniAvx512Backend();

}  // namespace internal
}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_INTERNAL_H_
