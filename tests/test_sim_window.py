# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The simulator window: it says when no window can open, shows the backlight
(dimming, Brightness) and names its keys (title, Controls page)."""

import pytest

import tools.play.window
from app import controls, help_text
from app.backlight import DIM_AFTER_MS
from app.menus import HELP_PAGE
from tools.play import sim
from tools.play.sim import open_nvm
from tools.play.simulator import Simulator
from tools.play.window import KEY_NAMES, Window, _pygame_keymap, window_scale, window_title


@pytest.mark.parametrize(
    "environ, platform, words",
    [
        ({}, "linux", "$DISPLAY and $WAYLAND_DISPLAY are unset"),
        ({"SDL_VIDEODRIVER": "dummy", "DISPLAY": ":0"}, "linux", "SDL_VIDEODRIVER=dummy"),
        ({"SDL_VIDEODRIVER": "offscreen"}, "darwin", "offscreen"),
        ({"DISPLAY": ":0"}, "linux", None),
        ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", None),
        ({}, "darwin", None),
        ({}, "win32", None),
    ],
)
def test_display_problem(environ, platform, words):
    problem = sim.display_problem(environ, platform)
    if words is None:
        assert problem is None
    else:
        assert words in problem


def test_no_display_gives_one_line_pointing_at_headless(monkeypatch, capsys, tmp_path):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert sim.main(["--nvm", str(tmp_path / "nvm.bin")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no window can open" in err and "--headless" in err
    assert not (tmp_path / "nvm.bin").exists()


@pytest.mark.filterwarnings("ignore:no fast renderer")
def test_sdl_falling_back_to_its_dummy_driver_is_caught(monkeypatch, capsys, tmp_path):
    # As when SDL finds no display on its own: the environment looks fine.
    monkeypatch.setattr(sim, "display_problem", lambda: None)
    assert sim.main(["--nvm", str(tmp_path / "nvm.bin")]) == 2
    err = capsys.readouterr().err
    assert "SDL found no display" in err and "--headless" in err


def pixel(window, at=(1, 60)):
    # ``at`` is a board pixel; the window shows it window.scale times larger.
    scale = window.scale
    return window.pygame.display.get_surface().get_at((at[0] * scale + scale // 2, at[1] * scale + scale // 2))[:3]


@pytest.mark.parametrize(
    "screen, desktop, scale",
    [
        ((160, 128), (1024, 768), 5),  # 768 - 80 leaves 688: 640 fits, 768 does not
        ((160, 128), (1920, 1080), 7),
        ((160, 128), (1366, 768), 5),
        ((240, 240), (1280, 800), 3),  # height decides: 720 // 240 (96 px kept free gave 2)
        ((320, 240), (1280, 800), 3),  # the Wio Terminal
        ((320, 240), (1024, 768), 2),
        ((640, 480), (1920, 1080), 2),  # the Fruit Jam's monitor
        ((640, 480), (1280, 720), 1),
        ((640, 480), (800, 600), 1),  # too big even at 1: still 1
        ((160, 128), (0, 0), 1),  # SDL gave no size
    ],
)
def test_the_window_scale_is_the_largest_that_fits_the_screen(screen, desktop, scale):
    assert window_scale(screen, desktop) == scale
    if scale > 1:  # it fits, with room for a title bar and a panel; one more would not
        assert screen[0] * scale <= desktop[0] - 32 and screen[1] * scale <= desktop[1] - 80
        assert screen[0] * (scale + 1) > desktop[0] - 32 or screen[1] * (scale + 1) > desktop[1] - 80


def test_the_window_title_says_how_to_quit_before_a_title_bar_cuts_it():
    # An 800 px window's title bar shows about 60 characters; the keys
    # after the way out are also on the console and the Controls page.
    import boards

    for board_id in boards.NAMES:
        title = window_title(board_id)
        assert title.index("Quit: Esc") + len("Quit: Esc") <= 60, title


@pytest.mark.filterwarnings("ignore:no fast renderer")
def test_the_window_opens_at_that_scale(monkeypatch):
    monkeypatch.setattr(tools.play.window, "_desktop_size", lambda pygame: (1024, 768))
    window = Window(open_nvm(None), seed=31, realtime=False)
    try:
        window.step()
        assert window.scale == 5
        assert window.pygame.display.get_surface().get_size() == (800, 640)
        # Each board pixel is a 5x5 block of the window.
        surface = window.pygame.display.get_surface()
        for x, y in ((1, 60), (80, 64), (159, 127)):
            block = {tuple(surface.get_at((x * 5 + dx, y * 5 + dy))[:3]) for dx in range(5) for dy in range(5)}
            assert len(block) == 1
    finally:
        window.close()


@pytest.mark.filterwarnings("ignore:no fast renderer")
def test_dimming_and_brightness_darken_the_window():
    window = Window(open_nvm(None), seed=31, realtime=False)
    try:
        window.step()
        full = pixel(window)
        assert min(full) > 100  # the board's backdrop, lit
        backlight = window.app.power
        backlight.tick(backlight.last_input + DIM_AFTER_MS, False)  # a minute without input
        window.step()
        dim = pixel(window)
        share = window.display.brightness
        assert share == pytest.approx(0.15)
        for lit, dark in zip(full, dim):
            assert abs(dark - lit * share) <= 2
        backlight.touched(backlight.last_input)
        window.step()
        assert pixel(window) == full
        # Settings > Brightness 60 %.
        window.app.settings.brightness_step = 2
        window.app._apply_settings()
        window.step()
        for lit, dark in zip(full, pixel(window)):
            assert abs(dark - lit * 0.6) <= 2
    finally:
        window.close()


@pytest.mark.filterwarnings("ignore:no fast renderer")
def test_the_window_names_its_keys_and_the_controls_page_lists_them():
    window = Window(open_nvm(None), seed=31, realtime=False)
    try:
        title = window.pygame.display.get_caption()[0]
        for button, keys in KEY_NAMES:
            assert "%s: %s" % (button, keys) in title
        assert window.app.key_names == KEY_NAMES
    finally:
        window.close()
    # The names say what the key map does.
    import pygame

    keymap = _pygame_keymap(pygame)
    expected = {
        "A": [pygame.K_x],
        "B": [pygame.K_z],
        "Start": [pygame.K_RETURN],
        "Select": [pygame.K_SPACE],
        "D-pad": [
            pygame.K_UP,
            pygame.K_LEFT,
            pygame.K_w,
            pygame.K_a,
            pygame.K_s,
            pygame.K_d,
            pygame.K_h,
            pygame.K_j,
            pygame.K_k,
            pygame.K_l,
        ],
    }
    numbers = {"A": controls.KEY_A, "B": controls.KEY_B, "Start": controls.KEY_START, "Select": controls.KEY_SELECT}
    names = dict(KEY_NAMES)
    assert names["A"] == "X" and names["B"] == "Z" and names["Start"] == "Enter" and names["Select"] == "Space"
    for button, keys in expected.items():
        for key in keys:
            if button == "D-pad":
                assert keymap[key] in (controls.KEY_UP, controls.KEY_DOWN, controls.KEY_LEFT, controls.KEY_RIGHT)
            else:
                assert keymap[key] == numbers[button]


def test_controls_page_of_the_simulator_and_of_the_board():
    board_pages = help_text.document(0)
    sim_pages = help_text.document(0, KEY_NAMES)
    assert sim_pages[0] == board_pages[0] and len(board_pages) == 1
    keys_page = sim_pages[1]
    assert 1 <= len(keys_page) <= 9 and all(len(line) <= 26 for line in keys_page), keys_page
    for button, keys in KEY_NAMES:
        assert any(line.startswith(button + ":") for line in keys_page), button
    text = " ".join(keys_page)
    for keys in dict(KEY_NAMES).values():
        assert keys in text
    # Through the app: Start > Help > Controls, then the next page.
    simulator = Simulator(seed=5, key_names=KEY_NAMES)
    simulator.press_all(["start", "down*3", "a", "a"])
    assert simulator.app.mode == HELP_PAGE and simulator.app.overlay.title_text == "Controls 1/2"
    simulator.press("right")
    assert simulator.app.overlay.title_text == "Controls 2/2"
    assert simulator.app.overlay.lines[0] == "Keys on this keyboard:"
