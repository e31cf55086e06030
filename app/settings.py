# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The app's settings and their place in the store's 16 opaque setting bytes.

This is the one place that gives the bytes of ``store.settings`` a meaning.
All zeros (a fresh store, and bytes 8..15 of a save from before format 3) is
the default: full brightness, sound and lights off, animations on, the save
policy's default mode, tilt off, undo off, English, Classic colours. Bytes
from an unknown future version or a stranger are clamped to something valid,
never trusted.

    byte 0  brightness: steps below full, 0..4 (100, 80, 60, 40, 20 %)
    byte 1  sound: 0 off, 1 on
    byte 2  lights (NeoPixels): 0 off, 1 on
    byte 3  animations: 0 on, 1 off
    byte 4  save policy: 0 default, else SavePolicy mode + 1
    byte 5  tilt adds to the D-pad (a board with an accelerometer): 0 off, 1 on
    byte 6  screen off after: 0 default (5 min), else SCREEN_OFF step + 1
    byte 7  brightness follows the room (a board with a light sensor): 0 off, 1 on
    byte 8  undo (UNDO): step of UNDO_DEPTHS, 0 Off, 1 one move, 2 five moves
    byte 9  language (LANGUAGE): step of LANGUAGES, 0 English, 1 Romanian, 2 Czech
    byte 10 colours (COLOURS): step of PALETTES, 0 Classic, 1 Clear, 2 Night
    bytes 11..15 spare: they read 0, so a later row starts at its default
            with no new save format

The rows from byte 8 on are read and written through one typed accessor
each way (``chosen``, ``choice``, ``choose``) and a table of their options
(``OPTIONS``): a later row is a byte and a tuple, not new code (every
function is heap on the board: ~100 bytes for the smallest).

Undo is the game's too (``Game.undo_depth``, saved with its history): the app
sets it from ``chosen(UNDO)`` after loading and whenever the row changes.
"""

from micropython import const

# Byte indices (const: no module globals for them on the board).
_BRIGHTNESS = const(0)
_SOUND = const(1)
_LIGHTS = const(2)
_NO_ANIMATIONS = const(3)
_SAVE_MODE = const(4)
_TILT = const(5)
_SCREEN_OFF = const(6)
_AUTO_BRIGHTNESS = const(7)
#: Bytes of the rows read through ``chosen`` / ``choice`` / ``choose``.
UNDO = const(8)
LANGUAGE = const(9)
COLOURS = const(10)

#: Brightness levels offered, in percent.
BRIGHTNESS_LEVELS = (100, 80, 60, 40, 20)
#: Minutes without input before the screen goes off (0: never), as offered.
SCREEN_OFF_MINUTES = (2, 5, 10, 0)
#: The step of SCREEN_OFF_MINUTES a fresh store has: 5 minutes.
_SCREEN_OFF_DEFAULT = const(1)
#: Moves an undo may take back in a row, as offered (0: Off, the original's rules).
UNDO_DEPTHS = (0, 1, 5)
#: Languages offered (ISO 639-1 codes): English, Romanian, Czech.
LANGUAGES = ("en", "ro", "cs")
#: Tile palettes offered: today's colours, a colour-vision-safe one, a dark one.
PALETTES = ("classic", "clear", "night")
#: The options of the rows from byte 8 on, by byte - 8; the first is the default.
OPTIONS = (UNDO_DEPTHS, LANGUAGES, PALETTES)


class Settings:
    """Typed view of ``store.settings`` (a bytearray(16), changed in place).

    :param data: the bytearray to read and write.
    :param int default_save_mode: SavePolicy mode used while byte 4 is 0.
    :param int save_modes: number of SavePolicy modes.
    """

    def __init__(self, data, default_save_mode=1, save_modes=1):
        self.data = data
        self.default_save_mode = default_save_mode
        self.save_modes = max(1, save_modes)

    def _get(self, index):
        return self.data[index] if index < len(self.data) else 0

    def _set(self, index, value):
        if index < len(self.data):
            self.data[index] = value

    @property
    def brightness_step(self):
        """0 (full) .. 4 (dimmest)."""
        return min(self._get(_BRIGHTNESS), len(BRIGHTNESS_LEVELS) - 1)

    @brightness_step.setter
    def brightness_step(self, value):
        self._set(_BRIGHTNESS, value % len(BRIGHTNESS_LEVELS))

    @property
    def brightness(self):
        """Backlight level 0.2 .. 1.0."""
        return BRIGHTNESS_LEVELS[self.brightness_step] / 100

    @property
    def sound(self):
        """True if the speaker may click."""
        return self._get(_SOUND) == 1

    @sound.setter
    def sound(self, value):
        self._set(_SOUND, 1 if value else 0)

    @property
    def lights(self):
        """True if the NeoPixels may light up."""
        return self._get(_LIGHTS) == 1

    @lights.setter
    def lights(self, value):
        self._set(_LIGHTS, 1 if value else 0)

    @property
    def animations(self):
        """True if moves are animated."""
        return self._get(_NO_ANIMATIONS) == 0

    @animations.setter
    def animations(self, value):
        self._set(_NO_ANIMATIONS, 0 if value else 1)

    @property
    def save_mode(self):
        """SavePolicy mode, 0 .. save_modes - 1."""
        stored = self._get(_SAVE_MODE)
        if stored == 0 or stored > self.save_modes:
            return self.default_save_mode
        return stored - 1

    @save_mode.setter
    def save_mode(self, mode):
        self._set(_SAVE_MODE, (mode % self.save_modes) + 1)

    @property
    def tilt(self):
        """True if tilting the board slides the tiles too (Settings shows it
        only on a board with an accelerometer)."""
        return self._get(_TILT) == 1

    @tilt.setter
    def tilt(self, value):
        self._set(_TILT, 1 if value else 0)

    @property
    def screen_off_step(self):
        """0 .. 3: which of SCREEN_OFF_MINUTES (2, 5, 10 min, never)."""
        stored = self._get(_SCREEN_OFF)
        if stored == 0 or stored > len(SCREEN_OFF_MINUTES):
            return _SCREEN_OFF_DEFAULT
        return stored - 1

    @screen_off_step.setter
    def screen_off_step(self, step):
        self._set(_SCREEN_OFF, (step % len(SCREEN_OFF_MINUTES)) + 1)

    @property
    def screen_off_ms(self):
        """Milliseconds without input before the screen goes off; 0: never."""
        return SCREEN_OFF_MINUTES[self.screen_off_step] * 60000

    @property
    def auto_brightness(self):
        """True if the backlight follows the room's light (Brightness "auto";
        Settings offers it only on a board with a light sensor)."""
        return self._get(_AUTO_BRIGHTNESS) == 1

    @auto_brightness.setter
    def auto_brightness(self, value):
        self._set(_AUTO_BRIGHTNESS, 1 if value else 0)

    def choice(self, row):
        """The step chosen in ``row`` (UNDO, LANGUAGE or COLOURS): 0 .. its
        options less 1; 0 (the default) for a byte that is 0 or unknown."""
        stored = self._get(row)
        return stored if stored < len(OPTIONS[row - 8]) else 0

    def choose(self, row, step):
        """Choose ``step`` in ``row``; steps wrap, as the other rows' do."""
        self._set(row, step % len(OPTIONS[row - 8]))

    def chosen(self, row):
        """The option chosen in ``row``: moves of undo (0, 1, 5), a language
        ("en", "ro", "cs") or a palette ("classic", "clear", "night")."""
        return OPTIONS[row - 8][self.choice(row)]
