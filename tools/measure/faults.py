# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Faults at random lines of the game: does one escape, does one leave a game nobody can play?

On the board a ``MemoryError`` (the heap full, or too fragmented) or a
``RuntimeError: pystack exhausted`` can come at any line that allocates or
calls. This instrument raises them at lines of the shipped code (app/,
engine/, boards/, code.py) while a board plays through its own start-up
(tools/play/world.py: code.py's ``start()`` over the fake hardware), in
CPython, and counts what went wrong. Two surveys:

**Play** (the default): a seeded random player presses the board's buttons
for ``--frames`` frames (menus, pages, settings, hints and autoplay
included), and a fault comes at a random line, on average one every
``--every`` lines of the product run. Counted:

* *escaped*: an exception came out of ``App.step`` (on the board: a
  traceback, and the game stops). The run switches the board off and on
  (the same NVM) and plays on;
* *dead*: after a fault, the first frame without one ended with a game the
  player cannot go on with (:func:`problems`: no tile on the board, flags
  that disagree with the board, a mode, banner or menu the game does not
  call for, sprites, rings, cells or scores on the screen that the game
  does not have), or a frame failed again with no fault raised in it. Then
  the board is switched off and on.

**Start-up** (``--start-up``): the board holds a saved game; one run per
line that code.py's start-up runs, with one fault at that line (each of
the two kinds), and what the player gets: the saved game (with less if
memory was short), the one line that says memory is short, or what must
never happen: a *fresh* game in place of the saved one, a *traceback*.
Each fresh game is then played for ``PLAY_AFTER_MS`` of board time (a
move a second): *overwritten* counts those whose saves replaced the
player's record.

How a fault is raised: ``sys.settrace`` with a line tracer on the
product's code objects only; the tracer counts the lines run and raises
the fault at the chosen one, which CPython raises in the traced frame at
that line, before the line runs. Lines that run nothing on the board
that could fail (``try:``, ``else:``, ``finally:`` and ``except ...:``
headers, ``pass``, a name bound to None) are not counted, nor code.py's
module body (the firmware runs it before any of the game). CPython stops tracing after a tracer raised; it starts again as
``App.recover`` begins, so a second fault may come while the first is
recovered from (a third in the same frame does not). Faults are
``MemoryError("memory allocation failed")`` and ``RuntimeError("pystack
exhausted")``, at random (play) or each in turn (start-up).

Usage::

    .venv/bin/python -m tools.measure.faults                 # play: 3 seeds x 20,000 frames, the PyBadge
    .venv/bin/python -m tools.measure.faults --seeds 4 --frames 2000 --board hack_club_sprig
    .venv/bin/python -m tools.measure.faults --start-up      # every line of the PyBadge's start-up
    .venv/bin/python -m tools.measure.faults --start-up --board hack_club_sprig

The numbers are deterministic for a seed and board: the player, the fault
lines and the board's clock are all seeded, no wall-clock time is read.
Exit status 1 if anything escaped or died (or a start-up went wrong).
"""

import contextlib
import linecache
import random
import re
import sys
from pathlib import Path

from tools import ROOT, ArgumentParser, board_id, whole

#: The shipped code: faults are raised only on its lines.
PRODUCT = tuple(str(path) + "/" for path in (ROOT / "app", ROOT / "engine", ROOT / "boards"))
CODE_PY = str(ROOT / "code.py")
#: What the random player does, with weights: a tap of each button,
#: Select held (autoplay), and a wait of 1..40 frames.
ACTIONS = (
    (("tap", "left"), 14),
    (("tap", "right"), 14),
    (("tap", "up"), 14),
    (("tap", "down"), 14),
    (("tap", "a"), 8),
    (("tap", "b"), 8),
    (("tap", "start"), 7),
    (("tap", "select"), 4),
    (("hold", "select", 800), 1),
    (("wait",), 10),
)
#: The two faults the board raises when short of heap and of Python stack.
FAULTS = (MemoryError, "memory allocation failed"), (RuntimeError, "pystack exhausted")
#: Lines that run nothing on the board that could fail (statement headers,
#: ``pass``, a name bound to None): no fault is raised there.
_NO_CODE = re.compile(r"(try:|else:|finally:|except\b.*:|pass|\w+ = None)\s*(#.*)?$")
#: Start-up survey: how long a fresh game is played, to see whether its
#: saves replace the player's record (board ms; a move a second).
PLAY_AFTER_MS = 180000


def is_product(filename):
    """True for a file of the shipped code (app/, engine/, boards/, code.py)."""
    return filename == CODE_PY or filename.startswith(PRODUCT)


def place(filename, function, line):
    """``app/controller.py:_pace:245``: a line, relative to the repository."""
    try:
        filename = str(Path(filename).relative_to(ROOT))
    except ValueError:
        pass
    return "%s:%s:%d" % (filename, function, line)


class Injector:
    """Raises faults at lines of the product's code.

    Either at random (``every``: mean lines between two faults, with
    ``rng``), or once, at line ``at`` (1: the first line run once armed).

    :param rng: a ``random.Random`` (the lines and the kinds); None with ``at``.
    :param int every: mean lines between two faults.
    :param int at: the one line to raise ``kind`` at.
    :param int kind: the fault of :data:`FAULTS` for ``at``.
    :param tuple where: ``(path, function)`` (the path relative to the
        repository): only lines run in that function count.
    """

    def __init__(self, rng=None, every=0, at=0, kind=0, where=None):
        self.rng = rng
        self.every = every
        self.kind = kind
        self._where = None if where is None else (str(ROOT / where[0]), where[1])
        #: Product lines run while armed.
        self.lines = 0
        self._next = at if at else self._gap()
        #: Faults raised: [(place, kind)], in order.
        self.fired = []
        self._product = {}
        self._no_code = {}
        #: A dict to fill, or None: each line's number in the order run, at
        #: its first run, by (file, line).
        self.first = None

    def _gap(self):
        return self.rng.randint(1, 2 * self.every - 1) if self.rng is not None else 0

    def arm(self):
        """Trace the product's code from now (again, after a fault)."""
        sys.settrace(self._call)

    @staticmethod
    def disarm():
        """Stop tracing."""
        sys.settrace(None)

    def _call(self, frame, event, arg):
        code = frame.f_code
        known = self._product.get(code)
        if known is None:
            # (code.py's module body is not the game's: the firmware runs it
            # before any of the game, and a fault there is the firmware's.)
            known = is_product(code.co_filename) and not (code.co_filename == CODE_PY and code.co_name == "<module>")
            if self._where is not None:
                # Only that function's lines count: no other frame is traced.
                known = known and (code.co_filename, code.co_name) == self._where
            known = self._product[code] = known
        return self._line if known else None

    def _runs_nothing(self, filename, line):
        key = (filename, line)
        known = self._no_code.get(key)
        if known is None:
            known = self._no_code[key] = bool(_NO_CODE.match(linecache.getline(filename, line).strip()))
        return known

    def _line(self, frame, event, arg):
        if event != "line" or self._next <= 0:
            return self._line
        code = frame.f_code
        if self._runs_nothing(code.co_filename, frame.f_lineno):
            return self._line
        self.lines += 1
        if self.first is not None:
            self.first.setdefault((code.co_filename, frame.f_lineno), self.lines)
        self._next -= 1
        if self._next > 0:
            return self._line
        self._next = self._gap()
        kind = self.rng.randrange(len(FAULTS)) if self.rng is not None else self.kind
        self.fired.append((place(code.co_filename, code.co_name, frame.f_lineno), kind))
        # Raised here, it is raised in the traced frame at this line (and
        # CPython stops tracing: ``arm`` starts it again).
        fault, text = FAULTS[kind]
        raise fault(text)


@contextlib.contextmanager
def fault_at(path, function, kind=0, nth=1):
    """While the block runs, the ``nth`` line run in ``function`` of ``path``
    (relative to the repository; lines that run nothing not counted)
    raises the fault ``kind`` of :data:`FAULTS` (0: MemoryError, 1:
    RuntimeError "pystack exhausted"), once. Yields the :class:`Injector`:
    its ``fired`` is empty if the block never ran that many lines there."""
    injector = Injector(at=nth, kind=kind, where=(path, function))
    injector.arm()
    try:
        yield injector
    finally:
        injector.disarm()


def _text_of(grid, row, columns):
    # The characters a TextGrid row shows (app.text: tile index + 32).
    return "".join(chr(32 + grid[row * columns + column]) for column in range(columns)).strip()


def problems(app):
    """What makes the game one a player cannot go on with, as short texts
    (an empty list: nothing). Read between two frames: the displayio
    objects as they are (what the next refresh sends), not what the view
    remembers having drawn."""
    return _game_problems(app.game) + _mode_problems(app) + _screen_problems(app)


def _game_problems(game):
    # What the store would refuse to load (a board with no tile, over or
    # won flags that disagree with it ...) is no game to go on with.
    from engine import record

    found = []
    why = record.check(record.pack(game, bytes(record.SETTINGS_SIZE), 0, 0))
    if why is not None:
        found.append("game: " + why)
    if game.max_exponent != max(game.cells):
        found.append("game: largest tile %d, board %d" % (game.max_exponent, max(game.cells)))
    return found


def _mode_problems(app):
    # The mode, the banner or page over the board, and the menu, as the game calls for them.
    modes = sys.modules["app.modes"]
    found = []
    game = app.game
    mode = app.mode
    overlay = app.overlay
    title = _text_of(overlay.title.grid, 0, overlay.title.columns) if overlay.visible else ""
    if app.menus is not None:
        if mode != app.menus.mode or not overlay.visible:
            found.append("menu open, mode %s, page %s, overlay shown %s" % (mode, app.menus.mode, overlay.visible))
    elif mode not in (modes.PLAY, modes.WON, modes.OVER, modes.MENU_OPENING):
        found.append("mode %s with the menu closed" % mode)
    elif mode != modes.MENU_OPENING:
        wanted = modes.WON if game.waiting else modes.OVER if game.over else modes.PLAY
        if mode != wanted:
            found.append("mode %s, the game calls for %s" % (mode, wanted))
        elif mode == modes.PLAY and title:
            found.append("%r over a game in play" % title)
        elif mode == modes.WON and title != "You win!":
            found.append("the win banner missing: %r" % title)
        if app.controls.playing != (mode == modes.PLAY):
            found.append("the controls' playing is %s in mode %s" % (app.controls.playing, mode))
    if title == "You win!" and not game.waiting:
        found.append("the win banner with no win")
    return found


def _screen_problems(app):
    # The board, the animation's sprites and rings, and the scores as shown.
    found = []
    game = app.game
    cells = list(game.cells)
    view = app.view
    # (A page may be the display's root group itself while the menu is open.)
    if app.display.root_group is not view.group and (app.menus is None or app.display.root_group is not app.overlay.group):
        found.append("the screen shows another group")
    if not app.animation.active:
        shown = [cell[0] for cell in view.cells]
        if shown != cells or any(cell.pixel_shader is not view.palettes[cells[index]] for index, cell in enumerate(view.cells)):
            found.append("the screen shows %s, the game has %s" % (shown, cells))
        if any(not sprite.hidden for sprite in app.animation.sprites):
            found.append("slide sprites on the screen with no animation")
        if any(not ring.hidden for ring in view.rings):
            found.append("merge rings on the screen with no animation")
    for box, value in ((view.score, game.score), (view.best, game.best)):
        if box.backdrop.hidden:
            continue  # a status line over the scores (128x128)
        strips = [strip for strip in (box.wide, box.narrow) if not strip.grid.hidden]
        if len(strips) != 1 or strips[0].digits() != str(value):
            found.append("a score box shows %s, the game has %d" % ([strip.digits() for strip in strips], value))
    return found


class Run:
    """One seed's play: a board played by a random player, with faults.

    :param str board_id: the board (boards/).
    :param int seed: seeds the player, the faults and each power-on's new game.
    :param int every: mean product lines between faults.
    """

    def __init__(self, board_id="pybadge", seed=1, every=2000):
        self.board_id = board_id
        self.seed = seed
        self.rng = random.Random(seed)
        self.injector = Injector(random.Random(seed * 7919 + 1), every)
        #: Exceptions out of App.step: [(place of the fault, what escaped)].
        self.escaped = []
        #: Dead games: [(place of the last fault, [problems])].
        self.dead = []
        #: Problems with no fault since the power-on (a bug of their own).
        self.unprovoked = []
        self.frames = 0
        self.power_ons = 0
        self.world = None
        self._nvm = None
        self._recoveries = 0
        self._faulted = False

    def power_on(self):
        """Switch the board on (the same NVM); its start-up is not traced."""
        from tools.play.world import World

        self.injector.disarm()
        self.power_ons += 1
        world = World(self.board_id, nvm=self._nvm, seed=self.seed * 1000 + self.power_ons)
        if world.app is None:
            raise RuntimeError("the %s did not start: %r" % (self.board_id, world.steps))
        self._nvm = world.nvm
        self.world = world
        app = world.app
        recover = app.recover
        run = self

        def recovering(error):
            run._recoveries += 1
            run.injector.arm()  # a fault may come during the recovery too
            recover(error)

        app.recover = recovering
        self._faulted = False

    def play(self, frames):
        """Run ``frames`` frames of random play with faults."""
        if self.world is None:
            self.power_on()
        injector = self.injector
        actions = [action for action, _ in ACTIONS]
        weights = [weight for _, weight in ACTIONS]
        while self.frames < frames:
            world = self.world
            if not world.fakeworld.pending():
                action = self.rng.choices(actions, weights)[0]
                if action[0] == "wait":
                    action = ("wait", 20 * self.rng.randint(1, 40))
                world.schedule([action])
            fired = len(injector.fired)
            recoveries = self._recoveries
            injector.arm()
            try:
                world.step()
            except Exception as error:  # out of App.step: on the board the game stops here
                injector.disarm()
                where = injector.fired[-1][0] if len(injector.fired) > fired else "no fault"
                self.escaped.append((where, "%s: %s" % (type(error).__name__, error)))
                self.frames += 1
                self.power_on()
                continue
            injector.disarm()
            self.frames += 1
            if len(injector.fired) > fired:
                self._faulted = True
                continue
            found = problems(world.app)
            if self._recoveries > recoveries:
                found.append("a frame failed with no fault raised: the status says %r" % world.app.view.status_text)
            if found:
                if self._faulted:
                    self.dead.append((injector.fired[-1][0], found))
                else:
                    self.unprovoked.append(found)
                self.power_on()


def play_report(board_id, seeds, frames, every):
    """The play survey as text, and the count of what went wrong."""
    lines = [
        "Faults at random lines of app/, engine/, boards/ while a random player plays the %s"
        " (CPython, tools/play/world.py; a fault every %d product lines on average)" % (board_id, every),
        "",
        "  %-5s %7s %7s %8s %6s %9s" % ("seed", "frames", "faults", "escaped", "dead", "power-on"),
    ]
    escaped = dead = unprovoked = 0
    places = {}
    deaths = {}
    for seed in seeds:
        run = Run(board_id, seed, every)
        run.play(frames)
        lines.append(
            "  %-5d %7d %7d %8d %6d %9d"
            % (seed, run.frames, len(run.injector.fired), len(run.escaped), len(run.dead) + len(run.unprovoked), run.power_ons)
        )
        escaped += len(run.escaped)
        dead += len(run.dead)
        unprovoked += len(run.unprovoked)
        for where, _ in run.escaped:
            places[where] = places.get(where, 0) + 1
        for where, found in run.dead + [("(no fault)", found) for found in run.unprovoked]:
            kind = _kind_of(found[0])
            counts = deaths.setdefault(kind, {})
            counts[where] = counts.get(where, 0) + 1
    lines.append("")
    lines.append("Escaped App.step: %d. Dead games: %d (%d with no fault at all)." % (escaped, dead + unprovoked, unprovoked))
    if places:
        lines.append("Where the escaped faults were raised:")
        lines += _most(places)
    for kind, counts in sorted(deaths.items(), key=lambda item: -sum(item[1].values())):
        lines.append("Dead: %s: %d, the last fault at:" % (kind, sum(counts.values())))
        lines += _most(counts)
    return "\n".join(lines), escaped + dead + unprovoked


def _kind_of(problem):
    # A problem without its numbers: "the screen shows [...], the game has [...]".
    return re.sub(r"\[[^]]*\]|-?\d+|'[^']*'", "...", problem)


def _most(counts, shown=8):
    # The commonest places first, and how many others.
    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    lines = ["  %5d  %s" % (count, where) for where, count in ordered[:shown]]
    if len(ordered) > shown:
        lines.append("  %5d  at %d other lines" % (sum(count for _, count in ordered[shown:]), len(ordered) - shown))
    return lines


# -- start-up ------------------------------------------------------------------

#: What a start-up with one fault gave the player.
SAVED = "the saved game"
MESSAGE = "the message"
FRESH = "a fresh game"
TRACEBACK = "a traceback"
OTHER = "something else"


def saved_nvm(board_id):
    """The board's NVM model (its port's, tools/firmware/standins/fakenvm.py)
    holding a saved game (tools.measure.ram_budget.board_image)."""
    from tools.firmware.finder import install
    from tools.measure import ram_budget

    install()
    import fakeboards
    import fakenvm

    facts = fakeboards.BOARDS[board_id]
    image = ram_budget.board_image(board_id)
    nvm = fakenvm.for_port(facts["flash"], facts["nvm"])
    if nvm is None:
        raise ValueError("the %s has no NVM" % board_id)
    nvm.data[:] = image
    return nvm


def start_up_once(board_id, at, kind, play_ms=PLAY_AFTER_MS, first=None, where=None):
    """One start-up of ``board_id`` holding a saved game, with a fault of
    ``kind`` at its line ``at`` (0: none; ``first``, a dict, then gets each
    line's number at its first run; ``where``, ``(path, function)``: only
    that function's lines count, see :class:`Injector`). Returns ``(outcome, where, said,
    overwritten, lines)``: the outcome (SAVED, MESSAGE, FRESH, TRACEBACK
    or OTHER), where the fault was raised, what the console said, whether
    a fresh game's saves replaced the saved record (None: not played), and
    the product lines the start-up ran."""
    import contextlib
    import io

    from engine.store import Store
    from tools.firmware.finder import fresh_modules, install
    from tools.measure import ram_budget
    from tools.play.world import World

    # A power-on: what the last start-up left in sys.modules goes first (a
    # fault between app.memory.forget's two steps leaves a module's name
    # set to None, which halts the next import of it, here the profiles').
    install()
    fresh_modules()
    nvm = saved_nvm(board_id)
    before = bytes(nvm.data)
    expected = Store(bytearray(before), **ram_budget.board_store(board_id)).load()
    injector = Injector(at=at or 10**12, kind=kind, where=where)  # 0: count the lines, raise nothing
    injector.first = first
    out = io.StringIO()
    error = None
    with contextlib.redirect_stdout(out):
        injector.arm()
        try:
            world = World(board_id, nvm=nvm, seed=99)
        except Exception as raised:  # a traceback on the board's console
            error = raised
            world = None
        finally:
            injector.disarm()
    where = injector.fired[0][0] if injector.fired else None
    said = out.getvalue().strip()
    lines = injector.lines
    if error is not None:
        return TRACEBACK, where, "%s: %s" % (type(error).__name__, error), None, lines
    app = world.app
    if app is None:
        kind_said = MESSAGE if said.startswith("2048: not enough memory to start") else OTHER
        return kind_said, where, said, None, lines
    game = app.game
    if list(game.cells) == list(expected.cells) and game.score == expected.score and game.stats.games == expected.stats.games:
        return SAVED, where, said, None, lines
    if not play_ms:
        return FRESH, where, said, None, lines
    # A fresh game: played a while (a move a second), as a player would.
    record_before = before
    directions = ("left", "down", "right", "up")
    for second in range(play_ms // 1000):
        world.schedule([("tap", directions[second % 4])])
        world.run_for(1000)
    from engine import record

    overwritten = _record_area(bytes(nvm.data), board_id) != _record_area(record_before, board_id)
    del record
    return FRESH, where, said, overwritten, lines


def _record_area(image, board_id):
    # The bytes the saved game's record lives in (the region every layout starts with).
    return image[:4096]


def start_up_report(board_id, step=1, play_ms=PLAY_AFTER_MS):
    """The start-up survey as text, and the count of what went wrong."""
    # A start-up first, unfaulted: the first of a process also imports the
    # host's own modules, and forget's loop over sys.modules would count
    # them in its lines (each point of the counting run below would then
    # fall a few lines off in the runs it numbers).
    start_up_once(board_id, 0, 0, play_ms=0)
    first = {}
    _, _, _, _, total = start_up_once(board_id, 0, 0, first=first)
    points = sorted(first.values())[::step]
    counts = {}
    bad = []
    overwritten = 0
    runs = 0
    for kind in range(len(FAULTS)):
        for at in points:
            outcome, where, said, replaced, _ = start_up_once(board_id, at, kind, play_ms)
            runs += 1
            counts[(kind, outcome)] = counts.get((kind, outcome), 0) + 1
            if outcome in (FRESH, TRACEBACK, OTHER):
                bad.append((FAULTS[kind][0].__name__, outcome, where, said.splitlines()[-1] if said else ""))
            if replaced:
                overwritten += 1
    lines = [
        "One fault at each line of the %s's start-up, holding a saved game (CPython, tools/play/world.py):"
        " %d lines of the game's code run %d times; a fault at the first run of %s"
        % (board_id, len(first), total, "each" if step == 1 else "every %dth" % step),
        "",
        "  %-14s %8s %8s %8s %10s %6s" % ("fault", "saved", "message", "fresh", "traceback", "other"),
    ]
    for kind in range(len(FAULTS)):
        row = [counts.get((kind, outcome), 0) for outcome in (SAVED, MESSAGE, FRESH, TRACEBACK, OTHER)]
        lines.append("  %-14s %8d %8d %8d %10d %6d" % tuple([FAULTS[kind][0].__name__] + row))
    fresh = sum(counts.get((kind, FRESH), 0) for kind in range(len(FAULTS)))
    wrong = len(bad)
    lines.append("")
    lines.append(
        "Runs: %d. A fresh game in place of the saved one: %d (its saves replaced the saved record in %d,"
        " %d s of play each). Tracebacks and others: %d." % (runs, fresh, overwritten, play_ms // 1000, wrong - fresh)
    )
    shown = {}
    for name, outcome, where, said in bad:
        key = "%s %s at %s: %s" % (name, outcome, where, said[:80])
        shown[key] = shown.get(key, 0) + 1
    lines += ["  %5d  %s" % (count, key) for key, count in sorted(shown.items())[:40]]
    return "\n".join(lines), wrong + overwritten


def main(argv=None):
    parser = ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--board", type=board_id, default="pybadge", help="board_id (default pybadge)")
    parser.add_argument("--seeds", type=whole(), nargs="+", default=[1, 2, 3], help="play: seeds (default 1 2 3)")
    parser.add_argument("--frames", type=whole(1), default=20000, help="play: frames per seed (default 20,000)")
    parser.add_argument("--every", type=whole(1), default=2000, help="play: mean product lines between faults (default 2,000)")
    parser.add_argument("--start-up", action="store_true", help="one fault at each line of start-up instead")
    parser.add_argument("--step", type=whole(1), default=1, help="start-up: every STEP-th line only (default 1: all)")
    args = parser.parse_args(argv)
    if args.start_up:
        text, wrong = start_up_report(args.board, args.step)
    else:
        text, wrong = play_report(args.board, args.seeds, args.frames, args.every)
    print(text)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
