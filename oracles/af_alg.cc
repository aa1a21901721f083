// AF_ALG plumbing (see af_alg.h): bind, key, and one sendmsg + read per operation with the
// ALG_SET_OP / ALG_SET_IV / ALG_SET_AEAD_ASSOCLEN control messages (include/uapi/linux/if_alg.h).
#include "oracles/af_alg.h"

#include <errno.h>
#include <linux/if_alg.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>

#ifndef AF_ALG
#define AF_ALG 38  // include/linux/socket.h
#endif
#ifndef SOL_ALG
#define SOL_ALG 279  // include/linux/socket.h
#endif

namespace ariasuite::oracles::afalg {
namespace {

int BindSocket(const char* type, const std::string& name, int* fd_out) {
  *fd_out = -1;
  struct sockaddr_alg sa = {};
  sa.salg_family = AF_ALG;
  if (strlen(type) >= sizeof(sa.salg_type) || name.size() >= sizeof(sa.salg_name))
    return ENAMETOOLONG;
  memcpy(sa.salg_type, type, strlen(type));
  memcpy(sa.salg_name, name.data(), name.size());
  int fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
  if (fd < 0) return errno;
  if (bind(fd, reinterpret_cast<sockaddr*>(&sa), sizeof(sa)) != 0) {
    int e = errno;
    close(fd);
    return e;
  }
  *fd_out = fd;
  return 0;
}

}  // namespace

int SocketErrno() {
  int fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
  if (fd < 0) return errno;
  close(fd);
  return 0;
}

int Probe(const char* type, const char* name) {
  int fd;
  int e = BindSocket(type, name, &fd);
  if (fd >= 0) close(fd);
  return e;
}

Transform::~Transform() {
  if (tfm_ >= 0) close(tfm_);
}

int Transform::Bind(const char* type, const std::string& name) {
  if (tfm_ >= 0) close(tfm_);
  return BindSocket(type, name, &tfm_);
}

int Transform::SetKey(const uint8_t* key, size_t key_len) {
  return setsockopt(tfm_, SOL_ALG, ALG_SET_KEY, key, static_cast<socklen_t>(key_len)) == 0 ? 0
                                                                                           : errno;
}

int Transform::SetAuthSize(size_t tag_len) {
  return setsockopt(tfm_, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, nullptr,
                    static_cast<socklen_t>(tag_len)) == 0
             ? 0
             : errno;
}

int Transform::Op(int op, const uint8_t* iv, size_t iv_len, size_t assoclen, bool aead,
                  const uint8_t* in, size_t in_len, uint8_t* out, size_t out_len, size_t* got) {
  *got = 0;
  failed_call_ = "";
  int opfd = accept4(tfm_, nullptr, nullptr, SOCK_CLOEXEC);
  if (opfd < 0) return Fail("accept", errno);
  // Control messages: the operation, the IV (struct af_alg_iv), and for AEAD the AAD length.
  size_t space = CMSG_SPACE(sizeof(uint32_t)) + CMSG_SPACE(sizeof(struct af_alg_iv) + iv_len) +
                 (aead ? CMSG_SPACE(sizeof(uint32_t)) : 0);
  std::vector<uint8_t> control(space, 0);
  struct iovec iov = {const_cast<uint8_t*>(in), in_len};
  struct msghdr msg = {};
  msg.msg_control = control.data();
  msg.msg_controllen = control.size();
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  struct cmsghdr* c = CMSG_FIRSTHDR(&msg);
  c->cmsg_level = SOL_ALG;
  c->cmsg_type = ALG_SET_OP;
  c->cmsg_len = CMSG_LEN(sizeof(uint32_t));
  uint32_t op32 = static_cast<uint32_t>(op);
  memcpy(CMSG_DATA(c), &op32, sizeof(op32));
  c = CMSG_NXTHDR(&msg, c);
  c->cmsg_level = SOL_ALG;
  c->cmsg_type = ALG_SET_IV;
  c->cmsg_len = CMSG_LEN(sizeof(struct af_alg_iv) + iv_len);
  uint32_t ivlen32 = static_cast<uint32_t>(iv_len);
  memcpy(CMSG_DATA(c), &ivlen32, sizeof(ivlen32));
  if (iv_len) memcpy(CMSG_DATA(c) + sizeof(uint32_t), iv, iv_len);
  if (aead) {
    c = CMSG_NXTHDR(&msg, c);
    c->cmsg_level = SOL_ALG;
    c->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
    c->cmsg_len = CMSG_LEN(sizeof(uint32_t));
    uint32_t a32 = static_cast<uint32_t>(assoclen);
    memcpy(CMSG_DATA(c), &a32, sizeof(a32));
  }
  int err = 0;
  ssize_t n = sendmsg(opfd, &msg, 0);
  if (n < 0) {
    err = Fail("sendmsg", errno);
  } else if (static_cast<size_t>(n) != in_len) {
    err = Fail("sendmsg", EIO);
  }
  if (err == 0 && out_len == 0) {
    // A 0-byte read() never reaches the socket's recvmsg (sock_read_iter returns early), so the
    // operation, e.g. the tag check of an empty AEAD message, would never run: offer a small
    // buffer; the kernel runs the request and returns 0 bytes, or fails with EBADMSG.
    uint8_t scratch[16];
    ssize_t r;
    do {
      r = read(opfd, scratch, sizeof(scratch));
    } while (r < 0 && errno == EINTR);
    if (r < 0) {
      err = Fail("read", errno);
    } else if (r != 0) {
      err = Fail("read", EIO);
    }
  }
  while (err == 0 && *got < out_len) {
    ssize_t r = read(opfd, out + *got, out_len - *got);
    if (r < 0) {
      if (errno == EINTR) continue;
      err = Fail("read", errno);
    } else if (r == 0) {
      break;
    } else {
      *got += static_cast<size_t>(r);
      if (aead) break;  // an AEAD read returns the whole operation at once
    }
  }
  close(opfd);
  return err;
}

int Transform::Skcipher(bool encrypt, const uint8_t* iv, size_t iv_len, const uint8_t* in,
                        size_t len, uint8_t* out) {
  size_t got;
  int e =
      Op(encrypt ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT, iv, iv_len, 0, false, in, len, out, len, &got);
  if (e == 0 && got != len) e = Fail("read", EIO);
  return e;
}

int Transform::Aead(bool encrypt, const uint8_t* iv, size_t iv_len, const uint8_t* aad,
                    size_t aad_len, const uint8_t* in, size_t in_len, size_t tag_len,
                    std::vector<uint8_t>* out) {
  std::vector<uint8_t> buf(aad_len + in_len);
  if (aad_len) memcpy(buf.data(), aad, aad_len);
  if (in_len) memcpy(buf.data() + aad_len, in, in_len);
  size_t out_len =
      encrypt ? aad_len + in_len + tag_len : (in_len >= tag_len ? aad_len + in_len - tag_len : 0);
  // Exactly the output size: algif_aead's recvmsg keeps waiting for more input while the
  // caller's buffer has room left (crypto/algif_aead.c aead_recvmsg loops on msg_data_left).
  out->assign(out_len, 0);
  size_t got;
  int e = Op(encrypt ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT, iv, iv_len, aad_len, true, buf.data(),
             buf.size(), out->data(), out->size(), &got);
  out->resize(got);
  return e;
}

int Transform::Hash(const uint8_t* in, size_t len, uint8_t* digest, size_t digest_len) {
  failed_call_ = "";
  int opfd = accept4(tfm_, nullptr, nullptr, SOCK_CLOEXEC);
  if (opfd < 0) return Fail("accept", errno);
  int err = 0;
  if (len > 0) {
    ssize_t n = send(opfd, in, len, 0);
    if (n < 0) {
      err = Fail("send", errno);
    } else if (static_cast<size_t>(n) != len) {
      err = Fail("send", EIO);
    }
  }
  if (err == 0) {
    ssize_t r;
    do {
      r = read(opfd, digest, digest_len);
    } while (r < 0 && errno == EINTR);
    if (r < 0) {
      err = Fail("read digest", errno);
    } else if (static_cast<size_t>(r) != digest_len) {
      err = Fail("read digest", EIO);
    }
  }
  close(opfd);
  return err;
}

std::vector<AlgInfo> ReadProcCrypto(const char* path) {
  std::vector<AlgInfo> out;
  std::ifstream f(path);
  AlgInfo cur;
  bool have = false;
  std::string line;
  auto flush = [&]() {
    if (have) out.push_back(cur);
    cur = AlgInfo();
    have = false;
  };
  while (std::getline(f, line)) {
    if (line.empty()) {
      flush();
      continue;
    }
    size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, colon);
    while (!key.empty() && key.back() == ' ') key.pop_back();
    std::string val = colon + 2 <= line.size() ? line.substr(colon + 2) : "";
    have = true;
    if (key == "name")
      cur.name = val;
    else if (key == "driver")
      cur.driver = val;
    else if (key == "module")
      cur.module = val;
    else if (key == "type")
      cur.type = val;
    else if (key == "selftest")
      cur.selftest = val;
    else if (key == "priority")
      cur.priority = atoi(val.c_str());
    else if (key == "internal")
      cur.internal = val == "yes";
  }
  flush();
  return out;
}

}  // namespace ariasuite::oracles::afalg
