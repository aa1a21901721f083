// The edge-case vector generator (generate.h). Every candidate case is computed by our scalar
// reference (through the conformance backend interface), written in Wycheproof schema, read back
// with the runner's strict loader, checked on our reference, and kept only when OpenSSL 3 or
// Botan 2 passes it too (for the KW/KWP and GCM limit files, or ariasuite's SP 800-38F / 38D
// backend: neither library refuses every request the standard forbids); each kept case's comment
// names the implementations that agreed.
// Randomness is a SplitMix64 stream seeded from a fixed label per case family, so the output is a
// pure function of this file (and of the libraries agreeing).
#include "vectors/gen/generate.h"

#include <cctype>
#include <initializer_list>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <vector>

#include "conformance/runner.h"
#include "impl/dispatch.h"
#include "oracles/backend.h"
#include "oracles/gcm_math.h"
#include "oracles/make_request.h"
#include "vectors/loader.h"
#include "vectors/model/hex.h"
#include "vectors/wycheproof_writer.h"

namespace ariasuite::gen {
namespace {

using oracles::Backend;
using oracles::Block;
using oracles::Bytes;
using oracles::Cipher;
using oracles::MakeRequest;
using oracles::Mode;
using oracles::Op;
using oracles::Request;
using oracles::Result;
using vectors::Expect;
using vectors::FlagNote;
using vectors::TestCase;

class Rng {
 public:
  explicit Rng(const std::string& label) {
    uint64_t h = 1469598103934665603ull;  // FNV-1a
    for (char c : label) {
      h ^= static_cast<uint8_t>(c);
      h *= 1099511628211ull;
    }
    state_ = h;
  }
  uint64_t Next() {  // SplitMix64
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  Bytes Take(size_t n) {
    Bytes b(n);
    for (size_t i = 0; i < n; i += 8) {
      uint64_t v = Next();
      for (size_t k = 0; k < 8 && i + k < n; ++k) b[i + k] = static_cast<uint8_t>(v >> (8 * k));
    }
    return b;
  }

 private:
  uint64_t state_;
};

// Draws byte strings of the given lengths from rng, in order. Never call rng.Take() twice in one
// expression: C++ leaves the evaluation order of function arguments unspecified (g++ and clang
// differ), and the generated files must not depend on the compiler.
std::vector<Bytes> TakeInOrder(Rng& rng, std::initializer_list<size_t> lens) {
  std::vector<Bytes> drawn;
  for (size_t len : lens) drawn.push_back(rng.Take(len));
  return drawn;
}

struct Env {
  std::unique_ptr<Backend> ours = oracles::MakeOursBackend(Impl::kScalar);
  std::unique_ptr<Backend> openssl = oracles::MakeOpenSslBackend();
  std::unique_ptr<Backend> botan = oracles::MakeBotanBackend();
  // The second judges of the KW/KWP and GCM limit files (OpenSSL and Botan do not refuse every
  // request the standard forbids): written from SP 800-38F and SP 800-38D over OpenSSL's raw block
  // cipher, not from impl/.
  std::unique_ptr<Backend> sp800_38f = oracles::MakeSp80038fBackend();
  std::unique_ptr<Backend> sp800_38d = oracles::MakeSp80038dBackend();
  std::string error;

  // Runs request on our reference; records an error when it does not accept.
  Result Ours(const Request& r) {
    std::optional<Result> res = ours->Run(r);
    if (!res || !res->accepted || !res->error.empty()) {
      if (error.empty()) {
        error = "our scalar reference refused a generator input: " + oracles::DescribeRequest(r) +
                " -> " + oracles::DescribeResult(res);
      }
      return Result();
    }
    return *res;
  }
  Result Openssl(const Request& r) {
    std::optional<Result> res = openssl->Run(r);
    if (!res || !res->accepted) {
      if (error.empty()) {
        error = "OpenSSL refused a sample input: " + oracles::DescribeRequest(r) + " -> " +
                oracles::DescribeResult(res);
      }
      return Result();
    }
    return *res;
  }
};

std::string Plural(size_t n, const char* what) {
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

// Lengths around SIMD batch boundaries: every length 0..small, and for each multiple b of 16
// blocks up to 192 blocks (the batches of the 16-, 32- and 64-block paths, and n x 64 blocks),
// b blocks +-1 block +-1 byte; capped at 3 x 64 blocks + 15 bytes.
std::vector<size_t> BoundaryLengths(size_t small, const std::vector<size_t>& batch_blocks) {
  std::set<size_t> s;
  for (size_t n = 0; n <= small; ++n) s.insert(n);
  const long cap = 3 * 64 * 16 + 15;
  for (size_t b : batch_blocks) {
    for (long d : {-17L, -16L, -15L, -1L, 0L, 1L, 15L, 16L, 17L}) {
      const long v = static_cast<long>(b) * 16 + d;
      if (v >= 0 && v <= cap) s.insert(static_cast<size_t>(v));
    }
  }
  s.insert(static_cast<size_t>(cap));
  return std::vector<size_t>(s.begin(), s.end());
}

std::vector<size_t> EverySixteenBlocks() {
  std::vector<size_t> b;
  for (size_t n = 16; n <= 192; n += 16) b.push_back(n);
  return b;
}

std::string DescribeLength(size_t len) {
  std::string s = std::to_string(len) + " bytes";
  const size_t blocks = len / 16, rest = len % 16;
  if (len >= 16) {
    s += " (" + Plural(blocks, "block") + (rest ? " + " + Plural(rest, "byte") : "") + ")";
  }
  return s;
}

struct DocSpec {
  std::string path;
  Cipher cipher = Cipher::kAria;
  Mode mode = Mode::kGcm;
  std::vector<std::string> intro;
  std::map<std::string, FlagNote> notes;
  std::vector<TestCase> cases;
  // A backend written from the mode's standard that votes too (KW, KWP: SP 800-38F; GCM limits:
  // SP 800-38D), and its name in the header ("SP 800-38F"); none when null.
  Backend* standard_judge = nullptr;
  std::string standard_name;
};

// Writes, reloads, checks on ours and the oracles, keeps the agreed cases and writes again.
bool Finish(Env& env, DocSpec& spec, std::vector<GeneratedFile>* out, std::string* log,
            std::string* error) {
  if (!env.error.empty()) {
    *error = spec.path + ": " + env.error;
    return false;
  }
  vectors::WycheproofDoc doc;
  doc.algorithm = vectors::WycheproofAlgorithm(spec.cipher, spec.mode);
  doc.mode = spec.mode;
  doc.notes = spec.notes;
  for (size_t i = 0; i < spec.cases.size(); ++i) {
    spec.cases[i].id = static_cast<int64_t>(i) + 1;
    doc.cases.push_back(spec.cases[i]);
  }
  vectors::VectorFile vf;
  std::string load_error;
  if (!vectors::LoadWycheproof(spec.path, vectors::WriteWycheproof(doc), {}, &vf, &load_error)) {
    *error = "generated file does not load: " + load_error;
    return false;
  }
  if (vf.cases.size() != spec.cases.size()) {
    *error = spec.path + ": the reloaded file has a different number of cases";
    return false;
  }
  // The writer groups cases by sizes, so the loaded order differs: match them by tcId.
  std::vector<std::vector<std::string>> agreed(spec.cases.size());
  size_t by_openssl = 0, by_botan = 0, by_standard = 0;
  const bool judged = spec.standard_judge != nullptr;
  for (const TestCase& loaded : vf.cases) {
    const size_t i = static_cast<size_t>(loaded.id - 1);
    if (loaded.id < 1 || i >= spec.cases.size() || spec.cases[i].msg != loaded.msg) {
      *error = spec.path + ": reloaded tcId " + std::to_string(loaded.id) + " does not match";
      return false;
    }
    conformance::CaseResult mine = conformance::RunCase(*env.ours, loaded);
    if (mine.outcome != conformance::CaseOutcome::kPass) {
      *error = spec.path + ": our scalar reference fails its own candidate '" +
               spec.cases[i].comment + "': " + mine.message;
      return false;
    }
    if (conformance::RunCase(*env.openssl, loaded).outcome == conformance::CaseOutcome::kPass) {
      agreed[i].push_back("openssl");
    }
    if (conformance::RunCase(*env.botan, loaded).outcome == conformance::CaseOutcome::kPass) {
      agreed[i].push_back("botan");
    }
    if (judged && conformance::RunCase(*spec.standard_judge, loaded).outcome ==
                      conformance::CaseOutcome::kPass) {
      agreed[i].push_back(spec.standard_judge->name());
    }
  }
  std::vector<TestCase> kept;
  for (size_t i = 0; i < spec.cases.size(); ++i) {
    if (agreed[i].empty()) continue;
    TestCase c = spec.cases[i];
    c.comment += " [agreed: ";
    for (size_t k = 0; k < agreed[i].size(); ++k) {
      c.comment += (k ? ", " : "") + agreed[i][k];
      const std::string& who = agreed[i][k];
      (who == "openssl" ? by_openssl : who == "botan" ? by_botan : by_standard)++;
    }
    c.comment += "]";
    c.id = static_cast<int64_t>(kept.size()) + 1;
    kept.push_back(std::move(c));
  }
  const size_t dropped = spec.cases.size() - kept.size();
  doc.cases = kept;
  doc.notes.clear();
  for (const TestCase& c : kept) {
    for (const std::string& f : c.flags) doc.notes[f] = spec.notes.at(f);
  }
  doc.generator_version = "ariasuite-vectors-1";
  doc.header = spec.intro;
  doc.header.push_back(
      "Generated by `tools/ariasuite vectors generate` (vectors/gen/generate.cc); do not "
      "edit: "
      "a test checks that the file regenerates byte-identically.");
  doc.header.push_back(
      "Every case was computed by ariasuite's scalar reference and kept only when an independent "
      "library gives exactly the same verdict and bytes (each comment names which agreed).");
  const std::string by_std = judged ? ", ariasuite's " + spec.standard_name +
                                          " backend (written from the standard, independent of its "
                                          "cipher paths) on " +
                                          std::to_string(by_standard)
                                    : "";
  doc.header.push_back("Agreement: OpenSSL 3 (EVP) on " + std::to_string(by_openssl) +
                       (judged ? ", " : " and ") + "Botan 2 on " + std::to_string(by_botan) +
                       by_std + " of the " + std::to_string(kept.size()) + " kept cases; " +
                       Plural(dropped, "candidate") + " with no independent agreement dropped.");
  const std::string text = vectors::WriteWycheproof(doc);
  vectors::VectorFile reloaded;
  if (!vectors::LoadWycheproof(spec.path, text, {}, &reloaded, &load_error)) {
    *error = "generated file does not load: " + load_error;
    return false;
  }
  out->push_back(GeneratedFile{spec.path, text});
  *log += spec.path + ": " + Plural(kept.size(), "case") + " (OpenSSL agreed on " +
          std::to_string(by_openssl) + ", Botan on " + std::to_string(by_botan) +
          (judged ? ", " + spec.standard_name + " backend on " + std::to_string(by_standard) : "") +
          ", " + std::to_string(dropped) + " dropped), " + std::to_string(text.size()) + " bytes\n";
  return true;
}

// ---- AEAD cases (GCM, CCM) ----

// Seals pt with our scalar reference (op kGcmSeal or kCcmSeal) and returns the valid case.
TestCase AeadCase(Env& env, Op op, Mode mode, const Bytes& key, const Bytes& iv, const Bytes& aad,
                  const Bytes& pt, size_t tag_len, const std::string& flag,
                  const std::string& comment) {
  Request r;
  r.op = op;
  r.key = key;
  r.iv = iv;
  r.aad = aad;
  r.input = pt;
  r.tag_len = tag_len;
  Result res = env.Ours(r);
  TestCase c;
  c.mode = mode;
  c.key = key;
  c.iv = iv;
  c.aad = aad;
  c.msg = pt;
  c.ct = res.output;
  c.tag = res.tag;
  c.tag_len = tag_len;
  c.flags = {flag};
  c.comment = comment;
  return c;
}

// ---- ARIA-GCM ----

TestCase GcmCase(Env& env, const Bytes& key, const Bytes& iv, const Bytes& aad, const Bytes& pt,
                 size_t tag_len, const std::string& flag, const std::string& comment) {
  return AeadCase(env, Op::kGcmSeal, Mode::kGcm, key, iv, aad, pt, tag_len, flag, comment);
}

Block BlockOf(const Bytes& b) {
  Block r{};
  for (size_t i = 0; i < 16 && i < b.size(); ++i) r[i] = b[i];
  return r;
}

bool GcmFile(Env& env, std::vector<GeneratedFile>* out, std::string* log, std::string* error) {
  DocSpec d;
  d.path = "vectors/generated/aria_gcm_edge_test.json";
  d.mode = Mode::kGcm;
  d.intro = {
      "ARIA-GCM edge cases (SP 800-38D with ARIA, RFC 8269): empty text and AAD, every length "
      "around the SIMD batch boundaries of ariasuite's paths, IV lengths 1..300 bytes, pre-counter "
      "blocks J0 whose 32-bit counter wraps inside the message, every tag length SP 800-38D "
      "allows, and modified tags, ciphertexts, AAD and a zero-length IV (invalid)."};
  d.notes = {
      {"EmptyTextOrAad",
       {"EDGE_CASE",
        "The plaintext, the AAD or both are empty: GHASH then "
        "covers only the length block or only one of the two."}},
      {"SimdTail",
       {"EDGE_CASE",
        "The text length lies around a SIMD batch boundary of ariasuite's paths "
        "(n x 16 and n x 64 blocks, one block and one byte either side, up to 3 x 64 "
        "blocks + 15 bytes), where bulk loops hand over to tail code."}},
      {"AadTail", {"EDGE_CASE", "The AAD length lies around a block or GHASH batch boundary."}},
      {"IvLength",
       {"FUNCTIONALITY",
        "IV lengths from 1 to 300 bytes: every length other than 12 bytes derives J0 "
        "with GHASH (SP 800-38D §7.1 step 2)."}},
      {"CounterWrap",
       {"AUTH_BYPASS",
        "The IV was solved with GHASH algebra (J0 = X1 * H^m + R, so X1 = (J0 + R) * H^-m) for a "
        "chosen J0 whose low 32 bits are near 2^32, so inc32 (SP 800-38D §6.2) wraps the counter "
        "inside the message without carrying into the upper 96 bits. OpenSSL confirmed each "
        "solved J0 (an empty message's tag is E_K(J0))."}},
      {"TagLength",
       {"FUNCTIONALITY",
        "A truncated tag of 4, 8, 12, 13, 14 or 15 bytes (SP 800-38D §5.2.1.2): the "
        "first bytes of the full tag."}},
      {"ModifiedTag",
       {"AUTH_BYPASS",
        "The tag was modified (a flipped bit, or all zeros); "
        "opening must fail."}},
      {"ModifiedCiphertext",
       {"AUTH_BYPASS",
        "The ciphertext was modified (a flipped bit, a missing or an extra byte); "
        "opening must fail."}},
      {"ModifiedAad",
       {"AUTH_BYPASS",
        "The AAD was modified (a flipped bit or an extra byte); "
        "opening must fail."}},
      {"ZeroLengthIv",
       {"MISSING_STEP",
        "A 0-byte IV is not valid (SP 800-38D §5.2.1.1: "
        "1 <= len(IV)); sealing and opening must both fail."}},
  };
  Rng rng("aria-gcm-edge");
  // Empty text and AAD.
  for (size_t key_len : {16, 24, 32}) {
    for (auto [pt_len, aad_len] : {std::pair<size_t, size_t>{0, 0}, {0, 16}, {16, 0}, {0, 1}}) {
      const std::vector<Bytes> drawn = TakeInOrder(rng, {key_len, 12, aad_len, pt_len});
      d.cases.push_back(GcmCase(
          env, drawn[0], drawn[1], drawn[2], drawn[3], 16, "EmptyTextOrAad",
          "text " + std::to_string(pt_len) + " bytes, AAD " + std::to_string(aad_len) + " bytes"));
    }
  }
  // Text lengths around SIMD batches.
  for (size_t len : BoundaryLengths(48, EverySixteenBlocks())) {
    const std::vector<Bytes> drawn = TakeInOrder(rng, {16, 12, len});
    d.cases.push_back(GcmCase(env, drawn[0], drawn[1], {}, drawn[2], 16, "SimdTail",
                              "text " + DescribeLength(len)));
  }
  for (size_t key_len : {24, 32}) {
    for (size_t len : {1023, 1024, 1025, 2047, 3087}) {
      const std::vector<Bytes> drawn = TakeInOrder(rng, {key_len, 12, 13, len});
      d.cases.push_back(GcmCase(env, drawn[0], drawn[1], drawn[2], drawn[3], 16, "SimdTail",
                                "text " + DescribeLength(len)));
    }
  }
  for (size_t len : {0,   1,   15,  16,  17,   31,   32,   33,   127,  128,
                     129, 255, 256, 257, 1023, 1024, 1025, 2047, 2048, 2049}) {
    const std::vector<Bytes> drawn = TakeInOrder(rng, {16, 12, len, 20});
    d.cases.push_back(GcmCase(env, drawn[0], drawn[1], drawn[2], drawn[3], 16, "AadTail",
                              "AAD " + DescribeLength(len)));
  }
  // IV lengths 1..300.
  for (size_t iv_len = 1; iv_len <= 300; ++iv_len) {
    const std::vector<Bytes> drawn = TakeInOrder(rng, {16, iv_len, 5, 33});
    d.cases.push_back(GcmCase(env, drawn[0], drawn[1], drawn[2], drawn[3], 16, "IvLength",
                              "IV " + std::to_string(iv_len) + " bytes"));
  }
  // J0 near 2^32: solve the IV's first block so GHASH gives the chosen J0.
  for (size_t key_len : {16, 32}) {
    for (size_t iv_len : {16, 17, 32, 64}) {
      for (uint32_t low : {0xffffffffu, 0xfffffffeu, 0xfffffff1u, 0xffffffc1u}) {
        const uint32_t wrap_block = 0xffffffffu - low + 1;  // text block whose counter is 0
        for (size_t blocks : {static_cast<size_t>(wrap_block) + 2, size_t{70}}) {
          if (blocks == 70 && low == 0xffffffffu) continue;
          const Bytes key = rng.Take(key_len);
          Request h_req;
          h_req.op = Op::kEcbEncrypt;
          h_req.key = key;
          h_req.input = Bytes(16, 0);
          const Block h = BlockOf(env.Ours(h_req).output);  // H = E_K(0^128)
          Bytes j0b = rng.Take(16);
          if (iv_len == 16 && low == 0xffffffffu && key_len == 16) j0b = Bytes(16, 0xff);
          for (int i = 0; i < 4; ++i) j0b[12 + i] = static_cast<uint8_t>(low >> (24 - 8 * i));
          const Block j0 = BlockOf(j0b);
          Bytes iv = rng.Take(iv_len);
          // The first IV block solved for all of J0 (a bijection: always solvable).
          if (!oracles::SolveIvForJ0(iv.data(), iv.size(), 0, 16, h, j0, oracles::FullMask()) ||
              oracles::GcmJ0(h, iv.data(), iv.size()) != j0) {
            *error = "J0 solve failed (internal)";
            return false;
          }
          // Independent confirmation: OpenSSL's tag of an empty message is E_K(J0).
          Request seal;
          seal.op = Op::kGcmSeal;
          seal.key = key;
          seal.iv = iv;
          seal.tag_len = 16;
          Request dec;
          dec.op = Op::kEcbDecrypt;
          dec.key = key;
          dec.input = env.Openssl(seal).tag;
          if (BlockOf(env.Openssl(dec).output) != j0 || !env.error.empty()) {
            *error = "OpenSSL does not confirm the solved J0 for IV " + model::Hex(iv) +
                     (env.error.empty() ? "" : ": " + env.error);
            return false;
          }
          const size_t len = blocks * 16 + 5;
          const std::vector<Bytes> drawn =
              TakeInOrder(rng, {blocks == 70 ? size_t{16} : size_t{0}, len});
          d.cases.push_back(GcmCase(
              env, key, iv, drawn[0], drawn[1], 16, "CounterWrap",
              "J0 " + model::Hex(Bytes(j0.begin(), j0.end())) + ", counter wraps at text block " +
                  std::to_string(wrap_block) + " of " + std::to_string(blocks + 1)));
        }
      }
    }
  }
  // Tag lengths.
  for (size_t tag_len : {4, 8, 12, 13, 14, 15}) {
    for (size_t len : {0, 17, 64}) {
      const std::vector<Bytes> drawn = TakeInOrder(rng, {16, 12, 8, len});
      d.cases.push_back(
          GcmCase(env, drawn[0], drawn[1], drawn[2], drawn[3], tag_len, "TagLength",
                  std::to_string(tag_len) + "-byte tag, text " + std::to_string(len) + " bytes"));
    }
  }
  // Modified tag, ciphertext and AAD (invalid).
  struct Base {
    size_t key_len, iv_len, aad_len, pt_len, tag_len;
  };
  for (const Base& b :
       {Base{16, 12, 20, 40, 16}, Base{32, 16, 0, 1040, 16}, Base{24, 12, 7, 17, 12}}) {
    const std::vector<Bytes> drawn = TakeInOrder(rng, {b.key_len, b.iv_len, b.aad_len, b.pt_len});
    const TestCase v =
        GcmCase(env, drawn[0], drawn[1], drawn[2], drawn[3], b.tag_len, "ModifiedTag", "");
    auto add = [&](const std::string& flag, const std::string& what, auto&& change) {
      TestCase c = v;
      c.flags = {flag};
      c.expect = Expect::kInvalid;
      c.comment = what + " (text " + std::to_string(b.pt_len) + " bytes, " +
                  std::to_string(b.tag_len) + "-byte tag)";
      change(c);
      d.cases.push_back(c);
    };
    add("ModifiedTag", "tag bit 0 flipped", [](TestCase& c) { c.tag[0] ^= 0x80; });
    add("ModifiedTag", "last tag bit flipped", [](TestCase& c) { c.tag.back() ^= 0x01; });
    add("ModifiedTag", "all-zero tag", [](TestCase& c) { c.tag.assign(c.tag.size(), 0); });
    add("ModifiedCiphertext", "first ciphertext bit flipped", [](TestCase& c) { c.ct[0] ^= 0x80; });
    add("ModifiedCiphertext", "last ciphertext bit flipped",
        [](TestCase& c) { c.ct.back() ^= 0x01; });
    add("ModifiedCiphertext", "last ciphertext byte removed", [](TestCase& c) {
      c.ct.pop_back();
      c.msg.pop_back();
    });
    add("ModifiedCiphertext", "a zero byte appended to the ciphertext", [](TestCase& c) {
      c.ct.push_back(0);
      c.msg.push_back(0);
    });
    add("ModifiedAad", "a zero byte appended to the AAD", [](TestCase& c) { c.aad.push_back(0); });
    if (b.aad_len > 0) {
      add("ModifiedAad", "last AAD bit flipped", [](TestCase& c) { c.aad.back() ^= 0x01; });
    }
  }
  for (size_t key_len : {16, 32}) {
    for (size_t len : {0, 16}) {
      TestCase c;
      c.mode = Mode::kGcm;
      c.key = rng.Take(key_len);
      c.msg = rng.Take(len);
      c.ct = rng.Take(len);
      c.tag = rng.Take(16);
      c.tag_len = 16;
      c.expect = Expect::kInvalid;
      c.flags = {"ZeroLengthIv"};
      c.comment = "0-byte IV, text " + std::to_string(len) + " bytes";
      d.cases.push_back(c);
    }
  }
  return Finish(env, d, out, log, error);
}

// ---- ARIA-CTR ----

TestCase CtrCase(Env& env, const Bytes& key, const Bytes& iv, const Bytes& pt,
                 const std::string& flag, const std::string& comment) {
  Request r;
  r.op = Op::kCtrEncrypt;
  r.key = key;
  r.iv = iv;
  r.input = pt;
  TestCase c;
  c.mode = Mode::kCtr;
  c.key = key;
  c.iv = iv;
  c.msg = pt;
  c.ct = env.Ours(r).output;
  c.flags = {flag};
  c.comment = comment;
  return c;
}

bool CtrFile(Env& env, std::vector<GeneratedFile>* out, std::string* log, std::string* error) {
  DocSpec d;
  d.path = "vectors/generated/aria_ctr_edge_test.json";
  d.mode = Mode::kCtr;
  d.intro = {
      "ARIA-CTR edge cases (SP 800-38A §6.5, with the 128-bit big-endian counter of OpenSSL's and "
      "the kernel's ctr(aria)): counter carries across the 32-, 64- and 96-bit boundaries and the "
      "128-bit wrap at several positions inside SIMD batches, and every length around the SIMD "
      "batch boundaries. Schema: IndCpaTest with algorithm ARIA-CTR (an ariasuite extension)."};
  d.notes = {
      {"CounterCarry",
       {"FUNCTIONALITY",
        "The initial counter block is a few blocks below a 32-, 64- or 96-bit boundary (or the "
        "128-bit wrap), so the increment carries across 32-bit words inside the message, also "
        "inside a SIMD batch; implementations that increment only 32 or 64 bits fail."}},
      {"SimdTail",
       {"EDGE_CASE",
        "The text length lies around a SIMD batch boundary of ariasuite's paths "
        "(n x 16 and n x 64 blocks, one block and one byte either side, up to 3 x 64 "
        "blocks + 15 bytes)."}},
  };
  Rng rng("aria-ctr-edge");
  for (int bits : {32, 64, 96, 128}) {
    for (uint32_t k : {0u, 1u, 15u, 31u, 63u}) {
      for (bool long_text : {false, true}) {
        Bytes iv = rng.Take(16);
        const int ones = bits / 8;  // the low `ones` bytes become all-ones minus k
        for (int i = 16 - ones; i < 16; ++i) iv[static_cast<size_t>(i)] = 0xff;
        iv[15] = static_cast<uint8_t>(0xff - k);
        if (bits < 128) iv[static_cast<size_t>(15 - ones)] &= 0xfe;  // a carry lands in a 0 bit
        const size_t blocks = long_text ? 70 : k + 3;
        const size_t len = blocks * 16 + 5;
        const size_t key_len = long_text ? 32 : 16;
        const std::vector<Bytes> drawn = TakeInOrder(rng, {key_len, len});
        d.cases.push_back(CtrCase(env, drawn[0], iv, drawn[1], "CounterCarry",
                                  "carry across bit " + std::to_string(bits) +
                                      " after text block " + std::to_string(k + 1) + " of " +
                                      std::to_string(blocks + 1)));
      }
    }
  }
  for (size_t len : BoundaryLengths(48, EverySixteenBlocks())) {
    const std::vector<Bytes> drawn = TakeInOrder(rng, {16, 16, len});
    d.cases.push_back(
        CtrCase(env, drawn[0], drawn[1], drawn[2], "SimdTail", "text " + DescribeLength(len)));
  }
  for (size_t key_len : {24, 32}) {
    for (size_t len : {1023, 1025, 3087}) {
      const std::vector<Bytes> drawn = TakeInOrder(rng, {key_len, 16, len});
      d.cases.push_back(
          CtrCase(env, drawn[0], drawn[1], drawn[2], "SimdTail", "text " + DescribeLength(len)));
    }
  }
  return Finish(env, d, out, log, error);
}

// ---- ARIA-CFB128, CFB8, CFB1, OFB ----

// One CFB or OFB edge file: every length 0..short_max with each key size, then the given longer
// lengths (with key sizes cycling). Each case is our scalar reference's encryption; the runner
// checks both directions, so decryption (CFB128's batched one included) is judged too.
bool FeedbackFile(Env& env, Mode mode, const std::string& name, const std::string& what,
                  size_t short_max, const std::vector<size_t>& long_lengths,
                  std::vector<GeneratedFile>* out, std::string* log, std::string* error) {
  DocSpec d;
  d.path = "vectors/generated/aria_" + name + "_edge_test.json";
  d.mode = mode;
  d.intro = {"ARIA-" + std::string(oracles::ModeName(mode)) + " edge cases (" + what +
             "): every length 0.." + std::to_string(short_max) +
             " bytes with 128-, 192- and 256-bit keys, and longer texts around the SIMD batch "
             "boundaries of ariasuite's paths (CFB128 decryption runs 64-block batches). Schema: "
             "IndCpaTest with algorithm " +
             vectors::WycheproofAlgorithm(Cipher::kAria, mode) + " (an ariasuite extension)."};
  d.notes = {
      {"EveryLength",
       {"EDGE_CASE",
        "Every text length from 0 bytes to a few blocks: partial "
        "segments and blocks, where feedback code hands over."}},
      {"SimdTail",
       {"EDGE_CASE",
        "The text length lies around a SIMD batch boundary of ariasuite's paths "
        "(n x 16 and n x 64 blocks, one block and one byte either side)."}},
  };
  const Op op = oracles::EncryptOp(mode);
  auto add = [&](const Bytes& key, const Bytes& iv, const Bytes& pt, const std::string& flag) {
    Request r;
    r.op = op;
    r.key = key;
    r.iv = iv;
    r.input = pt;
    TestCase c;
    c.mode = mode;
    c.key = key;
    c.iv = iv;
    c.msg = pt;
    c.ct = env.Ours(r).output;
    c.flags = {flag};
    c.comment = std::to_string(key.size() * 8) + "-bit key, text " + DescribeLength(pt.size());
    d.cases.push_back(std::move(c));
  };
  Rng rng("aria-" + name + "-edge");
  for (size_t key_len : {16, 24, 32}) {
    for (size_t len = 0; len <= short_max; ++len) {
      const std::vector<Bytes> drawn = TakeInOrder(rng, {key_len, 16, len});
      add(drawn[0], drawn[1], drawn[2], "EveryLength");
    }
  }
  for (size_t i = 0; i < long_lengths.size(); ++i) {
    const size_t key_len = 16 + 8 * (i % 3);
    const std::vector<Bytes> drawn = TakeInOrder(rng, {key_len, 16, long_lengths[i]});
    add(drawn[0], drawn[1], drawn[2], "SimdTail");
  }
  return Finish(env, d, out, log, error);
}

bool FeedbackFiles(Env& env, std::vector<GeneratedFile>* out, std::string* log,
                   std::string* error) {
  // Around 1, 16, 32, 64 and 128 blocks: one block and one byte either side.
  std::vector<size_t> around;
  for (size_t b : {16, 32, 64, 128}) {
    for (long delta : {-17L, -1L, 0L, 1L, 17L}) around.push_back(b * 16 + delta);
  }
  const std::vector<size_t> bytewise = {63, 64, 65, 100, 255, 256, 257};
  return FeedbackFile(env, Mode::kCfb128, "cfb128", "SP 800-38A §6.3, 128-bit segments", 48, around,
                      out, log, error) &&
         FeedbackFile(env, Mode::kCfb8, "cfb8", "SP 800-38A §6.3, 8-bit segments", 40, bytewise,
                      out, log, error) &&
         FeedbackFile(env, Mode::kCfb1, "cfb1",
                      "SP 800-38A §6.3, 1-bit segments over whole bytes, most significant bit "
                      "first, as OpenSSL's aria-*-cfb1",
                      33, {64, 100, 255}, out, log, error) &&
         FeedbackFile(env, Mode::kOfb, "ofb", "SP 800-38A §6.4", 48, around, out, log, error);
}

// ---- ARIA-CCM ----

bool CcmFile(Env& env, std::vector<GeneratedFile>* out, std::string* log, std::string* error) {
  DocSpec d;
  d.path = "vectors/generated/aria_ccm_edge_test.json";
  d.mode = Mode::kCcm;
  d.intro = {
      "ARIA-CCM (SP 800-38C) with every nonce length 7..13 and every tag length 4..16 (even), the "
      "6-byte AAD length encoding, invalid nonce and tag lengths and a modified tag (invalid)."};
  d.notes = {
      {"NonceAndTagLength",
       {"FUNCTIONALITY",
        "Every nonce length 7..13 bytes with every tag "
        "length 4..16 bytes allowed by SP 800-38C §A.1."}},
      {"LongAad",
       {"EDGE_CASE",
        "AAD of 0xff00 bytes or more is encoded with 0xfffe and a 4-byte "
        "length (SP 800-38C §A.2.2)."}},
      {"InvalidNonceSize",
       {"MISSING_STEP",
        "A nonce length outside 7..13 bytes; sealing and "
        "opening must both fail."}},
      {"InvalidTagSize",
       {"MISSING_STEP",
        "A tag length outside {4, 6, ..., 16}; sealing and "
        "opening must both fail."}},
      {"ModifiedTag", {"AUTH_BYPASS", "A bit of the tag was flipped; opening must fail."}},
  };
  Rng rng("aria-ccm-edge");
  auto seal = [&](const Bytes& key, const Bytes& nonce, const Bytes& aad, const Bytes& pt,
                  size_t tag_len, const std::string& flag, const std::string& comment) {
    return AeadCase(env, Op::kCcmSeal, Mode::kCcm, key, nonce, aad, pt, tag_len, flag, comment);
  };
  for (size_t nonce_len = 7; nonce_len <= 13; ++nonce_len) {
    for (size_t tag_len = 4; tag_len <= 16; tag_len += 2) {
      for (size_t pt_len : {0, 33}) {
        for (size_t aad_len : {0, 20}) {
          const std::vector<Bytes> drawn = TakeInOrder(rng, {16, nonce_len, aad_len, pt_len});
          d.cases.push_back(seal(drawn[0], drawn[1], drawn[2], drawn[3], tag_len,
                                 "NonceAndTagLength",
                                 std::to_string(nonce_len) + "-byte nonce, " +
                                     std::to_string(tag_len) + "-byte tag, text " +
                                     std::to_string(pt_len) + ", AAD " + std::to_string(aad_len)));
        }
      }
    }
  }
  const std::vector<Bytes> drawn = TakeInOrder(rng, {32, 12, 0xff00, 24});
  d.cases.push_back(
      seal(drawn[0], drawn[1], drawn[2], drawn[3], 16, "LongAad", "AAD of 0xff00 bytes"));
  for (size_t nonce_len : {0, 6, 14, 15}) {
    TestCase c;
    c.mode = Mode::kCcm;
    c.key = rng.Take(16);
    c.iv = rng.Take(nonce_len);
    c.msg = rng.Take(16);
    c.ct = rng.Take(16);
    c.tag = rng.Take(12);
    c.tag_len = 12;
    c.expect = Expect::kInvalid;
    c.flags = {"InvalidNonceSize"};
    c.comment = std::to_string(nonce_len) + "-byte nonce";
    d.cases.push_back(c);
  }
  for (size_t tag_len : {2, 3, 5, 18}) {
    TestCase c;
    c.mode = Mode::kCcm;
    c.key = rng.Take(16);
    c.iv = rng.Take(12);
    c.msg = rng.Take(16);
    c.ct = rng.Take(16);
    c.tag = rng.Take(tag_len);
    c.tag_len = tag_len;
    c.expect = Expect::kInvalid;
    c.flags = {"InvalidTagSize"};
    c.comment = std::to_string(tag_len) + "-byte tag";
    d.cases.push_back(c);
  }
  for (size_t tag_len : {4, 16}) {
    const std::vector<Bytes> drawn = TakeInOrder(rng, {16, 13, 3, 31});
    TestCase c = seal(drawn[0], drawn[1], drawn[2], drawn[3], tag_len, "ModifiedTag",
                      "last tag bit flipped, " + std::to_string(tag_len) + "-byte tag");
    c.tag.back() ^= 1;
    c.expect = Expect::kInvalid;
    d.cases.push_back(c);
  }
  return Finish(env, d, out, log, error);
}

// ---- ARIA-CBC-PKCS5 ----

bool CbcFile(Env& env, std::vector<GeneratedFile>* out, std::string* log, std::string* error) {
  DocSpec d;
  d.path = "vectors/generated/aria_cbc_pkcs5_edge_test.json";
  d.mode = Mode::kCbcPkcs5;
  d.intro = {
      "ARIA-CBC with PKCS #5 padding: every length around the SIMD batch boundaries of the "
      "parallel CBC decryption, and ciphertexts whose padding is wrong (invalid)."};
  d.notes = {
      {"SimdTail",
       {"EDGE_CASE",
        "The text length lies around a SIMD batch boundary of ariasuite's paths "
        "(n x 16 and n x 64 blocks, one block and one byte either side)."}},
      {"BadPadding",
       {"MISSING_STEP",
        "The last plaintext block does not end in valid PKCS #5 "
        "padding; decryption must fail."}},
  };
  Rng rng("aria-cbc-pkcs5-edge");
  for (size_t len : BoundaryLengths(33, {16, 32, 64, 128, 192})) {
    Request r;
    r.op = Op::kCbcPkcs5Encrypt;
    r.key = rng.Take(16);
    r.iv = rng.Take(16);
    r.input = rng.Take(len);
    TestCase c;
    c.mode = Mode::kCbcPkcs5;
    c.key = r.key;
    c.iv = r.iv;
    c.msg = r.input;
    c.ct = env.Ours(r).output;
    c.flags = {"SimdTail"};
    c.comment = "text " + DescribeLength(len);
    d.cases.push_back(c);
  }
  // Raw CBC of a crafted last block: the padding value and bytes decide validity.
  struct Bad {
    const char* what;
    uint8_t pad;
    int corrupt;  // index of a padding byte to change, or -1
    size_t blocks;
  };
  for (const Bad& b :
       {Bad{"padding byte 0", 0, -1, 1}, Bad{"padding byte 17", 17, -1, 2},
        Bad{"padding byte 255", 255, -1, 1}, Bad{"16 bytes of 0x10 but one 0x11", 16, 3, 1},
        Bad{"pad 2 with a wrong second byte", 2, 14, 65},
        Bad{"pad 8 with a wrong first byte", 8, 8, 64}}) {
    Bytes pt = rng.Take(16 * b.blocks);
    uint8_t* last = pt.data() + pt.size() - 16;
    const int n = b.pad >= 1 && b.pad <= 16 ? b.pad : 1;
    for (int i = 16 - n; i < 16; ++i) last[i] = b.pad;
    if (b.corrupt >= 0) last[b.corrupt] ^= 0x01;
    Request r;
    r.op = Op::kCbcEncrypt;
    r.key = rng.Take(16);
    r.iv = rng.Take(16);
    r.input = pt;
    TestCase c;
    c.mode = Mode::kCbcPkcs5;
    c.key = r.key;
    c.iv = r.iv;
    c.msg = {};
    c.ct = env.Ours(r).output;
    c.expect = Expect::kInvalid;
    c.flags = {"BadPadding"};
    c.comment = std::string(b.what) + ", " + Plural(b.blocks, "block");
    d.cases.push_back(c);
  }
  return Finish(env, d, out, log, error);
}

// ---- Each mode's limits, in both directions ----
//
// Small files of cases at and just past each limit conformance/mode_limits.cc states (the runner
// asks an invalid case's forward request and its inverse, and demands a refusal of each one the
// limits forbid). Valid cases sit on the limit and are computed by our scalar reference; invalid
// ones have random bytes of the forbidden sizes.

// An invalid case of mode with the given fields.
TestCase Forbidden(Mode mode, Bytes key, Bytes iv, Bytes msg, Bytes ct, Bytes tag,
                   const std::string& flag, const std::string& comment) {
  TestCase c;
  c.mode = mode;
  c.key = std::move(key);
  c.iv = std::move(iv);
  c.msg = std::move(msg);
  c.ct = std::move(ct);
  c.tag_len = tag.size();
  c.tag = std::move(tag);
  c.expect = Expect::kInvalid;
  c.flags = {flag};
  c.comment = comment;
  return c;
}

std::string ByteCount(size_t n) { return Plural(n, "byte"); }
std::string Sized(size_t n, const char* what) { return std::to_string(n) + "-byte " + what; }

TestCase PlainCase(Env& env, Op op, Mode mode, const Bytes& key, const Bytes& iv, const Bytes& msg,
                   const std::string& flag, const std::string& comment) {
  Request r;
  r.op = op;
  r.key = key;
  r.iv = iv;
  r.input = msg;
  TestCase c;
  c.mode = mode;
  c.key = key;
  c.iv = iv;
  c.msg = msg;
  c.ct = env.Ours(r).output;
  c.flags = {flag};
  c.comment = comment;
  return c;
}

bool KwLimits(Env& env, std::vector<GeneratedFile>* out, std::string* log, std::string* error) {
  DocSpec d;
  d.path = "vectors/generated/aria_kw_limits_test.json";
  d.mode = Mode::kKw;
  d.standard_judge = env.sp800_38f.get();
  d.standard_name = "SP 800-38F";
  d.intro = {
      "ARIA-KW (SP 800-38F §6.2) at and just past each limit: the shortest wrap input (16 bytes), "
      "an empty, a 15-, 17- and 23-byte one, unwrap inputs shorter than 24 bytes and key sizes "
      "other than 16, 24 and 32 bytes. An invalid case must be refused by the wrap and the unwrap "
      "(the 8-byte input, which RFC 3394 as some libraries read it wraps, is left out)."};
  d.notes = {
      {"WrapAtLimit",
       {"EDGE_CASE",
        "A wrap input at the limit of SP 800-38F §5.3.1, §6.2: at least 16 bytes, a multiple of "
        "8; wrap and unwrap must give exactly these bytes."}},
      {"WrapInputSize",
       {"MODIFIED_PARAMETER",
        "SP 800-38F §5.3.1, §6.2: a KW wrap input must be at least 16 bytes and a multiple of 8 "
        "(an unwrap input at least 24 bytes); the wrap of msg and the unwrap of ct must both be "
        "refused."}},
      {"KeySize",
       {"MODIFIED_PARAMETER",
        "RFC 5794 §2.1: an ARIA key is 16, 24 or 32 bytes; both directions must be refused."}},
  };
  Rng rng("aria-kw-limits");
  for (size_t key_len : {16, 24, 32}) {
    for (size_t len : {16, 24, 32}) {
      const std::vector<Bytes> drawn = TakeInOrder(rng, {key_len, len});
      d.cases.push_back(PlainCase(env, Op::kKwWrap, Mode::kKw, drawn[0], {}, drawn[1],
                                  "WrapAtLimit",
                                  "wrap of " + ByteCount(len) + ", " + Sized(key_len, "key")));
    }
  }
  for (size_t len : {0, 7, 15, 17, 23, 31}) {
    const size_t ct_len = len + 8;
    const std::vector<Bytes> drawn = TakeInOrder(rng, {16, len, ct_len});
    d.cases.push_back(Forbidden(Mode::kKw, drawn[0], {}, drawn[1], drawn[2], {}, "WrapInputSize",
                                "wrap of " + ByteCount(len) + ", unwrap of " + ByteCount(ct_len)));
  }
  for (size_t key_len : {0, 15, 17, 33}) {
    const std::vector<Bytes> drawn = TakeInOrder(rng, {key_len, 16, 24});
    d.cases.push_back(Forbidden(Mode::kKw, drawn[0], {}, drawn[1], drawn[2], {}, "KeySize",
                                Sized(key_len, "key")));
  }
  return Finish(env, d, out, log, error);
}

bool KwpLimits(Env& env, std::vector<GeneratedFile>* out, std::string* log, std::string* error) {
  DocSpec d;
  d.path = "vectors/generated/aria_kwp_limits_test.json";
  d.mode = Mode::kKwp;
  d.standard_judge = env.sp800_38f.get();
  d.standard_name = "SP 800-38F";
  d.intro = {
      "ARIA-KWP (SP 800-38F §6.3) at and just past each limit: wrap inputs of 1 to 17 bytes (one "
      "semiblock and the switch to the W function), an empty one, unwrap inputs shorter than 16 "
      "bytes or not a multiple of 8, and key sizes other than 16, 24 and 32 bytes. An invalid case "
      "must be refused by the wrap and the unwrap."};
  d.notes = {
      {"WrapAtLimit",
       {"EDGE_CASE",
        "A wrap input at a limit of SP 800-38F §6.3 (1 byte, one semiblock, just over it); wrap "
        "and unwrap must give exactly these bytes."}},
      {"WrapInputSize",
       {"MODIFIED_PARAMETER",
        "SP 800-38F §5.3.1, §6.3: a KWP wrap input is 1 to 2^32-1 bytes and an unwrap input at "
        "least 16 bytes and a multiple of 8; the wrap of msg and the unwrap of ct must both be "
        "refused."}},
      {"KeySize",
       {"MODIFIED_PARAMETER",
        "RFC 5794 §2.1: an ARIA key is 16, 24 or 32 bytes; both directions must be refused."}},
  };
  Rng rng("aria-kwp-limits");
  for (size_t len : {1, 7, 8, 9, 16, 17}) {
    const std::vector<Bytes> drawn = TakeInOrder(rng, {16, len});
    d.cases.push_back(PlainCase(env, Op::kKwpWrap, Mode::kKwp, drawn[0], {}, drawn[1],
                                "WrapAtLimit", "wrap of " + ByteCount(len)));
  }
  for (size_t key_len : {24, 32}) {
    const std::vector<Bytes> drawn = TakeInOrder(rng, {key_len, 1});
    d.cases.push_back(PlainCase(env, Op::kKwpWrap, Mode::kKwp, drawn[0], {}, drawn[1],
                                "WrapAtLimit", "wrap of 1 byte, " + Sized(key_len, "key")));
  }
  for (size_t ct_len : {0, 8, 15, 17}) {
    const std::vector<Bytes> drawn = TakeInOrder(rng, {16, ct_len});
    d.cases.push_back(Forbidden(Mode::kKwp, drawn[0], {}, {}, drawn[1], {}, "WrapInputSize",
                                "wrap of 0 bytes, unwrap of " + ByteCount(ct_len)));
  }
  for (size_t key_len : {0, 15, 17, 33}) {
    const std::vector<Bytes> drawn = TakeInOrder(rng, {key_len, 8, 16});
    d.cases.push_back(Forbidden(Mode::kKwp, drawn[0], {}, drawn[1], drawn[2], {}, "KeySize",
                                Sized(key_len, "key")));
  }
  return Finish(env, d, out, log, error);
}

bool GcmLimits(Env& env, std::vector<GeneratedFile>* out, std::string* log, std::string* error) {
  DocSpec d;
  d.path = "vectors/generated/aria_gcm_limits_test.json";
  d.mode = Mode::kGcm;
  d.standard_judge = env.sp800_38d.get();  // OpenSSL and Botan open with 5..11-byte tags
  d.standard_name = "SP 800-38D";
  d.intro = {
      "ARIA-GCM (SP 800-38D §5.2.1) at and just past each limit: tag lengths 4, 8, 12 and 16 "
      "bytes and the ones between and beyond them, a 1-byte IV and an empty one. An invalid case "
      "must be refused by the seal (with its tag length) and the open."};
  d.notes = {
      {"TagAtLimit",
       {"EDGE_CASE",
        "A tag length SP 800-38D §5.2.1.2 allows (4, 8, 12..16 bytes); seal and open must give "
        "exactly these bytes."}},
      {"TagLength",
       {"MODIFIED_PARAMETER",
        "SP 800-38D §5.2.1.2: the tag is 4, 8 or 12..16 bytes; sealing with this tag length and "
        "opening with this tag must both be refused."}},
      {"IvAtLimit", {"EDGE_CASE", "A 1-byte IV, the shortest SP 800-38D §5.2.1.1 allows."}},
      {"IvLength",
       {"MODIFIED_PARAMETER",
        "SP 800-38D §5.2.1.1: the IV is at least 1 byte; sealing and opening with an empty IV "
        "must both be refused."}},
  };
  Rng rng("aria-gcm-limits");
  for (size_t tag_len : {4, 8, 12, 16}) {
    const std::vector<Bytes> drawn = TakeInOrder(rng, {16, 12, 5, 17});
    d.cases.push_back(GcmCase(env, drawn[0], drawn[1], drawn[2], drawn[3], tag_len, "TagAtLimit",
                              Sized(tag_len, "tag")));
  }
  for (size_t tag_len : {0, 3, 5, 7, 9, 11, 17}) {
    const std::vector<Bytes> drawn = TakeInOrder(rng, {16, 12, 17, 17, tag_len});
    TestCase c = Forbidden(Mode::kGcm, drawn[0], drawn[1], drawn[2], drawn[3], drawn[4],
                           "TagLength", Sized(tag_len, "tag"));
    d.cases.push_back(c);
  }
  {
    const std::vector<Bytes> drawn = TakeInOrder(rng, {16, 1, 0, 16});
    d.cases.push_back(
        GcmCase(env, drawn[0], drawn[1], drawn[2], drawn[3], 16, "IvAtLimit", "1-byte IV"));
  }
  {
    const std::vector<Bytes> drawn = TakeInOrder(rng, {16, 16, 16, 16});
    d.cases.push_back(
        Forbidden(Mode::kGcm, drawn[0], {}, drawn[1], drawn[2], drawn[3], "IvLength", "empty IV"));
  }
  return Finish(env, d, out, log, error);
}

bool CcmLimits(Env& env, std::vector<GeneratedFile>* out, std::string* log, std::string* error) {
  DocSpec d;
  d.path = "vectors/generated/aria_ccm_limits_test.json";
  d.mode = Mode::kCcm;
  d.intro = {
      "ARIA-CCM (SP 800-38C §A.1) at and just past each limit: nonces of 7 and 13 bytes and of 6 "
      "and 14, tags of 4 and 16 bytes and of 2, 3, 5, 15, 17 and 18. An invalid case must be "
      "refused by the seal (with its tag length) and the open."};
  d.notes = {
      {"AtLimit",
       {"EDGE_CASE",
        "The shortest and longest nonce (7, 13 bytes) and tag (4, 16 bytes) SP 800-38C §A.1 "
        "allows; seal and open must give exactly these bytes."}},
      {"NonceLength",
       {"MODIFIED_PARAMETER",
        "SP 800-38C §A.1: the nonce is 7..13 bytes; sealing and opening must both be refused."}},
      {"TagLength",
       {"MODIFIED_PARAMETER",
        "SP 800-38C §A.1: the tag is 4, 6, ..., 16 bytes; sealing with this tag length and "
        "opening with this tag must both be refused."}},
  };
  Rng rng("aria-ccm-limits");
  for (size_t nonce_len : {7, 13}) {
    for (size_t tag_len : {4, 16}) {
      const std::vector<Bytes> drawn = TakeInOrder(rng, {16, nonce_len, 3, 20});
      d.cases.push_back(AeadCase(env, Op::kCcmSeal, Mode::kCcm, drawn[0], drawn[1], drawn[2],
                                 drawn[3], tag_len, "AtLimit",
                                 Sized(nonce_len, "nonce") + ", " + Sized(tag_len, "tag")));
    }
  }
  for (size_t nonce_len : {0, 6, 14}) {
    const std::vector<Bytes> drawn = TakeInOrder(rng, {16, nonce_len, 16, 16, 16});
    d.cases.push_back(Forbidden(Mode::kCcm, drawn[0], drawn[1], drawn[2], drawn[3], drawn[4],
                                "NonceLength", Sized(nonce_len, "nonce")));
  }
  for (size_t tag_len : {2, 3, 5, 15, 17, 18}) {
    const std::vector<Bytes> drawn = TakeInOrder(rng, {16, 12, 16, 16, tag_len});
    d.cases.push_back(Forbidden(Mode::kCcm, drawn[0], drawn[1], drawn[2], drawn[3], drawn[4],
                                "TagLength", Sized(tag_len, "tag")));
  }
  return Finish(env, d, out, log, error);
}

bool CmacLimits(Env& env, std::vector<GeneratedFile>* out, std::string* log, std::string* error) {
  DocSpec d;
  d.path = "vectors/generated/aria_cmac_limits_test.json";
  d.mode = Mode::kCmac;
  d.intro = {
      "ARIA-CMAC (SP 800-38B §6.2) at and just past the tag length limit: tags of 16 bytes (one "
      "block) and of 17 and 32 bytes, which the MAC request must refuse, and the empty message."};
  d.notes = {
      {"AtLimit",
       {"EDGE_CASE",
        "A full-block (16-byte) tag, the longest SP 800-38B §6.2 allows, of an empty and a "
        "one-block message."}},
      {"TagLength",
       {"MODIFIED_PARAMETER",
        "SP 800-38B §6.2: the CMAC tag is at most one 16-byte block; the MAC request with this "
        "tag length must be refused."}},
  };
  Rng rng("aria-cmac-limits");
  for (size_t len : {0, 16, 17}) {
    const std::vector<Bytes> drawn = TakeInOrder(rng, {16, len});
    Request r;
    r.op = Op::kCmac;
    r.key = drawn[0];
    r.input = drawn[1];
    r.tag_len = 16;
    TestCase c;
    c.mode = Mode::kCmac;
    c.key = r.key;
    c.msg = r.input;
    c.tag = env.Ours(r).tag;
    c.tag_len = 16;
    c.flags = {"AtLimit"};
    c.comment = "16-byte tag of " + ByteCount(len);
    d.cases.push_back(c);
  }
  for (size_t tag_len : {17, 32}) {
    const std::vector<Bytes> drawn = TakeInOrder(rng, {16, 16, tag_len});
    d.cases.push_back(Forbidden(Mode::kCmac, drawn[0], {}, drawn[1], {}, drawn[2], "TagLength",
                                Sized(tag_len, "tag")));
  }
  return Finish(env, d, out, log, error);
}

bool CbcPkcs5Limits(Env& env, std::vector<GeneratedFile>* out, std::string* log,
                    std::string* error) {
  DocSpec d;
  d.path = "vectors/generated/aria_cbc_pkcs5_limits_test.json";
  d.mode = Mode::kCbcPkcs5;
  d.intro = {
      "ARIA-CBC with PKCS #5 padding (SP 800-38A §6.2, RFC 8018 §6.1.1) at and just past each "
      "limit: the empty text (one block of padding), IVs of 15 and 17 bytes, ciphertexts that "
      "are empty or not whole blocks. An invalid case must be refused by the decryption, and by "
      "the encryption where its IV is wrong."};
  d.notes = {
      {"AtLimit",
       {"EDGE_CASE",
        "The empty text and one of 15 and 16 bytes; encryption and decryption must give exactly "
        "these bytes."}},
      {"IvLength",
       {"MODIFIED_PARAMETER",
        "SP 800-38A §6.2: the CBC IV is one 16-byte block; encryption and decryption must both "
        "be refused."}},
      {"CiphertextSize",
       {"MODIFIED_PARAMETER",
        "RFC 8018 §6.1.1, SP 800-38A §6.2: a padded CBC ciphertext is one or more whole 16-byte "
        "blocks; decryption must be refused."}},
  };
  Rng rng("aria-cbc-pkcs5-limits");
  for (size_t len : {0, 15, 16}) {
    const std::vector<Bytes> drawn = TakeInOrder(rng, {16, 16, len});
    d.cases.push_back(PlainCase(env, Op::kCbcPkcs5Encrypt, Mode::kCbcPkcs5, drawn[0], drawn[1],
                                drawn[2], "AtLimit", "text of " + ByteCount(len)));
  }
  for (size_t iv_len : {0, 15, 17}) {
    const std::vector<Bytes> drawn = TakeInOrder(rng, {16, iv_len, 5, 16});
    d.cases.push_back(Forbidden(Mode::kCbcPkcs5, drawn[0], drawn[1], drawn[2], drawn[3], {},
                                "IvLength", Sized(iv_len, "IV")));
  }
  for (size_t ct_len : {0, 15, 17, 31}) {
    const std::vector<Bytes> drawn = TakeInOrder(rng, {16, 16, ct_len});
    d.cases.push_back(Forbidden(Mode::kCbcPkcs5, drawn[0], drawn[1], {}, drawn[2], {},
                                "CiphertextSize", "ciphertext of " + ByteCount(ct_len)));
  }
  return Finish(env, d, out, log, error);
}

bool LimitFiles(Env& env, std::vector<GeneratedFile>* out, std::string* log, std::string* error) {
  return KwLimits(env, out, log, error) && KwpLimits(env, out, log, error) &&
         GcmLimits(env, out, log, error) && CcmLimits(env, out, log, error) &&
         CmacLimits(env, out, log, error) && CbcPkcs5Limits(env, out, log, error);
}

// ---- Samples in the other formats: computed by OpenSSL, confirmed by our reference ----

// Confirms that a case passes on our reference.
bool Confirm(Env& env, const TestCase& c, const std::string& what, std::string* error) {
  conformance::CaseResult r = conformance::RunCase(*env.ours, c);
  if (r.outcome != conformance::CaseOutcome::kPass) {
    *error = what + ": our reference disagrees with OpenSSL: " + r.message;
    return false;
  }
  return true;
}

struct GcmSample {
  Bytes key, iv, aad, pt, ct, tag;
  bool fail = false;
};

GcmSample SampleGcm(Env& env, Rng& rng, size_t key_len, size_t iv_len, size_t aad_len,
                    size_t pt_len, size_t tag_len, bool fail) {
  GcmSample s;
  s.key = rng.Take(key_len);
  s.iv = rng.Take(iv_len);
  s.aad = rng.Take(aad_len);
  s.pt = rng.Take(pt_len);
  Request r;
  r.op = Op::kGcmSeal;
  r.key = s.key;
  r.iv = s.iv;
  r.aad = s.aad;
  r.input = s.pt;
  r.tag_len = tag_len;
  Result res = env.Openssl(r);
  s.ct = res.output;
  s.tag = res.tag;
  if (fail && !s.tag.empty()) s.tag[0] ^= 0x01;
  s.fail = fail;
  return s;
}

TestCase AsCase(const GcmSample& s) {
  TestCase c;
  c.mode = Mode::kGcm;
  c.key = s.key;
  c.iv = s.iv;
  c.aad = s.aad;
  c.msg = s.pt;
  c.ct = s.ct;
  c.tag = s.tag;
  c.tag_len = s.tag.size();
  if (s.fail) {
    c.expect = Expect::kInvalid;
    c.direction = vectors::Direction::kDecrypt;
  }
  return c;
}

bool CavpSample(Env& env, std::vector<GeneratedFile>* out, std::string* log, std::string* error) {
  Rng rng("cavp-sample");
  std::ostringstream o;
  o << "# ARIA-GCM sample in the NIST CAVP GCMVS response-file format (gcmEncryptExtIV*.rsp,\n"
       "# gcmDecrypt*.rsp), for the conformance runner's CAVP loader. Not from NIST: generated by\n"
       "# `tools/ariasuite vectors generate` (vectors/gen/generate.cc) with OpenSSL 3's "
       "ARIA-GCM and\n"
       "# confirmed by ariasuite's scalar reference. The word ARIA in these comments tells the\n"
       "# loader the cipher (real CAVP files are AES).\n\n";
  struct Section {
    size_t key, iv, pt, aad, tag;
    bool decrypt;
  };
  int count_total = 0;
  for (const Section& sec : {Section{16, 12, 16, 16, 16, false}, Section{32, 12, 13, 0, 12, false},
                             Section{16, 8, 32, 20, 16, true}, Section{24, 60, 0, 16, 15, true}}) {
    o << "# GCM " << (sec.decrypt ? "Decrypt" : "Encrypt") << "\n";
    o << "[Keylen = " << sec.key * 8 << "]\n[IVlen = " << sec.iv * 8 << "]\n[PTlen = " << sec.pt * 8
      << "]\n[AADlen = " << sec.aad * 8 << "]\n[Taglen = " << sec.tag * 8 << "]\n\n";
    for (int count = 0; count < 3; ++count) {
      const bool fail = sec.decrypt && count == 1;
      GcmSample s = SampleGcm(env, rng, sec.key, sec.iv, sec.aad, sec.pt, sec.tag, fail);
      if (!env.error.empty()) {
        *error = env.error;
        return false;
      }
      if (!Confirm(env, AsCase(s), "CAVP sample", error)) return false;
      o << "Count = " << count << "\nKey = " << model::Hex(s.key) << "\nIV = " << model::Hex(s.iv)
        << "\n";
      if (sec.decrypt) {
        o << "CT = " << model::Hex(s.ct) << "\nAAD = " << model::Hex(s.aad)
          << "\nTag = " << model::Hex(s.tag) << "\n";
        o << (fail ? std::string("FAIL") : "PT = " + model::Hex(s.pt)) << "\n\n";
      } else {
        o << "PT = " << model::Hex(s.pt) << "\nAAD = " << model::Hex(s.aad)
          << "\nCT = " << model::Hex(s.ct) << "\nTag = " << model::Hex(s.tag) << "\n\n";
      }
      ++count_total;
    }
  }
  out->push_back(GeneratedFile{"vectors/samples/aria_gcm_cavp_sample.rsp", o.str()});
  *log += "vectors/samples/aria_gcm_cavp_sample.rsp: " + std::to_string(count_total) +
          " records (OpenSSL computed, ours confirmed)\n";
  return true;
}

bool EvpSample(Env& env, std::vector<GeneratedFile>* out, std::string* log, std::string* error) {
  Rng rng("evp-sample");
  std::ostringstream o;
  o << "# ARIA sample in OpenSSL's evp test format (test/recipes/30-test_evp_data/evpciph_*.txt),\n"
       "# for the conformance runner's evp loader. Generated by `tools/ariasuite vectors "
       "generate`\n"
       "# (vectors/gen/generate.cc) with OpenSSL 3 and confirmed by ariasuite's scalar "
       "reference.\n\n"
       "Title = ARIA ECB, CBC and CTR (no padding, as evp_test runs them)\n\n";
  int stanzas = 0;
  for (const char* mode : {"ECB", "CBC", "CTR"}) {
    for (size_t key_len : {16, 32}) {
      Request r;
      r.op = std::string(mode) == "ECB"   ? Op::kEcbEncrypt
             : std::string(mode) == "CBC" ? Op::kCbcEncrypt
                                          : Op::kCtrEncrypt;
      r.key = rng.Take(key_len);
      if (std::string(mode) != "ECB") r.iv = rng.Take(16);
      if (std::string(mode) == "CTR") {
        for (int i = 8; i < 16; ++i) r.iv[static_cast<size_t>(i)] = 0xff;  // carry into bit 64
        r.iv[15] = 0xfd;
      }
      r.input = rng.Take(std::string(mode) == "CTR" ? 77 : 64);
      Result res = env.Openssl(r);
      TestCase c;
      c.mode = std::string(mode) == "ECB"   ? Mode::kEcb
               : std::string(mode) == "CBC" ? Mode::kCbc
                                            : Mode::kCtr;
      c.key = r.key;
      c.iv = r.iv;
      c.msg = r.input;
      c.ct = res.output;
      if (!env.error.empty()) {
        *error = env.error;
        return false;
      }
      if (!Confirm(env, c, std::string("evp sample ") + mode, error)) return false;
      o << "Cipher = ARIA-" << key_len * 8 << "-" << mode << "\nKey = " << model::Hex(c.key)
        << "\n";
      if (!c.iv.empty()) o << "IV = " << model::Hex(c.iv) << "\n";
      o << "Plaintext = " << model::Hex(c.msg) << "\nCiphertext = " << model::Hex(c.ct) << "\n\n";
      ++stanzas;
    }
  }
  o << "Title = ARIA GCM and CCM, with a bad tag and one-direction stanzas\n\n";
  for (int i = 0; i < 4; ++i) {
    const bool ccm = i >= 2;
    Request r;
    r.op = ccm ? Op::kCcmSeal : Op::kGcmSeal;
    r.key = rng.Take(i % 2 ? 24 : 16);
    r.iv = rng.Take(ccm ? 11 : 12);
    r.aad = rng.Take(24);
    r.input = rng.Take(40);
    r.tag_len = ccm ? 10 : 16;
    Result res = env.Openssl(r);
    if (!env.error.empty()) {
      *error = env.error;
      return false;
    }
    TestCase c;
    c.mode = ccm ? Mode::kCcm : Mode::kGcm;
    c.key = r.key;
    c.iv = r.iv;
    c.aad = r.aad;
    c.msg = r.input;
    c.ct = res.output;
    c.tag = res.tag;
    c.tag_len = c.tag.size();
    const bool bad = i == 1;
    if (bad) {
      c.tag[5] ^= 0x10;
      c.expect = Expect::kInvalid;
      c.direction = vectors::Direction::kDecrypt;
    }
    if (i == 3) c.direction = vectors::Direction::kEncrypt;
    if (!Confirm(env, c, "evp sample AEAD", error)) return false;
    o << "Cipher = ARIA-" << c.key.size() * 8 << (ccm ? "-CCM" : "-GCM")
      << "\nKey = " << model::Hex(c.key) << "\nIV = " << model::Hex(c.iv) << "\n";
    // The AAD split over two lines: evp_test feeds them in order, the loader concatenates them.
    o << "AAD = " << model::Hex(Bytes(c.aad.begin(), c.aad.begin() + 10)) << "\n";
    o << "AAD = " << model::Hex(Bytes(c.aad.begin() + 10, c.aad.end())) << "\n";
    o << "Tag = " << model::Hex(c.tag) << "\n";
    if (bad) o << "Operation = DECRYPT\n";
    if (i == 3) o << "Operation = ENCRYPT\n";
    o << "Plaintext = " << model::Hex(c.msg) << "\nCiphertext = " << model::Hex(c.ct) << "\n";
    if (bad) o << "Result = CIPHERFINAL_ERROR\n";
    o << "\n";
    ++stanzas;
  }
  std::string text = o.str();
  text.pop_back();  // one trailing newline
  out->push_back(GeneratedFile{"vectors/samples/aria_evp_sample.txt", text});
  *log += "vectors/samples/aria_evp_sample.txt: " + std::to_string(stanzas) +
          " stanzas (OpenSSL computed, ours confirmed)\n";
  return true;
}

// A C string literal in testmgr.h's style: eight \xHH per line, continuation lines aligned.
std::string CString(const Bytes& b, const std::string& indent) {
  std::string s;
  for (size_t i = 0; i < b.size(); i += 8) {
    if (i) s += "\n" + indent;
    s += "\"";
    for (size_t k = i; k < i + 8 && k < b.size(); ++k) {
      s += "\\x" + model::Hex(&b[k], 1);
    }
    s += "\"";
  }
  if (b.empty()) s = "\"\"";
  return s;
}

bool TestmgrSample(Env& env, std::vector<GeneratedFile>* out, std::string* log,
                   std::string* error) {
  Rng rng("testmgr-sample");
  std::ostringstream o;
  o << "/*\n"
       " * ARIA test templates in the style of the Linux kernel's crypto/testmgr.h (struct\n"
       " * cipher_testvec for ecb/cbc/ctr(aria), struct aead_testvec for gcm(aria)), for the\n"
       " * conformance runner's testmgr loader. Generated by `tools/ariasuite vectors generate`\n"
       " * (vectors/gen/generate.cc) with OpenSSL 3 and confirmed by ariasuite's scalar "
       "reference.\n"
       " */\n\n";
  const std::string ind = "\t\t\t  ";
  int vectors = 0;
  struct Tmpl {
    const char* name;
    Mode mode;
  };
  for (const Tmpl& t :
       {Tmpl{"aria_tv_template", Mode::kEcb}, Tmpl{"aria_cbc_tv_template", Mode::kCbc},
        Tmpl{"aria_ctr_tv_template", Mode::kCtr}}) {
    o << "static const struct cipher_testvec " << t.name << "[] = {\n";
    for (int i = 0; i < 3; ++i) {
      Request r;
      r.op = t.mode == Mode::kEcb   ? Op::kEcbEncrypt
             : t.mode == Mode::kCbc ? Op::kCbcEncrypt
                                    : Op::kCtrEncrypt;
      const size_t key_len = 16 + 8 * static_cast<size_t>(i);
      r.key = rng.Take(key_len);
      if (t.mode != Mode::kEcb) r.iv = rng.Take(16);
      if (t.mode == Mode::kCtr && i == 2) {
        for (int k = 4; k < 16; ++k) r.iv[static_cast<size_t>(k)] = 0xff;  // carry into bit 96
      }
      r.input = rng.Take(t.mode == Mode::kCtr ? 16 * (i + 1) + 7 : 16 * (i + 1));
      Result res = env.Openssl(r);
      if (!env.error.empty()) {
        *error = env.error;
        return false;
      }
      TestCase c;
      c.mode = t.mode;
      c.key = r.key;
      c.iv = r.iv;
      c.msg = r.input;
      c.ct = res.output;
      if (!Confirm(env, c, std::string("testmgr sample ") + t.name, error)) return false;
      o << (i == 0 ? "\t{\n" : "\t}, {\n");
      o << "\t\t.key\t= " << CString(c.key, ind) << ",\n\t\t.klen\t= " << c.key.size() << ",\n";
      if (t.mode != Mode::kEcb) {
        o << "\t\t.iv\t= " << CString(c.iv, ind) << ",\n";
        // The IV the mode leaves behind: CBC's last ciphertext block, CTR's next counter block.
        Bytes iv_out;
        if (t.mode == Mode::kCbc) {
          iv_out.assign(c.ct.end() - 16, c.ct.end());
        } else {
          iv_out = c.iv;
          uint64_t add = (c.ct.size() + 15) / 16;
          for (int k = 15; k >= 0 && add; --k) {
            const uint64_t v = iv_out[static_cast<size_t>(k)] + (add & 0xff);
            iv_out[static_cast<size_t>(k)] = static_cast<uint8_t>(v);
            add = (add >> 8) + (v >> 8);
          }
        }
        o << "\t\t.iv_out\t= " << CString(iv_out, ind) << ",\n";
      }
      o << "\t\t.ptext\t= " << CString(c.msg, ind) << ",\n\t\t.ctext\t= " << CString(c.ct, ind)
        << ",\n\t\t.len\t= " << c.msg.size() << ",\n";
      ++vectors;
    }
    o << "\t}\n};\n\n";
  }
  o << "static const struct aead_testvec aria_gcm_tv_template[] = {\n";
  for (int i = 0; i < 3; ++i) {
    GcmSample s = SampleGcm(env, rng, i == 1 ? 32 : 16, 12, i == 0 ? 0 : 20, i == 2 ? 0 : 40,
                            i == 1 ? 8 : 16, i == 2);
    if (!env.error.empty()) {
      *error = env.error;
      return false;
    }
    if (!Confirm(env, AsCase(s), "testmgr sample gcm", error)) return false;
    Bytes ctext = s.ct;
    ctext.insert(ctext.end(), s.tag.begin(), s.tag.end());
    o << (i == 0 ? "\t{\n" : "\t}, {\n");
    o << "\t\t.key\t= " << CString(s.key, ind) << ",\n\t\t.klen\t= " << s.key.size()
      << ",\n\t\t.iv\t= " << CString(s.iv, ind) << ",\n";
    if (!s.aad.empty()) o << "\t\t.assoc\t= " << CString(s.aad, ind) << ",\n";
    o << "\t\t.alen\t= " << s.aad.size() << ",\n";
    if (!s.fail) o << "\t\t.ptext\t= " << CString(s.pt, ind) << ",\n";
    o << "\t\t.plen\t= " << s.pt.size() << ",\n\t\t.ctext\t= " << CString(ctext, ind)
      << ",\n\t\t.clen\t= " << ctext.size() << ",\n";
    if (s.fail) o << "\t\t.novrfy\t= 1,\n";
    ++vectors;
  }
  o << "\t}\n};\n";
  const std::string text = o.str();
  out->push_back(GeneratedFile{"vectors/samples/aria_testmgr_sample.h", text});
  *log += "vectors/samples/aria_testmgr_sample.h: " + std::to_string(vectors) +
          " vectors (OpenSSL computed, ours confirmed)\n";
  return true;
}

// ---- Samples of the other libraries' test formats (Botan, Crypto++, Mbed TLS) ----

// One known answer computed by OpenSSL: the request's output (and tag), as a TestCase of mode
// (checked on our reference by the caller). The request's fields are drawn by the caller.
struct Kat {
  Request r;
  Result res;
};

bool Compute(Env& env, Request r, Kat* k, std::string* error) {
  k->r = r;
  k->res = env.Openssl(r);
  if (!env.error.empty()) {
    *error = env.error;
    return false;
  }
  return true;
}

TestCase KatCase(const Kat& k) {
  TestCase c;
  c.cipher = k.r.cipher;
  c.mode = oracles::ModeOf(k.r.op);
  c.key = k.r.key;
  if (c.mode != Mode::kEcb && c.mode != Mode::kCmac) c.iv = k.r.iv;
  c.aad = k.r.aad;
  c.msg = k.r.input;
  if (c.mode == Mode::kCmac) {
    c.tag = k.res.tag;
    c.tag_len = c.tag.size();
  } else {
    c.ct = k.res.output;
    c.tag = k.res.tag;
    c.tag_len = c.tag.size();
  }
  return c;
}

// Computes a request with OpenSSL and confirms it on our reference (ARIA, or AES-GCM).
bool Kat2(Env& env, const Request& r, const std::string& what, Kat* k, std::string* error) {
  return Compute(env, r, k, error) && Confirm(env, KatCase(*k), what, error);
}

std::string Joined(const Bytes& a, const Bytes& b) {
  Bytes j = a;
  j.insert(j.end(), b.begin(), b.end());
  return model::Hex(j);
}

bool BotanSample(Env& env, std::vector<GeneratedFile>* out, std::string* log, std::string* error) {
  Rng rng("botan-sample");
  std::ostringstream o;
  o << "# ARIA sample in Botan's test vector format "
       "(src/tests/data/{block,modes,aead,mac,stream}/*.vec:\n"
       "# [Algorithm] sections, `Key = hex` lines, a vector ends at its Out line), for the\n"
       "# conformance runner's Botan loader. Generated by `tools/ariasuite vectors generate`\n"
       "# (vectors/gen/generate.cc) with OpenSSL 3 and confirmed by ariasuite's scalar "
       "reference;\n"
       "# the AES-128/CBC section (another algorithm, left out at load) is OpenSSL's alone.\n\n"
       "#test cpuid aesni\n\n";
  int n = 0;
  Kat k;
  for (size_t key_len : {16, 24, 32}) {
    o << "[ARIA-" << key_len * 8 << "]\n";
    for (size_t blocks : {1, 3}) {
      std::vector<Bytes> d = TakeInOrder(rng, {key_len, 16 * blocks});
      if (!Kat2(env, MakeRequest(Op::kEcbEncrypt, Cipher::kAria, d[0], {}, d[1]), "botan ECB", &k,
                error))
        return false;
      o << "Key = " << model::Hex(d[0]) << "\nIn = " << model::Hex(d[1])
        << "\nOut = " << model::Hex(k.res.output) << "\n\n";
      ++n;
    }
  }
  {
    std::vector<Bytes> d = TakeInOrder(rng, {16, 16, 32});
    if (!Compute(env, MakeRequest(Op::kCbcEncrypt, Cipher::kAes, d[0], d[1], d[2]), &k, error))
      return false;
    o << "[AES-128/CBC/NoPadding]\nKey = " << model::Hex(d[0]) << "\nNonce = " << model::Hex(d[1])
      << "\nIn = " << model::Hex(d[2]) << "\nOut = " << model::Hex(k.res.output) << "\n\n";
  }
  o << "[ARIA-256/CBC/NoPadding]\n";
  for (size_t blocks : {1, 4}) {
    std::vector<Bytes> d = TakeInOrder(rng, {32, 16, 16 * blocks});
    if (!Kat2(env, MakeRequest(Op::kCbcEncrypt, Cipher::kAria, d[0], d[1], d[2]), "botan CBC", &k,
              error))
      return false;
    o << "Key = " << model::Hex(d[0]) << "\nNonce = " << model::Hex(d[1])
      << "\nIn = " << model::Hex(d[2]) << "\nOut = " << model::Hex(k.res.output) << "\n\n";
    ++n;
  }
  o << "[ARIA-128/CBC/PKCS7]\n";
  for (size_t len : {0, 21}) {
    std::vector<Bytes> d = TakeInOrder(rng, {16, 16, len});
    if (!Kat2(env, MakeRequest(Op::kCbcPkcs5Encrypt, Cipher::kAria, d[0], d[1], d[2]),
              "botan CBC-PKCS7", &k, error)) {
      return false;
    }
    o << "Key = " << model::Hex(d[0]) << "\nNonce = " << model::Hex(d[1])
      << "\nIn = " << model::Hex(d[2]) << "\nOut = " << model::Hex(k.res.output) << "\n\n";
    ++n;
  }
  o << "[CTR-BE(ARIA-128)]\n";
  for (size_t nonce_len : {16, 8}) {
    std::vector<Bytes> d = TakeInOrder(rng, {16, nonce_len, 37});
    Bytes block = d[1];
    block.resize(16, 0);  // Botan's CTR-BE: the nonce from the left, the counter from zero
    if (!Kat2(env, MakeRequest(Op::kCtrEncrypt, Cipher::kAria, d[0], block, d[2]), "botan CTR", &k,
              error))
      return false;
    o << "Key = " << model::Hex(d[0]) << "\nNonce = " << model::Hex(d[1])
      << "\nIn = " << model::Hex(d[2]) << "\nOut = " << model::Hex(k.res.output) << "\n\n";
    ++n;
  }
  struct Aead {
    const char* header;
    Op op;
    Cipher cipher;
    size_t key, nonce, tag;
  };
  for (const Aead& a : {Aead{"ARIA-128/GCM", Op::kGcmSeal, Cipher::kAria, 16, 12, 16},
                        Aead{"ARIA-256/GCM(12)", Op::kGcmSeal, Cipher::kAria, 32, 12, 12},
                        Aead{"ARIA-128/CCM(8,3)", Op::kCcmSeal, Cipher::kAria, 16, 12, 8},
                        Aead{"AES-128/GCM", Op::kGcmSeal, Cipher::kAes, 16, 12, 16}}) {
    o << "[" << a.header << "]\n";
    for (size_t len : {0, 29}) {
      std::vector<Bytes> d = TakeInOrder(rng, {a.key, a.nonce, 13, len});
      if (!Kat2(env, MakeRequest(a.op, a.cipher, d[0], d[1], d[3], d[2], a.tag),
                std::string("botan ") + a.header, &k, error)) {
        return false;
      }
      o << "Key = " << model::Hex(d[0]) << "\nNonce = " << model::Hex(d[1])
        << "\nAD = " << model::Hex(d[2]) << "\nIn = " << model::Hex(d[3])
        << "\nOut = " << Joined(k.res.output, k.res.tag) << "\n\n";
      ++n;
    }
  }
  o << "[CMAC(ARIA-128)]\n";
  for (size_t len : {0, 40}) {
    std::vector<Bytes> d = TakeInOrder(rng, {16, len});
    if (!Kat2(env, MakeRequest(Op::kCmac, Cipher::kAria, d[0], {}, d[1], {}, 16), "botan CMAC", &k,
              error))
      return false;
    o << "Key = " << model::Hex(d[0]) << "\nIn = " << model::Hex(d[1])
      << "\nOut = " << model::Hex(k.res.tag) << "\n\n";
    ++n;
  }
  std::string text = o.str();
  text.pop_back();
  out->push_back(GeneratedFile{"vectors/samples/aria_botan_sample.vec", text});
  *log += "vectors/samples/aria_botan_sample.vec: " + std::to_string(n) +
          " ARIA / AES-GCM vectors (OpenSSL computed, ours confirmed)\n";
  return true;
}

// Hex in groups of 16 bytes separated by spaces, continued over lines of four groups with a
// trailing backslash (Crypto++'s TestVectors layout).
std::string CryptoppHex(const Bytes& b) {
  const std::string h = model::Hex(b);
  std::string s;
  for (size_t i = 0; i < h.size(); i += 32) {
    if (i != 0) s += (i % 128 == 0) ? " \\\n            " : " ";
    s += h.substr(i, 32);
  }
  return s;
}

bool CryptoppSample(Env& env, std::vector<GeneratedFile>* out, std::string* log,
                    std::string* error) {
  Rng rng("cryptopp-sample");
  std::ostringstream o;
  o << "# ARIA sample in Crypto++'s TestVectors format (TestVectors/Readme.txt: `Name: value`\n"
       "# fields, backslash continuations, hex / \"quoted\" / rN repeated values, one test per "
       "Test\n"
       "# field), for the conformance runner's Crypto++ loader. Generated by `tools/ariasuite "
       "vectors\n"
       "# generate` (vectors/gen/generate.cc) with OpenSSL 3 and confirmed by ariasuite's\n"
       "# scalar reference; the AES/ECB section (another algorithm, left out at load) is OpenSSL's "
       "alone.\n";
  int n = 0;
  Kat k;
  o << "AlgorithmType: SymmetricCipher\nName: ARIA/ECB\nSource: ariasuite generator\n";
  for (size_t key_len : {16, 32}) {
    std::vector<Bytes> d = TakeInOrder(rng, {key_len, 80});
    if (!Kat2(env, MakeRequest(Op::kEcbEncrypt, Cipher::kAria, d[0], {}, d[1]), "cryptopp ECB", &k,
              error))
      return false;
    o << "Comment:    " << key_len * 8 << "-bit key, five blocks\nKey:        " << CryptoppHex(d[0])
      << "\nPlaintext:  " << CryptoppHex(d[1]) << "\nCiphertext: " << CryptoppHex(k.res.output)
      << "\nTest: Encrypt\n";
    ++n;
  }
  {  // rN repetition and a quoted string
    const Bytes key = rng.Take(24);
    Bytes pt(32, 0x00);
    if (!Kat2(env, MakeRequest(Op::kEcbEncrypt, Cipher::kAria, key, {}, pt), "cryptopp ECB r32", &k,
              error))
      return false;
    o << "Comment:    32 zero bytes written as a repetition  # comment after a field\nKey:        "
      << CryptoppHex(key) << "\nPlaintext:  r32 00\nCiphertext: 0x" << model::Hex(k.res.output)
      << "\nTest: Decrypt\n";
    ++n;
    const std::string text = "ARIA in Crypto++'s quoted form!!";  // 32 bytes
    Bytes q(text.begin(), text.end());
    if (!Kat2(env, MakeRequest(Op::kEcbEncrypt, Cipher::kAria, key, {}, q), "cryptopp ECB quoted",
              &k, error))
      return false;
    o << "Comment:    a quoted plaintext, the key of the test before it\nPlaintext:  \"" << text
      << "\"\nCiphertext: " << CryptoppHex(k.res.output) << "\nTest: Encrypt\n\n";
    ++n;
  }
  {
    std::vector<Bytes> d = TakeInOrder(rng, {16, 32});
    if (!Compute(env, MakeRequest(Op::kEcbEncrypt, Cipher::kAes, d[0], {}, d[1]), &k, error))
      return false;
    o << "AlgorithmType: SymmetricCipher\nName: AES/ECB\nSource: ariasuite generator (left out: "
         "not ARIA)\n"
         "Key: "
      << model::Hex(d[0]) << "\nPlaintext: " << model::Hex(d[1])
      << "\nCiphertext: " << model::Hex(k.res.output) << "\nTest: Encrypt\n";
  }
  for (const char* mode : {"CBC", "CTR"}) {
    const bool cbc = std::string(mode) == "CBC";
    o << "AlgorithmType: SymmetricCipher\nName: ARIA/" << mode << "\nSource: ariasuite generator\n";
    for (size_t key_len : {16, 24}) {
      std::vector<Bytes> d = TakeInOrder(rng, {key_len, 16, cbc ? size_t{64} : size_t{45}});
      if (!Kat2(
              env,
              MakeRequest(cbc ? Op::kCbcEncrypt : Op::kCtrEncrypt, Cipher::kAria, d[0], d[1], d[2]),
              std::string("cryptopp ") + mode, &k, error)) {
        return false;
      }
      o << "Comment:    " << key_len * 8 << "-bit key\nKey:        " << CryptoppHex(d[0])
        << "\nIV:         " << CryptoppHex(d[1]) << "\nPlaintext:  " << CryptoppHex(d[2])
        << "\nCiphertext: " << CryptoppHex(k.res.output) << "\nTest: Encrypt\n";
      ++n;
    }
  }
  o << "\nAlgorithmType: AuthenticatedSymmetricCipher\nName: ARIA/GCM\nSource: ariasuite "
       "generator\n";
  for (int i = 0; i < 2; ++i) {
    std::vector<Bytes> d = TakeInOrder(rng, {16, 12, 20, 35});
    if (!Kat2(env, MakeRequest(Op::kGcmSeal, Cipher::kAria, d[0], d[1], d[3], d[2], 16),
              "cryptopp GCM", &k, error)) {
      return false;
    }
    Bytes tag = k.res.tag;
    if (i == 1) tag[3] ^= 0x40;  // NotVerify: a tag that must be refused
    o << "Key: " << model::Hex(d[0]) << "\nIV: " << model::Hex(d[1])
      << "\nHeader: " << model::Hex(d[2]) << "\nPlaintext: " << model::Hex(d[3])
      << "\nCiphertext: " << model::Hex(k.res.output) << "\nMAC: " << model::Hex(tag)
      << "\nTest: " << (i == 1 ? "NotVerify" : "Encrypt") << "\n";
    ++n;
  }
  o << "\nAlgorithmType: MAC\nName: CMAC(ARIA)\nSource: ariasuite generator\n";
  {
    std::vector<Bytes> d = TakeInOrder(rng, {32, 33});
    if (!Kat2(env, MakeRequest(Op::kCmac, Cipher::kAria, d[0], {}, d[1], {}, 16), "cryptopp CMAC",
              &k, error))
      return false;
    o << "Key: " << model::Hex(d[0]) << "\nMessage: " << model::Hex(d[1])
      << "\nMAC: " << model::Hex(k.res.tag) << "\nTest: Verify\n";
    ++n;
  }
  out->push_back(GeneratedFile{"vectors/samples/aria_cryptopp_sample.txt", o.str()});
  *log += "vectors/samples/aria_cryptopp_sample.txt: " + std::to_string(n) +
          " ARIA tests (OpenSSL computed, ours confirmed)\n";
  // TestData .dat: KEY PLAINTEXT CIPHERTEXT per line, upper-case hex as Crypto++'s files.
  std::ostringstream dat;
  int lines = 0;
  for (size_t key_len : {16, 16, 24, 24, 32, 32}) {
    std::vector<Bytes> d = TakeInOrder(rng, {key_len, 16});
    if (!Kat2(env, MakeRequest(Op::kEcbEncrypt, Cipher::kAria, d[0], {}, d[1]), "cryptopp .dat", &k,
              error))
      return false;
    std::string line = model::Hex(d[0]) + " " + model::Hex(d[1]) + " " + model::Hex(k.res.output);
    for (char& ch : line) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    dat << line << "\n";
    ++lines;
  }
  out->push_back(GeneratedFile{"vectors/samples/aria_cryptopp_sample.dat", dat.str()});
  *log += "vectors/samples/aria_cryptopp_sample.dat: " + std::to_string(lines) +
          " lines (OpenSSL computed, ours confirmed)\n";
  return true;
}

std::string Q(const Bytes& b) { return "\"" + model::Hex(b) + "\""; }

bool MbedtlsSamples(Env& env, std::vector<GeneratedFile>* out, std::string* log,
                    std::string* error) {
  Rng rng("mbedtls-sample");
  Kat k;
  // test_suite_aria style.
  std::ostringstream a;
  int na = 0;
  a << "ARIA - Invalid parameters\naria_invalid_param:\n\n";
  for (size_t key_len : {16, 24, 32}) {
    std::vector<Bytes> d = TakeInOrder(rng, {key_len, 48});
    if (!Kat2(env, MakeRequest(Op::kEcbEncrypt, Cipher::kAria, d[0], {}, d[1]), "mbedtls ECB", &k,
              error))
      return false;
    a << "ARIA-" << key_len * 8 << "-ECB Encrypt - ariasuite generator\ndepends_on:MBEDTLS_ARIA_C\n"
      << "aria_encrypt_ecb:" << Q(d[0]) << ":" << Q(d[1]) << ":" << Q(k.res.output) << ":0\n\n";
    a << "ARIA-" << key_len * 8 << "-ECB Decrypt - ariasuite generator\n"
      << "aria_decrypt_ecb:" << Q(d[0]) << ":" << Q(k.res.output) << ":" << Q(d[1]) << ":0\n\n";
    na += 2;
  }
  for (const char* mode : {"cbc", "ctr"}) {
    const bool cbc = std::string(mode) == "cbc";
    std::vector<Bytes> d = TakeInOrder(rng, {32, 16, cbc ? size_t{64} : size_t{50}});
    if (!Kat2(env,
              MakeRequest(cbc ? Op::kCbcEncrypt : Op::kCtrEncrypt, Cipher::kAria, d[0], d[1], d[2]),
              std::string("mbedtls ") + mode, &k, error)) {
      return false;
    }
    a << "ARIA-256-" << (cbc ? "CBC" : "CTR") << " Encrypt - ariasuite generator\naria_encrypt_"
      << mode << ":" << Q(d[0]) << ":" << Q(d[1]) << ":" << Q(d[2]) << ":" << Q(k.res.output)
      << ":0\n\n";
    a << "ARIA-256-" << (cbc ? "CBC" : "CTR") << " Decrypt - ariasuite generator\naria_decrypt_"
      << mode << ":" << Q(d[0]) << ":" << Q(d[1]) << ":" << Q(k.res.output) << ":" << Q(d[2])
      << ":0\n\n";
    na += 2;
  }
  {  // CBC on a partial block: Mbed TLS returns MBEDTLS_ERR_ARIA_INVALID_INPUT_LENGTH.
    std::vector<Bytes> d = TakeInOrder(rng, {16, 16, 20});
    a << "ARIA-128-CBC Encrypt - partial block (refused)\naria_encrypt_cbc:" << Q(d[0]) << ":"
      << Q(d[1]) << ":" << Q(d[2]) << ":\"\":MBEDTLS_ERR_ARIA_INVALID_INPUT_LENGTH\n\n";
    ++na;
  }
  a << "ARIA Selftest\ndepends_on:MBEDTLS_SELF_TEST\naria_selftest:\n";
  out->push_back(GeneratedFile{"vectors/samples/test_suite_aria_sample.data", a.str()});
  *log += "vectors/samples/test_suite_aria_sample.data: " + std::to_string(na) +
          " cases and 2 without a vector (OpenSSL computed, ours confirmed)\n";

  // test_suite_cipher style (test_suite_cipher.aria.data).
  std::ostringstream c;
  int nc = 0;
  c << "ARIA-128-CBC Encrypt and decrypt 0 "
       "bytes\ndepends_on:MBEDTLS_ARIA_C:MBEDTLS_CIPHER_MODE_CBC\n"
       "enc_dec_buf:MBEDTLS_CIPHER_ARIA_128_CBC:\"ARIA-128-CBC\":128:0:-1\n\n";
  {
    std::vector<Bytes> d = TakeInOrder(rng, {24, 16});
    if (!Kat2(env, MakeRequest(Op::kEcbEncrypt, Cipher::kAria, d[0], {}, d[1]),
              "mbedtls cipher ECB", &k, error))
      return false;
    c << "ARIA-192-ECB Encrypt test "
         "vector\ntest_vec_ecb:MBEDTLS_CIPHER_ARIA_192_ECB:MBEDTLS_ENCRYPT:"
      << Q(d[0]) << ":" << Q(d[1]) << ":" << Q(k.res.output) << ":0\n\n";
    c << "ARIA-192-ECB Decrypt test "
         "vector\ntest_vec_ecb:MBEDTLS_CIPHER_ARIA_192_ECB:MBEDTLS_DECRYPT:"
      << Q(d[0]) << ":" << Q(k.res.output) << ":" << Q(d[1]) << ":0\n\n";
    nc += 2;
  }
  {
    std::vector<Bytes> d = TakeInOrder(rng, {16, 16, 32});
    if (!Kat2(env, MakeRequest(Op::kCbcEncrypt, Cipher::kAria, d[0], d[1], d[2]),
              "mbedtls cipher CBC", &k, error)) {
      return false;
    }
    c << "ARIA-128-CBC crypt test vector\ndepends_on:MBEDTLS_ARIA_C:MBEDTLS_CIPHER_MODE_CBC\n"
         "test_vec_crypt:MBEDTLS_CIPHER_ARIA_128_CBC:MBEDTLS_ENCRYPT:"
      << Q(d[0]) << ":" << Q(d[1]) << ":" << Q(d[2]) << ":" << Q(k.res.output) << ":0:0\n\n";
    c << "ARIA-128-CBC decrypt test vector, no "
         "padding\ndecrypt_test_vec:MBEDTLS_CIPHER_ARIA_128_CBC:"
         "MBEDTLS_PADDING_NONE:"
      << Q(d[0]) << ":" << Q(d[1]) << ":" << Q(k.res.output) << ":" << Q(d[2])
      << ":\"\":\"\":0:0\n\n";
    nc += 2;
  }
  for (int i = 0; i < 3; ++i) {
    const Cipher cipher = i == 2 ? Cipher::kAes : Cipher::kAria;
    std::vector<Bytes> d = TakeInOrder(rng, {i == 1 ? 32u : 16u, 12, 16, 24});
    if (!Kat2(env, MakeRequest(Op::kGcmSeal, cipher, d[0], d[1], d[3], d[2], 16),
              "mbedtls cipher GCM", &k, error)) {
      return false;
    }
    const std::string id = std::string("MBEDTLS_CIPHER_") + (i == 2 ? "AES" : "ARIA") + "_" +
                           (i == 1 ? "256" : "128") + "_GCM";
    Bytes tag = k.res.tag;
    const bool bad = i == 1;
    if (bad) tag[0] ^= 0x80;
    c << (i == 2 ? "AES" : "ARIA") << "-GCM auth decrypt" << (bad ? " - bad tag" : "")
      << "\nauth_crypt_tv:" << id << ":" << Q(d[0]) << ":" << Q(d[1]) << ":" << Q(d[2]) << ":"
      << Q(k.res.output) << ":" << Q(tag) << ":" << (bad ? "\"FAIL\"" : "\"\"") << ":"
      << Q(bad ? Bytes() : d[3]) << ":0\n\n";
    ++nc;
  }
  {
    std::vector<Bytes> d = TakeInOrder(rng, {16, 16});
    if (!Compute(env, MakeRequest(Op::kEcbEncrypt, Cipher::kAes, d[0], {}, d[1]), &k, error))
      return false;
    c << "AES-128-ECB Encrypt test vector (another cipher: left out)\n"
         "test_vec_ecb:MBEDTLS_CIPHER_AES_128_ECB:MBEDTLS_ENCRYPT:"
      << Q(d[0]) << ":" << Q(d[1]) << ":" << Q(k.res.output) << ":0\n";
  }
  {
    // CCM* with no tag (IEEE 802.15.4 CCM*, M = 0), as test_suite_cipher.aria.data states it in
    // test_vec_crypt. CCM's ciphertext does not depend on the tag length, so OpenSSL's ARIA-CCM
    // with a 16-byte tag (set aside) gives it, confirmed by our CCM; the loader runs the case as
    // CTR from A_1 on every backend, so CCM and CTR check each other here.
    Rng star_rng(
        "mbedtls-ccm-star-sample");  // its own stream: the samples after it keep their values
    std::vector<Bytes> d = TakeInOrder(star_rng, {32, 13, 23});
    if (!Kat2(env, MakeRequest(Op::kCcmSeal, Cipher::kAria, d[0], d[1], d[2], {}, 16),
              "mbedtls cipher CCM*", &k, error)) {
      return false;
    }
    for (const bool enc : {true, false}) {
      c << "\nARIA-256-CCM*-NO-TAG crypt " << (enc ? "Encrypt" : "Decrypt")
        << "\ndepends_on:MBEDTLS_ARIA_C:MBEDTLS_CCM_C\n"
           "test_vec_crypt:MBEDTLS_CIPHER_ARIA_256_CCM_STAR_NO_TAG:"
        << (enc ? "MBEDTLS_ENCRYPT" : "MBEDTLS_DECRYPT") << ":" << Q(d[0]) << ":" << Q(d[1]) << ":"
        << Q(enc ? d[2] : k.res.output) << ":" << Q(enc ? k.res.output : d[2]) << ":0:0\n";
      ++nc;
    }
  }
  out->push_back(GeneratedFile{"vectors/samples/test_suite_cipher.aria_sample.data", c.str()});
  *log += "vectors/samples/test_suite_cipher.aria_sample.data: " + std::to_string(nc) +
          " cases (OpenSSL computed, ours confirmed)\n";

  // test_suite_block_cipher style.
  std::ostringstream b;
  int nb = 0;
  b << "Invalid input\ninvalid:\n\n";
  for (size_t key_len : {16, 32}) {
    std::vector<Bytes> d = TakeInOrder(rng, {key_len, 16});
    if (!Kat2(env, MakeRequest(Op::kEcbEncrypt, Cipher::kAria, d[0], {}, d[1]),
              "mbedtls block_cipher", &k, error)) {
      return false;
    }
    b << "ARIA-" << key_len * 8
      << " - ariasuite generator\ndepends_on:MBEDTLS_ARIA_C\ntest_vec:MBEDTLS_CIPHER_ID_ARIA:"
      << Q(d[0]) << ":" << Q(d[1]) << ":" << Q(k.res.output) << "\n\n";
    ++nb;
  }
  {
    std::vector<Bytes> d = TakeInOrder(rng, {16, 16});
    if (!Compute(env, MakeRequest(Op::kEcbEncrypt, Cipher::kAes, d[0], {}, d[1]), &k, error))
      return false;
    b << "AES-128 - another cipher, left "
         "out\ndepends_on:MBEDTLS_AES_C\ntest_vec:MBEDTLS_CIPHER_ID_AES:"
      << Q(d[0]) << ":" << Q(d[1]) << ":" << Q(k.res.output) << "\n";
  }
  out->push_back(GeneratedFile{"vectors/samples/test_suite_block_cipher_sample.data", b.str()});
  *log += "vectors/samples/test_suite_block_cipher_sample.data: " + std::to_string(nb) +
          " cases (OpenSSL computed, ours confirmed)\n";
  return true;
}

}  // namespace

bool GenerateAll(std::vector<GeneratedFile>* out, std::string* log, std::string* error) {
  Env env;
  for (Backend* b : {env.ours.get(), env.openssl.get(), env.botan.get()}) {
    if (std::optional<std::string> why = b->unavailable()) {
      *error = b->name() + " is unavailable: " + *why;
      return false;
    }
  }
  out->clear();
  return GcmFile(env, out, log, error) && CtrFile(env, out, log, error) &&
         FeedbackFiles(env, out, log, error) && CcmFile(env, out, log, error) &&
         CbcFile(env, out, log, error) && CavpSample(env, out, log, error) &&
         EvpSample(env, out, log, error) && TestmgrSample(env, out, log, error) &&
         BotanSample(env, out, log, error) && CryptoppSample(env, out, log, error) &&
         MbedtlsSamples(env, out, log, error) && LimitFiles(env, out, log, error);
}

}  // namespace ariasuite::gen
