// Names and one-line descriptions for the backend interface (backend.h).
#include "oracles/backend.h"

#include <array>
#include <utility>

#include "oracles/hex.h"

namespace ariasuite::oracles {
namespace {

constexpr std::array<std::pair<Op, const char*>, 17> kOpNames = {{
    {Op::kEcbEncrypt, "ecb-encrypt"},
    {Op::kEcbDecrypt, "ecb-decrypt"},
    {Op::kCbcEncrypt, "cbc-encrypt"},
    {Op::kCbcDecrypt, "cbc-decrypt"},
    {Op::kCtrEncrypt, "ctr-encrypt"},
    {Op::kCtrDecrypt, "ctr-decrypt"},
    {Op::kCbcPkcs5Encrypt, "cbc-pkcs5-encrypt"},
    {Op::kCbcPkcs5Decrypt, "cbc-pkcs5-decrypt"},
    {Op::kGcmSeal, "gcm-seal"},
    {Op::kGcmOpen, "gcm-open"},
    {Op::kCcmSeal, "ccm-seal"},
    {Op::kCcmOpen, "ccm-open"},
    {Op::kCmac, "cmac"},
    {Op::kKwWrap, "kw-wrap"},
    {Op::kKwUnwrap, "kw-unwrap"},
    {Op::kKwpWrap, "kwp-wrap"},
    {Op::kKwpUnwrap, "kwp-unwrap"},
}};

}  // namespace

const char* OpName(Op op) {
  for (const auto& [o, name] : kOpNames) {
    if (o == op) return name;
  }
  return "unknown-op";
}

std::optional<Op> ParseOp(std::string_view name) {
  for (const auto& [o, n] : kOpNames) {
    if (name == n) return o;
  }
  return std::nullopt;
}

std::vector<Op> AllOps() {
  std::vector<Op> ops;
  for (const auto& [o, name] : kOpNames) ops.push_back(o);
  return ops;
}

const char* CipherName(Cipher cipher) { return cipher == Cipher::kAes ? "aes" : "aria"; }

std::optional<Cipher> ParseCipher(std::string_view name) {
  if (name == "aria") return Cipher::kAria;
  if (name == "aes") return Cipher::kAes;
  return std::nullopt;
}

Result Accepted(Bytes output, Bytes tag) {
  Result r;
  r.accepted = true;
  r.output = std::move(output);
  r.tag = std::move(tag);
  return r;
}

Result Refused(std::string detail) {
  Result r;
  r.detail = std::move(detail);
  return r;
}

Result Broken(std::string error) {
  Result r;
  r.error = std::move(error);
  return r;
}

std::string DescribeRequest(const Request& r) {
  std::string s = OpName(r.op);
  s += " cipher=";
  s += CipherName(r.cipher);
  s += " key=" + Hex(r.key) + " iv=" + Hex(r.iv) + " aad=" + Hex(r.aad) + " input=" +
       Hex(r.input) + " tag=" + Hex(r.tag) + " tag_len=" + std::to_string(r.tag_len);
  return s;
}

std::string DescribeResult(const std::optional<Result>& result) {
  if (!result) return "unsupported";
  if (!result->error.empty()) return "error (" + result->error + ")";
  if (!result->accepted) {
    return result->detail.empty() ? "refused" : "refused (" + result->detail + ")";
  }
  std::string s = "output=" + Hex(result->output);
  if (!result->tag.empty()) s += " tag=" + Hex(result->tag);
  return s;
}

}  // namespace ariasuite::oracles
