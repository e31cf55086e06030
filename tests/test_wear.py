# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""tools/measure/wear.py: the simulated player against each save mode's promises."""

import pytest

from app.save_policy import MODES
from tools.measure import wear


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


def test_each_layout_wears_and_loses_as_its_port_writes():
    result = wear.simulate(0, hours=3, seed=4)  # "safer": saves near most switch-offs
    block, pages, log = result["layouts"]
    assert [row["layout"] for row in result["layouts"]] == ["block", "pages", "log"]
    saves = block["saves_per_hour"] * result["hours"]
    assert round(saves) == round(result["erases_per_hour"] * result["hours"])  # SAMD51: an erase per save
    assert block["erases_per_hour"] == result["erases_per_hour"]
    # nRF52840: two pages take turns; RP2040: one erase per 32 saves, the
    # first after 32 appends into the erased sector.
    assert round(pages["erases_per_hour"] * result["hours"]) == (round(saves) + 1) // 2
    assert round(log["erases_per_hour"] * result["hours"]) == (round(saves) - 1) // 32
    assert block["total_loss"] == pytest.approx(result["total_loss"]) and block["total_loss"] > 0
    assert pages["total_loss"] == 0
    # Only the log's rewrite (1 save in 32) can lose the game, for a little
    # less time than a SAMD51 save does.
    assert 0 < log["total_loss"] < block["total_loss"] / 32
    assert log["life"] > 30 * block["life"]


def test_the_layout_table_has_a_row_per_mode_and_layout():
    results = [wear.simulate(mode, hours=1, seed=2) for mode in range(3)]
    rows = wear.layout_table(results).splitlines()[2:]
    assert len(rows) == 9
    assert rows[5].startswith("| balanced | log (RP2040) | ")


def test_a_player_who_undoes_wears_the_nvm_no_faster():
    # Undos change the saved game as moves do; the policy's timing, not the
    # count of changes, decides the saves: the erases per hour stay, and
    # per 1,000 moves they grow only by the moves the undos took the time of.
    plain = wear.simulate(1, hours=3, seed=4)
    undoing = wear.simulate(1, hours=3, seed=4, undo_share=wear.UNDO_SHARE)
    assert plain["undos_per_hour"] == 0 and undoing["undos_per_hour"] > 50
    assert undoing["moves_per_hour"] < plain["moves_per_hour"]
    assert undoing["erases_per_hour"] == pytest.approx(plain["erases_per_hour"], rel=0.05)
    assert plain["erases_per_1000_moves"] == pytest.approx(1000 * plain["erases_per_hour"] / plain["moves_per_hour"])
    # No undo share is the default: the same player, move for move.
    assert wear.simulate(1, hours=3, seed=4, undo_share=0.0) == plain


@pytest.mark.parametrize("mode", range(3))
def test_the_frames_skipped_are_those_where_the_policy_says_no(mode, monkeypatch):
    # poll_until polls the policy only from the moment its answer could be
    # yes (Run.wake); a poll in every frame, as the app makes, gives the
    # same saves at the same moments, to the last bit of every figure.
    skipping = wear.simulate(mode, hours=2, seed=4, undo_share=wear.UNDO_SHARE)
    monkeypatch.setattr(wear.Run, "wake", lambda run, clock: 0)
    assert wear.simulate(mode, hours=2, seed=4, undo_share=wear.UNDO_SHARE) == skipping
