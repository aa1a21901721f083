// Byte-vector wrappers over impl/'s scalar ARIA paths (see reference.h).
#include "kernel-tests/reference.h"

#include "impl/aria.h"
#include "impl/gcm.h"
#include "impl/modes.h"

namespace ref {

using ariasuite::AriaKey;
using ariasuite::Impl;
using ariasuite::Status;

bool Ecb(bool encrypt, const Bytes& key, const Bytes& in, Bytes* out) {
  AriaKey k;
  Status s = encrypt ? ariasuite::AriaSetEncryptKey(&k, key.data(), key.size())
                     : ariasuite::AriaSetDecryptKey(&k, key.data(), key.size());
  if (s != Status::kOk) return false;
  out->resize(in.size());
  return ariasuite::AriaEcb(Impl::kScalar, k, out->data(), in.data(), in.size()) == Status::kOk;
}

bool Cbc(bool encrypt, const Bytes& key, const Bytes& iv, const Bytes& in, Bytes* out) {
  if (iv.size() != 16) return false;
  AriaKey k;
  Status s = encrypt ? ariasuite::AriaSetEncryptKey(&k, key.data(), key.size())
                     : ariasuite::AriaSetDecryptKey(&k, key.data(), key.size());
  if (s != Status::kOk) return false;
  uint8_t chain[16];
  for (int i = 0; i < 16; ++i) chain[i] = iv[i];
  out->resize(in.size());
  s = encrypt
          ? ariasuite::AriaCbcEncrypt(Impl::kScalar, k, chain, out->data(), in.data(), in.size())
          : ariasuite::AriaCbcDecrypt(Impl::kScalar, k, chain, out->data(), in.data(), in.size());
  return s == Status::kOk;
}

bool Ctr(const Bytes& key, const Bytes& iv, const Bytes& in, Bytes* out) {
  if (iv.size() != 16) return false;
  AriaKey k;
  if (ariasuite::AriaSetEncryptKey(&k, key.data(), key.size()) != Status::kOk) return false;
  ariasuite::AriaCtrState st;
  ariasuite::AriaCtrInit(&st, iv.data());
  out->resize(in.size());
  return ariasuite::AriaCtr(Impl::kScalar, k, &st, out->data(), in.data(), in.size()) ==
         Status::kOk;
}

bool GcmSeal(const Bytes& key, const Bytes& iv, const Bytes& aad, const Bytes& pt, size_t tag_len,
             Bytes* out) {
  ariasuite::AriaGcmKey k;
  if (k.Init(Impl::kScalar, key.data(), key.size()) != Status::kOk) return false;
  out->resize(pt.size() + tag_len);
  return ariasuite::AriaGcmSeal(k, out->data(), out->data() + pt.size(), tag_len, iv.data(),
                                iv.size(), pt.data(), pt.size(), aad.data(),
                                aad.size()) == Status::kOk;
}

bool GcmOpen(const Bytes& key, const Bytes& iv, const Bytes& aad, const Bytes& in, size_t tag_len,
             Bytes* pt, bool* auth_failed) {
  *auth_failed = false;
  if (in.size() < tag_len) return false;
  ariasuite::AriaGcmKey k;
  if (k.Init(Impl::kScalar, key.data(), key.size()) != Status::kOk) return false;
  size_t ct_len = in.size() - tag_len;
  pt->resize(ct_len);
  Status s = ariasuite::AriaGcmOpen(k, pt->data(), iv.data(), iv.size(), in.data(), ct_len,
                                    in.data() + ct_len, tag_len, aad.data(), aad.size());
  *auth_failed = s == Status::kAuthFailed;
  return s == Status::kOk;
}

}  // namespace ref
