// What tls12_record's input means (see cases.h for the Visit scheme): a TLS 1.2 ARIA-GCM
// connection state (RFC 6209 cipher suites: a 16- or 32-byte key, the 4-byte salt of RFC 5288 §3),
// a run of up to 3 records sealed with consecutive sequence numbers, the first one raw or near
// 2^64 - 1 so the run reaches the wrap, and how a record to open is tampered with.
#ifndef ARIASUITE_FUZZ_TLS12_CASE_H_
#define ARIASUITE_FUZZ_TLS12_CASE_H_

#include <cstdint>

#include "fuzz/cases.h"
#include "fuzz/fuzz_io.h"

namespace ariasuite::fuzz {

struct TlsCase {
  uint8_t key_index = 0;  // 0: 16-byte key (TLS_*_WITH_ARIA_128_GCM_*); 1: 32-byte key
  uint8_t seq_mode = 0;   // 0: seq as given; 1: 2^64 - 1 - seq (seq 0..3): the run wraps
  uint64_t seq = 0;
  uint8_t type = 23;         // ContentType (RFC 5246 §6.2.1); application_data is 23
  uint8_t version_mode = 0;  // 0: {3, 3}; 1: version as given
  uint16_t version = 0x0303;
  bool open = false;   // also open the records (every one, after tampering)
  uint8_t tamper = 0;  // 0: none; 1: flip a bit of the record; 2: open with the next
                       // sequence number; 3: cut the record by one byte
  uint32_t flip = 0;
  uint8_t nrecords = 1;  // 1..3
  LengthChoice length;   // each record's plaintext length, unless big
  bool big = false;      // length 2^14 + big_delta - 16: around the RFC 5246 §6.2.1 limit
  uint8_t big_delta = 16;
  Bytes key, salt, explicit_nonce, payload;

  template <typename Io>
  void Visit(Io& io) {
    io.template Int<uint8_t>(&key_index, 0, 1);
    io.template Int<uint8_t>(&seq_mode, 0, 1);
    io.template Int<uint64_t>(&seq, 0, seq_mode == 0 ? ~uint64_t{0} : 3);
    io.template Int<uint8_t>(&type, 0, 255);
    io.template Int<uint8_t>(&version_mode, 0, 1);
    if (version_mode == 1) io.template Int<uint16_t>(&version, 0, 0xffff);
    io.Bool(&open);
    io.template Int<uint8_t>(&tamper, 0, 3);
    io.template Int<uint32_t>(&flip, 0, 0xffffffffu);
    io.template Int<uint8_t>(&nrecords, 1, 3);
    io.Bool(&big);
    if (big) {
      io.template Int<uint8_t>(&big_delta, 0, 32);
    } else {
      length.Visit(io);
    }
    io.Data(&key, KeyLen());
    io.Data(&salt, 4);
    io.Data(&explicit_nonce, 8);
    io.Data(&payload, PayloadLen());
  }
  size_t PayloadLen() const { return big ? (size_t{1} << 14) + big_delta - 16 : length.Length(); }
  size_t KeyLen() const { return key_index == 0 ? 16 : 32; }
  uint64_t FirstSeq() const { return seq_mode == 0 ? seq : ~uint64_t{0} - seq; }
  // The records of a run share one payload and differ only in their sequence number, which a
  // 2^14-byte payload exercises no differently from a short one: a big payload is sealed once,
  // and the runs (up to the wrap) go through short ones, which cost a fifth as much or less.
  int Records() const { return big ? 1 : nrecords; }
  uint16_t Version() const { return version_mode == 0 ? 0x0303 : version; }
};

}  // namespace ariasuite::fuzz

#endif  // ARIASUITE_FUZZ_TLS12_CASE_H_
