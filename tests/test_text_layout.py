# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Every page of text on every board, read from the glass: nothing cut, nothing lost.

For each board (every layout: 160x128, 240x240 at scale 2, 320x240,
640x480, 128x128) and each language (English, Romanian, Czech: the
glass shows a character only where its glyph has ink), with the
simulator's keys page as the window shows it,
the test walks every page of every help document, Stats, Settings and
About, as a player does (its buttons, tilts and keys), and reads each page
from the glass (what the last refresh sent). On every page:

* the title is the document's name (or its short form) whole, with "2/3";
* every line the page was given is on the glass in full: none cut at the
  right edge, none dropped past the bottom, none wider than the screen;
* a page ends only between two sentences (prose), or between two rows
  (a row wrapped over lines keeps them on one page);
* read in order, the prose pages give back every word of the document.
"""

import re
import textwrap

import pytest
from fake_inputs import first_legal

import boards
from app.settings import LANGUAGES
from tests.shared import KEYS
from tools.play.sim import parse_settings, use_settings
from tools.play.simulator import Simulator
from tools.play.window import key_names_for

#: Where a sentence ends in the help's prose: after . ! or ? that follows a
#: letter (of any language), a closing bracket or a per cent sign (not the
#: "1." of a point).
SENTENCE_END = re.compile(r"(?:[^\W\d_]|[)%])[.!?]$")


def word(sim, name):
    """The text ``name`` of lang/keys.txt in the language the board plays in."""
    return sim.module("app.words").text(KEYS.index(name))


def leave(sim):
    """Back to the board from any page or menu."""
    for _ in range(6):
        if sim.app.menus is None and sim.app.mode == sim.module("app.modes").PLAY:
            if sim.facts["played"] == "tilt":
                sim.press("wait")  # the board measures level as the menu closes
            return
        sim.press("b" if sim.has("b") else "start")
    raise AssertionError("the %s did not go back to the board" % sim.board_id)


def open_row(sim, row):
    """Open the menu and pick its row ``row`` (0-based) with A."""
    leave(sim)
    sim.press("start")
    items = sim.module("app.pages").MENU_ROWS
    for _ in range((row - sim.app.menus.row) % items):
        sim.press("down")
    sim.press("a")


def body(sim):
    """The glass's lines under the title."""
    return sim.glass.lines()[1:]


def shown(lines):
    """``lines`` as the glass reads them: blank ones left out, no margins."""
    return [line.strip() for line in lines if line.strip()]


def check_page(sim, expected_title):
    """The title and every line the page was given are on the glass in full."""
    overlay = sim.app.overlay
    lines = sim.glass.lines()
    assert lines[0] == expected_title, (sim.board_id, lines)
    given = list(overlay.lines)
    assert len(given) <= overlay.page_lines, (sim.board_id, expected_title, given)
    assert all(len(line) <= overlay.columns for line in given), (sim.board_id, expected_title, given)
    assert lines[1:] == shown(given), (sim.board_id, expected_title, lines, given)
    return lines[1:]


def walk(sim, name):
    """Every page of the document ``name`` (a str, or the number of a help
    document) that is open now, as the glass shows them (checked by
    ``check_page``), turning with Right."""
    help_text = sim.module("app.help_text")
    menus = sim.app.menus
    count = len(menus.pages)
    columns = sim.app.overlay.columns
    pages = []
    for number in range(count):
        assert menus.page == number
        title = help_text.title(name, columns, number, count)
        whole = title.rsplit(" ", 1)[0] if count > 1 else title
        if isinstance(name, str):
            assert whole == name, (sim.board_id, title)
        else:
            row = help_text.DOCUMENTS[name]
            assert whole in (help_text.text(row[0]), help_text.text(row[1])), (sim.board_id, title)
        pages.append(check_page(sim, title))
        if number + 1 < count:
            sim.press("right")
    return pages


def check_units_kept_together(pages, units, where):
    """Each unit (a row and its wrapped lines) is on one page, whole."""
    flat = [(number, line) for number, page in enumerate(pages) for line in page]
    for unit in units:
        lines = shown(unit)
        if len(lines) < 2:
            continue
        # (Where the unit starts: a line like its first may start another
        # unit too, "Best tile" before "Best tile, no undo" wrapped.)
        starts = [at for at in range(len(flat)) if [line for _, line in flat[at : at + len(lines)]] == lines]
        assert starts, (where, unit, pages)
        found = flat[starts[0] : starts[0] + len(lines)]
        assert len({number for number, _ in found}) == 1, (where, unit, pages)


def check_prose(pages, paragraphs, where, columns, page_lines):
    """Pages of prose end at a sentence's end, and give back every word in
    order. Only a sentence too long for a page of its own may end a page
    after a comma, colon or semicolon."""
    sentences = [part for paragraph in paragraphs for part in re.split(r"(?<=[^\W\d_)%][.!?]) ", paragraph)]
    for page in pages[:-1]:
        if SENTENCE_END.search(page[-1]):
            continue
        assert page[-1][-1] in ",;:", (where, page)
        spanning = [sentence for sentence in sentences if page[-1] in sentence]
        assert spanning and len(textwrap.wrap(spanning[0], columns)) > page_lines, (where, page)
    words = " ".join(" ".join(page) for page in pages).split()
    assert words == " ".join(paragraphs).split(), where


@pytest.fixture(params=[(board_id, language) for board_id in sorted(boards.NAMES) for language in LANGUAGES], ids=str)
def sim(request):
    board_id, language = request.param
    sim = Simulator(seed=7, board=board_id, solver=first_legal, key_names=key_names_for(board_id))
    use_settings(sim.app, parse_settings(["language=" + language], board_id), sim.now)  # Settings > Language
    sim.step()
    assert sim.module("app.words").language == language
    return sim


def test_every_help_page_is_whole_and_breaks_between_sentences(sim):
    help_text = sim.module("app.help_text")
    overlay = sim.app.overlay
    for number, (name, short, prose) in enumerate(help_text.DOCUMENTS):
        open_row(sim, 3)  # Help
        names = help_text.names(overlay.columns)
        assert sim.glass.lines() == [word(sim, "HELP")] + names
        text = help_text.text
        assert all(row in (text(whole), text(brief)) for row, (whole, brief, _) in zip(names, help_text.DOCUMENTS))
        for _ in range(number):
            sim.press("down")
        sim.press("a")
        pages = walk(sim, number)
        where = (sim.board_id, help_text.text(name))
        if not prose:
            controls = sim.app.controls
            units = help_text.controls_units(
                overlay.columns,
                getattr(controls, "help_rows", help_text.CONTROLS),
                getattr(controls, "help_notes", help_text.NOTES),
                controls,
            ) + help_text.keys_units(sim.app.key_names, overlay.columns)
            check_units_kept_together(pages, units, where)
            keys = help_text.wrap(word(sim, "KEYS_ON_KEYBOARD"), overlay.columns)[0]
            assert any(line == keys for line in sum(pages, []))
        else:
            check_prose(pages, help_text.paragraphs(prose), where, overlay.columns, overlay.page_lines)


def test_stats_settings_and_about_are_whole_on_every_screen(sim):
    pages_module = sim.module("app.pages")
    overlay = sim.app.overlay
    columns = overlay.columns
    open_row(sim, 4)
    stats = walk(sim, word(sim, "STATS"))
    store = sim.app.saving.store
    stats_page = sim.module("app.stats_page")
    groups = stats_page.stats_lines(sim.app.game, store.erase_cycles(), store.refused, store.refusal, columns, store.layout)
    units = [[unit] if isinstance(unit, str) else unit for group in groups for unit in group]
    check_units_kept_together(stats, units, sim.board_id)
    open_row(sim, 5)
    # Settings: one page, or pages of as many rows as fit (Down past a
    # page's last row turns to the next), each with the buttons under it.
    help_text = sim.module("app.help_text")
    text = sim.module("app.words").text
    labels = [text(label) for label, attribute, _ in pages_module.SETTING_ROWS if sim.app.menus.tilt or attribute != "tilt"]
    back = pages_module.fill(word(sim, "B_BACK"), sim.app.controls)
    name = word(sim, "SETTINGS")
    titles = [help_text.title(name, columns, page, count) for count in (1, 2, 3) for page in range(count)]
    seen = []
    shown = None
    for _ in labels:
        title = sim.glass.lines()[0]
        if title != shown:  # a page: check it whole
            shown = title
            assert title in titles, (sim.board_id, title)
            lines = check_page(sim, title)
            assert any(line.endswith(back) for line in lines), (sim.board_id, lines)
            seen += [label for label in labels if any(line.startswith(label + " ") for line in lines)]
        sim.press("down")
    assert seen == labels, (sim.board_id, seen)
    open_row(sim, 6)
    about = walk(sim, word(sim, "ABOUT"))
    saving = sim.app.saving
    groups = sim.module("app.about_page").about_lines(
        saving.timings,
        sim.app.faults,
        saving.last_save,
        saving.save_failure,
        columns,
        sim.app.hardware.battery,
        sim.app.hardware.light,
        saving.failed_saves,
    )
    check_units_kept_together(about, [unit for group in groups for unit in group], sim.board_id)
    assert any(line.startswith(word(sim, "SIMULATOR").strip()) for line in sum(about, []))
    leave(sim)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_pager_keeps_sentences_and_rows_whole(language):
    from app import help_text, words

    words.load(language)
    try:
        check_the_pager(help_text)
    finally:
        words.load("en")


def check_the_pager(help_text):

    # A page that has room for the start of a sentence but not its end
    # takes none of it.
    pages = help_text.paginate(("One two three. Four five six seven eight nine ten.",), per_page=3, width=14)
    assert pages == [["One two three."], ["Four five six", "seven eight", "nine ten."]]
    for width in range(19, 40):  # 19, 20 and 26 columns on the screens
        for per_page in range(8, 13):  # the screens have 8 or 9 lines
            for prose in [help_text.paragraphs(row[2]) for row in help_text.DOCUMENTS if row[2]]:
                pages = help_text.paginate(prose, per_page, width)
                assert all(len(line) <= width for page in pages for line in page)
                check_prose(pages, prose, (width, per_page), width, per_page)
    # "1." opens a point, it ends no sentence.
    assert help_text.sentence_end("1. Using all four. Next") == len("1. Using all four.")
    # Rows: a unit of two lines never straddles two pages.
    units = [["a"], ["b"], ["c1", "c2"], ["d"]]
    assert help_text.in_pages([units], per_page=3) == [["a", "b"], ["c1", "c2", "d"]]
    # A group that fits a page of its own starts one rather than being split.
    assert help_text.in_pages([[["x"], ["y"]], [["1"], ["2"], ["3"]]], per_page=4) == [["x", "y"], ["1", "2", "3"]]


def test_stats_rows_of_any_size_fit_the_narrowest_page():
    from app import help_text, stats_page
    from engine.game import Game

    game = Game(seed=1)
    game.stats.games = game.stats.wins = game.stats.moves = (1 << 30) - 1  # ten digits
    game.best = 3932164
    for width in (19, 20, 26):
        groups = stats_page.stats_lines(game, (1 << 30) - 1, 1000, "damaged", width, "log")
        laid = help_text.in_pages(groups, 8, width)
        lines = [line for page in laid for line in page]
        assert all(len(line) <= width for line in lines), (width, lines)
        assert "1073741823" in " ".join(lines) and "1073741823 of 100000" in " ".join(lines)
