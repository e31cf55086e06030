# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Shared test set-up: the standard library's ``code``, the fake world, headless SDL.

The test process is the fake world (tools/firmware/finder.py): ``board``,
``displayio``, ``keypad`` ... are the stand-ins of tools/firmware/standins/, as on
the measuring VMs, so a game module imported here is the one a World
plays. Blinka's displayio renders the glass privately (tools/play/blinka.py).
"""

import os
import sys
from pathlib import Path

import pytest

from tools import ROOT


def _load_standard_code_module():
    # The repository's code.py (the board's entry point, which must keep that
    # name) shadows the standard library's `code` module whenever the
    # repository comes first on sys.path, as pytest.ini's pythonpath puts
    # it. pdb, which pytest imports after this file, needs the real one: on
    # Python 3.13 it subclasses code.InteractiveConsole at import. So the
    # standard library's module is loaded now, with the repository off
    # sys.path for the moment (`make test` runs python -P, so the current
    # folder is not on it either).
    loaded = sys.modules.get("code")
    if loaded is not None and hasattr(loaded, "InteractiveConsole"):
        return
    sys.modules.pop("code", None)
    saved = sys.path[:]
    sys.path[:] = [p for p in saved if Path(p or os.getcwd()).resolve() != ROOT]
    try:
        import code  # noqa: F401  the standard library's
    finally:
        sys.path[:] = saved


_load_standard_code_module()


def _temporary_files_in_memory():
    # The deploy and NVM tests make and remove tens of thousands of small
    # files (a deploy cut at each of its steps, then deployed again); on a
    # disk mounted with `discard` each unlink or rmdir takes milliseconds.
    # Where /dev/shm (memory) can be written, pytest's tmp_path and the
    # tools' tempfile folders go there, unless TMPDIR says otherwise.
    shared = "/dev/shm"
    if "TMPDIR" not in os.environ and os.path.isdir(shared) and os.access(shared, os.W_OK | os.X_OK):
        import tempfile

        os.environ["TMPDIR"] = shared
        tempfile.tempdir = None  # gettempdir() looks again


_temporary_files_in_memory()

# Before anything imports Blinka or pygame: no board detection noise on
# stdout, no window, no sound card.
os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# The helpers the test files share: their asserts report as a test's own do.
pytest.register_assert_rewrite("tests.saves", "tests.shared", "tests.tiles")

from tools.firmware import finder  # noqa: E402

finder.install()

from engine import solver as _SOLVER_AT_COLLECTION  # noqa: E402
from tests import file_order, sampling  # noqa: E402
from tools import run_cache  # noqa: E402


def pytest_addoption(parser):
    parser.addoption("--slow", action="store_true", help="every case of each sampled enumeration (tests/sampling.py)")
    parser.addoption("--sample-seed", type=int, default=sampling.SEED, help="the seed of the samples make test plays")


def pytest_configure(config):
    sampling.SLOW = config.getoption("--slow")
    sampling.SEED = config.getoption("--sample-seed")
    if sampling.SLOW:
        # Every frame the glass draws is drawn by Blinka too, and must be
        # the same pixels (tools/play/glass.py: CROSS_CHECK): the slow run
        # keeps the old judge on every frame of every test.
        os.environ["GLASS_CROSS_CHECK"] = "1"
    # A VM run is made once and read back after (by any worker, and by the
    # tools the tests start): tools/run_cache.py keys each by all its inputs.
    if "VM_RUN_CACHE" not in os.environ:
        cache = getattr(config, "cache", None)  # none under -p no:cacheprovider
        os.environ["VM_RUN_CACHE"] = str(cache.mkdir("vm-runs")) if cache else ""
    if not hasattr(config, "workerinput"):  # the controller, once, before the workers start
        run_cache.prune()


def pytest_report_header(config):
    return sampling.mode()


# -- the longest files first (tests/file_order.py) -----------------------------


def pytest_collection_modifyitems(config, items):
    cache = getattr(config, "cache", None)
    seconds = (cache.get(file_order.FILE_SECONDS, {}) if cache else {}) or {}
    file_order.order(items, seconds)


def pytest_runtest_logreport(report):
    # In the controller (or a run without workers): every test's report.
    name = file_order.file_of(report.nodeid)
    _timed[name] = _timed.get(name, 0.0) + report.duration


_timed = {}


def pytest_sessionfinish(session):
    config = session.config
    cache = getattr(config, "cache", None)
    if cache is None or hasattr(config, "workerinput") or not _timed:
        return
    seconds = dict(cache.get(file_order.FILE_SECONDS, {}) or {})
    seconds.update((name, round(value, 2)) for name, value in _timed.items())
    cache.set(file_order.FILE_SECONDS, seconds)


@pytest.fixture(scope="module")
def standins_root(tmp_path_factory):
    """A VM root (tools/vm/) of the stand-ins' sources alone."""
    import shutil

    from tools.firmware import STANDINS

    folder = tmp_path_factory.mktemp("standins")
    for source in STANDINS.glob("*.py"):
        shutil.copyfile(source, folder / source.name)
    return folder


@pytest.fixture(autouse=True)
def _english():
    """Every test starts with this process's texts (app.words, module state)
    in English, whatever language a test before it loaded: what a test reads
    through app.pages or app.help_text here (a menu row's name, a Controls
    line) is then the same in any order the tests run. (A simulator's game
    has its own app.words, loaded from its saved settings.)"""
    from app import words

    words.load("en")


@pytest.fixture(autouse=True, scope="module")
def _heuristic_solver():
    """Every test file starts with this process's solver scoring by the
    heuristic, whatever a file before it loaded (a file that wants the
    table loads it in its own fixtures, after this one): a simulator of a board
    that holds the learned table (the Fruit Jam, the PewPew M4) leaves
    engine.solver reading the table, and a test that compares the solver
    with MicroPython's (which starts without it) would then see other
    moves, in some orders of the files only. Both modules are reset: the
    one the test files imported when they were collected, and the one
    sys.modules holds now (the game lets its modules go and imports them
    again: app.memory.forget)."""
    for solver in (_SOLVER_AT_COLLECTION, sys.modules.get("engine.solver")):
        if solver is not None and solver._learned is not None:
            solver.prepare()


@pytest.fixture(autouse=True, scope="module")
def _frozen_before_each_file():
    """Whatever a worker holds when a test file starts (pytest's objects,
    the modules imported, caches, the last file's leftovers) lives on:
    freeze it.

    A full collection (CPython's own, now and then; a test's) would scan
    all the worker holds (up to 9 ms a collection late in a run of dozens
    of files, against 0.3 ms in a fresh process). Frozen objects are left
    out of collections; each World's own garbage is still freed. (The
    game's own collections, app.memory.forget's, take only the youngest
    objects here: tools.play.world.GAME_GC.)
    """
    import gc

    gc.collect()
    gc.freeze()
    yield
