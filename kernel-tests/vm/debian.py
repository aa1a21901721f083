"""The default guest kernel: Debian's stock kernel plus out-of-tree ARIA modules.

Downloads (apt-get download, never installed) linux-image-<abi>-unsigned, the matching
linux-headers-<abi> with its -common and linux-kbuild packages, and linux-source-<X.Y> of the same
version; unpacks them with dpkg-deb -x into the cache; then builds the ARIA modules (aria_generic
and the x86 AES-NI/AVX, AES-NI/AVX2 and GFNI/AVX-512 drivers) from the kernel's own sources with
kernel-tests/vm/aria.Kbuild against the headers. Debian leaves CONFIG_CRYPTO_ARIA unset, so the
generated asm-offsets.h lacks the aria_ctx offsets the assembly needs: aria_asm_offsets.c makes
them with Kbuild's offsets machinery. Every step is cached; manifest.json says what was built.

Layout under <cache>/kernel/ (kernel-tests/vm/cache_layout.py: where it is, debs/ and source/):
  debs/                       the downloaded packages
  <abi>/root/                 image, headers, kbuild unpacked
  <abi>/aria/                 the ARIA sources and the module build
  <abi>/manifest.json         {release, bzimage, module_dirs, builtin, packages, notes}
  default.json                which <abi> `prepare` chose last (read by vm_test)
"""
import glob
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cache_layout  # noqa: E402


class PrepareError(Exception):
    pass


def log(msg):
    print("ariasuite kernel: " + msg, file=sys.stderr, flush=True)


def _run(cmd, what, cwd=None, env=None, quiet=True):
    p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = p.stdout.decode(errors="replace")
    if p.returncode != 0:
        lines = [l for l in out.strip().splitlines() if l.strip()]
        raise PrepareError("%s failed (exit %d): %s" % (what, p.returncode,
                                                        lines[-1] if lines else "no output"),
                           out)
    return out


def _apt_show(pkg):
    """Fields of the candidate version of pkg, or None when apt does not know it."""
    p = subprocess.run(["apt-cache", "show", "--no-all-versions", pkg], stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL)
    if p.returncode != 0 or not p.stdout.strip():
        return None
    fields, key = {}, None
    for line in p.stdout.decode(errors="replace").splitlines():
        if not line.strip():
            break
        if line[0] in " \t" and key:
            fields[key] += "\n" + line.strip()
        elif ":" in line:
            key, val = line.split(":", 1)
            fields[key] = val.strip()
    return fields


def _version_key(abi):
    return [int(x) if x.isdigit() else x for x in re.split(r"[.+-]", abi)]


def choose_image(wanted=None):
    """The image package: `wanted` if given, else the newest linux-image-*-amd64-unsigned (not
    cloud/rt) apt knows, preferring the highest kernel series (6.12 over 6.1)."""
    if wanted:
        if not _apt_show(wanted):
            raise PrepareError("apt does not know the package %s (apt-get update? a typo?)" % wanted)
        return wanted
    p = subprocess.run(["apt-cache", "search", "--names-only", r"^linux-image-.*-amd64-unsigned$"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    names = [l.split(" ")[0] for l in p.stdout.decode().splitlines()]
    names = [n for n in names if not re.search(r"-(cloud|rt)-amd64", n)]
    if not names:
        raise PrepareError("apt knows no linux-image-*-amd64-unsigned package (run apt-get update; "
                           "Debian's kernels come from the main and security archives)")

    def key(n):
        abi = n[len("linux-image-"):-len("-amd64-unsigned")]
        return _version_key(abi)
    return sorted(names, key=key)[-1]


def _download(pkgs, debs_dir):
    """apt-get download of pkg=version pairs not already in debs_dir. Returns their .deb paths."""
    os.makedirs(debs_dir, exist_ok=True)

    def find(name, version):
        quoted = version.replace(":", "%3a")
        found = glob.glob(os.path.join(debs_dir, "%s_%s_*.deb" % (name, quoted)))
        return found[0] if found else None

    missing = [(n, v) for n, v in pkgs if not find(n, v)]
    if missing:
        log("downloading %s" % ", ".join("%s=%s" % m for m in missing))
        try:
            _run(["apt-get", "download", "-q"] + ["%s=%s" % m for m in missing],
                 "apt-get download " + " ".join(m[0] for m in missing), cwd=debs_dir)
        except PrepareError as e:
            raise PrepareError(e.args[0] + " (no network, or stale package lists: apt-get update)")
    paths = []
    for name, version in pkgs:
        path = find(name, version)
        if not path:
            raise PrepareError("apt-get download did not produce %s_%s" % (name, version))
        paths.append(path)
    return paths


def _headers_deps(headers_pkg):
    """The -common headers and kbuild package names a linux-headers-<abi> package depends on."""
    f = _apt_show(headers_pkg)
    if not f:
        raise PrepareError("apt does not know %s" % headers_pkg)
    out = []
    for dep in f.get("Depends", "").split(","):
        name = dep.strip().split(" ")[0]
        if name.startswith("linux-headers-") or name.startswith("linux-kbuild-"):
            out.append(name)
    return out


def _source_version(series, image_version):
    """linux-source-<series> at the image's version if apt has it, else its candidate."""
    pkg = "linux-source-" + series
    p = subprocess.run(["apt-cache", "madison", pkg], stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL)
    versions = [l.split("|")[1].strip() for l in p.stdout.decode().splitlines() if "|" in l]
    if not versions:
        raise PrepareError("apt knows no %s (needed for the ARIA driver sources)" % pkg)
    if image_version in versions:
        return pkg, image_version, None
    note = ("%s %s is not in the archive; using %s (the ARIA sources rarely change between "
            "stable updates)" % (pkg, image_version, versions[0]))
    return pkg, versions[0], note


def _unpack(deb, dest, stamp_dir):
    stamp = os.path.join(stamp_dir, ".unpacked-" + os.path.basename(deb))
    if os.path.exists(stamp):
        return
    log("unpacking %s" % os.path.basename(deb))
    _run(["dpkg-deb", "-x", deb, dest], "dpkg-deb -x " + os.path.basename(deb))
    open(stamp, "w").close()


def _extract_aria_sources(source_deb, dest):
    """Pulls the ARIA driver sources out of linux-source's tarball into dest."""
    if os.path.exists(os.path.join(dest, ".extracted")):
        return
    log("extracting the ARIA sources from %s" % os.path.basename(source_deb))
    os.makedirs(dest, exist_ok=True)
    tmp = os.path.join(dest, "tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    listing = _run(["dpkg-deb", "-c", source_deb], "dpkg-deb -c")
    tars = re.findall(r"(\./usr/src/linux-source-[^\s]+\.tar\.(?:xz|bz2|gz))", listing)
    if not tars:
        raise PrepareError("%s holds no source tarball" % source_deb)
    _run(["sh", "-c", 'dpkg-deb --fsys-tarfile "$1" | tar -x -C "$2" "$3"', "sh", source_deb, tmp,
          tars[0]], "unpacking the linux-source tarball")
    wanted = re.compile(r"^[^/]+/(crypto/aria[^/]*\.c|include/crypto/aria\.h|"
                        r"arch/x86/crypto/(aria[^/]*|ecb_cbc_helpers\.h))$")
    got = []
    with tarfile.open(os.path.join(tmp, tars[0])) as t:
        for m in t:
            if m.isfile() and wanted.match(m.name):
                f = t.extractfile(m)
                out = os.path.join(dest, os.path.basename(m.name))
                with open(out, "wb") as o:
                    o.write(f.read())
                got.append(os.path.basename(m.name))
    shutil.rmtree(tmp)
    if "aria_generic.c" not in got:
        raise PrepareError("the linux-source tarball has no crypto/aria_generic.c (kernel older "
                           "than 5.18?)")
    open(os.path.join(dest, ".extracted"), "w").write("\n".join(sorted(got)) + "\n")


def _fix_headers(root, abi):
    """Debian's headers Makefile includes the -common tree by its absolute /usr/src path; point
    it into the unpacked tree instead."""
    mk = os.path.join(root, "usr/src/linux-headers-%s/Makefile" % abi)
    with open(mk) as f:
        text = f.read()
    fixed = re.sub(r"^include /usr/src/", "include %s/usr/src/" % root, text, flags=re.M)
    if fixed != text:
        with open(mk, "w") as f:
            f.write(fixed)


def build_aria_modules(headers_dir, src_dir, build_dir):
    """Builds the ARIA modules; returns (the .ko paths, notes)."""
    notes = []
    files = open(os.path.join(src_dir, ".extracted")).read().split()
    config = open(os.path.join(headers_dir, ".config")).read()
    gfni = "CONFIG_AS_GFNI=y" in config
    drivers = {
        "AVX": all(f in files for f in ("aria_aesni_avx_glue.c", "aria-aesni-avx-asm_64.S")),
        "AVX2": all(f in files for f in ("aria_aesni_avx2_glue.c", "aria-aesni-avx2-asm_64.S")),
        "AVX512": gfni and all(f in files for f in ("aria_gfni_avx512_glue.c",
                                                    "aria-gfni-avx512-asm_64.S")),
    }
    x86 = drivers["AVX"]
    offsets = ""
    for cand in glob.glob(os.path.join(headers_dir, "include/generated/asm-offsets.h")) + \
            glob.glob(os.path.join(headers_dir, "arch/x86/include/generated/asm-offsets.h")):
        offsets += open(cand).read()
    gen_offsets = "ARIA_CTX_enc_key" not in offsets
    kbuild_src = [os.path.join(HERE, "aria.Kbuild"), os.path.join(HERE, "aria_asm_offsets.c")]
    digest = hashlib.sha256()
    for f in kbuild_src + [os.path.join(src_dir, x) for x in sorted(files)]:
        digest.update(open(f, "rb").read())
    digest.update(config.encode())
    stamp = os.path.join(build_dir, ".built-" + digest.hexdigest()[:16])
    if x86 and not gfni:
        notes.append("the kernel config lacks CONFIG_AS_GFNI: the GFNI code paths of the AVX "
                     "drivers and the GFNI/AVX-512 driver are left out")
    for name, present in drivers.items():
        if not present and (name != "AVX512" or gfni):
            notes.append("this kernel's sources have no x86 ARIA %s driver" % name)
    if gen_offsets and x86:
        notes.append("asm-offsets.h lacks the aria_ctx offsets (CONFIG_CRYPTO_ARIA_AESNI_AVX_X86_64 "
                     "unset): generated by aria_asm_offsets.c")
    notes.append("module BTF left out (CONFIG_DEBUG_INFO_BTF_MODULES= on the make command line: "
                 "pahole is not needed)")
    if os.path.exists(stamp):
        return sorted(glob.glob(os.path.join(build_dir, "*.ko"))), notes
    log("building the ARIA modules against %s" % os.path.basename(headers_dir))
    shutil.rmtree(build_dir, ignore_errors=True)
    os.makedirs(build_dir)
    for f in files:
        shutil.copy(os.path.join(src_dir, f), build_dir)
    shutil.copy(kbuild_src[0], os.path.join(build_dir, "Kbuild"))
    shutil.copy(kbuild_src[1], build_dir)
    jobs = str(max(1, min(2, os.cpu_count() or 1)))
    args = ["make", "-j" + jobs, "-C", headers_dir, "M=" + build_dir,
            "ARIA_AVX=%d" % int(drivers["AVX"]), "ARIA_AVX2=%d" % int(drivers["AVX2"]),
            "ARIA_AVX512=%d" % int(drivers["AVX512"]), "ARIA_GEN_OFFSETS=%d" % int(gen_offsets),
            "CONFIG_DEBUG_INFO_BTF_MODULES=", "modules"]
    try:
        out = _run(args, "building the ARIA modules")
    except PrepareError as e:
        with open(os.path.join(build_dir, "build.log"), "w") as f:
            f.write(e.args[1] if len(e.args) > 1 else "")
        raise PrepareError("%s (full log: %s)" % (e.args[0], os.path.join(build_dir, "build.log")))
    with open(os.path.join(build_dir, "build.log"), "w") as f:
        f.write(out)
    kos = sorted(glob.glob(os.path.join(build_dir, "*.ko")))
    if not kos:
        raise PrepareError("the ARIA module build produced no .ko (log: %s/build.log)" % build_dir)
    open(stamp, "w").close()
    return kos, notes


# Other kernel series whose ARIA sources the tests read besides the prepared kernel's (the
# kernel-asm audit and the testmgr.h vectors of each series; 6.1 is where ARIA arrived). Only the
# linux-source package is downloaded; kernel-tests/asm/tree.py --extract-cached unpacks the files.
OTHER_SOURCE_SERIES = ["6.1"]


def fetch_other_sources(cache=None):
    """apt-get download of linux-source-<series> for OTHER_SOURCE_SERIES; a series apt does not
    have is a note, not an error. Returns the notes."""
    notes = []
    debs_dir = cache_layout.debs_dir(cache)
    for series in OTHER_SOURCE_SERIES:
        pkg = "linux-source-" + series
        fields = _apt_show(pkg)
        if not fields:
            notes.append("%s: not in apt's lists, so its tests SKIP" % pkg)
            continue
        try:
            _download([(pkg, fields["Version"])], debs_dir)
        except PrepareError as e:
            notes.append("%s: %s, so its tests SKIP" % (pkg, e.args[0]))
    return notes


def prepare(cache=None, package=None):
    """Fetches, unpacks and builds; returns the manifest dict (also written to disk)."""
    root_dir = cache_layout.kernel_dir(cache)
    os.makedirs(root_dir, exist_ok=True)
    for tool in ("apt-get", "apt-cache", "dpkg-deb", "make"):
        if not shutil.which(tool):
            raise PrepareError("%s is missing (the default kernel needs Debian's apt, dpkg and make)"
                               % tool)
    image = choose_image(package or os.environ.get("ARIASUITE_KERNEL_PACKAGE"))
    m = re.match(r"^linux-image-(.+)-unsigned$", image)
    if not m:
        raise PrepareError("%s is not a linux-image-<abi>-unsigned package" % image)
    abi = m.group(1)
    fields = _apt_show(image)
    version = fields["Version"]
    series = ".".join(re.match(r"^(\d+)\.(\d+)", abi).groups())
    log("kernel: %s %s (Debian, %s series)" % (image, version, series))
    headers = "linux-headers-" + abi
    deps = _headers_deps(headers)
    src_pkg, src_version, src_note = _source_version(series, version)
    pkgs = [(image, version), (headers, version)]
    for d in deps:
        f = _apt_show(d)
        pkgs.append((d, f["Version"] if f else version))
    pkgs.append((src_pkg, src_version))
    debs = _download(pkgs, cache_layout.debs_dir(cache))
    abi_dir = os.path.join(root_dir, abi)
    unpacked = os.path.join(abi_dir, "root")
    os.makedirs(unpacked, exist_ok=True)
    for deb in debs[:-1]:
        _unpack(deb, unpacked, abi_dir)
    _fix_headers(unpacked, abi)
    _extract_aria_sources(debs[-1], os.path.join(abi_dir, "aria", "src"))
    headers_dir = os.path.join(unpacked, "usr/src/linux-headers-" + abi)
    kos, notes = build_aria_modules(headers_dir, os.path.join(abi_dir, "aria", "src"),
                                    os.path.join(abi_dir, "aria", "build"))
    if src_note:
        notes.insert(0, src_note)
    release = os.path.basename(glob.glob(os.path.join(unpacked, "lib/modules/*"))[0])
    bzimage = glob.glob(os.path.join(unpacked, "boot/vmlinuz-*"))[0]
    manifest = {
        "release": release,
        "description": "Debian %s %s with out-of-tree ARIA modules from %s %s"
                       % (image, version, src_pkg, src_version),
        "bzimage": bzimage,
        "module_dirs": [os.path.join(unpacked, "lib/modules", release),
                        os.path.join(abi_dir, "aria", "build")],
        "builtin": os.path.join(unpacked, "lib/modules", release, "modules.builtin"),
        "aria_modules": [os.path.basename(k)[:-3] for k in kos],
        "packages": ["%s=%s" % p for p in pkgs],
        "notes": notes,
    }
    with open(os.path.join(abi_dir, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    with open(os.path.join(root_dir, "default.json"), "w") as f:
        json.dump({"manifest": os.path.join(abi_dir, "manifest.json")}, f)
    for n in notes:
        log("note: " + n)
    log("ready: %s, ARIA modules %s" % (release, ", ".join(manifest["aria_modules"])))
    return manifest


def load_prepared(cache=None):
    """The manifest `prepare` wrote last, or None."""
    path = os.path.join(cache_layout.kernel_dir(cache), "default.json")
    try:
        with open(path) as f:
            mpath = json.load(f)["manifest"]
        with open(mpath) as f:
            m = json.load(f)
    except (OSError, ValueError, KeyError):
        return None
    if not os.path.exists(m.get("bzimage", "")):
        return None
    return m
