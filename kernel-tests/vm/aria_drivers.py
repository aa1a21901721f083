"""The x86 ARIA drivers of a kernel tree: one table for `tools/ariasuite kernel-asm`
(kernel-tests/asm/tree.py) and `tools/ariasuite kernel --kernel-tree` (main.py), and which of
them a tree lacks, with the reason its tests SKIP.
"""
import os

CRYPTO_DIR = "arch/x86/crypto"
# Assembly file, glue file, driver name (arch/x86/crypto/Makefile's module names, dashed).
DRIVERS = [
    ("aria-aesni-avx-asm_64.S", "aria_aesni_avx_glue.c", "aria-aesni-avx"),
    ("aria-aesni-avx2-asm_64.S", "aria_aesni_avx2_glue.c", "aria-aesni-avx2"),
    ("aria-gfni-avx512-asm_64.S", "aria_gfni_avx512_glue.c", "aria-gfni-avx512"),
]
# When each driver appeared, as far as the trees Debian ships show: Linux 6.1.192 (linux-source-6.1)
# has only aria-aesni-avx; 6.12.117 (linux-source-6.12) has all three. Stable updates add no
# drivers, so the other two came with a later release (6.2 to 6.12; no tree in between is packaged).
ADDED = {
    "aria-aesni-avx": "in Linux 6.1",
    "aria-aesni-avx2": "after Linux 6.1; 6.12 has it",
    "aria-gfni-avx512": "after Linux 6.1; 6.12 has it",
}


def present(root):
    """The DRIVERS entries whose assembly file the tree at root has."""
    return [d for d in DRIVERS if os.path.isfile(os.path.join(root, CRYPTO_DIR, d[0]))]


def absent(root):
    """[(driver, reason)] for the DRIVERS the tree at root lacks, in DRIVERS order."""
    return [(driver, "not in this tree (%s/%s absent; added %s)" % (CRYPTO_DIR, asm, ADDED[driver]))
            for asm, _, driver in DRIVERS
            if not os.path.isfile(os.path.join(root, CRYPTO_DIR, asm))]
