"""The bitmap fonts the screens use, loaded once at start-up.

Tile digits and scores come from subset misc-fixed PCF fonts in ``fonts/``
(public domain, see fonts/LICENSE-misc-fixed.txt; built by
tools/make_fonts.py); all other text is ``terminalio.FONT``, which lives in
flash and costs no heap.

The digit fonts are only needed while the sprite sheets are drawn at
start-up (tile faces, score digits); ``close()`` then lets them go (~12 KB
of glyphs and five open files). The PCF loader is imported directly:
``bitmap_font.load_font`` would also import the BDF, TTF and LVGL loaders.
"""

import displayio
import terminalio
from adafruit_bitmap_font.pcf import PCF

DIGITS = "0123456789"
#: Font file for each digit count 1..6: the widest glyphs that still fit a
#: 27 px tile (131072 in 4x6 is 24 px wide).
_FILES_BY_DIGITS = (
    "9x18B-digits.pcf",
    "9x18B-digits.pcf",
    "8x13B-digits.pcf",
    "6x13B-digits.pcf",
    "5x8-digits.pcf",
    "4x6-digits.pcf",
)

TEXT = terminalio.FONT


class Fonts:
    """Loaded fonts.

    :param str font_dir: folder holding the .pcf files ("/fonts" on the device).
    """

    def __init__(self, font_dir):
        loaded = {}
        by_digits = []
        for name in _FILES_BY_DIGITS:
            if name not in loaded:
                font = PCF(open(font_dir + "/" + name, "rb"), displayio.Bitmap)
                # All glyphs now, so no file I/O happens mid-game.
                font.load_glyphs(DIGITS)
                loaded[name] = font
            by_digits.append(loaded[name])
        #: by_digits[n - 1] is the tile font for an n-digit number (n = 1..6).
        self.by_digits = by_digits
        self.text = TEXT

    def close(self):
        """Release the digit fonts (after the sprite sheets are drawn)."""
        closed = []
        for font in self.by_digits:
            if font not in closed:
                closed.append(font)
                font.file.close()
        self.by_digits = []

    def for_digits(self, count):
        """Tile font for a number of ``count`` digits (7 and more: the smallest)."""
        return self.by_digits[min(count, 6) - 1]

    def for_score(self, count):
        """Score font: 6x13 bold up to 6 digits (36 px), 5x8 for 7 (35 px)."""
        return self.by_digits[3] if count <= 6 else self.by_digits[4]
