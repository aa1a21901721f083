// Reproducer vector files for third-party findings (see reproducer.h).
#include "fuzz/reproducer.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>

#include "vectors/vector.h"
#include "vectors/wycheproof_writer.h"

namespace ariasuite::fuzz {

using oracles::Mode;
using vectors::Direction;
using vectors::Expect;

std::string ReproducerJson(const oracles::Request& r,
                           const std::optional<oracles::Result>& expected,
                           const std::string& comment) {
  if (!expected) return "";
  const Mode mode = oracles::ModeOf(r.op);
  const bool encrypting = oracles::IsEncrypting(r.op);
  vectors::TestCase c;
  c.id = 1;
  c.comment = comment;
  c.flags = {"FuzzFinding"};
  c.mode = mode;
  c.cipher = r.cipher;
  c.direction = encrypting ? Direction::kEncrypt : Direction::kDecrypt;
  c.key = r.key;
  c.iv = r.iv;
  c.aad = r.aad;
  c.tag_len = r.tag.empty() ? r.tag_len : r.tag.size();
  if (expected->accepted) {
    c.expect = Expect::kValid;
    if (encrypting) {
      c.msg = r.input;
      c.ct = expected->output;
      c.tag = expected->tag;
    } else {
      c.ct = r.input;
      c.tag = r.tag;
      c.msg = expected->output;
    }
  } else {
    // The majority refused: the odd library accepted what it should not have.
    c.expect = Expect::kInvalid;
    if (encrypting) {
      // The loader marks a case whose parameters are invalid (so the encrypting direction must be
      // refused too) by these Wycheproof flags.
      std::string flag = "WrongDataSize";
      if (mode == Mode::kGcm) {
        flag = r.iv.empty() ? "ZeroLengthIv" : "InvalidTagSize";
      } else if (mode == Mode::kCcm) {
        flag = (r.iv.size() < 7 || r.iv.size() > 13) ? "InvalidNonceSize" : "InvalidTagSize";
      }
      c.flags.push_back(flag);
    }
    c.params_invalid = encrypting;
    if (encrypting) {
      c.msg = r.input;
      c.ct.assign(r.input.size(), 0);
      c.tag.assign(c.tag_len, 0);
    } else {
      c.ct = r.input;
      c.tag = r.tag;
      c.msg.assign(r.input.size(), 0);
    }
  }
  vectors::WycheproofDoc doc;
  doc.algorithm = vectors::WycheproofAlgorithm(r.cipher, mode);
  doc.mode = mode;
  doc.header = {"A differential fuzzing finding of ariasuite (fuzz/README.md): the expected result",
                "is the answer of the majority of backends, including every path of ours."};
  doc.notes["FuzzFinding"] = vectors::FlagNote{
      "EdgeCase",
      "Found by ariasuite's differential fuzzers: one library disagrees with the rest."};
  const std::map<std::string, std::string> descriptions = {
      {"WrongDataSize",
       "The data size is one the mode cannot process (SP 800-38F §6.2: KW needs "
       "at least two semiblocks)."},
      {"ZeroLengthIv", "An empty IV (SP 800-38D §5.2.1.1 needs len(IV) >= 1)."},
      {"InvalidTagSize", "A tag length the mode does not allow."},
      {"InvalidNonceSize", "A nonce length the mode does not allow (SP 800-38C §A.1: 7..13)."}};
  for (const std::string& f : c.flags) {
    auto it = descriptions.find(f);
    if (it != descriptions.end()) doc.notes[f] = vectors::FlagNote{"ModifiedParameter", it->second};
  }
  doc.cases.push_back(c);
  return vectors::WriteWycheproof(doc);
}

std::string WriteReproducer(const oracles::Request& request,
                            const std::optional<oracles::Result>& expected,
                            const std::string& odd_backend, const std::string& comment) {
  const char* dir = std::getenv("ARIASUITE_FUZZ_FINDINGS_DIR");
  if (dir == nullptr || *dir == '\0') return "";
  const std::string json = ReproducerJson(request, expected, comment);
  if (json.empty()) return "";
  std::string name;
  for (char ch : odd_backend) name += (ch == '/' || ch == ':') ? '_' : ch;
  char hash[17];
  std::snprintf(hash, sizeof(hash), "%016zx", std::hash<std::string>{}(json));
  const std::string path = std::string(dir) + "/reproducer-" + oracles::OpName(request.op) + "-" +
                           name + "-" + hash + ".json";
  std::ofstream out(path, std::ios::trunc);
  out << json;
  return out.good() ? path : "";
}

}  // namespace ariasuite::fuzz
