// The kTLS fuzzer's reference side (ktls_fuzz.cc): TLS 1.2 GCM records sealed and opened in user
// space (ARIA through impl/tls12_record, AES through impl's test-only AES-GCM with the same record
// layout, RFC 5288 §3 / RFC 5246 §6.2.3.3), the check of a kernel TX byte stream against the
// bytes the kernel accepted, and the model of what a kernel RX socket may deliver from the records
// a raw peer wrote. No system calls: tested natively (ktls_fuzz_check_test.cc).
#ifndef ARIASUITE_KERNEL_TESTS_KTLS_FUZZ_CHECK_H_
#define ARIASUITE_KERNEL_TESTS_KTLS_FUZZ_CHECK_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "impl/aes_gcm_control.h"
#include "impl/gcm.h"

namespace ktls_fuzz {

using Bytes = std::vector<uint8_t>;

inline constexpr uint8_t kTypeData = 23;

// One direction's record protection with a 4-byte salt.
class RecordCipher {
 public:
  // aria: ARIA-GCM (key_len 16 or 32), else AES-GCM. False on a bad key length.
  bool Init(bool aria, const uint8_t* key, size_t key_len, const uint8_t salt[4]);
  // One record of `type` with sequence number seq and this explicit nonce.
  Bytes Seal(uint64_t seq, uint8_t type, uint64_t explicit_nonce, const uint8_t* pt,
             size_t len) const;
  // Opens a whole record (header included) sealed with seq: "" and *type, *pt, or what failed.
  std::string Open(uint64_t seq, const uint8_t* rec, size_t len, uint8_t* type, Bytes* pt) const;

 private:
  bool aria_ = true;
  ariasuite::AriaGcmKey aria_key_;
  ariasuite::AesGcmControlKey aes_key_;
  uint8_t salt_[4] = {};
};

// Bytes of one record type, in the order the kernel accepted them.
struct Chunk {
  uint8_t type;
  Bytes data;
};

// Checks the raw TX byte stream of a kernel TLS_TX socket: whole records of version 3,3, each at
// most 2^14 bytes of plaintext, record i opened with sequence number first_seq + i and carrying
// the explicit nonce first_iv + i, and the plaintext, run by run of one record type, equal to
// `accepted` (empty records and empty chunks carry no bytes and are left out of the comparison).
// `required` counts the accepted bytes (in order) that must be on the wire: all of them for a
// socket that stays open. Fewer after a shutdown or close of the TX socket, which may drop an
// open or unsent record: then the plaintext need only be a prefix of `accepted` at least that
// long, and the last record may be cut short (a record the kernel had partly sent).
// Returns "" or the first problem. *sizes receives each record's type and plaintext length
// ("23:100", a record cut short "cut:N" with N its bytes on the wire) for the trace that is
// compared between ciphers.
std::string CheckTx(const RecordCipher& c, uint64_t first_seq, uint64_t first_iv, const Bytes& wire,
                    const std::vector<Chunk>& accepted, uint64_t required,
                    std::vector<std::string>* sizes);

// The number of bytes in these chunks.
uint64_t TotalBytes(const std::vector<Chunk>& chunks);

// The first step where an ARIA run's trace differs from the control's: "" when equal, else
// "step N: \"a\" vs \"b\"" (a missing step reads "(nothing)").
std::string FirstDivergence(const std::vector<std::string>& a, const std::vector<std::string>& b);

// What a kernel RX socket may deliver: the records the raw peer queued, in wire order, each with
// the sequence number it was sealed with. Record i is genuine when it was sealed with base + i and
// not altered; the deliverable stream is the genuine records before the first other one, as far
// as their bytes were written.
class RxModel {
 public:
  explicit RxModel(uint64_t base_seq) : base_(base_seq) {}

  // A record queued at the end of the wire: its sealed bytes, type, plaintext and seq.
  void Queue(const Bytes& rec, uint8_t type, const Bytes& pt, uint64_t seq);
  // The last queued record again (same bytes and seq), if any.
  void Replay();
  // Swaps the last two queued records (both must be wholly unwritten). False when not possible.
  bool SwapLast();
  // Flips byte off of the last queued record (off 0 its type; others are taken into 5..size-1),
  // if that record is wholly unwritten. False when not possible.
  bool CorruptLast(uint32_t off);
  // The next n unwritten wire bytes (fewer at the end), marked written.
  Bytes Take(size_t n);
  size_t Unwritten() const { return wire_.size() - written_; }

  // Checks n bytes a recv returned: equal to the deliverable stream at the cursor, within one run
  // of records of one type (`type`: the TLS_GET_RECORD_TYPE the call reported, or kTypeData for a
  // plain recv, which kTLS must refuse with EIO for other types); advances the cursor unless peek.
  // "" or what is wrong.
  std::string Deliver(const uint8_t* data, size_t n, uint8_t type, bool peek);
  // Checks n bytes that splice() moved from the RX socket into a pipe (tls_sw_splice_read): the
  // next bytes of the deliverable stream, of a data record, and from one record only (a splice
  // never crosses a record boundary); advances the cursor. "" or what is wrong.
  std::string DeliverSpliced(const uint8_t* data, size_t n);
  // A splice that failed with EINVAL: "" when the next deliverable record is a genuine, wholly
  // written record of another type than data (splice cannot return its type), else what is wrong.
  std::string SpliceRefused() const;
  // A recv that returned 0 bytes of record type `type` while the raw peer had not closed: "" when
  // the next record is an empty genuine one of that type, wholly written (kTLS hands out an empty
  // control record as a 0-byte read with its type), which it consumes unless peek; else what is
  // wrong.
  std::string DeliverEmpty(uint8_t type, bool peek);
  // Bytes of the deliverable stream not yet returned, counting only wholly written records.
  size_t Pending() const;
  // Whether every queued record is genuine (then the whole stream must come out).
  bool AllGenuine() const;
  // Whether a non-genuine record is wholly written and every genuine byte before it was returned
  // (then the next recv must fail with EBADMSG).
  bool AtBadRecord() const;
  // Whether some non-genuine record is wholly written (an EBADMSG is possible).
  bool BadRecordWritten() const;

 private:
  struct Rec {
    Bytes bytes;
    uint8_t type;
    Bytes pt;
    uint64_t seq;
    bool altered = false;
    size_t start = 0;  // offset in wire_
  };
  bool Genuine(size_t i) const { return !recs_[i].altered && recs_[i].seq == base_ + i; }
  bool Written(size_t i) const { return recs_[i].start + recs_[i].bytes.size() <= written_; }
  // The record at the cursor and the offset in it, past records consumed to their end.
  void Cursor(size_t* ri, size_t* ro) const;
  void Rebuild();

  uint64_t base_;
  std::vector<Rec> recs_;
  Bytes wire_;
  size_t written_ = 0;
  size_t cur_rec_ = 0, cur_off_ = 0;  // the cursor in the deliverable stream
};

}  // namespace ktls_fuzz

#endif  // ARIASUITE_KERNEL_TESTS_KTLS_FUZZ_CHECK_H_
