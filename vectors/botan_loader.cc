// Botan's test vector files (src/tests/data/{block,modes,aead,mac,stream}/*.vec, read by Botan's
// Text_Based_Test in src/tests/tests.cpp): `#` comments (`#test cpuid ...` directives among them),
// `[Header]` lines naming the algorithm of the vectors that follow, and `Key = value` lines, hex
// values; a vector ends at its output line (`Out = `), and its fields do not carry over to the
// next. Keys per kind of file: block `Key In Out`; modes `Key Nonce In Out`; aead `Key Nonce AD In
// Out` (Out = ciphertext || tag); stream `Key Nonce In Out`; mac `Key In Out`.
//
// Headers read: `ARIA-128` (block: ECB), `ARIA-256/CBC/NoPadding`, `ARIA-128/CBC/PKCS7` (and
// `/CBC` alone, Botan's default PKCS7 padding), `ARIA-128/CFB` and `/CFB(8)` (feedback bits),
// `ARIA-128/GCM` or `/GCM(12)` (tag bytes), `ARIA-128/CCM(16,2)` (tag bytes, L),
// `CTR-BE(ARIA-128)` / `CTR(ARIA-128)`, `OFB(ARIA-128)`, `CMAC(ARIA-128)` (Botan's stream and mac
// files may name the cipher without its key size, `CTR-BE(ARIA)`, `CMAC(ARIA)`: the key size is
// then the Key's, 16, 24 or 32 bytes; a stream vector's `Seek = N`, a keystream offset, is read,
// and a vector with N > 0 is listed as skipped with the reason), and
// `AES-128/GCM` sections (run through our GCM layer with AES, as Wycheproof's aes_gcm_test.json).
// Sections of every other algorithm (Botan's cbc.vec holds DES, AES, Noekeon... beside one ARIA
// section) are left out at load and counted in one line (VectorFile::left_out); an ARIA section of
// a mode this runner lacks is unsupported (an error, or listed under --skip-unsupported). Ignored:
// `#test cpuid` lines (which of Botan's own CPU paths to run).
#include <map>
#include <optional>
#include <set>

#include "vectors/loader.h"
#include "vectors/model/hex.h"

namespace ariasuite::vectors {

using model::Bytes;
using model::Cipher;
using model::Mode;

namespace {

struct Section {
  Cipher cipher = Cipher::kAria;
  Mode mode = Mode::kEcb;
  size_t key_bytes = 0;  // 0 with any_key: 16, 24 or 32, from the Key
  bool any_key = false;  // `CTR-BE(ARIA)`: the header names no key size
  size_t tag_len = 0;    // GCM / CCM
  size_t nonce_len = 0;  // CCM: 15 - L; 0 when any
};

enum class Kind { kRead, kOther, kUnsupported };

// "ARIA-128" -> 16; 0 when not ARIA-{128,192,256} (or AES-... when aes is set).
size_t KeyBytes(const std::string& name, const std::string& prefix) {
  if (name.rfind(prefix + "-", 0) != 0) return 0;
  const std::string bits = name.substr(prefix.size() + 1);
  if (bits == "128") return 16;
  if (bits == "192") return 24;
  if (bits == "256") return 32;
  return 0;
}

// "GCM(12)" -> 12 with *ok; "GCM" -> dflt.
bool ParenNumbers(const std::string& s, const std::string& head, std::vector<size_t>* out) {
  out->clear();
  if (s == head) return true;
  if (s.rfind(head + "(", 0) != 0 || s.back() != ')') return false;
  std::string inner = s.substr(head.size() + 1, s.size() - head.size() - 2);
  size_t pos = 0;
  while (pos <= inner.size()) {
    size_t comma = inner.find(',', pos);
    std::string part =
        inner.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    if (part.empty() || part.find_first_not_of("0123456789") != std::string::npos ||
        part.size() > 3) {
      return false;
    }
    out->push_back(static_cast<size_t>(std::stoul(part)));
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return true;
}

// What a [header] names: a section this loader reads, another algorithm, or ARIA in a mode the
// runner lacks (*why says which).
Kind ParseHeader(const std::string& header, Section* s, std::string* why) {
  // Wrapped forms: CTR-BE(ARIA-128), CTR(ARIA-128), CMAC(ARIA-128), OFB(ARIA-128), ...
  const size_t paren = header.find('(');
  if (paren != std::string::npos && header.back() == ')' && header.find('/') == std::string::npos) {
    const std::string outer = header.substr(0, paren);
    const std::string inner = header.substr(paren + 1, header.size() - paren - 2);
    s->key_bytes = KeyBytes(inner, "ARIA");
    s->any_key = inner == "ARIA";
    if (s->key_bytes == 0 && !s->any_key) return Kind::kOther;
    if (outer == "CTR-BE" || outer == "CTR") {
      s->mode = Mode::kCtr;
      return Kind::kRead;
    }
    if (outer == "CMAC") {
      s->mode = Mode::kCmac;
      return Kind::kRead;
    }
    if (outer == "OFB") {
      s->mode = Mode::kOfb;
      return Kind::kRead;
    }
    *why = "section [" + header + "]: mode " + outer + " of ARIA is not supported by this runner";
    return Kind::kUnsupported;
  }
  std::vector<std::string> parts;
  size_t pos = 0;
  while (true) {
    size_t slash = header.find('/', pos);
    parts.push_back(
        header.substr(pos, slash == std::string::npos ? std::string::npos : slash - pos));
    if (slash == std::string::npos) break;
    pos = slash + 1;
  }
  s->key_bytes = KeyBytes(parts[0], "ARIA");
  if (s->key_bytes == 0) {
    // AES-GCM runs through our GCM layer with AES; any other AES section is another algorithm.
    s->key_bytes = KeyBytes(parts[0], "AES");
    if (s->key_bytes == 0 || parts.size() != 2) return Kind::kOther;
    std::vector<size_t> n;
    if (!ParenNumbers(parts[1], "GCM", &n) || n.size() > 1) return Kind::kOther;
    s->cipher = Cipher::kAes;
    s->mode = Mode::kGcm;
    s->tag_len = n.empty() ? 16 : n[0];
    return Kind::kRead;
  }
  auto unsupported = [&]() {
    *why = "section [" + header +
           "]: this ARIA mode is not supported by this runner (reads ECB, "
           "CBC/NoPadding, CBC/PKCS7, CFB, CFB(8), GCM, CCM, CTR-BE, OFB, CMAC)";
    return Kind::kUnsupported;
  };
  if (parts.size() == 1) {
    s->mode = Mode::kEcb;
    return Kind::kRead;
  }
  std::vector<size_t> n;
  if (parts[1] == "CBC") {
    const std::string pad = parts.size() > 2 ? parts[2] : "PKCS7";
    if (parts.size() > 3) return unsupported();
    if (pad == "NoPadding") {
      s->mode = Mode::kCbc;
    } else if (pad == "PKCS7") {
      s->mode = Mode::kCbcPkcs5;
    } else {
      return unsupported();
    }
    return Kind::kRead;
  }
  if (parts.size() == 2 && ParenNumbers(parts[1], "CFB", &n) && n.size() <= 1) {
    // Botan's CFB(feedback bits): 128 by default; 8 is CFB8.
    const size_t bits = n.empty() ? 128 : n[0];
    if (bits != 128 && bits != 8) return unsupported();
    s->mode = bits == 128 ? Mode::kCfb128 : Mode::kCfb8;
    return Kind::kRead;
  }
  if (parts.size() == 2 && ParenNumbers(parts[1], "GCM", &n) && n.size() <= 1) {
    s->mode = Mode::kGcm;
    s->tag_len = n.empty() ? 16 : n[0];
    return Kind::kRead;
  }
  if (parts.size() == 2 && ParenNumbers(parts[1], "CCM", &n) && n.size() <= 2) {
    // Botan's CCM(tag, L): defaults 16 and 3.
    s->mode = Mode::kCcm;
    s->tag_len = n.size() >= 1 ? n[0] : 16;
    const size_t l = n.size() >= 2 ? n[1] : 3;
    if (l < 2 || l > 8) return unsupported();
    s->nonce_len = 15 - l;
    return Kind::kRead;
  }
  return unsupported();
}

}  // namespace

bool LoadBotan(const std::string& path, std::string_view text, const LoadOptions& options,
               VectorFile* out, std::string* error) {
  auto fail = [&](int line, const std::string& why) {
    *error = path + ":" + std::to_string(line) + ": " + why;
    return false;
  };
  std::string header;
  int header_line = 0;
  Kind kind = Kind::kOther;
  Section sec;
  std::map<std::string, std::pair<int, std::string>> fields;  // key -> (line, value)
  int first_line = 0;
  std::map<std::string, int> other_vectors;  // other algorithm's section -> vectors left out
  std::vector<std::string> other_order;
  bool any_header = false;

  auto vector = [&]() -> bool {
    auto get = [&](const char* k, Bytes* b, bool required) -> bool {
      auto it = fields.find(k);
      if (it == fields.end()) {
        if (required) return fail(first_line, std::string("vector without ") + k);
        return true;
      }
      std::string why;
      if (!model::ParseHex(it->second.second, b, &why))
        return fail(it->second.first, std::string(k) + ": " + why);
      return true;
    };
    // Keys each kind of section takes.
    std::set<std::string> allowed = {"Key", "In", "Out"};
    if (sec.mode == Mode::kCbc || sec.mode == Mode::kCbcPkcs5 || sec.mode == Mode::kCtr ||
        sec.mode == Mode::kGcm || sec.mode == Mode::kCcm || sec.mode == Mode::kCfb128 ||
        sec.mode == Mode::kCfb8 || sec.mode == Mode::kOfb) {
      allowed.insert("Nonce");
    }
    if (sec.mode == Mode::kGcm || sec.mode == Mode::kCcm) allowed.insert("AD");
    if (sec.mode == Mode::kCtr || sec.mode == Mode::kOfb) allowed.insert("Seek");
    for (const auto& [k, v] : fields) {
      if (allowed.count(k) == 0) {
        return fail(v.first, "field '" + k + "' in section [" + header + "] (" +
                                 (k == "Iterations" || k == "Tweak" || k == "Seek"
                                      ? "a Botan test parameter this runner does not model"
                                      : "not a field of this kind of section") +
                                 ")");
      }
    }
    TestCase c;
    c.cipher = sec.cipher;
    c.mode = sec.mode;
    c.line = first_line;
    c.id = static_cast<int64_t>(out->cases.size()) + 1;
    c.where = path + ":" + std::to_string(first_line);
    c.comment = "[" + header + "]";
    Bytes in, outb;
    const bool stream = c.mode == Mode::kCtr || c.mode == Mode::kOfb;
    if (!get("Key", &c.key, true) || !get("In", &in, !stream) || !get("Out", &outb, true)) {
      return false;
    }
    const bool needs_nonce = allowed.count("Nonce") != 0 && !stream;
    if (needs_nonce && !get("Nonce", &c.iv, true)) return false;
    if (stream) {
      // Botan's CTR-BE: the nonce fills the counter block from the left, the rest starts at zero
      // (OFB takes a full 16-byte IV; a shorter one is refused by the runner's backends).
      if (!get("Nonce", &c.iv, false)) return false;
      if (c.iv.size() > 16)
        return fail(fields["Nonce"].first, "Nonce longer than the 16-byte counter block");
      c.iv.resize(16, 0);
    }
    if (!get("AD", &c.aad, false)) return false;
    if (sec.any_key && c.key.size() != 16 && c.key.size() != 24 && c.key.size() != 32) {
      return fail(fields["Key"].first, "Key has " + std::to_string(c.key.size()) + " bytes but [" +
                                           header + "] takes 16, 24 or 32");
    }
    if (!sec.any_key && c.key.size() != sec.key_bytes) {
      return fail(fields["Key"].first, "Key has " + std::to_string(c.key.size()) + " bytes but [" +
                                           header + "] takes " + std::to_string(sec.key_bytes));
    }
    if (auto seek = fields.find("Seek"); seek != fields.end()) {
      const std::string& v = seek->second.second;
      if (v.empty() || v.size() > 12 || v.find_first_not_of("0123456789") != std::string::npos) {
        return fail(seek->second.first, "Seek must be a decimal byte offset, not '" + v + "'");
      }
      if (v.find_first_not_of('0') != std::string::npos) {
        out->skipped.push_back(c.where + ": [" + header + "] Seek = " + v +
                               ": starts the keystream at a byte offset, which a request of the "
                               "runner cannot express; not run");
        return true;
      }
    }
    if ((c.mode == Mode::kCtr || c.mode == Mode::kOfb) && fields.count("In") == 0) {
      in.assign(outb.size(), 0);  // a stream cipher's keystream
    }
    switch (c.mode) {
      case Mode::kCmac:
        c.msg = in;
        c.tag = outb;
        c.tag_len = outb.size();
        break;
      case Mode::kGcm:
      case Mode::kCcm:
        if (outb.size() != in.size() + sec.tag_len) {
          return fail(fields["Out"].first, "Out has " + std::to_string(outb.size()) +
                                               " bytes, not In + the " +
                                               std::to_string(sec.tag_len) + "-byte tag");
        }
        if (sec.nonce_len != 0 && c.iv.size() != sec.nonce_len) {
          return fail(fields["Nonce"].first, "Nonce has " + std::to_string(c.iv.size()) +
                                                 " bytes but [" + header + "] takes " +
                                                 std::to_string(sec.nonce_len));
        }
        c.msg = in;
        c.ct.assign(outb.begin(), outb.begin() + static_cast<long>(in.size()));
        c.tag.assign(outb.begin() + static_cast<long>(in.size()), outb.end());
        c.tag_len = sec.tag_len;
        break;
      case Mode::kCbcPkcs5:
        c.msg = in;
        c.ct = outb;
        break;
      default:
        if (in.size() != outb.size()) return fail(fields["Out"].first, "In and Out lengths differ");
        c.msg = in;
        c.ct = outb;
        break;
    }
    out->cases.push_back(std::move(c));
    return true;
  };

  const bool read = ForEachLine(text, [&](int line_no, std::string_view raw) {
    const std::string line = TrimBlanks(raw);
    if (line.empty() || line[0] == '#') return true;
    if (line[0] == '[') {
      if (line.back() != ']' || line.size() < 3)
        return fail(line_no, "malformed section header '" + line + "'");
      if (!fields.empty())
        return fail(first_line,
                    "vector without Out before [" + line.substr(1, line.size() - 2) + "]");
      header = line.substr(1, line.size() - 2);
      header_line = line_no;
      any_header = true;
      sec = Section();
      std::string why;
      kind = ParseHeader(header, &sec, &why);
      if (kind == Kind::kUnsupported) {
        if (!options.skip_unsupported) return fail(line_no, why);
        out->skipped.push_back(path + ":" + std::to_string(line_no) + ": " + why);
      }
      if (kind == Kind::kOther && other_vectors.count(header) == 0) {
        other_vectors[header] = 0;
        other_order.push_back(header);
      }
      return true;
    }
    const size_t eq = line.find('=');
    if (eq == std::string::npos) return fail(line_no, "expected 'Key = value', got '" + line + "'");
    const std::string key = TrimBlanks(std::string_view(line).substr(0, eq));
    const std::string value = TrimBlanks(std::string_view(line).substr(eq + 1));
    if (key.empty()) return fail(line_no, "empty key");
    if (!any_header) return fail(line_no, "vector before any [section] header");
    if (fields.count(key) != 0)
      return fail(line_no, "field '" + key + "' given twice in one vector");
    if (fields.empty()) first_line = line_no;
    fields[key] = {line_no, value};
    if (key != "Out") return true;
    // Out ends the vector.
    if (kind == Kind::kRead && !vector()) return false;
    if (kind == Kind::kOther) ++other_vectors[header];
    fields.clear();
    return true;
  });
  if (!read) return false;
  (void)header_line;
  if (!fields.empty()) return fail(first_line, "vector without Out at the end of the file");
  if (!other_order.empty()) {
    out->left_out =
        LeftOutNote(other_order, other_vectors, "vector(s)", "section(s) of other algorithms");
  }
  if (out->cases.empty() && out->skipped.empty()) {
    return fail(1, "no ARIA (or AES-GCM) vectors in the file");
  }
  out->algorithm = "mixed";
  return true;
}

}  // namespace ariasuite::vectors
