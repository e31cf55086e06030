# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The boards the fake world can be: one table of facts (data only).

Everything the fake board modules need to be a given board, and nothing
the game's profiles (boards/) decide: pins, screen, NVM, the modules its
firmware lacks, the free heap at boot, the accelerometer on its I2C bus,
and how a player presses the game's buttons on it. The profiles keep only
their wiring; a new board is a profile, its line in boards/__init__.py
and its entry here.

Read by the fake world in a VM (it imports nothing) and by the tools on
the desktop. Sources, per board: CircuitPython's
``ports/<port>/boards/<board_id>/`` (pins.c: pin names; board.c: the
display's size after its rotation; mpconfigboard.mk: what the build
leaves out) and its port's ``CIRCUITPY_INTERNAL_NVM_SIZE``; docs/boards.md
has the details and the sources of the free heap.

Fields:

* ``pins``: the pin names the game may use, spelt as in pins.c;
* ``screen``: ``board.DISPLAY``'s (width, height), or None;
  ``runtime_screen``: the size of ``supervisor.runtime.display`` on a
  board whose firmware makes it on request (the Fruit Jam's DVI output);
* ``rotation``: the display's rotation as its board.c sets it (the panel
  is drawn turned by that much; the size in ``screen`` is after it);
* ``auto_refresh``: what the display starts with (the PewPew M4's
  firmware starts it off);
* ``nvm``: bytes of ``microcontroller.nvm`` (0: none); ``flash``: how
  its port writes it (fakenvm.for_port: "samd51", "nrf52840", "rp2");
* ``missing``: modules the firmware is built without (their stand-ins
  raise ImportError there);
* ``free_heap``: the Python heap the RAM budget plans with (bytes): the
  PyBadge family's and the CLUE's derived from CircuitPython's sources and
  a build, the RP2040's measured on real firmware, otherwise a pessimistic
  figure for the chip (docs/boards.md);
* ``accelerometer``: (chip, I2C address) on ``board.I2C()``, or None;
* ``keys``: game button -> key number (a shift register's) or pin name
  (one pin per key): which physical button a player presses, from the
  board's markings (docs/boards.md), so a profile that lists its pins in
  another order fails the tests instead of swapping buttons;
* ``stick``: direction -> (analog pin, value) of a thumbstick;
* ``instead``: a button the board lacks -> the one a scripted player
  presses for it (fakeplayer; the simulator says the board has no such
  button);
* ``played``: "buttons", "tilt" (directions are tilts; a held Select is
  A and B together) or "keyboard" (every button is a key typed on the
  console);
* ``battery``: (analog pin, divider, millivolts at rest) of a battery the
  board can read (docs/power.md), or None; ``usb_pin``: (pin, level on USB
  power) of a digital pin that tells USB power, or None (then only
  ``supervisor.runtime.usb_connected`` tells a host's); ``usb_mv``: what
  the battery pin reads on USB power where it reads the supply rather
  than the cell (the Sprig's VSYS: USB's 5 V less the Pico's diode), or
  None (the pin reads the cell, which a charger charges);
* ``light``: (analog pin, reading at rest) of a light sensor, or None
  (the reading is the fake world's own: a lit room, no published figure).
"""

#: The PyBadge family (PyBadge, PyBadge LC and EdgeBadge: board_id pybadge;
#: PyGamer: the same SAMD51J19 and display): the Python heap CircuitPython
#: 10.x lets grow to, derived from its sources and a pybadge build (9.2.9:
#: 149,312 B): docs/device-facts.md, "Heap and stacks".
_PYBADGE_FREE = 145856
#: The Wio Terminal (SAMD51P19, the same 192 KiB): its build's static data
#: is the PyBadge's within 4 bytes, but its 320x240 terminal takes 1,600
#: bytes more of the pool: the PyBadge's figure less that, rounded down
#: (docs/device-facts.md, "Heap and stacks").
_WIO_FREE = 144300
#: The PewPew M4 (SAMD51G19, 192 KiB): a smaller build (7,828 bytes of
#: static data against 12,220) with a bigger terminal (its 4x6 font): about
#: 1 KiB more than the PyBadge's figure, which it is planned with.
_PEWPEW_FREE = _PYBADGE_FREE
#: RP2040: 154,160 B free before the game starts on CircuitPython 10.3 for the
#: Sprig (USB host built in), in an RP2040 emulator (docs/boards.md).
_RP2040_FREE = 154160
#: The CLUE (nRF52840): the Python heap CircuitPython 10.x lets grow to in
#: the usual steps, derived as the PyBadge's is, from its sources and a
#: clue_nrf52840_express build (docs/device-facts.md, "The CLUE's heap").
_CLUE_FREE = 132672

BOARDS = {
    "pybadge": {
        "pins": "BUTTON_CLOCK BUTTON_OUT BUTTON_LATCH SPEAKER SPEAKER_ENABLE NEOPIXEL LIGHT ACCELEROMETER_INTERRUPT A6",
        "screen": (160, 128),
        "nvm": 8192,
        "flash": "samd51",
        "free_heap": _PYBADGE_FREE,
        "accelerometer": ("lis3dh", 0x19),
        "keys": {"b": 0, "a": 1, "start": 2, "select": 3, "right": 4, "down": 5, "up": 6, "left": 7},
        "battery": ("A6", 2, 3900),
        "light": ("LIGHT", 6000),
    },
    "pygamer": {
        "pins": "BUTTON_CLOCK BUTTON_OUT BUTTON_LATCH JOYSTICK_X JOYSTICK_Y SPEAKER SPEAKER_ENABLE NEOPIXEL LIGHT "
        "ACCELEROMETER_INTERRUPT A6",
        "screen": (160, 128),
        "nvm": 8192,
        "flash": "samd51",
        "free_heap": _PYBADGE_FREE,
        "accelerometer": ("lis3dh", 0x19),
        # Four buttons on the shift register; the directions on the stick.
        "keys": {"b": 0, "a": 1, "start": 2, "select": 3},
        "stick": {
            "left": ("JOYSTICK_X", 2000),
            "right": ("JOYSTICK_X", 63000),
            "up": ("JOYSTICK_Y", 2000),
            "down": ("JOYSTICK_Y", 63000),
        },
        "battery": ("A6", 2, 3900),
        "light": ("LIGHT", 6000),
    },
    "hack_club_sprig": {
        "pins": "BUTTON_W BUTTON_A BUTTON_S BUTTON_D BUTTON_I BUTTON_J BUTTON_K BUTTON_L AUDIO_DIN AUDIO_BCLK "
        "AUDIO_LRCLK VOLTAGE_MONITOR VBUS_SENSE",
        "screen": (160, 128),
        "rotation": 270,
        "nvm": 4096,
        "flash": "rp2",
        "free_heap": _RP2040_FREE,
        "keys": {
            "up": "BUTTON_W",
            "left": "BUTTON_A",
            "down": "BUTTON_S",
            "right": "BUTTON_D",
            "a": "BUTTON_L",
            "b": "BUTTON_K",
            "start": "BUTTON_I",
            "select": "BUTTON_J",
        },
        # Two fresh AAA cells less the diode's drop, on VSYS.
        "battery": ("VOLTAGE_MONITOR", 3, 2900),
        "usb_pin": ("VBUS_SENSE", True),
        "usb_mv": 4700,
    },
    "pimoroni_picosystem": {
        "pins": "SW_A SW_B SW_X SW_Y SW_DOWN SW_LEFT SW_RIGHT SW_UP AUDIO BAT_SENSE VBUS_DETECT CHARGE_STAT",
        "screen": (240, 240),
        "nvm": 4096,
        "flash": "rp2",
        "free_heap": _RP2040_FREE,
        "keys": {
            "up": "SW_UP",
            "left": "SW_LEFT",
            "down": "SW_DOWN",
            "right": "SW_RIGHT",
            "a": "SW_A",
            "b": "SW_B",
            "start": "SW_X",
            "select": "SW_Y",
        },
        "battery": ("BAT_SENSE", 3, 3900),
    },
    "seeeduino_wio_terminal": {
        "pins": "SWITCH_UP SWITCH_DOWN SWITCH_LEFT SWITCH_RIGHT SWITCH_PRESS BUTTON_1 BUTTON_2 BUTTON_3 BUZZER LIGHT",
        "screen": (320, 240),
        "nvm": 8192,
        "flash": "samd51",
        "missing": ("vectorio",),
        "free_heap": _WIO_FREE,
        "keys": {
            "up": "SWITCH_UP",
            "left": "SWITCH_LEFT",
            "down": "SWITCH_DOWN",
            "right": "SWITCH_RIGHT",
            "a": "SWITCH_PRESS",
            "b": "BUTTON_3",
            "start": "BUTTON_1",
            "select": "BUTTON_2",
        },
        "light": ("LIGHT", 6000),
    },
    "clue_nrf52840_express": {
        "pins": "BUTTON_A BUTTON_B SPEAKER NEOPIXEL ACCELEROMETER_GYRO_INTERRUPT",
        "screen": (240, 240),
        "nvm": 8192,
        "flash": "nrf52840",
        "free_heap": _CLUE_FREE,
        "accelerometer": ("lsm6ds33", 0x6A),
        # Two buttons and tilt (app.two_buttons): Select's hint is A in
        # play, Start's menu is B.
        "keys": {"a": "BUTTON_A", "b": "BUTTON_B", "select": "BUTTON_A", "start": "BUTTON_B"},
        "played": "tilt",
    },
    "adafruit_fruit_jam": {
        "pins": "BUTTON1 BUTTON2 BUTTON3 NEOPIXEL",
        "screen": None,
        "runtime_screen": (640, 480),  # unless settings.toml asks for less
        "nvm": 4096,
        "flash": "rp2",
        "free_heap": 1024 * 1024,  # in its 8 MB of PSRAM (1 MiB assumed)
        "keys": {},
        "played": "keyboard",
    },
    "tinycircuits_thumby_color": {
        "pins": "BUTTON_UP BUTTON_DOWN BUTTON_LEFT BUTTON_RIGHT BUTTON_A BUTTON_B BUTTON_BUMPER_LEFT "
        "BUTTON_BUMPER_RIGHT BUTTON_MENU SPEAKER SPEAKER_ENABLE VOLTAGE_MONITOR CHARGE_STAT",
        "screen": (128, 128),
        "nvm": 4096,
        "flash": "rp2",
        "free_heap": _RP2040_FREE,
        "keys": {
            "up": "BUTTON_UP",
            "left": "BUTTON_LEFT",
            "down": "BUTTON_DOWN",
            "right": "BUTTON_RIGHT",
            "a": "BUTTON_A",
            "b": "BUTTON_B",
            "start": "BUTTON_MENU",
            "select": "BUTTON_BUMPER_RIGHT",
        },
        # Its charger's status pin is low while it charges.
        "battery": ("VOLTAGE_MONITOR", 2, 3900),
        "usb_pin": ("CHARGE_STAT", False),
    },
    "pewpew_m4": {
        "pins": "BUTTON_LEFT BUTTON_RIGHT BUTTON_UP BUTTON_DOWN BUTTON_O BUTTON_X BUTTON_Z SPEAKER",
        "screen": (160, 128),
        "auto_refresh": False,
        "nvm": 8192,
        "flash": "samd51",
        "missing": ("vectorio", "bitmaptools", "terminalio", "analogio", "neopixel_write"),
        "free_heap": _PEWPEW_FREE,
        "keys": {
            "up": "BUTTON_UP",
            "left": "BUTTON_LEFT",
            "down": "BUTTON_DOWN",
            "right": "BUTTON_RIGHT",
            "a": "BUTTON_O",
            "start": "BUTTON_X",
            "select": "BUTTON_Z",
        },
        # No B: X (Start) leaves any page for the game, O (A) an info page
        # for the menu; a script's B presses are X, the button that backs out.
        "instead": {"b": "start"},
    },
    # A board the game has no profile for (STM32F4: no NVM, no bitmaptools).
    "meowbit_v121": {
        "pins": "BTNA BTNB DOWN LEFT RIGHT UP",
        "screen": (160, 128),
        "nvm": 0,
        "missing": ("bitmaptools",),
        "free_heap": None,  # not measured
        "keys": {},
    },
}

#: What a field is when a board's entry leaves it out.
DEFAULTS = {
    "pins": "",
    "screen": None,
    "runtime_screen": None,
    "rotation": 0,
    "auto_refresh": True,
    "nvm": 8192,
    "flash": None,
    "missing": (),
    "free_heap": None,
    "accelerometer": None,
    "keys": {},
    "stick": {},
    "instead": {},
    "played": "buttons",
    "battery": None,
    "usb_pin": None,
    "usb_mv": None,
    "light": None,
}


def fact(board_id, field):
    """``field`` of ``board_id`` (its default where the entry leaves it out)."""
    return BOARDS.get(board_id, {}).get(field, DEFAULTS[field])


def nvm_bytes(board_id):
    """Size of the NVM of ``board_id``."""
    return fact(board_id, "nvm")


def screen(board_id):
    """(width, height) of the display of ``board_id``, whichever way the firmware makes it."""
    return fact(board_id, "screen") or fact(board_id, "runtime_screen")
