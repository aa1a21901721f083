// SPDX-License-Identifier: GPL-2.0
/*
 * ariasuite: the struct aria_ctx offsets the x86 ARIA assembly reads (ARIA_CTX_enc_key,
 * ARIA_CTX_dec_key, ARIA_CTX_rounds). A kernel built with CONFIG_CRYPTO_ARIA_AESNI_AVX_X86_64
 * has them in its generated asm-offsets.h; Debian's kernels do not, so the out-of-tree build
 * generates them here with Kbuild's own offsets machinery (OFFSET() from <linux/kbuild.h>,
 * turned into a header by filechk_offsets) and force-includes the result into the .S files.
 */
#include <linux/kbuild.h>
#include <crypto/aria.h>

int main(void)
{
	OFFSET(ARIA_CTX_enc_key, aria_ctx, enc_key);
	OFFSET(ARIA_CTX_dec_key, aria_ctx, dec_key);
	OFFSET(ARIA_CTX_rounds, aria_ctx, rounds);
	return 0;
}
