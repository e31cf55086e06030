# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The simulator's command line: a board's game in a window, or headless for screenshots.

Both play the board as the board does: tools/play/world.py runs code.py's own
start-up (``code.start()``: the board's profile and its ``hardware()``)
over the fake world of tools/firmware/standins/, and what is on the screen is what
the fake display's last refresh sent (tools/play/glass.py), drawn by
tools/play/raster.py (Blinka's renderer its judge) in the firmware's own font. The window is tools/play/window.py, the
headless runs drive tools/play/simulator.py's Simulator (the tests' harness);
this module is their options, the NVM file and the exit status.

Window (``make play``)::

    .venv/bin/python -m tools.play.sim [--nvm PATH] [--fresh] [--seed N] [--board-profile BOARD_ID]
    make play SIM_ARGS="--board-profile clue_nrf52840_express --fresh"   # the same options

The window is the board's screen at the largest whole scale that fits the
desktop with room for a title bar (:func:`window_scale`).

The keys, the title and the backlight's dimming are the window's
(tools/play/window.py says which key is which button).
Without a display (over SSH, in a container) it says so in one line and
exits with status 2: use --headless.

The power a board sees: ``--battery MV`` (the battery's voltage in
millivolts at power-on, on a board that can read it), ``--usb`` (on USB
power) and ``--light N`` (the light sensor's reading, 0..65535, for
Brightness "auto"); in the window F5 / F6 take the battery 100 mV down /
up, F7 plugs USB in or out, F8 makes the room dark, lit or sunny.

The game is saved in an NVM file, by default
~/.local/share/pybadge-2048/nvm.bin (``$XDG_DATA_HOME`` respected; other
boards have their own file beside it), so the simulator resumes like the
handheld. ``--nvm NAME`` keeps another game: a bare file name is a file in
that same folder (so ``make play SIM_ARGS="--nvm other.bin"``, which runs
in the repository, leaves nothing there); a path with a folder in it
(``./other.bin``, ``~/games/x.bin``) is used as given. The lock file that
keeps a second simulator off the file (``.NAME.lock``) goes when the
simulator closes. A symlink there is followed (the file it points to is replaced,
the link stays); a folder, an unreadable file or a file another simulator
has open stops the start with one line; a read-only file is loaded and
never replaced (every save then says "save FAILED"). A save that fails
(disk full: it needs room for a second copy of the file) shows in the
game, and the last one on closing also on stderr (exit status 1).

Headless (no window, no display; the clock moves 20 ms a frame)::

    .venv/bin/python -m tools.play.sim --headless --seed 7 --press up,left,a,start \\
        --screenshot out.png

presses the named buttons (up, down, left, right, a, b, start, select;
``hold-select`` holds Select for autoplay, ``undo`` presses the board's
undo button as its player does, ``wait`` lets 1 s pass; any of them
followed by ``*N`` repeats it N times, e.g. ``left*3,undo,wait*20``) and
writes the screen as a PNG. ``--board "1024 1024
. . ..."`` (16 tile values, row-major) and ``--score`` start from a prepared
position. Headless runs use a blank in-memory NVM unless ``--nvm PATH`` is
given. ``--fresh`` ignores (and never touches) the saved state: the board
has no NVM at all, and "Save now" says "not saved". Exit status 0 unless
something failed.

``--setting NAME=VALUE`` (repeatable; window and headless) sets a row of
the Settings page before the first key, as the player would there (and it
is kept like a change made there): NAME is the row's name ("undo",
"screen-off"; case, spaces and dashes do not matter), VALUE one of its
values as the page shows it or its first word ("5 moves" or 5, "80%" or
80, "10 min" or 10, on, off, auto), a choice row's option as the game
names it too (a language's code, a palette's name). A row the board has no
room for (Tilt without an accelerometer, Brightness on a backlight only on
or off) is refused.

Every option given is used or refused: a bad value, or one the run would
not use (``--press`` without ``--headless``, ``--score`` without
``--board``, ``--usb`` on a board that reads no battery), is one line on
stderr and exit status 2, before any file is opened or written.
"""

import os
import sys
import time

from tools import ArgumentParser
from tools.play.simulator import BUTTONS, Simulator, board_facts, parse_presses, save_and_report, world_buttons
from tools.play.window import Window, key_names_for

#: The PyBadge's NVM size (other boards: tools/firmware/standins/fakeboards.py).
NVM_SIZE = 8192
#: Shown instead of a window where none can open.
HEADLESS_HINT = "run it headless instead: .venv/bin/python -m tools.play.sim --headless --press left,down --screenshot shot.png"


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


def nvm_path(given):
    """The file ``--nvm given`` names: a bare file name ("other.bin") is a
    game kept beside the default one, in the simulator's own folder
    (:func:`default_nvm_path`), wherever the simulator runs from (`make
    play` runs it in the repository, which it must not fill); a path with a
    folder in it ("./other.bin", "saves/x.bin", "~/x.bin") is used as
    given, relative to the current folder. None stays None."""
    if given is None:
        return None
    given = os.path.expanduser(given)
    if os.path.dirname(given) or given in (".", ".."):
        return given
    return os.path.join(os.path.dirname(default_nvm_path()), given)


def open_nvm(path, size=NVM_SIZE):
    """An NVM-like object of ``size`` bytes: in memory for ``None``, else
    backed by a file (``tools.play.file_nvm.FileNVM``; its folder is made if missing).

    :raises tools.play.file_nvm.NVMFileError: the file cannot be used (a folder,
        unreadable, in use by another simulator); one line says why.
    """
    if path is None:
        return bytearray(b"\xff" * size)
    from tools.play.file_nvm import FileNVM, NVMFileError

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
    from tools.play.file_nvm import NVMFileError

    try:
        nvm = open_nvm(path, size)
    except NVMFileError as error:
        print("%s: %s" % (option, for_make(str(error))), file=sys.stderr)
        return None
    if path is not None:
        if os.path.islink(path):
            print("%s: %s is a symlink: using %s" % (option, path, nvm.path), file=sys.stderr)
        if nvm.read_only:
            print("%s: %s is read-only: the game is loaded, but no save will be kept" % (option, path), file=sys.stderr)
    return nvm


#: Set by the Makefile's play target: the user typed `make play`, which
#: passes tools/play/sim.py's options in SIM_ARGS.
VIA_MAKE = "SIM_VIA_MAKE"


def for_make(message, environ=None):
    """``message`` with its advice to use ``--nvm`` put the way the user
    started the simulator: under `make play`, as make's SIM_ARGS."""
    environ = os.environ if environ is None else environ
    if environ.get(VIA_MAKE):
        return message.replace("pick another file with --nvm", 'pick another file: make play SIM_ARGS="--nvm other.bin"')
    return message.replace("pick another file with --nvm", "pick another file with --nvm other.bin")


def close_nvm(nvm):
    """Release a file NVM's lock (nothing for other NVMs)."""
    close = getattr(nvm, "close", None)
    if close is not None:
        close()


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


#: The largest side a --screenshot may have, in pixels (--scale's limit).
MAX_PICTURE = 4096
#: Seeds the board's random source gives (30 bits: engine.rng).
SEED_LIMIT = 1 << 30
#: Options that only a headless run uses (the window is played from the
#: keyboard), with their defaults.
HEADLESS_ONLY = (("board", None), ("press", ""), ("scale", 1), ("score", 0), ("screenshot", None), ("text", False))


def _setting_key(text):
    # A row's name or a value as typed: case, spaces, dashes and underscores do not matter.
    return "".join(char for char in text.lower() if char not in " -_")


def setting_values(board_id):
    """The Settings rows ``board_id``'s page has that ``--setting`` may set:
    {row key: (the row's name, {value: [(how, attribute, value), ...]},
    the values as the page shows them)}.

    Generic over ``app.pages.SETTING_ROWS``: each row's values are found by
    setting each of its kind's steps on scratch settings and reading what
    the page shows for it (``app.pages.settings_lines``): "5 moves", "80%",
    "never"; a value is that text, its first word or the text without its
    "%" ("5", "80"), and a choice row's option as the game names it
    (``app.settings.OPTIONS``: 5, "ro", "clear"). A row's key is its
    name without spaces in lower case ("screenoff"). Tilt only where the
    board offers it, Brightness only on a backlight that dims ("auto" with
    a light sensor). How to set a value: ("set", attribute, value) pairs
    for ``setattr``, ("choose", byte, step) for ``Settings.choose``.
    """
    from app import pages, words
    from app.save_policy import DEFAULT_MODE, MODE_NAMES
    from app.settings import OPTIONS, SCREEN_OFF_MINUTES, Settings
    from tools.play import world
    from tools.ship.release import Profile

    profile = Profile(world.ROOT, board_id)
    light = profile.light and profile.dimmable
    rows = {}
    # The rows and values by their English words; the language a game in
    # this process plays in comes back after.
    playing = words.language
    words.load("en")
    try:
        for label, attribute, kind in pages.SETTING_ROWS:
            label = words.text(label)
            if attribute == "tilt" and not profile.tilt:
                continue
            if kind == pages.BRIGHTNESS and not profile.dimmable:
                rows[_setting_key(label)] = (label.lower(), {}, ["fixed"])  # nothing to set
                continue
            if kind == pages.CHOICE:
                states = [[("choose", attribute, step)] for step in range(len(OPTIONS[attribute - 8]))]
            elif kind == pages.ON_OFF:
                states = [[("set", attribute, False)], [("set", attribute, True)]]
            elif kind == pages.BRIGHTNESS:
                states = [[("set", "auto_brightness", False), ("set", attribute, step)] for step in range(5)]
                if light:
                    states.append([("set", "auto_brightness", True)])
            else:
                steps = len(MODE_NAMES) if kind == pages.SAVE_MODE else len(SCREEN_OFF_MINUTES)
                states = [[("set", attribute, step)] for step in range(steps)]
            values = {}
            texts = []
            for state in states:
                scratch = Settings(bytearray(16), DEFAULT_MODE, len(MODE_NAMES))
                apply_setting(scratch, state)
                # The row as the page shows it (all rows on one long page).
                lines = pages.settings_lines(scratch, MODE_NAMES, profile.tilt, 40, light, profile.dimmable, None, 99)[0]
                text = [line for line in lines if line.startswith(label + " ")][0][len(label) :].strip()
                texts.append(text)
                names = {text, text.split()[0], text.rstrip("%")}
                if kind == pages.CHOICE:
                    names.add(str(scratch.chosen(attribute)))
                for name in names:
                    values.setdefault(_setting_key(name), state)
            rows[_setting_key(label)] = (label.lower(), values, texts)
    finally:
        if playing:
            words.load(playing)
    return rows


def apply_setting(settings, state):
    """Set one value of ``setting_values`` on ``settings`` (an app.settings.Settings)."""
    for how, attribute, value in state:
        if how == "choose":
            settings.choose(attribute, value)
        else:
            setattr(settings, attribute, value)


def parse_settings(given, board_id):
    """``--setting`` items ("undo=5") -> the states to set, in order.

    :raises ValueError: one line: which item, and what the row or board takes.
    """
    rows = setting_values(board_id)
    states = []
    for item in given or ():
        name, equals, value = item.partition("=")
        if not equals or not name.strip() or not value.strip():
            raise ValueError("%r is not NAME=VALUE (e.g. undo=5)" % item)
        row = rows.get(_setting_key(name))
        if row is None:
            raise ValueError(
                "%r: the %s's Settings page has no row %r (it has: %s)"
                % (item, board_id, name.strip(), ", ".join(label.replace(" ", "-") for label, _, _ in rows.values()))
            )
        label, values, texts = row
        state = values.get(_setting_key(value))
        if not values:
            raise ValueError("%r: the %s's %s is fixed (its backlight is only on or off)" % (item, board_id, label))
        if state is None:
            raise ValueError("%r: %s takes %s" % (item, label.replace(" ", "-"), ", ".join(texts)))
        states.append(state)
    return states


def use_settings(app, states, now):
    """Set ``states`` (``parse_settings``) on the app's settings and apply
    them, as a change made on the Settings page is (kept like a move)."""
    if not states:
        return
    for state in states:
        apply_setting(app.settings, state)
    app._apply_settings()
    app.policy.changed(now)


def refusal(args, facts):
    """Why the options ``args`` cannot run on the board ``facts`` describe,
    in one line ("--scale: ..."), or None. Checked before anything is
    opened or written, so a refused run leaves no file behind.

    Every option given is used, or refused: none is silently ignored.
    """
    given = [name for name, default in HEADLESS_ONLY if getattr(args, name) != default]
    if not args.headless and given:
        return "--%s: only a headless run uses it (add --headless; the window is played with the keyboard)" % given[0]
    if args.seed is not None and not 0 <= args.seed < SEED_LIMIT:
        return "--seed: %d is not a seed the board's random source gives (0 .. %d)" % (args.seed, SEED_LIMIT - 1)
    if args.fresh and args.nvm:
        return "--fresh and --nvm: --fresh plays without NVM, --nvm names the file to keep the game in; give one"
    if args.usb and facts["battery"] is None and facts["usb_pin"] is None:
        return "--usb: the %s cannot tell USB power from a battery (it reads none): nothing would change" % args.board_profile
    try:
        parse_settings(args.setting, args.board_profile)
    except ValueError as error:
        return "--setting: %s" % error
    return _headless_refusal(args, facts)


def _headless_refusal(args, facts):
    # refusal()'s checks of the options a headless run uses.
    if args.score and not args.board:
        return "--score: it is the score of a position given with --board, and there is none"
    if args.board:
        from engine.game import MAX_SCORE

        try:
            parse_board(args.board)
        except ValueError as error:
            return "--board: %s" % error
        if not 0 <= args.score <= MAX_SCORE:
            return "--score: %d is not a score of a 4x4 game (0 .. %d)" % (args.score, MAX_SCORE)
    if args.press:
        try:
            presses = parse_presses(args.press)
        except ValueError as error:
            return "--press: %s" % error
        names = boards_names()
        for name, _ in presses:
            wanted = "select" if name == "hold-select" else name
            if wanted in BUTTONS and wanted not in world_buttons(facts):
                return "--press: the %s has no %s button" % (names[args.board_profile], wanted)
    width, height = screen_size(facts)
    largest = max(1, MAX_PICTURE // max(width, height))
    if not 1 <= args.scale <= largest:
        return "--scale: %d is not a scale for the %dx%d screen's picture (1 .. %d)" % (args.scale, width, height, largest)
    if args.screenshot:
        problem = picture_problem(args.screenshot)
        if problem:
            return "--screenshot: %s" % problem
    return None


def picture_problem(path):
    """Why a PNG cannot be written at ``path`` (one phrase), or None."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        return "%s is a folder; name the PNG file to write, e.g. %s" % (path, os.path.join(path, "shot.png"))
    if not os.path.isdir(folder):
        return "the folder %s does not exist" % folder
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        return "%s cannot be written (no permission)" % path
    return None


def boards_names():
    """board_id -> the board's name (boards.NAMES)."""
    import boards

    return boards.NAMES


def screen_size(facts):
    """(width, height) of the board's display."""
    return facts["screen"] or facts["runtime_screen"]


def run_headless(args):
    """--headless: press the buttons, save the screenshot; returns an exit status."""
    nvm = None
    size = board_facts(args.board_profile)["nvm"]
    if not args.fresh:
        path = nvm_path(args.nvm)
        nvm = open_nvm_or_say_why(path, "--nvm", size)
        if nvm is None:
            return 2
        if path != args.nvm:
            print("--nvm: the game is kept in %s" % path, file=sys.stderr)
    try:
        return _play_headless(args, nvm)
    finally:
        close_nvm(nvm)


def power_options(args):
    """The World keywords of --battery, --usb and --light."""
    return {"battery_mv": args.battery, "usb": args.usb, "light": args.light}


def _play_headless(args, nvm):
    # The options were checked (refusal) before the NVM file was opened.
    sim = Simulator(seed=args.seed, nvm=nvm, fresh=args.fresh, board=args.board_profile, **power_options(args))
    use_settings(sim.app, parse_settings(args.setting, args.board_profile), sim.now)
    sim.frames(1)
    if args.board:
        sim.game.set_board(parse_board(args.board), score=args.score)
        sim.app.show_position()
    presses = parse_presses(args.press or "")
    for name, count in presses:
        for _ in range(count):
            sim.press(name)
    sim.frames(5)
    status = 0
    if args.nvm and not args.fresh:
        # Keep the result, as the window does when it closes.
        if not save_and_report(sim.app, sim.now):
            status = 1
        sim.frames(2)  # what the save showed, if anything
    if args.screenshot:
        try:
            sim.screenshot(args.screenshot, scale=args.scale)
        except OSError as error:  # the disk, after the checks (full, gone)
            print("--screenshot: cannot write %s: %s" % (args.screenshot, error.strerror or error), file=sys.stderr)
            return 1
    if args.text:
        for line in sim.lines():
            print(line)
        return status
    game = sim.game
    largest = (1 << game.max_exponent) if game.max_exponent else 0
    print(
        "score %d best %d moves %d max tile %d%s"
        % (game.score, game.best, game.moves, largest, " (game over)" if game.over else "")
    )
    return status


def run_window(args):
    """The interactive simulator window; returns an exit status."""
    problem = display_problem()
    if problem is not None:
        print("sim: no window can open: %s; %s" % (problem, HEADLESS_HINT), file=sys.stderr)
        return 2
    size = board_facts(args.board_profile)["nvm"]
    path = None if args.fresh else (nvm_path(args.nvm) or board_nvm_path(args.board_profile))
    nvm = None
    if path is not None:
        nvm = open_nvm_or_say_why(path, "--nvm" if args.nvm else "NVM file", size)
        if nvm is None:
            return 2
    try:
        window = Window(nvm, seed=args.seed, board=args.board_profile, **power_options(args))
        use_settings(window.app, parse_settings(args.setting, args.board_profile), window.world.now)
        driver = window.pygame.display.get_driver()
        if driver in ("dummy", "offscreen"):  # SDL found no display and fell back
            window.pygame.display.quit()
            print(
                "sim: no window can open: SDL found no display (it picked its %r driver); %s" % (driver, HEADLESS_HINT),
                file=sys.stderr,
            )
            return 2
        print("NVM file: %s" % (nvm.path if nvm is not None else "none (--fresh)"))
        print("Keys: " + ", ".join("%s = %s" % (keys, button) for button, keys in key_names_for(args.board_profile)))
        print("Power: F5 / F6 = battery 100 mV down / up, F7 = USB in / out, F8 = room light")
        saved = True
        try:
            while window.pump():
                window.step()
                time.sleep(window.app.wait_ms / 1000)  # what the board's main loop sleeps
        finally:
            saved = window.close()
    finally:
        close_nvm(nvm)
    return 0 if saved else 1


def main(argv=None):
    """Command line entry point."""
    parser = ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--headless", action="store_true", help="no window: press buttons, write a screenshot")
    parser.add_argument("--seed", type=int, default=None, help="seed of a new game")
    parser.add_argument("--press", default="", help="comma-separated buttons (headless)")
    parser.add_argument("--screenshot", default=None, help="PNG file for the final screen (headless)")
    parser.add_argument("--scale", type=int, default=1, help="PNG pixel scale (headless)")
    parser.add_argument("--board", default=None, help="headless: start from 16 tile values, row-major ('.' empty)")
    parser.add_argument("--score", type=int, default=0, help="headless: score shown with --board")
    parser.add_argument(
        "--nvm",
        default=None,
        help="NVM file; a bare name is a file beside the default one (window default: %s)" % default_nvm_path(),
    )
    parser.add_argument("--fresh", action="store_true", help="ignore saved state (nothing is read or written)")
    parser.add_argument(
        "--setting",
        action="append",
        default=None,
        metavar="NAME=VALUE",
        help="a Settings row set before the first key, e.g. undo=5, language=ro, colours=clear, screen-off=never (repeatable)",
    )
    parser.add_argument(
        "--board-profile",
        default="pybadge",
        metavar="BOARD_ID",
        help="the board played: its screen, buttons, NVM and speed (boards/; default pybadge)",
    )
    parser.add_argument(
        "--battery",
        type=int,
        default=None,
        metavar="MV",
        help="the battery's voltage in millivolts (a board that reads its battery)",
    )
    parser.add_argument("--usb", action="store_true", help="the board is on USB power")
    parser.add_argument(
        "--text",
        action="store_true",
        help="headless: print the text on the glass, one line per text row, instead of the score line",
    )
    parser.add_argument(
        "--light", type=int, default=None, metavar="N", help="the light sensor's reading, 0..65535 (a board with one)"
    )
    args = parser.parse_args(argv)
    try:
        facts = board_facts(args.board_profile)
    except ValueError as error:
        print("--board-profile: %s" % error, file=sys.stderr)
        return 2
    if args.battery is not None and not 0 <= args.battery <= 6000:
        print("--battery: %d mV is not a battery's voltage (0..6000)" % args.battery, file=sys.stderr)
        return 2
    if args.battery is not None and facts["battery"] is None:
        print("--battery: the %s cannot read a battery" % args.board_profile, file=sys.stderr)
        return 2
    if args.light is not None and not 0 <= args.light <= 65535:
        print("--light: %d is not a reading (0..65535)" % args.light, file=sys.stderr)
        return 2
    if args.light is not None and facts["light"] is None:
        print("--light: the %s has no light sensor" % args.board_profile, file=sys.stderr)
        return 2
    problem = refusal(args, facts)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    if args.headless:
        return run_headless(args)
    return run_window(args)


if __name__ == "__main__":
    sys.exit(main())
