# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The app's one save path: failures keep the game going, retry later and are
reported truthfully (status line, About and Stats pages)."""

import pytest
from fakenvm import FaultyNVM

from app import failure_words, save_policy
from engine.store import FAILED, NO_NVM, SAVED, UNCHANGED, Store
from tests.shared import open_menu_row, save_now
from tools.play.simulator import FRAME_MS, Simulator

#: What Save now says (the status lines, joined) for each outcome.
SAYS = {SAVED: "saved", UNCHANGED: "up to\ndate", NO_NVM: "not\nsaved", FAILED: "save\nFAILED"}
ERRORS = [
    OSError(28, "No space left on device"),
    MemoryError(),
    RuntimeError("flash busy"),
    ValueError("bad slice"),
    TypeError("wrong type"),
    IndexError("out of range"),
]


def about_pages(sim):
    """The About pages, read by turning them (Right) as a player does."""
    open_menu_row(sim, "About")
    sim.press("a")
    pages = [list(sim.app.overlay.lines)]
    menus = sim.app.menus
    while menus.page + 1 < len(menus.pages):
        sim.press("right")
        pages.append(list(sim.app.overlay.lines))
    sim.press("b")
    sim.press("b")
    return pages


def about(sim):
    """Every line of the About pages."""
    return [line for page in about_pages(sim) for line in page]


def test_save_now_says_saved_then_up_to_date():
    sim = Simulator(seed=1)
    sim.press("left")
    assert save_now(sim) == "saved" and sim.app.saving.last_save == SAVED
    assert save_now(sim) == "up to\ndate" and sim.app.saving.last_save == UNCHANGED
    assert "Last save: up to date" in about(sim)


@pytest.mark.parametrize("error", ERRORS, ids=lambda e: type(e).__name__)
def test_a_failing_nvm_never_stops_the_game_and_is_reported(error):
    nvm = FaultyNVM(write_error=error)
    sim = Simulator(seed=2, nvm=nvm)
    assert save_now(sim) == "save\nFAILED"
    assert sim.app.saving.last_save == FAILED
    moves = sim.game.moves
    for button in ("left", "down", "right", "up"):
        sim.press(button)  # the game goes on
    assert sim.game.moves > moves
    lines = about(sim)
    # Why, in the player's words (app.failure_words.failure_text, said by app.about_page); the store keeps its own technical text.
    said = {OSError: "no room", MemoryError: "no memory"}.get(type(error), "error")
    assert "Save FAILED: " + said in lines
    assert sim.app.saving.save_failure == ("OSError 28" if isinstance(error, OSError) else type(error).__name__)
    nvm.write_error = None  # the fault clears: Save now works and says so
    assert save_now(sim) == "saved"
    assert Store(nvm).load().cells == sim.game.cells


def test_a_write_that_does_not_read_back_is_not_called_saved():
    nvm = FaultyNVM(drop=True, partial=10)
    sim = Simulator(seed=3, nvm=nvm)
    assert save_now(sim) == "save\nFAILED"
    assert "Save FAILED: reads back" in about(sim)  # "wrong" on the next line, at 26 columns


class RaisingStore(Store):
    """A store whose save itself raises (not only its NVM)."""

    def save(self, game):
        raise MemoryError("no room for the record")


def with_store(monkeypatch, make, **options):
    """A Simulator whose code.py builds ``make(nvm)`` as its store."""
    import engine.store

    with monkeypatch.context() as patch:
        patch.setattr(engine.store, "Store", lambda nvm, *args, **kwargs: make(nvm))
        return Simulator(**options)


def test_an_exception_from_the_store_does_not_escape_the_frame(monkeypatch):
    sim = with_store(monkeypatch, RaisingStore, seed=4)
    sim.press("left")
    sim.frames(62000 // FRAME_MS)  # the policy's longest wait: a save is tried
    assert sim.app.saving.last_save == FAILED and sim.app.saving.save_failure == "MemoryError"
    assert sim.app.view.status_text == "save\nFAILED"
    assert save_now(sim) == "save\nFAILED"


def test_failed_saves_retry_later_not_every_frame_and_then_succeed():
    nvm = FaultyNVM(write_error=OSError(30, "Read-only file system"))
    sim = Simulator(seed=5, nvm=nvm)
    sim.press("left")
    sim.frames(61000 // FRAME_MS)  # the first try, at the policy's 60 s
    assert nvm.writes == 1 and sim.app.policy.dirty
    sim.frames(31000 // FRAME_MS)  # tries after 2, 4, 8 and 16 s more
    assert nvm.writes == 5
    assert sim.app.policy.dirty  # still unsaved: the policy keeps asking
    nvm.write_error = None
    sim.frames(33000 // FRAME_MS)  # the next try (32 s later) works
    assert nvm.writes == 6 and sim.app.saving.last_save == SAVED
    assert not sim.app.policy.dirty
    assert Store(nvm).load().cells == sim.game.cells
    assert save_policy._SAVE_RETRY_MS == 2000


def test_fresh_mode_never_claims_a_save():
    sim = Simulator(seed=6, fresh=True)
    sim.press("left")
    assert save_now(sim) == "not\nsaved" and sim.app.saving.last_save == NO_NVM
    assert "Last save: none, no NVM" in about(sim)
    sim.frames(62000 // FRAME_MS)
    assert sim.app.saving.last_save == NO_NVM and not sim.app.policy.dirty  # no retries


def test_stats_show_refused_saves():
    first = Simulator(seed=7)
    first.press("left")
    assert save_now(first) == "saved"
    first.press("down")
    assert save_now(first) == "saved"
    nvm = first.nvm
    nvm[128 + 20] ^= 0x10  # the newer record is damaged
    sim = Simulator(seed=8, nvm=nvm)
    open_menu_row(sim, "Stats")
    sim.press("a")
    lines = [line for page in sim.app.menus.pages for line in page]  # on its second page
    assert "Saves refused   1: damaged" in lines
    assert all(len(line) <= 26 for line in lines)


def test_a_read_only_save_file_shows_as_a_failed_save(tmp_path):
    from tools.play.sim import open_nvm

    path = tmp_path / "nvm.bin"
    first = Simulator(seed=9, nvm=open_nvm(str(path)))
    first.press("left")
    assert save_now(first) == "saved"
    first.nvm.close()
    before = path.read_bytes()
    path.chmod(0o444)
    sim = Simulator(seed=10, nvm=open_nvm(str(path)))
    sim.press("down")
    assert save_now(sim) == "save\nFAILED"
    assert "Save FAILED: not allowed" in about(sim)  # EACCES
    assert path.read_bytes() == before


class OldStyleStore:
    """A store stand-in with only load / save / saves / settings, whose save
    answers True / False (or nothing at all), as before the outcomes."""

    def __init__(self, answer):
        self.answer = answer
        self.saves = 0
        self.settings = bytearray(8)

    def load(self, seed=None):
        from engine.game import Game

        return Game(seed=seed)

    def save(self, game):
        return self.answer


@pytest.mark.parametrize("answer, status", [(True, "saved"), (False, "up to\ndate"), (None, "save\nFAILED")])
def test_a_minimal_store_stand_in_works_and_is_reported_truthfully(answer, status, monkeypatch):
    sim = with_store(monkeypatch, lambda nvm: OldStyleStore(answer), seed=11)
    sim.press("left")
    assert save_now(sim) == status
    open_menu_row(sim, "Stats")
    sim.press("a")
    assert any(line.startswith("Saves refused") for page in sim.app.menus.pages for line in page)
    sim.press_all(["b", "b"])
    pages = about_pages(sim)
    assert all(len(page) <= 9 and all(len(line) <= 26 for line in page) for page in pages)


class ChaosNVM(FaultyNVM):
    """Each access may fail: writes raise one of many exceptions (some after
    writing part of the bytes) or land short without a word; reads raise."""

    def __init__(self, rng):
        super().__init__()
        self.rng = rng
        self.calm = False

    def __getitem__(self, index):
        if not self.calm and self.rng.random() < 0.05:
            raise self.rng.choice(ERRORS)
        return super().__getitem__(index)

    def __setitem__(self, index, value):
        roll = self.rng.random()
        self.write_error, self.drop = None, False
        if not self.calm and roll < 0.4:
            self.write_error = self.rng.choice(ERRORS)
            self.partial = self.rng.randrange(len(value) + 1)
            self.drop = roll < 0.1
        super().__setitem__(index, value)


def test_a_stream_of_nvm_faults_never_stops_the_game_or_claims_a_lost_save():
    import random

    rng = random.Random(13)
    nvm = ChaosNVM(rng)
    sim = Simulator(seed=12, nvm=nvm)
    outcomes = set()
    for step in range(400):
        sim.press(rng.choice(["left", "down", "right", "up", "left", "down"]))
        if step % 9 == 0:
            status = save_now(sim)
            outcome = sim.app.saving.last_save
            outcomes.add(outcome)
            # What Save now says for this outcome, its two lines joined.
            assert status == SAYS[outcome]
            if outcome in (SAVED, UNCHANGED):
                nvm.calm = True  # read back without faults: exactly this game
                stored = Store(nvm).load()
                nvm.calm = False
                assert stored.cells == sim.game.cells and stored.score == sim.game.score
        if sim.game.over:
            sim.app.new_game(sim.now)
            sim.app.resume()
    assert {SAVED, FAILED} <= outcomes, outcomes
    assert sim.game.stats.moves > 200


def test_why_a_save_failed_is_said_in_words_for_each_thing_the_store_tells_apart():
    # The store's technical texts (engine.store) to the About page's words, in English here.
    said = {
        "OSError 28": "no room",
        "OSError 30": "read-only",
        "OSError 13": "not allowed",
        "OSError 5": "write error",
        "OSError 19": "error 19",
        "OSError 5 reading": "read error",
        "unread": "read error",
        "read-back": "reads back wrong",
        "invalid cells": "record invalid",
        "MemoryError": "no memory",
        "RuntimeError": "error",
        "OSError x": "error",
        None: "?",
        "": "?",
    }
    assert {failure: failure_words.failure_text(failure) for failure in said} == said
    # A text number of app.words (code.py's reasons why saving is off) is that text.
    assert failure_words.failure_text(failure_words._W_F_NO_ROOM) == "no room"
