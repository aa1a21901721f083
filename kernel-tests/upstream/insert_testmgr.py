#!/usr/bin/env python3
"""insert_testmgr.py TESTMGR_H ENTRIES: appends gen_vectors' testmgr entries to the ARIA arrays of
a kernel's crypto/testmgr.h, in place (how patch 2 of series/ was made).

ENTRIES is `gen_vectors testmgr` output: a `/* ARRAY */` line, then that array's new entries, each
starting with `\t}, {`. Each ARRAY's closing `\t}\n};` becomes the entries followed by it. Exit 1
with one line naming the array when TESTMGR_H lacks it.
"""
import re
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: insert_testmgr.py TESTMGR_H ENTRIES")
    path, entries = sys.argv[1:]
    text = open(path).read()
    chunks = re.split(r"^/\* (\w+) \*/\n", open(entries).read(), flags=re.M)[1:]
    for name, body in zip(chunks[0::2], chunks[1::2]):
        start = text.find("%s[] = {\n" % name)
        if start < 0:
            sys.exit("insert_testmgr.py: %s has no array %s" % (path, name))
        end = text.find("\t}\n};\n", start)
        text = text[:end] + body + text[end:]
    open(path, "w").write(text)


if __name__ == "__main__":
    main()
