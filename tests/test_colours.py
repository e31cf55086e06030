# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Settings > Colours: the instrument (tools/measure/colours.py) sees what
it claims, Clear and Night hold the bar docs/colours.md states, Classic is
today's colours and fails that bar, and the setting reaches the glass at
once and survives a power-off."""

import pytest

from app import palettes, theme
from app.settings import COLOURS, PALETTES
from tools.measure import colours as measure
from tools.play.glass import rgb565
from tools.play.sim import Simulator

# Sharma, Wu & Dalal 2005, table 1: (L*, a*, b*) pairs and their CIEDE2000.
SHARMA = (
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 3.1571, -77.2803), (50.0, 0.0, -82.7485), 2.8615),
    ((50.0, 2.8361, -74.0200), (50.0, 0.0, -82.7485), 3.4412),
    ((50.0, 2.4900, -0.0010), (50.0, -2.4900, 0.0009), 7.1792),
    ((50.0, 2.4900, -0.0010), (50.0, -2.4900, 0.0011), 7.2195),
    ((50.0, 2.5, 0.0), (50.0, 0.0, -2.5), 4.3065),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (61.0, -5.0, 29.0), 22.8977),
    ((50.0, 2.5, 0.0), (56.0, -27.0, -3.0), 31.9030),
    ((50.0, 2.5, 0.0), (50.0, 3.1736, 0.5854), 1.0000),
)


@pytest.mark.parametrize("first, second, expected", SHARMA)
def test_ciede2000_matches_the_published_test_pairs(first, second, expected):
    assert measure.delta_e(first, second) == pytest.approx(expected, abs=1e-4)
    assert measure.delta_e(second, first) == pytest.approx(expected, abs=1e-4)


def test_the_panel_cut_and_wcag_contrast():
    # RGB565 keeps the top 5, 6, 5 bits: 0x070307 is black on the panel.
    assert measure.rgb565(0x070307) == (0.0, 0.0, 0.0)
    assert measure.rgb565(0xFFFFFF) == (1.0, 1.0, 1.0)
    assert measure.contrast(0x000000, 0xFFFFFF) == pytest.approx(21.0)
    # WCAG's own example figure: #777777 on white is 4.48:1 (fails AA).
    assert measure.contrast(0x767676, 0xFFFFFF, quantise=lambda c: tuple(((c >> s) & 255) / 255 for s in (16, 8, 0))) > 4.5
    assert measure.contrast(0x777777, 0xFFFFFF, quantise=lambda c: tuple(((c >> s) & 255) / 255 for s in (16, 8, 0))) < 4.5


@pytest.mark.parametrize("view", measure.VIEWS)
def test_every_simulation_keeps_greys_grey(view):
    # Each model keeps the achromatic axis (white stays white, grey stays grey).
    for level in (0.0, 0.2, 1.0):
        seen = measure.simulate(view, (level, level, level))
        assert seen == pytest.approx((level, level, level), abs=0.01)


#: Pairs of colours normal vision tells far apart (CIEDE2000 over 30) that
#: one deficiency confuses, found by a search of a coarse RGB grid.
CONFUSED = (
    ("protan", 0x0060F0, 0xF000F0),
    ("deutan", 0x30F000, 0xF0C030),
    ("tritan", 0xF03090, 0xF06030),
)


@pytest.mark.parametrize("deficiency, first, second", CONFUSED, ids=[row[0] for row in CONFUSED])
def test_each_simulation_confuses_what_its_deficiency_confuses(deficiency, first, second):
    # The instrument sees the deficiency it claims to see, in both models;
    # a red-green pair stays apart for a tritan, a blue-yellow one for the
    # others (protans and deutans confuse much the same colours).
    pair = {0: first, 1: second}
    assert measure.closest(pair, ("normal",))[0] > 30
    for name, views in measure.DEFICIENCIES[1:]:
        worst = max(measure.closest(pair, (view,))[0] for view in views)
        if name == deficiency:
            assert worst < 6, name
        elif (name == "tritan") != (deficiency == "tritan"):
            assert measure.closest(pair, views)[0] > measure.MIN_DELTA_E, name
    # And a palette of them fails the bar for that deficiency alone.
    assert measure.closest(pair, dict(measure.DEFICIENCIES)[deficiency])[0] < measure.MIN_DELTA_E


@pytest.mark.parametrize("name", ["clear", "night"])
def test_clear_and_night_hold_the_bar(name):
    colours = palettes.colours(name)
    assert len(colours) == measure.SIZE
    for deficiency, views in measure.DEFICIENCIES:
        difference, a, b, view = measure.closest(measure.cells(colours), views)
        assert difference >= measure.MIN_DELTA_E, (deficiency, a, b, view)
    for exponent, ratio in measure.ink_contrasts(colours).items():
        assert ratio >= measure.MIN_CONTRAST, exponent
    figures = measure.figures(name)
    assert figures["scores"] >= measure.MIN_CONTRAST and figures["status"] >= measure.MIN_CONTRAST
    # Every tile above 2048 its own colour, on the panel too.
    tiles = [rgb565(colours[measure.TILES + exponent]) for exponent in range(18)]
    assert len(set(tiles)) == 18
    assert measure.failures(name) == []


def test_classic_is_todays_colours_and_fails_the_bar():
    colours = palettes.colours("classic")
    assert colours[measure.TILES : measure.TILES + 18] == tuple(theme.tile_colour(e) for e in range(18))
    assert colours[measure.TILES + 7 : measure.TILES + 12] == (0xEDCF72, 0xEDCC61, 0xEDC850, 0xEDC53F, 0xEDC22E)
    assert colours[measure.INKS + 1 : measure.INKS + 18] == tuple(theme.text_colour(e) for e in range(1, 18))
    assert colours[: measure.TILES] == (theme.BACKGROUND, theme.BOARD, theme.PANEL_TITLE) + (
        theme.LIGHT_TEXT,
        theme.DARK_TEXT,
        theme.MERGE_RING,
    )
    # The yellows from 128 to 2048 are too close even in normal vision,
    # and every tile above 2048 is one colour: the instrument says so.
    yellows = {e: colours[measure.TILES + e] for e in range(7, 12)}
    assert measure.closest(yellows, ("normal",))[0] < measure.MIN_DELTA_E
    assert measure.closest({12: colours[measure.TILES + 12], 13: colours[measure.TILES + 13]})[0] == 0
    failures = measure.failures("classic")
    assert any(line.startswith("normal:") for line in failures)
    assert any("digits" in line for line in failures)


def test_the_report_names_every_palette_and_its_verdict(capsys):
    assert measure.main([]) == 0
    out = capsys.readouterr().out
    rows = {line.split()[0]: line for line in out.splitlines() if line.startswith("  ") and line.split()[0] in PALETTES}
    assert rows["classic"].endswith("fails")
    assert rows["clear"].endswith("holds") and rows["night"].endswith("holds")
    assert measure.main(["--pairs", "night"]) == 0
    assert "tritan-brettel:" in capsys.readouterr().out


# -- on the glass --------------------------------------------------------------


def _cells_on_glass(sim):
    # The colour of each cell's tile, read off the glass near its top-left
    # corner (inside the rounded corner, clear of the digits).
    layout = sim.app.view.layout
    pixels = sim.pixels()
    found = []
    for index in range(16):
        x = layout.left + (layout.board_x + (index % 4) * layout.pitch + layout.gap + 2) * layout.scale
        y = layout.top + (layout.board_y + (index // 4) * layout.pitch + layout.gap + 2) * layout.scale
        found.append(pixels[y * sim.width + x])
    return found


def _inks_on_glass(sim):
    # Every colour on the glass inside each cell's tile (its digits' ink among them).
    layout = sim.app.view.layout
    pixels = sim.pixels()
    size = layout.tile * layout.scale
    found = []
    for index in range(16):
        left = layout.left + (layout.board_x + (index % 4) * layout.pitch + layout.gap) * layout.scale
        top = layout.top + (layout.board_y + (index // 4) * layout.pitch + layout.gap) * layout.scale
        found.append({pixels[y * sim.width + x] for y in range(top, top + size) for x in range(left, left + size)})
    return found


def _shows(sim, colours):
    # The glass shows the palette ``colours``: each cell's tile colour, and
    # on each tile its digits in their ink.
    assert _cells_on_glass(sim) == [rgb565(colours[measure.TILES + e]) for e in CELLS]
    for exponent, seen in zip(CELLS, _inks_on_glass(sim)):
        if exponent:
            assert rgb565(colours[measure.INKS + exponent]) in seen, exponent


def _choose(sim, steps):
    # Menu > Settings > Colours (the 9th row, after Undo and Language), Right ``steps``
    # times, back to the game. The menu opens on the row picked last.
    sim.press_all(["start"] + ["down"] * ((5 - sim.app.menu_row) % 8) + ["a", "down*8"])
    assert any(line.startswith("Colours") for line in sim.lines())
    for _ in range(steps):
        sim.press("right")
    sim.press_all(["b", "b"])


CELLS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17]


#: A board of each layout (app.layouts.SIZES): 160x128, 128x128, 240x240,
#: and the 160x120 layout at scale 2 (320x240) and 4 (640x480).
LAYOUT_BOARDS = ["pybadge", "tinycircuits_thumby_color", "pimoroni_picosystem", "seeeduino_wio_terminal", "adafruit_fruit_jam"]


@pytest.mark.parametrize("board", LAYOUT_BOARDS)
def test_a_palette_shows_at_once_and_classic_comes_back_unchanged(board):
    sim = Simulator(seed=3, board=board)
    sim.game.set_board(CELLS)
    sim.app.show_position()
    sim.step()
    before = sim.pixels()
    _shows(sim, palettes.colours("classic"))
    assert _cells_on_glass(sim) == [rgb565(theme.tile_colour(e)) for e in CELLS]
    _choose(sim, 1)
    assert sim.app.settings.chosen(COLOURS) == "clear"
    _shows(sim, palettes.colours("clear"))
    _choose(sim, 1)
    night = palettes.colours("night")
    _shows(sim, night)
    assert rgb565(night[measure.BACKGROUND]) in sim.pixels()
    _choose(sim, 1)  # round to Classic: the very screen it started with
    assert sim.app.settings.chosen(COLOURS) == "classic"
    assert sim.pixels() == before


def test_the_palette_survives_a_power_off():
    sim = Simulator(seed=5)
    _choose(sim, 1)
    sim.app.saving.save(sim.now)
    again = Simulator(seed=6, nvm=sim.nvm)
    assert again.app.settings.chosen(COLOURS) == "clear"
    clear = palettes.colours("clear")
    shown = _cells_on_glass(again)
    assert all(colour in {rgb565(clear[measure.TILES + e]) for e in range(18)} for colour in shown)
    assert rgb565(clear[measure.TILES]) in shown  # an empty cell, in Clear's colour


def test_an_unknown_colours_byte_shows_classic():
    # A byte from a later version or a stranger: clamped to Classic.
    sim = Simulator(seed=7)
    sim.app.settings.data[COLOURS] = 200
    assert sim.app.settings.chosen(COLOURS) == "classic"


def test_the_colours_row_is_on_its_own_page_where_the_rows_do_not_all_fit():
    # The CLUE's pages hold 8 lines in 19 columns: its 9 settings and the
    # keys do not fit, so the rows go on two pages ("Settings 1/2") and
    # Colours, the 9th, is on the second, picked as the player reaches it;
    # one more Down is Brightness on the first page again.
    sim = Simulator(seed=8, board="clue_nrf52840_express")
    sim.press_all(["start"] + ["down"] * ((5 - sim.app.menu_row) % 8) + ["a"])
    lines = sim.lines()
    assert lines[0].strip() == "Settings 1/2" and lines[1].startswith("Brightness")
    assert not any(line.startswith("Colours") for line in lines)
    assert lines[-1].endswith("back")
    sim.press_all(["down*8"])
    lines = sim.lines()
    assert lines[0].strip() == "Settings 2/2" and any(line.startswith("Colours  ") for line in lines)
    assert sim.app.overlay.lines[sim.app.overlay.selected].startswith("Colours")
    assert lines[-1].endswith("back")
    sim.press("right")
    assert sim.glass.shows("Colours", "clear")
    sim.press("down")
    assert sim.lines()[1].startswith("Brightness") and sim.app.overlay.selected == 0


def test_the_simulator_chooses_a_palette_headless(tmp_path, capsys):
    from tools.play import sim as simulator

    shots = []
    for setting in ([], ["--setting", "colours=night"], ["--setting", "Colours = Clear"]):
        shot = tmp_path / ("%d.png" % len(shots))
        assert simulator.main(["--headless", "--fresh", "--seed", "4", "--screenshot", str(shot)] + setting) == 0
        shots.append(shot.read_bytes())
    assert len(set(shots)) == 3  # Classic, Night and Clear: three screens
    assert simulator.main(["--headless", "--fresh", "--setting", "colours=blue"]) == 2
    assert "--setting: 'colours=blue': colours takes classic, clear, night" in capsys.readouterr().err
    # The row's values as the page shows them, or as the game names them.
    night = [[("choose", COLOURS, 2)]]
    assert simulator.parse_settings(["colours=Night"], "pybadge") == night
    assert simulator.parse_settings(["colours=night"], "clue_nrf52840_express") == night


@pytest.mark.parametrize(
    "name, palette",
    [
        ("store_v1_midgame.nvm", "classic"),
        ("store_v1_won_continue.nvm", "classic"),
        ("store_v2_midgame.nvm", "classic"),
        ("store_v2_won_continue.nvm", "classic"),
        ("store_v3_midgame.nvm", "classic"),
        ("store_v3_won_continue.nvm", "classic"),
        # A format-3 record whose settings bytes 8..10 are 1, 2, 2 (undo one
        # move, Czech, Night): the byte is kept and honoured.
        ("store_v3_undo_history.nvm", "night"),
    ],
)
def test_saves_of_formats_1_to_3_load_with_their_colours(name, palette):
    # Records as each format's code wrote them (tests/fixtures): the game
    # comes back, a record from before the row (formats 1, 2) or with it at 0
    # shows Classic, and the glass shows the palette the record names.
    from pathlib import Path

    image = (Path(__file__).resolve().parent / "fixtures" / name).read_bytes()
    nvm = bytearray(b"\xff" * 8192)
    nvm[: len(image)] = image
    sim = Simulator(seed=9, nvm=nvm)
    assert sim.app.store.refused == 0 and sim.game.moves > 0
    assert sim.app.settings.chosen(COLOURS) == palette
    colours = palettes.colours(palette)
    assert _cells_on_glass(sim) == [rgb565(colours[measure.TILES + e]) for e in sim.game.cells]


def test_the_pictures_of_the_palettes_show_three_palettes():
    # docs/colours.md's pictures (tools/check/pictures.py presses its way
    # to the Colours row for each): three different screens, each with its
    # palette's backdrop, not one palette three times.
    from pathlib import Path

    from tools.check import pictures

    root = Path(__file__).resolve().parent.parent
    shots = {name: (root / "docs" / "screenshots" / ("colours-%s.png" % name)).read_bytes() for name in PALETTES}
    assert len(set(shots.values())) == 3
    for name in PALETTES:
        made = pictures.PICTURES["docs/screenshots/colours-%s.png" % name]
        sim = Simulator(seed=made["seed"], board=made["board"])
        sim.press_all(list(made["press"]))
        assert sim.app.settings.chosen(COLOURS) == name


def test_the_bundle_ships_every_palette():
    # The board gets only the modules code.py's imports reach: the palette
    # modules must be among them, or choosing one would fail on the board.
    from tools.ship import bundle

    files = dict(bundle.plan().files)
    for path in ("app/palettes.py", "app/colours_clear.py", "app/colours_night.py"):
        assert path in files
