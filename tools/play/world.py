# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The fake world on the desktop: the board's own start-up, in this process.

tools/play/standins/ holds modules named like the firmware's (``board``,
``keypad``, ``microcontroller``, ``supervisor``, ``displayio`` sized like
its C objects, ...) and ``fakeworld``, the scripted world behind them: the
board, the time, the key presses, the tilt, the typed keys, the NVM. The
measuring VMs put that folder on their path. Here :func:`install` puts a
finder in front of CPython's imports that answers those names from
tools/play/standins/ (and refuses Blinka's modules of the same names, as a
board without them would), so the game cannot tell this process from a
board.

A :class:`World` is one power-on of one board: it resets the fake world
for ``board_id`` and runs ``code.start()`` (code.py's own start-up: the
board's profile, its ``hardware()``, the artwork, the App), so every
desktop player (the simulator's window and headless runs, the tests)
plays the profile's own wiring. Each refresh of the fake display goes to
the world's :class:`tools.play.glass.Glass`: that, not the live group tree, is
what a player would see.
"""

import contextlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.metadata
import importlib.util
import os
import sys

from tools import ROOT
from tools.play import STANDINS

FONT_DIR = ROOT / "fonts"
#: CPython's own modules that a stand-in replaces only in the VMs.
_HOST_OWN = frozenset(("__future__",))
#: Stand-ins that are the same on every board (data, the NVM models): kept
#: across power-ons, so their classes stay one (a test's PowerCut is the world's).
_KEPT = frozenset(("fakeboards", "fakenvm", "fakepower", "scenario"))
#: How many of its latest sleeps a paced World keeps (``World.sleeps``): a
#: long run keeps no more (a simulated week with the screen off is six
#: million frames, 49 MB of list when every one was kept).
SLEEPS_KEPT = 1000
#: Libraries that bind the firmware's modules when imported (reloaded per world).
_BOUND_PREFIXES = (
    "app.",
    "boards.",
    "adafruit_bitmap_font",
    "adafruit_display_text",
    "adafruit_lis3dh",
    "adafruit_lsm6ds",
    "adafruit_bus_device",
    "adafruit_register",
    "adafruit_ticks",
)
_BOUND_NAMES = frozenset(("app", "boards"))


def _blinka_names():
    # The top-level modules Blinka provides: firmware modules on a desktop.
    names = set()
    for distribution in ("Adafruit-Blinka", "adafruit-blinka-displayio"):
        try:
            files = importlib.metadata.files(distribution) or ()
        except importlib.metadata.PackageNotFoundError:
            continue
        for file in files:
            parts = file.parts
            if len(parts) == 1 and parts[0].endswith(".py"):
                names.add(parts[0][:-3])
            elif len(parts) > 1 and parts[1] == "__init__.py" and not parts[0].endswith(".dist-info"):
                names.add(parts[0])
    # Blinka's micropython.py gives const(), which CircuitPython has too.
    names.discard("micropython")
    names.discard("adafruit_blinka")
    return frozenset(names)


#: Compiled code of the modules a power-on imports again, by (path, mtime):
#: each World imports them anew, and compiling them every time (no .pyc is
#: written where PYTHONDONTWRITEBYTECODE is set) was half of a power-on.
_CODE = {}


class _CachingLoader(importlib.machinery.SourceFileLoader):
    """A source loader that compiles each file once per process (per mtime)."""

    def get_code(self, fullname):
        path = self.get_filename(fullname)
        key = (path, os.stat(path).st_mtime_ns)
        code = _CODE.get(key)
        if code is None:
            code = _CODE[key] = super().get_code(fullname)
        return code


def _cached_spec(name, location):
    return importlib.util.spec_from_file_location(name, location, loader=_CachingLoader(name, str(location)))


class _Finder(importlib.abc.MetaPathFinder):
    """Answers the stand-ins' names from tools/play/standins/, and refuses the
    firmware's other names (Blinka's), as a VM without them does; the
    game's and the libraries' modules it finds as Python would, keeping
    their compiled code (see _CachingLoader)."""

    def __init__(self):
        self.standins = frozenset(path.stem for path in STANDINS.glob("*.py")) - _HOST_OWN
        self.refused = _blinka_names() - self.standins
        self.enabled = True

    def find_spec(self, fullname, path=None, target=None):
        if not self.enabled:
            return None
        if fullname in self.standins:
            return _cached_spec(fullname, STANDINS / (fullname + ".py"))
        if fullname.partition(".")[0] in self.refused:
            raise ModuleNotFoundError("no module named %r" % fullname, name=fullname)
        if _world_bound(fullname):
            found = importlib.machinery.PathFinder.find_spec(fullname, path)
            if found is not None and isinstance(found.loader, importlib.machinery.SourceFileLoader):
                spec = _cached_spec(fullname, found.origin)
                spec.submodule_search_locations = found.submodule_search_locations
                return spec
            return found
        return None


_FINDER = None


def install():
    """Make this process the fake world (idempotent); returns the finder."""
    global _FINDER
    if _FINDER is None:
        os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
        _FINDER = _Finder()
        for name in list(sys.modules):
            if _world_bound(name):
                del sys.modules[name]  # imported before the world: not its modules
        sys.meta_path.insert(0, _FINDER)
    return _FINDER


@contextlib.contextmanager
def finder_off():
    """Imports inside see the host's modules (tools/play/blinka.py loads Blinka so)."""
    finder = _FINDER
    if finder is None:
        yield
        return
    finder.enabled = False
    try:
        yield
    finally:
        finder.enabled = True


def _world_bound(name):
    if name in _KEPT:
        return False
    if _FINDER is not None and name.partition(".")[0] in _FINDER.standins:
        return True
    return name in _BOUND_NAMES or name.startswith(_BOUND_PREFIXES)


def _fresh_modules():
    # A new power-on: every stand-in, profile and app module is imported
    # anew, so what a board lacks (vectorio on a Wio Terminal ...) is
    # decided again by the modules that try it at import.
    for name in list(sys.modules):
        if _world_bound(name):
            del sys.modules[name]
    return importlib.import_module("fakeworld")


def load_code_py():
    """code.py as a module object (not in sys.modules: the name ``code`` is
    the standard library's on the desktop)."""
    spec = _cached_spec("code", ROOT / "code.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.FONT_DIR = str(FONT_DIR)
    return module


@contextlib.contextmanager
def _trng(seed):
    # The board's random source gives ``seed``: os.urandom is what
    # engine.rng.entropy_seed reads (the SAMD51's TRNG on a PyBadge).
    if seed is None:
        yield
        return
    seed &= (1 << 30) - 1
    raw = bytes((seed & 0xFF, (seed >> 8) & 0xFF, (seed >> 16) & 0xFF, (seed >> 24) & 0x3F))
    real = os.urandom
    os.urandom = lambda count: (raw * (count // 4 + 1))[:count]
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

    :param str board_id: the board (a key of tools/play/standins/fakeboards.py).
    :param nvm: the NVM object behind ``microcontroller.nvm`` (anything
        shaped like it: a bytearray, a power-cut model of
        tools/play/standins/fakenvm.py, tools.play.file_nvm.FileNVM); default: the
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
        sensor see (tools/play/standins/fakepower.py), or None.
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
        install()
        if World.current is not None:
            World.current._alive = False
        World.current = self
        self._alive = True
        world = self.fakeworld = _fresh_modules()
        world.reset(board_id, **options)
        from tools.play.glass import Glass

        world.glass_maker = Glass if glass else None
        world.stop_when_done = False
        world.accelerometer = accelerometer
        world.battery_mv, world.usb, world.light = battery_mv, usb, light
        world.charger, world.cell, world.lamp = charger, cell, lamp
        if fresh:
            world.nvm = None
        elif nvm is not None:
            world.nvm = nvm
        else:
            world.nvm = importlib.import_module("fakenvm").for_port(world.facts()["flash"], world.facts()["nvm"])
        self.board_id = board_id
        self.facts = world.facts()
        if screen is not None:
            self.facts["runtime_screen" if self.facts["runtime_screen"] else "screen"] = tuple(screen)
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

            world.frame_ms = 0
            self._started = time.monotonic()
        elif paced:
            world.frame_ms = 0
        self.code = load_code_py()
        #: What code.start() yielded (step names, then the App).
        self.steps = []
        self.app = None
        with _trng(seed), _settings_toml(settings):
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
