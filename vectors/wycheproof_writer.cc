// Wycheproof JSON output (schemas aead_test, ind_cpa_test, mac_test, keywrap_test).
#include "vectors/wycheproof_writer.h"

#include <cstdio>
#include <tuple>

#include "vectors/model/hex.h"

namespace ariasuite::vectors {

using model::Cipher;
using model::Hex;
using model::Mode;

namespace {

const char* GroupType(Mode mode) {
  switch (mode) {
    case Mode::kGcm:
    case Mode::kCcm: return "AeadTest";
    case Mode::kCmac: return "MacTest";
    case Mode::kKw:
    case Mode::kKwp: return "KeywrapTest";
    default: return "IndCpaTest";
  }
}

const char* Schema(Mode mode) {
  switch (mode) {
    case Mode::kGcm:
    case Mode::kCcm: return "aead_test_schema_v1.json";
    case Mode::kCmac: return "mac_test_schema_v1.json";
    case Mode::kKw:
    case Mode::kKwp: return "keywrap_test_schema_v1.json";
    default: return "ind_cpa_test_schema_v1.json";
  }
}

}  // namespace

std::string WycheproofAlgorithm(Cipher cipher, Mode mode) {
  std::string c = cipher == Cipher::kAes ? "AES" : "ARIA";
  switch (mode) {
    case Mode::kEcb: return c + "-ECB";
    case Mode::kCbc: return c + "-CBC";
    case Mode::kCtr: return c + "-CTR";
    case Mode::kCbcPkcs5: return c + "-CBC-PKCS5";
    case Mode::kGcm: return c + "-GCM";
    case Mode::kCcm: return c + "-CCM";
    case Mode::kCmac: return c + "-CMAC";
    case Mode::kKw: return c + "-WRAP";
    case Mode::kKwp: return c + "-KWP";
    case Mode::kCfb128: return c + "-CFB128";
    case Mode::kCfb8: return c + "-CFB8";
    case Mode::kCfb1: return c + "-CFB1";
    case Mode::kOfb: return c + "-OFB";
  }
  return c;
}

std::string JsonString(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof(buf), "\\u%04x", c);
          out += buf;
        } else {
          out.push_back(static_cast<char>(c));
        }
    }
  }
  return out + "\"";
}

std::string WriteWycheproof(const WycheproofDoc& doc) {
  const Mode m = doc.mode;
  const bool aead = m == Mode::kGcm || m == Mode::kCcm;
  const bool has_iv = aead || m == Mode::kCbcPkcs5 || m == Mode::kCbc || m == Mode::kCtr ||
                      m == Mode::kCfb128 || m == Mode::kCfb8 || m == Mode::kCfb1 || m == Mode::kOfb;
  const bool has_tag = aead || m == Mode::kCmac;
  std::string o;
  o += "{\n";
  o += "  \"algorithm\": " + JsonString(doc.algorithm) + ",\n";
  o += "  \"schema\": " + JsonString(Schema(m)) + ",\n";
  if (!doc.generator_version.empty()) {
    o += "  \"generatorVersion\": " + JsonString(doc.generator_version) + ",\n";
  }
  o += "  \"numberOfTests\": " + std::to_string(doc.cases.size()) + ",\n";
  o += "  \"header\": [";
  for (size_t i = 0; i < doc.header.size(); ++i) {
    o += (i ? ",\n    " : "\n    ") + JsonString(doc.header[i]);
  }
  o += doc.header.empty() ? "],\n" : "\n  ],\n";
  o += "  \"notes\": {";
  bool first = true;
  for (const auto& [flag, note] : doc.notes) {
    o += first ? "\n" : ",\n";
    first = false;
    o += "    " + JsonString(flag) + ": {\n";
    o += "      \"bugType\": " + JsonString(note.bug_type) + ",\n";
    o += "      \"description\": " + JsonString(note.description) + "\n";
    o += "    }";
  }
  o += doc.notes.empty() ? "},\n" : "\n  },\n";
  // Groups by (key, IV, tag) size in order of first appearance.
  using Key = std::tuple<size_t, size_t, size_t>;
  std::vector<Key> order;
  std::vector<std::vector<const TestCase*>> groups;
  for (const TestCase& c : doc.cases) {
    Key k{c.key.size(), has_iv ? c.iv.size() : 0, has_tag ? c.tag_len : 0};
    size_t i = 0;
    while (i < order.size() && order[i] != k) ++i;
    if (i == order.size()) {
      order.push_back(k);
      groups.emplace_back();
    }
    groups[i].push_back(&c);
  }
  o += "  \"testGroups\": [";
  for (size_t g = 0; g < groups.size(); ++g) {
    const auto& [ks, is, ts] = order[g];
    o += g ? ",\n" : "\n";
    o += "    {\n";
    o += "      \"type\": " + JsonString(GroupType(m)) + ",\n";
    o += "      \"source\": {\n        \"name\": \"ariasuite\",\n        \"version\": \"1\"\n"
         "      },\n";
    o += "      \"keySize\": " + std::to_string(ks * 8) + ",\n";
    if (has_iv) o += "      \"ivSize\": " + std::to_string(is * 8) + ",\n";
    if (has_tag) o += "      \"tagSize\": " + std::to_string(ts * 8) + ",\n";
    o += "      \"tests\": [";
    for (size_t t = 0; t < groups[g].size(); ++t) {
      const TestCase& c = *groups[g][t];
      o += t ? ",\n" : "\n";
      o += "        {\n";
      o += "          \"tcId\": " + std::to_string(c.id) + ",\n";
      o += "          \"comment\": " + JsonString(c.comment) + ",\n";
      o += "          \"flags\": [";
      for (size_t f = 0; f < c.flags.size(); ++f) {
        o += (f ? ", " : "") + JsonString(c.flags[f]);
      }
      o += "],\n";
      o += "          \"key\": \"" + Hex(c.key) + "\",\n";
      if (has_iv) o += "          \"iv\": \"" + Hex(c.iv) + "\",\n";
      if (aead) o += "          \"aad\": \"" + Hex(c.aad) + "\",\n";
      o += "          \"msg\": \"" + Hex(c.msg) + "\",\n";
      if (m != Mode::kCmac) o += "          \"ct\": \"" + Hex(c.ct) + "\",\n";
      if (has_tag) o += "          \"tag\": \"" + Hex(c.tag) + "\",\n";
      o += "          \"result\": \"" + std::string(ExpectName(c.expect)) + "\"\n";
      o += "        }";
    }
    o += "\n      ]\n    }";
  }
  o += groups.empty() ? "]\n" : "\n  ]\n";
  o += "}\n";
  return o;
}

}  // namespace ariasuite::vectors
