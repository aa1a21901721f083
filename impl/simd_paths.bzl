"""The SIMD paths of impl/, each <name>.cc over the shared engine (aria_simd_inl.h), and the ISA
flags each is compiled with: impl/BUILD builds the paths with them, tools/mutants/BUILD compiles a
path's mutant with the same flags."""

SIMD_PATH_COPTS = {
    "aria_aesni_avx": [
        "-maes",
        "-mavx",
        "-mpclmul",
    ],
    "aria_aesni_avx2": [
        "-maes",
        "-mavx2",
        "-mpclmul",
    ],
    "aria_vaes_avx2": [
        "-maes",
        "-mvaes",
        "-mavx2",
        "-mpclmul",
        "-mvpclmulqdq",
    ],
    "aria_gfni_avx2": [
        "-mgfni",
        "-mavx2",
        "-mpclmul",
        "-mvpclmulqdq",
    ],
    "aria_gfni_avx512": [
        "-mgfni",
        "-mavx2",
        "-mavx512f",
        "-mavx512bw",
        "-mavx512vl",
        "-mpclmul",
        "-mvpclmulqdq",
        # GCC 12's avx512fintrin.h self-initialises _mm512_undefined_epi32() and trips this.
        "-Wno-uninitialized",
    ],
}
