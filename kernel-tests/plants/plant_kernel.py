"""What the plant builders share: their command line (OUT_DIR [--cache DIR]) and the prepared
Debian kernel they build against (kernel-tests/vm/prepare.sh's manifest)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.realpath(__file__)))), "kernel-tests", "vm"))

# Re-exported: the builders call debian.* and cache_layout.* through this module.
import cache_layout  # noqa: E402,F401
import debian  # noqa: E402,F401


class Prepared:
    """The prepared kernel: its manifest, its per-ABI cache folder and its headers."""

    def __init__(self, kern):
        self.kern = kern
        self.abi_dir = os.path.dirname(os.path.dirname(os.path.dirname(kern["bzimage"])))
        self.headers = os.path.join(self.abi_dir, "root", "usr", "src",
                                    "linux-headers-" + kern["release"])


def parse_args(prog):
    """(OUT_DIR as an absolute path, the --cache DIR or None); exits with the usage otherwise."""
    args = sys.argv[1:]
    cache = None
    if "--cache" in args:
        i = args.index("--cache")
        if i + 1 == len(args):
            sys.exit("usage: %s OUT_DIR [--cache DIR]" % prog)
        cache = args[i + 1]
        del args[i:i + 2]
    if len(args) != 1:
        sys.exit("usage: %s OUT_DIR [--cache DIR]" % prog)
    return os.path.abspath(args[0]), cache


def prepared_or_skip(cache):
    """The Prepared kernel, or a SKIP line and exit 4 when nothing is prepared."""
    kern = debian.load_prepared(cache)
    if kern is None:
        print("SKIP: no prepared kernel (kernel-tests/vm/prepare.sh)")
        sys.exit(4)
    return Prepared(kern)
