# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The control scheme of a board with only buttons A and B (the Adafruit CLUE).

Directions come from tilt (app.tilt, keys 4..7) and act as on the PyBadge.
A and B are PyBadge key numbers 1 and 0 (on the CLUE:
``keypad.Keys((board.BUTTON_B, board.BUTTON_A), value_when_pressed=False,
pull=True)``), and mean:

* in play: A = hint, B = menu, both = autoplay;
* on banners and in menus: A = OK, B = back, both = menu (in the menu:
  back to the game);
* while Settings > Undo is on (``undo``), B held ``LONG_PRESS_MS`` undoes
  (in play and on banners); B then acts on its release.

Both = the second pressed while the first is still down and undecided:
within ``CHORD_MS`` of it, as the app's frames see time. A single press
therefore acts on its release, or once it has been held ``CHORD_MS``
without the other, and a chord never also gives either single action.
Once a press has acted (alone, or in a chord, or by waking the screen),
pressing the other button while it is still held does nothing.

What a press means depends on whether the game is in play when its
action is decided (``playing``, which the app keeps up to date).
"""

from adafruit_ticks import ticks_diff
from micropython import const

from app.controls import AUTOPLAY, BACK, CONFIRM, HINT, KEY_A, KEY_B, LONG_PRESS_MS, MENU, NONE, PRESS, UNDO, Controls

#: Both buttons pressed within this many ms of each other are a chord.
CHORD_MS = const(150)
_BOTH = const(3)  # the held bits of KEY_B (0) and KEY_A (1)

# The texts of app.words its Controls page shows (lang/keys.txt names them).
_W_TILT = const(63)
_W_SLIDE = const(115)
_W_MENU_ACTION = const(118)
_W_HINT_SOLVER = const(119)
_W_AUTOPLAY = const(120)
_W_STOP_AUTOPLAY = const(121)
_W_ANY_KEY = const(122)
_W_OFF_SAVE_FIRST = const(125)
_W_TILT_MENUS = const(127)
_W_TILT_LEVEL = const(128)
_W_UNDO_IF_ON = const(160)

#: The Controls page (app.help_text.CONTROLS's form): (button, what it
#: does), then the notes under them.
HELP_ROWS = (
    (_W_TILT, _W_SLIDE),
    ("A", _W_HINT_SOLVER),
    ("B", _W_MENU_ACTION),
    ("A+B", _W_AUTOPLAY),
    ("Hold B", _W_UNDO_IF_ON),
    (_W_ANY_KEY, _W_STOP_AUTOPLAY),
)
HELP_NOTES = (_W_TILT_MENUS, _W_TILT_LEVEL, _W_OFF_SAVE_FIRST)


class TwoButtonControls(Controls):
    """Key events to actions for A, B and tilt (see the module's text).

    :param names: the board's names for the game's buttons (``Controls``).
    """

    #: The Controls help page (app.help_text.controls_units).
    help_rows = HELP_ROWS
    help_notes = HELP_NOTES
    #: B is the menu in play: held, it undoes (while ``undo`` is on).
    undo_button = "Hold B"

    def __init__(self, names=None):
        super().__init__(None, names)
        # The button waiting to be a single press or half a chord (-1: none).
        self._waiting = -1
        self._waiting_since = 0
        # The press of the button still held has acted: the other one's
        # press does nothing until both are up.
        self._spent = False

    def translate(self, event, now):
        """The action for one keypad ``Event`` at ``now`` (ms), or NONE."""
        key = event.key_number
        if key != KEY_A and key != KEY_B:
            return Controls.translate(self, event, now)
        bit = 1 << key
        if event.pressed:
            if self.held & bit:
                return NONE  # pressed again without a release: a bounce
            other_held = self.held & _BOTH
            self.held |= bit
            if other_held:
                if self._waiting >= 0:
                    # The other is down and undecided: a chord.
                    self._waiting = -1
                    self._spent = True
                    return AUTOPLAY if self.playing else MENU
                if self._spent:
                    return NONE
            self._waiting = key
            self._waiting_since = now
            self._spent = False
            return PRESS
        if not self.held & bit:
            return NONE
        self.held &= ~bit
        if not self.held & _BOTH:
            self._spent = False
        if self._waiting == key:
            self._waiting = -1
            return _single(key, self.playing)
        return NONE

    def poll(self, now):
        """Once a frame: a single press held ``CHORD_MS`` without the other
        acts now (B while ``undo`` is on: held ``LONG_PRESS_MS``, it undoes)."""
        key = self._waiting
        if key >= 0:
            held = ticks_diff(now, self._waiting_since)
            if key == KEY_B and self.undo:
                # B waits to be an undo (held) or its own action (let go).
                if held >= LONG_PRESS_MS:
                    self._waiting = -1
                    self._spent = True
                    return UNDO
            elif held >= CHORD_MS:
                self._waiting = -1
                self._spent = True
                return _single(key, self.playing)
        return Controls.poll(self, now)

    def forget(self):
        """Forget every held key (events were lost); nothing is waiting."""
        Controls.forget(self)
        self._waiting = -1
        self._spent = False

    def swallow(self):
        """The press in progress does nothing (it woke the screen, stopped autoplay)."""
        Controls.swallow(self)
        self._waiting = -1
        self._spent = True


def _single(key, playing):
    # What A or B alone does.
    if key == KEY_A:
        return HINT if playing else CONFIRM
    return MENU if playing else BACK
