// The fuzzer's checks, each fed a kernel's output made by the reference and then altered the way a
// broken kernel would alter it: every alteration must be reported.
#include "kernel-tests/ktls_fuzz_check.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>

#include "kernel-tests/ktls_fuzz_ops.h"

namespace ktls_fuzz {
namespace {

const uint8_t kKey[32] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16,
                          17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};
const uint8_t kSalt[4] = {0xa0, 0xa1, 0xa2, 0xa3};
constexpr uint64_t kSeq = 0xfffffffeULL;  // carries across 32 bits within the test
constexpr uint64_t kIv = ~0ULL - 1;       // wraps within the test

Bytes Data(uint64_t stream, size_t n) {
  Bytes b(n);
  Fill(99, stream, 0, b.data(), n);
  return b;
}

struct Tx {
  Bytes wire;
  std::vector<Chunk> accepted;
};

// What a correct kernel sends for these chunks: data 1000 + 20000 (records of 2^14 and the rest),
// a handshake record of 30, data 5, all with consecutive seq and nonces.
Tx GoodTx(const RecordCipher& c, int nonce_skew = 0, int seq_skew = 0) {
  Tx t;
  t.accepted = {{23, Data(1, 1000)}, {23, Data(2, 20000)}, {22, Data(3, 30)}, {23, Data(4, 5)}};
  Bytes data = t.accepted[0].data;
  data.insert(data.end(), t.accepted[1].data.begin(), t.accepted[1].data.end());
  std::vector<std::pair<uint8_t, Bytes>> recs = {{23, Bytes(data.begin(), data.begin() + 16384)},
                                                 {23, Bytes(data.begin() + 16384, data.end())},
                                                 {22, t.accepted[2].data},
                                                 {23, t.accepted[3].data}};
  for (size_t i = 0; i < recs.size(); ++i) {
    Bytes r =
        c.Seal(kSeq + i + (i == 2 ? seq_skew : 0), recs[i].first,
               kIv + i + (i == 2 ? nonce_skew : 0), recs[i].second.data(), recs[i].second.size());
    t.wire.insert(t.wire.end(), r.begin(), r.end());
  }
  return t;
}

class KtlsFuzzCheck : public ::testing::TestWithParam<std::pair<bool, size_t>> {
 protected:
  void SetUp() override { ASSERT_TRUE(c_.Init(GetParam().first, kKey, GetParam().second, kSalt)); }
  std::string Check(const Tx& t) {
    std::vector<std::string> sizes;
    return CheckTx(c_, kSeq, kIv, t.wire, t.accepted, TotalBytes(t.accepted), &sizes);
  }
  // The check after the TX socket's shutdown or close: `required` of the accepted bytes must be
  // on the wire; *sizes receives the record sizes.
  std::string CheckEnded(const Tx& t, uint64_t required, std::vector<std::string>* sizes) {
    return CheckTx(c_, kSeq, kIv, t.wire, t.accepted, required, sizes);
  }
  RecordCipher c_;
};

TEST_P(KtlsFuzzCheck, ACorrectStreamPasses) {
  Tx t = GoodTx(c_);
  std::vector<std::string> sizes;
  EXPECT_EQ(CheckTx(c_, kSeq, kIv, t.wire, t.accepted, 21035, &sizes), "");
  EXPECT_EQ(sizes, (std::vector<std::string>{"23:16384", "23:4616", "22:30", "23:5"}));
}

TEST_P(KtlsFuzzCheck, EveryAlterationIsReported) {
  EXPECT_NE(Check(GoodTx(c_, 1, 0))
                .find("TX record 2 (at byte 21058 of the stream): explicit "
                      "nonce"),
            std::string::npos)
      << Check(GoodTx(c_, 1, 0));
  EXPECT_NE(Check(GoodTx(c_, 0, 1))
                .find("TX record 2 (at byte 21058 of the stream): does not "
                      "open with sequence number"),
            std::string::npos);
  Tx t = GoodTx(c_);
  t.wire[40] ^= 1;  // ciphertext of record 0
  EXPECT_NE(Check(t).find("TX record 0"), std::string::npos);
  t = GoodTx(c_);
  t.wire.resize(t.wire.size() - 1);
  EXPECT_NE(Check(t).find("TX record 3 (at byte 21117 of the stream): cut short, 33 of 34"),
            std::string::npos)
      << Check(t);
  t = GoodTx(c_);
  t.accepted[1].data[7000] ^= 1;  // the kernel sent other bytes than it accepted
  EXPECT_EQ(Check(t).substr(0, 43), "TX run 0 of one record type: plaintext diff") << Check(t);
  t = GoodTx(c_);
  t.accepted[2].type = 21;  // sent as an alert, the kernel labelled it a handshake
  EXPECT_EQ(Check(t), "TX run 1 of one record type: type 22, sent as 21");
  t = GoodTx(c_);
  t.accepted.push_back({23, Data(5, 3)});  // accepted, never sent
  EXPECT_EQ(Check(t), "TX run 2 of one record type: 5 bytes on the wire, 8 accepted") << Check(t);
  t = GoodTx(c_);
  t.accepted.pop_back();  // sent, never accepted
  EXPECT_EQ(Check(t),
            "TX run 2 of one record type: 5 bytes of type 23 on the wire that the "
            "kernel never accepted");
  t = GoodTx(c_);
  t.accepted[2].type = 23;  // a record type lost: the runs no longer match
  EXPECT_NE(Check(t), "");
}

// The GoodTx records on the wire: 16413, 4645, 59 and 34 bytes (21151); 21035 bytes accepted.
TEST_P(KtlsFuzzCheck, AfterTheTxEndTheWireMayStopAfterTheRequiredBytes) {
  Tx t = GoodTx(c_);
  EXPECT_EQ(TotalBytes(t.accepted), 21035u);
  t.wire.resize(21151 - 34);  // the last record (5 bytes, an open record) dropped
  std::vector<std::string> sizes;
  EXPECT_EQ(CheckEnded(t, 21030, &sizes), "");
  EXPECT_EQ(sizes, (std::vector<std::string>{"23:16384", "23:4616", "22:30"}));
  sizes.clear();
  EXPECT_EQ(CheckEnded(t, 21031, &sizes),
            "TX stream: 21030 bytes on the wire, 21031 accepted in records the kernel had closed");
  sizes.clear();
  EXPECT_EQ(CheckEnded(t, 21035, &sizes),
            "TX run 2 of one record type: missing (type 23, 5 bytes accepted by the kernel, not "
            "on the wire)");
  t.wire.resize(16413 + 100);  // record 1 partly sent
  sizes.clear();
  EXPECT_EQ(CheckEnded(t, 16384, &sizes), "");
  EXPECT_EQ(sizes, (std::vector<std::string>{"23:16384", "cut:100"}));
  sizes.clear();
  EXPECT_EQ(CheckEnded(t, 16385, &sizes),
            "TX stream: 16384 bytes on the wire, 16385 accepted in records the kernel had closed");
  t.wire.resize(16413 + 3);  // cut in the header
  sizes.clear();
  EXPECT_EQ(CheckEnded(t, 0, &sizes), "");
  EXPECT_EQ(sizes.back(), "cut:3");
}

TEST_P(KtlsFuzzCheck, AfterTheTxEndEveryRecordIsStillChecked) {
  std::vector<std::string> sizes;
  Tx t = GoodTx(c_, 0, 1);  // record 2 sealed with the wrong sequence number
  t.wire.resize(21151 - 34);
  EXPECT_NE(CheckEnded(t, 0, &sizes)
                .find("TX record 2 (at byte 21058 of the stream): does not "
                      "open with sequence number"),
            std::string::npos);
  t = GoodTx(c_, 1, 0);  // and with the wrong explicit nonce
  t.wire.resize(21151 - 34);
  EXPECT_NE(CheckEnded(t, 0, &sizes).find("explicit nonce"), std::string::npos);
  t = GoodTx(c_);
  t.wire.resize(21151 - 34);
  t.accepted[1].data[100] ^= 1;  // other bytes on the wire than accepted
  EXPECT_EQ(CheckEnded(t, 0, &sizes).substr(0, 43), "TX run 0 of one record type: plaintext diff");
  t = GoodTx(c_);
  t.accepted[1].data.pop_back();  // more bytes on the wire than accepted (tail lost or not)
  t.accepted.push_back({23, Data(9, 10)});
  EXPECT_EQ(CheckEnded(t, 0, &sizes),
            "TX run 0 of one record type: 21000 bytes on the wire, 20999 "
            "accepted");
}

// Only the end of the stream may be lost: a shorter run followed by another is bytes dropped in
// the middle.
TEST_P(KtlsFuzzCheck, AfterTheTxEndOnlyTheLastRunMayStopShort) {
  Tx t;
  t.accepted = {{23, Data(1, 1000)}, {22, Data(2, 30)}};
  Bytes r0 = c_.Seal(kSeq, 23, kIv, t.accepted[0].data.data(), 999);
  Bytes r1 = c_.Seal(kSeq + 1, 22, kIv + 1, t.accepted[1].data.data(), 30);
  t.wire = r0;
  std::vector<std::string> sizes;
  EXPECT_EQ(CheckEnded(t, 999, &sizes), "");
  t.wire.insert(t.wire.end(), r1.begin(), r1.end());
  EXPECT_EQ(CheckEnded(t, 0, &sizes),
            "TX run 0 of one record type: 999 bytes on the wire, 1000 accepted");
}

TEST_P(KtlsFuzzCheck, OpensWhatItSealsAndNothingElse) {
  Bytes pt = Data(7, 100);
  Bytes r = c_.Seal(5, 21, 77, pt.data(), pt.size());
  uint8_t type = 0;
  Bytes out;
  EXPECT_EQ(c_.Open(5, r.data(), r.size(), &type, &out), "");
  EXPECT_EQ(type, 21);
  EXPECT_EQ(out, pt);
  EXPECT_NE(c_.Open(6, r.data(), r.size(), &type, &out), "");
  r[0] = 23;  // the type is authenticated
  EXPECT_NE(c_.Open(5, r.data(), r.size(), &type, &out), "");
  RecordCipher other;
  ASSERT_TRUE(other.Init(!GetParam().first, kKey, GetParam().second, kSalt));
  r[0] = 21;
  EXPECT_NE(other.Open(5, r.data(), r.size(), &type, &out), "");  // ARIA is not AES
}

INSTANTIATE_TEST_SUITE_P(Ciphers, KtlsFuzzCheck,
                         ::testing::Values(std::make_pair(true, size_t{16}),
                                           std::make_pair(true, size_t{32}),
                                           std::make_pair(false, size_t{16})));

TEST(KtlsFuzzCheckTraces, TheFirstDifferenceIsNamed) {
  std::vector<std::string> a = {"send 5 -> 5", "recv 3 dontwait -> -1 EAGAIN"};
  std::vector<std::string> b = {"send 5 -> 5", "recv 3 dontwait -> 3"};
  EXPECT_EQ(FirstDivergence(a, a), "");
  EXPECT_EQ(FirstDivergence(a, b),
            "step 1: \"recv 3 dontwait -> -1 EAGAIN\" vs \"recv 3 dontwait -> 3\"");
  b.pop_back();
  EXPECT_EQ(FirstDivergence(a, b), "step 1: \"recv 3 dontwait -> -1 EAGAIN\" vs \"(nothing)\"");
  EXPECT_EQ(FirstDivergence(b, a), "step 1: \"(nothing)\" vs \"recv 3 dontwait -> -1 EAGAIN\"");
}

// An RX model starting at first_seq, fed records the test seals: the n-th record added carries
// the explicit nonce n.
struct Queued {
  RecordCipher c;
  RxModel m;
  uint64_t nonce = 0;
  explicit Queued(uint64_t first_seq, bool aria = true) : m(first_seq) {
    c.Init(aria, kKey, 16, kSalt);
  }
  void Add(uint64_t seq, uint8_t type, const Bytes& pt) {
    m.Queue(c.Seal(seq, type, nonce++, pt.data(), pt.size()), type, pt, seq);
  }
};

// Three records queued: data 50, handshake 20, data 30.
struct Rx : Queued {
  Bytes pt[3];
  Rx() : Queued(1000) {
    const uint8_t types[3] = {23, 22, 23};
    const size_t lens[3] = {50, 20, 30};
    for (int i = 0; i < 3; ++i) {
      pt[i] = Data(10 + i, lens[i]);
      Add(1000 + i, types[i], pt[i]);
    }
  }
};

TEST(KtlsFuzzRxModel, DeliversTheGenuineStreamInOrder) {
  Rx r;
  EXPECT_TRUE(r.m.AllGenuine());
  EXPECT_EQ(r.m.Pending(), 0u);  // nothing written yet
  EXPECT_NE(r.m.Deliver(r.pt[0].data(), 10, 23, false), "");
  r.m.Take(79 + 10);  // record 0 and 10 bytes of record 1
  EXPECT_EQ(r.m.Pending(), 50u);
  EXPECT_EQ(r.m.Deliver(r.pt[0].data(), 10, 23, true), "");  // peek: the cursor stays
  EXPECT_EQ(r.m.Deliver(r.pt[0].data(), 10, 23, false), "");
  EXPECT_EQ(r.m.Deliver(r.pt[0].data() + 10, 40, 23, false), "");
  EXPECT_EQ(r.m.Pending(), 0u);
  EXPECT_EQ(r.m.Deliver(r.pt[1].data(), 1, 22, false),
            "recv returned 1 bytes, only 0 of them deliverable (the next record is not wholly "
            "written, record 1)");
  r.m.Take(1000);
  EXPECT_EQ(r.m.Pending(), 50u);
  // A plain recv (type reported as data) of the handshake record must fail.
  EXPECT_NE(r.m.Deliver(r.pt[1].data(), 20, 23, false).find("must fail with EIO"),
            std::string::npos);
  EXPECT_EQ(r.m.Deliver(r.pt[1].data(), 20, 22, false), "");
  Bytes wrong = r.pt[2];
  wrong[29] ^= 1;
  EXPECT_EQ(r.m.Deliver(wrong.data(), 30, 23, false).substr(0, 41),
            "recv byte 29 (record 2 byte 29) differs: ");
  EXPECT_EQ(r.m.Deliver(r.pt[2].data(), 30, 23, false), "");
  EXPECT_FALSE(r.m.AtBadRecord());
}

// kTLS returns an empty control record as a 0-byte read with its type.
TEST(KtlsFuzzRxModel, AnEmptyRecordIsAZeroByteRead) {
  Queued q(0);
  Bytes none, one = Data(1, 1);
  q.Add(0, 20, none);
  q.Add(1, 23, one);
  EXPECT_NE(q.m.DeliverEmpty(20, false), "");  // not written yet
  q.m.Take(1000);
  EXPECT_NE(q.m.DeliverEmpty(23, false), "");  // another type
  EXPECT_EQ(q.m.DeliverEmpty(20, true), "");
  EXPECT_EQ(q.m.DeliverEmpty(20, false), "");
  EXPECT_EQ(q.m.DeliverEmpty(20, false).substr(0, 29), "recv returned 0 (type 20) bef");
  EXPECT_EQ(q.m.Deliver(one.data(), 1, 23, false), "");
}

// A data read goes on through an empty data record, so an empty control record after one comes
// out next (the fuzzer's --fuzz 1800 --seed 23 list 1670, kernel-tests/fuzz_corpus/
// empty_data_then_empty_handshake.ops): data 1 byte, empty data, empty handshake.
TEST(KtlsFuzzRxModel, AnEmptyDataRecordIsPassedOnTheWayToAControlRecord) {
  Queued q(0);
  Bytes none, one = Data(1, 1);
  q.Add(0, 23, one);
  q.Add(1, 23, none);
  q.Add(2, 22, none);
  q.m.Take(1000);
  EXPECT_NE(q.m.DeliverEmpty(22, false), "");  // the data byte first
  EXPECT_EQ(q.m.Deliver(one.data(), 1, 23, false), "");
  EXPECT_EQ(q.m.DeliverEmpty(22, true), "");
  EXPECT_EQ(q.m.DeliverEmpty(22, false), "");
  EXPECT_NE(q.m.DeliverEmpty(22, false), "");  // consumed
  EXPECT_EQ(q.m.Pending(), 0u);
}

// spliceout: splice() of the RX socket into a pipe gives data records only, one record at most.
TEST(KtlsFuzzRxModel, ASpliceMovesDataOfOneRecord) {
  Rx r;
  EXPECT_EQ(r.m.DeliverSpliced(r.pt[0].data(), 10),
            "splice returned 10 bytes, only 0 of them deliverable (the next record is not wholly "
            "written, record 0)");
  r.m.Take(10000);
  EXPECT_NE(r.m.SpliceRefused(), "");  // the next record is data
  EXPECT_EQ(r.m.DeliverSpliced(r.pt[0].data(), 20), "");
  EXPECT_EQ(r.m.DeliverSpliced(r.pt[0].data() + 20, 30), "");
  EXPECT_EQ(r.m.SpliceRefused(), "");  // a handshake record: EINVAL
  EXPECT_NE(r.m.DeliverSpliced(r.pt[1].data(), 20).find("reported as type 23"), std::string::npos);
  EXPECT_EQ(r.m.Deliver(r.pt[1].data(), 20, 22, false), "");
  EXPECT_EQ(r.m.DeliverSpliced(r.pt[2].data(), 30), "");
  EXPECT_EQ(r.m.Pending(), 0u);
}

TEST(KtlsFuzzRxModel, ASpliceNeverCrossesARecord) {
  Queued q(7, /*aria=*/false);
  Bytes a = Data(1, 50), b = Data(2, 30), none;
  q.Add(7, 23, a);
  q.Add(8, 23, none);
  q.Add(9, 23, b);
  q.m.Take(1000);
  Bytes both = a;
  both.insert(both.end(), b.begin(), b.end());
  EXPECT_EQ(q.m.Deliver(both.data(), both.size(), 23, true), "");  // a recv may
  EXPECT_EQ(q.m.DeliverSpliced(both.data(), both.size()),
            "splice returned 80 bytes, record 0 has only 50 left (a splice never crosses a "
            "record)");
  EXPECT_EQ(q.m.DeliverSpliced(a.data(), 40), "");
  EXPECT_EQ(q.m.DeliverSpliced(both.data() + 40, 20),
            "splice returned 20 bytes, record 0 has only 10 left (a splice never crosses a "
            "record)");
  EXPECT_EQ(q.m.DeliverSpliced(a.data() + 40, 10), "");
  EXPECT_EQ(q.m.DeliverEmpty(23, false), "");  // the empty data record: a 0-byte splice
  EXPECT_EQ(q.m.DeliverSpliced(b.data(), 30), "");
}

// The check the fuzzer's spliceout relies on: a byte lost (or shifted) between the pipe and the
// model is reported.
TEST(KtlsFuzzRxModel, ASplicedByteLostIsReported) {
  Rx r;
  r.m.Take(10000);
  EXPECT_EQ(r.m.DeliverSpliced(r.pt[0].data() + 1, 49).substr(0, 41),
            "splice byte 0 (record 0 byte 0) differs: ");
  Bytes short_by_one(r.pt[0].begin(), r.pt[0].begin() + 10);
  short_by_one.insert(short_by_one.end(), r.pt[0].begin() + 11, r.pt[0].end());
  EXPECT_EQ(r.m.DeliverSpliced(short_by_one.data(), short_by_one.size()).substr(0, 43),
            "splice byte 10 (record 0 byte 10) differs: ");
  EXPECT_EQ(r.m.DeliverSpliced(r.pt[0].data(), 50), "");
}

TEST(KtlsFuzzRxModel, OneRecvNeverMixesRecordTypes) {
  Rx r;
  r.m.Take(1000);
  Bytes both = r.pt[0];
  both.insert(both.end(), r.pt[1].begin(), r.pt[1].end());
  EXPECT_NE(r.m.Deliver(both.data(), both.size(), 23, false).find("mixing record types 23 and 22"),
            std::string::npos);
}

TEST(KtlsFuzzRxModel, NothingAfterACorruptedReplayedOrReorderedRecord) {
  for (int how = 0; how < 3; ++how) {
    Rx r;
    if (how == 0) {
      EXPECT_TRUE(r.m.CorruptLast(9));
    }
    if (how == 1) r.m.Replay();
    if (how == 2) {
      EXPECT_TRUE(r.m.SwapLast());
    }
    EXPECT_FALSE(r.m.AllGenuine());
    EXPECT_FALSE(r.m.BadRecordWritten());
    r.m.Take(10000);
    EXPECT_TRUE(r.m.BadRecordWritten());
    EXPECT_EQ(r.m.Deliver(r.pt[0].data(), 50, 23, false), "");
    if (how == 1) {  // the replayed record follows three genuine ones
      EXPECT_EQ(r.m.Deliver(r.pt[1].data(), 20, 22, false), "");
      EXPECT_EQ(r.m.Deliver(r.pt[2].data(), 30, 23, false), "");
      EXPECT_TRUE(r.m.AtBadRecord());
      EXPECT_NE(r.m.Deliver(r.pt[2].data(), 1, 23, false), "");
      continue;
    }
    if (how == 0) {
      EXPECT_EQ(r.m.Deliver(r.pt[1].data(), 20, 22, false), "");
    }
    EXPECT_TRUE(r.m.AtBadRecord()) << how;
    EXPECT_NE(r.m.Deliver(r.pt[2].data(), 1, 23, false), "") << how;
  }
}

// The record a write stopped in keeps its bytes when a later one is altered or moved (the fuzzer's
// first finding was this model's own bug: the rest of a partly written record was dropped).
TEST(KtlsFuzzRxModel, APartlyWrittenRecordKeepsItsBytes) {
  for (int how = 0; how < 2; ++how) {
    Rx r;
    Bytes first = r.c.Seal(1000, 23, 0, r.pt[0].data(), r.pt[0].size());
    Bytes wire = r.m.Take(1);
    if (how == 0) {
      EXPECT_TRUE(r.m.CorruptLast(1));
    } else {
      EXPECT_TRUE(r.m.SwapLast());
    }
    Bytes rest = r.m.Take(10000);
    wire.insert(wire.end(), rest.begin(), rest.end());
    ASSERT_EQ(wire.size(), 3 * 29 + 100u);
    EXPECT_TRUE(std::equal(first.begin(), first.end(), wire.begin())) << how;
    EXPECT_EQ(r.m.Deliver(r.pt[0].data(), 50, 23, false), "");
  }
}

TEST(KtlsFuzzRxModel, AlterationsNeedWhollyUnwrittenRecords) {
  Rx r;
  r.m.Take(100);  // into record 1
  EXPECT_TRUE(r.m.CorruptLast(0));
  r.m.Take(4);
  EXPECT_FALSE(r.m.SwapLast());  // record 1 is partly written
  r.m.Take(1000);
  EXPECT_FALSE(r.m.CorruptLast(3));
}

}  // namespace
}  // namespace ktls_fuzz
