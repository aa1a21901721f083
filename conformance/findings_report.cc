// Findings reports (findings_report.h): the runner's reproducer files read back through the
// Wycheproof loader (the cases) and the JSON parser (the header the runner wrote: library, version,
// each case's failure line), sorted into bug classes by the failing operation, the kind of
// deviation and the clause of mode_limits.h it breaks, and rendered as markdown.
#include "conformance/findings_report.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <string>

#include "conformance/mode_limits.h"
#include "oracles/protocol.h"
#include "vectors/json.h"
#include "vectors/loader.h"
#include "vectors/model/hex.h"

namespace ariasuite::conformance {

using oracles::Mode;
using oracles::Op;
using oracles::OpName;
using oracles::Request;

namespace {

constexpr char kFindingPrefix[] = "Third-party finding: ";
constexpr char kFailedCasesOf[] = " failed these cases of ";
constexpr char kLibraryPrefix[] = "Library: ";

bool StartsWith(const std::string& s, const std::string& p) { return s.rfind(p, 0) == 0; }

// Reads one reproducer file: its header by the JSON parser, its cases by the loader.
bool ReadOne(const std::string& path, std::vector<FindingCase>* out, std::string* error) {
  json::Value root;
  if (!json::ParseFile(path, &root, error)) {
    *error = path + ": not a findings file (" + *error + ")";
    return false;
  }
  const json::Value* header = root.Find("header");
  const std::vector<json::Value> none;
  const std::vector<json::Value>& lines = header && header->is_array() ? header->array() : none;
  if (lines.empty() || !StartsWith(lines[0].str(), kFindingPrefix) ||
      lines[0].str().find(kFailedCasesOf) == std::string::npos) {
    *error = path +
             ": not a findings file written by tools/ariasuite conformance (its header "
             "does not start with '" +
             kFindingPrefix + "')";
    return false;
  }
  const std::string& first = lines[0].str();
  const size_t name_end = first.find(kFailedCasesOf);
  const std::string library =
      first.substr(sizeof(kFindingPrefix) - 1, name_end - (sizeof(kFindingPrefix) - 1));
  std::string version;
  std::vector<std::string> failures;
  for (const json::Value& v : lines) {
    const std::string& s = v.str();
    if (StartsWith(s, kLibraryPrefix + library + " (") && s.back() == ')') {
      const size_t open = sizeof(kLibraryPrefix) - 1 + library.size() + 2;
      version = s.substr(open, s.size() - open - 1);
      if (version == "version not reported") version.clear();
    } else if (StartsWith(s, "FAIL " + library + " ")) {
      failures.push_back(s);
    }
  }
  VectorFile file;
  if (!vectors::LoadVectorFile(path, vectors::LoadOptions{}, &file, error)) {
    *error = path + ": not a findings file (" + *error + ")";
    return false;
  }
  for (const TestCase& c : file.cases) {
    // The runner wrote each case's comment as "WHERE" or "WHERE: COMMENT" and its failure line as
    // "FAIL LIBRARY WHERE [FLAGS] OP: MESSAGE".
    FindingCase f;
    f.library = library;
    f.version = version;
    f.findings_file = path;
    f.test = c;
    for (const std::string& line : failures) {
      const size_t start = 6 + library.size();
      const size_t bracket = line.find(" [", start);
      if (bracket == std::string::npos) continue;
      const std::string where = line.substr(start, bracket - start);
      if (c.comment != where && !StartsWith(c.comment, where + ": ")) continue;
      const size_t close = line.find("] ", bracket);
      if (close == std::string::npos) continue;
      f.where = where;
      f.failure = line.substr(close + 2);
      break;
    }
    if (f.where.empty()) {
      *error = path + ": case " + std::to_string(c.id) + " ('" + c.comment +
               "') has no failure line in the header (not written by tools/ariasuite conformance)";
      return false;
    }
    out->push_back(std::move(f));
  }
  if (file.cases.empty()) {
    *error = path + ": a findings file without cases";
    return false;
  }
  return true;
}

// What the standard defines for a mode (the computation a wrong answer breaks).
std::string ModeClause(Mode m) {
  switch (m) {
    case Mode::kEcb: return "SP 800-38A §6.1: ECB encryption and decryption (ARIA: RFC 5794 §2)";
    case Mode::kCbc: return "SP 800-38A §6.2: CBC encryption and decryption (ARIA: RFC 5794 §2)";
    case Mode::kCtr: return "SP 800-38A §6.5: CTR mode, counter blocks as in §B.1";
    case Mode::kCbcPkcs5:
      return "SP 800-38A §6.2: CBC, padded as RFC 8018 §6.1.1 (encryption) and §6.1.2 "
             "(decryption)";
    case Mode::kGcm: return "SP 800-38D §7.1 (GCM-AE) and §7.2 (GCM-AD)";
    case Mode::kCcm:
      return "SP 800-38C §6.1 (generation-encryption) and §6.2 (decryption-verification)";
    case Mode::kCmac: return "SP 800-38B §6.2: CMAC generation";
    case Mode::kKw: return "SP 800-38F §6.2: KW-AE and KW-AD";
    case Mode::kKwp: return "SP 800-38F §6.3: KWP-AE and KWP-AD";
    case Mode::kCfb128:
    case Mode::kCfb8:
    case Mode::kCfb1: return "SP 800-38A §6.3: CFB mode";
    case Mode::kOfb: return "SP 800-38A §6.4: OFB mode";
  }
  return "";
}

// What an inverse operation must refuse whatever the sizes: its integrity check.
std::string IntegrityClause(Op op) {
  switch (op) {
    case Op::kGcmOpen:
      return "SP 800-38D §7.2: GCM-AD returns FAIL unless the tag computed over the AAD and the "
             "ciphertext equals the tag given";
    case Op::kCcmOpen:
      return "SP 800-38C §6.2: decryption-verification returns INVALID unless the tag matches";
    case Op::kKwUnwrap:
      return "SP 800-38F §6.2: KW-AD returns FAIL unless the unwrapped integrity check value is "
             "ICV1 (A6A6A6A6A6A6A6A6)";
    case Op::kKwpUnwrap:
      return "SP 800-38F §6.3: KWP-AD returns FAIL unless the unwrapped prefix is ICV2 "
             "(A65959A6), the length MLI fits the data and the padding is zero";
    case Op::kCbcPkcs5Decrypt:
      return "RFC 8018 §6.1.2: decryption fails unless the plaintext ends in a padding string of "
             "1 to 16 octets each equal to its length";
    case Op::kCmac:
      return "SP 800-38B §6.3: verification fails unless the MAC computed equals the tag given";
    default: return "";
  }
}

// The request of c a failure names (the first one the standard forbids when several have its op).
std::optional<Request> FailingRequest(const TestCase& c, const std::string& op) {
  std::optional<Request> first;
  for (const Request& r : RequestsFor(c)) {
    if (op != OpName(r.op)) continue;
    if (ForbiddenBy(r)) return r;
    if (!first) first = r;
  }
  return first;
}

// "CLAUSE: WHAT (got N bytes)" without the " (got ...)": one class for every size.
std::string WithoutGot(std::string s) {
  const size_t got = s.rfind(" (got ");
  if (got != std::string::npos) s.resize(got);
  return s;
}

struct Kind {
  std::string key, title, clause;
};

Kind KindOf(const FindingCase& f) {
  const size_t colon = f.failure.find(": ");
  const std::string op = f.failure.substr(0, colon);
  const std::string msg = colon == std::string::npos ? "" : f.failure.substr(colon + 2);
  const std::optional<Request> r = FailingRequest(f.test, op);
  if (StartsWith(msg, kCrashedPrefix)) {
    // What the library should have done instead: refuse a request the standard forbids or one
    // whose integrity check fails, else compute what the mode defines.
    std::string clause = ModeClause(f.test.mode);
    if (r) {
      if (std::optional<std::string> why = ForbiddenBy(*r)) {
        clause = WithoutGot(*why);
      } else if (f.test.expect == Expect::kInvalid && !IntegrityClause(r->op).empty()) {
        clause = IntegrityClause(r->op);
      }
    }
    return {op + "-crashes", op + " crashes instead of answering or refusing", clause};
  }
  if (StartsWith(msg, "expected a refusal, got") || StartsWith(msg, "accepted the modified tag")) {
    if (r) {
      if (std::optional<std::string> why = ForbiddenBy(*r)) {
        return {op + "-accepts-forbidden-input", op + " accepts input the standard forbids",
                WithoutGot(*why)};
      }
      if (std::string integrity = IntegrityClause(r->op); !integrity.empty()) {
        return {op + "-accepts-invalid-input",
                op + " accepts input its integrity check must refuse", integrity};
      }
    }
    return {op + "-accepts-invalid-input", op + " accepts a case the vector file marks invalid",
            ModeClause(f.test.mode)};
  }
  if (msg.find(", got a refusal") != std::string::npos) {
    return {op + "-refuses-valid-input", op + " refuses input the standard allows",
            ModeClause(f.test.mode)};
  }
  return {op + "-wrong-output", op + " computes a wrong answer", ModeClause(f.test.mode)};
}

size_t CaseSize(const TestCase& c) {
  return c.key.size() + c.iv.size() + c.aad.size() + c.msg.size() + c.ct.size() + c.tag.size();
}

std::string Flags(const TestCase& c) {
  std::string s;
  for (const std::string& f : c.flags) s += (s.empty() ? "" : ",") + f;
  return s;
}

std::string Joined(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += x + "\n";
  return s;
}

// A field of the reproducer's table: empty, its hex, or for more than 64 bytes the first 64 and the
// length (the request lines hold every byte).
std::string HexOrEmpty(const oracles::Bytes& b) {
  if (b.empty()) return "(empty)";
  if (b.size() <= 64) return model::Hex(b);
  return model::Hex(b.data(), 64) + "... (" + std::to_string(b.size()) +
         " bytes; every byte is in the request lines)";
}

}  // namespace

bool ReadFindings(const std::vector<std::string>& inputs, std::vector<FindingCase>* out,
                  std::string* error) {
  for (const std::string& in : inputs) {
    std::error_code ec;
    if (std::filesystem::is_directory(in, ec)) {
      std::vector<std::string> files;
      for (const auto& e : std::filesystem::directory_iterator(in, ec)) {
        if (e.path().extension() == ".json") files.push_back(e.path().string());
      }
      if (ec) {
        *error = in + ": cannot list the folder: " + ec.message();
        return false;
      }
      std::sort(files.begin(), files.end());
      for (const std::string& f : files) {
        if (!ReadOne(f, out, error)) return false;
      }
    } else if (std::filesystem::exists(in, ec)) {
      if (!ReadOne(in, out, error)) return false;
    } else {
      *error = in + ": no such findings folder or file";
      return false;
    }
  }
  return true;
}

std::vector<std::string> RequestLines(const TestCase& c) {
  std::vector<std::string> lines = {oracles::kProtocolHello};
  for (const Request& r : RequestsFor(c)) lines.push_back(oracles::FormatRequestLine(r));
  return lines;
}

std::vector<BugClass> ClassifyFindings(const std::vector<FindingCase>& cases) {
  std::map<std::pair<std::string, std::string>, BugClass> classes;
  std::map<std::pair<std::string, std::string>, std::set<std::string>> seen;
  for (const FindingCase& f : cases) {
    const Kind k = KindOf(f);
    const auto id = std::make_pair(f.library, k.key + "\n" + k.clause);
    BugClass& c = classes[id];
    if (c.key.empty()) {
      c.library = f.library;
      c.key = k.key;
      c.title = k.title;
      c.clause = k.clause;
    }
    if (c.version.empty()) c.version = f.version;
    // The same requests from two files (or twice in one) are one case.
    if (seen[id].insert(Joined(RequestLines(f.test))).second) c.cases.push_back(f);
  }
  std::vector<BugClass> out;
  std::map<std::pair<std::string, std::string>, int> same_key;
  for (auto& [id, c] : classes) {
    std::stable_sort(c.cases.begin(), c.cases.end(),
                     [](const FindingCase& a, const FindingCase& b) {
                       return CaseSize(a.test) < CaseSize(b.test);
                     });
    // Two clauses for one operation and kind: number the second one's key.
    const int n = same_key[{c.library, c.key}]++;
    if (n > 0) c.key += "-" + std::to_string(n + 1);
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<Replay> ReplaySmallest(const BugClass& c,
                                   const std::vector<oracles::Backend*>& backends) {
  std::vector<Replay> out;
  const TestCase& t = c.cases.front().test;
  for (oracles::Backend* b : backends) {
    Replay r;
    r.backend = b->name();
    r.independent = b->name() != c.library;
    if (std::optional<std::string> why = b->unavailable()) {
      r.outcome = "unavailable: " + *why;
      out.push_back(r);
      continue;
    }
    b->BeginFile();
    for (const Request& q : RequestsFor(t)) {
      r.answers.push_back(oracles::FormatResponseLine(b->Run(q)));
    }
    const CaseResult cr = RunCase(*b, t);
    r.version = b->version();
    switch (cr.outcome) {
      case CaseOutcome::kPass: r.outcome = "passes"; break;
      case CaseOutcome::kFail: r.outcome = "fails: " + cr.message; break;
      case CaseOutcome::kUnsupported: r.outcome = "unsupported (" + cr.message + ")"; break;
      case CaseOutcome::kError: r.outcome = "broke: " + cr.message; break;
    }
    out.push_back(r);
  }
  return out;
}

std::string RenderReport(const BugClass& c, const std::vector<Replay>& replays) {
  const FindingCase& s = c.cases.front();
  const TestCase& t = s.test;
  const std::string version = c.version.empty() ? "version not reported" : c.version;
  std::string o;
  o += "# " + c.library + ": " + c.title + "\n\n";
  o += "- Library tested: `" + c.library + "` (" + version + ")\n";
  o += "- Class: `" + c.key + "`\n";
  o += "- Standard: " + c.clause + "\n";
  std::map<std::string, int> per_file;
  for (const FindingCase& f : c.cases) {
    per_file[f.where.substr(0, f.where.rfind(':'))]++;
  }
  o += "- Cases: " + std::to_string(c.cases.size()) + " distinct (";
  bool first = true;
  for (const auto& [file, n] : per_file) {
    o += std::string(first ? "" : ", ") + file + ": " + std::to_string(n);
    first = false;
  }
  o += ")\n\n";

  o += "## What the standard says\n\n" + c.clause + ".\n\n";
  if (c.key.find("-accepts-") != std::string::npos) {
    o += "A conforming implementation refuses this request; `" + c.library + "` answers it.\n\n";
  } else if (c.key.find("-crashes") != std::string::npos) {
    o += "A conforming implementation either answers this request or refuses it; `" + c.library +
         "` does neither: the library itself crashed on these inputs (an exception it does not "
         "document for bad input, or a fault in its code), where the standard wants " +
         (t.expect == Expect::kValid     ? "the result it defines"
          : t.expect == Expect::kInvalid ? "a refusal"
                                         : "the result it defines or a refusal") +
         ".\n\n";
  } else if (c.key.find("-refuses-valid-input") != std::string::npos) {
    o += "The standard defines a result for this request; `" + c.library +
         "` refuses it. A library may document a narrower set of parameters than the standard "
         "allows (SP 800-38D §5.2.1.1, for one, recommends that GCM implementations support "
         "96-bit IVs only): if this refusal is such a documented restriction, it is a limitation "
         "to state, not a wrong result.\n\n";
  } else {
    o += "`" + c.library + "` gives a result other than the one the standard defines.\n\n";
  }
  if (t.expect == Expect::kAcceptable) {
    for (const std::string& flag : t.flags) {
      o += "The case is marked acceptable (" + flag + "): " + AcceptableReason(flag) + ".\n\n";
    }
  }
  o += "As the conformance runner reported it: `" + c.library + "` " + s.failure + "\n\n";

  o += "## Smallest reproducer\n\n";
  o += "Vector case `" + s.where + "`" + (t.flags.empty() ? "" : " [" + Flags(t) + "]") + " (" +
       std::string(ModeName(t.mode)) + ", expected " + ExpectName(t.expect) + "), from `" +
       s.findings_file + "`:\n\n";
  o += "| field | hex |\n|---|---|\n";
  o += "| key | " + HexOrEmpty(t.key) + " |\n";
  if (!t.iv.empty()) o += "| iv | " + HexOrEmpty(t.iv) + " |\n";
  if (!t.aad.empty()) o += "| aad | " + HexOrEmpty(t.aad) + " |\n";
  o += "| msg | " + HexOrEmpty(t.msg) + " |\n";
  o += "| ct | " + HexOrEmpty(t.ct) + " |\n";
  if (!t.tag.empty() || t.tag_len) o += "| tag | " + HexOrEmpty(t.tag) + " |\n";
  o += "\nThe exec protocol's request lines for this case (oracles/PROTOCOL.md; each request must "
       "be answered as the case expects, every one the standard forbids with `refused`):\n\n";
  o += "```\n" + Joined(RequestLines(t)) + "```\n\n";
  // The answers, one block per distinct set of answers, naming every implementation giving it.
  std::vector<std::pair<std::string, std::string>> blocks;  // answers, who
  for (const Replay& r : replays) {
    if (r.answers.empty()) continue;
    const std::string who =
        "`" + r.backend + "`" + (r.independent ? "" : " (the library reported)");
    const std::string answers = Joined(r.answers);
    auto it = std::find_if(blocks.begin(), blocks.end(),
                           [&](const auto& b) { return b.first == answers; });
    if (it == blocks.end()) {
      blocks.emplace_back(answers, who);
    } else {
      it->second += ", " + who;
    }
  }
  for (const auto& [answers, who] : blocks) {
    o += "Answered by " + who + ":\n\n```\n" + answers + "```\n\n";
  }
  o += "Replay: `tools/ariasuite conformance --impl none --oracle " + c.library + " " +
       s.findings_file + "`\n\n";

  o += "## Independent implementations on this case\n\n";
  o += "| implementation | version | outcome |\n|---|---|---|\n";
  std::vector<std::string> agree, deviate;
  bool ours_pass = false, have_ours = false;
  for (const Replay& r : replays) {
    o += "| `" + r.backend + "`" + (r.independent ? "" : " (reported)") + " | " +
         (r.version.empty() ? "-" : r.version) + " | " + r.outcome + " |\n";
    if (StartsWith(r.backend, "ours")) {
      have_ours = true;
      ours_pass = ours_pass || r.outcome == "passes";
      continue;
    }
    if (!r.independent) continue;
    if (r.outcome == "passes") agree.push_back(r.backend);
    if (StartsWith(r.outcome, "fails")) deviate.push_back(r.backend);
  }
  auto list = [](const std::vector<std::string>& v) {
    std::string s;
    for (const std::string& x : v) s += (s.empty() ? "" : ", ") + x;
    return s.empty() ? std::string("none") : s;
  };
  o += "\n";
  if (have_ours) {
    o += std::string("ariasuite's own paths (one vote) ") +
         (ours_pass ? "pass this case." : "do NOT pass this case: check the vector first.") + "\n";
  } else {
    o += "ariasuite's own paths were not run for this report.\n";
  }
  o += "Independent implementations that agree with ours (pass the case): " + list(agree) + ".\n";
  o += "Independent implementations that fail it too: " + list(deviate) + ".\n\n";

  o += "## Every case of this class\n\n";
  for (const FindingCase& f : c.cases) {
    o += "- `" + f.where + "`" + (f.test.flags.empty() ? "" : " [" + Flags(f.test) + "]") + ": " +
         f.failure + "\n";
  }
  return o;
}

}  // namespace ariasuite::conformance
