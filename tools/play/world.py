# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The fake world on the desktop: the board's own start-up, in this process.

tools/firmware/standins/ holds modules named like the firmware's (``board``,
``keypad``, ``microcontroller``, ``supervisor``, ``displayio`` sized like
its C objects, ...) and ``fakeworld``, the scripted world behind them: the
board, the time, the key presses, the tilt, the typed keys, the NVM. The
measuring VMs put that folder on their path; here the import finder of
tools/firmware/finder.py answers those names, so the game cannot tell this
process from a board.

A :class:`World` is one power-on of one board: it resets the fake world
for ``board_id`` and runs ``code.start()`` (code.py's own start-up: the
board's profile, its ``hardware()``, the artwork, the App), so every
desktop player (the simulator's window and headless runs, the tests)
plays the profile's own wiring. Each refresh of the fake display goes to
the world's :class:`tools.play.glass.Glass`: that, not the live group tree, is
what a player would see.
"""

import contextlib
import gc
import importlib
import os
import sys
import types

from tools import ROOT
from tools.firmware import finder

FONT_DIR = ROOT / "fonts"
#: How many of its latest sleeps a paced World keeps (``World.sleeps``): a
#: long run keeps no more (a simulated week with the screen off is six
#: million frames, 49 MB of list when every one was kept).
SLEEPS_KEPT = 1000


def _collect_young():
    # CircuitPython's gc.collect() takes no argument.
    return gc.collect(0)


#: The ``gc`` the game imports here: this process's, but for ``collect``.
#: On the board the game's ``gc.collect()`` (app.memory.forget, some ten a
#: power-on) marks and sweeps the game's own heap; here a full collection
#: would go through every object of the process (a test runner's, every
#: earlier World's: 2 ms each, a fifth of the fault tests' time). It
#: collects CPython's youngest generation, where the game's new garbage
#: is, and the process's own collector does the rest, as it always does.
#: The game sees no difference: reference counting frees at once what
#: CircuitPython's collector frees, and on CPython no game code can tell
#: when a cycle goes (its gc has no mem_free).
GAME_GC = types.ModuleType("gc", gc.__doc__)
GAME_GC.__dict__.update((name, value) for name, value in vars(gc).items() if not name.startswith("__"))
GAME_GC.collect = _collect_young


@contextlib.contextmanager
def _the_games_gc():
    # The game's modules are imported (afresh each power-on) while code.py
    # starts: each ``import gc`` they run binds GAME_GC.
    real = sys.modules["gc"]
    sys.modules["gc"] = GAME_GC
    try:
        yield
    finally:
        sys.modules["gc"] = real


@contextlib.contextmanager
def _trng(world, seed):
    # The board's random source gives ``seed`` while code.py starts.
    if seed is None:
        yield
        return
    real = os.urandom
    os.urandom = world.seeded_urandom(seed)
    try:
        yield
    finally:
        os.urandom = real


@contextlib.contextmanager
def _settings_toml(settings):
    # The board's settings.toml, as its os.getenv reads it.
    if settings is None:
        yield
        return
    real = os.getenv
    os.getenv = lambda name, default=None: settings.get(name, default)
    try:
        yield
    finally:
        os.getenv = real


class WorldReplaced(RuntimeError):
    """A newer World was made: this one's modules and state are gone."""


class World:
    """One board, powered on: ``code.start()`` over the fake world.

    :param str board_id: the board (a key of tools/firmware/standins/fakeboards.py).
    :param nvm: the NVM object behind ``microcontroller.nvm`` (anything
        shaped like it: a bytearray, a power-cut model of
        tools/firmware/standins/fakenvm.py, tools.play.file_nvm.FileNVM); default: the
        board's port's own model (fakenvm.for_port), erased.
    :param bool fresh: a board without NVM (nothing is read or kept).
    :param int seed: what the board's random source gives (the first game's
        seed); None: the host's own randomness.
    :param bool realtime: the clock follows the host's (the window); else
        it moves ``FRAME_MS`` per frame.
    :param bool paced: the clock moves as the board's main loop sleeps:
        after each frame by what the app asks for (``app.wait_ms``;
        ``App.run``), and not when the keys are read.
    :param bool accelerometer: False: no chip answers on the I2C bus.
    :param tuple screen: (width, height) of the display in place of the
        board's (a Fruit Jam's monitor mode, a board of another screen).
    :param dict settings: the board's settings.toml (name -> value, as
        ``os.getenv`` gives them on the board).
    :param int battery_mv: the battery's voltage at power-on (None: the
        board's resting figure, fakeboards ``battery``); ``usb``: on a USB
        host's power; ``charger``: on USB power without a host (a wall
        charger); ``light``: the light sensor's reading (None: a lit room);
        ``cell``, ``lamp``: models of what the battery pin and the light
        sensor see (tools/firmware/standins/fakepower.py), or None.
    :param bool glass: False: the display has no glass (a measuring run
        that looks at no screen: a refresh sends nowhere, twice as fast).
    :param dict options: more ``fakeworld.reset`` keywords.
    """

    current = None

    def __init__(
        self,
        board_id="pybadge",
        nvm=None,
        fresh=False,
        seed=None,
        realtime=False,
        accelerometer=True,
        screen=None,
        settings=None,
        paced=False,
        battery_mv=None,
        usb=False,
        light=None,
        charger=False,
        cell=None,
        lamp=None,
        glass=True,
        **options,
    ):
        finder.install()
        if World.current is not None:
            World.current._alive = False
        World.current = self
        self._alive = True
        world = self.fakeworld = finder.fresh_modules()
        from tools.play.glass import Glass

        world.power_on(
            board_id,
            nvm=nvm,
            fresh=fresh,
            screen=screen,
            glass_maker=Glass if glass else None,
            frame_ms=0 if realtime or paced else world.FRAME_MS,
            accelerometer=accelerometer,
            battery_mv=battery_mv,
            usb=usb,
            light=light,
            charger=charger,
            cell=cell,
            lamp=lamp,
            **options,
        )
        self.board_id = board_id
        self.facts = world.facts()
        self.realtime = realtime
        self.paced = paced
        #: What the main loop slept, frame by frame (paced: the app's
        #: ``wait_ms``): the latest SLEEPS_KEPT at least, never more than
        #: twice that (older ones go, a thousand at a time).
        self.sleeps = []
        #: Milliseconds slept in all (paced).
        self.slept_ms = 0
        if realtime:
            import time

            self._started = time.monotonic()
        #: What code.start() yielded (step names, then the App).
        self.steps = []
        self.app = None
        with _the_games_gc(), _trng(world, seed), _settings_toml(settings):
            self.code = finder.load_code_py()
            self.code.FONT_DIR = str(FONT_DIR)
            for step in self.code.start():
                self.steps.append(step)
                if not isinstance(step, str):
                    self.app = step
        if self.app is not None:
            # Its About page says it is a simulator, and of which board.
            self.app.timings.simulated = importlib.import_module("boards").NAMES.get(board_id, board_id)

    def _check(self):
        if not self._alive:
            raise WorldReplaced("a newer World replaced this one (one fake world per process at a time)")

    # -- the board ---------------------------------------------------------

    @property
    def display(self):
        """The fake board's display (``board.DISPLAY`` or the runtime's)."""
        return self.fakeworld.display

    @property
    def glass(self):
        """The display's glass: what its last refresh sent."""
        display = self.fakeworld.display
        return None if display is None else display.glass

    @property
    def now(self):
        """The board's clock (``supervisor.ticks_ms()``)."""
        return self.fakeworld.now

    @property
    def nvm(self):
        """The NVM object behind ``microcontroller.nvm`` (None: the board has none)."""
        return self.fakeworld.nvm

    def module(self, name):
        """The module ``name`` as this power-on imported it (a class from an
        earlier World's import is another class)."""
        self._check()
        return importlib.import_module(name)

    def buttons(self):
        """The game's buttons this board has (up, down, left, right, a, b, start, select)."""
        return importlib.import_module("fakeplayer").buttons()

    # -- time and input ----------------------------------------------------

    def step(self):
        """One frame of the app (the clock moves as the board's would)."""
        if not self._alive:  # (self._check() inline: this runs once a frame)
            self._check()
        if self.realtime:
            import time

            self.fakeworld.now = int((time.monotonic() - self._started) * 1000) & 0x1FFFFFFF
        self.app.step()
        if self.paced:
            # The board sleeps what the frame left of its slot (App.run).
            wait = self.app.wait_ms
            sleeps = self.sleeps
            sleeps.append(wait)
            if len(sleeps) >= 2 * SLEEPS_KEPT:
                del sleeps[:SLEEPS_KEPT]
            self.slept_ms += wait
            self.advance(wait)

    def frames(self, count=1):
        """Run ``count`` frames."""
        for _ in range(count):
            self.step()

    def run_for(self, milliseconds):
        """Run frames until ``milliseconds`` have passed on the board's clock."""
        world = self.fakeworld
        until = (world.now + milliseconds) & 0x1FFFFFFF
        while ((world.now - until) & 0x1FFFFFFF) >= 0x10000000:
            self.step()

    def advance(self, milliseconds):
        """Let ``milliseconds`` pass on the board's clock now (a slow NVM
        write stalls the board so)."""
        world = self.fakeworld
        world.now = (world.now + milliseconds) & 0x1FFFFFFF

    def run_script(self, limit=100000):
        """Frames until every scheduled input has been read (at most ``limit``)."""
        world = self.fakeworld
        for _ in range(limit):
            if not world.pending():
                return
            self.step()
        raise RuntimeError("the script did not finish in %d frames" % limit)

    def schedule(self, actions):
        """Schedule fakeplayer actions (("tap", button), ("hold", button, ms), ("wait", ms)) from now."""
        self._check()
        importlib.import_module("fakeplayer").schedule(self.app, actions)

    def down(self, button):
        """Press ``button`` now and keep it pressed (the window's key down)."""
        self._check()
        importlib.import_module("fakeplayer").down(button)

    def up(self, button):
        """Let ``button`` go now (the window's key up)."""
        self._check()
        importlib.import_module("fakeplayer").up(button)

    def type(self, text):
        """Type ``text`` on the board's keyboard now (a board played from a console)."""
        self._check()
        world = self.fakeworld
        world.forget_typed()
        for char in text:
            world.typed.append((world.now, char))

    def analog(self, pin, value):
        """From now the analog pin named ``pin`` reads ``value`` (0..65535: a stick)."""
        self._check()
        world = self.fakeworld
        steps = world.analog.setdefault(pin, [])
        world.forget_past(steps)  # what this step replaces can never be read again
        steps.append((world.now, value))

    def battery(self, millivolts):
        """From now the battery is at ``millivolts`` (the board's gauge pin
        reads it through its divider; fakeboards ``battery``)."""
        self._check()
        self.fakeworld.battery_mv = millivolts

    def usb(self, on=True):
        """Plug USB power in (or pull it out): a host enumerates the board,
        and a USB sense pin reads its level."""
        self._check()
        self.fakeworld.usb = on

    def charger(self, on=True):
        """Plug a wall charger or a power bank in (or pull it out): USB
        power with no host, which a USB sense pin sees and
        ``supervisor.runtime.usb_connected`` does not."""
        self._check()
        self.fakeworld.charger = on

    def light(self, value):
        """From now the light sensor reads ``value`` (0..65535)."""
        self._check()
        self.fakeworld.light = value

    def tilt(self, right_mg=0, down_mg=0):
        """Hold the board tilted from now: the screen's right / bottom edge
        lowered by ``right_mg`` / ``down_mg`` milli-g (0, 0: level)."""
        self._check()
        world = self.fakeworld
        z = 1000 if not (right_mg or down_mg) else int((max(0, 1000 * 1000 - right_mg**2 - down_mg**2)) ** 0.5)
        world.forget_past(world.tilts)
        world.tilts.append((world.now, right_mg, down_mg, z))
