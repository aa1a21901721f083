// Backend set-up and the ask-everyone helper of the fuzz targets (see fuzz_common.h).
#include "fuzz/fuzz_common.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>

namespace ariasuite::fuzz {

std::vector<Backend*> BackendsFor(const std::vector<std::string>& names) {
  // Kept for the process: backends hold adapter processes and library contexts.
  static auto* owned = new std::vector<std::unique_ptr<Backend>>;
  std::string error;
  std::vector<std::unique_ptr<Backend>> made = oracles::MakeBackends(names, &error);
  if (made.empty()) {
    std::fprintf(stderr, "ariasuite fuzz: %s\n", error.empty() ? "no backends" : error.c_str());
    std::exit(2);
  }
  std::vector<Backend*> usable;
  for (auto& b : made) {
    if (auto why = b->unavailable()) {
      std::fprintf(stderr, "ariasuite fuzz: SKIP backend %s: %s\n", b->name().c_str(),
                   why->c_str());
      continue;
    }
    usable.push_back(b.get());
    owned->push_back(std::move(b));
  }
  return usable;
}

std::vector<std::string> AriaBackendNames() {
  std::vector<std::string> names = {"ours",      "openssl",   "botan",     "cryptopp",    "kernel",
                                    "sp800-38f", "sp800-38d", "sp800-38a", "bouncycastle"};
  const char* without = std::getenv("ARIASUITE_FUZZ_WITHOUT");
  if (without == nullptr || *without == '\0') return names;
  std::string list = without;
  size_t start = 0;
  while (start <= list.size()) {
    size_t end = list.find(',', start);
    if (end == std::string::npos) end = list.size();
    const std::string name = list.substr(start, end - start);
    auto it = std::find(names.begin(), names.end(), name);
    if (name == "ours" || it == names.end()) {
      std::fprintf(stderr,
                   "ariasuite fuzz: ARIASUITE_FUZZ_WITHOUT='%s': '%s' is not an oracle of the ARIA "
                   "targets (openssl, botan, cryptopp, kernel, sp800-38f, sp800-38d, sp800-38a, "
                   "bouncycastle)\n",
                   without, name.c_str());
      std::exit(2);
    }
    names.erase(it);
    start = end + 1;
  }
  return names;
}

const std::vector<Backend*>& AriaBackends() {
  static const std::vector<Backend*>* backends =
      new std::vector<Backend*>(BackendsFor(AriaBackendNames()));
  return *backends;
}

Answers AskAll(Differ* differ, const std::vector<Backend*>& backends, const Request& request) {
  Answers answers;
  for (Backend* b : backends) {
    auto result = b->Run(request);
    differ->Add(b->name(), b->is_ours(), result);
    answers[b->name()] = std::move(result);
  }
  return answers;
}

std::optional<oracles::Result> AnswerOf(const std::vector<Backend*>& backends,
                                        const std::string& name, const Request& request) {
  for (Backend* b : backends) {
    if (b->name() == name) return b->Run(request);
  }
  return std::nullopt;
}

oracles::Block GcmHashKey(oracles::Cipher cipher, const oracles::Bytes& key) {
  static const std::vector<Backend*>* aes = new std::vector<Backend*>(BackendsFor({"openssl"}));
  Request r;
  r.op = Op::kEcbEncrypt;
  r.cipher = cipher;
  r.key = key;
  r.input.assign(16, 0);
  auto res = cipher == oracles::Cipher::kAria ? AnswerOf(AriaBackends(), "ours/scalar", r)
                                              : AnswerOf(*aes, "openssl", r);
  oracles::Block h{};
  if (res && res->accepted && res->output.size() == 16) {
    for (int i = 0; i < 16; ++i) h[i] = res->output[i];
  }
  return h;
}

void Describe(Differ* differ, const Request& r) {
  differ->SetRequest(r);
  differ->Param("key_len", static_cast<int64_t>(r.key.size()));
  differ->Param("iv_len", static_cast<int64_t>(r.iv.size()));
  differ->Param("aad_len", static_cast<int64_t>(r.aad.size()));
  differ->Param("input_len", static_cast<int64_t>(r.input.size()));
  differ->Param("tag_len", static_cast<int64_t>(r.tag.empty() ? r.tag_len : r.tag.size()));
  differ->Input("key", r.key);
  if (!r.iv.empty()) differ->Input("iv", r.iv);
  if (!r.aad.empty()) differ->Input("aad", r.aad);
  differ->Input("input", r.input);
  if (!r.tag.empty()) differ->Input("tag", r.tag);
}

GcmSetup::GcmSetup(GcmCase* gcm_case, oracles::Cipher cipher_in) : c(*gcm_case), cipher(cipher_in) {
  const oracles::Block h = GcmHashKey(cipher, gcm_case->key);
  solved = gcm_case->SolveIv(h);
  wraps = oracles::CounterWraps(h, c.iv.data(), c.iv.size(), c.text.size());
  j0_counter = oracles::J0Counter(h, c.iv.data(), c.iv.size());
}

Request GcmSetup::Make(Op op) const {
  Request r;
  r.op = op;
  r.cipher = cipher;
  r.key = c.key;
  r.iv = c.iv;
  r.aad = c.aad;
  r.input = c.text;
  if (op == Op::kGcmSeal) r.tag_len = c.tag_len;
  return r;
}

void GcmSetup::Annotate(Differ* differ, const Request& r) const {
  Describe(differ, r);
  differ->Param("ctr_wraps", wraps);
  differ->Param("j0_counter", j0_counter);
  if (!solved.empty()) differ->Note(solved);
  const std::string outside =
      GcmOutsideCommonDomain(r.iv.size(), r.tag.empty() ? r.tag_len : r.tag.size());
  if (!outside.empty()) differ->IgnoreRefusals(outside);
}

}  // namespace ariasuite::fuzz
