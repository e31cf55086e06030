# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""When to save: play lost at a power cut against NVM wear and stalls.

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
way. ``tools/wear.py`` simulates play under each mode and prints erases per
hour, the longest play lost and the NVM's expected life.
"""

from adafruit_ticks import ticks_diff

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

    @property
    def mode_name(self):
        """Name of the current mode, e.g. ``"balanced"``."""
        return MODE_NAMES[self.mode]

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
