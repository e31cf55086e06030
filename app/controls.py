# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Input mapping: keypad events (PyBadge button numbers) to game actions.

Each press acts once (no auto-repeat; a held D-pad does not slide again).
Select acts on release (short press: hint) or once when held for
``LONG_PRESS_MS`` (toggle autoplay), so the two never both happen.
Other boards' control schemes (app.two_buttons, app.stdin_keys) have
the methods of ``Controls``, the PyBadge's, and its ``playing``, which the
app keeps up to date.
"""

from adafruit_ticks import ticks_diff
from micropython import const

# keypad.ShiftRegisterKeys key numbers on the PyBadge.
KEY_B = const(0)
KEY_A = const(1)
KEY_START = const(2)
KEY_SELECT = const(3)
KEY_RIGHT = const(4)
KEY_DOWN = const(5)
KEY_UP = const(6)
KEY_LEFT = const(7)
KEY_COUNT = const(8)

# Actions. The four directions equal engine.rules' UP, RIGHT, DOWN, LEFT.
NONE = const(-1)
UP = const(0)
RIGHT = const(1)
DOWN = const(2)
LEFT = const(3)
CONFIRM = const(4)  # A
BACK = const(5)  # B
MENU = const(6)  # Start
HINT = const(7)  # Select, short press
AUTOPLAY = const(8)  # Select, held
#: A key went down but acts later (Select); still counts as input.
PRESS = const(9)
#: Take the last move back: a board's undo held (``Controls.undo_button``
#: "Hold ..."), given only while ``Controls.undo`` is on. B's press is
#: BACK, which the App takes as an undo where one applies.
UNDO = const(10)

#: Select held this long toggles autoplay (milliseconds).
LONG_PRESS_MS = const(700)

#: What the words the game's texts name buttons by are called where a board
#: gives them no name of its own (its profile's ``BUTTONS``): the
#: PyBadge's, whose buttons carry the game's names. "Up/Down" picks a row,
#: "Left/Right" changes a setting.
_GAME_NAMES = {"Up/Down": "Up/Down", "Left/Right": "<>"}

# Action of a press of key 0..7.
_PRESS_ACTIONS = bytes((BACK, CONFIRM, MENU, PRESS, RIGHT, DOWN, UP, LEFT))


class Controls:
    """Turns key events into actions; remembers which keys are held.

    :param keymap: optional bytes: the logical key (``KEY_B`` .. ``KEY_LEFT``)
        of each of the key source's key numbers, for boards whose buttons
        come in another order (boards/); a key number past its end does
        nothing. None: the key numbers already are the logical keys.
    :param names: optional {the game's button: the name printed on the
        board's}, a profile's ``BUTTONS`` (see :meth:`name`); None: the
        PyBadge's names, which are the game's.
    """

    #: The board's names for the game's buttons (None: the game's own).
    names = None
    #: The game's button that undoes on the play screen and the banners
    #: while Settings > Undo is on, as the Controls page names it: "B", or
    #: "Hold A" on a board without a B (its profile's ``UNDO``).
    undo_button = "B"
    #: The key whose hold undoes (``undo_button`` "Hold ..."), or -1: B's
    #: press undoes (as BACK).
    _undo_key = -1

    def __init__(self, keymap=None, names=None, undo=None):
        self._keymap = keymap
        if names is not None:  # (a PyBadge's scheme holds one attribute fewer)
            self.names = names
        if undo is not None and undo != "B":
            # "Hold A": the held key's press acts on its release, or undoes
            # once held LONG_PRESS_MS, while ``undo`` is on.
            self.undo_button = undo
            self._undo_key = KEY_A if undo == "Hold A" else KEY_B
        #: True while Settings > Undo is on (the App keeps it): only then
        #: does a held ``_undo_key`` wait to see whether it is an undo.
        self.undo = False
        #: True while the game is in play (not on a banner or in the menu):
        #: the app sets it, a scheme whose keys mean more than one thing reads it.
        self.playing = True
        #: Bit k set while key k is down.
        self.held = 0
        # The key that acts when let go or held: Select, or the undo key.
        self._select_key = KEY_SELECT
        self._select_since = 0
        self._select_spent = True

    def name(self, button):
        """What the board calls the game's ``button``, for a text that names
        it: "A", "B", "Start", "Select", "D-pad", "Up", "Down", "Left",
        "Right", or the pairs "Up/Down" (picks a row) and "Left/Right"
        (changes a setting; "<>" on the PyBadge). A pair the board names
        only one by one is the two names with "/" between them (a Sprig's
        "W/S"); a button the board does not rename keeps the game's name.
        Called when a page or banner is built, never per frame.
        """
        names = self.names
        if names:
            if button in names:
                return names[button]
            first, _, second = button.partition("/")
            if second and first in names and second in names:
                return names[first] + "/" + names[second]
        return _GAME_NAMES.get(button, button)

    def translate(self, event, now):
        """The action for one keypad ``Event`` at time ``now`` (ms), or NONE.

        A second press of a key already down (a lost release) is ignored,
        so nothing is doubled.
        """
        key = event.key_number
        keymap = self._keymap
        if keymap is not None:
            key = keymap[key] if 0 <= key < len(keymap) else NONE
        if not 0 <= key < KEY_COUNT:
            return NONE
        bit = 1 << key
        if event.pressed:
            if self.held & bit:
                return NONE
            self.held |= bit
            if key == KEY_SELECT or (key == self._undo_key and self.undo):
                # Acts when let go, or once held (poll): hint or autoplay,
                # the key's own action or an undo.
                self._select_key = key
                self._select_since = now
                self._select_spent = False
                return PRESS
            return _PRESS_ACTIONS[key]
        if not self.held & bit:
            return NONE
        self.held &= ~bit
        if key == self._select_key and not self._select_spent:
            self._select_spent = True
            return HINT if key == KEY_SELECT else _PRESS_ACTIONS[key]
        return NONE

    def poll(self, now):
        """AUTOPLAY (Select) or UNDO (the undo key) once the key waiting to
        act has been held long enough, else NONE."""
        if self._select_spent or not self.held & (1 << self._select_key):
            return NONE
        if ticks_diff(now, self._select_since) >= LONG_PRESS_MS:
            self._select_spent = True
            return AUTOPLAY if self._select_key == KEY_SELECT else UNDO
        return NONE

    def forget(self):
        """Forget every held key, e.g. after key events were lost.

        A lost release would leave its key "held" and its next press
        ignored (a press of a held key counts as a bounce); after this,
        the next press of any key acts. A release of a key held meanwhile
        does nothing, and a Select (or held undo key) press in progress does
        nothing either.
        """
        self.held = 0
        self._select_spent = True

    def swallow(self):
        """The Select (or held undo key) press in progress, if any, will do nothing.

        Used when a press only wakes the screen or stops autoplay.
        """
        self._select_spent = True
