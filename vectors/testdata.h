// Helpers for tests that read vector files: where Bazel put the repository's own data files, where
// the shared Wycheproof vectors are (../shared next to the workspace).
#ifndef ARIASUITE_VECTORS_TESTDATA_H_
#define ARIASUITE_VECTORS_TESTDATA_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ariasuite::testdata {

// The path of a workspace-relative data file (listed in the test's `data`) in the runfiles tree.
std::string RunfilePath(const std::string& workspace_relative);

// The shared folder (holding vectors/wycheproof/): $ARIASUITE_SHARED_DIR when set, else the
// folder `shared` beside the real workspace root, found through the real path of the runfile
// vectors/README.md (a symlink into the source tree), else beside $BUILD_WORKSPACE_DIRECTORY.
// Returns "" when none exists; *looked_in then lists the places tried (for the SKIP message).
std::string SharedDir(std::string* looked_in);

// The path of a file of the shared Wycheproof folder (SharedDir()/vectors/wycheproof/name), or ""
// with *skip_reason set to the SKIP message naming the places looked in.
std::string SharedWycheproofFile(const std::string& name, std::string* skip_reason);

}  // namespace ariasuite::testdata

#endif  // ARIASUITE_VECTORS_TESTDATA_H_
