// The one AF_ALG client: the kernel crypto API from user space through AF_ALG sockets
// (Documentation/crypto/userspace-if.rst), for the kernel backend (kernel_backend.cc) and the
// kernel guest's programs (kernel-tests/). One transform bound by algorithm or driver name
// ("ecb(aria)", "ctr-aria-avx2", "gcm_base(ctr(aria-generic),ghash-generic)", "cmac(aria)"),
// keyed, and used for whole one-shot skcipher, AEAD or hash operations. Every call returns 0 or an
// errno, never aborts. No dependencies (the guest's programs are static).
#ifndef ARIASUITE_ORACLES_AF_ALG_H_
#define ARIASUITE_ORACLES_AF_ALG_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ariasuite::oracles::afalg {

// 0 when this kernel gives AF_ALG sockets; else the errno of socket(AF_ALG) (EAFNOSUPPORT: no
// CONFIG_CRYPTO_USER_API).
int SocketErrno();

// 0 when an AF_ALG socket of type ("skcipher", "aead", "hash") can bind name; else the errno
// (EAFNOSUPPORT: no AF_ALG in this kernel; ENOENT: no such algorithm or driver).
int Probe(const char* type, const char* name);

class Transform {
 public:
  Transform() = default;
  Transform(const Transform&) = delete;
  Transform& operator=(const Transform&) = delete;
  ~Transform();

  int Bind(const char* type, const std::string& name);
  int SetKey(const uint8_t* key, size_t key_len);
  // AEAD only: the tag length (ALG_SET_AEAD_AUTHSIZE).
  int SetAuthSize(size_t tag_len);

  // skcipher: out (len bytes) = E/D(in) with iv (iv_len bytes, 0 for ECB: the IV control message
  // is sent with length 0).
  int Skcipher(bool encrypt, const uint8_t* iv, size_t iv_len, const uint8_t* in, size_t len,
               uint8_t* out);

  // AEAD, the kernel's layout: encrypt takes aad||plaintext and gives aad||ciphertext||tag;
  // decrypt takes aad||ciphertext||tag and gives aad||plaintext, or EBADMSG when the tag is wrong.
  // *out is resized to what the kernel returned.
  int Aead(bool encrypt, const uint8_t* iv, size_t iv_len, const uint8_t* aad, size_t aad_len,
           const uint8_t* in, size_t in_len, size_t tag_len, std::vector<uint8_t>* out);

  // hash (e.g. "cmac(aria)"): digest (digest_len bytes) of in.
  int Hash(const uint8_t* in, size_t len, uint8_t* digest, size_t digest_len);

  // After an operation failed: the call that failed ("accept", "sendmsg", "send", "read",
  // "read digest"), so a caller can tell a broken socket (accept) from a refused request.
  const char* failed_call() const { return failed_call_; }

 private:
  int Op(int op, const uint8_t* iv, size_t iv_len, size_t assoclen, bool aead, const uint8_t* in,
         size_t in_len, uint8_t* out, size_t out_len, size_t* got);
  int Fail(const char* call, int err) {
    failed_call_ = call;
    return err;
  }
  int tfm_ = -1;
  const char* failed_call_ = "";
};

// One /proc/crypto entry.
struct AlgInfo {
  std::string name, driver, module, type, selftest;
  int priority = 0;
  bool internal = false;
};
std::vector<AlgInfo> ReadProcCrypto(const char* path = "/proc/crypto");

}  // namespace ariasuite::oracles::afalg

#endif  // ARIASUITE_ORACLES_AF_ALG_H_
