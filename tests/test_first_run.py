# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""A first run that works: the test command sees the standard library's
`code` module (not the board's code.py), and make's set-up speaks one line."""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_the_standard_code_module_is_loaded_not_the_boards():
    import code

    assert hasattr(code, "InteractiveConsole") and Path(code.__file__).parent != REPO


def test_without_the_conftest_code_py_would_shadow_it():
    # What pytest met on Python 3.13 (pdb subclasses code.InteractiveConsole):
    # with the repository first on sys.path, `code` is the board's file...
    shadowed = subprocess.run([sys.executable, "-c", "import code; print(code.__file__)"],
                              cwd=REPO, capture_output=True, text=True)
    assert Path(shadowed.stdout.strip()) == REPO / "code.py"
    # ...and `python -P` (make test) keeps the standard library's.
    clean = subprocess.run([sys.executable, "-P", "-c", "import code; print(hasattr(code, 'InteractiveConsole'))"],
                           cwd=REPO, capture_output=True, text=True)
    assert clean.stdout.strip() == "True"


def test_make_test_runs_pytest_with_the_repository_off_sys_path():
    dry = subprocess.run(["make", "--no-print-directory", "-n", "test", "PYTHON=%s" % sys.executable],
                         cwd=REPO, capture_output=True, text=True)
    assert dry.returncode == 0
    assert [line for line in dry.stdout.splitlines() if line.strip() == ".venv/bin/python -P -m pytest"]


def test_an_old_python_gets_one_line_before_anything_is_installed(tmp_path):
    # A stand-in "python" that reports 3.10 and would fail at anything else.
    fake = tmp_path / "python3.10"
    fake.write_text('#!/bin/sh\ncase "$*" in\n  *version_info*) exit 1 ;;\n  -V) echo "Python 3.10.13" ;;\n'
                    '  *) echo "must not run: $*" >&2; exit 9 ;;\nesac\n')
    fake.chmod(0o755)
    venv = tmp_path / "venv"
    result = subprocess.run(["make", "venv", "PYTHON=%s" % fake, "VENV=%s" % venv], cwd=REPO,
                            capture_output=True, text=True)
    assert result.returncode != 0
    ours = [line for line in result.stderr.splitlines() if line.startswith("make: this project")]
    assert len(ours) == 1 and "Python 3.11 or newer" in ours[0] and "Python 3.10.13" in ours[0]
    assert "must not run" not in result.stderr and not venv.exists()


def test_a_failed_install_leaves_no_venv_behind(tmp_path):
    venv = tmp_path / "venv"
    env = dict(__import__("os").environ, PIP_CONFIG_FILE="/dev/null", PIP_NO_INDEX="1")
    # pip finds nothing to install (no index): the install fails as it would offline.
    result = subprocess.run(["make", "venv", "PYTHON=%s" % sys.executable, "VENV=%s" % venv], cwd=REPO,
                            capture_output=True, text=True, env=env)
    assert result.returncode != 0
    assert "was removed, so the next make starts clean" in result.stderr
    assert not venv.exists()
