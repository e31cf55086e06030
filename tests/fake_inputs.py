# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Input adapters' unit-test parts: the fake world's keypad, an
accelerometer's readings, a console's bytes, synthetic sensor streams, a
quick solver.

The app itself is played on a board powered on in the fake world
(tools.play.simulator.Simulator over tools/play/world.py), and so are the buttons here
(``world_buttons``: the board's keypad). Two parts feed one adapter what
the fake world's chip and console do not make: ``Accelerometer`` gives
app.tilt.TiltKeys readings in m/s^2 by the frame (a driver's output: the
world fakes the chip under the real driver), and ``Console`` gives
app.stdin_keys.StdinKeys raw bytes (no UTF-8, binary reads, the bool count
of CircuitPython before 9.1)."""

import math
import random

from tools.play import first_legal  # noqa: F401  (the tests take it from here)
from tools.play.simulator import FRAME_MS

G = 9.81  # m/s^2


class Event:
    """A keypad-style event (what keypad.EventQueue.get() gives)."""

    def __init__(self, key_number, pressed):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed


def world_buttons(board_id="pybadge", pins=None):
    """(world, keys): a board powered on in the fake world and a key source
    of its own keypad: the PyBadge's shift register, or ``pins`` (names of
    the board's pins, one key each, in that order). Press its buttons with
    ``world.down(button)`` / ``world.up(button)``, or a pin with
    ``world.fakeworld.add_key(world.now, pin, pressed)``; each frame an
    adapter drains moves the world's clock on."""
    from tools.play.world import World

    world = World(board_id)
    keypad = world.module("keypad")
    board = world.module("board")
    if pins is None:
        keys = keypad.ShiftRegisterKeys(
            clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, latch=board.BUTTON_LATCH, key_count=8, value_when_pressed=True
        )
    else:
        keys = keypad.Keys([getattr(board, pin) for pin in pins], value_when_pressed=False)
    return world, keys


class Accelerometer:
    """``.acceleration`` -> (x, y, z) m/s^2 as adafruit_lsm6ds / adafruit_lis3dh give.

    Axes as ``TiltKeys(right="+x", down="+y")`` expect: x grows as the
    screen's right edge is lowered, y as its bottom edge is. ``fail``: the
    next reads raise OSError (an I2C hiccup).
    """

    def __init__(self):
        self.reading = (0.0, 0.0, G)
        self.reads = 0
        self.fail = 0

    def tilt(self, right_degrees=0.0, down_degrees=0.0):
        """Hold the board tilted: right edge down by one angle, bottom edge by the other."""
        x = G * math.sin(math.radians(right_degrees))
        y = G * math.sin(math.radians(down_degrees))
        self.reading = (x, y, math.sqrt(max(0.0, G * G - x * x - y * y)))

    def set(self, x, y, z=G):
        self.reading = (x, y, z)

    @property
    def acceleration(self):
        self.reads += 1
        if self.fail:
            self.fail -= 1
            raise OSError(5, "Input/output error")
        return self.reading


def drain(keys):
    """Read one frame's events as the app does (until None): [(key, pressed)]."""
    out = []
    event = keys.events.get()
    while event is not None:
        out.append((event.key_number, event.pressed))
        event = keys.events.get()
    return out


def presses(events):
    """The keys pressed, in order."""
    return [key for key, pressed in events if pressed]


def play_stream(keys, sensor, stream):
    """Feed ``stream`` (one (right, down) pair of degrees, or an (x, y, z)
    reading, per frame) and return every event, in order."""
    events = []
    for sample in stream:
        if len(sample) == 2:
            sensor.tilt(*sample)
        else:
            sensor.set(*sample)
        events += drain(keys)
    return events


def milli_g(right_degrees=0.0, down_degrees=0.0):
    """(x, y) milli-g of a board tilted by these angles (the fake world's
    accelerometer reads milli-g: fakeworld.tilts)."""
    return (round(1000 * math.sin(math.radians(right_degrees))), round(1000 * math.sin(math.radians(down_degrees))))


def level_frames(count, angle=(0.0, 0.0)):
    return [angle] * count


def gesture(right=0.0, down=0.0, ramp=6, hold=10, back=6, start=(0.0, 0.0)):
    """Frames of a tilt away from ``start`` by (right, down) degrees and
    back: a smooth ramp of ``ramp`` frames, ``hold`` frames held, ``back``
    frames to return (50 frames a second: 6 frames = 120 ms)."""
    frames = []
    for index in range(1, ramp + 1):
        share = (1 - math.cos(math.pi * index / ramp)) / 2
        frames.append((start[0] + right * share, start[1] + down * share))
    frames += [(start[0] + right, start[1] + down)] * hold
    for index in range(1, back + 1):
        share = (1 + math.cos(math.pi * index / back)) / 2
        frames.append((start[0] + right * share, start[1] + down * share))
    return frames


def hand(frames, seed, tremor=0.3, noise=0.08, start=(0.0, 0.0)):
    """A player's hands around ``start``: tremor (about 8 Hz, ``tremor``
    m/s^2) plus the sensor's white noise (``noise`` m/s^2 sigma); (x, y, z)
    readings, one per frame."""
    rng = random.Random(seed)
    base_x = G * math.sin(math.radians(start[0]))
    base_y = G * math.sin(math.radians(start[1]))
    phase_x, phase_y = rng.random() * 6.3, rng.random() * 6.3
    out = []
    for index in range(frames):
        t = index * FRAME_MS / 1000
        x = base_x + tremor * math.sin(2 * math.pi * 8 * t + phase_x) + rng.gauss(0, noise)
        y = base_y + tremor * math.sin(2 * math.pi * 7 * t + phase_y) + rng.gauss(0, noise)
        out.append((x, y, G))
    return out


class Console:
    """``supervisor.runtime`` and ``sys.stdin`` for StdinKeys: bytes typed
    arrive with ``type()``; ``read(n)`` returns n characters (str) like
    CircuitPython's text stdin, taking a UTF-8 character's bytes whole and
    raising UnicodeError (a ValueError) for bytes that are no UTF-8, once
    they are consumed; ``binary``: bytes instead."""

    def __init__(self, binary=False, as_bool=False):
        self.waiting = bytearray()
        self.binary = binary
        self.as_bool = as_bool
        self.reads = 0

    def type(self, data):
        self.waiting += data.encode("latin-1") if isinstance(data, str) else data

    @property
    def serial_bytes_available(self):
        count = len(self.waiting)
        return bool(count) if self.as_bool else count

    def read(self, count):
        self.reads += 1
        # One character: a UTF-8 lead byte takes its continuation bytes.
        take = 1
        if self.waiting and self.waiting[0] >= 0xC0:
            take = 2 if self.waiting[0] < 0xE0 else 3
        take = min(take * count, len(self.waiting))
        data = bytes(self.waiting[:take])
        del self.waiting[:take]
        if self.binary:
            return data
        return data.decode("utf-8")
