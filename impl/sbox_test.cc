// Checks the computed S-boxes of sbox.cc against the look-up tables SB1..SB4 printed in RFC 5794
// §2.4.2 (typed from the RFC text into impl/testdata/rfc5794_sboxes.json), and the bit-sliced
// layers against per-byte evaluation.
#include "impl/sbox.h"

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "vectors/json.h"
#include "vectors/model/hex.h"
#include "vectors/testdata.h"

namespace ariasuite::internal {
namespace {

// RFC 5794 §2.4.2's tables SB1..SB4 (SB1 = the AES S-box, FIPS 197 Figure 7; SB3 = SB1^-1; SB4 =
// SB2^-1), typed from the RFC into impl/testdata/rfc5794_sboxes.json: 16 rows of 16 entries each.
struct RfcTables {
  uint8_t sb[4][256];
};

::testing::AssertionResult LoadRfcTables(RfcTables* out) {
  const std::string path = testdata::RunfilePath("impl/testdata/rfc5794_sboxes.json");
  json::Value doc;
  std::string error;
  if (!json::ParseFile(path, &doc, &error)) return ::testing::AssertionFailure() << error;
  for (int t = 0; t < 4; ++t) {
    const std::string name = "SB" + std::to_string(t + 1);
    const json::Value* rows = doc.Find(name);
    if (rows == nullptr || rows->array().size() != 16) {
      return ::testing::AssertionFailure() << path << ": " << name << " is not 16 rows";
    }
    for (size_t r = 0; r < 16; ++r) {
      std::vector<uint8_t> row;
      if (!model::ParseHex(rows->array()[r].str(), &row) || row.size() != 16) {
        return ::testing::AssertionFailure() << path << ":" << rows->array()[r].line() << ": "
                                             << name << " row " << r << " is not 16 hex bytes";
      }
      std::copy(row.begin(), row.end(), out->sb[t] + 16 * r);
    }
  }
  return ::testing::AssertionSuccess();
}

const uint8_t* TableFor(const RfcTables& tables, Sbox s) {
  switch (s) {
    case Sbox::kS1: return tables.sb[0];
    case Sbox::kS2: return tables.sb[1];
    case Sbox::kS1Inv: return tables.sb[2];
    case Sbox::kS2Inv: return tables.sb[3];
  }
  return nullptr;
}

constexpr Sbox kAll[4] = {Sbox::kS1, Sbox::kS2, Sbox::kS1Inv, Sbox::kS2Inv};

TEST(SboxTest, EveryEntryMatchesRfc5794Tables) {
  RfcTables tables;
  ASSERT_TRUE(LoadRfcTables(&tables));
  for (Sbox s : kAll) {
    const SboxLayer layer = MakeSboxLayer(s, s, s, s);
    const uint8_t* table = TableFor(tables, s);
    // All 256 inputs, 64 at a time through the bit-sliced layer.
    for (int base = 0; base < 256; base += 64) {
      uint8_t bytes[64];
      for (int i = 0; i < 64; ++i) bytes[i] = static_cast<uint8_t>(base + i);
      SubstituteBytes(layer, bytes, 64);
      for (int i = 0; i < 64; ++i) {
        ASSERT_EQ(bytes[i], table[base + i])
            << "SB" << static_cast<int>(s) + 1 << "(0x" << std::hex << base + i << ")";
      }
    }
    for (int x = 0; x < 256; ++x) {
      ASSERT_EQ(ApplySbox(s, static_cast<uint8_t>(x)), table[x]);
    }
  }
}

TEST(SboxTest, RfcExamples) {
  // RFC 5794 §2.4.2: "SB1(0x23) = 0x26 and SB4(0xef) = 0xd3".
  EXPECT_EQ(ApplySbox(Sbox::kS1, 0x23), 0x26);
  EXPECT_EQ(ApplySbox(Sbox::kS2Inv, 0xef), 0xd3);
}

TEST(SboxTest, LayersUseThePatternPerBytePosition) {
  // SL1 = (SB1, SB2, SB3, SB4) and SL2 = (SB3, SB4, SB1, SB2) per 4 bytes, RFC 5794 §2.4.2; every
  // length 1..64 so the unused tail of the 64-byte slice never leaks into the output.
  RfcTables tables;
  ASSERT_TRUE(LoadRfcTables(&tables));
  std::mt19937 rng(5794);
  for (size_t len = 1; len <= 64; ++len) {
    uint8_t in[64], a[64], b[64];
    for (size_t i = 0; i < len; ++i) in[i] = static_cast<uint8_t>(rng());
    std::copy(in, in + len, a);
    std::copy(in, in + len, b);
    SubstituteBytes(Sl1Layer(), a, len);
    SubstituteBytes(Sl2Layer(), b, len);
    for (size_t i = 0; i < len; ++i) {
      EXPECT_EQ(a[i], TableFor(tables, kAll[i % 4])[in[i]]) << "SL1 byte " << i << " len " << len;
      EXPECT_EQ(b[i], TableFor(tables, kAll[(i + 2) % 4])[in[i]])
          << "SL2 byte " << i << " len " << len;
    }
  }
}

TEST(SboxTest, AllS1IsAesSubBytes) {
  RfcTables tables;
  ASSERT_TRUE(LoadRfcTables(&tables));
  uint8_t bytes[64];
  for (int i = 0; i < 64; ++i) bytes[i] = static_cast<uint8_t>(3 * i + 1);
  SubstituteBytes(AllS1Layer(), bytes, 64);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(bytes[i], tables.sb[0][(3 * i + 1) & 0xff]);
}

}  // namespace
}  // namespace ariasuite::internal
