# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""app/ and engine/ use no Adafruit driver library, at any depth.

The drivers are in boards/ (_pixels.py, _sound.py, _lis3dh.py,
_lsm6ds.py): a profile builds the board's parts and hands them in, so the
app runs the same on a board, in the simulator and here. The firmware's
hardware modules (board, keypad, microcontroller, supervisor, the audio
and display buses, ...) and ``boards`` itself are named in import-linter's
contracts (.importlinter: app-imports-no-hardware and
engine-imports-nothing-of-the-device), which `make test` runs. What a
contract cannot say is a rule by prefix, which this test holds: every
``adafruit_`` library is a part's driver but ``adafruit_ticks`` (tick
arithmetic) and ``adafruit_bitmap_font`` (reads a font file), so a driver
library added later is refused without being named anywhere.

Imports are read as the bundle reads them (tools.ship.device_imports),
inside functions too: a driver imported only when a part is turned on is
still a driver.
"""

import pytest

from tools import ROOT
from tools.ship.device_imports import find_imports

#: The Adafruit libraries the app uses: software, not a part's driver.
SOFTWARE = frozenset(("adafruit_ticks", "adafruit_bitmap_font"))


def is_driver(name):
    """True if the dotted module ``name`` is an Adafruit library that drives a part."""
    top = name.split(".")[0]
    return top.startswith("adafruit_") and top not in SOFTWARE


@pytest.mark.parametrize("package", ["app", "engine"])
def test_the_package_imports_no_driver_library(package):
    paths = sorted((ROOT / package).rglob("*.py"))
    assert len(paths) > 3
    found = [
        "%s:%d imports %s" % (path.relative_to(ROOT).as_posix(), found.lineno, found.name)
        for path in paths
        for found in find_imports(path.read_text(encoding="utf-8"), package)
        if is_driver(found.name)
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
        "    from adafruit_neopixel_new import Pixels\n"
    )
    assert [found.name for found in find_imports(source, "app") if is_driver(found.name)] == [
        "adafruit_lis3dh",
        "adafruit_neopixel_new",
    ]
