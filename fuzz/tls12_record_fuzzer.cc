// tls12_record: our TLS 1.2 ARIA-GCM record protection (impl/tls12_record.h; RFC 5246 §6.2.3.3,
// RFC 5288 §3, RFC 6209) on every path against the same construction written here on OpenSSL's
// EVP ARIA-GCM: nonce = 4-byte salt || 8-byte explicit nonce, AAD = seq_num || type || version ||
// length. Runs of up to three records with consecutive sequence numbers, starting anywhere or just
// below 2^64 - 1 (a connection must stop before the number wraps, RFC 5246 §6.1, so the run stops
// there); payloads around the 2^14 limit; opening valid records and records with a flipped bit,
// the wrong sequence number or a byte cut off. The EVP construction counts as ours: a
// disagreement is always investigated as a bug here, never allowlisted.
#include <openssl/evp.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

#include "fuzz/fuzz_common.h"
#include "fuzz/fuzz_entry.h"
#include "fuzz/tls12_case.h"
#include "impl/dispatch.h"
#include "impl/gcm.h"
#include "impl/tls12_record.h"

namespace ariasuite::fuzz {
namespace {

using oracles::Bytes;

struct CtxFree {
  void operator()(EVP_CIPHER_CTX* c) const { EVP_CIPHER_CTX_free(c); }
};

void Put16(Bytes* b, uint16_t v) {
  b->push_back(static_cast<uint8_t>(v >> 8));
  b->push_back(static_cast<uint8_t>(v));
}

// RFC 5246 §6.2.3.3: additional_data = seq_num + TLSCompressed.type + TLSCompressed.version +
// TLSCompressed.length.
Bytes Aad(uint64_t seq, uint8_t type, uint16_t version, size_t len) {
  Bytes aad;
  for (int i = 7; i >= 0; --i) aad.push_back(static_cast<uint8_t>(seq >> (8 * i)));
  aad.push_back(type);
  Put16(&aad, version);
  Put16(&aad, static_cast<uint16_t>(len));
  return aad;
}

// ARIA-GCM through EVP; for open, tag is checked and nullopt means refused.
std::optional<Bytes> EvpGcm(bool seal, const Bytes& key, const Bytes& nonce, const Bytes& aad,
                            const uint8_t* in, size_t len, Bytes* tag) {
  std::unique_ptr<EVP_CIPHER_CTX, CtxFree> ctx(EVP_CIPHER_CTX_new());
  const EVP_CIPHER* cipher = key.size() == 16 ? EVP_aria_128_gcm() : EVP_aria_256_gcm();
  Bytes out(len + 16);
  int n = 0, m = 0;
  if (EVP_CipherInit_ex(ctx.get(), cipher, nullptr, key.data(), nonce.data(), seal ? 1 : 0) != 1 ||
      EVP_CipherUpdate(ctx.get(), nullptr, &n, aad.data(), static_cast<int>(aad.size())) != 1 ||
      EVP_CipherUpdate(ctx.get(), out.data(), &n, in, static_cast<int>(len)) != 1) {
    return std::nullopt;
  }
  if (!seal && EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_TAG, 16, tag->data()) != 1) {
    return std::nullopt;
  }
  if (EVP_CipherFinal_ex(ctx.get(), out.data() + n, &m) != 1) return std::nullopt;
  if (seal) {
    tag->assign(16, 0);
    if (EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_GET_TAG, 16, tag->data()) != 1) {
      return std::nullopt;
    }
  }
  out.resize(static_cast<size_t>(n + m));
  return out;
}

Result EvpSeal(const TlsCase& c, uint64_t seq) {
  if (c.payload.size() > (size_t{1} << 14)) return Refused("plaintext over 2^14 (RFC 5246 §6.2.1)");
  Bytes nonce = c.salt;
  nonce.insert(nonce.end(), c.explicit_nonce.begin(), c.explicit_nonce.end());
  Bytes tag;
  auto ct = EvpGcm(true, c.key, nonce, Aad(seq, c.type, c.Version(), c.payload.size()),
                   c.payload.data(), c.payload.size(), &tag);
  if (!ct) return Refused("EVP seal failed");
  Bytes record = {c.type};
  Put16(&record, c.Version());
  Put16(&record, static_cast<uint16_t>(8 + ct->size() + 16));
  record.insert(record.end(), c.explicit_nonce.begin(), c.explicit_nonce.end());
  record.insert(record.end(), ct->begin(), ct->end());
  record.insert(record.end(), tag.begin(), tag.end());
  return Accepted(record);
}

// Output: the content type byte, then the plaintext.
Result EvpOpen(const TlsCase& c, uint64_t seq, const Bytes& record) {
  if (record.size() < 5) return Refused("short header");
  const size_t len = (size_t{record[3]} << 8) | record[4];
  const uint16_t version = static_cast<uint16_t>((record[1] << 8) | record[2]);
  if (len != record.size() - 5 || version != c.Version() || len < 8 + 16) {
    return Refused("bad header");
  }
  const size_t pt_len = len - 8 - 16;
  if (pt_len > (size_t{1} << 14)) return Refused("record over 2^14");
  Bytes nonce = c.salt;
  nonce.insert(nonce.end(), record.begin() + 5, record.begin() + 13);
  Bytes tag(record.end() - 16, record.end());
  auto pt = EvpGcm(false, c.key, nonce, Aad(seq, record[0], version, pt_len), record.data() + 13,
                   pt_len, &tag);
  if (!pt) return Refused("tag mismatch");
  Bytes out = {record[0]};
  out.insert(out.end(), pt->begin(), pt->end());
  return Accepted(out);
}

}  // namespace

void FuzzOne(const uint8_t* data, size_t size) {
  TlsCase c;
  ReadCases(data, size, c);
  std::vector<std::pair<Impl, AriaGcmKey>> keys;
  for (Impl impl : AvailableImpls()) {
    AriaGcmKey key;
    if (key.Init(impl, c.key.data(), c.key.size()) == Status::kOk) keys.emplace_back(impl, key);
  }
  uint64_t seq = c.FirstSeq();
  for (int i = 0; i < c.Records(); ++i) {
    Differ seal("tls12-seal");
    seal.Param("seq_from_wrap", static_cast<int64_t>(~uint64_t{0} - seq));
    seal.Param("input_len", static_cast<int64_t>(c.payload.size()));
    seal.Input("key", c.key);
    seal.Input("salt", c.salt);
    seal.Input("explicit_nonce", c.explicit_nonce);
    seal.Input("payload", c.payload);
    seal.Note("seq=" + std::to_string(seq) + " type=" + std::to_string(c.type) +
              " version=" + std::to_string(c.Version()));
    const Result reference = EvpSeal(c, seq);
    seal.Add("tls12-on-openssl-evp", true, reference);
    for (auto& [impl, key] : keys) {
      Bytes record(c.payload.size() + kTls12RecordOverhead + 7, 0xee);
      size_t len = 0;
      const Status st =
          Tls12SealRecord(key, record.data(), record.size(), &len, c.salt.data(), seq, c.type,
                          c.Version(), c.explicit_nonce.data(), c.payload.data(), c.payload.size());
      record.resize(len);
      seal.Add(std::string("ours/") + ImplName(impl), true,
               st == Status::kOk ? Accepted(record) : Refused(StatusName(st)));
    }
    seal.Check();

    if (c.open && reference.accepted) {
      Bytes record = reference.output;
      uint64_t open_seq = seq;
      if (c.tamper == 1) {
        const uint32_t bit = c.flip % (8 * record.size());
        record[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
      } else if (c.tamper == 2) {
        open_seq = seq + 1;  // mod 2^64
      } else if (c.tamper == 3) {
        record.pop_back();
      }
      Differ open("tls12-open");
      open.Param("tamper", c.tamper);
      open.Param("seq_from_wrap", static_cast<int64_t>(~uint64_t{0} - open_seq));
      open.Input("record", record);
      open.Note("seq=" + std::to_string(open_seq));
      open.Add("tls12-on-openssl-evp", true, EvpOpen(c, open_seq, record));
      for (auto& [impl, key] : keys) {
        Bytes pt(record.size() + 3, 0x5c);
        size_t pt_len = 0;
        uint8_t type = 0;
        const Status st = Tls12OpenRecord(key, pt.data(), pt.size(), &pt_len, &type, c.salt.data(),
                                          open_seq, c.Version(), record.data(), record.size());
        Result r;
        if (st == Status::kOk) {
          Bytes out = {type};
          out.insert(out.end(), pt.begin(), pt.begin() + static_cast<long>(pt_len));
          r = Accepted(out);
        } else {
          r = Refused(StatusName(st));
          for (uint8_t b : pt) {
            if (st == Status::kAuthFailed && b != 0 && b != 0x5c) {
              r.output = pt;  // plaintext released on a refusal: the Differ reports it
              break;
            }
          }
        }
        open.Add(std::string("ours/") + ImplName(impl), true, r);
      }
      open.Check();
    }
    // RFC 5246 §6.1: sequence numbers may not exceed 2^64 - 1; the connection stops here.
    if (seq == ~uint64_t{0}) break;
    ++seq;
  }
}

}  // namespace ariasuite::fuzz
