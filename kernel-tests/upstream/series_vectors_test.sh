#!/usr/bin/env bash
# The known answers embedded in series/ are gen_vectors' output (computed by our reference and
# OpenSSL, agreeing): patch 1's record arrays and patch 2's testmgr entries, byte for byte. Also
# plants one changed byte in a copy of each patch and expects the check to fail on it.
set -euo pipefail
gen="$1"; dir="$2"
embedded() {  # embedded PATCH OUT KIND: whether `gen KIND` occurs in PATCH's added lines
  python3 - "$1" "$2" <<'PY'
import sys
patch, want = sys.argv[1], open(sys.argv[2]).read()
added = "".join(l[1:] for l in open(patch).read().splitlines(True)
                if l.startswith("+") and not l.startswith("+++"))
chunks = [c for c in want.split("/* aria_") if c.strip()] if "aria_tv_template" in want else [want]
for c in chunks:
    body = c.split("*/\n", 1)[1] if "aria_tv_template" in want else c
    if body not in added:
        sys.exit("%s: the generator's output is not in the patch (first line: %s)" %
                 (patch, body.splitlines()[0]))
PY
}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$gen" tls > "$tmp/tls"; "$gen" testmgr > "$tmp/testmgr"
p1=$(ls "$dir"/0001-*.patch); p2=$(ls "$dir"/0002-*.patch)
embedded "$p1" "$tmp/tls"
embedded "$p2" "$tmp/testmgr"
echo "PASS: series/ embeds gen_vectors' records and testmgr entries"
# Plants: one byte of a record, one byte of a ctr(aria) ciphertext.
sed '0,/^+\t0x[0-9a-f][0-9a-f], 0x/s//+\t0xee, 0x/' "$p1" > "$tmp/p1"
python3 - "$p2" "$tmp/p2" <<'PY'
import sys
s = open(sys.argv[1]).read()
i = s.index("\\x", s.index("+\t\t.ctext\t= ", s.index("counter wrap")))
open(sys.argv[2], "w").write(s[:i + 2] + ("00" if s[i + 2:i + 4] != "00" else "01") + s[i + 4:])
PY
for p in "$tmp/p1:tls" "$tmp/p2:testmgr"; do
  if embedded "${p%%:*}" "$tmp/${p##*:}" 2>/dev/null; then
    echo "FAIL: a changed byte in ${p%%:*} was not seen"; exit 1
  fi
done
echo "PASS: a changed record byte and a changed ctr(aria) byte are each seen"
