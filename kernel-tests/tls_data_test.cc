// kTLS data path for the ARIA cipher ids (AES-GCM as the control), kernel to kernel over loopback:
// sends and receives of 0, 1, 16383, 16384, 16385 bytes and 1 MiB, many iovecs, MSG_MORE,
// MSG_PEEK, splice and sendfile, non-blocking sockets, poll, shutdown, and record types set with
// the TLS_SET_RECORD_TYPE cmsg and read with TLS_GET_RECORD_TYPE
// (Documentation/networking/tls.rst).
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <vector>

#include "kernel-tests/harness.h"
#include "kernel-tests/tls_require.h"
#include "kernel-tests/tls_uapi.h"
#include "kernel-tests/tls_util.h"

using ktls::Bytes;

FIXTURE(tls) {
  int fd;   // client: TLS_TX and TLS_RX
  int cfd;  // server: TLS_TX and TLS_RX, the mirror of fd
};

FIXTURE_VARIANT(tls) { ktls::Cipher cipher; };

KTLS_ADD_STANDARD_VARIANTS(tls);

FIXTURE_SETUP(tls) {
  ktls::RequirePair(_metadata, &self->fd, &self->cfd);
  ktls::RequireUlp(_metadata, self->fd);
  ktls::RequireUlp(_metadata, self->cfd);
  ktls::Params a = ktls::RandomParams(variant->cipher);
  ktls::Params b = ktls::RandomParams(variant->cipher);
  ktls::RequireCrypto(_metadata, self->fd, ktls::kTlsTx, variant->cipher, a);
  ktls::RequireCrypto(_metadata, self->cfd, ktls::kTlsRx, variant->cipher, a);
  ktls::RequireCrypto(_metadata, self->cfd, ktls::kTlsTx, variant->cipher, b);
  ktls::RequireCrypto(_metadata, self->fd, ktls::kTlsRx, variant->cipher, b);
}

FIXTURE_TEARDOWN(tls) {
  ktls::CloseFd(&self->fd);
  ktls::CloseFd(&self->cfd);
}

namespace {

// Sends len random bytes from one end (a forked writer, so large sends cannot deadlock against a
// full receive buffer) and checks the other end receives exactly them.
std::string RoundTrip(int tx, int rx, size_t len) {
  Bytes data = ktls::RandomVector(len);
  pid_t pid = fork();
  if (pid == 0) {
    std::string e = ktls::WriteFull(tx, data.data(), len, 60000);
    _exit(e.empty() ? 0 : 1);
  }
  Bytes got(len);
  std::string err = ktls::ReadFull(rx, got.data(), len, 60000);
  int status = 0;
  waitpid(pid, &status, 0);
  if (!err.empty()) return "receive: " + err;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return "the writer failed";
  if (len && memcmp(got.data(), data.data(), len) != 0) return "received bytes differ";
  if (ktls::Readable(rx, 0)) return "extra bytes after the message";
  return "";
}

}  // namespace

TEST_F(tls, send_recv_1) { ASSERT_EQ(RoundTrip(self->fd, self->cfd, 1), ""); }
TEST_F(tls, send_recv_16383) { ASSERT_EQ(RoundTrip(self->fd, self->cfd, 16383), ""); }
TEST_F(tls, send_recv_16384) { ASSERT_EQ(RoundTrip(self->fd, self->cfd, 16384), ""); }
TEST_F(tls, send_recv_16385) { ASSERT_EQ(RoundTrip(self->fd, self->cfd, 16385), ""); }
TEST_F_TIMEOUT(tls, send_recv_1mib, 120) { ASSERT_EQ(RoundTrip(self->fd, self->cfd, 1 << 20), ""); }

// The other direction of the same sockets works too (TX of cfd, RX of fd).
TEST_F(tls, reverse_direction) { ASSERT_EQ(RoundTrip(self->cfd, self->fd, 5000), ""); }

// send of 0 bytes returns 0 and puts nothing on the wire that the receiver would see.
TEST_F(tls, send_recv_0) {
  char c = 0;
  EXPECT_EQ(send(self->fd, &c, 0, 0), 0);
  EXPECT_FALSE(ktls::Readable(self->cfd, 200));
  EXPECT_ERRNO(recv(self->cfd, &c, 1, MSG_DONTWAIT), EAGAIN);
  ASSERT_EQ(send(self->fd, "x", 1, 0), 1);
  ASSERT_EQ(recv(self->cfd, &c, 1, 0), 1);
  EXPECT_EQ(c, 'x');
}

// recv with a buffer smaller than the record: the rest comes with the next recv.
TEST_F(tls, recv_partial) {
  Bytes data = ktls::RandomVector(1000);
  ASSERT_EQ(send(self->fd, data.data(), data.size(), 0), 1000);
  Bytes got(1000);
  ASSERT_EQ(recv(self->cfd, got.data(), 10, 0), 10);
  ASSERT_EQ(ktls::ReadFull(self->cfd, got.data() + 10, 990), "");
  EXPECT_MEMEQ(got.data(), data.data(), 1000);
}

// sendmsg with 1024 iovecs of assorted sizes (UIO_MAXIOV), then recvmsg scattering into 300.
TEST_F(tls, many_iovecs) {
  const int kIov = 1024;
  std::vector<size_t> sizes(kIov);
  size_t total = 0;
  Bytes r = ktls::RandomVector(kIov);
  for (int i = 0; i < kIov; ++i) total += sizes[i] = r[i] % 97;  // includes empty iovecs
  Bytes data = ktls::RandomVector(total);
  std::vector<struct iovec> iov(kIov);
  size_t off = 0;
  for (int i = 0; i < kIov; ++i) {
    iov[i] = {data.data() + off, sizes[i]};
    off += sizes[i];
  }
  struct msghdr msg = {};
  msg.msg_iov = iov.data();
  msg.msg_iovlen = kIov;
  ASSERT_EQ(sendmsg(self->fd, &msg, 0), static_cast<ssize_t>(total));
  Bytes got(total);
  const int kOut = 300;
  std::vector<struct iovec> oiov(kOut);
  size_t chunk = total / kOut + 1, pos = 0;
  for (int i = 0; i < kOut; ++i) {
    size_t n = pos + chunk <= total ? chunk : total - pos;
    oiov[i] = {got.data() + pos, n};
    pos += n;
  }
  size_t have = 0;
  while (have < total) {
    // Advance the iovec array past what has arrived.
    std::vector<struct iovec> rest;
    size_t skip = have;
    for (auto& v : oiov) {
      if (skip >= v.iov_len) {
        skip -= v.iov_len;
        continue;
      }
      rest.push_back({static_cast<uint8_t*>(v.iov_base) + skip, v.iov_len - skip});
      skip = 0;
    }
    struct msghdr rm = {};
    rm.msg_iov = rest.data();
    rm.msg_iovlen = rest.size();
    ASSERT_TRUE(ktls::Readable(self->cfd, 20000));
    ssize_t n = recvmsg(self->cfd, &rm, 0);
    ASSERT_GT(n, 0);
    have += static_cast<size_t>(n);
  }
  EXPECT_MEMEQ(got.data(), data.data(), total);
}

// MSG_MORE holds data in an open record: nothing reaches the peer until a send without it, and
// then both parts arrive in one record (one recv returns all of it).
TEST_F(tls, msg_more) {
  ASSERT_EQ(send(self->fd, "hello ", 6, MSG_MORE), 6);
  ASSERT_EQ(send(self->fd, "more ", 5, MSG_MORE), 5);
  EXPECT_FALSE(ktls::Readable(self->cfd, 300));
  ASSERT_EQ(send(self->fd, "world", 5, 0), 5);
  char buf[64] = {};
  ASSERT_TRUE(ktls::Readable(self->cfd, 20000));
  ASSERT_EQ(recv(self->cfd, buf, sizeof(buf), 0), 16);
  EXPECT_MEMEQ(buf, "hello more world", 16);
}

// MSG_PEEK returns the data without consuming it; the next recv returns the same bytes.
TEST_F(tls, msg_peek) {
  ASSERT_EQ(send(self->fd, "peekaboo", 8, 0), 8);
  char a[16] = {}, b[16] = {};
  ASSERT_TRUE(ktls::Readable(self->cfd, 20000));
  ASSERT_EQ(recv(self->cfd, a, sizeof(a), MSG_PEEK), 8);
  ASSERT_EQ(recv(self->cfd, b, sizeof(b), 0), 8);
  EXPECT_MEMEQ(a, "peekaboo", 8);
  EXPECT_MEMEQ(b, "peekaboo", 8);
  EXPECT_ERRNO(recv(self->cfd, a, sizeof(a), MSG_DONTWAIT), EAGAIN);
}

// MSG_PEEK across two records, then MSG_WAITALL reads both.
TEST_F(tls, msg_peek_two_records) {
  ASSERT_EQ(send(self->fd, "first", 5, 0), 5);
  ASSERT_EQ(send(self->fd, "second", 6, 0), 6);
  usleep(100000);
  char buf[32] = {};
  ssize_t n = recv(self->cfd, buf, sizeof(buf), MSG_PEEK);
  ASSERT_GE(n, 5);
  EXPECT_MEMEQ(buf, "firstsecond", static_cast<size_t>(n));
  ASSERT_EQ(recv(self->cfd, buf, 11, MSG_WAITALL), 11);
  EXPECT_MEMEQ(buf, "firstsecond", 11);
}

// splice from a pipe into the TLS socket, and from the TLS socket into a pipe.
TEST_F(tls, splice_to_and_from_pipe) {
  int p[2];
  ASSERT_OK(pipe(p));
  Bytes data = ktls::RandomVector(20000);
  ASSERT_EQ(ktls::WriteFull(p[1], data.data(), 16000), "");  // a pipe holds 64 KiB
  ASSERT_EQ(splice(p[0], nullptr, self->fd, nullptr, 16000, 0), 16000);
  Bytes got(16000);
  ASSERT_EQ(ktls::ReadFull(self->cfd, got.data(), 16000), "");
  EXPECT_MEMEQ(got.data(), data.data(), 16000);

  ASSERT_EQ(send(self->fd, data.data(), 20000, 0), 20000);
  size_t have = 0;
  Bytes out(20000);
  while (have < 20000) {
    ASSERT_TRUE(ktls::Readable(self->cfd, 20000));
    ssize_t n = splice(self->cfd, nullptr, p[1], nullptr, 20000 - have, 0);
    ASSERT_GT(n, 0);
    ASSERT_EQ(ktls::ReadFull(p[0], out.data() + have, static_cast<size_t>(n)), "");
    have += static_cast<size_t>(n);
  }
  EXPECT_MEMEQ(out.data(), data.data(), 20000);
  close(p[0]);
  close(p[1]);
}

// sendfile of a 100 000-byte file (several records) into the TLS socket.
TEST_F(tls, sendfile) {
  char path[] = "/tmp/ariasuite-sendfile-XXXXXX";
  int f = mkstemp(path);
  ASSERT_GE(f, 0);
  unlink(path);
  Bytes data = ktls::RandomVector(100000);
  ASSERT_EQ(ktls::WriteFull(f, data.data(), data.size()), "");
  pid_t pid = fork();
  if (pid == 0) {
    off_t off = 0;
    size_t left = data.size();
    while (left > 0) {
      ssize_t n = ::sendfile(self->fd, f, &off, left);
      if (n <= 0) _exit(1);
      left -= static_cast<size_t>(n);
    }
    _exit(0);
  }
  Bytes got(data.size());
  std::string err = ktls::ReadFull(self->cfd, got.data(), got.size());
  int status;
  waitpid(pid, &status, 0);
  ASSERT_EQ(err, "");
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_MEMEQ(got.data(), data.data(), data.size());
  close(f);
}

// Non-blocking receive: EAGAIN when nothing is there; non-blocking send fills the socket until
// EAGAIN, and everything accepted then arrives intact.
TEST_F_TIMEOUT(tls, nonblocking, 60) {
  ASSERT_OK(fcntl(self->cfd, F_SETFL, O_NONBLOCK));
  ASSERT_OK(fcntl(self->fd, F_SETFL, O_NONBLOCK));
  char c;
  EXPECT_ERRNO(recv(self->cfd, &c, 1, 0), EAGAIN);
  Bytes chunk = ktls::RandomVector(16384);
  Bytes sent;
  bool full = false;
  for (int i = 0; i < 4096 && !full; ++i) {
    chunk[0] = static_cast<uint8_t>(i);
    ssize_t n = send(self->fd, chunk.data(), chunk.size(), 0);
    if (n < 0) {
      ASSERT_EQ(errno, EAGAIN);
      full = true;
    } else {
      sent.insert(sent.end(), chunk.begin(), chunk.begin() + n);
    }
  }
  EXPECT_TRUE(full);
  Bytes got(sent.size());
  ASSERT_EQ(ktls::ReadFull(self->cfd, got.data(), got.size(), 40000), "");
  EXPECT_MEMEQ(got.data(), sent.data(), sent.size());
  EXPECT_ERRNO(recv(self->cfd, &c, 1, 0), EAGAIN);
}

// poll: no POLLIN before a record, POLLIN after, none again once it is read; POLLOUT on TX.
TEST_F(tls, poll) {
  struct pollfd pfd = {self->cfd, POLLIN, 0};
  EXPECT_EQ(::poll(&pfd, 1, 100), 0);
  ASSERT_EQ(send(self->fd, "ping", 4, 0), 4);
  pfd.revents = 0;
  ASSERT_EQ(::poll(&pfd, 1, 20000), 1);
  EXPECT_TRUE(pfd.revents & POLLIN);
  char buf[8];
  ASSERT_EQ(recv(self->cfd, buf, sizeof(buf), 0), 4);
  pfd.revents = 0;
  EXPECT_EQ(::poll(&pfd, 1, 100), 0);
  struct pollfd out = {self->fd, POLLOUT, 0};
  ASSERT_EQ(::poll(&out, 1, 1000), 1);
  EXPECT_TRUE(out.revents & POLLOUT);
}

// shutdown(SHUT_WR) after data: the peer reads the data then end of file, and nothing sent after
// the shutdown ever reaches it. (A plain TCP send after SHUT_WR fails with EPIPE; kTLS in 6.12
// returns the byte count for every cipher, AES included, and drops the record, so only "never
// delivered" is checked.) The other direction still works.
TEST_F(tls, shutdown) {
  ASSERT_EQ(send(self->fd, "bye", 3, 0), 3);
  ASSERT_OK(::shutdown(self->fd, SHUT_WR));
  char buf[8];
  ASSERT_EQ(ktls::ReadFull(self->cfd, buf, 3), "");
  EXPECT_MEMEQ(buf, "bye", 3);
  ASSERT_TRUE(ktls::Readable(self->cfd, 20000));
  EXPECT_EQ(recv(self->cfd, buf, sizeof(buf), 0), 0);
  errno = 0;
  ssize_t n = send(self->fd, "x", 1, MSG_NOSIGNAL);
  if (n != -1)
    TH_LOG("send after SHUT_WR returned %zd (kTLS behaviour, the record is dropped)", n);
  else
    EXPECT_EQ(errno, EPIPE);
  usleep(100000);
  EXPECT_EQ(recv(self->cfd, buf, sizeof(buf), MSG_DONTWAIT), 0);
  ASSERT_EQ(send(self->cfd, "back", 4, 0), 4);
  ASSERT_EQ(ktls::ReadFull(self->fd, buf, 4), "");
  EXPECT_MEMEQ(buf, "back", 4);
}

// The peer closing: recv returns 0 once the pending records are read.
TEST_F(tls, peer_close) {
  ASSERT_EQ(send(self->fd, "last", 4, 0), 4);
  ktls::CloseFd(&self->fd);
  char buf[8];
  ASSERT_EQ(ktls::ReadFull(self->cfd, buf, 4), "");
  ASSERT_TRUE(ktls::Readable(self->cfd, 20000));
  EXPECT_EQ(recv(self->cfd, buf, sizeof(buf), 0), 0);
}

// A handshake record (22) sent with TLS_SET_RECORD_TYPE comes back with TLS_GET_RECORD_TYPE 22;
// a data record read with a cmsg buffer reports 23.
TEST_F(tls, record_type_cmsg) {
  ASSERT_EQ(ktls::SendTyped(self->fd, ktls::kTypeHandshake, "hs-msg", 6), 6);
  char buf[32];
  uint8_t type;
  ASSERT_TRUE(ktls::Readable(self->cfd, 20000));
  ASSERT_EQ(ktls::RecvTyped(self->cfd, buf, sizeof(buf), &type), 6);
  EXPECT_EQ(type, ktls::kTypeHandshake);
  EXPECT_MEMEQ(buf, "hs-msg", 6);
  ASSERT_EQ(send(self->fd, "data", 4, 0), 4);
  ASSERT_TRUE(ktls::Readable(self->cfd, 20000));
  ASSERT_EQ(ktls::RecvTyped(self->cfd, buf, sizeof(buf), &type), 4);
  EXPECT_EQ(type, ktls::kTypeApplicationData);
}

// Without a cmsg buffer a control record is an error (EIO), and it stays queued: a recvmsg with
// the buffer then gets it. A recvmsg never merges records of different types.
TEST_F(tls, record_type_without_cmsg_buffer) {
  ASSERT_EQ(send(self->fd, "data1", 5, 0), 5);
  ASSERT_EQ(ktls::SendTyped(self->fd, ktls::kTypeAlert, "\x01\x00", 2), 2);
  usleep(100000);
  char buf[32];
  uint8_t type;
  ASSERT_EQ(ktls::RecvTyped(self->cfd, buf, sizeof(buf), &type), 5);  // stops at the type change
  EXPECT_EQ(type, ktls::kTypeApplicationData);
  EXPECT_MEMEQ(buf, "data1", 5);
  EXPECT_ERRNO(recv(self->cfd, buf, sizeof(buf), 0), EIO);
  ASSERT_EQ(ktls::RecvTyped(self->cfd, buf, sizeof(buf), &type), 2);
  EXPECT_EQ(type, ktls::kTypeAlert);
  EXPECT_MEMEQ(buf, "\x01\x00", 2);
}

// A record type cmsg with MSG_MORE pending closes the open data record first: two records.
TEST_F(tls, record_type_after_msg_more) {
  ASSERT_EQ(send(self->fd, "part", 4, MSG_MORE), 4);
  ASSERT_EQ(ktls::SendTyped(self->fd, ktls::kTypeHandshake, "hs", 2), 2);
  char buf[32];
  uint8_t type;
  ASSERT_TRUE(ktls::Readable(self->cfd, 20000));
  ASSERT_EQ(ktls::RecvTyped(self->cfd, buf, sizeof(buf), &type), 4);
  EXPECT_EQ(type, ktls::kTypeApplicationData);
  ASSERT_TRUE(ktls::Readable(self->cfd, 20000));
  ASSERT_EQ(ktls::RecvTyped(self->cfd, buf, sizeof(buf), &type), 2);
  EXPECT_EQ(type, ktls::kTypeHandshake);
}

KTEST_MAIN()
