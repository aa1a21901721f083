// kTLS receive error paths for the ARIA cipher ids (AES-GCM as the control; the kernel's own
// tools/testing/selftests/net/tls.c covers these for AES only). Records come from a kernel TX
// socket, are read raw by a peer without the ULP, altered, and written raw into a kernel RX
// socket with the same keys. Expected errors (Documentation/networking/tls.rst "Receiving TLS
// application data", net/tls/tls_sw.c tls_rx_msg_size):
//   bad tag, modified ciphertext / nonce / header type, replayed or reordered record: EBADMSG
//   length field below explicit nonce + tag (a truncated record): EBADMSG
//   record version other than 3,3: EINVAL
//   length field above 2^14 + explicit nonce + tag (oversized): EMSGSIZE
// and afterwards the connection is broken: no later recv returns data, even when valid records
// follow (each later recv fails or reports EAGAIN / end of file). Also the 64-bit sequence number
// wrap on both sides (RFC 5246 §6.1: a sequence number may not exceed 2^64-1), with records for
// the receive side sealed in user space (impl/tls12_record for ARIA, impl's test-only AES-GCM
// for the control): on receive, the wrap is a one-time EBADMSG socket error, not a broken socket.
#include <errno.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

#include "kernel-tests/harness.h"
#include "kernel-tests/ktls_fuzz_check.h"
#include "kernel-tests/tls_require.h"
#include "kernel-tests/tls_uapi.h"
#include "kernel-tests/tls_util.h"

using ktls::Bytes;

FIXTURE(tls_err) {
  int tx;       // kernel TLS_TX
  int raw_in;   // peer of tx, plain TCP: reads the records as bytes
  int raw_out;  // plain TCP: writes (altered) records
  int rx;       // peer of raw_out, kernel TLS_RX with the same parameters as tx
};

FIXTURE_VARIANT(tls_err) { ktls::Cipher cipher; };

KTLS_ADD_STANDARD_VARIANTS(tls_err);

FIXTURE_SETUP(tls_err) {
  ktls::RequirePair(_metadata, &self->tx, &self->raw_in);
  ktls::RequirePair(_metadata, &self->raw_out, &self->rx);
  ktls::RequireUlp(_metadata, self->tx);
  ktls::RequireUlp(_metadata, self->rx);
  ktls::Params p = ktls::RandomParams(variant->cipher);
  ktls::RequireCrypto(_metadata, self->tx, ktls::kTlsTx, variant->cipher, p);
  ktls::RequireCrypto(_metadata, self->rx, ktls::kTlsRx, variant->cipher, p);
}

FIXTURE_TEARDOWN(tls_err) {
  ktls::CloseFd(&self->tx);
  ktls::CloseFd(&self->raw_in);
  ktls::CloseFd(&self->raw_out);
  ktls::CloseFd(&self->rx);
}

namespace {

// Has the kernel TX socket seal `len` bytes of `fill` as one record and returns it raw.
Bytes MakeRecord(ktest::Metadata* _metadata, int tx, int raw_in, size_t len, uint8_t fill) {
  Bytes data(len, fill);
  ASSERT_EQ(send(tx, data.data(), len, 0), static_cast<ssize_t>(len));
  Bytes rec;
  std::string err = ktls::ReadRecord(raw_in, &rec);
  ASSERT_EQ(err, "");
  ASSERT_EQ(rec.size(), ktls::kHeaderSize + ktls::kIvSize + len + ktls::kTagSize);
  return rec;
}

// Writes raw bytes into the RX socket's peer.
void Inject(ktest::Metadata* _metadata, int raw_out, const Bytes& b) {
  ASSERT_EQ(ktls::WriteFull(raw_out, b.data(), b.size()), "");
}

// recv on the RX socket after the records are in: -1 with errno (0 if data came: *n > 0).
int RecvErr(int rx, ssize_t* n) {
  char buf[20000];
  ktls::Readable(rx, 5000);
  *n = recv(rx, buf, sizeof(buf), 0);
  return *n < 0 ? errno : 0;
}

// After an error the connection must give no more data: several non-blocking reads, each an
// error, EAGAIN or end of file, never bytes.
void ExpectBroken(ktest::Metadata* _metadata, int rx) {
  char buf[20000];
  for (int i = 0; i < 3; ++i) {
    ktls::Readable(rx, 200);
    ssize_t n = recv(rx, buf, sizeof(buf), MSG_DONTWAIT);
    if (n > 0) TH_LOG("read %d after the error returned %zd bytes of data", i, n);
    EXPECT_LE(n, 0);
  }
}

}  // namespace

// The relay itself is sound: unaltered records decrypt in order.
TEST_F(tls_err, relay_unaltered) {
  Bytes a = MakeRecord(_metadata, self->tx, self->raw_in, 100, 'a');
  Bytes b = MakeRecord(_metadata, self->tx, self->raw_in, 16384, 'b');
  Inject(_metadata, self->raw_out, a);
  Inject(_metadata, self->raw_out, b);
  Bytes got(16484);
  ASSERT_EQ(ktls::ReadFull(self->rx, got.data(), got.size()), "");
  EXPECT_EQ(got[0], 'a');
  EXPECT_EQ(got[99], 'a');
  EXPECT_EQ(got[100], 'b');
  EXPECT_EQ(got[16483], 'b');
}

namespace {

// Alters one byte of the first record at `offset` (from the start of the record), injects it and
// a valid second record, and checks the first recv fails with `want` and the socket stays broken.
void FlipAndExpect(ktest::Metadata* _metadata, tls_err_fixture* self, long offset, int want) {
  Bytes a = MakeRecord(_metadata, self->tx, self->raw_in, 300, 'a');
  Bytes b = MakeRecord(_metadata, self->tx, self->raw_in, 300, 'b');
  size_t at = offset >= 0 ? static_cast<size_t>(offset) : a.size() + offset;
  a[at] ^= 0x01;
  Inject(_metadata, self->raw_out, a);
  Inject(_metadata, self->raw_out, b);
  ssize_t n;
  int e = RecvErr(self->rx, &n);
  if (e != want) TH_LOG("first recv: %zd, errno %s", n, e ? strerrorname_np(e) : "none");
  EXPECT_EQ(e, want);
  ExpectBroken(_metadata, self->rx);
}

}  // namespace

TEST_F(tls_err, bad_tag) { FlipAndExpect(_metadata, self, -1, EBADMSG); }
TEST_F(tls_err, bad_tag_first_byte) { FlipAndExpect(_metadata, self, -16, EBADMSG); }
TEST_F(tls_err, modified_ciphertext) {
  FlipAndExpect(_metadata, self, ktls::kHeaderSize + ktls::kIvSize + 150, EBADMSG);
}
TEST_F(tls_err, modified_explicit_nonce) { FlipAndExpect(_metadata, self, 5, EBADMSG); }
// The record type is in the AAD (RFC 5246 §6.2.3.3): 23 -> 22 must not authenticate.
TEST_F(tls_err, modified_record_type) { FlipAndExpect(_metadata, self, 0, EBADMSG); }

// A replayed record: the sequence number in the AAD makes the second copy fail.
TEST_F(tls_err, replayed_record) {
  Bytes a = MakeRecord(_metadata, self->tx, self->raw_in, 50, 'a');
  Inject(_metadata, self->raw_out, a);
  Inject(_metadata, self->raw_out, a);
  char buf[100];
  ASSERT_EQ(ktls::ReadFull(self->rx, buf, 50), "");
  ssize_t n;
  EXPECT_EQ(RecvErr(self->rx, &n), EBADMSG);
  ExpectBroken(_metadata, self->rx);
}

// Two records swapped: the first one received has the wrong sequence number.
TEST_F(tls_err, reordered_records) {
  Bytes a = MakeRecord(_metadata, self->tx, self->raw_in, 50, 'a');
  Bytes b = MakeRecord(_metadata, self->tx, self->raw_in, 50, 'b');
  Inject(_metadata, self->raw_out, b);
  Inject(_metadata, self->raw_out, a);
  ssize_t n;
  EXPECT_EQ(RecvErr(self->rx, &n), EBADMSG);
  ExpectBroken(_metadata, self->rx);
}

// A record version other than 3,3 (here 3,1): EINVAL.
TEST_F(tls_err, wrong_record_version) {
  Bytes a = MakeRecord(_metadata, self->tx, self->raw_in, 64, 'a');
  a[2] = 0x01;
  Inject(_metadata, self->raw_out, a);
  ssize_t n;
  EXPECT_EQ(RecvErr(self->rx, &n), EINVAL);
  ExpectBroken(_metadata, self->rx);
}

// Version 3,4 in the record header is wrong for TLS 1.2 too (TLS 1.3 also writes 3,3 there).
TEST_F(tls_err, record_version_3_4) {
  Bytes a = MakeRecord(_metadata, self->tx, self->raw_in, 64, 'a');
  a[2] = 0x04;
  Inject(_metadata, self->raw_out, a);
  ssize_t n;
  EXPECT_EQ(RecvErr(self->rx, &n), EINVAL);
}

// A length field larger than 2^14 + 8 + 16: EMSGSIZE, before any byte of the body is needed.
TEST_F(tls_err, oversized_record) {
  size_t len = ktls::kMaxPayload + ktls::kIvSize + ktls::kTagSize + 1;
  Bytes rec(ktls::kHeaderSize + 64, 0x5A);
  rec[0] = ktls::kTypeApplicationData;
  rec[1] = 3;
  rec[2] = 3;
  rec[3] = static_cast<uint8_t>(len >> 8);
  rec[4] = static_cast<uint8_t>(len);
  Inject(_metadata, self->raw_out, rec);
  ssize_t n;
  EXPECT_EQ(RecvErr(self->rx, &n), EMSGSIZE);
  ExpectBroken(_metadata, self->rx);
}

// The largest legal record (2^14 bytes of plaintext, from the kernel TX) is accepted: the
// EMSGSIZE limit is exactly at +1.
TEST_F(tls_err, largest_record_accepted) {
  Bytes a = MakeRecord(_metadata, self->tx, self->raw_in, ktls::kMaxPayload, 'm');
  Inject(_metadata, self->raw_out, a);
  Bytes got(ktls::kMaxPayload);
  ASSERT_EQ(ktls::ReadFull(self->rx, got.data(), got.size()), "");
  EXPECT_EQ(got[ktls::kMaxPayload - 1], 'm');
}

// A length field shorter than explicit nonce + tag (24): EBADMSG.
TEST_F(tls_err, truncated_length_field) {
  Bytes a = MakeRecord(_metadata, self->tx, self->raw_in, 64, 'a');
  size_t len = ktls::kIvSize + ktls::kTagSize - 1;
  a[3] = static_cast<uint8_t>(len >> 8);
  a[4] = static_cast<uint8_t>(len);
  a.resize(ktls::kHeaderSize + len);
  Inject(_metadata, self->raw_out, a);
  ssize_t n;
  EXPECT_EQ(RecvErr(self->rx, &n), EBADMSG);
  ExpectBroken(_metadata, self->rx);
}

// A record whose length field was shortened (the body cut, the header made consistent with it):
// the tag is then taken from ciphertext bytes and fails, EBADMSG.
TEST_F(tls_err, truncated_record_consistent_header) {
  Bytes a = MakeRecord(_metadata, self->tx, self->raw_in, 64, 'a');
  size_t len = a.size() - ktls::kHeaderSize - 1;
  a[3] = static_cast<uint8_t>(len >> 8);
  a[4] = static_cast<uint8_t>(len);
  a.pop_back();
  Inject(_metadata, self->raw_out, a);
  ssize_t n;
  EXPECT_EQ(RecvErr(self->rx, &n), EBADMSG);
  ExpectBroken(_metadata, self->rx);
}

// A record cut short by the end of the stream (the peer shuts down mid-record): no data is ever
// returned; recv reports end of file (0) or an error, never the partial plaintext.
TEST_F(tls_err, truncated_by_eof) {
  Bytes a = MakeRecord(_metadata, self->tx, self->raw_in, 64, 'a');
  a.resize(a.size() - 10);
  Inject(_metadata, self->raw_out, a);
  ASSERT_OK(::shutdown(self->raw_out, SHUT_WR));
  char buf[128];
  ASSERT_TRUE(ktls::Readable(self->rx, 5000));
  ssize_t n = recv(self->rx, buf, sizeof(buf), MSG_DONTWAIT);
  if (n < 0) TH_LOG("recv after a truncated record and EOF: %s", strerrorname_np(errno));
  EXPECT_LE(n, 0);
  ExpectBroken(_metadata, self->rx);
}

// A partial record yields no data: a non-blocking recv is EAGAIN until its last byte arrives,
// then the whole record decrypts. (Linux 6.12 also keeps poll quiet meanwhile; 6.1 reports
// POLLIN for a partial record, for AES too, so poll is only logged.)
TEST_F(tls_err, partial_record_gives_no_data) {
  Bytes a = MakeRecord(_metadata, self->tx, self->raw_in, 1000, 'p');
  Bytes head(a.begin(), a.begin() + 500);
  Bytes tail(a.begin() + 500, a.end());
  Inject(_metadata, self->raw_out, head);
  if (ktls::Readable(self->rx, 300)) TH_LOG("poll reports POLLIN for half a record");
  char c;
  EXPECT_ERRNO(recv(self->rx, &c, 1, MSG_DONTWAIT), EAGAIN);
  Inject(_metadata, self->raw_out, tail);
  Bytes got(1000);
  ASSERT_EQ(ktls::ReadFull(self->rx, got.data(), got.size()), "");
  EXPECT_EQ(got[999], 'p');
}

// Garbage instead of a record (random bytes with a valid-looking header): EBADMSG.
TEST_F(tls_err, random_record) {
  Bytes rec = ktls::RandomVector(ktls::kHeaderSize + 200);
  rec[0] = ktls::kTypeApplicationData;
  rec[1] = 3;
  rec[2] = 3;
  rec[3] = 0;
  rec[4] = 200;
  Inject(_metadata, self->raw_out, rec);
  ssize_t n;
  EXPECT_EQ(RecvErr(self->rx, &n), EBADMSG);
  ExpectBroken(_metadata, self->rx);
}

namespace {

// A TLS 1.2 GCM record sealed in user space by the kTLS fuzzer's reference (ktls_fuzz_check.h):
// ARIA through impl/tls12_record (the code under cross-check), AES through impl's AES-GCM control
// with the same record layout.
Bytes SealRecord(ktest::Metadata* _metadata, const ktls::Cipher& c, const ktls::Params& p,
                 uint64_t seq, const Bytes& pt) {
  ktls_fuzz::RecordCipher cipher;
  ASSERT_TRUE(cipher.Init(c.id != ktls::kCipherAesGcm128, p.key.data(), p.key.size(), p.salt));
  Bytes rec = cipher.Seal(seq, ktls::kTypeApplicationData, seq ^ 0x5a5a5a5a5a5a5a5aULL, pt.data(),
                          pt.size());
  ASSERT_FALSE(rec.empty());
  return rec;
}

// Steps on a kernel RX socket, each appended to a trace ("recv 40; poll POLLERR; recv -1 EBADMSG")
// so that two ciphers' runs of the same steps can be compared.
class RxSteps {
 public:
  explicit RxSteps(int fd) : fd_(fd) {}

  // Waits up to 300 ms for data, then recv(MSG_DONTWAIT) into *out: the byte count, or -1 with
  // the errno in *err.
  ssize_t Recv(Bytes* out, int* err) {
    ktls::Readable(fd_, 300);
    out->assign(200, 0);
    errno = 0;
    ssize_t n = recv(fd_, out->data(), out->size(), MSG_DONTWAIT);
    *err = n < 0 ? errno : 0;
    out->resize(n > 0 ? static_cast<size_t>(n) : 0);
    Add("recv " + std::to_string(n) + (n < 0 ? std::string(" ") + strerrorname_np(*err) : ""));
    return n;
  }

  // poll(POLLIN) with a 100 ms timeout: the revents.
  short Poll() {
    struct pollfd pfd = {fd_, POLLIN, 0};
    poll(&pfd, 1, 100);
    std::string names;
    if (pfd.revents & POLLIN) names += " POLLIN";
    if (pfd.revents & POLLERR) names += " POLLERR";
    if (pfd.revents & POLLHUP) names += " POLLHUP";
    Add("poll" + (names.empty() ? std::string(" none") : names));
    return pfd.revents;
  }

  // getsockopt(SO_ERROR), which also clears the socket's pending error: the value, -1 if the
  // call failed.
  int SoError() {
    int v = -1;
    socklen_t len = sizeof(v);
    if (getsockopt(fd_, SOL_SOCKET, SO_ERROR, &v, &len) != 0) v = -1;
    Add("SO_ERROR " + (v > 0 ? std::string(strerrorname_np(v)) : std::to_string(v)));
    return v;
  }

  void Note(const std::string& s) { Add(s); }
  const std::string& trace() const { return trace_; }

 private:
  void Add(const std::string& s) { trace_ += (trace_.empty() ? "" : "; ") + s; }
  int fd_;
  std::string trace_;
};

// A kernel RX socket for cipher c whose receive counter starts at 2^64 - 2, with the plain TCP
// peer that feeds it records sealed in user space.
struct WrapRx {
  int raw_out = -1;
  int rx = -1;
  ktls::Params p;
  ~WrapRx() {
    ktls::CloseFd(&raw_out);
    ktls::CloseFd(&rx);
  }
};

void OpenWrapRx(ktest::Metadata* _metadata, const ktls::Cipher& c, WrapRx* w) {
  ktls::RequirePair(_metadata, &w->raw_out, &w->rx);
  ktls::RequireUlp(_metadata, w->rx);
  w->p = ktls::RandomParams(c);
  ktls::PutBe64(w->p.rec_seq, ~0ULL - 1);
  ktls::RequireCrypto(_metadata, w->rx, ktls::kTlsRx, c, w->p);
}

// Writes the records sealed with cipher c and these sequence numbers (40 random bytes each) in
// one write; returns their plaintexts, concatenated.
Bytes Feed(ktest::Metadata* _metadata, const ktls::Cipher& c, const WrapRx& w,
           std::initializer_list<uint64_t> seqs) {
  Bytes wire, plain;
  for (uint64_t seq : seqs) {
    Bytes data = ktls::RandomVector(40);
    Bytes rec = SealRecord(_metadata, c, w.p, seq, data);
    wire.insert(wire.end(), rec.begin(), rec.end());
    plain.insert(plain.end(), data.begin(), data.end());
  }
  EXPECT_EQ(ktls::WriteFull(w.raw_out, wire.data(), wire.size()), "");
  return plain;
}

// Decrypting the record numbered 2^64-1 wraps the receive counter; the kernel then sets the
// socket error to EBADMSG (net/tls/tls.h tls_advance_record_sn -> tls_sw.c tls_err_abort) but
// hands out that record's data. Records are read one at a time here: 2^64-2 and 2^64-1 come out,
// poll reports POLLERR without POLLIN, the next recv fails with EBADMSG, which consumes the error
// (sock_error): SO_ERROR is 0 and a further recv gives EAGAIN. Finally a record sealed with
// sequence number 0, what the wrapped counter expects, is written and the result recorded in the
// trace (Linux 6.12 decrypts it; RFC 5246 §6.1 says sequence numbers do not wrap, and it is user
// space that must close the connection on the EBADMSG).
std::string RxWrapDrained(ktest::Metadata* _metadata, const ktls::Cipher& c) {
  WrapRx w;
  OpenWrapRx(_metadata, c, &w);
  RxSteps s(w.rx);
  Bytes got;
  int err;
  for (uint64_t seq : {~0ULL - 1, ~0ULL}) {
    Bytes sent = Feed(_metadata, c, w, {seq});
    EXPECT_EQ(s.Recv(&got, &err), 40);
    EXPECT_EQ(err, 0);
    if (got.size() == sent.size()) EXPECT_MEMEQ(got.data(), sent.data(), sent.size());
  }
  short ev = s.Poll();
  EXPECT_TRUE(ev & POLLERR);
  EXPECT_FALSE(ev & POLLIN);
  EXPECT_EQ(s.Recv(&got, &err), -1);
  EXPECT_EQ(err, EBADMSG);
  EXPECT_EQ(s.SoError(), 0);
  EXPECT_EQ(s.Recv(&got, &err), -1);
  EXPECT_EQ(err, EAGAIN);
  Bytes sent = Feed(_metadata, c, w, {0});
  ssize_t n = s.Recv(&got, &err);
  if (n == 40 && got == sent) s.Note("the record sealed with sequence number 0 decrypted");
  return s.trace();
}

// The record numbered 2^64-1 and one sealed with sequence number 0 are queued together before a
// recv asks for more than one record's worth. Returns the trace; *both: the recv returned the
// data of both records (the one sealed after the wrap before any error). The EBADMSG must be
// pending afterwards (SO_ERROR, which consumes it; then recv gives EAGAIN).
std::string RxWrapQueued(ktest::Metadata* _metadata, const ktls::Cipher& c, bool* both) {
  WrapRx w;
  OpenWrapRx(_metadata, c, &w);
  RxSteps s(w.rx);
  Bytes got;
  int err;
  Bytes first = Feed(_metadata, c, w, {~0ULL - 1});
  EXPECT_EQ(s.Recv(&got, &err), 40);
  EXPECT_TRUE(got == first);
  Bytes sent = Feed(_metadata, c, w, {~0ULL, 0});
  usleep(100 * 1000);  // both records in the receive queue before the recv
  ssize_t n = s.Recv(&got, &err);
  *both = n == 80 && got == sent;
  if (*both) s.Note("both records' data");
  if (!*both) {
    EXPECT_EQ(n, 40);
    if (n == 40) EXPECT_MEMEQ(got.data(), sent.data(), 40);
  }
  EXPECT_EQ(s.SoError(), EBADMSG);
  EXPECT_EQ(s.Recv(&got, &err), -1);
  EXPECT_EQ(err, EAGAIN);
  return s.trace();
}

const ktls::Cipher kAesControl = {ktls::kCipherAesGcm128, 16, "gcm(aes)"};

}  // namespace

// TX from 2^64 - 3: at most the records up to 2^64-1 reach the wire (Linux 6.12 stops one
// earlier: it drops the record numbered 2^64-1 when its counter wraps), and every send whose
// record is not on the wire fails with EBADMSG.
TEST_F(tls_err, tx_seq_wrap) {
  int tx, raw_in;
  ktls::RequirePair(_metadata, &tx, &raw_in);
  ktls::RequireUlp(_metadata, tx);
  ktls::Params p = ktls::RandomParams(variant->cipher);
  ktls::PutBe64(p.rec_seq, ~0ULL - 2);
  ktls::RequireCrypto(_metadata, tx, ktls::kTlsTx, variant->cipher, p);
  std::vector<ssize_t> rets;
  std::vector<int> errs;
  for (int i = 0; i < 5; ++i) {
    errno = 0;
    rets.push_back(send(tx, "0123456789", 10, MSG_NOSIGNAL));
    errs.push_back(errno);
  }
  int records = 0;
  while (ktls::Readable(raw_in, 300)) {
    Bytes rec;
    ASSERT_EQ(ktls::ReadRecord(raw_in, &rec), "");
    ++records;
  }
  TH_LOG("%d records on the wire", records);
  EXPECT_GE(records, 2);
  EXPECT_LE(records, 3);
  for (size_t i = 0; i < rets.size(); ++i) {
    if (static_cast<int>(i) < records) {
      EXPECT_EQ(rets[i], 10);
    } else {
      EXPECT_EQ(rets[i], -1);
      EXPECT_EQ(errs[i], EBADMSG);
    }
  }
  close(tx);
  close(raw_in);
}

// RX from 2^64 - 2, records read one at a time (RxWrapDrained): the wrap is reported as EBADMSG,
// once. The ARIA variants also run the same steps with AES-GCM and must leave the same trace.
TEST_F(tls_err, rx_seq_wrap) {
  std::string trace = RxWrapDrained(_metadata, variant->cipher);
  TH_LOG("%s: %s", variant->cipher.aead, trace.c_str());
  if (variant->cipher.id == ktls::kCipherAesGcm128) return;
  std::string control = RxWrapDrained(_metadata, kAesControl);
  if (trace != control) TH_LOG("AES-GCM control: %s", control.c_str());
  EXPECT_EQ(trace, control);
}

// RX from 2^64 - 2 with the record numbered 2^64-1 and one sealed with sequence number 0 queued
// together (RxWrapQueued). Linux 6.12 returns both records' data from one recv and reports the
// EBADMSG only afterwards: tls_rx_rec_wait looks at sk_err only when no record is ready, so user
// space cannot tell the bytes decrypted after the wrap (RFC 5246 §6.1: sequence numbers do not
// wrap) from those before it. That is kTLS core behaviour: a TODO known issue when the AES-GCM
// control does the same, a failure when this cipher differs from it.
TEST_F(tls_err, rx_seq_wrap_queued) {
  bool both = false;
  std::string trace = RxWrapQueued(_metadata, variant->cipher, &both);
  TH_LOG("%s: %s", variant->cipher.aead, trace.c_str());
  bool control_both = both;
  if (variant->cipher.id != ktls::kCipherAesGcm128) {
    std::string control = RxWrapQueued(_metadata, kAesControl, &control_both);
    if (trace != control) TH_LOG("AES-GCM control: %s", control.c_str());
    EXPECT_EQ(trace, control);
  }
  if (both && control_both) {
    KNOWN_ISSUE(
        "one recv returned the record numbered 2^64-1 together with the next one, sealed "
        "with sequence number 0 after the receive counter wrapped (RFC 5246 §6.1); the "
        "EBADMSG came only after it%s",
        variant->cipher.id == ktls::kCipherAesGcm128 ? "" : ", as with the AES-GCM control");
  }
}

KTEST_MAIN()
