# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Screenshots of the game on every board profile, at each screen's native size.

Usage::

    .venv/bin/python tools/board_shots.py [--out docs/images/boards]

Each board's simulator (tools/sim.py's Simulator with that profile: its
screen, key map, NVM size and layout) shows the same position, from 2 to
4096, so the layouts can be compared tile for tile; one PNG per board_id
(docs/boards.md shows them). tests/test_board_shots.py renders them again
and compares them with the committed files.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")  # before Blinka loads: no board detection
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

#: The position every screenshot shows (tools/sim.py --board syntax) and its score.
POSITION = "2 4 8 16 32 64 128 256 512 1024 2048 4096 . 2 . 4"
SCORE = 52348
OUT = os.path.join(ROOT, "docs", "images", "boards")


def render(board_id):
    """PNG bytes of ``board_id``'s screen showing POSITION."""
    from tools.framebuffer import png_bytes
    from tools.sim import Simulator, parse_board

    sim = Simulator(seed=1, board=board_id)
    sim.game.set_board(parse_board(POSITION), score=SCORE)
    sim.app.show_position()
    sim.frames(2)
    return png_bytes(sim.pixels(), sim.board.width, sim.board.height, 1)


def main(argv=None):
    """Write one PNG per board profile; prints each file and its size."""
    import boards

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=OUT, help="folder for the PNG files (default: docs/images/boards)")
    args = parser.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    for board_id in sorted(boards.NAMES):
        path = os.path.join(args.out, board_id + ".png")
        with open(path, "wb") as handle:
            handle.write(render(board_id))
        print("%s: %d bytes" % (os.path.relpath(path, ROOT), os.path.getsize(path)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
