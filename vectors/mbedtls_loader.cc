// Mbed TLS test suite data files (tests/suites/test_suite_*.data, turned into C by
// tests/scripts/generate_test_code.py): test cases separated by blank lines, each a description
// line, an optional `depends_on:SYMBOL:...` line, and a `function:arg:arg...` line. Arguments are
// separated by `:` (a `\:` inside a string is a colon); hex data are quoted strings ("00ff"),
// integers are decimal, 0x-hex or a symbol (MBEDTLS_ERR_...), possibly negative.
//
// Functions read (each states its expected output):
//   test_suite_aria:  aria_{encrypt,decrypt}_ecb:key:input:output:ret;
//                     aria_{encrypt,decrypt}_{cbc,ctr,cfb128}:key:iv:input:output:ret (ret 0, or an
//                     error the call must return: the case must be refused)
//   test_suite_cipher: test_vec_ecb:CIPHER:OPERATION:key:input:output:finish_result;
//                     test_vec_crypt:CIPHER:OPERATION:key:iv:input:output:finish_result:use_psa;
//                     decrypt_test_vec:CIPHER:PAD:key:iv:cipher:clear:ad:tag:finish:tag_result;
//                     auth_crypt_tv:CIPHER:key:iv:ad:cipher:tag:"result":clear:use_psa ("FAIL":
//                     authentication must fail)
//   test_suite_block_cipher: test_vec:CIPHER_ID:key:input:output (one block encrypted)
// with CIPHER MBEDTLS_CIPHER_ARIA_{128,192,256}_{ECB,CBC,CTR,CFB128,OFB,GCM,CCM} (AES-GCM runs
// through our GCM layer with AES), _CCM_STAR_NO_TAG in test_vec_crypt (run as the CTR it is:
// CipherInfo), and CIPHER_ID MBEDTLS_CIPHER_ID_ARIA. Test functions that state no expected output
// (aria_selftest, aria_invalid_param, the cipher suite's round trips enc_dec_buf..., block_cipher's
// invalid) are listed as skipped with the reason; cases of another cipher are left out and counted
// in one line; an ARIA mode the runner lacks, or an unknown `aria_` function (test_suite_aria's
// functions are all known: another one is a damaged line), is unsupported (an error, or listed
// under --skip-unsupported); any other function this loader does not know is listed as skipped
// with the reason and the rest of the file runs. `depends_on` lines (build options of Mbed TLS)
// are ignored.
#include <algorithm>
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

// Functions of the three suites that state no expected output, and why they are skipped.
const std::map<std::string, std::string>& NoOutputFunctions() {
  static const std::map<std::string, std::string> k = {
      {"aria_selftest", "runs Mbed TLS's own built-in self-test; states no vector"},
      {"aria_invalid_param", "checks Mbed TLS's API parameter checks; states no vector"},
      {"enc_dec_buf", "round trip of Mbed TLS's own output; states no expected output"},
      {"enc_dec_buf_multipart", "round trip of Mbed TLS's own output; states no expected output"},
      {"enc_fail", "checks an Mbed TLS API error on a fixed buffer; states no expected output"},
      {"dec_empty_buf", "checks Mbed TLS's API on an empty buffer; states no expected output"},
      {"set_padding", "checks Mbed TLS's padding-mode setter; states no vector"},
      {"check_padding", "checks Mbed TLS's padding parser; states no vector"},
      {"cipher_special_behaviours", "checks Mbed TLS API behaviour; states no vector"},
      {"invalid", "checks Mbed TLS's block_cipher API parameter checks; states no vector"},
      {"block_cipher_psa_dynamic_dispatch", "checks Mbed TLS's PSA dispatch; states no vector"},
  };
  return k;
}

struct CipherInfo {
  Cipher cipher;
  Mode mode;
  size_t key_bytes;
  // MBEDTLS_CIPHER_ARIA_*_CCM_STAR_NO_TAG: CCM* with a 0-byte tag (IEEE 802.15.4-2011 Annex B,
  // M = 0). With no tag there is no CBC-MAC to compute: what remains is CCM's encryption, CTR
  // mode from the counter block A_1 = flags (L-1) || nonce || 1 (RFC 3610 §2.3, SP 800-38C
  // A.3), which our CTR runs exactly (mode is kCtr; the IV is built by CcmStarCounterBlock).
  bool ccm_star_no_tag = false;
};

// The first CCM counter block A_1 for a nonce of 7..13 bytes: flags = L - 1 with L = 15 - nonce
// length, the nonce, the counter 1 in L bytes. CCM bounds a message to 2^(8L) - 1 bytes, fewer
// than 2^(8L) blocks, so our 128-bit counter never carries out of CCM's L-byte field.
bool CcmStarCounterBlock(const Bytes& nonce, Bytes* block) {
  if (nonce.size() < 7 || nonce.size() > 13) return false;
  const size_t l = 15 - nonce.size();
  block->assign(16, 0);
  (*block)[0] = static_cast<uint8_t>(l - 1);
  std::copy(nonce.begin(), nonce.end(), block->begin() + 1);
  (*block)[15] = 1;
  return true;
}

// MBEDTLS_CIPHER_ARIA_128_GCM -> ARIA GCM 16. nullopt for another cipher; *aria_unsupported when
// it is ARIA in a mode this runner lacks.
std::optional<CipherInfo> CipherOf(const std::string& id, bool* aria_unsupported) {
  *aria_unsupported = false;
  Cipher cipher;
  std::string rest;
  if (id.rfind("MBEDTLS_CIPHER_ARIA_", 0) == 0) {
    cipher = Cipher::kAria;
    rest = id.substr(20);
  } else if (id.rfind("MBEDTLS_CIPHER_AES_", 0) == 0) {
    cipher = Cipher::kAes;
    rest = id.substr(19);
  } else {
    return std::nullopt;
  }
  const size_t us = rest.find('_');
  if (us == std::string::npos) return std::nullopt;
  const std::string bits = rest.substr(0, us), m = rest.substr(us + 1);
  size_t key = bits == "128" ? 16 : bits == "192" ? 24 : bits == "256" ? 32 : 0;
  if (key == 0) return std::nullopt;
  if (cipher == Cipher::kAria && m == "CCM_STAR_NO_TAG")
    return CipherInfo{cipher, Mode::kCtr, key, true};
  static const std::map<std::string, Mode> kModes = {
      {"ECB", Mode::kEcb}, {"CBC", Mode::kCbc},       {"CTR", Mode::kCtr}, {"GCM", Mode::kGcm},
      {"CCM", Mode::kCcm}, {"CFB128", Mode::kCfb128}, {"OFB", Mode::kOfb}};
  auto it = kModes.find(m);
  if (cipher == Cipher::kAes) {
    if (m != "GCM") return std::nullopt;  // only AES-GCM is run (our GCM layer with AES)
  } else if (it == kModes.end()) {
    *aria_unsupported = true;
    return std::nullopt;
  }
  return CipherInfo{cipher, it->second, key};
}

// An integer argument: decimal or 0x-hex, optionally negative, or an error code by name
// (MBEDTLS_ERR_... or PSA_ERROR_...: some non-zero value). Another symbol is refused: the loader
// cannot tell its value.
bool IntArg(const std::string& a, int64_t* v) {
  std::string s = a;
  bool neg = false;
  if (!s.empty() && s[0] == '-') {
    neg = true;
    s = s.substr(1);
  }
  if (s.empty()) return false;
  if ((std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) {
    if (neg || (s.rfind("MBEDTLS_ERR_", 0) != 0 && s.rfind("PSA_ERROR_", 0) != 0)) return false;
    for (char ch : s) {
      if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_') return false;
    }
    *v = -1;  // an error code by name: some non-zero value
    return true;
  }
  char* end = nullptr;
  const unsigned long long n = std::strtoull(s.c_str(), &end, 0);
  if (*end != '\0' || s.size() > 18) return false;
  *v = neg ? -static_cast<int64_t>(n) : static_cast<int64_t>(n);
  return true;
}

}  // namespace

bool LoadMbedtls(const std::string& path, std::string_view text, const LoadOptions& options,
                 VectorFile* out, std::string* error) {
  auto fail = [&](int line, const std::string& why) {
    *error = path + ":" + std::to_string(line) + ": " + why;
    return false;
  };
  std::map<std::string, int> other;  // other ciphers -> cases left out
  std::vector<std::string> other_order;

  // One test case: description, function line (its arguments split).
  auto run = [&](const std::string& description, int fn_line, const std::string& fn,
                 const std::vector<std::string>& args) -> bool {
    const std::string where = path + ":" + std::to_string(fn_line);
    auto no_output = NoOutputFunctions().find(fn);
    if (no_output != NoOutputFunctions().end()) {
      out->skipped.push_back(where + ": " + fn + " (" + description + "): " + no_output->second);
      return true;
    }
    auto want_args = [&](size_t n) {
      if (args.size() == n) return true;
      return fail(fn_line, fn + " takes " + std::to_string(n) + " arguments, got " +
                               std::to_string(args.size()));
    };
    auto hex = [&](size_t i, Bytes* b) {
      const std::string& a = args[i];
      if (a.size() < 2 || a.front() != '"' || a.back() != '"') {
        return fail(fn_line,
                    fn + " argument " + std::to_string(i + 1) + " must be a quoted hex string");
      }
      std::string why;
      if (!model::ParseHex(std::string_view(a).substr(1, a.size() - 2), b, &why)) {
        return fail(fn_line, fn + " argument " + std::to_string(i + 1) + ": " + why);
      }
      return true;
    };
    auto integer = [&](size_t i, int64_t* v) {
      if (!IntArg(args[i], v)) {
        return fail(fn_line, fn + " argument " + std::to_string(i + 1) +
                                 " must be an integer or an "
                                 "error code (MBEDTLS_ERR_..., PSA_ERROR_...), not '" +
                                 args[i] + "'");
      }
      return true;
    };
    auto left_out = [&](const std::string& id) {
      if (other.count(id) == 0) other_order.push_back(id);
      ++other[id];
      return true;
    };
    auto unsupported = [&](const std::string& why) {
      if (options.skip_unsupported) {
        out->skipped.push_back(where + ": " + why);
        return true;
      }
      return fail(fn_line, why);
    };
    TestCase c;
    c.line = fn_line;
    c.where = where;
    c.comment = description;
    c.cipher = Cipher::kAria;
    int64_t ret = 0;
    bool encrypt = true;
    size_t key_bytes = 0;
    // c's cipher and mode and key_bytes from args[0], a cipher id (not a CCM* one). A value when
    // the case ends here: true when it is left out or skipped as unsupported, false after an error.
    auto take_cipher = [&]() -> std::optional<bool> {
      bool aria_unsupported;
      std::optional<CipherInfo> info = CipherOf(args[0], &aria_unsupported);
      if (aria_unsupported)
        return unsupported(fn + ": " + args[0] + " is not supported by this runner");
      if (!info) return left_out(args[0]);
      if (info->ccm_star_no_tag)
        return unsupported(fn + ": " + args[0] + " is read from test_vec_crypt only");
      c.cipher = info->cipher;
      c.mode = info->mode;
      key_bytes = info->key_bytes;
      return std::nullopt;
    };
    if (fn.rfind("aria_encrypt_", 0) == 0 || fn.rfind("aria_decrypt_", 0) == 0) {
      encrypt = fn[5] == 'e';
      const std::string m = fn.substr(13);
      static const std::map<std::string, Mode> kModes = {
          {"ecb", Mode::kEcb}, {"cbc", Mode::kCbc}, {"ctr", Mode::kCtr}, {"cfb128", Mode::kCfb128}};
      auto it = kModes.find(m);
      if (it == kModes.end()) return unsupported("unknown test function '" + fn + "'");
      c.mode = it->second;
      const bool ecb = c.mode == Mode::kEcb;
      if (!want_args(ecb ? 4 : 5)) return false;
      Bytes in, outb;
      size_t k = 0;
      if (!hex(k++, &c.key)) return false;
      if (!ecb && !hex(k++, &c.iv)) return false;
      if (!hex(k++, &in) || !hex(k++, &outb) || !integer(k, &ret)) return false;
      c.msg = encrypt ? in : outb;
      c.ct = encrypt ? outb : in;
    } else if (fn == "test_vec_ecb" || fn == "test_vec_crypt") {
      const bool crypt = fn == "test_vec_crypt";
      if (!want_args(crypt ? 8 : 6)) return false;
      bool aria_unsupported;
      std::optional<CipherInfo> info = CipherOf(args[0], &aria_unsupported);
      if (aria_unsupported)
        return unsupported(fn + ": " + args[0] + " is not supported by this runner");
      if (!info) return left_out(args[0]);
      if (args[1] != "MBEDTLS_ENCRYPT" && args[1] != "MBEDTLS_DECRYPT") {
        return fail(fn_line, fn + " operation must be MBEDTLS_ENCRYPT or MBEDTLS_DECRYPT");
      }
      encrypt = args[1] == "MBEDTLS_ENCRYPT";
      c.cipher = info->cipher;
      c.mode = info->mode;
      key_bytes = info->key_bytes;
      if (c.mode == Mode::kGcm || c.mode == Mode::kCcm)
        return fail(fn_line, fn + " with an AEAD cipher");
      if (info->ccm_star_no_tag && !crypt)
        return fail(fn_line, fn + ": " + args[0] + " needs a nonce");
      Bytes in, outb;
      size_t k = 2;
      if (!hex(k++, &c.key)) return false;
      if (crypt && !hex(k++, &c.iv)) return false;
      if (!hex(k++, &in) || !hex(k++, &outb) || !integer(k, &ret)) return false;
      if (c.mode == Mode::kEcb && crypt && !c.iv.empty())
        return fail(fn_line, "IV for an ECB cipher");
      if (info->ccm_star_no_tag) {
        if (ret != 0) {
          return unsupported(fn + ": " + args[0] +
                             " expecting an error: CCM*'s refusals are not "
                             "modelled (only its encryption, as CTR)");
        }
        const Bytes nonce = c.iv;
        if (!CcmStarCounterBlock(nonce, &c.iv)) {
          return fail(fn_line,
                      fn + ": a CCM* nonce has 7 to 13 bytes, not " + std::to_string(nonce.size()));
        }
        c.flags.push_back("CcmStarNoTag");
        c.comment += " (CCM* with no tag: CTR from A_1 = " + model::Hex(c.iv) + ")";
      }
      c.msg = encrypt ? in : outb;
      c.ct = encrypt ? outb : in;
    } else if (fn == "decrypt_test_vec") {
      if (!want_args(10)) return false;
      if (std::optional<bool> done = take_cipher()) return *done;
      encrypt = false;
      if (args[1] != "-1" && args[1] != "MBEDTLS_PADDING_NONE") {
        return unsupported(fn + ": padding mode " + args[1] + " is not supported by this runner");
      }
      int64_t finish = 0, tag_result = 0;
      if (!hex(2, &c.key) || !hex(3, &c.iv) || !hex(4, &c.ct) || !hex(5, &c.msg) ||
          !hex(6, &c.aad) || !hex(7, &c.tag) || !integer(8, &finish) || !integer(9, &tag_result)) {
        return false;
      }
      const bool aead = c.mode == Mode::kGcm || c.mode == Mode::kCcm;
      if (!aead && (!c.aad.empty() || !c.tag.empty()))
        return fail(fn_line, "ad or tag for a cipher without authentication");
      c.tag_len = c.tag.size();
      ret = finish != 0 ? finish : tag_result;
      if (ret != 0 && aead) {
        c.direction = Direction::kDecrypt;  // an inauthentic message: only decryption is stated
        c.msg.assign(c.ct.size(), 0);
      }
    } else if (fn == "auth_crypt_tv") {
      if (!want_args(9)) return false;
      if (std::optional<bool> done = take_cipher()) return *done;
      if (c.mode != Mode::kGcm && c.mode != Mode::kCcm)
        return fail(fn_line, fn + " with a cipher without authentication");
      if (!hex(1, &c.key) || !hex(2, &c.iv) || !hex(3, &c.aad) || !hex(4, &c.ct) ||
          !hex(5, &c.tag) || !hex(7, &c.msg)) {
        return false;
      }
      int64_t use_psa;
      if (!integer(8, &use_psa)) return false;
      c.tag_len = c.tag.size();
      if (args[6] == "\"FAIL\"") {
        ret = -1;
        c.direction = Direction::kDecrypt;
        c.msg.assign(c.ct.size(), 0);
      } else if (args[6] != "\"\"") {
        return fail(fn_line, "auth_crypt_tv result must be \"\" or \"FAIL\", not " + args[6]);
      }
    } else if (fn == "test_vec") {
      if (!want_args(4)) return false;
      if (args[0] != "MBEDTLS_CIPHER_ID_ARIA") return left_out(args[0]);
      c.mode = Mode::kEcb;
      c.direction = Direction::kEncrypt;  // block_cipher has encryption only
      if (!hex(1, &c.key) || !hex(2, &c.msg) || !hex(3, &c.ct)) return false;
      if (c.msg.size() != 16 || c.ct.size() != 16)
        return fail(fn_line, "test_vec input and output must be one block");
    } else if (fn.rfind("aria_", 0) == 0) {
      // test_suite_aria's functions are all known (above): another aria_ name is a damaged line.
      return unsupported("unknown test function '" + fn + "'");
    } else {
      // A function of another suite (or a newer Mbed TLS) this loader does not know: its case is
      // listed as skipped with the reason; the rest of the file runs.
      out->skipped.push_back(where + ": " + fn + " (" + description +
                             "): unknown test function: this loader does not know what it "
                             "checks; not run");
      return true;
    }
    if (key_bytes != 0 && ret == 0 && c.key.size() != key_bytes) {
      return fail(fn_line, "key has " + std::to_string(c.key.size()) + " bytes but " + args[0] +
                               " takes " + std::to_string(key_bytes));
    }
    if (ret != 0) {
      c.expect = Expect::kInvalid;
      c.flags.push_back("ret=error");
      if (c.direction == Direction::kBoth) {
        c.direction = encrypt ? Direction::kEncrypt : Direction::kDecrypt;
        c.params_invalid = true;  // a length or parameter error: refused whichever way
      }
    } else if (c.direction == Direction::kBoth && c.msg.size() != c.ct.size()) {
      return fail(fn_line, "input and output lengths differ");
    }
    c.id = static_cast<int64_t>(out->cases.size()) + 1;
    out->cases.push_back(std::move(c));
    return true;
  };

  // Blocks of non-blank lines.
  std::vector<std::pair<int, std::string>> block;
  auto flush = [&]() -> bool {
    if (block.empty()) return true;
    std::vector<std::pair<int, std::string>> b;
    b.swap(block);
    size_t i = 1;
    if (b.size() >= 2 && b[1].second.rfind("depends_on:", 0) == 0) ++i;
    if (b.size() != i + 1) {
      return fail(b[0].first,
                  "a test case is a description, an optional depends_on line and one "
                  "function line; got " +
                      std::to_string(b.size()) + " lines");
    }
    const std::string& fl = b[i].second;
    // Split on ':' outside quotes; "\:" inside a string is a colon.
    std::vector<std::string> parts;
    std::string cur;
    bool quoted = false;
    for (size_t k = 0; k < fl.size(); ++k) {
      const char ch = fl[k];
      if (ch == '\\' && k + 1 < fl.size() && fl[k + 1] == ':') {
        cur.push_back(':');
        ++k;
      } else if (ch == '"') {
        quoted = !quoted;
        cur.push_back(ch);
      } else if (ch == ':' && !quoted) {
        parts.push_back(TrimBlanks(cur));
        cur.clear();
      } else {
        cur.push_back(ch);
      }
    }
    if (quoted) return fail(b[i].first, "unterminated string");
    parts.push_back(TrimBlanks(cur));
    const std::string fn = parts[0];
    if (fn.empty() ||
        fn.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") != std::string::npos) {
      return fail(b[i].first, "expected 'function:arg:...', got '" + fl + "'");
    }
    std::vector<std::string> args(parts.begin() + 1, parts.end());
    if (args.size() == 1 && args[0].empty()) args.clear();  // "aria_selftest:"
    return run(b[0].second, b[i].first, fn, args);
  };
  const bool read = ForEachLine(text, [&](int line_no, std::string_view raw) {
    const std::string line = TrimBlanks(raw);
    if (line.empty()) {
      if (!flush()) return false;
      return true;
    }
    block.emplace_back(line_no, line);
    return true;
  });
  if (!read) return false;
  if (!flush()) return false;
  if (!other_order.empty()) {
    out->left_out = LeftOutNote(other_order, other, "case(s)", "other cipher(s)");
  }
  if (out->cases.empty() && out->skipped.empty()) return fail(1, "no test cases in the file");
  out->algorithm = "mixed";
  return true;
}

}  // namespace ariasuite::vectors
