# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""What a board's battery pin and light sensor see, beyond a steady value:
models the fake world (fakeworld ``cell`` and ``lamp``) reads through.

Without them the battery pin reads the world's ``battery_mv`` exactly and
the light sensor the world's ``light``. With them:

* :class:`Cell`: ADC noise, glitches of one reading (a 0 V read, a
  sag), and what a charging LiPo reads above its resting voltage;
* :class:`Lamp`: a lamp on mains power whose light flickers at twice the
  mains' frequency, sampled at the instant the sensor is read.

Both are deterministic (seeded, integer time), so a test can count what
the game does under them. Imports nothing at load (a VM loads every
stand-in).
"""

_WRAP = 0x1FFFFFFF  # supervisor.ticks_ms wraps at 2**29
_HALF = 0x10000000


def _reached(now, at):
    return ((now - at) & _WRAP) < _HALF


class _Random:
    """A small seeded generator (an LCG, 31 bits): the same noise every run."""

    def __init__(self, seed):
        self.state = seed & 0x7FFFFFFF

    def below(self, limit):
        """An int in 0 .. limit - 1."""
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % limit


class Cell:
    """A battery as its sense pin reads it.

    :param int noise_mv: each reading is off by up to this many millivolts
        either way (uniform, from ``seed``).
    :param glitches: (time_ms, millivolts) in time order: the first reading
        at or after time_ms reads millivolts instead (one reading each).
    :param int charge_mv: how far above its resting voltage a LiPo reads
        while a charger feeds it (its charge current through its internal
        resistance), capped at the charger's 4.2 V.
    :param int seed: the noise's seed.
    """

    def __init__(self, noise_mv=0, glitches=(), charge_mv=0, seed=1):
        self.noise_mv = noise_mv
        self.glitches = list(glitches)
        self.charge_mv = charge_mv
        self.random = _Random(seed)
        #: How many of ``glitches`` were read.
        self.glitched = 0
        #: Readings taken.
        self.readings = 0

    def glitch(self, at, millivolts):
        """One reading at or after ``at`` (ms) reads ``millivolts``."""
        self.glitches.append((at, millivolts))

    def reading(self, millivolts, now, charging):
        """What the pin reads of a battery resting at ``millivolts`` at ``now`` (ms)."""
        self.readings += 1
        if self.glitched < len(self.glitches) and _reached(now, self.glitches[self.glitched][0]):
            self.glitched += 1
            return self.glitches[self.glitched - 1][1]
        if charging and self.charge_mv:
            millivolts = min(4200, millivolts + self.charge_mv)
        if self.noise_mv:
            millivolts += self.random.below(2 * self.noise_mv + 1) - self.noise_mv
        return max(0, millivolts)


class Lamp:
    """A room lit by a lamp on mains power: the light flickers at twice the
    mains' frequency around the world's light reading.

    The sensor is read at the frame's time (the fake clock, ms) plus
    ``offset_us`` into the frame (the frame's work before the reading) and
    up to ``jitter_us`` more (seeded: frames do not take exactly as long).

    :param int modulation: percent flicker, (max - min) / (max + min): 0 .. 100.
    :param int mains_mhz: the mains' frequency in millihertz (50000 in
        Europe, 60000 in the Americas); a grid runs a little off nominal,
        and the board's clock is off too: the sum is what moves the
        flicker against the frames.
    :param str shape: "sine", or "square" (on and off, as an LED driven
        straight from rectified mains).
    """

    def __init__(self, modulation=100, mains_mhz=50000, shape="sine", offset_us=1000, jitter_us=200, seed=1):
        if shape not in ("sine", "square"):
            raise ValueError("a lamp's shape is 'sine' or 'square', not %r" % (shape,))
        self.modulation = modulation
        self.mains_mhz = mains_mhz
        self.shape = shape
        self.offset_us = offset_us
        self.jitter_us = jitter_us
        self.random = _Random(seed)

    def reading(self, mean, now):
        """What the sensor reads at ``now`` (ms) in a room whose light averages ``mean`` (0..65535)."""
        import math

        instant_us = now * 1000 + self.offset_us + (self.random.below(self.jitter_us + 1) if self.jitter_us else 0)
        # Flicker cycles since time 0, in billionths: 2 * mains (mHz) * t (us).
        phase = (2 * self.mains_mhz * instant_us) % 1000000000 / 1e9
        if self.shape == "sine":
            swing = math.sin(2 * math.pi * phase)
        else:
            swing = 1 if phase < 0.5 else -1
        return max(0, min(65535, int(mean * (1 + self.modulation / 100 * swing))))
