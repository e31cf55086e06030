# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""app/ and engine/ import no hardware module, at any depth.

The drivers are in boards/ (_pixels.py, _sound.py, _lis3dh.py,
_lsm6ds.py): a profile builds the board's parts and hands them in, so the
app runs the same on a board, in the simulator and here. The line, drawn from what app/ needs:

* hardware: what reaches pins, buses, the speaker, the lights or the
  firmware's runtime (HARDWARE), keypad among them (it scans pins: the
  app only reads the ``keypad.Event`` objects handed to it); every
  ``adafruit_`` library but the two below (the others are drivers); and
  ``boards``, where the profiles and the drivers are;
* not hardware: drawing (displayio, vectorio, terminalio, fontio and
  bitmaptools make groups, shapes and bitmaps for a display the app is
  handed; the display's bus, fourwire and its kin, is hardware);
  ``adafruit_ticks`` (tick arithmetic) and ``adafruit_bitmap_font``
  (reads a font file); the language's own modules (gc, sys, os, time,
  array, collections, micropython).

Imports are read as the bundle reads them (tools.ship.device_imports),
inside functions too: a driver imported only when a part is turned on is
still a driver.
"""

import pytest

from tests.conftest import ROOT
from tools.ship.device_imports import find_imports

#: Modules that drive the board's hardware (CircuitPython's names).
HARDWARE = frozenset(
    (
        # pins, buses and the chip
        "board",
        "microcontroller",
        "digitalio",
        "analogio",
        "busio",
        "bitbangio",
        "pwmio",
        "pulseio",
        "countio",
        "rotaryio",
        "touchio",
        "keypad",
        # sound and lights
        "audiocore",
        "audioio",
        "audiopwmio",
        "audiobusio",
        "audiomixer",
        "synthio",
        "neopixel_write",
        "neopixel",
        # the display's bus (the app draws on whatever display it is handed)
        "fourwire",
        "busdisplay",
        "paralleldisplaybus",
        "i2cdisplaybus",
        "framebufferio",
        # the firmware's runtime: USB, the drive, sleep, the clock
        "supervisor",
        "storage",
        "alarm",
        "rtc",
        # the profiles and their parts' drivers
        "boards",
    )
)
#: The Adafruit libraries the app uses: software, not a part's driver.
SOFTWARE = frozenset(("adafruit_ticks", "adafruit_bitmap_font"))


def is_hardware(name):
    """True if importing the dotted module ``name`` reaches the hardware."""
    top = name.split(".")[0]
    return top in HARDWARE or (top.startswith("adafruit_") and top not in SOFTWARE)


@pytest.mark.parametrize("package", ["app", "engine"])
def test_the_package_imports_no_hardware_module(package):
    paths = sorted((ROOT / package).rglob("*.py"))
    assert len(paths) > 3
    found = [
        "%s:%d imports %s" % (path.relative_to(ROOT).as_posix(), found.lineno, found.name)
        for path in paths
        for found in find_imports(path.read_text(encoding="utf-8"), package)
        if is_hardware(found.name)
    ]
    assert not found, found


def test_an_import_inside_a_function_counts():
    source = (
        "import adafruit_ticks\n"
        "from . import theme\n"
        "from engine import rules\n"
        "def on():\n"
        "    if True:\n"
        "        import audiocore, displayio\n"
        "    from adafruit_lis3dh import LIS3DH\n"
        "    from boards._pixels import Pixels\n"
    )
    assert [found.name for found in find_imports(source, "app") if is_hardware(found.name)] == [
        "audiocore",
        "adafruit_lis3dh",
        "boards._pixels",
    ]
