# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Board profiles: how each supported handheld is wired for the game.

One module per CircuitPython ``board.board_id``; code.py asks ``load`` for
the running board's. A profile is wiring, not logic: its ``hardware()``
builds the display, the key source, the NVM and its write strategy, the
speaker and lights, and says how fast the chip runs the solver; the app
(app/) never asks which board it is on. docs/boards.md lists the boards,
their buttons and the sources the wiring was read from.

A module whose name starts with ``_`` is not a profile: ``_common`` has
what the profiles share, and beside it are the drivers of the parts
they wire up, each imported only when a profile builds its part:
``_pixels`` (NeoPixels), ``_sound`` (the speaker's square wave),
``_lis3dh`` (Settings > Tilt on the optional LIS3DH) and ``_lsm6ds``
(the CLUE's accelerometer). Nothing in app/ imports them, nor any other
hardware module.
"""

#: board_id -> the board's name, for messages.
NAMES = {
    "pybadge": "Adafruit PyBadge, PyBadge LC, EdgeBadge",
    "pygamer": "Adafruit PyGamer",
    "hack_club_sprig": "Hack Club Sprig",
    "pimoroni_picosystem": "Pimoroni PicoSystem",
    "seeeduino_wio_terminal": "Seeed Wio Terminal",
    "clue_nrf52840_express": "Adafruit CLUE",
    "adafruit_fruit_jam": "Adafruit Fruit Jam",
    "tinycircuits_thumby_color": "TinyCircuits Thumby Color",
    "pewpew_m4": "PewPew M4",
}

#: The boards whose heap holds the solver's learned table (engine.learned,
#: 20 KB) within the RAM budget's limit; the others keep the heuristic.
#: The rule (docs/solver.md, "Where the table fits"): a board is here when
#: its worst moment with the table, measured by
#: ``python -m tools.measure.ram_budget --boards``, is within its limit
#: (the free heap in tools/firmware/standins/fakeboards.py less 24 KiB) and,
#: on the PyBadge, within the game's own 100 KiB target too;
#: ``--update-doc`` rewrites this list, and tests/test_board_ram.py checks it.
# table-boards:begin
TABLE_BOARDS = (
    "adafruit_fruit_jam",
    "pewpew_m4",
)
# table-boards:end


def load(board_id):
    """The profile module for ``board_id``, or None for a board without one.

    Each import is written out, so the bundle (tools/ship/bundle.py) ships
    every profile and a board loads only its own.
    """
    if board_id == "pybadge":
        from boards import pybadge as profile
    elif board_id == "pygamer":
        from boards import pygamer as profile
    elif board_id == "hack_club_sprig":
        from boards import hack_club_sprig as profile
    elif board_id == "pimoroni_picosystem":
        from boards import pimoroni_picosystem as profile
    elif board_id == "seeeduino_wio_terminal":
        from boards import seeeduino_wio_terminal as profile
    elif board_id == "clue_nrf52840_express":
        from boards import clue_nrf52840_express as profile
    elif board_id == "adafruit_fruit_jam":
        from boards import adafruit_fruit_jam as profile
    elif board_id == "tinycircuits_thumby_color":
        from boards import tinycircuits_thumby_color as profile
    elif board_id == "pewpew_m4":
        from boards import pewpew_m4 as profile
    else:
        return None
    return profile


def unsupported(board_id):
    """The lines to show on a board without a profile."""
    lines = ["2048: no profile for this board (%s)." % (board_id or "unknown"), "Supported boards:"]
    for name in sorted(NAMES):
        lines.append("  %s (%s)" % (NAMES[name], name))
    return lines
