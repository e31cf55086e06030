# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The one path for every save, and its retries after a failure.

Whoever saves (the save policy's moments, Menu > Save now, a battery
running low, the simulator closing) calls ``Saving.save``. Nothing a save
raises stops the game: a failure leaves the policy's unsaved changes in
place, says "save FAILED", and the next try waits 2 s, doubling after
each further failure up to 64 s, so a broken NVM is not worn (or the game stalled) by a try every frame.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


from adafruit_ticks import ticks_add, ticks_diff

from engine.store import FAILED, NO_NVM, SAVED, UNCHANGED

# The wait before the first retry and the longest wait (ms).
_SAVE_RETRY_MS = const(2000)
_SAVE_RETRY_MAX_MS = const(64000)
# What a store's save may answer; anything else is taken as a failure.
_OUTCOMES = (SAVED, UNCHANGED, FAILED, NO_NVM)


class Saving:
    """Saves ``game`` in ``store`` and keeps what the About page tells of it.

    :param store: an ``engine.store.Store`` (``save``, ``failure``, ``nvm``).
    :param game: the ``engine.game.Game`` played.
    :param policy: the app's :class:`app.save_policy.SavePolicy` (told of each save).
    :param view: the play screen (its status lines).
    :param timings: the About page's durations (``save_ms``).
    :param ticks_ms: the millisecond clock.
    """

    def __init__(self, store, game, policy, view, timings, ticks_ms):
        self.store = store
        self.game = game
        self.policy = policy
        self.view = view
        self.timings = timings
        self.ticks_ms = ticks_ms
        #: Outcome of the last save (engine.store.SAVED, UNCHANGED, FAILED,
        #: NO_NVM; None before the first) and, if it failed, why.
        #: NO_NVM from the start on a board without NVM (the About page says so).
        self.last_save = NO_NVM if getattr(store, "nvm", True) is None else None
        # Without NVM: why, if the store knows (code.py: an NVM too small).
        self.save_failure = getattr(store, "failure", None) if self.last_save == NO_NVM else None
        #: Saves that failed, for any reason.
        self.failed_saves = 0
        # Wait before the next try after a failure (ms; 0: none failed).
        self._retry_ms = 0
        self._retry_at = 0

    def may_save(self, now):
        """False while a failed save's retry is still to come."""
        return not self._retry_ms or ticks_diff(now, self._retry_at) >= 0

    def save(self, now, say=False):
        """Save the game now; the status lines say how it went if ``say``
        (Save now: "saved" only if a record was written and read back
        equal), and always if it failed.

        :return: the outcome, ``engine.store.SAVED`` (written and read back
            equal), ``UNCHANGED``, ``FAILED`` or ``NO_NVM``.
        """
        started = self.ticks_ms()
        failure = None
        try:
            outcome = self.store.save(self.game)
            if outcome not in _OUTCOMES:  # a stranger's answer
                outcome = FAILED
            if outcome == FAILED:
                failure = getattr(self.store, "failure", None)
        except Exception as error:  # a store object that raises after all
            outcome = FAILED
            failure = type(error).__name__
        self.last_save = outcome
        self.save_failure = failure
        if outcome == FAILED:
            self.failed_saves += 1
            retry = self._retry_ms * 2 if self._retry_ms else _SAVE_RETRY_MS
            self._retry_ms = retry if retry < _SAVE_RETRY_MAX_MS else _SAVE_RETRY_MAX_MS
            self._retry_at = ticks_add(now, self._retry_ms)
            self.view.show_status("save", "FAILED")
            return outcome
        self._retry_ms = 0
        if outcome == SAVED:
            self.timings.save_ms = ticks_diff(self.ticks_ms(), started)
        self.policy.saved(now)
        if say:
            if outcome == SAVED:
                self.view.show_status("saved")
            elif outcome == UNCHANGED:
                self.view.show_status("up to", "date")
            else:
                self.view.show_status("not", "saved")  # NO_NVM
        return outcome
