#!/usr/bin/env python3
"""Tests of vmlinux.py: a vmlinux taken out of bzImages built here (gzip, xz, bzip2, lzma and, when
the zstd tool is installed, zstd payloads with the kernel's size trailer), its PVH entry note
found, and every malformed image refused with one line naming the file and what is wrong."""
import bz2
import gzip
import lzma
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import vmlinux  # noqa: E402

ENTRY = 0x1000a30


def fake_elf(entry=ENTRY, note_type=vmlinux.XEN_ELFNOTE_PHYS32_ENTRY, owner=b"Xen\0"):
    """An ELF64 header, one PT_NOTE program header and a note: a GNU note first, then the
    Xen note of note_type carrying entry (4 bytes), then filler."""
    gnu = struct.pack("<III", 4, 4, 3) + b"GNU\0" + b"\1\2\3\4"
    xen = struct.pack("<III", len(owner), 4, note_type) + owner.ljust((len(owner) + 3) & ~3,
                                                                       b"\0")
    xen += struct.pack("<I", entry)
    notes = gnu + xen
    hdr = bytearray(64)
    hdr[:5] = b"\x7fELF\x02"
    struct.pack_into("<Q", hdr, 0x20, 64)  # e_phoff
    struct.pack_into("<HH", hdr, 0x36, 56, 1)  # e_phentsize, e_phnum
    ph = struct.pack("<IIQQQQQQ", 4, 0, 120, 0, 0, len(notes), len(notes), 4)
    return bytes(hdr) + ph + notes + bytes(range(256)) * 40


def compress(data, how):
    """The payload the kernel's build makes: compressed data, then (except gzip, whose trailer
    holds it already) the uncompressed size in 4 little-endian bytes."""
    if how == "gzip":
        return gzip.compress(data)
    if how == "xz":
        body = lzma.compress(data, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32)
    elif how == "lzma":
        body = lzma.compress(data, format=lzma.FORMAT_ALONE)
    elif how == "bzip2":
        body = bz2.compress(data)
    elif how == "zstd":
        body = subprocess.run(["zstd", "-c", "-q"], input=data, stdout=subprocess.PIPE,
                              check=True).stdout
    return body + struct.pack("<I", len(data))


def fake_bzimage(payload, setup_sects=1, version=0x20f, offset=16):
    """A boot sector and setup (setup_sects sectors) with the boot header, then the protected-mode
    code: `offset` bytes, the payload, 8 bytes after it."""
    image = bytearray((setup_sects + 1) * 512 + offset)
    image[0x1f1] = setup_sects
    image[0x202:0x206] = b"HdrS"
    struct.pack_into("<H", image, 0x206, version)
    struct.pack_into("<II", image, 0x248, offset, len(payload))
    return bytes(image) + payload + b"\0" * 8


class VmlinuxTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.out = os.path.join(self.tmp.name, "vmlinux")

    def image(self, data, name="bzImage"):
        path = os.path.join(self.tmp.name, name)
        with open(path, "wb") as f:
            f.write(data)
        return path

    def test_every_compressor(self):
        elf = fake_elf()
        hows = ["gzip", "xz", "lzma", "bzip2"]
        if shutil.which("zstd"):
            hows.append("zstd")
        for how in hows:
            with self.subTest(how):
                path = self.image(fake_bzimage(compress(elf, how)))
                self.assertEqual(vmlinux.extract(path, self.out), how)
                with open(self.out, "rb") as f:
                    self.assertEqual(f.read(), elf)
                self.assertEqual(vmlinux.pvh_entry(self.out), ENTRY)

    def test_setup_sects_zero_means_four(self):
        data = bytearray(fake_bzimage(compress(fake_elf(), "gzip"), setup_sects=4))
        data[0x1f1] = 0
        vmlinux.extract(self.image(bytes(data)), self.out)
        self.assertEqual(vmlinux.pvh_entry(self.out), ENTRY)

    def test_no_pvh_note(self):
        for elf in (fake_elf(note_type=17), fake_elf(owner=b"Linux\0")):
            path = self.image(elf, "vmlinux")
            self.assertIsNone(vmlinux.pvh_entry(path))
        self.assertIsNone(vmlinux.pvh_entry(self.image(b"MZ not an ELF", "x")))

    def assert_refused(self, data, message):
        path = self.image(data)
        with self.assertRaises(vmlinux.VmlinuxError) as e:
            vmlinux.extract(path, self.out)
        self.assertEqual(str(e.exception), "%s: %s" % (path, message))
        self.assertFalse(os.path.exists(self.out))

    def test_bad_images(self):
        elf = fake_elf()
        self.assert_refused(b"\x7fELF" + bytes(1000),
                            "not a bzImage (no HdrS boot header at 0x202)")
        self.assert_refused(fake_bzimage(compress(elf, "gzip"), version=0x207),
                            "boot protocol 2.07 has no payload fields (2.08 needed)")
        whole = fake_bzimage(compress(elf, "xz"))
        self.assert_refused(whole[:len(whole) - 100], "payload at 1040, %d bytes, lies outside "
                            "the file (%d bytes)" % (len(compress(elf, "xz")), len(whole) - 100))
        self.assert_refused(fake_bzimage(b"\x11\x22\x33\x44\x55\x66" + bytes(50)),
                            "unknown compression (payload starts 112233445566)")
        broken = bytearray(compress(elf, "xz"))
        broken[40:60] = bytes(20)
        self.assert_refused(fake_bzimage(bytes(broken)),
                            "the payload does not decompress: Corrupt input data")
        wrong_size = compress(elf, "bzip2")[:-4] + struct.pack("<I", len(elf) + 1)
        self.assert_refused(fake_bzimage(wrong_size), "the bzip2 payload gave %d bytes, its "
                            "trailer says %d" % (len(elf), len(elf) + 1))
        text = b"not an ELF at all" * 10
        self.assert_refused(fake_bzimage(compress(text, "gzip")),
                            "the gzip payload is not an ELF file")

    def test_missing_file(self):
        missing = os.path.join(self.tmp.name, "nosuch")
        with self.assertRaises(vmlinux.VmlinuxError) as e:
            vmlinux.extract(missing, self.out)
        self.assertEqual(str(e.exception), "%s: No such file or directory" % missing)


if __name__ == "__main__":
    unittest.main()
