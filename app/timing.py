"""Millisecond tick arithmetic that survives the clock wrapping.

``supervisor.ticks_ms()`` counts modulo 2**29 and first wraps about a minute
after power-on, so two readings are only compared through ``ticks_diff``.
"""

_PERIOD = 1 << 29
_HALF = 1 << 28


def ticks_diff(later, earlier):
    """Milliseconds from ``earlier`` to ``later`` (-2**28 .. 2**28-1), wrap-safe."""
    return ((later - earlier + _HALF) % _PERIOD) - _HALF


def ticks_add(ticks, delta):
    """``ticks`` plus ``delta`` milliseconds, wrapped like the clock."""
    return (ticks + delta) % _PERIOD
