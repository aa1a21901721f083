// Names, modes and directions of the data model (model.h).
#include "vectors/model/model.h"

#include <array>

namespace ariasuite::model {
namespace {

struct OpInfo {
  Op op;
  const char* name;
  Mode mode;
  bool encrypting;
};

// Every Op: its stable name, its mode and its direction. The one place they are mapped.
constexpr std::array<OpInfo, 25> kOps = {{
    {Op::kEcbEncrypt, "ecb-encrypt", Mode::kEcb, true},
    {Op::kEcbDecrypt, "ecb-decrypt", Mode::kEcb, false},
    {Op::kCbcEncrypt, "cbc-encrypt", Mode::kCbc, true},
    {Op::kCbcDecrypt, "cbc-decrypt", Mode::kCbc, false},
    {Op::kCtrEncrypt, "ctr-encrypt", Mode::kCtr, true},
    {Op::kCtrDecrypt, "ctr-decrypt", Mode::kCtr, false},
    {Op::kCbcPkcs5Encrypt, "cbc-pkcs5-encrypt", Mode::kCbcPkcs5, true},
    {Op::kCbcPkcs5Decrypt, "cbc-pkcs5-decrypt", Mode::kCbcPkcs5, false},
    {Op::kGcmSeal, "gcm-seal", Mode::kGcm, true},
    {Op::kGcmOpen, "gcm-open", Mode::kGcm, false},
    {Op::kCcmSeal, "ccm-seal", Mode::kCcm, true},
    {Op::kCcmOpen, "ccm-open", Mode::kCcm, false},
    {Op::kCmac, "cmac", Mode::kCmac, true},
    {Op::kKwWrap, "kw-wrap", Mode::kKw, true},
    {Op::kKwUnwrap, "kw-unwrap", Mode::kKw, false},
    {Op::kKwpWrap, "kwp-wrap", Mode::kKwp, true},
    {Op::kKwpUnwrap, "kwp-unwrap", Mode::kKwp, false},
    {Op::kCfb128Encrypt, "cfb128-encrypt", Mode::kCfb128, true},
    {Op::kCfb128Decrypt, "cfb128-decrypt", Mode::kCfb128, false},
    {Op::kCfb8Encrypt, "cfb8-encrypt", Mode::kCfb8, true},
    {Op::kCfb8Decrypt, "cfb8-decrypt", Mode::kCfb8, false},
    {Op::kCfb1Encrypt, "cfb1-encrypt", Mode::kCfb1, true},
    {Op::kCfb1Decrypt, "cfb1-decrypt", Mode::kCfb1, false},
    {Op::kOfbEncrypt, "ofb-encrypt", Mode::kOfb, true},
    {Op::kOfbDecrypt, "ofb-decrypt", Mode::kOfb, false},
}};

const OpInfo* InfoOf(Op op) {
  for (const OpInfo& info : kOps) {
    if (info.op == op) return &info;
  }
  return nullptr;
}

}  // namespace

const char* OpName(Op op) {
  const OpInfo* info = InfoOf(op);
  return info != nullptr ? info->name : "unknown-op";
}

std::optional<Op> ParseOp(std::string_view name) {
  for (const OpInfo& info : kOps) {
    if (name == info.name) return info.op;
  }
  return std::nullopt;
}

std::vector<Op> AllOps() {
  std::vector<Op> ops;
  for (const OpInfo& info : kOps) ops.push_back(info.op);
  return ops;
}

const char* ModeName(Mode mode) {
  switch (mode) {
    case Mode::kEcb: return "ECB";
    case Mode::kCbc: return "CBC";
    case Mode::kCtr: return "CTR";
    case Mode::kCbcPkcs5: return "CBC-PKCS5";
    case Mode::kGcm: return "GCM";
    case Mode::kCcm: return "CCM";
    case Mode::kCmac: return "CMAC";
    case Mode::kKw: return "KW";
    case Mode::kKwp: return "KWP";
    case Mode::kCfb128: return "CFB128";
    case Mode::kCfb8: return "CFB8";
    case Mode::kCfb1: return "CFB1";
    case Mode::kOfb: return "OFB";
  }
  return "?";
}

Mode ModeOf(Op op) {
  const OpInfo* info = InfoOf(op);
  return info != nullptr ? info->mode : Mode::kEcb;
}

bool IsEncrypting(Op op) {
  const OpInfo* info = InfoOf(op);
  return info == nullptr || info->encrypting;
}

Op EncryptOp(Mode mode) {
  for (const OpInfo& info : kOps) {
    if (info.mode == mode && info.encrypting) return info.op;
  }
  return Op::kEcbEncrypt;
}

Op DecryptOp(Mode mode) {
  if (mode == Mode::kCmac) return Op::kCmac;  // one direction: verifying recomputes the MAC
  for (const OpInfo& info : kOps) {
    if (info.mode == mode && !info.encrypting) return info.op;
  }
  return Op::kEcbDecrypt;
}

const char* CipherName(Cipher cipher) { return cipher == Cipher::kAes ? "aes" : "aria"; }

std::optional<Cipher> ParseCipher(std::string_view name) {
  if (name == "aria") return Cipher::kAria;
  if (name == "aes") return Cipher::kAes;
  return std::nullopt;
}

}  // namespace ariasuite::model
