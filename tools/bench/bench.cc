// `tools/ariasuite bench`: single-thread throughput of ARIA-128/256 in ECB, CTR, GCM seal and GCM
// open at 64 B, 1 KiB and 16 KiB (and ECB and CTR at 4 KiB, the size of the kernel's tcrypt
// figures), for each of our paths this CPU runs, for OpenSSL 3 (EVP), Botan 2 and Crypto++, and for
// the kernel's own assembly when kernel-tests/asm has assembled a tree (ECB, CTR at 4 and 16 KiB).
// Each of our paths is given as a ratio to OpenSSL and, where the kernel has assembly of the same
// design (KernelTwin), to that assembly measured in the same cell ("x kernel").
// Before timing, every subject's output is checked against OpenSSL's (a benchmark of a wrong
// implementation is worthless). The repetitions of a cell run round-robin across the subjects.
// Usage: bench [--json FILE] [--svg FILE] [--quick] [--filter S] [--repetitions N --rep-ms MS]
// --repetitions and --rep-ms (given together) replace the 7 (3) repetitions of about 20 ms (3 ms):
// on a loaded machine many short repetitions (e.g. 201 of 0.2 ms) are each rarely preempted, so
// their median is the speed of the code rather than of the scheduler.
// Exit status: 0 the table, 1 a subject disagreeing with OpenSSL, 2 bad usage or an unwritable
// output, 4 a --filter that matches no subject (nothing benchmarked).
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tools/bench/report.h"
#include "tools/bench/subjects.h"
#include "tools/bench/timing.h"
#include "tools/cli/app.h"

namespace ariasuite::bench {
namespace {

enum class Op { kEcb, kCtr, kSeal, kOpen };
const char* OpName(Op op) {
  switch (op) {
    case Op::kEcb: return "ECB";
    case Op::kCtr: return "CTR";
    case Op::kSeal: return "GCM-seal";
    case Op::kOpen: return "GCM-open";
  }
  return "?";
}

struct Options {
  std::string json, svg, filter;
  bool quick = false;
  int repetitions = 0;  // 0: the default repetitions
  double rep_ms = 0;
};

// Fills *o from the command line; returns the exit status when the program stops here (--help, or
// a usage error: exit 2).
std::optional<int> Parse(int argc, char** argv, Options* o) {
  std::unique_ptr<CLI::App> app =
      cli::NewApp("bench",
                  "Single-thread ARIA throughput of our paths, OpenSSL, Botan, Crypto++ "
                  "and the kernel's assembly (tools/ariasuite bench).");
  app->add_option("--json", o->json, "also write the results as JSON to FILE")->type_name("FILE");
  app->add_option("--svg", o->svg, "also draw the results as an SVG chart in FILE")
      ->type_name("FILE");
  app->add_flag("--quick", o->quick, "3 repetitions of about 3 ms (instead of 7 of 20 ms)");
  app->add_option("--filter", o->filter,
                  "only the subjects whose name contains SUBJECT (with OpenSSL and their kernel "
                  "twins); exit 4 when it matches none")
      ->type_name("SUBJECT");
  CLI::Option* reps =
      app->add_option("--repetitions", o->repetitions, "N repetitions per cell (with --rep-ms)")
          ->type_name("N")
          ->check(CLI::Range(1, 100000));
  CLI::Option* ms = app->add_option("--rep-ms", o->rep_ms,
                                    "each repetition about MS milliseconds (with "
                                    "--repetitions)")
                        ->type_name("MS")
                        ->check(CLI::Range(0.01, 10000.0));
  if (std::optional<int> status = cli::Parse(*app, argc, argv)) return status;
  if ((reps->count() == 0) != (ms->count() == 0)) {
    return cli::UsageError(*app, "--repetitions and --rep-ms go together");
  }
  return std::nullopt;
}

std::string CpuName() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) == 0) {
      const size_t colon = line.find(':');
      if (colon != std::string::npos) return line.substr(colon + 2);
    }
  }
  return "unknown CPU";
}

bool RunOnce(Subject& s, Op op, uint8_t* out, const uint8_t* in, size_t len, uint8_t tag[16],
             const uint8_t* ct, const uint8_t* ct_tag) {
  switch (op) {
    case Op::kEcb: return s.Ecb(out, in, len);
    case Op::kCtr: return s.Ctr(out, in, len);
    case Op::kSeal: return s.GcmSeal(out, tag, in, len);
    case Op::kOpen: return s.GcmOpen(out, ct, len, ct_tag);
  }
  return false;
}

struct Sample {
  double seconds_per_byte;
  double ticks_per_byte;
};

}  // namespace

int Main(int argc, char** argv) {
  Options opt;
  if (std::optional<int> status = Parse(argc, argv, &opt)) return *status;
  const std::vector<SubjectInfo> subjects = AllSubjects();
  // A filter that names no subject of this host (a path this CPU cannot run, a typo) would time
  // OpenSSL alone, the reference it always keeps: nothing asked for is benchmarked, which is
  // exit 4, not a table.
  if (!opt.filter.empty()) {
    std::string names;
    bool any = false;
    for (const SubjectInfo& si : subjects) {
      any = any || si.name.find(opt.filter) != std::string::npos;
      names += (names.empty() ? "" : ", ") + si.name;
    }
    if (!any) {
      std::fprintf(stderr,
                   "bench: nothing benchmarked: --filter %s matches no subject (subjects on this "
                   "host: %s)\n",
                   opt.filter.c_str(), names.c_str());
      return 4;
    }
  }
  RunInfo info;
  info.tsc_hz = CalibrateTscHz();
  info.repetitions = opt.quick ? 3 : 7;
  double target = opt.quick ? 0.003 : 0.02;  // seconds per repetition
  if (opt.repetitions > 0) {
    info.repetitions = opt.repetitions;
    target = opt.rep_ms / 1000;
  }
  info.cpu = CpuName();
  info.libraries = "ariasuite (this tree); " + OpenSslVersion() + "; Botan " + BotanVersion() +
                   "; " + CryptoppVersion() + "; " + KernelNote();

  struct Cell {
    size_t key_len;
    Op op;
    size_t size;
  };
  std::vector<Cell> cells;
  for (size_t key_len : {16, 32}) {
    for (Op op : {Op::kEcb, Op::kCtr, Op::kSeal, Op::kOpen}) {
      for (size_t size : {64, 1024, 4096, 16384}) {
        if (size == 4096 && op != Op::kEcb && op != Op::kCtr) continue;
        cells.push_back({key_len, op, size});
      }
    }
  }
  std::vector<Result> results;
  for (const Cell& cell : cells) {
    uint8_t key[32];
    for (size_t i = 0; i < 32; ++i) key[i] = static_cast<uint8_t>(i * 37 + 11);
    std::vector<uint8_t> in(cell.size), out(cell.size), want(cell.size), ct(cell.size);
    for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<uint8_t>(i * 13 + 7);
    uint8_t tag[16], want_tag[16], ct_tag[16];
    // The reference output (OpenSSL), and the ciphertext that open consumes.
    std::unique_ptr<Subject> ref = MakeOpenSsl("", key, cell.key_len);
    if (!ref->GcmSeal(ct.data(), ct_tag, in.data(), cell.size) ||
        !RunOnce(*ref, cell.op, want.data(), in.data(), cell.size, want_tag, ct.data(), ct_tag)) {
      std::fprintf(stderr, "bench: OpenSSL failed on ARIA-%zu %s\n", cell.key_len * 8,
                   OpName(cell.op));
      return 1;
    }
    const std::string alg = "ARIA-" + std::to_string(cell.key_len * 8);
    // Check every subject against the reference and size its repetitions, then time the
    // repetitions round-robin across subjects, so that a load change on a shared machine hits
    // every subject alike and the ratios against OpenSSL stay meaningful.
    struct Timed {
      const SubjectInfo* info;
      std::unique_ptr<Subject> subject;
      size_t iters;
      std::vector<Sample> samples;
    };
    std::vector<Timed> timed;
    // A filter keeps OpenSSL and the kernel twins of the subjects it keeps: the ratio columns.
    auto wanted = [&](const SubjectInfo& si) {
      if (opt.filter.empty() || si.name == "openssl") return true;
      for (const SubjectInfo& o : subjects) {
        if (o.name.find(opt.filter) != std::string::npos &&
            (o.name == si.name || o.kernel_twin == si.name)) {
          return true;
        }
      }
      return false;
    };
    for (const SubjectInfo& si : subjects) {
      if (!wanted(si)) continue;
      if (si.covers != nullptr && !si.covers(OpName(cell.op), cell.size)) continue;
      std::unique_ptr<Subject> s = si.make(si.variant, key, cell.key_len);
      std::fill(out.begin(), out.end(), 0);
      if (s == nullptr ||
          !RunOnce(*s, cell.op, out.data(), in.data(), cell.size, tag, ct.data(), ct_tag) ||
          out != want || (cell.op == Op::kSeal && std::memcmp(tag, want_tag, 16) != 0)) {
        std::fprintf(stderr, "bench: %s gives a different result from OpenSSL for %s %s %zu B\n",
                     si.name.c_str(), alg.c_str(), OpName(cell.op), cell.size);
        return 1;
      }
      // Iterations per repetition: grow until one repetition takes about `target` seconds.
      size_t iters = 1;
      for (;;) {
        const double t0 = ThreadCpuSeconds();
        for (size_t i = 0; i < iters; ++i) {
          RunOnce(*s, cell.op, out.data(), in.data(), cell.size, tag, ct.data(), ct_tag);
        }
        const double dt = ThreadCpuSeconds() - t0;
        if (dt >= target / 2 || iters > (size_t{1} << 30)) {
          iters = std::max<size_t>(1, static_cast<size_t>(iters * target / std::max(dt, 1e-9)));
          break;
        }
        iters *= 4;
      }
      timed.push_back({&si, std::move(s), iters, {}});
    }
    for (int rep = 0; rep < info.repetitions; ++rep) {
      for (Timed& t : timed) {
        const double t0 = ThreadCpuSeconds();
        for (size_t i = 0; i < t.iters; ++i) {
          RunOnce(*t.subject, cell.op, out.data(), in.data(), cell.size, tag, ct.data(), ct_tag);
        }
        const double t1 = ThreadCpuSeconds();
        const double bytes = static_cast<double>(t.iters) * static_cast<double>(cell.size);
        t.samples.push_back({(t1 - t0) / bytes, (t1 - t0) * info.tsc_hz / bytes});
      }
    }
    double openssl_mbps = 0;
    const size_t first = results.size();
    for (Timed& t : timed) {
      std::sort(t.samples.begin(), t.samples.end(), [](const Sample& a, const Sample& b) {
        return a.seconds_per_byte < b.seconds_per_byte;
      });
      const Sample& median = t.samples[t.samples.size() / 2];
      Result r{alg,
               OpName(cell.op),
               cell.size,
               t.info->name,
               1e-6 / median.seconds_per_byte,
               median.ticks_per_byte,
               0,
               t.info->kernel_twin};
      if (t.info->name == "openssl") openssl_mbps = r.mbps;
      results.push_back(r);
    }
    // Ratios within the cell (the same repetitions, round-robin): to OpenSSL and to the kernel
    // subject of the same design, which hold across hosts better than absolute figures.
    for (size_t i = first; i < results.size(); ++i) {
      results[i].vs_openssl = openssl_mbps > 0 ? results[i].mbps / openssl_mbps : 0;
      for (size_t j = first; j < results.size(); ++j) {
        if (!results[i].kernel_twin.empty() && results[j].subject == results[i].kernel_twin &&
            results[j].mbps > 0) {
          results[i].vs_kernel = results[i].mbps / results[j].mbps;
        }
      }
    }
  }
  PrintTable(info, results);
  if (!opt.json.empty() && !WriteJson(opt.json, info, results)) {
    std::fprintf(stderr, "bench: cannot write %s\n", opt.json.c_str());
    return 2;
  }
  if (!opt.svg.empty() && !WriteSvg(opt.svg, info, results)) {
    std::fprintf(stderr, "bench: cannot write %s\n", opt.svg.c_str());
    return 2;
  }
  return 0;
}

}  // namespace ariasuite::bench

int main(int argc, char** argv) { return ariasuite::bench::Main(argc, argv); }
