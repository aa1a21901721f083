#!/usr/bin/env python3
"""Checks the continuous-fuzzing files a project commits: the ClusterFuzzLite workflows in
.github/workflows/cflite_*.yml (PR fuzzing in code-change mode, continuous builds, batch fuzzing,
pruning and coverage), .clusterfuzzlite/ and the OSS-Fuzz project folder fuzz/oss-fuzz/: each YAML
parses and has the keys its consumer requires, every mode is covered, and every file builds the
targets of fuzz/oss-fuzz/build.sh (the build `tools/ariasuite fuzz --oss-fuzz-check` runs here).
"""
import os
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import unittest_junit  # noqa: E402
from pyyaml import yaml  # noqa: E402

WORKFLOWS = ["cflite_pr.yml", "cflite_build.yml", "cflite_batch.yml", "cflite_cron.yml"]
MODES = {"code-change", "batch", "prune", "coverage"}
BUILD_ACTION = "google/clusterfuzzlite/actions/build_fuzzers@v1"
RUN_ACTION = "google/clusterfuzzlite/actions/run_fuzzers@v1"


def load(rel):
    with open(os.path.join(ROOT, rel)) as f:
        return yaml.safe_load(f)


def read(rel):
    with open(os.path.join(ROOT, rel)) as f:
        return f.read()


class WorkflowsTest(unittest.TestCase):
    def test_each_workflow_is_complete(self):
        modes = set()
        for name in WORKFLOWS:
            with self.subTest(workflow=name):
                w = load(".github/workflows/" + name)
                self.assertIsInstance(w.get("name"), str)
                # YAML 1.1 reads the key `on` as the boolean True.
                self.assertTrue(w.get("on") or w.get(True), "no trigger")
                self.assertEqual(w.get("permissions"), "read-all")
                self.assertTrue(w.get("jobs"))
                for job_name, job in w["jobs"].items():
                    self.assertEqual(job.get("runs-on"), "ubuntu-latest", job_name)
                    steps = job.get("steps", [])
                    uses = [s.get("uses") for s in steps]
                    self.assertIn(BUILD_ACTION, uses, job_name)
                    for s in steps:
                        if s.get("uses") == BUILD_ACTION:
                            self.assertEqual(s["with"]["language"], "c++")
                        if s.get("uses") == RUN_ACTION:
                            mode = s["with"]["mode"]
                            self.assertIn(mode, MODES)
                            self.assertIsInstance(s["with"]["fuzz-seconds"], int)
                            self.assertIn("github-token", s["with"])
                            modes.add(mode)
                    # A run step follows its build step.
                    if RUN_ACTION in uses:
                        self.assertLess(uses.index(BUILD_ACTION), uses.index(RUN_ACTION))
        self.assertEqual(modes, MODES)

    def test_pr_fuzzing_runs_on_pull_requests(self):
        w = load(".github/workflows/cflite_pr.yml")
        self.assertIn("pull_request", w.get("on") or w.get(True))


class ProjectFilesTest(unittest.TestCase):
    def test_clusterfuzzlite_folder(self):
        self.assertEqual(load(".clusterfuzzlite/project.yaml").get("language"), "c++")
        self.assertIn("fuzz/oss-fuzz/build.sh", read(".clusterfuzzlite/build.sh"))
        self.assertIn("COPY .clusterfuzzlite/build.sh $SRC/", read(".clusterfuzzlite/Dockerfile"))

    def test_oss_fuzz_project_folder(self):
        p = load("fuzz/oss-fuzz/project.yaml")
        self.assertEqual(p.get("language"), "c++")
        for key in ("homepage", "primary_contact", "main_repo"):
            self.assertIn(key, p)
        self.assertEqual(p.get("fuzzing_engines"), ["libfuzzer"])
        self.assertTrue({"address", "undefined"} <= set(p.get("sanitizers", [])))
        self.assertIn("build.sh", read("fuzz/oss-fuzz/Dockerfile"))
        self.assertTrue(os.access(os.path.join(ROOT, "fuzz/oss-fuzz/build.sh"), os.X_OK))


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
