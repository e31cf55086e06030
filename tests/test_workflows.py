# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The GitHub Actions workflows: valid YAML, the usual shape, and only make
targets that the tests (or CI's own .ci/run) exercise."""

import re

import yaml

from tests.shared import make
from tools import ROOT as REPO

WORKFLOWS = REPO / ".github" / "workflows"

#: make target -> where it is exercised.
EXERCISED = {
    "test": (".ci/run", "make test"),
    "release": ("tests/test_release.py", "def test_make_release_builds_the_same_zips"),
    "web": ("tests/test_web_site.py", "def test_make_web_writes_the_site_from_the_boards_bundle"),
    "test-slow": ("tests/test_first_run.py", "def test_make_test_slow_plays_every_case"),
}


def load(name):
    data = yaml.safe_load((WORKFLOWS / name).read_text())
    # YAML 1.1 reads the key `on` as True.
    data["on"] = data.pop(True, data.get("on"))
    return data


def run_lines(workflow):
    for job in workflow["jobs"].values():
        for step in job["steps"]:
            if "run" in step:
                yield from step["run"].splitlines()


def make_targets(workflow):
    targets = []
    for line in run_lines(workflow):
        for match in re.finditer(r"\bmake\s+((?:[a-z][\w-]*\s*)+)", line):
            targets.extend(word for word in match.group(1).split() if "=" not in word)
    return targets


def test_every_workflow_parses_and_has_jobs():
    names = sorted(p.name for p in WORKFLOWS.glob("*.y*ml"))
    assert names == ["release.yml", "slow.yml", "test.yml"]
    for name in names:
        workflow = load(name)
        assert workflow["name"] and workflow["on"] and workflow["jobs"], name
        for job in workflow["jobs"].values():
            uses = [step.get("uses", "") for step in job["steps"]]
            assert any(u.startswith("actions/checkout@v") for u in uses), name
            assert any(u.startswith("actions/setup-python@v") for u in uses), name


def test_the_suite_runs_on_the_oldest_and_newest_python():
    workflow = load("test.yml")
    assert "push" in workflow["on"] and "pull_request" in workflow["on"]
    job = workflow["jobs"]["test"]
    assert job["strategy"]["matrix"]["python-version"] == ["3.11", "3.13"]
    setup = [s for s in job["steps"] if s.get("uses", "").startswith("actions/setup-python")][0]
    assert setup["with"]["python-version"] == "${{ matrix.python-version }}"
    assert make_targets(workflow) == ["test"]
    assert "make test" in (REPO / ".ci/run").read_text()


def test_every_case_is_played_weekly():
    workflow = load("slow.yml")
    assert "schedule" in workflow["on"] and "workflow_dispatch" in workflow["on"]
    assert make_targets(workflow) == ["test-slow"]


def test_a_version_tag_builds_and_attaches_the_zips():
    workflow = load("release.yml")
    assert workflow["on"] == {"push": {"tags": ["v*"]}}
    assert workflow["permissions"] == {"contents": "write"}
    assert make_targets(workflow) == ["release", "web"]
    lines = "\n".join(run_lines(workflow))
    assert 'TAG="${{ github.ref_name }}"' in lines
    assert "dist/*.zip" in lines and "dist/SHA256SUMS.txt" in lines


def test_a_version_tag_publishes_the_web_page():
    job = load("release.yml")["jobs"]["pages"]
    assert job["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    steps = {step.get("uses", "").split("@")[0]: step for step in job["steps"]}
    assert steps["actions/upload-pages-artifact"]["with"]["path"] == "build/web"
    assert "actions/deploy-pages" in steps


def test_workflows_call_only_exercised_make_targets():
    used = set()
    for path in WORKFLOWS.glob("*.yml"):
        used.update(make_targets(load(path.name)))
    assert used and used <= set(EXERCISED), used - set(EXERCISED)
    for target in used:
        where, text = EXERCISED[target]
        assert text in (REPO / where).read_text(), (target, where)
        # The target exists (make -n prints its commands without running them).
        result = make("-n", target)
        assert result.returncode == 0, result.stderr
