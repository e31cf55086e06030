# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The simulator's window: a board's glass at a whole scale, the keyboard as its buttons.

Keys: arrows / WASD / HJKL = D-pad, X = A, Z = B, Enter = Start,
Space = Select (hold for autoplay), U = the board's undo button (Settings >
Undo; held where the board holds its button: the CLUE's B, the PewPew
M4's O), Esc or closing the window quits; the window's title says so, and
so does the Controls help page, each button by the name printed on the
board's (a Sprig's "L: X"). A board played by tilting (the CLUE) tilts
while an arrow is held; one played from a keyboard (the Fruit Jam) gets
the keys typed (its B undoes). The window shows the
backlight: dimming after a minute and the Brightness setting darken it.
F5 / F6 take the battery 100 mV down / up, F7 plugs USB in or out, F8
makes the room dark, lit or sunny. tools/play/sim.py opens it.
"""

import os

# Before pygame loads: no greeting, no sound card.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tools.play import world
from tools.play.simulator import BUTTONS, board_facts, save_and_report, world_buttons

_NAMES_OF_KEYS = {number: name for name, number in BUTTONS.items()}


#: The keyboard's keys for each PyBadge button, as the Controls page and
#: the window's title name them (the keys themselves: _pygame_keymap).
KEY_NAMES = (
    ("D-pad", "arrows, WASD, HJKL"),
    ("A", "X"),
    ("B", "Z"),
    ("Start", "Enter"),
    ("Select", "Space"),
    ("Hold Select", "hold Space"),
    ("Undo", "U"),
    ("Quit", "Esc"),
)
#: KEY_NAMES of the boards played otherwise: by tilt (arrows tilt the
#: board while held), and from a keyboard (the keys are typed as they are).
TILT_KEY_NAMES = (("Tilt", "hold an arrow"), ("A", "X"), ("B", "Z"), ("Undo", "hold Z or U"), ("Quit", "Esc"))
KEYBOARD_KEY_NAMES = (("Keys", "as on the board's keyboard"), ("Quit", "Esc"))


def key_names_for(board_id):
    """The keyboard's keys for ``board_id``'s controls (window title, Controls
    page): each button by the name printed on the board's (its profile's
    ``BUTTONS``: a Sprig's "L: X"), and only the buttons it has (a PewPew
    M4 has no B: Z does nothing there)."""
    import boards
    from app import controls  # the fake world's (tools.play.simulator installed its finder)

    facts = board_facts(board_id)
    if facts["played"] == "tilt":
        return TILT_KEY_NAMES
    if facts["played"] == "keyboard":
        return KEYBOARD_KEY_NAMES
    profile = boards.load(board_id)
    names = controls.Controls(names=profile.BUTTONS)
    has = world_buttons(facts) | {"d-pad", "quit"}
    rows = []
    for button, keys in KEY_NAMES:
        held = button.startswith("Hold ")
        game = button[5:] if held else button
        if button == "Undo":
            # U: the board's undo button, held where the board holds it.
            rows.append((button, ("hold " if profile.UNDO.startswith("Hold ") else "") + keys))
        elif game.lower() in has:
            rows.append((("Hold " if held else "") + names.name(game), keys))
    return tuple(rows)


def window_title(board_id="pybadge"):
    """The window's title: which board it plays, how to quit, then which
    key is which button. A title bar cuts a long title at its end (an 800
    px window shows some 60 characters of it): the way out comes first, and
    the keys are also on the console and on the Controls help page."""
    import boards

    name = "PyBadge" if board_id == "pybadge" else boards.NAMES[board_id]
    names = key_names_for(board_id)
    keys = [pair for pair in names if pair[0] == "Quit"] + [pair for pair in names if pair[0] != "Quit"]
    return "2048 (%s simulator) - " % name + ", ".join("%s: %s" % (button, key) for button, key in keys)


def window_scale(screen, desktop, margin=(32, 80)):
    """The largest whole scale at which a ``screen`` (width, height) window
    fits the ``desktop`` (width, height) less ``margin`` (the window's frame,
    its title bar of some 30 px, and a panel, dock or taskbar of up to some
    50 px; pygame tells the whole desktop's size, not what they leave): at
    least 1. An unknown desktop (a 0 in it) gives 1."""
    width, height = screen
    room_w, room_h = desktop[0] - margin[0], desktop[1] - margin[1]
    if desktop[0] <= 0 or desktop[1] <= 0:
        return 1
    return max(1, min(room_w // width, room_h // height))


# pygame key -> PyBadge key number, built when pygame is loaded.
def _pygame_keymap(pygame):
    from app import controls

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


def _desktop_size(pygame):
    # The first display's size (pygame 2), or (0, 0) when SDL does not say.
    try:
        sizes = pygame.display.get_desktop_sizes()
    except (AttributeError, pygame.error):
        sizes = []
    return tuple(sizes[0]) if sizes else (0, 0)


class Window:
    """The simulator window: the board's glass, the keyboard as its buttons.

    :param nvm: NVM-like object behind the board's ``microcontroller.nvm``
        (None: a board without NVM, --fresh).
    :param int seed: seed of a new game (when nothing is saved).
    :param str board: the board played.
    :param bool realtime: the board's clock is the host's (False: 20 ms a
        frame, as headless; tests step a window so).
    """

    def __init__(self, nvm, seed=None, board="pybadge", realtime=True, **power):
        import pygame

        self.pygame = pygame
        self.board_id = board
        self.world = world.World(board, nvm=nvm, fresh=nvm is None, seed=seed, realtime=realtime, **power)
        if self.world.app is None:
            raise RuntimeError("the %s did not start (code.start() stopped after %r)" % (board, self.world.steps))
        self.app = self.world.app
        self.app.key_names = key_names_for(board)
        self.display = self.world.display
        pygame.display.init()
        size = (self.display.width, self.display.height)
        #: Window pixels per board pixel: the largest that fits the desktop (window_scale).
        self.scale = window_scale(size, _desktop_size(pygame))
        self.window = pygame.display.set_mode((size[0] * self.scale, size[1] * self.scale))
        #: The board's screen at 1:1, scaled onto the window when shown.
        self.surface = pygame.Surface(size)
        pygame.display.set_caption(window_title(board))
        self._keymap = _pygame_keymap(pygame)
        # U: the board's undo button (its player holds U where the board
        # holds its button); a keyboard board's own B undoes there.
        undo = self.app.controls.undo_button
        self._undo = undo[5:].lower() if undo.startswith("Hold ") else "b"
        self._played = self.world.facts["played"]
        self._buttons = set(self.world.buttons())
        # Several keyboard keys map to one button: count them so releasing
        # one of two held keys does not release the button.
        self._down = {}
        self._shown = None  # (glass changes, brightness) on the window

    def pump(self):
        """Turn pending keyboard events into the board's input; False when asked to quit."""
        pygame = self.pygame
        running = True
        for event in pygame.event.get():  # unfiltered: arrival order kept
            if event.type == pygame.QUIT:
                running = False
            elif event.type in (pygame.KEYDOWN, pygame.KEYUP):
                if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                    running = False
                    continue
                if event.key in (pygame.K_F5, pygame.K_F6, pygame.K_F7, pygame.K_F8):
                    if event.type == pygame.KEYDOWN:
                        self._power_key(event.key)
                    continue
                if self._played == "keyboard":
                    self._typed(event)
                    continue
                logical = self._keymap.get(event.key)
                button = None if logical is None else _NAMES_OF_KEYS[logical]
                if event.key == pygame.K_u:
                    button = self._undo
                if button not in self._buttons:
                    continue
                held = self._down.get(button, 0)
                if event.type == pygame.KEYDOWN:
                    self._down[button] = held + 1
                    if held == 0:
                        self.world.down(button)
                elif held:
                    self._down[button] = held - 1
                    if held == 1:
                        self.world.up(button)
        return running

    def _power_key(self, key):
        # F5 / F6: the battery 100 mV down / up; F7: USB in or out; F8: the
        # room dark, lit, sunny (in turn). Each says what it did.
        pygame = self.pygame
        world_ = self.world
        facts = world_.facts
        if key in (pygame.K_F5, pygame.K_F6):
            if facts["battery"] is None:
                print("sim: the %s cannot read a battery" % self.board_id)
                return
            now = world_.fakeworld.battery_mv or facts["battery"][2]
            now = max(0, min(6000, now + (100 if key == pygame.K_F6 else -100)))
            world_.battery(now)
            print("sim: battery %d mV" % now)
        elif key == pygame.K_F7:
            world_.usb(not world_.fakeworld.usb)
            print("sim: USB power %s" % ("in" if world_.fakeworld.usb else "out"))
        else:
            if facts["light"] is None:
                print("sim: the %s has no light sensor" % self.board_id)
                return
            rooms = (("dark", 300), ("lit", facts["light"][1]), ("sunny", 40000))
            current = world_.fakeworld.light
            index = next((i for i, (_, value) in enumerate(rooms) if value == current), 1)
            name, value = rooms[(index + 1) % len(rooms)]
            world_.light(value)
            print("sim: the room is %s (light sensor %d)" % (name, value))

    def _typed(self, event):
        # A keyboard board: keys go to its console as typed (arrows as
        # their escape sequences).
        pygame = self.pygame
        if event.type != pygame.KEYDOWN:
            return
        arrows = {pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_LEFT: "left", pygame.K_RIGHT: "right"}
        if event.key in arrows:
            self.world.down(arrows[event.key])
        elif event.unicode:
            self.world.type(event.unicode)

    def step(self):
        """One frame of the board, then the glass on the window if it changed."""
        self.world.step()
        self.show()

    def show(self):
        """Draw the glass as the backlight lights it (redrawn only when either changed)."""
        glass = self.world.glass
        brightness = max(0.0, min(1.0, self.display.brightness))
        shown = (glass.changes, brightness)
        if shown == self._shown:
            return
        self._shown = shown
        import numpy

        pixels = numpy.array(glass.pixels(), dtype=numpy.uint32).reshape(glass.height, glass.width)
        rgb = numpy.empty((glass.height, glass.width, 3), dtype=numpy.float64)
        rgb[..., 0] = ((pixels >> 11) & 31) * 255 / 31
        rgb[..., 1] = ((pixels >> 5) & 63) * 255 / 63
        rgb[..., 2] = (pixels & 31) * 255 / 31
        rgb = numpy.rint(rgb * brightness).astype(numpy.uint8)
        self.pygame.surfarray.blit_array(self.surface, rgb.transpose(1, 0, 2))
        self.pygame.transform.scale(self.surface, self.window.get_size(), self.window)
        self.pygame.display.flip()

    def close(self):
        """Save (like a player pausing before the power switch) and close the
        window; False if that save failed (one line on stderr says why)."""
        saved = save_and_report(self.app, self.world.now)
        self.pygame.display.quit()
        return saved
