// The parts of the fuzz targets' input handling that are not templates (see cases.h).
#include "fuzz/cases.h"

#include <algorithm>

#include "oracles/backend.h"
#include "vectors/model/hex.h"

namespace ariasuite::fuzz {

std::string GcmCase::SolveIv(const oracles::Block& h) {
  if (iv_mode != 2 || iv.size() == 12 || iv.empty()) return "";
  const size_t window_len = std::min<size_t>(16, iv.size());
  const size_t off = window % (iv.size() - window_len + 1);
  const bool ok = oracles::SolveIvForJ0(iv.data(), iv.size(), off, window_len, h,
                                        oracles::CounterTarget(before), oracles::CounterMask());
  const oracles::Block j0 = oracles::GcmJ0(h, iv.data(), iv.size());
  return std::string(ok ? "IV solved" : "IV not solvable (kept)") + ": window " +
         std::to_string(off) + "+" + std::to_string(window_len) + ", J0 " +
         model::Hex(j0.data(), j0.size()) + ", counter wraps after " + std::to_string(before + 1) +
         " blocks";
}

std::string GcmOutsideCommonDomain(size_t iv_len, size_t tag_len) {
  if (iv_len == 0) return "empty IV (SP 800-38D §5.2.1.1 needs len(IV) >= 1)";
  if (iv_len > 128) return "IV over 128 bytes (OpenSSL 3's limit)";
  // A 0-byte tag authenticates nothing and 17 bytes is more than GHASH gives: every library must
  // refuse both, so those are compared.
  if (tag_len >= 1 && tag_len < 12) return "tag length 1..11 (SP 800-38D §5.2.1.2 wants 12..16)";
  return "";
}

std::vector<std::pair<size_t, size_t>> Cut(size_t total, const uint16_t* cuts, size_t ncuts) {
  std::vector<std::pair<size_t, size_t>> parts;
  size_t off = 0;
  for (size_t i = 0; i < ncuts; ++i) {
    const size_t n = std::min<size_t>(cuts[i], total - off);
    parts.emplace_back(off, n);
    off += n;
  }
  parts.emplace_back(off, total - off);
  return parts;
}

}  // namespace ariasuite::fuzz
