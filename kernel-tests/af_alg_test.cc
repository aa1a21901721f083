// The kernel crypto API's ARIA through AF_ALG, checked against ariasuite's reference (impl/,
// scalar path): `ecb(aria)`, `cbc(aria)`, `ctr(aria)`, `gcm(aria)` as the kernel picks them, and
// each ARIA driver by its driver name (aria-generic through the ecb/cbc/ctr/gcm templates, and
// the x86 ecb-/ctr-aria-avx, -avx2, -avx512 drivers directly and under gcm_base). Known answers:
// RFC 5794 Appendix A (ECB, and the one-block CBC/CTR identities they imply) and, when the runner
// put them in the guest, vector files converted from Wycheproof-schema JSON; then random keys,
// lengths and IVs, including the lengths that cross each driver's 16/32/64-block batches and the
// counter carries. A driver the guest CPU cannot run is SKIP with the missing CPU features; a
// driver whose module loaded but which is not registered is a failure.
#include "oracles/af_alg.h"

#include <errno.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "kernel-tests/harness.h"
#include "kernel-tests/reference.h"
#include "kernel-tests/tls_util.h"
#include "vectors/model/hex.h"

using ref::Bytes;
namespace afalg = ariasuite::oracles::afalg;

namespace {

enum class Mode { kEcb, kCbc, kCtr, kGcm };

const char* ModeName(Mode m) {
  switch (m) {
    case Mode::kEcb: return "ecb";
    case Mode::kCbc: return "cbc";
    case Mode::kCtr: return "ctr";
    case Mode::kGcm: return "gcm";
  }
  return "?";
}

Bytes Random(size_t n) { return ktls::RandomVector(n); }

size_t RandomBelow(size_t n) {
  uint32_t r;
  ktls::RandomBytes(&r, sizeof(r));
  return n ? r % n : 0;
}

// The bytes of a hex literal of the tables below ("-": empty).
Bytes FromHex(const std::string& h) { return h == "-" ? Bytes() : ariasuite::model::HexLiteral(h); }

// CPU flags of the guest (/proc/cpuinfo, first "flags" line).
std::set<std::string> CpuFlags() {
  std::ifstream f("/proc/cpuinfo");
  std::string line;
  std::set<std::string> out;
  while (std::getline(f, line)) {
    if (line.rfind("flags", 0) == 0) {
      std::istringstream in(line.substr(line.find(':') + 1));
      std::string w;
      while (in >> w) out.insert(w);
      break;
    }
  }
  if (out.count("xsave")) out.insert("osxsave");
  return out;
}

// "ok" / "failed" for a module the guest's /init tried to load (/run/ariasuite-modules), or ""
// when it was not given to this guest.
std::string ModuleStatus(const std::string& module) {
  std::ifstream f("/run/ariasuite-modules");
  std::string name, status;
  while (f >> name >> status) {
    if (name == module) return status;
    std::string rest;
    std::getline(f, rest);
  }
  return "";
}

}  // namespace

namespace {

struct Target {
  const char* alg;  // what AF_ALG binds: an algorithm or a driver name
  Mode mode;
  const char* module;  // the module that provides the driver
  const char* cpu;     // CPU flags the driver needs (arch/x86/crypto/aria_*_glue.c init checks)
};

// Binds t, or SKIPs with the reason the kernel lacks it (or fails when it should have it).
void BindOrSkip(ktest::Metadata* _metadata, afalg::Transform* tfm, const Target& t) {
  bool aead = t.mode == Mode::kGcm;
  const char* type = aead ? "aead" : "skcipher";
  int e = tfm->Bind(type, t.alg);
  if (e == 0) return;
  if (e == EAFNOSUPPORT) {
    SKIP("no AF_ALG sockets in this kernel (EAFNOSUPPORT): CONFIG_CRYPTO_USER_API unset");
  }
  if (e == ENOENT) {
    // Is the AF_ALG interface of this type missing, or only the algorithm?
    if (afalg::Probe(type, aead ? "gcm(aes)" : "ecb(aes)") == ENOENT &&
        afalg::Probe(type, aead ? "gcm_base(ctr(aes-generic),ghash-generic)"
                                : "ecb(aes-generic)") == ENOENT) {
      SKIP(
          "AF_ALG has no \"%s\" interface (algif_%s not loaded or CONFIG_CRYPTO_USER_API_%s "
          "unset)",
          type, type, aead ? "AEAD" : "SKCIPHER");
    }
    std::set<std::string> flags = CpuFlags();
    std::string missing;
    std::istringstream need(t.cpu);
    std::string f;
    while (need >> f) {
      if (!flags.count(f)) missing += (missing.empty() ? "" : ", ") + f;
    }
    if (!missing.empty()) {
      SKIP("guest CPU lacks %s, which %s (module %s) needs", missing.c_str(), t.alg, t.module);
    }
    std::string st = ModuleStatus(t.module);
    if (st == "ok") {
      ktest::Fail(_metadata, __FILE__, __LINE__,
                  std::string(t.alg) + " is not available (ENOENT) although module " + t.module +
                      " loaded and the CPU has what it needs");
      ktest::AbortTest(_metadata);
    }
    SKIP("%s is not available (ENOENT): the kernel lacks %s (CONFIG_CRYPTO_ARIA*)%s", t.alg,
         t.module, st == "failed" ? "; its module failed to load" : "");
  }
  ktest::Fail(_metadata, __FILE__, __LINE__,
              std::string("bind ") + t.alg + ": " + strerrorname_np(e));
  ktest::AbortTest(_metadata);
}

}  // namespace

#define AVX "avx aes osxsave"
#define AVX2 "avx avx2 aes osxsave"
#define AVX512 "avx avx2 avx512f avx512vl gfni osxsave"

// ecb, cbc and ctr: the kernel's choice, aria-generic (crypto/aria_generic.c, a single-block
// cipher) under the templates, and the x86 drivers (AES-NI/AVX 16 blocks per call, AES-NI/AVX2
// 32, GFNI/AVX-512 64), which offer ecb and ctr only.
FIXTURE(af_alg_skcipher) { afalg::Transform tfm; };
FIXTURE_VARIANT(af_alg_skcipher) { Target t; };
FIXTURE_VARIANT_ADD(af_alg_skcipher, ecb_aria){{"ecb(aria)", Mode::kEcb, "aria_generic", ""}};
FIXTURE_VARIANT_ADD(af_alg_skcipher, cbc_aria){{"cbc(aria)", Mode::kCbc, "aria_generic", ""}};
FIXTURE_VARIANT_ADD(af_alg_skcipher, ctr_aria){{"ctr(aria)", Mode::kCtr, "aria_generic", ""}};
FIXTURE_VARIANT_ADD(af_alg_skcipher,
                    aria_generic_ecb){{"ecb(aria-generic)", Mode::kEcb, "aria_generic", ""}};
FIXTURE_VARIANT_ADD(af_alg_skcipher,
                    aria_generic_cbc){{"cbc(aria-generic)", Mode::kCbc, "aria_generic", ""}};
FIXTURE_VARIANT_ADD(af_alg_skcipher,
                    aria_generic_ctr){{"ctr(aria-generic)", Mode::kCtr, "aria_generic", ""}};
FIXTURE_VARIANT_ADD(af_alg_skcipher,
                    aria_avx_ecb){{"ecb-aria-avx", Mode::kEcb, "aria_aesni_avx_x86_64", AVX}};
FIXTURE_VARIANT_ADD(af_alg_skcipher,
                    aria_avx_ctr){{"ctr-aria-avx", Mode::kCtr, "aria_aesni_avx_x86_64", AVX}};
FIXTURE_VARIANT_ADD(af_alg_skcipher,
                    aria_avx2_ecb){{"ecb-aria-avx2", Mode::kEcb, "aria_aesni_avx2_x86_64", AVX2}};
FIXTURE_VARIANT_ADD(af_alg_skcipher,
                    aria_avx2_ctr){{"ctr-aria-avx2", Mode::kCtr, "aria_aesni_avx2_x86_64", AVX2}};
FIXTURE_VARIANT_ADD(af_alg_skcipher, aria_avx512_ecb){
    {"ecb-aria-avx512", Mode::kEcb, "aria_gfni_avx512_x86_64", AVX512}};
FIXTURE_VARIANT_ADD(af_alg_skcipher, aria_avx512_ctr){
    {"ctr-aria-avx512", Mode::kCtr, "aria_gfni_avx512_x86_64", AVX512}};

FIXTURE_SETUP(af_alg_skcipher) { BindOrSkip(_metadata, &self->tfm, variant->t); }
FIXTURE_TEARDOWN(af_alg_skcipher) {}

// gcm: the kernel's gcm(aria), and gcm_base over each ctr driver (GHASH from ghash-generic).
FIXTURE(af_alg_gcm) { afalg::Transform tfm; };
FIXTURE_VARIANT(af_alg_gcm) { Target t; };
FIXTURE_VARIANT_ADD(af_alg_gcm, gcm_aria){{"gcm(aria)", Mode::kGcm, "aria_generic", ""}};
FIXTURE_VARIANT_ADD(af_alg_gcm, aria_generic){
    {"gcm_base(ctr(aria-generic),ghash-generic)", Mode::kGcm, "aria_generic", ""}};
FIXTURE_VARIANT_ADD(af_alg_gcm, aria_avx){
    {"gcm_base(ctr-aria-avx,ghash-generic)", Mode::kGcm, "aria_aesni_avx_x86_64", AVX}};
FIXTURE_VARIANT_ADD(af_alg_gcm, aria_avx2){
    {"gcm_base(ctr-aria-avx2,ghash-generic)", Mode::kGcm, "aria_aesni_avx2_x86_64", AVX2}};
FIXTURE_VARIANT_ADD(af_alg_gcm, aria_avx512){
    {"gcm_base(ctr-aria-avx512,ghash-generic)", Mode::kGcm, "aria_gfni_avx512_x86_64", AVX512}};

FIXTURE_SETUP(af_alg_gcm) { BindOrSkip(_metadata, &self->tfm, variant->t); }
FIXTURE_TEARDOWN(af_alg_gcm) {}

namespace {

// One operation through the kernel and the reference; "" when they agree.
std::string CheckSkcipher(afalg::Transform* tfm, Mode mode, const Bytes& key, const Bytes& iv,
                          const Bytes& in) {
  int e = tfm->SetKey(key.data(), key.size());
  if (e) return std::string("setkey ") + std::to_string(key.size()) + ": " + strerrorname_np(e);
  for (bool enc : {true, false}) {
    Bytes want;
    bool ok = mode == Mode::kEcb   ? ref::Ecb(enc, key, in, &want)
              : mode == Mode::kCbc ? ref::Cbc(enc, key, iv, in, &want)
                                   : ref::Ctr(key, iv, in, &want);
    if (!ok) return "the reference refused the parameters";
    Bytes got(in.size());
    e = tfm->Skcipher(enc, iv.data(), iv.size(), in.data(), in.size(), got.data());
    if (e) return std::string(enc ? "encrypt" : "decrypt") + ": " + strerrorname_np(e);
    if (got != want) {
      return std::string(ModeName(mode)) + (enc ? " encrypt" : " decrypt") + " differs: key " +
             ktest::Hex(key.data(), key.size()) + " iv " + ktest::Hex(iv.data(), iv.size()) +
             " len " + std::to_string(in.size()) + "; kernel vs ours, " +
             ktest::FirstDifference(got.data(), want.data(), got.size());
    }
  }
  return "";
}

std::string CheckGcm(afalg::Transform* tfm, const Bytes& key, const Bytes& iv, const Bytes& aad,
                     const Bytes& pt, size_t tag_len) {
  int e = tfm->SetKey(key.data(), key.size());
  if (e) return std::string("setkey: ") + strerrorname_np(e);
  e = tfm->SetAuthSize(tag_len);
  if (e) return std::string("authsize ") + std::to_string(tag_len) + ": " + strerrorname_np(e);
  Bytes want;
  if (!ref::GcmSeal(key, iv, aad, pt, tag_len, &want)) return "the reference refused";
  Bytes got;
  e = tfm->Aead(true, iv.data(), iv.size(), aad.data(), aad.size(), pt.data(), pt.size(), tag_len,
                &got);
  if (e) return std::string("encrypt: ") + strerrorname_np(e);
  std::string where = "key " + ktest::Hex(key.data(), key.size()) + " iv " +
                      ktest::Hex(iv.data(), iv.size()) + " aad " + std::to_string(aad.size()) +
                      " pt " + std::to_string(pt.size()) + " tag " + std::to_string(tag_len);
  if (got.size() != aad.size() + want.size()) {
    return "gcm encrypt gave " + std::to_string(got.size()) + " bytes, want " +
           std::to_string(aad.size() + want.size()) + " (" + where + ")";
  }
  if (memcmp(got.data() + aad.size(), want.data(), want.size()) != 0) {
    return "gcm encrypt differs (" + where + "); ciphertext||tag kernel vs ours, " +
           ktest::FirstDifference(got.data() + aad.size(), want.data(), want.size());
  }
  e = tfm->Aead(false, iv.data(), iv.size(), aad.data(), aad.size(), want.data(), want.size(),
                tag_len, &got);
  if (e)
    return std::string("decrypt of our ciphertext: ") + strerrorname_np(e) + " (" + where + ")";
  if (got.size() != aad.size() + pt.size() ||
      (pt.size() && memcmp(got.data() + aad.size(), pt.data(), pt.size()) != 0)) {
    return "gcm decrypt differs (" + where + ")";
  }
  // Any flipped bit of ciphertext or tag, or of the AAD: EBADMSG.
  Bytes bad = want;
  bad[RandomBelow(bad.size())] ^= static_cast<uint8_t>(1u << RandomBelow(8));
  e = tfm->Aead(false, iv.data(), iv.size(), aad.data(), aad.size(), bad.data(), bad.size(),
                tag_len, &got);
  if (e != EBADMSG) {
    return std::string("decrypt of a corrupted ciphertext: ") +
           (e ? strerrorname_np(e) : "accepted") + ", want EBADMSG (" + where + ")";
  }
  if (!aad.empty()) {
    Bytes bad_aad = aad;
    bad_aad[RandomBelow(bad_aad.size())] ^= 0x80;
    e = tfm->Aead(false, iv.data(), iv.size(), bad_aad.data(), bad_aad.size(), want.data(),
                  want.size(), tag_len, &got);
    if (e != EBADMSG) {
      return std::string("decrypt with corrupted AAD: ") + (e ? strerrorname_np(e) : "accepted") +
             ", want EBADMSG (" + where + ")";
    }
  }
  return "";
}

size_t RandomKeyLen() {
  static const size_t kLens[] = {16, 24, 32};
  return kLens[RandomBelow(3)];
}

}  // namespace

namespace {

// Reads the runner's vector file for a mode (see the vectors tests); "" path when absent.
std::string VectorFile(const char* name) {
  const char* dir = getenv("ARIASUITE_VECTORS");
  std::string path = std::string(dir ? dir : "/ariasuite/vectors") + "/" + name;
  return access(path.c_str(), R_OK) == 0 ? path : "";
}

// CBC known answers from the runner's vector file (ARIA-CBC-PKCS5 vectors, valid ones: cbc(aria)
// has no padding, so decrypting gives the message followed by its PKCS#7 padding). Lines:
// `tcId result key iv msg ct` ("-" for empty).
void CbcVectors(ktest::Metadata* _metadata, afalg::Transform* tfm) {
  std::string path = VectorFile("aria_cbc.txt");
  if (path.empty()) {
    TH_LOG("no CBC vector file in this guest: RFC 5794 known answers only");
    return;
  }
  std::ifstream f(path);
  std::string line;
  int run = 0;
  while (std::getline(f, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream in(line);
    std::string id, result, k, iv, msg, ct;
    in >> id >> result >> k >> iv >> msg >> ct;
    if (result != "valid") continue;  // bad padding is not cbc(aria)'s business
    Bytes key = FromHex(k), v = FromHex(iv), m = FromHex(msg), c = FromHex(ct);
    if (v.size() != 16 || c.empty() || c.size() % 16 || c.size() <= m.size()) continue;
    ASSERT_EQ(tfm->SetKey(key.data(), key.size()), 0);
    Bytes got(c.size());
    ASSERT_EQ(tfm->Skcipher(false, v.data(), 16, c.data(), c.size(), got.data()), 0);
    size_t pad = c.size() - m.size();
    if (!m.empty()) EXPECT_MEMEQ(got.data(), m.data(), m.size());
    for (size_t i = m.size(); i < got.size(); ++i) EXPECT_EQ(got[i], pad);
    ++run;
  }
  TH_LOG("%s: %d vectors", path.c_str(), run);
  ASSERT_GT(run, 0);
}

}  // namespace

// RFC 5794 Appendix A.1-A.3: one block under 128-, 192- and 256-bit keys (key 00 01 .. 1f
// truncated, plaintext 00 11 22 .. ff). CBC with a zero IV and CTR with the plaintext as the
// counter block over a zero block give the same ECB image, so the vectors fix those modes too.
// The reference must agree as well, since the random tests trust it. CBC also runs the vector
// file when the runner provided one.
TEST_F(af_alg_skcipher, known_answer) {
  struct Kat {
    size_t key_len;
    const char* ct;
  } kats[] = {{16, "d718fbd6ab644c739da95f3be6451778"},
              {24, "26449c1805dbe7aa25a468ce263a9e79"},
              {32, "f92bd7c79fb72e2f2b8f80c1972d24fc"}};
  const Mode mode = variant->t.mode;
  Bytes pt = FromHex("00112233445566778899aabbccddeeff");
  for (const Kat& k : kats) {
    Bytes key(k.key_len);
    for (size_t i = 0; i < k.key_len; ++i) key[i] = static_cast<uint8_t>(i);
    Bytes want = FromHex(k.ct);
    ASSERT_EQ(self->tfm.SetKey(key.data(), key.size()), 0);
    Bytes iv, in = pt;
    if (mode == Mode::kCbc) iv.assign(16, 0);
    if (mode == Mode::kCtr) {
      iv = pt;           // keystream block = E_K(counter) = E_K(pt)
      in.assign(16, 0);  // so the ciphertext of a zero block is the RFC ciphertext
    }
    Bytes got(16);
    ASSERT_EQ(self->tfm.Skcipher(true, iv.data(), iv.size(), in.data(), 16, got.data()), 0);
    EXPECT_MEMEQ(got.data(), want.data(), 16);
    Bytes mine;
    if (mode == Mode::kEcb) ASSERT_TRUE(ref::Ecb(true, key, in, &mine));
    if (mode == Mode::kCbc) ASSERT_TRUE(ref::Cbc(true, key, iv, in, &mine));
    if (mode == Mode::kCtr) ASSERT_TRUE(ref::Ctr(key, iv, in, &mine));
    EXPECT_MEMEQ(mine.data(), want.data(), 16);
    if (mode != Mode::kCtr) {
      Bytes back(16);
      ASSERT_EQ(self->tfm.Skcipher(false, iv.data(), iv.size(), want.data(), 16, back.data()), 0);
      EXPECT_MEMEQ(back.data(), pt.data(), 16);
    }
  }
  if (mode == Mode::kCbc) CbcVectors(_metadata, &self->tfm);
}

// Random keys (128/192/256), IVs and lengths against the reference: every block count from 1 to
// 70 (the 16-, 32- and 64-block batches of the SIMD drivers and their tails), random ones up to
// 64 KiB, and for CTR partial final blocks (lengths up to 40000) and counters that carry across 32,
// 64 and 128 bits (the kernel's ctr(aria) is a 128-bit big-endian counter) inside a batch.
TEST_F_TIMEOUT(af_alg_skcipher, random_against_reference, 120) {
  const Mode mode = variant->t.mode;
  struct Op {
    size_t len;
    Bytes iv;
  };
  std::vector<Op> ops;
  for (size_t b = 1; b <= 70; ++b) ops.push_back({16 * b, {}});
  for (int i = 0; i < 20; ++i) ops.push_back({16 * (1 + RandomBelow(4096)), {}});
  if (mode == Mode::kCtr) {
    for (int i = 0; i < 30; ++i) ops.push_back({1 + RandomBelow(i < 20 ? 2000 : 40000), {}});
    for (const char* s : {"000102030405060708090a0bfffffff0", "0001020304050607fffffffffffffff8",
                          "fffffffffffffffffffffffffffffff0", "ffffffffffffffffffffffffffffffff",
                          "00000000000000000000000000fffffe"}) {
      for (size_t len : {size_t{16 * 20}, size_t{16 * 40 + 5}, size_t{16 * 80}}) {
        ops.push_back({len, FromHex(s)});
      }
    }
  }
  for (Op& op : ops) {
    Bytes key = Random(RandomKeyLen());
    Bytes iv = mode == Mode::kEcb ? Bytes() : (op.iv.empty() ? Random(16) : op.iv);
    std::string e = CheckSkcipher(&self->tfm, mode, key, iv, Random(op.len));
    if (!e.empty()) {
      ktest::Fail(_metadata, __FILE__, __LINE__, e);
      ktest::AbortTest(_metadata);
    }
  }
}

// Key sizes other than 16, 24 and 32 bytes: EINVAL.
TEST_F(af_alg_skcipher, bad_key_sizes) {
  for (size_t len : {size_t{0}, size_t{1}, size_t{15}, size_t{17}, size_t{20}, size_t{31},
                     size_t{33}, size_t{64}}) {
    Bytes key = Random(len);
    int e = self->tfm.SetKey(key.data(), key.size());
    if (e != EINVAL) TH_LOG("key length %zu: %s", len, e ? strerrorname_np(e) : "accepted");
    EXPECT_EQ(e, EINVAL);
  }
}

// GCM known answers from the runner's vector file (Wycheproof-schema ARIA-GCM: ours in vectors/
// and the shared Wycheproof file). Lines: `tcId result key iv aad msg ct tag` ("-" for empty).
// The kernel's gcm takes 12-byte IVs and tags of 4, 8 and 12..16 bytes; other vectors are
// counted, not run. Valid: decrypt gives msg and encrypt gives ct||tag; invalid: EBADMSG.
TEST_F_TIMEOUT(af_alg_gcm, known_answer, 120) {
  std::string path = VectorFile("aria_gcm.txt");
  if (path.empty()) {
    SKIP(
        "no ARIA-GCM vector file in this guest: the runner found neither vectors/*.json nor "
        "the shared Wycheproof aria_gcm_test.json");
  }
  std::ifstream f(path);
  std::string line;
  int run = 0, outside = 0;
  while (std::getline(f, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream in(line);
    std::string id, result, k, iv, aad, msg, ct, tag;
    in >> id >> result >> k >> iv >> aad >> msg >> ct >> tag;
    Bytes key = FromHex(k), nonce = FromHex(iv), a = FromHex(aad), m = FromHex(msg),
          c = FromHex(ct), t = FromHex(tag);
    bool tag_ok = t.size() == 4 || t.size() == 8 || (t.size() >= 12 && t.size() <= 16);
    if (nonce.size() != 12 || !tag_ok ||
        (key.size() != 16 && key.size() != 24 && key.size() != 32)) {
      ++outside;
      continue;
    }
    if (result != "valid" && result != "invalid") continue;  // "acceptable": either is fine
    ASSERT_EQ(self->tfm.SetKey(key.data(), key.size()), 0);
    ASSERT_EQ(self->tfm.SetAuthSize(t.size()), 0);
    Bytes sealed = c;
    sealed.insert(sealed.end(), t.begin(), t.end());
    Bytes got;
    int e = self->tfm.Aead(false, nonce.data(), nonce.size(), a.data(), a.size(), sealed.data(),
                           sealed.size(), t.size(), &got);
    ++run;
    if (result == "invalid") {
      if (e != EBADMSG) {
        TH_LOG("tcId %s (invalid): decrypt gave %s", id.c_str(),
               e ? strerrorname_np(e) : "success");
      }
      EXPECT_EQ(e, EBADMSG);
      continue;
    }
    if (e != 0) TH_LOG("tcId %s: decrypt %s", id.c_str(), strerrorname_np(e));
    EXPECT_EQ(e, 0);
    EXPECT_EQ(got.size(), a.size() + m.size());
    if (e == 0 && got.size() == a.size() + m.size() && !m.empty()) {
      EXPECT_MEMEQ(got.data() + a.size(), m.data(), m.size());
    }
    e = self->tfm.Aead(true, nonce.data(), nonce.size(), a.data(), a.size(), m.data(), m.size(),
                       t.size(), &got);
    EXPECT_EQ(e, 0);
    EXPECT_EQ(got.size(), a.size() + sealed.size());
    if (e == 0 && got.size() == a.size() + sealed.size()) {
      EXPECT_MEMEQ(got.data() + a.size(), sealed.data(), sealed.size());
    }
  }
  TH_LOG("%s: %d vectors run, %d outside the kernel's gcm (IV not 12 bytes, tag length)",
         path.c_str(), run, outside);
  ASSERT_GT(run, 0);
}

// Random keys, AAD (0..99 bytes), plaintext (0..20000 bytes) and tag lengths against the
// reference; each ciphertext also decrypts, and a flipped bit anywhere (or in the AAD) is EBADMSG.
TEST_F_TIMEOUT(af_alg_gcm, random_against_reference, 120) {
  static const size_t kTags[] = {16, 16, 16, 12, 8, 4, 13, 14, 15};
  for (int i = 0; i < 60; ++i) {
    Bytes key = Random(RandomKeyLen());
    Bytes iv = Random(12);
    Bytes aad = Random(i < 20 ? static_cast<size_t>(i) : RandomBelow(100));
    size_t len = i < 20 ? RandomBelow(40) : (i < 50 ? RandomBelow(2100) : RandomBelow(20000));
    std::string e = CheckGcm(&self->tfm, key, iv, aad, Random(len), kTags[RandomBelow(9)]);
    if (!e.empty()) {
      ktest::Fail(_metadata, __FILE__, __LINE__, e);
      ktest::AbortTest(_metadata);
    }
  }
}

// Key sizes other than 16, 24, 32 and tag lengths other than 4, 8, 12..16 (crypto/gcm.c
// crypto_gcm_verify_authsize): EINVAL.
TEST_F(af_alg_gcm, bad_key_and_tag_sizes) {
  for (size_t len : {size_t{0}, size_t{15}, size_t{17}, size_t{31}, size_t{33}}) {
    Bytes key = Random(len);
    int e = self->tfm.SetKey(key.data(), key.size());
    if (e != EINVAL) TH_LOG("key length %zu: %s", len, e ? strerrorname_np(e) : "accepted");
    EXPECT_EQ(e, EINVAL);
  }
  for (size_t tag : {size_t{0}, size_t{1}, size_t{3}, size_t{5}, size_t{7}, size_t{9}, size_t{11},
                     size_t{17}, size_t{32}}) {
    int e = self->tfm.SetAuthSize(tag);
    if (e != EINVAL) TH_LOG("tag length %zu: %s", tag, e ? strerrorname_np(e) : "accepted");
    EXPECT_EQ(e, EINVAL);
  }
}

// Every non-internal ARIA entry of /proc/crypto passed the kernel's self-test (crypto/testmgr.c).
TEST(aria_selftests_passed) {
  int n = 0;
  for (const afalg::AlgInfo& a : afalg::ReadProcCrypto()) {
    if (a.name.find("aria") == std::string::npos || a.internal) continue;
    ++n;
    if (a.selftest != "passed") {
      TH_LOG("%s (%s): selftest %s", a.driver.c_str(), a.name.c_str(), a.selftest.c_str());
    }
    EXPECT_EQ(a.selftest, std::string("passed"));
  }
  if (n == 0) SKIP("no ARIA algorithm in /proc/crypto (kernel without CONFIG_CRYPTO_ARIA)");
}

// ARIA drivers in /proc/crypto that no variant above names (a new driver, another architecture):
// each runs through the random comparison by its driver name, so every registered ARIA driver is
// tested. Template instances (driver names with parentheses) are the variants' own.
TEST(unlisted_aria_drivers) {
  static const std::set<std::string> kKnown = {"aria-generic",   "ecb-aria-avx",  "ctr-aria-avx",
                                               "ecb-aria-avx2",  "ctr-aria-avx2", "ecb-aria-avx512",
                                               "ctr-aria-avx512"};
  int tested = 0, aria = 0;
  for (const afalg::AlgInfo& a : afalg::ReadProcCrypto()) {
    if (a.name.find("aria") == std::string::npos || a.internal) continue;
    ++aria;
    if (kKnown.count(a.driver) || a.driver.find('(') != std::string::npos) continue;
    Mode mode;
    std::string bind = a.driver;
    if (a.name == "ecb(aria)")
      mode = Mode::kEcb;
    else if (a.name == "cbc(aria)")
      mode = Mode::kCbc;
    else if (a.name == "ctr(aria)")
      mode = Mode::kCtr;
    else if (a.name == "gcm(aria)")
      mode = Mode::kGcm;
    else if (a.name == "aria") {
      mode = Mode::kEcb;
      bind = "ecb(" + a.driver + ")";
    } else {
      TH_LOG("unlisted ARIA entry %s (%s, type %s): no check for this kind", a.driver.c_str(),
             a.name.c_str(), a.type.c_str());
      continue;
    }
    afalg::Transform tfm;
    int e = tfm.Bind(mode == Mode::kGcm ? "aead" : "skcipher", bind);
    if (e != 0) {
      TH_LOG("unlisted ARIA driver %s: bind %s", bind.c_str(), strerrorname_np(e));
      EXPECT_EQ(e, 0);
      continue;
    }
    for (int i = 0; i < 20; ++i) {
      Bytes key = Random(RandomKeyLen());
      std::string err =
          mode == Mode::kGcm
              ? CheckGcm(&tfm, key, Random(12), Random(RandomBelow(40)), Random(RandomBelow(3000)),
                         16)
              : CheckSkcipher(&tfm, mode, key, mode == Mode::kEcb ? Bytes() : Random(16),
                              Random(16 * (1 + RandomBelow(200))));
      if (!err.empty()) {
        ktest::Fail(_metadata, __FILE__, __LINE__, bind + ": " + err);
        break;
      }
    }
    TH_LOG("unlisted ARIA driver %s (%s) checked", bind.c_str(), a.name.c_str());
    ++tested;
  }
  if (aria == 0) SKIP("no ARIA algorithm in /proc/crypto (kernel without CONFIG_CRYPTO_ARIA)");
  TH_LOG("%d ARIA entries in /proc/crypto, %d of them unlisted drivers", aria, tested);
}

KTEST_MAIN()
