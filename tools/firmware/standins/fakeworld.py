# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The scripted world behind the fake hardware modules in this folder.

``code.py`` runs unchanged on fake ``board``, ``keypad``, ``microcontroller``,
``supervisor``, ``analogio`` ... modules (tests/test_code_py.py, the
measuring tools). They read and write this module: which board it is, the
time, the key presses still to come, the analog stick, the NVM bytes.

Time moves in frames: each time the app has read every key event waiting
(``EventQueue.get_into`` / ``get`` returns nothing), the clock advances by
``frame_ms`` (a driver with a real clock sets it to 0 and sets ``now``
itself); a display with ``auto_refresh`` on is refreshed then. When the
script is spent and ``IDLE_FRAMES`` more frames have passed, the next read
raises ``KeyboardInterrupt`` (what Ctrl-C does to a running code.py),
which ends ``main()``.

The board's facts (pins, screen, NVM size, missing modules ...) are
fakeboards.py's; ``facts()`` gives the faked board's.
"""

import fakeboards
from scenario import FRAME_MS  # milliseconds the clock moves per frame

#: ``board.board_id`` of the board being faked.
BOARD_ID = "pybadge"
#: Frames to run after the last scripted event before stopping.
IDLE_FRAMES = 50
#: Set before displayio is imported: bitmaps with a byte per pixel and
#: cheap pixel calls (the fuel VM), instead of C-sized packed ones.
FAST_PIXELS = False

#: Milliseconds since power-on (wraps at 2**29 like supervisor.ticks_ms).
now = 0
#: Key events of the script: (time_ms, key_number, pressed), in time order
#: (key_number -1: nothing is pressed, the script just runs until then).
#: Delivered ones stay in the list (``delivered`` counts them), so reading
#: events changes no list: the fake keypad allocates and frees nothing.
keys = []
#: How many of ``keys`` have been delivered.
delivered = 0
#: Analog inputs: pin name -> list of (time_ms, value 0..65535), in order.
analog = {}
#: The battery's voltage in millivolts (None: the board's resting figure,
#: fakeboards ``battery``), what the light sensor reads (None: its
#: resting figure), whether a USB host powers the board (and enumerates
#: it), and whether USB power without a host does (a wall charger, a
#: power bank: a sense pin sees it, ``supervisor.runtime`` does not).
battery_mv = None
light = None
usb = False
charger = False
#: Models behind the battery pin and the light sensor (fakepower.Cell,
#: fakepower.Lamp: noise, glitches, charging, flicker), or None: the pin
#: reads ``battery_mv`` exactly, the sensor ``light``.
cell = None
lamp = None
#: The accelerometer: (time_ms, x, y, z) in milli-g, in time order; at
#: rest the board lies flat (z = 1 g). False: no chip on the bus (a PyBadge LC).
tilts = []
accelerometer = True
#: Readings the accelerometer chip has given (fakebus).
accelerometer_reads = 0
_acceleration = [0, 0, 1000]
#: Keyboard characters on the console: (time_ms, one character), in time order.
typed = []
_typed_at = 0  # how many of ``typed`` have been read
#: What microcontroller.nvm reads and writes: a bytearray, or any object
#: shaped like one (a desktop driver may give a power-cut model or a file);
#: None: the board has no NVM.
nvm = bytearray(b"\xff" * 8192)
#: Milliseconds the clock moves per frame (0: a driver sets ``now`` itself).
frame_ms = FRAME_MS
#: The fake display (board.DISPLAY or supervisor.runtime.display), once made.
display = None
#: Desktop only: ``glass_maker(width, height, rotation)`` makes the display's glass
#: (tools.play.glass.Glass), which each refresh is handed to; None in the VMs.
glass_maker = None
_facts = None
#: Frames run so far.
frames = 0
#: Frames left once the script is spent (None: not counting yet).
_idle_left = None
#: Set to False to run forever (a harness stepping the app itself).
stop_when_done = True
#: Every refresh of the display and every brightness set, for checks.
refreshes = 0

# The fuel VM (tools/vm/fuel_vm.py) answers host.call("fuel", "") with the fuel
# used so far. The stand-ins for C work (bitmaptools, Bitmap.fill) meter
# themselves with it, so tools/measure/app_bench.py can leave their Python cost
# out of the game's: ``c_fuel`` is the fuel spent inside them, ``c_calls``
# how many metered calls there were. Elsewhere metering costs nothing.
try:
    import host as _host
except ImportError:
    _host = None
c_fuel = 0
c_calls = 0


def meter():
    """Fuel used so far (0 outside the fuel VM): call at the start of C-like work."""
    if _host is None:
        return 0
    return int(_host.call("fuel", ""))


def metered(start):
    """The C-like work that began at ``start = meter()`` is done."""
    global c_fuel, c_calls
    if _host is not None:
        c_fuel += int(_host.call("fuel", "")) - start
        c_calls += 1


def facts():
    """The faked board's entry of fakeboards.BOARDS, every field filled in."""
    global _facts
    if _facts is None:
        _facts = dict(fakeboards.DEFAULTS)
        _facts.update(fakeboards.BOARDS.get(BOARD_ID, {}))
    return _facts


def missing(module):
    """True if the faked board's firmware has no ``module``."""
    return module in facts()["missing"]


def nvm_bytes(board_id=None):
    """Size of the NVM of ``board_id`` (default: the faked board)."""
    return fakeboards.nvm_bytes(board_id or BOARD_ID)


def acceleration():
    """The accelerometer's reading now: [x, y, z] in milli-g (one list, reused)."""
    reading = _acceleration
    reading[0], reading[1], reading[2] = 0, 0, 1000
    for step in tilts:
        if not _ticks_reached(step[0]):
            break
        reading[0], reading[1], reading[2] = step[1], step[2], step[3]
    return reading


def typed_waiting():
    """How many typed characters wait to be read (``serial_bytes_available``)."""
    due = _typed_at
    while due < len(typed) and _ticks_reached(typed[due][0]):
        due += 1
    return due - _typed_at


def read_typed(count):
    """Up to ``count`` waiting characters as a str ("" if none); one
    character is the script's own string (nothing allocated)."""
    global _typed_at
    count = min(count, typed_waiting())
    if count <= 0:
        return ""
    first = _typed_at
    _typed_at += count
    if count == 1:
        return typed[first][1]
    return "".join(entry[1] for entry in typed[first:_typed_at])


class Console:
    """``sys.stdin`` of the faked board: ``read(n)`` the typed characters."""

    def read(self, count=1):
        return read_typed(count)


def _wire_console():
    # The Fruit Jam reads its keyboard from sys.stdin, which a VM cannot
    # replace: its profile is given this world's console instead (code.py
    # then loads the profile already imported here).
    import boards.adafruit_fruit_jam as profile

    if not hasattr(profile, "_real_hardware"):
        profile._real_hardware = profile.hardware
        profile.hardware = lambda: profile._real_hardware(Console())


def reset(
    board_id="pybadge",
    script=(),
    analog_script=None,
    nvm_image=None,
    idle_frames=50,
    start_ms=0,
    tilt_script=None,
    typed_script=None,
):
    """Start a new world (tests call this before importing code.py's main)."""
    global BOARD_ID, now, keys, delivered, analog, nvm, frames, _idle_left, IDLE_FRAMES, refreshes, stop_when_done
    global tilts, typed, _typed_at, _facts, display, frame_ms, accelerometer_reads, battery_mv, light, usb, charger, cell, lamp
    BOARD_ID = board_id
    battery_mv = None
    light = None
    usb = charger = False
    cell = lamp = None
    _facts = None
    display = None
    frame_ms = FRAME_MS
    now = start_ms
    keys = list(script)
    delivered = 0
    analog = dict(analog_script or {})
    tilts = list(tilt_script or ())
    accelerometer_reads = 0
    typed = list(typed_script or ())
    _typed_at = 0
    if board_id == "adafruit_fruit_jam":
        _wire_console()
    size = nvm_bytes(board_id)
    if nvm_image is not None:
        nvm = bytearray(nvm_image)
    elif not size:
        nvm = None
    elif nvm is None or len(nvm) != size:
        nvm = bytearray(b"\xff" * size)
    frames = 0
    _idle_left = None
    IDLE_FRAMES = idle_frames
    refreshes = 0
    stop_when_done = True


def power_on(
    board_id="pybadge",
    nvm=None,
    fresh=False,
    screen=None,
    glass_maker=None,
    frame_ms=FRAME_MS,
    accelerometer=True,
    battery_mv=None,
    usb=False,
    light=None,
    charger=False,
    cell=None,
    lamp=None,
    **options,
):
    """Switch ``board_id`` on for a driver that steps the app itself, frame
    by frame (the desktop's World, a web page): a new world (:func:`reset`,
    which also takes ``options``) that runs for as long as it is stepped.
    Then import ``code`` and run its ``start()``.

    :param nvm: what ``microcontroller.nvm`` is (anything shaped like a
        bytearray); None: the board's port's own model (fakenvm.for_port),
        erased.
    :param bool fresh: the board has no NVM (nothing is read or kept).
    :param screen: (width, height) of the display in place of the board's.
    :param glass_maker: ``glass_maker(width, height, rotation)``, the
        display's glass (None: a display that sends nowhere).
    :param int frame_ms: milliseconds per frame (0: the driver sets ``now``).
    :param accelerometer: False: no chip answers on the I2C bus.
    :param battery_mv: the power a board sees, as the globals of these names.
    """
    reset(board_id, **options)
    world = globals()
    world.update(glass_maker=glass_maker, frame_ms=frame_ms)
    world.update(accelerometer=accelerometer, battery_mv=battery_mv, usb=usb, light=light)
    world.update(charger=charger, cell=cell, lamp=lamp, stop_when_done=False)
    if fresh:
        world["nvm"] = None
    elif nvm is not None:
        world["nvm"] = nvm
    else:
        import fakenvm

        world["nvm"] = fakenvm.for_port(facts()["flash"], facts()["nvm"])
    if screen is not None:
        facts()["runtime_screen" if facts()["runtime_screen"] else "screen"] = (screen[0], screen[1])


def seeded_urandom(seed):
    """An ``os.urandom`` that gives ``seed`` (30 bits, repeated): the
    board's random source when a driver fixes the first game's seed
    (engine.rng.entropy_seed reads it; the SAMD51's TRNG on a PyBadge)."""
    seed &= (1 << 30) - 1
    raw = bytes((seed & 0xFF, (seed >> 8) & 0xFF, (seed >> 16) & 0xFF, (seed >> 24) & 0x3F))
    return lambda count: (raw * (count // 4 + 1))[:count]


def end_of_frame():
    """The app read every event of this frame: time moves on (or the run stops)."""
    global now, frames, _idle_left
    frames += 1
    now = (now + frame_ms) & 0x1FFFFFFF
    if display is not None and display.auto_refresh:
        display.refresh()  # the firmware's background refresh
    if stop_when_done and not pending():
        if _idle_left is None:
            _idle_left = IDLE_FRAMES
        _idle_left -= 1
        if _idle_left < 0:
            raise KeyboardInterrupt


def due_key():
    """The next scripted key event whose time has come, as its (time, key,
    pressed) entry (no new tuple: the board's keypad allocates nothing), or None.

    A key is a key number (shift-register boards) or a pin's name (one pin
    per key: the fake keypad.Keys turns it into its index). Events with key
    -1 only keep the script running until their time (a wait, a stick
    movement): they are dropped, not delivered.
    """
    global delivered
    while delivered < len(keys) and _ticks_reached(keys[delivered][0]):
        entry = keys[delivered]
        delivered += 1
        if entry[1] != -1:
            return entry
    return None


def pending():
    """True while scripted events are still to come."""
    return delivered < len(keys) or _typed_at < len(typed)


def drop_spent():
    """Let go of a script whose every event was read (the board's keypad
    queue is a fixed buffer in C: what was read stays in no heap), and of
    the tilts and analog steps that a later one replaced (an accelerometer
    or a stick is a chip or a pin: what it read before is in no heap either;
    kept, the CLUE's tilts grew every reading after them by 64 bytes a move)."""
    _drop_spent_keys()
    forget_past(tilts)
    for steps in analog.values():
        forget_past(steps)


def _drop_spent_keys():
    # (add_key's part: a scripted player's scheduling runs with a small
    # pystack in some tests, and this keeps it as shallow as it was.)
    global delivered
    if delivered and delivered == len(keys):
        keys.clear()
        delivered = 0


def forget_past(steps):
    """Drop the steps of a time-ordered script (``analog``'s, ``tilts``)
    that a later step whose time has come replaced: none can be read again.
    A live player appends a step per press, for as long as it plays: the
    script stays as short as what is still to come."""
    spent = 0
    while spent + 1 < len(steps) and _ticks_reached(steps[spent + 1][0]):
        spent += 1
    if spent:
        del steps[:spent]


def forget_typed():
    """Drop the typed characters already read (a live player's keyboard)."""
    global _typed_at
    if _typed_at:
        del typed[:_typed_at]
        _typed_at = 0


def add_key(at, key, pressed):
    """Append a scripted event (a spent script is dropped first)."""
    _drop_spent_keys()
    keys.append((at, key, pressed))


def analog_value(pin, default=32768):
    """What the analog ``pin`` reads now: the last scripted value whose time
    has come (a stick), else the battery's or light sensor's reading, else
    ``default`` (a stick at rest)."""
    steps = analog.get(pin)
    if not steps:
        return _resting(pin, default)
    value = default
    if steps:
        for at, scripted in steps:
            if _ticks_reached(at):
                value = scripted
            else:
                break
    return value


def _resting(pin, default):
    # A battery through its divider (3.3 V full scale), or the light sensor.
    gauge = facts()["battery"]
    if gauge is not None and pin == gauge[0]:
        millivolts = gauge[2] if battery_mv is None else battery_mv
        powered = usb or charger
        if powered and facts()["usb_mv"] is not None:
            millivolts = facts()["usb_mv"]  # the pin reads the supply, fed by USB
        elif cell is not None:
            millivolts = cell.reading(millivolts, now, powered)
        return max(0, min(65535, millivolts * 65535 // (3300 * gauge[1])))
    sensor = facts()["light"]
    if sensor is not None and pin == sensor[0]:
        value = sensor[1] if light is None else light
        return value if lamp is None else lamp.reading(value, now)
    return default


def digital_value(pin, default=False):
    """What the digital input ``pin`` reads: a USB sense pin follows USB
    power (``usb`` or ``charger``); any other reads ``default`` (its pull's level)."""
    sense = facts()["usb_pin"]
    if sense is not None and pin == sense[0]:
        return sense[1] if usb or charger else not sense[1]
    return default


def _ticks_reached(at):
    return ((now - at) & 0x1FFFFFFF) < 0x10000000
