"""The app's play loop on a real MicroPython VM: no allocation per move or idle frame.

Uses tools/app_bench.py (displayio and friends replaced by Python stand-ins,
see tools/app_bench_stubs/). Counts are deterministic bytes, not time.
"""

import shutil

import pytest

from tools import app_bench


@pytest.fixture(scope="module")
def root():
    folder = app_bench._root()
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_moves_without_animation_allocate_nothing(root):
    few = app_bench.measure(root, 10, 0, False)
    many = app_bench.measure(root, 40, 0, False)
    assert many[2] - few[2] >= 20  # valid moves were made
    assert many[3] - few[3] == 0


def test_idle_frames_allocate_nothing(root):
    few = app_bench.measure(root, 0, 10, True)
    many = app_bench.measure(root, 0, 210, True)
    assert many[3] - few[3] == 0


def test_animated_moves_allocate_only_the_slide_setup(root):
    few = app_bench.measure(root, 10, 0, True)
    many = app_bench.measure(root, 40, 0, True)
    moves = many[2] - few[2]
    assert moves >= 20
    # Animation.start's frame (too many locals for this VM's C stack; the
    # PyBadge's pystack holds it) is the one allocation: 120 B per move.
    assert (many[3] - few[3]) / moves <= 128
