// The constant-time check program: one check per claim of checks.h on each path, and three ways to
// run it (tools/ct/ct_driver.py runs them all and gives one verdict per check and method).
//  - Secret taint under valgrind memcheck (the default build): the secrets (key, round keys, H,
//    plaintext) are marked undefined with memcheck's client requests, so memcheck reports every
//    branch and memory index that depends on them, with file:line.
//  - Secret taint under MemorySanitizer (the same source built by clang with -fsanitize=memory,
//    tools/ct/msan/): the same secrets are poisoned with __msan_poison, and MSan reports each
//    branch and pointer that depends on them. It runs the GFNI and AVX-512 paths that valgrind
//    cannot.
//  - Timing (`--timing`, the default build on the real CPU): dudect's fixed-vs-random test
//    (dudect.h) on the cases of timing_cases.cc.
// In the taint runs a secret becomes public only where the code declares it (ct::Public in impl/,
// MarkPublic here), and each output that derives from a secret must still be tainted when it gets
// there: a tool that silently drops the taint fails the check instead of passing it. The outputs
// are then compared with a run on unmarked inputs.
//
// The harness is C-style (no std::string, no iostreams) so that no uninstrumented libstdc++ code
// writes memory that instrumented code then reads under MSan.
//
// Usage: ct_check --list         one line per check: NAME<TAB>RUN<TAB>clean|leaky
//                                or NAME<TAB>SKIP<TAB>reason
//        ct_check NAME...        taint run of the named checks ("CT-DONE NAME" after each)
//        ct_check --all          taint run of every runnable check
//        ct_check --timing NAME [--seconds S] [--seed N] [--stop-at T]
//                                timing run: T-TRACE lines (measurements, max |t|), then T-RESULT
//        ct_check --prepare-blind --all | NAME...
//                                (under valgrind) each timing case's Prepare with the class
//                                marked secret ("PB-DONE NAME" after each); NAME may also be
//                                harness/class-branching-prepare, the control that must be reported
// Exit status: 0 when every check ran and agreed with the unmarked run; 1 on a mismatch; 2 on a
// bad argument or a check that cannot run here.
#include <valgrind/memcheck.h>

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
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
#include "tools/ct/checks.h"
#include "tools/ct/dudect.h"
#include "tools/ct/isa_chains.h"
#include "tools/ct/leaky.h"
#include "tools/ct/timing_cases.h"

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define ARIASUITE_CT_MSAN 1
#include <sanitizer/msan_interface.h>
#elif __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define ARIASUITE_CT_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__) || defined(ARIASUITE_UBSAN)
#define ARIASUITE_CT_SANITIZED 1
#endif

namespace ariasuite::ct {
namespace {

// ---- Marking ----

#ifdef ARIASUITE_CT_MSAN
constexpr const char* kTool = "msan";
void MarkSecret(const void* p, size_t len) { __msan_poison(p, len); }
void MarkPublic(const void* p, size_t len) { __msan_unpoison(p, len); }
bool ToolActive() { return true; }
bool Tainted(const void* p, size_t len) { return __msan_test_shadow(p, len) >= 0; }
#else
constexpr const char* kTool = "valgrind";
void MarkSecret(const void* p, size_t len) { (void)VALGRIND_MAKE_MEM_UNDEFINED(p, len); }
void MarkPublic(const void* p, size_t len) { (void)VALGRIND_MAKE_MEM_DEFINED(p, len); }
bool ToolActive() { return RUNNING_ON_VALGRIND != 0; }
bool Tainted(const void* p, size_t len) {
  std::vector<uint8_t> vbits(len);
  if (VALGRIND_GET_VBITS(p, vbits.data(), len) != 1) return false;
  for (uint8_t v : vbits) {
    if (v != 0) return true;
  }
  return false;
}
#endif

// The round keys are secret; the round count is public.
void MarkSecret(const AriaKey& key) {
  MarkSecret(key.rk, sizeof(key.rk));
  MarkSecret(key.sliced.rk, sizeof(key.sliced.rk));  // the scalar path's copies of rk
  MarkSecret(key.sliced.planes, sizeof(key.sliced.planes));
}

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

__attribute__((format(printf, 2, 3))) void Fail(const char* check, const char* fmt, ...) {
  char what[512];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(what, sizeof(what), fmt, ap);
  va_end(ap);
  std::fprintf(stderr, "CT-MISMATCH %s: %s\n", check, what);
  g_failed = true;
}

// An output computed from secrets: it must still be tainted (else the tool lost track of the
// secret on the way: an instruction it does not follow), then it is declared public and compared.
void ExpectSecretSame(const char* check, const char* what, const uint8_t* got, const uint8_t* want,
                      size_t len) {
  if (len > 0 && ToolActive() && !Tainted(got, len)) {
    Fail(check, "%s: the output is not tainted: %s lost the secret on its way (CT-TAINT-LOST)",
         what, kTool);
  }
  MarkPublic(got, len);
  if (std::memcmp(got, want, len) != 0)
    Fail(check, "%s: output differs from the unmarked run", what);
}

// An output that is public by design (a counter, a length).
void ExpectSame(const char* check, const char* what, const uint8_t* got, const uint8_t* want,
                size_t len) {
  MarkPublic(got, len);
  if (std::memcmp(got, want, len) != 0)
    Fail(check, "%s: output differs from the unmarked run", what);
}

void ExpectStatus(const char* check, const char* what, Status got, Status want) {
  MarkPublic(&got, sizeof(got));
  if (got != want) Fail(check, "%s: got %s, want %s", what, StatusName(got), StatusName(want));
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
void CheckKeySchedule(const char* name, Impl) {
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
    ExpectSecretSame(name, "ek", &ek.rk[0][0], &want_ek.rk[0][0], 16 * (want_ek.rounds + 1));
    ExpectSecretSame(name, "dk", &dk.rk[0][0], &want_dk.rk[0][0], 16 * (want_dk.rounds + 1));
  }
}

// AriaCryptBlock, the one-block API, with secret round keys and a secret block.
void CheckCryptBlock(const char* name, bool decrypt) {
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
    ExpectSecretSame(name, "AriaCryptBlock", got, want, 16);
  }
}

// ---- Checks of one backend (path) ----

// Block counts that reach every batch size and tail of the widest path (64 blocks per batch).
constexpr size_t kBlockCounts[] = {1, 2, 3, 4, 5, 15, 16, 17, 31, 32, 33, 63, 64, 65, 129};

const internal::Backend& BackendOf(Impl impl) { return *BackendFor(impl); }

void CheckCryptBlocks(const char* name, Impl impl, bool decrypt) {
  const internal::Backend& be = BackendOf(impl);
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
      ExpectSecretSame(name, "crypt_blocks", got.data(), want.data(), got.size());
    }
  }
}

// Counter mode: the counter is public (it is the IV), the key and the data are secret. The
// counters start near a carry so the increment code runs its carrying branches.
void CheckCtr(const char* name, Impl impl, bool ctr32) {
  const internal::CtrFn fn = ctr32 ? BackendOf(impl).ctr32 : BackendOf(impl).ctr128;
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
    ExpectSecretSame(name, "ctr output", got.data(), want.data(), got.size());
    ExpectSame(name, "counter after the call", ctr_got, ctr_want, 16);
  }
}

// CFB128, CFB8, CFB1 (SP 800-38A §6.3) and OFB (§6.4): the key and the input are secret (CFB1
// shifts secret bits into the register one at a time); calls of 5 and 38 bytes so partial blocks,
// whole blocks and CFB128's batched decryption all run. The register's num is public.
void CheckCfbOfb(const char* name, Impl impl) {
  using Fn = Status (*)(Impl, const AriaKey&, AriaFeedbackState*, uint8_t*, const uint8_t*, size_t);
  const Fn fns[] = {AriaCfb128Encrypt, AriaCfb128Decrypt, AriaCfb8Encrypt, AriaCfb8Decrypt,
                    AriaCfb1Encrypt,   AriaCfb1Decrypt,   AriaOfb};
  const AriaKey key = EncKey(Bytes(32, 9));
  const std::vector<uint8_t> iv = Bytes(16, 10), in = Bytes(43, 11);
  for (Fn fn : fns) {
    std::vector<uint8_t> want(in.size()), got(in.size());
    AriaFeedbackState st_want, st_got;
    AriaFeedbackInit(&st_want, iv.data());
    AriaFeedbackInit(&st_got, iv.data());
    fn(impl, key, &st_want, want.data(), in.data(), 5);
    fn(impl, key, &st_want, want.data() + 5, in.data() + 5, in.size() - 5);
    AriaKey secret_key = key;
    std::vector<uint8_t> secret_in = in;
    MarkSecret(secret_key);
    MarkSecret(secret_in.data(), secret_in.size());
    fn(impl, secret_key, &st_got, got.data(), secret_in.data(), 5);
    fn(impl, secret_key, &st_got, got.data() + 5, secret_in.data() + 5, in.size() - 5);
    ExpectSecretSame(name, "cfb/ofb output", got.data(), want.data(), got.size());
    ExpectSame(name, "num after the calls", reinterpret_cast<const uint8_t*>(&st_got.num),
               reinterpret_cast<const uint8_t*>(&st_want.num), sizeof(st_got.num));
  }
}

// GHASH (SP 800-38D §6.4): H (from the key) and the state are secret; so is the data here (GHASH
// of plaintext-dependent blocks must not leak either).
void CheckGhash(const char* name, Impl impl) {
  const internal::Backend& be = BackendOf(impl);
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
    ExpectSecretSame(name, "ghash state", xi_got, xi_want, 16);
  }
}

// The stitched GCM bulk functions (paths that have them).
void CheckGcmBulk(const char* name, Impl impl) {
  const internal::Backend& be = BackendOf(impl);
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
      // The tag mask: J0 (public) in, E_K(J0) (secret) out, alongside the first batch.
      uint8_t mask_want[16], mask_got[16];
      std::memcpy(mask_want, Bytes(16, 11).data(), 16);
      std::memcpy(mask_got, mask_want, 16);
      fn(key, hkey, xi_want, ctr_want, want.data(), in.data(), n, mask_want);
      AriaKey secret_key = key;
      std::unique_ptr<internal::GhashKey> secret_hkey(new internal::GhashKey(hkey));
      std::vector<uint8_t> secret_in = in;
      MarkSecret(secret_key);
      MarkSecret(secret_hkey->bytes, sizeof(secret_hkey->bytes));
      MarkSecret(secret_in.data(), secret_in.size());
      fn(secret_key, *secret_hkey, xi_got, ctr_got, got.data(), secret_in.data(), n, mask_got);
      ExpectSecretSame(name, seal ? "seal output" : "open output", got.data(), want.data(),
                       got.size());
      ExpectSecretSame(name, seal ? "seal xi" : "open xi", xi_got, xi_want, 16);
      ExpectSecretSame(name, seal ? "seal tag mask" : "open tag mask", mask_got, mask_want, 16);
      ExpectSame(name, seal ? "seal ctr" : "open ctr", ctr_got, ctr_want, 16);
    }
  }
}

// Text lengths for the GCM checks: empty, partial, whole blocks, and past one 64-block batch.
constexpr size_t kGcmLens[] = {0, 1, 16, 17, 100, 1040};

// AriaGcmSeal with a secret key and secret plaintext; IV and AAD are public.
void CheckGcmSeal(const char* name, Impl impl) {
  const std::vector<uint8_t> raw = Bytes(32, 11), iv = Bytes(12, 12), aad = Bytes(13, 13);
  for (size_t len : kGcmLens) {
    const std::vector<uint8_t> pt = Bytes(len, static_cast<uint32_t>(len + 400));
    std::unique_ptr<AriaGcmKey> key(new AriaGcmKey), secret_key(new AriaGcmKey);
    ExpectStatus(name, "Init", key->Init(impl, raw.data(), raw.size()), Status::kOk);
    std::vector<uint8_t> want(len + 1), got(len + 1);
    uint8_t tag_want[16], tag_got[16];
    ExpectStatus(name, "seal",
                 AriaGcmSeal(*key, want.data(), tag_want, 16, iv.data(), iv.size(), pt.data(), len,
                             aad.data(), aad.size()),
                 Status::kOk);
    std::vector<uint8_t> secret_raw = raw, secret_pt = pt;
    MarkSecret(secret_raw.data(), secret_raw.size());
    MarkSecret(secret_pt.data(), secret_pt.size());
    ExpectStatus(name, "Init (secret key)",
                 secret_key->Init(impl, secret_raw.data(), secret_raw.size()), Status::kOk);
    ExpectStatus(name, "seal (secret key)",
                 AriaGcmSeal(*secret_key, got.data(), tag_got, 16, iv.data(), iv.size(),
                             secret_pt.data(), len, aad.data(), aad.size()),
                 Status::kOk);
    ExpectSecretSame(name, "ciphertext", got.data(), want.data(), len);
    ExpectSecretSame(name, "tag", tag_got, tag_want, 16);
  }
}

// AriaGcmOpen (one-shot, streaming = false) or AriaGcmContext's FinishDecrypt (streaming = true)
// with a secret key: a wrong tag (one bit flipped, in the first and in the last byte) and the right
// one. Only the verdict may become public; the comparison must not branch on the expected tag.
void CheckGcmOpen(const char* name, Impl impl, bool streaming) {
  const std::vector<uint8_t> raw = Bytes(16, 14), iv = Bytes(12, 15), aad = Bytes(20, 16);
  for (size_t len : kGcmLens) {
    const std::vector<uint8_t> pt = Bytes(len, static_cast<uint32_t>(len + 500));
    std::unique_ptr<AriaGcmKey> key(new AriaGcmKey), secret_key(new AriaGcmKey);
    ExpectStatus(name, "Init", key->Init(impl, raw.data(), raw.size()), Status::kOk);
    std::vector<uint8_t> ct(len + 1), out(len + 1);
    uint8_t tag[16];
    ExpectStatus(name, "seal",
                 AriaGcmSeal(*key, ct.data(), tag, 16, iv.data(), iv.size(), pt.data(), len,
                             aad.data(), aad.size()),
                 Status::kOk);
    std::vector<uint8_t> secret_raw = raw;
    MarkSecret(secret_raw.data(), secret_raw.size());
    ExpectStatus(name, "Init (secret key)",
                 secret_key->Init(impl, secret_raw.data(), secret_raw.size()), Status::kOk);
    for (int flip : {0, 15, -1}) {  // -1: the right tag
      uint8_t try_tag[16];
      std::memcpy(try_tag, tag, 16);
      if (flip >= 0) try_tag[flip] ^= 0x01;
      const Status want = flip >= 0 ? Status::kAuthFailed : Status::kOk;
      Status got;
      if (streaming) {
        std::unique_ptr<AriaGcmContext> ctx(new AriaGcmContext);
        ExpectStatus(name, "Start", ctx->Start(*secret_key, iv.data(), iv.size()), Status::kOk);
        ExpectStatus(name, "UpdateAad", ctx->UpdateAad(aad.data(), aad.size()), Status::kOk);
        ExpectStatus(name, "UpdateDecrypt", ctx->UpdateDecrypt(out.data(), ct.data(), len),
                     Status::kOk);
        got = ctx->FinishDecrypt(try_tag, 16);
      } else {
        got = AriaGcmOpen(*secret_key, out.data(), iv.data(), iv.size(), ct.data(), len, try_tag,
                          16, aad.data(), aad.size());
      }
      char what[64];
      std::snprintf(what, sizeof(what), "open len=%zu flip=%d", len, flip);
      ExpectStatus(name, what, got, want);
      if (flip < 0 || streaming) ExpectSecretSame(name, "plaintext", out.data(), pt.data(), len);
    }
  }
}

// ---- Checks of the other modes' secret-dependent verdicts ----

// CBC-PKCS5 decryption with a secret key: the padding check must not branch on the plaintext.
// Cases: every valid padding length 1..16, and invalid paddings (0, 17, one wrong padding byte).
void CheckCbcPkcs5(const char* name, Impl impl) {
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
    // The padded plaintext by hand, CBC-encrypted with the public key, decrypted with a secret one.
    std::vector<uint8_t> padded = Bytes(c.msg_len, static_cast<uint32_t>(c.msg_len + 600));
    const size_t pad = 16 - c.msg_len % 16;
    padded.resize(c.msg_len + pad, static_cast<uint8_t>(c.pad_byte >= 0 ? c.pad_byte : pad));
    if (c.corrupt >= 0) padded[padded.size() - 16 + c.corrupt] ^= 0x40;
    std::vector<uint8_t> ct(padded.size()), out(padded.size());
    uint8_t chain[16];
    std::memcpy(chain, iv.data(), 16);
    AriaCbcEncrypt(impl, ek, chain, ct.data(), padded.data(), padded.size());
    std::vector<uint8_t> secret_raw = raw;
    MarkSecret(secret_raw.data(), secret_raw.size());
    const AriaKey dk = DecKey(secret_raw);
    size_t out_len = 0;
    const Status got =
        AriaCbcPkcs5Decrypt(impl, dk, out.data(), &out_len, iv.data(), ct.data(), ct.size());
    char what[96];
    std::snprintf(what, sizeof(what), "decrypt msg_len=%zu pad_byte=%d corrupt=%d", c.msg_len,
                  c.pad_byte, c.corrupt);
    ExpectStatus(name, what, got, c.want);
    if (c.want == Status::kOk) {
      MarkPublic(&out_len, sizeof(out_len));
      if (out_len != c.msg_len) Fail(name, "%s: wrong out_len", what);
      ExpectSecretSame(name, "plaintext", out.data(), padded.data(), c.msg_len);
    }
  }
}

// CCM open with a secret key and a wrong / right tag (SP 800-38C §6.2).
void CheckCcmOpen(const char* name, Impl impl) {
  const std::vector<uint8_t> raw = Bytes(16, 19), nonce = Bytes(13, 20), aad = Bytes(8, 21);
  const AriaKey ek = EncKey(raw);
  for (size_t len : {size_t{0}, size_t{5}, size_t{40}}) {
    const std::vector<uint8_t> pt = Bytes(len, static_cast<uint32_t>(len + 700));
    std::vector<uint8_t> ct(len + 1), out(len + 1);
    uint8_t tag[16];
    ExpectStatus(name, "seal",
                 AriaCcmSeal(impl, ek, ct.data(), tag, 16, nonce.data(), nonce.size(), pt.data(),
                             len, aad.data(), aad.size()),
                 Status::kOk);
    std::vector<uint8_t> secret_raw = raw;
    MarkSecret(secret_raw.data(), secret_raw.size());
    const AriaKey secret_key = EncKey(secret_raw);
    for (int flip : {0, 15, -1}) {
      uint8_t try_tag[16];
      std::memcpy(try_tag, tag, 16);
      if (flip >= 0) try_tag[flip] ^= 0x80;
      const Status got = AriaCcmOpen(impl, secret_key, out.data(), nonce.data(), nonce.size(),
                                     ct.data(), len, try_tag, 16, aad.data(), aad.size());
      char what[64];
      std::snprintf(what, sizeof(what), "open len=%zu flip=%d", len, flip);
      ExpectStatus(name, what, got, flip >= 0 ? Status::kAuthFailed : Status::kOk);
      if (flip < 0) ExpectSecretSame(name, "plaintext", out.data(), pt.data(), len);
    }
  }
}

// CMAC verification with a secret key (SP 800-38B §6.3).
void CheckCmacVerify(const char* name, Impl impl) {
  const std::vector<uint8_t> raw = Bytes(24, 22);
  const AriaKey ek = EncKey(raw);
  for (size_t len : {size_t{0}, size_t{16}, size_t{33}}) {
    const std::vector<uint8_t> msg = Bytes(len, static_cast<uint32_t>(len + 800));
    uint8_t tag[16];
    ExpectStatus(name, "mac", AriaCmac(impl, ek, tag, 16, msg.data(), len), Status::kOk);
    std::vector<uint8_t> secret_raw = raw;
    MarkSecret(secret_raw.data(), secret_raw.size());
    const AriaKey secret_key = EncKey(secret_raw);
    uint8_t secret_tag[16];
    ExpectStatus(name, "mac (secret key)",
                 AriaCmac(impl, secret_key, secret_tag, 16, msg.data(), len), Status::kOk);
    ExpectSecretSame(name, "tag", secret_tag, tag, 16);
    for (int flip : {0, 15, -1}) {
      uint8_t try_tag[16];
      std::memcpy(try_tag, tag, 16);
      if (flip >= 0) try_tag[flip] ^= 0x02;
      char what[64];
      std::snprintf(what, sizeof(what), "verify len=%zu flip=%d", len, flip);
      ExpectStatus(name, what, AriaCmacVerify(impl, secret_key, try_tag, 16, msg.data(), len),
                   flip >= 0 ? Status::kAuthFailed : Status::kOk);
    }
  }
}

// KW and KWP unwrap with a secret key: the integrity and padding checks (SP 800-38F §6.2, §6.3).
void CheckKeyUnwrap(const char* name, Impl impl, bool kwp) {
  const std::vector<uint8_t> raw = Bytes(32, 23);
  const AriaKey ek = EncKey(raw);
  const std::vector<size_t> lens =
      kwp ? std::vector<size_t>{1, 9, 20, 24} : std::vector<size_t>{16, 24, 40};
  for (size_t len : lens) {
    const std::vector<uint8_t> key_data = Bytes(len, static_cast<uint32_t>(len + 900));
    std::vector<uint8_t> wrapped(len + 16), out(len + 16);
    size_t wrapped_len = 0, out_len = 0;
    ExpectStatus(name, "wrap",
                 kwp ? AriaKwpWrap(impl, ek, wrapped.data(), &wrapped_len, key_data.data(), len)
                     : AriaKwWrap(impl, ek, wrapped.data(), &wrapped_len, key_data.data(), len),
                 Status::kOk);
    std::vector<uint8_t> secret_raw = raw;
    MarkSecret(secret_raw.data(), secret_raw.size());
    const AriaKey dk = DecKey(secret_raw);
    for (int flip : {0, static_cast<int>(wrapped_len) - 1, -1}) {
      std::vector<uint8_t> in(wrapped.begin(), wrapped.begin() + wrapped_len);
      if (flip >= 0) in[flip] ^= 0x04;
      const Status got = kwp ? AriaKwpUnwrap(impl, dk, out.data(), &out_len, in.data(), in.size())
                             : AriaKwUnwrap(impl, dk, out.data(), &out_len, in.data(), in.size());
      char what[64];
      std::snprintf(what, sizeof(what), "unwrap len=%zu flip=%d", len, flip);
      ExpectStatus(name, what, got, flip >= 0 ? Status::kAuthFailed : Status::kOk);
      if (flip < 0) ExpectSecretSame(name, "key data", out.data(), key_data.data(), len);
    }
  }
}

// ---- Single instructions (isa_chains.h) ----

// The chain on a secret input: the secret must reach the output (the tool follows the
// instruction), and nothing may be reported on the way (the instruction itself branches on
// nothing).
void CheckIsaChain(const char* name, Claim claim) {
  const size_t len = claim == Claim::kIsaAesEncLast || claim == Claim::kIsaAesDecLast ? 16 : 64;
  const std::vector<uint8_t> in = Bytes(len, 27), y = Bytes(64, 28), z = Bytes(64, 29);
  auto run = [&](uint8_t* x) {
    switch (claim) {
      case Claim::kIsaGf2p8AffineInv: return ChainGf2p8AffineInv(x, y.data());
      case Claim::kIsaTernlog: return ChainTernlog(x, y.data(), z.data());
      case Claim::kIsaAesEncLast: return ChainAesEncLast(x, y.data());
      default: return ChainAesDecLast(x, y.data());
    }
  };
  std::vector<uint8_t> want = in, got = in;
  run(want.data());
  MarkSecret(got.data(), got.size());
  run(got.data());
  ExpectSecretSame(name, "chain output", got.data(), want.data(), got.size());
}

// ---- The leaky controls (must be reported) ----

void CheckLeakyTable(const char* name) {
  std::vector<uint8_t> want = Bytes(64, 24), data = want;
  LeakyTableSbox(want.data(), want.size());
  MarkSecret(data.data(), data.size());
  LeakyTableSbox(data.data(), data.size());
  ExpectSame(name, "LeakyTableSbox", data.data(), want.data(), data.size());
}

void CheckLeakyCompare(const char* name) {
  std::vector<uint8_t> a = Bytes(16, 25), b = a;
  b[9] ^= 1;
  MarkSecret(a.data(), a.size());
  bool equal = LeakyEarlyExitEqual(a.data(), b.data(), a.size());
  MarkPublic(&equal, sizeof(equal));
  if (equal) Fail(name, "LeakyEarlyExitEqual called different buffers equal");
}

void CheckLeakyLoop(const char* name) {
  // x = 1 (the most significant bit of byte 0 in GCM's bit order) times h is h.
  std::vector<uint8_t> x(16, 0), h = Bytes(16, 26);
  x[0] = 0x80;
  uint8_t out[16];
  MarkSecret(x.data(), x.size());
  LeakySparseGfMul(out, x.data(), h.data());
  MarkPublic(out, sizeof(out));
  if (std::memcmp(out, h.data(), 16) != 0) Fail(name, "LeakySparseGfMul: 1 * h != h");
}

// ---- The registry ----

struct Check {
  char name[64];
  Claim claim;
  Impl impl;
  bool leaky;      // a control that every method must report
  char skip[256];  // non-empty: cannot run here, and why
};

void RunTaint(const Check& c) {
  const char* n = c.name;
  switch (c.claim) {
    case Claim::kKeySchedule: return CheckKeySchedule(n, c.impl);
    case Claim::kEncryptBlock: return CheckCryptBlock(n, false);
    case Claim::kDecryptBlock: return CheckCryptBlock(n, true);
    case Claim::kEncrypt: return CheckCryptBlocks(n, c.impl, false);
    case Claim::kDecrypt: return CheckCryptBlocks(n, c.impl, true);
    case Claim::kCtr32: return CheckCtr(n, c.impl, true);
    case Claim::kCtr128: return CheckCtr(n, c.impl, false);
    case Claim::kGhash: return CheckGhash(n, c.impl);
    case Claim::kGcmBulk: return CheckGcmBulk(n, c.impl);
    case Claim::kGcmSeal: return CheckGcmSeal(n, c.impl);
    case Claim::kGcmOpenTagCheck: return CheckGcmOpen(n, c.impl, false);
    case Claim::kGcmTagCompare: return CheckGcmOpen(n, c.impl, true);
    case Claim::kCbcPkcs5PaddingCheck: return CheckCbcPkcs5(n, c.impl);
    case Claim::kCcmOpenTagCheck: return CheckCcmOpen(n, c.impl);
    case Claim::kCmacVerify: return CheckCmacVerify(n, c.impl);
    case Claim::kKwUnwrapCheck: return CheckKeyUnwrap(n, c.impl, false);
    case Claim::kKwpUnwrapCheck: return CheckKeyUnwrap(n, c.impl, true);
    case Claim::kCfbOfb: return CheckCfbOfb(n, c.impl);
    case Claim::kIsaGf2p8AffineInv:
    case Claim::kIsaTernlog:
    case Claim::kIsaAesEncLast:
    case Claim::kIsaAesDecLast: return CheckIsaChain(n, c.claim);
    case Claim::kLeakyTableSbox: return CheckLeakyTable(n);
    case Claim::kLeakyEarlyExitCompare: return CheckLeakyCompare(n);
    case Claim::kLeakyDataDependentLoop: return CheckLeakyLoop(n);
  }
}

// Why this CPU (or valgrind's virtual one) cannot run impl; "" when it can.
void WhyNot(Impl impl, char* why, size_t len) {
  why[0] = '\0';
  if (IsSupported(impl)) {
    if (BackendFor(impl) == nullptr)
      std::snprintf(why, len, "%s: no backend table", ImplName(impl));
    return;
  }
  std::string missing;
  IsSupported(impl, &missing);
#ifdef ARIASUITE_CT_MSAN
  // libstdc++ is not instrumented: what it wrote into the string is public, and unpoisoned here.
  MarkPublic(&missing, sizeof(missing));
  MarkPublic(missing.data(), missing.size() + 1);
#endif
  std::snprintf(why, len, "%s cannot run %s: missing %s",
                RUNNING_ON_VALGRIND ? "valgrind's virtual CPU" : "this CPU", ImplName(impl),
                missing.c_str());
}

std::vector<Check> AllChecks() {
  std::vector<Check> checks;
  auto add = [&](const char* path, const ClaimInfo& info, Impl impl, const char* skip) {
    Check c = {};
    std::snprintf(c.name, sizeof(c.name), "%s/%s", path, info.name);
    c.claim = info.claim;
    c.impl = impl;
    c.leaky = info.scope == ClaimInfo::kControl;
    std::snprintf(c.skip, sizeof(c.skip), "%s", skip);
    checks.push_back(c);
  };
  for (const ClaimInfo& info : kClaims) {
    if (info.scope == ClaimInfo::kScalarApi) add("scalar", info, Impl::kScalar, "");
  }
  for (Impl impl : AllImpls()) {
    char why[200];
    WhyNot(impl, why, sizeof(why));
    const internal::Backend* be = why[0] == '\0' ? BackendFor(impl) : nullptr;
    for (const ClaimInfo& info : kClaims) {
      if (info.scope != ClaimInfo::kPerPath) continue;
      // gcm-bulk exists only on paths with stitched functions (known without running the path:
      // every SIMD path has them).
      if (info.claim == Claim::kGcmBulk &&
          (be != nullptr ? be->gcm_seal_bulk == nullptr : impl == Impl::kScalar)) {
        continue;
      }
      add(ImplName(impl), info, impl, why);
    }
  }
  for (const ClaimInfo& info : kClaims) {
    if (info.scope != ClaimInfo::kIsa) continue;
    char why[200];
    WhyNot(IsaPath(info.claim), why, sizeof(why));
    add("isa", info, IsaPath(info.claim), why);
  }
  for (const ClaimInfo& info : kClaims) {
    if (info.scope == ClaimInfo::kControl) add("leaky", info, Impl::kScalar, "");
  }
#ifdef ARIASUITE_CT_SANITIZED
  for (Check& c : checks) {
    std::snprintf(c.skip, sizeof(c.skip),
                  "built with a sanitizer (asan, ubsan or fuzz config); valgrind cannot run "
                  "sanitized binaries and the timing would measure the sanitizer");
  }
#endif
  return checks;
}

const Check* Find(const std::vector<Check>& checks, const char* name) {
  for (const Check& c : checks) {
    if (std::strcmp(c.name, name) == 0) return &c;
  }
  return nullptr;
}

// ---- Timing ----

int RunTiming(const Check& c, double seconds, uint64_t seed, double stop_at) {
#ifdef ARIASUITE_CT_MSAN
  (void)c, (void)seconds, (void)seed, (void)stop_at;
  std::fprintf(stderr, "ct_check: --timing needs the uninstrumented build (this one has MSan)\n");
  return 2;
#else
  if (RUNNING_ON_VALGRIND) {
    std::fprintf(stderr, "ct_check: --timing under valgrind measures valgrind\n");
    return 2;
  }
  std::unique_ptr<TimingCase> tc = MakeTimingCase(c.claim, c.impl, seed);
  // Both classes must get the same public outcome (a wrong tag refused in both...).
  for (int cls : {0, 1}) {
    tc->Prepare(cls);
    tc->Run();
    if (const char* problem = tc->Problem()) {
      std::fprintf(stderr, "CT-MISMATCH %s: class %d: %s\n", c.name, cls, problem);
      return 1;
    }
  }
  const TimingResult r = Measure(*tc, seconds, seed, stop_at);
  // The trace, thinned to about 60 points on a log scale of measurements.
  uint64_t next = 0;
  for (size_t i = 0; i < r.trace.size(); ++i) {
    if (r.trace[i].first >= next || i + 1 == r.trace.size()) {
      std::printf("T-TRACE %llu %.3f\n", static_cast<unsigned long long>(r.trace[i].first),
                  r.trace[i].second);
      next = r.trace[i].first + r.trace[i].first / 8;
    }
  }
  char test[32];
  std::printf(
      "T-RESULT %s n=%llu max_t=%.3f test=%s seconds=%.2f median_ticks=%llu early=%d "
      "crossed_at=%llu\n",
      c.name, static_cast<unsigned long long>(r.measurements), r.max_t,
      LeakTests::TestName(r.max_test, test, sizeof(test)), r.seconds,
      static_cast<unsigned long long>(r.median_ticks), r.stopped_early ? 1 : 0,
      static_cast<unsigned long long>(r.crossed_at));
  std::fflush(stdout);
  return 0;
#endif
}

// ---- Prepare takes the same branches in both classes (timing_cases.h) ----

// Runs Prepare of the named case 16 times, the class marked secret: under valgrind memcheck every
// branch or index of Prepare that depends on the class is reported with file:line. The name is a
// check's (its timing case) or kClassBranchingControl.
int RunPrepareBlind(const std::vector<Check>& checks, const char* name) {
  std::unique_ptr<TimingCase> tc;
  if (std::strcmp(name, kClassBranchingControl) == 0) {
    tc = MakeClassBranchingControl(1);
  } else {
    const Check* c = Find(checks, name);
    if (c == nullptr || c->skip[0] != '\0') {
      std::fprintf(stderr, "ct_check: --prepare-blind: %s '%s'\n",
                   c == nullptr ? "unknown check" : "cannot run", name);
      return 2;
    }
    tc = MakeTimingCase(c->claim, c->impl, 1);
  }
  for (int i = 0; i < 16; ++i) {
    int cls = i & 1;
    MarkSecret(&cls, sizeof(cls));
    tc->Prepare(cls);
  }
  std::printf("PB-DONE %s\n", name);
  std::fflush(stdout);
  return 0;
}

int Main(int argc, char** argv) {
  const std::vector<Check> checks = AllChecks();
  if (argc < 2) {
    std::fprintf(stderr, "usage: ct_check --list | --all | NAME... | --timing NAME [options]\n");
    return 2;
  }
  if (std::strcmp(argv[1], "--list") == 0) {
    for (const Check& c : checks) {
      if (c.skip[0] == '\0') {
        std::printf("%s\tRUN\t%s\n", c.name, c.leaky ? "leaky" : "clean");
      } else {
        std::printf("%s\tSKIP\t%s\n", c.name, c.skip);
      }
    }
    return 0;
  }
  if (std::strcmp(argv[1], "--timing") == 0) {
    if (argc < 3) {
      std::fprintf(stderr,
                   "usage: ct_check --timing NAME [--seconds S] [--seed N] [--stop-at T]\n");
      return 2;
    }
    double seconds = 1, stop_at = 0;
    uint64_t seed = 1;
    for (int i = 3; i < argc; i += 2) {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "ct_check: %s needs a value\n", argv[i]);
        return 2;
      }
      if (std::strcmp(argv[i], "--seconds") == 0) {
        seconds = std::atof(argv[i + 1]);
      } else if (std::strcmp(argv[i], "--seed") == 0) {
        seed = std::strtoull(argv[i + 1], nullptr, 10);
      } else if (std::strcmp(argv[i], "--stop-at") == 0) {
        stop_at = std::atof(argv[i + 1]);
      } else {
        std::fprintf(stderr, "ct_check: unknown option '%s'\n", argv[i]);
        return 2;
      }
    }
    const Check* c = Find(checks, argv[2]);
    if (c == nullptr || c->skip[0] != '\0') {
      std::fprintf(stderr, "ct_check: %s '%s'\n", c == nullptr ? "unknown check" : "cannot run",
                   argv[2]);
      return 2;
    }
    return RunTiming(*c, seconds, seed, stop_at);
  }
  if (std::strcmp(argv[1], "--prepare-blind") == 0) {
    if (argc < 3) {
      std::fprintf(stderr, "usage: ct_check --prepare-blind --all | NAME...\n");
      return 2;
    }
    std::vector<const char*> names;
    if (std::strcmp(argv[2], "--all") == 0) {
      for (const Check& c : checks) {
        if (c.skip[0] == '\0') names.push_back(c.name);
      }
    } else {
      for (int i = 2; i < argc; ++i) names.push_back(argv[i]);
    }
    for (const char* name : names) {
      if (const int rc = RunPrepareBlind(checks, name); rc != 0) return rc;
    }
    return 0;
  }
  std::vector<const Check*> selected;
  if (std::strcmp(argv[1], "--all") == 0) {
    for (const Check& c : checks) {
      if (c.skip[0] == '\0') selected.push_back(&c);
    }
  } else {
    for (int i = 1; i < argc; ++i) {
      const Check* found = Find(checks, argv[i]);
      if (found == nullptr) {
        std::fprintf(stderr, "ct_check: unknown check '%s' (see ct_check --list)\n", argv[i]);
        return 2;
      }
      if (found->skip[0] != '\0') {
        std::fprintf(stderr, "ct_check: %s cannot run here: %s\n", argv[i], found->skip);
        return 2;
      }
      selected.push_back(found);
    }
  }
  for (const Check* c : selected) {
    std::fprintf(stderr, "CT-BEGIN %s\n", c->name);
    RunTaint(*c);
    std::printf("CT-DONE %s\n", c->name);
    std::fflush(stdout);
  }
  return g_failed ? 1 : 0;
}

}  // namespace
}  // namespace ariasuite::ct

int main(int argc, char** argv) { return ariasuite::ct::Main(argc, argv); }
