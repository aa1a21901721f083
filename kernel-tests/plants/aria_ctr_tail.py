#!/usr/bin/env python3
"""Builds the prepared kernel's ARIA modules with a PLANTED fault in the aria-avx2 glue's
partial-block path, for the fuzzer's plant test (plant_test.sh): in a CTR request whose partial
tail block is 3 or 11 bytes long, the tail's last byte is copied instead of encrypted. The gcm
template runs kTLS's ARIA-GCM through ctr(aria), the aria-avx2 driver's when loaded (the
highest priority under TCG's -cpu max), so a record in 8 carries one wrong byte; the GCM tag is
computed over that ciphertext, so kernel-to-kernel kTLS and testmgr's whole-block ctr(aria)
vectors (at most 160 bytes, all whole blocks) do not see it.

  aria_ctr_tail.py OUT_DIR [--cache DIR]
Prints the folder of the planted .ko files (give it as a second --modules to the runner).
"""
import json
import os
import shutil
import sys

from plant_kernel import debian, parse_args, prepared_or_skip

GLUE = "aria_aesni_avx2_glue.c"
OLD = """			crypto_xor_cpy(dst, src, &req_ctx->keystream[0],
				       nbytes);
			dst += nbytes;"""
NEW = """			crypto_xor_cpy(dst, src, &req_ctx->keystream[0],
				       nbytes);
			if (nbytes % 8 == 3)	/* PLANTED: the tail's last byte in the clear */
				dst[nbytes - 1] = src[nbytes - 1];
			dst += nbytes;"""


def main():
    out, cache = parse_args("aria_ctr_tail.py")
    prepared = prepared_or_skip(cache)
    kern, abi_dir, headers = prepared.kern, prepared.abi_dir, prepared.headers
    src = os.path.join(abi_dir, "aria", "src")
    planted_src = out + "-src"
    shutil.rmtree(planted_src, ignore_errors=True)
    shutil.copytree(src, planted_src)
    path = os.path.join(planted_src, GLUE)
    text = open(path).read()
    if text.count(OLD) != 1:
        sys.exit("aria_ctr_tail.py: the CTR tail of %s changed; the plant needs updating" % GLUE)
    open(path, "w").write(text.replace(OLD, NEW))
    try:
        kos, _ = debian.build_aria_modules(headers, planted_src, out)
    except debian.PrepareError as e:
        sys.exit("aria_ctr_tail.py: " + e.args[0])
    print(json.dumps({"modules": out, "kos": [os.path.basename(k) for k in kos],
                      "bzimage": kern["bzimage"], "module_dirs": kern["module_dirs"]}))


if __name__ == "__main__":
    main()
