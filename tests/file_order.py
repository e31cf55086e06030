# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The order the test files run in: the longest first.

pytest-xdist's loadfile hands each worker a whole file at a time, in the
order of the collection (pytest.ini: --no-loadscope-reorder; its own order
is by count of tests, which put files of a few long tests, the browser's,
the heap surveys', last: one worker still on one of them while the other
had nothing left). Started longest first, the short files fill the end of
both workers' runs. How long a file takes is what the last run that
played it took (its tests' seconds, summed, kept in pytest's cache); a
file not timed yet goes first, the rest in collection order. A run with
no timings at all (a fresh checkout, CI) starts LONGEST_FILES first, in
that order, then the rest in collection order. The order changes which
worker runs a file and when, never what a test does or sees.

tests/conftest.py's hooks apply it (:func:`order`) and keep the timings.
"""

#: The pytest cache's key of each file's seconds in the runs before.
FILE_SECONDS = "tests/file-seconds"

#: The files that take longest in a run with no VM run kept (some 10 s
#: and more on two cores), longest first: where there are no timings,
#: these start first.
LONGEST_FILES = (
    "tests/test_doc_numbers.py",
    "tests/test_web.py",
    "tests/test_board_ram.py",
    "tests/test_ram_budget.py",
    "tests/test_faults.py",
    "tests/test_store.py",
    "tests/test_low_memory_start.py",
    "tests/test_bundle.py",
)


def file_of(nodeid):
    """The file of a test's node id."""
    return nodeid.split("::", 1)[0]


def expected_seconds(name, seconds):
    """How long file ``name`` is taken to be, for the order: its time in
    the runs before (``seconds``); with none, a new file (first: it may be
    long); with no timings at all, LONGEST_FILES' rank, the others after them."""
    if name in seconds:
        return seconds[name]
    if seconds:
        return float("inf")
    return len(LONGEST_FILES) - LONGEST_FILES.index(name) if name in LONGEST_FILES else 0


def order(items, seconds):
    """Sort pytest's ``items`` in place: each file's tests together, in
    their order, the files by :func:`expected_seconds` (``seconds``: each
    file's time in the runs before), longest first; ties in collection order."""
    first_seen = {}
    for item in items:
        first_seen.setdefault(file_of(item.nodeid), len(first_seen))
    items.sort(key=lambda item: (-expected_seconds(file_of(item.nodeid), seconds), first_seen[file_of(item.nodeid)]))
