// A TAP 13 self-check of the kernel backend (kernel_backend.cc) for the kernel guest of
// kernel-tests/vm (`main.py run --test .../kernel_oracle_check`): drives the kernel's ecb, cbc,
// ctr, gcm and ccm(aria) and cmac(aria) through AF_ALG with random inputs and compares every answer
// with our scalar reference, including the refusal of a modified GCM tag. Outside a kernel with
// AF_ALG and ARIA every test is `ok # SKIP` with the reason; an algorithm the kernel lacks on its
// own (e.g. ccm(aria)) is SKIP for that test only.
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "impl/dispatch.h"
#include "oracles/backend.h"

namespace ariasuite::oracles {
namespace {

struct Outcome {
  int compared = 0, unsupported = 0;
  std::string failure;  // the first mismatch
};

Bytes Random(std::mt19937_64& rng, size_t n) {
  Bytes b(n);
  for (auto& x : b) x = static_cast<uint8_t>(rng());
  return b;
}

void Compare(Backend& kernel, Backend& ours, const Request& r, Outcome* o) {
  std::optional<Result> k = kernel.Run(r);
  if (!k) {
    ++o->unsupported;
    return;
  }
  std::optional<Result> m = ours.Run(r);
  ++o->compared;
  const bool same = m && k->error.empty() && k->accepted == m->accepted &&
                    (!k->accepted || (k->output == m->output && k->tag == m->tag));
  if (!same && o->failure.empty()) {
    o->failure =
        DescribeRequest(r) + " kernel: " + DescribeResult(k) + " ours: " + DescribeResult(m);
  }
}

int Main() {
  std::unique_ptr<Backend> kernel = MakeKernelBackend();
  std::unique_ptr<Backend> ours = MakeOursBackend(Impl::kScalar);
  const std::vector<std::string> names = {
      "ecb_aria", "cbc_aria", "ctr_aria", "gcm_aria", "gcm_aria_modified_tag",
      "ccm_aria", "cmac_aria"};
  std::printf("TAP version 13\n1..%zu\n", names.size());
  if (std::optional<std::string> why = kernel->unavailable()) {
    for (size_t i = 0; i < names.size(); ++i) {
      std::printf("ok %zu %s # SKIP %s\n", i + 1, names[i].c_str(), why->c_str());
    }
    return 0;
  }
  std::mt19937_64 rng(0xa1f);
  int failed = 0;
  for (size_t t = 0; t < names.size(); ++t) {
    const std::string& name = names[t];
    Outcome o;
    for (size_t key_len : {16, 24, 32}) {
      for (size_t len : {0, 1, 16, 33, 64, 1000, 4096}) {
        Request r;
        r.key = Random(rng, key_len);
        if (name == "ecb_aria" || name == "cbc_aria") {
          if (len % 16 != 0) continue;
          r.iv = name == "cbc_aria" ? Random(rng, 16) : Bytes();
          for (bool enc : {true, false}) {
            r.op = name == "ecb_aria" ? (enc ? Op::kEcbEncrypt : Op::kEcbDecrypt)
                                      : (enc ? Op::kCbcEncrypt : Op::kCbcDecrypt);
            r.input = Random(rng, len);
            Compare(*kernel, *ours, r, &o);
          }
        } else if (name == "ctr_aria") {
          r.op = Op::kCtrEncrypt;
          r.iv = Random(rng, 16);
          if (len == 1000) r.iv.assign(16, 0xff);  // the 128-bit wrap
          r.input = Random(rng, len);
          Compare(*kernel, *ours, r, &o);
        } else if (name == "gcm_aria" || name == "ccm_aria") {
          const bool gcm = name == "gcm_aria";
          for (size_t tag_len :
               gcm ? std::vector<size_t>{16, 12, 8, 4} : std::vector<size_t>{16, 10, 4}) {
            r.op = gcm ? Op::kGcmSeal : Op::kCcmSeal;
            r.iv = Random(rng, gcm ? 12 : 7 + len % 7);
            r.aad = Random(rng, len % 3 == 0 ? 0 : 20);
            r.input = Random(rng, len);
            r.tag_len = tag_len;
            r.tag.clear();
            Compare(*kernel, *ours, r, &o);
            std::optional<Result> sealed = ours->Run(r);
            if (!sealed || !sealed->accepted) continue;
            Request open = r;
            open.op = gcm ? Op::kGcmOpen : Op::kCcmOpen;
            open.input = sealed->output;
            open.tag = sealed->tag;
            open.tag_len = 0;
            Compare(*kernel, *ours, open, &o);
          }
        } else if (name == "gcm_aria_modified_tag") {
          r.op = Op::kGcmSeal;
          r.iv = Random(rng, 12);
          r.input = Random(rng, len);
          r.tag_len = 16;
          std::optional<Result> sealed = ours->Run(r);
          Request open = r;
          open.op = Op::kGcmOpen;
          open.input = sealed->output;
          open.tag = sealed->tag;
          open.tag[len % 16] ^= 0x04;
          open.tag_len = 0;
          Compare(*kernel, *ours, open, &o);  // both must refuse
        } else if (name == "cmac_aria") {
          r.op = Op::kCmac;
          r.input = Random(rng, len);
          r.tag_len = 16;
          Compare(*kernel, *ours, r, &o);
        }
      }
    }
    if (!o.failure.empty()) {
      ++failed;
      std::printf("not ok %zu %s\n  # %s\n", t + 1, name.c_str(), o.failure.c_str());
    } else if (o.compared == 0) {
      const std::string mode = name.substr(0, name.find('_'));
      std::printf(
          "ok %zu %s # SKIP binding %s(aria) failed: the kernel has no %s(aria) (the %s "
          "template or its module is missing)\n",
          t + 1, name.c_str(), mode.c_str(), mode.c_str(), mode.c_str());
    } else {
      std::printf(
          "ok %zu %s # %d answers equal to ours%s\n", t + 1, name.c_str(), o.compared,
          o.unsupported ? (", " + std::to_string(o.unsupported) + " unsupported").c_str() : "");
    }
  }
  return failed == 0 ? 0 : 1;
}

}  // namespace
}  // namespace ariasuite::oracles

int main() { return ariasuite::oracles::Main(); }
