// The constant-time check program. Each check runs one code path that claims constant time with its
// secrets (keys, plaintext, GHASH key) marked undefined through memcheck's client requests, so
// valgrind reports every branch ("Conditional jump or move depends on uninitialised value(s)") and
// every memory index ("Use of uninitialised value of size 8") that depends on a secret. Outputs are
// marked defined again before they are compared with a run on unmarked inputs, so the program also
// fails when the marked run computes something else. tools/ct/ct_driver.py runs each check under
// `valgrind --tool=memcheck` and turns the reports into a verdict per check.
//
// Usage: ct_check --list      one line per check: NAME<TAB>RUN<TAB>clean|leaky
//                             or NAME<TAB>SKIP<TAB>reason
//        ct_check NAME...     runs the named checks, prints "CT-DONE NAME" after each
//        ct_check --all       runs every runnable check
// Exit status: 0 when every check ran and agreed with the unmarked run; 1 on a mismatch; 2 on a
// bad argument or a check that cannot run here.
#include <valgrind/memcheck.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "impl/aria.h"
#include "impl/cbc_pkcs5.h"
#include "impl/ccm.h"
#include "impl/cmac.h"
#include "impl/dispatch.h"
#include "impl/gcm.h"
#include "impl/internal.h"
#include "impl/keywrap.h"
#include "impl/modes.h"
#include "impl/status.h"
#include "tools/ct/leaky.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__) || defined(ARIASUITE_UBSAN)
#define ARIASUITE_CT_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) || \
    __has_feature(thread_sanitizer)
#define ARIASUITE_CT_SANITIZED 1
#endif
#endif

namespace ariasuite::ct {
namespace {

// ---- Marking ----

void MarkSecret(const void* p, size_t len) { (void)VALGRIND_MAKE_MEM_UNDEFINED(p, len); }
void MarkPublic(const void* p, size_t len) { (void)VALGRIND_MAKE_MEM_DEFINED(p, len); }

// The round keys are secret; the round count is public.
void MarkSecret(const AriaKey& key) { MarkSecret(key.rk, sizeof(key.rk)); }

// ---- Test data and failure reporting ----

std::vector<uint8_t> Bytes(size_t len, uint32_t seed) {
  std::vector<uint8_t> v(len);
  uint32_t x = seed * 2654435761u + 12345u;
  for (uint8_t& b : v) {
    x = x * 1664525u + 1013904223u;
    b = static_cast<uint8_t>(x >> 24);
  }
  return v;
}

bool g_failed = false;

void Fail(const std::string& check, const std::string& what) {
  std::fprintf(stderr, "CT-MISMATCH %s: %s\n", check.c_str(), what.c_str());
  g_failed = true;
}

void ExpectSame(const std::string& check, const std::string& what, const uint8_t* got,
                const uint8_t* want, size_t len) {
  MarkPublic(got, len);
  if (std::memcmp(got, want, len) != 0) Fail(check, what + ": output differs from the unmarked run");
}

void ExpectStatus(const std::string& check, const std::string& what, Status got, Status want) {
  MarkPublic(&got, sizeof(got));
  if (got != want) {
    Fail(check, what + ": got " + StatusName(got) + ", want " + StatusName(want));
  }
}

constexpr size_t kKeyLens[] = {16, 24, 32};

AriaKey EncKey(const std::vector<uint8_t>& raw) {
  AriaKey k;
  AriaSetEncryptKey(&k, raw.data(), raw.size());
  return k;
}

AriaKey DecKey(const std::vector<uint8_t>& raw) {
  AriaKey k;
  AriaSetDecryptKey(&k, raw.data(), raw.size());
  return k;
}

// ---- Checks of the ARIA core (scalar reference API) ----

// RFC 5794 §2.2, §2.4: encryption and decryption round keys from a secret key.
void CheckKeySchedule(const std::string& name) {
  for (size_t key_len : kKeyLens) {
    const std::vector<uint8_t> raw = Bytes(key_len, 1);
    const AriaKey want_ek = EncKey(raw), want_dk = DecKey(raw);
    std::vector<uint8_t> secret = raw;
    MarkSecret(secret.data(), secret.size());
    AriaKey ek, dk;
    ExpectStatus(name, "AriaSetEncryptKey", AriaSetEncryptKey(&ek, secret.data(), key_len),
                 Status::kOk);
    ExpectStatus(name, "AriaSetDecryptKey", AriaSetDecryptKey(&dk, secret.data(), key_len),
                 Status::kOk);
    ExpectSame(name, "ek " + std::to_string(key_len * 8), &ek.rk[0][0], &want_ek.rk[0][0],
               sizeof(ek.rk));
    ExpectSame(name, "dk " + std::to_string(key_len * 8), &dk.rk[0][0], &want_dk.rk[0][0],
               sizeof(dk.rk));
  }
}

// AriaCryptBlock, the one-block API, with secret round keys and a secret block.
void CheckCryptBlock(const std::string& name, bool decrypt) {
  for (size_t key_len : kKeyLens) {
    const std::vector<uint8_t> raw = Bytes(key_len, 2);
    AriaKey key = decrypt ? DecKey(raw) : EncKey(raw);
    const std::vector<uint8_t> in = Bytes(16, 3);
    uint8_t want[16], got[16];
    AriaCryptBlock(key, want, in.data());
    std::vector<uint8_t> secret_in = in;
    MarkSecret(key);
    MarkSecret(secret_in.data(), 16);
    AriaCryptBlock(key, got, secret_in.data());
    ExpectSame(name, "AriaCryptBlock " + std::to_string(key_len * 8), got, want, 16);
  }
}

// ---- Checks of one backend (path) ----

// Block counts that reach every batch size and tail of the widest path (64 blocks per batch).
constexpr size_t kBlockCounts[] = {1, 2, 3, 4, 5, 15, 16, 17, 31, 32, 33, 63, 64, 65, 129};

void CheckCryptBlocks(const std::string& name, const internal::Backend& be, bool decrypt) {
  for (size_t key_len : kKeyLens) {
    const std::vector<uint8_t> raw = Bytes(key_len, 4);
    AriaKey key = decrypt ? DecKey(raw) : EncKey(raw);
    for (size_t n : kBlockCounts) {
      if (key_len != 32 && n > 17) continue;  // every key size at small counts, all counts once
      const std::vector<uint8_t> in = Bytes(16 * n, static_cast<uint32_t>(n));
      std::vector<uint8_t> want(16 * n), got(16 * n);
      be.crypt_blocks(key, want.data(), in.data(), n);
      AriaKey secret_key = key;
      std::vector<uint8_t> secret_in = in;
      MarkSecret(secret_key);
      MarkSecret(secret_in.data(), secret_in.size());
      be.crypt_blocks(secret_key, got.data(), secret_in.data(), n);
      ExpectSame(name, "crypt_blocks n=" + std::to_string(n), got.data(), want.data(), got.size());
    }
  }
}

// Counter mode: the counter is public (it is the IV), the key and the data are secret. The
// counters start near a carry so the increment code runs its carrying branches.
void CheckCtr(const std::string& name, const internal::Backend& be, bool ctr32) {
  const internal::CtrFn fn = ctr32 ? be.ctr32 : be.ctr128;
  const AriaKey key = EncKey(Bytes(32, 5));
  for (size_t n : kBlockCounts) {
    uint8_t iv[16];
    std::memcpy(iv, Bytes(16, 6).data(), 16);
    std::memset(iv + 8, 0xff, 8);
    iv[15] = static_cast<uint8_t>(0x100 - (n / 2 + 1));  // wraps the low 32/64 bits mid-call
    const std::vector<uint8_t> in = Bytes(16 * n, static_cast<uint32_t>(n + 100));
    std::vector<uint8_t> want(16 * n), got(16 * n);
    uint8_t ctr_want[16], ctr_got[16];
    std::memcpy(ctr_want, iv, 16);
    std::memcpy(ctr_got, iv, 16);
    fn(key, want.data(), in.data(), n, ctr_want);
    AriaKey secret_key = key;
    std::vector<uint8_t> secret_in = in;
    MarkSecret(secret_key);
    MarkSecret(secret_in.data(), secret_in.size());
    fn(secret_key, got.data(), secret_in.data(), n, ctr_got);
    ExpectSame(name, "ctr n=" + std::to_string(n), got.data(), want.data(), got.size());
    ExpectSame(name, "counter after n=" + std::to_string(n), ctr_got, ctr_want, 16);
  }
}

// GHASH (SP 800-38D §6.4): H (from the key) and the state are secret; so is the data here (GHASH
// of plaintext-dependent blocks must not leak either).
void CheckGhash(const std::string& name, const internal::Backend& be) {
  const std::vector<uint8_t> h = Bytes(16, 7);
  for (size_t n : kBlockCounts) {
    const std::vector<uint8_t> in = Bytes(16 * n, static_cast<uint32_t>(n + 200));
    internal::GhashKey want_key, got_key;
    be.ghash_init(&want_key, h.data());
    uint8_t xi_want[16] = {}, xi_got[16] = {};
    be.ghash(want_key, xi_want, in.data(), n);
    std::vector<uint8_t> secret_h = h, secret_in = in;
    MarkSecret(secret_h.data(), 16);
    MarkSecret(secret_in.data(), secret_in.size());
    MarkSecret(xi_got, 16);  // the state is secret too (its value is 0 here)
    be.ghash_init(&got_key, secret_h.data());
    be.ghash(got_key, xi_got, secret_in.data(), n);
    ExpectSame(name, "ghash n=" + std::to_string(n), xi_got, xi_want, 16);
  }
}

// The stitched GCM bulk functions, when the path has them.
void CheckGcmBulk(const std::string& name, const internal::Backend& be) {
  const AriaKey key = EncKey(Bytes(16, 8));
  const std::vector<uint8_t> h = Bytes(16, 9);
  internal::GhashKey hkey;
  be.ghash_init(&hkey, h.data());
  for (bool seal : {true, false}) {
    const internal::GcmBulkFn fn = seal ? be.gcm_seal_bulk : be.gcm_open_bulk;
    for (size_t n : kBlockCounts) {
      const std::vector<uint8_t> in = Bytes(16 * n, static_cast<uint32_t>(n + 300));
      uint8_t ctr_want[16], ctr_got[16], xi_want[16] = {}, xi_got[16] = {};
      std::memcpy(ctr_want, Bytes(16, 10).data(), 16);
      std::memcpy(ctr_got, ctr_want, 16);
      std::vector<uint8_t> want(16 * n), got(16 * n);
      fn(key, hkey, xi_want, ctr_want, want.data(), in.data(), n);
      AriaKey secret_key = key;
      internal::GhashKey secret_hkey = hkey;
      std::vector<uint8_t> secret_in = in;
      MarkSecret(secret_key);
      MarkSecret(secret_hkey.bytes, sizeof(secret_hkey.bytes));
      MarkSecret(secret_in.data(), secret_in.size());
      fn(secret_key, secret_hkey, xi_got, ctr_got, got.data(), secret_in.data(), n);
      const std::string what = std::string(seal ? "seal" : "open") + " n=" + std::to_string(n);
      ExpectSame(name, what, got.data(), want.data(), got.size());
      ExpectSame(name, what + " xi", xi_got, xi_want, 16);
      ExpectSame(name, what + " ctr", ctr_got, ctr_want, 16);
    }
  }
}

// Text lengths for the GCM checks: empty, partial, whole blocks, and past one 64-block batch.
constexpr size_t kGcmLens[] = {0, 1, 16, 17, 100, 1040};

// AriaGcmSeal with a secret key and secret plaintext; IV and AAD are public.
void CheckGcmSeal(const std::string& name, Impl impl) {
  const std::vector<uint8_t> raw = Bytes(32, 11), iv = Bytes(12, 12), aad = Bytes(13, 13);
  for (size_t len : kGcmLens) {
    const std::vector<uint8_t> pt = Bytes(len, static_cast<uint32_t>(len + 400));
    AriaGcmKey key;
    ExpectStatus(name, "Init", key.Init(impl, raw.data(), raw.size()), Status::kOk);
    std::vector<uint8_t> want(len + 1), got(len + 1);
    uint8_t tag_want[16], tag_got[16];
    ExpectStatus(name, "seal", AriaGcmSeal(key, want.data(), tag_want, 16, iv.data(), iv.size(),
                                           pt.data(), len, aad.data(), aad.size()),
                 Status::kOk);
    std::vector<uint8_t> secret_raw = raw, secret_pt = pt;
    MarkSecret(secret_raw.data(), secret_raw.size());
    MarkSecret(secret_pt.data(), secret_pt.size());
    AriaGcmKey secret_key;
    ExpectStatus(name, "Init (secret key)",
                 secret_key.Init(impl, secret_raw.data(), secret_raw.size()), Status::kOk);
    ExpectStatus(name, "seal (secret key)",
                 AriaGcmSeal(secret_key, got.data(), tag_got, 16, iv.data(), iv.size(),
                             secret_pt.data(), len, aad.data(), aad.size()),
                 Status::kOk);
    ExpectSame(name, "ciphertext len=" + std::to_string(len), got.data(), want.data(), len);
    ExpectSame(name, "tag len=" + std::to_string(len), tag_got, tag_want, 16);
  }
}

// AriaGcmOpen with a secret key: a wrong tag (one bit flipped, in the first and in the last byte)
// and the right one. Only the verdict may become public; the comparison must not branch on the
// expected tag.
void CheckGcmOpen(const std::string& name, Impl impl) {
  const std::vector<uint8_t> raw = Bytes(16, 14), iv = Bytes(12, 15), aad = Bytes(20, 16);
  for (size_t len : kGcmLens) {
    const std::vector<uint8_t> pt = Bytes(len, static_cast<uint32_t>(len + 500));
    AriaGcmKey key;
    ExpectStatus(name, "Init", key.Init(impl, raw.data(), raw.size()), Status::kOk);
    std::vector<uint8_t> ct(len + 1), out(len + 1);
    uint8_t tag[16];
    ExpectStatus(name, "seal", AriaGcmSeal(key, ct.data(), tag, 16, iv.data(), iv.size(),
                                           pt.data(), len, aad.data(), aad.size()),
                 Status::kOk);
    std::vector<uint8_t> secret_raw = raw;
    MarkSecret(secret_raw.data(), secret_raw.size());
    AriaGcmKey secret_key;
    ExpectStatus(name, "Init (secret key)",
                 secret_key.Init(impl, secret_raw.data(), secret_raw.size()), Status::kOk);
    for (int flip : {0, 15, -1}) {  // -1: the right tag
      uint8_t try_tag[16];
      std::memcpy(try_tag, tag, 16);
      if (flip >= 0) try_tag[flip] ^= 0x01;
      const Status want = flip >= 0 ? Status::kAuthFailed : Status::kOk;
      const Status got = AriaGcmOpen(secret_key, out.data(), iv.data(), iv.size(), ct.data(), len,
                                     try_tag, 16, aad.data(), aad.size());
      ExpectStatus(name, "open len=" + std::to_string(len) + " flip=" + std::to_string(flip), got,
                   want);
      if (flip < 0) ExpectSame(name, "plaintext len=" + std::to_string(len), out.data(), pt.data(), len);
    }
  }
}

// ---- Checks of the other modes' secret-dependent verdicts ----

// CBC-PKCS5 decryption with a secret key: the padding check must not branch on the plaintext.
// Cases: every valid padding length 1..16, and invalid paddings (0, 17, one wrong padding byte).
void CheckCbcPkcs5(const std::string& name) {
  const std::vector<uint8_t> raw = Bytes(16, 17), iv = Bytes(16, 18);
  const AriaKey ek = EncKey(raw);
  struct Case {
    size_t msg_len;  // message bytes before the padding
    int pad_byte;    // -1: correct PKCS#5 padding; else every padding byte has this value
    int corrupt;     // >= 0: this byte of the last block is XORed with 0x40
    Status want;
  };
  std::vector<Case> cases;
  for (size_t m = 16; m <= 32; ++m) cases.push_back({m, -1, -1, Status::kOk});
  cases.push_back({16, 0, -1, Status::kBadPadding});
  cases.push_back({16, 17, -1, Status::kBadPadding});
  cases.push_back({20, -1, 4, Status::kBadPadding});  // a padding byte of 12 is wrong
  for (const Case& c : cases) {
    // Build the padded plaintext by hand, CBC-encrypt it with the public key, decrypt with a
    // secret one.
    std::vector<uint8_t> padded = Bytes(c.msg_len, static_cast<uint32_t>(c.msg_len + 600));
    const size_t pad = 16 - c.msg_len % 16;
    padded.resize(c.msg_len + pad, static_cast<uint8_t>(c.pad_byte >= 0 ? c.pad_byte : pad));
    if (c.corrupt >= 0) padded[padded.size() - 16 + c.corrupt] ^= 0x40;
    std::vector<uint8_t> ct(padded.size()), out(padded.size());
    uint8_t chain[16];
    std::memcpy(chain, iv.data(), 16);
    AriaCbcEncrypt(Impl::kScalar, ek, chain, ct.data(), padded.data(), padded.size());
    std::vector<uint8_t> secret_raw = raw;
    MarkSecret(secret_raw.data(), secret_raw.size());
    const AriaKey dk = DecKey(secret_raw);
    size_t out_len = 0;
    const Status got =
        AriaCbcPkcs5Decrypt(Impl::kScalar, dk, out.data(), &out_len, iv.data(), ct.data(), ct.size());
    const std::string what = "decrypt msg_len=" + std::to_string(c.msg_len) +
                             " pad_byte=" + std::to_string(c.pad_byte) +
                             " corrupt=" + std::to_string(c.corrupt);
    ExpectStatus(name, what, got, c.want);
    if (c.want == Status::kOk) {
      MarkPublic(&out_len, sizeof(out_len));
      if (out_len != c.msg_len) Fail(name, what + ": wrong out_len");
      ExpectSame(name, what + " plaintext", out.data(), padded.data(), c.msg_len);
    }
  }
}

// CCM open with a secret key and a wrong / right tag (SP 800-38C §6.2).
void CheckCcmOpen(const std::string& name) {
  const std::vector<uint8_t> raw = Bytes(16, 19), nonce = Bytes(13, 20), aad = Bytes(8, 21);
  const AriaKey ek = EncKey(raw);
  for (size_t len : {size_t{0}, size_t{5}, size_t{40}}) {
    const std::vector<uint8_t> pt = Bytes(len, static_cast<uint32_t>(len + 700));
    std::vector<uint8_t> ct(len + 1), out(len + 1);
    uint8_t tag[16];
    ExpectStatus(name, "seal", AriaCcmSeal(Impl::kScalar, ek, ct.data(), tag, 16, nonce.data(),
                                           nonce.size(), pt.data(), len, aad.data(), aad.size()),
                 Status::kOk);
    std::vector<uint8_t> secret_raw = raw;
    MarkSecret(secret_raw.data(), secret_raw.size());
    const AriaKey secret_key = EncKey(secret_raw);
    for (int flip : {0, 15, -1}) {
      uint8_t try_tag[16];
      std::memcpy(try_tag, tag, 16);
      if (flip >= 0) try_tag[flip] ^= 0x80;
      const Status got = AriaCcmOpen(Impl::kScalar, secret_key, out.data(), nonce.data(),
                                     nonce.size(), ct.data(), len, try_tag, 16, aad.data(), aad.size());
      ExpectStatus(name, "open len=" + std::to_string(len) + " flip=" + std::to_string(flip), got,
                   flip >= 0 ? Status::kAuthFailed : Status::kOk);
    }
  }
}

// CMAC verification with a secret key (SP 800-38B §6.3).
void CheckCmacVerify(const std::string& name) {
  const std::vector<uint8_t> raw = Bytes(24, 22);
  const AriaKey ek = EncKey(raw);
  for (size_t len : {size_t{0}, size_t{16}, size_t{33}}) {
    const std::vector<uint8_t> msg = Bytes(len, static_cast<uint32_t>(len + 800));
    uint8_t tag[16];
    ExpectStatus(name, "mac", AriaCmac(Impl::kScalar, ek, tag, 16, msg.data(), len), Status::kOk);
    std::vector<uint8_t> secret_raw = raw;
    MarkSecret(secret_raw.data(), secret_raw.size());
    const AriaKey secret_key = EncKey(secret_raw);
    for (int flip : {0, 15, -1}) {
      uint8_t try_tag[16];
      std::memcpy(try_tag, tag, 16);
      if (flip >= 0) try_tag[flip] ^= 0x02;
      ExpectStatus(name, "verify len=" + std::to_string(len) + " flip=" + std::to_string(flip),
                   AriaCmacVerify(Impl::kScalar, secret_key, try_tag, 16, msg.data(), len),
                   flip >= 0 ? Status::kAuthFailed : Status::kOk);
    }
  }
}

// KW and KWP unwrap with a secret key: the integrity and padding checks (SP 800-38F §6.2, §6.3).
void CheckKeyUnwrap(const std::string& name, bool kwp) {
  const std::vector<uint8_t> raw = Bytes(32, 23);
  const AriaKey ek = EncKey(raw);
  for (size_t len : kwp ? std::vector<size_t>{1, 9, 20, 24} : std::vector<size_t>{16, 24, 40}) {
    const std::vector<uint8_t> key_data = Bytes(len, static_cast<uint32_t>(len + 900));
    std::vector<uint8_t> wrapped(len + 16), out(len + 16);
    size_t wrapped_len = 0, out_len = 0;
    ExpectStatus(name, "wrap",
                 kwp ? AriaKwpWrap(Impl::kScalar, ek, wrapped.data(), &wrapped_len, key_data.data(), len)
                     : AriaKwWrap(Impl::kScalar, ek, wrapped.data(), &wrapped_len, key_data.data(), len),
                 Status::kOk);
    std::vector<uint8_t> secret_raw = raw;
    MarkSecret(secret_raw.data(), secret_raw.size());
    const AriaKey dk = DecKey(secret_raw);
    for (int flip : {0, static_cast<int>(wrapped_len) - 1, -1}) {
      std::vector<uint8_t> in(wrapped.begin(), wrapped.begin() + wrapped_len);
      if (flip >= 0) in[flip] ^= 0x04;
      const Status got = kwp ? AriaKwpUnwrap(Impl::kScalar, dk, out.data(), &out_len, in.data(), in.size())
                             : AriaKwUnwrap(Impl::kScalar, dk, out.data(), &out_len, in.data(), in.size());
      ExpectStatus(name, "unwrap len=" + std::to_string(len) + " flip=" + std::to_string(flip), got,
                   flip >= 0 ? Status::kAuthFailed : Status::kOk);
    }
  }
}

// ---- The leaky controls (must be reported) ----

void CheckLeakyTable(const std::string& name) {
  std::vector<uint8_t> data = Bytes(64, 24);
  MarkSecret(data.data(), data.size());
  LeakyTableSbox(data.data(), data.size());
  MarkPublic(data.data(), data.size());
  (void)name;
}

void CheckLeakyCompare(const std::string& name) {
  std::vector<uint8_t> a = Bytes(16, 25), b = a;
  b[9] ^= 1;
  MarkSecret(a.data(), a.size());
  bool equal = LeakyEarlyExitEqual(a.data(), b.data(), a.size());
  MarkPublic(&equal, sizeof(equal));
  if (equal) Fail(name, "LeakyEarlyExitEqual called different buffers equal");
}

// ---- The registry ----

struct Check {
  std::string name;
  bool leaky;          // a control that valgrind must report
  std::string skip;    // non-empty: cannot run here, and why
  std::function<void(const std::string&)> run;
};

std::vector<Check> AllChecks() {
  std::vector<Check> checks;
  auto add = [&](std::string name, std::function<void(const std::string&)> run) {
    checks.push_back({std::move(name), false, "", std::move(run)});
  };
  add("aria/key-schedule", CheckKeySchedule);
  add("aria/encrypt-block", [](const std::string& n) { CheckCryptBlock(n, false); });
  add("aria/decrypt-block", [](const std::string& n) { CheckCryptBlock(n, true); });
  for (Impl impl : AllImpls()) {
    const std::string path = ImplName(impl);
    std::string missing;
    const bool supported = IsSupported(impl, &missing);
    const internal::Backend* be = supported ? BackendFor(impl) : nullptr;
    std::string skip;
    if (!supported) {
      skip = std::string(RUNNING_ON_VALGRIND ? "valgrind's virtual CPU" : "this CPU") +
             " cannot run " + path + ": missing " + missing;
    } else if (be == nullptr) {
      skip = path + ": no backend table";
    }
    auto add_path = [&](const std::string& what, std::function<void(const std::string&)> run) {
      checks.push_back({path + "/" + what, false, skip, skip.empty() ? std::move(run) : nullptr});
    };
    add_path("encrypt", [be](const std::string& n) { CheckCryptBlocks(n, *be, false); });
    add_path("decrypt", [be](const std::string& n) { CheckCryptBlocks(n, *be, true); });
    add_path("ctr32", [be](const std::string& n) { CheckCtr(n, *be, true); });
    add_path("ctr128", [be](const std::string& n) { CheckCtr(n, *be, false); });
    add_path("ghash", [be](const std::string& n) { CheckGhash(n, *be); });
    if (be == nullptr || be->gcm_seal_bulk != nullptr) {
      add_path("gcm-bulk", [be](const std::string& n) { CheckGcmBulk(n, *be); });
    }
    add_path("gcm-seal", [impl](const std::string& n) { CheckGcmSeal(n, impl); });
    add_path("gcm-open-tag-check", [impl](const std::string& n) { CheckGcmOpen(n, impl); });
  }
  add("cbc-pkcs5/padding-check", CheckCbcPkcs5);
  add("ccm/open-tag-check", CheckCcmOpen);
  add("cmac/verify", CheckCmacVerify);
  add("kw/unwrap-check", [](const std::string& n) { CheckKeyUnwrap(n, false); });
  add("kwp/unwrap-check", [](const std::string& n) { CheckKeyUnwrap(n, true); });
  checks.push_back({"leaky/table-sbox", true, "", CheckLeakyTable});
  checks.push_back({"leaky/early-exit-compare", true, "", CheckLeakyCompare});
#ifdef ARIASUITE_CT_SANITIZED
  for (Check& c : checks) {
    c.skip = "built with a sanitizer (asan, ubsan or fuzz config); valgrind cannot run sanitized binaries";
  }
#endif
  return checks;
}

int Main(int argc, char** argv) {
  const std::vector<Check> checks = AllChecks();
  if (argc < 2) {
    std::fprintf(stderr, "usage: ct_check --list | --all | NAME...\n");
    return 2;
  }
  if (std::string_view(argv[1]) == "--list") {
    for (const Check& c : checks) {
      if (c.skip.empty()) {
        std::printf("%s\tRUN\t%s\n", c.name.c_str(), c.leaky ? "leaky" : "clean");
      } else {
        std::printf("%s\tSKIP\t%s\n", c.name.c_str(), c.skip.c_str());
      }
    }
    return 0;
  }
  std::vector<const Check*> selected;
  const bool all = std::string_view(argv[1]) == "--all";
  for (int i = all ? 2 : 1; i < argc || (all && i == 2); ++i) {
    if (all) {
      for (const Check& c : checks) {
        if (c.skip.empty()) selected.push_back(&c);
      }
      break;
    }
    const Check* found = nullptr;
    for (const Check& c : checks) {
      if (c.name == argv[i]) found = &c;
    }
    if (found == nullptr) {
      std::fprintf(stderr, "ct_check: unknown check '%s' (see ct_check --list)\n", argv[i]);
      return 2;
    }
    if (!found->skip.empty()) {
      std::fprintf(stderr, "ct_check: %s cannot run here: %s\n", argv[i], found->skip.c_str());
      return 2;
    }
    selected.push_back(found);
  }
  for (const Check* c : selected) {
    c->run(c->name);
    std::printf("CT-DONE %s\n", c->name.c_str());
    std::fflush(stdout);
  }
  return g_failed ? 1 : 0;
}

}  // namespace
}  // namespace ariasuite::ct

int main(int argc, char** argv) { return ariasuite::ct::Main(argc, argv); }
