// Writes the fuzz targets' seed corpora (fuzz/corpus/<target>/) from the vectors: a spread of the
// Wycheproof ARIA (and AES-GCM) cases, each encoded with FuzzWriter as the exact input that makes
// the target run that case, plus a few constructed edge inputs per target (batch-boundary lengths,
// IVs solved for a counter wrap, CTR carries, sequence numbers near 2^64, loader snippets).
// Usage (from the workspace root; --help for the generated help):
//   bazel run //fuzz:make_seeds -- "$PWD/../shared/vectors/wycheproof" "$PWD/fuzz/corpus"
// Existing seed files of the same name are overwritten; the set is deterministic.
#include <sys/stat.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "fuzz/cases.h"
#include "fuzz/fuzz_io.h"
#include "fuzz/tls12_case.h"
#include "oracles/protocol.h"
#include "tools/cli/app.h"
#include "vectors/loader.h"
#include "vectors/manifest.h"
#include "vectors/model/hex.h"
#include "vectors/wycheproof_writer.h"

namespace ariasuite::fuzz {
namespace {

using model::Hex;
using oracles::Mode;
using vectors::TestCase;

std::string g_out;
int g_written = 0;

bool Write(const std::string& target, const std::string& name, const Bytes& data) {
  if (data.empty()) {
    std::fprintf(stderr, "make_seeds: %s/%s does not encode (a field too long)\n", target.c_str(),
                 name.c_str());
    return false;
  }
  const std::string dir = g_out + "/" + target;
  mkdir(dir.c_str(), 0755);
  std::ofstream f(dir + "/" + name, std::ios::binary | std::ios::trunc);
  f.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
  if (!f.good()) {
    std::fprintf(stderr, "make_seeds: cannot write %s/%s\n", dir.c_str(), name.c_str());
    std::exit(1);
  }
  ++g_written;
  return true;
}

template <typename... Parts>
Bytes Encode(Parts&... parts) {
  FuzzWriter w;
  (parts.Visit(w), ...);
  return w.Finish();
}

int KeyIndex(size_t len) { return len == 16 ? 0 : len == 24 ? 1 : 2; }

// A spread of a file's cases: the first case of each (flags, expectation, iv/tag size, length
// bucket), at most `cap`.
std::vector<const TestCase*> Spread(const vectors::VectorFile& file, size_t cap) {
  std::set<std::string> seen;
  std::vector<const TestCase*> picked;
  for (const TestCase& t : file.cases) {
    std::string key = vectors::ExpectName(t.expect);
    for (const auto& f : t.flags) key += "," + f;
    key += "/" + std::to_string(t.iv.size()) + "/" + std::to_string(t.tag_len) + "/" +
           std::to_string(t.key.size()) + "/" +
           std::to_string(std::min<size_t>(t.msg.size(), 64) / 16);
    if (seen.insert(key).second) picked.push_back(&t);
    if (picked.size() >= cap) break;
  }
  return picked;
}

GcmCase GcmFrom(const TestCase& t, bool use_ct) {
  GcmCase c;
  c.key_index = static_cast<uint8_t>(KeyIndex(t.key.size()));
  c.iv_mode = 0;
  c.iv_len = static_cast<uint16_t>(t.iv.size());
  c.tag_len = static_cast<uint8_t>(t.tag_len);
  c.aad_mode = t.aad.size() <= 64 ? 0 : t.aad.size() <= 600 ? 1 : 2;
  c.aad_len = static_cast<uint16_t>(t.aad.size());
  c.key = t.key;
  c.iv = t.iv;
  c.aad = t.aad;
  c.text = use_ct ? t.ct : t.msg;
  c.text_len = LengthChoice::Raw(c.text.size());
  return c;
}

// Loads the Wycheproof file `name` of dir; a name that is not a Wycheproof entry of
// vectors/MANIFEST is a fatal error (the seeds come from the listed files only).
bool Load(const std::string& dir, const std::string& name, vectors::VectorFile* file) {
  if (vectors::FindInManifest("vectors/wycheproof/" + name) == nullptr) {
    std::fprintf(stderr, "make_seeds: vectors/wycheproof/%s: not in vectors/MANIFEST\n",
                 name.c_str());
    std::exit(2);
  }
  const std::string path = dir + "/" + name;
  std::string error;
  vectors::LoadOptions options;
  if (!vectors::LoadVectorFile(path, options, file, &error)) {
    std::fprintf(stderr, "make_seeds: %s\n", error.c_str());
    return false;
  }
  return true;
}

void GcmSeeds(const std::string& dir) {
  vectors::VectorFile aria, aes;
  if (Load(dir, "aria_gcm_test.json", &aria)) {
    for (const TestCase* t : Spread(aria, 24)) {
      if (t->iv.size() > 300 || t->key.size() < 16) continue;
      const std::string id = "wycheproof-aria-gcm-tc" + std::to_string(t->id);
      GcmCase seal = GcmFrom(*t, false);
      if (t->expect != vectors::Expect::kInvalid) Write("aria_gcm_seal", id, Encode(seal));
      // Open: the vector's own ciphertext and tag, raw.
      GcmCase open = GcmFrom(*t, true);
      OpenTamper raw;
      raw.source = 0;
      raw.raw_tag = t->tag;
      Write("aria_gcm_open", id, Encode(open, raw));
      StreamSplit split;
      split.naad = 2;
      split.aad_cuts[0] = static_cast<uint16_t>(t->aad.size() / 3);
      split.ntext = 3;
      split.text_cuts[0] = 1;
      split.text_cuts[1] = 17;
      split.in_shift = static_cast<uint8_t>(t->id % 64);
      split.out_shift = static_cast<uint8_t>((t->id * 7) % 64);
      split.in_place = t->id % 2;
      if (t->expect == vectors::Expect::kValid) {
        Write("aria_gcm_stream", id, Encode(seal, split));
      }
    }
  }
  if (Load(dir, "aes_gcm_test.json", &aes)) {
    for (const TestCase* t : Spread(aes, 16)) {
      if (t->iv.size() > 300 || t->key.size() < 16) continue;
      GcmCase c = GcmFrom(*t, false);
      OpenTamper tamper;
      tamper.source = t->id % 2 ? 2 : 1;
      tamper.flip = static_cast<uint32_t>(t->id * 2654435761u);
      Write("gcm_layer_boringssl", "wycheproof-aes-gcm-tc" + std::to_string(t->id),
            Encode(c, tamper));
    }
  }
  // Constructed edges: IVs solved so the counter wraps, for several IV lengths, text lengths
  // around the batch sizes, every tag length, long AAD.
  for (uint16_t idx = 0; idx < kIvLengths.size(); ++idx) {
    GcmCase c;
    c.key_index = idx % 3;
    c.iv_mode = 2;
    c.iv_len = idx;
    c.window = static_cast<uint16_t>(idx * 5);
    c.before = idx % 4;
    c.tag_len = 16;
    c.aad_len = 5;
    c.text_len.mode = 2;
    c.text_len.value = static_cast<uint16_t>((idx * 3) % kBatchBlocks.size());
    c.text_len.delta = static_cast<uint8_t>(16 + (idx % 3) - 1);
    c.key.assign(kAriaKeyLengths[c.key_index], static_cast<uint8_t>(0x40 + idx));
    c.iv.assign(c.IvLen(), static_cast<uint8_t>(idx));
    c.aad.assign(5, 0xaa);
    c.text.assign(c.text_len.Length(), static_cast<uint8_t>(idx * 3));
    const std::string id = "edge-j0wrap-iv" + std::to_string(kIvLengths[idx]);
    Write("aria_gcm_seal", id, Encode(c));
    OpenTamper t;
    t.source = static_cast<uint8_t>(1 + idx % 4);
    t.flip = idx * 977u;
    Write("aria_gcm_open", id, Encode(c, t));
    StreamSplit s;
    s.ntext = 4;
    s.text_cuts = {15, 16, 255, 0, 0, 0, 0, 0};
    s.misuse = static_cast<uint8_t>(idx % 5);
    Write("aria_gcm_stream", id, Encode(c, s));
    Write("gcm_layer_boringssl", id, Encode(c, t));
  }
  // Streaming AAD whose first call leaves a partial block that a later call completes (the
  // buffered-AAD branch of GcmState::UpdateAad), with a 12-byte IV and a short text.
  {
    GcmCase c;
    c.iv_mode = 1;
    c.iv_len = 3;  // kIvLengths[3] == 12
    c.tag_len = 16;
    c.aad_len = 40;
    c.text_len = LengthChoice::Raw(21);
    c.key.assign(16, 0x21);
    c.iv.assign(12, 0x22);
    c.aad.assign(40, 0x23);
    c.text.assign(21, 0x24);
    StreamSplit s;
    s.naad = 3;
    s.aad_cuts = {5, 20, 0, 0, 0, 0};
    s.ntext = 2;
    s.text_cuts = {7, 0, 0, 0, 0, 0, 0, 0};
    Write("aria_gcm_stream", "edge-aad-partial-blocks", Encode(c, s));
  }
  // J0's counter exactly ff ff ff ff (the first inc32 wraps), a 16-byte IV, two blocks of text:
  // small inputs for the Crypto++ finding of fuzz/README.md.
  for (uint8_t k = 0; k < 2; ++k) {
    GcmCase c;
    c.key_index = 0;
    c.iv_mode = 2;
    c.iv_len = 6;  // kIvLengths[6] == 16
    c.before = 0;
    c.tag_len = 16;
    c.aad_len = 4;
    c.text_len = LengthChoice::Raw(32);
    c.key.assign(16, static_cast<uint8_t>(0x01 + k));
    c.iv.assign(16, 0x02);
    c.aad.assign(4, 0x03);
    c.text.assign(32, 0x04);
    const std::string id = "edge-j0-ffffffff-" + std::to_string(k);
    Write("aria_gcm_seal", id, Encode(c));
    OpenTamper t;
    t.source = 1;
    Write("aria_gcm_open", id, Encode(c, t));
    Write("gcm_layer_boringssl", id, Encode(c, t));
  }
  for (uint8_t tag = 0; tag <= 17; tag += 1) {
    GcmCase c;
    c.iv_mode = 1;
    c.iv_len = static_cast<uint16_t>(1 + tag % (kIvLengths.size() - 1));  // never the empty IV
    c.tag_len = tag;
    c.aad_mode = tag % 3;
    c.aad_len = tag % 3 == 2 ? 4096 : 20;
    c.text_len = LengthChoice::Raw(33);
    c.key.assign(16, tag);
    c.iv.assign(c.IvLen(), 0x11);
    c.aad.assign(c.aad_len, 0x22);
    c.text.assign(33, 0x33);
    Write("aria_gcm_seal", "edge-tag" + std::to_string(tag), Encode(c));
    OpenTamper t;
    t.source = 1;
    if (tag == 0 || tag == 4 || tag == 16 || tag == 17) {
      Write("aria_gcm_open", "edge-tag" + std::to_string(tag), Encode(c, t));
      Write("gcm_layer_boringssl", "edge-tag" + std::to_string(tag), Encode(c, t));
    }
  }
}

void ModeSeeds(const std::string& dir) {
  struct Source {
    const char* file;
    ModeKind kind;
  };
  for (const Source& s : {Source{"aria_cbc_pkcs5_test.json", ModeKind::kCbcPkcs5},
                          Source{"aria_ccm_test.json", ModeKind::kCcm},
                          Source{"aria_cmac_test.json", ModeKind::kCmac},
                          Source{"aria_wrap_test.json", ModeKind::kKw},
                          Source{"aria_kwp_test.json", ModeKind::kKwp}}) {
    vectors::VectorFile file;
    if (!Load(dir, s.file, &file)) continue;
    for (const TestCase* t : Spread(file, 8)) {
      if (t->key.size() != 16 && t->key.size() != 24 && t->key.size() != 32) continue;
      for (bool decrypt : {false, true}) {
        if (s.kind == ModeKind::kCmac && decrypt) continue;
        ModesCase c;
        c.mode = ModeByte(s.kind);
        c.decrypt = decrypt;
        c.key_index = static_cast<uint8_t>(KeyIndex(t->key.size()));
        c.key = t->key;
        c.nonce_len = static_cast<uint8_t>(std::min<size_t>(t->iv.size(), 16));
        c.iv = t->iv;
        c.iv.resize(s.kind == ModeKind::kCcm ? c.nonce_len : 16);
        c.aad = t->aad;
        if (c.aad.size() > 64) continue;
        c.tag_len = static_cast<uint8_t>(std::min<size_t>(t->tag_len, 17));
        c.source = decrypt ? (t->expect == vectors::Expect::kValid ? 1 : 2) : 0;
        // CMAC has no decrypting side: source 2 there flips a bit of the tag AriaCmacVerify gets.
        if (s.kind == ModeKind::kCmac) c.source = t->id % 2 ? 2 : 0;
        c.flip = static_cast<uint16_t>(t->id * 37);
        c.data = t->msg;
        if (c.data.size() > 1200) continue;
        c.length = LengthChoice::Raw(c.data.size());
        Write("aria_modes",
              std::string("wycheproof-") + oracles::ModeName(s.kind) + "-tc" +
                  std::to_string(t->id) + (decrypt ? "-dec" : "-enc"),
              Encode(c));
      }
    }
  }
  // CCM with a 13-byte nonce (the 2-byte length field, q = 2: the shortest the Wycheproof seeds
  // miss), sealed and opened; aria_modes also checks there that 2^16 bytes and more are refused.
  for (bool decrypt : {false, true}) {
    ModesCase c;
    c.mode = ModeByte(ModeKind::kCcm);
    c.decrypt = decrypt;
    c.key_index = 0;
    c.key.assign(kAriaKeyLengths[c.key_index], 0x71);
    c.nonce_len = 13;
    c.iv.assign(13, 0x72);
    c.aad.assign(20, 0x73);
    c.tag_len = 8;
    c.source = decrypt ? 1 : 0;
    c.data.assign(37, 0x74);
    c.length = LengthChoice::Raw(c.data.size());
    Write("aria_modes", std::string("edge-ccm-nonce13-") + (decrypt ? "dec" : "enc"), Encode(c));
  }
  // ECB/CBC/CTR with chunking, CTR counters about to carry across 8..128 bits.
  for (uint8_t k = 0; k < 12; ++k) {
    ModesCase c;
    c.mode = static_cast<uint8_t>(k % 3);  // ECB, CBC, CTR
    c.decrypt = k & 1;
    c.key_index = k % 3;
    c.ctr_mode = 1;
    c.carry_bytes = static_cast<uint8_t>(1 + (k * 5) % 16);
    c.before = static_cast<uint8_t>(k % 4);
    c.length.mode = 2;
    c.length.value = static_cast<uint16_t>((k * 7) % kBatchBlocks.size());
    c.length.delta = static_cast<uint8_t>(k % 2 ? 16 : 9);
    c.nchunks = static_cast<uint8_t>(1 + k % 8);
    for (int i = 0; i < 7; ++i) c.chunks[i] = static_cast<uint16_t>(16 * (i + 1) + k);
    c.key.assign(kAriaKeyLengths[c.key_index], static_cast<uint8_t>(k));
    c.iv.assign(16, static_cast<uint8_t>(0x10 + k));
    c.data.assign(c.length.Length(), static_cast<uint8_t>(0x20 + k));
    Write("aria_modes",
          "edge-" +
              std::string(k % 3 == 0   ? "ecb"
                          : k % 3 == 1 ? "cbc"
                                       : "ctr") +
              "-" + std::to_string(k),
          Encode(c));
  }
  // CFB128, CFB8, CFB1 and OFB, both directions, cut into calls that end mid-block; CFB128 and
  // OFB around the SIMD batches (CFB128 decryption batches its block calls), CFB8/CFB1 short.
  const struct {
    ModeKind kind;
    const char* name;
  } kFeedback[] = {{ModeKind::kCfb128, "cfb128"},
                   {ModeKind::kCfb8, "cfb8"},
                   {ModeKind::kCfb1, "cfb1"},
                   {ModeKind::kOfb, "ofb"}};
  for (const auto& f : kFeedback) {
    for (uint8_t k = 0; k < 4; ++k) {
      ModesCase c;
      c.mode = ModeByte(f.kind);
      c.decrypt = k & 1;
      c.key_index = k % 3;
      const bool serial_per_byte = f.kind == ModeKind::kCfb8 || f.kind == ModeKind::kCfb1;
      if (serial_per_byte) {
        c.length = LengthChoice::Raw(k < 2 ? 17 + k * 13 : 80);
      } else {
        c.length.mode = 2;
        c.length.value = static_cast<uint16_t>((k * 5 + 3) % kBatchBlocks.size());
        c.length.delta = static_cast<uint8_t>(k % 2 ? 23 : 16);
      }
      c.nchunks = static_cast<uint8_t>(1 + (k * 3) % 8);
      for (int i = 0; i < 7; ++i) c.chunks[i] = static_cast<uint16_t>(5 + 11 * i + k);
      c.key.assign(kAriaKeyLengths[c.key_index], static_cast<uint8_t>(0x40 + k));
      c.iv.assign(16, static_cast<uint8_t>(0x50 + k));
      c.data.assign(c.length.Length(), static_cast<uint8_t>(0x60 + k));
      Write("aria_modes", std::string("edge-") + f.name + "-" + std::to_string(k), Encode(c));
    }
  }
}

void BlockSeeds(const std::string& dir) {
  vectors::VectorFile file;
  if (Load(dir, "aria_cbc_pkcs5_test.json", &file)) {
    for (const TestCase* t : Spread(file, 6)) {
      BlockCase c;
      c.key_mode = static_cast<uint8_t>(KeyIndex(t->key.size()));
      if (t->key.size() != kAriaKeyLengths[c.key_mode]) continue;
      c.decrypt = t->id % 2;
      c.blocks = static_cast<uint16_t>(t->ct.size() / 16);
      if (c.blocks > 40) continue;
      c.key = t->key;
      c.data.assign(t->ct.begin(), t->ct.begin() + c.blocks * 16);
      Write("aria_block", "wycheproof-cbc-keys-tc" + std::to_string(t->id), Encode(c));
    }
  }
  for (uint16_t i = 0; i < kBatchBlocks.size(); i += 2) {
    BlockCase c;
    c.key_mode = i % 3;
    c.decrypt = (i / 2) % 2;
    c.blocks_mode = 1;
    c.blocks = i;
    c.key.assign(kAriaKeyLengths[c.key_mode], static_cast<uint8_t>(i));
    c.data.assign(c.Blocks() * 16, static_cast<uint8_t>(0x80 + i));
    Write("aria_block", "edge-blocks" + std::to_string(kBatchBlocks[i]), Encode(c));
  }
  for (uint8_t len : {0, 15, 17, 33}) {
    BlockCase c;
    c.key_mode = 3;
    c.key_len = len;
    c.blocks = 1;
    c.key.assign(len, 7);
    c.data.assign(16, 9);
    Write("aria_block", "edge-badkey" + std::to_string(len), Encode(c));
  }
}

std::string CEscaped(const Bytes& b) {
  std::string s;
  for (uint8_t x : b) s += "\\x" + Hex(&x, 1);
  return s;
}

void WriteLoaderSeed(const std::string& name, uint8_t which, uint8_t format,
                     const std::string& text) {
  bool skip = false;
  Bytes body(text.begin(), text.end());
  FuzzWriter w;
  w.Int<uint8_t>(&which, 0, 4);
  w.Int<uint8_t>(&format, 0, vectors::kLastFormat);
  w.Bool(&skip);
  w.Data(&body, body.size());
  if (which == 0 && format != 0) {
    vectors::LoadOptions options;
    options.format = static_cast<vectors::Format>(format);
    vectors::VectorFile file;
    std::string error;
    if (!vectors::LoadVectorText(name, text, options, &file, &error)) {
      std::fprintf(stderr, "make_seeds: note: loader seed %s does not load: %s\n", name.c_str(),
                   error.c_str());
    }
  }
  Write("vector_loaders", name, w.Finish());
}

// Small files of each format the runner reads, made from one Wycheproof ARIA-GCM case, plus exec
// protocol lines and hex strings.
void LoaderSeeds(const std::string& dir) {
  vectors::VectorFile file;
  if (!Load(dir, "aria_gcm_test.json", &file)) return;
  const TestCase* pick = nullptr;
  for (const TestCase& t : file.cases) {
    if (t.expect == vectors::Expect::kValid && t.iv.size() == 12 && t.key.size() == 16 &&
        t.tag_len == 16 && !t.aad.empty() && t.msg.size() >= 16 && t.msg.size() <= 64) {
      pick = &t;
      break;
    }
  }
  if (pick == nullptr) return;
  const TestCase& t = *pick;
  vectors::WycheproofDoc doc;
  doc.algorithm = vectors::WycheproofAlgorithm(t.cipher, t.mode);
  doc.mode = t.mode;
  doc.header = {"seed"};
  TestCase copy = t;
  copy.flags.clear();
  doc.cases.push_back(copy);
  TestCase bad = t;
  bad.id = t.id + 1;
  bad.flags.clear();
  bad.expect = vectors::Expect::kInvalid;
  bad.tag[0] ^= 1;
  doc.cases.push_back(bad);
  const std::string wyche = vectors::WriteWycheproof(doc);
  WriteLoaderSeed("wycheproof", 0, 1, wyche);
  WriteLoaderSeed("wycheproof-auto", 0, 0, wyche);
  WriteLoaderSeed("json", 1, 0, wyche);
  const std::string bits = [&] {
    return "[Keylen = " + std::to_string(8 * t.key.size()) +
           "]\n[IVlen = " + std::to_string(8 * t.iv.size()) +
           "]\n[PTlen = " + std::to_string(8 * t.msg.size()) +
           "]\n[AADlen = " + std::to_string(8 * t.aad.size()) +
           "]\n[Taglen = " + std::to_string(8 * t.tag.size()) + "]\n\n";
  }();
  WriteLoaderSeed("cavp-encrypt", 0, 2,
                  "# ARIA-GCM sample (ariasuite fuzz seed)\n" + bits +
                      "Count = 0\nKey = " + Hex(t.key) + "\nIV = " + Hex(t.iv) +
                      "\nPT = " + Hex(t.msg) + "\nAAD = " + Hex(t.aad) + "\nCT = " + Hex(t.ct) +
                      "\nTag = " + Hex(t.tag) + "\n");
  WriteLoaderSeed("cavp-decrypt-fail", 0, 2,
                  "# ARIA-GCM sample (ariasuite fuzz seed)\n" + bits + "Count = 0\nKey = " +
                      Hex(t.key) + "\nIV = " + Hex(t.iv) + "\nCT = " + Hex(t.ct) +
                      "\nAAD = " + Hex(t.aad) + "\nTag = " + Hex(bad.tag) + "\nFAIL\n");
  WriteLoaderSeed("evp", 0, 3,
                  "Title = ARIA-GCM seed\n\nCipher = ARIA-128-GCM\nKey = " + Hex(t.key) +
                      "\nIV = " + Hex(t.iv) + "\nAAD = " + Hex(t.aad) + "\nTag = " + Hex(t.tag) +
                      "\nPlaintext = " + Hex(t.msg) + "\nCiphertext = " + Hex(t.ct) +
                      "\n\nCipher = ARIA-128-GCM\nOperation = DECRYPT\nKey = " + Hex(t.key) +
                      "\nIV = " + Hex(t.iv) + "\nAAD = " + Hex(t.aad) + "\nTag = " + Hex(bad.tag) +
                      "\nPlaintext = " + Hex(t.msg) + "\nCiphertext = " + Hex(t.ct) +
                      "\nResult = CIPHERFINAL_ERROR\n");
  Bytes ctext = t.ct;
  ctext.insert(ctext.end(), t.tag.begin(), t.tag.end());
  WriteLoaderSeed(
      "testmgr", 0, 4,
      "static const struct aead_testvec aria_gcm_tv_template[] = {\n\t{\n\t\t.key\t= \"" +
          CEscaped(t.key) + "\",\n\t\t.klen\t= " + std::to_string(t.key.size()) +
          ",\n\t\t.iv\t= \"" + CEscaped(t.iv) + "\",\n\t\t.assoc\t= \"" + CEscaped(t.aad) +
          "\",\n\t\t.alen\t= " + std::to_string(t.aad.size()) + ",\n\t\t.ptext\t= \"" +
          CEscaped(t.msg) + "\",\n\t\t.plen\t= " + std::to_string(t.msg.size()) +
          ",\n\t\t.ctext\t= \"" + CEscaped(ctext) +
          "\",\n\t\t.clen\t= " + std::to_string(ctext.size()) + ",\n\t}\n};\n");
  WriteLoaderSeed(
      "botan", 0, 5,
      "#test cpuid aesni\n[DES/CBC/NoPadding]\nKey = 0123456789abcdef\nNonce = 0011223344556677\n"
      "In = 00\nOut = 00\n\n[ARIA-128/GCM]\nKey = " +
          Hex(t.key) + "\nNonce = " + Hex(t.iv) + "\nAD = " + Hex(t.aad) + "\nIn = " + Hex(t.msg) +
          "\nOut = " + Hex(ctext) + "\n");
  WriteLoaderSeed(
      "cryptopp", 0, 6,
      "AlgorithmType: AuthenticatedSymmetricCipher\nName: ARIA/GCM\nSource: seed\nKey: " +
          Hex(t.key) + "\nIV: " + Hex(t.iv) + "\nHeader: " + Hex(t.aad) + "\nPlaintext: r1 " +
          Hex(t.msg) + " \\\n  \"\"\nCiphertext: 0x" + Hex(t.ct) + "\nMAC: " + Hex(t.tag) +
          "\nTest: Encrypt\nMAC: " + Hex(bad.tag) + "\nTest: NotVerify\n");
  // RFC 5794 Appendix A.1 (ARIA-128), in Crypto++'s TestData layout.
  WriteLoaderSeed("cryptopp-dat", 0, 7,
                  "000102030405060708090A0B0C0D0E0F 00112233445566778899AABBCCDDEEFF "
                  "D718FBD6AB644C739DA95F3BE6451778\n");
  WriteLoaderSeed(
      "mbedtls", 0, 8,
      "ARIA Selftest\ndepends_on:MBEDTLS_SELF_TEST\naria_selftest:\n\nARIA-128-GCM seed\n"
      "auth_crypt_tv:MBEDTLS_CIPHER_ARIA_128_GCM:\"" +
          Hex(t.key) + "\":\"" + Hex(t.iv) + "\":\"" + Hex(t.aad) + "\":\"" + Hex(t.ct) + "\":\"" +
          Hex(t.tag) + "\":\"\":\"" + Hex(t.msg) +
          "\":0\n\nARIA-128-GCM seed, bad tag\nauth_crypt_tv:MBEDTLS_CIPHER_ARIA_128_GCM:\"" +
          Hex(t.key) + "\":\"" + Hex(t.iv) + "\":\"" + Hex(t.aad) + "\":\"" + Hex(t.ct) + "\":\"" +
          Hex(bad.tag) + "\":\"FAIL\":\"\":0\n");
  oracles::Request r;
  r.op = oracles::Op::kGcmSeal;
  r.key = t.key;
  r.iv = t.iv;
  r.aad = t.aad;
  r.input = t.msg;
  r.tag_len = 16;
  WriteLoaderSeed("request-seal", 2, 0, oracles::FormatRequestLine(r));
  r.op = oracles::Op::kGcmOpen;
  r.input = t.ct;
  r.tag = t.tag;
  r.tag_len = 0;
  WriteLoaderSeed("request-open", 2, 0, oracles::FormatRequestLine(r));
  oracles::Result ok;
  ok.accepted = true;
  ok.output = t.ct;
  ok.tag = t.tag;
  WriteLoaderSeed("response-ok", 3, 0, oracles::FormatResponseLine(ok));
  oracles::Result refused;
  refused.detail = "tag mismatch";
  WriteLoaderSeed("response-refused", 3, 0, oracles::FormatResponseLine(refused));
  WriteLoaderSeed("response-unsupported", 3, 0, oracles::FormatResponseLine(std::nullopt));
  WriteLoaderSeed("response-crashed", 3, 0,
                  oracles::FormatResponseLine(oracles::Crashed("NegativeArraySizeException: -8")));
  WriteLoaderSeed("hex", 4, 0, Hex(t.key) + "AbCd");
}

void TlsSeeds() {
  for (uint8_t k = 0; k < 10; ++k) {
    TlsCase c;
    c.key_index = k % 2;
    c.seq_mode = k % 3 == 0 ? 0 : 1;
    c.seq = k % 3 == 0 ? k : k % 4;
    c.type = static_cast<uint8_t>(20 + k % 4);
    c.version_mode = k % 5 == 4 ? 1 : 0;
    c.version = 0x0301 + k;
    c.open = k % 2;
    // The opening seeds (odd k) take every tamper kind, none (a valid record) included.
    c.tamper = static_cast<uint8_t>((k / 2) % 4);
    c.flip = k * 131u;
    c.nrecords = static_cast<uint8_t>(1 + k % 3);
    c.length = k % 4 == 3 ? LengthChoice{2, static_cast<uint16_t>(k % kBatchBlocks.size()), 16}
                          : LengthChoice::Raw(k * 29);
    c.key.assign(c.KeyLen(), static_cast<uint8_t>(0x60 + k));
    c.salt.assign(4, static_cast<uint8_t>(k));
    c.explicit_nonce.assign(8, static_cast<uint8_t>(0xe0 + k));
    c.big = k == 7 || k == 8;
    c.big_delta = static_cast<uint8_t>(k == 7 ? 16 : 17);
    c.payload.assign(c.PayloadLen(), static_cast<uint8_t>(k));
    Write("tls12_record", "edge-" + std::to_string(k), Encode(c));
  }
}

}  // namespace
}  // namespace ariasuite::fuzz

int main(int argc, char** argv) {
  using namespace ariasuite::fuzz;
  std::string wycheproof;
  std::unique_ptr<CLI::App> app = ariasuite::cli::NewApp(
      "make_seeds",
      "Writes the fuzz targets' seed corpora, OUT_DIR/<target>/, from the Wycheproof ARIA and "
      "AES-GCM files and constructed edge inputs (deterministic; same-named files are "
      "overwritten).");
  app->add_option("WYCHEPROOF_DIR", wycheproof,
                  "the Wycheproof vector folder (../shared/vectors/wycheproof)")
      ->required();
  app->add_option("OUT_DIR", g_out, "the corpus folder (fuzz/corpus)")->required();
  if (std::optional<int> status = ariasuite::cli::Parse(*app, argc, argv)) return *status;
  mkdir(g_out.c_str(), 0755);
  BlockSeeds(wycheproof);
  ModeSeeds(wycheproof);
  GcmSeeds(wycheproof);
  TlsSeeds();
  LoaderSeeds(wycheproof);
  std::printf("make_seeds: wrote %d seed files under %s\n", g_written, g_out.c_str());
  return 0;
}
