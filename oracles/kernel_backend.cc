// The Linux kernel crypto API oracle through AF_ALG sockets (Documentation/crypto/userspace-if.rst):
// skcipher ecb/cbc/ctr(aria), aead gcm(aria) and ccm(aria), hash cmac(aria); AES the same way for
// the AES-instantiated checks. Each request binds a transform socket for the algorithm, sets the
// key (ALG_SET_KEY) and, for AEADs, the tag length (ALG_SET_AEAD_AUTHSIZE), accepts an operation
// socket and sends one message whose control messages carry ALG_SET_OP, ALG_SET_IV and
// ALG_SET_AEAD_ASSOCLEN; the answer is read back from the same socket.
//
// Where AF_ALG is missing (no CONFIG_CRYPTO_USER_API_*) or the kernel has no ARIA, unavailable()
// says so and the runner reports SKIP with that reason; an algorithm the kernel lacks on its own
// (e.g. ccm(aria) where only gcm(aria) is built) is "unsupported" for that request.
#include <errno.h>
#include <linux/if_alg.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>
#include <string>
#include <vector>

#include "oracles/backend.h"

#ifndef AF_ALG
#define AF_ALG 38
#endif
#ifndef SOL_ALG
#define SOL_ALG 279
#endif

namespace ariasuite::oracles {
namespace {

// One af_alg request carries at most ALG_MAX_PAGES (16) pages of data on common configurations;
// stay below that rather than stream.
constexpr size_t kMaxRequest = 60 * 1024;

std::string Errno(const char* what) { return std::string(what) + ": " + std::strerror(errno); }

class Fd {
 public:
  explicit Fd(int fd = -1) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

// Binds a transform socket; -1 with errno set on failure.
int BindAlg(const char* type, const std::string& name) {
  int fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  sockaddr_alg sa;
  std::memset(&sa, 0, sizeof(sa));
  sa.salg_family = AF_ALG;
  std::strncpy(reinterpret_cast<char*>(sa.salg_type), type, sizeof(sa.salg_type) - 1);
  std::strncpy(reinterpret_cast<char*>(sa.salg_name), name.c_str(), sizeof(sa.salg_name) - 1);
  if (bind(fd, reinterpret_cast<sockaddr*>(&sa), sizeof(sa)) != 0) {
    int e = errno;
    close(fd);
    errno = e;
    return -1;
  }
  return fd;
}

// Sends data with the operation, IV and associated-data length as control messages
// (ALG_SET_OP, ALG_SET_IV, ALG_SET_AEAD_ASSOCLEN) and reads up to out_len bytes back.
bool Transact(int op_fd, bool encrypt, const Bytes* iv, const uint32_t* assoclen, const Bytes& data,
              Bytes* out, size_t out_len, int* err) {
  std::vector<uint8_t> control(CMSG_SPACE(sizeof(uint32_t)) +
                               CMSG_SPACE(sizeof(af_alg_iv) + (iv ? iv->size() : 0)) +
                               CMSG_SPACE(sizeof(uint32_t)));
  msghdr msg;
  std::memset(&msg, 0, sizeof(msg));
  msg.msg_control = control.data();
  msg.msg_controllen = control.size();
  cmsghdr* c = CMSG_FIRSTHDR(&msg);
  c->cmsg_level = SOL_ALG;
  c->cmsg_type = ALG_SET_OP;
  c->cmsg_len = CMSG_LEN(sizeof(uint32_t));
  const uint32_t op = encrypt ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT;
  std::memcpy(CMSG_DATA(c), &op, sizeof(op));
  size_t used = CMSG_SPACE(sizeof(uint32_t));
  if (iv != nullptr) {
    c = CMSG_NXTHDR(&msg, c);
    c->cmsg_level = SOL_ALG;
    c->cmsg_type = ALG_SET_IV;
    c->cmsg_len = CMSG_LEN(sizeof(af_alg_iv) + iv->size());
    af_alg_iv head;
    head.ivlen = static_cast<uint32_t>(iv->size());
    std::memcpy(CMSG_DATA(c), &head, sizeof(head));
    if (!iv->empty()) std::memcpy(CMSG_DATA(c) + sizeof(head), iv->data(), iv->size());
    used += CMSG_SPACE(sizeof(af_alg_iv) + iv->size());
  }
  if (assoclen != nullptr) {
    c = CMSG_NXTHDR(&msg, c);
    c->cmsg_level = SOL_ALG;
    c->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
    c->cmsg_len = CMSG_LEN(sizeof(uint32_t));
    std::memcpy(CMSG_DATA(c), assoclen, sizeof(uint32_t));
    used += CMSG_SPACE(sizeof(uint32_t));
  }
  msg.msg_controllen = used;
  iovec io{const_cast<uint8_t*>(data.data()), data.size()};
  msg.msg_iov = &io;
  msg.msg_iovlen = 1;
  if (sendmsg(op_fd, &msg, 0) != static_cast<ssize_t>(data.size())) {
    *err = errno;
    return false;
  }
  out->assign(out_len, 0);
  if (out_len == 0) {
    // A 0-byte read() never reaches the socket's recvmsg (sock_read_iter returns early), so the
    // operation (e.g. checking the tag of an empty AEAD message) would never run: offer a small
    // buffer; the kernel processes the request and returns 0 bytes, or fails with EBADMSG.
    uint8_t scratch[16];
    ssize_t n;
    do {
      n = read(op_fd, scratch, sizeof(scratch));
    } while (n < 0 && errno == EINTR);
    if (n != 0) {
      *err = n < 0 ? errno : EIO;
      return false;
    }
    return true;
  }
  size_t got = 0;
  while (got < out_len) {
    ssize_t n = read(op_fd, out->data() + got, out_len - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      *err = n == 0 ? EIO : errno;
      return false;
    }
    got += static_cast<size_t>(n);
  }
  return true;
}

std::string AlgName(const char* mode, Cipher cipher) {
  return std::string(mode) + "(" + (cipher == Cipher::kAes ? "aes" : "aria") + ")";
}

class KernelBackend : public Backend {
 public:
  KernelBackend() {
    int fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
    if (fd < 0) {
      unavailable_ = "AF_ALG sockets unavailable (" + Errno("socket(AF_ALG)") +
                     "; needs CONFIG_CRYPTO_USER_API_SKCIPHER/AEAD)";
      return;
    }
    close(fd);
    fd = BindAlg("skcipher", "ecb(aria)");
    if (fd < 0) {
      unavailable_ = "the kernel has no ARIA (" + Errno("bind skcipher ecb(aria)") +
                     "; needs CONFIG_CRYPTO_ARIA)";
      return;
    }
    close(fd);
  }

  std::string name() const override { return "kernel"; }
  bool is_ours() const override { return false; }
  std::optional<std::string> unavailable() const override { return unavailable_; }

  std::optional<Result> Run(const Request& r) override {
    if (r.input.size() + r.aad.size() + 16 > kMaxRequest) return std::nullopt;
    switch (r.op) {
      case Op::kEcbEncrypt: return Skcipher(r, "ecb", true, false);
      case Op::kEcbDecrypt: return Skcipher(r, "ecb", false, false);
      case Op::kCbcEncrypt: return Skcipher(r, "cbc", true, true);
      case Op::kCbcDecrypt: return Skcipher(r, "cbc", false, true);
      case Op::kCtrEncrypt: return Skcipher(r, "ctr", true, true);
      case Op::kCtrDecrypt: return Skcipher(r, "ctr", false, true);
      case Op::kGcmSeal: return Aead(r, "gcm", true);
      case Op::kGcmOpen: return Aead(r, "gcm", false);
      case Op::kCcmSeal: return Aead(r, "ccm", true);
      case Op::kCcmOpen: return Aead(r, "ccm", false);
      case Op::kCmac: return Cmac(r);
      case Op::kCbcPkcs5Encrypt:
      case Op::kCbcPkcs5Decrypt:  // the kernel has no padding mode
      case Op::kKwWrap:
      case Op::kKwUnwrap:
      case Op::kKwpWrap:
      case Op::kKwpUnwrap:  // kw() exists for AES only, with the IV as output
        return std::nullopt;
    }
    return std::nullopt;
  }

 private:
  // Binds, sets the key and accepts an operation socket. nullopt: the kernel lacks the algorithm;
  // a Result: the key was refused. On success *op_fd is set.
  std::optional<std::optional<Result>> Open(const char* type, const std::string& alg,
                                            const Request& r, size_t authsize, int* tfm_fd,
                                            int* op_fd) {
    *tfm_fd = BindAlg(type, alg);
    if (*tfm_fd < 0) return std::optional<Result>(std::nullopt);
    if (setsockopt(*tfm_fd, SOL_ALG, ALG_SET_KEY, r.key.data(),
                   static_cast<socklen_t>(r.key.size())) != 0) {
      return std::optional<Result>(Refused(Errno("ALG_SET_KEY")));
    }
    if (authsize > 0 && setsockopt(*tfm_fd, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, nullptr,
                                   static_cast<socklen_t>(authsize)) != 0) {
      return std::optional<Result>(Refused(Errno("ALG_SET_AEAD_AUTHSIZE")));
    }
    *op_fd = accept4(*tfm_fd, nullptr, nullptr, SOCK_CLOEXEC);
    if (*op_fd < 0) return std::optional<Result>(Broken(Errno("accept")));
    return std::nullopt;
  }

  std::optional<Result> Skcipher(const Request& r, const char* mode, bool encrypt, bool has_iv) {
    int tfm = -1, op = -1;
    auto early = Open("skcipher", AlgName(mode, r.cipher), r, 0, &tfm, &op);
    Fd tfm_guard(tfm), op_guard(op);
    if (early) return *early;
    if (has_iv && r.iv.size() != 16) return Refused("IV length " + std::to_string(r.iv.size()));
    Result res;
    int err = 0;
    if (!Transact(op, encrypt, has_iv ? &r.iv : nullptr, nullptr, r.input, &res.output,
                  r.input.size(), &err)) {
      return Refused(std::string("skcipher request: ") + std::strerror(err));
    }
    res.accepted = true;
    return res;
  }

  std::optional<Result> Aead(const Request& r, const char* mode, bool seal) {
    const bool ccm = std::string(mode) == "ccm";
    Bytes iv = r.iv;
    if (ccm) {
      // The kernel's ccm() takes the 16-byte counter block: iv[0] = L - 1 (L = 15 - nonce
      // length, SP 800-38C §A.2.1 / RFC 3610 §2.3), then the nonce, the counter bytes zero.
      if (r.iv.size() < 7 || r.iv.size() > 13) return std::nullopt;
      iv.assign(16, 0);
      iv[0] = static_cast<uint8_t>(15 - r.iv.size() - 1);
      std::memcpy(iv.data() + 1, r.iv.data(), r.iv.size());
    } else if (r.iv.size() != 12) {
      return std::nullopt;  // the kernel's gcm() takes 96-bit IVs only (rfc4106 builds on it)
    }
    const size_t tag_len = seal ? r.tag_len : r.tag.size();
    if (tag_len == 0) return std::nullopt;
    int tfm = -1, op = -1;
    auto early = Open("aead", AlgName(mode, r.cipher), r, tag_len, &tfm, &op);
    Fd tfm_guard(tfm), op_guard(op);
    if (early) return *early;
    // Input: AAD || text (|| tag when decrypting); output: AAD || text (|| tag when encrypting).
    Bytes data = r.aad;
    data.insert(data.end(), r.input.begin(), r.input.end());
    if (!seal) data.insert(data.end(), r.tag.begin(), r.tag.end());
    const uint32_t assoclen = static_cast<uint32_t>(r.aad.size());
    const size_t out_len = r.aad.size() + r.input.size() + (seal ? tag_len : 0);
    Bytes out;
    int err = 0;
    if (!Transact(op, seal, &iv, &assoclen, data, &out, out_len, &err)) {
      return Refused(std::string("aead request: ") + std::strerror(err) +
                    (err == EBADMSG ? " (authentication failed)" : ""));
    }
    Result res;
    res.accepted = true;
    res.output.assign(out.begin() + static_cast<long>(r.aad.size()),
                      out.begin() + static_cast<long>(r.aad.size() + r.input.size()));
    if (seal) res.tag.assign(out.end() - static_cast<long>(tag_len), out.end());
    return res;
  }

  std::optional<Result> Cmac(const Request& r) {
    int tfm = -1, op = -1;
    auto early = Open("hash", AlgName("cmac", r.cipher), r, 0, &tfm, &op);
    Fd tfm_guard(tfm), op_guard(op);
    if (early) return *early;
    if (!r.input.empty() && send(op, r.input.data(), r.input.size(), 0) !=
                                static_cast<ssize_t>(r.input.size())) {
      return Refused(Errno("send"));
    }
    uint8_t mac[16];
    if (read(op, mac, sizeof(mac)) != static_cast<ssize_t>(sizeof(mac))) {
      return Refused(Errno("read digest"));
    }
    if (r.tag_len == 0 || r.tag_len > sizeof(mac)) {
      return Refused("tag length " + std::to_string(r.tag_len));
    }
    Result res;
    res.accepted = true;
    res.tag.assign(mac, mac + r.tag_len);
    return res;
  }

  std::optional<std::string> unavailable_;
};

}  // namespace

std::unique_ptr<Backend> MakeKernelBackend() { return std::make_unique<KernelBackend>(); }

}  // namespace ariasuite::oracles
