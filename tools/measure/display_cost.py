# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""What each key sends to the display, and about how long that takes on each board.

Prints deterministic pixel counts and the time estimated from them::

    .venv/bin/python -m tools.measure.display_cost
    .venv/bin/python -m tools.measure.display_cost --windows hack_club_sprig --press start,down

Each layout is played on one of its boards in the fake world (Simulator,
the board's own start-up, 20 ms frames), and each key's refreshes are
counted as CircuitPython 10's displayio would send them: its dirty areas,
modelled in tools/firmware/dirty_areas.py (docs/architecture.md, "What a
refresh sends"). A move counts all its animation frames.

The time is an estimate from the pixels, not a measurement: per pixel,
displayio's C rendering (with its per-window work: the window's address
commands, clearing its buffer, the background tasks it runs) and the
bus's transfer of its 2 bytes, one after the other (``_refresh_area``
renders a window, then sends it):

* rendering: ``RP2040_US_PER_PIXEL`` on the RP2040 at 125 MHz, measured on
  the real firmware: CircuitPython 10.3 built for the Sprig, run in an
  RP2040 emulator (rp2040js; no flash wait states, so a real Sprig is a
  little slower) with this game, its RAMWR windows logged with the time
  of each: the time from one window to the next in a refresh, over its
  pixels, less the emulator's 30 MHz SPI byte time (0.53 us a pixel). It
  depends on the layers under what is sent (the more of them displayio
  must look through, the longer), so by what a key draws: a document's
  text (opaque cells: one layer), a move (tiles over the board), the rest
  (lists over their bar, whole screens). Other chips: the same cycles per
  pixel at their clock (for the Cortex-M4 and M33 cores, which do more per
  cycle than the RP2040's M0+, an upper estimate);
* the bus: 16 bits a pixel at the SPI clock the board's firmware gets
  (its board.c asks for one; the chip's dividers give what it can: see
  ``spi_hz``); the Fruit Jam's DVI output is a framebuffer in RAM (no bus).

``--windows BOARD --press KEYS`` prints the model's windows for those
presses instead: each RAMWR window with its pixel count, in the panel's
own coordinates, the way the firmware emulator's runner logs them
(``--windows 1``), to compare the model with the real firmware.
"""

import argparse
import statistics
import sys

from tools.firmware import dirty_areas

#: Microseconds per pixel sent on the emulated Sprig (CircuitPython 10.3,
#: RP2040 at 125 MHz, 30 MHz SPI byte time), by what a key draws: the real
#: firmware's RAMWR windows and their times (scratch runs of the runner's
#: windows.mjs and of ten moves, a hint, the menu and two page turns).
MEASURED_US_PER_PIXEL = {
    "text": 5.76,  # a document's page turned: 2 x 16,848 px in 194 ms
    "move": 7.15,  # ten moves: 220,319 px in 1.576 s
    "other": 7.31,  # menu steps, Help's list, whole screens: 69,764 px in 510 ms
}
#: The emulator's SPI byte time (30 MHz): 16 bits a pixel, in us.
EMULATED_WIRE_US = 16 / 30
#: Rendering cost per pixel sent on an RP2040 at 125 MHz (us), by kind: the measured less the wire.
RP2040_US_PER_PIXEL = {kind: us - EMULATED_WIRE_US for kind, us in MEASURED_US_PER_PIXEL.items()}
RP2040_MHZ = 125

#: The layouts, and the board each is played on here.
LAYOUTS = (
    ("160x128", "pybadge"),
    ("240x240", "pimoroni_picosystem"),
    ("320x240", "seeeduino_wio_terminal"),
    ("128x128", "tinycircuits_thumby_color"),
    ("640x480", "adafruit_fruit_jam"),
)


def spi_hz(chip, asked):
    """The SPI clock (Hz) a board's firmware gets when its board.c asks for ``asked``.

    * SAMD51: the SERCOM runs from 48 MHz and divides by 2 * (BAUD + 1),
      BAUD >= 0 (samd-peripherals' ``spi_baudrate_to_baud_reg_value``):
      at most 24 MHz;
    * RP2040 (125 MHz) and RP2350 (150 MHz): the pico-sdk's
      ``spi_set_baudrate`` divides the peripheral clock (the system clock)
      by an even prescale and a post-divider, the fastest not above the
      request;
    * nRF52840: SPIM3 runs at up to 32 MHz (ports/nordic's busio SPI caps
      a higher request).
    """
    if chip == "SAMD51":
        reference = 48_000_000
        baud = max(0, -(-reference // (2 * asked)) - 1)
        return reference / (2 * (baud + 1))
    if chip in ("RP2040", "RP2350"):
        clock = (125 if chip == "RP2040" else 150) * 1_000_000
        prescale = 2
        while prescale <= 254 and clock >= (prescale + 2) * 256 * asked:
            prescale += 2
        postdiv = 256
        while postdiv > 1 and clock // (prescale * (postdiv - 1)) <= asked:
            postdiv -= 1
        return clock / (prescale * postdiv)
    if chip == "nRF52840":
        return min(asked, 32_000_000)
    raise ValueError("no SPI rule for %s" % chip)


class Board:
    """A board's display path: its chip and clock, and the SPI clock its board.c asks for (None: no bus)."""

    def __init__(self, name, board_id, layout, chip, mhz, asked_hz):
        self.name = name
        self.board_id = board_id
        self.layout = layout
        self.chip = chip
        self.mhz = mhz
        self.asked_hz = asked_hz
        self.spi_hz = None if asked_hz is None else spi_hz(chip, asked_hz)

    def render_us(self, kind="other"):
        """Rendering, microseconds per pixel of ``kind`` (the RP2040's, scaled by the clock)."""
        return RP2040_US_PER_PIXEL[kind] * RP2040_MHZ / self.mhz

    @property
    def wire_us(self):
        """Sending, microseconds per pixel (16 bits on the bus)."""
        return 0.0 if self.spi_hz is None else 16 / self.spi_hz * 1e6

    def ms(self, pixels, kind="other"):
        """The estimated time to render and send ``pixels`` of ``kind`` (RP2040_US_PER_PIXEL), in ms."""
        return pixels * (self.render_us(kind) + self.wire_us) / 1000


#: Every board, with its display's clock from its board.c (ports/*/boards/<board_id>/board.c).
BOARDS = (
    Board("PyBadge", "pybadge", "160x128", "SAMD51", 120, 60_000_000),
    Board("PyGamer", "pygamer", "160x128", "SAMD51", 120, 60_000_000),
    Board("PewPew M4", "pewpew_m4", "160x128", "SAMD51", 120, 60_000_000),
    Board("Sprig", "hack_club_sprig", "160x128", "RP2040", 125, 30_000_000),
    Board("PicoSystem", "pimoroni_picosystem", "240x240", "RP2040", 125, 60_000_000),
    Board("CLUE", "clue_nrf52840_express", "240x240", "nRF52840", 64, 60_000_000),
    Board("Wio Terminal", "seeeduino_wio_terminal", "320x240", "SAMD51", 120, 60_000_000),
    Board("Thumby Color", "tinycircuits_thumby_color", "128x128", "RP2350", 150, 80_000_000),
    Board("Fruit Jam", "adafruit_fruit_jam", "640x480", "RP2350", 150, None),
)


# -- playing the keys ------------------------------------------------------------


def _rows(*rows):
    cells = []
    for row in rows:
        for item in row.split():
            cells.append(0 if item == "." else int(item).bit_length() - 1)
    return cells


#: Positions a move is measured from: (name, board, direction pressed).
MOVES = (
    ("move: one tile slides 3 cells", _rows("2 . . .", ". . . .", ". . . .", ". . . ."), "right"),
    ("move: 12 tiles slide 1 cell", _rows(". 2 4 8", ". 16 32 64", ". 128 256 512", ". 8 4 2"), "left"),
    ("move: 8 merges", _rows("2 2 4 4", "8 8 16 16", "4 4 2 2", "16 16 8 8"), "left"),
)
#: Moves of a seeded game: the directions tried in turn (one that changes nothing is skipped).
GAME_MOVES = 30
GAME_DIRECTIONS = ("left", "down", "right", "up")


class Keys:
    """A board played key by key, each key's refreshes counted.

    :param str board_id: the board (its layout, its firmware's modules).
    """

    def __init__(self, board_id):
        from tools.play import first_legal
        from tools.play.simulator import Simulator

        self.sim = Simulator(seed=7, board=board_id, solver=first_legal)
        self.sim.frames(10)
        self.glass = self.sim.glass
        #: name -> list of (pixels, windows, refreshes that sent something).
        self.results = {}

    def _count(self, name, act, frames=3):
        glass = self.glass
        pixels, windows = glass.pixels_sent, glass.windows_sent
        glass.log = []
        act()
        self.sim.frames(frames)
        self.results.setdefault(name, []).append((glass.pixels_sent - pixels, glass.windows_sent - windows, len(glass.log)))
        glass.log = None

    def press(self, name, button, frames=3):
        """Press ``button`` and count what it sends (until its frames are over)."""
        self._count(name, lambda: self.sim.press(button), frames)

    def position(self, cells):
        """Put ``cells`` on the board and let it be drawn (not counted)."""
        self.sim.game.set_board(cells)
        self.sim.app.show_position()
        self.sim.frames(3)

    def play(self):
        """Every key of the table, in one game."""
        sim = self.sim
        self._count("idle frame", lambda: None, frames=50)
        self.results["idle frame"] = [(pixels // 50, windows // 50, sent) for pixels, windows, sent in self.results["idle frame"]]
        self.press("hint (arrow and status)", "select")
        self.press("a move after a hint (arrow and status go)", "left")
        self._count("status line", lambda: sim.app.view.show_status("batt.", "low"), frames=1)
        sim.app.view.show_status()  # gone before the moves below (not counted)
        sim.frames(3)
        for name, cells, button in MOVES:
            self.position(cells)
            self.press(name, button)
        self.position(_rows("1024 1024 . .", ". . . .", ". . . .", ". . . 2"))
        self.press("move that wins: the banner", "left")
        self.press("banner: other choice", "down")
        self.press("banner closed (Continue)", "b")
        self.press("open the menu (Start)", "start")
        for _ in range(3):
            self.press("menu: one step", "down")
        self.press("menu -> Help (a page)", "a")
        # The documents after Controls (one page) have several.
        for _ in range(2):
            self.press("menu: one step", "down")
            self.press("Help -> a document", "a")
            for _ in range(len(sim.app.menus.pages) - 1):
                self.press("page turn", "right")
            self.press("page -> Help (B)", "b")
        self.press("Help -> menu (B)", "b")
        self.press("menu closed (Start)", "start")
        sim.game.new_game()
        sim.app.show_position()
        sim.frames(3)
        moved = 0
        turn = 0
        while moved < GAME_MOVES and not sim.game.over:
            before = list(sim.game.cells)
            self.press("move of a seeded game", GAME_DIRECTIONS[turn % 4])
            turn += 1
            if sim.game.cells == before:
                self.results["move of a seeded game"].pop()
            else:
                moved += 1
        # Undo on (Settings > Undo: 5 moves), a new game's five moves taken
        # back one by one, and one more press with none left to take back.
        app = sim.app
        app.settings.choose(sim.module("app.settings").UNDO, 2)
        app._apply_settings()
        sim.game.new_game()
        app.show_position()
        sim.frames(3)
        made = 0
        turn = 0
        while made < 5:
            before = list(sim.game.cells)
            sim.press(GAME_DIRECTIONS[turn % 4])
            turn += 1
            made += sim.game.cells != before
        sim.frames(3)
        for _ in range(5):
            self.press("undo (the board drawn back)", "undo")
        self.press("undo: none left (the status only)", "undo")
        return self.results


#: The rows of the pixel table, in order.
ROWS = (
    "idle frame",
    "status line",
    "hint (arrow and status)",
    "a move after a hint (arrow and status go)",
    "move: one tile slides 3 cells",
    "move: 12 tiles slide 1 cell",
    "move: 8 merges",
    "move of a seeded game",
    "move that wins: the banner",
    "banner: other choice",
    "banner closed (Continue)",
    "open the menu (Start)",
    "menu: one step",
    "menu -> Help (a page)",
    "Help -> a document",
    "page turn",
    "page -> Help (B)",
    "Help -> menu (B)",
    "menu closed (Start)",
    "undo (the board drawn back)",
    "undo: none left (the status only)",
)


def largest(results, name):
    """The most pixels one press of ``name`` sent."""
    return max(pixels for pixels, _, _ in results[name])


def measure(layouts=LAYOUTS):
    """{layout: {key name: [(pixels, windows, refreshes), ...]}} for each layout's board."""
    return {layout: Keys(board_id).play() for layout, board_id in layouts}


def _cell(samples, screen):
    pixels = [sample[0] for sample in samples]
    most = max(pixels)
    if len(pixels) == 1:
        return "%s (%.2f)" % (format(most, ","), most / screen)
    return "%s (%.2f); mean %s" % (format(most, ","), most / screen, format(round(statistics.mean(pixels)), ","))


def pixel_table(measured):
    """The Markdown table of pixels per key, per layout."""
    layouts = list(measured)
    lines = [
        "| key | " + " | ".join(layouts) + " |",
        "|---|" + "---|" * len(layouts),
    ]
    for name in ROWS:
        cells = []
        for layout in layouts:
            width, height = (int(side) for side in layout.split("x"))
            cells.append(_cell(measured[layout][name], width * height))
        lines.append("| %s | %s |" % (name, " | ".join(cells)))
    return "\n".join(lines)


#: The keys of the time table: (column, row of the pixel table, what it draws).
TIMED = (
    ("page turn", "page turn", "text"),
    ("menu step", "menu: one step", "other"),
    ("open menu", "open the menu (Start)", "other"),
    ("hint", "hint (arrow and status)", "other"),
    ("move, 1 tile", "move: one tile slides 3 cells", "move"),
    ("move, 12 tiles", "move: 12 tiles slide 1 cell", "move"),
    ("game move (mean)", "move of a seeded game", "move"),
)


def time_table(measured):
    """The Markdown table of estimated ms per key, per board (the largest press of each key)."""
    lines = [
        "| board | chip, clock | SPI asked -> got | us per pixel: text, moves, rest + send | "
        + " | ".join(column for column, _, _ in TIMED)
        + " | slide frame, 1 tile | slide frame, 12 tiles |",
        "|---|---|---|---|" + "---|" * (len(TIMED) + 2),
    ]
    for board in BOARDS:
        if board.layout not in measured:
            continue
        results = measured[board.layout]
        if board.spi_hz is None:
            spi = "DVI (a framebuffer)"
        else:
            spi = "%g -> %.2f MHz" % (board.asked_hz / 1e6, board.spi_hz / 1e6)
        cells = []
        for _, name, kind in TIMED:
            samples = [pixels for pixels, _, _ in results[name]]
            pixels = statistics.mean(samples) if name == "move of a seeded game" else max(samples)
            cells.append("%.0f" % board.ms(pixels, kind))
        # A frame of the slide (its pixels over its refreshes), one tile and twelve.
        for name in ("move: one tile slides 3 cells", "move: 12 tiles slide 1 cell"):
            pixels, _, sent = results[name][0]
            cells.append("%.0f" % board.ms(pixels / max(1, sent), "move"))
        rendering = ", ".join("%.1f" % board.render_us(kind) for kind in ("text", "move", "other"))
        lines.append(
            "| %s | %s %d MHz | %s | %s + %.2f | %s |"
            % (board.name, board.chip, board.mhz, spi, rendering, board.wire_us, " | ".join(cells))
        )
    return "\n".join(lines)


# -- the model's windows, for the real firmware's ---------------------------------


def windows(board_id, presses, settle_frames=3):
    """The windows each press sends: [(press, [(x1, x2, y1, y2, pixels), ...]), ...],
    with inclusive ends in the panel's coordinates as the runner logs CASET/RASET."""
    from tools.play.simulator import Simulator, parse_presses

    sim = Simulator(seed=7, board=board_id)
    sim.frames(10)
    firmware = sim.glass.firmware
    out = []
    for name, count in parse_presses(",".join(presses)):
        for _ in range(count):
            sim.glass.log = []
            sim.press(name)
            sim.frames(settle_frames)
            sent = []
            for _, areas, _ in sim.glass.log:
                for area in areas:
                    for window in firmware.windows(dirty_areas.Area(*area)):
                        sent.append((window.x1, window.x2 - 1, window.y1, window.y2 - 1, window.size()))
            out.append((name, sent))
    sim.glass.log = None
    return out


#: The Sprig's buttons as the firmware emulator's runner names them (its W A S D I J K L).
RUNNER_KEYS = {"W": "up", "A": "left", "S": "down", "D": "right", "I": "start", "J": "select", "K": "b", "L": "a"}


def runner_steps(path):
    """The steps of a runner's ``--windows 1`` log: [(label, key letter, [(x1, x2, y1, y2, pixels), ...])].

    Lines ``<s> x X1-X2 y Y1-Y2 px N`` are RAMWR windows; ``# <s> <label>
    key=K`` starts a step and ``# <s> <label> end`` ends it.
    """
    steps = []
    current = None
    for line in open(path):
        parts = line.split()
        if not parts:
            continue
        if parts[0] == "#":
            label, what = parts[2], " ".join(parts[3:])
            if what.startswith("key="):
                current = (label, what[4:], [])
                steps.append(current)
            elif what == "end":
                current = None
            continue
        if current is None:
            continue
        x1, x2 = (int(value) for value in parts[2].split("-"))
        y1, y2 = (int(value) for value in parts[4].split("-"))
        current[2].append((x1, x2, y1, y2, int(parts[6])))
    return steps


def compare(path, board_id="hack_club_sprig"):
    """The model's windows against a runner's log, step by step (the log's
    key letters pressed here): [(label, real windows, model windows)]."""
    steps = [step for step in runner_steps(path) if step[1] in RUNNER_KEYS]
    model = windows(board_id, [RUNNER_KEYS[key] for _, key, _ in steps])
    return [(label, real, sent) for (label, _, real), (_, sent) in zip(steps, model)]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--windows", metavar="BOARD", help="print the model's windows on BOARD for --press")
    parser.add_argument("--press", default="start,down,a", help="presses for --windows (as the simulator's --press)")
    parser.add_argument(
        "--compare", metavar="WINDOWS_TXT", help="compare the model with a firmware emulator run's windows.txt (the Sprig)"
    )
    args = parser.parse_args(argv)
    if args.compare:
        print("| step | firmware: windows, px | model: windows, px | same windows |")
        print("|---|---|---|---|")
        for label, real, sent in compare(args.compare):
            print(
                "| %s | %d, %s | %d, %s | %s |"
                % (
                    label,
                    len(real),
                    format(sum(window[4] for window in real), ","),
                    len(sent),
                    format(sum(window[4] for window in sent), ","),
                    "yes" if real == sent else "no",
                )
            )
        return 0
    if args.windows:
        for name, sent in windows(args.windows, args.press.split(",")):
            print("# %s: %d windows, %d px" % (name, len(sent), sum(window[4] for window in sent)))
            for x1, x2, y1, y2, pixels in sent:
                print("x %d-%d y %d-%d px %d" % (x1, x2, y1, y2, pixels))
        return 0
    measured = measure()
    print("Pixels each key sends, the most one press sent (in screens), and the mean where it was pressed more")
    print("than once; CircuitPython 10's dirty areas (tools/firmware/dirty_areas.py), 20 ms frames, seed 7:")
    print()
    print(pixel_table(measured))
    print()
    print("Estimated ms per key on each board (rendering + sending the pixels above; see --help): rendering")
    print(
        "on an RP2040 at %d MHz, us a pixel: %s (the real firmware's, less a 30 MHz SPI byte time), at each chip's clock:"
        % (
            RP2040_MHZ,
            ", ".join(
                "%s %.2f (of %.2f)" % (kind, RP2040_US_PER_PIXEL[kind], MEASURED_US_PER_PIXEL[kind])
                for kind in ("text", "move", "other")
            ),
        )
    )
    print()
    print(time_table(measured))
    return 0


if __name__ == "__main__":
    sys.exit(main())
