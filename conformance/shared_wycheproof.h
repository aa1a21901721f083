// A test's load of one file of the shared Wycheproof folder (../shared/vectors/wycheproof/, found
// through vectors/testdata.h): a file that is absent is a SKIP with the places looked in, a file
// that does not load (or holds another algorithm), or is not a Wycheproof entry of
// vectors/MANIFEST, a failure.
#ifndef ARIASUITE_CONFORMANCE_SHARED_WYCHEPROOF_H_
#define ARIASUITE_CONFORMANCE_SHARED_WYCHEPROOF_H_

#include <string>

#include "gtest/gtest.h"
#include "vectors/loader.h"
#include "vectors/manifest.h"
#include "vectors/testdata.h"

namespace ariasuite::testdata {

// Loads `name` into *file (its algorithm must be `algorithm`); when it is absent, succeeds with
// *skip set to the SKIP message. Use:
//   ASSERT_TRUE(LoadSharedWycheproof("aria_gcm_test.json", "ARIA-GCM", &file, &skip));
//   if (!skip.empty()) GTEST_SKIP() << skip;
inline ::testing::AssertionResult LoadSharedWycheproof(const std::string& name,
                                                       const std::string& algorithm,
                                                       vectors::VectorFile* file,
                                                       std::string* skip) {
  skip->clear();
  if (vectors::FindInManifest("vectors/wycheproof/" + name) == nullptr) {
    return ::testing::AssertionFailure()
           << "vectors/wycheproof/" << name << ": not in vectors/MANIFEST";
  }
  const std::string path = SharedWycheproofFile(name, skip);
  if (path.empty()) return ::testing::AssertionSuccess();
  std::string error;
  if (!vectors::LoadWycheproofFile(path, algorithm, file, &error)) {
    return ::testing::AssertionFailure() << error;
  }
  return ::testing::AssertionSuccess();
}

}  // namespace ariasuite::testdata

#endif  // ARIASUITE_CONFORMANCE_SHARED_WYCHEPROOF_H_
