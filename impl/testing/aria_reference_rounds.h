// ARIA's rounds written as RFC 5794 states them, byte by byte, for the tests and the fuzzer that
// check the scalar path's bit-sliced engine (impl/aria_bitsliced.cc) against them: the per-round
// trace of one block and the reference block function.
#ifndef ARIASUITE_IMPL_TESTING_ARIA_REFERENCE_ROUNDS_H_
#define ARIASUITE_IMPL_TESTING_ARIA_REFERENCE_ROUNDS_H_

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

}  // namespace ariasuite::internal

#endif  // ARIASUITE_IMPL_TESTING_ARIA_REFERENCE_ROUNDS_H_
