# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The scripted game the measuring tools and the code.py tests play (data only).

Imported by fakeplayer.py in a VM, and read by tools on the desktop (it
imports nothing).
"""

#: Milliseconds the fake world's clock moves per frame.
FRAME_MS = 20
#: How long a tap holds a button down (ms).
TAP_MS = 40
#: Frames between one input's release and the next input.
GAP_FRAMES = 2
#: Frames to let pass after a stage's last input.
SETTLE_FRAMES = 15
#: On a board played by tilting (the CLUE), a direction is a tilt held this
#: long (ms), then the board level for this many frames before the next
#: input (fakeplayer.press): each takes 200 ms where a tap takes 40.
TILT_MS = 140
TILT_LEVEL_FRAMES = 3
#: The buttons a tilting board tilts for.
DIRECTIONS = ("left", "right", "up", "down")
#: How long the undo button is held where the board holds it (ms): the
#: game's long press (app.controls.LONG_PRESS_MS, 700) and two frames.
UNDO_HOLD_MS = 740


def frames_for(actions, tilted=False):
    """How many frames the inputs of ``actions`` take, settling included,
    on a board played by tilting if ``tilted`` (its directions take longer:
    a stage given a tap's frames for each would end with tilts still to
    come, and the next stage's inputs would land on another screen)."""
    span = 0
    for action in actions:
        if action[0] == "tap" and tilted and action[1] in DIRECTIONS:
            span += TILT_MS + TILT_LEVEL_FRAMES * FRAME_MS + GAP_FRAMES * FRAME_MS
        elif action[0] == "tap":
            span += TAP_MS + GAP_FRAMES * FRAME_MS
        elif action[0] == "hold":
            span += action[2] + GAP_FRAMES * FRAME_MS
        elif action[0] == "undo":
            span += UNDO_HOLD_MS + GAP_FRAMES * FRAME_MS
        elif action[0] == "wait":
            span += action[1]
    return span // FRAME_MS + 1 + SETTLE_FRAMES


# The play part of the measured run: (name, actions). An action is
# ("tap", button), ("hold", button, ms), ("undo",) (the board's undo
# button as its player presses it: fakeplayer) or ("wait", ms); "board"
# actions put a prepared position on the board (tools only, see
# fakeplayer._prepare).
SCENARIO = (
    # The first frames of play: a board that tilts measures "level" here.
    ("first frames", (("wait", 400),)),
    ("move", (("tap", "left"),)),
    ("move", (("tap", "down"),)),
    ("move", (("tap", "right"),)),
    ("hint", (("tap", "select"),)),
    ("autoplay", (("hold", "select", 800), ("wait", 3000), ("tap", "b"))),
    ("menu", (("tap", "start"),)),
    ("help", (("tap", "down"), ("tap", "down"), ("tap", "down"), ("tap", "a"))),
    ("help: Controls", (("tap", "a"),)),
    ("help: Rules", (("tap", "b"), ("tap", "down"), ("tap", "a"))),
    ("help: Strategy", (("tap", "b"), ("tap", "down"), ("tap", "a"))),
    ("help: Strategy pages", (("tap", "right"), ("tap", "right"), ("tap", "right"))),
    ("help: the solver", (("tap", "b"), ("tap", "down"), ("tap", "a"))),
    ("stats", (("tap", "b"), ("tap", "b"), ("tap", "down"), ("tap", "a"))),
    ("settings", (("tap", "b"), ("tap", "down"), ("tap", "a"), ("tap", "right"))),
    # Settings > Colours (the row after Undo and Language): Clear (its
    # record read, the screen's palettes rewritten).
    ("settings: Colours", (("tap", "down"),) * 8 + (("tap", "right"),)),
    ("about", (("tap", "b"), ("tap", "down"), ("tap", "a"))),
    ("save now", (("tap", "b"), ("tap", "down"), ("tap", "a"))),
    (
        "new game? banner",
        (
            ("tap", "start"),
            ("tap", "up"),
            ("tap", "up"),
            ("tap", "up"),
            ("tap", "up"),
            ("tap", "up"),
            ("tap", "up"),
            ("tap", "a"),
        ),
    ),
    ("new game", (("tap", "down"), ("tap", "a"))),
    # The menu let the solver go for its own modules; a hint now loads it
    # again, on a heap the menu's visit left behind.
    ("hint after the menu", (("tap", "select"),)),
    ("win banner", (("board", "win"), ("tap", "left"))),
    ("continue", (("tap", "a"),)),
    ("game over banner", (("board", "over"), ("tap", "left"))),
    ("new game from game over", (("tap", "a"),)),
    # Settings > Undo at its deepest (5 moves), from the menu's row picked
    # last (New game); the undo button is B in menus on every board (a
    # held one too): back to the menu, and to the game, where the history
    # loads as the menu closes.
    (
        "settings: undo",
        (("tap", "start"),) + (("tap", "down"),) * 4 + (("tap", "a"),) + (("tap", "down"),) * 6 + (("tap", "right"),) * 2,
    ),
    ("undo on: back to the game", (("undo",), ("undo",))),
    ("undo", (("tap", "left"), ("tap", "down"), ("undo",), ("undo",))),
    # A player who keeps undo on opens the menu with a full history (five
    # moves held): the menu (on Settings, its row picked last), Settings,
    # Stats, and back to the game with B (the undo button in menus).
    ("moves: the history full", (("tap", "left"), ("tap", "up"), ("tap", "right"), ("tap", "down")) * 2),
    ("menu: undo held", (("tap", "start"),)),
    ("settings: undo held", (("tap", "a"),)),
    ("stats: undo held", (("tap", "b"), ("tap", "up"), ("tap", "a"))),
    ("undo held: back to the game", (("tap", "b"), ("tap", "b"))),
    ("undo from game over", (("board", "over"), ("tap", "left"), ("undo",))),
    # The menu let the solver go: a hint loads it again, so that the load
    # after the last stage (ram_budget.LOAD_STAGE) runs on the run's
    # fullest heap, the solver and an undo history held.
    ("hint with undo on", (("tap", "select"),)),
)

#: Prepared positions (exponents, row-major): a 1024 pair about to merge,
# and a full board one move from the end.
POSITIONS = {
    "win": ([10, 10, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1], 20120),
    "over": ([0, 1, 3, 4, 2, 4, 5, 6, 1, 2, 3, 4, 2, 1, 2, 1], 1232),
}
