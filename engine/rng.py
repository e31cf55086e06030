# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The engine's own pseudo-random generator, small enough to be saved with a game.

It is a xorshift generator on two 16-bit words (Marsaglia, "Xorshift RNGs",
2003, the 16-bit-word form with shifts 5, 3, 1), period 2**32 - 1: every
non-zero 32-bit state is visited once per cycle (``tests/test_rng.py`` proves
it with the generator's matrix over GF(2)). All its arithmetic stays below
2**16, so on MicroPython and CircuitPython (31-bit small ints) a draw never
touches the heap. Its whole state is two ints, which a saved game stores: a
resumed game continues the exact sequence the uninterrupted one would have.

CircuitPython's ``random`` cannot serve: its state cannot be read back, it
differs from CPython's for the same seed, and MicroPython under WASI has no
``random`` at all.
"""

from micropython import const

_MASK16 = const(0xFFFF)
# Seeds from entropy_seed stay below 2**30 (small ints everywhere).
_SEED_MASK = const(0x3FFFFFFF)
_SEED_LIMIT = 1073741824.0
# xorshift never leaves the all-zero state; seeds that would give it use this.
_NONZERO = const(0x2048)


class Rng:
    """A seedable generator whose state is two 16-bit ints, ``x`` and ``y``.

    :param int seed: any int (its low 32 bits are used), or None to draw one
        from the hardware (``os.urandom``; the SAMD51's TRNG on a PyBadge).
        On a device, pass a small int (below 2**30, as ``entropy_seed``
        returns): larger ones are big ints there.
    """

    def __init__(self, seed=None):
        self.x = 0
        self.y = _NONZERO
        self.seed(seed)

    def seed(self, seed=None):
        """Restart the sequence from ``seed`` (None: from hardware entropy)."""
        if seed is None:
            seed = entropy_seed()
        # What the ``state`` setter does, without its call level: a load
        # makes an Rng at the bottom of its call chain (pystack).
        self.set_words((seed >> 16) & _MASK16, seed & _MASK16)
        # Nearby seeds (0, 1, 2 ...) start in a sparse corner of the state
        # space; a few steps spread them before the first real draw.
        for _ in range(8):
            self.below(65536)

    @property
    def state(self):
        """The whole state as one 32-bit int, never 0 (tests and tools).

        Up to 2**32 - 1: a big int on MicroPython and CircuitPython, an
        error where the firmware has none. The device never builds it: a
        save stores ``x`` and ``y`` (:meth:`set_words`).
        """
        return (self.x << 16) | self.y

    @state.setter
    def state(self, value):
        self.set_words((value >> 16) & _MASK16, value & _MASK16)

    def set_words(self, x, y):
        """Take the state as two 16-bit words (0..65535 each; both 0 is
        replaced by a fixed non-zero state, since xorshift would stay at 0)."""
        self.x = x & _MASK16
        self.y = y & _MASK16
        if not (self.x or self.y):
            self.y = _NONZERO

    def below(self, bound):
        """A uniformly random int in ``0 .. bound-1``, for 1 <= bound <= 65536.

        Exactly uniform: a draw from the top of the 16-bit range that would
        favour small results (65536 % bound values) is rejected and redrawn.
        """
        limit = 65536 - 65536 % bound
        while True:
            # One xorshift step on the word pair (x, y); y is the output.
            t = self.x
            t ^= (t << 5) & _MASK16
            y = self.y
            self.x = y
            y ^= (y >> 1) ^ t ^ (t >> 3)
            self.y = y
            if y < limit:
                return y % bound


def entropy_seed():
    """A 30-bit seed (0 .. 2**30 - 1) from the best source the platform has.

    30 bits, not 32: every int stays a small int on MicroPython and
    CircuitPython (and works where the firmware has no big ints); 2**30
    different first games are plenty. ``os.urandom`` reads the SAMD51's TRNG
    on a PyBadge and the OS pool on a desktop; the clock is the last resort
    (MicroPython under WASI has neither ``urandom`` nor ``random``).
    """
    try:
        import os

        raw = os.urandom(4)
        return raw[0] | (raw[1] << 8) | (raw[2] << 16) | ((raw[3] & 0x3F) << 24)
    except (ImportError, AttributeError, NotImplementedError, OSError):
        pass
    try:
        import time

        if hasattr(time, "ticks_ms"):
            return time.ticks_ms() & _SEED_MASK
        # The float is reduced before int(): the int never exceeds 2**30.
        return int((time.time() * 1000) % _SEED_LIMIT)
    except (ImportError, AttributeError, OSError):
        return _NONZERO
