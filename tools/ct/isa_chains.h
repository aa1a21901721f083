// Chains of one instruction, for the instructions that a taint tool follows only through a shim
// (tools/ct/msan/shadow_shims.h) or not at all (valgrind 3.19 and GFNI / AVX-512): the check runs
// each under the taint tools (the secret must reach the output) and times it with dudect, fixed
// (all-zero) operands against random ones. Each call runs kIsaChain instructions, each on the
// result of the one before, so its time is kIsaChain times the instruction's latency: if the
// latency depended on the data, the timing check would see it. Its own library: the ISA flags.
#ifndef ARIASUITE_TOOLS_CT_ISA_CHAINS_H_
#define ARIASUITE_TOOLS_CT_ISA_CHAINS_H_

#include <cstdint>

namespace ariasuite::ct {

inline constexpr int kIsaChain = 64;

// x (64 bytes) = VGF2P8AFFINEINVQB(x, m, 0) kIsaChain times on ZMM (GFNI, AVX-512); m: 64 bytes.
void ChainGf2p8AffineInv(uint8_t x[64], const uint8_t m[64]);
// x = VPTERNLOGQ(x, y, z, 0x96) kIsaChain times on ZMM (AVX-512F); y, z: 64 bytes each.
void ChainTernlog(uint8_t x[64], const uint8_t y[64], const uint8_t z[64]);
// x (16 bytes) = AESENCLAST(x, k) / AESDECLAST(x, k) kIsaChain times (AES-NI); k: 16 bytes.
void ChainAesEncLast(uint8_t x[16], const uint8_t k[16]);
void ChainAesDecLast(uint8_t x[16], const uint8_t k[16]);

}  // namespace ariasuite::ct

#endif  // ARIASUITE_TOOLS_CT_ISA_CHAINS_H_
