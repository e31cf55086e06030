# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The one record of a board's parts, from its profile to the App.

A profile (boards/) builds it in its ``hardware()``; code.py hands it to
the App, and the App hands it on to the parts that use what is in it (the
menu, the feedback, the backlight, the power). A part the board lacks
keeps its default here, and nothing else needs to know it exists: a new
part is a parameter of this record, the profile that builds it, and the
module that uses it (docs/boards.md, "Adding a board"). The record imports
nothing, so it costs the heap only its class, for as long as the game
runs.
"""


class Hardware:
    """One board, as the game sees it.

    :param display: the display (``board.DISPLAY`` or ``supervisor.runtime.display``).
    :param keys: a key source with ``events`` (keypad-style: ``get()`` ->
        Event or None).
    :param nvm: ``microcontroller.nvm``, or None (no saves).
    :param controls: the control scheme that makes the key source's events
        the game's actions: app.controls.Controls (the D-pad and buttons;
        its ``keymap`` maps the source's key numbers) or one of its kin
        (app.two_buttons, app.stdin_keys).
    :param dict store: keyword arguments for ``engine.store.Store`` (the
        write strategy of this port's flash; None: the default's).
    :param float speed: the solver's speed here, relative to a PyBadge
        (SAMD51 at 120 MHz = 1.0); a slower board searches fewer nodes.
    :param speaker: a tone player (boards._sound: ``play_tone(hz)``,
        ``stop()``) or None; ``pixels`` NeoPixels (``fill(0xRRGGBB)``) or None.
    :param tilt: for Settings > Tilt: ``tilt(keys, event, settings) ->
        keys``, called while the setting is on (at start, after each
        change), returns the key source to read from then on, ``keys``
        merged with tilt (``app.tilt.turn_on``); or None (no Tilt row).
    :param event: the ``keypad.Event`` the key source reads buttons into
        (the App reads keys into it too, with ``events.get_into``: no
        allocation per key), or None: code.py makes one.
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
        controls,
        store=None,
        speed=1.0,
        speaker=None,
        pixels=None,
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
        self.controls = controls
        self.store = store or {}
        self.speed = speed
        self.speaker = speaker
        self.pixels = pixels
        self.tilt = tilt
        self.event = event
        self.battery = battery
        self.light = light
        self.dimmable = dimmable
        self.board_scale = board_scale
