# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The undo button (Settings > Undo), loaded only while that is on.

The App loads this module when Undo is turned on (at start, or as the menu
closes: into the room the menu's modules leave) and forgets it when Undo
goes off, as ``Game.undo_depth`` does engine.history: with Undo Off (the
default) neither is in memory. The App routes the undo button here on the
play screen and both banners, and shows the banner or the board that
follows (``take_back`` says whether the game changed).
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


def _statuses():
    # "no" "undo" (none to take back), "undone", then "0 left" .. "5 left":
    # how many more there are now (engine.game.MAX_UNDO_DEPTH at most).
    left = text(_W_S_UNDOS_LEFT)
    return (text(_W_S_NO_UNDO), text(_W_S_UNDO), text(_W_S_UNDONE), left % 0, left % 1, left % 2, left % 3, left % 4, left % 5)


class Undo:
    """Takes moves back and says so, for as long as Settings > Undo is on.

    :param game: the ``engine.game.Game`` (its ``undo_depth`` above 0).
    :param view: the play screen (app.board_view.BoardView).
    :param animation: the move animation (app.animation.Animation).
    :param assist: the hint and autoplay (app.assist.Assist).
    :param policy: the save policy (app.save_policy.SavePolicy): an undo is
        kept like a move.
    """

    def __init__(self, game, view, animation, assist, policy):
        self.game = game
        self.view = view
        self.animation = animation
        self.assist = assist
        self.policy = policy
        #: The statuses an undo shows, in the language in memory: made here
        #: and after a change of language (None until then), so that an
        #: undo makes no string.
        self.words = _statuses()

    def take_back(self, now):
        """Take the last move back and show the board as it was, or say
        there is none to take back; True if the game changed (the App then
        shows what it calls for: off a banner, to play).

        The position before a move is always one to play on from (a game
        over revived; the win banner is then behind this game:
        engine.game.Game.undo).
        """
        game = self.game
        view = self.view
        self.animation.finish()
        self.assist.cancel()
        view.show_hint(-1)
        words = self.words
        if words is None:
            words = self.words = _statuses()  # the language changed
        if not game.undo():
            view.show_status(words[0], words[1])
            return False
        self.policy.changed(now)
        # The board drawn as it is now: only the cells that differ change.
        view.show_cells(game.cells)
        view.show_scores(game.score, game.best)
        view.show_status(words[2], words[3 + game.history.undoable])
        return True

    def banner_line(self, controls):
        """The game over banner's first line while a move can be taken
        back: the way to undo, naming the undo button as the board does
        (``controls.undo_button``: "B", or "Hold A")."""
        button = controls.undo_button
        if button[:5] == "Hold ":
            return text(_W_UNDO_HELD) % controls.name(button[5:])
        return text(_W_UNDO_WAY) % controls.name(button)
