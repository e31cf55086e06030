# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The web page (make web) in a real headless Chromium, against the desktop simulator's glass.

The site is built from the repository (tools/web/build.py), served on
127.0.0.1 and played by key presses and mouse clicks the browser delivers
as a person's would (DevTools ``Input.dispatchKeyEvent`` and
``dispatchMouseEvent``). What the canvas shows is compared pixel for pixel
with what ``tools.play.simulator.Simulator``'s glass shows for the same
presses: one renderer (the page's render.mjs) against the other (Blinka's
displayio, the glass).

One browser serves every test here (a tab each); each test starts from
an empty localStorage. Each tab's clock is stopped (Page.pause_clock:
DevTools virtual time): a held key, a wait and each poll of wait_for run
the page's own clock that many milliseconds, as fast as it can, so the
page's frames and the board's clock are those of a real-time run while
the file does not wait out 50 frames a second. Without a browser (tools.web.browser.find finds
none) the tests are skipped with one line saying so; with ``CI`` set they
fail instead (.ci/run installs Debian's chromium-headless-shell).
"""

import base64
import os
import shutil
import tempfile
import time

import pytest

from tests import sampling
from tools import ROOT
from tools.web import browser as chromium
from tools.web import build, serve

SEED = 5
#: The page's state object, once it has drawn its first frame.
READY = "window.game2048 && game2048.ready"

# Reads the page's canvas: every whole-scale block must be one colour; the
# blocks' colours back as RGB565 (the page repeats the top bits into the
# low ones, so r8 >> 3, g8 >> 2, b8 >> 3 give them back), base64 of
# little-endian 16-bit values, or an "error: ..." string.
READ_CANVAS = """(() => {
  const canvas = document.getElementById("screen");
  const scale = window.game2048.canvasScale;
  const width = canvas.width / scale, height = canvas.height / scale;
  const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  const out = new Uint8Array(width * height * 2);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = ((y * scale) * canvas.width + x * scale) * 4;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const other = ((y * scale + dy) * canvas.width + x * scale + dx) * 4;
          for (let c = 0; c < 4; c++) {
            if (data[other + c] !== data[at + c]) return `error: pixel ${x},${y} is not one colour at scale ${scale}`;
          }
        }
      }
      const value = ((data[at] >> 3) << 11) | ((data[at + 1] >> 2) << 5) | (data[at + 2] >> 3);
      out[2 * (y * width + x)] = value & 255;
      out[2 * (y * width + x) + 1] = value >> 8;
    }
  }
  let text = "";
  for (const byte of out) text += String.fromCharCode(byte);
  return btoa(text);
})()"""

#: The simulator's button names -> the keyboard key the page's player presses.
KEY_OF = {"left": "ArrowLeft", "right": "ArrowRight", "up": "ArrowUp", "down": "ArrowDown"}
KEY_OF.update(a="KeyX", b="KeyZ", start="Enter", select="Space")


@pytest.fixture(scope="module")
def site():
    folder = ROOT / "build" / "test-web"
    build.build(folder)
    server, url = serve.serve(folder)
    yield url
    server.shutdown()
    shutil.rmtree(folder, ignore_errors=True)


#: The browser these tests run in (None: none here).
FOUND = chromium.find()
NO_BROWSER = "no headless Chromium here (apt-get install chromium-headless-shell, or set CHROMIUM): the browser tests not run"
if FOUND is None and not os.environ.get("CI"):
    # One line in make test's summary for the whole file, and the rest runs.
    pytest.skip(NO_BROWSER, allow_module_level=True)


@pytest.fixture(scope="module")
def browser():
    found = FOUND
    if found is None:  # only with CI set: there the tests fail, never skip
        pytest.fail(NO_BROWSER)
    # Under build/: a snap's Chromium (Ubuntu) cannot see the host's /tmp.
    (ROOT / "build").mkdir(exist_ok=True)
    profile = tempfile.mkdtemp(prefix="web-profile-", dir=ROOT / "build")
    with chromium.Browser(found, profile) as running:
        print("browser: %s" % running.version())
        yield running
    shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def tab(browser, site):
    """A tab on the site's origin, its localStorage empty."""
    page = browser.open(site + "no-such-page")  # the origin, without the game (its pagehide would save)
    page.wait_for("document.readyState === 'complete'")
    page.pause_clock()
    page.evaluate("localStorage.clear()")
    page.site = site
    yield page
    page.close()


def play(page, query):
    """Open the game with ``query`` and wait for its first frame, settled."""
    page.goto(page.site + query)
    page.wait_for(READY)
    settled(page)


def canvas_pixels(page):
    text = page.evaluate(READ_CANVAS)
    assert not text.startswith("error"), text
    raw = base64.b64decode(text)
    return [raw[i] | (raw[i + 1] << 8) for i in range(0, len(raw), 2)]


def settled(page, ticks=10):
    """Wait until the page's App has run ``ticks`` ticks (room for a key's
    way in: a two-button board acts CHORD_MS after a press, a tilt after a
    few samples) and then no animation or hint runs, still so two ticks on
    (one that ended as the next begins)."""
    seen = page.evaluate("game2048.ticks")
    page.wait_for("game2048.ticks >= %d && !game2048.busy()" % (seen + ticks), timeout=60)
    seen = page.evaluate("game2048.ticks")
    page.wait_for("game2048.ticks >= %d && !game2048.busy()" % (seen + 2), timeout=60)


def press(page, name):
    """Press the page's key for the simulator's button ``name``, then let it settle."""
    page.press(KEY_OF[name])
    settled(page)


def same(page, sim, what):
    """The canvas shows what the simulator's glass shows."""
    pixels = canvas_pixels(page)
    expected = sim.pixels()
    differ = [i for i in range(len(expected)) if expected[i] != pixels[i]]
    assert len(pixels) == len(expected), "%s: %d pixels on the canvas, %d on the glass" % (what, len(pixels), len(expected))
    assert not differ, "%s: %d of %d pixels differ, the first at (%d, %d); the glass shows %r" % (
        what,
        len(differ),
        len(expected),
        differ[0] % sim.width,
        differ[0] // sim.width,
        sim.glass.lines(),
    )
    return pixels


def simulator(board="pybadge", **options):
    from tools.play.simulator import Simulator

    return Simulator(seed=SEED, board=board, key_names=build.web_key_names(board), **options)


def page_game(page):
    cells, score, best, moves = page.evaluate("game2048.game()").split(";")
    return cells, int(score), int(best), int(moves)


def sim_game(sim):
    game = sim.game
    return ",".join(str(cell) for cell in game.cells), game.score, game.best, game.moves


def test_the_first_frame_a_move_the_menu_a_help_page_and_the_hint_are_the_glass(tab):
    sim = simulator()
    play(tab, "?seed=%d" % SEED)
    assert tab.evaluate("game2048.status") == "playing: pybadge"
    first = same(tab, sim, "the first frame")
    for name in ("left", "up"):
        press(tab, name)
        sim.press(name)
    assert same(tab, sim, "two moves") != first
    assert page_game(tab) == sim_game(sim)
    for name, what in (("start", "the menu"), ("down", "Help"), ("down", ""), ("down", ""), ("a", "the Help list")):
        press(tab, name)
        sim.press(name)
        if what:
            same(tab, sim, what)
    press(tab, "a")
    sim.press("a")
    assert sim.glass.shows("Controls")
    same(tab, sim, "the Controls help page")
    for name in ("b", "b", "b"):
        press(tab, name)
        sim.press(name)
    press(tab, "select")  # a hint, by the board's own solver
    sim.press("select")
    assert sim.glass.shows("hint")
    same(tab, sim, "the hint")


def test_every_board_starts_at_its_own_screen_size(tab):
    import boards as profiles

    boards = build.board_facts()["boards"]
    assert sorted(boards) == sorted(profiles.NAMES)  # the page offers every board
    # A page load and a power-on a board: make test the PyBadge, the
    # largest screen (the Fruit Jam's) and a seeded sample; make test-slow all.
    for board in sampling.cases("web boards", sorted(boards), 2, always=("pybadge", "adafruit_fruit_jam")):
        facts = boards[board]
        play(tab, "?fresh&seed=%d&board=%s" % (SEED, board))
        assert tab.evaluate("game2048.status") == "playing: %s" % board
        size = tab.evaluate("(c => [game2048.canvasScale, c.width, c.height])(document.getElementById('screen'))")
        assert [size[1] // size[0], size[2] // size[0]] == facts["screen"]
        same(tab, simulator(board, fresh=True), "%s's first frame" % board)


def test_a_reload_resumes_the_game_with_its_best_and_stats(tab, browser):
    play(tab, "?seed=%d" % SEED)
    for key in ("ArrowLeft", "ArrowUp", "ArrowRight"):
        tab.press(key)
        settled(tab)
    before = page_game(tab)
    assert before[3] == 3
    tab.reload()  # pagehide saves, as closing the window does
    tab.wait_for(READY)
    settled(tab)
    assert page_game(tab) == before
    saved = base64.b64decode(tab.evaluate("localStorage.getItem(game2048.storageKey)"))
    assert len(saved) == 8192
    # The desktop simulator, powered on with the page's NVM bytes, shows the same screen.
    sim = simulator(nvm=bytearray(saved))
    assert sim_game(sim) == before
    same(tab, sim, "the resumed game")


def test_a_foreign_save_gives_a_new_game_and_says_so(tab):
    tab.evaluate("localStorage.setItem('game2048.nvm.pybadge', btoa('not a save'))")
    play(tab, "?seed=%d" % SEED)
    assert tab.evaluate("game2048.status") == "the saved game was not this board's (10 bytes, not 8192): a new game"
    same(tab, simulator(), "a new game")


def test_a_corrupt_save_is_what_corrupt_nvm_is_on_the_board(tab):
    # The board's size, but garbage: the game's own check answers it (engine.store).
    garbage = bytes((index * 37 + 11) & 0xFF for index in range(8192))
    tab.evaluate("localStorage.setItem('game2048.nvm.pybadge', '%s')" % base64.b64encode(garbage).decode())
    play(tab, "?seed=%d" % SEED)
    sim = simulator(nvm=bytearray(garbage))
    assert page_game(tab) == sim_game(sim)
    same(tab, sim, "the game after a corrupt NVM")


def test_quick_presses_are_not_lost(tab):
    sim = simulator()
    play(tab, "?seed=%d" % SEED)
    names = ("left", "up", "right", "down", "left")
    for name in names:  # each while the one before still slides
        tab.press(KEY_OF[name], hold=0.03)
        tab.wait(0.03)
    settled(tab, ticks=25)
    for name in names:
        sim.press(name)
    assert page_game(tab) == sim_game(sim)
    same(tab, sim, "five quick presses")


def test_the_on_screen_buttons_and_a_swipe_play_by_mouse(tab):
    sim = simulator()
    play(tab, "?seed=%d" % SEED)
    tab.click("[data-button=left]")
    settled(tab)
    sim.press("left")
    same(tab, sim, "a click on the on-screen left")
    tab.drag("#screen", dx=0, dy=-60)  # a swipe up on the screen
    settled(tab)
    sim.press("up")
    same(tab, sim, "a swipe up")


class RefusingNVM(bytearray):
    """An NVM whose every write fails, as the page's when the browser refuses to store."""

    def __setitem__(self, index, value):
        raise OSError(28, "no space")


def test_a_refused_save_says_save_failed(tab):
    play(tab, "?seed=%d" % SEED)
    tab.evaluate("Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); }")
    # The page is hidden (a tab switched away): it saves, as the window does on closing.
    tab.evaluate(
        "Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});"
        "document.dispatchEvent(new Event('visibilitychange'))"
    )
    assert tab.evaluate("game2048.status").startswith("save FAILED")
    assert tab.evaluate("game2048.saves.refused") >= 1
    tab.evaluate(
        "Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});"
        "document.dispatchEvent(new Event('visibilitychange'))"
    )
    settled(tab)
    sim = simulator(nvm=RefusingNVM(b"\xff" * 8192))
    sim.app.saving.save(sim.now)
    sim.settle()
    sim.frames(10)
    assert sim.glass.shows("FAILED"), sim.glass.lines()
    same(tab, sim, "save FAILED")


def test_the_boards_that_hold_the_learned_table_read_it_from_the_bundle(tab):
    # The table is a data file of the bundle (engine/learned.tbl): a page
    # without it would play the Fruit Jam on the heuristic ("no table file").
    for board, scoring in (("adafruit_fruit_jam", "learned table"), ("pybadge", "heuristic")):
        play(tab, "?fresh&seed=%d&board=%s" % (SEED, board))
        assert tab.evaluate("game2048.solver()") == scoring, board
        assert simulator(board, fresh=True).app.timings.table_status == scoring, board


def test_the_clue_tilts_and_the_fruit_jam_types_as_on_the_desktop(tab):
    # The CLUE is played by tilting: an arrow held tilts it, as the window's.
    clue = simulator("clue_nrf52840_express")
    play(tab, "?seed=%d&board=clue_nrf52840_express" % SEED)
    same(tab, clue, "the CLUE's first frame")
    tab.press("ArrowLeft", hold=0.3)
    settled(tab)
    clue.press("left")
    assert page_game(tab) == sim_game(clue)
    same(tab, clue, "a tilt to the left")
    # The Fruit Jam is played from a keyboard: keys go to its console as typed.
    jam = simulator("adafruit_fruit_jam")
    play(tab, "?seed=%d&board=adafruit_fruit_jam" % SEED)
    for name in ("up", "start"):
        tab.press(KEY_OF[name])
        settled(tab)
        jam.press(name)
    same(tab, jam, "the Fruit Jam's menu after a move")


def test_a_touch_on_the_on_screen_buttons_plays(tab):
    sim = simulator()
    play(tab, "?seed=%d" % SEED)
    tab.touch("[data-button=right]")
    settled(tab)
    sim.press("right")
    assert page_game(tab) == sim_game(sim)
    same(tab, sim, "a touch on the on-screen right")


def test_a_hidden_page_stops_the_board_and_lets_its_buttons_go(tab):
    play(tab, "?seed=%d" % SEED)
    tab.key("Space", True)  # held: the solver plays by itself
    tab.wait_for("Number(game2048.game().split(';')[3]) >= 2", timeout=60)
    tab.evaluate(
        "Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});"
        "document.dispatchEvent(new Event('visibilitychange'))"
    )
    assert tab.evaluate("game2048.held()") == []  # Select let go (a key up may never come)
    ticks, game = tab.evaluate("[game2048.ticks, game2048.game()]")
    tab.wait(1.0)
    assert tab.evaluate("[game2048.ticks, game2048.game()]") == [ticks, game]  # no runaway autoplay
    tab.evaluate(
        "Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});"
        "document.dispatchEvent(new Event('visibilitychange'))"
    )
    tab.key("Space", False)  # the key comes up after the page let the button go
    tab.wait_for("game2048.ticks > %d" % (ticks + 20))
    assert tab.evaluate("game2048.held()") == []


def test_a_save_moves_between_the_desktop_simulator_and_the_page(tab, browser, tmp_path):
    # The desktop's game, saved to an NVM file (the simulator's --nvm: the raw bytes) ...
    sim = simulator()
    for name in ("left", "up", "left"):
        sim.press(name)
    assert sim.app.saving.save(sim.now) == 1
    (tmp_path / "desktop.nvm").write_bytes(bytes(sim.nvm))
    # ... loaded on the page ("load a save") resumes there, the same screen.
    play(tab, "?seed=%d" % SEED)
    document = tab.send("DOM.getDocument")["root"]["nodeId"]
    chooser = tab.send("DOM.querySelector", {"nodeId": document, "selector": "#load"})["nodeId"]
    tab.send("DOM.setFileInputFiles", {"nodeId": chooser, "files": [str(tmp_path / "desktop.nvm")]})
    tab.wait_for("!window.game2048 || !game2048.ready", timeout=30)  # the page powers the board on again
    tab.wait_for(READY)
    settled(tab)
    assert page_game(tab) == sim_game(sim)
    same(tab, sim, "the desktop's game on the page")
    # A move on the page, then "download the save": the desktop resumes that.
    press(tab, "down")
    sim.press("down")
    browser.send("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)})
    tab.click("#download")
    saved = tmp_path / "2048-pybadge.nvm"
    until = time.monotonic() + 30
    while not (saved.is_file() and saved.stat().st_size == 8192) and time.monotonic() < until:
        time.sleep(0.05)
    resumed = simulator(nvm=bytearray(saved.read_bytes()))
    assert sim_game(resumed) == page_game(tab) == sim_game(sim)


def test_a_bad_address_says_what_is_wrong_in_one_line(tab):
    for query, words in (
        ("?board=meowbit_v121", 'no board "meowbit_v121" here: one of adafruit_fruit_jam, '),
        ("?seed=lots", "?seed=lots is not a seed the board's random source gives (0 .. 1073741823)"),
        ("?seed=1073741824", "?seed=1073741824 is not a seed"),
    ):
        tab.goto(tab.site + query)
        status = tab.wait_for("window.game2048 && game2048.status !== 'loading' && game2048.status")
        assert status.startswith(words), status
        assert tab.evaluate("game2048.ready") is False


def test_the_speaker_and_the_lights_reach_the_page(tab):
    play(tab, "?seed=%d" % SEED)
    assert tab.evaluate("[game2048.tones.length, game2048.lit.length]") == [0, 0]  # both off, as on the board
    sim = simulator()
    # Settings (the Menu's sixth row): Sound on, Lights on; back to the game.
    for name in ("start", "down", "down", "down", "down", "down", "a", "down", "a", "down", "a", "b", "b"):
        press(tab, name)
        sim.press(name)
    assert sim.app.settings.sound and sim.app.settings.lights
    for name in ("left", "up", "right", "down", "left", "up"):
        press(tab, name)
        sim.press(name)
    same(tab, sim, "the game after six moves")
    tones, lit = tab.evaluate("[game2048.tones, game2048.lit]")
    # Each merge clicks at 220 Hz + 40 Hz per step of the largest tile (app.feedback), in its colour.
    assert tones and all(hz >= 260 and (hz - 220) % 40 == 0 for hz in tones), tones
    assert lit, "no NeoPixel lit"
