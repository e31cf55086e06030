"""Stand-in for ``__future__`` (built into CircuitPython; absent from some MicroPython ports)."""

annotations = None
