// The known answers of the upstream patch series (kernel-tests/upstream/), printed as the C the
// patches embed: `gen_vectors testmgr` gives the entries patch 2 appends to crypto/testmgr.h's
// ARIA templates, `gen_vectors tls` the records patch 1's tls_aria selftest compares with.
//
// Every answer is computed twice, by ariasuite's scalar reference (impl/, one vote for all our
// paths) and by OpenSSL 3's EVP ARIA (//oracles:openssl_backend), and Botan 2 is asked too; a
// disagreement between the first two is an error (exit 1, naming the vector), and the comment
// printed above each vector names the implementations that agreed. A TLS record is sealed by
// impl/tls12_record.cc on one side and assembled here from OpenSSL's ARIA-GCM seal of the RFC 5288
// nonce and RFC 5246 AAD on the other. Inputs come from a fixed-seed generator: same bytes at
// every run, so kernel-tests/upstream:series_vectors_test compares them with the patches.
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "impl/gcm.h"
#include "impl/path.h"
#include "impl/tls12_record.h"
#include "oracles/backend.h"
#include "tools/cli/app.h"
#include "vectors/model/hex.h"

namespace ariasuite::upstream {
namespace {

using oracles::Backend;
using oracles::Bytes;
using oracles::Op;
using oracles::Request;
using oracles::Result;

class Rng {  // SplitMix64 seeded by FNV-1a of a label: one stream per vector
 public:
  explicit Rng(const std::string& label) {
    for (char c : label) {
      state_ ^= static_cast<uint8_t>(c);
      state_ *= 1099511628211ull;
    }
  }
  Bytes Take(size_t n) {
    Bytes b(n);
    for (size_t i = 0; i < n; ++i) {
      if (i % 8 == 0) word_ = Next();
      b[i] = static_cast<uint8_t>(word_ >> (8 * (i % 8)));
    }
    return b;
  }

 private:
  uint64_t Next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  uint64_t state_ = 1469598103934665603ull;
  uint64_t word_ = 0;
};

struct Oracles {
  std::unique_ptr<Backend> ours = oracles::MakeOursBackend(Impl::kScalar);
  std::unique_ptr<Backend> openssl = oracles::MakeOpenSslBackend();
  std::unique_ptr<Backend> botan = oracles::MakeBotanBackend();

  // Ours and OpenSSL must accept and agree (else exit 1 naming what); *agreed lists who did.
  Result Run(const Request& r, const std::string& what, std::string* agreed) {
    std::optional<Result> a = ours->Run(r);
    std::optional<Result> b = openssl->Run(r);
    if (!a || !a->accepted || !b || !b->accepted || a->output != b->output || a->tag != b->tag) {
      std::cerr << "gen_vectors: " << what
                << ": ariasuite's reference and OpenSSL disagree: " << oracles::DescribeRequest(r)
                << " -> ours " << oracles::DescribeResult(a) << ", openssl "
                << oracles::DescribeResult(b) << "\n";
      std::exit(1);
    }
    *agreed = "ariasuite's scalar reference and OpenSSL 3";
    if (!botan->unavailable()) {
      std::optional<Result> c = botan->Run(r);
      if (c && c->accepted && c->output == a->output && c->tag == a->tag) *agreed += " and Botan 2";
    }
    return *a;
  }
};

// A C string literal in testmgr.h's layout: eight \xHH per line, continuation lines aligned.
std::string CString(const Bytes& b, const std::string& indent) {
  if (b.empty()) return "\"\"";
  std::string s;
  for (size_t i = 0; i < b.size(); i += 8) {
    if (i) s += "\n" + indent;
    s += "\"";
    for (size_t k = i; k < i + 8 && k < b.size(); ++k) s += "\\x" + model::Hex(&b[k], 1);
    s += "\"";
  }
  return s;
}

// iv + blocks as a 128-bit big-endian counter (mod 2^128): ctr(aria)'s output IV.
Bytes CounterPlus(Bytes iv, uint64_t blocks) {
  for (int k = 15; k >= 0 && blocks; --k) {
    const uint64_t v = iv[static_cast<size_t>(k)] + (blocks & 0xff);
    iv[static_cast<size_t>(k)] = static_cast<uint8_t>(v);
    blocks = (blocks >> 8) + (v >> 8);
  }
  return iv;
}

const char kInd[] = "\t\t\t  ";

// A block comment at two tabs: the sentences why and "Agreed by ...", wrapped to fit 80 columns.
std::string Comment(const std::string& why, const std::string& agreed) {
  std::string out = "\t\t/*\n", line;
  std::istringstream words(why + ". Agreed by " + agreed + ".");
  for (std::string w; words >> w;) {
    if (!line.empty() && line.size() + 1 + w.size() > 60) {
      out += "\t\t * " + line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + w;
  }
  return out + "\t\t * " + line + "\n\t\t */\n";
}

struct CipherVec {
  const char* why;
  Op op;
  size_t key_len;
  size_t len;
  // CTR: how many of the IV's low bytes are set to 0xff, and the last byte then (the carry point).
  int ff_bytes = 0;
  uint8_t last = 0;
};

void CipherEntries(Oracles& o, const char* array, const std::vector<CipherVec>& vecs,
                   std::ostream& out) {
  out << "/* " << array << " */\n";
  int n = 0;
  for (const CipherVec& v : vecs) {
    const std::string label = std::string(array) + "/" + std::to_string(n++);
    Rng rng(label);
    Request r;
    r.op = v.op;
    r.key = rng.Take(v.key_len);
    if (v.op != Op::kEcbEncrypt) r.iv = rng.Take(16);
    for (int k = 0; k < v.ff_bytes; ++k) r.iv[15 - static_cast<size_t>(k)] = 0xff;
    if (v.ff_bytes) r.iv[15] = v.last;
    r.input = rng.Take(v.len);
    std::string agreed;
    Result res = o.Run(r, label, &agreed);
    out << "\t}, {\n" << Comment(v.why, agreed);
    out << "\t\t.key\t= " << CString(r.key, kInd) << ",\n\t\t.klen\t= " << r.key.size() << ",\n";
    if (v.op != Op::kEcbEncrypt) {
      out << "\t\t.iv\t= " << CString(r.iv, kInd) << ",\n";
      const Bytes iv_out = v.op == Op::kCbcEncrypt ? Bytes(res.output.end() - 16, res.output.end())
                                                   : CounterPlus(r.iv, (v.len + 15) / 16);
      out << "\t\t.iv_out\t= " << CString(iv_out, kInd) << ",\n";
    }
    out << "\t\t.ptext\t= " << CString(r.input, kInd)
        << ",\n\t\t.ctext\t= " << CString(res.output, kInd) << ",\n\t\t.len\t= " << v.len << ",\n";
  }
}

void GcmEntries(Oracles& o, std::ostream& out) {
  struct GcmVec {
    const char* why;
    size_t key_len, aad_len, pt_len;
  };
  const GcmVec vecs[] = {
      {"1029 bytes (64 blocks and a 5-byte tail: the CTR tail of a request longer than 1000 bytes)"
       ", 20 bytes of AAD",
       16, 20, 1029},
      {"1040 bytes (65 whole blocks), no AAD, 256-bit key", 32, 0, 1040},
  };
  out << "/* aria_gcm_tv_template */\n";
  int n = 0;
  for (const GcmVec& v : vecs) {
    const std::string label = "aria_gcm_tv_template/" + std::to_string(n++);
    Rng rng(label);
    Request r;
    r.op = Op::kGcmSeal;
    r.key = rng.Take(v.key_len);
    r.iv = rng.Take(12);  // gcm(aria) is the kernel's gcm template: ivsize 12
    r.aad = rng.Take(v.aad_len);
    r.input = rng.Take(v.pt_len);
    r.tag_len = 16;
    std::string agreed;
    Result res = o.Run(r, label, &agreed);
    Bytes ct = res.output;
    ct.insert(ct.end(), res.tag.begin(), res.tag.end());
    out << "\t}, {\n" << Comment(v.why, agreed);
    out << "\t\t.key\t= " << CString(r.key, kInd) << ",\n\t\t.klen\t= " << r.key.size()
        << ",\n\t\t.iv\t= " << CString(r.iv, kInd) << ",\n";
    if (!r.aad.empty()) out << "\t\t.assoc\t= " << CString(r.aad, kInd) << ",\n";
    out << "\t\t.alen\t= " << r.aad.size() << ",\n\t\t.ptext\t= " << CString(r.input, kInd)
        << ",\n\t\t.plen\t= " << r.input.size() << ",\n\t\t.ctext\t= " << CString(ct, kInd)
        << ",\n\t\t.clen\t= " << ct.size() << ",\n";
  }
}

void Testmgr(Oracles& o, std::ostream& out) {
  // 113 blocks = 64 + 32 + 16 + 1: every batch of the GFNI/AVX-512 driver (64, then the AVX2
  // 32-way, the AVX 16-way, one block), 3 x 32 + 16 + 1 on AVX2, 7 x 16 + 1 on AVX.
  CipherEntries(o, "aria_tv_template",
                {{"113 blocks: the 64-, 32- and 16-block batches and a single block",
                  Op::kEcbEncrypt, 16, 113 * 16}},
                out);
  CipherEntries(o, "aria_cbc_tv_template",
                {{"17 blocks (a 16-block batch of the decryption and one more), 192-bit key",
                  Op::kCbcEncrypt, 24, 17 * 16}},
                out);
  CipherEntries(
      o, "aria_ctr_tv_template",
      {{"113 blocks and a 7-byte tail; the low 64 bits of the counter carry into bit 64 at block "
        "40",
        Op::kCtrEncrypt, 32, 113 * 16 + 7, 8, 0xd8},
       {"33 blocks and a 5-byte tail; the low 32 bits of the counter carry into bit 32 at block 20",
        Op::kCtrEncrypt, 16, 33 * 16 + 5, 4, 0xec},
       {"17 blocks and a 9-byte tail; the counter wraps at 2^128 at block 3, 192-bit key",
        Op::kCtrEncrypt, 24, 17 * 16 + 9, 16, 0xfd}},
      out);
  GcmEntries(o, out);
}

// ---- patch 1: TLS 1.2 records ----

// The plaintext of record n (the selftest computes the same bytes): i * 31 + n * 17 + 5.
Bytes RecordPlaintext(int n, size_t len) {
  Bytes b(len);
  for (size_t i = 0; i < len; ++i) b[i] = static_cast<uint8_t>(i * 31 + n * 17 + 5);
  return b;
}

uint64_t Be64(const Bytes& b) {
  uint64_t v = 0;
  for (uint8_t x : b) v = v << 8 | x;
  return v;
}

Bytes Be64Bytes(uint64_t v) {
  Bytes b(8);
  for (int k = 7; k >= 0; --k, v >>= 8) b[static_cast<size_t>(k)] = static_cast<uint8_t>(v);
  return b;
}

std::string CArray(const char* name, const Bytes& b) {
  std::string s = "static const unsigned char " + std::string(name) + "[] = {";
  for (size_t i = 0; i < b.size(); ++i) {
    s += i % 8 ? " " : "\n\t";
    s += "0x" + model::Hex(&b[i], 1) + (i + 1 < b.size() ? "," : "");
  }
  return s + "\n};\n\n";
}

// The two records of one cipher: record 0 (37 bytes of data) and record 1 (1029 bytes: more than
// 1000, with a 5-byte tail block), sealed with rec_seq and rec_seq + 1, explicit nonces iv and
// iv + 1 (what the kernel's TLS_TX sends after setsockopt(TLS_TX) with these values).
void TlsRecords(Oracles& o, const char* prefix, size_t key_len, std::ostream& out) {
  Rng rng(std::string("tls/") + prefix);
  const Bytes key = rng.Take(key_len), iv = rng.Take(8), salt = rng.Take(4), rec_seq = rng.Take(8);
  const size_t lens[2] = {37, 1029};
  std::vector<Bytes> records;
  std::string agreed;
  for (int n = 0; n < 2; ++n) {
    const Bytes pt = RecordPlaintext(n, lens[n]);
    const Bytes explicit_nonce = Be64Bytes(Be64(iv) + static_cast<uint64_t>(n));
    const uint64_t seq = Be64(rec_seq) + static_cast<uint64_t>(n);
    // Ours: impl/tls12_record.cc.
    AriaGcmKey k;
    Bytes ours(pt.size() + kTls12RecordOverhead);
    size_t ours_len = 0;
    if (k.Init(Impl::kScalar, key.data(), key.size()) != Status::kOk ||
        Tls12SealRecord(k, ours.data(), ours.size(), &ours_len, salt.data(), seq, 23, 0x0303,
                        explicit_nonce.data(), pt.data(), pt.size()) != Status::kOk) {
      std::cerr << "gen_vectors: Tls12SealRecord refused " << prefix << " record " << n << "\n";
      std::exit(1);
    }
    // OpenSSL: nonce = salt || explicit nonce; AAD = seq || type || version || length.
    Request r;
    r.op = Op::kGcmSeal;
    r.key = key;
    r.iv = salt;
    r.iv.insert(r.iv.end(), explicit_nonce.begin(), explicit_nonce.end());
    r.aad = Be64Bytes(seq);
    r.aad.insert(r.aad.end(), {23, 0x03, 0x03, static_cast<uint8_t>(pt.size() >> 8),
                               static_cast<uint8_t>(pt.size())});
    r.input = pt;
    r.tag_len = 16;
    std::optional<Result> e = o.openssl->Run(r);
    const size_t body = 8 + pt.size() + 16;
    Bytes theirs = {23, 0x03, 0x03, static_cast<uint8_t>(body >> 8), static_cast<uint8_t>(body)};
    theirs.insert(theirs.end(), explicit_nonce.begin(), explicit_nonce.end());
    if (e && e->accepted) {
      theirs.insert(theirs.end(), e->output.begin(), e->output.end());
      theirs.insert(theirs.end(), e->tag.begin(), e->tag.end());
    }
    if (theirs != ours) {
      std::cerr << "gen_vectors: " << prefix << " record " << n
                << ": impl/tls12_record and OpenSSL's EVP ARIA-GCM disagree\n";
      std::exit(1);
    }
    records.push_back(ours);
    agreed = "ariasuite's impl/tls12_record.cc and OpenSSL 3's EVP ARIA-GCM";
  }
  const std::string p(prefix);
  out << "/*\n * " << p << ": TLS 1.2 records 0 and 1 (" << lens[0] << " and " << lens[1]
      << " bytes of application data,\n * byte i of record n = i * 31 + n * 17 + 5) under the "
      << "key, salt, iv and rec_seq below.\n * Agreed by " << agreed << ".\n */\n";
  out << CArray((p + "_key").c_str(), key) << CArray((p + "_iv").c_str(), iv)
      << CArray((p + "_salt").c_str(), salt) << CArray((p + "_rec_seq").c_str(), rec_seq)
      << CArray((p + "_rec0").c_str(), records[0]) << CArray((p + "_rec1").c_str(), records[1]);
}

}  // namespace
}  // namespace ariasuite::upstream

int main(int argc, char** argv) {
  using namespace ariasuite::upstream;
  std::string what;
  std::unique_ptr<CLI::App> app = ariasuite::cli::NewApp(
      "gen_vectors",
      "Prints the known answers of the upstream patch series as the C the patches embed, each "
      "computed by our reference and OpenSSL (exit 1 when they disagree).");
  app->add_option("OUTPUT", what,
                  "testmgr: the entries patch 2 appends to crypto/testmgr.h; tls: the records "
                  "patch 1's tls_aria selftest compares with")
      ->required()
      ->check(CLI::IsMember({"testmgr", "tls"}));
  if (std::optional<int> status = ariasuite::cli::Parse(*app, argc, argv)) return *status;
  Oracles o;
  if (o.openssl->unavailable()) {
    std::cerr << "gen_vectors: OpenSSL's ARIA is unavailable: " << *o.openssl->unavailable()
              << "\n";
    return 2;
  }
  std::ostringstream out;
  if (what == "testmgr") {
    Testmgr(o, out);
  } else {
    TlsRecords(o, "aria128", 16, out);
    TlsRecords(o, "aria256", 32, out);
  }
  std::cout << out.str();
  return 0;
}
