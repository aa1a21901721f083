// What each case demands of a backend, and the reports. The checks per case:
//   valid:      every direction the case covers gives exactly the expected bytes
//               (seal -> ct and tag, open -> msg; encrypt -> ct, decrypt -> msg; CMAC -> tag;
//               wrap -> ct, unwrap -> msg).
//   invalid:    the decrypting direction (open, decrypt, unwrap) must refuse; when the case's
//               parameters are invalid (TestCase::params_invalid) or the case is about
//               encryption only, the encrypting direction must refuse too. CMAC: the MAC must be
//               refused or differ from the tag (MAC verification fails).
//   acceptable: each direction either refuses or gives exactly the expected bytes (the reason
//               per flag is AcceptableReason()).
// A backend answering "unsupported" to any request of a case makes the case unsupported (not a
// pass); an error answer (Result::error) makes it an error (the backend broke) whatever the case
// expects. Each failure of an oracle is then judged by verdict.h's rule against the vector file
// and the implementations under test: a third-party finding only when they pass the case.
#include "conformance/runner.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "vectors/wycheproof_writer.h"
#include "oracles/hex.h"

namespace ariasuite::conformance {

using oracles::Backend;
using oracles::Bytes;
using oracles::DecryptOp;
using oracles::EncryptOp;
using oracles::Hex;
using oracles::Mode;
using oracles::ModeName;
using oracles::Op;
using oracles::OpName;
using oracles::Request;
using oracles::Result;

namespace {

enum class Want { kEqual, kRefuse, kEqualOrRefuse, kDifferOrRefuse };

struct Check {
  Request request;
  Want want;
  Bytes out;  // expected output (kEqual...)
  Bytes tag;  // expected tag
  bool check_out = true;
  bool check_tag = false;
};

// Hex of at most 64 bytes, then the length.
std::string Short(const Bytes& b) {
  if (b.size() <= 64) return Hex(b);
  return Hex(b.data(), 64) + "...(" + std::to_string(b.size()) + " bytes)";
}

std::string Expected(const Check& c) {
  std::string s;
  if (c.check_out) s += "output=" + Short(c.out);
  if (c.check_tag) s += std::string(s.empty() ? "" : " ") + "tag=" + Short(c.tag);
  return s;
}

std::string Got(const Result& r, const Check& c) {
  if (!r.accepted) return r.detail.empty() ? "a refusal" : "a refusal (" + r.detail + ")";
  std::string s;
  if (c.check_out) s += "output=" + Short(r.output);
  if (c.check_tag) s += std::string(s.empty() ? "" : " ") + "tag=" + Short(r.tag);
  return s;
}

bool Matches(const Result& r, const Check& c) {
  return r.accepted && (!c.check_out || r.output == c.out) && (!c.check_tag || r.tag == c.tag);
}

std::vector<Check> ChecksFor(const TestCase& c) {
  std::vector<Check> checks;
  const bool aead = c.mode == Mode::kGcm || c.mode == Mode::kCcm;
  Request base;
  base.cipher = c.cipher;
  base.key = c.key;
  if (c.mode != Mode::kEcb && c.mode != Mode::kCmac && c.mode != Mode::kKw &&
      c.mode != Mode::kKwp) {
    base.iv = c.iv;
  }
  if (aead) base.aad = c.aad;

  if (c.mode == Mode::kCmac) {
    Check k;
    k.request = base;
    k.request.op = Op::kCmac;
    k.request.input = c.msg;
    k.request.tag_len = c.tag_len;
    k.check_out = false;
    k.check_tag = true;
    k.tag = c.tag;
    k.want = c.expect == Expect::kValid     ? Want::kEqual
             : c.expect == Expect::kInvalid ? Want::kDifferOrRefuse
                                            : Want::kEqualOrRefuse;
    checks.push_back(k);
    return checks;
  }

  Check enc;
  enc.request = base;
  enc.request.op = EncryptOp(c.mode);
  enc.request.input = c.msg;
  if (aead) {
    enc.request.tag_len = c.tag_len;
    enc.check_tag = true;
    enc.tag = c.tag;
  }
  enc.out = c.ct;

  Check dec;
  dec.request = base;
  dec.request.op = DecryptOp(c.mode);
  dec.request.input = c.ct;
  if (aead) dec.request.tag = c.tag;
  dec.out = c.msg;

  const bool do_enc = c.direction != Direction::kDecrypt;
  const bool do_dec = c.direction != Direction::kEncrypt;
  switch (c.expect) {
    case Expect::kValid:
      enc.want = dec.want = Want::kEqual;
      if (do_enc) checks.push_back(enc);
      if (do_dec) checks.push_back(dec);
      break;
    case Expect::kInvalid:
      enc.want = dec.want = Want::kRefuse;
      if (do_dec) checks.push_back(dec);
      if (c.params_invalid || c.direction == Direction::kEncrypt) checks.push_back(enc);
      break;
    case Expect::kAcceptable:
      enc.want = dec.want = Want::kEqualOrRefuse;
      if (do_enc) checks.push_back(enc);
      if (do_dec) checks.push_back(dec);
      break;
  }
  return checks;
}

std::string Flags(const TestCase& c) {
  std::string s = "[";
  for (size_t i = 0; i < c.flags.size(); ++i) s += (i ? "," : "") + c.flags[i];
  return s + "]";
}

}  // namespace

std::string AcceptableReason(const std::string& flag) {
  // Policies for the flags Wycheproof marks "acceptable" in the ARIA files.
  static const std::map<std::string, std::string> kReasons = {
      {"ShortKey",
       "KW of an 8-byte key: SP 800-38F §6.2 requires at least two semiblocks (so refusing is "
       "right), while RFC 3394 §2 as some libraries read it wraps a single semiblock; refusing "
       "or giving exactly the expected wrapping both conform"},
      {"SmallKey",
       "KWP of a key shorter than 16 bytes: SP 800-38F §6.3 allows 1 byte and up, rejecting weak "
       "keys is a policy choice; refusing or the exact answer both conform"},
  };
  auto it = kReasons.find(flag);
  if (it != kReasons.end()) return it->second;
  return "no ariasuite policy for flag '" + flag +
         "': Wycheproof's reading of acceptable applies (a refusal or exactly the expected bytes)";
}

std::vector<Request> RequestsFor(const TestCase& c) {
  std::vector<Request> out;
  for (const Check& k : ChecksFor(c)) out.push_back(k.request);
  return out;
}

CaseResult RunCase(Backend& backend, const TestCase& c) {
  CaseResult result;
  bool unsupported = false;
  for (const Check& k : ChecksFor(c)) {
    const char* op = OpName(k.request.op);
    std::optional<Result> r = backend.Run(k.request);
    if (!r) {
      unsupported = true;
      if (result.message.empty()) result.message = op;
      continue;
    }
    if (!r->error.empty()) {
      return CaseResult{CaseOutcome::kError, std::string(op) + ": backend error: " + r->error};
    }
    std::string fail;
    switch (k.want) {
      case Want::kEqual:
        if (!Matches(*r, k)) fail = "expected " + Expected(k) + ", got " + Got(*r, k);
        break;
      case Want::kRefuse:
        if (r->accepted) fail = "expected a refusal, got " + Got(*r, k);
        break;
      case Want::kEqualOrRefuse:
        if (r->accepted && !Matches(*r, k)) {
          fail = "expected a refusal or " + Expected(k) + ", got " + Got(*r, k);
        }
        break;
      case Want::kDifferOrRefuse:
        if (Matches(*r, k)) fail = "accepted the modified tag " + Short(k.tag);
        break;
    }
    if (!fail.empty()) return CaseResult{CaseOutcome::kFail, std::string(op) + ": " + fail};
  }
  if (unsupported) return CaseResult{CaseOutcome::kUnsupported, result.message};
  return CaseResult{CaseOutcome::kPass, ""};
}

namespace {

// verdict.h's rule on one case: the vector file (an independent source: a file is trusted only
// where two independent implementations agreed on it) and each backend that answered, with
// "passed the case" as one answer and every failure or error as an answer of its own.
Blame JudgeCase(const std::vector<PairResult>& pairs, size_t case_index, size_t failing_pair) {
  std::vector<Vote> votes;
  votes.push_back({"vector file", false, 0, false});
  bool have_ours = false;
  for (size_t k = 0; k < pairs.size(); ++k) {
    const PairResult& p = pairs[k];
    if (p.outcomes.size() <= case_index) continue;
    const CaseOutcome o = p.outcomes[case_index];
    if (o == CaseOutcome::kUnsupported) continue;
    have_ours |= p.under_test;
    votes.push_back({p.backend, p.under_test,
                     o == CaseOutcome::kPass ? 0 : 1 + static_cast<int>(k), false});
  }
  // No implementation under test answered: the vector file alone is the reference.
  if (!have_ours) return pairs[failing_pair].under_test ? Blame::kOurs : Blame::kThirdParty;
  return Judge(votes).blame;
}

}  // namespace

FileResult RunFile(const VectorFile& file, const std::vector<SelectedBackend>& backends) {
  FileResult fr;
  fr.file = &file;
  for (const SelectedBackend& sb : backends) {
    PairResult p;
    p.backend = sb.backend->name();
    p.under_test = sb.under_test;
    p.may_skip = sb.may_skip;
    p.skip_reason = sb.backend->unavailable();
    if (!p.skip_reason) {
      for (const TestCase& c : file.cases) {
        CaseResult cr = RunCase(*sb.backend, c);
        p.outcomes.push_back(cr.outcome);
        switch (cr.outcome) {
          case CaseOutcome::kPass: ++p.passed; break;
          case CaseOutcome::kUnsupported:
            ++p.unsupported;
            if (p.unsupported_example.empty()) {
              p.unsupported_op = cr.message + " " + ModeName(c.mode);
              p.unsupported_example = p.unsupported_op + " (" + c.where + ")";
            }
            break;
          case CaseOutcome::kFail:
            ++p.failed;
            p.failures.push_back("FAIL " + p.backend + " " + c.where + " " + Flags(c) + " " +
                                 cr.message);
            break;
          case CaseOutcome::kError:
            ++p.errors;
            p.failures.push_back("BROKE " + p.backend + " " + c.where + " " + cr.message);
            if (p.first_error.empty()) p.first_error = c.where + ": " + cr.message;
            break;
        }
      }
    }
    fr.pairs.push_back(std::move(p));
  }
  // Judge each oracle failure: a finding about that library only when the implementations under
  // test side with the vector file on that case.
  for (size_t k = 0; k < fr.pairs.size(); ++k) {
    PairResult& p = fr.pairs[k];
    if (p.under_test) continue;
    for (size_t i = 0; i < p.outcomes.size(); ++i) {
      if (p.outcomes[i] != CaseOutcome::kFail && p.outcomes[i] != CaseOutcome::kError) continue;
      if (JudgeCase(fr.pairs, i, k) == Blame::kThirdParty) {
        ++p.third_party;
        if (p.outcomes[i] == CaseOutcome::kFail) p.failed_cases.push_back(&file.cases[i]);
      }
    }
  }
  return fr;
}

PairVerdict VerdictOf(const PairResult& p) {
  const bool nothing = p.under_test && !p.may_skip;
  if (p.skip_reason) return nothing ? PairVerdict::kNothingRan : PairVerdict::kSkipped;
  if (p.failed > 0) return PairVerdict::kFailed;
  if (p.errors > 0) return PairVerdict::kBroke;
  if (p.passed == 0) return p.under_test ? PairVerdict::kNothingRan : PairVerdict::kSkipped;
  if (p.unsupported > 0) return PairVerdict::kPartial;
  return PairVerdict::kPassed;
}

const char* VerdictName(PairVerdict v) {
  switch (v) {
    case PairVerdict::kPassed: return "passed";
    case PairVerdict::kFailed: return "FAILED";
    case PairVerdict::kBroke: return "BROKE";
    case PairVerdict::kPartial: return "partial";
    case PairVerdict::kSkipped: return "SKIP";
    case PairVerdict::kNothingRan: return "NOT RUN";
  }
  return "?";
}

std::string NotRunReason(const PairResult& p) {
  if (p.skip_reason) return *p.skip_reason;
  if (p.errors > 0 && p.failed == 0) {
    return "broke on " + std::to_string(p.errors) + " case(s), first " + p.first_error;
  }
  if (p.passed == 0 && p.failed == 0) {
    if (p.unsupported == 0) return "the file has no case to run";
    return "no case supported (the backend answers 'unsupported', e.g. to " + p.unsupported_op +
           ")";
  }
  return "";
}

namespace {

std::string Pad(const std::string& s, size_t w) {
  return s.size() >= w ? s + " " : s + std::string(w - s.size(), ' ');
}

}  // namespace

void PrintFileReport(const FileResult& r, int max_failures, std::ostream& out) {
  const VectorFile& f = *r.file;
  out << "== " << f.path << " (" << f.format << ", " << f.algorithm << ", " << f.cases.size()
      << " cases)\n";
  for (const std::string& s : f.skipped) out << "  SKIP (not loaded) " << s << "\n";
  if (!f.left_out.empty()) out << "  left out at load: " << f.left_out << "\n";
  for (const PairResult& p : r.pairs) {
    const PairVerdict v = VerdictOf(p);
    out << "  " << Pad(p.backend, 20) << Pad(VerdictName(v), 8);
    if (v == PairVerdict::kSkipped || v == PairVerdict::kNothingRan) {
      out << NotRunReason(p);
      if (v == PairVerdict::kNothingRan) out << "  [implementation under test did not run]";
    } else {
      out << p.passed << " passed, " << p.failed << " failed";
      if (p.errors > 0) out << ", " << p.errors << " broke (first " << p.first_error << ")";
      if (p.unsupported > 0) {
        out << ", " << p.unsupported << " unsupported (e.g. " << p.unsupported_example << ")";
      }
      if (p.third_party > 0) out << "  [third-party finding]";
      if (!p.under_test && p.failed + p.errors > p.third_party) {
        out << "  [" << (p.failed + p.errors - p.third_party)
            << " failed where an implementation under test failed too: not a finding]";
      }
    }
    out << "\n";
  }
  for (const PairResult& p : r.pairs) {
    int shown = 0;
    for (const std::string& line : p.failures) {
      if (shown++ == max_failures) {
        out << "  ... and " << (p.failures.size() - static_cast<size_t>(max_failures))
            << " more failures of " << p.backend << " (all in --junit / --findings)\n";
        break;
      }
      out << "  " << line << "\n";
    }
  }
}

void PrintVerdictTable(const std::vector<FileResult>& results, std::ostream& out) {
  if (results.empty()) return;
  std::vector<std::string> names;
  for (const FileResult& r : results) {
    for (const PairResult& p : r.pairs) {
      if (std::find(names.begin(), names.end(), p.backend) == names.end()) {
        names.push_back(p.backend);
      }
    }
  }
  size_t file_w = 4;
  for (const FileResult& r : results) {
    file_w = std::max(file_w, std::filesystem::path(r.file->path).filename().string().size());
  }
  std::vector<size_t> col_w;
  for (const std::string& n : names) col_w.push_back(std::max<size_t>(n.size(), 10) + 1);
  out << "\nVerdict table (cells: passed/total; FAIL n = n cases failed; BROKE n = the backend broke "
         "on n cases; SKIP = an oracle that did not run; NOT RUN = an implementation under test that "
         "did not run; * = some cases unsupported, not counted as passed)\n";
  out << Pad("file", file_w + 1);
  for (size_t i = 0; i < names.size(); ++i) out << Pad(names[i], col_w[i]);
  out << "\n";
  // Notes per backend, in column order: why cells are SKIP, *, FAIL.
  struct Notes {
    std::vector<std::string> unavailable, unsupported_ops, partial_ops;
    std::vector<std::string> skip_files, partial_files, fail_files, not_run_files, broke_files;
    std::vector<std::string> broke_notes;
    bool under_test = false;
  };
  std::map<std::string, Notes> notes;
  auto add = [](std::vector<std::string>& v, const std::string& x) {
    if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
  };
  for (const FileResult& r : results) {
    out << Pad(std::filesystem::path(r.file->path).filename().string(), file_w + 1);
    for (size_t i = 0; i < names.size(); ++i) {
      std::string cell = "-";
      for (const PairResult& p : r.pairs) {
        if (p.backend != names[i]) continue;
        const int total = static_cast<int>(r.file->cases.size());
        const PairVerdict v = VerdictOf(p);
        const std::string file = std::filesystem::path(r.file->path).filename().string();
        Notes& n = notes[p.backend];
        n.under_test = p.under_test;
        if (v == PairVerdict::kSkipped || v == PairVerdict::kNothingRan) {
          cell = v == PairVerdict::kNothingRan ? "NOT RUN" : "SKIP";
          add(v == PairVerdict::kNothingRan ? n.not_run_files : n.skip_files, file);
          if (p.skip_reason) {
            add(n.unavailable, *p.skip_reason);
          } else {
            add(n.unsupported_ops, NotRunReason(p));
          }
        } else if (v == PairVerdict::kFailed) {
          cell = "FAIL " + std::to_string(p.failed);
          add(n.fail_files, file);
        } else if (v == PairVerdict::kBroke) {
          cell = "BROKE " + std::to_string(p.errors);
          add(n.broke_files, file);
          add(n.broke_notes, p.first_error);
        } else {
          cell = std::to_string(p.passed) + "/" + std::to_string(total) + (p.unsupported ? "*" : "");
          if (p.unsupported) {
            add(n.partial_files, file);
            add(n.partial_ops, p.unsupported_op);
          }
        }
      }
      out << Pad(cell, col_w[i]);
    }
    out << "\n";
  }
  auto join = [](const std::vector<std::string>& v) {
    std::string s;
    for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
    return s;
  };
  auto files = [&](const std::vector<std::string>& v) {
    return v.size() > 4 ? std::to_string(v.size()) + " files" : join(v);
  };
  for (const std::string& name : names) {
    const Notes& n = notes[name];
    const std::string tag = n.not_run_files.empty() ? "SKIP " : "NOT RUN ";
    std::vector<std::string> not_run = n.skip_files;
    not_run.insert(not_run.end(), n.not_run_files.begin(), n.not_run_files.end());
    if (!n.unavailable.empty()) {
      out << tag << name << ": " << join(n.unavailable) << " [" << files(not_run) << "]\n";
    } else if (!not_run.empty()) {
      out << tag << name << ": " << join(n.unsupported_ops) << " [" << files(not_run) << "]\n";
    }
    if (!n.broke_files.empty()) {
      out << "BROKE " << name << ": " << join(n.broke_notes) << " [" << files(n.broke_files)
          << "]\n";
    }
    if (!n.partial_files.empty()) {
      out << "*    " << name << ": some cases unsupported (e.g. " << join(n.partial_ops) << ") ["
          << files(n.partial_files) << "]\n";
    }
    if (!n.fail_files.empty()) {
      out << "FAIL " << name
          << (n.under_test ? " (implementation under test): "
                           : " (third-party finding; reproducers in the findings folder): ")
          << files(n.fail_files) << "\n";
    }
  }
}

namespace {

std::string Xml(const std::string& s) {
  std::string o;
  for (unsigned char c : s) {
    switch (c) {
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '&': o += "&amp;"; break;
      case '"': o += "&quot;"; break;
      default:
        if (c < 0x20 && c != '\n' && c != '\t') {
          o += ' ';
        } else {
          o.push_back(static_cast<char>(c));
        }
    }
  }
  return o;
}

}  // namespace

std::string JunitXml(const std::vector<FileResult>& results) {
  std::ostringstream o;
  o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"ariasuite-conformance\">\n";
  for (const FileResult& r : results) {
    int failures = 0, skipped = 0;
    for (const PairResult& p : r.pairs) {
      const PairVerdict v = VerdictOf(p);
      failures += v == PairVerdict::kFailed || v == PairVerdict::kBroke ||
                  v == PairVerdict::kNothingRan;
      skipped += v == PairVerdict::kSkipped || v == PairVerdict::kPartial;
    }
    o << "  <testsuite name=\"" << Xml(r.file->path) << "\" tests=\"" << r.pairs.size()
      << "\" failures=\"" << failures << "\" skipped=\"" << skipped << "\">\n";
    for (const PairResult& p : r.pairs) {
      const PairVerdict v = VerdictOf(p);
      o << "    <testcase classname=\"" << Xml(r.file->path) << "\" name=\"" << Xml(p.backend)
        << "\">";
      if (v == PairVerdict::kFailed || v == PairVerdict::kBroke) {
        o << "\n      <failure message=\"" << p.failed << " of " << r.file->cases.size()
          << " cases failed";
        if (p.errors > 0) o << ", broke on " << p.errors;
        o << (p.third_party > 0 ? " (third-party finding)" : "") << "\">";
        for (const std::string& line : p.failures) o << Xml(line) << "\n";
        o << "</failure>\n    ";
      } else if (v == PairVerdict::kNothingRan) {
        o << "\n      <failure message=\"implementation under test did not run: "
          << Xml(NotRunReason(p)) << "\"/>\n    ";
      } else if (v == PairVerdict::kSkipped) {
        o << "\n      <skipped message=\"" << Xml(NotRunReason(p)) << "\"/>\n    ";
      } else if (v == PairVerdict::kPartial) {
        o << "\n      <skipped message=\"" << p.passed << " passed, " << p.unsupported
          << " unsupported: " << Xml(p.unsupported_example) << "\"/>\n    ";
      }
      o << "</testcase>\n";
    }
    o << "  </testsuite>\n";
  }
  o << "</testsuites>\n";
  return o.str();
}

std::vector<std::string> WriteFindings(const FileResult& r, const std::string& dir,
                                       std::string* error) {
  std::vector<std::string> written;
  for (const PairResult& p : r.pairs) {
    if (p.under_test || p.failed_cases.empty()) continue;
    // One document per algorithm (evp and testmgr files mix modes).
    std::map<std::string, vectors::WycheproofDoc> docs;
    for (const TestCase* c : p.failed_cases) {
      const std::string alg = vectors::WycheproofAlgorithm(c->cipher, c->mode);
      vectors::WycheproofDoc& d = docs[alg];
      if (d.algorithm.empty()) {
        d.algorithm = alg;
        d.mode = c->mode;
        d.generator_version = "ariasuite-findings-1";
        d.header = {"Third-party finding: " + p.backend + " failed these cases of " + r.file->path +
                        " (" + r.file->format + ").",
                    "Reproduce: tools/ariasuite conformance --impl none --oracle " + p.backend +
                        " THIS_FILE",
                    "Failures as reported:"};
        for (const std::string& line : p.failures) {
          if (line.find(" " + c->where + " ") != std::string::npos) d.header.push_back(line);
        }
      } else {
        for (const std::string& line : p.failures) {
          if (line.find(" " + c->where + " ") != std::string::npos) d.header.push_back(line);
        }
      }
      TestCase copy = *c;
      std::vector<std::string> flags;
      for (const std::string& f : copy.flags) {
        flags.push_back(f);
        if (d.notes.count(f) == 0) {
          auto it = r.file->notes.find(f);
          d.notes[f] = it != r.file->notes.end()
                           ? it->second
                           : FlagNote{"SOURCE", "Outcome marker from the source file (" +
                                                    r.file->format + "): " + f};
        }
      }
      // Keep what the source format expected: parameters that must be refused in every direction.
      if (copy.expect == Expect::kInvalid &&
          (copy.params_invalid || copy.direction == Direction::kEncrypt)) {
        flags.push_back("InvalidParameters");
        d.notes["InvalidParameters"] =
            FlagNote{"MODIFIED_PARAMETER",
                     "The source vector expects the encrypting direction (seal, encrypt, wrap) to "
                     "be refused as well as the decrypting one."};
      }
      copy.flags = flags;
      copy.comment = c->where + (c->comment.empty() ? "" : ": " + c->comment);
      copy.id = static_cast<int64_t>(d.cases.size()) + 1;
      d.cases.push_back(std::move(copy));
    }
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) {
      *error = dir + ": cannot create the findings folder: " + ec.message();
      return written;
    }
    for (auto& [alg, doc] : docs) {
      // An exec backend is named by its program's path: keep only the file name, so the finding's
      // name stays within the file system's 255-byte limit however deep the program lives.
      std::string backend = p.backend;
      if (const size_t slash = backend.rfind('/'); slash != std::string::npos) {
        backend = backend.substr(0, backend.find(':') + 1) + backend.substr(slash + 1);
      }
      if (backend.size() > 64) backend.resize(64);
      for (char& ch : backend) {
        if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-') ch = '_';
      }
      const std::string stem = std::filesystem::path(r.file->path).stem().string();
      const std::string path = dir + "/" + backend + "__" + stem + "__" + alg + ".json";
      std::ofstream f(path, std::ios::binary | std::ios::trunc);
      f << vectors::WriteWycheproof(doc);
      if (!f) {
        *error = path + ": cannot write";
        return written;
      }
      written.push_back(path);
    }
  }
  return written;
}

}  // namespace ariasuite::conformance
