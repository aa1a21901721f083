// Checks that FuzzWriter's bytes decode through FuzzReader (FuzzedDataProvider) to the values
// written, for the field shapes the targets use, and that short inputs still decode.
#include "fuzz/fuzz_io.h"

#include <cstdint>
#include <tuple>
#include <vector>

#include "gtest/gtest.h"

namespace ariasuite::fuzz {
namespace {

struct Sample {
  uint8_t a = 0;
  uint32_t b = 0;
  uint64_t c = 0;
  size_t d = 0;
  bool e = false;
  Bytes key, msg, tail;
};

// Every field, for comparing two Samples field by field (gtest prints the tuples on a mismatch).
auto Fields(const Sample& s) { return std::tie(s.a, s.b, s.c, s.d, s.e, s.key, s.msg, s.tail); }

template <typename Io>
void Visit(Io& io, Sample& s) {
  io.template Int<uint8_t>(&s.a, 0, 2);
  io.Data(&s.key, 16);
  io.template Int<uint32_t>(&s.b, 5, 70000);
  io.template Int<uint64_t>(&s.c, 0, ~uint64_t{0});
  io.Bool(&s.e);
  io.Sized(&s.msg, 300);
  io.template Int<size_t>(&s.d, 0, 17);
  io.Data(&s.tail, 3);
}

TEST(FuzzIoTest, WriterRoundTripsThroughReader) {
  for (int round = 0; round < 50; ++round) {
    Sample in;
    in.a = round % 3;
    in.b = 5 + round * 1399;
    in.c = 0xfedcba9876543210ull * (round + 1);
    in.d = round % 18;
    in.e = round & 1;
    in.key.assign(16, static_cast<uint8_t>(round));
    in.msg.assign(round * 6, static_cast<uint8_t>(0xa0 + round));
    in.tail = {1, 2, static_cast<uint8_t>(round)};
    FuzzWriter w;
    Visit(w, in);
    const Bytes encoded = w.Finish();
    ASSERT_FALSE(encoded.empty());
    FuzzReader r(encoded.data(), encoded.size());
    Sample out;
    Visit(r, out);
    EXPECT_EQ(Fields(out), Fields(in));
    EXPECT_EQ(r.remaining(), 0u);
  }
}

TEST(FuzzIoTest, WriterRefusesShortData) {
  Sample in;
  in.key.assign(3, 1);  // Fewer than the 16 bytes Visit asks for.
  FuzzWriter w;
  Visit(w, in);
  EXPECT_TRUE(w.Finish().empty());
}

TEST(FuzzIoTest, ShortInputStretchesDeterministically) {
  const uint8_t data[] = {9, 8, 7};
  Sample a, b;
  FuzzReader r1(data, sizeof(data)), r2(data, sizeof(data));
  Visit(r1, a);
  Visit(r2, b);
  EXPECT_EQ(a.key.size(), 16u);
  EXPECT_EQ(a.key, b.key);
  EXPECT_EQ(a.tail.size(), 3u);
  EXPECT_EQ(Stretch({}, 4).size(), 4u);
  EXPECT_EQ(Stretch({1, 2}, 2), (Bytes{1, 2}));
  EXPECT_NE(Stretch({1, 2}, 6), Stretch({1, 3}, 6));
}

}  // namespace
}  // namespace ariasuite::fuzz
