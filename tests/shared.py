# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Values and helpers several test files share, each defined once here."""

import builtins
import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import sys

from app import pages
from tools import ROOT
from tools.firmware import STANDINS
from tools.play import open_about

#: The names of the game's texts, by number: lang/keys.txt, one a line
#: (app.words gives text n of a language by the same number).
KEYS = (ROOT / "lang" / "keys.txt").read_text(encoding="utf-8").split("\n")[:-1]

#: A board for each layout. 640x480 (the Fruit Jam) is the 320x240
#: screen's layout at twice its scale, the same in every proportion: it is
#: played in the tests on every profile below (a glass of 640x480 takes
#: 0.3 s to draw, five times 320x240's).
LAYOUTS = {
    "160x128": "pybadge",
    "240x240": "pimoroni_picosystem",
    "320x240": "seeeduino_wio_terminal",
    "128x128": "tinycircuits_thumby_color",
}

#: What a board raises when its memory runs out: the heap full, the pystack
#: used up (the messages are the firmware's).
FAULTS = (MemoryError("memory allocation failed"), RuntimeError("pystack exhausted"))


def still_plays(sim):
    """True if six presses of the four arrows still move the simulator's
    game: play goes on after whatever the test did to it."""
    moves = sim.game.moves
    for button in ("left", "down", "right", "up", "left", "down"):
        sim.press(button)
    return sim.game.moves > moves


def fault_id(fault):
    """A fault's name in a test's id (``MemoryError``)."""
    return type(fault).__name__


def printed(function, *args):
    """What ``function(*args)`` prints, as one string: the host's side of a
    comparison with a MicroPython VM. ``printed(exec, GUEST, {})`` runs a
    guest's own program text in CPython, so both sides run the same lines."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        function(*args)
    return out.getvalue()


@contextlib.contextmanager
def vm_root(build):
    """A VM root (tools/vm/) from ``build()``, e.g. the game as
    tools.measure.ram_budget.build_root lays it out, removed when the
    ``with`` block ends, however it ends."""
    folder = build()
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def on_cpython(program, timeout=120):
    """What ``program`` prints in a CPython process of its own whose imports
    find the stand-ins first (top-level modules, as in a VM), then the game:
    a process apart, so the stand-ins never replace Blinka's displayio & co.
    in the test process. It must end well and say nothing on stderr."""
    path = "import sys\nsys.path[:0] = [%r, %r]\n" % (str(STANDINS), str(ROOT))
    ran = subprocess.run([sys.executable, "-P", "-c", path + program], capture_output=True, text=True, cwd=ROOT, timeout=timeout)
    assert ran.returncode == 0 and not ran.stderr, ran.stderr[-3000:]
    return ran.stdout


def result(text, tag="RESULT"):
    """The JSON after ``tag`` on a run's first line that starts with it and a
    space: how the tests' VM and CPython drivers report (``RESULT [...]``,
    ``FREED 8192``)."""
    lines = [line for line in text.splitlines() if line.startswith(tag + " ")]
    assert lines, text[-3000:]
    return json.loads(lines[0][len(tag) + 1 :])


def clean_env(base=None, **more):
    """``base`` (this process's environment) without what an outer make
    passes down (`make test PYTEST_ARGS=...` puts its variables in MAKEFLAGS,
    which an inner make would take as its own command line), plus ``more``."""
    env = {
        name: value
        for name, value in (os.environ if base is None else base).items()
        if name not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "PYTEST_ARGS", "SIM_ARGS")
    }
    env.update(more)
    return env


def make(*arguments, cwd=ROOT, **env):
    """``make arguments`` in ``cwd`` (the make on this PATH, found before
    ``env`` may set another PATH), in :func:`clean_env` plus ``env``: its
    finished process, output as text."""
    command = [shutil.which("make"), *arguments]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=clean_env(**env))


def refusal(ran):
    """The lines a failed make (``ran``, from :func:`make`) printed on
    stderr, less make's own last one ("make: *** [Makefile:NN: target]
    Error N"), which must be there: make exits 2 and names the recipe's own
    status, never a signal's (141)."""
    lines = ran.stderr.strip().splitlines()
    assert ran.returncode == 2 and lines, (ran.returncode, lines)
    assert re.fullmatch(r"make: \*\*\* \[Makefile:\d+: [^\]]+\] Error [12]", lines[-1]), lines
    return lines[:-1]


@contextlib.contextmanager
def failing(module_name, attribute, fault, times, then=None):
    """While the block runs, the first ``times`` calls of
    ``module_name.attribute`` raise ``fault`` (the calls after them call
    ``then()`` first, if given): the attribute is wrapped each time that
    module is imported anew (a World imports the game's modules afresh at
    every power-on)."""
    real_import = builtins.__import__
    left = [times]

    def raising(real):
        def call(*args, **kwargs):
            if left[0] > 0:
                left[0] -= 1
                # A new one each time, as the VM raises them: one raised
                # again would keep the frames of its last traceback alive.
                raise type(fault)(*fault.args)
            if then is not None:
                then()
            return real(*args, **kwargs)

        call.raising = True
        return call

    def hooked(name, globals=None, locals=None, fromlist=(), level=0):
        module = real_import(name, globals, locals, fromlist, level)
        target = sys.modules.get(module_name)
        if target is not None and hasattr(target, attribute):
            real = getattr(target, attribute)
            if not getattr(real, "raising", False):
                setattr(target, attribute, raising(real))
        return module

    builtins.__import__ = hooked
    try:
        yield left
    finally:
        builtins.__import__ = real_import


def about_lines(sim):
    """Every line of the About pages (tools.play.open_about), then back to the board."""
    lines = open_about(sim)
    sim.press_all(["b", "b", "wait"])  # (a tilting board measures level again)
    return lines


def open_menu_row(sim, item):
    """Open the menu (waking a dimmed screen first) and move to the row
    named ``item`` in English, whatever language the game speaks (the
    names come from this process's own app.pages, English, not the
    World's)."""
    if sim.app.power.dimmed:
        sim.press("b")  # a dimmed screen: the first press only wakes it
    sim.press("start")
    for _ in range(len(pages.menu_items())):
        if pages.menu_items()[sim.app.menus.row] == item:
            return
        sim.press("down")
    raise AssertionError("no menu row %r" % item)


def save_now(sim):
    """Menu > Save now; the status it leaves (its lines joined by a newline)."""
    open_menu_row(sim, "Save now")
    sim.press("a")
    return sim.app.view.status_text


def fake_board_venv(tmp_path):
    """A .venv-board stand-in: this interpreter, and the stamp make looks for."""
    venv = tmp_path / "board-venv"
    (venv / "bin").mkdir(parents=True)
    python = venv / "bin" / "python"
    python.write_text('#!/bin/sh\nexec "%s" "$@"\n' % sys.executable)
    python.chmod(0o755)
    checksum = (
        subprocess.run(["cksum"], input=(ROOT / "requirements-board.txt").read_bytes(), capture_output=True, check=True)
        .stdout.split()[0]
        .decode()
    )
    (venv / (".installed-py%d.%d-%s" % (sys.version_info[:2] + (checksum,)))).touch()
    return venv
