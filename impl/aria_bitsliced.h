// The fast constant-time scalar ARIA engine behind Impl::kScalar: bit-sliced, 16 blocks a pass (or
// up to 4 in a narrower pass, for the serial modes' one-block calls), with the S-boxes computed by
// a tower-field inversion circuit (see aria_bitsliced.cc). The readable reference it is tested
// against is aria_ref.cc + sbox.cc.
#ifndef ARIASUITE_IMPL_ARIA_BITSLICED_H_
#define ARIASUITE_IMPL_ARIA_BITSLICED_H_

#include <cstddef>
#include <cstdint>

#include "impl/aria_key.h"

namespace ariasuite::internal {

// Blocks per pass of the engine; 5..15 cost as much as a full pass, 1..4 half of one.
inline constexpr size_t kBitslicedBlocks = 16;

// Fills key->sliced from key->rk and key->rounds (the key setters call it last).
void BitslicedSliceKey(AriaKey* key);

// Encrypts (or, given decryption round keys, decrypts) nblocks blocks with key.sliced; out may
// equal in.
void BitslicedCryptBlocks(const AriaKey& key, uint8_t* out, const uint8_t* in, size_t nblocks);

// RFC 5794 §2.4.1: the odd round function FO (SL1) or the even one FE (SL2) on one block in place:
// block = A(SL(block ^ rk)). The key schedule's rounds.
void BitslicedRoundFunction(bool odd, uint8_t block[16], const uint8_t rk[16]);

// Counter mode as internal.h's CtrFn: inc32 (Ctr32) or the 128-bit big-endian counter (Ctr128).
void BitslicedCtr32(const AriaKey& key, uint8_t* out, const uint8_t* in, size_t nblocks,
                    uint8_t ctr[16]);
void BitslicedCtr128(const AriaKey& key, uint8_t* out, const uint8_t* in, size_t nblocks,
                     uint8_t ctr[16]);

}  // namespace ariasuite::internal

#endif  // ARIASUITE_IMPL_ARIA_BITSLICED_H_
