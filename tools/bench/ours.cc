// ariasuite's own paths as a benchmark subject, through the public API (modes.h, gcm.h).
#include <cstring>

#include "impl/aria.h"
#include "impl/dispatch.h"
#include "impl/gcm.h"
#include "impl/modes.h"
#include "tools/bench/subjects.h"

namespace ariasuite::bench {
namespace {

class Ours : public Subject {
 public:
  Ours(Impl impl, const uint8_t* key, size_t key_len) : impl_(impl) {
    ok_ = AriaSetEncryptKey(&key_, key, key_len) == Status::kOk &&
          gcm_.Init(impl, key, key_len) == Status::kOk;
  }
  bool Ecb(uint8_t* out, const uint8_t* in, size_t len) override {
    return ok_ && AriaEcb(impl_, key_, out, in, len) == Status::kOk;
  }
  bool Ctr(uint8_t* out, const uint8_t* in, size_t len) override {
    AriaCtrState state;
    AriaCtrInit(&state, kIv);
    return ok_ && AriaCtr(impl_, key_, &state, out, in, len) == Status::kOk;
  }
  bool GcmSeal(uint8_t* out, uint8_t tag[16], const uint8_t* in, size_t len) override {
    return ok_ && AriaGcmSeal(gcm_, out, tag, 16, kIv, 12, in, len, nullptr, 0) == Status::kOk;
  }
  bool GcmOpen(uint8_t* out, const uint8_t* in, size_t len, const uint8_t tag[16]) override {
    return ok_ && AriaGcmOpen(gcm_, out, kIv, 12, in, len, tag, 16, nullptr, 0) == Status::kOk;
  }

 private:
  Impl impl_;
  AriaKey key_;
  AriaGcmKey gcm_;
  bool ok_ = false;
};

}  // namespace

std::unique_ptr<Subject> MakeOurs(const std::string& path, const uint8_t* key, size_t key_len) {
  const std::optional<Impl> impl = ParseImpl(path);
  if (!impl || !IsSupported(*impl)) return nullptr;
  return std::make_unique<Ours>(*impl, key, key_len);
}

std::vector<SubjectInfo> AllSubjects() {
  std::vector<SubjectInfo> all;
  for (Impl impl : AvailableImpls()) {
    SubjectInfo si{std::string("ours/") + ImplName(impl), &MakeOurs, ImplName(impl)};
    si.kernel_twin = KernelTwin(ImplName(impl));
    all.push_back(std::move(si));
  }
  all.push_back({"openssl", &MakeOpenSsl, ""});
  all.push_back({"botan", &MakeBotan, ""});
  all.push_back({"cryptopp", &MakeCryptopp, ""});
  for (SubjectInfo& k : KernelSubjects()) all.push_back(std::move(k));
  return all;
}

}  // namespace ariasuite::bench
