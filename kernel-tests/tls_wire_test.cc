// kTLS ARIA-GCM on the wire, cross-checked with ariasuite's user-space TLS 1.2 record code
// (impl/tls12_record: nonce = salt || explicit nonce, AAD = seq || type || version || length,
// RFC 5246 §6.2.3.3, RFC 5288 §3, RFC 6209): records the kernel's TLS_TX sends, read raw by a
// peer without the ULP, must open with our code, with the sequence numbers and explicit nonces
// the kernel documents (rec_seq and iv of the crypto_info, +1 per record); records we seal must
// decrypt in the kernel's TLS_RX, and records we seal wrongly must be refused. Some cases start
// near the 64-bit sequence wrap, where the kernel must stop (net/tls/tls.h tls_advance_record_sn
// aborts the socket instead of reusing a sequence number). ARIA variants only: our reference is
// ARIA (the AES control runs in the other programs).
#include <errno.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>
#include <string>
#include <vector>

#include "impl/gcm.h"
#include "impl/tls12_record.h"
#include "kernel-tests/harness.h"
#include "kernel-tests/tls_require.h"
#include "kernel-tests/tls_uapi.h"
#include "kernel-tests/tls_util.h"

using ariasuite::Status;
using ktls::Bytes;

FIXTURE(tls_wire) {
  int tx, raw_in;   // kernel TLS_TX -> plain peer
  int raw_out, rx;  // plain peer -> kernel TLS_RX
  ktls::Params p;   // the session of both directions
  ariasuite::AriaGcmKey key;
};

FIXTURE_VARIANT(tls_wire) { ktls::Cipher cipher; };

FIXTURE_VARIANT_ADD(tls_wire, 12_aria_gcm){{ktls::kCipherAriaGcm128, 16, "gcm(aria)"}};
FIXTURE_VARIANT_ADD(tls_wire, 12_aria_gcm_256){{ktls::kCipherAriaGcm256, 32, "gcm(aria)"}};

FIXTURE_SETUP(tls_wire) {
  ktls::RequirePair(_metadata, &self->tx, &self->raw_in);
  ktls::RequirePair(_metadata, &self->raw_out, &self->rx);
  ktls::RequireUlp(_metadata, self->tx);
  ktls::RequireUlp(_metadata, self->rx);
  self->p = ktls::RandomParams(variant->cipher);
  ASSERT_EQ(self->key.Init(ariasuite::Impl::kScalar, self->p.key.data(), self->p.key.size()),
            Status::kOk);
}

FIXTURE_TEARDOWN(tls_wire) {
  ktls::CloseFd(&self->tx);
  ktls::CloseFd(&self->raw_in);
  ktls::CloseFd(&self->raw_out);
  ktls::CloseFd(&self->rx);
}

namespace {

// Sets TLS_TX and TLS_RX with the fixture's parameters, after the test adjusted them.
void Start(ktest::Metadata* _metadata, tls_wire_fixture* self, const ktls::Cipher& c) {
  ktls::RequireCrypto(_metadata, self->tx, ktls::kTlsTx, c, self->p);
  ktls::RequireCrypto(_metadata, self->rx, ktls::kTlsRx, c, self->p);
}

// Opens a raw record with our code; "" or what was wrong.
std::string OpenWithReference(const tls_wire_fixture* self, const Bytes& rec, uint64_t seq,
                              Bytes* pt, uint8_t* type) {
  pt->assign(rec.size(), 0);
  size_t n = 0;
  Status s = ariasuite::Tls12OpenRecord(self->key, pt->data(), pt->size(), &n, type, self->p.salt,
                                        seq, ktls::kTls12Version, rec.data(), rec.size());
  if (s != Status::kOk) {
    return std::string("Tls12OpenRecord: ") + ariasuite::StatusName(s) + " (seq " +
           std::to_string(seq) + ", record " + ktest::Hex(rec.data(), rec.size()) + ")";
  }
  pt->resize(n);
  return "";
}

// Seals a record with our code.
Bytes SealWithReference(ktest::Metadata* _metadata, const tls_wire_fixture* self, uint64_t seq,
                        uint8_t type, const uint8_t explicit_nonce[8], const Bytes& pt,
                        const uint8_t* salt = nullptr) {
  Bytes rec(pt.size() + ariasuite::kTls12RecordOverhead);
  size_t n = 0;
  Status s = ariasuite::Tls12SealRecord(self->key, rec.data(), rec.size(), &n,
                                        salt ? salt : self->p.salt, seq, type, ktls::kTls12Version,
                                        explicit_nonce, pt.data(), pt.size());
  ASSERT_EQ(s, Status::kOk);
  rec.resize(n);
  return rec;
}

// Reads raw records until `total` plaintext bytes are covered; checks each with the reference
// (sequence numbers from first_seq, explicit nonces from first_iv) and returns the plaintext.
Bytes ReadAndOpen(ktest::Metadata* _metadata, tls_wire_fixture* self, size_t total,
                  uint64_t first_seq, uint64_t first_iv, uint8_t want_type, int* records) {
  Bytes all;
  *records = 0;
  while (all.size() < total) {
    Bytes rec;
    std::string e = ktls::ReadRecord(self->raw_in, &rec);
    ASSERT_EQ(e, "");
    uint64_t seq = first_seq + static_cast<uint64_t>(*records);
    // Header: type, version 3,3, length = explicit nonce + ciphertext + tag.
    EXPECT_EQ(rec[0], want_type);
    EXPECT_EQ(rec[1], 3);
    EXPECT_EQ(rec[2], 3);
    ASSERT_GE(rec.size(), ariasuite::kTls12RecordOverhead);
    // The explicit nonce is the crypto_info iv plus the record index (net/tls/tls.h).
    EXPECT_EQ(ktls::Be64(rec.data() + ktls::kHeaderSize),
              first_iv + static_cast<uint64_t>(*records));
    Bytes pt;
    uint8_t type = 0;
    e = OpenWithReference(self, rec, seq, &pt, &type);
    if (!e.empty()) TH_LOG("record %d: %s", *records, e.c_str());
    ASSERT_EQ(e, "");
    EXPECT_EQ(type, want_type);
    EXPECT_LE(pt.size(), ktls::kMaxPayload);
    all.insert(all.end(), pt.begin(), pt.end());
    ++*records;
  }
  EXPECT_EQ(all.size(), total);
  return all;
}

}  // namespace

// One small record from the kernel opens with our code.
TEST_F(tls_wire, kernel_tx_one_record) {
  Start(_metadata, self, variant->cipher);
  Bytes data = ktls::RandomVector(100);
  ASSERT_EQ(send(self->tx, data.data(), data.size(), 0), 100);
  int records;
  Bytes got = ReadAndOpen(_metadata, self, 100, ktls::Be64(self->p.rec_seq), ktls::Be64(self->p.iv),
                          ktls::kTypeApplicationData, &records);
  EXPECT_EQ(records, 1);
  EXPECT_MEMEQ(got.data(), data.data(), 100);
}

// 40001 bytes in one send: the kernel cuts records of at most 2^14 bytes; every one opens with
// consecutive sequence numbers and explicit nonces.
TEST_F(tls_wire, kernel_tx_multi_record) {
  Start(_metadata, self, variant->cipher);
  Bytes data = ktls::RandomVector(40001);  // the last record ends in a partial block
  ASSERT_EQ(ktls::WriteFull(self->tx, data.data(), data.size()), "");
  int records;
  Bytes got = ReadAndOpen(_metadata, self, data.size(), ktls::Be64(self->p.rec_seq),
                          ktls::Be64(self->p.iv), ktls::kTypeApplicationData, &records);
  EXPECT_GE(records, 3);
  EXPECT_MEMEQ(got.data(), data.data(), data.size());
}

// Sizes around the record limit: 16383, 16384, 16385 bytes as separate sends.
TEST_F(tls_wire, kernel_tx_record_limit) {
  Start(_metadata, self, variant->cipher);
  uint64_t seq = ktls::Be64(self->p.rec_seq), iv = ktls::Be64(self->p.iv);
  for (size_t len : {size_t{16383}, size_t{16384}, size_t{16385}}) {
    Bytes data = ktls::RandomVector(len);
    ASSERT_EQ(ktls::WriteFull(self->tx, data.data(), len), "");
    int records;
    Bytes got = ReadAndOpen(_metadata, self, len, seq, iv, ktls::kTypeApplicationData, &records);
    EXPECT_EQ(records, len > ktls::kMaxPayload ? 2 : 1);
    EXPECT_MEMEQ(got.data(), data.data(), len);
    seq += static_cast<uint64_t>(records);
    iv += static_cast<uint64_t>(records);
  }
}

// A handshake record (TLS_SET_RECORD_TYPE 22): type 22 in the header and in the AAD.
TEST_F(tls_wire, kernel_tx_record_type) {
  Start(_metadata, self, variant->cipher);
  char payload[] = "handshake bytes";
  ASSERT_EQ(ktls::SendTyped(self->tx, ktls::kTypeHandshake, payload, sizeof(payload)),
            static_cast<ssize_t>(sizeof(payload)));
  int records;
  Bytes got = ReadAndOpen(_metadata, self, sizeof(payload), ktls::Be64(self->p.rec_seq),
                          ktls::Be64(self->p.iv), ktls::kTypeHandshake, &records);
  EXPECT_MEMEQ(got.data(), payload, sizeof(payload));
}

// Sequence number and explicit nonce carrying across the low 32 bits.
TEST_F(tls_wire, kernel_tx_carry_32) {
  ktls::PutBe64(self->p.rec_seq, 0x00000000fffffffeULL);
  ktls::PutBe64(self->p.iv, 0x12345678fffffffdULL);
  Start(_metadata, self, variant->cipher);
  for (int i = 0; i < 4; ++i) {
    Bytes data = ktls::RandomVector(33);
    ASSERT_EQ(send(self->tx, data.data(), data.size(), 0), 33);
    int records;
    Bytes got = ReadAndOpen(_metadata, self, 33, 0x00000000fffffffeULL + i,
                            0x12345678fffffffdULL + i, ktls::kTypeApplicationData, &records);
    EXPECT_MEMEQ(got.data(), data.data(), 33);
  }
}

// Starting at 2^64 - 3: every record the kernel puts on the wire opens with our code under the
// next sequence number (2^64-3, -2, -1), and none comes after 2^64-1: the kernel must stop rather
// than wrap (RFC 5246 §6.1; net/tls/tls.h tls_advance_record_sn aborts the socket with EBADMSG).
// Every send whose record is not on the wire must have failed. (tls_error_test checks the RX
// side of the wrap, with the AES control.)
TEST_F(tls_wire, kernel_tx_seq_wrap) {
  ktls::PutBe64(self->p.rec_seq, ~0ULL - 2);
  Start(_metadata, self, variant->cipher);
  std::vector<Bytes> sent;
  std::vector<ssize_t> rets;
  for (int i = 0; i < 5; ++i) {
    Bytes data = ktls::RandomVector(64);
    errno = 0;
    ssize_t n = send(self->tx, data.data(), data.size(), MSG_NOSIGNAL);
    TH_LOG("send %d: %zd%s%s", i, n, n < 0 ? " " : "", n < 0 ? strerrorname_np(errno) : "");
    rets.push_back(n);
    sent.push_back(data);
  }
  int records = 0;
  while (ktls::Readable(self->raw_in, 300)) {
    Bytes rec;
    ASSERT_EQ(ktls::ReadRecord(self->raw_in, &rec), "");
    ASSERT_LT(records, 3);  // a fourth record would reuse a wrapped sequence number
    Bytes pt;
    uint8_t type;
    std::string e =
        OpenWithReference(self, rec, ~0ULL - 2 + static_cast<uint64_t>(records), &pt, &type);
    ASSERT_EQ(e, "");
    EXPECT_EQ(pt, sent[static_cast<size_t>(records)]);
    ++records;
  }
  // Linux 6.12 also gives up the last number, 2^64-1: it seals that record, sees the counter
  // wrap, aborts and drops it (stricter than RFC 5246 §6.1 needs, and safe). 2 or 3 records.
  TH_LOG("%d records on the wire", records);
  EXPECT_GE(records, 2);
  for (size_t i = static_cast<size_t>(records); i < rets.size(); ++i) EXPECT_EQ(rets[i], -1);
}

// Records we seal (sizes 1 to 2^14, whole and partial final blocks, consecutive sequence numbers,
// random explicit nonces: TLS 1.2 lets the sender choose them, so the kernel must use the one in
// the record) decrypt in the kernel's TLS_RX.
TEST_F(tls_wire, our_records_kernel_rx) {
  Start(_metadata, self, variant->cipher);
  uint64_t seq = ktls::Be64(self->p.rec_seq);
  for (size_t len : {size_t{1}, size_t{100}, size_t{1001}, size_t{5000}, ktls::kMaxPayload - 1,
                     ktls::kMaxPayload}) {
    Bytes data = ktls::RandomVector(len);
    uint8_t nonce[8];
    ktls::RandomBytes(nonce, 8);
    Bytes rec = SealWithReference(_metadata, self, seq++, ktls::kTypeApplicationData, nonce, data);
    ASSERT_EQ(ktls::WriteFull(self->raw_out, rec.data(), rec.size()), "");
    Bytes got(len);
    ASSERT_EQ(ktls::ReadFull(self->rx, got.data(), len), "");
    EXPECT_MEMEQ(got.data(), data.data(), len);
  }
}

// Five of our records in one write, and one record written a few bytes at a time.
TEST_F(tls_wire, our_records_batched_and_split) {
  Start(_metadata, self, variant->cipher);
  uint64_t seq = ktls::Be64(self->p.rec_seq);
  Bytes stream, plain;
  for (int i = 0; i < 5; ++i) {
    Bytes data = ktls::RandomVector(700 + i);
    uint8_t nonce[8];
    ktls::PutBe64(nonce, seq);
    Bytes rec = SealWithReference(_metadata, self, seq++, ktls::kTypeApplicationData, nonce, data);
    stream.insert(stream.end(), rec.begin(), rec.end());
    plain.insert(plain.end(), data.begin(), data.end());
  }
  ASSERT_EQ(ktls::WriteFull(self->raw_out, stream.data(), stream.size()), "");
  Bytes got(plain.size());
  ASSERT_EQ(ktls::ReadFull(self->rx, got.data(), got.size()), "");
  EXPECT_MEMEQ(got.data(), plain.data(), plain.size());

  Bytes data = ktls::RandomVector(3000);
  uint8_t nonce[8] = {9, 8, 7, 6, 5, 4, 3, 2};
  Bytes rec = SealWithReference(_metadata, self, seq++, ktls::kTypeApplicationData, nonce, data);
  for (size_t off = 0; off < rec.size();) {
    size_t n = off < 20 ? 3 : 997;
    if (off + n > rec.size()) n = rec.size() - off;
    ASSERT_EQ(ktls::WriteFull(self->raw_out, rec.data() + off, n), "");
    off += n;
    usleep(off < 20 ? 20000 : 0);
  }
  got.assign(3000, 0);
  ASSERT_EQ(ktls::ReadFull(self->rx, got.data(), got.size()), "");
  EXPECT_MEMEQ(got.data(), data.data(), 3000);
}

// Our alert record (type 21) comes out of recvmsg with TLS_GET_RECORD_TYPE 21.
TEST_F(tls_wire, our_control_record) {
  Start(_metadata, self, variant->cipher);
  Bytes alert = {2, 40};  // fatal, handshake_failure (RFC 5246 §7.2)
  uint8_t nonce[8] = {};
  Bytes rec = SealWithReference(_metadata, self, ktls::Be64(self->p.rec_seq), ktls::kTypeAlert,
                                nonce, alert);
  ASSERT_EQ(ktls::WriteFull(self->raw_out, rec.data(), rec.size()), "");
  uint8_t buf[16];
  uint8_t type;
  ASSERT_TRUE(ktls::Readable(self->rx, 20000));
  ASSERT_EQ(ktls::RecvTyped(self->rx, buf, sizeof(buf), &type), 2);
  EXPECT_EQ(type, ktls::kTypeAlert);
  EXPECT_MEMEQ(buf, alert.data(), 2);
}

namespace {

// Seals one record with something wrong, writes it on a fresh RX connection and expects EBADMSG.
enum class Wrong { kSeq, kSalt, kKey, kTypeInAad, kTag };

void ExpectRefused(ktest::Metadata* _metadata, tls_wire_fixture* self, const ktls::Cipher& c,
                   Wrong what) {
  Start(_metadata, self, c);
  uint64_t seq = ktls::Be64(self->p.rec_seq);
  Bytes data = ktls::RandomVector(200);
  uint8_t nonce[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  uint8_t salt[4];
  memcpy(salt, self->p.salt, 4);
  salt[3] ^= 1;
  Bytes rec;
  switch (what) {
    case Wrong::kSeq:
      rec = SealWithReference(_metadata, self, seq + 1, ktls::kTypeApplicationData, nonce, data);
      break;
    case Wrong::kSalt:
      rec = SealWithReference(_metadata, self, seq, ktls::kTypeApplicationData, nonce, data, salt);
      break;
    case Wrong::kKey: {
      Bytes other = self->p.key;
      other[0] ^= 1;
      ASSERT_EQ(self->key.Init(ariasuite::Impl::kScalar, other.data(), other.size()), Status::kOk);
      rec = SealWithReference(_metadata, self, seq, ktls::kTypeApplicationData, nonce, data);
      break;
    }
    case Wrong::kTypeInAad:
      // Sealed as a handshake record, then the header relabelled as application data.
      rec = SealWithReference(_metadata, self, seq, ktls::kTypeHandshake, nonce, data);
      rec[0] = ktls::kTypeApplicationData;
      break;
    case Wrong::kTag:
      rec = SealWithReference(_metadata, self, seq, ktls::kTypeApplicationData, nonce, data);
      rec.back() ^= 0x80;
      break;
  }
  ASSERT_EQ(ktls::WriteFull(self->raw_out, rec.data(), rec.size()), "");
  char buf[512];
  ASSERT_TRUE(ktls::Readable(self->rx, 20000));
  EXPECT_ERRNO(recv(self->rx, buf, sizeof(buf), 0), EBADMSG);
  EXPECT_LE(recv(self->rx, buf, sizeof(buf), MSG_DONTWAIT), 0);
}

}  // namespace

TEST_F(tls_wire, our_record_wrong_seq_refused) {
  ExpectRefused(_metadata, self, variant->cipher, Wrong::kSeq);
}
TEST_F(tls_wire, our_record_wrong_salt_refused) {
  ExpectRefused(_metadata, self, variant->cipher, Wrong::kSalt);
}
TEST_F(tls_wire, our_record_wrong_key_refused) {
  ExpectRefused(_metadata, self, variant->cipher, Wrong::kKey);
}
TEST_F(tls_wire, our_record_type_mismatch_refused) {
  ExpectRefused(_metadata, self, variant->cipher, Wrong::kTypeInAad);
}
TEST_F(tls_wire, our_record_bad_tag_refused) {
  ExpectRefused(_metadata, self, variant->cipher, Wrong::kTag);
}

// RX starting at 2^64 - 2: our records with sequence numbers 2^64-2 and 2^64-1 decrypt (what
// happens after the wrap is tls_error_test's rx_seq_wrap).
TEST_F(tls_wire, our_records_rx_near_wrap) {
  ktls::PutBe64(self->p.rec_seq, ~0ULL - 1);
  Start(_metadata, self, variant->cipher);
  for (uint64_t i = 0; i < 2; ++i) {
    Bytes data = ktls::RandomVector(50);
    uint8_t nonce[8];
    ktls::PutBe64(nonce, i);
    Bytes rec =
        SealWithReference(_metadata, self, ~0ULL - 1 + i, ktls::kTypeApplicationData, nonce, data);
    ASSERT_EQ(ktls::WriteFull(self->raw_out, rec.data(), rec.size()), "");
    Bytes got(50);
    ASSERT_EQ(ktls::ReadFull(self->rx, got.data(), 50), "");
    EXPECT_MEMEQ(got.data(), data.data(), 50);
  }
}

// Kernel to kernel through our code: the kernel's TX records, opened with our code and sealed
// again with other explicit nonces, decrypt in the kernel's RX.
TEST_F(tls_wire, kernel_tx_reference_kernel_rx) {
  Start(_metadata, self, variant->cipher);
  Bytes data = ktls::RandomVector(30003);
  ASSERT_EQ(ktls::WriteFull(self->tx, data.data(), data.size()), "");
  uint64_t seq = ktls::Be64(self->p.rec_seq);
  size_t have = 0;
  while (have < data.size()) {
    Bytes rec;
    ASSERT_EQ(ktls::ReadRecord(self->raw_in, &rec), "");
    Bytes pt;
    uint8_t type;
    std::string e = OpenWithReference(self, rec, seq, &pt, &type);
    ASSERT_EQ(e, "");
    uint8_t nonce[8];
    ktls::RandomBytes(nonce, 8);
    Bytes again = SealWithReference(_metadata, self, seq, type, nonce, pt);
    ASSERT_EQ(ktls::WriteFull(self->raw_out, again.data(), again.size()), "");
    ++seq;
    have += pt.size();
  }
  Bytes got(data.size());
  ASSERT_EQ(ktls::ReadFull(self->rx, got.data(), got.size()), "");
  EXPECT_MEMEQ(got.data(), data.data(), data.size());
}

KTEST_MAIN()
