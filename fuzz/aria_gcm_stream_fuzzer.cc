// aria_gcm_stream: our streaming ARIA-GCM (AriaGcmContext, impl/gcm.h) on every path, with the AAD
// and the text cut at random points across calls, in place or out of place, from misaligned
// buffers, sometimes with an out-of-order call thrown in (which must return kBadState and change
// nothing). The streamed ciphertext and tag must equal the one-shot AriaGcmSeal of the same path
// and the answers of OpenSSL and the sp800-38d oracle; the streamed open of it must give the
// plaintext back and accept the tag.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "fuzz/fuzz_common.h"
#include "fuzz/fuzz_entry.h"
#include "impl/dispatch.h"
#include "impl/gcm.h"

namespace ariasuite::fuzz {
namespace {

using oracles::Bytes;
using oracles::Result;

// Streams one message through ctx; out_ct/out_tag get the result. Returns "" or what went wrong.
std::string StreamSeal(const AriaGcmKey& key, const GcmCase& c, const StreamSplit& s, Bytes* out_ct,
                       Bytes* out_tag) {
  AriaGcmContext ctx;
  Status st = ctx.Start(key, c.iv.data(), c.iv.size());
  if (st != Status::kOk) return std::string("Start: ") + StatusName(st);
  for (auto [off, n] : Cut(c.aad.size(), s.aad_cuts.data(), s.naad - 1)) {
    st = ctx.UpdateAad(c.aad.data() + off, n);
    if (st != Status::kOk) return std::string("UpdateAad: ") + StatusName(st);
  }
  // Buffers shifted by in_shift / out_shift bytes from an allocation's start.
  std::vector<uint8_t> in_buf(c.text.size() + 64), out_buf(c.text.size() + 64);
  uint8_t* out = out_buf.data() + s.out_shift;
  uint8_t* in = s.in_place ? out : in_buf.data() + s.in_shift;
  if (!c.text.empty()) std::memcpy(in, c.text.data(), c.text.size());
  bool first = true;
  for (auto [off, n] : Cut(c.text.size(), s.text_cuts.data(), s.ntext - 1)) {
    st = ctx.UpdateEncrypt(out + off, in + off, n);
    if (st != Status::kOk) return std::string("UpdateEncrypt: ") + StatusName(st);
    // The out-of-order calls go right after the first update that took text bytes.
    if (n == 0) continue;
    if (first && s.misuse == 1) {
      const uint8_t one = 0;
      st = ctx.UpdateAad(&one, 1);  // AAD after text
      if (st != Status::kBadState) return std::string("UpdateAad after text: ") + StatusName(st);
    }
    if (first && s.misuse == 2) {
      uint8_t junk[1];
      st = ctx.UpdateDecrypt(junk, &junk[0], 0);  // mixing directions
      if (st != Status::kBadState) return std::string("UpdateDecrypt in a seal: ") + StatusName(st);
    }
    first = false;
  }
  out_tag->assign(c.tag_len, 0);
  st = ctx.FinishEncrypt(out_tag->data(), out_tag->size());
  if (st != Status::kOk) return std::string("FinishEncrypt: ") + StatusName(st);
  if (s.misuse == 3) {
    uint8_t x = 0;
    st = ctx.UpdateEncrypt(&x, &x, 1);
    if (st != Status::kBadState)
      return std::string("UpdateEncrypt after Finish: ") + StatusName(st);
  }
  if (s.misuse == 4) {
    Bytes again(c.tag_len);
    st = ctx.FinishEncrypt(again.data(), again.size());
    if (st != Status::kBadState) return std::string("FinishEncrypt twice: ") + StatusName(st);
  }
  out_ct->assign(out, out + c.text.size());
  return "";
}

// Streams the open of (ct, tag); out_pt gets the plaintext. Returns "" or what went wrong.
std::string StreamOpen(const AriaGcmKey& key, const GcmCase& c, const StreamSplit& s,
                       const Bytes& ct, const Bytes& tag, Bytes* out_pt) {
  AriaGcmContext ctx;
  Status st = ctx.Start(key, c.iv.data(), c.iv.size());
  if (st != Status::kOk) return std::string("Start: ") + StatusName(st);
  // The AAD cut differently from the seal: the last cut first.
  std::array<uint16_t, 6> cuts{};
  for (int i = 0; i + 1 < s.naad; ++i) cuts[i] = s.aad_cuts[s.naad - 2 - i];
  for (auto [off, n] : Cut(c.aad.size(), cuts.data(), s.naad - 1)) {
    st = ctx.UpdateAad(c.aad.data() + off, n);
    if (st != Status::kOk) return std::string("UpdateAad: ") + StatusName(st);
  }
  std::vector<uint8_t> buf(ct.size() + 64);
  uint8_t* io = buf.data() + s.in_shift;
  if (!ct.empty()) std::memcpy(io, ct.data(), ct.size());
  for (auto [off, n] : Cut(ct.size(), s.text_cuts.data(), s.ntext - 1)) {
    st = ctx.UpdateDecrypt(io + off, io + off, n);  // in place
    if (st != Status::kOk) return std::string("UpdateDecrypt: ") + StatusName(st);
  }
  st = ctx.FinishDecrypt(tag.data(), tag.size());
  if (st != Status::kOk) return std::string("FinishDecrypt: ") + StatusName(st);
  out_pt->assign(io, io + ct.size());
  return "";
}

}  // namespace

void FuzzOne(const uint8_t* data, size_t size) {
  GcmCase c;
  StreamSplit s;
  ReadCases(data, size, c, s);
  const GcmSetup setup(&c, oracles::Cipher::kAria);
  const Request r = setup.Make(Op::kGcmSeal);
  Differ seal("gcm-stream-seal");
  setup.Annotate(&seal, r);
  seal.Param("aad_calls", s.naad);
  seal.Param("text_calls", s.ntext);
  seal.Param("misuse", s.misuse);
  seal.Note(std::string("in_place=") + (s.in_place ? "1" : "0") + " in_shift=" +
            std::to_string(s.in_shift) + " out_shift=" + std::to_string(s.out_shift));

  Differ open("gcm-stream-open");
  setup.Annotate(&open, r);
  open.Add("original-plaintext", true, Accepted(c.text));
  bool any_open = false;
  for (Impl impl : AvailableImpls()) {
    const std::string path = std::string("ours/") + ImplName(impl);
    AriaGcmKey key;
    if (key.Init(impl, c.key.data(), c.key.size()) != Status::kOk) continue;
    Result one;
    Bytes ct(c.text.size()), tag(c.tag_len);
    Status st = AriaGcmSeal(key, ct.data(), tag.data(), tag.size(), c.iv.data(), c.iv.size(),
                            c.text.data(), c.text.size(), c.aad.data(), c.aad.size());
    one = st == Status::kOk ? Accepted(ct, tag) : Refused(StatusName(st));
    seal.Add(path + "/one-shot", true, one);
    Bytes sct, stag;
    const std::string err = StreamSeal(key, c, s, &sct, &stag);
    seal.Add(path + "/stream", true, err.empty() ? Accepted(sct, stag) : Refused(err));
    if (one.accepted && s.decrypt_too) {
      Bytes pt;
      const std::string oerr = StreamOpen(key, c, s, one.output, one.tag, &pt);
      open.Add(path + "/stream", true, oerr.empty() ? Accepted(pt) : Refused(oerr));
      any_open = true;
    }
  }
  // Two independent judges: OpenSSL, and SP 800-38D written over OpenSSL's raw ARIA (every IV and
  // tag length SP 800-38D allows, where OpenSSL refuses IVs over 128 bytes).
  static const std::vector<Backend*>* oracles =
      new std::vector<Backend*>(BackendsFor({"openssl", "sp800-38d"}));
  AskAll(&seal, *oracles, r);
  seal.Check();
  if (any_open) open.Check();
}

}  // namespace ariasuite::fuzz
