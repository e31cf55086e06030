# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Every picture in README.md and docs/, made from the code as it is.

Usage::

    .venv/bin/python -m tools.check.pictures           # writes them all
    .venv/bin/python -m tools.check.pictures --check   # says which stored ones differ (exit 1)

Each picture is a board powered on in the fake world (tools/play/simulator.py's
Simulator: code.py's own start-up, the board's profile), played by button
presses, and what its glass shows: the frame the last refresh sent, in the
game's own 6x12 font. ``PICTURES`` says how each one is made. The screenshots
of docs/screenshots/ are a PyBadge's screen at three times its size; the
boards table of docs/boards.md has each board's play screen, menu and
Controls page at its native size. tests/test_pictures.py makes them all
again and fails when a stored one differs.
"""

import os
import struct
import sys
import zlib

from app.settings import LANGUAGES
from tools import ROOT, ArgumentParser

#: The position every board's play screen shows (sim.py --board syntax) and its score.
BOARD_POSITION = "2 4 8 16 32 64 128 256 512 1024 2048 4096 . 2 . 4"
BOARD_SCORE = 52348


def _board_ids():
    # Every board with a profile, in boards.NAMES' order (docs/boards.md's).
    import boards

    return tuple(boards.NAMES)


#: The boards whose pictures docs/boards.md shows.
BOARD_IDS = _board_ids()


def _picture(board="pybadge", seed=5, position=None, score=0, press=(), scale=3, language="en"):
    # One entry of PICTURES: a PyBadge's screenshot at three times its size unless told.
    return {
        "board": board,
        "seed": seed,
        "position": position,
        "score": score,
        "press": press,
        "scale": scale,
        "language": language,
    }


#: path (from the repository's root) -> how it is made: the board, the
#: seed of its first game, a prepared position and score, the buttons
#: pressed (sim.py --press names), the PNG's pixel scale.
PICTURES = {
    "docs/screenshots/play.png": _picture(
        seed=2048,
        press=(
            "left",
            "down",
            "left",
            "down",
            "right",
            "down",
            "left",
            "down",
            "left",
            "down",
            "left",
            "down",
            "right",
            "down",
            "left",
            "left",
            "down",
            "down",
            "left",
        ),
    ),
    "docs/screenshots/tiles.png": _picture(
        position=". 4 8 16 32 64 128 256 512 1024 2048 4096 8192 16384 65536 131072", score=3913888
    ),
    "docs/screenshots/win.png": _picture(seed=1, position="1024 1024 . . 4 . . . 2 . . . . . . 2", score=20120, press=("left",)),
    "docs/screenshots/game-over.png": _picture(
        seed=1, position=". 2 8 16 4 16 32 64 2 4 8 16 4 2 4 2", score=1232, press=("left",)
    ),
    "docs/screenshots/hint.png": _picture(press=("left", "up", "select")),
    "docs/screenshots/menu.png": _picture(press=("start",)),
    "docs/screenshots/help-strategy.png": _picture(press=("start", "down*3", "a", "down", "down", "a")),
    "docs/screenshots/settings.png": _picture(press=("start", "down*5", "a")),
}
#: Every palette of Settings > Colours on every tile (docs/colours.md).
for _step, _name in enumerate(("classic", "clear", "night")):
    PICTURES["docs/screenshots/colours-%s.png" % _name] = _picture(
        position=". 2 4 8 16 32 64 128 256 512 1024 2048 4096 8192 16384 131072",
        score=1088,
        press=("start", "down*5", "a", "down*8") + ("right",) * _step + ("b", "b"),  # Colours: the 9th row
    )
for _board in BOARD_IDS:
    PICTURES["docs/images/boards/%s-play.png" % _board] = _picture(
        _board, seed=1, position=BOARD_POSITION, score=BOARD_SCORE, scale=1
    )
    PICTURES["docs/images/boards/%s-menu.png" % _board] = _picture(_board, seed=1, press=("start",), scale=1)
    PICTURES["docs/images/boards/%s-help.png" % _board] = _picture(_board, seed=1, press=("start", "down*3", "a", "a"), scale=1)
#: docs/boards.md's languages: a PyBadge in each language (Settings >
#: Language), its menu, the first page of the rules and Settings, at twice
#: its size.
for _language in LANGUAGES:
    for _page, _press in (
        ("menu", ("start",)),
        ("rules", ("start", "down*3", "a", "down", "a")),
        ("settings", ("start", "down*5", "a")),
    ):
        PICTURES["docs/images/languages/%s-%s.png" % (_language, _page)] = _picture(
            seed=1, press=_press, scale=2, language=_language
        )


def make(spec):
    """The glass of the board ``spec`` describes, after its presses: (pixels, width, height)."""
    from tools.play.sim import parse_board, parse_settings, use_settings
    from tools.play.simulator import Simulator

    sim = Simulator(seed=spec["seed"], board=spec["board"])
    language = spec["language"]
    if language != "en":
        use_settings(sim.app, parse_settings(["language=" + language], spec["board"]), sim.now)  # Settings > Language
    if spec["position"]:
        sim.game.set_board(parse_board(spec["position"]), score=spec["score"])
        sim.app.show_position()
        sim.step()
    # The game's buttons, each pressed as the board's player does
    # (fakeplayer: a tilt on the CLUE, a key typed on the Fruit Jam).
    sim.press_all(spec["press"])
    sim.frames(5)
    return sim.pixels(), sim.width, sim.height


def png(spec):
    """PNG bytes of the picture ``spec`` describes."""
    from tools.play.framebuffer import png_bytes

    pixels, width, height = make(spec)
    return png_bytes(pixels, width, height, spec["scale"])


def pixels_of(data):
    """(width, height, RGB rows as bytes) of a PNG written by tools/play/framebuffer.py
    (8-bit RGB, no filter); None for any other file."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    at = 8
    header = None
    compressed = b""
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at : at + 8])
        body = data[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            compressed += body
        at += 12 + length
    if header is None or header[2:5] != (8, 2, 0):
        return None
    width, height = header[0], header[1]
    try:
        raw = zlib.decompress(compressed)
    except zlib.error:
        return None
    stride = 1 + 3 * width
    if len(raw) != stride * height or any(raw[row * stride] for row in range(height)):
        return None
    return width, height, raw


def stale(paths=None):
    """The paths of PICTURES whose stored file is missing or shows other pixels."""
    out = []
    for path in paths or sorted(PICTURES):
        full = os.path.join(ROOT, path)
        try:
            with open(full, "rb") as handle:
                stored = pixels_of(handle.read())
        except OSError:
            stored = None
        if stored is None or stored != pixels_of(png(PICTURES[path])):
            out.append(path)
    return out


def main(argv=None):
    """Write every picture (or, with --check, list the stale ones); returns an exit status."""
    parser = ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="write nothing: list the stored pictures that differ")
    args = parser.parse_args(argv)
    if args.check:
        differ = stale()
        for path in differ:
            print("%s differs from what the code draws" % path)
        print("%d of %d pictures are what the code draws" % (len(PICTURES) - len(differ), len(PICTURES)))
        return 1 if differ else 0
    for path in sorted(PICTURES):
        full = os.path.join(ROOT, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        data = png(PICTURES[path])
        with open(full, "wb") as handle:
            handle.write(data)
        print("%s: %d bytes" % (path, len(data)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
