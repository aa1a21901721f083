// The vector manifest's parser (every malformed line a one-line error naming file:line) and its
// compiled-in copy, which must be the vectors/MANIFEST of the tree.
#include "vectors/manifest.h"

#include <fstream>
#include <sstream>

#include "gtest/gtest.h"
#include "vectors/testdata.h"

namespace ariasuite::vectors {
namespace {

TEST(ManifestTest, ParsesEntriesOfEveryPlace) {
  std::vector<ManifestEntry> m;
  std::string error;
  ASSERT_TRUE(
      ParseManifest("# comment\n\n"
                    "vectors/a.json committed  What it  holds\n"
                    "  vectors/wycheproof/b_test.json\twycheproof B \n"
                    "vectors/upstream/x/c.txt upstream C\n",
                    "M", &m, &error))
      << error;
  ASSERT_EQ(m.size(), 3u);
  EXPECT_EQ(m[0].path, "vectors/a.json");
  EXPECT_EQ(m[0].place, Place::kCommitted);
  EXPECT_EQ(m[0].holds, "What it  holds");
  EXPECT_EQ(m[0].line, 3);
  EXPECT_EQ(m[1].place, Place::kWycheproof);
  EXPECT_EQ(m[1].holds, "B");
  EXPECT_EQ(WycheproofName(m[1]), "b_test.json");
  EXPECT_EQ(m[2].place, Place::kUpstream);
  EXPECT_EQ(m[2].path, "vectors/upstream/x/c.txt");
}

TEST(ManifestTest, MalformedLinesNameFileAndLine) {
  const std::pair<const char*, const char*> cases[] = {
      {"vectors/a.json\n", "M:2: expected `<path> <place> <what it holds>`"},
      {"vectors/a.json committed\n", "M:2: vectors/a.json: no description of what it holds"},
      {"vectors/a.json shared A\n",
       "M:2: vectors/a.json: unknown place 'shared' (committed, wycheproof or upstream)"},
      {"a.json committed A\n", "M:2: a.json: not a file under vectors/ (place committed)"},
      {"vectors/ committed A\n", "M:2: vectors/: not a file under vectors/ (place committed)"},
      {"vectors/../a.json committed A\n",
       "M:2: vectors/../a.json: not a file under vectors/ (place committed)"},
      {"vectors/a.json wycheproof A\n",
       "M:2: vectors/a.json: not a file under vectors/wycheproof/ (place wycheproof)"},
      {"vectors/wycheproof/a.json upstream A\n",
       "M:2: vectors/wycheproof/a.json: not a file under vectors/upstream/ (place upstream)"},
      {"vectors/upstream/a.txt committed A\n",
       "M:2: vectors/upstream/a.txt: a shared folder's path, not committed"},
      {"vectors/b.json committed B\n", "M:2: vectors/b.json: listed twice"},
  };
  for (const auto& [line, want] : cases) {
    SCOPED_TRACE(line);
    std::vector<ManifestEntry> m;
    std::string error;
    EXPECT_FALSE(
        ParseManifest(std::string("vectors/b.json committed B\n") + line, "M", &m, &error));
    EXPECT_EQ(error, want);
    EXPECT_TRUE(m.empty());
  }
}

// The compiled-in copy is the tree's vectors/MANIFEST (the genrule's output is not stale or cut).
TEST(ManifestTest, BuiltinIsTheTreesFile) {
  std::ifstream in(testdata::RunfilePath("vectors/MANIFEST"));
  ASSERT_TRUE(in) << "runfile vectors/MANIFEST missing";
  std::stringstream text;
  text << in.rdbuf();
  std::vector<ManifestEntry> file;
  std::string error;
  ASSERT_TRUE(ParseManifest(text.str(), "vectors/MANIFEST", &file, &error)) << error;
  const std::vector<ManifestEntry>& builtin = BuiltinManifest();
  ASSERT_EQ(builtin.size(), file.size());
  for (size_t i = 0; i < file.size(); ++i) {
    EXPECT_EQ(builtin[i].path, file[i].path);
    EXPECT_EQ(builtin[i].place, file[i].place);
    EXPECT_EQ(builtin[i].holds, file[i].holds);
  }
}

TEST(ManifestTest, LooksUpThePlacesAndPaths) {
  const std::vector<std::string> committed = ManifestPaths(Place::kCommitted);
  ASSERT_FALSE(committed.empty());
  EXPECT_EQ(committed[0], "vectors/rfc5794_kat.json");
  const std::vector<std::string> wycheproof = ManifestPaths(Place::kWycheproof);
  ASSERT_FALSE(wycheproof.empty());
  EXPECT_EQ(wycheproof[0], "vectors/wycheproof/aria_gcm_test.json");
  EXPECT_FALSE(ManifestPaths(Place::kUpstream).empty());
  const ManifestEntry* e = FindInManifest("vectors/rfc8269_gcm.json");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->place, Place::kCommitted);
  EXPECT_NE(e->holds.find("RFC 8269"), std::string::npos);
  EXPECT_EQ(FindInManifest("vectors/nonexistent.json"), nullptr);
  EXPECT_EQ(FindInManifest("rfc8269_gcm.json"), nullptr);
}

}  // namespace
}  // namespace ariasuite::vectors
