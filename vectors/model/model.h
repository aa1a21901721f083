// The data model of the suite: the byte string, the operations a vector or a request names, the
// modes they belong to and the block ciphers under them, with their stable names. It depends on
// nothing of ariasuite, so the vector readers and writers (vectors/), the backend interface
// (oracles/backend.h) and the reports all speak it without depending on each other or on impl/.
#ifndef ARIASUITE_VECTORS_MODEL_MODEL_H_
#define ARIASUITE_VECTORS_MODEL_MODEL_H_

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace ariasuite::model {

using Bytes = std::vector<uint8_t>;

// The operations. Field use per operation in oracles/backend.h's Request (unused Request fields
// must be empty / 0):
//   kEcb*, kCbc*         key, iv (CBC: 16 bytes), input (multiple of 16)  -> output
//   kCtr*                key, iv = initial 16-byte counter block, 128-bit big-endian increment
//                        (SP 800-38A §B.1, as OpenSSL's and the kernel's ctr(aria)) -> output
//   kCbcPkcs5Encrypt     key, iv (16), input = plaintext -> output = padded ciphertext (PKCS #5/#7)
//   kCbcPkcs5Decrypt     key, iv (16), input = ciphertext -> output = unpadded plaintext, or
//                        accepted = false on bad length or bad padding
//   kGcmSeal, kCcmSeal   key, iv (nonce), aad, input = plaintext, tag_len -> output = ciphertext,
//                        tag (tag_len bytes)
//   kGcmOpen, kCcmOpen   key, iv, aad, input = ciphertext, tag (its size is the tag length)
//                        -> output = plaintext, or accepted = false on authentication failure
//   kCmac                key, input = message, tag_len -> tag (the first tag_len bytes of the
//                        SP 800-38B MAC)
//   kKwWrap, kKwpWrap    key = KEK, input = key data -> output = wrapped key (SP 800-38F KW/KWP)
//   kKwUnwrap, kKwpUnwrap key = KEK, input = wrapped key -> output = key data, or accepted =
//                        false when the integrity check fails or the length is invalid
//   kCfb128*, kCfb8*,    key, iv (16), input of any length -> output of the same length
//   kCfb1*, kOfb*        (SP 800-38A §6.3 CFB with s = 128, 8, 1 bits; §6.4 OFB). CFB1 works
//                        over whole bytes: the input length is in bytes and each byte's bits are
//                        processed most significant first, as OpenSSL's aria-*-cfb1 without
//                        EVP_CIPH_FLAG_LENGTH_BITS.
enum class Op {
  kEcbEncrypt,
  kEcbDecrypt,
  kCbcEncrypt,
  kCbcDecrypt,
  kCtrEncrypt,
  kCtrDecrypt,
  kCbcPkcs5Encrypt,
  kCbcPkcs5Decrypt,
  kGcmSeal,
  kGcmOpen,
  kCcmSeal,
  kCcmOpen,
  kCmac,
  kKwWrap,
  kKwUnwrap,
  kKwpWrap,
  kKwpUnwrap,
  kCfb128Encrypt,
  kCfb128Decrypt,
  kCfb8Encrypt,
  kCfb8Decrypt,
  kCfb1Encrypt,
  kCfb1Decrypt,
  kOfbEncrypt,
  kOfbDecrypt,
};

// Stable names, used in reports and in the exec protocol: "ecb-encrypt", "ecb-decrypt",
// "cbc-encrypt", "cbc-decrypt", "ctr-encrypt", "ctr-decrypt", "cbc-pkcs5-encrypt",
// "cbc-pkcs5-decrypt", "gcm-seal", "gcm-open", "ccm-seal", "ccm-open", "cmac", "kw-wrap",
// "kw-unwrap", "kwp-wrap", "kwp-unwrap", "cfb128-encrypt", "cfb128-decrypt", "cfb8-encrypt",
// "cfb8-decrypt", "cfb1-encrypt", "cfb1-decrypt", "ofb-encrypt", "ofb-decrypt".
const char* OpName(Op op);
std::optional<Op> ParseOp(std::string_view name);
std::vector<Op> AllOps();

// The mode of operation an Op belongs to, and its two directions.
enum class Mode {
  kEcb,
  kCbc,
  kCtr,
  kCbcPkcs5,
  kGcm,
  kCcm,
  kCmac,
  kKw,
  kKwp,
  kCfb128,
  kCfb8,
  kCfb1,
  kOfb
};
// "ECB", "CBC", "CTR", "CBC-PKCS5", "GCM", "CCM", "CMAC", "KW", "KWP", "CFB128", "CFB8", "CFB1",
// "OFB"
const char* ModeName(Mode mode);
Mode ModeOf(Op op);
// True for the direction that makes the output from the message: encrypt, seal, wrap, and CMAC
// (which has only one).
bool IsEncrypting(Op op);
Op EncryptOp(Mode mode);  // kGcm -> kGcmSeal, kKw -> kKwWrap, kCmac -> kCmac, ...
Op DecryptOp(Mode mode);  // kGcm -> kGcmOpen, kKw -> kKwUnwrap, kCmac -> kCmac, ...

// The block cipher under the mode. kAes exists only to check our GCM layer against AES-GCM
// oracles (BoringSSL has no ARIA); most backends return nullopt for it.
enum class Cipher { kAria, kAes };
const char* CipherName(Cipher cipher);  // "aria", "aes"
std::optional<Cipher> ParseCipher(std::string_view name);

}  // namespace ariasuite::model

#endif  // ARIASUITE_VECTORS_MODEL_MODEL_H_
