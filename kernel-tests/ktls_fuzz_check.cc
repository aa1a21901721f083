// The kTLS fuzzer's reference side (see ktls_fuzz_check.h).
#include "kernel-tests/ktls_fuzz_check.h"

#include <cstring>

#include "impl/status.h"
#include "impl/tls12_record.h"

namespace ktls_fuzz {
namespace {

using ariasuite::Status;

constexpr size_t kHeader = ariasuite::kTls12HeaderLen;
constexpr size_t kOverhead = ariasuite::kTls12RecordOverhead;
constexpr size_t kMaxPt = ariasuite::kTls12MaxPlaintext;

void PutBe64(uint8_t* p, uint64_t v) {
  for (int i = 7; i >= 0; --i, v >>= 8) p[i] = static_cast<uint8_t>(v);
}

uint64_t Be64(const uint8_t* p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | p[i];
  return v;
}

// AAD = seq || type || version 3,3 || plaintext length (RFC 5246 §6.2.3.3).
void Aad(uint8_t aad[13], uint64_t seq, uint8_t type, size_t len) {
  PutBe64(aad, seq);
  aad[8] = type;
  aad[9] = 3;
  aad[10] = 3;
  aad[11] = static_cast<uint8_t>(len >> 8);
  aad[12] = static_cast<uint8_t>(len);
}

std::string Hex(const uint8_t* p, size_t n) {
  static const char kDigits[] = "0123456789abcdef";
  std::string s;
  for (size_t i = 0; i < n && i < 32; ++i) {
    s += kDigits[p[i] >> 4];
    s += kDigits[p[i] & 15];
  }
  return s + (n > 32 ? "..." : "");
}

}  // namespace

bool RecordCipher::Init(bool aria, const uint8_t* key, size_t key_len, const uint8_t salt[4]) {
  aria_ = aria;
  memcpy(salt_, salt, 4);
  if (aria) return aria_key_.Init(ariasuite::Impl::kScalar, key, key_len) == Status::kOk;
  return aes_key_.Init(ariasuite::Impl::kScalar, key, key_len) == Status::kOk;
}

Bytes RecordCipher::Seal(uint64_t seq, uint8_t type, uint64_t explicit_nonce, const uint8_t* pt,
                         size_t len) const {
  Bytes rec(len + kOverhead);
  uint8_t en[8];
  PutBe64(en, explicit_nonce);
  if (aria_) {
    size_t n = 0;
    if (ariasuite::Tls12SealRecord(aria_key_, rec.data(), rec.size(), &n, salt_, seq, type, 0x0303,
                                   en, pt, len) != Status::kOk) {
      return {};
    }
    rec.resize(n);
    return rec;
  }
  size_t body = 8 + len + 16;
  rec[0] = type;
  rec[1] = 3;
  rec[2] = 3;
  rec[3] = static_cast<uint8_t>(body >> 8);
  rec[4] = static_cast<uint8_t>(body);
  memcpy(rec.data() + 5, en, 8);
  uint8_t nonce[12], aad[13];
  memcpy(nonce, salt_, 4);
  memcpy(nonce + 4, en, 8);
  Aad(aad, seq, type, len);
  if (ariasuite::AesGcmControlSeal(aes_key_, rec.data() + 13, rec.data() + 13 + len, 16, nonce, 12,
                                   pt, len, aad, 13) != Status::kOk) {
    return {};
  }
  return rec;
}

std::string RecordCipher::Open(uint64_t seq, const uint8_t* rec, size_t len, uint8_t* type,
                               Bytes* pt) const {
  if (len < kOverhead) return "record of " + std::to_string(len) + " bytes is shorter than 29";
  size_t body = (size_t{rec[3]} << 8) | rec[4];
  if (body + kHeader != len)
    return "length field " + std::to_string(body) + " for a record of " + std::to_string(len) +
           " bytes";
  if (rec[1] != 3 || rec[2] != 3) return "version " + Hex(rec + 1, 2) + ", not 0303";
  size_t n = len - kOverhead;
  if (n > kMaxPt) return "plaintext of " + std::to_string(n) + " bytes exceeds 2^14";
  pt->assign(n, 0);
  if (aria_) {
    size_t got = 0;
    Status s = ariasuite::Tls12OpenRecord(aria_key_, pt->data(), pt->size(), &got, type, salt_, seq,
                                          0x0303, rec, len);
    if (s != Status::kOk) {
      return std::string("does not open with sequence number ") + std::to_string(seq) + " (" +
             ariasuite::StatusName(s) + ")";
    }
    pt->resize(got);
    return "";
  }
  uint8_t nonce[12], aad[13];
  memcpy(nonce, salt_, 4);
  memcpy(nonce + 4, rec + 5, 8);
  Aad(aad, seq, rec[0], n);
  Status s = ariasuite::AesGcmControlOpen(aes_key_, pt->data(), nonce, 12, rec + 13, n,
                                          rec + 13 + n, 16, aad, 13);
  if (s != Status::kOk) {
    return std::string("does not open with sequence number ") + std::to_string(seq) + " (" +
           ariasuite::StatusName(s) + ")";
  }
  *type = rec[0];
  return "";
}

uint64_t TotalBytes(const std::vector<Chunk>& chunks) {
  uint64_t n = 0;
  for (const Chunk& ch : chunks) n += ch.data.size();
  return n;
}

std::string CheckTx(const RecordCipher& c, uint64_t first_seq, uint64_t first_iv, const Bytes& wire,
                    const std::vector<Chunk>& accepted, uint64_t required,
                    std::vector<std::string>* sizes) {
  // Bytes may be missing at the end only when not every accepted byte is required.
  const bool may_lose = required < TotalBytes(accepted);
  std::vector<Chunk> got;
  uint64_t got_bytes = 0;
  size_t off = 0;
  for (uint64_t i = 0; off < wire.size(); ++i) {
    std::string where =
        "TX record " + std::to_string(i) + " (at byte " + std::to_string(off) + " of the stream)";
    size_t left = wire.size() - off;
    size_t len = left < kHeader ? 0 : kHeader + ((size_t{wire[off + 3]} << 8) | wire[off + 4]);
    if ((left < kHeader || left < len) && may_lose) {
      sizes->push_back("cut:" + std::to_string(left));
      break;
    }
    if (left < kHeader) {
      return where + ": " + std::to_string(left) + " bytes of a header at the end";
    }
    if (left < len) {
      return where + ": cut short, " + std::to_string(left) + " of " + std::to_string(len) +
             " bytes at the end";
    }
    const uint8_t* rec = wire.data() + off;
    if (len >= kHeader + 8 && Be64(rec + kHeader) != first_iv + i) {
      return where + ": explicit nonce " + Hex(rec + kHeader, 8) + ", expected iv + " +
             std::to_string(i);
    }
    uint8_t type = 0;
    Bytes pt;
    std::string err = c.Open(first_seq + i, rec, len, &type, &pt);
    if (!err.empty()) return where + ": " + err;
    sizes->push_back(std::to_string(type) + ":" + std::to_string(pt.size()));
    if (!pt.empty()) {
      if (got.empty() || got.back().type != type) got.push_back({type, {}});
      got.back().data.insert(got.back().data.end(), pt.begin(), pt.end());
      got_bytes += pt.size();
    }
    off += len;
  }
  std::vector<Chunk> want;
  for (const Chunk& ch : accepted) {
    if (ch.data.empty()) continue;
    if (want.empty() || want.back().type != ch.type) want.push_back({ch.type, {}});
    want.back().data.insert(want.back().data.end(), ch.data.begin(), ch.data.end());
  }
  for (size_t r = 0; r < want.size() || r < got.size(); ++r) {
    std::string run = "TX run " + std::to_string(r) + " of one record type";
    if (r >= got.size()) {
      if (may_lose) break;  // checked against `required` below
      return run + ": missing (type " + std::to_string(want[r].type) + ", " +
             std::to_string(want[r].data.size()) +
             " bytes accepted by the kernel, not on the wire)";
    }
    if (r >= want.size()) {
      return run + ": " + std::to_string(got[r].data.size()) + " bytes of type " +
             std::to_string(got[r].type) + " on the wire that the kernel never accepted";
    }
    if (got[r].type != want[r].type) {
      return run + ": type " + std::to_string(got[r].type) + ", sent as " +
             std::to_string(want[r].type);
    }
    const Bytes& a = got[r].data;
    const Bytes& b = want[r].data;
    size_t n = a.size() < b.size() ? a.size() : b.size();
    for (size_t k = 0; k < n; ++k) {
      if (a[k] != b[k]) {
        return run + ": plaintext differs at byte " + std::to_string(k) + ": " +
               Hex(a.data() + k, a.size() - k) + " vs sent " + Hex(b.data() + k, b.size() - k);
      }
    }
    // Only the last run on the wire may stop short, and only when bytes may be missing.
    bool prefix = may_lose && a.size() < b.size() && r + 1 == got.size();
    if (a.size() != b.size() && !prefix) {
      return run + ": " + std::to_string(a.size()) + " bytes on the wire, " +
             std::to_string(b.size()) + " accepted";
    }
  }
  if (got_bytes < required) {
    return "TX stream: " + std::to_string(got_bytes) + " bytes on the wire, " +
           std::to_string(required) + " accepted in records the kernel had closed";
  }
  return "";
}

std::string FirstDivergence(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  for (size_t i = 0; i < a.size() || i < b.size(); ++i) {
    std::string x = i < a.size() ? a[i] : "(nothing)";
    std::string y = i < b.size() ? b[i] : "(nothing)";
    if (x != y) return "step " + std::to_string(i) + ": \"" + x + "\" vs \"" + y + "\"";
  }
  return "";
}

void RxModel::Queue(const Bytes& rec, uint8_t type, const Bytes& pt, uint64_t seq) {
  Rec r;
  r.bytes = rec;
  r.type = type;
  r.pt = pt;
  r.seq = seq;
  r.start = wire_.size();
  wire_.insert(wire_.end(), rec.begin(), rec.end());
  recs_.push_back(r);
}

void RxModel::Replay() {
  if (recs_.empty()) return;
  Rec r = recs_.back();
  Queue(r.bytes, r.type, r.pt, r.seq);
  recs_.back().altered = r.altered;
}

// Lays the wire out again from the first record not yet started (the records before it keep their
// bytes: only wholly unwritten records are ever altered or moved).
void RxModel::Rebuild() {
  size_t first = recs_.size();
  for (size_t i = 0; i < recs_.size(); ++i) {
    if (recs_[i].start >= written_) {
      first = i;
      break;
    }
  }
  // Where the first unstarted record begins: after the record before it (a swap moved its start).
  size_t start = first == 0 ? 0 : recs_[first - 1].start + recs_[first - 1].bytes.size();
  wire_.resize(start);
  for (size_t i = first; i < recs_.size(); ++i) {
    recs_[i].start = start;
    wire_.insert(wire_.end(), recs_[i].bytes.begin(), recs_[i].bytes.end());
    start += recs_[i].bytes.size();
  }
}

bool RxModel::SwapLast() {
  size_t n = recs_.size();
  if (n < 2 || recs_[n - 2].start < written_) return false;
  std::swap(recs_[n - 2], recs_[n - 1]);
  Rebuild();
  return true;
}

bool RxModel::CorruptLast(uint32_t off) {
  if (recs_.empty() || recs_.back().start < written_) return false;
  Rec& r = recs_.back();
  size_t at = off == 0 ? 0 : kHeader + (off - 1) % (r.bytes.size() - kHeader);
  r.bytes[at] ^= 1;
  r.altered = true;
  Rebuild();
  return true;
}

Bytes RxModel::Take(size_t n) {
  if (n > Unwritten()) n = Unwritten();
  Bytes out(wire_.begin() + written_, wire_.begin() + written_ + n);
  written_ += n;
  return out;
}

std::string RxModel::Deliver(const uint8_t* data, size_t n, uint8_t type, bool peek) {
  size_t ri = cur_rec_, ro = cur_off_;
  // Skip records already consumed to the end (and empty ones).
  while (ri < recs_.size() && ro == recs_[ri].pt.size()) {
    ++ri;
    ro = 0;
  }
  size_t done = 0;
  uint8_t run_type = 0;
  while (done < n) {
    if (ri >= recs_.size() || !Genuine(ri) || !Written(ri)) {
      std::string why = ri >= recs_.size() ? "no record left"
                        : !Genuine(ri)     ? "the next record is not genuine"
                                           : "the next record is not wholly written";
      return "recv returned " + std::to_string(n) + " bytes, only " + std::to_string(done) +
             " of them deliverable (" + why + ", record " + std::to_string(ri) + ")";
    }
    const Rec& r = recs_[ri];
    if (done == 0) run_type = r.type;
    if (r.type != run_type) {
      return "recv returned " + std::to_string(n) + " bytes mixing record types " +
             std::to_string(run_type) + " and " + std::to_string(r.type) + " (record " +
             std::to_string(ri) + ")";
    }
    size_t take = r.pt.size() - ro;
    if (take > n - done) take = n - done;
    if (memcmp(data + done, r.pt.data() + ro, take) != 0) {
      size_t k = 0;
      while (data[done + k] == r.pt[ro + k]) ++k;
      return "recv byte " + std::to_string(done + k) + " (record " + std::to_string(ri) + " byte " +
             std::to_string(ro + k) + ") differs: " + Hex(data + done + k, take - k) +
             " vs sealed " + Hex(r.pt.data() + ro + k, take - k);
    }
    done += take;
    ro += take;
    if (ro == r.pt.size() && done < n) {
      ++ri;
      ro = 0;
    }
  }
  if (n > 0 && run_type != type) {
    return "recv returned " + std::to_string(n) + " bytes of record type " +
           std::to_string(run_type) + " reported as type " + std::to_string(type) +
           (type == kTypeData ? " (a plain recv of a non-data record must fail with EIO)" : "");
  }
  if (!peek) {
    cur_rec_ = ri;
    cur_off_ = ro;
  }
  return "";
}

void RxModel::Cursor(size_t* ri, size_t* ro) const {
  *ri = cur_rec_;
  *ro = cur_off_;
  while (*ri < recs_.size() && *ro == recs_[*ri].pt.size() && !recs_[*ri].pt.empty()) {
    ++*ri;
    *ro = 0;
  }
}

std::string RxModel::DeliverSpliced(const uint8_t* data, size_t n) {
  size_t ri, ro;
  Cursor(&ri, &ro);
  // Past empty records: a splice of an empty data record returns 0 and is no call with bytes.
  while (ri < recs_.size() && recs_[ri].pt.empty() && Genuine(ri) && Written(ri)) {
    ++ri;
    ro = 0;
  }
  if (n > 0 && ri < recs_.size() && Genuine(ri) && Written(ri) && n > recs_[ri].pt.size() - ro) {
    return "splice returned " + std::to_string(n) + " bytes, record " + std::to_string(ri) +
           " has only " + std::to_string(recs_[ri].pt.size() - ro) +
           " left (a splice never crosses a record)";
  }
  std::string err = Deliver(data, n, kTypeData, false);
  if (err.rfind("recv ", 0) == 0) err.replace(0, 4, "splice");
  return err;
}

std::string RxModel::SpliceRefused() const {
  size_t ri, ro;
  Cursor(&ri, &ro);
  if (ri < recs_.size() && Genuine(ri) && Written(ri) && recs_[ri].type != kTypeData) return "";
  return "splice failed with EINVAL, but the next record is no wholly written genuine record of "
         "a control type";
}

std::string RxModel::DeliverEmpty(uint8_t type, bool peek) {
  size_t ri, ro;
  Cursor(&ri, &ro);
  // A control record comes out only after the records before it: an empty data record before it
  // was consumed by the data read that took the bytes before it (a read of data goes on through an
  // empty data record), so it is passed here (seen: data 1 byte, empty data, empty handshake ->
  // the drain returns 1 byte, then recv returns 0 with type 22, on ARIA and AES alike).
  while (type != kTypeData && ri < recs_.size() && ro == 0 && recs_[ri].pt.empty() &&
         recs_[ri].type == kTypeData && Genuine(ri) && Written(ri)) {
    ++ri;
  }
  if (ri < recs_.size() && ro == 0 && recs_[ri].pt.empty() && Genuine(ri) && Written(ri) &&
      recs_[ri].type == type) {
    if (!peek) {
      cur_rec_ = ri + 1;
      cur_off_ = 0;
    }
    return "";
  }
  return "recv returned 0 (type " + std::to_string(type) +
         ") before end of file, and the next record is no empty genuine one of that type";
}

size_t RxModel::Pending() const {
  size_t n = 0;
  for (size_t i = cur_rec_; i < recs_.size() && Genuine(i) && Written(i); ++i) {
    n += recs_[i].pt.size() - (i == cur_rec_ ? cur_off_ : 0);
  }
  return n;
}

bool RxModel::AllGenuine() const {
  for (size_t i = 0; i < recs_.size(); ++i) {
    if (!Genuine(i)) return false;
  }
  return true;
}

bool RxModel::BadRecordWritten() const {
  for (size_t i = 0; i < recs_.size(); ++i) {
    if (!Genuine(i)) return Written(i);
  }
  return false;
}

bool RxModel::AtBadRecord() const { return BadRecordWritten() && Pending() == 0; }

}  // namespace ktls_fuzz
