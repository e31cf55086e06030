# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""2048 for CircuitPython handhelds: find the board's profile, build its parts, run the app.

Each supported board has a profile in boards/ (picked by ``board.board_id``)
that builds its display, buttons, NVM, speaker and lights; on a board
without one, the console (which the screen shows) lists the supported
boards. The game is saved in ``microcontroller.nvm``; settings.toml may
confine it to a region with GAME2048_NVM_START / GAME2048_NVM_LENGTH
(bytes; at least 256).

The hardware modules are imported inside the functions: on a desktop this
file sits on sys.path as ``code`` and shadows the standard library's
``code`` module (pdb imports it), so importing it must not fail there.
"""

#: Where the fonts are on the CIRCUITPY drive (measuring tools point it elsewhere).
FONT_DIR = "/fonts"


def unsupported_board(board_id):
    """Say on the console (and so on the screen) which boards the game knows."""
    from boards import unsupported

    for line in unsupported(board_id):
        print(line)


def start():  # noqa: C901  the start-up in order, each step with its fallback
    """Start the game step by step; yields a step's name after each, then the App.

    ``main()`` collects garbage between the steps, so what a step leaves
    behind is freed before the next one (tools/measure/ram_budget.py runs the same
    steps one by one to measure each). The order keeps the heap small: the
    board's profile and the layouts are dropped once used, the bitmaps are
    drawn while only the font loader is in memory, and the loader and
    painter are dropped before the game's modules load. On a board without
    a profile or a display it says so and yields nothing more.

    Short of memory (a ``MemoryError``, or ``RuntimeError: pystack
    exhausted``) once the layout is there, it lets go of what that try
    built and builds the game again with less: without the solver's
    learned table (on a board whose heap holds it: boards.TABLE_BOARDS),
    then without the solver, then without the animations too
    (docs/ram-budget.md, "Start-up when memory is short"); the About page
    says what the game goes without. When not
    even that fits, or memory runs out before, one line on the console
    says so, and the screen shows the console.
    """
    display = None  # (the one line before the try: a name bound, nothing allocated)
    try:
        import os

        import board
        import keypad
        import supervisor

        started = supervisor.ticks_ms()
        from app.memory import forget
        from boards import load

        board_id = getattr(board, "board_id", None)
        profile = load(board_id)
        if profile is None:
            unsupported_board(board_id)
            return
        try:
            parts = profile.hardware()
        except Exception as error:  # a sensor or pin that does not answer: say so, not a traceback
            if isinstance(error, MemoryError) or "pystack" in str(error):
                raise  # short of memory, not the hardware's fault: said below
            print("2048: this board's hardware did not start: %s: %s" % (type(error).__name__, error))
            return
        if parts.event is None:
            parts.event = keypad.Event()  # the App reads keys into it
        display = parts.display
        from boards import TABLE_BOARDS

        table = board_id in TABLE_BOARDS  # its heap holds the solver's learned table
        del profile, TABLE_BOARDS  # nothing refers to boards/ any more: it can go
        forget("boards")
        if display is None:
            print("2048: no display (on a Fruit Jam: is a monitor plugged in?)")
            return
        from app.layouts import for_screen

        try:
            layout = for_screen(display.width, display.height, parts.board_scale)
        except ValueError as error:  # smaller than every layout
            print("2048: %s" % error)
            return
        del for_screen
        forget("app.layouts")
        yield "layout"
        from app.artwork import painting

        art = yield from painting(FONT_DIR, layout)
        del painting
        forget("app.artwork", "adafruit_bitmap_font")
        yield "artwork"
        # From here on, a try that runs out of memory is made again with
        # less: first without the solver's learned table (the heuristic
        # scores its boards), then 1, no solver; 2, no animations either.
        # Each try loads the game's modules first (every try keeps them),
        # then its store, the solver's tables and the App: what a failed try
        # built lies above what the next one keeps and goes as a whole, so
        # the next try finds the heap as a start with less memory would (the
        # solver's tables under the modules, or a store kept from a failed
        # try, left holes that made the tries with less fail where a smaller
        # heap played: tools/measure/heap_floor.py --step 16).
        from app.words import let_go  # (the texts' module, which every try keeps)

        store = None
        less = 0
        dropped = False  # the learned table was let go for want of memory
        with_table = False  # this try loaded it
        table_status = None  # what scores the solver's boards (engine.solver.table_status())
        while True:
            try:
                from app.controller import App
                from engine.rng import entropy_seed
                from engine.store import Store, region_from_settings

                yield "modules"
                if store is None:  # (each try makes its own: see above)
                    # settings.toml may name a region the saves cannot use, or the NVM may
                    # be too small for them: then the game is played without saving, and
                    # says why (the console now, the About page later).
                    # (Why, for the About page: a text of app.words by its number and
                    # name in lang/keys.txt, which tests/test_languages.py holds.)
                    first = not (less or dropped)  # (said once)
                    getenv = getattr(os, "getenv", None) or (lambda name: None)
                    try:
                        start_at, length = region_from_settings(getenv)
                    except ValueError as error:
                        if first:
                            print("2048: saving is off: %s" % error)
                        failure = 132  # NVM_NOT_NUMBER
                    else:
                        try:
                            store = Store(parts.nvm, start_at, length, **parts.store)
                        except ValueError as error:
                            if first:
                                print("2048: saving is off: %s" % error)
                            if start_at or length is not None:
                                failure = 133  # NVM_REGION
                            else:
                                failure = 134  # NVM_TOO_SMALL
                    if store is None:
                        store = Store(None)
                        store.failure = failure
                if not less:
                    # The solver and its tables, on top of what every try keeps.
                    try:
                        import engine.solver

                        table_status = engine.solver.prepare(table=table)
                        with_table = engine.solver.table_loaded()
                        if dropped:
                            table_status = engine.solver.TABLE_NO_ROOM
                    except ImportError:
                        pass  # no solver on the drive: the game runs; the hint says "no solver"
                    yield "solver"
                elif less > 1:
                    from app import animation

                    animation.SPRITES = 0
                app = App(
                    parts,
                    store,
                    supervisor.ticks_ms,
                    art,
                    layout,
                    seed=entropy_seed(),
                    speed=None if less else parts.speed,  # None: no solver
                )
                # What the About page tells (the attributes are there
                # already: these allocate nothing).
                app.timings.boot_ms = (supervisor.ticks_ms() - started) & 0x1FFFFFFF  # ticks wrap at 2**29
                app.timings.low_memory = less  # what the game goes without (0: nothing)
                app.timings.table_status = table_status  # and what the solver scores its boards with
                break
            except (MemoryError, RuntimeError):
                if less > 1:
                    raise  # nothing more to leave out
            # What the try built goes (the keys it was handed forget the
            # App), and the next try goes without one thing more.
            if hasattr(parts.keys, "on_failure"):
                parts.keys.on_failure = None
            display.root_group = None
            store = None  # made again: what its load made goes with the try
            let_go()  # and the texts its App read (app.words): the next reads them again
            forget("engine.solver", "engine.learned")
            table_status = None
            if with_table:
                table = with_table = False  # the learned table is the first thing let go
                dropped = True
            else:
                less += 1
        del art
        yield app  # (in the try, as every line of start-up is)
    except (MemoryError, RuntimeError):
        # Printing a constant and showing the console need no heap.
        if display is not None:
            import displayio

            display.root_group = displayio.CIRCUITPYTHON_TERMINAL
            display.auto_refresh = True
        print("2048: not enough memory to start: remove other files from lib/ or update CircuitPython")


def main():
    """Build everything and play forever, sleeping between frames."""
    import gc
    import time

    step = None
    for step in start():
        gc.collect()
    if step is not None and not isinstance(step, str):
        step.run(time.sleep)  # the last thing start() yields is the App


if __name__ == "__main__":  # CircuitPython runs code.py as __main__
    main()
