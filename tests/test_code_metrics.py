# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""tools/check/code_metrics.py sees what it counts, and the repository keeps the shape it measured.

The first test builds a small repository with one of each thing counted
(a private reach, a name nothing uses, a const fallback, a sys.path edit,
a noqa, a test file that imports others) and checks that each is found;
the second holds this repository to what issues #22 and #28 left it with. Import circles are import-linter's contracts
now (tests/test_import_contracts.py breaks each one).
"""

from tools.check import code_metrics


def _write(root, path, text):
    target = root / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text)


def test_each_thing_counted_is_seen(tmp_path):
    _write(tmp_path, "code.py", "import app.a\n\n\ndef start():\n    app.a.used()\n")
    _write(tmp_path, "app/__init__.py", "")
    _write(tmp_path, "app/a.py", "from app.b import _hidden\n\n\ndef used():\n    return _hidden\n")
    _write(
        tmp_path,
        "app/b.py",
        (
            "try:\n    from micropython import const\nexcept ImportError:\n\n    def const(value):\n        return value\n\n\n"
            "_hidden = const(1)\n\n\ndef nobody_calls_me():\n    import app.a\n\n    return app.a._state  # noqa: SLF001\n"
        ),
    )
    _write(tmp_path, "app/controller.py", "class App:\n    def one(self):\n        pass\n\n    def two(self):\n        pass\n")
    _write(tmp_path, "tools/__init__.py", "import sys\n\nROOT = 1\nsys.path.insert(0, 'x')\nprogram = 'sys.path.append(1)'\n")
    _write(tmp_path, "tests/test_x.py", "REPO = 2\n")
    _write(
        tmp_path,
        "tests/test_y.py",
        "import tests.test_x\nfrom tests import conftest, shared\nfrom test_x import REPO\nfrom tests.tiles import board\n",
    )
    found = code_metrics.measure(tmp_path)
    assert found["controller lines"] == 6 and found["methods per class in the controller"] == {"App": 2}
    assert found["private names used across modules"] == ["app.a: from app.b import _hidden", "app.b: app.a._state"]
    unnamed = found["definitions nothing in the board's code names"]
    assert "app.b.nobody_calls_me" in unnamed and "app.a.used" not in unnamed and "code.start" not in unnamed
    assert found["const() fallbacks"] == 1
    assert found["repository roots defined in tools/ and tests/"] == 2
    assert found["modules of tools/ and tests/ that edit sys.path"] == ["tools/__init__.py"]  # not the string
    assert found["test files that import a test file"] == [
        "tests/test_y.py: test_x",
        "tests/test_y.py: tests.conftest",
        "tests/test_y.py: tests.test_x",
    ]
    assert found["# noqa comments"] == 1


def test_the_board_code_has_no_private_reaches_or_const_fallbacks():
    found = code_metrics.measure()
    assert found["private names used across modules"] == []
    assert found["const() fallbacks"] == 0
    assert found["repository roots defined in tools/ and tests/"] == 1
    # tests/conftest.py takes the root off the path for a moment, to load
    # the standard library's `code` (code.py would shadow it).
    assert found["modules of tools/ and tests/ that edit sys.path"] == ["tests/conftest.py"]
    # What test files share is in helper modules (tests/shared.py ...):
    # pytest loads each test file once, under its own name.
    assert found["test files that import a test file"] == []
