// The kernel crypto API from user space through AF_ALG sockets (Documentation/crypto/userspace-if.rst):
// one transform bound by algorithm or driver name ("ecb(aria)", "ctr-aria-avx2",
// "gcm_base(ctr(aria-generic),ghash-generic)"), keyed, and used for whole one-shot skcipher or
// AEAD operations. Every call returns 0 or an errno, never aborts.
#ifndef ARIASUITE_KERNEL_TESTS_AF_ALG_H_
#define ARIASUITE_KERNEL_TESTS_AF_ALG_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace afalg {

// 0 when an AF_ALG socket of type ("skcipher", "aead") can bind name; else the errno
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

  // skcipher: out (len bytes) = E/D(in) with iv (iv_len bytes, 0 for ECB).
  int Skcipher(bool encrypt, const uint8_t* iv, size_t iv_len, const uint8_t* in, size_t len,
               uint8_t* out);

  // AEAD, the kernel's layout: encrypt takes aad||plaintext and gives aad||ciphertext||tag;
  // decrypt takes aad||ciphertext||tag and gives aad||plaintext, or EBADMSG when the tag is wrong.
  // *out is resized to what the kernel returned.
  int Aead(bool encrypt, const uint8_t* iv, size_t iv_len, const uint8_t* aad, size_t aad_len,
           const uint8_t* in, size_t in_len, size_t tag_len, std::vector<uint8_t>* out);

 private:
  int Op(int op, const uint8_t* iv, size_t iv_len, size_t assoclen, bool aead,
         const uint8_t* in, size_t in_len, uint8_t* out, size_t out_len, size_t* got);
  int tfm_ = -1;
};

// One /proc/crypto entry.
struct AlgInfo {
  std::string name, driver, module, type, selftest;
  int priority = 0;
  bool internal = false;
};
std::vector<AlgInfo> ReadProcCrypto(const char* path = "/proc/crypto");

}  // namespace afalg

#endif  // ARIASUITE_KERNEL_TESTS_AF_ALG_H_
