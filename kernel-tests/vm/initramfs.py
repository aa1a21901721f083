"""Writes the guest's initramfs: an uncompressed newc cpio archive (the format the kernel unpacks,
Documentation/driver-api/early-userspace/buffer-format.rst) holding busybox, /init, the modules in
load order and the test programs. Uncompressed, because decompressing under TCG costs more than
reading the extra megabytes.
"""
import os
import stat


class Archive:
    def __init__(self, path):
        self._f = open(path, "wb")
        self._ino = 1
        self._dirs = set()

    def _entry(self, name, mode, data=b"", nlink=1):
        name_b = name.encode() + b"\0"
        hdr = "070701" + "".join("%08X" % v for v in (
            self._ino, mode, 0, 0, nlink, 0, len(data), 0, 0, 0, 0, len(name_b), 0))
        self._ino += 1
        self._f.write(hdr.encode() + name_b)
        self._f.write(b"\0" * ((4 - (110 + len(name_b)) % 4) % 4))
        self._f.write(data)
        self._f.write(b"\0" * ((4 - len(data) % 4) % 4))

    def mkdir(self, name):
        parts = name.strip("/").split("/")
        for i in range(1, len(parts) + 1):
            d = "/".join(parts[:i])
            if d and d not in self._dirs:
                self._dirs.add(d)
                self._entry(d, stat.S_IFDIR | 0o755, nlink=2)

    def add_bytes(self, name, data, mode=0o644):
        name = name.strip("/")
        self.mkdir(os.path.dirname(name))
        self._entry(name, stat.S_IFREG | mode, data)

    def add_file(self, name, src, mode=None):
        with open(src, "rb") as f:
            data = f.read()
        if mode is None:
            mode = 0o755 if os.access(src, os.X_OK) else 0o644
        self.add_bytes(name, data, mode)

    def add_symlink(self, name, target):
        name = name.strip("/")
        self.mkdir(os.path.dirname(name))
        self._entry(name, stat.S_IFLNK | 0o777, target.encode())

    def close(self):
        self._entry("TRAILER!!!", 0)
        self._f.write(b"\0" * ((512 - self._f.tell() % 512) % 512))
        self._f.close()
