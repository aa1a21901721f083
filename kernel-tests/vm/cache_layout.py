"""Where the kernel tools keep what they download and build: the one definition of the cache's
layout for the Python tools (tools/lib.sh's ariasuite_kernel_cache is the shell's,
kernel-tests/cache_layout.h the C++ one).

  <cache>                $ARIASUITE_CACHE when set (or the --cache DIR given), else
                         <home of this uid>/.cache/ariasuite (the home from the password
                         database, so it is the same inside a Bazel test whose HOME differs)
  <cache>/kernel/        the guest kernels (kernel-tests/vm/debian.py says what is inside)
  <cache>/kernel/debs/   the downloaded Debian packages
  <cache>/kernel/source/<package>_<version>/   a linux-source package's files, unpacked
  <cache>/kernel-asm/    the kernel's ARIA assembly built for the host (kernel-tests/asm)
"""
import os


def base(explicit=None):
    """<cache>: explicit, else $ARIASUITE_CACHE, else ~/.cache/ariasuite."""
    if explicit:
        return os.path.abspath(explicit)
    if os.environ.get("ARIASUITE_CACHE"):
        return os.path.abspath(os.environ["ARIASUITE_CACHE"])
    import pwd
    return os.path.join(pwd.getpwuid(os.getuid()).pw_dir, ".cache", "ariasuite")


def kernel_dir(explicit=None):
    """<cache>/kernel."""
    return os.path.join(base(explicit), "kernel")


def debs_dir(explicit=None):
    """<cache>/kernel/debs."""
    return os.path.join(kernel_dir(explicit), "debs")


def source_dir(explicit=None, package=None):
    """<cache>/kernel/source, or the folder of one package in it (package: the .deb's name up to
    _all.deb, e.g. linux-source-6.12_6.12.117-1)."""
    root = os.path.join(kernel_dir(explicit), "source")
    return os.path.join(root, package) if package else root


def asm_dir(explicit=None):
    """<cache>/kernel-asm."""
    return os.path.join(base(explicit), "kernel-asm")
