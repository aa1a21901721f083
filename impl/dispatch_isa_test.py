#!/usr/bin/env python3
"""Dispatch requirements against the object code (issue 17, class 4): each path's CPU-feature
requirements, as dispatch checks them (PathRequirements, printed by path_requirements_main), must
equal what the path's compiled library actually uses, no less (a CPU passing the check would
SIGILL) and no more (a CPU that could run the path would be refused it).

What the code uses: every instruction of every executable section of the library's objects
(objdump -d -w; inline and template functions in COMDAT sections included), mapped to GNU as
extensions by impl/testing/isa.py's Classifier (the assembler decides, no instruction table
here), then to CpuFeatures names. A VEX instruction also needs the OS's YMM state (XCR0 bits 1-2),
an EVEX one the ZMM and opmask state (bits 5-7). Required sets are closed under the detection
prerequisites Intel's SDM Vol. 1 §14.3 / §15.2-15.4 asks software to check first (AVX2 -> AVX,
AVX512BW/VL -> AVX512F, ...), so a path may require a prerequisite it does not use directly.
The libraries without ISA flags (the scalar path and the mode code every path runs) must use the
x86-64 baseline only; path (cpu_features.cc) may use XGETBV (gas: xsave), which it runs only after CPUID
says OSXSAVE.

The comparison plants its own mismatches (the gfni-avx512 table minus AVX512VL, the gfni-avx2
table plus AVX512VL, the aesni-avx2 table minus AVX2, the vaes-avx2 table minus VAES) and expects
each to be reported, so the gate cannot pass by checking nothing.
"""
import glob
import os
import re
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "impl", "testing"))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import isa  # noqa: E402
import unittest_junit  # noqa: E402

# Path -> the cc_library holding its ISA-flagged code (impl/BUILD).
PATH_LIBS = {
    "aesni-avx": "aria_aesni_avx",
    "aesni-avx2": "aria_aesni_avx2",
    "vaes-avx2": "aria_vaes_avx2",
    "gfni-avx2": "aria_gfni_avx2",
    "gfni-avx512": "aria_gfni_avx512",
}
# Libraries built without ISA flags: the scalar path and the code every path shares.
BASELINE_LIBS = ["aria_ref", "sbox", "ghash_ref", "gcm", "modes", "ccm", "cmac", "keywrap",
                 "cbc_pkcs5", "dispatch", "status", "path"]
BASELINE_ALLOWED = {"path": {"xsave"}}  # XGETBV, after CPUID.1:ECX.OSXSAVE

# GNU as extension -> CpuFeatures name (impl/cpu_features.cc's Need names).
GAS_TO_FEATURE = {
    "aes": "AES-NI", "avx": "AVX", "avx2": "AVX2", "pclmul": "PCLMULQDQ",
    "vpclmulqdq": "VPCLMULQDQ", "vaes": "VAES", "gfni": "GFNI", "ssse3": "SSSE3", "avx512f": "AVX512F",
    "avx512bw": "AVX512BW", "avx512vl": "AVX512VL",
}
OS_YMM, OS_ZMM = "OS YMM state", "OS ZMM state"
# Detection prerequisites (checked first by Intel's procedures).
PREREQS = {
    "AVX2": {"AVX"}, "AVX512BW": {"AVX512F"}, "AVX512VL": {"AVX512F"},
    "AVX": {OS_YMM}, OS_ZMM: {OS_YMM}, "AVX512F": {OS_ZMM},
}


def closure(features):
    out, todo = set(), list(features)
    while todo:
        f = todo.pop()
        if f not in out:
            out.add(f)
            todo.extend(PREREQS.get(f, ()))
    return out


def find_archive(lib):
    for pattern in ("lib%s.a" % lib, "lib%s.pic.a" % lib):
        hits = glob.glob(os.path.join(HERE, pattern))
        if hits:
            return hits[0]
    raise AssertionError("no archive of //impl:%s in the runfiles (%s)" % (lib, HERE))


def instructions(archive):
    """[(pinned text, encoding)] of every instruction in every executable section."""
    with tempfile.TemporaryDirectory() as d:
        subprocess.run(["ar", "x", os.path.abspath(archive)], cwd=d, check=True)
        objs = sorted(glob.glob(os.path.join(d, "*.o")))
        if not objs:
            raise AssertionError("%s holds no object" % archive)
        out = []
        for obj in objs:
            text = subprocess.run(["objdump", "-d", "-w", obj], stdout=subprocess.PIPE,
                                  check=True).stdout.decode(errors="replace")
            for line in text.splitlines():
                m = re.match(r"^\s*[0-9a-f]+:\t([0-9a-f ]+?)\s*\t(.*)$", line)
                if not m or "(bad)" in m.group(2):
                    continue
                raw = bytes.fromhex(m.group(1).replace(" ", ""))
                body, mnemonic = isa._normalize(m.group(2))
                if mnemonic.startswith("nop"):
                    continue  # alignment padding (0F 1F multi-byte NOPs), x86-64 baseline
                enc = isa._encoding(raw)
                pinned = "{%s} %s" % (enc, body) if enc in ("vex", "evex") and \
                    not body.startswith("{") else body
                out.append((pinned, enc))
        return out


_CLASSIFIER = None


def used_features(archive):
    """(CpuFeatures names the code needs, {gas extension without a CpuFeatures name: example})."""
    global _CLASSIFIER
    if _CLASSIFIER is None:
        _CLASSIFIER = isa.Classifier()
    insns = instructions(archive)
    classes = _CLASSIFIER.classify([t for t, _ in insns])
    used, unmapped, gas = set(), {}, set()
    for text, enc in insns:
        exts = classes.get(text)
        if exts is None:
            raise AssertionError("%s: `%s` does not re-assemble" % (archive, text))
        gas |= set(exts)
        for e in exts:
            if e in GAS_TO_FEATURE:
                used.add(GAS_TO_FEATURE[e])
            else:
                unmapped.setdefault(e, text)
        if enc == "vex" or re.search(r"%ymm", text):
            used.add(OS_YMM)
        if enc == "evex" or re.search(r"%zmm|%k[0-7]", text):
            used.add(OS_ZMM)
    return used, unmapped, gas


def compare(path, required, used):
    """Problems with path's requirements (empty when they match the code)."""
    need = closure(used)
    problems = []
    less = sorted(need - set(required))
    more = sorted(set(required) - need)
    if less:
        problems.append("%s: dispatch requires less than the code uses: missing %s"
                        % (path, ", ".join(less)))
    if more:
        problems.append("%s: dispatch requires more than the code needs: %s"
                        % (path, ", ".join(more)))
    return problems


def dispatch_requirements():
    exe = os.path.join(HERE, "path_requirements_main")
    out = subprocess.run([exe], stdout=subprocess.PIPE, check=True).stdout.decode()
    table = {}
    for line in out.splitlines():
        path, _, reqs = line.partition(": ")
        table[path] = [] if reqs == "none" else [r.strip() for r in reqs.split(",")]
    return table


class DispatchIsaTest(unittest.TestCase):
    _cache = {}

    @property
    def table(self):
        if "table" not in self._cache:
            self._cache["table"] = dispatch_requirements()
        return self._cache["table"]

    @property
    def used(self):
        if "used" not in self._cache:
            self._cache["used"] = {p: used_features(find_archive(lib))
                                   for p, lib in PATH_LIBS.items()}
        return self._cache["used"]

    def test_every_path_has_a_library_or_is_scalar(self):
        self.assertEqual(sorted(self.table), sorted(list(PATH_LIBS) + ["scalar"]))
        self.assertEqual(self.table["scalar"], [])

    def test_simd_paths_require_exactly_what_their_code_uses(self):
        problems = []
        for path in PATH_LIBS:
            used, unmapped, gas = self.used[path]
            print("%s uses %s (gas: %s); dispatch requires %s" % (
                path, ", ".join(sorted(used)), ", ".join(sorted(gas)),
                ", ".join(self.table[path])))
            for ext, example in sorted(unmapped.items()):
                problems.append("%s: the code uses %s (e.g. `%s`), which dispatch cannot check"
                                % (path, ext, example))
            problems += compare(path, self.table[path], used)
        self.assertEqual(problems, [], "\n" + "\n".join(problems))

    def test_baseline_libraries_use_no_extension(self):
        problems = []
        for lib in BASELINE_LIBS:
            _, _, gas = used_features(find_archive(lib))
            extra = gas - BASELINE_ALLOWED.get(lib, set())
            if extra:
                problems.append("//impl:%s (no ISA flags) uses %s" % (lib, ", ".join(sorted(extra))))
        self.assertEqual(problems, [], "\n" + "\n".join(problems))

    def test_planted_mismatches_are_reported(self):
        # The gate's own control: a copy of the table minus AVX512VL, and one with AVX512VL added
        # to a path whose code has no EVEX instruction.
        used512 = self.used["gfni-avx512"][0]
        minus_vl = [r for r in self.table["gfni-avx512"] if r != "AVX512VL"]
        self.assertIn("AVX512VL", self.table["gfni-avx512"])
        self.assertEqual(compare("gfni-avx512", minus_vl, used512),
                         ["gfni-avx512: dispatch requires less than the code uses: missing AVX512VL"])
        plus_vl = self.table["gfni-avx2"] + ["AVX512VL"]
        problems = compare("gfni-avx2", plus_vl, self.used["gfni-avx2"][0])
        self.assertEqual(len(problems), 1)
        self.assertIn("requires more than the code needs", problems[0])
        self.assertIn("AVX512VL", problems[0])
        # aesni-avx2 is for AVX2 CPUs without GFNI, VAES or VPCLMULQDQ: dropping AVX2 from its
        # table (its ymm byte shuffles, unpacks and XORs are AVX2) must be caught.
        minus_avx2 = [r for r in self.table["aesni-avx2"] if r != "AVX2"]
        self.assertIn("AVX2", self.table["aesni-avx2"])
        self.assertEqual(compare("aesni-avx2", minus_avx2, self.used["aesni-avx2"][0]),
                         ["aesni-avx2: dispatch requires less than the code uses: missing AVX2"])
        # vaes-avx2 without VAES in its table: its ymm VAESENCLAST must be caught.
        minus_vaes = [r for r in self.table["vaes-avx2"] if r != "VAES"]
        self.assertIn("VAES", self.table["vaes-avx2"])
        self.assertEqual(compare("vaes-avx2", minus_vaes, self.used["vaes-avx2"][0]),
                         ["vaes-avx2: dispatch requires less than the code uses: missing VAES"])


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
