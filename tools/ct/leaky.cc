// The deliberately leaky functions of leaky.h (constant-time check program only).
#include "tools/ct/leaky.h"

#include "impl/sbox.h"

namespace ariasuite::ct {
namespace {

struct Table {
  uint8_t s1[256];
};

// Built once from the constant-time S-box; the table holds public constants only.
const Table& S1Table() {
  static const Table table = [] {
    Table t;
    for (int x = 0; x < 256; ++x) {
      t.s1[x] = internal::ApplySbox(internal::Sbox::kS1, static_cast<uint8_t>(x));
    }
    return t;
  }();
  return table;
}

}  // namespace

void LeakyTableSbox(uint8_t* bytes, size_t len) {
  const Table& table = S1Table();
  for (size_t i = 0; i < len; ++i) bytes[i] = table.s1[bytes[i]];  // secret index: the leak
}

bool LeakyEarlyExitEqual(const uint8_t* a, const uint8_t* b, size_t len) {
  for (size_t i = 0; i < len; ++i) {
    if (a[i] != b[i]) return false;  // secret-dependent branch: the leak
  }
  return true;
}

}  // namespace ariasuite::ct
