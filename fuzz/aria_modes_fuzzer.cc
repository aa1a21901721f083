// aria_modes: ARIA in ECB, CBC, CTR, CBC-PKCS5, CCM, CMAC, KW, KWP, CFB128, CFB8, CFB1 and OFB,
// every path of ours against OpenSSL, Botan and Crypto++ (and the kernel's AF_ALG where it has
// ARIA); KW and KWP also against the sp800-38f oracle (oracles/sp800_38f_backend.cc), so Botan is
// not their only judge; CFB and OFB also against the sp800-38a oracle (sp800_38a_backend.cc), the
// only judge of CFB1 beside OpenSSL (Botan and Crypto++ feed back whole bytes only).
// Decrypting operations get raw input, a valid input (made by our scalar path) or a valid one with
// a bit flipped. CTR counters can be set a few blocks before a carry across 8, 16, ... 128 bits.
// For ECB, CBC, CTR, CFB and OFB our streaming APIs (impl/modes.h) also run the input cut into up
// to 8 update calls, which must give the one-shot bytes.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz/fuzz_common.h"
#include "fuzz/fuzz_entry.h"
#include "impl/aria.h"
#include "impl/ccm.h"
#include "impl/cmac.h"
#include "impl/dispatch.h"
#include "impl/modes.h"

namespace ariasuite::fuzz {
namespace {

Op OpFor(ModeKind kind, bool decrypt) {
  switch (kind) {
    case ModeKind::kEcb: return decrypt ? Op::kEcbDecrypt : Op::kEcbEncrypt;
    case ModeKind::kCbc: return decrypt ? Op::kCbcDecrypt : Op::kCbcEncrypt;
    case ModeKind::kCtr: return decrypt ? Op::kCtrDecrypt : Op::kCtrEncrypt;
    case ModeKind::kCbcPkcs5: return decrypt ? Op::kCbcPkcs5Decrypt : Op::kCbcPkcs5Encrypt;
    case ModeKind::kCcm: return decrypt ? Op::kCcmOpen : Op::kCcmSeal;
    case ModeKind::kCmac: return Op::kCmac;
    case ModeKind::kKw: return decrypt ? Op::kKwUnwrap : Op::kKwWrap;
    case ModeKind::kCfb128: return decrypt ? Op::kCfb128Decrypt : Op::kCfb128Encrypt;
    case ModeKind::kCfb8: return decrypt ? Op::kCfb8Decrypt : Op::kCfb8Encrypt;
    case ModeKind::kCfb1: return decrypt ? Op::kCfb1Decrypt : Op::kCfb1Encrypt;
    case ModeKind::kOfb: return decrypt ? Op::kOfbDecrypt : Op::kOfbEncrypt;
    case ModeKind::kKwp:
    default: return decrypt ? Op::kKwpUnwrap : Op::kKwpWrap;
  }
}

// The sealing/wrapping operation that makes valid input for a decrypting one.
std::optional<Op> InverseOf(Op op) {
  switch (op) {
    case Op::kCbcPkcs5Decrypt: return Op::kCbcPkcs5Encrypt;
    case Op::kCcmOpen: return Op::kCcmSeal;
    case Op::kKwUnwrap: return Op::kKwWrap;
    case Op::kKwpUnwrap: return Op::kKwpWrap;
    default: return std::nullopt;
  }
}

void FlipBit(oracles::Bytes* v, uint32_t bit) {
  if (!v->empty()) (*v)[(bit / 8) % v->size()] ^= static_cast<uint8_t>(1u << (bit % 8));
}

// Our streaming API on one path, input cut as c.chunks says. nullopt where the API has no
// streaming form for the operation.
bool IsFeedback(ModeKind kind) {
  return kind == ModeKind::kCfb128 || kind == ModeKind::kCfb8 || kind == ModeKind::kCfb1 ||
         kind == ModeKind::kOfb;
}

// The CFB/OFB streaming call of impl/modes.h for r.op.
Status FeedbackCall(Impl impl, Op op, const AriaKey& key, AriaFeedbackState* st, uint8_t* out,
                    const uint8_t* in, size_t n) {
  switch (op) {
    case Op::kCfb128Encrypt: return AriaCfb128Encrypt(impl, key, st, out, in, n);
    case Op::kCfb128Decrypt: return AriaCfb128Decrypt(impl, key, st, out, in, n);
    case Op::kCfb8Encrypt: return AriaCfb8Encrypt(impl, key, st, out, in, n);
    case Op::kCfb8Decrypt: return AriaCfb8Decrypt(impl, key, st, out, in, n);
    case Op::kCfb1Encrypt: return AriaCfb1Encrypt(impl, key, st, out, in, n);
    case Op::kCfb1Decrypt: return AriaCfb1Decrypt(impl, key, st, out, in, n);
    default: return AriaOfb(impl, key, st, out, in, n);
  }
}

std::optional<oracles::Result> Chunked(Impl impl, const ModesCase& c, const Request& r) {
  const ModeKind kind = c.Kind();
  if (kind != ModeKind::kEcb && kind != ModeKind::kCbc && kind != ModeKind::kCtr &&
      !IsFeedback(kind)) {
    return std::nullopt;
  }
  const bool decrypt = r.op == Op::kEcbDecrypt || r.op == Op::kCbcDecrypt;
  AriaKey key;
  const Status ks = decrypt ? AriaSetDecryptKey(&key, r.key.data(), r.key.size())
                            : AriaSetEncryptKey(&key, r.key.data(), r.key.size());
  oracles::Result res;
  if (ks != Status::kOk) return res;
  res.output.resize(r.input.size());
  // ECB and CBC take whole blocks per call: cut sizes round down to 16.
  std::array<uint16_t, 8> cuts = c.chunks;
  if (kind == ModeKind::kEcb || kind == ModeKind::kCbc) {
    for (auto& n : cuts) n -= n % 16;
  }
  uint8_t iv[16] = {};
  for (size_t i = 0; i < 16 && i < r.iv.size(); ++i) iv[i] = r.iv[i];
  AriaCtrState ctr;
  AriaCtrInit(&ctr, iv);
  AriaFeedbackState feedback;
  AriaFeedbackInit(&feedback, iv);
  for (auto [off, n] : Cut(r.input.size(), cuts.data(), c.nchunks - 1)) {
    uint8_t* out = res.output.data() + off;
    const uint8_t* in = r.input.data() + off;
    Status st;
    if (kind == ModeKind::kEcb) {
      st = AriaEcb(impl, key, out, in, n);
    } else if (kind == ModeKind::kCbc) {
      st = decrypt ? AriaCbcDecrypt(impl, key, iv, out, in, n)
                   : AriaCbcEncrypt(impl, key, iv, out, in, n);
    } else if (IsFeedback(kind)) {
      st = FeedbackCall(impl, r.op, key, &feedback, out, in, n);
    } else {
      st = AriaCtr(impl, key, &ctr, out, in, n);
    }
    if (st != Status::kOk) {
      res.output.clear();
      res.detail = StatusName(st);
      return res;
    }
  }
  res.accepted = true;
  return res;
}

// AriaCmacVerify (SP 800-38B §6.3) on every path: the tag the agreed MAC gave verifies, and with
// one bit flipped (source 2) is refused; a tag length CMAC refuses is refused by verify too.
void CheckCmacVerify(const ModesCase& c, const Request& r, const Answers& answers) {
  const auto& mac = answers.at("ours/scalar");
  if (!mac) return;
  oracles::Bytes tag = mac->accepted ? mac->tag : oracles::Bytes(c.tag_len, 0);
  const bool flipped = mac->accepted && c.source == 2;
  if (flipped) FlipBit(&tag, c.flip);
  Differ verify("cmac-verify");
  Describe(&verify, r);
  verify.Input("tag", tag);
  verify.Add("construction", true, mac->accepted && !flipped ? Accepted({}) : Refused("expected"));
  AriaKey key;
  if (AriaSetEncryptKey(&key, r.key.data(), r.key.size()) != Status::kOk) return;
  for (Impl impl : AvailableImpls()) {
    const Status st =
        AriaCmacVerify(impl, key, tag.data(), tag.size(), r.input.data(), r.input.size());
    verify.Add(std::string("ours/") + ImplName(impl) + "/AriaCmacVerify", true,
               st == Status::kOk ? Accepted({}) : Refused(StatusName(st)));
  }
  verify.Check();
}

// SP 800-38C §A.1: the text length must fit the q = 15 - nonce_len byte length field. With a
// 13-byte nonce (q = 2) every path must return kTooLong for 2^16 bytes and more, seal and open
// alike; the text is 2^16 plus this input's length (at most 4 KiB) of zeros, so no input has to
// be 64 KiB long.
// Each answer's output is the status byte, compared with kTooLong (refusals alone would agree
// whatever their status).
void CheckCcmLengthField(const Request& r) {
  if (r.iv.size() != 13 || !AriaCcmTagLengthOk(r.tag_len)) return;
  AriaKey key;
  if (AriaSetEncryptKey(&key, r.key.data(), r.key.size()) != Status::kOk) return;
  constexpr size_t kLimit = size_t{1} << 16;
  constexpr size_t kOver = 4096;  // the most the text goes past the limit (max_len)
  static std::vector<uint8_t> in(kLimit + kOver), out(kLimit + kOver);
  const size_t len = kLimit + std::min(r.input.size(), kOver);
  uint8_t tag[16] = {};
  Differ check("ccm-length-field");
  Describe(&check, r);
  check.Param("text_len", static_cast<int64_t>(len));
  check.Note("output: the Status each returns for a text the 2-byte length field cannot hold");
  const auto status = [](Status st) { return Accepted({static_cast<uint8_t>(st)}); };
  check.Add("construction", true, status(Status::kTooLong));
  for (Impl impl : AvailableImpls()) {
    const Status seal = AriaCcmSeal(impl, key, out.data(), tag, r.tag_len, r.iv.data(), r.iv.size(),
                                    in.data(), len, r.aad.data(), r.aad.size());
    check.Add(std::string("ours/") + ImplName(impl) + "/AriaCcmSeal", true, status(seal));
    const Status open = AriaCcmOpen(impl, key, out.data(), r.iv.data(), r.iv.size(), in.data(), len,
                                    tag, r.tag_len, r.aad.data(), r.aad.size());
    check.Add(std::string("ours/") + ImplName(impl) + "/AriaCcmOpen", true, status(open));
  }
  check.Check();
}

}  // namespace

void FuzzOne(const uint8_t* data, size_t size) {
  FuzzReader reader(data, size);
  ModesCase c;
  c.Visit(reader);
  const ModeKind kind = c.Kind();
  Request r;
  r.op = OpFor(kind, c.decrypt);
  r.key = c.key;
  oracles::Bytes msg = c.data;
  switch (kind) {
    case ModeKind::kEcb:
    case ModeKind::kCbc: msg.resize(msg.size() - msg.size() % 16); break;
    case ModeKind::kKw: msg.resize(msg.size() - msg.size() % 8); break;
    // One (CFB8) or eight (CFB1) serial block calls per byte on every path and in each chunked
    // rerun: long inputs add nothing these lengths miss and would slow every run.
    case ModeKind::kCfb8:
      if (msg.size() > 1200) msg.resize(1200);
      break;
    case ModeKind::kCfb1:
      if (msg.size() > 256) msg.resize(256);
      break;
    default: break;
  }
  if (kind == ModeKind::kCbc || kind == ModeKind::kCtr || kind == ModeKind::kCbcPkcs5 ||
      IsFeedback(kind)) {
    r.iv = c.iv;
  }
  if (kind == ModeKind::kCtr && c.ctr_mode == 1) {
    // The low carry_bytes bytes all ones, less `before` in the last: the counter carries across
    // 8 * carry_bytes bits after before + 1 blocks.
    for (size_t i = 16 - c.carry_bytes; i < 16; ++i) r.iv[i] = 0xff;
    r.iv[15] = static_cast<uint8_t>(0xff - c.before);
  }
  if (kind == ModeKind::kCcm) {
    r.iv = c.iv;
    r.aad = c.aad;
  }
  if (kind == ModeKind::kCcm || kind == ModeKind::kCmac) r.tag_len = c.tag_len;
  r.input = msg;

  Differ differ(oracles::OpName(r.op));
  // Decrypting operations with valid (or nearly valid) input: seal or wrap msg with our scalar path
  // first. KW/KWP unwrap take decryption round keys, which the backends derive themselves.
  if (auto inverse = InverseOf(r.op); inverse && c.source != 0) {
    Request make = r;
    make.op = *inverse;
    if (r.op == Op::kCcmOpen) make.tag_len = c.tag_len;
    auto made = AnswerOf(AriaBackends(), "ours/scalar", make);
    if (made && made->accepted) {
      r.input = made->output;
      if (r.op == Op::kCcmOpen) r.tag = made->tag;
      differ.Note(std::string("input made by ours/scalar ") + oracles::OpName(*inverse));
      if (c.source == 2) {
        oracles::Bytes* target = (c.flip & 1) && !r.tag.empty() ? &r.tag : &r.input;
        FlipBit(target, c.flip >> 1);
        differ.Note("then one bit flipped");
      }
    }
  }
  if (r.op == Op::kCcmOpen && r.tag.empty()) {
    r.tag.assign(c.tag_len, 0);  // A raw open: an all-zero tag of the wanted length.
    for (size_t i = 0; i < r.tag.size() && i < c.data.size(); ++i) r.tag[i] = c.data[i];
  }
  Describe(&differ, r);
  differ.Param("mode", static_cast<int64_t>(kind));
  const Answers answers = AskAll(&differ, AriaBackends(), r);
  for (Impl impl : AvailableImpls()) {
    if (auto chunked = Chunked(impl, c, r)) {
      differ.Add(std::string("ours/") + ImplName(impl) + "+" + std::to_string(c.nchunks) + "calls",
                 true, chunked);
    }
  }
  differ.Check();
  if (kind == ModeKind::kCmac) CheckCmacVerify(c, r, answers);
  if (kind == ModeKind::kCcm) CheckCcmLengthField(r);
}

}  // namespace ariasuite::fuzz
