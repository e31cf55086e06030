# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""What the board profiles share: the builders of their parts.

A profile hands what they build to the game in one record,
``app.hardware.Hardware``. Every builder answers None (and the game goes
on without the part) when a board lacks the part or its module: no
speaker, no NeoPixels, no NVM.
"""

#: Logical key numbers (app.controls): B, A, Start, Select, Right, Down, Up, Left.
LOGICAL = ("B", "A", "Start", "Select", "Right", "Down", "Up", "Left")


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
