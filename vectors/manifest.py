#!/usr/bin/env python3
"""vectors/MANIFEST, the one list of vector files, for Python and the shell (vectors/manifest.h is
the C++ reader of the same file): each line `PATH PLACE WHAT IT HOLDS`, PLACE `committed` (PATH
from the workspace root, under vectors/), `wycheproof` (inside the shared folder, under
vectors/wycheproof/) or `upstream` (inside the shared folder, under vectors/upstream/).

Usage:
  manifest.py list [--shared DIR] PLACE...   the full paths of the entries of each PLACE, in the
                                             file's order, one a line
  manifest.py check [--shared DIR]           every vector file of the tree (vectors/*.json,
      vectors/generated/*, vectors/samples/*) and of the shared folder (vectors/wycheproof/*_test.json,
      vectors/upstream/*/*) is listed, and every entry is a file; prints each problem on one line
      (exit 1), a SKIP line for the shared folder when there is none
--shared defaults to the shared folder of vectors/testdata.py. Exit 2 on a malformed manifest or
bad usage, with one line naming file:line or what is wrong."""
import collections
import glob
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import testdata  # noqa: E402

PLACES = collections.OrderedDict([
    ("committed", "vectors/"),
    ("wycheproof", "vectors/wycheproof/"),
    ("upstream", "vectors/upstream/"),
])
# Where each place's vector files are, as globs from the place's root (the workspace or the
# shared folder): a file found by them must be listed.
TREE_GLOBS = {
    "committed": ["vectors/*.json", "vectors/generated/*", "vectors/samples/*"],
    "wycheproof": ["vectors/wycheproof/*_test.json"],
    "upstream": ["vectors/upstream/*/*"],
}

Entry = collections.namedtuple("Entry", "path place holds line")


class ManifestError(Exception):
    """A malformed manifest line; the message is `name:line: what`."""


def parse(text, name):
    """The entries of manifest text, in order; ManifestError on a malformed line."""
    entries, seen = [], set()
    for line_no, line in enumerate(text.split("\n"), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue

        def fail(what):
            raise ManifestError("%s:%d: %s" % (name, line_no, what))
        fields = line.split(None, 2)
        if len(fields) < 2:
            fail("expected `<path> <place> <what it holds>`")
        if len(fields) < 3:
            fail("%s: no description of what it holds" % fields[0])
        path, place, holds = fields
        if place not in PLACES:
            fail("%s: unknown place '%s' (committed, wycheproof or upstream)" % (path, place))
        folder = PLACES[place]
        if not path.startswith(folder) or path == folder or "/../" in path + "/" or \
                path.endswith("/"):
            fail("%s: not a file under %s (place %s)" % (path, folder, place))
        if place == "committed" and path.startswith(("vectors/wycheproof/", "vectors/upstream/")):
            fail("%s: a shared folder's path, not committed" % path)
        if path in seen:
            fail("%s: listed twice" % path)
        seen.add(path)
        entries.append(Entry(path, place, holds, line_no))
    return entries


def load(root):
    """The entries of root/vectors/MANIFEST."""
    with open(os.path.join(root, "vectors", "MANIFEST"), encoding="utf-8") as f:
        return parse(f.read(), "vectors/MANIFEST")


def paths(root, place):
    """The paths of root/vectors/MANIFEST's entries of one place, in the file's order."""
    return [e.path for e in load(root) if e.place == place]


def full_path(entry, root, shared):
    """Where an entry's file is: under root when committed, else under the shared folder."""
    return os.path.join(root if entry.place == "committed" else shared, entry.path)


def problems(root, shared):
    """(problems, skipped): one line per vector file not listed and per entry naming no file, for
    the tree at root and, unless shared is "", the shared folder; skipped names the places not
    checked (no shared folder)."""
    found, skipped = [], []
    entries = load(root)
    for place in PLACES:
        base = root if place == "committed" else shared
        if not base:
            skipped.append(place)
            continue
        listed = {e.path: e for e in entries if e.place == place}
        on_disk = set()
        for pattern in TREE_GLOBS[place]:
            on_disk.update(os.path.relpath(p, base) for p in glob.glob(os.path.join(base, pattern))
                           if os.path.isfile(p))
        for path in sorted(on_disk - set(listed)):
            found.append("%s: a %s vector file not in vectors/MANIFEST" %
                         (os.path.join(base, path), place))
        for path in sorted(set(listed) - on_disk):
            found.append("vectors/MANIFEST:%d: %s: no such file under %s" %
                         (listed[path].line, path, base))
    return found, skipped


def main(argv):
    root = os.path.dirname(HERE)
    args = argv[1:]
    shared = None
    if len(args) >= 2 and args[1] == "--shared":
        if len(args) < 3:
            return usage("--shared needs a folder")
        shared = args[2]
        del args[1:3]
    if not args or args[0] not in ("list", "check"):
        return usage("expected `list PLACE...` or `check`")
    if shared is None:
        shared = testdata.shared_dir(root)[0]
    try:
        if args[0] == "list":
            if len(args) < 2:
                return usage("list needs a place")
            for place in args[1:]:
                if place not in PLACES:
                    return usage("unknown place '%s' (committed, wycheproof or upstream)" % place)
            entries = load(root)
            for place in args[1:]:
                for e in entries:
                    if e.place == place:
                        print(full_path(e, root, shared))
            return 0
        if len(args) > 1:
            return usage("check takes no argument")
        found, skipped = problems(root, shared)
    except ManifestError as e:
        print("manifest: %s" % e, file=sys.stderr)
        return 2
    for line in found:
        print("FAIL " + line)
    for place in skipped:
        print("SKIP %s files: no shared folder (set ARIASUITE_SHARED_DIR)" % place)
    return 1 if found else 0


def usage(what):
    print("manifest: %s (usage: manifest.py list [--shared DIR] PLACE... | manifest.py check "
          "[--shared DIR])" % what, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
