// The things the benchmark times: ariasuite's own paths and three other libraries, each behind one
// small interface for one key size. A subject that cannot do an operation returns false.
#ifndef ARIASUITE_TOOLS_BENCH_SUBJECTS_H_
#define ARIASUITE_TOOLS_BENCH_SUBJECTS_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ariasuite::bench {

// 12-byte GCM IV and 16-byte CTR IV used by every subject (a benchmark, not a protocol).
inline constexpr uint8_t kIv[16] = {0xca, 0xfe, 0xba, 0xbe, 0xfa, 0xce, 0xdb, 0xad,
                                    0xde, 0xca, 0xf8, 0x88, 0x00, 0x00, 0x00, 0x01};

class Subject {
 public:
  virtual ~Subject() = default;
  // ECB encryption, len a multiple of 16.
  virtual bool Ecb(uint8_t* out, const uint8_t* in, size_t len) = 0;
  // CTR encryption of one message with the 128-bit counter starting at kIv.
  virtual bool Ctr(uint8_t* out, const uint8_t* in, size_t len) = 0;
  // GCM with IV kIv[0..12), no AAD, 16-byte tag.
  virtual bool GcmSeal(uint8_t* out, uint8_t tag[16], const uint8_t* in, size_t len) = 0;
  virtual bool GcmOpen(uint8_t* out, const uint8_t* in, size_t len, const uint8_t tag[16]) = 0;
};

struct SubjectInfo {
  std::string name;  // "ours/gfni-avx512", "openssl", "botan", "cryptopp", "kernel/avx512"
  std::unique_ptr<Subject> (*make)(const std::string& variant, const uint8_t* key, size_t key_len);
  std::string variant;  // for ours: the path name
  // The cells a subject takes part in (op "ECB", "CTR", ...; message bytes); nullptr: all.
  bool (*covers)(const std::string& op, size_t size) = nullptr;
  // The kernel subject of the same design (same instructions and width), for the "x kernel"
  // column; empty: none.
  std::string kernel_twin = "";
};

// The kernel driver whose assembly has the design of our path `path` ("gfni-avx512" ->
// "kernel/avx512", "aesni-avx2" and "vaes-avx2" -> "kernel/avx2": AES S-boxes on ymm); empty when
// the kernel has none.
std::string KernelTwin(const std::string& path);

// Every subject this binary can run on this CPU (ours: the supported paths).
std::vector<SubjectInfo> AllSubjects();

std::unique_ptr<Subject> MakeOurs(const std::string& path, const uint8_t* key, size_t key_len);
std::unique_ptr<Subject> MakeOpenSsl(const std::string&, const uint8_t* key, size_t key_len);
std::unique_ptr<Subject> MakeBotan(const std::string&, const uint8_t* key, size_t key_len);
std::unique_ptr<Subject> MakeCryptopp(const std::string&, const uint8_t* key, size_t key_len);

// The kernel's ARIA assembly (kernel.cc), ECB and CTR at 4 and 16 KiB, when kernel-tests/asm has
// assembled a kernel tree; KernelNote() names the kernel, or says why there are no such subjects.
std::vector<SubjectInfo> KernelSubjects();
std::string KernelNote();

// "OpenSSL 3.0.x", "Botan 2.19.x", "Crypto++ 870".
std::string OpenSslVersion();
std::string BotanVersion();
std::string CryptoppVersion();

}  // namespace ariasuite::bench

#endif  // ARIASUITE_TOOLS_BENCH_SUBJECTS_H_
