# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""A first run that works: the test command sees the standard library's
`code` module (not the board's code.py), and make's set-up speaks one line."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from tests.shared import clean_env, make, refusal
from tools import ROOT as REPO


def test_the_standard_code_module_is_loaded_not_the_boards():
    import code

    assert hasattr(code, "InteractiveConsole") and Path(code.__file__).parent != REPO


def test_without_the_conftest_code_py_would_shadow_it():
    # What pytest met on Python 3.13 (pdb subclasses code.InteractiveConsole):
    # with the repository first on sys.path, `code` is the board's file...
    shadowed = subprocess.run(
        [sys.executable, "-c", "import code; print(code.__file__)"], cwd=REPO, capture_output=True, text=True
    )
    assert Path(shadowed.stdout.strip()) == REPO / "code.py"
    # ...and `python -P` (make test) keeps the standard library's.
    clean = subprocess.run(
        [sys.executable, "-P", "-c", "import code; print(hasattr(code, 'InteractiveConsole'))"],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert clean.stdout.strip() == "True"


def test_make_test_runs_pytest_with_the_repository_off_sys_path():
    dry = make("--no-print-directory", "-n", "test", "PYTHON=%s" % sys.executable)
    assert dry.returncode == 0
    assert [line for line in dry.stdout.splitlines() if line.strip() == ".venv/bin/python -P -m pytest"]


def test_make_test_slow_plays_every_case():
    dry = make("--no-print-directory", "-n", "test-slow", "PYTHON=%s" % sys.executable, "PYTEST_ARGS=tests/test_store.py")
    assert dry.returncode == 0
    assert ".venv/bin/python -P -m pytest --slow tests/test_store.py" in [line.strip() for line in dry.stdout.splitlines()]


def test_an_old_python_gets_one_line_before_anything_is_installed(tmp_path):
    # A stand-in "python" that reports 3.10 and would fail at anything else.
    fake = tmp_path / "python3.10"
    fake.write_text(
        '#!/bin/sh\ncase "$*" in\n  *version_info*) exit 1 ;;\n  -V) echo "Python 3.10.13" ;;\n'
        '  *) echo "must not run: $*" >&2; exit 9 ;;\nesac\n'
    )
    fake.chmod(0o755)
    venv = tmp_path / "venv"
    result = make("venv", "PYTHON=%s" % fake, "VENV=%s" % venv)
    ours = refusal(result)
    assert len(ours) == 1 and ours[0].startswith("make: this project")
    assert "Python 3.11 or newer" in ours[0] and "Python 3.10.13" in ours[0]
    assert "must not run" not in result.stderr and not venv.exists()


def fake_path(tmp_path, pythons):
    """A PATH of only the tools the Makefile's check uses, plus fake
    interpreters: {name: shell script body}."""
    folder = tmp_path / "bin"
    folder.mkdir()
    for tool in ("sh", "sed", "cut", "grep", "cat", "cksum", "printf", "kill"):
        found = shutil.which(tool)
        if found:
            (folder / tool).symlink_to(found)
    for name, body in pythons.items():
        (folder / name).write_text("#!/bin/sh\n" + body)
        (folder / name).chmod(0o755)
    return str(folder)


#: What a pyenv shim prints for a version that is installed but not active.
PYENV_SHIM = (
    'echo "pyenv: python3.13: command not found" >&2\necho >&2\n'
    'echo "The \\`python3.13\' command exists in these Python versions:" >&2\n'
    'echo "  3.13.1" >&2\necho >&2\nexit 127\n'
)


def test_a_pyenv_shim_that_fails_gets_one_line_naming_what_would_work(tmp_path):
    path = fake_path(
        tmp_path,
        {
            "python3.13": PYENV_SHIM,
            "python3.12": 'exec "%s" "$@"\n' % sys.executable,  # works (this interpreter is 3.11+)
            "python3": 'case "$*" in *version_info*) echo 3.9; exit 1 ;; *) echo "Python 3.9.2" ;; esac\n',
        },
    )
    venv = tmp_path / "venv"
    result = make("test", "PYTHON=python3.13", "VENV=%s" % venv, PATH=path)
    lines = refusal(result)
    assert len(lines) == 1, lines
    line = lines[0]
    assert line.startswith(
        "make: this project needs Python 3.11 or newer, and python3.13 is there but does not "
        "run (pyenv: python3.13: command not found)"
    )
    assert "these would work: python3.12 (%d.%d)" % sys.version_info[:2] in line
    assert "python3 (3.9, too old)" in line
    assert line.endswith("run e.g. make test PYTHON=python3.12")
    assert not venv.exists()


def test_no_python_that_works_says_so_and_suggests_none_that_fails(tmp_path):
    path = fake_path(tmp_path, {"python3.13": PYENV_SHIM, "python3.12": PYENV_SHIM.replace("3.13", "3.12")})
    result = make("test", "PYTHON=python3.14", "VENV=%s" % (tmp_path / "v"), PATH=path)
    lines = refusal(result)
    assert len(lines) == 1, lines
    assert "python3.14 is not found" in lines[0]
    assert "none on PATH would work (python3.13 (does not run), python3.12 (does not run))" in lines[0]
    assert "PYTHON=python3.12" not in lines[0] and "PYTHON=python3.13" not in lines[0]


def test_the_outer_makes_arguments_do_not_reach_the_inner_make():
    # As under `make test PYTEST_ARGS=tests/test_first_run.py`: make hands its
    # command line down in MAKEFLAGS, and an inner make would run that selection.
    outer = dict(
        os.environ, MAKEFLAGS=" -- PYTEST_ARGS=tests/test_first_run.py", MAKELEVEL="1", PYTEST_ARGS="tests/test_first_run.py"
    )
    command = ["make", "--no-print-directory", "-n", "test", "PYTHON=%s" % sys.executable]
    leaked = subprocess.run(command, cwd=REPO, capture_output=True, text=True, env=outer)
    assert ".venv/bin/python -P -m pytest tests/test_first_run.py" in [line.strip() for line in leaked.stdout.splitlines()]
    clean = subprocess.run(command, cwd=REPO, capture_output=True, text=True, env=clean_env(outer))
    assert ".venv/bin/python -P -m pytest" in [line.strip() for line in clean.stdout.splitlines()]


def test_a_failed_install_leaves_no_venv_behind(tmp_path):
    venv = tmp_path / "venv"
    # The install fails: pip finds nothing to install (no index), as
    # offline. The venv is made without pip (a Python that adds
    # --without-pip to `-m venv`: some three seconds less, and pip's
    # absence fails the install too); what is tested is make's cleaning up.
    python = tmp_path / "python3"
    python.write_text(
        '#!/bin/sh\nif [ "$1 $2" = "-m venv" ]; then shift 2; exec %s -m venv --without-pip "$@"; fi\nexec %s "$@"\n'
        % (sys.executable, sys.executable)
    )
    python.chmod(0o755)
    result = make("venv", "PYTHON=%s" % python, "VENV=%s" % venv, PIP_CONFIG_FILE="/dev/null", PIP_NO_INDEX="1")
    assert result.returncode != 0
    assert "was removed, so the next make starts clean" in result.stderr
    assert not venv.exists()


def test_contributings_example_of_a_part_of_the_suite_selects_tests():
    import shlex

    text = (REPO / "CONTRIBUTING.md").read_text()
    examples = re.findall(r'make test PYTEST_ARGS="([^"]+)"', text)
    assert examples
    for arguments in examples:
        collected = subprocess.run(
            [sys.executable, "-P", "-m", "pytest", "--collect-only", "-q"] + shlex.split(arguments),
            cwd=REPO,
            capture_output=True,
            text=True,
            env=clean_env(),
        )
        # pytest's status 5 is "no tests collected" (what `-k backup` gave).
        assert collected.returncode == 0, (arguments, collected.returncode, collected.stdout[-500:])


def test_a_run_without_timings_starts_the_longest_files_first():
    # The files run in order of their seconds in the runs before; with
    # none (a fresh checkout, CI), LONGEST_FILES first, in their order, the
    # rest after them in the collection's order (tests/file_order.py).
    from tests import file_order

    longest = file_order.LONGEST_FILES
    assert all((REPO / name).is_file() for name in longest), longest
    names = ["tests/test_a.py", longest[1], longest[0], "tests/test_b.py"]

    def order(seconds):
        return sorted(names, key=lambda name: -file_order.expected_seconds(name, seconds))

    assert order({}) == [longest[0], longest[1], "tests/test_a.py", "tests/test_b.py"]
    # Timings win; a file the runs before did not time is new: first.
    assert order({longest[0]: 1.0, longest[1]: 2.0, "tests/test_a.py": 3.0}) == [
        "tests/test_b.py",
        "tests/test_a.py",
        longest[1],
        longest[0],
    ]


def test_pytest_loads_the_plugins_installed_and_names_each():
    # pytest.ini turns pytest's search for plugins off and names them: a
    # plugin installed from requirements.txt and not named would not run.
    import configparser
    import importlib.metadata
    import shlex

    ini = configparser.ConfigParser()
    ini.read(REPO / "pytest.ini")
    words = shlex.split(ini["pytest"]["addopts"])
    named = {words[index + 1] for index, word in enumerate(words) if word == "-p"}
    installed = {
        entry.value.partition(":")[0].strip()
        for dist in importlib.metadata.distributions()
        for entry in dist.entry_points
        if entry.group == "pytest11"
    }
    assert "--disable-plugin-autoload" in words
    assert named == installed
