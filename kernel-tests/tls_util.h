// Helpers shared by the kTLS test programs: loopback TCP pairs, attaching the "tls" ULP, building
// the crypto_info of a variant, exact reads and writes with a deadline, splitting a raw byte
// stream into TLS records, and the SKIP-or-FAIL decision for missing kernel support.
#ifndef ARIASUITE_KERNEL_TESTS_TLS_UTIL_H_
#define ARIASUITE_KERNEL_TESTS_TLS_UTIL_H_

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "kernel-tests/tls_uapi.h"

namespace ktls {

using Bytes = std::vector<uint8_t>;

// One kTLS cipher as the tests use it (the FIXTURE_VARIANT of every kTLS fixture holds one).
struct Cipher {
  uint16_t id;       // TLS_CIPHER_*
  size_t key_len;    // 16 or 32
  const char* aead;  // the crypto API name the kernel allocates ("gcm(aria)", "gcm(aes)")
};

// The session parameters of one direction.
struct Params {
  uint16_t version = kTls12Version;
  uint16_t cipher = 0;
  Bytes key;
  uint8_t iv[kIvSize] = {};  // explicit nonce of the first record
  uint8_t salt[kSaltSize] = {};
  uint8_t rec_seq[kRecSeqSize] = {};
};

// Random key, iv, salt and rec_seq (rec_seq starts at zero unless the caller sets it).
Params RandomParams(const Cipher& c);

// The struct tls12_crypto_info_* bytes for p: 40 bytes for a 16-byte key, 56 for a 32-byte key.
Bytes EncodeCryptoInfo(const Params& p);

// Fills buf with random bytes (getrandom).
void RandomBytes(void* buf, size_t len);
Bytes RandomVector(size_t len);

// A connected TCP pair over 127.0.0.1. Returns "" or what failed.
std::string TcpPair(int* client, int* server);

// setsockopt(TCP_ULP, "tls"): 0 or the errno.
int AttachUlp(int fd);
// setsockopt(SOL_TLS, TLS_TX or TLS_RX) with p: 0 or the errno.
int SetCrypto(int fd, int direction, const Params& p);

// Blocking I/O with a deadline: "" on success, else what happened (EOF after n bytes, an errno,
// timeout). ReadFull needs exactly len bytes.
std::string ReadFull(int fd, void* buf, size_t len, int timeout_ms = 20000);
std::string WriteFull(int fd, const void* buf, size_t len, int timeout_ms = 20000);

// Reads one whole TLS record (5-byte header + body) from a socket without the ULP.
std::string ReadRecord(int fd, Bytes* record, int timeout_ms = 20000);

// sendmsg of one record of TLS record type `type` (a TLS_SET_RECORD_TYPE cmsg); its result.
ssize_t SendTyped(int fd, uint8_t type, const void* data, size_t len);
// recvmsg with room for the TLS_GET_RECORD_TYPE cmsg; *type is 0 when none came. Its result.
ssize_t RecvTyped(int fd, void* buf, size_t len, uint8_t* type, int flags = 0);

// Whether fd has bytes to read within timeout_ms (poll POLLIN).
bool Readable(int fd, int timeout_ms);

// The big-endian 64-bit value of 8 bytes, and back.
uint64_t Be64(const uint8_t* p);
void PutBe64(uint8_t* p, uint64_t v);

// Running kernel release "major.minor" as a number major*1000+minor (0 if unknown).
int KernelVersion();

// Why a cipher the test needs is unavailable, or "" if setsockopt's errno `err` for a correct
// TLS_TX/TLS_RX of cipher c is not a missing-support case (then the caller fails the test).
// ENOENT: the crypto API has no c.aead (module not loaded, CONFIG_CRYPTO_ARIA unset); EINVAL on
// a kernel older than 6.1: kTLS does not know the ARIA ids yet (they appeared in Linux 6.1's
// include/uapi/linux/tls.h).
std::string MissingSupport(const Cipher& c, int err);

}  // namespace ktls

#endif  // ARIASUITE_KERNEL_TESTS_TLS_UTIL_H_
