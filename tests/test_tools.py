# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""tools/ as its index says: every tool listed, every command the docs
give runs from the root, and the benchmarks' make targets run them from
another folder too."""

import os
import re
import subprocess
import sys

import pytest

import tools
from tests.shared import make
from tools import ROOT

DOCS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "Makefile"] + sorted((ROOT / "docs").glob("*.md"))
#: ``python -m tools.<role>.<tool>``, as the docs, the Makefile and the tools' own docstrings write it.
COMMAND = re.compile(r"\s-m (tools(?:\.\w+)+)")


def indexed():
    """{"role/name"} of the index in tools/__init__.py's docstring (a
    folder keeps its trailing slash)."""
    names, role = set(), None
    for line in tools.__doc__.splitlines():
        heading = re.match(r"^(\w+)/: ", line)
        if heading:
            role = heading.group(1)
        elif role and re.match(r"^    \w", line):
            names.add("%s/%s" % (role, line.split()[0]))
    return names


def present():
    """{"role/name"} of the modules and folders in tools/'s role packages,
    and "tools/name" of the modules beside them."""
    names = {"tools/%s" % path.stem for path in (ROOT / "tools").glob("*.py") if path.name != "__init__.py"}
    for package in sorted(path for path in (ROOT / "tools").iterdir() if (path / "__init__.py").is_file()):
        for path in package.iterdir():
            if path.suffix == ".py" and path.name != "__init__.py":
                names.add("%s/%s" % (package.name, path.stem))
            elif path.is_dir() and not path.name.startswith(("_", ".")) and path.name != "node_modules":
                names.add("%s/%s/" % (package.name, path.name))
    return names


def test_the_index_lists_every_tool_and_nothing_else():
    assert indexed() == present()


def test_every_tool_command_the_docs_give_runs_from_the_root():
    sources = DOCS + sorted((ROOT / "tools").glob("**/*.py"))
    named = {module for path in sources if "node_modules" not in path.parts for module in COMMAND.findall(path.read_text())}
    assert {"tools.play.sim", "tools.measure.ram_budget", "tools.ship.deploy", "tools.check.doc_numbers"} <= named
    for module in sorted(named):
        assert module.replace(".", "/") in {"tools/" + name for name in present()}, module
        result = subprocess.run([sys.executable, "-m", module, "--help"], cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert result.returncode == 0 and result.stdout.startswith("usage:"), (module, result.stderr[-500:])


def test_the_fake_worlds_frame_is_the_apps():
    # One frame period: the app's (app.controller), which the fake world's
    # clock (tools/firmware/standins/scenario.py, read in the VMs too) and the
    # simulator step by.
    import scenario

    from app import controller
    from tools.play import simulator

    assert scenario.FRAME_MS == controller.FRAME_MS and simulator.FRAME_MS is scenario.FRAME_MS


#: Paths of another project's own tools/ that the repository names (CircuitPython's).
UPSTREAM_TOOLS = {"tools/gen_display_resources.py"}
#: Tests that write made-up tools into a copy of the repository.
COPY_WRITERS = {"repo_fixture.py", "test_import_contracts.py"}


def test_every_tools_path_the_repository_names_exists():
    # A tool that moved (into tools/ship/, tools/play/ ...) leaves its old
    # path behind in docstrings, comments and requirements files.
    sources = [ROOT / "code.py", ROOT / "Makefile", ROOT / "pytest.ini"] + DOCS
    for pattern in ("requirements*.txt", "app/*.py", "engine/*.py", "boards/*.py", "tools/**/*.py", "tests/*.py"):
        sources += [path for path in sorted(ROOT.glob(pattern)) if "node_modules" not in path.parts]
    stale = []
    for path in sources:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            for named in re.findall(r"(?<![\w/.])tools/[\w/]+\.(?:py|mjs|json)", line):
                if named not in UPSTREAM_TOOLS and not (ROOT / named).exists() and path.name not in COPY_WRITERS:
                    stale.append("%s:%d: %s" % (path.relative_to(ROOT), number, named))
    assert not stale, stale


def _make_dry_run(target, *variables, cwd):
    return make("--no-print-directory", "-n", "-C", str(ROOT), target, "PYTHON=%s" % sys.executable, *variables, cwd=cwd)


def test_the_benchmarks_contributing_names_are_make_targets_that_run_their_tools(tmp_path):
    text = (ROOT / "CONTRIBUTING.md").read_text()
    block = text.split("## Benchmarks", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    targets = re.findall(r"^make ([\w-]+)", block, re.MULTILINE)
    assert {"bench", "store-bench", "app-bench", "solver-bench", "wear", "ram"} <= set(targets)
    for target in targets:
        # From another folder: make -C goes to the root, where the module is found.
        result = _make_dry_run(target, cwd=tmp_path)
        assert result.returncode == 0, (target, result.stderr)
        runs = [line for line in result.stdout.splitlines() if " -m tools.measure." in line]
        assert len(runs) == 1 and runs[0].startswith(".venv/bin/python -m "), (target, result.stdout)
        assert (ROOT / (runs[0].split()[2].replace(".", "/") + ".py")).is_file(), runs[0]
    passed = _make_dry_run("ram", "BENCH_ARGS=--boards", cwd=tmp_path)
    assert ".venv/bin/python -m tools.measure.ram_budget --boards" in passed.stdout.splitlines()


@pytest.mark.parametrize(
    "module, arguments, words",
    [
        ("tools.measure.bench", ["--calls", "0"], "argument --calls: '0' is not a whole number of 1 or more"),
        ("tools.measure.bench", ["--rounds", "-1"], "argument --rounds"),
        ("tools.measure.heap_floor", ["--board", "meowbit_v121"], "no board profile 'meowbit_v121'"),
        ("tools.measure.heap_floor", ["--jobs", "0"], "argument --jobs"),
        ("tools.measure.ram_budget", ["--board", "nope"], "no board profile 'nope'"),
        ("tools.measure.solver_bench", ["--games", "0"], "argument --games"),
        ("tools.measure.solver_bench", ["--jobs", "0"], "argument --jobs"),
        ("tools.measure.solver_bench", ["--max-moves", "-5"], "argument --max-moves"),
        ("tools.measure.solver_bench", ["--max-nodes", "-3"], "argument --max-nodes: '-3' is not a whole number"),
        ("tools.measure.solver_bench", ["--max-depth", "9"], "from 1 to 6"),
        ("tools.measure.solver_bench", ["--log", "{tmp}/missing/games.log"], "the folder {tmp}/missing does not exist"),
        ("tools.measure.wear", ["--hours", "0"], "argument --hours: '0' is not a number above 0"),
        ("tools.measure.wear", ["--hours", "nan"], "is not a number above 0"),
        ("tools.measure.app_bench", ["--fast"], "unrecognized arguments: --fast"),
        ("tools.measure.store_bench", ["x"], "unrecognized arguments: x"),
        ("tools.ship.bundle", ["--out", "{tmp}/a-file"], "argument --out: {tmp}/a-file is a file, not a folder"),
        ("tools.ship.bundle", ["--circup", "{tmp}/missing/req.txt"], "the folder {tmp}/missing does not exist"),
        ("tools.ship.bundle", ["--circup", "{tmp}"], "is a folder, not a file"),
        ("tools.ship.release", ["--out", "{tmp}/a-file"], "argument --out: {tmp}/a-file is a file, not a folder"),
        ("tools.ship.deploy", ["--dest"], "argument --dest: expected one argument"),
        ("tools.ship.make_fonts", ["--all"], "unrecognized arguments: --all"),
        ("tools.web.serve", ["{tmp}"], "no site in {tmp}: make web writes it"),
        ("tools.web.build", ["--out", "{tmp}/a-file"], "argument --out: {tmp}/a-file is a file, not a folder"),
        ("tools.measure.web_bench", ["--runs", "0"], "argument --runs: '0' is not a whole number of 1 or more"),
        ("tools.measure.web_bench", ["--board", "meowbit_v121"], "no board profile 'meowbit_v121'"),
    ],
)
def test_a_bad_command_line_is_one_line_and_nothing_is_written(tmp_path, capsys, monkeypatch, module, arguments, words):
    # Each tool's main() refuses before it builds, measures or writes
    # anything: one line on stderr, exit status 2, the folders unchanged.
    import importlib

    (tmp_path / "a-file").write_text("mine\n")
    monkeypatch.chdir(tmp_path)
    before = sorted(os.listdir(ROOT))
    arguments = [argument.replace("{tmp}", str(tmp_path)) for argument in arguments]
    with pytest.raises(SystemExit) as leaving:
        importlib.import_module(module).main(arguments)
    err = capsys.readouterr().err
    assert leaving.value.code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert words.replace("{tmp}", str(tmp_path)) in err, err
    assert sorted(os.listdir(tmp_path)) == ["a-file"] and sorted(os.listdir(ROOT)) == before
