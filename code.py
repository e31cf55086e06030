"""2048 for CircuitPython handhelds: build the hardware objects, run the app.

PyBadge, PyBadge LC and EdgeBadge: 8 buttons on a shift register. PyGamer:
4 buttons plus an analog stick standing in for the D-pad. The game is saved
in ``microcontroller.nvm``; settings.toml may confine it to a region with
GAME2048_NVM_START / GAME2048_NVM_LENGTH (bytes; at least 256).

The hardware modules are imported inside the functions: on a desktop this
file sits on sys.path as ``code`` and shadows the standard library's
``code`` module (pdb imports it), so importing it must not fail there.
"""


def make_keys():
    """The button source: PyBadge key numbers 0..7 (B, A, Start, Select, Right, Down, Up, Left)."""
    import board
    import keypad

    if hasattr(board, "JOYSTICK_X"):  # PyGamer
        import analogio

        from app.joystick import JoystickKeys

        buttons = keypad.ShiftRegisterKeys(
            clock=board.BUTTON_CLOCK,
            data=board.BUTTON_OUT,
            latch=board.BUTTON_LATCH,
            key_count=4,
            value_when_pressed=True,
        )
        return JoystickKeys(buttons, analogio.AnalogIn(board.JOYSTICK_X), analogio.AnalogIn(board.JOYSTICK_Y))
    return keypad.ShiftRegisterKeys(
        clock=board.BUTTON_CLOCK,
        data=board.BUTTON_OUT,
        latch=board.BUTTON_LATCH,
        key_count=8,
        value_when_pressed=True,
    )


def make_speaker():
    """A quiet tone player on the built-in speaker, or None."""
    import board

    try:
        import audioio
        import digitalio

        from app.sound import SquareWave

        enable = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
        enable.switch_to_output(value=False)
        return SquareWave(audioio.AudioOut(board.SPEAKER), enable)
    except (ImportError, AttributeError, ValueError, RuntimeError):
        return None


def make_pixels():
    """The 5 NeoPixels under the screen, or None."""
    import board

    try:
        import neopixel

        pixels = neopixel.NeoPixel(board.NEOPIXEL, 5, brightness=1.0, auto_write=True)
        pixels.fill((0, 0, 0))
        return pixels
    except (ImportError, AttributeError, ValueError, RuntimeError):
        return None


def main():
    """Build everything and play forever."""
    import os

    import board
    import keypad
    import microcontroller
    import supervisor

    # Compiling engine/solver.py peaks at ~44 KB (docs/ram-budget.md), so it
    # is imported first, on a heap still nearly empty, and not at the first
    # hint, next to the screens. The module is held while playing either way.
    try:
        import engine.solver  # noqa: F401
    except MemoryError:
        pass  # the game runs; the hint says "no solver"
    from app.controller import App
    from engine.rng import entropy_seed
    from engine.store import Store, region_from_settings

    start, length = region_from_settings(os.getenv)
    store = Store(microcontroller.nvm, start, length)
    app = App(
        board.DISPLAY,
        make_keys(),
        store,
        supervisor.ticks_ms,
        font_dir="/fonts",
        speaker=make_speaker(),
        pixels=make_pixels(),
        seed=entropy_seed(),
        event=keypad.Event(),
    )
    app.run()


if __name__ == "__main__":  # CircuitPython runs code.py as __main__
    main()
