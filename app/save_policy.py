# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""When to save (play lost at a power cut against NVM wear and stalls), and
the one path every save takes.

On a PyBadge every save erases the 8 KB NVM block (rated for 10,000 cycles)
and stalls Python for ~75 ms, so saving after every move is out. The policy
saves:

* at once after an urgent event (new game, win, Continue, game over, menu
  opened) - these are the moments a player remembers - unless the last save
  is less than ``urgent_gap`` ms old: then the event counts as a plain change
  (saved within ``max_age`` like any move). A game over followed by New
  game, or a win followed by Continue, then costs one erase instead of two,
  and nothing is lost: the saved RNG state makes the new game after a cut
  spawn exactly the same tiles;
* when the player pauses (no move for ``pause`` ms) and the last save is at
  least ``pause_gap`` ms old: a player about to switch off has paused;
* when the oldest unsaved move is ``max_age`` ms old, at the next idle frame,
  pause or not: this bounds the play a power cut can lose.

``due`` is polled only in idle frames (no input pending), so a save never
delays a move the player is making. Whether a save writes anything is the
store's business: identical bytes are skipped, and ``saved`` is called either
way. ``tools/measure/wear.py`` simulates play under each mode and prints erases per
hour, the longest play lost and the NVM's expected life.

Whoever saves (the policy's moments, Menu > Save now, a battery running
low, the simulator closing) calls ``Saving.save``. Nothing a save raises
stops the game: a failure leaves the policy's unsaved changes in place,
says "save FAILED", and the next try waits 2 s, doubling after each
further failure up to 64 s, so a broken NVM is not worn (or the game
stalled) by a try every frame. (The path is here, not in a module of its
own: a module costs the board a few hundred bytes of RAM.)
"""

from adafruit_ticks import ticks_add, ticks_diff
from micropython import const

from engine.store import FAILED, NO_NVM, SAVED, UNCHANGED

# The texts of app.words its statuses show (lang/keys.txt names them).
_W_S_SAVE = const(31)
_W_S_SAVE_FAILED = const(32)
_W_S_SAVED = const(33)
_W_S_SAVED_2 = const(34)
_W_S_UP_TO = const(35)
_W_S_DATE = const(36)
_W_S_NOT = const(37)
_W_S_NOT_SAVED = const(38)

#: Names of the modes, indexable by mode number.
MODE_NAMES = ("safer", "balanced", "gentler")
#: Mode used unless the player picks another.
DEFAULT_MODE = 1

#: Per mode: (pause, pause_gap, max_age, urgent_gap), all in ms; see above.
MODES = (
    (1500, 15000, 15000, 0),  # safer: <= 15 s of play lost
    (2000, 65000, 60000, 65000),  # balanced: <= 60 s lost, <= 60 erases/h
    (3000, 180000, 180000, 60000),  # gentler: <= 3 min lost
)


class SavePolicy:
    """Decides when the app should call ``store.save``.

    :param int mode: 0 = safer, 1 = balanced (default), 2 = gentler.

    Times are ``supervisor.ticks_ms()`` values (ms, wrapping at 2**29).
    """

    def __init__(self, mode=DEFAULT_MODE):
        self.mode = DEFAULT_MODE
        self.pause = self.pause_gap = self.max_age = self.urgent_gap = 0
        self.set_mode(mode)
        # Unsaved changes exist; times of the first and last of them.
        self.dirty = False
        self._first_change = 0
        self._last_change = 0
        # An urgent event waits for a save.
        self._urgent = False
        # Time of the last save; None when it is so old that tick arithmetic
        # can no longer tell (then: "long ago"). Until the first call it is
        # unknown: the game was just loaded, so what is shown is what is
        # stored, and the first call's time stands in for a save.
        self._last_save = None
        self._started = False

    def set_mode(self, mode):
        """Switch to ``mode`` (0..2); an out-of-range value picks the default."""
        if not 0 <= mode < len(MODES):
            mode = DEFAULT_MODE
        self.mode = mode
        self.pause, self.pause_gap, self.max_age, self.urgent_gap = MODES[mode]

    def _start(self, now_ms):
        if not self._started:
            self._started = True
            self._last_save = now_ms

    def changed(self, now_ms):
        """A valid move changed the game (not yet saved)."""
        self._start(now_ms)
        if not self.dirty:
            self.dirty = True
            self._first_change = now_ms
        self._last_change = now_ms

    def urgent(self, now_ms):
        """New game, win, Continue, game over or menu opened: save at once.

        Within ``urgent_gap`` ms of the last save it is a plain change.
        """
        self._start(now_ms)
        if self._last_save is not None and ticks_diff(now_ms, self._last_save) < self.urgent_gap:
            self.changed(now_ms)
        else:
            self._urgent = True

    def due(self, now_ms):
        """True when a save should happen now; poll in idle frames only."""
        self._start(now_ms)
        if self._urgent:
            return True
        if self._last_save is not None and ticks_diff(now_ms, self._last_save) > self.pause_gap:
            self._last_save = None  # old enough: forget it before ticks wrap
        if not self.dirty:
            return False
        if ticks_diff(now_ms, self._first_change) >= self.max_age:
            return True
        if ticks_diff(now_ms, self._last_change) < self.pause:
            return False
        return self._last_save is None

    def saved(self, now_ms):
        """``store.save`` was called (whether it wrote or skipped)."""
        self._started = True
        self.dirty = False
        self._urgent = False
        self._last_save = now_ms


# After a failed save: the wait before the first retry, and the longest (ms).
_SAVE_RETRY_MS = const(2000)
_SAVE_RETRY_MAX_MS = const(64000)
# What a store's save may answer; anything else is taken as a failure.
_OUTCOMES = (SAVED, UNCHANGED, FAILED, NO_NVM)


class Timings:
    """Durations the board measures for the About page, in ms (-1: not yet),
    and how it started. (Here beside ``Saving``, which keeps the rest of
    what that page tells, and always in memory: a module of its own would
    cost a few hundred bytes.)"""

    def __init__(self):
        #: From the start of code.py to a playable board.
        self.boot_ms = -1
        #: The last NVM write (a save that wrote).
        self.save_ms = -1
        #: The last solver decision.
        self.think_ms = -1
        #: What the solver scores its boards with (engine.solver.table_status():
        #: "learned table", or "heuristic" and why); None: no solver.
        self.table_status = None
        #: What start-up went without for want of memory (code.py): 0
        #: nothing, 1 the solver, 2 the animations too.
        self.low_memory = 0
        # Set from outside when it applies (the About page reads it):
        # ``simulated`` (a desktop simulator: the board it plays).


class Saving:
    """Saves ``game`` in ``store`` and keeps what the About page tells of it.

    :param store: an ``engine.store.Store`` (``save``, ``failure``, ``nvm``).
    :param game: the ``engine.game.Game`` played.
    :param policy: the app's :class:`SavePolicy` (told of each save).
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
            self.view.say(_W_S_SAVE, _W_S_SAVE_FAILED)
            return outcome
        self._retry_ms = 0
        if outcome == SAVED:
            self.timings.save_ms = ticks_diff(self.ticks_ms(), started)
        self.policy.saved(now)
        if say:
            if outcome == SAVED:
                self.view.say(_W_S_SAVED, _W_S_SAVED_2)
            elif outcome == UNCHANGED:
                self.view.say(_W_S_UP_TO, _W_S_DATE)
            else:
                self.view.say(_W_S_NOT, _W_S_NOT_SAVED)  # NO_NVM
        return outcome
