# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Which cases of an exhaustive enumeration a run plays.

``make test`` plays a seeded sample of each enumeration that would take
minutes whole (a power cut at every step of a save, every heap from full
down, every board's RAM budget ...): the cases where the outcome changes
(``always``) and ``count`` more drawn with a seed, the same every run.
``make test-slow`` (pytest ``--slow``) plays every case; CI runs it on a
schedule. ``--sample-seed N`` draws another sample. The assertions are the
same in both modes: each case played is checked whole.

An enumeration's cases are listed whole, then passed through
:func:`cases`; a new kind of case (another record format, another board)
joins by being listed.
"""

import random

#: True under ``--slow``: every case of every enumeration (tests/conftest.py sets it).
SLOW = False
#: The samples' seed (``--sample-seed``); each enumeration mixes in its own name.
SEED = 2048


def cases(name, every, count, always=()):
    """The cases of ``every`` (the whole enumeration) this run plays, in
    its order: all of them under ``--slow``; else those in ``always`` and
    ``count`` of the others, drawn by the seed and ``name`` (which keeps
    each enumeration's draw its own)."""
    every = list(every)
    always = set(always)
    others = [index for index, case in enumerate(every) if case not in always]
    if SLOW or len(others) <= count:
        return every
    drawn = set(random.Random("%d %s" % (SEED, name)).sample(others, count))
    return [case for index, case in enumerate(every) if case in always or index in drawn]


def mode():
    """A line for pytest's header: what this run plays."""
    if SLOW:
        return "enumerations: every case (--slow)"
    return "enumerations: seeded samples, seed %d (make test-slow plays every case; --sample-seed N draws another)" % SEED
