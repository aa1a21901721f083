// What each case demands of a backend (one case, one backend, one CaseOutcome). The checks:
//   valid:      every direction the case covers gives exactly the expected bytes
//               (seal -> ct and tag, open -> msg; encrypt -> ct, decrypt -> msg; CMAC -> tag;
//               wrap -> ct, unwrap -> msg).
//   invalid:    the decrypting direction (open, decrypt, unwrap) must refuse; when the case's
//               parameters are invalid (TestCase::params_invalid) or the case is about
//               encryption only, the encrypting direction must refuse too. Besides, whatever
//               the flags say, each direction whose request breaks a limit of the standard
//               (mode_limits.h: key, IV / nonce and tag length, data size) is asked and must
//               refuse; when only the inverse request breaks one, the forward request it stands
//               for (KW/KWP: 8 bytes shorter; AEAD: its tag's length) is asked too when that breaks
//               a limit. CMAC: the MAC must be refused or differ from the tag (MAC verification
//               fails); refused when the request breaks a limit.
//   acceptable: each direction either refuses or gives exactly the expected bytes (the reason
//               per flag is AcceptableReason()).
// A backend answering "unsupported" to any request of a case makes the case unsupported (not a
// pass); an error answer (Result::error) makes it an error (the backend broke) whatever the case
// expects; a crash of the library (Result::crashed) fails it whatever the case expects (runner.h
// judges who is wrong when a case fails).
#include "conformance/case_checks.h"

#include <map>

#include "conformance/mode_limits.h"
#include "vectors/model/hex.h"

namespace ariasuite::conformance {

using model::Hex;
using oracles::Backend;
using oracles::Bytes;
using oracles::DecryptOp;
using oracles::EncryptOp;
using oracles::Mode;
using oracles::Op;
using oracles::OpName;
using oracles::Request;
using oracles::Result;

namespace {

enum class Want { kEqual, kRefuse, kEqualOrRefuse, kDifferOrRefuse };

struct Check {
  Request request;
  Want want;
  Bytes out;  // expected output (kEqual...)
  Bytes tag;  // expected tag
  bool check_out = true;
  bool check_tag = false;
};

// Hex of at most 64 bytes, then the length.
std::string Short(const Bytes& b) {
  if (b.size() <= 64) return Hex(b);
  return Hex(b.data(), 64) + "...(" + std::to_string(b.size()) + " bytes)";
}

std::string Expected(const Check& c) {
  std::string s;
  if (c.check_out) s += "output=" + Short(c.out);
  if (c.check_tag) s += std::string(s.empty() ? "" : " ") + "tag=" + Short(c.tag);
  return s;
}

std::string Got(const Result& r, const Check& c) {
  if (!r.accepted) return r.detail.empty() ? "a refusal" : "a refusal (" + r.detail + ")";
  std::string s;
  if (c.check_out) s += "output=" + Short(r.output);
  if (c.check_tag) s += std::string(s.empty() ? "" : " ") + "tag=" + Short(r.tag);
  return s;
}

bool Matches(const Result& r, const Check& c) {
  return r.accepted && (!c.check_out || r.output == c.out) && (!c.check_tag || r.tag == c.tag);
}

// The forward input an inverse request of c stands for: KW/KWP remove one 8-byte semiblock, the
// other modes keep the length; the bytes are the ciphertext's (their value does not matter, only
// the size the limits judge).
Bytes DerivedForwardInput(const TestCase& c) {
  const bool wrap = c.mode == Mode::kKw || c.mode == Mode::kKwp;
  const size_t n = wrap ? (c.ct.size() >= 8 ? c.ct.size() - 8 : 0) : c.ct.size();
  return Bytes(c.ct.begin(), c.ct.begin() + static_cast<std::ptrdiff_t>(n));
}

std::vector<Check> ChecksFor(const TestCase& c) {
  std::vector<Check> checks;
  const bool aead = c.mode == Mode::kGcm || c.mode == Mode::kCcm;
  Request base;
  base.cipher = c.cipher;
  base.key = c.key;
  if (c.mode != Mode::kEcb && c.mode != Mode::kCmac && c.mode != Mode::kKw &&
      c.mode != Mode::kKwp) {
    base.iv = c.iv;
  }
  if (aead) base.aad = c.aad;

  if (c.mode == Mode::kCmac) {
    Check k;
    k.request = base;
    k.request.op = Op::kCmac;
    k.request.input = c.msg;
    k.request.tag_len = c.tag_len;
    k.check_out = false;
    k.check_tag = true;
    k.tag = c.tag;
    k.want = c.expect == Expect::kValid     ? Want::kEqual
             : c.expect == Expect::kInvalid ? Want::kDifferOrRefuse
                                            : Want::kEqualOrRefuse;
    // A MAC request the standard forbids (a bad key size, a tag longer than a block) is refused.
    if (c.expect == Expect::kInvalid && ForbiddenBy(k.request)) k.want = Want::kRefuse;
    checks.push_back(k);
    return checks;
  }

  Check enc;
  enc.request = base;
  enc.request.op = EncryptOp(c.mode);
  enc.request.input = c.msg;
  if (aead) {
    enc.request.tag_len = c.tag_len;
    enc.check_tag = true;
    enc.tag = c.tag;
  }
  enc.out = c.ct;

  Check dec;
  dec.request = base;
  dec.request.op = DecryptOp(c.mode);
  dec.request.input = c.ct;
  if (aead) dec.request.tag = c.tag;
  dec.out = c.msg;

  const bool do_enc = c.direction != Direction::kDecrypt;
  const bool do_dec = c.direction != Direction::kEncrypt;
  switch (c.expect) {
    case Expect::kValid:
      enc.want = dec.want = Want::kEqual;
      if (do_enc) checks.push_back(enc);
      if (do_dec) checks.push_back(dec);
      break;
    case Expect::kInvalid: {
      enc.want = dec.want = Want::kRefuse;
      // The vector's own directions, as its flags say ...
      const bool ask_dec = do_dec || ForbiddenBy(dec.request).has_value();
      const bool ask_enc = c.params_invalid || c.direction == Direction::kEncrypt ||
                           ForbiddenBy(enc.request).has_value();
      if (ask_dec) checks.push_back(dec);
      if (ask_enc) checks.push_back(enc);
      // ... and, where the inverse request breaks a limit but the vector states no forbidden
      // forward request, the forward request that inverse stands for (the input it would have
      // come from: KW/KWP 8 bytes shorter, the tag length of its tag), when that breaks a limit.
      if (!ask_enc && ForbiddenBy(dec.request)) {
        Check derived = enc;
        derived.request.input = DerivedForwardInput(c);
        if (aead) derived.request.tag_len = c.tag.size();
        if (ForbiddenBy(derived.request)) checks.push_back(derived);
      }
      break;
    }
    case Expect::kAcceptable:
      enc.want = dec.want = Want::kEqualOrRefuse;
      if (do_enc) checks.push_back(enc);
      if (do_dec) checks.push_back(dec);
      break;
  }
  return checks;
}

}  // namespace

std::string AcceptableReason(const std::string& flag) {
  // Policies for the flags Wycheproof marks "acceptable" in the ARIA files.
  static const std::map<std::string, std::string> kReasons = {
      {"ShortKey",
       "KW of an 8-byte key: SP 800-38F §6.2 requires at least two semiblocks (so refusing is "
       "right), while RFC 3394 §2 as some libraries read it wraps a single semiblock; refusing "
       "or giving exactly the expected wrapping both conform"},
      {"SmallKey",
       "KWP of a key shorter than 16 bytes: SP 800-38F §6.3 allows 1 byte and up, rejecting weak "
       "keys is a policy choice; refusing or the exact answer both conform"},
  };
  auto it = kReasons.find(flag);
  if (it != kReasons.end()) return it->second;
  return "no ariasuite policy for flag '" + flag +
         "': Wycheproof's reading of acceptable applies (a refusal or exactly the expected bytes)";
}

std::vector<Request> RequestsFor(const TestCase& c) {
  std::vector<Request> out;
  for (const Check& k : ChecksFor(c)) out.push_back(k.request);
  return out;
}

CaseResult RunCase(Backend& backend, const TestCase& c) {
  CaseResult result;
  bool unsupported = false;
  for (const Check& k : ChecksFor(c)) {
    const char* op = OpName(k.request.op);
    std::optional<Result> r = backend.Run(k.request);
    if (!r) {
      unsupported = true;
      if (result.message.empty()) result.message = op;
      continue;
    }
    if (!r->error.empty()) {
      return CaseResult{CaseOutcome::kError, std::string(op) + ": backend error: " + r->error};
    }
    // The library crashed: neither the answer nor the refusal any case wants, so a failure of the
    // library whatever the case expects (never an error of the backend: it answered).
    if (r->crashed) {
      const std::string how = r->detail.empty() ? "" : " (" + r->detail + ")";
      return CaseResult{CaseOutcome::kFail,
                        std::string(op) + ": " + kCrashedPrefix + how + kCrashedSuffix};
    }
    std::string fail;
    switch (k.want) {
      case Want::kEqual:
        if (!Matches(*r, k)) fail = "expected " + Expected(k) + ", got " + Got(*r, k);
        break;
      case Want::kRefuse:
        if (r->accepted) fail = "expected a refusal, got " + Got(*r, k);
        break;
      case Want::kEqualOrRefuse:
        if (r->accepted && !Matches(*r, k)) {
          fail = "expected a refusal or " + Expected(k) + ", got " + Got(*r, k);
        }
        break;
      case Want::kDifferOrRefuse:
        if (Matches(*r, k)) fail = "accepted the modified tag " + Short(k.tag);
        break;
    }
    if (!fail.empty()) return CaseResult{CaseOutcome::kFail, std::string(op) + ": " + fail};
  }
  if (unsupported) return CaseResult{CaseOutcome::kUnsupported, result.message};
  return CaseResult{CaseOutcome::kPass, ""};
}

}  // namespace ariasuite::conformance
