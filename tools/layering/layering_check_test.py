#!/usr/bin/env python3
"""//tools/layering:layering_check_test: layering_check.py on small made-up workspaces: a clean one
passes, and each kind of undeclared include is reported at its file:line (a private header of a
dependency, a public header of a target that is not a direct dependency); a list-of-libraries
target and an alias pass their deps on; a library or binary depending on a package of a higher
layer, and a package no layer places, are reported (a test may reach up), with the made-up
layers and with the real layers.txt; a bad query or layers file is a setup error (exit 2)."""
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
import layering_check  # noqa: E402
import unittest_junit  # noqa: E402

SCRIPT = os.path.join(HERE, "layering_check.py")
REAL_LAYERS = os.path.join(HERE, "layers.txt")
# The made-up tree's layers: lib below app.
LAYERS = "# bottom first\nlib\napp  # the programs\n"


def rule(kind, name, srcs=(), hdrs=(), deps=()):
    def lst(attr, labels):
        items = "".join('<label value="%s"/>' % l for l in labels)
        return '<list name="%s">%s</list>' % (attr, items) if labels else ""
    return '<rule class="%s" name="%s">%s%s%s</rule>' % (
        kind, name, lst("srcs", srcs), lst("hdrs", hdrs), lst("deps", deps))


def alias(name, actual):
    return '<rule class="alias" name="%s"><label name="actual" value="%s"/></rule>' % (name, actual)


# //lib:core has a public header and a private one; //lib:all lists it; //lib:core_alias names it.
BASE = [
    rule("cc_library", "//lib:core", srcs=["//lib:core.cc", "//lib:core_internal.h"],
         hdrs=["//lib:core.h"]),
    rule("cc_library", "//lib:all", deps=["//lib:core"]),
    alias("//lib:core_alias", "//lib:core"),
]
FILES = {
    "lib/core.h": "#pragma once\n",
    "lib/core_internal.h": "#pragma once\n",
    "lib/core.cc": '#include "lib/core.h"\n#include "lib/core_internal.h"\n#include <vector>\n',
}


def run_script(*args):
    """Returns (exit status, stdout + stderr) of layering_check.py with args."""
    proc = subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True)
    return proc.returncode, proc.stdout + proc.stderr


def run_check(extra_rules, extra_files, layers=LAYERS, base=None):
    """Returns (exit status, stdout) of layering_check.py on base (default BASE) + extra in a fresh
    tree; layers is the layers file's text, or a path (REAL_LAYERS)."""
    with tempfile.TemporaryDirectory() as d:
        for path, text in {**FILES, **extra_files}.items():
            os.makedirs(os.path.join(d, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(d, path), "w") as f:
                f.write(text)
        xml = os.path.join(d, "query.xml")
        with open(xml, "w") as f:
            f.write("<query>%s</query>" % "".join((BASE if base is None else base) + extra_rules))
        layers_file = layers
        if not os.path.isabs(layers):
            layers_file = os.path.join(d, "layers.txt")
            with open(layers_file, "w") as f:
                f.write(layers)
        return run_script("--query-xml", xml, "--root", d, "--layers", layers_file)


class LayeringCheckTest(unittest.TestCase):
    def test_declared_includes_pass(self):
        rc, out = run_check(
            [rule("cc_binary", "//app:main", srcs=["//app:main.cc"], deps=["//lib:core"]),
             rule("cc_test", "//app:via_list", srcs=["//app:via_list.cc"], deps=["//lib:all"]),
             rule("cc_test", "//app:via_alias", srcs=["//app:via_alias.cc"],
                  deps=["//lib:core_alias"])],
            {"app/main.cc": '#include "lib/core.h"\n#include "third_party/x.h"\n',
             "app/via_list.cc": '#include "lib/core.h"\n',
             "app/via_alias.cc": '  #  include "lib/core.h"\n'})
        self.assertEqual(rc, 0, out)
        self.assertIn("layering: 6 files of 5 targets checked, 0 undeclared includes, "
                      "0 upward dependencies", out)

    def test_private_header_of_a_dependency_is_reported(self):
        rc, out = run_check(
            [rule("cc_binary", "//app:main", srcs=["//app:main.cc"], deps=["//lib:core"])],
            {"app/main.cc": '#include "lib/core.h"\n\n#include "lib/core_internal.h"\n'})
        self.assertEqual(rc, 1, out)
        self.assertIn('app/main.cc:3: //app:main includes "lib/core_internal.h", private to '
                      "//lib:core (in its srcs)", out)

    def test_header_of_a_target_not_depended_on_is_reported(self):
        rc, out = run_check(
            [rule("cc_library", "//app:util", hdrs=["//app:util.h"], deps=["//lib:all"]),
             rule("cc_binary", "//app:main", srcs=["//app:main.cc"], deps=["//app:util"])],
            {"app/util.h": '#include "lib/core.h"\n',
             "app/main.cc": '#include "app/util.h"\n#include "lib/core.h"\n'})
        self.assertEqual(rc, 1, out)
        self.assertIn('app/main.cc:2: //app:main includes "lib/core.h", declared in the hdrs of '
                      "//lib:core, not a direct dependency", out)
        self.assertIn("1 undeclared includes", out)

    def test_library_depending_on_a_higher_layer_is_reported(self):
        # The hard case: the upward dependency hides in a library that also has a lawful one, and
        # a test in the same package depending upwards is fine.
        rc, out = run_check(
            [rule("cc_library", "//app:util", srcs=["//app:util.cc"], deps=["//lib:core"]),
             rule("cc_library", "//lib:extra", srcs=["//lib:extra.cc"],
                  deps=["//lib:core", "//app:util", "@ext//:x"]),
             rule("cc_test", "//lib:extra_test", srcs=["//lib:extra_test.cc"],
                  deps=["//app:util"])],
            {"app/util.cc": "", "lib/extra.cc": "", "lib/extra_test.cc": ""})
        self.assertEqual(rc, 1, out)
        self.assertIn("//lib:extra (cc_library, layer 0: lib) depends on //app:util (layer 1: app), "
                      "above it", out)
        self.assertNotIn("//lib:extra_test", out)
        self.assertIn("0 undeclared includes, 1 upward dependencies", out)

    def test_binary_depending_on_a_higher_layer_and_subpackages(self):
        # app/tool is in app's layer by prefix; lib/base is placed below lib by its own line.
        rc, out = run_check(
            [rule("cc_binary", "//app/tool:t", srcs=["//app/tool:t.cc"], deps=["//lib:core"]),
             rule("cc_binary", "//lib:b", srcs=["//lib:b.cc"], deps=["//app/tool:t"]),
             rule("cc_library", "//lib/base:base", srcs=["//lib/base:base.cc"],
                  deps=["//lib:core"])],
            {"app/tool/t.cc": "", "lib/b.cc": "", "lib/base/base.cc": ""},
            layers="lib/base\nlib\napp\n")
        self.assertEqual(rc, 1, out)
        self.assertIn("//lib:b (cc_binary, layer 1: lib) depends on //app/tool:t (layer 2: app)",
                      out)
        self.assertIn("//lib/base:base (cc_library, layer 0: lib/base) depends on //lib:core "
                      "(layer 1: lib)", out)
        self.assertIn("2 upward dependencies", out)

    def test_unplaced_package_is_reported(self):
        rc, out = run_check(
            [rule("cc_binary", "//newpkg:main", srcs=["//newpkg:main.cc"], deps=["//lib:core"])],
            {"newpkg/main.cc": '#include "lib/core.h"\n'})
        self.assertEqual(rc, 1, out)
        self.assertIn("package //newpkg is in no layer of the layers file", out)

    def test_real_layers_catch_an_upward_dependency(self):
        # The plant on ariasuite's own layers: the data model (the bottom) depending on the
        # oracles is reported; the oracles depending on the model and on impl's public path are not.
        base = [
            rule("cc_library", "//vectors/model:model", srcs=["//vectors/model:model.cc"],
                 hdrs=["//vectors/model:model.h"]),
            rule("cc_library", "//impl:path", srcs=["//impl:path.cc"], hdrs=["//impl:path.h"]),
            rule("cc_library", "//oracles:backend", srcs=["//oracles:backend.cc"],
                 hdrs=["//oracles:backend.h"], deps=["//vectors/model:model", "//impl:path"]),
        ]
        files = {"vectors/model/model.h": "", "vectors/model/model.cc": "", "impl/path.h": "",
                 "impl/path.cc": "", "oracles/backend.h": "", "oracles/backend.cc": ""}
        rc, out = run_check([], files, layers=REAL_LAYERS, base=base)
        self.assertEqual(rc, 0, out)
        planted = [rule("cc_library", "//vectors/model:hex", srcs=["//vectors/model:hex.cc"],
                        deps=["//oracles:backend"])]
        rc, out = run_check(planted, {**files, "vectors/model/hex.cc": ""}, layers=REAL_LAYERS,
                            base=base)
        self.assertEqual(rc, 1, out)
        self.assertIn("//vectors/model:hex (cc_library, layer 0: vectors/model) depends on "
                      "//oracles:backend (layer 3: oracles), above it", out)

    def test_bad_layers_file_is_a_setup_error(self):
        for text, want in [("# nothing\n", "names no package"),
                           ("lib\napp lib\n", "layers.txt:2: package lib is already in layer 0")]:
            rc, out = run_check([], {}, layers=text)
            self.assertEqual(rc, 2, out)
            self.assertIn(want, out)
        rc, out = run_check([], {}, layers="/nonexistent/layers.txt")
        self.assertEqual(rc, 2, out)
        self.assertIn("cannot read the layers file /nonexistent/layers.txt", out)

    def test_bad_query_is_a_setup_error(self):
        with tempfile.TemporaryDirectory() as d:
            cases = [
                ("<query><rule", "layering: the query's XML does not parse"),
                ('<query><rule class="py_test" name="//a:b"/></query>', "names no cc_library"),
                (None, "layering: cannot read"),
            ]
            for text, want in cases:
                xml = os.path.join(d, "query.xml" if text is not None else "missing.xml")
                if text is not None:
                    with open(xml, "w") as f:
                        f.write(text)
                rc, out = run_script("--query-xml", xml)
                self.assertEqual(rc, 2, out)
                self.assertIn(want, out)

    def test_parse_rules_resolves_aliases(self):
        rules = layering_check.parse_rules("<query>%s%s</query>" % (
            "".join(BASE), rule("cc_test", "//t:t", deps=["//lib:core_alias"])))
        self.assertEqual(rules["//t:t"]["deps"], ["//lib:core"])
        self.assertEqual(rules["//lib:core"]["public"], {"lib/core.h"})


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
