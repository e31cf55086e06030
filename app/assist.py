# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The solver at the player's side: a hint on request, or autoplay.

A hint is asked for in one frame ("think..." shows) and worked out at the
start of the next one, from the top of the frame, so the search runs on a
shallow stack and the screen says what is happening meanwhile. Autoplay
plays a solver move every ``AUTOPLAY_MS`` and answers the win banner with
Continue after ``AUTO_CONTINUE_MS``.
"""

from adafruit_ticks import ticks_add, ticks_diff

from app.memory import forget
from engine import rules

#: Autoplay: least time between two moves (ms).
AUTOPLAY_MS = 250
#: Autoplay: how long the win banner stays before it continues by itself (ms).
AUTO_CONTINUE_MS = 1500


def load_solver(speed=1.0):
    """``(search, effort, prepare)`` of engine.solver with the handheld's
    effort for a CPU ``speed`` times a PyBadge's, or (None, None, None):
    ``search`` gives the shared Search (its buffers are made by the first
    call); ``prepare`` (build the tables) is None if the module was loaded
    already.

    code.py imports the solver at start-up; if it is missing, or there is
    no room to load it now, the hint says "no solver" and play goes on.
    """
    import sys

    fresh = "engine.solver" not in sys.modules
    try:
        from engine.solver import DEVICE, prepare, search
    except (ImportError, MemoryError):
        return None, None, None
    # Loaded just now: its tables are built a frame later (Assist.tick);
    # loaded at start-up (code.py), they are there already.
    return search, DEVICE.for_speed(speed), prepare if fresh else None


class Assist:
    """Hint and autoplay for an :class:`app.controller.App`.

    :param float speed: the board's CPU speed relative to a PyBadge's
        (``engine.solver.Effort.for_speed``); None: no solver (code.py
        started short of memory), the hint says "no solver".
    """

    def __init__(self, app, speed=1.0):
        self.app = app
        #: A ``best_move(cells) -> 0..3 or -1`` in place of engine.solver's
        #: search (a desktop test's quick one); None on the board.
        self.solver = None
        self._speed = speed
        self._search = None
        self._effort = None
        self._prepare = None
        # Loaded in this frame: its tables wait for the next (see tick).
        self._loaded_now = False
        #: True while the solver plays.
        self.autoplay = False
        self._hint_wanted = False
        self._next_move = 0
        self._won_at = 0

    def available(self):
        """True if a solver can be used (loads engine.solver's search once)."""
        if self.solver is not None or self._search is not None:
            return True
        if self._speed is None:  # start-up was short of memory (code.py): no solver
            return False
        self._search, self._effort, self._prepare = load_solver(self._speed)
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
        forget("engine.solver")

    def best_move(self, cells):
        """The solver's direction for ``cells`` (-1: none); the About page gets its time."""
        app = self.app
        started = app.ticks_ms()
        if self.solver is not None:
            direction = self.solver(cells)
        else:
            # The shared Search, made by the first decision (after the tables).
            direction = self._search(self._effort.max_depth).best_move(cells, self._effort, app.ticks_ms)
        app.timings.think_ms = ticks_diff(app.ticks_ms(), started)
        return direction

    def request_hint(self):
        """Show "think..." now; the hint comes in the next frame."""
        view = self.app.view
        if self.app.low_power:
            view.show_status("batt.", "empty")  # a search takes power the game needs
            return
        if not self.available():
            view.show_status("no", "solver")
            return
        view.show_status("think", "...")
        self._hint_wanted = True

    def cancel(self):
        """Forget a hint asked for but not yet given."""
        self._hint_wanted = False

    def toggle_autoplay(self, now):
        """Start autoplay (or stop it if it runs)."""
        if self.autoplay:
            self.stop()
        else:
            self.start(now)

    def start(self, now):
        """Let the solver play until a key is pressed or the game ends."""
        app = self.app
        if app.game.over:
            app.view.show_status("game", "over")
            return
        if app.low_power:
            app.view.show_status("batt.", "empty")
            return
        if not self.available():
            app.view.show_status("no", "solver")
            return
        self.autoplay = True
        self._hint_wanted = False
        self._next_move = now
        self._won_at = now
        app.view.show_hint(-1)
        app.view.show_status("AUTO", "play")
        app.resume()

    def stop(self):
        """Stop autoplay (the app's state stays as it is)."""
        if self.autoplay:
            self.autoplay = False
            self.app.view.show_status()
            self.app.touched(self.app.ticks_ms())

    def won(self, now):
        """The win banner came up during autoplay: continue after a pause."""
        self._won_at = now

    def tick(self, now):
        """Give a hint asked for, or play autoplay's next move when it is time.

        Written as one function: the search below it is the deepest Python
        call chain of the game (the board's pystack holds it once).
        """
        app = self.app
        view = app.view
        if self._prepare is not None:
            # Loaded again (after the menu): each step leaves garbage that
            # a frame's end lets go, so the steps take a frame each and
            # their garbage never adds up: the module's loading (done),
            # the tables (next frame), then the hint or move with the
            # search's buffers.
            if self._loaded_now:
                self._loaded_now = False
                return
            prepare = self._prepare
            self._prepare = None  # one try: if it fails, the search builds them
            prepare()
            return
        if self._hint_wanted:
            self._hint_wanted = False
            direction = self.best_move(app.game.cells)
            view.show_hint(direction)
            if direction < 0:
                view.show_status("no", "move")
            else:
                view.show_status("hint", rules.NAMES[direction].upper())
        if not self.autoplay:
            return
        if app.mode == "won":
            if ticks_diff(now, self._won_at) >= AUTO_CONTINUE_MS:
                app.continue_playing(now)
            return
        if app.mode != "play" or ticks_diff(now, self._next_move) < 0:
            return
        direction = self.best_move(app.game.cells)
        if direction < 0 or not app.move(direction, now):
            self.stop()
            return
        self._next_move = ticks_add(now, AUTOPLAY_MS)
