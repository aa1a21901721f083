#!/usr/bin/env python3
"""Include layering check: each C++ file includes only headers its own target may use.

gcc has no layering check (clang's -fmodules-strict-decluse / Bazel's layering_check feature), so
a file could include a header it reaches only through the sandbox's transitive inputs: an internal
header listed in another target's srcs (impl/gcm_internal.h in //impl:gcm), or a public header of
a target it does not depend on. This script checks what Bazel's layering_check would: for every
cc_library, cc_binary and cc_test of `bazel query`, each `#include "path"` in its srcs and hdrs
that names a header some target of the workspace declares must be
  - one of the target's own srcs, hdrs or textual_hdrs, or
  - in the hdrs or textual_hdrs of one of its direct deps (a dep that is a cc_library with no
    files of its own, a list of libraries such as //impl:all_modes, passes on what its own deps
    export).
A header in a library's srcs is private to that library. Includes of files no target declares
(system and third-party headers) are not this check's business.

It also checks the direction of the dependencies between packages: the layers file (default
layers.txt beside this script) lists the packages bottom first, and a cc_library or cc_binary that
depends on a target of a package in a higher layer is reported (tests may reach up). A package
with C++ targets that the layers file does not place is reported too.

Usage: layering_check.py [--query-xml FILE] [--root DIR] [--layers FILE]
  Without --query-xml it runs `bazel query 'kind("cc_(library|binary|test)|alias", //...)'
  --output=xml` (an alias stands for its actual target)
  in --root (default: the current directory).
Exit status: 0 when every include is declared and no library depends upwards; 1 when one does
(each printed on its own line: file:line: ... for an include, the two labels for a dependency);
2 on a setup error (no bazel, an unreadable query or layers file).
"""
import argparse
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

CC_KINDS = ("cc_library", "cc_binary", "cc_test")
QUERY = 'kind("cc_(library|binary|test)|alias", //...)'
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
CXX_FILE = re.compile(r"\.(cc|cpp|c|h|hpp|inc)$")


def die(msg):
    print("layering: " + msg, file=sys.stderr)
    sys.exit(2)


def label_to_path(label):
    """//pkg:dir/file.h -> pkg/dir/file.h; None for external labels."""
    if not label.startswith("//"):
        return None
    pkg, _, name = label[2:].partition(":")
    return "/".join(p for p in (pkg, name) if p)


def parse_rules(xml_text):
    """Returns {label: {"kind", "files": [paths], "public": set(paths), "deps": [labels]}}."""
    try:
        root = ET.fromstring(xml_text)
    except ET.ParseError as e:
        die("the query's XML does not parse: %s" % e)
    rules, aliases = {}, {}
    for rule in root.iter("rule"):
        kind = rule.get("class")
        if kind == "alias":
            actual = rule.find("label[@name='actual']")
            if actual is not None:
                aliases[rule.get("name")] = actual.get("value")
            continue
        if kind not in CC_KINDS:
            continue
        lists = {l.get("name"): [x.get("value") for x in l] for l in rule.findall("list")}
        files, public = [], set()
        for attr in ("srcs", "hdrs", "textual_hdrs"):
            for label in lists.get(attr, []):
                path = label_to_path(label)
                if path is None:
                    continue
                files.append(path)
                if attr != "srcs":
                    public.add(path)
        rules[rule.get("name")] = {"kind": kind, "files": files, "public": public,
                                   "deps": lists.get("deps", [])}
    for r in rules.values():
        r["deps"] = [aliases.get(d, d) for d in r["deps"]]
    return rules


def exported(rules, label, seen):
    """The headers a dependent of label may include: its hdrs and textual_hdrs, or, for a library
    with no files of its own (a list of libraries, as //impl:all_modes), what its deps export."""
    r = rules.get(label)
    if r is None or label in seen:
        return set()
    seen.add(label)
    if r["kind"] == "cc_library" and not r["files"]:
        out = set()
        for dep in r["deps"]:
            out |= exported(rules, dep, seen)
        return out
    return r["public"]


def read_includes(root, path):
    """[(line number, quoted include)] of a source file; None when it is not in the tree."""
    try:
        with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
            lines = f.readlines()
    except OSError:
        return None  # a generated file: not in the source tree
    return [(n, m.group(1)) for n, m in enumerate(map(INCLUDE.match, lines), 1) if m]


def check(rules, root):
    """Returns (distinct files checked, [violation lines])."""
    declared_by = {}  # header path -> labels that list it (srcs, hdrs or textual_hdrs)
    for label, r in rules.items():
        for path in r["files"]:
            declared_by.setdefault(path, []).append(label)
    includes = {}  # path -> read_includes(path): a file listed by two targets is read once
    violations = []
    for label in sorted(rules):
        r = rules[label]
        allowed = set(r["files"])
        for dep in r["deps"]:
            allowed |= exported(rules, dep, set())
        for path in r["files"]:
            if not CXX_FILE.search(path):
                continue
            if path not in includes:
                includes[path] = read_includes(root, path)
            for number, inc in includes[path] or []:
                owners = declared_by.get(inc)
                if owners is None or inc in allowed:
                    continue
                public_owners = sorted(o for o in owners if inc in rules[o]["public"])
                if public_owners:
                    why = "declared in the hdrs of %s, not a direct dependency" % \
                        ", ".join(public_owners)
                else:
                    why = "private to %s (in its srcs)" % ", ".join(sorted(owners))
                violations.append('%s:%d: %s includes "%s", %s' % (path, number, label, inc, why))
    checked = sum(1 for found in includes.values() if found is not None)
    return checked, sorted(set(violations))


def read_layers(path):
    """Returns {package: layer number, bottom = 0} of a layers file."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError as e:
        die("cannot read the layers file %s: %s" % (path, e.strerror))
    layers = {}
    number = 0
    for n, line in enumerate(lines, 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        for pkg in line.split():
            if pkg in layers:
                die("%s:%d: package %s is already in layer %d" % (path, n, pkg, layers[pkg]))
            layers[pkg] = number
        number += 1
    if not layers:
        die("the layers file %s names no package" % path)
    return layers


def layer_of(layers, pkg):
    """(layer number, the listed package that places pkg), or None: the longest listed prefix."""
    parts = pkg.split("/")
    for i in range(len(parts), 0, -1):
        prefix = "/".join(parts[:i])
        if prefix in layers:
            return layers[prefix], prefix
    return None


def check_direction(rules, layers):
    """[violation lines]: each library or binary depending on a package above its own, and each
    package with C++ targets the layers do not place."""
    violations = []
    unplaced = set()
    for label in sorted(rules):
        r = rules[label]
        pkg = label[2:].partition(":")[0]
        own = layer_of(layers, pkg)
        if own is None:
            unplaced.add(pkg)
            continue
        if r["kind"] == "cc_test":
            continue
        for dep in r["deps"]:
            if not dep.startswith("//"):
                continue  # another repository (@openssl, @gtest): below everything of ours
            dep_pkg = dep[2:].partition(":")[0]
            theirs = layer_of(layers, dep_pkg)
            if theirs is None:
                unplaced.add(dep_pkg)
            elif theirs[0] > own[0]:
                violations.append("%s (%s, layer %d: %s) depends on %s (layer %d: %s), above it" %
                                  (label, r["kind"], own[0], own[1], dep, theirs[0], theirs[1]))
    for pkg in sorted(unplaced):
        violations.append("package //%s is in no layer of the layers file" % pkg)
    return violations


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--query-xml", help="the output of bazel query ... --output=xml")
    ap.add_argument("--root", default=".", help="the workspace root the paths are relative to")
    ap.add_argument("--layers", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                     "layers.txt"),
                    help="the packages' layers, bottom first (default: layers.txt beside this)")
    args = ap.parse_args()
    if args.query_xml:
        try:
            with open(args.query_xml, encoding="utf-8") as f:
                xml_text = f.read()
        except OSError as e:
            die("cannot read %s: %s" % (args.query_xml, e.strerror))
    else:
        try:
            proc = subprocess.run(["bazel", "query", QUERY, "--output=xml"], cwd=args.root,
                                  capture_output=True, text=True)
        except OSError as e:
            die("cannot run bazel: %s" % e.strerror)
        if proc.returncode != 0:
            die("bazel query failed (exit %d): %s" % (proc.returncode,
                                                      proc.stderr.strip().splitlines()[-1:]))
        xml_text = proc.stdout
    layers = read_layers(args.layers)
    rules = parse_rules(xml_text)
    if not rules:
        die("the query names no cc_library, cc_binary or cc_test")
    checked, violations = check(rules, args.root)
    upward = check_direction(rules, layers)
    for v in violations + upward:
        print(v)
    print("layering: %d files of %d targets checked, %d undeclared includes, "
          "%d upward dependencies" % (checked, len(rules), len(violations), len(upward)))
    return 1 if violations or upward else 0


if __name__ == "__main__":
    sys.exit(main())
