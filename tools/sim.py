# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Desktop simulator: the handheld app in a window, or headless for screenshots.

Window (``make play``)::

    .venv/bin/python tools/sim.py [--nvm PATH] [--fresh] [--seed N]

Keys: arrows / WASD / HJKL = D-pad, X = A, Z = B, Enter = Start,
Space = Select (hold for autoplay), Esc or closing the window quits; the
window's title says so, and so does the Controls help page. The window
shows the backlight: dimming after a minute and the Brightness setting
darken it. Without a display (over SSH, in a container) it says so in one
line and exits with status 2: use --headless.

The game is saved in an NVM file, by default
~/.local/share/pybadge-2048/nvm.bin (``$XDG_DATA_HOME`` respected), so the
simulator resumes like the handheld. A symlink there is followed (the file
it points to is replaced, the link stays); a folder, an unreadable file or
a file another simulator has open stops the start with one line; a
read-only file is loaded and never replaced (every save then says "save
FAILED"). A save that fails (disk full: it needs room for a second copy of
the 8 KB file) shows in the game, and the last one on closing also on
stderr (exit status 1).

Headless (no window, no display; deterministic clock)::

    .venv/bin/python tools/sim.py --headless --seed 7 --press up,left,a,start \\
        --screenshot out.png

presses the named buttons (up, down, left, right, a, b, start, select;
``name*N`` repeats, ``hold-select`` holds Select for autoplay, ``wait``
lets 1 s pass) and writes the final screen as a PNG. ``--board "1024 1024
. . ..."`` (16 tile values, row-major) and ``--score`` start from a prepared
position. Headless runs use a
blank in-memory NVM unless ``--nvm PATH`` is given. ``--fresh`` ignores
(and never touches) the saved state: the game runs with no NVM at all, and
"Save now" says "not saved". Exit status 0 unless something failed.
"""

import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

# Before Blinka or pygame load: no board-detection noise, no sound card.
os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import keypad  # noqa: E402  Blinka's keypad: only its EventQueue is used

from app import controls  # noqa: E402

FONT_DIR = os.path.join(ROOT, "fonts")
#: The PyBadge's NVM size (a board profile says its own: SimBoard.nvm_bytes).
NVM_SIZE = 8192
#: Virtual milliseconds per headless frame.
FRAME_MS = 20

#: Button names -> PyBadge key numbers.
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


#: The keyboard's keys for each PyBadge button, as the Controls page and
#: the window's title name them (the keys themselves: _pygame_keymap).
KEY_NAMES = (
    ("D-pad", "arrows, WASD, HJKL"),
    ("A", "X"),
    ("B", "Z"),
    ("Start", "Enter"),
    ("Select", "Space"),
    ("Hold Select", "hold Space"),
    ("Quit", "Esc"),
)

class SimBoard:
    """A board profile (boards/) as the simulator plays it: the screen size,
    the key numbers its buttons have (the profile's KEYMAP, so the game's
    own key mapping is what is played), its NVM size and store layout, and
    its solver speed.

    :raises ValueError: no profile has that ``board_id``.
    """

    def __init__(self, board_id="pybadge"):
        import boards

        profile = boards.load(board_id)
        if profile is None:
            raise ValueError("no board profile %r (there are: %s)" % (board_id, ", ".join(sorted(boards.NAMES))))
        self.board_id = board_id
        self.name = boards.NAMES[board_id]
        self.width, self.height = profile.SCREEN
        self.nvm_bytes = profile.NVM_BYTES
        self.store = dict(getattr(profile, "STORE", {}))
        self.speed = profile.SPEED
        self.keymap = getattr(profile, "KEYMAP", None)
        #: How it is played: "buttons", "tilt" (the CLUE: tilt and two
        #: buttons) or "keyboard" (the Fruit Jam: keys on the console).
        self.input = getattr(profile, "INPUT", "buttons")
        self.tilt_axes = getattr(profile, "TILT_AXES", ("+x", "+y"))

    def key_number(self, logical):
        """The key number the board's key source gives the logical key
        ``logical`` (app.controls.KEY_*), or None if no button is it."""
        if self.keymap is None:
            return logical
        for number, mapped in enumerate(self.keymap):
            if mapped == logical:
                return number
        return None

    def has(self, button):
        """True if one of the board's buttons is ``button`` (a BUTTONS name)."""
        if self.input != "buttons":
            return True  # tilt and a keyboard reach every button (see Simulator.press)
        return self.key_number(BUTTONS[button]) is not None


class SimAccelerometer:
    """A board's accelerometer for app.tilt: ``acceleration`` (x, y, z) in
    m/s^2, lying flat unless ``tilt`` says otherwise."""

    def __init__(self):
        self.acceleration = (0.0, 0.0, 9.8)

    def tilt(self, right=0.0, down=0.0):
        """Tilt the screen's right (bottom) edge down by ``right`` (``down``) m/s^2."""
        self.acceleration = (right, down, 9.0)


class SimConsole:
    """A console for app.stdin_keys: ``serial_bytes_available`` and ``read``."""

    def __init__(self):
        self.waiting = ""

    @property
    def serial_bytes_available(self):
        return len(self.waiting)

    def type(self, text):
        """Type ``text`` (escape sequences for the arrows)."""
        self.waiting += text

    def read(self, count=1):
        text, self.waiting = self.waiting[:count], self.waiting[count:]
        return text


#: The keyboard's text for each button on a "keyboard" board (app.stdin_keys).
TYPED = {
    "up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D",
    "a": "a", "b": "b", "start": "\r", "select": " ", "hold-select": "p",
}
#: A tilt for each direction, m/s^2 along the screen's (right, down).
TILTS = {"left": (-5.0, 0.0), "right": (5.0, 0.0), "up": (0.0, -5.0), "down": (0.0, 5.0)}
#: On a "tilt" board (two buttons): the button each game button is.
TWO_BUTTONS = {"a": "a", "b": "b", "select": "a", "start": "b"}


def board_inputs(board, buttons, event):
    """(keys, controls, accelerometer, console) the App gets on ``board``:
    the buttons alone, or merged with a tilt or a console."""
    if board.input == "tilt":
        from app.tilt import TiltKeys
        from app.two_buttons import TwoButtonControls

        accelerometer = SimAccelerometer()
        keys = TiltKeys(buttons, accelerometer, board.tilt_axes[0], board.tilt_axes[1], event)
        return keys, TwoButtonControls(), accelerometer, None
    if board.input == "keyboard":
        from app.stdin_keys import KeyboardControls, StdinKeys

        console = SimConsole()
        return StdinKeys(console, console, buttons, event), KeyboardControls(), None, console
    return buttons, None, None, None


#: KEY_NAMES of the boards played otherwise: by tilt (arrows tilt the
#: board while held), and from a keyboard (the keys are typed as they are).
TILT_KEY_NAMES = (("Tilt", "hold an arrow"), ("A", "X"), ("B", "Z"), ("Quit", "Esc"))
KEYBOARD_KEY_NAMES = (("Keys", "as on the board's keyboard"), ("Quit", "Esc"))


def key_names_for(board):
    """The keyboard's keys for ``board``'s controls (window title, Controls page)."""
    if board.input == "tilt":
        return TILT_KEY_NAMES
    if board.input == "keyboard":
        return KEYBOARD_KEY_NAMES
    return KEY_NAMES


#: Shown instead of a window where none can open.
HEADLESS_HINT = "run it headless instead: .venv/bin/python tools/sim.py --headless --press left,down --screenshot shot.png"


def window_title(board=None):
    """The window's title: which board it plays and which key is which button."""
    name = "PyBadge" if board is None or board.board_id == "pybadge" else board.name
    names = KEY_NAMES if board is None else key_names_for(board)
    return "2048 (%s simulator) - " % name + ", ".join("%s: %s" % (button, keys) for button, keys in names)


def display_problem(environ=None, platform=None):
    """Why no window can open here, in a few words, or None."""
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    driver = environ.get("SDL_VIDEODRIVER", "").lower()
    if driver in ("dummy", "offscreen"):
        return "SDL_VIDEODRIVER=%s draws into memory, not into a window" % driver
    if platform.startswith(("linux", "freebsd", "openbsd", "netbsd")) and not (
        environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY")
    ):
        return "there is no display ($DISPLAY and $WAYLAND_DISPLAY are unset: over SSH or in a container?)"
    return None


def default_nvm_path():
    """Where the window simulator keeps its NVM file."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "pybadge-2048", "nvm.bin")


def board_nvm_path(board_id):
    """The window's NVM file for ``board_id``: the PyBadge's is the default
    path, every other board has its own file beside it."""
    if board_id == "pybadge":
        return default_nvm_path()
    return os.path.join(os.path.dirname(default_nvm_path()), "nvm-%s.bin" % board_id)


def open_nvm(path, size=NVM_SIZE):
    """An NVM-like object of ``size`` bytes: in memory for ``None``, else
    backed by a file (``tools.file_nvm.FileNVM``; its folder is made if missing).

    :raises tools.file_nvm.NVMFileError: the file cannot be used (a folder,
        unreadable, in use by another simulator); one line says why.
    """
    if path is None:
        return bytearray(b"\xff" * size)
    from tools.file_nvm import FileNVM, NVMFileError

    directory = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(directory, exist_ok=True)
    except OSError as error:
        raise NVMFileError("cannot make the folder %s: %s" % (directory, error.strerror or error)) from None
    return FileNVM(path, size=size)


def open_nvm_or_say_why(path, option, size=NVM_SIZE):
    """``open_nvm(path, size)``, or None after printing one line on stderr.

    Also says (one line each) when the file is read-only (it is loaded, no
    save will land) and when it is a symlink (the file it points to is used).
    """
    from tools.file_nvm import NVMFileError

    try:
        nvm = open_nvm(path, size)
    except NVMFileError as error:
        print("%s: %s" % (option, error), file=sys.stderr)
        return None
    if path is not None:
        if os.path.islink(path):
            print("%s: %s is a symlink: using %s" % (option, path, nvm.path), file=sys.stderr)
        if nvm.read_only:
            print("%s: %s is read-only: the game is loaded, but no save will be kept" % (option, path),
                  file=sys.stderr)
    return nvm


def save_and_report(app, now):
    """The final save (closing, end of a headless run); False after printing
    why it failed."""
    from engine.store import FAILED

    if app.save(now) != FAILED:
        return True
    error = app.store.error
    detail = getattr(error, "strerror", None) or app.save_failure or "unknown error"
    print("the game was not saved: %s (%s)" % (detail, app.save_failure), file=sys.stderr)
    return False


def close_nvm(nvm):
    """Release a file NVM's lock (nothing for other NVMs)."""
    close = getattr(nvm, "close", None)
    if close is not None:
        close()


class SimKeys:
    """Stands in for ``keypad.ShiftRegisterKeys``: ``events`` is a keypad EventQueue."""

    def __init__(self, max_events=64):
        self.events = keypad.EventQueue(max_events)

    def press(self, key_number):
        """Queue a press of key 0..7."""
        self.events.keypad_eventqueue_record(key_number, True)

    def release(self, key_number):
        """Queue a release of key 0..7."""
        self.events.keypad_eventqueue_record(key_number, False)


class VirtualClock:
    """A ticks_ms() that moves only when told to (deterministic headless runs)."""

    def __init__(self, start=0):
        self.now = start

    def __call__(self):
        return self.now

    def advance(self, milliseconds):
        """Let ``milliseconds`` pass (wrapping at 2**29 like supervisor.ticks_ms)."""
        self.now = (self.now + milliseconds) % (1 << 29)


class HeadlessDisplay:
    """The display API the app uses, drawing nothing; render with tools.framebuffer."""

    def __init__(self, width=160, height=128):
        self.width = width
        self.height = height
        self.root_group = None
        self.auto_refresh = True
        self.brightness = 1.0
        self.refreshes = 0

    def refresh(self, **_kwargs):
        """Count the refresh (the app calls it once per changed frame)."""
        self.refreshes += 1
        return True


def make_store(nvm, layout=None):
    """The game's Store on ``nvm`` (None: a store with no NVM, for --fresh:
    it loads a fresh game and every save says nothing was kept), written
    the way ``layout`` (a board profile's STORE) says."""
    from engine.store import Store

    return Store(nvm, **(layout or {}))


class Simulator:
    """The app with simulated hardware, driven by button names (tests use this).

    :param int seed: seed of a new game (when nothing is saved).
    :param nvm: NVM-like object (default: blank, in memory).
    :param bool fresh: no NVM at all (--fresh): nothing is read or kept.
    :param str board: the board profile played (screen, keys, NVM, speed).
    :param keys: optional key source in place of the board's (a test
        driving an input adapter itself); then ``controls``, ``event`` and
        ``tilt`` go to the App as given.
    """

    def __init__(self, seed=None, nvm=None, solver=None, fresh=False, key_names=None, board="pybadge",
                 keys=None, controls=None, event=None, tilt=None):
        from app.controller import App

        self.board = SimBoard(board)
        self.display = HeadlessDisplay(self.board.width, self.board.height)
        self.keys = SimKeys()
        self.clock = VirtualClock()
        if fresh:
            self.nvm = None
        else:
            self.nvm = nvm if nvm is not None else open_nvm(None, self.board.nvm_bytes)
        self.store = make_store(self.nvm, self.board.store)
        if keys is None:
            event = keypad.Event()
            keys, controls, self.accelerometer, self.console = board_inputs(self.board, self.keys, event)
        else:
            self.keys = keys
            self.accelerometer = self.console = None
        self.app = App(
            self.display,
            keys,
            self.store,
            self.clock,
            font_dir=FONT_DIR,
            seed=seed,
            solver=solver,
            event=event,
            key_names=key_names,
            keymap=self.board.keymap,
            speed=self.board.speed,
            controls=controls,
            tilt=tilt,
        )
        self.app.step()
        if self.accelerometer is not None:
            self.frames(12)  # tilt measures "level" first

    @property
    def game(self):
        """The app's game."""
        return self.app.game

    def frames(self, count=1):
        """Run ``count`` frames of FRAME_MS each."""
        for _ in range(count):
            self.clock.advance(FRAME_MS)
            self.app.step()

    def settle(self):
        """Run frames until no animation runs and no hint is pending (at most 1 s)."""
        for _ in range(50):
            if not self.app.animation.active and not self.app.assist.busy:
                break
            self.frames()

    def key(self, name):
        """The board's key number of the button ``name`` (see BUTTONS).

        :raises ValueError: the board has no such button.
        """
        number = self.board.key_number(BUTTONS[name])
        if number is None:
            raise ValueError("the %s has no %s button" % (self.board.name, name))
        return number

    def press(self, name):
        """Press and release one button by name (see BUTTONS), then let it settle.

        On a tilt board a direction is a tilt and back, Select's hint is A
        and Start's menu B (a held Select: both); on a keyboard board each
        button is its key typed (TYPED).
        """
        if name == "wait":
            self.frames(1000 // FRAME_MS)
            return
        if self.console is not None:
            self.console.type(TYPED[name])
            self.frames(3)
            self.settle()
            return
        if self.accelerometer is not None:
            self._press_on_tilt_board(name)
            return
        if name == "hold-select":
            key = self.key("select")
            self.keys.press(key)
            self.frames(1 + controls.LONG_PRESS_MS // FRAME_MS)
            self.keys.release(key)
            self.frames()
            return
        key = self.key(name)
        self.keys.press(key)
        self.frames()
        self.keys.release(key)
        self.frames()
        self.settle()

    def _press_on_tilt_board(self, name):
        if name in TILTS:
            self.accelerometer.tilt(*TILTS[name])
            self.frames(6)
            self.accelerometer.tilt(0.0, 0.0)
            self.frames(4)
            self.settle()
            return
        if name == "hold-select":
            keys = (controls.KEY_A, controls.KEY_B)
        else:
            keys = (BUTTONS[TWO_BUTTONS[name]],)
        for key in keys:
            self.keys.press(key)
        self.frames(2)
        for key in keys:
            self.keys.release(key)
        self.frames(3)
        self.settle()

    def press_all(self, names):
        """Press a sequence of names; ``name*N`` repeats."""
        for name in names:
            count = 1
            if "*" in name:
                name, times = name.split("*", 1)
                count = int(times)
            for _ in range(count):
                self.press(name.strip().lower())

    def pixels(self):
        """The screen as width*height RGB565 ints (row-major)."""
        from tools.framebuffer import render_rgb565

        return render_rgb565(self.app.view.group, self.board.width, self.board.height)

    def screenshot(self, path, scale=1):
        """Write the screen to a PNG file."""
        from tools.framebuffer import write_png

        write_png(path, self.pixels(), scale=scale, width=self.board.width, height=self.board.height)


def parse_board(text):
    """'2 2 . 4 ...' (16 tile values, row-major; '.' or 0 empty) -> 16 exponents.

    :raises ValueError: not 16 cells, a value that is no tile of 2 .. 131072,
        or no tile at all.
    """
    from engine.rules import MAX_EXPONENT

    items = text.replace(",", " ").replace("/", " ").split()
    if len(items) != 16:
        raise ValueError("a board has 16 cells, got %d" % len(items))
    cells = []
    for item in items:
        try:
            value = 0 if item == "." else int(item)
        except ValueError:
            raise ValueError("not a tile value: %r" % item) from None
        if value and (value < 2 or value & (value - 1)):
            raise ValueError("not a tile value: %r" % item)
        if value > 1 << MAX_EXPONENT:
            raise ValueError("%r is more than 131072, the largest tile of a 4x4 game" % item)
        cells.append(value.bit_length() - 1 if value else 0)
    if not any(cells):
        raise ValueError("a board needs at least one tile")
    return cells


def run_headless(args):
    """--headless: press the buttons, save the screenshot; returns an exit status."""
    nvm = None
    board = SimBoard(args.board_profile)
    if not args.fresh:
        nvm = open_nvm_or_say_why(args.nvm, "--nvm", board.nvm_bytes)
        if nvm is None:
            return 2
    try:
        return _play_headless(args, nvm)
    finally:
        close_nvm(nvm)


def _play_headless(args, nvm):
    sim = Simulator(seed=args.seed, nvm=nvm, fresh=args.fresh, board=args.board_profile)
    if args.board:
        try:
            cells = parse_board(args.board)
        except ValueError as error:
            print("--board: %s" % error, file=sys.stderr)
            return 2
        try:
            sim.game.set_board(cells, score=args.score)
        except ValueError as error:
            print("--score: %s" % error, file=sys.stderr)
            return 2
        sim.app.show_position()
    names = [name for name in (args.press or "").split(",") if name.strip()]
    for name in names:
        button = name.split("*")[0].strip().lower()
        if button not in BUTTONS and name not in ("wait", "hold-select"):
            print("unknown button %r (use %s, wait, hold-select)" % (name, ", ".join(BUTTONS)), file=sys.stderr)
            return 2
        wanted = "select" if name == "hold-select" else button
        if wanted in BUTTONS and not sim.board.has(wanted):
            print("the %s has no %s button" % (sim.board.name, wanted), file=sys.stderr)
            return 2
    sim.press_all(names)
    sim.frames(5)
    status = 0
    if args.nvm and not args.fresh:
        # Keep the result, as the window does when it closes.
        if not save_and_report(sim.app, sim.clock.now):
            status = 1
    if args.screenshot:
        sim.screenshot(args.screenshot, scale=args.scale)
    game = sim.game
    print("score %d best %d moves %d max tile %d%s" % (
        game.score, game.best, game.moves, game.max_tile, " (game over)" if game.over else ""))
    return status


# pygame key -> PyBadge key number, built when pygame is loaded.
def _pygame_keymap(pygame):
    keys = {}
    for key in (pygame.K_UP, pygame.K_w, pygame.K_k):
        keys[key] = controls.KEY_UP
    for key in (pygame.K_DOWN, pygame.K_s, pygame.K_j):
        keys[key] = controls.KEY_DOWN
    for key in (pygame.K_LEFT, pygame.K_a, pygame.K_h):
        keys[key] = controls.KEY_LEFT
    for key in (pygame.K_RIGHT, pygame.K_d, pygame.K_l):
        keys[key] = controls.KEY_RIGHT
    keys[pygame.K_x] = controls.KEY_A
    keys[pygame.K_z] = controls.KEY_B
    keys[pygame.K_RETURN] = controls.KEY_START
    keys[pygame.K_KP_ENTER] = controls.KEY_START
    keys[pygame.K_SPACE] = controls.KEY_SELECT
    return keys


def _shaded_display_class():
    """PyGameDisplay that shows the backlight (built when pygame is loaded).

    A PyBadge dims its backlight (``display.brightness``); PyGameDisplay
    ignores the value, so this one darkens every pixel it draws by it, and
    redraws when it changes.
    """
    import pygame
    from blinka_displayio_pygamedisplay import PyGameDisplay

    base = PyGameDisplay.brightness

    class ShadedDisplay(PyGameDisplay):
        backlight_changed = False

        def _set_brightness(self, value):
            base.fset(self, value)
            self.backlight_changed = True

        brightness = property(base.fget, _set_brightness, doc="Backlight 0..1: darkens the window's pixels.")

        def _refresh_area(self, area):
            done = super()._refresh_area(area)
            level = self.brightness
            if level < 1 and self._pygame_screen is not None:
                shade = max(0, min(255, round(255 * level)))
                rect = pygame.Rect(area.x1, area.y1, area.x2 - area.x1, area.y2 - area.y1)
                self._pygame_screen.fill((shade, shade, shade), rect, special_flags=pygame.BLEND_MULT)
            return done

        def show_backlight(self):
            """Redraw if the brightness changed since the last frame (the app
            refreshes only when the picture changes)."""
            if self.backlight_changed:
                self.backlight_changed = False
                self.refresh()

    return ShadedDisplay


class Window:
    """The simulator window: a PyGameDisplay, keyboard keys as PyBadge buttons.

    :param nvm: NVM-like object for the store.
    :param int seed: seed of a new game (when nothing is saved).
    :param str board: the board profile played.
    """

    def __init__(self, nvm, seed=None, board="pybadge"):
        import pygame

        from app.controller import App

        self.pygame = pygame
        self.board = SimBoard(board)
        self.display = _shaded_display_class()(
            width=self.board.width,
            height=self.board.height,
            caption=window_title(self.board),
            flags=pygame.SCALED,
            auto_refresh=False,
        )
        self.keys = SimKeys()
        self._started = time.monotonic()
        event = keypad.Event()
        keys, controls, self.accelerometer, self.console = board_inputs(self.board, self.keys, event)
        self.app = App(
            self.display,
            keys,
            make_store(nvm, self.board.store),
            self.ticks_ms,
            font_dir=FONT_DIR,
            seed=seed,
            event=event,
            key_names=key_names_for(self.board),
            keymap=self.board.keymap,
            speed=self.board.speed,
            controls=controls,
        )
        self._keymap = _pygame_keymap(pygame)
        # Several keyboard keys map to one button: count them so releasing
        # one of two held keys does not release the button.
        self._down = [0] * 8

    def ticks_ms(self):
        """Milliseconds since start, wrapping like supervisor.ticks_ms()."""
        return int((time.monotonic() - self._started) * 1000) % (1 << 29)

    def pump(self):
        """Turn pending keyboard events into button events; False when asked to quit."""
        pygame = self.pygame
        running = True
        for event in pygame.event.get():  # unfiltered: arrival order kept
            if event.type == pygame.QUIT:
                running = False
            elif event.type in (pygame.KEYDOWN, pygame.KEYUP):
                if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                    running = False
                    continue
                if self._other_input(event):
                    continue
                logical = self._keymap.get(event.key)
                key = None if logical is None else self.board.key_number(logical)
                if key is None:
                    continue
                if event.type == pygame.KEYDOWN:
                    self._down[key] += 1
                    if self._down[key] == 1:
                        self.keys.press(key)
                elif self._down[key]:
                    self._down[key] -= 1
                    if self._down[key] == 0:
                        self.keys.release(key)
        return running

    def _other_input(self, event):
        # A keyboard board gets the keys as text; a tilt board tilts while
        # an arrow is held. True if the event was used so.
        pygame = self.pygame
        arrows = {pygame.K_LEFT: "left", pygame.K_RIGHT: "right", pygame.K_UP: "up", pygame.K_DOWN: "down"}
        if self.console is not None:
            if event.type == pygame.KEYDOWN:
                if event.key in arrows:
                    self.console.type(TYPED[arrows[event.key]])
                elif event.unicode:
                    self.console.type(event.unicode)
            return True
        if self.accelerometer is not None and event.key in arrows:
            if event.type == pygame.KEYDOWN:
                self.accelerometer.tilt(*TILTS[arrows[event.key]])
            else:
                self.accelerometer.tilt(0.0, 0.0)
            return True
        return False

    def step(self):
        """One frame of the app, then the backlight if it changed."""
        self.app.step()
        self.display.show_backlight()

    def close(self):
        """Save (like a player pausing before the power switch) and close the
        window; False if that save failed (one line on stderr says why)."""
        import displayio

        saved = save_and_report(self.app, self.ticks_ms())
        displayio.release_displays()  # also quits pygame
        return saved


def run_window(args):
    """The interactive simulator window; returns an exit status."""
    problem = display_problem()
    if problem is not None:
        print("sim: no window can open: %s; %s" % (problem, HEADLESS_HINT), file=sys.stderr)
        return 2
    board = SimBoard(args.board_profile)
    path = None if args.fresh else (args.nvm or board_nvm_path(board.board_id))
    nvm = None
    if path is not None:
        nvm = open_nvm_or_say_why(path, "--nvm" if args.nvm else "NVM file", board.nvm_bytes)
        if nvm is None:
            return 2
    try:
        window = Window(nvm, seed=args.seed, board=board.board_id)
        driver = window.pygame.display.get_driver()
        if driver in ("dummy", "offscreen"):  # SDL found no display and fell back
            import displayio

            displayio.release_displays()
            print("sim: no window can open: SDL found no display (it picked its %r driver); %s"
                  % (driver, HEADLESS_HINT), file=sys.stderr)
            return 2
        print("NVM file: %s" % (nvm.path if nvm is not None else "none (--fresh)"))
        print("Keys: " + ", ".join("%s = %s" % (keys, button) for button, keys in key_names_for(board)))
        saved = True
        try:
            while window.pump():
                window.step()
                time.sleep(0.01)
        finally:
            saved = window.close()
    finally:
        close_nvm(nvm)
    return 0 if saved else 1


def main(argv=None):
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--headless", action="store_true", help="no window: press buttons, write a screenshot")
    parser.add_argument("--seed", type=int, default=None, help="seed of a new game")
    parser.add_argument("--press", default="", help="comma-separated buttons (headless)")
    parser.add_argument("--screenshot", default=None, help="PNG file for the final screen (headless)")
    parser.add_argument("--scale", type=int, default=1, help="PNG pixel scale (headless)")
    parser.add_argument("--board", default=None, help="headless: start from 16 tile values, row-major ('.' empty)")
    parser.add_argument("--score", type=int, default=0, help="headless: score shown with --board")
    parser.add_argument("--nvm", default=None, help="NVM file (window default: %s)" % default_nvm_path())
    parser.add_argument("--fresh", action="store_true", help="ignore saved state (nothing is read or written)")
    parser.add_argument("--board-profile", default="pybadge", metavar="BOARD_ID",
                        help="the board played: its screen, buttons, NVM and speed (boards/; default pybadge)")
    args = parser.parse_args(argv)
    try:
        SimBoard(args.board_profile)
    except ValueError as error:
        print("--board-profile: %s" % error, file=sys.stderr)
        return 2
    if args.headless:
        return run_headless(args)
    return run_window(args)


if __name__ == "__main__":
    sys.exit(main())
