# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The input adapters allocate nothing per frame, measured in the pystack VM
(MicroPython, 32-bit objects, as on the board).

Each case runs its frames in one top-level call (that VM collects nothing
inside one), after a warm-up and a collection; the heap's growth is what
the frames allocated. The fake accelerometer returns one tuple made
beforehand, of ints: the VM's floats are heap objects (CircuitPython's are
not, MICROPY_OBJ_REPR_C), so with a library's float readings the VM would
count the products that the board does not allocate. A second sensor
makes a new tuple per read, as adafruit_lsm6ds and adafruit_lis3dh do:
the measurement sees exactly that tuple, per frame.
"""

import pytest

from tests.shared import result, vm_root
from tools import ROOT as REPO
from tools.vm import pystack_vm, vmroot

MODULES = ("app/key_queue.py", "app/tilt.py", "app/stdin_keys.py", "app/two_buttons.py")

_SETUP = """
import gc, json
from app.tilt import TiltKeys
from app.stdin_keys import StdinKeys
from app.two_buttons import TwoButtonControls

class Sensor:
    def __init__(self):
        self.reading = None
    @property
    def acceleration(self):
        return self.reading

class NewTuples(Sensor):
    # As the libraries: a new (x, y, z) tuple per read.
    @property
    def acceleration(self):
        x, y, z = self.reading
        return (x, y, z)

class Event:
    def __init__(self):
        self.key_number = 0
        self.pressed = False
        self.released = True

class Buttons:
    # A keypad queue with get_into(): an A press and release every 8 frames.
    def __init__(self):
        self.events = self
        self.frame = 0
        self.overflowed = False
    def get_into(self, event):
        self.frame += 1
        if self.frame % 16 == 1 or self.frame % 16 == 3:
            event.key_number = 1
            event.pressed = self.frame % 16 == 1
            event.released = not event.pressed
            return True
        return False
    def __len__(self):
        return 0

class Console:
    serial_bytes_available = 0
    def read(self, count):
        return ""

# Tilt and back in each direction (ints in m/s^2), 32 frames a cycle.
_LEVEL = (0, 0, 9)
_CYCLE = []
for _tilted in ((5, 0, 9), (0, 5, 9), (-5, 0, 9), (0, -5, 9)):
    _CYCLE += [_tilted] * 4 + [_LEVEL] * 4
_counts = [0, 0]
_results = {}
_start = 0

def _frames(keys, sensor, count):
    # As App._read_keys reads: events.get() until None, once a frame.
    events = keys.events
    for index in range(count):
        sensor.reading = _CYCLE[index % 32]
        event = events.get()
        while event is not None:
            _counts[0] += 1
            event = events.get()

_press = Event()
_press.pressed = True
_release = Event()

def _scheme_frames(scheme, count):
    press = _press
    release = _release
    for index in range(count):
        key = index % 2
        now = index * 20
        if index % 10 == 0:
            press.key_number = key
            scheme.translate(press, now)
        elif index % 10 == 3:
            release.key_number = key
            scheme.translate(release, now)
        scheme.poll(now)
        _counts[1] += 1

def _still(keys):
    # Level is measured while the board rests (as a player holds it).
    while keys._calibrating:
        while keys.events.get() is not None:
            pass

_sensor = Sensor()
_sensor.reading = _LEVEL
_tilt = TiltKeys(Buttons(), _sensor, "+x", "+y", Event())
_still(_tilt)
_new = NewTuples()
_new.reading = _LEVEL
_tilt_new = TiltKeys(None, _new, "+x", "+y")
_still(_tilt_new)
_console = Console()
_stdin = StdinKeys(_console, _console, Buttons(), Event())
_scheme = TwoButtonControls()
"""

# Each case is ``_case(n)``: the measured call's text is the same for all,
# so what compiling and running it costs by itself is the "(nothing)" case's.
_CASES = {
    "(nothing)": "pass",
    "tilt, moves and buttons": "_frames(_tilt, _sensor, n)",
    "tilt, a new tuple per read": "_frames(_tilt_new, _new, n)",
    "stdin, idle, buttons": "_frames(_stdin, _sensor, n)",
    "two-button scheme": "_scheme_frames(_scheme, n)",
}
FRAMES = 320


@pytest.fixture(scope="module")
def allocations():
    with vm_root(lambda: vmroot.build_root(extra={name: (REPO / name).read_text() for name in MODULES})) as root:
        steps = [_SETUP + "_end = 0\n" + "".join("_results[%r] = 0\n" % name for name in _CASES)]
        for name, body in _CASES.items():
            steps += [
                "def _case(n):\n    " + body,
                "_case(%d)" % FRAMES,  # warm-up
                "gc.collect()",
                "_start = gc.mem_alloc()",
                "_case(%d)\n_end = gc.mem_alloc()" % FRAMES,
                "_results[%r] = _end - _start" % name,
            ]
        steps.append("print('RESULTS', json.dumps([_results, _counts]))")
        text = pystack_vm.run(steps, root=root).stdout
    results, counts = result(text, "RESULTS")
    nothing = results.pop("(nothing)")
    return {name: allocated - nothing for name, allocated in results.items()}, counts


def test_the_adapters_allocate_nothing_per_frame(allocations):
    results, counts = allocations
    assert results["tilt, moves and buttons"] == 0
    assert results["stdin, idle, buttons"] == 0
    assert results["two-button scheme"] == 0
    # The frames did produce events: tilt's 4 moves (press and release)
    # per 32 frames plus the buttons' A every 16, in both runs of each
    # case; the scheme was polled every frame of both runs.
    assert counts[0] >= 2 * 2 * (FRAMES // 32) * 8
    assert counts[1] == 2 * FRAMES


def test_a_sensor_library_s_tuple_is_all_a_frame_allocates(allocations):
    # A 3-tuple is 20 bytes, two 16-byte blocks: 32 bytes a read, one read a frame.
    results, _ = allocations
    assert results["tilt, a new tuple per read"] == FRAMES * 32
