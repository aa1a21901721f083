// The ours/<path> backends' AES-GCM (the GCM layer with AES, what gcm_layer_boringssl and the
// runner's aes_gcm_test.json compare against BoringSSL and the other libraries) runs that path's
// own GHASH: with dispatch counting on, a seal and an open through ours/<path> call into <path>'s
// backend table and no other path's. Were every ours/* backend to share one GHASH, the SIMD paths'
// GHASH would never meet an AES-GCM oracle.
#include <string>

#include "gtest/gtest.h"
#include "impl/dispatch.h"
#include "impl/testing/dispatch_counting.h"
#include "oracles/backend.h"

namespace ariasuite::oracles {
namespace {

TEST(OursBackendTest, AesGcmRunsEachPathsOwnGhash) {
  int ran = 0;
  for (Impl impl : AllImpls()) {
    if (!IsSupported(impl)) continue;  // its ours/* backend is unavailable, never asked
    SCOPED_TRACE(ImplName(impl));
    std::unique_ptr<Backend> ours = MakeOursBackend(impl);
    Request r;
    r.op = Op::kGcmSeal;
    r.cipher = Cipher::kAes;
    r.key = Bytes(16, 0x42);
    r.iv = Bytes(12, 0x24);
    r.aad = Bytes(20, 0x01);
    r.input = Bytes(300, 0x02);
    r.tag_len = 16;
    internal::SetBackendCallCounting(true);
    const std::optional<Result> sealed = ours->Run(r);
    std::optional<Result> opened;
    if (sealed && sealed->accepted) {
      Request o = r;
      o.op = Op::kGcmOpen;
      o.input = sealed->output;
      o.tag = sealed->tag;
      o.tag_len = 0;
      opened = ours->Run(o);
    }
    // ghash_init and the GHASH calls of the seal and the open.
    const std::string calls = internal::CallsOnlyOn(impl, 3);
    internal::SetBackendCallCounting(false);
    ASSERT_TRUE(sealed && sealed->accepted);
    ASSERT_TRUE(opened && opened->accepted);
    EXPECT_EQ(opened->output, r.input);
    EXPECT_EQ(calls, "");
    ++ran;
  }
  EXPECT_GE(ran, 1);
}

}  // namespace
}  // namespace ariasuite::oracles
