// Test-side setup steps shared by the kTLS fixtures: each either succeeds, SKIPs the test with the
// reason when the kernel lacks the support (no "tls" ULP, no crypto algorithm), or fails it.
#ifndef ARIASUITE_KERNEL_TESTS_TLS_REQUIRE_H_
#define ARIASUITE_KERNEL_TESTS_TLS_REQUIRE_H_

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "kernel-tests/harness.h"
#include "kernel-tests/tls_util.h"

namespace ktls {

// A loopback pair or the test fails.
inline void RequirePair(ktest::Metadata* _metadata, int* client, int* server) {
  std::string err = TcpPair(client, server);
  if (!err.empty()) {
    ktest::Fail(_metadata, __FILE__, __LINE__, "TCP pair: " + err);
    ktest::AbortTest(_metadata);
  }
}

// TCP_ULP "tls" attached, or SKIP when the kernel has no tls ULP (ENOENT).
inline void RequireUlp(ktest::Metadata* _metadata, int fd) {
  int e = AttachUlp(fd);
  if (e == ENOENT) {
    SKIP(
        "TCP_ULP \"tls\" is not available (setsockopt TCP_ULP: ENOENT): kernel without "
        "CONFIG_TLS or tls.ko not loaded");
  }
  if (e != 0) {
    ktest::Fail(_metadata, __FILE__, __LINE__,
                std::string("setsockopt(TCP_ULP, \"tls\"): ") + strerrorname_np(e));
    ktest::AbortTest(_metadata);
  }
}

// TLS_TX or TLS_RX set with p, or SKIP when the cipher is missing from this kernel.
inline void RequireCrypto(ktest::Metadata* _metadata, int fd, int direction, const Cipher& c,
                          const Params& p) {
  int e = SetCrypto(fd, direction, p);
  if (e == 0) return;
  std::string why = MissingSupport(c, e);
  if (!why.empty()) SKIP("%s", why.c_str());
  ktest::Fail(_metadata, __FILE__, __LINE__,
              std::string("setsockopt(SOL_TLS, ") + (direction == kTlsTx ? "TLS_TX" : "TLS_RX") +
                  ") for cipher " + std::to_string(c.id) + ": " + strerrorname_np(e) + " (" +
                  strerror(e) + ")");
  ktest::AbortTest(_metadata);
}

// Closes fd if open and marks it closed.
inline void CloseFd(int* fd) {
  if (*fd >= 0) close(*fd);
  *fd = -1;
}

}  // namespace ktls

// The three variants every kTLS fixture runs: ARIA-GCM-128 (57), ARIA-GCM-256 (58) and AES-GCM-128
// (51) as the control that shows a failure is ARIA's and not the harness's.
#define KTLS_ADD_STANDARD_VARIANTS(f)                                                  \
  FIXTURE_VARIANT_ADD(f, 12_aria_gcm){{ktls::kCipherAriaGcm128, 16, "gcm(aria)"}};     \
  FIXTURE_VARIANT_ADD(f, 12_aria_gcm_256){{ktls::kCipherAriaGcm256, 32, "gcm(aria)"}}; \
  FIXTURE_VARIANT_ADD(f, 12_aes_gcm) {                                                 \
    { ktls::kCipherAesGcm128, 16, "gcm(aes)" }                                         \
  }

#endif  // ARIASUITE_KERNEL_TESTS_TLS_REQUIRE_H_
