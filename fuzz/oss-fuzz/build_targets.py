#!/usr/bin/env python3
"""Builds ariasuite's fuzz targets without Bazel, from the Bazel BUILD files themselves.

OSS-Fuzz and ClusterFuzzLite build with $CC/$CXX/$CXXFLAGS/$LIB_FUZZING_ENGINE and no Bazel. This
script reads WORKSPACE and the BUILD files (their Starlark is plain Python syntax here), follows
each //fuzz:<name>_fuzzer target's dependency graph as Bazel would under --config=fuzz (the
//fuzz:fuzz_build branch of every select()), compiles each library's sources once with that
library's copts, links every fuzzer with $LIB_FUZZING_ENGINE into $OUT, and adds what OSS-Fuzz
picks up beside a binary: <name>_fuzzer_seed_corpus.zip, <name>_fuzzer.dict,
<name>_fuzzer.options. Binaries listed as data of a fuzzer (the BoringSSL adapter) are built too and
placed in $OUT; shared libraries the binaries need that a bare runner image lacks are copied into
$OUT/lib and found through an $ORIGIN/lib rpath.

Usage: build_targets.py [--list] [TARGET...]   (run from anywhere; env: CXX, CXXFLAGS, OUT, WORK,
LIB_FUZZING_ENGINE; ARIASUITE_OPENSSL_PREFIX to use an OpenSSL 3 built from source)
"""
import concurrent.futures
import glob as globmod
import hashlib
import os
import re
import shlex
import shutil
import subprocess
import sys
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def die(msg):
    print("build_targets: " + msg, file=sys.stderr)
    sys.exit(1)


class Graph:
    def __init__(self):
        self.rules = {}  # label -> (kind, attrs, package dir on disk, package name)
        self.repos = {}  # repo name -> (build file label, path)
        self.loaded = set()

    # ---- labels ----
    @staticmethod
    def norm(label, repo, pkg):
        if label.startswith("@"):
            name, _, rest = label[1:].partition("//")
            if not rest and ":" not in label:
                return "@%s//:%s" % (name, name)
            if rest.startswith(":"):
                return "@%s//%s" % (name, rest)
            return "@%s//%s" % (name, rest if ":" in rest else rest + ":" + rest.split("/")[-1])
        if label.startswith("//"):
            body = label[2:]
            if ":" not in body:
                body = body + ":" + body.split("/")[-1]
            return ("@%s//" % repo if repo else "//") + body
        if label.startswith(":"):
            return ("@%s//" % repo if repo else "//") + pkg + label
        return ("@%s//" % repo if repo else "//") + pkg + ":" + label

    # ---- loading ----
    def load_workspace(self):
        def new_local_repository(name, build_file, path, **_):
            self.repos[name] = (build_file, path)
        env = {"workspace": lambda **_: None, "local_repository": lambda **_: None,
               "new_local_repository": new_local_repository}
        exec(compile(open(os.path.join(ROOT, "WORKSPACE")).read(), "WORKSPACE", "exec"), env)

    def package_of(self, label):
        m = re.match(r"^(?:@([^/]*))?//([^:]*):", label)
        return (m.group(1) or ""), m.group(2)

    def load_package(self, repo, pkg):
        key = (repo, pkg)
        if key in self.loaded:
            return
        self.loaded.add(key)
        if repo:
            if repo not in self.repos:
                die("unknown repository @%s" % repo)
            build_label, path = self.repos[repo]
            blabel = self.norm(build_label, "", "")
            _, bpkg = self.package_of(blabel)
            build_path = os.path.join(ROOT, bpkg, blabel.split(":")[1])
            disk = path
        else:
            build_path = os.path.join(ROOT, pkg, "BUILD")
            disk = os.path.join(ROOT, pkg)
        graph = self

        def rule(kind):
            def add(name, **attrs):
                graph.rules[graph.norm(":" + name, repo, pkg)] = (kind, attrs, disk, pkg, repo)
            return add

        class Native:
            pass

        native = Native()
        for kind in ("cc_library", "cc_binary", "cc_test", "genrule", "config_setting",
                     "filegroup", "sh_test", "sh_binary", "cc_import", "alias"):
            setattr(native, kind, rule(kind))
        native.glob = lambda include, exclude=(), **_: sorted(
            os.path.relpath(f, disk) for pat in include
            for f in globmod.glob(os.path.join(disk, pat), recursive=True)
            if os.path.isfile(f) and os.path.relpath(f, disk) not in set(
                os.path.relpath(g, disk) for e in exclude
                for g in globmod.glob(os.path.join(disk, e), recursive=True)))
        native.package_name = lambda: pkg

        def select(choices):
            for key in ("//fuzz:fuzz_build", "//conditions:default"):
                if key in choices:
                    return choices[key]
            die("select() without a //fuzz:fuzz_build or default branch")

        env = {k: getattr(native, k) for k in dir(native) if not k.startswith("_")}
        env.update({"native": native, "select": select, "package": lambda **_: None,
                    "exports_files": lambda *a, **k: None, "licenses": lambda *a: None})

        def load_into(target, bzl, *symbols, **aliases):
            """load() into target's globals; a .bzl may itself load() another (conformance/
            cli_test.bzl loads //tools:defs.bzl)."""
            if bzl.startswith("@rules_cc"):
                return
            lab = self.norm(bzl, repo, pkg)
            _, lpkg = self.package_of(lab)
            benv = {"native": native, "select": select}
            benv["load"] = lambda b, *s, **a: load_into(benv, b, *s, **a)
            path = os.path.join(ROOT, lpkg, lab.split(":")[1])
            exec(compile(open(path).read(), path, "exec"), benv)
            for s in symbols:
                target[s] = benv[s]
            for k, v in aliases.items():
                target[k] = benv[v]

        env["load"] = lambda bzl, *s, **a: load_into(env, bzl, *s, **a)
        if not os.path.exists(build_path):
            die("no BUILD file for %s" % (("@" + repo) if repo else "//" + pkg))
        exec(compile(open(build_path).read(), build_path, "exec"), env)

    def get(self, label):
        repo, pkg = self.package_of(label)
        self.load_package(repo, pkg)
        if label not in self.rules:
            die("no target %s" % label)
        return self.rules[label]

    def closure(self, label):
        """cc_library labels reachable from label, dependencies after dependents."""
        order, seen = [], set()

        def visit(lab):
            if lab in seen:
                return
            seen.add(lab)
            kind, attrs, disk, pkg, repo = self.get(lab)
            # An alias stands for its actual target: follow it like a dependency.
            for d in attrs.get("deps", []) + ([attrs["actual"]] if kind == "alias" else []):
                visit(self.norm(d, repo, pkg))
            order.append(lab)
        visit(label)
        return order


def main():
    args = sys.argv[1:]
    list_only = "--list" in args
    args = [a for a in args if a != "--list"]
    cxx = os.environ.get("CXX", "clang++")
    cxxflags = shlex.split(os.environ.get("CXXFLAGS", ""))
    engine = shlex.split(os.environ.get("LIB_FUZZING_ENGINE", "-fsanitize=fuzzer"))
    out = os.environ.get("OUT") or die("set OUT")
    work = os.environ.get("WORK") or die("set WORK")
    ossl = os.environ.get("ARIASUITE_OPENSSL_PREFIX", "")
    jobs = int(os.environ.get("ARIASUITE_JOBS", str(os.cpu_count() or 2)))

    g = Graph()
    g.load_workspace()
    names = sorted(os.path.basename(p)[:-len("_fuzzer.cc")]
                   for p in globmod.glob(os.path.join(ROOT, "fuzz", "*_fuzzer.cc")))
    for a in args:
        if a not in names:
            die("unknown target '%s' (targets: %s)" % (a, " ".join(names)))
    targets = args or names
    if list_only:
        print("\n".join(targets))
        return 0

    objdir = os.path.join(work, "ariasuite-obj")
    os.makedirs(objdir, exist_ok=True)
    os.makedirs(out, exist_ok=True)
    compiled = {}  # (src path, flags) -> object
    jobs_list = []

    def lib_flags(lab):
        """The include flags every user of lab's closure sees."""
        flags = []
        for dep in g.closure(lab):
            kind, attrs, disk, pkg, repo = g.get(dep)
            for inc in attrs.get("includes", []):
                d = os.path.normpath(os.path.join(disk, inc))
                if os.path.isdir(d):
                    flags += ["-I", d]
                if repo == "openssl" and ossl:
                    flags += ["-I", os.path.join(ossl, "include")]
            flags += ["-D" + d for d in attrs.get("defines", [])]
        if ossl:
            flags = ["-I", os.path.join(ossl, "include")] + flags
        return flags

    def gen_source(lab_pkg, repo, out_name):
        """Runs the genrule that makes out_name (a generated .cc) and returns its path."""
        for lab, (kind, attrs, disk, pkg, r) in list(g.rules.items()):
            if kind == "genrule" and pkg == lab_pkg and r == repo and out_name in attrs["outs"]:
                dest = os.path.join(work, "ariasuite-gen", pkg, out_name)
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                srcs = [os.path.join(disk, s) for s in attrs.get("srcs", [])]
                cmd = attrs["cmd"].replace("$<", shlex.quote(srcs[0]) if srcs else "")
                cmd = cmd.replace("$@", shlex.quote(dest))
                subprocess.check_call(["bash", "-c", cmd])
                return dest
        return None

    def objects_for(lab):
        objs, linkopts = [], []
        for dep in g.closure(lab):
            kind, attrs, disk, pkg, repo = g.get(dep)
            if kind not in ("cc_library", "cc_binary", "cc_test"):
                continue
            lo = list(attrs.get("linkopts", []))
            if repo == "openssl" and ossl:
                lo = [os.path.join(ossl, "lib64" if os.path.isdir(os.path.join(ossl, "lib64")) else "lib", "libcrypto.a"), "-ldl", "-pthread"]
            linkopts += [o for o in lo if o not in ("-fsanitize=fuzzer",)]
            flags = ["-std=c++20", "-I", ROOT] + lib_flags(dep) + list(attrs.get("copts", []))
            for src in attrs.get("srcs", []):
                if not src.endswith((".cc", ".cpp", ".c", ".S")):
                    continue
                path = os.path.join(disk, src)
                if not os.path.exists(path):
                    gen = gen_source(pkg, repo, src)
                    if gen is None:
                        die("source %s of %s not found" % (src, dep))
                    path = gen
                key = (path, tuple(flags))
                if key not in compiled:
                    h = hashlib.sha1(repr(key).encode()).hexdigest()[:10]
                    obj = os.path.join(objdir, "%s-%s.o" % (os.path.basename(src), h))
                    compiled[key] = obj
                    if src.endswith(".S"):
                        # Assembly (e.g. kernel-tests/asm/abi_call.S): preprocessed, no C++ flags.
                        jobs_list.append([cxx, "-I", ROOT, "-c", path, "-o", obj])
                    else:
                        jobs_list.append([cxx] + cxxflags + flags + ["-c", path, "-o", obj])
                objs.append(compiled[key])
        return objs, linkopts

    plans = []
    extra_bins = {}
    for t in targets:
        label = "//fuzz:%s_fuzzer" % t
        objs, lo = objects_for(label)
        plans.append(("%s_fuzzer" % t, objs, engine + lo))
        kind, attrs, disk, pkg, repo = g.get(label)
        for d in attrs.get("data", []):
            dl = g.norm(d, repo, pkg)
            dkind = g.get(dl)[0]
            if dkind == "cc_binary" and dl not in extra_bins:
                bobjs, blo = objects_for(dl)
                extra_bins[dl] = (dl.split(":")[1], bobjs, blo)
    plans += list(extra_bins.values())

    # Compile (in parallel), then link.
    def run(cmd):
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        return cmd, r.returncode, r.stdout
    print("build_targets: compiling %d sources for %d binaries" % (len(jobs_list), len(plans)))
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for cmd, rc, text in pool.map(run, jobs_list):
            if rc != 0:
                sys.stderr.write(text)
                die("compile failed: " + " ".join(cmd[-3:]))
    rpath = ["-Wl,-rpath,$ORIGIN/lib"]
    for name, objs, lo in plans:
        dest = os.path.join(out, name)
        cmd = [cxx] + cxxflags + objs + lo + rpath + ["-o", dest]
        if name.endswith("_fuzzer"):
            pass
        else:
            # Helper binaries: no fuzzing engine (they have a main), sanitizer runtime still linked.
            cmd = [cxx] + [f for f in cxxflags if "fuzzer" not in f] + objs + lo + rpath + ["-o", dest]
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0:
            sys.stderr.write(r.stdout)
            die("link failed: " + name)
        print("build_targets: built %s" % dest)

    # Shared libraries the runner image lacks: copy into $OUT/lib.
    libdir = os.path.join(out, "lib")
    for name, _, _ in plans:
        r = subprocess.run(["ldd", os.path.join(out, name)], stdout=subprocess.PIPE, text=True)
        for line in r.stdout.splitlines():
            m = re.match(r"\s*(\S+) => (\S+)", line)
            if m and re.search(r"(botan|cryptopp|crypto\+\+|/android/|libssl|libcrypto)", m.group(2)):
                os.makedirs(libdir, exist_ok=True)
                dest = os.path.join(libdir, m.group(1))
                if not os.path.exists(dest):
                    shutil.copy2(m.group(2), dest)

    # Seed corpora, dictionaries, options.
    for t in targets:
        for ext in ("dict", "options"):
            src = os.path.join(ROOT, "fuzz", "%s_fuzzer.%s" % (t, ext))
            if os.path.exists(src):
                shutil.copy2(src, os.path.join(out, "%s_fuzzer.%s" % (t, ext)))
        zpath = os.path.join(out, "%s_fuzzer_seed_corpus.zip" % t)
        with zipfile.ZipFile(zpath, "w", zipfile.ZIP_DEFLATED) as z:
            for d in ("corpus", "regressions"):
                for f in sorted(globmod.glob(os.path.join(ROOT, "fuzz", d, t, "*"))):
                    if os.path.isfile(f):
                        z.write(f, "%s-%s" % (d, os.path.basename(f)))
    print("build_targets: %d fuzzers in %s" % (len(targets), out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
