#!/usr/bin/env python3
"""Builds the prepared kernel's tls.ko out of tree from the matching linux-source (net/tls) with a
PLANTED fault in tls_sw's partial-record read path, for the fuzzer's plant test (plant_test.sh):
when a recv takes part of a record already partly read (process_rx_list, the record kept on
rx_list) and its chunk is 8k+3 bytes long, one more byte of the record is consumed than copied,
so the next read starts a byte late. Only reads that split one record three ways or more reach it.

  tls_partial_read.py OUT_DIR [--cache DIR]
Prints JSON: the folder of the planted tls.ko (give it as the last --modules to the runner), the
bzImage and the prepared module folders.
"""
import glob
import json
import os
import shutil
import subprocess
import sys

from plant_kernel import cache_layout, parse_args, prepared_or_skip

OLD = """		if (!is_peek) {
			rxm->offset = rxm->offset + chunk;
			rxm->full_len = rxm->full_len - chunk;

			/* Return if there is unconsumed data in the record */"""
NEW = """		if (!is_peek) {
			rxm->offset = rxm->offset + chunk;
			rxm->full_len = rxm->full_len - chunk;
			/* PLANTED: a byte lost after a partial read of 8k+3 bytes */
			if (chunk % 8 == 3 && rxm->full_len - skip > 1) {
				rxm->offset++;
				rxm->full_len--;
			}

			/* Return if there is unconsumed data in the record */"""


def main():
    out, cache = parse_args("tls_partial_read.py")
    prepared = prepared_or_skip(cache)
    kern, headers = prepared.kern, prepared.headers
    debs = sorted(glob.glob(os.path.join(cache_layout.debs_dir(cache), "linux-source-*.deb")))
    series = ".".join(kern["release"].split(".")[:2])
    debs = [d for d in debs if os.path.basename(d).startswith("linux-source-%s_" % series)]
    if not debs:
        sys.exit("tls_partial_read.py: no linux-source-%s .deb in the cache" % series)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    tarball = "./usr/src/linux-source-%s.tar.xz" % series
    top = "linux-source-%s" % series
    cmd = ("dpkg-deb --fsys-tarfile '%s' | tar -xO '%s' | xz -dc | tar -x -C '%s' "
           "--strip-components=3 --wildcards '%s/net/tls/*'" % (debs[-1], tarball, out, top))
    subprocess.run(["bash", "-o", "pipefail", "-c", cmd], check=True)
    path = os.path.join(out, "tls_sw.c")
    text = open(path).read()
    if text.count(OLD) != 1:
        sys.exit("tls_partial_read.py: process_rx_list of tls_sw.c changed; update the plant")
    open(path, "w").write(text.replace(OLD, NEW))
    kbuild = open(os.path.join(out, "Makefile")).read().replace("obj-$(CONFIG_TLS)", "obj-m")
    open(os.path.join(out, "Kbuild"), "w").write(kbuild)
    os.unlink(os.path.join(out, "Makefile"))
    p = subprocess.run(["make", "-j2", "-C", headers, "M=" + out, "CONFIG_DEBUG_INFO_BTF_MODULES=",
                        "modules"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if p.returncode != 0 or not os.path.exists(os.path.join(out, "tls.ko")):
        sys.exit("tls_partial_read.py: the tls.ko build failed:\n" +
                 p.stdout.decode(errors="replace")[-3000:])
    print(json.dumps({"modules": out, "kos": ["tls.ko"], "bzimage": kern["bzimage"],
                      "module_dirs": kern["module_dirs"]}))


if __name__ == "__main__":
    main()
