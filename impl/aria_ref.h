// Internals of the readable scalar ARIA reference that tests need: the per-round trace of one block
// and the reference block function that the fast scalar engine (aria_bitsliced.h) is checked
// against.
#ifndef ARIASUITE_IMPL_ARIA_REF_H_
#define ARIASUITE_IMPL_ARIA_REF_H_

#include <cstddef>
#include <cstdint>

#include "impl/aria_key.h"

namespace ariasuite::internal {

// Encrypts one block with key and records the outputs P1..P{n-1} of rounds 1..n-1 (RFC 5794
// §2.3.1) in out_rounds[0..key.rounds-2]; out receives the ciphertext.
void AriaTraceRounds(const AriaKey& key, uint8_t out_rounds[kAriaMaxRounds][16], uint8_t out[16],
                     const uint8_t in[16]);

// Encrypts (or, given decryption round keys, decrypts) nblocks blocks with the reference rounds
// (sbox.cc's S-boxes, byte-wise diffusion), four blocks at a time.
void AriaRefCryptBlocks(const AriaKey& key, uint8_t* out, const uint8_t* in, size_t nblocks);

// RFC 5794 §2.4.3: the diffusion layer A, in place on one block.
void AriaDiffuse(uint8_t block[16]);

}  // namespace ariasuite::internal

#endif  // ARIASUITE_IMPL_ARIA_REF_H_
