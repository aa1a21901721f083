// Plants the disagreements the fuzz verdict must get right, for the gate test
// (tools/gate/gate_test.py): each scenario feeds the Differ the answers a real run would give and
// calls Check(), which aborts with `ARIA_MISMATCH ...` when ours is blamed and returns (after
// printing `ARIA_THIRD_PARTY ...`) for a finding about another library.
//   shared-layer-wrong    every path of ours agrees on a wrong GCM answer, OpenSSL alone answers
//   allowlist-only-oracle an allowlist entry covers the only oracle (Botan, KW), ours is wrong
//   third-party           Crypto++ alone differs, OpenSSL sides with ours: recorded, returns
// Usage: differ_plant SCENARIO (exit 0 after a returning Check(), 2 on an unknown scenario).
#include <cstdio>
#include <string>
#include <vector>

#include "fuzz/differ.h"

namespace ariasuite::fuzz {
namespace {

constexpr const char* kOurPaths[] = {"ours/scalar",    "ours/aesni-avx", "ours/aesni-avx2",
                                     "ours/vaes-avx2", "ours/gfni-avx2", "ours/gfni-avx512"};

int Plant(const std::string& scenario) {
  if (scenario == "shared-layer-wrong") {
    Differ d("gcm-seal");
    for (const char* p : kOurPaths) d.Add(p, true, Accepted({0x11, 0x22}, {0x99}));
    d.Add("openssl", false, Accepted({0x11, 0x22}, {0x33}));
    d.Check();
    return 0;
  }
  if (scenario == "allowlist-only-oracle") {
    static std::vector<AllowEntry> entries;
    std::string error;
    if (!ParseAllowlist("kw-wrap botan * fuzz/reproducers/botan_kw_wrap_8_bytes.json # planted\n",
                        "planted", &entries, &error)) {
      std::fprintf(stderr, "%s\n", error.c_str());
      return 2;
    }
    Differ d("kw-wrap");
    d.UseAllowlist(&entries);
    for (const char* p : kOurPaths) d.Add(p, true, Accepted({0xde, 0xad}));
    d.Add("botan", false, Accepted({0x12, 0x34}));
    d.Check();
    return 0;
  }
  if (scenario == "third-party") {
    Differ d("gcm-open");
    for (const char* p : kOurPaths) d.Add(p, true, Accepted({0x01}));
    d.Add("openssl", false, Accepted({0x01}));
    d.Add("cryptopp", false, Accepted({0x02}));
    d.Check();
    std::printf("went on after the third-party finding\n");
    return 0;
  }
  std::fprintf(stderr, "differ_plant: unknown scenario '%s'\n", scenario.c_str());
  return 2;
}

}  // namespace
}  // namespace ariasuite::fuzz

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr,
                 "usage: differ_plant shared-layer-wrong|allowlist-only-oracle|third-party\n");
    return 2;
  }
  return ariasuite::fuzz::Plant(argv[1]);
}
