// Text table, JSON and SVG output of the benchmark (see report.h). The chart is a horizontal bar
// chart on a log scale of MB/s, one group of bars per (algorithm, operation, size), one colour per
// subject, written by hand (no plotting library).
#include "tools/bench/report.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <string>

namespace ariasuite::bench {
namespace {

std::string JsonEscape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) continue;
    out += c;
  }
  return out;
}

std::string XmlEscape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else
      out += c;
  }
  return out;
}

std::string SizeName(size_t size) {
  if (size >= 1024 && size % 1024 == 0) return std::to_string(size / 1024) + " KiB";
  return std::to_string(size) + " B";
}

}  // namespace

void PrintTable(const RunInfo& info, const std::vector<Result>& results) {
  std::printf("CPU: %s\n", info.cpu.c_str());
  std::printf("Libraries: %s\n", info.libraries.c_str());
  std::printf(
      "Method: single thread, median of %d repetitions; MB/s = 10^6 bytes / second of the "
      "thread's CPU time (CLOCK_THREAD_CPUTIME_ID: time spent waiting for a core on a loaded "
      "machine is not counted); c/B = that time in TSC ticks per byte, TSC %.3f GHz calibrated "
      "against CLOCK_MONOTONIC (TSC ticks, not core cycles: on a VM the TSC runs at its nominal "
      "rate)\n",
      info.repetitions, info.tsc_hz / 1e9);
  std::printf(
      "x OpenSSL: MB/s over OpenSSL's in the same cell; x kernel: over the kernel assembly of the "
      "same design (gfni-avx512: kernel/avx512, gfni-avx2: kernel/avx2-gfni, aesni-avx: "
      "kernel/avx, aesni-avx2 and vaes-avx2: kernel/avx2), where the kernel subjects run (ECB and "
      "CTR, 4 and 16 KiB)\n\n");
  std::printf("%-9s %-9s %7s  %-18s %10s %8s %10s %9s\n", "alg", "op", "size", "subject", "MB/s",
              "c/B", "x OpenSSL", "x kernel");
  std::string last;
  for (const Result& r : results) {
    const std::string group = r.alg + r.op + std::to_string(r.size);
    if (!last.empty() && group != last) std::printf("\n");
    last = group;
    char vs_kernel[32] = "";
    if (r.vs_kernel > 0) std::snprintf(vs_kernel, sizeof(vs_kernel), "%.2fx", r.vs_kernel);
    std::printf("%-9s %-9s %7s  %-18s %10.1f %8.2f %9.2fx %9s\n", r.alg.c_str(), r.op.c_str(),
                SizeName(r.size).c_str(), r.subject.c_str(), r.mbps, r.cpb, r.vs_openssl,
                vs_kernel);
  }
}

bool WriteJson(const std::string& path, const RunInfo& info, const std::vector<Result>& results) {
  FILE* f = std::fopen(path.c_str(), "w");
  if (f == nullptr) return false;
  std::fprintf(f,
               "{\n  \"method\": \"single thread, median of repetitions; mbps = 1e6 bytes per "
               "second of thread CPU time (CLOCK_THREAD_CPUTIME_ID); cpb = that time in TSC ticks "
               "per byte (TSC calibrated against CLOCK_MONOTONIC, not core cycles)\",\n");
  std::fprintf(f, "  \"tsc_hz\": %.0f,\n  \"repetitions\": %d,\n", info.tsc_hz, info.repetitions);
  std::fprintf(f, "  \"cpu\": \"%s\",\n  \"libraries\": \"%s\",\n  \"results\": [\n",
               JsonEscape(info.cpu).c_str(), JsonEscape(info.libraries).c_str());
  for (size_t i = 0; i < results.size(); ++i) {
    const Result& r = results[i];
    std::fprintf(f,
                 "    {\"alg\": \"%s\", \"op\": \"%s\", \"size\": %zu, \"subject\": \"%s\", "
                 "\"mbps\": %.2f, \"cpb\": %.4f, \"vs_openssl\": %.3f, \"kernel_twin\": "
                 "\"%s\", \"vs_kernel\": %.3f}%s\n",
                 r.alg.c_str(), r.op.c_str(), r.size, r.subject.c_str(), r.mbps, r.cpb,
                 r.vs_openssl, r.kernel_twin.c_str(), r.vs_kernel,
                 i + 1 < results.size() ? "," : "");
  }
  std::fprintf(f, "  ]\n}\n");
  return std::fclose(f) == 0;
}

bool WriteSvg(const std::string& path, const RunInfo& info, const std::vector<Result>& results) {
  static const char* kColors[] = {"#9e9e9e", "#1f77b4", "#2ca02c", "#d62728",
                                  "#ff7f0e", "#9467bd", "#8c564b", "#e377c2"};
  std::map<std::string, int> color;  // subject -> index, in order of first appearance
  std::vector<std::string> subjects;
  for (const Result& r : results) {
    if (color.count(r.subject) == 0) {
      color[r.subject] = static_cast<int>(subjects.size());
      subjects.push_back(r.subject);
    }
  }
  const int bar_h = 9, group_gap = 10, left = 190, plot_w = 760, top = 70;
  int groups = 0;
  std::string last;
  for (const Result& r : results) {
    const std::string g = r.alg + r.op + std::to_string(r.size);
    if (g != last) ++groups;
    last = g;
  }
  const int height = top + static_cast<int>(results.size()) * bar_h + groups * group_gap + 40;
  const int width = left + plot_w + 170;
  // Log scale from 1 MB/s to 100000 MB/s.
  auto x_of = [&](double mbps) {
    const double v = std::log10(std::max(mbps, 1.0)) / 5.0;
    return left + static_cast<int>(v * plot_w);
  };
  FILE* f = std::fopen(path.c_str(), "w");
  if (f == nullptr) return false;
  std::fprintf(f,
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
               "font-family=\"sans-serif\" font-size=\"11\">\n<rect width=\"100%%\" "
               "height=\"100%%\" fill=\"white\"/>\n",
               width, height);
  std::fprintf(f,
               "<text x=\"10\" y=\"20\" font-size=\"15\" font-weight=\"bold\">ARIA throughput, "
               "single thread (MB/s, log scale; longer is faster)</text>\n");
  std::fprintf(f, "<text x=\"10\" y=\"38\">%s</text>\n", XmlEscape(info.cpu).c_str());
  std::fprintf(f, "<text x=\"10\" y=\"54\">%s; median of %d</text>\n",
               XmlEscape(info.libraries).c_str(), info.repetitions);
  for (int e = 0; e <= 5; ++e) {
    const int x = left + e * plot_w / 5;
    std::fprintf(f,
                 "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>\n<text x=\"%d\" "
                 "y=\"%d\" text-anchor=\"middle\" fill=\"#666\">%g</text>\n",
                 x, top - 8, x, height - 30, x, height - 16, std::pow(10.0, e));
  }
  int y = top;
  last.clear();
  for (const Result& r : results) {
    const std::string g = r.alg + r.op + std::to_string(r.size);
    if (g != last) {
      y += group_gap;
      std::fprintf(
          f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-weight=\"bold\">%s %s %s</text>\n",
          left - 8, y + bar_h + 2, r.alg.c_str(), r.op.c_str(), SizeName(r.size).c_str());
    }
    last = g;
    std::fprintf(f,
                 "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"><title>%s: %.1f "
                 "MB/s, %.2f c/B</title></rect>\n<text x=\"%d\" y=\"%d\" font-size=\"8\" "
                 "fill=\"#333\">%.0f</text>\n",
                 left, y, std::max(1, x_of(r.mbps) - left), bar_h - 1,
                 kColors[color[r.subject] % 8], r.subject.c_str(), r.mbps, r.cpb, x_of(r.mbps) + 3,
                 y + bar_h - 1, r.mbps);
    y += bar_h;
  }
  for (size_t i = 0; i < subjects.size(); ++i) {
    const int ly = top + 10 + static_cast<int>(i) * 16;
    std::fprintf(f,
                 "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/><text x=\"%d\" "
                 "y=\"%d\">%s</text>\n",
                 left + plot_w + 20, ly, kColors[i % 8], left + plot_w + 38, ly + 10,
                 XmlEscape(subjects[i]).c_str());
  }
  std::fprintf(f, "</svg>\n");
  return std::fclose(f) == 0;
}

}  // namespace ariasuite::bench
