// The one list of vector files (vectors/MANIFEST, compiled in): each file's path, where it lives
// (this repository, or the shared folder's Wycheproof or upstream files) and what it holds. One
// entry per line:
//
//   <path> <place> <what it holds>
//
// place is `committed` (path from the workspace root, under vectors/), `wycheproof` (path inside
// the shared folder, under vectors/wycheproof/) or `upstream` (inside the shared folder, under
// vectors/upstream/). Blank lines and lines starting with # are comments. vectors/manifest.py is
// the reader of the same file for Python and the shell.
#ifndef ARIASUITE_VECTORS_MANIFEST_H_
#define ARIASUITE_VECTORS_MANIFEST_H_

#include <string>
#include <string_view>
#include <vector>

namespace ariasuite::vectors {

enum class Place { kCommitted, kWycheproof, kUpstream };

struct ManifestEntry {
  std::string path;
  Place place = Place::kCommitted;
  std::string holds;
  int line = 0;
};

// Parses manifest text. On a malformed line (a missing field, an unknown place, a path outside
// its place's folder, a path listed twice) returns false and sets *error to "<name>:<line>:
// <what>".
bool ParseManifest(std::string_view text, std::string_view name, std::vector<ManifestEntry>* out,
                   std::string* error);

// The compiled-in vectors/MANIFEST, parsed once; a malformed file is a fatal one-line error.
const std::vector<ManifestEntry>& BuiltinManifest();

// The paths of the built-in manifest's entries of one place, in the file's order.
std::vector<std::string> ManifestPaths(Place place);

// The built-in manifest's entry of a path (as written in the manifest), or nullptr.
const ManifestEntry* FindInManifest(std::string_view path);

// The file name a Wycheproof entry's path ends in (vectors/wycheproof/aria_gcm_test.json ->
// aria_gcm_test.json), which testdata::SharedWycheproofFile takes.
std::string WycheproofName(const ManifestEntry& entry);

}  // namespace ariasuite::vectors

#endif  // ARIASUITE_VECTORS_MANIFEST_H_
