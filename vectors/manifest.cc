// Parsing of the vector manifest and look-ups in its compiled-in copy (see manifest.h).
#include "vectors/manifest.h"

#include <cstdio>
#include <cstdlib>
#include <set>
#include <sstream>

#include "vectors/model/line_table.h"

namespace ariasuite::vectors {

extern const char kManifestText[];  // manifest_data.cc, generated from vectors/MANIFEST

namespace {

struct PlaceName {
  Place place;
  const char* name;
  const char* folder;  // every path of the place starts with it
};

constexpr PlaceName kPlaces[] = {
    {Place::kCommitted, "committed", "vectors/"},
    {Place::kWycheproof, "wycheproof", "vectors/wycheproof/"},
    {Place::kUpstream, "upstream", "vectors/upstream/"},
};

}  // namespace

bool ParseManifest(std::string_view text, std::string_view name, std::vector<ManifestEntry>* out,
                   std::string* error) {
  out->clear();
  std::set<std::string> seen;
  const bool ok = model::ForEachTableLine(
      text, name,
      [&](int line_no, std::string_view line) -> std::string {
        ManifestEntry entry;
        entry.line = line_no;
        std::string place;
        std::istringstream fields{std::string(line)};
        if (!(fields >> entry.path >> place)) {
          return "expected `<path> <place> <what it holds>`";
        }
        std::getline(fields, entry.holds);
        entry.holds = std::string(model::TrimBlanks(entry.holds));
        if (entry.holds.empty()) return entry.path + ": no description of what it holds";
        const PlaceName* known = nullptr;
        for (const PlaceName& p : kPlaces) {
          if (place == p.name) known = &p;
        }
        if (known == nullptr) {
          return entry.path + ": unknown place '" + place + "' (committed, wycheproof or upstream)";
        }
        entry.place = known->place;
        const std::string folder = known->folder;
        if (entry.path.rfind(folder, 0) != 0 || entry.path.size() == folder.size() ||
            (entry.path + "/").find("/../") != std::string::npos || entry.path.back() == '/') {
          return entry.path + ": not a file under " + folder + " (place " + place + ")";
        }
        if (entry.place == Place::kCommitted && (entry.path.rfind("vectors/wycheproof/", 0) == 0 ||
                                                 entry.path.rfind("vectors/upstream/", 0) == 0)) {
          return entry.path + ": a shared folder's path, not committed";
        }
        if (!seen.insert(entry.path).second) return entry.path + ": listed twice";
        out->push_back(std::move(entry));
        return "";
      },
      error);
  if (!ok) out->clear();
  return ok;
}

namespace {

// The compiled-in text parsed; a malformed line ends the program with its one-line error.
std::vector<ManifestEntry> ParseBuiltinOrExit() {
  std::vector<ManifestEntry> entries;
  std::string error;
  if (ParseManifest(kManifestText, "vectors/MANIFEST", &entries, &error)) return entries;
  std::fprintf(stderr, "ariasuite vectors: %s\n", error.c_str());
  std::exit(2);
}

}  // namespace

const std::vector<ManifestEntry>& BuiltinManifest() {
  static const std::vector<ManifestEntry> entries = ParseBuiltinOrExit();
  return entries;
}

std::vector<std::string> ManifestPaths(Place place) {
  std::vector<std::string> paths;
  for (const ManifestEntry& e : BuiltinManifest()) {
    if (e.place == place) paths.push_back(e.path);
  }
  return paths;
}

const ManifestEntry* FindInManifest(std::string_view path) {
  for (const ManifestEntry& e : BuiltinManifest()) {
    if (e.path == path) return &e;
  }
  return nullptr;
}

std::string WycheproofName(const ManifestEntry& entry) {
  return entry.path.substr(entry.path.rfind('/') + 1);
}

}  // namespace ariasuite::vectors
