// The limits table (mode_limits.h). Each rule names its clause; a rule not listed here is not
// demanded. Deliberately left out:
//   - KW wrap of exactly one semiblock (8 bytes): SP 800-38F §6.2 requires two, but RFC 3394 §2 as
//     some libraries read it wraps one, and Wycheproof marks it "acceptable" (AcceptableReason).
//   - Empty CBC / ECB input: SP 800-38A does not forbid a zero-block message.
//   - CMAC tags shorter than 8 bytes: SP 800-38B §5.5 only recommends at least 64 bits.
//   - GCM tags of 4 and 8 bytes: SP 800-38D §5.2.1.2 allows them for restricted applications
//     (Appendix C), so refusing them is a policy, not a requirement either way.
#include "conformance/mode_limits.h"

#include <cstdint>

namespace ariasuite::conformance {

using oracles::Cipher;
using oracles::Op;
using oracles::Request;

namespace {

std::string Got(size_t n, const char* unit = "bytes") {
  return " (got " + std::to_string(n) + " " + unit + ")";
}

bool IsOneOf(size_t n, std::initializer_list<size_t> set) {
  for (size_t v : set) {
    if (v == n) return true;
  }
  return false;
}

// GCM (SP 800-38D): the tag length of a seal is taglen, of an open the tag's size.
std::optional<std::string> GcmLimits(const Request& r) {
  const size_t t = r.op == Op::kGcmSeal ? r.tag_len : r.tag.size();
  if (!IsOneOf(t, {4, 8, 12, 13, 14, 15, 16})) {
    return "SP 800-38D §5.2.1.2: the GCM tag length must be 4, 8 or 12..16 bytes" + Got(t);
  }
  if (r.iv.empty()) {
    return std::string("SP 800-38D §5.2.1.1: the GCM IV must be at least 1 byte") + Got(0);
  }
  return std::nullopt;
}

// CCM (SP 800-38C §A.1): nonce 7..13 bytes, tag 4, 6, ..., 16 bytes, payload < 2^(8q) bytes
// where q = 15 - nonce length.
std::optional<std::string> CcmLimits(const Request& r) {
  const size_t t = r.op == Op::kCcmSeal ? r.tag_len : r.tag.size();
  if (!IsOneOf(t, {4, 6, 8, 10, 12, 14, 16})) {
    return "SP 800-38C §A.1: the CCM tag length must be 4, 6, 8, 10, 12, 14 or 16 bytes" + Got(t);
  }
  const size_t n = r.iv.size();
  if (n < 7 || n > 13) {
    return "SP 800-38C §A.1: the CCM nonce must be 7..13 bytes" + Got(n);
  }
  const size_t q = 15 - n;
  if (q < 8 && static_cast<uint64_t>(r.input.size()) >= (uint64_t{1} << (8 * q))) {
    return "SP 800-38C §A.1: a CCM payload must be shorter than 2^(8q) bytes, q = 15 - nonce "
           "length = " +
           std::to_string(q) + Got(r.input.size());
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> ForbiddenBy(const Request& r) {
  // Key sizes: RFC 5794 §2.1 (ARIA), FIPS 197 §5 (AES): 128, 192 or 256 bits.
  if (!IsOneOf(r.key.size(), {16, 24, 32})) {
    return std::string(r.cipher == Cipher::kAes ? "FIPS 197 §5" : "RFC 5794 §2.1") +
           ": the key must be 16, 24 or 32 bytes" + Got(r.key.size());
  }
  const size_t in = r.input.size();
  switch (r.op) {
    case Op::kEcbEncrypt:
    case Op::kEcbDecrypt:
      if (in % 16 != 0) {
        return "SP 800-38A §6.1: ECB without padding takes whole 16-byte blocks" + Got(in);
      }
      return std::nullopt;
    case Op::kCbcEncrypt:
    case Op::kCbcDecrypt:
      if (in % 16 != 0) {
        return "SP 800-38A §6.2: CBC without padding takes whole 16-byte blocks" + Got(in);
      }
      [[fallthrough]];
    case Op::kCbcPkcs5Encrypt:
    case Op::kCtrEncrypt:
    case Op::kCtrDecrypt:
    case Op::kCfb128Encrypt:
    case Op::kCfb128Decrypt:
    case Op::kCfb8Encrypt:
    case Op::kCfb8Decrypt:
    case Op::kCfb1Encrypt:
    case Op::kCfb1Decrypt:
    case Op::kOfbEncrypt:
    case Op::kOfbDecrypt:
      if (r.iv.size() != 16) {
        return std::string("SP 800-38A §6: the IV (initial counter block) is one 16-byte block") +
               Got(r.iv.size());
      }
      return std::nullopt;
    case Op::kCbcPkcs5Decrypt:
      if (r.iv.size() != 16) {
        return std::string("SP 800-38A §6.2: the CBC IV is one 16-byte block") + Got(r.iv.size());
      }
      if (in == 0 || in % 16 != 0) {
        return "RFC 8018 §6.1.1 / SP 800-38A §6.2: a padded CBC ciphertext is one or more whole "
               "16-byte blocks" +
               Got(in);
      }
      return std::nullopt;
    case Op::kGcmSeal:
    case Op::kGcmOpen: return GcmLimits(r);
    case Op::kCcmSeal:
    case Op::kCcmOpen: return CcmLimits(r);
    case Op::kCmac:
      if (r.tag_len > 16) {
        return std::string("SP 800-38B §6.2: the CMAC tag is at most one 16-byte block") +
               Got(r.tag_len);
      }
      return std::nullopt;
    case Op::kKwWrap:
      // 8 bytes is left out on purpose (see the top of this file).
      if (in % 8 != 0 || (in < 16 && in != 8)) {
        return "SP 800-38F §5.3.1, §6.2: KW wrap input must be at least 16 bytes and a multiple "
               "of 8" +
               Got(in);
      }
      return std::nullopt;
    case Op::kKwUnwrap:
      if (in < 24 || in % 8 != 0) {
        return "SP 800-38F §5.3.1, §6.2: KW unwrap input must be at least 24 bytes and a "
               "multiple of 8" +
               Got(in);
      }
      return std::nullopt;
    case Op::kKwpWrap:
      if (in == 0 || static_cast<uint64_t>(in) > 0xFFFFFFFFu) {
        return "SP 800-38F §5.3.1, §6.3: KWP wrap input must be 1 to 2^32-1 bytes" + Got(in);
      }
      return std::nullopt;
    case Op::kKwpUnwrap:
      if (in < 16 || in % 8 != 0) {
        return "SP 800-38F §5.3.1, §6.3: KWP unwrap input must be at least 16 bytes and a "
               "multiple of 8" +
               Got(in);
      }
      return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace ariasuite::conformance
