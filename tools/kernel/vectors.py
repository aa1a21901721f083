"""Known-answer vectors for the guest's AF_ALG tests, converted on the host from Wycheproof-schema
JSON into one line per test (the guest has no JSON parser):
  aria_gcm.txt   tcId result key iv aad msg ct tag     (AeadTest groups of ARIA-GCM files)
  aria_cbc.txt   tcId result key iv msg ct             (IndCpaTest groups of ARIA-CBC-PKCS5 files)
with "-" for an empty field and tcId prefixed by the file name. Sources: the repository's
vectors/*.json, and the shared Wycheproof folder ($ARIASUITE_SHARED_DIR/vectors/wycheproof, else
`shared/` beside the workspace) when it exists; the shared files are read, never copied into the
repository.
"""
import glob
import json
import os


def _shared_dir(repo):
    env = os.environ.get("ARIASUITE_SHARED_DIR")
    cands = [env] if env else []
    cands.append(os.path.join(os.path.dirname(repo), "shared"))
    for c in cands:
        if c and os.path.isdir(os.path.join(c, "vectors", "wycheproof")):
            return os.path.join(c, "vectors", "wycheproof")
    return None


def _h(v):
    return v if v else "-"


def collect(repo):
    """{filename: text} for the guest, and a list of the sources used."""
    files = sorted(glob.glob(os.path.join(repo, "vectors", "*.json")))
    shared = _shared_dir(repo)
    if shared:
        files += [os.path.join(shared, n) for n in ("aria_gcm_test.json",
                                                    "aria_cbc_pkcs5_test.json")
                  if os.path.exists(os.path.join(shared, n))]
    gcm, cbc, used = [], [], []
    for path in files:
        try:
            with open(path) as f:
                doc = json.load(f)
        except (OSError, ValueError):
            continue
        alg = doc.get("algorithm", "")
        tag = os.path.basename(path).replace(".json", "")
        n = 0
        for group in doc.get("testGroups", []):
            gtype = group.get("type")
            for t in group.get("tests", []):
                tc = "%s:%s" % (tag, t.get("tcId"))
                if alg == "ARIA-GCM" and gtype == "AeadTest":
                    gcm.append(" ".join([tc, t["result"], _h(t["key"]), _h(t["iv"]),
                                         _h(t.get("aad", "")), _h(t.get("msg", "")),
                                         _h(t.get("ct", "")), _h(t.get("tag", ""))]))
                    n += 1
                elif alg == "ARIA-CBC-PKCS5" and gtype == "IndCpaTest":
                    cbc.append(" ".join([tc, t["result"], _h(t["key"]), _h(t["iv"]),
                                         _h(t.get("msg", "")), _h(t.get("ct", ""))]))
                    n += 1
        if n:
            used.append("%s (%d)" % (path, n))
    out = {}
    if gcm:
        out["aria_gcm.txt"] = "\n".join(gcm) + "\n"
    if cbc:
        out["aria_cbc.txt"] = "\n".join(cbc) + "\n"
    return out, used
