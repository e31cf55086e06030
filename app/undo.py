# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The undo button (Settings > Undo), loaded only while that is on.

The App loads this module when Undo is on and the menu is closed (at
start, or as the menu closes: into the room the menu's modules leave) and
forgets it as the menu opens and when Undo goes off, as it does
engine.history then: with Undo Off (the default) neither is in memory.
The App routes the undo button here on the play screen and both banners,
and shows the banner or the board that follows (``take_back`` says whether
the game changed). Functions and module globals, not a class and its
instance: a class costs its type and dict, an instance its dict (about a
third of the module, measured with ``tools.measure.ram_budget``).
"""

from micropython import const

from app.words import text

# The texts of app.words it shows (lang/keys.txt names them).
_W_S_NO_UNDO = const(39)
_W_S_UNDO = const(40)
_W_S_UNDONE = const(41)
_W_S_UNDOS_LEFT = const(42)
_W_UNDO_WAY = const(43)
_W_UNDO_HELD = const(44)

# The parts it works on (``start``).
_parts = None
# The statuses an undo shows, in the language of ``start`` (the App starts
# this again after a change of language), so that an undo makes no string:
# "no" "undo" (none to take back), "undone", then "0 left" .. "5 left"
# (engine.game.MAX_UNDO_DEPTH at most).
_words = ()


def start(game, view, animation, assist, policy):
    """Work on these parts from now on: the ``engine.game.Game`` (its
    ``undo_depth`` above 0), the play screen (app.board_view.BoardView),
    the move animation, the hint and autoplay (app.assist.Assist), and the
    save policy (an undo is kept like a move)."""
    global _parts, _words
    _parts = (game, view, animation, assist, policy)
    left = text(_W_S_UNDOS_LEFT)
    _words = (text(_W_S_NO_UNDO), text(_W_S_UNDO), text(_W_S_UNDONE), left % 0, left % 1, left % 2, left % 3, left % 4, left % 5)


def take_back(now):
    """Take the last move back and show the board as it was, or say there
    is none to take back; True if the game changed (the App then shows
    what it calls for: off a banner, to play).

    The position before a move is always one to play on from (a game over
    revived; the win banner is then behind this game: engine.game.Game.undo).
    """
    game, view, animation, assist, policy = _parts
    animation.finish()
    assist.cancel()
    view.show_hint(-1)
    if not game.undo():
        view.show_status(_words[0], _words[1])
        return False
    policy.changed(now)
    # The board drawn as it is now: only the cells that differ change.
    view.show_cells(game.cells)
    view.show_scores(game.score, game.best)
    view.show_status(_words[2], _words[3 + game.history.undoable])
    return True


def banner_line(controls):
    """The game over banner's first line while a move can be taken back:
    the way to undo, naming the undo button as the board does
    (``controls.undo_button``: "B", or "Hold A")."""
    button = controls.undo_button
    if button[:5] == "Hold ":
        return text(_W_UNDO_HELD) % controls.name(button[5:])
    return text(_W_UNDO_WAY) % controls.name(button)
