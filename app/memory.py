# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Letting modules go once their work is done (start-up drawing, font loading).

CircuitPython keeps an imported module's bytecode and objects on the heap
for as long as anything refers to it: ``sys.modules``, its package's
attribute, and names imported from it. ``forget`` drops the first two;
the caller must drop the rest. The interned names (qstrs) stay: that part
of a module is never freed.
"""

import gc
import sys

#: The module forget was removing when a fault cut it short (None: none):
#: its entry may be left set to None, which would halt its next import.
_halted = None


def forget(*names):
    """Remove the modules ``names`` and their submodules from ``sys.modules``
    and from their packages, then collect. A module a forget cut short
    left halted goes first: ``forget()`` does only that, and collects (the
    recovery from a fault calls it).

    :return: how many modules were dropped.
    """
    global _halted
    if _halted is not None:
        if sys.modules.get(_halted, 0) is None:
            del sys.modules[_halted]
        _halted = None
    doomed = []
    for name in names:
        prefix = name + "."  # one string per name, not one per module and name
        for loaded in sys.modules:
            if loaded == name or loaded.startswith(prefix):
                doomed.append(loaded)
    # Submodules first, so each package is still there to lose its attribute.
    doomed.sort(key=len, reverse=True)
    count = 0
    # Each entry is set to None before it is removed: MicroPython's dicts
    # keep a removed entry's value in its slot until another entry takes
    # the slot, and the collector, conservative, would keep the module (and
    # all it holds) for that word. A fault between the two steps leaves
    # the None: _halted names it for the next forget.
    for name in doomed:
        module = sys.modules.get(name)
        if module is None:
            continue
        _halted = name
        sys.modules[name] = None
        del sys.modules[name]
        _halted = None
        count += 1
        package, _, attribute = name.rpartition(".")
        parent = sys.modules.get(package) if package else None
        if parent is not None and getattr(parent, attribute, None) is module:
            try:
                setattr(parent, attribute, None)
                delattr(parent, attribute)
            except (AttributeError, TypeError, NameError):  # NameError: no delattr in a small build
                pass
    # Nothing here may still point at a module when the collection runs:
    # the GC would keep it (and all it holds) until the next one.
    module = parent = None
    doomed = None
    gc.collect()
    return count
