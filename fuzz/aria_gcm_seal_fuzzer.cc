// aria_gcm_seal: ARIA-GCM sealing (SP 800-38D §7.1) on every path of ours against OpenSSL, Botan
// and Crypto++ (and the kernel where it has ARIA): ciphertext and tag bytes must agree, and so must
// the decision to refuse inside the parameters every library takes. IVs of every length, including
// ones solved so the 32-bit counter wraps mid-message, long AAD, SIMD batch lengths, tag lengths
// 0..17. Then the agreed ciphertext must open, on every backend, to the plaintext.
#include <cstdint>
#include <string>

#include "fuzz/fuzz_common.h"
#include "fuzz/fuzz_entry.h"

namespace ariasuite::fuzz {

void FuzzOne(const uint8_t* data, size_t size) {
  GcmCase c;
  ReadCases(data, size, c);
  const GcmSetup setup(&c, oracles::Cipher::kAria);
  const Request r = setup.Make(Op::kGcmSeal);
  Differ differ("gcm-seal");
  setup.Annotate(&differ, r);
  const Answers answers = AskAll(&differ, AriaBackends(), r);
  differ.Check();

  // Round trip: what our scalar path sealed opens everywhere to the plaintext.
  const auto& sealed = answers.at("ours/scalar");
  if (!sealed || !sealed->accepted) return;
  const Request open = OpenOf(r, *sealed);
  Differ round("gcm-seal-round-trip");
  setup.Annotate(&round, open);
  round.Add("original-plaintext", true, Accepted(c.text));
  AskAll(&round, AriaBackends(), open);
  round.Check();
}

}  // namespace ariasuite::fuzz
