// The one small interface behind which every implementation the conformance runner and the
// differential fuzzers compare lives: each of our paths (scalar, SIMD), OpenSSL 3 EVP, Botan 2,
// Crypto++, the kernel crypto API (AF_ALG), BoringSSL (through its own adapter process), the
// SP 800-38F key wrap, SP 800-38D GCM and SP 800-38A CFB/OFB written from the standards over
// OpenSSL's raw block cipher, and any external program speaking the exec line protocol
// (oracles/PROTOCOL.md), Bouncy Castle among them (one JVM).
//
// A backend answers one Request with std::optional<Result>:
//  - std::nullopt: "this backend does not support these parameters" (an algorithm, mode, key,
//    nonce or tag length it has no code for). The caller counts it as a skip, never as a failure.
//  - Result{accepted = false}: the backend ran and refused the inputs (authentication failure,
//    bad padding, a parameter the mode forbids, e.g. a CCM nonce of 6 bytes).
//  - Result{accepted = true, output, tag}: the backend's answer.
//  - Result{crashed = true, detail}: the library itself failed on these inputs (an exception it
//    does not document for bad input, a crash in its code): neither an answer nor a refusal, a
//    wrong behaviour of the library that the runner fails the case for (Crashed()).
// Backends never throw, never abort on bad input, and need no particular call order.
//
// Libraries: this header is //oracles:backend. Each factory below is defined in its own
// cc_library so a binary links only the libraries it needs (OpenSSL and BoringSSL must never share
// a process: BoringSSL is reached only through the adapter binary //oracles:boringssl_adapter).
//   MakeOursBackend        //oracles:ours_backend
//   MakeOpenSslBackend     //oracles:openssl_backend
//   MakeBotanBackend       //oracles:botan_backend
//   MakeCryptoppBackend    //oracles:cryptopp_backend
//   MakeKernelBackend      //oracles:kernel_backend
//   MakeSp80038fBackend    //oracles:sp800_38f_backend
//   MakeSp80038dBackend    //oracles:sp800_38d_backend
//   MakeSp80038aBackend    //oracles:sp800_38a_backend
//   MakeBouncyCastleBackend //oracles:bouncycastle_backend
//   MakeExecBackend        //oracles:exec_backend
//   MakeBackend(s)         //oracles:backends (the registry; links all of the above)
#ifndef ARIASUITE_ORACLES_BACKEND_H_
#define ARIASUITE_ORACLES_BACKEND_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "impl/path.h"
#include "vectors/model/model.h"

namespace ariasuite::oracles {

// The data model (vectors/model/model.h), in the terms the backends use.
using model::AllOps;
using model::Bytes;
using model::Cipher;
using model::CipherName;
using model::DecryptOp;
using model::EncryptOp;
using model::IsEncrypting;
using model::Mode;
using model::ModeName;
using model::ModeOf;
using model::Op;
using model::OpName;
using model::ParseCipher;
using model::ParseOp;

struct Request {
  Op op = Op::kEcbEncrypt;
  Cipher cipher = Cipher::kAria;
  Bytes key;
  Bytes iv;            // IV, nonce or initial counter block; empty when the mode has none.
  Bytes aad;           // GCM and CCM only.
  Bytes input;         // plaintext, ciphertext, message or key data (see Op).
  Bytes tag;           // the tag to check (kGcmOpen, kCcmOpen).
  size_t tag_len = 0;  // the tag length wanted (kGcmSeal, kCcmSeal, kCmac).

  friend bool operator==(const Request&, const Request&) = default;
};

struct Result {
  bool accepted = false;
  Bytes output;
  Bytes tag;           // kGcmSeal, kCcmSeal, kCmac.
  std::string detail;  // optional, free text: why a refusal happened ("EVP_DecryptFinal_ex"), or
                       // how the library crashed ("NegativeArraySizeException: -8").
  // The library crashed on this request (the exec protocol's `crashed REASON`): accepted is false,
  // but it is no refusal. The runner fails the case whatever it expects, a wrong behaviour of the
  // library (a finding when our paths side with the vector file), never BROKE.
  bool crashed = false;
  // Non-empty when the backend itself broke on this request (an exec adapter died, timed out or
  // broke the protocol; a library call failed for a reason unrelated to the inputs). The runner
  // counts it as a failure whatever the vector expects; it is never a refusal.
  std::string error;
};

// The three kinds of Result, for backends and for callers that state an expected answer.
Result Accepted(Bytes output, Bytes tag = {});
// The backend ran and refused the inputs; detail says why ("EVP_DecryptFinal_ex"), may be empty.
Result Refused(std::string detail = "");
// The backend itself broke on the request (Result::error); never a refusal.
Result Broken(std::string error);
// The library crashed on the inputs (Result::crashed); reason says how, may be empty.
Result Crashed(std::string reason);
// Whether r is a refusal: not accepted, not crashed, not broken.
bool IsRefusal(const Result& r);

// One line naming the request, every field as hex, e.g. for a fuzzer's mismatch report:
// "gcm-seal aria key=.. iv=.. aad=.. in=.. tag=.. taglen=16" (also the exec line protocol's request
// line, protocol.h's FormatRequestLine).
std::string DescribeRequest(const Request& request);
std::string DescribeResult(const std::optional<Result>& result);

class Backend {
 public:
  virtual ~Backend() = default;

  // "ours/scalar", "ours/gfni-avx512", "openssl", "botan", "cryptopp", "boringssl", "kernel",
  // "sp800-38f", "sp800-38d", "sp800-38a", "bouncycastle", "exec:PROGRAM".
  virtual std::string name() const = 0;

  // True for our own implementation paths: their failures fail a run; an oracle's failures are
  // third-party findings.
  virtual bool is_ours() const = 0;

  // Why this backend cannot run at all on this machine (a CPU path this CPU lacks, no AF_ALG, no
  // ARIA in the kernel, an adapter that does not start): reported as SKIP with this reason.
  // nullopt when it can run. Run() must not be called when this returns a reason.
  virtual std::optional<std::string> unavailable() const = 0;

  // See the file comment for nullopt / accepted = false / accepted = true.
  virtual std::optional<Result> Run(const Request& request) = 0;

  // The library and its version as one line, for findings reports ("OpenSSL 3.0.19 27 Jan 2026",
  // "Botan 2.19.3", an exec adapter's hello NAME); "" when the backend cannot tell.
  virtual std::string version() const { return ""; }

  // Called by the conformance runner before the first case of each vector file; a backend that
  // keeps per-file state (the exec backend's restart count) resets it here.
  virtual void BeginFile() {}
};

// Each of our paths (impl/dispatch.h); unavailable() names the missing CPU feature when this CPU
// cannot run impl. Cipher::kAes is supported for GCM only (impl/aes_gcm_control.h).
std::unique_ptr<Backend> MakeOursBackend(Impl impl);
std::unique_ptr<Backend> MakeOpenSslBackend();
std::unique_ptr<Backend> MakeBotanBackend();
std::unique_ptr<Backend> MakeCryptoppBackend();
// The kernel crypto API through AF_ALG sockets: ecb/cbc/ctr/gcm(aria), and ccm(aria) / cmac(aria)
// when the kernel has them; Cipher::kAes the same way. unavailable() names what is missing (AF_ALG
// sockets, or ARIA); gcm() takes 12-byte IVs only, other IV lengths are unsupported.
std::unique_ptr<Backend> MakeKernelBackend();
// ARIA KW and KWP written from NIST SP 800-38F §6.1-6.3 over OpenSSL's raw ARIA block cipher (EVP
// ECB), sharing no code with impl/: a second independent key wrap oracle beside Botan. Refuses
// exactly what SP 800-38F refuses; every other operation and Cipher::kAes are unsupported.
std::unique_ptr<Backend> MakeSp80038fBackend();
// "sp800-38d": GCM seal and open (ARIA and AES) written from the text of SP 800-38D over OpenSSL's
// raw block cipher (ECB), sharing no code with impl/: an independent GCM judge for every IV length
// and every tag length SP 800-38D allows (4, 8, 12..16 bytes). Refuses exactly what SP 800-38D
// refuses; every other operation is unsupported.
std::unique_ptr<Backend> MakeSp80038dBackend();
// "sp800-38a": CFB128, CFB8, CFB1 and OFB (ARIA and AES) written from the text of SP 800-38A
// §6.3-6.4 over OpenSSL's raw block cipher (ECB), sharing no code with impl/: the second judge of
// our CFB/OFB beside OpenSSL's EVP modes (the only one for CFB1). Refuses an IV other than one
// block and a key length the cipher lacks; every other operation is unsupported.
std::unique_ptr<Backend> MakeSp80038aBackend();
// "bouncycastle": Bouncy Castle's ARIA (and AES) modes (Debian's libbcprov-java) in one JVM running
// //oracles:bouncycastle_adapter (adapters/BouncyCastleAdapter.java) over the exec line protocol:
// ECB, CBC, CTR, CFB8, CFB128, OFB, GCM, CCM, CMAC, KW, KWP and CBC-PKCS5; CFB1 is unsupported.
// java is $ARIASUITE_JAVA or the first on $PATH, the jar $ARIASUITE_BCPROV_JAR or
// /usr/share/java/bcprov.jar, the adapter jar $ARIASUITE_BOUNCYCASTLE_ADAPTER or found beside the
// calling binary like the BoringSSL adapter. unavailable() names the Debian package that is missing
// (default-jdk-headless, libbcprov-java).
std::unique_ptr<Backend> MakeBouncyCastleBackend();
// An external program speaking the exec line protocol (oracles/PROTOCOL.md), started on first
// use and kept running; name() is "exec:" + program unless display_name is given. An adapter that
// dies (or times out) is restarted for the next request, at most kExecRestartCap times per vector
// file (BeginFile); after that every request of the file is Broken with the reason.
std::unique_ptr<Backend> MakeExecBackend(const std::string& program,
                                         const std::string& display_name = "");
inline constexpr int kExecRestartCap = 10;
// Seconds an exec adapter has to answer one line: $ARIASUITE_EXEC_TIMEOUT, a positive decimal
// number of seconds (fractions allowed, e.g. 0.5; at most 86400), or 60 when unset. Any other
// value ("2s", "abc", "0", "-1", "") is nullopt with *error one line naming the variable and its
// value; the exec backend is then unavailable with that reason.
std::optional<double> ExecTimeoutSeconds(std::string* error);

// The registry (//oracles:backends). Names: "ours" (every path in AllImpls(), each reported
// SKIP when the CPU cannot run it), "ours/<path>", "openssl", "botan", "cryptopp", "boringssl"
// (the exec adapter //oracles:boringssl_adapter, found next to the calling binary, in its
// runfiles or through $ARIASUITE_BORINGSSL_ADAPTER), "kernel", "sp800-38f", "sp800-38d",
// "sp800-38a", "bouncycastle", "exec:PROGRAM", and "oracles" or "all" (every oracle of
// OracleNames(), i.e. all but exec). On an unknown name returns an empty vector and sets *error to
// a one-line message.
std::vector<std::unique_ptr<Backend>> MakeBackends(const std::vector<std::string>& names,
                                                   std::string* error);
// The registry's oracles, in its order: the name --oracle takes and one line saying what it is. The
// one list: OracleNames(), the runner's usage text and MakeBackends()' unknown-name error are made
// from it, and conformance/README.md is checked against it.
struct OracleInfo {
  const char* name;   // "openssl", "sp800-38d", ...
  const char* about;  // "OpenSSL 3 EVP", "GCM from SP 800-38D over OpenSSL's raw ARIA or AES"
};
std::vector<OracleInfo> Oracles();
// The names of Oracles(): {"openssl", "botan", "cryptopp", "boringssl", "kernel", "sp800-38f",
// "sp800-38d", "sp800-38a", "bouncycastle"}
std::vector<std::string> OracleNames();

}  // namespace ariasuite::oracles

#endif  // ARIASUITE_ORACLES_BACKEND_H_
