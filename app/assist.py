# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The solver at the player's side: a hint on request, or autoplay.

A hint is asked for in one frame ("think..." shows) and worked out at the
start of the next one, from the top of the frame, so the search runs on a
shallow stack and the screen says what is happening meanwhile. Autoplay
plays a solver move every ``AUTOPLAY_MS`` and answers the win banner with
Continue after ``AUTO_CONTINUE_MS``: each a request the app carries out
(app.modes), as it does a player's key.
"""

from adafruit_ticks import ticks_add, ticks_diff
from micropython import const

from app.memory import forget
from app.modes import CONTINUE
from app.words import text

# The texts of app.words its statuses show (lang/keys.txt names them).
_W_S_BATT = const(8)
_W_S_EMPTY = const(10)
_W_S_NO_SOLVER = const(18)
_W_S_SOLVER = const(19)
_W_S_THINK = const(20)
_W_S_GAME = const(21)
_W_S_OVER = const(22)
_W_S_PLAY = const(23)
_W_S_NO_MOVE = const(24)
_W_S_MOVE = const(25)
_W_S_HINT = const(26)
_W_S_UP = const(27)  # then right, down, left: engine.rules' directions in order

#: Autoplay: least time between two moves (ms).
AUTOPLAY_MS = 250
#: Autoplay: how long the win banner stays before it continues by itself (ms).
AUTO_CONTINUE_MS = 1500
#: The solver's table status (engine.learned's IN_USE and PAUSED) with
#: which the learned table comes back when the solver is loaded again.
TABLE_WANTED = ("learned table", "heuristic from 4096 on")


def load_solver(speed=1.0):
    """``(search, effort, prepare, ready)`` of engine.solver with the
    handheld's effort for a CPU ``speed`` times a PyBadge's, or (None,
    None, None, None): ``search`` gives the shared Search (its buffers are
    made by the first call); ``prepare`` (build the heuristic's tables or
    load the learned table: engine.solver.prepare) is None if the module
    was loaded already; ``ready(cells, effort)`` gets a decision's scoring
    in place ahead of it (engine.solver.ready).

    code.py imports the solver at start-up; if it is missing, or there is
    no room to load it now, the hint says "no solver" and play goes on.
    """
    import sys

    fresh = "engine.solver" not in sys.modules
    try:
        from engine.solver import DEVICE, prepare, ready, search
    except (ImportError, MemoryError):
        return None, None, None, None
    # Loaded just now: its tables are built a frame later (Assist.tick);
    # loaded at start-up (code.py), they are there already.
    return search, DEVICE.for_speed(speed), prepare if fresh else None, ready


def _empty(*names):
    # Empty the modules' globals before they are forgotten: their tables,
    # buffers and functions go with the collection even if a stale word
    # somewhere still points at a module or one of its functions
    # (MicroPython's collector is conservative: a removed dict entry's
    # slot, app.memory.forget, or any other word that looks like a
    # pointer; in the measuring VM such a word kept the solver's 13 KB on
    # the CLUE).
    # Only the solver and its table reader come here: nothing calls into
    # them once Assist let go, and the next hint imports them afresh. Not
    # on CPython, which frees by reference count, and where the desktop's
    # tests share engine.solver with the game they play.
    import sys

    if sys.implementation.name == "cpython":
        return
    for name in names:
        module = sys.modules.get(name)
        if module is not None:
            held = getattr(module, "__dict__", None)
            if held is not None:
                held.clear()


class Assist:
    """Hint and autoplay on ``game``, telling the player on ``view``.

    :param game: the ``engine.game.Game`` played.
    :param view: the play screen (its hint arrow and status lines).
    :param timings: the About page's durations (``think_ms``).
    :param ticks_ms: the millisecond clock (the solver's too).
    :param float speed: the board's CPU speed relative to a PyBadge's
        (``engine.solver.Effort.for_speed``); None: no solver (code.py
        started short of memory), the hint says "no solver".

    Autoplay asks the app for each move it picks (``tick``'s request).
    """

    #: A ``best_move(cells) -> 0..3 or -1`` in place of engine.solver's
    #: search (a desktop test's quick one); None on the board.
    solver = None

    def __init__(self, game, view, timings, ticks_ms, speed=1.0):
        self.game = game
        self.view = view
        self.timings = timings
        self.ticks_ms = ticks_ms
        self._speed = speed
        self._search = None
        self._effort = None
        self._prepare = None
        self._ready = None
        # Loaded in this frame: its tables wait for the next (see tick).
        self._loaded_now = False
        #: True while the solver plays.
        self.autoplay = False
        self._hint_wanted = False
        # Autoplay's next move, or its Continue on the win banner, not before this.
        self._next_move = 0

    def available(self):
        """True if a solver can be used (loads engine.solver's search once)."""
        if self.solver is not None or self._search is not None:
            return True
        if self._speed is None:  # start-up was short of memory (code.py): no solver
            return False
        self._search, self._effort, self._prepare, self._ready = load_solver(self._speed)
        self._loaded_now = self._prepare is not None
        return self._search is not None

    @property
    def busy(self):
        """True while a hint asked for is still to come (it takes a frame,
        three when the solver has just been loaded again)."""
        return self._hint_wanted

    def release(self):
        """Let the solver go (the menu needs the room); ``available`` loads it again."""
        self._hint_wanted = False
        self.stop()
        self._search = None
        self._effort = None
        self._prepare = None
        self._ready = None
        _empty("engine.solver", "engine.learned")
        forget("engine.solver", "engine.learned")

    def request_hint(self, low_power=False):
        """Show "think..." now; the hint comes in the next frame. Not on
        ``low_power`` (an empty battery: a search takes power the game needs)."""
        view = self.view
        if low_power:
            view.say(_W_S_BATT, _W_S_EMPTY)
            return
        if not self.available():
            view.say(_W_S_NO_SOLVER, _W_S_SOLVER)
            return
        view.show_status(text(_W_S_THINK), "...")
        self._hint_wanted = True

    def cancel(self):
        """Forget a hint asked for but not yet given."""
        self._hint_wanted = False

    def start(self, now, low_power=False):
        """Let the solver play until a key is pressed or the game ends (not on ``low_power``)."""
        view = self.view
        if self.game.over:
            view.say(_W_S_GAME, _W_S_OVER)
            return
        if low_power:
            view.say(_W_S_BATT, _W_S_EMPTY)
            return
        if not self.available():
            view.say(_W_S_NO_SOLVER, _W_S_SOLVER)
            return
        self.autoplay = True
        self._hint_wanted = False
        # On the win banner (started from the menu) it stays a while first.
        self._next_move = ticks_add(now, AUTO_CONTINUE_MS) if self.game.waiting else now
        view.show_hint(-1)
        view.show_status("AUTO", text(_W_S_PLAY))

    def stop(self):
        """Stop autoplay (the app's state stays as it is)."""
        if self.autoplay:
            self.autoplay = False
            self.view.show_status()

    def won(self, now):
        """The win banner came up during autoplay: continue after a pause."""
        self._next_move = ticks_add(now, AUTO_CONTINUE_MS)

    def tick(self, now):
        """Give a hint asked for; with autoplay, what it asks the app to do now.

        Written as one function, the search called from here: below it is
        the deepest Python call chain of the game (on the board: code.py,
        main, App.run, App.step, this, the solver's Search.best_move and
        its search loop), and a method more between them took 64 bytes
        more of the board's pystack (docs/ram-budget.md). Its locals are
        few for the same reason (4 bytes of pystack each; and a frame of
        more than 11 slots is a heap allocation in a VM without a pystack,
        such as the fuel VM the benchmarks use).

        :return: a request of app.modes (a move, or CONTINUE on the win
            banner), or None.
        """
        if self._prepare is not None:
            # Loaded again (after the menu): each step leaves garbage that
            # a frame's end lets go, so the steps take a frame each and
            # their garbage never adds up: the module's loading (done),
            # the tables (next frame: the learned table again if it was in
            # use, else the heuristic's), then the hint or move with the
            # search's buffers.
            if self._loaded_now:
                self._loaded_now = False
                return None
            prepare = self._prepare
            self._prepare = None  # one try: if it fails, the next frame builds them
            timings = self.timings
            timings.table_status = prepare(table=timings.table_status in TABLE_WANTED)
            return None
        if self._ready is not None and (
            self._hint_wanted or (self.autoplay and not self.game.waiting and ticks_diff(now, self._next_move) >= 0)
        ):
            switched = self._ready(self.game.cells, self._effort)
            if switched is not None:
                # The learned table was read back (a new game) or let go
                # (tiles past it) this frame; the decision comes next frame.
                self.timings.table_status = switched
                return None
        hint = self._hint_wanted
        if hint:
            # (Never with autoplay: a key stops it, and starting it drops a hint.)
            self._hint_wanted = False
        elif not self.autoplay or ticks_diff(now, self._next_move) < 0:
            return None
        elif self.game.waiting:
            return CONTINUE  # the win banner has been up long enough
        # The solver's direction (-1: none); the About page gets its time.
        started = self.ticks_ms()
        if self.solver is not None:
            direction = self.solver(self.game.cells)
        else:
            # The shared Search, made by the first decision (after the tables).
            direction = self._search(self._effort.deepest()).best_move(self.game.cells, self._effort, self.ticks_ms)
        self.timings.think_ms = ticks_diff(self.ticks_ms(), started)
        if hint:
            self.view.show_hint(direction)
            if direction < 0:
                self.view.say(_W_S_NO_MOVE, _W_S_MOVE)
            else:
                self.view.say(_W_S_HINT, _W_S_UP + direction)
            return None
        if direction < 0:
            self.stop()
            return None
        self._next_move = ticks_add(now, AUTOPLAY_MS)
        return direction
