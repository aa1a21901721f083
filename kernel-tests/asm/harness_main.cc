// The differential harness of `tools/ariasuite kernel-asm`: runs every assembled kernel ARIA
// function natively against ariasuite's scalar reference and prints one result line per
// function and check (kernel-tests/asm/main.py turns them into the verdict table).
//
// Checks per function (each a line `CASE <function> <check> pass|fail|skip <detail>`):
//   keys         every key size (128/192/256) with all-zero, patterned and random keys
//   layouts      in place, misaligned src/dst (and keystream/counter for CTR) by 1..63 bytes
//   counter      CTR: counters whose low 64 bits carry into the high 64 at every block position,
//                the 2^128 wrap, the 2^32 boundary; the counter returned must be iv + N mod 2^128
//   chained      CTR: three calls in a row with the counter each one returns (the glue's use)
//   keystream    CTR: the scratch buffer: nothing written outside its N*16 bytes, every byte
//                written, its contents independent of the data and of what it held; the detail
//                says what it holds afterwards (counter blocks, keystream, or other state)
//   testmgr      the tree's crypto/testmgr.h vectors (aria_tv_template, aria_ctr_tv_template)
//                through the function with struct aria_ctx made by aria_ctx.cc: the proof that
//                the context layout and key schedule are the kernel's
//   random       random cases for the time budget
//   abi-*        the ABI audit (abi_call.h): each function called through a trampoline on a
//                private stack, with rsp % 16 == 8 and == 0 at entry, untraced and single-stepped:
//     abi-callee-saved     rbx, rbp, r12-r15 hold the caller's values after the return
//     abi-direction-flag   DF is clear after the return
//     abi-upper-state      XINUSE bits 2 and 6 (YMM/ZMM upper halves) clear right after the return,
//                          from a clean start (vzeroupper before the call): a missing vzeroupper
//     abi-red-zone         after every instruction, nothing below rsp changed (kernel code has no
//                          red zone), and nothing above the return address
//     abi-stack-alignment  with rsp % 16 == 0 at entry: no fault, the same output (and reference)
//                          as with rsp % 16 == 8
//                          Addresses in details are `@0xOFFSET` in the linked file (main.py names
//                          the function+offset).
// A function the CPU cannot run: `CASE <function> all skip missing CPU flags: ...`.
// Before each check `RUN <function> <check>` is printed and flushed, so that a crash inside the
// kernel's code can be attributed by the caller.
//
// Usage (--help for the generated help): kernel_asm_harness --dir BUILD_DIR [--testmgr FILE]
// [--seconds S] [--exclude F]...
//                           [--only F] [--skip-abi F]...
// Exit status: 0 when every check passed or skipped, 1 when one failed, 2 on bad usage or a
// build directory that does not load.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "impl/aria.h"
#include "kernel-tests/asm/checked_call.h"
#include "kernel-tests/asm/kernel_asm.h"
#include "kernel-tests/asm/testmgr_aria.h"
#include "tools/cli/app.h"
#include "vectors/model/hex.h"

namespace ariasuite::kernel_asm {
namespace {

using model::Hex;

struct Options {
  std::string dir, testmgr, only;
  std::set<std::string> exclude;
  double seconds = 2;
  std::set<std::string> skip_abi;
};

std::string OneLine(std::string s) {
  for (char& c : s) {
    if (c == '\n' || c == '\t') c = ' ';
  }
  return s;
}

// Accumulates the cases of one check of one function.
class Check {
 public:
  Check(const Function& fn, std::string name) : fn_(fn), name_(std::move(name)) {
    std::printf("RUN\t%s\t%s\n", fn.name.c_str(), name_.c_str());
    std::fflush(stdout);
  }
  // Runs one case; keeps the first failure's description.
  CallResult Run(const CallSpec& spec) {
    CallResult r = CheckedCall(fn_, spec);
    ++cases_;
    if (!r.problems.empty()) {
      ++failed_;
      if (first_.empty()) first_ = Describe(fn_, spec, r);
    }
    return r;
  }
  void Fail(const std::string& what) {
    ++failed_;
    if (first_.empty()) first_ = what;
  }
  void AddInfo(const std::string& s) { info_ = s; }
  bool Finish() {
    if (failed_ == 0) {
      std::printf("CASE\t%s\t%s\tpass\t%zu cases%s\n", fn_.name.c_str(), name_.c_str(), cases_,
                  info_.empty() ? "" : ("; " + info_).c_str());
    } else {
      std::printf("CASE\t%s\t%s\tfail\t%zu of %zu cases failed; first: %s\n", fn_.name.c_str(),
                  name_.c_str(), failed_, cases_, OneLine(first_).c_str());
      // The full account, for the log.
      std::printf("DETAIL\t%s\t%s\n", fn_.name.c_str(), name_.c_str());
      std::istringstream lines(first_);
      std::string line;
      while (std::getline(lines, line)) std::printf("  %s\n", line.c_str());
    }
    std::fflush(stdout);
    return failed_ == 0;
  }

 private:
  const Function& fn_;
  std::string name_;
  size_t cases_ = 0, failed_ = 0;
  std::string first_, info_;
};

class Harness {
 public:
  Harness(const Function& fn, std::mt19937_64* rng) : fn_(fn), rng_(*rng) {}

  std::vector<uint8_t> Random(size_t n) {
    std::vector<uint8_t> v(n);
    for (auto& b : v) b = static_cast<uint8_t>(rng_());
    return v;
  }
  CallSpec Base(size_t key_len) {
    CallSpec s;
    s.key = Random(key_len);
    const std::vector<uint8_t> iv = Random(16);
    std::memcpy(s.iv, iv.data(), 16);
    s.input = Random(fn_.blocks * 16);
    s.fill = static_cast<uint8_t>(rng_());
    return s;
  }

  bool Keys() {
    Check c(fn_, "keys");
    for (size_t key_len : {16, 24, 32}) {
      for (int variant = 0; variant < 4; ++variant) {
        CallSpec s = Base(key_len);
        if (variant == 0) std::fill(s.key.begin(), s.key.end(), 0);
        if (variant == 1) {
          for (size_t i = 0; i < key_len; ++i) s.key[i] = static_cast<uint8_t>(i);
        }
        if (variant == 2) std::fill(s.key.begin(), s.key.end(), 0xff);
        c.Run(s);
      }
    }
    return c.Finish();
  }

  bool Layouts() {
    Check c(fn_, "layouts");
    const unsigned shifts[] = {0, 1, 3, 7, 8, 15, 16, 17, 31, 32, 33, 48, 63};
    for (size_t key_len : {16, 24, 32}) {
      for (unsigned sh : shifts) {
        for (bool in_place : {false, true}) {
          CallSpec s = Base(key_len);
          s.layout.in_place = in_place;
          s.layout.src_shift = sh;
          s.layout.dst_shift = (sh * 7 + 5) % 64;
          s.layout.keystream_shift = (sh * 3) % 64;
          s.layout.iv_shift = (sh * 5 + 1) % 16;
          c.Run(s);
        }
      }
    }
    return c.Finish();
  }

  bool Counter() {
    Check c(fn_, "counter");
    const size_t n = fn_.blocks;
    auto set_u64 = [](uint8_t* p, uint64_t v) {
      for (int i = 7; i >= 0; --i, v >>= 8) p[i] = static_cast<uint8_t>(v);
    };
    for (size_t key_len : {16, 24, 32}) {
      // The low 64 bits carry into the high 64 after block k, for every k in the batch, the
      // batch's end and just past it, with a random high half and with an all-ones one (which
      // then wraps the whole 128-bit counter).
      for (uint64_t k = 1; k <= n + 1; ++k) {
        for (int high : {0, 1, 2}) {
          CallSpec s = Base(key_len);
          if (high == 1) set_u64(s.iv, ~uint64_t{0});
          if (high == 2) set_u64(s.iv, 0);
          set_u64(s.iv + 8, uint64_t{0} - k);
          c.Run(s);
        }
      }
      // The 32-bit and 96-bit boundaries (a counter kept in 32-bit lanes gets these wrong).
      for (uint64_t k : {uint64_t{1}, uint64_t{n / 2}, uint64_t{n}}) {
        CallSpec s = Base(key_len);
        set_u64(s.iv + 8, (uint64_t{1} << 32) - k);
        c.Run(s);
        s = Base(key_len);
        set_u64(s.iv + 8, (uint64_t{0x5a5a5a5a} << 32) | 0xffffffffu);
        set_u64(s.iv, 0xffffffffu);
        c.Run(s);
      }
      // Zero, and all ones (the next block's counter is 0).
      CallSpec s = Base(key_len);
      std::memset(s.iv, 0, 16);
      c.Run(s);
      std::memset(s.iv, 0xff, 16);
      c.Run(s);
    }
    return c.Finish();
  }

  bool Chained() {
    Check c(fn_, "chained");
    for (size_t key_len : {16, 24, 32}) {
      CallSpec s = Base(key_len);
      // Start 2N-1 blocks before a 2^64 carry so that the second call straddles it.
      for (int i = 8; i < 16; ++i) s.iv[i] = 0xff;
      s.iv[15] = static_cast<uint8_t>(0x100 - (2 * fn_.blocks - 1) % 256);
      uint8_t iv[16];
      std::memcpy(iv, s.iv, 16);
      for (int call = 0; call < 3; ++call) {
        std::memcpy(s.iv, iv, 16);
        s.input = Random(fn_.blocks * 16);
        const CallResult r = c.Run(s);
        std::memcpy(iv, r.iv_out, 16);  // what the function returned is the next call's counter
      }
    }
    return c.Finish();
  }

  bool Keystream() {
    Check c(fn_, "keystream");
    std::string holds;
    for (size_t key_len : {16, 24, 32}) {
      CallSpec a = Base(key_len);
      a.fill = 0x00;
      CallSpec b = a;
      b.fill = 0xff;
      b.input = Random(fn_.blocks * 16);
      b.layout.keystream_shift = 8;
      const CallResult ra = c.Run(a);
      const CallResult rb = c.Run(b);
      if (ra.keystream != rb.keystream) {
        c.Fail(
            "the keystream scratch buffer's contents after the call depend on the data or on "
            "what it held before (key " +
            Hex(a.key.data(), a.key.size()) + ", iv " + Hex(a.iv, 16) +
            "): not every byte is written, or data leaks into it");
      }
      std::string kind =
          "intermediate cipher state (not the counter blocks, not the keystream in any order)";
      std::vector<uint8_t> sorted_ks = ra.keystream, sorted_stream = ra.stream;
      std::sort(sorted_ks.begin(), sorted_ks.end());
      std::sort(sorted_stream.begin(), sorted_stream.end());
      if (ra.keystream == ra.counters) kind = "the counter blocks";
      if (sorted_ks == sorted_stream) kind = "the keystream's bytes in another order (byte-sliced)";
      if (ra.keystream == ra.stream) kind = "the keystream E_K(counter blocks)";
      if (holds.empty()) holds = kind;
      if (holds != kind) holds = "varies with the key size";
    }
    c.AddInfo("afterwards it holds " + holds);
    return c.Finish();
  }

  // The ABI audit (see the top of this file). bias: Library::link_bias().
  bool Abi(uintptr_t bias) {
    struct Call {
      AbiOptions options;
      size_t key_len;
      AbiReport report;
      CallResult result;
    };
    std::vector<Call> calls;
    auto at = [bias](uintptr_t a) {
      char buf[40];
      std::snprintf(buf, sizeof(buf), "@0x%lx", static_cast<unsigned long>(a - bias));
      return a ? std::string(buf) : std::string("(not traced)");
    };
    // The calls: each key size with the ABI's stack alignment untraced; the 256-bit key also
    // misaligned by 8, and single-stepped with the ABI's alignment. A crash during them is reported
    // under the RUN line before it.
    {
      std::printf("RUN\t%s\tabi-callee-saved\n", fn_.name.c_str());
      std::fflush(stdout);
      for (size_t key_len : {16, 24, 32}) {
        const CallSpec spec = Base(key_len);  // the same call with either alignment
        for (bool misaligned : {false, true}) {
          if (misaligned && key_len != 32) continue;
          if (misaligned) {
            std::printf("RUN\t%s\tabi-stack-alignment\n", fn_.name.c_str());
            std::fflush(stdout);
          }
          for (bool trace : {false, true}) {
            // Single-stepping is slow (a signal per instruction): once, 256-bit key, ABI stack.
            if (trace && (key_len != 32 || misaligned)) continue;
            Call c;
            c.options.misaligned = misaligned;
            c.options.trace = trace;
            c.options.bias = bias;
            c.key_len = key_len;
            c.result = CheckedCall(fn_, spec, &c.options, &c.report);
            calls.push_back(std::move(c));
          }
        }
      }
    }
    auto report = [this](const char* check, const std::string& status, const std::string& detail) {
      std::printf("CASE\t%s\t%s\t%s\t%s\n", fn_.name.c_str(), check, status.c_str(),
                  OneLine(detail).c_str());
    };
    // The single-stepped call to take instruction addresses from: c itself, else the one with
    // c's alignment.
    auto traced = [&calls](const Call& c) -> const AbiReport* {
      if (c.options.trace) return &c.report;
      const AbiReport* any = nullptr;
      for (const Call& t : calls) {
        if (!t.options.trace) continue;
        if (t.options.misaligned == c.options.misaligned) return &t.report;
        any = &t.report;
      }
      return any;
    };
    auto where = [](const Call& c) {
      return std::string(c.options.trace ? "single-stepped" : "untraced") + ", " +
             std::to_string(8 * c.key_len) +
             "-bit key, rsp % 16 == " + (c.options.misaligned ? "0" : "8") + " at entry";
    };
    bool ok = true;
    for (const Call& c : calls) {
      if (!c.report.error.empty()) {
        report("abi-callee-saved", "fail", "the call could not be made: " + c.report.error);
        return false;
      }
    }
    const size_t n = calls.size();
    size_t untraced = 0, traced_calls = 0;
    for (const Call& c : calls) ++(c.options.trace ? traced_calls : untraced);
    // Callee-saved registers.
    std::string bad;
    for (const Call& c : calls) {
      for (int i = 0; i < 6 && bad.empty(); ++i) {
        if (c.report.out[i] == c.report.canary[i]) continue;
        char buf[160];
        std::snprintf(buf, sizeof(buf), "%s is 0x%llx after the return, the caller's 0x%llx (",
                      kCalleeSaved[i], static_cast<unsigned long long>(c.report.out[i]),
                      static_cast<unsigned long long>(c.report.canary[i]));
        const AbiReport* t = traced(c);
        bad = std::string(buf) + where(c) + "); last set by the instruction at " +
              at(t ? t->changed_at[i] : 0) + " [callee-saved]";
      }
    }
    report("abi-callee-saved", bad.empty() ? "pass" : "fail",
           bad.empty() ? std::to_string(n) + " cases; rbx rbp r12-r15 preserved" : bad);
    ok &= bad.empty();
    // The direction flag.
    bad.clear();
    for (const Call& c : calls) {
      if ((c.report.rflags & 0x400) == 0 || !bad.empty()) continue;
      const AbiReport* t = traced(c);
      bad = "returned with DF set (" + where(c) + "); set by the instruction at " +
            at(t ? t->df_at : 0) + " [direction-flag]";
    }
    report("abi-direction-flag", bad.empty() ? "pass" : "fail",
           bad.empty() ? std::to_string(n) + " cases; DF clear at return" : bad);
    ok &= bad.empty();
    // The upper vector state.
    bad.clear();
    std::string skip;
    uint64_t seen = 0;
    for (const Call& c : calls) {
      if (c.options.trace) continue;  // signal delivery saves and restores the state
      if (!c.report.xinuse_known) {
        skip = "this CPU has no XGETBV with ECX=1 (XINUSE)";
        break;
      }
      if (c.report.xinuse_entry & kUpperStateBits) {
        char buf[120];
        std::snprintf(buf, sizeof(buf),
                      "the upper state is in use at entry after vzeroupper "
                      "(XINUSE 0x%llx)",
                      static_cast<unsigned long long>(c.report.xinuse_entry));
        skip = buf;
        break;
      }
      seen |= c.report.xinuse_exit;
      if ((c.report.xinuse_exit & kUpperStateBits) && bad.empty()) {
        const AbiReport* t = traced(c);
        char buf[200];
        std::snprintf(buf, sizeof(buf),
                      "returned with XINUSE 0x%llx (%s%s in use: no vzeroupper "
                      "before the return at ",
                      static_cast<unsigned long long>(c.report.xinuse_exit),
                      (c.report.xinuse_exit & 4) ? "bit 2 YMM upper halves" : "",
                      (c.report.xinuse_exit & 64)
                          ? ((c.report.xinuse_exit & 4) ? ", bit 6 ZMM_Hi256" : "bit 6 ZMM_Hi256")
                          : "");
        bad = std::string(buf) + at(t ? t->last_at : 0) + "; " + where(c) + ") [upper-state]";
      }
    }
    if (!skip.empty()) {
      report("abi-upper-state", "skip", skip);
    } else {
      report("abi-upper-state", bad.empty() ? "pass" : "fail",
             bad.empty()
                 ? std::to_string(untraced) + " cases; XINUSE at return 0x" +
                       [seen] {
                         char b[20];
                         std::snprintf(b, sizeof(b), "%llx", static_cast<unsigned long long>(seen));
                         return std::string(b);
                       }() +
                       ((seen & kHi16ZmmBit) ? " (bit 7 Hi16_ZMM in use: not judged, "
                                               "vzeroupper does not clear it)"
                                             : "")
                 : bad);
      ok &= bad.empty();
    }
    // The red zone (traced calls) and the caller's frame (all).
    bad.clear();
    uint64_t steps = 0;
    for (const Call& c : calls) {
      steps += c.report.steps;
      if (!bad.empty()) continue;
      if (c.report.red_zone_at != 0) {
        bad = "wrote " + std::to_string(c.report.red_zone_below) +
              " bytes below rsp (kernel code has no red zone) at " + at(c.report.red_zone_at) +
              " (" + where(c) + ") [red-zone]";
      } else if (!c.report.caller_frame.empty()) {
        bad = "wrote into its caller's frame, " + c.report.caller_frame + " (" + where(c) +
              ") [red-zone]";
      } else if (c.options.trace && c.report.steps == 0) {
        bad = "the single-step trace saw no instruction (" + where(c) + ")";
      }
    }
    report("abi-red-zone", bad.empty() ? "pass" : "fail",
           bad.empty() ? std::to_string(traced_calls) + " single-stepped of " + std::to_string(n) +
                             " cases; " + std::to_string(steps) +
                             " instructions single-stepped, none wrote below rsp"
                       : bad);
    ok &= bad.empty();
    // The stack misaligned by 8: the same, right output.
    bad.clear();
    size_t cases = 0;
    for (const Call& c : calls) {
      if (!c.result.problems.empty() && bad.empty()) {
        bad = c.result.problems.front() + " (" + where(c) + ") [stack-alignment]";
      }
      if (!c.options.misaligned) continue;
      ++cases;
      for (const Call& d : calls) {
        if (!d.options.misaligned && d.key_len == c.key_len && d.options.trace == c.options.trace &&
            d.result.output != c.result.output && bad.empty()) {
          bad = "the output with rsp % 16 == 0 at entry differs from rsp % 16 == 8's (" + where(c) +
                ") [stack-alignment]";
        }
      }
    }
    report("abi-stack-alignment", bad.empty() ? "pass" : "fail",
           bad.empty() ? std::to_string(cases) +
                             " cases with rsp % 16 == 0 at entry: right output, as with 8"
                       : bad);
    ok &= bad.empty();
    std::fflush(stdout);
    return ok;
  }

  bool RandomCases(double seconds) {
    Check c(fn_, "random");
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    size_t done = 0;
    do {
      for (int i = 0; i < 16; ++i, ++done) {
        const size_t key_len = 16 + 8 * (rng_() % 3);
        CallSpec s = Base(key_len);
        s.layout.in_place = rng_() % 4 == 0;
        s.layout.src_shift = rng_() % 64;
        s.layout.dst_shift = rng_() % 64;
        s.layout.keystream_shift = rng_() % 64;
        s.layout.iv_shift = rng_() % 16;
        if (rng_() % 2 == 0) {  // near a 2^64 carry
          for (int j = 8; j < 15; ++j) s.iv[j] = 0xff;
          s.iv[15] = static_cast<uint8_t>(0x100 - rng_() % (fn_.blocks + 2));
        }
        c.Run(s);
      }
    } while (std::chrono::steady_clock::now() < end);
    return c.Finish();
  }

  bool Testmgr(const std::vector<vectors::TestCase>& ecb, const std::vector<vectors::TestCase>& ctr,
               const std::string& error) {
    Check c(fn_, "testmgr");
    if (!error.empty()) {
      c.Fail(error);
      return c.Finish();
    }
    size_t used = 0;
    const size_t n = fn_.blocks;
    if (fn_.kind != Kind::kCtr) {
      // Each vector's blocks repeated across the N lanes; every lane must give the vector's answer.
      for (const vectors::TestCase& v : ecb) {
        if (v.msg.empty() || v.msg.size() % 16 != 0) continue;
        const std::vector<uint8_t>& in = fn_.kind == Kind::kEncrypt ? v.msg : v.ct;
        const std::vector<uint8_t>& want = fn_.kind == Kind::kEncrypt ? v.ct : v.msg;
        CallSpec s;
        s.key = v.key;
        s.input.resize(16 * n);
        for (size_t i = 0; i < 16 * n; ++i) s.input[i] = in[i % in.size()];
        const CallResult r = c.Run(s);
        for (size_t i = 0; i < 16 * n; ++i) {
          if (r.output.size() == 16 * n && r.output[i] != want[i % want.size()]) {
            c.Fail(v.where + ": " + fn_.name + " gives " + Hex(r.output.data(), 16) +
                   " for the vector's " + Hex(in.data(), 16) + ", testmgr.h says " +
                   Hex(want.data(), 16));
            break;
          }
        }
        ++used;
      }
    } else {
      // The vector's plaintext, zero-padded to whole calls; the first len bytes must match.
      for (const vectors::TestCase& v : ctr) {
        if (v.iv.size() != 16) continue;
        std::vector<uint8_t> out;
        uint8_t iv[16];
        std::memcpy(iv, v.iv.data(), 16);
        for (size_t off = 0; off < v.msg.size(); off += 16 * n) {
          CallSpec s;
          s.key = v.key;
          std::memcpy(s.iv, iv, 16);
          s.input.assign(16 * n, 0);
          for (size_t i = 0; i < 16 * n && off + i < v.msg.size(); ++i) s.input[i] = v.msg[off + i];
          const CallResult r = c.Run(s);
          out.insert(out.end(), r.output.begin(), r.output.end());
          std::memcpy(iv, r.iv_out, 16);
        }
        out.resize(v.ct.size());
        if (out != v.ct) {
          c.Fail(v.where + ": " + fn_.name + " gives " + Hex(out.data(), out.size()) +
                 ", testmgr.h says " + Hex(v.ct.data(), v.ct.size()));
        }
        // .iv_out is the counter after the whole request; whole calls advance it further when
        // the length is not a multiple of N blocks, so it is checked only when it is.
        if (v.next_iv.size() == 16 && v.msg.size() % (16 * n) == 0 &&
            std::memcmp(iv, v.next_iv.data(), 16) != 0) {
          c.Fail(v.where + ": counter after " + fn_.name + " is " + Hex(iv, 16) +
                 ", testmgr.h's .iv_out says " + Hex(v.next_iv.data(), 16));
        }
        ++used;
      }
    }
    if (used == 0) c.Fail("testmgr.h has no ARIA vector this function can run");
    c.AddInfo(std::to_string(used) + " testmgr.h vectors");
    return c.Finish();
  }

 private:
  const Function& fn_;
  std::mt19937_64& rng_;
};

int Main(int argc, char** argv) {
  Options o;
  std::vector<std::string> exclude, skip_abi;
  std::unique_ptr<CLI::App> app = cli::NewApp(
      "kernel_asm_harness",
      "Checks the kernel's ARIA assembly functions of a kernel-tests/asm build folder against "
      "ariasuite's reference (keys, layouts, counters, the ABI, testmgr.h vectors, random cases), "
      "one CASE line per check.");
  app->add_option("--dir", o.dir, "the build folder (kernel-tests/asm/main.py build)")
      ->type_name("BUILD_DIR")
      ->required();
  app->add_option("--testmgr", o.testmgr, "also run the ARIA vectors of this testmgr.h")
      ->type_name("FILE");
  app->add_option("--seconds", o.seconds, "the random cases' time, shared by the functions")
      ->type_name("S")
      ->check([](const std::string& v) {
        char* end = nullptr;
        const double s = std::strtod(v.c_str(), &end);
        const bool ok = end != v.c_str() && *end == '\0' && s >= 0;
        return ok ? std::string() : std::string("wants a number >= 0");
      });
  app->add_option("--exclude", exclude, "leave out FUNCTION")
      ->type_name("FUNCTION")
      ->allow_extra_args(false);
  app->add_option("--only", o.only, "run FUNCTION alone")->type_name("FUNCTION");
  app->add_option("--skip-abi", skip_abi, "no ABI audit of FUNCTION")
      ->type_name("FUNCTION")
      ->allow_extra_args(false);
  if (std::optional<int> status = cli::Parse(*app, argc, argv)) return *status;
  o.exclude.insert(exclude.begin(), exclude.end());
  o.skip_abi.insert(skip_abi.begin(), skip_abi.end());
  std::string error;
  std::unique_ptr<Library> lib = Library::Load(o.dir, &error);
  if (lib == nullptr) {
    std::fprintf(stderr, "kernel_asm_harness: %s\n", error.c_str());
    return 2;
  }
  std::vector<vectors::TestCase> ecb, ctr;
  std::string testmgr_error;
  if (!o.testmgr.empty()) {
    std::ifstream in(o.testmgr, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (!in.good() && !in.eof()) {
      testmgr_error = "cannot read " + o.testmgr;
    } else if (!ReadCipherVectors(o.testmgr, text.str(), "aria_tv_template", &ecb,
                                  &testmgr_error) ||
               !ReadCipherVectors(o.testmgr, text.str(), "aria_ctr_tv_template", &ctr,
                                  &testmgr_error)) {
      // testmgr_error says which.
    }
  }
  std::vector<const Function*> run;
  for (const Function& fn : lib->functions()) {
    if (!o.only.empty() && fn.name != o.only) continue;
    if (o.exclude.count(fn.name)) continue;
    if (!fn.runnable()) {
      std::printf("CASE\t%s\tall\tskip\tthis CPU lacks %s\n", fn.name.c_str(), fn.missing.c_str());
      continue;
    }
    run.push_back(&fn);
  }
  if (!o.only.empty() && run.empty() && lib->Find(o.only) == nullptr) {
    return cli::UsageError(*app, "no function " + o.only);
  }
  std::fflush(stdout);
  bool ok = true;
  std::mt19937_64 rng(0x41524941);  // fixed: a failure reproduces
  for (const Function* fn : run) {
    Harness h(*fn, &rng);
    // The ABI audit first: a function that breaks the calling convention (a clobbered rbx, DF
    // left set) may crash the direct calls of the other checks, after this has said why.
    if (!o.skip_abi.count(fn->name)) ok &= h.Abi(lib->link_bias());
    ok &= h.Keys();
    ok &= h.Layouts();
    if (fn->kind == Kind::kCtr) {
      ok &= h.Counter();
      ok &= h.Chained();
      ok &= h.Keystream();
    }
    if (!o.testmgr.empty()) ok &= h.Testmgr(ecb, ctr, testmgr_error);
    ok &= h.RandomCases(o.seconds / static_cast<double>(run.size()));
  }
  return ok ? 0 : 1;
}

}  // namespace
}  // namespace ariasuite::kernel_asm

int main(int argc, char** argv) { return ariasuite::kernel_asm::Main(argc, argv); }
