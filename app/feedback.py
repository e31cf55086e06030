# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Light feedback: a speaker click on merges, a NeoPixel flash, a win chord.

Both are optional (None on the desktop or when a board lacks them) and both
are off unless the settings turn them on. Nothing here blocks: a tone or a
flash is started and ``tick`` ends it later.
"""

from adafruit_ticks import ticks_diff
from micropython import const

from app import theme

_CLICK_MS = const(30)
_FLASH_MS = const(150)
_WIN_MS = const(400)
#: NeoPixels are bright; a tile colour is scaled down to this /256.
_PIXEL_LEVEL = const(24)


def _dimmed(colour):
    # 0xRRGGBB with each channel scaled down for the NeoPixels.
    red = ((colour >> 16) & 0xFF) * _PIXEL_LEVEL >> 8
    green = ((colour >> 8) & 0xFF) * _PIXEL_LEVEL >> 8
    blue = (colour & 0xFF) * _PIXEL_LEVEL >> 8
    return (red << 16) | (green << 8) | blue


class Feedback:
    """Sound and lights, on the speaker and the NeoPixels of ``hardware``
    (an :class:`app.hardware.Hardware`).

    Its ``speaker`` has ``play_tone(frequency_hz)`` and ``stop()``; its
    ``pixels`` a ``fill(0xRRGGBB)`` that lights every pixel
    (boards._pixels.Pixels, or a ``neopixel.NeoPixel``); either may be None.
    """

    def __init__(self, hardware):
        self.speaker = hardware.speaker
        self.pixels = hardware.pixels
        self.sound = False
        self.lights = False
        self._tone_until = -1
        self._light_until = -1
        self._tone_since = 0
        self._light_since = 0

    def _tone(self, frequency, duration, now):
        if self.sound and self.speaker is not None:
            self.speaker.play_tone(frequency)
            self._tone_since = now
            self._tone_until = duration

    def _flash(self, colour, duration, now):
        if self.lights and self.pixels is not None:
            self.pixels.fill(_dimmed(colour))
            self._light_since = now
            self._light_until = duration

    def merged(self, exponent, now):
        """A move merged tiles; ``exponent`` is the largest tile on the board."""
        self._tone(220 + 40 * exponent, _CLICK_MS, now)
        self._flash(theme.tile_colour(exponent), _FLASH_MS, now)

    def won(self, now):
        """A 2048 was made."""
        self._tone(880, _WIN_MS, now)
        self._flash(theme.WIN_GOLD, _WIN_MS, now)

    def tick(self, now):
        """End a tone or flash whose time is up."""
        if self._tone_until >= 0 and ticks_diff(now, self._tone_since) >= self._tone_until:
            self._tone_until = -1
            self.speaker.stop()
        if self._light_until >= 0 and ticks_diff(now, self._light_since) >= self._light_until:
            self._light_until = -1
            self.pixels.fill(0)

    def apply(self, settings):
        """Settings > Sound and Lights (an app.settings.Settings)."""
        self.sound = settings.sound
        self.lights = settings.lights
        if not (settings.sound and settings.lights):
            self.off()

    def off(self):
        """Silence and darken at once (settings turned them off)."""
        if self.speaker is not None:
            self.speaker.stop()
        if self.pixels is not None:
            self.pixels.fill(0)
        self._tone_until = -1
        self._light_until = -1
