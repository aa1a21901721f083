// aria_gcm_open: ARIA-GCM opening (SP 800-38D §7.2) of valid and tampered messages on every path of
// ours against OpenSSL, Botan and Crypto++ (and the kernel where it has ARIA). The message is raw
// fuzz bytes, or sealed by a backend and then left valid, a bit flipped (IV, AAD, ciphertext or
// tag), the tag cut or lengthened by a byte, or the tag zeroed. Every backend must agree on
// accept/reject and on the plaintext; a refused open must release no plaintext, which is also
// checked on our API directly (AriaGcmOpen zeroes its output on kAuthFailed).
#include <cstdint>
#include <cstring>
#include <string>

#include "fuzz/fuzz_common.h"
#include "fuzz/fuzz_entry.h"
#include "impl/dispatch.h"
#include "impl/gcm.h"

namespace ariasuite::fuzz {

void FuzzOne(const uint8_t* data, size_t size) {
  GcmCase c;
  OpenTamper t;
  ReadCases(data, size, c, t);
  const GcmSetup setup(&c, oracles::Cipher::kAria);
  Request r = setup.Make(Op::kGcmOpen);
  Differ differ("gcm-open");
  std::optional<oracles::Result> expected;
  if (t.source == 0) {
    r.tag = t.raw_tag;
  } else {
    // Seal with the first backend that takes these parameters (ours first).
    Request seal = r;
    seal.op = Op::kGcmSeal;
    seal.tag_len = c.tag_len;
    std::optional<oracles::Result> sealed;
    std::string sealer;
    for (const char* name : {"ours/scalar", "openssl", "cryptopp", "botan"}) {
      sealed = AnswerOf(AriaBackends(), name, seal);
      if (sealed && sealed->accepted) {
        sealer = name;
        break;
      }
    }
    if (sealer.empty()) return;  // Nobody seals these parameters: aria_gcm_seal covers the refusal.
    r.input = sealed->output;
    r.tag = sealed->tag;
    differ.Note("sealed by " + sealer);
    // The expected outcome is added only when our own path sealed: parameters an oracle alone
    // takes (a 5-byte tag...) are refused by our paths, which the expectation must not contradict.
    const bool ours_sealed = sealer == "ours/scalar";
    if (t.source == 1) {
      if (ours_sealed) expected = Accepted(c.text);
    } else if (t.source == 2) {
      // One bit of IV, AAD, ciphertext or tag (whichever are non-empty) flipped: must be refused.
      oracles::Bytes* parts[4] = {&r.iv, &r.aad, &r.input, &r.tag};
      const char* names[4] = {"iv", "aad", "ciphertext", "tag"};
      int k = static_cast<int>(t.flip % 4);
      for (int tries = 0; tries < 4 && parts[k]->empty(); ++tries) k = (k + 1) % 4;
      if (parts[k]->empty()) return;  // Nothing to flip (empty IV, AAD, text and tag).
      const uint32_t bit = (t.flip >> 2) % (8 * parts[k]->size());
      (*parts[k])[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
      differ.Note("flipped bit " + std::to_string(bit) + " of the " + names[k]);
      // A forgery passes a t-byte tag with probability 2^-8t: expect refusal from 4 bytes on.
      if (ours_sealed && r.tag.size() >= 4) expected = Refused("tampered");
    } else if (t.source == 3) {
      if (t.flip & 1) {
        r.tag.push_back(static_cast<uint8_t>(t.flip >> 8));
        // No expectation: a tag of t+1 bytes whose last byte happens to be right is valid where
        // that length is allowed (probability 2^-8).
        differ.Note("tag lengthened by one byte");
      } else if (!r.tag.empty()) {
        r.tag.pop_back();  // MSB_(t-1) of the tag: valid where that length is allowed.
        differ.Note("tag cut by one byte");
      }
    } else {
      for (uint8_t& b : r.tag) b = 0;
      differ.Note("tag zeroed");
    }
  }
  setup.Annotate(&differ, r);
  if (expected) differ.Add("construction", true, expected);
  AskAll(&differ, AriaBackends(), r);

  // Our API directly: on a refusal the output buffer is zeroed (no plaintext released).
  for (Impl impl : AvailableImpls()) {
    AriaGcmKey key;
    if (key.Init(impl, r.key.data(), r.key.size()) != Status::kOk) continue;
    oracles::Bytes out(r.input.size(), 0xa5);
    const Status st =
        AriaGcmOpen(key, out.data(), r.iv.data(), r.iv.size(), r.input.data(), r.input.size(),
                    r.tag.data(), r.tag.size(), r.aad.data(), r.aad.size());
    oracles::Result direct;
    direct.accepted = st == Status::kOk;
    if (direct.accepted) {
      direct.output = out;
    } else {
      direct.detail = StatusName(st);
      for (uint8_t b : out) {
        if (st == Status::kAuthFailed && b != 0) {
          direct.output = out;  // Reported by the Differ as output released on refusal.
          break;
        }
      }
    }
    differ.Add(std::string("ours/") + ImplName(impl) + "/AriaGcmOpen", true, direct);
  }
  differ.Check();
}

}  // namespace ariasuite::fuzz
