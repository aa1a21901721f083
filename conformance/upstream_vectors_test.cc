// Other projects' own ARIA test files, as they ship them (../shared/vectors/upstream/, see its
// SOURCE.md: OpenSSL's evpciph_aria.txt, Botan's aria.vec and cbc.vec, Crypto++'s aria.txt, Mbed
// TLS's test_suite_aria.data) and the whole crypto/testmgr.h of each Linux source that
// kernel-tests/vm caches (6.1 and 6.12, each checked when cached): each loads with every ARIA case
// (nothing left out but the entries that state no vector), and every case passes on every path of
// ours and on OpenSSL. A missing file is SKIP naming where it was looked for.
#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "conformance/runner.h"
#include "gtest/gtest.h"
#include "impl/dispatch.h"
#include "kernel-tests/asm/cache_layout.h"
#include "oracles/backend.h"
#include "vectors/loader.h"
#include "vectors/manifest.h"
#include "vectors/testdata.h"

namespace ariasuite::conformance {

using oracles::Backend;

namespace {

struct Upstream {
  const char* name;  // under vectors/upstream/, or linux-source-<series>/crypto/testmgr.h
  size_t cases;      // every ARIA case the file holds
  size_t no_vector;  // entries that state no vector (Mbed TLS's selftest, invalid_param)
};

const Upstream kFiles[] = {
    {"openssl/evpciph_aria.txt", 33, 0},
    {"botan/aria.vec", 9, 0},
    {"botan/cbc.vec", 1, 0},
    {"cryptopp/aria.txt", 12, 0},
    {"mbedtls/test_suite_aria.data", 29, 2},
    // Counted in each tree: aria_tv_template 3, aria_cbc 30, aria_ctr 30, (6.1 only: aria_cfb 30),
    // aria_gcm 2.
    {"linux-source-6.1/crypto/testmgr.h", 95, 0},
    {"linux-source-6.12/crypto/testmgr.h", 65, 0},
};

constexpr char kLinuxSource[] = "linux-source-";
constexpr char kTestmgr[] = "/crypto/testmgr.h";

// The crypto/testmgr.h of the cached Linux source of a series (kernel-tests/asm/tree.py unpacks
// Debian's linux-source-<series>_<version> there), or "" with *why.
std::string CachedTestmgr(const std::string& series, std::string* why) {
  const std::string dir = kernel_cache::SourceDir();
  const std::string prefix = kLinuxSource + series + "_";
  std::error_code ec;
  std::string found;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    if (e.path().filename().string().rfind(prefix, 0) != 0) continue;
    const std::string p = e.path().string() + kTestmgr;
    if (std::filesystem::exists(p) && (found.empty() || p > found)) found = p;
  }
  if (found.empty()) {
    *why = "no cached " + prefix + "*" + kTestmgr + " under " + dir +
           " (tools/ariasuite kernel-asm or kernel caches it)";
  }
  return found;
}

std::string PathOf(const Upstream& u, std::string* why) {
  const std::string name = u.name;
  if (name.rfind(kLinuxSource, 0) == 0) {
    const size_t series_end = name.find('/');
    return CachedTestmgr(
        name.substr(sizeof(kLinuxSource) - 1, series_end - sizeof(kLinuxSource) + 1), why);
  }
  std::string looked_in;
  const std::string shared = testdata::SharedDir(&looked_in);
  if (shared.empty()) {
    *why = "no shared folder (looked in " + looked_in + ")";
    return "";
  }
  const std::string p = shared + "/vectors/upstream/" + u.name;
  if (!std::filesystem::exists(p)) *why = p + " is absent";
  return std::filesystem::exists(p) ? p : "";
}

// Loads u, checking that nothing but the no-vector entries was left out.
bool LoadUpstream(const Upstream& u, const std::string& path, VectorFile* f) {
  std::string error;
  EXPECT_TRUE(LoadVectorFile(path, {}, f, &error)) << error;
  if (!error.empty()) return false;
  EXPECT_EQ(f->cases.size(), u.cases) << path;
  EXPECT_EQ(f->skipped.size(), u.no_vector) << path;
  for (const std::string& s : f->skipped) {
    EXPECT_NE(s.find("states no vector"), std::string::npos) << "left unrun: " << s;
  }
  return f->cases.size() == u.cases;
}

void ExpectAllPass(const VectorFile& f, Backend* backend, bool ours) {
  const FileResult r = RunFile(f, {{backend, ours}});
  ASSERT_EQ(r.pairs.size(), 1u);
  const PairResult& p = r.pairs[0];
  int shown = 0;
  for (const std::string& line : p.failures) {
    if (shown++ < 20) ADD_FAILURE() << line;
  }
  EXPECT_EQ(p.unsupported, 0) << p.unsupported_example;
  EXPECT_EQ(p.passed, static_cast<int>(f.cases.size())) << backend->name();
  EXPECT_EQ(VerdictOf(p), PairVerdict::kPassed);
}

class UpstreamVectorsTest : public ::testing::TestWithParam<std::tuple<Impl, Upstream>> {};

TEST_P(UpstreamVectorsTest, EveryCaseRunsAndPasses) {
  const auto [impl, u] = GetParam();
  std::string missing;
  if (!IsSupported(impl, &missing)) {
    GTEST_SKIP() << "this CPU cannot run " << ImplName(impl) << ": missing " << missing;
  }
  std::string why;
  const std::string path = PathOf(u, &why);
  if (path.empty()) GTEST_SKIP() << "SKIP " << u.name << ": " << why;
  VectorFile f;
  if (!LoadUpstream(u, path, &f)) return;
  std::unique_ptr<Backend> ours = oracles::MakeOursBackend(impl);
  ExpectAllPass(f, ours.get(), true);
}

std::string Name(const ::testing::TestParamInfo<std::tuple<Impl, Upstream>>& info) {
  std::string name =
      std::string(ImplName(std::get<0>(info.param))) + "_" + std::get<1>(info.param).name;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(, UpstreamVectorsTest,
                         ::testing::Combine(::testing::ValuesIn(AllImpls()),
                                            ::testing::ValuesIn(kFiles)),
                         Name);

// kFiles counts the cases of each upstream file of vectors/MANIFEST, and of no other file of the
// shared folder.
TEST(UpstreamVectorsManifestTest, CountsEveryUpstreamFileOfTheManifest) {
  std::vector<std::string> counted;
  for (const Upstream& u : kFiles) {
    if (std::string(u.name).rfind(kLinuxSource, 0) != 0) {
      counted.push_back(std::string("vectors/upstream/") + u.name);
    }
  }
  std::vector<std::string> listed = vectors::ManifestPaths(vectors::Place::kUpstream);
  std::sort(counted.begin(), counted.end());
  std::sort(listed.begin(), listed.end());
  EXPECT_EQ(counted, listed);
  EXPECT_FALSE(listed.empty());
}

// The files agree with an independent library too (so the loaders read them as their projects
// mean).
TEST(UpstreamVectorsOracleTest, OpenSslPassesEveryFile) {
  std::unique_ptr<Backend> openssl = oracles::MakeOpenSslBackend();
  int ran = 0;
  for (const Upstream& u : kFiles) {
    SCOPED_TRACE(u.name);
    std::string why;
    const std::string path = PathOf(u, &why);
    if (path.empty()) {
      std::printf("SKIP %s: %s\n", u.name, why.c_str());
      continue;
    }
    VectorFile f;
    if (!LoadUpstream(u, path, &f)) continue;
    ExpectAllPass(f, openssl.get(), false);
    ++ran;
  }
  if (ran == 0) GTEST_SKIP() << "no upstream file found";
}

}  // namespace
}  // namespace ariasuite::conformance
