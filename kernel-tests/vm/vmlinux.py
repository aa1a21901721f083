"""The uncompressed kernel (vmlinux, an ELF file) taken out of a bzImage, for qemu's PVH entry.

A bzImage is a real-mode setup plus a decompressor whose payload is the compressed vmlinux. The
boot protocol header (Documentation/arch/x86/boot.rst) says where the payload is: setup_sects at
0x1f1 (0 means 4), "HdrS" at 0x202, the protocol version at 0x206, and from version 2.08
payload_offset and payload_length at 0x248, the offset counted from the protected-mode code at
(setup_sects + 1) * 512. The kernel's build appends the uncompressed size as 4 little-endian bytes
to every payload (gzip's own trailer is that size already). The compressor is known by its magic;
gzip, xz, lzma and bzip2 are decompressed here, zstd, lz4 and lzo by their Debian command-line
tools (zstd, lz4, lzop).

qemu boots an ELF kernel through PVH when it carries the note XEN_ELFNOTE_PHYS32_ENTRY (type 18,
owner "Xen"; Linux has it with CONFIG_PVH), entering 32-bit protected mode at that address with
no decompressor in the way.
"""
import bz2
import lzma
import os
import shutil
import struct
import subprocess
import zlib

XEN_ELFNOTE_PHYS32_ENTRY = 18


class VmlinuxError(Exception):
    pass


def _payload(image, name):
    if len(image) < 0x250 or image[0x202:0x206] != b"HdrS":
        raise VmlinuxError("%s: not a bzImage (no HdrS boot header at 0x202)" % name)
    version, = struct.unpack_from("<H", image, 0x206)
    if version < 0x208:
        raise VmlinuxError("%s: boot protocol %d.%02d has no payload fields (2.08 needed)"
                           % (name, version >> 8, version & 0xff))
    setup_sects = image[0x1f1] or 4
    offset, length = struct.unpack_from("<II", image, 0x248)
    start = (setup_sects + 1) * 512 + offset
    if length < 8 or start + length > len(image):
        raise VmlinuxError("%s: payload at %d, %d bytes, lies outside the file (%d bytes)"
                           % (name, start, length, len(image)))
    return image[start:start + length]


def _tool(cmd, data, name, what):
    if not shutil.which(cmd[0]):
        raise VmlinuxError("%s: the payload is %s-compressed and %s is not installed (Debian "
                           "package %s)" % (name, what, cmd[0], cmd[0]))
    p = subprocess.run(cmd, input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        err = p.stderr.decode(errors="replace").strip().splitlines()
        raise VmlinuxError("%s: %s failed on the payload: %s" % (name, cmd[0],
                                                                  err[-1] if err else "no message"))
    return p.stdout


def _decompress(payload, name):
    """(compressor name, uncompressed bytes)."""
    body = payload[:-4]  # the appended size
    try:
        if payload[:2] == b"\x1f\x8b":
            return "gzip", zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(payload)
        if payload[:6] == b"\xfd7zXZ\x00":
            return "xz", lzma.LZMADecompressor(lzma.FORMAT_XZ).decompress(body)
        if payload[:3] == b"\x5d\x00\x00":
            return "lzma", lzma.LZMADecompressor(lzma.FORMAT_ALONE).decompress(body)
        if payload[:3] == b"BZh":
            return "bzip2", bz2.BZ2Decompressor().decompress(body)
    except (zlib.error, lzma.LZMAError, OSError, EOFError) as e:
        raise VmlinuxError("%s: the payload does not decompress: %s" % (name, e))
    if payload[:4] == b"\x28\xb5\x2f\xfd":
        return "zstd", _tool(["zstd", "-dc"], body, name, "zstd")
    if payload[:4] == b"\x02\x21\x4c\x18":
        return "lz4", _tool(["lz4", "-dc"], body, name, "lz4")
    if payload[:3] == b"\x89LZ":
        return "lzo", _tool(["lzop", "-dc"], body, name, "lzo")
    raise VmlinuxError("%s: unknown compression (payload starts %s)" % (name, payload[:6].hex()))


def extract(bzimage, out):
    """Writes the vmlinux inside bzimage to out; returns the compressor's name."""
    try:
        with open(bzimage, "rb") as f:
            image = f.read()
    except OSError as e:
        raise VmlinuxError("%s: %s" % (bzimage, e.strerror))
    payload = _payload(image, bzimage)
    what, elf = _decompress(payload, bzimage)
    size, = struct.unpack_from("<I", payload, len(payload) - 4)
    if len(elf) & 0xffffffff != size:
        raise VmlinuxError("%s: the %s payload gave %d bytes, its trailer says %d"
                           % (bzimage, what, len(elf), size))
    if elf[:4] != b"\x7fELF":
        raise VmlinuxError("%s: the %s payload is not an ELF file" % (bzimage, what))
    tmp = out + ".tmp"
    with open(tmp, "wb") as f:
        f.write(elf)
    os.replace(tmp, out)
    return what


def pvh_entry(path):
    """The PVH entry address of an ELF64 kernel, or None when it has no such note."""
    with open(path, "rb") as f:
        elf = f.read()
    if elf[:5] != b"\x7fELF\x02":
        return None
    phoff, = struct.unpack_from("<Q", elf, 0x20)
    phentsize, phnum = struct.unpack_from("<HH", elf, 0x36)
    for i in range(phnum):
        ptype, = struct.unpack_from("<I", elf, phoff + i * phentsize)
        if ptype != 4:  # PT_NOTE
            continue
        off, = struct.unpack_from("<Q", elf, phoff + i * phentsize + 8)
        size, = struct.unpack_from("<Q", elf, phoff + i * phentsize + 32)
        end = min(off + size, len(elf))
        while off + 12 <= end:
            namesz, descsz, ntype = struct.unpack_from("<III", elf, off)
            name = elf[off + 12:off + 12 + namesz].rstrip(b"\0")
            desc = off + 12 + ((namesz + 3) & ~3)
            if name == b"Xen" and ntype == XEN_ELFNOTE_PHYS32_ENTRY and descsz in (4, 8):
                return struct.unpack_from("<I" if descsz == 4 else "<Q", elf, desc)[0]
            off = desc + ((descsz + 3) & ~3)
    return None
