// The operation lists of the kTLS fuzzer (ktls_fuzz.cc): one operation per line in a small text
// format that the fuzzer prints on a failure and reads back with --replay, the seeded generator
// of random lists, and the deterministic byte source both sides use. No system calls here: the
// format, the generator and the minimizer are tested natively (ktls_fuzz_ops_test.cc).
//
// A list reads (blank lines and `;` comments ignored; a leading "# " is dropped, so lines copied
// from the fuzzer's TAP output parse as they are):
//   seed N                       the seed of keys, nonces and payload bytes (first line)
//   send LEN [more] [dontwait]   send() on the kTLS TX socket
//   sendtype TYPE LEN [more]     sendmsg() with a TLS_SET_RECORD_TYPE cmsg
//   writev NIOV LEN [more]       sendmsg() of LEN bytes in NIOV iovecs (MSG_MORE with `more`)
//   splice LEN [more]            a pipe's LEN bytes spliced into the TX socket
//   sendfile LEN                 LEN bytes of a tmpfs file sent with sendfile()
//   txshut                       shutdown(SHUT_WR) of the TX socket (an open record stays open)
//   txclose                      close() of the TX socket (later TX operations fail with EBADF)
//   rec TYPE LEN                 a record sealed by the reference, queued for the raw peer
//   corrupt OFF                  flips byte OFF of the last queued record (0: its type byte)
//   replay                       queues the last record again (a replayed sequence number)
//   swap                         swaps the last two queued records (reordered)
//   inject LEN                   the raw peer writes LEN queued bytes (a record split anywhere)
//   flush                        the raw peer writes every queued byte
//   recv LEN [peek] [waitall] [dontwait]   recv() on the kTLS RX socket
//   recvmsg LEN [peek] [dontwait]          recvmsg() with room for TLS_GET_RECORD_TYPE
//   spliceout LEN [dontwait]     splice() of up to LEN bytes from the RX socket into a pipe, read
//   poll                         poll() of the RX socket (revents traced)
//   rcvlowat N                   SO_RCVLOWAT on the RX socket
//   eof                          the raw peer shuts down its write side (mid-record if queued)
#ifndef ARIASUITE_KERNEL_TESTS_KTLS_FUZZ_OPS_H_
#define ARIASUITE_KERNEL_TESTS_KTLS_FUZZ_OPS_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ktls_fuzz {

enum class Kind {
  kSend,
  kSendType,
  kWritev,
  kSplice,
  kSendfile,
  kTxShut,
  kTxClose,
  kRec,
  kCorrupt,
  kReplay,
  kSwap,
  kInject,
  kFlush,
  kRecv,
  kRecvmsg,
  kSpliceOut,
  kPoll,
  kRcvlowat,
  kEof,
};

struct Op {
  Kind kind = Kind::kSend;
  uint32_t len = 0;   // bytes (send, writev, splice*, sendfile, rec, inject, recv*), OFF, N
  uint32_t arg = 0;   // TYPE (sendtype, rec), NIOV (writev)
  bool more = false;  // MSG_MORE / SPLICE_F_MORE
  bool dontwait = false;
  bool peek = false;
  bool waitall = false;
  bool operator==(const Op& o) const;
};

struct Program {
  uint64_t seed = 0;
  std::vector<Op> ops;
};

// Largest LEN / NIOV the format accepts (a sequence stays within the socket buffers).
inline constexpr uint32_t kMaxLen = 1 << 17;
inline constexpr uint32_t kMaxIov = 1024;

// One operation as a line ("send 100 more").
std::string FormatOp(const Op& op);
// The whole list, "seed N" first, one line each, newline-terminated.
std::string FormatProgram(const Program& p);
// Parses a list; on error returns false and *error names the line ("line 3: unknown operation
// \"sned\"").
bool ParseProgram(const std::string& text, Program* out, std::string* error);

// splitmix64 (a fixed, portable generator: a seed gives the same list on every machine).
class Rng {
 public:
  explicit Rng(uint64_t seed) : s_(seed) {}
  uint64_t Next();
  uint32_t Below(uint32_t n);  // 0..n-1 (n > 0)
  bool OneIn(uint32_t n) { return Below(n) == 0; }

 private:
  uint64_t s_;
};

// A random list of up to max_ops operations for sequence `index` of a run seeded with `seed`
// (its Program.seed is derived from both). TX payloads stay below about 192 KiB per list.
Program Generate(uint64_t seed, uint64_t index, size_t max_ops);

// Deterministic payload bytes: the n bytes of stream `stream` from offset `off` for seed.
void Fill(uint64_t seed, uint64_t stream, uint64_t off, uint8_t* out, size_t n);

}  // namespace ktls_fuzz

#endif  // ARIASUITE_KERNEL_TESTS_KTLS_FUZZ_OPS_H_
