// The one rule that decides who is wrong when implementations disagree, used by the conformance
// runner (per case) and by the differential fuzzers (per input):
//
//  1. Our paths share code (GCM, CCM, CMAC, KW and CBC-PKCS5 layers; for AES they are one code),
//     so together they are ONE vote. When our paths disagree with each other, ours is wrong.
//  2. A disagreement between our vote and an independent answer is a third-party finding only
//     when at least one independent answer agrees with ours (byte for byte, refusal for refusal)
//     against the odd ones out. Otherwise nobody independent sides with ours and the fault is
//     ours: a wrong shared layer facing a single oracle must never be blamed on the oracle.
//  3. A reviewed allowlist entry may set aside an odd independent answer, but it never takes
//     away the last independent agreeing answer: when every independent answer that disagrees
//     was set aside and none that agrees is left, the answer of ours is unconfirmed: ours again.
//
// A vote with no answer (the backend does not support the parameters) is left out. With no
// independent answer at all there is nothing to disagree with: no blame.
#ifndef ARIASUITE_CONFORMANCE_VERDICT_H_
#define ARIASUITE_CONFORMANCE_VERDICT_H_

#include <cstddef>
#include <string>
#include <vector>

namespace ariasuite::conformance {

struct Vote {
  std::string backend;  // "ours/scalar", "openssl", "vector file", ...
  bool ours = false;    // one of our paths (or, in the runner, an implementation under test)
  int answer = 0;       // votes with equal ids gave the same answer (the caller decides equality)
  bool set_aside = false;  // by a reviewed allowlist entry
};

enum class Blame {
  kNone,        // everybody who answered agrees (after the allowlist)
  kOurs,        // our vote is wrong, or cannot be confirmed by any independent answer
  kThirdParty,  // independent answers disagree with ours, and another independent one sides with
                // ours
};

struct Judgement {
  Blame blame = Blame::kNone;
  std::vector<size_t> odd;       // kOurs: our votes (the dissenting ones first); kThirdParty: the
                                 // independent votes that disagree with ours (not set aside)
  std::vector<size_t> agreeing;  // independent votes that agree with ours (not set aside)
  std::string reason;            // one line, e.g. "no independent answer agrees with ours ..."
};

Judgement Judge(const std::vector<Vote>& votes);

const char* BlameName(Blame blame);  // "none", "ours", "third-party"

}  // namespace ariasuite::conformance

#endif  // ARIASUITE_CONFORMANCE_VERDICT_H_
