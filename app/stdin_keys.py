# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""A keyboard on the console (the Fruit Jam's USB keyboard, a serial terminal) as keys.

CircuitPython hands a USB keyboard's keys to ``sys.stdin`` as text; the
arrows are escape sequences (ESC [ A/B/C/D, or ESC O A/B/C/D from a
terminal in application mode). Each key becomes a press and a release
of a PyBadge key number (app.controls):

    arrows              D-pad (Up 6, Down 5, Right 4, Left 7)
    Enter               Start (menu)
    Space               Select (hint)
    p                   autoplay (a terminal cannot hold Select: KEY_AUTOPLAY,
                        which ``KeyboardControls`` maps)
    a, x                A
    b, z, Backspace,    B
    Escape alone

Reading never blocks: once a frame (when the app reads its keys) it asks
how many bytes are waiting and reads at most ``READ_MAX`` characters, one
at a time (``sys.stdin`` is text: ``read(n)`` waits for n whole
characters). A sequence split across reads is completed by the next one;
an Escape with nothing after it for ``ESCAPE_FRAMES`` frames is the key
itself, and an unfinished, unknown or too long sequence is dropped, up to
and with its final byte. Any byte is safe: unknown keys and garbage do
nothing.

Idle frames allocate nothing; a typed character costs the strings
``read(1)`` returns.
"""

from micropython import const

from app.controls import (
    AUTOPLAY,
    KEY_A,
    KEY_B,
    KEY_DOWN,
    KEY_LEFT,
    KEY_RIGHT,
    KEY_SELECT,
    KEY_START,
    KEY_UP,
    NONE,
    Controls,
)
from app.key_queue import KeyQueue

#: A key no button has: the keyboard's autoplay key (KeyboardControls).
KEY_AUTOPLAY = const(8)

#: Characters read per frame at most (each gives a press and a release).
READ_MAX = const(16)
#: Frames without a byte after which an open Escape is the Escape key.
ESCAPE_FRAMES = const(2)
#: Bytes an escape sequence may have (ESC and the introducer included).
SEQUENCE_MAX = const(12)

_ESC = const(0x1B)
# Parser states.
_TEXT = const(0)
_ESCAPE = const(1)  # after ESC
_CSI = const(2)  # after ESC [
_SS3 = const(3)  # after ESC O
_DROP = const(4)  # a CSI longer than SEQUENCE_MAX: dropped up to its final byte

# Key number + 1 of each ASCII character (0: no key).
_KEY_OF = bytearray(128)
for _chars, _key in (
    ("aAxX", KEY_A),
    ("bBzZ\x08\x7f", KEY_B),
    ("\r\n", KEY_START),
    (" ", KEY_SELECT),
    ("pP", KEY_AUTOPLAY),
):
    for _char in _chars:
        _KEY_OF[ord(_char)] = _key + 1
del _chars, _key, _char
# The final byte of an arrow's sequence: A B C D.
_ARROWS = bytes((KEY_UP, KEY_DOWN, KEY_RIGHT, KEY_LEFT))

# The texts of app.words its Controls page shows (lang/keys.txt names them).
_W_SLIDE = const(115)
_W_OK_CONTINUE = const(116)
_W_BACK = const(117)
_W_MENU_ACTION = const(118)
_W_HINT_SOLVER = const(119)
_W_AUTOPLAY = const(120)
_W_STOP_AUTOPLAY = const(121)
_W_ANY_KEY = const(122)
_W_OFF_SAVE_FIRST = const(125)
_W_ARROWS = const(129)
_W_A_OR_X = const(130)
_W_KEYS_IN_MENUS = const(131)
_W_UNDO_IF_ON = const(160)

#: The Controls page (app.help_text.CONTROLS's form): (keys, what they
#: do), then the notes under them.
HELP_ROWS = (
    (_W_ARROWS, _W_SLIDE),
    (_W_A_OR_X, _W_OK_CONTINUE),
    ("B, Z, Esc", _W_BACK),  # (the two rows of one key make one: "back / undo if on")
    ("B, Z, Esc", _W_UNDO_IF_ON),
    ("Enter", _W_MENU_ACTION),
    ("Space", _W_HINT_SOLVER),
    ("P", _W_AUTOPLAY),
    (_W_ANY_KEY, _W_STOP_AUTOPLAY),
)
HELP_NOTES = (_W_KEYS_IN_MENUS, _W_OFF_SAVE_FIRST)


class KeyboardControls(Controls):
    """The PyBadge's control scheme plus the autoplay key; its help page names keys."""

    #: The Controls help page (app.help_text.controls_units).
    help_rows = HELP_ROWS
    help_notes = HELP_NOTES
    #: The keys that are B undo (a row of HELP_ROWS says so).
    undo_button = "B, Z, Esc"

    def translate(self, event, now):
        """As ``Controls.translate``; a press of KEY_AUTOPLAY is AUTOPLAY."""
        if event.key_number == KEY_AUTOPLAY:
            return AUTOPLAY if event.pressed else NONE
        return Controls.translate(self, event, now)


class StdinKeys:
    """``events`` like ``keypad.Keys`` for the console's keyboard plus the board's buttons.

    :param runtime: has ``serial_bytes_available`` (int, or bool before
        CircuitPython 9.1): ``supervisor.runtime``.
    :param stdin: has ``read(n)`` -> str (or bytes): ``sys.stdin``.
    :param buttons: the board's ``keypad`` keys (PyBadge key numbers), or None.
    :param event: a ``keypad.Event`` to read button events into.
    """

    def __init__(self, runtime, stdin, buttons=None, event=None):
        self.runtime = runtime
        self.stdin = stdin
        self.events = KeyQueue(self.sample, buttons, event, 2 * READ_MAX)
        self._state = _TEXT
        self._length = 0  # bytes of the open sequence
        self._quiet = 0  # frames without a byte while a sequence is open
        self._after_newline = False

    def sample(self):
        """Read what the console has (without waiting) and queue its keys."""
        try:
            waiting = int(self.runtime.serial_bytes_available)
        except (OSError, ValueError, TypeError):
            return
        if waiting <= 0:
            if self._state != _TEXT:
                self._quiet += 1
                if self._quiet >= ESCAPE_FRAMES:
                    if self._state == _ESCAPE:
                        self._key(KEY_B)  # Escape on its own
                    self._state = _TEXT
            return
        self._quiet = 0
        events = self.events
        read = 0
        # One byte can end an Escape and be a key itself: 4 transitions.
        while waiting > 0 and read < READ_MAX and events.free >= 4:
            read += 1
            try:
                text = self.stdin.read(1)
            except ValueError:  # bytes that are no UTF-8 (UnicodeError): skipped
                pass
            else:
                if not text:
                    break  # none after all: the next frame asks again
                self._byte(text[0] if isinstance(text, bytes) else ord(text[0]))
            waiting = int(self.runtime.serial_bytes_available)
        # Enter as CR LF (or LF LF: CircuitPython reads CR as LF) is one key
        # within one frame, two across frames.
        self._after_newline = False

    def _key(self, key):
        self.events.push(key, True)
        self.events.push(key, False)

    def _byte(self, code):
        state = self._state
        if state != _TEXT:
            self._length += 1
            if not 0x20 <= code <= 0x7E:
                # A control byte: not a sequence after all. An Escape still
                # open is the key; the byte is read afresh.
                if state == _ESCAPE:
                    self._key(KEY_B)
                self._state = _TEXT
            elif state == _DROP or (state == _CSI and self._length > SEQUENCE_MAX):
                # Too long: its bytes are dropped until its final one (0x40
                # and up; parameters are 0x20..0x3F), and that one too.
                self._state = _TEXT if 0x40 <= code else _DROP
                return
            elif state == _ESCAPE:
                if code == 0x5B:  # [
                    self._state = _CSI
                elif code == 0x4F:  # O
                    self._state = _SS3
                else:  # Alt + a key: Escape, then the key
                    self._key(KEY_B)
                    self._state = _TEXT
                    self._text(code)
                return
            elif state == _SS3 or 0x40 <= code:
                # The final byte (CSI parameters are 0x20..0x3F).
                self._state = _TEXT
                if 0x41 <= code <= 0x44:
                    self._key(_ARROWS[code - 0x41])
                return
            else:
                return  # a CSI parameter (ESC [ 1 ; 5 A is Ctrl + Up: an arrow too)
        self._text(code)

    def _text(self, code):
        if code == _ESC:
            self._state = _ESCAPE
            self._length = 1
            self._after_newline = False
            return
        newline = code == 0x0D or code == 0x0A
        if newline and self._after_newline:
            self._after_newline = False  # the LF of CR LF
            return
        self._after_newline = newline
        if code < 0x80:
            key = _KEY_OF[code]
            if key:
                self._key(key - 1)
