# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""tools/wear.py: the simulated player against each save mode's promises."""

import pytest

from app.save_policy import MODES
from tools import wear


@pytest.mark.parametrize("mode", range(3))
def test_loss_window_holds_under_simulated_play(mode):
    result = wear.simulate(mode, hours=3, seed=4)
    max_age_seconds = MODES[mode][2] / 1000
    # Play lost at any cut stays within max_age (plus one idle frame).
    assert 0 < result["lost_seconds"] <= max_age_seconds + wear.FRAME


def test_default_mode_bounds_loss_and_wear():
    # The targets for the default: <= 60 s of play lost, <= 60
    # erases per hour. Bounding the loss to 60 s needs a write about every
    # 60 s of continuous play, so no policy does better than ~60/h; the
    # default must stay within 5 % of that floor (60 h of play give 60.1).
    result = wear.simulate(1, hours=3, seed=4)
    assert result["lost_seconds"] <= 60 + wear.FRAME
    assert result["erases_per_hour"] <= 60 * 1.05


def test_gentler_modes_wear_less():
    rates = [wear.simulate(mode, hours=2, seed=5)["erases_per_hour"] for mode in range(3)]
    assert rates[0] > rates[1] > rates[2]
