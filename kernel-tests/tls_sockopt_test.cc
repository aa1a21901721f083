// kTLS socket options for the ARIA cipher ids (and AES-GCM as the control): TLS_TX / TLS_RX set
// and read back (iv and rec_seq, also after records were sent), wrong optlen and short buffers
// (EINVAL), ARIA with TLS 1.3 (EINVAL, net/tls/tls_main.c validate_crypto_info), the neighbouring
// cipher ids 56 and 59, mismatched key sizes, a second TLS_TX / TLS_RX (EBUSY) and TX/RX cipher
// mismatch. Errors are the ones net/tls/tls_main.c (do_tls_setsockopt_conf,
// do_tls_getsockopt_conf) returns in Linux 6.1 to 6.12.
#include <errno.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>

#include "kernel-tests/harness.h"
#include "kernel-tests/tls_require.h"
#include "kernel-tests/tls_uapi.h"
#include "kernel-tests/tls_util.h"
#include "oracles/af_alg.h"

using ktls::Bytes;
using ktls::Params;
namespace afalg = ariasuite::oracles::afalg;

FIXTURE(tls_sockopt) {
  int fd;   // client end, ULP attached
  int cfd;  // server end, ULP attached
};

FIXTURE_VARIANT(tls_sockopt) { ktls::Cipher cipher; };

KTLS_ADD_STANDARD_VARIANTS(tls_sockopt);

FIXTURE_SETUP(tls_sockopt) {
  ktls::RequirePair(_metadata, &self->fd, &self->cfd);
  ktls::RequireUlp(_metadata, self->fd);
  ktls::RequireUlp(_metadata, self->cfd);
}

FIXTURE_TEARDOWN(tls_sockopt) {
  ktls::CloseFd(&self->fd);
  ktls::CloseFd(&self->cfd);
}

namespace {

// getsockopt(SOL_TLS, dir) with a buffer of len bytes: the bytes, or errno in *err.
Bytes GetInfo(int fd, int dir, size_t len, int* err) {
  Bytes buf(len + 8, 0xEE);
  socklen_t l = static_cast<socklen_t>(len);
  *err = getsockopt(fd, ktls::kSolTls, dir, buf.data(), &l) == 0 ? 0 : errno;
  if (*err == 0) buf.resize(l);
  return buf;
}

// A crypto_info for cipher id `cipher` laid out for a key of key_len bytes.
Params ParamsFor(uint16_t cipher, size_t key_len) {
  Params p;
  p.cipher = cipher;
  p.key = ktls::RandomVector(key_len);
  ktls::RandomBytes(p.iv, sizeof(p.iv));
  ktls::RandomBytes(p.salt, sizeof(p.salt));
  ktls::RandomBytes(p.rec_seq, sizeof(p.rec_seq));
  return p;
}

int SetRaw(int fd, int dir, const Bytes& info, size_t optlen) {
  return setsockopt(fd, ktls::kSolTls, dir, info.data(), static_cast<socklen_t>(optlen)) == 0
             ? 0
             : errno;
}

}  // namespace

// TLS_TX then getsockopt(TLS_TX) of the full struct: version, cipher, iv and rec_seq as set.
TEST_F(tls_sockopt, tx_set_and_read_back) {
  Params p = ParamsFor(variant->cipher.id, variant->cipher.key_len);
  ktls::RequireCrypto(_metadata, self->fd, ktls::kTlsTx, variant->cipher, p);
  Bytes want = ktls::EncodeCryptoInfo(p);
  int err;
  Bytes got = GetInfo(self->fd, ktls::kTlsTx, want.size(), &err);
  ASSERT_EQ(err, 0);
  ASSERT_EQ(got.size(), want.size());
  EXPECT_MEMEQ(got.data(), want.data(), 4);           // version, cipher
  EXPECT_MEMEQ(got.data() + 4, p.iv, ktls::kIvSize);  // iv
  EXPECT_MEMEQ(got.data() + want.size() - ktls::kRecSeqSize, p.rec_seq, ktls::kRecSeqSize);
}

TEST_F(tls_sockopt, rx_set_and_read_back) {
  Params p = ParamsFor(variant->cipher.id, variant->cipher.key_len);
  ktls::RequireCrypto(_metadata, self->cfd, ktls::kTlsRx, variant->cipher, p);
  Bytes want = ktls::EncodeCryptoInfo(p);
  int err;
  Bytes got = GetInfo(self->cfd, ktls::kTlsRx, want.size(), &err);
  ASSERT_EQ(err, 0);
  ASSERT_EQ(got.size(), want.size());
  EXPECT_MEMEQ(got.data(), want.data(), 4);
  EXPECT_MEMEQ(got.data() + 4, p.iv, ktls::kIvSize);
  EXPECT_MEMEQ(got.data() + want.size() - ktls::kRecSeqSize, p.rec_seq, ktls::kRecSeqSize);
}

// After n records the kernel reports rec_seq + n and, for TLS 1.2 GCM, the explicit nonce iv + n
// (net/tls/tls.h tls_advance_record_sn).
TEST_F(tls_sockopt, read_back_after_records) {
  Params tx = ParamsFor(variant->cipher.id, variant->cipher.key_len);
  ktls::PutBe64(tx.rec_seq, 0x00000000fffffffeULL);  // carries across the 32-bit boundary
  ktls::PutBe64(tx.iv, 0x01020304fffffffeULL);
  ktls::RequireCrypto(_metadata, self->fd, ktls::kTlsTx, variant->cipher, tx);
  Params rx = tx;
  ktls::RequireCrypto(_metadata, self->cfd, ktls::kTlsRx, variant->cipher, rx);
  const int kRecords = 3;
  char buf[100];
  for (int i = 0; i < kRecords; ++i) {
    memset(buf, 'a' + i, sizeof(buf));
    ASSERT_EQ(send(self->fd, buf, sizeof(buf), 0), static_cast<ssize_t>(sizeof(buf)));
    std::string e = ktls::ReadFull(self->cfd, buf, sizeof(buf));
    ASSERT_EQ(e, "");
  }
  size_t len = ktls::EncodeCryptoInfo(tx).size();
  for (int dir : {ktls::kTlsTx, ktls::kTlsRx}) {
    int err;
    Bytes got = GetInfo(dir == ktls::kTlsTx ? self->fd : self->cfd, dir, len, &err);
    ASSERT_EQ(err, 0);
    EXPECT_EQ(ktls::Be64(got.data() + len - 8), 0x00000000fffffffeULL + kRecords);
    if (dir == ktls::kTlsTx)
      EXPECT_EQ(ktls::Be64(got.data() + 4), 0x01020304fffffffeULL + kRecords);
  }
}

// A buffer of exactly sizeof(struct tls_crypto_info) returns just version and cipher type.
TEST_F(tls_sockopt, get_header_only) {
  Params p = ParamsFor(variant->cipher.id, variant->cipher.key_len);
  ktls::RequireCrypto(_metadata, self->fd, ktls::kTlsTx, variant->cipher, p);
  int err;
  Bytes got = GetInfo(self->fd, ktls::kTlsTx, 4, &err);
  ASSERT_EQ(err, 0);
  ASSERT_EQ(got.size(), 4u);
  uint16_t v, c;
  memcpy(&v, got.data(), 2);
  memcpy(&c, got.data() + 2, 2);
  EXPECT_EQ(v, ktls::kTls12Version);
  EXPECT_EQ(c, variant->cipher.id);
}

// Short and wrong-sized getsockopt buffers: EINVAL (len < 4, or neither 4 nor the full struct).
TEST_F(tls_sockopt, get_short_buffers) {
  Params p = ParamsFor(variant->cipher.id, variant->cipher.key_len);
  ktls::RequireCrypto(_metadata, self->fd, ktls::kTlsTx, variant->cipher, p);
  size_t full = ktls::EncodeCryptoInfo(p).size();
  for (size_t len : {size_t{0}, size_t{1}, size_t{3}, size_t{5}, full - 8, full - 1, full + 1}) {
    int err;
    GetInfo(self->fd, ktls::kTlsTx, len, &err);
    if (err != EINVAL) TH_LOG("getsockopt len %zu", len);
    EXPECT_EQ(err, EINVAL);
  }
  // A NULL buffer is EINVAL too.
  socklen_t l = static_cast<socklen_t>(full);
  EXPECT_ERRNO(getsockopt(self->fd, ktls::kSolTls, ktls::kTlsTx, nullptr, &l), EINVAL);
}

// Reading a direction that was never set: EBUSY.
TEST_F(tls_sockopt, get_before_set) {
  int err;
  GetInfo(self->fd, ktls::kTlsTx, 56, &err);
  EXPECT_EQ(err, EBUSY);
  GetInfo(self->fd, ktls::kTlsRx, 56, &err);
  EXPECT_EQ(err, EBUSY);
}

// optlen shorter than the header, one byte short, one byte long: EINVAL; the failed attempts
// leave the socket usable, so the right size then succeeds.
TEST_F(tls_sockopt, set_wrong_optlen) {
  Params p = ParamsFor(variant->cipher.id, variant->cipher.key_len);
  Bytes info = ktls::EncodeCryptoInfo(p);
  info.resize(info.size() + 8, 0);
  size_t full = info.size() - 8;
  for (int dir : {ktls::kTlsTx, ktls::kTlsRx}) {
    int fd = dir == ktls::kTlsTx ? self->fd : self->cfd;
    for (size_t len : {size_t{0}, size_t{3}, size_t{4}, full - 1, full + 1, full + 8}) {
      int e = SetRaw(fd, dir, info, len);
      if (e != EINVAL) TH_LOG("dir %d optlen %zu", dir, len);
      EXPECT_EQ(e, EINVAL);
    }
    EXPECT_ERRNO(setsockopt(fd, ktls::kSolTls, dir, nullptr, static_cast<socklen_t>(full)), EINVAL);
    ktls::RequireCrypto(_metadata, fd, dir, variant->cipher, p);
  }
}

// ARIA is TLS 1.2 only: TLS_1_3_VERSION gives EINVAL on TX and RX. For the AES control TLS 1.3 is
// accepted, which shows the EINVAL is the ARIA rule and not a malformed request.
TEST_F(tls_sockopt, tls13_version) {
  Params p = ParamsFor(variant->cipher.id, variant->cipher.key_len);
  p.version = ktls::kTls13Version;
  bool aria = variant->cipher.id != ktls::kCipherAesGcm128;
  int tx = ktls::SetCrypto(self->fd, ktls::kTlsTx, p);
  int rx = ktls::SetCrypto(self->cfd, ktls::kTlsRx, p);
  if (aria) {
    EXPECT_EQ(tx, EINVAL);
    EXPECT_EQ(rx, EINVAL);
    // And TLS 1.2 still works on the same sockets afterwards.
    p.version = ktls::kTls12Version;
    ktls::RequireCrypto(_metadata, self->fd, ktls::kTlsTx, variant->cipher, p);
  } else {
    if (tx != 0) {
      std::string why = ktls::MissingSupport(variant->cipher, tx);
      if (!why.empty()) SKIP("%s", why.c_str());
    }
    EXPECT_EQ(tx, 0);
    EXPECT_EQ(rx, 0);
  }
}

// A version that is neither TLS 1.2 nor 1.3 (TLS 1.1, 0x0302): EINVAL.
TEST_F(tls_sockopt, bad_version) {
  Params p = ParamsFor(variant->cipher.id, variant->cipher.key_len);
  p.version = 0x0302;
  EXPECT_EQ(ktls::SetCrypto(self->fd, ktls::kTlsTx, p), EINVAL);
  EXPECT_EQ(ktls::SetCrypto(self->cfd, ktls::kTlsRx, p), EINVAL);
}

// The variant's cipher id with the other key size's struct: EINVAL (optlen != the cipher's
// struct size).
TEST_F(tls_sockopt, mismatched_key_size) {
  size_t other = variant->cipher.key_len == 16 ? 32 : 16;
  Params p = ParamsFor(variant->cipher.id, other);
  EXPECT_EQ(ktls::SetCrypto(self->fd, ktls::kTlsTx, p), EINVAL);
  EXPECT_EQ(ktls::SetCrypto(self->cfd, ktls::kTlsRx, p), EINVAL);
  // A 24-byte key (ARIA-192 has no TLS id) in any layout is refused too.
  Params q = ParamsFor(variant->cipher.id, 24);
  EXPECT_EQ(ktls::SetCrypto(self->fd, ktls::kTlsTx, q), EINVAL);
}

// Id 59 (just above ARIA-GCM-256) is unknown: EINVAL with either struct size.
TEST_F(tls_sockopt, cipher_id_59) {
  for (size_t key_len : {size_t{16}, size_t{32}}) {
    Params p = ParamsFor(ktls::kCipherAfterAria, key_len);
    EXPECT_EQ(ktls::SetCrypto(self->fd, ktls::kTlsTx, p), EINVAL);
    EXPECT_EQ(ktls::SetCrypto(self->cfd, ktls::kTlsRx, p), EINVAL);
  }
}

// Id 56 (SM4-CCM, just below ARIA-GCM-128) is never taken for ARIA: with a 56-byte struct it is
// EINVAL; with its own 40-byte struct it is accepted only when the kernel has ccm(sm4), and then
// reads back as 56.
TEST_F(tls_sockopt, cipher_id_56) {
  Params big = ParamsFor(ktls::kCipherSm4Ccm, 32);
  EXPECT_EQ(ktls::SetCrypto(self->fd, ktls::kTlsTx, big), EINVAL);
  Params p = ParamsFor(ktls::kCipherSm4Ccm, 16);
  int e = ktls::SetCrypto(self->fd, ktls::kTlsTx, p);
  int probe = afalg::Probe("aead", "ccm(sm4)");
  if (probe == EAFNOSUPPORT) {
    // No AF_ALG to ask: either answer is plausible, but only ENOENT or success.
    EXPECT_TRUE(e == 0 || e == ENOENT);
  } else if (probe == 0) {
    EXPECT_EQ(e, 0);
  } else {
    EXPECT_EQ(e, ENOENT);
  }
  if (e == 0) {
    int err;
    Bytes got = GetInfo(self->fd, ktls::kTlsTx, 4, &err);
    ASSERT_EQ(err, 0);
    uint16_t c;
    memcpy(&c, got.data() + 2, 2);
    EXPECT_EQ(c, ktls::kCipherSm4Ccm);
  }
}

// A second TLS_TX (and a second TLS_RX) is refused with EBUSY and leaves the first in place.
TEST_F(tls_sockopt, second_set_refused) {
  Params p = ParamsFor(variant->cipher.id, variant->cipher.key_len);
  ktls::RequireCrypto(_metadata, self->fd, ktls::kTlsTx, variant->cipher, p);
  ktls::RequireCrypto(_metadata, self->fd, ktls::kTlsRx, variant->cipher, p);
  Params q = ParamsFor(variant->cipher.id, variant->cipher.key_len);
  EXPECT_EQ(ktls::SetCrypto(self->fd, ktls::kTlsTx, q), EBUSY);
  EXPECT_EQ(ktls::SetCrypto(self->fd, ktls::kTlsRx, q), EBUSY);
  Bytes want = ktls::EncodeCryptoInfo(p);
  int err;
  Bytes got = GetInfo(self->fd, ktls::kTlsTx, want.size(), &err);
  ASSERT_EQ(err, 0);
  EXPECT_MEMEQ(got.data() + 4, p.iv, ktls::kIvSize);
  EXPECT_MEMEQ(got.data() + want.size() - 8, p.rec_seq, ktls::kRecSeqSize);
}

// TX and RX of one socket must use the same version and cipher: RX with another cipher is EINVAL.
TEST_F(tls_sockopt, tx_rx_cipher_mismatch) {
  Params p = ParamsFor(variant->cipher.id, variant->cipher.key_len);
  ktls::RequireCrypto(_metadata, self->fd, ktls::kTlsTx, variant->cipher, p);
  uint16_t other_id = variant->cipher.id == ktls::kCipherAriaGcm128 ? ktls::kCipherAesGcm128
                                                                    : ktls::kCipherAriaGcm128;
  Params q = ParamsFor(other_id, 16);
  EXPECT_EQ(ktls::SetCrypto(self->fd, ktls::kTlsRx, q), EINVAL);
}

// TLS_TX before the ULP is attached is not a SOL_TLS option of a plain TCP socket.
TEST_F(tls_sockopt, set_without_ulp) {
  int a, b;
  ktls::RequirePair(_metadata, &a, &b);
  Params p = ParamsFor(variant->cipher.id, variant->cipher.key_len);
  int e = ktls::SetCrypto(a, ktls::kTlsTx, p);
  EXPECT_NE(e, 0);
  close(a);
  close(b);
}

KTEST_MAIN()
