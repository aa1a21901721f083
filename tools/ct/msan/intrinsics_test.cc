// MemorySanitizer on each x86 instruction family that impl/'s SIMD paths use, as the MSan toolchain
// of this folder builds it (clang 22 and shadow_shims.h): a poisoned input byte must poison the
// output bytes that depend on it (the secret keeps flowing, so a later secret branch is still
// seen), clean inputs must give a clean output (no false report downstream), the value must be the
// instruction's, and no instruction may report by itself (MSan halts on the first report here).
// Plain C-style on purpose: gtest is not instrumented.
//
// Exit status: 0 when every case holds; 1 otherwise. On a CPU without GFNI, AVX-512 or VPCLMULQDQ
// it says which is missing, writes its cases as skipped, and exits 0.
#include <immintrin.h>
#include <sanitizer/msan_interface.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

int g_failures = 0;
int g_cases = 0;

bool Poisoned(const void* p, size_t len) { return __msan_test_shadow(p, len) >= 0; }

template <typename V>
V Load(const uint8_t* p) {
  V v;
  std::memcpy(&v, p, sizeof(V));
  return v;
}

template <typename V>
void Store(uint8_t* p, V v) {
  std::memcpy(p, &v, sizeof(V));
}

void Expect(bool ok, const char* name, const char* what) {
  ++g_cases;
  if (!ok) {
    ++g_failures;
    std::printf("FAIL %s: %s\n", name, what);
  }
}

// Runs f on inputs a (with byte `poison_at` poisoned when >= 0) and b (clean), then checks that
// the output byte `dependent` is poisoned (or, with no poison, that no byte is) and that the
// value equals the unpoisoned run's.
template <typename V, typename F>
void Case(const char* name, F f, int poison_at, int dependent) {
  alignas(64) uint8_t a[sizeof(V)], b[sizeof(V)], want[sizeof(V)], got[sizeof(V)];
  for (size_t i = 0; i < sizeof(V); ++i) {
    a[i] = static_cast<uint8_t>(i * 29 + 7);
    b[i] = static_cast<uint8_t>(i * 53 + 11);
  }
  Store(want, f(Load<V>(a), Load<V>(b)));
  if (poison_at >= 0) __msan_poison(a + poison_at, 1);
  Store(got, f(Load<V>(a), Load<V>(b)));
  if (poison_at >= 0) {
    Expect(Poisoned(got + dependent, 1), name,
           "the output byte that depends on the poisoned "
           "input is clean: the secret was dropped");
  } else {
    Expect(!Poisoned(got, sizeof(V)), name, "clean inputs gave a poisoned output");
  }
  __msan_unpoison(got, sizeof(V));
  Expect(std::memcmp(got, want, sizeof(V)) == 0, name, "wrong value");
}

// Each family: clean, then the first data operand's byte 1 poisoned; `dependent` is an output byte
// that depends on it (byte 1 unless the instruction moves it).
template <typename V, typename F>
void Family(const char* name, F f, int dependent = 1) {
  char buf[96];
  std::snprintf(buf, sizeof(buf), "%s (clean)", name);
  Case<V>(buf, f, -1, 0);
  std::snprintf(buf, sizeof(buf), "%s (poisoned)", name);
  Case<V>(buf, f, 1, dependent);
}

// The identity matrix of GF2P8AFFINE (each quadword 0x0102040810204080).
template <typename V>
V Identity() {
  alignas(64) uint8_t m[sizeof(V)];
  for (size_t q = 0; q < sizeof(V); q += 8) {
    for (int i = 0; i < 8; ++i) m[q + i] = static_cast<uint8_t>(0x80 >> i);
  }
  return Load<V>(m);
}

// The matrix operand poisoned: every byte of that quadword's output depends on it.
template <typename V, typename F>
void MatrixPoison(const char* name, F f) {
  alignas(64) uint8_t x[sizeof(V)], m[sizeof(V)], got[sizeof(V)];
  for (size_t i = 0; i < sizeof(V); ++i) x[i] = static_cast<uint8_t>(i * 29 + 7);
  Store(m, Identity<V>());
  __msan_poison(m + 8, 1);  // quadword 1's matrix
  Store(got, f(Load<V>(x), Load<V>(m)));
  Expect(Poisoned(got + 8, 8), name, "a poisoned matrix left its quadword's output clean");
  Expect(!Poisoned(got, 8), name, "a poisoned matrix poisoned another quadword");
}

int Skip(const char* missing) {
  std::printf("SKIP: this CPU lacks %s\n", missing);
  if (const char* xml = std::getenv("XML_OUTPUT_FILE")) {
    if (FILE* f = std::fopen(xml, "w")) {
      std::fprintf(f,
                   "<?xml version=\"1.0\"?>\n<testsuites><testsuite name=\"msan_intrinsics\" "
                   "tests=\"1\" skipped=\"1\"><testcase name=\"all\"><skipped message=\"this "
                   "CPU lacks %s\"/></testcase></testsuite></testsuites>\n",
                   missing);
      std::fclose(f);
    }
  }
  return 0;
}

}  // namespace

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);  // MSan's exit after a report skips stdio's flush
  __builtin_cpu_init();
#define ARIASUITE_NEED(feature) \
  if (!__builtin_cpu_supports(feature)) return Skip(feature)
  ARIASUITE_NEED("aes");
  ARIASUITE_NEED("pclmul");
  ARIASUITE_NEED("avx2");
  ARIASUITE_NEED("gfni");
  ARIASUITE_NEED("vpclmulqdq");
  ARIASUITE_NEED("avx512f");
  ARIASUITE_NEED("avx512bw");
  ARIASUITE_NEED("avx512vl");
#undef ARIASUITE_NEED
  // Followed through shadow_shims.h (clang 22 ORs the shadows bit for bit, which leaves the bytes
  // that ShiftRows moves clean). ShiftRows moves input byte 1 (row 1, column 0) to output byte 13
  // (column 3, which MixColumns mixes: byte 12 too); InvShiftRows to byte 5 (column 1: byte 4).
  Family<__m128i>(
      "AESENCLAST", [](__m128i a, __m128i b) { return _mm_aesenclast_si128(a, b); }, 13);
  Family<__m128i>(
      "AESDECLAST", [](__m128i a, __m128i b) { return _mm_aesdeclast_si128(a, b); }, 5);
  Family<__m128i>(
      "AESENC", [](__m128i a, __m128i b) { return _mm_aesenc_si128(a, b); }, 12);
  Family<__m128i>(
      "AESDEC", [](__m128i a, __m128i b) { return _mm_aesdec_si128(a, b); }, 4);
  // Followed by clang 22 itself.
  Family<__m128i>(
      "PSHUFB (data)",
      [](__m128i a, __m128i) {
        return _mm_shuffle_epi8(a,
                                _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
      },
      14);
  // The product's byte 9 depends on byte 1 of the low quadword of a.
  Family<__m128i>(
      "PCLMULQDQ", [](__m128i a, __m128i b) { return _mm_clmulepi64_si128(a, b, 0x00); }, 9);
  Family<__m256i>(
      "VPCLMULQDQ ymm", [](__m256i a, __m256i b) { return _mm256_clmulepi64_epi128(a, b, 0x00); },
      9);
  Family<__m512i>(
      "VPCLMULQDQ zmm", [](__m512i a, __m512i b) { return _mm512_clmulepi64_epi128(a, b, 0x00); },
      9);
  Family<__m128i>("GF2P8AFFINEQB xmm", [](__m128i a, __m128i) {
    return _mm_gf2p8affine_epi64_epi8(a, Identity<__m128i>(), 0x63);
  });
  Family<__m256i>("GF2P8AFFINEQB ymm", [](__m256i a, __m256i) {
    return _mm256_gf2p8affine_epi64_epi8(a, Identity<__m256i>(), 0x63);
  });
  Family<__m512i>("GF2P8AFFINEQB zmm", [](__m512i a, __m512i) {
    return _mm512_gf2p8affine_epi64_epi8(a, Identity<__m512i>(), 0x63);
  });
  MatrixPoison<__m256i>("GF2P8AFFINEQB ymm (matrix)", [](__m256i x, __m256i m) {
    return _mm256_gf2p8affine_epi64_epi8(x, m, 0);
  });
  // Followed through shadow_shims.h (clang 22 reports a poisoned operand, then makes the result
  // clean).
  Family<__m128i>("GF2P8AFFINEINVQB xmm", [](__m128i a, __m128i) {
    return _mm_gf2p8affineinv_epi64_epi8(a, Identity<__m128i>(), 0x63);
  });
  Family<__m256i>("GF2P8AFFINEINVQB ymm", [](__m256i a, __m256i) {
    return _mm256_gf2p8affineinv_epi64_epi8(a, Identity<__m256i>(), 0x63);
  });
  Family<__m512i>("GF2P8AFFINEINVQB zmm", [](__m512i a, __m512i) {
    return _mm512_gf2p8affineinv_epi64_epi8(a, Identity<__m512i>(), 0x63);
  });
  MatrixPoison<__m512i>("GF2P8AFFINEINVQB zmm (matrix)", [](__m512i x, __m512i m) {
    return _mm512_gf2p8affineinv_epi64_epi8(x, m, 0);
  });
  Family<__m128i>("VPTERNLOGQ xmm", [](__m128i a, __m128i b) {
    return _mm_ternarylogic_epi64(a, b, _mm_set1_epi8(0x5a), 0x96);
  });
  Family<__m256i>("VPTERNLOGQ ymm", [](__m256i a, __m256i b) {
    return _mm256_ternarylogic_epi64(a, b, _mm256_set1_epi8(0x5a), 0x96);
  });
  Family<__m512i>("VPTERNLOGD zmm", [](__m512i a, __m512i b) {
    return _mm512_ternarylogic_epi32(a, b, _mm512_set1_epi8(0x5a), 0x96);
  });
  std::printf("%d cases, %d failed\n", g_cases, g_failures);
  return g_failures == 0 ? 0 : 1;
}
