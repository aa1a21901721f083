// Socket plumbing for the kTLS tests (see tls_util.h).
#include "kernel-tests/tls_util.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>

namespace ktls {
namespace {

long NowMs() {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

std::string Errno(const char* what) {
  return std::string(what) + ": " + strerrorname_np(errno) + " (" + strerror(errno) + ")";
}

}  // namespace

void RandomBytes(void* buf, size_t len) {
  uint8_t* p = static_cast<uint8_t*>(buf);
  while (len > 0) {
    ssize_t n = getrandom(p, len, 0);
    if (n <= 0) {
      if (n < 0 && errno == EINTR) continue;
      perror("getrandom");
      _exit(1);
    }
    p += n;
    len -= static_cast<size_t>(n);
  }
}

Bytes RandomVector(size_t len) {
  Bytes v(len);
  if (len) RandomBytes(v.data(), len);
  return v;
}

Params RandomParams(const Cipher& c) {
  Params p;
  p.cipher = c.id;
  p.key = RandomVector(c.key_len);
  RandomBytes(p.iv, sizeof(p.iv));
  RandomBytes(p.salt, sizeof(p.salt));
  return p;
}

Bytes EncodeCryptoInfo(const Params& p) {
  // Layout: include/uapi/linux/tls.h, see tls_uapi.h.
  Bytes out(4 + kIvSize + p.key.size() + kSaltSize + kRecSeqSize);
  memcpy(out.data(), &p.version, 2);
  memcpy(out.data() + 2, &p.cipher, 2);
  size_t off = 4;
  memcpy(out.data() + off, p.iv, kIvSize);
  off += kIvSize;
  if (!p.key.empty()) memcpy(out.data() + off, p.key.data(), p.key.size());
  off += p.key.size();
  memcpy(out.data() + off, p.salt, kSaltSize);
  off += kSaltSize;
  memcpy(out.data() + off, p.rec_seq, kRecSeqSize);
  return out;
}

std::string TcpPair(int* client, int* server) {
  *client = *server = -1;
  int lfd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (lfd < 0) return Errno("socket");
  struct sockaddr_in addr = {};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t alen = sizeof(addr);
  std::string err;
  if (bind(lfd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0) {
    err = Errno("bind 127.0.0.1:0");
  } else if (listen(lfd, 4) != 0) {
    err = Errno("listen");
  } else if (getsockname(lfd, reinterpret_cast<sockaddr*>(&addr), &alen) != 0) {
    err = Errno("getsockname");
  } else {
    *client = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (*client < 0) {
      err = Errno("socket");
    } else if (connect(*client, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0) {
      err = Errno("connect to loopback (is lo up?)");
    } else {
      *server = accept4(lfd, nullptr, nullptr, SOCK_CLOEXEC);
      if (*server < 0) err = Errno("accept");
    }
  }
  close(lfd);
  if (!err.empty()) {
    if (*client >= 0) close(*client);
    *client = *server = -1;
  }
  return err;
}

int AttachUlp(int fd) { return setsockopt(fd, IPPROTO_TCP, kTcpUlp, "tls", 3) == 0 ? 0 : errno; }

int SetCrypto(int fd, int direction, const Params& p) {
  Bytes info = EncodeCryptoInfo(p);
  return setsockopt(fd, kSolTls, direction, info.data(), static_cast<socklen_t>(info.size())) == 0
             ? 0
             : errno;
}

std::string ReadFull(int fd, void* buf, size_t len, int timeout_ms) {
  uint8_t* p = static_cast<uint8_t*>(buf);
  size_t got = 0;
  long deadline = NowMs() + timeout_ms;
  while (got < len) {
    long left = deadline - NowMs();
    if (left <= 0) return "timeout after " + std::to_string(got) + " of " + std::to_string(len);
    struct pollfd pfd = {fd, POLLIN, 0};
    int pr = poll(&pfd, 1, static_cast<int>(left));
    if (pr < 0 && errno == EINTR) continue;
    if (pr < 0) return Errno("poll");
    if (pr == 0) continue;
    ssize_t n = recv(fd, p + got, len - got, MSG_DONTWAIT);
    if (n < 0 && errno == ENOTSOCK) n = read(fd, p + got, len - got);  // pipe or file
    if (n < 0) {
      if (errno == EAGAIN || errno == EINTR) continue;
      return Errno("recv") + " after " + std::to_string(got) + " of " + std::to_string(len);
    }
    if (n == 0) return "EOF after " + std::to_string(got) + " of " + std::to_string(len);
    got += static_cast<size_t>(n);
  }
  return "";
}

std::string WriteFull(int fd, const void* buf, size_t len, int timeout_ms) {
  const uint8_t* p = static_cast<const uint8_t*>(buf);
  size_t done = 0;
  long deadline = NowMs() + timeout_ms;
  while (done < len) {
    long left = deadline - NowMs();
    if (left <= 0) return "timeout after " + std::to_string(done) + " of " + std::to_string(len);
    struct pollfd pfd = {fd, POLLOUT, 0};
    int pr = poll(&pfd, 1, static_cast<int>(left));
    if (pr < 0 && errno == EINTR) continue;
    if (pr < 0) return Errno("poll");
    if (pr == 0) continue;
    ssize_t n = send(fd, p + done, len - done, MSG_DONTWAIT | MSG_NOSIGNAL);
    if (n < 0 && errno == ENOTSOCK) n = write(fd, p + done, len - done);  // pipe or file
    if (n < 0) {
      if (errno == EAGAIN || errno == EINTR) continue;
      return Errno("send") + " after " + std::to_string(done) + " of " + std::to_string(len);
    }
    done += static_cast<size_t>(n);
  }
  return "";
}

std::string ReadRecord(int fd, Bytes* record, int timeout_ms) {
  record->assign(kHeaderSize, 0);
  std::string err = ReadFull(fd, record->data(), kHeaderSize, timeout_ms);
  if (!err.empty()) return "record header: " + err;
  size_t len = (static_cast<size_t>((*record)[3]) << 8) | (*record)[4];
  record->resize(kHeaderSize + len);
  err = ReadFull(fd, record->data() + kHeaderSize, len, timeout_ms);
  if (!err.empty()) return "record body: " + err;
  return "";
}

bool Readable(int fd, int timeout_ms) {
  struct pollfd pfd = {fd, POLLIN, 0};
  return poll(&pfd, 1, timeout_ms) == 1 && (pfd.revents & POLLIN);
}

uint64_t Be64(const uint8_t* p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | p[i];
  return v;
}

void PutBe64(uint8_t* p, uint64_t v) {
  for (int i = 7; i >= 0; --i) {
    p[i] = static_cast<uint8_t>(v);
    v >>= 8;
  }
}

int KernelVersion() {
  struct utsname u;
  int major = 0, minor = 0;
  if (uname(&u) != 0 || sscanf(u.release, "%d.%d", &major, &minor) != 2) return 0;
  return major * 1000 + minor;
}

std::string MissingSupport(const Cipher& c, int err) {
  if (err == ENOENT) {
    return std::string("the crypto API has no ") + c.aead +
           " (TLS_TX/TLS_RX gave ENOENT: cipher module not loaded or not configured)";
  }
  int v = KernelVersion();
  if (err == EINVAL && (c.id == kCipherAriaGcm128 || c.id == kCipherAriaGcm256) && v > 0 &&
      v < 6001) {
    return "kernel " + std::to_string(v / 1000) + "." + std::to_string(v % 1000) +
           " predates kTLS ARIA-GCM (cipher ids 57/58 appeared in Linux 6.1): EINVAL";
  }
  return "";
}

namespace {

// A msghdr over one buffer with room for one 1-byte cmsg (the TLS record type).
struct TypedMsg {
  TypedMsg(void* buf, size_t len) : iov{buf, len} {
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = sizeof(control);
  }
  char control[CMSG_SPACE(1)] = {};
  struct iovec iov;
  struct msghdr msg = {};
};

}  // namespace

ssize_t SendTyped(int fd, uint8_t type, const void* data, size_t len) {
  TypedMsg m(const_cast<void*>(data), len);
  struct cmsghdr* c = CMSG_FIRSTHDR(&m.msg);
  c->cmsg_level = kSolTls;
  c->cmsg_type = kTlsSetRecordType;
  c->cmsg_len = CMSG_LEN(1);
  *CMSG_DATA(c) = type;
  return sendmsg(fd, &m.msg, 0);
}

ssize_t RecvTyped(int fd, void* buf, size_t len, uint8_t* type, int flags) {
  TypedMsg m(buf, len);
  const ssize_t n = recvmsg(fd, &m.msg, flags);
  *type = 0;
  for (struct cmsghdr* c = CMSG_FIRSTHDR(&m.msg); n >= 0 && c; c = CMSG_NXTHDR(&m.msg, c)) {
    if (c->cmsg_level == kSolTls && c->cmsg_type == kTlsGetRecordType) *type = *CMSG_DATA(c);
  }
  return n;
}

}  // namespace ktls
