"""The engine's own pseudo-random generator, small enough to be saved with a game.

It is Marsaglia's xorshift32 (shifts 13, 17, 5; period 2**32 - 1) with its
32-bit word kept as two 16-bit halves. Every intermediate value stays below
2**30, so on MicroPython and CircuitPython (31-bit small ints) drawing a number
never touches the heap. Its whole state is two ints, which a saved game stores:
a resumed game continues the exact sequence the uninterrupted one would have.

CircuitPython's ``random`` cannot be used for this: its state cannot be read
back, it differs from CPython's for the same seed, and MicroPython under WASI
has no ``random`` module at all.
"""

try:
    from micropython import const
except ImportError:  # CPython without Blinka

    def const(value):
        return value


_MASK16 = const(0xFFFF)
# Any non-zero word works; used when a seed would make the state all zeros
# (the one state xorshift never leaves).
_FALLBACK_LOW = const(0x2048)


class Rng:
    """xorshift32 held as two 16-bit halves.

    :param int seed: any int (only its low 32 bits are used), or None to draw
        one from the hardware (``os.urandom``) or, failing that, the clock.
    """

    def __init__(self, seed=None):
        self.high = 0
        self.low = _FALLBACK_LOW
        self.seed(seed)

    def seed(self, seed=None):
        """Restart the sequence from ``seed`` (None: from hardware entropy)."""
        if seed is None:
            seed = entropy_seed()
        self.high = (seed >> 16) & _MASK16
        self.low = seed & _MASK16
        if not (self.high or self.low):
            self.low = _FALLBACK_LOW
        # Small seeds (0, 1, 2 ...) start in a sparse corner of the state
        # space; a few rounds mix them before the first draw.
        for _ in range(4):
            self.next16()

    @property
    def state(self):
        """The whole state as one 32-bit int (what a save stores); never 0."""
        return (self.high << 16) | self.low

    @state.setter
    def state(self, value):
        self.high = (value >> 16) & _MASK16
        self.low = value & _MASK16
        if not (self.high or self.low):
            self.low = _FALLBACK_LOW

    def next16(self):
        """Advance one step and return 16 random bits (0..65535)."""
        high = self.high
        low = self.low
        # x ^= x << 13
        high ^= ((high << 13) | (low >> 3)) & _MASK16
        low ^= (low << 13) & _MASK16
        # x ^= x >> 17
        low ^= high >> 1
        # x ^= x << 5
        high ^= ((high << 5) | (low >> 11)) & _MASK16
        low ^= (low << 5) & _MASK16
        self.high = high
        self.low = low
        # The high half mixes faster than the low one; the top bits of the
        # word are the better output.
        return high

    def below(self, bound):
        """A uniformly random int in ``0 .. bound-1``, for 1 <= bound <= 65536.

        Rejection sampling keeps it exactly uniform (no modulo bias).
        """
        limit = 65536 - 65536 % bound
        value = self.next16()
        while value >= limit:
            value = self.next16()
        return value % bound


def entropy_seed():
    """A 32-bit seed from the best source the platform has.

    ``os.urandom`` reads the SAMD51's TRNG on a PyBadge and the OS pool on a
    desktop; the clock is the last resort (MicroPython under WASI has neither
    ``urandom`` nor ``random``).
    """
    try:
        import os

        raw = os.urandom(4)
        return raw[0] | (raw[1] << 8) | (raw[2] << 16) | (raw[3] << 24)
    except (ImportError, AttributeError, NotImplementedError, OSError):
        pass
    try:
        import time

        if hasattr(time, "ticks_ms"):
            return time.ticks_ms()
        return int(time.time() * 1000)
    except (ImportError, AttributeError, OSError):
        return 0x2048
