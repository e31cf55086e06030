# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The harness the tests use: a board powered on and driven by button names.

A :class:`Simulator` is a :class:`tools.play.world.World` (code.py's own
start-up over the fake world) that presses the game's buttons by name as
the board's player does (a tap, a tilt on a tilting board, a key typed on
a keyboard board) and lets the board settle; what is on the screen is what
the fake display's last refresh sent (``sim.glass``, tools/play/glass.py).
The window (tools/play/window.py) and the command line (tools/play/sim.py)
play through it too.
"""

import sys

from tools.firmware import finder
from tools.play import world

finder.install()  # this process is the fake world: the game's modules are its

from scenario import FRAME_MS  # noqa: E402  milliseconds per headless frame: the fake world's clock

from app import controls  # noqa: E402

FONT_DIR = str(world.FONT_DIR)
#: Button names -> the game's logical key numbers (app.controls).
BUTTONS = {
    "b": controls.KEY_B,
    "a": controls.KEY_A,
    "start": controls.KEY_START,
    "select": controls.KEY_SELECT,
    "right": controls.KEY_RIGHT,
    "down": controls.KEY_DOWN,
    "up": controls.KEY_UP,
    "left": controls.KEY_LEFT,
}


def board_facts(board_id):
    """The fake world's facts of ``board_id`` (tools/firmware/standins/fakeboards.py).

    :raises ValueError: no profile has that ``board_id``.
    """
    import boards

    if boards.load(board_id) is None:
        raise ValueError("no board profile %r (there are: %s)" % (board_id, ", ".join(sorted(boards.NAMES))))
    import fakeboards

    facts = dict(fakeboards.DEFAULTS)
    facts.update(fakeboards.BOARDS[board_id])
    return facts


def world_buttons(facts):
    """The game's buttons a player of the board ``facts`` describe can press
    (what tools.play.world.World.buttons says once the board is on)."""
    import fakeplayer

    if facts["played"] == "keyboard":
        return {name for name in fakeplayer.TYPED if name != "hold-select"}
    names = set(facts["keys"]) | set(facts["stick"])
    return names | set(fakeplayer.TILTS) if facts["played"] == "tilt" else names


def save_and_report(app, now):
    """The final save (closing, end of a headless run); False after printing
    why it failed."""
    from engine.store import FAILED

    if app.saving.save(now) != FAILED:
        return True
    error = app.store.error
    detail = getattr(error, "strerror", None) or app.saving.save_failure or "unknown error"
    print("the game was not saved: %s (%s)" % (detail, app.saving.save_failure), file=sys.stderr)
    return False


class Simulator(world.World):
    """A board powered on in the fake world, driven by button names (tests,
    headless runs): code.py's start-up, then one frame.

    :param int seed: seed of a new game (when nothing is saved): what the
        board's random source gives.
    :param nvm: NVM-like object (default: the board's size, erased, in memory).
    :param bool fresh: the board has no NVM: nothing is read or kept.
    :param solver: optional ``best_move(cells) -> 0..3 or -1`` in place of
        engine.solver (a quick one for tests).
    :param key_names: optional (button, keys) pairs: a Controls page of them.
    :param str board: the board played (a board_id of boards/).
    :param bool accelerometer: False: no accelerometer answers (a PyBadge LC).
    :param world: more tools.play.world.World keywords (``screen``, ``settings``).
    :raises ValueError: no profile has that ``board``.
    """

    def __init__(
        self, seed=None, nvm=None, solver=None, fresh=False, key_names=None, board="pybadge", accelerometer=True, **world
    ):
        board_facts(board)
        super().__init__(board, nvm=nvm, fresh=fresh, seed=seed, accelerometer=accelerometer, **world)
        if self.app is None:
            raise RuntimeError("the %s did not start (code.start() stopped after %r)" % (board, self.steps))
        import boards

        #: The board's name, for messages.
        self.name = boards.NAMES[board]
        if solver is not None:
            self.app.assist.solver = solver
        if key_names is not None:
            self.app.key_names = key_names
        self.step()
        if self.facts["played"] == "tilt":
            self.frames(12)  # tilt measures "level" first

    @property
    def game(self):
        """The app's game."""
        return self.app.game

    @property
    def width(self):
        """The screen's width in pixels."""
        return self.display.width

    @property
    def height(self):
        """The screen's height in pixels."""
        return self.display.height

    def has(self, button):
        """True if the board can press ``button`` (a BUTTONS name): one of
        its buttons is it, or a tilt or a key typed is."""
        return button in self.buttons()

    def settle(self):
        """Run frames until no animation runs and no hint is pending (at most 1 s)."""
        for _ in range(50):
            if not self.app.animation.active and not self.app.assist.busy:
                break
            self.step()

    def press(self, name):
        """Press and release one button by name (see BUTTONS) as the board's
        player does (fakeplayer: a tap, a tilt on a tilting board, a key
        typed on a keyboard board), then let it settle. ``hold-select``
        holds Select for autoplay (A and B together on two buttons), ``undo``
        presses the board's undo button (its profile's ``UNDO``: B, or a
        button held), ``wait`` lets a second pass.

        :raises ValueError: the board cannot press that button.
        """
        if name == "wait":
            self.frames(1000 // FRAME_MS)
            return
        if name == "undo":
            # The board's undo button, as its player presses it: B, or held
            # (the CLUE's B, the PewPew M4's O: fakeplayer's "undo").
            self.schedule([("undo",)])
            self.run_script()
            self.step()
            self.settle()
            return
        button = "select" if name == "hold-select" else name
        if button not in BUTTONS:
            raise ValueError("unknown button %r (use %s, wait, hold-select)" % (name, ", ".join(BUTTONS)))
        if not self.has(button):
            raise ValueError("the %s has no %s button" % (self.name, button))
        if name == "hold-select":
            self.schedule([("hold", "select", controls.LONG_PRESS_MS + 2 * FRAME_MS)])
        else:
            self.schedule([("tap", name)])
        self.run_script()
        self.step()
        self.settle()

    def press_all(self, names):
        """Press a sequence of names; ``name*N`` repeats (:func:`parse_presses`).

        :raises ValueError: a name that is no press, or a bad count.
        """
        for name, count in parse_presses(",".join(names)):
            for _ in range(count):
                self.press(name)

    def lines(self):
        """The text on the glass, line by line (tools/play/glass.py)."""
        return self.glass.lines()

    def pixels(self):
        """The glass as width*height RGB565 ints (row-major): what the last refresh sent."""
        return self.glass.pixels()

    def screenshot(self, path, scale=1):
        """Write the glass to a PNG file."""
        self.glass.png(path, scale=scale)


#: What --press takes besides BUTTONS: a second passing, Select held, the undo button.
PRESS_WORDS = ("wait", "hold-select", "undo")
#: The most repeats one ``name*N`` may ask for.
MAX_REPEAT = 10000


def parse_presses(text):
    """ "left,up*3,wait*20" -> [("left", 1), ("up", 3), ("wait", 20)].

    Each comma-separated item is a button of BUTTONS, ``wait`` or
    ``hold-select``, any of them followed by ``*N`` (N from 1 to MAX_REPEAT)
    to repeat it; case and spaces around the parts do not matter, empty
    items are skipped.

    :raises ValueError: one line saying which item is wrong and what is taken.
    """
    presses = []
    for item in text.split(","):
        if not item.strip():
            continue
        name, star, times = item.partition("*")
        name = name.strip().lower()
        if name not in BUTTONS and name not in PRESS_WORDS:
            raise ValueError(
                "unknown button %r (use %s, %s; name*N repeats)" % (item.strip(), ", ".join(BUTTONS), ", ".join(PRESS_WORDS))
            )
        count = 1
        if star:
            try:
                count = int(times.strip())
            except ValueError:
                count = 0
            if not 1 <= count <= MAX_REPEAT:
                raise ValueError("%r: the count after * is a whole number from 1 to %d" % (item.strip(), MAX_REPEAT))
        presses.append((name, count))
    return presses
