// Operation lists of the kTLS fuzzer (see ktls_fuzz_ops.h).
#include "kernel-tests/ktls_fuzz_ops.h"

#include <cstdlib>
#include <sstream>

namespace ktls_fuzz {
namespace {

struct Name {
  Kind kind;
  const char* word;
};
constexpr Name kNames[] = {
    {Kind::kSend, "send"},         {Kind::kSendType, "sendtype"},
    {Kind::kWritev, "writev"},     {Kind::kSplice, "splice"},
    {Kind::kSendfile, "sendfile"}, {Kind::kTxShut, "txshut"},
    {Kind::kTxClose, "txclose"},   {Kind::kRec, "rec"},
    {Kind::kCorrupt, "corrupt"},   {Kind::kReplay, "replay"},
    {Kind::kSwap, "swap"},         {Kind::kInject, "inject"},
    {Kind::kFlush, "flush"},       {Kind::kRecv, "recv"},
    {Kind::kRecvmsg, "recvmsg"},   {Kind::kSpliceOut, "spliceout"},
    {Kind::kPoll, "poll"},         {Kind::kRcvlowat, "rcvlowat"},
    {Kind::kEof, "eof"},
};

const char* Word(Kind k) {
  for (const Name& n : kNames) {
    if (n.kind == k) return n.word;
  }
  return "?";
}

// How many numbers each kind takes: 0, 1 (len) or 2 (arg, len).
int Numbers(Kind k) {
  switch (k) {
    case Kind::kSendType:
    case Kind::kWritev:
    case Kind::kRec: return 2;
    case Kind::kTxShut:
    case Kind::kTxClose:
    case Kind::kReplay:
    case Kind::kSwap:
    case Kind::kFlush:
    case Kind::kPoll:
    case Kind::kEof: return 0;
    default: return 1;
  }
}

// Which flags each kind accepts.
bool Allows(Kind k, const std::string& flag) {
  if (flag == "more") {
    return k == Kind::kSend || k == Kind::kSendType || k == Kind::kWritev || k == Kind::kSplice;
  }
  if (flag == "dontwait") {
    return k == Kind::kSend || k == Kind::kRecv || k == Kind::kRecvmsg || k == Kind::kSpliceOut;
  }
  if (flag == "peek") return k == Kind::kRecv || k == Kind::kRecvmsg;
  if (flag == "waitall") return k == Kind::kRecv;
  return false;
}

bool ParseNumber(const std::string& s, uint64_t max, uint64_t* out) {
  if (s.empty() || s.size() > 20) return false;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  unsigned long long v = strtoull(s.c_str(), nullptr, 10);
  if (v > max) return false;
  *out = v;
  return true;
}

uint64_t Mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace

bool Op::operator==(const Op& o) const {
  return kind == o.kind && len == o.len && arg == o.arg && more == o.more &&
         dontwait == o.dontwait && peek == o.peek && waitall == o.waitall;
}

std::string FormatOp(const Op& op) {
  std::string s = Word(op.kind);
  int n = Numbers(op.kind);
  if (n == 2) s += " " + std::to_string(op.arg);
  if (n >= 1) s += " " + std::to_string(op.len);
  if (op.more) s += " more";
  if (op.peek) s += " peek";
  if (op.waitall) s += " waitall";
  if (op.dontwait) s += " dontwait";
  return s;
}

std::string FormatProgram(const Program& p) {
  std::string s = "seed " + std::to_string(p.seed) + "\n";
  for (const Op& op : p.ops) s += FormatOp(op) + "\n";
  return s;
}

bool ParseProgram(const std::string& text, Program* out, std::string* error) {
  Program p;
  bool have_seed = false;
  std::istringstream in(text);
  std::string line;
  int lineno = 0;
  auto fail = [&](const std::string& why) {
    *error = "line " + std::to_string(lineno) + ": " + why;
    return false;
  };
  while (std::getline(in, line)) {
    ++lineno;
    if (line.rfind("# ", 0) == 0) line = line.substr(2);
    size_t semi = line.find(';');
    if (semi != std::string::npos) line.resize(semi);
    std::istringstream words(line);
    std::vector<std::string> w;
    for (std::string x; words >> x;) w.push_back(x);
    if (w.empty()) continue;
    if (w[0] == "seed") {
      uint64_t v;
      if (have_seed) return fail("a second seed line");
      if (!p.ops.empty()) return fail("the seed line must come before the operations");
      if (w.size() != 2 || !ParseNumber(w[1], ~0ULL, &v)) return fail("seed takes one number");
      p.seed = v;
      have_seed = true;
      continue;
    }
    const Name* name = nullptr;
    for (const Name& n : kNames) {
      if (w[0] == n.word) name = &n;
    }
    if (name == nullptr) return fail("unknown operation \"" + w[0] + "\"");
    Op op;
    op.kind = name->kind;
    int nums = Numbers(op.kind);
    if (static_cast<int>(w.size()) < 1 + nums) {
      return fail(w[0] + " takes " + std::to_string(nums) + " number(s)");
    }
    uint64_t v;
    if (nums == 2) {
      uint64_t max = op.kind == Kind::kWritev ? kMaxIov : 255;
      if (!ParseNumber(w[1], max, &v)) {
        return fail(w[0] + ": \"" + w[1] + "\" is not a number up to " + std::to_string(max));
      }
      op.arg = static_cast<uint32_t>(v);
      if (op.kind == Kind::kWritev && op.arg == 0) return fail("writev needs at least 1 iovec");
    }
    if (nums >= 1) {
      const std::string& s = w[nums];
      if (!ParseNumber(s, kMaxLen, &v)) {
        return fail(w[0] + ": \"" + s + "\" is not a number up to " + std::to_string(kMaxLen));
      }
      op.len = static_cast<uint32_t>(v);
    }
    for (size_t i = 1 + nums; i < w.size(); ++i) {
      if (!Allows(op.kind, w[i])) return fail(w[0] + " does not take \"" + w[i] + "\"");
      if (w[i] == "more") op.more = true;
      if (w[i] == "dontwait") op.dontwait = true;
      if (w[i] == "peek") op.peek = true;
      if (w[i] == "waitall") op.waitall = true;
    }
    p.ops.push_back(op);
  }
  if (!have_seed) {
    lineno = 0;
    return fail("no \"seed N\" line");
  }
  *out = p;
  return true;
}

uint64_t Rng::Next() {
  s_ += 0x9e3779b97f4a7c15ULL;
  return Mix(s_);
}

uint32_t Rng::Below(uint32_t n) { return static_cast<uint32_t>(Next() % n); }

void Fill(uint64_t seed, uint64_t stream, uint64_t off, uint8_t* out, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    uint64_t pos = off + i;
    uint64_t word = Mix(seed ^ Mix(stream * 0x100000001b3ULL ^ (pos >> 3)));
    out[i] = static_cast<uint8_t>(word >> (8 * (pos & 7)));
  }
}

namespace {

// A length biased towards the edges of records (2^14), AES/ARIA blocks (16) and pages.
uint32_t Length(Rng& r, uint32_t max) {
  static constexpr uint32_t kEdges[] = {0,    1,    15,   16,    17,    31,    255,   4095,
                                        4096, 4097, 8192, 16383, 16384, 16385, 32768, 32769};
  uint32_t v;
  switch (r.Below(4)) {
    case 0: v = kEdges[r.Below(sizeof(kEdges) / sizeof(kEdges[0]))]; break;
    case 1: v = r.Below(64); break;
    case 2: v = r.Below(2048); break;
    default: v = r.Below(40000); break;
  }
  return v > max ? max : v;
}

uint8_t RecordType(Rng& r) {
  static constexpr uint8_t kTypes[] = {23, 23, 23, 23, 22, 21, 20};
  return kTypes[r.Below(sizeof(kTypes))];
}

}  // namespace

Program Generate(uint64_t seed, uint64_t index, size_t max_ops) {
  Rng r(Mix(seed) ^ Mix(index + 0x51ed27));
  Program p;
  p.seed = r.Next();
  size_t n = 1 + r.Below(static_cast<uint32_t>(max_ops));
  uint64_t tx_budget = 192 * 1024, rx_budget = 96 * 1024;
  int queued_records = 0;
  for (size_t i = 0; i < n; ++i) {
    Op op;
    uint32_t pick = r.Below(100);
    if (pick < 14) {
      op.kind = Kind::kSend;
      op.more = r.OneIn(3);
      op.dontwait = r.OneIn(5);
    } else if (pick < 20) {
      op.kind = Kind::kSendType;
      op.arg = RecordType(r);
      op.more = r.OneIn(4);
    } else if (pick < 26) {
      op.kind = Kind::kWritev;
      op.arg = 1 + (r.OneIn(4) ? r.Below(kMaxIov) : r.Below(16));
      op.more = r.OneIn(3);
    } else if (pick < 30) {
      op.kind = Kind::kSplice;
      op.more = r.OneIn(3);
    } else if (pick < 33) {
      op.kind = Kind::kSendfile;
    } else if (pick < 34) {
      op.kind = Kind::kTxShut;
    } else if (pick < 35) {
      op.kind = Kind::kTxClose;
    } else if (pick < 50) {
      op.kind = Kind::kRec;
      op.arg = RecordType(r);
    } else if (pick < 52) {
      op.kind = Kind::kCorrupt;
    } else if (pick < 53) {
      op.kind = Kind::kReplay;
    } else if (pick < 54) {
      op.kind = Kind::kSwap;
    } else if (pick < 62) {
      op.kind = Kind::kInject;
    } else if (pick < 66) {
      op.kind = Kind::kFlush;
    } else if (pick < 79) {
      op.kind = Kind::kRecv;
      op.peek = r.OneIn(4);
      op.waitall = r.OneIn(5);
      op.dontwait = r.OneIn(3);
    } else if (pick < 87) {
      op.kind = Kind::kRecvmsg;
      op.peek = r.OneIn(4);
      op.dontwait = r.OneIn(3);
    } else if (pick < 92) {
      op.kind = Kind::kSpliceOut;
      op.dontwait = r.OneIn(3);
    } else if (pick < 96) {
      op.kind = Kind::kPoll;
    } else if (pick < 99) {
      op.kind = Kind::kRcvlowat;
    } else {
      op.kind = Kind::kEof;
    }
    // A shutdown or close of the TX socket mostly comes right after a send that left a record
    // open (MSG_MORE), when the list has room for both.
    if ((op.kind == Kind::kTxShut || op.kind == Kind::kTxClose) && i + 1 < n && r.OneIn(2)) {
      Op open;
      open.kind = Kind::kSend;
      open.more = true;
      open.len = Length(r, static_cast<uint32_t>(tx_budget));
      tx_budget -= open.len;
      p.ops.push_back(open);
      ++i;
    }
    switch (op.kind) {
      case Kind::kSend:
      case Kind::kSendType:
      case Kind::kWritev:
      case Kind::kSplice:
      case Kind::kSendfile:
        op.len = Length(r, static_cast<uint32_t>(tx_budget));
        if (op.kind == Kind::kSplice || op.kind == Kind::kSendfile) {
          op.len = op.len > 60000 ? 60000 : op.len;  // a pipe holds 64 KiB
        }
        tx_budget -= op.len;
        break;
      case Kind::kRec:
        op.len = Length(r, static_cast<uint32_t>(rx_budget < 16384 ? rx_budget : 16384));
        rx_budget -= op.len;
        ++queued_records;
        break;
      case Kind::kCorrupt: op.len = r.OneIn(8) ? 0 : 5 + r.Below(40); break;
      case Kind::kInject: op.len = r.OneIn(3) ? 1 + r.Below(8) : Length(r, 20000); break;
      case Kind::kRecv:
      case Kind::kRecvmsg:
      case Kind::kSpliceOut: op.len = r.OneIn(4) ? 1 + r.Below(20) : Length(r, 40000); break;
      case Kind::kRcvlowat: op.len = r.OneIn(2) ? 1 : 1 + r.Below(20000); break;
      default: break;
    }
    if ((op.kind == Kind::kCorrupt || op.kind == Kind::kReplay) && queued_records == 0) continue;
    if (op.kind == Kind::kSwap && queued_records < 2) continue;
    if ((op.kind == Kind::kRecv || op.kind == Kind::kSpliceOut) && op.len == 0) op.len = 1;
    p.ops.push_back(op);
  }
  return p;
}

}  // namespace ktls_fuzz
