# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""What the board profiles share: the Hardware record and its builders.

Every builder answers None (and the game goes on without the part) when a
board lacks the part or its module: no speaker, no NeoPixels, no NVM.
"""

#: Logical key numbers (app.controls): B, A, Start, Select, Right, Down, Up, Left.
LOGICAL = ("B", "A", "Start", "Select", "Right", "Down", "Up", "Left")


class Hardware:
    """One board, as the game sees it.

    :param display: the display (``board.DISPLAY`` or ``supervisor.runtime.display``).
    :param keys: a key source with ``events`` (keypad-style).
    :param nvm: ``microcontroller.nvm``, or None (no saves).
    :param dict store: keyword arguments for ``engine.store.Store`` (the
        write strategy of this port's flash).
    :param keymap: bytes: logical key number (app.controls) of each of the
        key source's key numbers, or None when they already are.
    :param float speed: the solver's speed here, relative to a PyBadge
        (SAMD51 at 120 MHz = 1.0); a slower board searches fewer nodes.
    :param speaker: a tone player (boards._sound) or None; ``pixels`` NeoPixels or None.
    :param controls: the control scheme (app.controls.Controls and its
        kin), or None for the PyBadge's buttons.
    :param tilt: for the App's Settings > Tilt: ``tilt(keys, event, settings) -> keys``, or None.
    :param event: the ``keypad.Event`` the key source reads buttons into
        (the App reads keys into it too), or None: code.py makes one.
    :param battery: an ``app.battery.Gauge`` of the board's battery, or None.
    :param light: the light sensor (has ``value``, 0..65535, more with more
        light: ``analogio.AnalogIn``) for Brightness "auto", or None.
    :param bool dimmable: False for a backlight that is only on or off
        (no PWM on its pin: any brightness under full turns it off).
    :param int board_scale: 1, or 2: on a 240x240 screen the board (tiles,
        merge rings, hint arrow) is drawn at half resolution and shown
        doubled (app.layouts), its face sheet a quarter of the bytes: for a
        heap too short for the full-resolution faces (the CLUE's).
    """

    def __init__(
        self,
        display,
        keys,
        nvm,
        store=None,
        keymap=None,
        speed=1.0,
        speaker=None,
        pixels=None,
        controls=None,
        tilt=None,
        event=None,
        battery=None,
        light=None,
        dimmable=True,
        board_scale=1,
    ):
        self.display = display
        self.keys = keys
        self.nvm = nvm
        self.store = store or {}
        self.keymap = keymap
        self.speed = speed
        self.speaker = speaker
        self.pixels = pixels
        self.controls = controls
        self.tilt = tilt
        self.event = event
        self.battery = battery
        self.light = light
        self.dimmable = dimmable
        self.board_scale = board_scale


def nvm():
    """``microcontroller.nvm``, or None on a board without one."""
    try:
        import microcontroller

        return microcontroller.nvm
    except (ImportError, AttributeError):
        return None


def display():
    """The board's display: ``board.DISPLAY``, or ``supervisor.runtime.display``
    on boards whose firmware makes it on request (Fruit Jam); None if neither."""
    import board

    shown = getattr(board, "DISPLAY", None)
    if shown is None:
        import supervisor

        shown = getattr(supervisor.runtime, "display", None)
    return shown


def pin_keys(pins, value_when_pressed=False, pull=True):
    """``keypad.Keys`` over ``pins`` (key numbers in their order)."""
    import keypad

    return keypad.Keys(pins, value_when_pressed=value_when_pressed, pull=pull)


def shift_register_keys(count):
    """The PyBadge / PyGamer buttons behind their 74HC165 shift register."""
    import board
    import keypad

    return keypad.ShiftRegisterKeys(
        clock=board.BUTTON_CLOCK,
        data=board.BUTTON_OUT,
        latch=board.BUTTON_LATCH,
        key_count=count,
        value_when_pressed=True,
    )


def dac_speaker(pin, enable_pin=None):
    """A tone player on a DAC speaker (``audioio``), or None."""
    try:
        import audioio

        from boards._sound import SquareWave

        return SquareWave(audioio.AudioOut(pin), _enable(enable_pin))
    except (ImportError, AttributeError, ValueError, RuntimeError):
        return None


def pwm_speaker(pin, enable_pin=None):
    """A tone player on a PWM speaker (``audiopwmio``), or None."""
    try:
        import audiopwmio

        from boards._sound import SquareWave

        return SquareWave(audiopwmio.PWMAudioOut(pin), _enable(enable_pin))
    except (ImportError, AttributeError, ValueError, RuntimeError):
        return None


def _enable(pin):
    # The amplifier's enable pin, off until a tone plays.
    if pin is None:
        return None
    import digitalio

    enable = digitalio.DigitalInOut(pin)
    enable.switch_to_output(value=False)
    return enable


def neopixels(pin, count):
    """The board's ``count`` NeoPixels, dark (boards._pixels), or None."""
    try:
        from boards._pixels import Pixels

        return Pixels(pin, count)
    except (ImportError, AttributeError, ValueError, RuntimeError):
        return None


def analog(pin):
    """``analogio.AnalogIn`` on ``pin``, or None (no analogio, a pin in use)."""
    try:
        import analogio

        return analogio.AnalogIn(pin)
    except (ImportError, AttributeError, ValueError, RuntimeError):
        return None


def battery(pin, divider, cells="LIPO", usb=None, usb_level=None):
    """A gauge (app.battery) of a battery on the analog ``pin`` through a
    ``divider``:1 divider, levels from app.battery's table named ``cells``
    ("LIPO", "TWO_AAA"), USB
    power told by ``usb`` (see app.battery.Gauge); None if the pin cannot
    be read. Nothing here is kept: the gauge holds only the pins."""
    sense = analog(pin)
    if sense is None:
        return None
    from app import battery as gauge

    return gauge.Gauge(sense, divider, getattr(gauge, cells), usb, usb_level)


def digital_in(pin):
    """``digitalio.DigitalInOut`` on ``pin`` as an input, or None (a pin in use)."""
    try:
        import digitalio

        sense = digitalio.DigitalInOut(pin)
        sense.switch_to_input()
        return sense
    except (ImportError, AttributeError, ValueError, RuntimeError):
        return None
