// The kernel TLS (kTLS) user API constants and structures the tests use, defined here so the tests
// build against any libc headers (Debian 12's linux/tls.h from 6.1 may lack the ARIA ids). Values
// are facts from the kernel's include/uapi/linux/tls.h (6.12) and include/linux/socket.h; when the
// host's <linux/tls.h> has them, static_asserts check they agree.
#ifndef ARIASUITE_KERNEL_TESTS_TLS_UAPI_H_
#define ARIASUITE_KERNEL_TESTS_TLS_UAPI_H_

#include <cstddef>
#include <cstdint>

namespace ktls {

// include/linux/socket.h: #define SOL_TLS 282. include/uapi/linux/tcp.h: #define TCP_ULP 31.
inline constexpr int kSolTls = 282;
inline constexpr int kTcpUlp = 31;

// include/uapi/linux/tls.h: setsockopt/getsockopt names at SOL_TLS.
inline constexpr int kTlsTx = 1;  // TLS_TX
inline constexpr int kTlsRx = 2;  // TLS_RX

// include/uapi/linux/tls.h: cmsg types at SOL_TLS.
inline constexpr int kTlsSetRecordType = 1;  // TLS_SET_RECORD_TYPE
inline constexpr int kTlsGetRecordType = 2;  // TLS_GET_RECORD_TYPE

// include/uapi/linux/tls.h: TLS_VERSION_NUMBER(TLS_1_2) = 3 << 8 | 3, TLS_1_3 = 3 << 8 | 4.
inline constexpr uint16_t kTls12Version = 0x0303;
inline constexpr uint16_t kTls13Version = 0x0304;

// include/uapi/linux/tls.h: cipher types (TLS_CIPHER_*).
inline constexpr uint16_t kCipherAesGcm128 = 51;
inline constexpr uint16_t kCipherAesGcm256 = 52;
inline constexpr uint16_t kCipherSm4Ccm = 56;
inline constexpr uint16_t kCipherAriaGcm128 = 57;
inline constexpr uint16_t kCipherAriaGcm256 = 58;
inline constexpr uint16_t kCipherAfterAria = 59;  // not defined by the kernel: must be refused

// Every GCM cipher above: explicit nonce (TLS_CIPHER_*_IV_SIZE) 8, salt 4, tag 16, rec_seq 8.
inline constexpr size_t kIvSize = 8;
inline constexpr size_t kSaltSize = 4;
inline constexpr size_t kTagSize = 16;
inline constexpr size_t kRecSeqSize = 8;

// RFC 5246 §6.2.1 / include/net/tls.h: TLS_HEADER_SIZE 5, TLS_MAX_PAYLOAD_SIZE 2^14.
inline constexpr size_t kHeaderSize = 5;
inline constexpr size_t kMaxPayload = 16384;

// RFC 5246 §6.2.1 ContentType.
inline constexpr uint8_t kTypeChangeCipherSpec = 20;
inline constexpr uint8_t kTypeAlert = 21;
inline constexpr uint8_t kTypeHandshake = 22;
inline constexpr uint8_t kTypeApplicationData = 23;

// include/uapi/linux/tls.h: struct tls_crypto_info { __u16 version; __u16 cipher_type; }, followed
// in struct tls12_crypto_info_{aes,aria}_gcm_{128,256} by iv[8], key[16|32], salt[4], rec_seq[8]
// (no padding: every member is a byte array).
struct CryptoInfoHeader {
  uint16_t version;
  uint16_t cipher_type;
};

template <size_t kKeyLen>
struct CryptoInfo {
  CryptoInfoHeader info;
  uint8_t iv[kIvSize];
  uint8_t key[kKeyLen];
  uint8_t salt[kSaltSize];
  uint8_t rec_seq[kRecSeqSize];
};
using CryptoInfo128 = CryptoInfo<16>;
using CryptoInfo256 = CryptoInfo<32>;
static_assert(sizeof(CryptoInfoHeader) == 4);
static_assert(sizeof(CryptoInfo128) == 40);
static_assert(sizeof(CryptoInfo256) == 56);
static_assert(offsetof(CryptoInfo128, iv) == 4 && offsetof(CryptoInfo128, key) == 12 &&
              offsetof(CryptoInfo128, salt) == 28 && offsetof(CryptoInfo128, rec_seq) == 32);
static_assert(offsetof(CryptoInfo256, salt) == 44 && offsetof(CryptoInfo256, rec_seq) == 48);

}  // namespace ktls

#if defined(__has_include)
#if __has_include(<linux/tls.h>)
#include <linux/tls.h>
static_assert(ktls::kTlsTx == TLS_TX && ktls::kTlsRx == TLS_RX);
static_assert(ktls::kTlsSetRecordType == TLS_SET_RECORD_TYPE);
static_assert(ktls::kTlsGetRecordType == TLS_GET_RECORD_TYPE);
static_assert(ktls::kTls12Version == TLS_1_2_VERSION && ktls::kTls13Version == TLS_1_3_VERSION);
static_assert(ktls::kCipherAesGcm128 == TLS_CIPHER_AES_GCM_128);
#ifdef TLS_CIPHER_ARIA_GCM_128
static_assert(ktls::kCipherAriaGcm128 == TLS_CIPHER_ARIA_GCM_128);
static_assert(ktls::kCipherAriaGcm256 == TLS_CIPHER_ARIA_GCM_256);
static_assert(sizeof(ktls::CryptoInfo128) == sizeof(struct tls12_crypto_info_aria_gcm_128));
static_assert(sizeof(ktls::CryptoInfo256) == sizeof(struct tls12_crypto_info_aria_gcm_256));
#endif
#endif
#endif

#endif  // ARIASUITE_KERNEL_TESTS_TLS_UAPI_H_
