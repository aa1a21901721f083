// ktls_fuzz: a differential fuzzer of kTLS with the ARIA-GCM ciphers, run in the guest.
//
// Each operation list (ktls_fuzz_ops.h) runs three times, on ARIA-GCM-128 (57), ARIA-GCM-256 (58)
// and AES-GCM-128 (51), each time on two fresh loopback TCP pairs: a kernel TLS_TX socket whose
// peer reads the records raw, and a raw peer writing records sealed in user space into a kernel
// TLS_RX socket. Checked on every run:
//   - every TX record opens with our reference (impl/tls12_record; impl's test-only AES-GCM for the
//     control) under the expected sequence number and carries the expected explicit nonce, and the
//     plaintext, run by run of one record type, is exactly what the kernel accepted (CheckTx);
//   - every byte a recv / recvmsg returns (also with MSG_PEEK) or a splice out of the RX socket
//     moves into a pipe is the next byte of the genuine records already written, with the record
//     type reported (a splice: data only, from one record), never bytes of a record not wholly
//     written or after a corrupted, replayed or reordered one, and EBADMSG only when such a
//     record was written (RxModel);
//   - after a shutdown or close of the TX socket (mid-record or not) the raw peer reads the end of
//     the stream, and every record before it still opens as above with the plaintext a prefix of
//     what the kernel accepted, at least up to the last record a send closed;
//   - at the end the whole genuine stream comes out, and a bad record then gives EBADMSG;
//   - the trace of results (return values, errnos, record types, poll events, TX record sizes) of
//     each ARIA run equals the AES-GCM run's: a divergence is a finding about the ARIA path.
// A failing list is minimized and printed with its seed as `# ` lines that --replay reads back.
//
// Usage (TAP 13 on stdout; exit 0 passed, 1 a failure, 4 skipped):
//   ktls_fuzz --fuzz SECONDS [--seed N] [--max-ops N]   random lists until the time is up
//   ktls_fuzz --replay FILE...                           the lists in these files
//   ktls_fuzz [--replay-dir DIR] [--sequences N]         every DIR/*.ops (default
//                                                        /ariasuite/fuzz), then N lists of seed 1
//   ktls_fuzz --check FILE...   parses the files only (the host runs it before booting): exit 0,
//                               or 2 with one line per bad file naming it and the line
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/sockios.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "kernel-tests/ktls_fuzz_check.h"
#include "kernel-tests/ktls_fuzz_minimize.h"
#include "kernel-tests/ktls_fuzz_ops.h"
#include "kernel-tests/tls_uapi.h"
#include "kernel-tests/tls_util.h"

namespace ktls_fuzz {
namespace {

struct Suite {
  const char* name;
  bool aria;
  ktls::Cipher cipher;
};

const Suite kSuites[] = {
    {"aria-gcm-128", true, {ktls::kCipherAriaGcm128, 16, "gcm(aria)"}},
    {"aria-gcm-256", true, {ktls::kCipherAriaGcm256, 32, "gcm(aria)"}},
    {"aes-gcm-128", false, {ktls::kCipherAesGcm128, 16, "gcm(aes)"}},
};
constexpr size_t kControl = 2;  // the AES-GCM run every ARIA run is compared with

double Now() {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + ts.tv_nsec / 1e9;
}

std::string ErrName(int e) { return strerrorname_np(e) ? strerrorname_np(e) : std::to_string(e); }

std::string Result(ssize_t n, int e) { return n < 0 ? "-1 " + ErrName(e) : std::to_string(n); }

struct Outcome {
  std::vector<std::string> trace;
  std::string failure;  // a check failed: what (with the operation)
  std::string skip;     // the kernel lacks the cipher or kTLS
  size_t ops = 0;
};

class Fds {
 public:
  ~Fds() {
    for (int fd : fds_) {
      if (fd >= 0) close(fd);
    }
  }
  int Add(int fd) {
    fds_.push_back(fd);
    return fd;
  }
  // Closes fd now (and not again at the end: its number may belong to another file by then).
  int Close(int fd) {
    for (int& f : fds_) {
      if (f == fd) f = -1;
    }
    return close(fd);
  }

 private:
  std::vector<int> fds_;
};

// One run of a list on one cipher suite.
class Runner {
 public:
  Runner(const Program& p, const Suite& s) : prog_(p), suite_(s), rng_(p.seed), model_(0) {}

  Outcome Run();

 private:
  bool Setup();
  void TxOp(const Op& op, size_t index);
  void TxEnd(const Op& op);
  void SpliceOut(const Op& op, const std::string& what);
  void RxOp(const Op& op, size_t index);
  void DrainTx(int wait_ms);
  void WaitAcked();
  void FinishTx();
  void FinishRx();
  // A recv (recvmsg with_type) checked against the model, traced unless `quiet`; its result.
  ssize_t Recv(const Op& op, bool with_type, const std::string& what, bool quiet);
  void Fail(const std::string& what) {
    if (out_.failure.empty()) out_.failure = what;
  }
  void Trace(const std::string& s) { out_.trace.push_back(s); }

  const Program& prog_;
  const Suite& suite_;
  Rng rng_;
  Outcome out_;
  Fds fds_;
  int tx_ = -1, raw_in_ = -1, raw_out_ = -1, rx_ = -1, pipe_[2] = {-1, -1}, file_ = -1;
  int out_pipe_[2] = {-1, -1};  // spliceout's pipe
  RecordCipher tx_ref_, rx_ref_;
  uint64_t tx_seq_ = 0, tx_iv_ = 0, rx_seq_ = 0, rx_sealed_ = 0;
  Bytes tx_wire_;
  std::vector<Chunk> accepted_;
  uint64_t accepted_bytes_ = 0;
  // Accepted bytes up to the last send that closed its record (no MSG_MORE, no MSG_DONTWAIT,
  // every byte taken): on the wire even if the TX socket is shut down or closed after it.
  uint64_t pushed_bytes_ = 0;
  bool tx_ended_ = false;   // txshut or txclose ran
  bool tx_closed_ = false;  // txclose ran: tx_ is -1, so later TX calls fail with EBADF
  std::string tx_end_;      // how the raw peer's read of the TX stream ended ("" not yet)
  RxModel model_;
  bool eof_ = false;
};

// Parameters of one direction from the list's seed (the same for every suite but the key length).
ktls::Params Params(Rng& r, const Suite& s, uint64_t* seq, uint64_t* iv) {
  ktls::Params p;
  p.cipher = s.cipher.id;
  uint8_t key[32];
  for (uint8_t& b : key) b = static_cast<uint8_t>(r.Next());
  p.key.assign(key, key + s.cipher.key_len);
  // Sequence numbers near the 32-bit carry now and then, never near the 64-bit wrap.
  *seq = r.OneIn(4) ? 0xfffffff0ULL + r.Below(16) : r.Next() >> 2;
  *iv = r.OneIn(4) ? ~0ULL - r.Below(8) : r.Next();
  ktls::PutBe64(p.rec_seq, *seq);
  ktls::PutBe64(p.iv, *iv);
  uint64_t salt = r.Next();
  memcpy(p.salt, &salt, 4);
  return p;
}

bool Runner::Setup() {
  std::string err = ktls::TcpPair(&tx_, &raw_in_);
  if (err.empty()) err = ktls::TcpPair(&raw_out_, &rx_);
  fds_.Add(tx_);
  fds_.Add(raw_in_);
  fds_.Add(raw_out_);
  fds_.Add(rx_);
  if (!err.empty()) {
    Fail("TCP pair: " + err);
    return false;
  }
  for (int fd : {tx_, rx_}) {
    int e = ktls::AttachUlp(fd);
    if (e == ENOENT) {
      out_.skip = "TCP_ULP \"tls\" is not available (ENOENT): no CONFIG_TLS or tls.ko";
      return false;
    }
    if (e != 0) {
      Fail("setsockopt(TCP_ULP, \"tls\"): " + ErrName(e));
      return false;
    }
  }
  uint64_t rx_iv = 0;
  ktls::Params tp = Params(rng_, suite_, &tx_seq_, &tx_iv_);
  ktls::Params rp = Params(rng_, suite_, &rx_seq_, &rx_iv);
  model_ = RxModel(rx_seq_);
  for (int dir : {ktls::kTlsTx, ktls::kTlsRx}) {
    int e = ktls::SetCrypto(dir == ktls::kTlsTx ? tx_ : rx_, dir, dir == ktls::kTlsTx ? tp : rp);
    if (e == 0) continue;
    std::string why = ktls::MissingSupport(suite_.cipher, e);
    if (!why.empty()) {
      out_.skip = why;
    } else {
      Fail(std::string(dir == ktls::kTlsTx ? "TLS_TX" : "TLS_RX") + " for " + suite_.name + ": " +
           ErrName(e));
    }
    return false;
  }
  tx_ref_.Init(suite_.aria, tp.key.data(), tp.key.size(), tp.salt);
  rx_ref_.Init(suite_.aria, rp.key.data(), rp.key.size(), rp.salt);
  // A blocking call never waits long: the RX socket's receive and the TX socket's send time out.
  struct timeval rcv = {0, 100 * 1000}, snd = {2, 0};
  setsockopt(rx_, SOL_SOCKET, SO_RCVTIMEO, &rcv, sizeof(rcv));
  setsockopt(tx_, SOL_SOCKET, SO_SNDTIMEO, &snd, sizeof(snd));
  int fl = fcntl(raw_in_, F_GETFL);
  fcntl(raw_in_, F_SETFL, fl | O_NONBLOCK);
  if (pipe(pipe_) != 0) {
    Fail(std::string("pipe: ") + ErrName(errno));
    return false;
  }
  fds_.Add(pipe_[0]);
  fds_.Add(pipe_[1]);
  if (pipe(out_pipe_) != 0) {
    Fail(std::string("pipe: ") + ErrName(errno));
    return false;
  }
  fds_.Add(out_pipe_[0]);
  fds_.Add(out_pipe_[1]);
  fcntl(out_pipe_[0], F_SETFL, fcntl(out_pipe_[0], F_GETFL) | O_NONBLOCK);
  file_ = fds_.Add(open("/tmp", O_TMPFILE | O_RDWR, 0600));
  if (file_ < 0) {
    Fail(std::string("open(/tmp, O_TMPFILE): ") + ErrName(errno));
    return false;
  }
  return true;
}

void Runner::DrainTx(int wait_ms) {
  uint8_t buf[65536];
  for (;;) {
    struct pollfd pfd = {raw_in_, POLLIN, 0};
    if (poll(&pfd, 1, wait_ms) <= 0) return;
    ssize_t n = read(raw_in_, buf, sizeof(buf));
    if (n == 0) tx_end_ = "end of file";
    if (n < 0 && errno != EAGAIN) tx_end_ = "-1 " + ErrName(errno);
    if (n <= 0) return;
    tx_wire_.insert(tx_wire_.end(), buf, buf + n);
  }
}

void Runner::TxOp(const Op& op, size_t index) {
  Bytes data(op.len);
  Fill(prog_.seed, index, 0, data.data(), data.size());
  uint8_t type = ktls::kTypeApplicationData;
  int flags = (op.more ? MSG_MORE : 0) | (op.dontwait ? MSG_DONTWAIT : 0);
  ssize_t n = -1;
  errno = 0;
  switch (op.kind) {
    case Kind::kSend: n = send(tx_, data.data(), data.size(), flags); break;
    case Kind::kSendType:
    case Kind::kWritev: {
      std::vector<struct iovec> iov;
      if (op.kind == Kind::kWritev) {
        // NIOV pieces of pseudo-random sizes (some empty) that add up to LEN.
        Rng cut(prog_.seed ^ index);
        std::vector<uint32_t> at;
        for (uint32_t i = 1; i < op.arg; ++i) at.push_back(op.len ? cut.Below(op.len + 1) : 0);
        at.push_back(0);
        at.push_back(op.len);
        std::sort(at.begin(), at.end());
        for (size_t i = 0; i + 1 < at.size(); ++i) {
          iov.push_back({data.data() + at[i], at[i + 1] - at[i]});
        }
      } else {
        type = static_cast<uint8_t>(op.arg);
        iov.push_back({data.data(), data.size()});
      }
      union {
        char buf[CMSG_SPACE(1)];
        struct cmsghdr align;
      } u = {};
      struct msghdr msg = {};
      msg.msg_iov = iov.data();
      msg.msg_iovlen = iov.size();
      if (op.kind == Kind::kSendType) {
        msg.msg_control = u.buf;
        msg.msg_controllen = sizeof(u.buf);
        struct cmsghdr* c = CMSG_FIRSTHDR(&msg);
        c->cmsg_level = ktls::kSolTls;
        c->cmsg_type = ktls::kTlsSetRecordType;
        c->cmsg_len = CMSG_LEN(1);
        *CMSG_DATA(c) = type;
      }
      n = sendmsg(tx_, &msg, flags);
      break;
    }
    case Kind::kSplice: {
      ssize_t in = data.empty() ? 0 : write(pipe_[1], data.data(), data.size());
      if (in < 0) {
        Fail("write to the pipe: " + ErrName(errno));
        return;
      }
      n = splice(pipe_[0], nullptr, tx_, nullptr, static_cast<size_t>(in),
                 op.more ? SPLICE_F_MORE : 0);
      int e = errno;
      uint8_t rest[65536];
      struct pollfd pfd = {pipe_[0], POLLIN, 0};
      while (poll(&pfd, 1, 0) > 0 && read(pipe_[0], rest, sizeof(rest)) > 0) {
      }
      errno = e;
      break;
    }
    case Kind::kSendfile: {
      if (ftruncate(file_, 0) != 0 ||
          (!data.empty() &&
           pwrite(file_, data.data(), data.size(), 0) != static_cast<ssize_t>(data.size()))) {
        Fail("writing the tmpfs file: " + ErrName(errno));
        return;
      }
      off_t off = 0;
      n = sendfile(tx_, file_, &off, data.size());
      break;
    }
    default: return;
  }
  int e = errno;
  Trace(FormatOp(op) + " -> " + Result(n, e));
  if (n > static_cast<ssize_t>(data.size())) {
    Fail(FormatOp(op) + ": returned " + std::to_string(n) + ", more than the " +
         std::to_string(data.size()) + " bytes given");
    return;
  }
  if (n > 0) {
    accepted_.push_back({type, Bytes(data.begin(), data.begin() + n)});
    accepted_bytes_ += static_cast<uint64_t>(n);
  }
  // A sendmsg of bytes without MSG_MORE that took them all (blocking) closed and pushed its
  // record and every one before it (a send of 0 bytes pushes nothing).
  bool sendmsg = op.kind == Kind::kSend || op.kind == Kind::kSendType || op.kind == Kind::kWritev;
  if (sendmsg && !op.more && !op.dontwait && op.len > 0 && n == static_cast<ssize_t>(op.len) &&
      !tx_ended_) {
    pushed_bytes_ = accepted_bytes_;
  }
  DrainTx(0);
}

// shutdown(SHUT_WR) or close() of the TX socket, whatever record is open. The kernel may push
// or drop an open record; the wire is checked at the end (FinishTx) and traced for comparison.
void Runner::TxEnd(const Op& op) {
  errno = 0;
  int r = -1;
  if (op.kind == Kind::kTxShut) {
    r = shutdown(tx_, SHUT_WR);
  } else if (tx_closed_) {
    r = close(-1);  // EBADF, as for every other call on the closed socket
  } else {
    r = fds_.Close(tx_);
    tx_ = -1;
    tx_closed_ = true;
  }
  int e = errno;
  Trace(FormatOp(op) + " -> " + Result(r, e));
  tx_ended_ = true;
  DrainTx(0);
}

// splice() from the RX socket into a pipe (tls_sw_splice_read), then the pipe read: the bytes
// are checked like a recv's, and the pipe must hold exactly what splice reported.
void Runner::SpliceOut(const Op& op, const std::string& what) {
  errno = 0;
  ssize_t n =
      splice(rx_, nullptr, out_pipe_[1], nullptr, op.len, op.dontwait ? SPLICE_F_NONBLOCK : 0);
  int e = errno;
  Trace(what + " -> " + Result(n, e));
  Bytes buf;
  uint8_t chunk[65536];
  for (ssize_t r; (r = read(out_pipe_[0], chunk, sizeof(chunk))) > 0;) {
    buf.insert(buf.end(), chunk, chunk + r);
  }
  if (buf.size() != static_cast<size_t>(n < 0 ? 0 : n)) {
    Fail(what + ": splice returned " + Result(n, e) + ", the pipe held " +
         std::to_string(buf.size()) + " bytes");
    return;
  }
  if (n > 0) {
    std::string err = model_.DeliverSpliced(buf.data(), buf.size());
    if (!err.empty()) Fail(what + ": " + err);
  } else if (n == 0 && op.len > 0 && !eof_) {
    // An empty data record: splice returns 0 and consumes it.
    std::string err = model_.DeliverEmpty(kTypeData, false);
    if (!err.empty()) Fail(what + ": splice " + err.substr(5));
  } else if (n < 0 && e == EBADMSG && !model_.BadRecordWritten()) {
    Fail(what + ": EBADMSG, but every record written so far is genuine");
  } else if (n < 0 && e == EINVAL) {
    std::string err = model_.SpliceRefused();
    if (!err.empty()) Fail(what + ": " + err);
  }
}

ssize_t Runner::Recv(const Op& op, bool with_type, const std::string& what, bool quiet) {
  Bytes buf(op.len ? op.len : 1);
  int flags =
      (op.peek ? MSG_PEEK : 0) | (op.waitall ? MSG_WAITALL : 0) | (op.dontwait ? MSG_DONTWAIT : 0);
  uint8_t type = ktls::kTypeApplicationData;
  errno = 0;
  ssize_t n = with_type ? ktls::RecvTyped(rx_, buf.data(), op.len, &type, flags)
                        : recv(rx_, buf.data(), op.len, flags);
  int e = errno;
  if (!quiet) {
    Trace(what + " -> " + Result(n, e) +
          (with_type && n > 0 ? " type " + std::to_string(type) : ""));
  }
  if (n > 0) {
    std::string err = model_.Deliver(buf.data(), static_cast<size_t>(n), type, op.peek);
    if (!err.empty()) Fail(what + ": " + err);
  } else if (n == 0 && op.len > 0 && !eof_) {
    std::string err = model_.DeliverEmpty(type, op.peek);
    if (!err.empty()) Fail(what + ": " + err);
  } else if (n < 0 && e == EBADMSG && !model_.BadRecordWritten()) {
    Fail(what + ": EBADMSG, but every record written so far is genuine");
  }
  return n;
}

// Waits (at most 2 s) until the RX socket's TCP has acknowledged every byte the raw peer wrote
// (SIOCOUTQ of the raw peer is 0): the bytes are then in its receive queue, where even a
// non-blocking recv or a poll finds them, so the results do not depend on when loopback
// delivery ran (a divergence between ciphers seen before this wait was only that timing).
void Runner::WaitAcked() {
  double deadline = Now() + 2;
  int unacked = 0;
  while (ioctl(raw_out_, SIOCOUTQ, &unacked) == 0 && unacked > 0 && Now() < deadline) {
    usleep(500);
  }
}

void Runner::RxOp(const Op& op, size_t index) {
  std::string what = FormatOp(op);
  switch (op.kind) {
    case Kind::kRec: {
      Bytes pt(op.len);
      Fill(prog_.seed, (1ULL << 32) | index, 0, pt.data(), pt.size());
      uint64_t seq = rx_seq_ + rx_sealed_++;
      Bytes rec =
          rx_ref_.Seal(seq, static_cast<uint8_t>(op.arg), rng_.Next(), pt.data(), pt.size());
      if (rec.empty()) {
        Fail(what + ": the reference could not seal the record");
        return;
      }
      model_.Queue(rec, static_cast<uint8_t>(op.arg), pt, seq);
      return;
    }
    case Kind::kCorrupt:
      if (!model_.CorruptLast(op.len)) Trace(what + " -> no wholly queued record");
      return;
    case Kind::kReplay: model_.Replay(); return;
    case Kind::kSwap:
      if (!model_.SwapLast()) Trace(what + " -> not two wholly queued records");
      return;
    case Kind::kInject:
    case Kind::kFlush: {
      Bytes b = model_.Take(op.kind == Kind::kFlush ? model_.Unwritten() : op.len);
      if (b.empty()) return;
      std::string err = ktls::WriteFull(raw_out_, b.data(), b.size(), 2000);
      Trace(what + " -> " + (err.empty() ? std::to_string(b.size()) : "error"));
      if (!err.empty() && !eof_) Fail(what + ": the raw peer could not write: " + err);
      if (err.empty()) WaitAcked();
      return;
    }
    case Kind::kRecv: Recv(op, false, what, false); return;
    case Kind::kRecvmsg: Recv(op, true, what, false); return;
    case Kind::kSpliceOut: SpliceOut(op, what); return;
    case Kind::kPoll: {
      struct pollfd pfd = {rx_, POLLIN | POLLRDNORM | POLLPRI, 0};
      int r = poll(&pfd, 1, 0);
      char ev[16];
      snprintf(ev, sizeof(ev), "0x%x", r > 0 ? pfd.revents : 0);
      Trace(what + " -> " + std::to_string(r) + " " + ev);
      return;
    }
    case Kind::kRcvlowat: {
      int v = static_cast<int>(op.len);
      errno = 0;
      int r = setsockopt(rx_, SOL_SOCKET, SO_RCVLOWAT, &v, sizeof(v));
      Trace(what + " -> " + Result(r, errno));
      return;
    }
    case Kind::kEof:
      shutdown(raw_out_, SHUT_WR);
      eof_ = true;
      Trace(what);
      return;
    default: return;
  }
}

// The last record pushed (a final byte without MSG_MORE), then every record read and checked.
// After a shutdown or close of the TX socket that send fails too, and the records are read up to
// the end of the stream.
void Runner::FinishTx() {
  Op flush;
  flush.kind = Kind::kSend;
  flush.len = 1;
  TxOp(flush, prog_.ops.size());
  double deadline = Now() + 5;
  while (tx_ended_ && tx_end_.empty() && Now() < deadline) DrainTx(100);
  for (;;) {
    if (tx_ended_) break;
    // Plaintext bytes in the complete records read so far.
    uint64_t pt = 0;
    size_t off = 0;
    while (tx_wire_.size() - off >= 5) {
      size_t len = 5 + ((size_t{tx_wire_[off + 3]} << 8) | tx_wire_[off + 4]);
      if (tx_wire_.size() - off < len) break;
      pt += len >= 29 ? len - 29 : 0;
      off += len;
    }
    if ((pt >= accepted_bytes_ && off == tx_wire_.size()) || Now() > deadline) break;
    DrainTx(100);
  }
  DrainTx(0);
  if (tx_ended_) {
    Trace("tx stream -> " + (tx_end_.empty() ? "open" : tx_end_));
    if (tx_end_ != "end of file") {
      Fail("after the TX socket's shutdown or close the raw peer read " +
           (tx_end_.empty() ? "no end of the stream in 5 s" : tx_end_) + ", not end of file");
      return;
    }
  }
  uint64_t required = tx_ended_ ? pushed_bytes_ : accepted_bytes_;
  std::vector<std::string> sizes;
  std::string err = CheckTx(tx_ref_, tx_seq_, tx_iv_, tx_wire_, accepted_, required, &sizes);
  std::string line = "tx records";
  for (const std::string& s : sizes) line += " " + s;
  Trace(line);
  if (!err.empty()) {
    Fail(err + " (" + std::to_string(accepted_bytes_) + " bytes accepted" +
         (tx_ended_ ? ", " + std::to_string(required) +
                          " of them in records closed before the TX socket's end"
                    : "") +
         ")");
  }
}

// Every queued byte written, then the genuine stream drained; a bad record must then give
// EBADMSG, and nothing may follow the stream. The drain traces its total only: how many records
// one recvmsg returns depends on when the kernel's record parser ran (work deferred while the
// socket was locked, e.g. by the SO_RCVLOWAT setsockopt below), a timing, not a cipher, result.
void Runner::FinishRx() {
  if (eof_) return;
  int one = 1;
  setsockopt(rx_, SOL_SOCKET, SO_RCVLOWAT, &one, sizeof(one));
  Op flush;
  flush.kind = Kind::kFlush;
  RxOp(flush, 0);
  Op drain;
  drain.kind = Kind::kRecvmsg;
  drain.len = 65536;
  double deadline = Now() + 5;
  uint64_t drained = 0;
  while (model_.Pending() > 0 && out_.failure.empty() && Now() < deadline) {
    ssize_t n = Recv(drain, true, "drain", true);
    drained += n > 0 ? static_cast<uint64_t>(n) : 0;
  }
  Trace("drain -> " + std::to_string(drained) + " bytes");
  if (model_.Pending() > 0) {
    Fail("drain: " + std::to_string(model_.Pending()) +
         " bytes of genuine, wholly written records never came out");
    return;
  }
  if (!out_.failure.empty()) return;
  uint8_t type = 0, buf[64];
  ssize_t n;
  int e;
  for (;;) {  // empty control records come out as 0-byte reads first
    errno = 0;
    n = ktls::RecvTyped(rx_, buf, sizeof(buf), &type, MSG_DONTWAIT);
    e = errno;
    Trace("end -> " + Result(n, e) + (n == 0 ? " type " + std::to_string(type) : ""));
    if (n != 0 || !model_.DeliverEmpty(type, false).empty()) break;
  }
  if (model_.AtBadRecord()) {
    if (!(n < 0 && e == EBADMSG)) {
      Fail("end: after the genuine records a bad record is queued, recv gave " + Result(n, e) +
           ", expected -1 EBADMSG");
    }
  } else if (!(n < 0 && e == EAGAIN)) {
    Fail("end: every genuine record was returned, recv gave " + Result(n, e) +
         ", expected -1 EAGAIN");
  }
}

Outcome Runner::Run() {
  if (!Setup()) return out_;
  for (size_t i = 0; i < prog_.ops.size() && out_.failure.empty(); ++i) {
    const Op& op = prog_.ops[i];
    ++out_.ops;
    switch (op.kind) {
      case Kind::kSend:
      case Kind::kSendType:
      case Kind::kWritev:
      case Kind::kSplice:
      case Kind::kSendfile: TxOp(op, i); break;
      case Kind::kTxShut:
      case Kind::kTxClose: TxEnd(op); break;
      default: RxOp(op, i); break;
    }
    if (!out_.failure.empty()) out_.failure = "op " + std::to_string(i) + ": " + out_.failure;
  }
  if (out_.failure.empty()) FinishTx();
  if (out_.failure.empty()) FinishRx();
  return out_;
}

// The list on every suite: "" or the finding; *skip when the kernel lacks a cipher; *ops counts
// the operations run; *traces (if given) receives each suite's trace.
std::string RunAll(const Program& p, std::string* skip, size_t* ops,
                   std::vector<std::string>* traces = nullptr) {
  Outcome o[3];
  for (size_t s = 0; s < 3; ++s) {
    o[s] = Runner(p, kSuites[s]).Run();
    *ops += o[s].ops;
    if (!o[s].skip.empty()) {
      *skip = std::string(kSuites[s].name) + ": " + o[s].skip;
      return "";
    }
    if (traces) {
      std::string t;
      for (const std::string& line : o[s].trace) t += line + "\n";
      traces->push_back(t);
    }
  }
  std::string finding;
  for (size_t s = 0; s < 3 && finding.empty(); ++s) {
    if (o[s].failure.empty()) continue;
    finding = std::string(kSuites[s].name) + ": " + o[s].failure;
    if (s != kControl && !o[kControl].failure.empty()) {
      finding += "; the AES-GCM control fails too: " + o[kControl].failure;
    } else if (s != kControl) {
      finding += "; the AES-GCM control passes";
    }
  }
  if (!finding.empty()) return finding;
  for (size_t s = 0; s < kControl; ++s) {
    std::string d = FirstDivergence(o[s].trace, o[kControl].trace);
    if (!d.empty())
      return std::string(kSuites[s].name) + " diverges from the AES-GCM control at " + d;
  }
  return "";
}

int g_test = 0;

// Writes `ktls_fuzz: WHAT` into the kernel log (and so onto the console), so that a splat the
// runner finds there names the operation list that ran (kernel-tests/vm/tap.py).
void KernelMark(const std::string& what) {
  static int fd = open("/dev/kmsg", O_WRONLY | O_CLOEXEC);
  if (fd < 0) return;
  std::string line = "<6>ktls_fuzz: " + what + "\n";
  if (write(fd, line.data(), line.size()) < 0) {
    // The mark is a help for the diagnosis only.
  }
}

void Diag(const std::string& text) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) printf("# %s\n", line.c_str());
}

// Reports a failing list: the finding, then the minimized list as `# ` lines --replay reads.
void ReportFailure(const std::string& name, const Program& p, const std::string& finding,
                   bool minimize) {
  Program small = p;
  std::string small_finding = finding;
  if (minimize) {
    size_t ops = 0;
    std::string skip;
    small = Minimize(
        p, [&](const Program& c) { return !RunAll(c, &skip, &ops).empty(); }, 300);
  }
  std::vector<std::string> traces;
  {
    size_t ops = 0;
    std::string skip;
    small_finding = RunAll(small, &skip, &ops, &traces);
    if (small_finding.empty()) {
      // A list that stopped failing (timing): report the original list as it is.
      small = p;
      traces.clear();
      small_finding = RunAll(small, &skip, &ops, &traces);
    }
  }
  printf("not ok %d %s\n", ++g_test, name.c_str());
  Diag("FINDING: " + finding);
  if (small_finding.empty()) {
    Diag("NOT REPRODUCED: the list passed when run again (a timing-dependent result)");
  }
  if (minimize) {
    Diag("minimized from " + std::to_string(p.ops.size()) + " to " +
         std::to_string(small.ops.size()) + " operations: " + small_finding);
  }
  Diag(
      "replay: save the lines between the markers as FILE, then tools/ariasuite kernel "
      "--fuzz-replay FILE");
  printf("# --- ops ---\n");
  Diag(FormatProgram(small));
  printf("# --- end ---\n");
  for (size_t s = 0; s < traces.size(); ++s) {
    Diag(std::string("trace of ") + kSuites[s].name + ":\n" + traces[s]);
  }
  fflush(stdout);
}

bool ReadFile(const std::string& path, std::string* text) {
  std::ifstream f(path);
  if (!f) return false;
  std::stringstream ss;
  ss << f.rdbuf();
  *text = ss.str();
  return true;
}

// One file's list as one TAP result. Returns false on a failure.
bool ReplayFile(const std::string& path, bool* skipped) {
  std::string text, err;
  Program p;
  std::string name = "ktls_fuzz.replay." + path.substr(path.rfind('/') + 1);
  if (!ReadFile(path, &text)) {
    printf("not ok %d %s\n# cannot read %s: %s\n", ++g_test, name.c_str(), path.c_str(),
           strerror(errno));
    return false;
  }
  if (!ParseProgram(text, &p, &err)) {
    printf("not ok %d %s\n# %s: %s\n", ++g_test, name.c_str(), path.c_str(), err.c_str());
    return false;
  }
  std::string skip;
  size_t ops = 0;
  KernelMark("replay " + path);
  std::string finding = RunAll(p, &skip, &ops);
  if (!finding.empty()) {
    ReportFailure(name, p, finding, false);
    return false;
  }
  if (!skip.empty()) {
    *skipped = true;
    printf("ok %d %s # SKIP %s\n", ++g_test, name.c_str(), skip.c_str());
  } else {
    printf("ok %d %s\n# %zu operations on 3 cipher suites\n", ++g_test, name.c_str(), ops);
  }
  fflush(stdout);
  return true;
}

// Random lists until `seconds` are up (or `count` lists, when seconds is 0).
bool Fuzz(uint64_t seed, double seconds, uint64_t count, size_t max_ops, bool* skipped) {
  std::string name = "ktls_fuzz.seed_" + std::to_string(seed);
  double start = Now();
  uint64_t seqs = 0;
  size_t ops = 0;
  for (uint64_t i = 0;; ++i) {
    if (seconds > 0 ? Now() - start >= seconds : i >= count) break;
    Program p = Generate(seed, i, max_ops);
    KernelMark("seed " + std::to_string(seed) + " sequence " + std::to_string(i));
    std::string skip;
    std::string finding = RunAll(p, &skip, &ops);
    ++seqs;
    if (!finding.empty()) {
      ReportFailure(
          name, p,
          "sequence " + std::to_string(i) + " of seed " + std::to_string(seed) + ": " + finding,
          true);
      return false;
    }
    if (!skip.empty()) {
      *skipped = true;
      printf("ok %d %s # SKIP %s\n", ++g_test, name.c_str(), skip.c_str());
      return true;
    }
  }
  double t = Now() - start;
  printf("ok %d %s\n", ++g_test, name.c_str());
  printf(
      "# fuzz: %llu sequences, %zu operations (each list on 3 cipher suites) in %.1f s: "
      "%.2f sequences/s, %.1f operations/s\n",
      static_cast<unsigned long long>(seqs), ops, t, t > 0 ? seqs / t : 0.0, t > 0 ? ops / t : 0.0);
  fflush(stdout);
  return true;
}

std::vector<std::string> OpsFiles(const std::string& dir) {
  std::vector<std::string> out;
  DIR* d = opendir(dir.c_str());
  if (d == nullptr) return out;
  while (struct dirent* e = readdir(d)) {
    std::string n = e->d_name;
    if (n.size() > 4 && n.compare(n.size() - 4, 4, ".ops") == 0) out.push_back(dir + "/" + n);
  }
  closedir(d);
  std::sort(out.begin(), out.end());
  return out;
}

int Usage(const std::string& why) {
  fprintf(stderr, "ktls_fuzz: %s\n", why.c_str());
  printf("1..0 # SKIP bad arguments: %s\nBail out! bad arguments\n", why.c_str());
  return 2;
}

bool Number(const char* s, uint64_t* v) {
  char* end = nullptr;
  errno = 0;
  unsigned long long x = strtoull(s, &end, 10);
  if (errno || end == s || *end) return false;
  *v = x;
  return true;
}

int Check(int argc, char** argv) {
  int rc = 0;
  for (int i = 2; i < argc; ++i) {
    std::string text, err;
    Program p;
    if (!ReadFile(argv[i], &text)) {
      fprintf(stderr, "%s: cannot read: %s\n", argv[i], strerror(errno));
      rc = 2;
    } else if (!ParseProgram(text, &p, &err)) {
      fprintf(stderr, "%s: %s\n", argv[i], err.c_str());
      rc = 2;
    }
  }
  return rc;
}

int Main(int argc, char** argv) {
  // A send on a shut-down TX socket fails with EPIPE instead of killing the fuzzer.
  signal(SIGPIPE, SIG_IGN);
  if (argc >= 2 && std::string(argv[1]) == "--check") return Check(argc, argv);
  uint64_t seconds = 0, seed = 1, sequences = 25, max_ops = 40;
  bool fuzz = false;
  std::vector<std::string> files;
  std::string dir = "/ariasuite/fuzz";
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](uint64_t* v) { return i + 1 < argc && Number(argv[++i], v); };
    if (a == "--fuzz") {
      if (!value(&seconds) || seconds == 0) return Usage("--fuzz takes a positive SECONDS");
      fuzz = true;
    } else if (a == "--seed") {
      if (!value(&seed)) return Usage("--seed takes a number");
    } else if (a == "--max-ops") {
      if (!value(&max_ops) || max_ops == 0 || max_ops > 10000) {
        return Usage("--max-ops takes 1..10000");
      }
    } else if (a == "--sequences") {
      if (!value(&sequences)) return Usage("--sequences takes a number");
    } else if (a == "--replay-dir") {
      if (i + 1 >= argc) return Usage("--replay-dir takes a directory");
      dir = argv[++i];
    } else if (a == "--replay") {
      if (i + 1 >= argc) return Usage("--replay takes FILE");
      while (i + 1 < argc && argv[i + 1][0] != '-') files.push_back(argv[++i]);
      dir.clear();
    } else {
      return Usage("unknown argument \"" + a + "\"");
    }
  }
  if (fuzz) {
    files.clear();
    dir.clear();
  } else if (!dir.empty()) {
    files = OpsFiles(dir);
  }
  bool run_random = fuzz || (!dir.empty() && sequences > 0);
  int plan = static_cast<int>(files.size()) + (run_random ? 1 : 0);
  printf("TAP version 13\n1..%d\n", plan);
  fflush(stdout);
  bool ok = true, skipped = false;
  int passed = 0;
  for (const std::string& f : files) {
    bool s = false;
    if (ReplayFile(f, &s)) {
      passed += s ? 0 : 1;
      skipped |= s;
    } else {
      ok = false;
    }
  }
  if (run_random) {
    bool s = false;
    if (Fuzz(seed, static_cast<double>(seconds), sequences, max_ops, &s)) {
      passed += s ? 0 : 1;
      skipped |= s;
    } else {
      ok = false;
    }
  }
  if (!ok) return 1;
  return passed == 0 ? 4 : 0;
}

}  // namespace
}  // namespace ktls_fuzz

int main(int argc, char** argv) { return ktls_fuzz::Main(argc, argv); }
