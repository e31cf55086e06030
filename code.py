# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""2048 for CircuitPython handhelds: build the hardware objects, run the app.

PyBadge, PyBadge LC and EdgeBadge: 8 buttons on a shift register. PyGamer:
4 buttons plus an analog stick standing in for the D-pad. The game is saved
in ``microcontroller.nvm``; settings.toml may confine it to a region with
GAME2048_NVM_START / GAME2048_NVM_LENGTH (bytes; at least 256).

The hardware modules are imported inside the functions: on a desktop this
file sits on sys.path as ``code`` and shadows the standard library's
``code`` module (pdb imports it), so importing it must not fail there.
"""


#: Where the fonts are on the CIRCUITPY drive (measuring tools point it elsewhere).
FONT_DIR = "/fonts"


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


def start():
    """Start the game step by step; yields a step's name after each, then the App.

    ``main()`` collects garbage between the steps, so what a step leaves
    behind is freed before the next one (tools/ram_budget.py runs the same
    steps one by one to measure each). The order keeps the heap small: the
    bitmaps are drawn first, while only the font loader is in memory, and
    the loader and painter are dropped before the game's modules load.
    """
    import os

    import board
    import keypad
    import microcontroller
    import supervisor

    started = supervisor.ticks_ms()
    display = board.DISPLAY
    from app.layout import for_screen

    layout = for_screen(display.width, display.height)
    yield "layout"
    from app.artwork import painting

    art = yield from painting(FONT_DIR, layout)
    del painting
    from app.memory import forget

    forget("app.artwork", "adafruit_bitmap_font")
    yield "artwork"
    # The solver's tables are built at import, while the heap is still whole.
    try:
        import engine.solver  # noqa: F401
    except MemoryError:
        pass  # the game runs; the hint says "no solver"
    yield "solver"
    from app.controller import App
    from engine.rng import entropy_seed
    from engine.store import Store, region_from_settings

    yield "modules"
    getenv = getattr(os, "getenv", None) or (lambda name: None)
    start_at, length = region_from_settings(getenv)
    store = Store(microcontroller.nvm, start_at, length)
    app = App(
        display,
        make_keys(),
        store,
        supervisor.ticks_ms,
        art=art,
        layout=layout,
        speaker=make_speaker(),
        pixels=make_pixels(),
        seed=entropy_seed(),
        event=keypad.Event(),
    )
    del art
    from adafruit_ticks import ticks_diff

    app.timings.boot_ms = ticks_diff(supervisor.ticks_ms(), started)
    yield app


def main():
    """Build everything and play forever."""
    import gc

    for step in start():
        gc.collect()
    step.run()  # the last thing start() yields is the App


if __name__ == "__main__":  # CircuitPython runs code.py as __main__
    main()
