# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""What the battery gauge and Brightness "auto" do under the batteries, USB
power and lamps a board meets: deterministic counts from the fake world.

    .venv/bin/python -m tools.measure.power_bench

Every case is a board powered on through code.py's own start-up
(tools.play.simulator.Simulator), its battery pin and light sensor read through
the fake world's models (tools/firmware/standins/fakepower.py: ADC noise,
glitches, charging, flicker), played by a scripted player for a simulated
time. It prints:

* how often the gauge and the light sensor are read (``app.power.POWER_MS``)
  and the time constants that follow from it;
* NVM writes (and erases) per hour of play at a low battery: steady with
  ADC noise, and with USB power coming and going (a loose cable) every
  10 s and every 2 s, on the PyBadge (an SAMD51: every write erases the
  8 KB block) and the Sprig (an RP2040 "log": an erase every 32 saves);
  with how often "batt. low" was said;
* what one glitch, a pin that reads 0 V and a wall charger after "empty"
  leave on the screen and in the game;
* Brightness "auto": how often the backlight's level changed in an hour
  in a room lit by a flickering lamp (100 Hz and 120 Hz flicker, sine and
  on-off, 60 % and 100 % modulation), the room's light at one of the
  level thresholds (the hardest case) and between two.

The player moves every ``MOVE_MS`` (a new game at game over), the
balanced save mode (the default) decides when to save. Nothing here
depends on the host's speed.
"""

import argparse
import gc

from tools.play import first_legal, open_about  # first_legal: the solver's stand-in for the few hints asked
from tools.play.simulator import Simulator

#: The scripted player's pace: a move every MOVE_MS (ms).
MOVE_MS = 600
_DIRECTIONS = ("left", "down", "right", "down", "left", "up")
_WRAP = 0x1FFFFFFF
_HALF = 0x10000000

#: Each board's battery at 15 % (its LOW_PERCENT: "batt. low" is due), in mV.
LOW_MV = {"pybadge": 3360, "hack_club_sprig": 2165}


def _reached(now, at):
    return ((now - at) & _WRAP) < _HALF


def _count_news(app):
    # Wrap the gauge's tick: every LOW and EMPTY it reports, in order.
    said = []
    tick = app.power.battery.tick

    def counted():
        news = tick()
        if news:
            said.append(news)
        return news

    app.power.battery.tick = counted
    return said


def play(sim, milliseconds, flap_ms=0):
    """Play ``sim`` for ``milliseconds`` of its clock: a move every MOVE_MS
    (a new game at game over); with ``flap_ms``, USB power goes in and out
    every ``flap_ms`` (in for flap_ms, out for flap_ms)."""
    world = sim.fakeworld  # its clock read directly: this loop runs once a frame
    step = sim.step
    start = world.now
    end = (start + milliseconds) & _WRAP
    next_move = start
    next_flap = (start + flap_ms) & _WRAP if flap_ms else None
    turn = 0
    while not _reached(world.now, end):
        if next_flap is not None and _reached(world.now, next_flap):
            sim.usb(not world.usb)
            next_flap = (next_flap + flap_ms) & _WRAP
        if _reached(world.now, next_move):
            button = "a" if sim.app.mode == "over" else _DIRECTIONS[turn % len(_DIRECTIONS)]
            turn += 1
            sim.down(button)
            step()
            sim.up(button)
            next_move = (next_move + MOVE_MS) & _WRAP
        step()


def low_battery_hour(board="pybadge", flap_ms=0, noise_mv=25, minutes=60, seed=1):
    """An hour (``minutes``) of play with the battery at 15 %, read with
    ``noise_mv`` of ADC noise; USB power in and out every ``flap_ms``
    (0: never). Returns a dict: writes, erases (of the most-worn erase
    unit), lows and empties said, writes per hour.

    The board starts with its battery at rest (fakeboards) and finds it at
    15 % from its first frame of play on: the discharge's "batt. low" is
    counted too."""
    from tools.firmware.standins.fakepower import Cell

    sim = Simulator(board=board, seed=seed, cell=Cell(noise_mv=noise_mv, seed=seed), glass=False)
    said = _count_news(sim.app)
    sim.battery(LOW_MV[board])
    nvm = sim.nvm
    writes, erases = nvm.writes, max(getattr(nvm, "erases", None) or [nvm.writes])
    play(sim, minutes * 60000, flap_ms)
    writes = nvm.writes - writes
    erases = max(getattr(nvm, "erases", None) or [nvm.writes]) - erases
    return {
        "writes": writes,
        "erases": erases,
        "lows": said.count(1),
        "empties": said.count(2),
        "per_hour": writes * 60 / minutes,
    }


def shown(sim, text):
    """``text`` (the app's status or battery level) if the glass shows it,
    each of its lines among the screen's last refreshed ones; else the
    text with "(not on the glass)": what these cases print is what the
    player sees."""
    lines = set(sim.glass.lines())
    if all(line in lines for line in text.split("\n") if line):
        return text
    return text + " (not on the glass)"


def _left_with(sim):
    # (low power?, the status and the battery level, as the glass shows them).
    return sim.app.power.low_power, shown(sim, sim.app.view.status_text), shown(sim, sim.app.power.battery.text())


def glitch_at_power_on(millivolts=3900, glitch_mv=1000, seed=2):
    """A PyBadge at ``millivolts`` whose first battery reading is a glitch:
    after a minute of play, (animations and hints off?, status, level shown)."""
    from tools.firmware.standins.fakepower import Cell

    sim = Simulator(seed=seed, battery_mv=millivolts, cell=Cell(glitches=[(0, glitch_mv)]), solver=first_legal)
    play(sim, 60000)
    return _left_with(sim)


def glitch_in_play(millivolts=3420, glitch_mv=0, seed=3):
    """A PyBadge at ``millivolts`` (20 %: LiPo) that reads one ``glitch_mv``
    a minute into play: after another minute, (low power?, status, level)."""
    from tools.firmware.standins.fakepower import Cell

    cell = Cell(glitches=[(60000, glitch_mv)])
    sim = Simulator(seed=seed, battery_mv=millivolts, cell=cell, solver=first_legal)
    play(sim, 120000)
    return _left_with(sim)


def about_battery(sim):
    """Menu > About's battery line (a narrow page wraps it: joined again)."""
    text = " ".join(open_about(sim))
    start = text.index("Battery: ")
    return text[start : text.index("V", start) + 1]


def zero_volt_pin(board="pybadge", seed=4):
    """A board whose battery pin reads 0 V (unconnected, failed): after a
    minute, (low power?, status, level shown, About's battery line)."""
    sim = Simulator(board=board, seed=seed, battery_mv=0, solver=first_legal)
    play(sim, 60000)
    sim.press("select")  # a hint: refused on an empty battery
    return _left_with(sim) + (about_battery(sim),)


def charger_after_empty(board="pybadge", seed=5):
    """A board played down to "empty", then on a wall charger (no USB host)
    whose cell charges to 4.15 V: after two minutes on it, (low power?,
    status, level shown, a hint answered?)."""
    sim = Simulator(board=board, seed=seed, battery_mv=3120, solver=first_legal)
    play(sim, 60000)
    empty = sim.app.power.low_power
    sim.charger(True)
    sim.battery(4150)
    play(sim, 120000)
    sim.press("select")
    sim.settle()
    return (empty,) + _left_with(sim)


#: Lamps the auto-brightness cases are lit by: (name, fakepower.Lamp keywords).
LAMPS = (
    ("100 Hz sine, 60 %, grid at 50.02 Hz", {"modulation": 60, "mains_mhz": 50020}),
    ("100 Hz sine, 100 %, grid at 50.02 Hz", {"modulation": 100, "mains_mhz": 50020}),
    ("100 Hz sine, 100 %, grid at 50.005 Hz", {"modulation": 100, "mains_mhz": 50005}),
    ("100 Hz on-off, 100 %, grid at 49.99 Hz", {"modulation": 100, "mains_mhz": 49990, "shape": "square"}),
    ("120 Hz sine, 100 %, grid at 59.98 Hz", {"modulation": 100, "mains_mhz": 59980}),
    ("100 Hz sine, 60 %, read anywhere in its cycle", {"modulation": 60, "mains_mhz": 50000, "jitter_us": 10000}),
    ("100 Hz sine, 100 %, read anywhere in its cycle", {"modulation": 100, "mains_mhz": 50000, "jitter_us": 10000}),
    ("100 Hz sine, 100 %, grid at exactly 50 Hz", {"modulation": 100, "mains_mhz": 50000}),
)
#: The room's mean light readings: at the 8000 threshold, and between 3000 and 8000.
ROOMS = (8000, 5000)


def auto_brightness_hour(lamp, light=8000, minutes=60, seed=6):
    """Brightness "auto" for ``minutes`` (the screen never goes off) in a
    room whose light averages ``light``, lit by ``lamp`` (fakepower.Lamp
    keywords); the board paced as its main loop sleeps. Returns the number
    of times the backlight's level changed after the first reading."""
    from app.settings import SCREEN_OFF_MINUTES
    from tools.firmware.standins.fakepower import Lamp

    sim = Simulator(seed=seed, paced=True, light=light, lamp=Lamp(seed=seed, **lamp), glass=False)
    app = sim.app
    app.settings.auto_brightness = True
    app.settings.screen_off_step = SCREEN_OFF_MINUTES.index(0)  # never
    app._apply_settings()
    levels = []
    set_level = app.power.set_level

    def counted(level):
        levels.append(level)
        set_level(level)

    app.power.set_level = counted
    sim.run_for(minutes * 60000)
    # The first reading sets the level (from full); every later call is a change.
    return max(0, len(levels) - 1)


#: Board names as the docs write them.
NAMES = {"pybadge": "PyBadge", "hack_club_sprig": "Sprig", "pimoroni_picosystem": "PicoSystem"}

#: The NVM table's rows: (its first cells, as printed and as ``--row``
#: names it; the board; USB power in and out every ms, 0 never).
_NVM_ROWS = tuple(
    ("%s | %s" % (NAMES[board], usb), board, flap_ms)
    for board in ("pybadge", "hack_club_sprig")
    for flap_ms, usb in ((0, "never"), (10000, "in and out every 10 s"), (2000, "in and out every 2 s"))
)
_TIMES = {1: "once", 2: "twice"}


def _seconds(readings, power_ms):
    return "%g s" % (readings * power_ms / 1000)


def settings_lines():
    """The reading rate and what follows from it, as the code has them (one line each)."""
    from app import battery, light, power

    power_ms = power.POWER_MS
    per_second = 1000 // power_ms
    yield "Readings: every %d ms (%s a second), the battery gauge and the light sensor alike" % (
        power_ms,
        _TIMES.get(per_second, "%d times" % per_second),
    )
    yield "Battery: time constant %s; low and empty hold %s before they count; empty ends at %d %%; " % (
        _seconds(1 << battery.SMOOTH_SHIFT, power_ms),
        _seconds(battery.CONFIRM, power_ms),
        battery.RECOVER_PERCENT,
    ) + "a discharge ends after %s at %d %% or more" % (_seconds(battery.REARM_READINGS, power_ms), battery.REARM_PERCENT)
    lipo, cells = battery.Gauge(None, 1, battery.LIPO), battery.Gauge(None, 1, battery.TWO_AAA)
    yield "Battery: no reading under %d mV or over %d mV (LiPo), under %d mV or over %d mV (two AAA)" % (
        lipo.floor_mv,
        lipo.ceiling_mv,
        cells.floor_mv,
        cells.ceiling_mv,
    )
    yield (
        "Light: first level from %s of readings, then time constant %s; a level changes %d %% past its threshold for %s; "
        % (
            _seconds(light.DWELL, power_ms),
            _seconds(1 << light.SMOOTH_SHIFT, power_ms),
            light.MARGIN,
            _seconds(light.DWELL, power_ms),
        )
        + "each reading moves the frames %d ms" % power.LIGHT_SHIFT_MS
    )


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=int, default=60, help="simulated minutes per case (default 60)")
    parser.add_argument(
        "--row",
        action="append",
        metavar="CELLS",
        help="measure only this row of the two tables, named by its first cells as printed"
        " ('PyBadge | never', '100 Hz sine, 60 %%, grid at 50.02 Hz'), and none of the cases between them;"
        " again for more rows",
    )
    args = parser.parse_args(argv)
    minutes = args.minutes
    rows = set(args.row) if args.row else None
    known = {row for row, _, _ in _NVM_ROWS} | {name for name, _ in LAMPS}
    if rows and not rows <= known:
        parser.error("no such row: %s (the rows: %s)" % (", ".join(sorted(rows - known)), "; ".join(sorted(known))))
    # What this process holds now lives to its end: frozen, it is left out
    # of the collections each power-on's start-up makes (app.memory.forget),
    # half of the time they took.
    gc.freeze()
    for line in settings_lines():
        print(line)
    print()
    print("NVM writes per hour of play at 15 %% (a move every %d ms, balanced saving, +-25 mV of ADC noise):" % MOVE_MS)
    print()
    print('| board | USB power | writes / h | erases / h (most-worn unit) | "batt. low" said |')
    print("|---|---|---|---|---|")
    for row, board, flap_ms in _NVM_ROWS:
        if rows is not None and row not in rows:
            continue
        result = low_battery_hour(board, flap_ms, minutes=minutes)
        print("| %s | %d | %d | %d |" % (row, round(result["per_hour"]), round(result["erases"] * 60 / minutes), result["lows"]))
    print()
    if rows is None:  # (--row measures the rows asked for and nothing else)
        print("What the player is left with (low power: no animations, hints or autoplay):")
        low, status, text = glitch_at_power_on()
        print(
            "  PyBadge at 70 %%, one 1.0 V reading at power-on, a minute later: low power %s, status %r, level %r"
            % (low, status, text)
        )
        low, status, text = glitch_in_play()
        print(
            "  PyBadge at 20 %%, one 0 V reading in play, a minute later: low power %s, status %r, level %r" % (low, status, text)
        )
        low, status, text, about = zero_volt_pin()
        print("  PyBadge whose battery pin reads 0 V: low power %s, status %r, level %r, About %r" % (low, status, text, about))
        for board in ("pybadge", "pimoroni_picosystem"):
            empty, low, status, text = charger_after_empty(board)
            print(
                "  %s empty (low power %s), then 2 min on a wall charger at 4.15 V: low power %s, status %r, level %r"
                % (NAMES[board], empty, low, status, text)
            )
        print()
    print('Brightness "auto": level changes per hour under a flickering lamp (paced, the screen on):')
    print()
    print("| lamp | " + " | ".join("room at %d" % light for light in ROOMS) + " |")
    print("|---|" + "---|" * len(ROOMS))
    for name, lamp in LAMPS:
        if rows is not None and name not in rows:
            continue
        counts = [auto_brightness_hour(lamp, light, minutes) for light in ROOMS]
        print("| %s | %s |" % (name, " | ".join(str(count) for count in counts)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
