"""The SIMD paths of impl/, each <name>.cc over the shared engine (aria_simd_inl.h), and the ISA
flags each is compiled with: impl/BUILD builds the paths with them, tools/mutants/BUILD compiles a
path's mutant with the same flags. SIMD_PATH_GCC_COPTS adds GCC-only scheduling flags (impl/BUILD
passes them when the toolchain is GCC)."""

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

# With 16 vector registers (AVX, AVX2) the byte-sliced rounds hold 16 registers of state and spill
# their XOR network's intermediates. GCC's scheduling before register allocation, weighed by
# register pressure, orders that network so that far fewer values are live at once: about 15% more
# ECB throughput on these four paths on AMD Zen 5 (tools/bench/README.md). Plain -fschedule-insns
# without the pressure model made aesni-avx2 slower; the pair leaves the 32-register gfni-avx512
# path unchanged, and clang has neither flag.
GCC_PRESSURE_SCHEDULING = [
    "-fschedule-insns",
    "-fsched-pressure",
]

SIMD_PATH_GCC_COPTS = {
    "aria_aesni_avx": GCC_PRESSURE_SCHEDULING,
    "aria_aesni_avx2": GCC_PRESSURE_SCHEDULING,
    "aria_vaes_avx2": GCC_PRESSURE_SCHEDULING,
    "aria_gfni_avx2": GCC_PRESSURE_SCHEDULING,
    "aria_gfni_avx512": [],
}
