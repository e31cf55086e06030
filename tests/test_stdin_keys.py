# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""app.stdin_keys: a keyboard on the console (the Fruit Jam's USB keyboard)
as keys: escape sequences whole and split across reads, garbage, and the
app played from it end to end."""

import random

import pytest
from fake_inputs import Console, Event, drain, world_buttons

from app import help_text, stdin_keys
from app.controller import PLAY
from app.controls import (
    AUTOPLAY,
    KEY_A,
    KEY_B,
    KEY_DOWN,
    KEY_LEFT,
    KEY_RIGHT,
    KEY_SELECT,
    KEY_START,
    KEY_UP,
    NONE,
    UP,
)
from app.menus import MENU
from app.stdin_keys import KEY_AUTOPLAY, KeyboardControls, StdinKeys
from engine import rules
from engine.game import Game
from tools.play.simulator import FRAME_MS, Simulator

ESC = "\x1b"


def keyboard(**options):
    console = Console(**options)
    return StdinKeys(console, console), console


def typed(keys, console, *chunks):
    """Type each chunk in a frame of its own (then two quiet frames): every event."""
    events = []
    for chunk in chunks:
        console.type(chunk)
        events += drain(keys)
    for _ in range(stdin_keys.ESCAPE_FRAMES):
        events += drain(keys)
    return events


def taps(*keys):
    out = []
    for key in keys:
        out += [(key, True), (key, False)]
    return out


def test_arrows_are_the_d_pad():
    keys, console = keyboard()
    arrows = ESC + "[A" + ESC + "[B" + ESC + "[C" + ESC + "[D"
    assert typed(keys, console, arrows) == taps(KEY_UP, KEY_DOWN, KEY_RIGHT, KEY_LEFT)
    # Application cursor mode (ESC O A) and Ctrl + arrow (ESC [ 1 ; 5 A) too.
    assert typed(keys, console, ESC + "OA" + ESC + "OD") == taps(KEY_UP, KEY_LEFT)
    assert typed(keys, console, ESC + "[1;5C") == taps(KEY_RIGHT)


def test_the_other_keys():
    keys, console = keyboard()
    assert typed(keys, console, "\r") == taps(KEY_START)
    assert typed(keys, console, "\n") == taps(KEY_START)
    assert typed(keys, console, " ") == taps(KEY_SELECT)
    assert typed(keys, console, "pP") == taps(KEY_AUTOPLAY, KEY_AUTOPLAY)
    assert typed(keys, console, "axAX") == taps(KEY_A, KEY_A, KEY_A, KEY_A)
    assert typed(keys, console, "bzBZ\x08\x7f") == taps(*[KEY_B] * 6)
    assert typed(keys, console, "qwe123!~\t") == []


def test_enter_as_cr_lf_is_one_key():
    keys, console = keyboard()
    # A terminal's CR LF, and CircuitPython's LF LF (it reads CR as LF).
    assert typed(keys, console, "\r\n") == taps(KEY_START)
    assert typed(keys, console, "\n\n") == taps(KEY_START)
    # Two Enters in two frames are two.
    assert typed(keys, console, "\r", "\r") == taps(KEY_START, KEY_START)


def test_a_sequence_split_across_reads_is_one_key():
    keys, console = keyboard()
    for chunks in ((ESC, "[A"), (ESC + "[", "A"), (ESC, "[", "A"), (ESC + "[1;", "5", "A"), (ESC, "O", "A")):
        assert typed(keys, console, *chunks) == taps(KEY_UP), chunks
    # A frame with no byte in between still completes it.
    console.type(ESC)
    assert drain(keys) == []
    assert drain(keys) == []  # one quiet frame: still open
    console.type("[D")
    assert drain(keys) == taps(KEY_LEFT)


def test_escape_alone_is_b_once_nothing_follows():
    keys, console = keyboard()
    console.type(ESC)
    events = drain(keys)  # the frame that reads it
    for _ in range(stdin_keys.ESCAPE_FRAMES - 1):
        events += drain(keys)
    assert events == []  # might still be a sequence
    assert drain(keys) == taps(KEY_B)  # ESCAPE_FRAMES frames with nothing
    # Escape then a key (Alt + key): B, then the key.
    assert typed(keys, console, ESC + "x") == taps(KEY_B, KEY_A)
    # Escape, Escape, arrow: B, then Up.
    assert typed(keys, console, ESC + ESC + "[A") == taps(KEY_B, KEY_UP)
    # Escape then Enter.
    assert typed(keys, console, ESC + "\r") == taps(KEY_B, KEY_START)


def test_other_sequences_do_nothing():
    keys, console = keyboard()
    others = [ESC + "[15~", ESC + "[H", ESC + "[3~", ESC + "OP", ESC + "[5;5~", ESC + "[i", ESC + "[2~"]
    assert typed(keys, console, *others) == []
    assert typed(keys, console, "".join(others) + ESC + "[B") == taps(KEY_DOWN)


def test_an_endless_or_unfinished_sequence_is_dropped_and_typing_goes_on():
    keys, console = keyboard()
    # Too long: dropped up to its final byte, that byte included (an "A"
    # there once opened the New game? page), and typing goes on after it.
    assert typed(keys, console, ESC + "[" + "1;" * 7 + "A") == []
    assert typed(keys, console, ESC + "[" + "1;" * 20 + "a") == []
    assert typed(keys, console, ESC + "[" + "1;" * 20 + "A" + "a") == taps(KEY_A)
    assert typed(keys, console, ESC + "[" + "1;" * 20, "1;" * 10 + "A", "x") == taps(KEY_A)  # across reads
    # Parameters and then silence: dropped, the next key works.
    assert typed(keys, console, ESC + "[" + "1;" * 20) == []
    for _ in range(stdin_keys.ESCAPE_FRAMES):
        assert drain(keys) == []  # quiet frames: the sequence is given up
    assert typed(keys, console, "a") == taps(KEY_A)
    # Unfinished, then silence: dropped; the next key works.
    assert typed(keys, console, ESC + "[1;") == []
    assert typed(keys, console, "b") == taps(KEY_B)
    # A control byte inside a sequence ends it and is read as itself.
    assert typed(keys, console, ESC + "[1\r") == taps(KEY_START)


def test_garbage_never_raises_nor_stalls():
    rng = random.Random(2048)
    for binary in (False, True):
        keys, console = keyboard(binary=binary)
        for _ in range(3000):
            size = rng.choice((1, 1, 2, 3, 8, 40))
            console.type(bytes(rng.randrange(256) for _ in range(size)))
            for _ in range(rng.choice((0, 1, 1, 2))):
                events = drain(keys)
                assert all(0 <= key <= KEY_AUTOPLAY for key, _ in events)
        # Whatever came before: once it has been read and a quiet moment
        # has passed, an arrow is an arrow.
        while console.waiting:
            drain(keys)
        for _ in range(stdin_keys.ESCAPE_FRAMES):
            drain(keys)
        assert typed(keys, console, ESC + "[C") == taps(KEY_RIGHT)
        assert not keys.events.overflowed


def test_non_ascii_characters_and_odd_streams_are_ignored():
    keys, console = keyboard()
    assert typed(keys, console, "é€".encode("utf-8")) == []
    assert typed(keys, console, "\xff\xfe") == []
    keys, console = keyboard(binary=True)
    assert typed(keys, console, ESC + "[A a") == taps(KEY_UP, KEY_SELECT, KEY_A)

    class Empty:
        serial_bytes_available = 3

        def read(self, count):
            return ""  # claims bytes, gives none: no stall, no error

    empty = Empty()
    assert drain(StdinKeys(empty, empty)) == []


def test_before_circuitpython_9_1_bytes_available_was_a_bool():
    keys, console = keyboard(as_bool=True)
    assert typed(keys, console, ESC + "[A" + "p") == taps(KEY_UP, KEY_AUTOPLAY)


def test_a_burst_is_read_a_few_keys_a_frame_and_none_is_lost():
    keys, console = keyboard()
    console.type("a" * 50)
    frames = []
    while console.waiting or len(keys.events):
        frames.append(drain(keys))
    assert all(len(events) <= 2 * stdin_keys.READ_MAX for events in frames)
    assert len(frames) >= 50 // stdin_keys.READ_MAX
    assert sum(frames, []) == taps(*[KEY_A] * 50)
    assert not keys.events.overflowed


def test_buttons_are_merged_behind_the_keyboard():
    # The Fruit Jam's three buttons, in its profile's order: B, A, Start.
    world, buttons = world_buttons("adafruit_fruit_jam", pins=("BUTTON1", "BUTTON2", "BUTTON3"))
    console = Console()
    keys = StdinKeys(console, console, buttons)
    console.type("x")
    world.fakeworld.add_key(world.now, "BUTTON3", True)
    assert drain(keys) == taps(KEY_A) + [(KEY_START, True)]


def test_keyboard_controls_map_the_autoplay_key():
    scheme = KeyboardControls()
    assert scheme.translate(Event(KEY_AUTOPLAY, True), 0) == AUTOPLAY
    assert scheme.translate(Event(KEY_AUTOPLAY, False), 10) == NONE
    assert scheme.translate(Event(KEY_UP, True), 20) == UP
    lines = help_text.document(0, None, controls=scheme)[0]
    text = "\n".join(lines)
    for words in ("Arrows", "Enter", "Space", "P ", "Esc", "autoplay"):
        assert words in text
    assert len(lines) <= 9 and max(len(line) for line in lines) <= 26


class FruitJam:
    """The Fruit Jam powered on in the fake world: its profile's own wiring
    (its USB keyboard on the console, its buttons behind it)."""

    def __init__(self, seed):
        self.sim = Simulator(seed=seed, board="adafruit_fruit_jam")

    def type(self, text, frames=3):
        self.sim.type(text)
        self.sim.frames(frames)
        self.sim.settle()


@pytest.mark.parametrize("split", [False, True])
def test_the_fruit_jam_plays_from_the_keyboard(split):
    jam = FruitJam(seed=31)
    app, reference = jam.sim.app, Game(seed=31)
    for sequence, direction in (("[D", rules.LEFT), ("[B", rules.DOWN), ("[C", rules.RIGHT), ("[A", rules.UP)):
        if split:
            jam.type(ESC, frames=1)
            jam.type(sequence)
        else:
            jam.type(ESC + sequence)
        reference.move(direction)
        assert app.game.cells == reference.cells
    jam.type(" ")  # Space: a hint
    assert 0 <= app.view._arrow_direction <= 3
    jam.type("\r")  # Enter: the menu
    assert app.mode == MENU
    jam.type(ESC + "[B" + ESC + "[B")
    assert app.menus.row == 2
    jam.type(ESC, frames=stdin_keys.ESCAPE_FRAMES + 2)  # Escape alone: back
    assert app.mode == PLAY
    jam.type("p")  # autoplay
    assert app.assist.autoplay
    jam.sim.frames(1000 // FRAME_MS)
    assert app.game.moves > reference.moves
    jam.type("z")  # any key stops it
    assert not app.assist.autoplay
