// aria_block: the ARIA block cipher (RFC 5794) over N blocks in ECB, encrypt and decrypt, every
// path of ours against OpenSSL, Botan and Crypto++ (and the kernel where it has ARIA). Key lengths
// include invalid ones, which every backend must refuse; block counts reach the SIMD batch sizes.
// Also checks decrypt(encrypt(x)) == x, the single-block API (impl/aria.h) on the first block, and
// the readable reference rounds (impl/testing/aria_reference_rounds.h: sbox.cc's S-boxes,
// byte-wise diffusion) that the fast bit-sliced scalar engine replaced, as one more answer of ours.
#include <cstdint>
#include <optional>

#include "fuzz/fuzz_common.h"
#include "fuzz/fuzz_entry.h"
#include "impl/aria.h"
#include "impl/testing/aria_reference_rounds.h"

namespace ariasuite::fuzz {
namespace {

// Our key schedule of c's key in c's direction; nullopt when it refuses the key.
std::optional<AriaKey> ScheduleKey(const BlockCase& c) {
  AriaKey key;
  const Status st = c.decrypt ? AriaSetDecryptKey(&key, c.key.data(), c.key.size())
                              : AriaSetEncryptKey(&key, c.key.data(), c.key.size());
  if (st != Status::kOk) return std::nullopt;
  return key;
}

// An answer of ours: crypt's output under key, or a refusal when the key schedule refused.
template <typename Crypt>
oracles::Result Answer(const std::optional<AriaKey>& key, Crypt crypt) {
  oracles::Result result;
  result.accepted = key.has_value();
  if (key) result.output = crypt(*key);
  return result;
}

}  // namespace

void FuzzOne(const uint8_t* data, size_t size) {
  BlockCase c;
  ReadCases(data, size, c);
  Request r;
  r.op = c.decrypt ? Op::kEcbDecrypt : Op::kEcbEncrypt;
  r.key = c.key;
  r.input = c.data;

  Differ differ(oracles::OpName(r.op));
  Describe(&differ, r);
  const Answers answers = AskAll(&differ, AriaBackends(), r);

  // The readable reference rounds over every block (our key schedule, their rounds).
  const bool valid_key = c.key.size() == 16 || c.key.size() == 24 || c.key.size() == 32;
  const std::optional<AriaKey> key = valid_key ? ScheduleKey(c) : std::nullopt;
  if (valid_key) {
    differ.Add("ours/reference-rounds", true, Answer(key, [&c](const AriaKey& k) {
                 oracles::Bytes out(c.data.size());
                 internal::AriaRefCryptBlocks(k, out.data(), c.data.data(), c.data.size() / 16);
                 return out;
               }));
  }

  // The single-block API of the scalar reference, on the first block.
  if (valid_key && !c.data.empty()) {
    const oracles::Result one = Answer(key, [&c](const AriaKey& k) {
      oracles::Bytes out(c.data.begin(), c.data.begin() + 16);
      AriaCryptBlock(k, out.data(), out.data());
      return out;
    });
    // Compared with the first block of our scalar path's answer.
    Differ block(std::string(oracles::OpName(r.op)) + "-first-block");
    Describe(&block, r);
    auto scalar = answers.at("ours/scalar");
    if (scalar && scalar->accepted) scalar->output.resize(16);
    block.Add("ours/scalar", true, scalar);
    block.Add("ours/AriaCryptBlock", true, one);
    differ.Check();
    block.Check();
  }
  differ.Check();

  // Round trip on our scalar path: the inverse operation gives the input back.
  if (valid_key) {
    Request back = r;
    back.op = c.decrypt ? Op::kEcbEncrypt : Op::kEcbDecrypt;
    const auto& there = answers.at("ours/scalar");
    if (there && there->accepted) {
      back.input = there->output;
      Differ round(std::string(oracles::OpName(r.op)) + "-round-trip");
      Describe(&round, back);
      oracles::Result original;
      original.accepted = true;
      original.output = c.data;
      round.Add("original-input", true, original);
      round.Add("ours/scalar", true, AnswerOf(AriaBackends(), "ours/scalar", back));
      round.Check();
    }
  }
}

}  // namespace ariasuite::fuzz
