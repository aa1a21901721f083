"""Where the shared folder (../shared beside the workspace: Wycheproof's and other projects' vector
files) is, for the Python tests and tools; testdata.h's SharedDir() is its C++ twin and looks in
the same places: $ARIASUITE_SHARED_DIR when set (never second-guessed), else the folder `shared`
beside the workspace whose vectors/README.md this is (its real path, so a Bazel runfiles tree leads
back to the source tree). A candidate counts when it holds vectors/wycheproof."""
import os


def shared_dir(root):
    """(the shared folder's real path or "", [the places looked in]) for the tree at root (a
    workspace or a runfiles tree holding vectors/README.md)."""
    env = os.environ.get("ARIASUITE_SHARED_DIR")
    if env:
        place = env
    else:
        readme = os.path.realpath(os.path.join(root, "vectors", "README.md"))
        place = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(readme))), "shared")
    if os.path.isdir(os.path.join(place, "vectors", "wycheproof")):
        return os.path.realpath(place), [place]
    return "", [place]
