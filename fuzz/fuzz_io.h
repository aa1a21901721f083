// Input decoding for the fuzz targets, and the matching encoder that writes seed inputs.
//
// A target describes its input once, as a function template over an Io type that visits each field
// in order: FuzzReader fills the fields from libFuzzer's bytes (through FuzzedDataProvider:
// integers come off the end of the input, byte strings off the front), FuzzWriter turns filled-in
// fields back into bytes that FuzzReader decodes to the same values. The seed generator uses the
// writer, so a seed is the exact encoding of a vector; fuzz_io_test checks the round trip.
#ifndef ARIASUITE_FUZZ_FUZZ_IO_H_
#define ARIASUITE_FUZZ_FUZZ_IO_H_

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ariasuite::fuzz {

using Bytes = std::vector<uint8_t>;

// Stretches src to len bytes: a copy of src, then (when src is shorter) a deterministic pattern
// derived from it, so a short fuzz input can still describe a long message (SIMD batch lengths,
// long AAD) while its bytes keep steering the content.
// Filled a run of src.size() bytes at a time (run q is src ^ q ^ (q >> 8)): a division and two
// traced comparisons per byte took 2% of gcm_layer_boringssl, which stretches AAD of 20,000 bytes.
inline Bytes Stretch(const Bytes& src, size_t len) {
  Bytes out(len);
  const size_t k = src.size();
  if (k == 0) {
    for (size_t i = 0; i < len; ++i) out[i] = static_cast<uint8_t>(i * 0x3b + 0x11);
    return out;
  }
  for (size_t start = 0, q = 0; start < len; start += k, ++q) {
    const uint8_t mask = static_cast<uint8_t>(q ^ (q >> 8));
    const size_t n = len - start < k ? len - start : k;
    uint8_t* run = out.data() + start;
    for (size_t j = 0; j < n; ++j) run[j] = static_cast<uint8_t>(src[j] ^ mask);
  }
  return out;
}

class FuzzReader {
 public:
  FuzzReader(const uint8_t* data, size_t size) : fdp_(data, size) {}

  // *out = an integer in [min, max].
  template <typename T>
  void Int(T* out, T min, T max) {
    *out = fdp_.ConsumeIntegralInRange<T>(min, max);
  }
  void Bool(bool* out) {
    uint8_t v;
    Int<uint8_t>(&v, 0, 1);
    *out = v != 0;
  }
  // *out = exactly len bytes: as many as the input still holds, stretched (see Stretch) to len.
  void Data(Bytes* out, size_t len) { *out = Stretch(fdp_.ConsumeBytes<uint8_t>(len), len); }
  // *out = a length in [0, max] followed by that many bytes.
  void Sized(Bytes* out, size_t max) {
    size_t len;
    Int<size_t>(&len, 0, max);
    Data(out, len);
  }

  size_t remaining() { return fdp_.remaining_bytes(); }

 private:
  FuzzedDataProvider fdp_;
};

class FuzzWriter {
 public:
  // Records *value (clamped to [min, max]) so that FuzzReader::Int reads it back.
  template <typename T>
  void Int(T* value, T min, T max) {
    T v = std::clamp(*value, min, max);
    const uint64_t range = static_cast<uint64_t>(max) - static_cast<uint64_t>(min);
    const uint64_t w = static_cast<uint64_t>(v) - static_cast<uint64_t>(min);
    // FuzzedDataProvider reads one byte per 8 bits of range, most significant first, from the
    // end of the input: so the bytes of one integer sit in the input least significant first.
    Bytes le;
    for (size_t offset = 0; offset < sizeof(T) * 8 && (range >> offset) > 0; offset += 8) {
      le.push_back(static_cast<uint8_t>(w >> offset));
    }
    tail_.push_back(le);
  }
  void Bool(bool* value) {
    uint8_t v = *value ? 1 : 0;
    Int<uint8_t>(&v, 0, 1);
  }
  // Writes the first len bytes of *value (value must hold at least len; Stretch fills the rest
  // on read when it holds fewer).
  void Data(Bytes* value, size_t len) {
    front_.insert(front_.end(), value->begin(), value->begin() + std::min(len, value->size()));
    if (value->size() < len) short_data_ = true;
  }
  void Sized(Bytes* value, size_t max) {
    size_t len = std::min(value->size(), max);
    Int<size_t>(&len, 0, max);
    Data(value, len);
  }

  // The input: the byte strings in order, then the integers, the first one last.
  Bytes Finish() const {
    Bytes out = front_;
    if (short_data_) {
      // A byte string shorter than its length would let the reader take integer bytes as data;
      // no seed is written that way.
      return {};
    }
    for (auto it = tail_.rbegin(); it != tail_.rend(); ++it) {
      out.insert(out.end(), it->begin(), it->end());
    }
    return out;
  }

 private:
  Bytes front_;
  std::vector<Bytes> tail_;
  bool short_data_ = false;
};

}  // namespace ariasuite::fuzz

#endif  // ARIASUITE_FUZZ_FUZZ_IO_H_
