# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The web page's board: ``code.start()`` over the fake world, in MicroPython's WebAssembly VM.

The page (host.mjs) loads MicroPython's WebAssembly port, writes the
board's bundle and the firmware stand-ins into its file system, imports
this module and calls :func:`start`, then :func:`start_step` until the App
runs, then :func:`tick` once per frame from a JS timer. Nothing here
loops: the VM never blocks the page (``App.run()`` is the board's loop,
the page's timer is this one's).

What the player sees is what the display's last refresh sent: the fake
display hands each refresh to :class:`Screen` (fakeworld's
``glass_maker``, as the desktop's glass is), which writes the refreshed
frame as records to ``FRAME_PATH`` when it differs from the one before;
the page's renderer (render.mjs) draws them. The records carry the
stand-ins' state bytes as they are (laid out as displaystate says), so
the page draws the very bytes the desktop's glass reads.

The board's NVM is :class:`PageNVM`: every write is handed to the page at
once (``page.persist``), which keeps the bytes in ``localStorage``; a write
the browser refuses (storage full or blocked) raises ``OSError`` and
leaves the NVM as it was, so the game says "save FAILED" as on a board
whose flash refuses a write.

This module runs in the page's VM only (it is not part of the board's
bundle, and the desktop never imports it but to check its renderer).
"""

import struct

import displaystate as ds
import fakeworld

#: Where a refreshed frame is written for the page (the VM's memory file system).
FRAME_PATH = "/frame.bin"
#: Where the NVM's bytes are written for the page to keep.
NVM_PATH = "/nvm.bin"
#: The square wave's samples per cycle (boards/_sound.py): a sample rate
#: over this is the tone's pitch in Hz.
WAVE_SAMPLES = 8

#: Frame records: layer kinds.
TILES = 1
RECT = 2
#: Bitmaps the page remembers at most (past that, all are sent again).
MAX_BITMAPS = 256

_state = {"app": None, "steps": None, "screen": None, "status": "", "lights": None, "shown_lights": None}
#: The speaker's tone now, in Hz (0: silent); the audio stand-ins set it.
_tone = [0]


class PageNVM:
    """``microcontroller.nvm`` kept by the page: a bytearray whose every
    write is persisted by ``page.persist()`` before it counts.

    :param bytearray image: the NVM's bytes at power-on (the board's size).
    :param page: the JS module the page registered (``persist() -> bool``).
    """

    def __init__(self, image, page):
        self._bytes = image
        self._page = page
        #: Writes the page refused so far.
        self.refused = 0

    def __len__(self):
        return len(self._bytes)

    def __getitem__(self, index):
        return self._bytes[index]

    def __setitem__(self, index, value):
        old = bytes(self._bytes)
        self._bytes[index] = value
        with open(NVM_PATH, "wb") as handle:
            handle.write(self._bytes)
        if not self._page.persist():
            self._bytes[:] = old
            self.refused += 1
            raise OSError(28, "the browser refused to store the save")  # 28: ENOSPC


class Screen:
    """The display's glass in the page: each refresh that changed what it
    shows becomes one frame of records in ``FRAME_PATH``.

    A refresh that changed nothing costs a comparison of what the last
    frame was made of (every state bytearray, member list, palette and
    bitmap it read) with copies kept then: no allocation, so no garbage
    for the VM to collect at every idle frame (this VM collects only
    between the page's calls).

    Frame format (little-endian): u16 width, height, layer count, bitmap
    count; the layers in drawing order, each ``u8 kind, s16 x, s16 y, u8
    scale`` (the absolute origin and scale of its group), then for TILES
    ``u16 bitmap index, u32 inline tiles``, then ``u16 state length, u16
    palette length`` and those bytes; then the bitmaps sent in this frame,
    each ``u16 index, u32 length`` and its state bytes.

    :param int width: pixels across.
    :param int height: pixels down.
    :param int rotation: the panel's rotation (the page draws the screen
        as the player sees it, which is what the root group draws).
    """

    def __init__(self, width, height, rotation=0):
        self.width = width
        self.height = height
        #: Frames written so far (the page draws each one once).
        self.frames = 0
        #: Refreshes so far.
        self.refreshes = 0
        self._root = None
        self._last = None
        self._bitmaps = {}  # id(bitmap state) -> (index, copy of it)
        # What the last frame was made of: (live bytes or list, copy), and
        # (layer, its pixel_shader, its bitmap, its inline tiles).
        self._watch = []
        self._leaves = []

    def capture(self, root_group):
        """A refresh: the page will show ``root_group`` as it is now."""
        self.refreshes += 1
        if root_group is self._root and self._last is not None and self._unchanged():
            return  # the same frame: a board's refresh sends nothing
        self._root = root_group
        layers = []
        blobs = []
        self._watch = []
        self._leaves = []
        if root_group is not None:
            self._walk(root_group, 0, 0, 1, layers, blobs)
        body = b"".join(layers)
        if not blobs and body == self._last:
            return
        self._last = body
        head = struct.pack("<HHHH", self.width, self.height, len(layers), len(blobs))
        with open(FRAME_PATH, "wb") as handle:
            handle.write(head)
            handle.write(body)
            for blob in blobs:
                handle.write(blob)
        self.frames += 1

    def _unchanged(self):
        for live, copy in self._watch:
            if live != copy:
                return False
        for layer, shader, bitmap, inline in self._leaves:
            if layer.pixel_shader is not shader or getattr(layer, "bitmap", None) is not bitmap:
                return False
            if bitmap is not None and layer._inline != inline:
                return False
        return True

    def _walk(self, group, x, y, scale, layers, blobs):
        # A group's position counts in its parent's scale; its members are
        # drawn at its own (as CircuitPython's and Blinka's displayio do).
        state = group._s
        watch = self._watch
        watch.append((state, bytes(state)))
        if state[ds.HIDDEN]:
            return  # hidden, and with it everything in it
        watch.append((group._items, list(group._items)))
        x += _signed16(state, ds.X) * scale
        y += _signed16(state, ds.Y) * scale
        scale *= state[ds.GROUP_SCALE]
        for layer in group._items:
            if hasattr(layer, "_items"):
                self._walk(layer, x, y, scale, layers, blobs)
                continue
            state = layer._s
            watch.append((state, bytes(state)))
            if state[ds.HIDDEN]:
                continue
            shader = layer.pixel_shader
            palette = shader._s
            watch.append((palette, bytes(palette)))
            bitmap = getattr(layer, "bitmap", None)
            self._leaves.append((layer, shader, bitmap, layer._inline if bitmap is not None else 0))
            if bitmap is None:
                layers.append(struct.pack("<BhhBHH", RECT, x, y, scale, len(state), len(palette)) + state + palette)
                continue
            watch.append((bitmap._s, bytes(bitmap._s)))
            index = self._bitmap_index(bitmap._s, blobs)
            head = struct.pack("<BhhBHIHH", TILES, x, y, scale, index, layer._inline, len(state), len(palette))
            layers.append(head + state + palette)

    def _bitmap_index(self, state, blobs):
        key = id(state)
        known = self._bitmaps.get(key)
        if known is not None and known[1] == state:
            return known[0]
        if known is None:
            if len(self._bitmaps) >= MAX_BITMAPS:
                self._bitmaps.clear()
                self._last = None
            index = len(self._bitmaps)
        else:
            index = known[0]
        self._bitmaps[key] = (index, bytes(state))
        blobs.append(struct.pack("<HI", index, len(state)) + state)
        return index


def _signed16(state, at):
    value = state[at] | (state[at + 1] << 8)
    return value - 65536 if value > 32767 else value


def _hear_the_speaker():
    # The audio stand-ins tell _tone what the speaker plays: the square
    # wave's sample rate over its samples per cycle, or 0 when stopped.
    for name in ("audioio", "audiopwmio"):
        try:
            module = __import__(name)
        except ImportError:
            continue
        out = module.AudioOut if hasattr(module, "AudioOut") else module.PWMAudioOut
        if getattr(out, "_heard", False):
            continue
        play, stop = out.play, out.stop

        def heard_play(self, sample, *, loop=False, _play=play):
            _tone[0] = sample.sample_rate // WAVE_SAMPLES
            _play(self, sample, loop=loop)

        def heard_stop(self, _stop=stop):
            _tone[0] = 0
            _stop(self)

        out.play, out.stop, out._heard = heard_play, heard_stop, True


def start(board_id, seed=-1, saved=False, fresh=False, key_names=""):
    """Power the board on: the fake world for ``board_id``, code.start()
    ready to run (:func:`start_step`); returns a status line.

    :param str board_id: the board (a key of fakeboards.BOARDS).
    :param int seed: what the board's random source gives (the first
        game's seed, as the simulator's ``--seed``); -1: the browser's
        randomness (``page.random_u8()``).
    :param bool saved: the page wrote the saved NVM bytes to ``NVM_PATH``
        (else the NVM starts erased).
    :param bool fresh: the board has no NVM (nothing is read or kept).
    :param str key_names: the Controls help page's rows, "button=keys"
        joined by "|" (the page's keyboard, as the window's title names it).
    :return: "", or what the page should say about the save it found.
    """
    import os

    import page  # the JS module host.mjs registered

    status = ""
    nvm = None
    if not fresh:
        size = fakeworld.nvm_bytes(board_id)
        image = bytearray(b"\xff" * size)
        if saved:
            with open(NVM_PATH, "rb") as handle:
                found = handle.read()
            if len(found) == size:
                image[:] = found
            else:
                status = "the saved game was not this board's (%d bytes, not %d): a new game" % (len(found), size)
        nvm = PageNVM(image, page)
    fakeworld.power_on(
        board_id,
        nvm=nvm,
        fresh=fresh,
        glass_maker=Screen,
        frame_ms=0,  # the page sets the clock (tick)
    )
    if seed >= 0:
        os.urandom = fakeworld.seeded_urandom(seed)
    else:
        os.urandom = lambda count: bytes(page.random_u8() for _ in range(count))
    _hear_the_speaker()
    _tone[0] = 0
    import code  # its FONT_DIR is the drive's /fonts, where the bundle put them

    _state["steps"] = code.start()
    _state["status"] = status
    _state["key_names"] = tuple(tuple(row.split("=", 1)) for row in key_names.split("|") if row)
    _state["board_id"] = board_id
    return status


def start_step():
    """One step of code.start() (the page calls it until it says ""): the
    VM collects garbage between two calls, as main() does between the
    steps on a board, and the page stays responsive. Returns the step's
    name, or "" when the App runs (or the board stopped: :func:`running`)."""
    steps = _state["steps"]
    for step in steps:
        if isinstance(step, str):
            return step
        _state["app"] = step
        break
    _state["steps"] = None
    app = _state["app"]
    if app is not None:
        import boards

        app.key_names = _state["key_names"] or None
        # Its About page says it is a simulator, and of which board (as the desktop's).
        app.timings.simulated = boards.NAMES.get(_state["board_id"], _state["board_id"])
    display = fakeworld.display
    _state["screen"] = None if display is None else display.glass
    try:
        import neopixel_write
    except ImportError:
        neopixel_write = None  # the board's firmware has none: no lights
    _state["lights"] = neopixel_write
    return ""


def running():
    """True once code.start() gave the App."""
    return _state["app"] is not None


def tick(now_ms):
    """One frame of the board at ``now_ms`` on its clock. Returns, packed
    in one small int (no allocation): ``((frames % 4096) * 128 +
    backlight) * 1000 + wait``: the frames the screen has sent so far
    (the page draws when that count moves), the backlight in percent
    (0..100) and the milliseconds the board would sleep now (0..999)."""
    fakeworld.now = now_ms & 0x1FFFFFFF
    app = _state["app"]
    app.step()
    screen = _state["screen"]
    frames = screen.frames & 4095 if screen is not None else 0
    light = int(max(0.0, min(1.0, fakeworld.display.brightness)) * 100 + 0.5)
    return (frames * 128 + light) * 1000 + min(app.wait_ms, 999)


def tone():
    """The speaker's tone now, in Hz (0: silent)."""
    return _tone[0]


def lights():
    """The NeoPixels' colours as "RRGGBB,..." when they changed since the
    last call, else "" (nothing allocated then)."""
    module = _state["lights"]
    sent = None if module is None else module.last
    if sent is None:
        return ""
    shown = _state["shown_lights"]
    if shown is not None and shown == sent:
        return ""
    _state["shown_lights"] = bytes(sent)
    return ",".join("%02x%02x%02x" % (sent[i + 1], sent[i], sent[i + 2]) for i in range(0, len(sent) - 2, 3))


def busy():
    """True while an animation runs or a hint is being worked out (what
    the simulator's settle() waits for)."""
    app = _state["app"]
    return app.animation.active or app.assist.busy


def game():
    """The game now, for the page's tests: "cells;score;best;moves"."""
    played = _state["app"].game
    return "%s;%d;%d;%d" % (",".join(str(cell) for cell in played.cells), played.score, played.best, played.moves)


def solver():
    """What the solver scores its boards with, for the page's tests: the
    About page's "Solver:" words (engine.solver.table_status(), as
    code.py's start-up found it: "learned table" where the board's heap
    holds the table and the bundle's engine/learned.tbl was read)."""
    return _state["app"].timings.table_status or ""


def screen_size():
    """The display's size, "WIDTHxHEIGHT"."""
    display = fakeworld.display
    return "%dx%d" % (display.width, display.height)


def down(button):
    """``button`` goes down now (a key or an on-screen button pressed)."""
    import fakeplayer

    fakeplayer.down(button)


def up(button):
    """``button`` comes up now."""
    import fakeplayer

    fakeplayer.up(button)


def buttons():
    """The game buttons this board has, comma-separated."""
    import fakeplayer

    return ",".join(fakeplayer.buttons())


def typed(text):
    """``text`` typed on the board's keyboard now (a board played from a console)."""
    fakeworld.forget_typed()
    for char in text:
        fakeworld.typed.append((fakeworld.now, char))


def played():
    """How the board is played: "buttons", "tilt" or "keyboard"."""
    return fakeworld.facts()["played"]


def save(now_ms):
    """Save the game now (the page is hidden or closing, as the window
    saves when it closes); returns the outcome (engine.store: 1 saved, 0
    unchanged, -1 failed, ...; -2: no App yet)."""
    app = _state["app"]
    if app is None:
        return -2
    return app.saving.save(now_ms & 0x1FFFFFFF)
