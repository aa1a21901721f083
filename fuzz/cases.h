// What each fuzz target's input means: one struct per target and a Visit template that reads it
// (FuzzReader) or writes it (FuzzWriter, for the seed generator) field by field. The selector
// fields steer inputs to the corners random bytes miss: SIMD batch lengths, IV lengths 0, 1, 12,
// 13, 16 and long, tag lengths 0..17, long AAD, CTR counters about to carry, and GCM IVs solved so
// J0's 32-bit counter wraps a few blocks into the message (oracles/gcm_math.h).
#ifndef ARIASUITE_FUZZ_CASES_H_
#define ARIASUITE_FUZZ_CASES_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_io.h"
#include "oracles/backend.h"
#include "oracles/gcm_math.h"

namespace ariasuite::fuzz {

// Block counts at and around the SIMD paths' batch sizes (16, 32 and 64 blocks per call) and the
// stitched GCM loops' strides.
inline constexpr std::array<uint16_t, 29> kBatchBlocks = {
    1,  2,  3,  4,  7,  8,  9,   15,  16,  17,  31,  32,  33,  47, 48,
    49, 63, 64, 65, 95, 96, 127, 128, 129, 191, 192, 193, 255, 257};

// IV lengths worth hitting: empty, one byte, 96 bits, just past it, one block, a block plus one,
// OpenSSL's 128-byte limit and past it, long.
inline constexpr std::array<uint16_t, 16> kIvLengths = {0,  1,  8,  12,  13,  15,  16,  17,
                                                        20, 32, 64, 100, 128, 129, 256, 512};

inline constexpr std::array<uint8_t, 3> kAriaKeyLengths = {16, 24, 32};

// A message length: short (0..80), medium (0..1200), or a batch boundary kBatchBlocks[i] * 16 +
// delta (delta in -16..16).
struct LengthChoice {
  uint8_t mode = 0;
  uint16_t value = 0;
  uint8_t delta = 16;  // delta + 16

  template <typename Io>
  void Visit(Io& io) {
    io.template Int<uint8_t>(&mode, 0, 2);
    io.template Int<uint16_t>(&value, 0,
                              mode == 0   ? 80
                              : mode == 1 ? 1200
                                          : kBatchBlocks.size() - 1);
    if (mode == 2) io.template Int<uint8_t>(&delta, 0, 32);
  }
  size_t Length() const {
    if (mode != 2) return value;
    const int n = kBatchBlocks[value % kBatchBlocks.size()] * 16 + (static_cast<int>(delta) - 16);
    return n < 0 ? 0 : static_cast<size_t>(n);
  }
  // A raw length (for seeds written from vectors).
  static LengthChoice Raw(size_t len) {
    LengthChoice c;
    c.mode = len <= 80 ? 0 : 1;
    c.value = static_cast<uint16_t>(len);
    return c;
  }
};

// aria_block: N blocks through ECB, encrypt or decrypt.
struct BlockCase {
  uint8_t key_mode = 0;  // 0..2: 16/24/32 bytes; 3: any length 0..40 (invalid ones are refused)
  uint8_t key_len = 16;
  bool decrypt = false;
  uint8_t blocks_mode = 0;  // 0: 0..40 blocks; 1: a batch boundary
  uint16_t blocks = 1;
  Bytes key, data;

  template <typename Io>
  void Visit(Io& io) {
    io.template Int<uint8_t>(&key_mode, 0, 3);
    if (key_mode == 3) io.template Int<uint8_t>(&key_len, 0, 40);
    io.Bool(&decrypt);
    io.template Int<uint8_t>(&blocks_mode, 0, 1);
    io.template Int<uint16_t>(&blocks, 0, blocks_mode == 0 ? 40 : kBatchBlocks.size() - 1);
    io.Data(&key, KeyLen());
    io.Data(&data, Blocks() * 16);
  }
  size_t KeyLen() const { return key_mode < 3 ? kAriaKeyLengths[key_mode] : key_len; }
  size_t Blocks() const {
    return blocks_mode == 0 ? blocks : kBatchBlocks[blocks % kBatchBlocks.size()];
  }
};

// aria_modes: one of kFuzzedModes with its parameters, and a chunking of the input across update
// calls (ECB, CBC, CTR, CFB128, CFB8, CFB1, OFB).
using ModeKind = oracles::Mode;

// The modes aria_modes fuzzes (every mode but GCM, which has targets of its own) in the order the
// input's mode byte selects them: the order is part of the input format (committed inputs).
inline constexpr std::array<ModeKind, 12> kFuzzedModes = {
    ModeKind::kEcb,    ModeKind::kCbc,  ModeKind::kCtr,  ModeKind::kCbcPkcs5,
    ModeKind::kCcm,    ModeKind::kCmac, ModeKind::kKw,   ModeKind::kKwp,
    ModeKind::kCfb128, ModeKind::kCfb8, ModeKind::kCfb1, ModeKind::kOfb};

// The mode byte that selects kind (the writer's side of ModesCase::Kind()); 0 for GCM.
constexpr uint8_t ModeByte(ModeKind kind) {
  for (size_t i = 0; i < kFuzzedModes.size(); ++i) {
    if (kFuzzedModes[i] == kind) return static_cast<uint8_t>(i);
  }
  return 0;
}

struct ModesCase {
  uint8_t mode = 0;      // kFuzzedModes index (mod its size)
  bool decrypt = false;  // decrypt / open / unwrap / (CMAC: ignored)
  uint8_t key_index = 0;
  uint8_t ctr_mode = 0;     // CTR: 0 IV as given; 1 the low carry_bytes bytes ff.. (carry soon)
  uint8_t carry_bytes = 4;  // 1..16
  uint8_t before = 0;       // CTR carry: blocks before the carry
  uint8_t nonce_len = 12;   // CCM: 0..16 (7..13 valid)
  uint8_t tag_len = 16;     // CCM, CMAC: 0..17
  uint8_t source = 0;       // decrypting modes: 0 raw input; 1 a valid input made by sealing
                            // with our scalar path; 2 that, with one bit flipped
  uint16_t flip = 0;        // the bit to flip (mod the input's bits)
  LengthChoice length;
  uint8_t nchunks = 1;                  // 1..8 update calls
  std::array<uint16_t, 8> chunks = {};  // chunk sizes (the last chunk takes the rest)
  Bytes key, iv, aad, data;

  template <typename Io>
  void Visit(Io& io) {
    // 0..15 (Kind() takes it mod kFuzzedModes.size()): a mode byte b of an input written when there
    // were 8 kinds, b % 8, reads the same kind whenever b % 16 < 8, as for every committed input.
    io.template Int<uint8_t>(&mode, 0, 15);
    io.Bool(&decrypt);
    io.template Int<uint8_t>(&key_index, 0, 2);
    io.template Int<uint8_t>(&ctr_mode, 0, 1);
    if (ctr_mode == 1) {
      io.template Int<uint8_t>(&carry_bytes, 1, 16);
      io.template Int<uint8_t>(&before, 0, 40);
    }
    io.template Int<uint8_t>(&nonce_len, 0, 16);
    io.template Int<uint8_t>(&tag_len, 0, 17);
    io.template Int<uint8_t>(&source, 0, 2);
    io.template Int<uint16_t>(&flip, 0, 0xffff);
    length.Visit(io);
    io.template Int<uint8_t>(&nchunks, 1, 8);
    for (int i = 0; i < nchunks - 1; ++i) io.template Int<uint16_t>(&chunks[i], 0, 300);
    io.Data(&key, kAriaKeyLengths[key_index % 3]);
    io.Data(&iv, Kind() == ModeKind::kCcm ? nonce_len : 16);
    io.Sized(&aad, 64);
    io.Data(&data, length.Length());
  }
  ModeKind Kind() const { return kFuzzedModes[mode % kFuzzedModes.size()]; }
};

// The GCM message of aria_gcm_seal, aria_gcm_open, aria_gcm_stream and gcm_layer_boringssl.
struct GcmCase {
  uint8_t key_index = 0;
  uint8_t iv_mode = 0;   // 0: IV length as given (0..300); 1: a kIvLengths entry; 2: that, with
                         // the IV solved so J0's counter wraps (SolveIvForJ0)
  uint16_t iv_len = 12;  // mode 0: the length; modes 1, 2: index into kIvLengths
  uint16_t window = 0;   // mode 2: where the solved 16-byte window sits (mod the IV)
  uint16_t before = 0;   // mode 2: blocks between J0 and the wrap (0..300)
  uint8_t tag_len = 16;  // 0..17
  uint8_t aad_mode = 0;  // 0: 0..64 bytes; 1: 0..600; 2: long, 600..20000
  uint16_t aad_len = 0;
  LengthChoice text_len;
  Bytes key, iv, aad, text;

  template <typename Io>
  void Visit(Io& io) {
    io.template Int<uint8_t>(&key_index, 0, 2);
    io.template Int<uint8_t>(&iv_mode, 0, 2);
    io.template Int<uint16_t>(&iv_len, 0, iv_mode == 0 ? 300 : kIvLengths.size() - 1);
    if (iv_mode == 2) {
      io.template Int<uint16_t>(&window, 0, 0xffff);
      io.template Int<uint16_t>(&before, 0, 300);
    }
    io.template Int<uint8_t>(&tag_len, 0, 17);
    io.template Int<uint8_t>(&aad_mode, 0, 2);
    io.template Int<uint16_t>(&aad_len, aad_mode == 2 ? 600 : 0,
                              aad_mode == 0   ? 64
                              : aad_mode == 1 ? 600
                                              : 20000);
    text_len.Visit(io);
    io.Data(&key, kAriaKeyLengths[key_index % 3]);
    io.Data(&iv, IvLen());
    io.Data(&aad, aad_len);
    io.Data(&text, text_len.Length());
  }
  size_t IvLen() const { return iv_mode == 0 ? iv_len : kIvLengths[iv_len % kIvLengths.size()]; }

  // For iv_mode 2: rewrites the IV so that J0's counter is `before` steps below 2^32, with the
  // GHASH key h of this key. Returns a note for reports ("" when nothing was solved).
  std::string SolveIv(const oracles::Block& h);
};

// Whether a GCM request lies where libraries may differ on what they accept (tag lengths 1..11,
// which SP 800-38D allows only for some applications; an empty IV; an IV over OpenSSL's 128-byte
// limit); there refusals are policy and are not compared (see Differ::IgnoreRefusals). Tags of 0
// and 17 bytes are compared: everyone must refuse them. Returns the rule that applies, or "".
std::string GcmOutsideCommonDomain(size_t iv_len, size_t tag_len);

// aria_gcm_open's extras: how the ciphertext and tag are made.
struct OpenTamper {
  uint8_t source = 1;  // 0: ciphertext and tag taken raw from the input; 1: sealed by a backend
                       // (valid); 2: sealed, then one bit flipped in iv, aad, ciphertext or tag;
                       // 3: sealed, then the tag cut or lengthened by one byte; 4: sealed, then the
                       // tag replaced by zeros
  uint32_t flip = 0;
  Bytes raw_tag;

  template <typename Io>
  void Visit(Io& io) {
    io.template Int<uint8_t>(&source, 0, 4);
    io.template Int<uint32_t>(&flip, 0, 0xffffffffu);
    if (source == 0) io.Sized(&raw_tag, 17);
  }
};

// aria_gcm_stream's extras: how AAD and text are split across calls, where the buffers sit.
struct StreamSplit {
  uint8_t naad = 1;                    // 1..6 UpdateAad calls
  std::array<uint16_t, 6> aad_cuts{};  // sizes of all but the last
  uint8_t ntext = 1;                   // 1..8 Update calls
  std::array<uint16_t, 8> text_cuts{};
  bool in_place = false;
  uint8_t in_shift = 0, out_shift = 0;  // buffer misalignment, 0..63 bytes
  uint8_t misuse = 0;                   // 0: none; 1..4: an out-of-order call at some point, which
                                        // must return kBadState and change nothing
  bool decrypt_too = true;

  template <typename Io>
  void Visit(Io& io) {
    io.template Int<uint8_t>(&naad, 1, 6);
    for (int i = 0; i < naad - 1; ++i) io.template Int<uint16_t>(&aad_cuts[i], 0, 600);
    io.template Int<uint8_t>(&ntext, 1, 8);
    for (int i = 0; i < ntext - 1; ++i) io.template Int<uint16_t>(&text_cuts[i], 0, 1100);
    io.Bool(&in_place);
    io.template Int<uint8_t>(&in_shift, 0, 63);
    io.template Int<uint8_t>(&out_shift, 0, 63);
    io.template Int<uint8_t>(&misuse, 0, 4);
    io.Bool(&decrypt_too);
  }
};

// The parts of a message cut at the given sizes: part i has min(cuts[i], what is left), the last
// part the rest.
std::vector<std::pair<size_t, size_t>> Cut(size_t total, const uint16_t* cuts, size_t ncuts);

}  // namespace ariasuite::fuzz

#endif  // ARIASUITE_FUZZ_CASES_H_
