# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""app.save_policy with a fake clock: every trigger, bursts, tick wrap-around."""

import pytest

from app.save_policy import DEFAULT_MODE, MODE_NAMES, MODES, SavePolicy

WRAP = 1 << 29  # supervisor.ticks_ms() period


class Clock:
    """A fake ``supervisor.ticks_ms()`` that wraps like the real one."""

    def __init__(self, start=0):
        self.now = start % WRAP

    def advance(self, ms):
        self.now = (self.now + ms) % WRAP
        return self.now


def first_due(policy, clock, limit_ms, step=20):
    """Poll idle frames every ``step`` ms; ms until ``due`` (None: not within limit)."""
    waited = 0
    while waited <= limit_ms:
        if policy.due(clock.now):
            return waited
        clock.advance(step)
        waited += step
    return None


def started(mode=DEFAULT_MODE, start=1000):
    clock = Clock(start)
    policy = SavePolicy(mode=mode)
    assert not policy.due(clock.now)  # the loaded game is what is stored
    return policy, clock


def test_modes_and_names():
    assert MODE_NAMES == ("safer", "balanced", "gentler")
    assert SavePolicy().mode == DEFAULT_MODE == 1
    assert MODE_NAMES[SavePolicy().mode] == "balanced"
    assert SavePolicy(mode=7).mode == DEFAULT_MODE
    assert SavePolicy(mode=-1).mode == DEFAULT_MODE
    policy = SavePolicy(mode=0)
    policy.set_mode(2)
    assert (policy.pause, policy.pause_gap, policy.max_age, policy.urgent_gap) == MODES[2]


@pytest.mark.parametrize("mode", range(3))
def test_nothing_changed_nothing_due(mode):
    policy, clock = started(mode)
    assert first_due(policy, clock, 10 * 60 * 1000, step=500) is None


@pytest.mark.parametrize("mode", range(3))
def test_pause_after_a_change_is_due_once_the_gap_has_passed(mode):
    policy, clock = started(mode)
    clock.advance(policy.pause_gap + 1)
    policy.changed(clock.now)
    waited = first_due(policy, clock, policy.pause + 1000)
    assert waited is not None and policy.pause <= waited < policy.pause + 40
    policy.saved(clock.now)
    assert not policy.due(clock.now)


def test_pause_soon_after_a_save_waits_for_the_gap_or_the_age():
    policy, clock = started(mode=1)
    policy.changed(clock.advance(1000))
    policy.saved(clock.advance(5000))  # e.g. a save for another reason
    policy.changed(clock.advance(1000))
    # A long pause now is not enough: the last save is too recent.
    waited = first_due(policy, clock, 120000, step=100)
    assert waited == min(policy.max_age, policy.pause_gap - 1000)


@pytest.mark.parametrize("mode", range(3))
def test_burst_of_moves_writes_nothing_until_the_pause(mode):
    policy, clock = started(mode)
    clock.advance(policy.pause_gap + 1)
    for _ in range(25):  # 25 moves 300 ms apart, due polled in between
        policy.changed(clock.now)
        assert first_due(policy, clock, 280) is None
        clock.advance(20)
    policy.changed(clock.now)
    assert first_due(policy, clock, policy.pause + 100) is not None


@pytest.mark.parametrize("mode", range(3))
def test_continuous_play_is_saved_within_max_age(mode):
    policy, clock = started(mode)
    first = clock.now
    saves = []
    for _ in range(2000):  # a move every 400 ms, never a pause
        policy.changed(clock.now)
        if first_due(policy, clock, 380) is not None:
            saves.append(clock.now)
            policy.saved(clock.now)
        clock.advance(20)
    gaps = [later - earlier for earlier, later in zip([first] + saves, saves)]
    assert saves
    assert max(gaps) <= policy.max_age + 400
    assert min(gaps) >= policy.max_age


@pytest.mark.parametrize("mode", range(3))
def test_urgent_is_due_at_once(mode):
    policy, clock = started(mode)
    clock.advance(policy.urgent_gap + 1)
    policy.urgent(clock.now)
    assert policy.due(clock.now)
    policy.saved(clock.now)
    assert not policy.due(clock.now)


def test_urgent_right_after_a_save_becomes_a_change():
    policy, clock = started(mode=1)
    clock.advance(policy.urgent_gap + 1)
    policy.urgent(clock.now)  # game over
    assert policy.due(clock.now)
    policy.saved(clock.now)
    policy.urgent(clock.advance(4000))  # New game 4 s later
    assert not policy.due(clock.now)
    assert policy.dirty
    # ... and it is saved like a move: within max_age.
    assert first_due(policy, clock, policy.max_age, step=100) is not None


def test_safer_mode_never_defers_urgent():
    policy, clock = started(mode=0)
    policy.urgent(clock.advance(10))
    assert policy.due(clock.now)
    policy.saved(clock.now)
    policy.urgent(clock.advance(10))
    assert policy.due(clock.now)


def test_saved_clears_a_pending_change():
    policy, clock = started(mode=0)
    clock.advance(policy.pause_gap + 1)
    policy.changed(clock.now)
    policy.saved(clock.advance(100))  # e.g. saved because of a menu
    assert first_due(policy, clock, 10 * policy.max_age, step=500) is None


@pytest.mark.parametrize("mode", range(3))
def test_ticks_wrap_around(mode):
    # The clock wraps 2**29 ms in the middle of every kind of wait.
    for offset in (-3, -policy_gap(mode) // 2, -policy_age(mode) // 2):
        policy, clock = started(mode, start=WRAP + offset - policy_gap(mode) - 1)
        clock.advance(policy.pause_gap + 1)
        policy.changed(clock.now)
        waited = first_due(policy, clock, policy.pause + 100)
        assert waited is not None and waited >= policy.pause
        policy.saved(clock.now)
        # Continuous play across the wrap: saved at max_age, not earlier.
        moves = 0
        while not policy.due(clock.now):
            policy.changed(clock.now)
            clock.advance(300)
            moves += 1
            assert moves < 10000
        assert moves * 300 >= policy.max_age - 300


def policy_gap(mode):
    return MODES[mode][1]


def policy_age(mode):
    return MODES[mode][2]


def test_a_save_long_ago_does_not_confuse_wrapped_ticks():
    # Saved, then left on with no change for longer than half the tick range
    # (3.1 days): a later pause must still count as "long after the save".
    policy, clock = started(mode=1)
    policy.changed(clock.advance(70000))
    assert first_due(policy, clock, 3000) is not None
    policy.saved(clock.now)
    for _ in range(3 * 24 * 60):  # idle frames once a minute for ~3 days...
        assert not policy.due(clock.advance(60000))
    clock.advance((1 << 28) - 3 * 24 * 60 * 60000 + 5000)  # ... past half the range
    policy.changed(clock.now)
    assert first_due(policy, clock, policy.pause + 100) is not None


def test_the_loaded_game_counts_as_saved():
    # At power-on the shown game is the stored one: a change in the first
    # seconds waits for the gap like any other, it does not cost an erase at
    # the first pause.
    policy, clock = started(mode=1)
    policy.changed(clock.advance(2000))
    assert first_due(policy, clock, policy.max_age - 100, step=100) is None
