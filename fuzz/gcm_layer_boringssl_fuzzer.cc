// gcm_layer_boringssl: our GCM layer (impl/gcm_internal.h), instantiated with AES
// (impl/aes_gcm_control.h) on every path, each ours/<path> with that path's GHASH,
// against BoringSSL's AES-GCM, OpenSSL's, Botan's and Crypto++'s. BoringSSL exports the same
// symbols as OpenSSL, so it never shares this process: the "boringssl" backend is the adapter
// //oracles:boringssl_adapter, a child process speaking the exec line protocol. Seal, then open the
// sealed message valid or with one bit flipped; IVs of every length including solved ones whose
// counter wraps (the GCM layer, not the cipher, is under test here).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "fuzz/fuzz_common.h"
#include "fuzz/fuzz_entry.h"

namespace ariasuite::fuzz {
namespace {

const std::vector<Backend*>& AesBackends() {
  static const std::vector<Backend*>* backends = [] {
    auto* b = new std::vector<Backend*>(
        BackendsFor({"ours", "boringssl", "openssl", "botan", "cryptopp", "sp800-38d"}));
    bool has_boringssl = false;
    for (Backend* x : *b) has_boringssl |= x->name() == "boringssl";
    if (!has_boringssl) {
      // BoringSSL is what this target is for: without it the run would prove nothing.
      std::fprintf(stderr,
                   "gcm_layer_boringssl: the boringssl backend is unavailable (see the "
                   "SKIP line above); build //oracles:boringssl_adapter\n");
      std::exit(2);
    }
    return b;
  }();
  return *backends;
}

}  // namespace

void FuzzOne(const uint8_t* data, size_t size) {
  FuzzReader reader(data, size);
  GcmCase c;
  c.Visit(reader);
  OpenTamper t;
  t.Visit(reader);
  const GcmSetup setup(&c, oracles::Cipher::kAes);
  const Request r = setup.Make(Op::kGcmSeal);
  Differ seal("aes-gcm-seal");
  setup.Annotate(&seal, r);
  const Answers answers = AskAll(&seal, AesBackends(), r);
  seal.Check();

  const auto& sealed = answers.at("ours/scalar");
  if (!sealed || !sealed->accepted) return;
  Request o = OpenOf(r, *sealed);
  oracles::Result expected = Accepted(c.text);
  Differ open("aes-gcm-open");
  if (t.source == 2 && o.tag.size() >= 4) {
    oracles::Bytes* parts[3] = {&o.aad, &o.input, &o.tag};
    int k = static_cast<int>(t.flip % 3);
    while (parts[k]->empty()) k = (k + 1) % 3;  // the tag is never empty here
    const uint32_t bit = (t.flip >> 2) % (8 * parts[k]->size());
    (*parts[k])[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
    open.Note("one bit flipped after sealing");
    expected = Refused("tampered");
  }
  setup.Annotate(&open, o);
  open.Add("construction", true, expected);
  AskAll(&open, AesBackends(), o);
  open.Check();
}

}  // namespace ariasuite::fuzz
