"""The app's own cost per move and per idle frame, measured in the MicroPython VM.

Prints deterministic numbers (fuel and bytes allocated), no wall-clock time::

    .venv/bin/python tools/app_bench.py

The app runs unchanged in the VM (tools/mpvm.py); displayio, vectorio,
bitmap_label, the PCF loader and bitmaptools are replaced by the small
Python stand-ins in tools/app_bench_stubs/, which store indices and draw
nothing. So the figures are the Python side of the app (controls, game,
animation bookkeeping, board and score updates, save policy) plus the
stand-ins' own Python cost: an upper bound for that part. displayio's C
rendering and the SPI transfer to the screen are not in them (a full-screen
refresh is >= 14 ms of SPI on a PyBadge, shared/device-facts.md 1.4).
"""

import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tools.mpvm import FUEL_PER_SECOND_CONSERVATIVE, FUEL_PER_SECOND_TYPICAL, run  # noqa: E402

STUBS = os.path.join(ROOT, "tools", "app_bench_stubs")

# Guest program: builds the app on fake hardware, then plays MOVES moves
# (press + release, frames until the slide ends) and IDLE idle frames.
_GUEST = """
import micropython
from app.controller import App
from engine.store import Store

class Event:
    def __init__(self, key, pressed):
        self.key_number = key
        self.pressed = pressed
        self.released = not pressed

class Events:
    def __init__(self):
        self.queue = []
    def get(self):
        if self.queue:
            return self.queue.pop(0)
        return None
    def __len__(self):
        return len(self.queue)

class Keys:
    def __init__(self):
        self.events = Events()

class Display:
    def __init__(self):
        self.root_group = None
        self.auto_refresh = True
        self.brightness = 1.0
    def refresh(self):
        return True

clock = [0]
def ticks_ms():
    return clock[0]

keys = Keys()
app = App(Display(), keys, Store(bytearray(b"\\xff" * 8192)), ticks_ms, font_dir="/input/fonts", seed=7)
app.settings.animations = {animations}
# Events made once: on the device keypad makes them (get_into() would not).
KEYS = (7, 5, 7, 5, 4, 5, 7, 5)  # left, down, left, down, right, ...
EVENTS = [(Event(k, True), Event(k, False)) for k in KEYS]
queue = keys.events.queue

def play(moves, idle):
    frames = 0
    for i in range(moves):
        press, release = EVENTS[i % 8]
        queue.append(press)
        queue.append(release)
        clock[0] += 20
        app.step()
        frames += 1
        while app.animation.active:
            clock[0] += 20
            app.step()
            frames += 1
        if app.game.over:
            app.new_game(clock[0])
    for i in range(idle):
        clock[0] += 20
        app.step()
    return frames

play(4, 0)  # warm-up: first-use allocations are not per-move costs
moves_before = app.game.stats.moves
allocated = micropython.mem_total()
frames = play({moves}, {idle})
allocated = micropython.mem_total() - allocated
print("RESULT", frames, app.game.stats.moves - moves_before, allocated)
"""


def _root():
    work = tempfile.mkdtemp(prefix="app-bench-")
    for name in ("app", "engine", "fonts"):
        shutil.copytree(os.path.join(ROOT, name), os.path.join(work, name), ignore=shutil.ignore_patterns("__pycache__"))
    for entry in os.listdir(STUBS):
        source = os.path.join(STUBS, entry)
        if os.path.isdir(source):
            shutil.copytree(source, os.path.join(work, entry), ignore=shutil.ignore_patterns("__pycache__"))
        elif entry.endswith(".py"):
            shutil.copy(source, work)
    return work


def measure(root, moves, idle, animations):
    """(fuel, frames, valid moves, bytes allocated) of one guest run."""
    code = _GUEST.format(moves=moves, idle=idle, animations=animations)
    result = run(code, root=root, heap="32M")
    line = [line for line in result.stdout.splitlines() if line.startswith("RESULT")][0]
    frames, valid, allocated = (int(part) for part in line.split()[1:])
    return result.fuel, frames, valid, allocated


def main():
    """Print per-move and per-frame costs with animations on and off."""
    root = _root()
    try:
        start_fuel = measure(root, 0, 0, True)[0] - run("pass").fuel
        print("App start-up (import .py, build screens, load store): %.1f M fuel" % (start_fuel / 1e6))
        print("  = %.2f-%.2f s on a PyBadge (stand-ins' Python cost included; C displayio is faster)" % (
            start_fuel / FUEL_PER_SECOND_TYPICAL, start_fuel / FUEL_PER_SECOND_CONSERVATIVE))
        print()
        print("%-34s %12s %10s %12s %14s" % ("", "fuel/move", "frames", "bytes/move", "PyBadge ms"))
        for animations in (False, True):
            few = measure(root, 20, 0, animations)
            many = measure(root, 120, 0, animations)
            fuel = (many[0] - few[0]) / (many[2] - few[2])
            frames = (many[1] - few[1]) / (many[1] and (many[2] - few[2]))
            allocated = (many[3] - few[3]) / (many[2] - few[2])
            print("%-34s %12.0f %10.1f %12.1f %9.2f-%.2f" % (
                "move, animations " + ("on" if animations else "off"), fuel, frames, allocated,
                fuel / FUEL_PER_SECOND_TYPICAL * 1000, fuel / FUEL_PER_SECOND_CONSERVATIVE * 1000))
        quiet = measure(root, 0, 100, True)
        busy = measure(root, 0, 1100, True)
        fuel = (busy[0] - quiet[0]) / 1000
        allocated = (busy[3] - quiet[3]) / 1000
        print("%-34s %12.0f %10s %12.1f %9.3f-%.3f" % (
            "idle frame (per step())", fuel, "-", allocated,
            fuel / FUEL_PER_SECOND_TYPICAL * 1000, fuel / FUEL_PER_SECOND_CONSERVATIVE * 1000))
        print()
        print("fuel/move and bytes/move are per valid move (invalid presses included in the cost);")
        print("frames = app.step() calls per move at 20 ms each. Fuel -> time: 1.6e8 (typical) and")
        print("1.2e8 (conservative) fuel/s.")
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
