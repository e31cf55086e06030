# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Fake ``board`` for the board named by ``fakeworld.BOARD_ID``.

Pins are plain strings named like the board's own (CircuitPython's
``ports/*/boards/<id>/pins.c``); ``DISPLAY`` is a fake display that counts
refreshes. Import it after ``fakeworld.reset(...)`` (re-import to change
boards).
"""

import fakeworld

#: Pin names each faked board has, besides DISPLAY (and the I2C/SPI helpers):
#: the ones the game may use, spelt as in the board's pins.c.
PINS = {
    "pybadge": "BUTTON_CLOCK BUTTON_OUT BUTTON_LATCH SPEAKER SPEAKER_ENABLE NEOPIXEL LIGHT ACCELEROMETER_INTERRUPT",
    "pygamer": "BUTTON_CLOCK BUTTON_OUT BUTTON_LATCH JOYSTICK_X JOYSTICK_Y SPEAKER SPEAKER_ENABLE NEOPIXEL LIGHT ACCELEROMETER_INTERRUPT",
    "hack_club_sprig": "BUTTON_W BUTTON_A BUTTON_S BUTTON_D BUTTON_I BUTTON_J BUTTON_K BUTTON_L AUDIO_DIN AUDIO_BCLK AUDIO_LRCLK",
    "pimoroni_picosystem": "SW_A SW_B SW_X SW_Y SW_DOWN SW_LEFT SW_RIGHT SW_UP AUDIO",
    "seeeduino_wio_terminal": "SWITCH_UP SWITCH_DOWN SWITCH_LEFT SWITCH_RIGHT SWITCH_PRESS BUTTON_1 BUTTON_2 BUTTON_3 BUZZER",
    "clue_nrf52840_express": "BUTTON_A BUTTON_B SPEAKER NEOPIXEL ACCELEROMETER_GYRO_INTERRUPT",
    "adafruit_fruit_jam": "BUTTON1 BUTTON2 BUTTON3 NEOPIXEL",
    "tinycircuits_thumby_color": "BUTTON_UP BUTTON_DOWN BUTTON_LEFT BUTTON_RIGHT BUTTON_A BUTTON_B BUTTON_BUMPER_LEFT BUTTON_BUMPER_RIGHT BUTTON_MENU SPEAKER SPEAKER_ENABLE",
    "pewpew_m4": "BUTTON_LEFT BUTTON_RIGHT BUTTON_UP BUTTON_DOWN BUTTON_O BUTTON_X BUTTON_Z SPEAKER",
    "meowbit_v121": "BTNA BTNB DOWN LEFT RIGHT UP",
}
#: Screen size of each faked board's display (board.DISPLAY, after the
#: firmware's rotation).
SCREENS = {
    "pybadge": (160, 128),
    "pygamer": (160, 128),
    "hack_club_sprig": (160, 128),
    "pimoroni_picosystem": (240, 240),
    "seeeduino_wio_terminal": (320, 240),
    "clue_nrf52840_express": (240, 240),
    "tinycircuits_thumby_color": (128, 128),
    "pewpew_m4": (160, 128),
    "meowbit_v121": (160, 128),
}
#: Boards with no board.DISPLAY whose firmware makes supervisor.runtime.display
#: (the Fruit Jam's DVI output: 640x480 unless settings.toml asks for less).
#: ``fakeworld.RUNTIME_SCREEN`` overrides the size; None there: no monitor.
RUNTIME_SCREENS = {"adafruit_fruit_jam": (640, 480)}


class FakeDisplay:
    """The display API the game uses: root_group, refresh(), auto_refresh, brightness."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.rotation = 0
        self.root_group = None
        # The PewPew M4's firmware starts its display with auto_refresh off.
        self.auto_refresh = fakeworld.BOARD_ID != "pewpew_m4"
        self.brightness = 1.0

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        fakeworld.refreshes += 1
        return True


board_id = fakeworld.BOARD_ID
for _name in PINS.get(board_id, "").split():
    globals()[_name] = _name
if board_id in RUNTIME_SCREENS:
    import supervisor

    _screen = getattr(fakeworld, "RUNTIME_SCREEN", RUNTIME_SCREENS[board_id])
    supervisor.runtime.display = None if _screen is None else FakeDisplay(_screen[0], _screen[1])
else:
    _screen = SCREENS.get(board_id, (160, 128))
    DISPLAY = FakeDisplay(_screen[0], _screen[1])


_bus = []


def I2C():
    """The board's I2C bus, with its accelerometer on it (fakebus)."""
    if not _bus:
        import fakebus

        _bus.append(fakebus.I2C())
    return _bus[0]
