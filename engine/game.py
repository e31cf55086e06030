# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""One game of 2048: the board, the score, and the win / game-over flow.

``Game`` is the manager of the original 2048 in miniature: it applies the
rules from :mod:`engine.rules`, keeps the score and the best score, notices
the first 2048 and the end of the game, and counts lifetime statistics. It
owns its random generator, so a saved game resumes with the same spawns.

``Game.move`` allocates nothing on MicroPython: the board is mutated in place
and every counter is a small int. No number wraps: the score stops at
``MAX_SCORE`` (no 4x4 game can pass it) and every counter at
``COUNTER_MAX``, both below 2**30 (MicroPython's small ints; boards whose
firmware has no big ints work too).
"""

from micropython import const

from engine.rng import Rng
from engine.rules import MAX_EXPONENT, WIN_EXPONENT, can_move, max_exponent, slide, spawn

#: The largest score a 4x4 game can reach: 3,932,164 = sum of (k - 1) * 2**k
#: for k = 2..17. The score is the sum, over the tiles on the board, of the
#: merges that built each one, and a tile of 2**k built from 2s took merges
#: worth (k - 1) * 2**k (spawned 4s save some); the i-th largest tile on 16
#: cells is at most 2**(18 - i). docs/saving.md has the proof; the score
#: saturates here and a saved score above it is refused.
MAX_SCORE = const(3932164)
#: Where every counter (moves, games, wins; the store's saves) stops.
COUNTER_MAX = const(999999999)
# Set in Game._next_tiles while a new game is decided and not yet in place.
_DECIDED = const(1 << 12)


class Stats:
    """Lifetime statistics kept across games (and saved with them).

    Each count stops at ``COUNTER_MAX``; ``wins`` never exceeds ``games``.
    """

    def __init__(self):
        #: Games started, counting the one in progress.
        self.games = 0
        #: Games in which a 2048 was made (at most ``games``).
        self.wins = 0
        #: Exponent of the largest tile ever made (11 means 2048).
        self.best_exponent = 0
        #: Valid moves made in all games.
        self.moves = 0


class Game:
    """A game in progress plus the best score and lifetime stats.

    :param int seed: seeds the spawn sequence (any int; None draws one from
        the hardware's entropy source).
    :param int best: best score carried over from earlier sessions.

    Attributes: ``cells`` (16 exponents 0..17, row-major), ``score`` and
    ``best`` (0 .. MAX_SCORE), ``won`` (a 2048 was made this game: tiles
    never shrink, so it is True exactly when a tile >= 2048 is on the
    board), ``keep_playing`` (the player chose Continue after winning),
    ``over`` (no valid move left), ``moves`` (valid moves this game, at most
    ``stats.moves``), ``max_exponent`` (largest tile on the board), ``rng``
    and ``stats``.
    """

    def __init__(self, seed=None, best=0):
        self.cells = [0] * 16
        self.rng = Rng(seed)
        self.stats = Stats()
        self.best = best
        self.score = 0
        self.won = False
        self.keep_playing = False
        self.over = False
        # stats.moves when this game began: the game's moves are the
        # difference, so a move counts one number, not two.
        self._moves_before = 0
        self.max_exponent = 0
        # A new game decided and not yet wholly in place (new_game, _begin):
        # its two tiles (cells and exponents, packed with _DECIDED in one
        # small int; 0 once it is in place) and its count of games.
        self._next_tiles = 0
        self._next_games = 0
        self.new_game()

    @property
    def moves(self):
        """Valid moves made in this game (0 .. ``stats.moves``)."""
        return self.stats.moves - self._moves_before

    @moves.setter
    def moves(self, count):
        self._moves_before = self.stats.moves - count

    @property
    def waiting(self):
        """True while the win banner awaits Continue or New game.

        Moves are refused then, as in the original game: the player decides
        first.
        """
        return self.won and not self.keep_playing

    def new_game(self):
        """Start a new game: two tiles, score 0. Keeps best and stats.

        The new game is decided first (its two tiles drawn, as ``spawn``
        puts them on an empty board: the same draws in the same order),
        then put in place: a fault before it is decided (out of stack, say)
        leaves this game as it was, one while it is put in place leaves it
        half begun, which ``settle`` finishes. No fault leaves a board with
        no tile. Allocates nothing.
        """
        rng = self.rng
        draw = rng.below(160)  # 16 empty cells x 10 (see rules.spawn)
        first = draw // 10
        tiles = first | (2 if draw % 10 == 0 else 1) << 4
        draw = rng.below(150)  # the 15 cells left
        second = draw // 10
        if second >= first:
            second += 1
        tiles |= second << 6 | (2 if draw % 10 == 0 else 1) << 10
        self._next_games = self.stats.games + 1 if self.stats.games < COUNTER_MAX else COUNTER_MAX
        self._next_tiles = tiles | _DECIDED  # from here on the new game is this game
        self._begin()

    def _begin(self):
        # Put the new game that new_game decided in place. Every step sets
        # a value, never adds to one, so settle() may do it all again.
        tiles = self._next_tiles
        cells = self.cells
        for index in range(16):
            cells[index] = 0
        cells[tiles & 15] = (tiles >> 4) & 3
        cells[(tiles >> 6) & 15] = (tiles >> 10) & 3
        self.score = 0
        self.won = False
        self.keep_playing = False
        self.over = False
        self._moves_before = self.stats.moves
        self.max_exponent = max_exponent(cells)
        self.stats.games = self._next_games
        self._note_best_tile()
        self._next_tiles = 0

    def continue_playing(self):
        """After the win banner: keep this board and play on for 4096 and up."""
        if self.won:
            self.keep_playing = True

    def move(self, direction):
        """Play one move.

        :param int direction: ``rules.UP``, ``RIGHT``, ``DOWN`` or ``LEFT``.
        :return: True if the board changed (a tile was then spawned); False
            for an invalid direction, a finished game, or while the win
            banner waits for a choice. A False move changes nothing.
        """
        if self.over or (self.won and not self.keep_playing):
            return False
        cells = self.cells
        points = slide(cells, direction)
        if points < 0:
            return False
        # Only the lifetime count is kept per move (see moves): when it stops
        # at COUNTER_MAX the game's count stops with it.
        stats = self.stats
        total = stats.moves
        if total < COUNTER_MAX:
            stats.moves = total + 1
        if points:
            self.score += points
            if self.score > MAX_SCORE:
                self.score = MAX_SCORE  # only a crafted board gets here
            if self.score > self.best:
                self.best = self.score
            # A new largest tile is worth 2 << max_exponent and its value is
            # part of the points; smaller points cannot have made one.
            if points >= 2 << self.max_exponent:
                self._largest_changed()
        empty = cells.count(0)
        spawn(cells, self.rng, empty)
        if empty == 1:
            # The spawn filled the last hole: only now can the game end.
            self.over = not can_move(cells)
        if self.max_exponent < 2:
            # Early on, a spawned 4 can be the largest tile.
            self._largest_changed()
        return True

    def settle(self):
        """Make the game one a player can go on with, after a fault cut a
        change short: a new game half begun is begun whole, and what
        follows from the board follows it again (the largest tile, the
        win, Continue, the best score, and ``over``: no move left).

        After a move cut short (the app drops the frame) the board may be
        further on than its flags; a game the store refuses ("invalid over
        flag") or that refuses moves is worse than either. A board with no
        tile is no game: a new one begins (no fault leaves one; this is the
        last guard). Safe to call again if a fault cuts this short too.
        """
        if self._next_tiles:
            self._begin()
        cells = self.cells
        if not max_exponent(cells):
            self.new_game()
        if self.score > self.best:
            self.best = self.score
        self.max_exponent = max_exponent(cells)
        if self.max_exponent >= WIN_EXPONENT:
            if not self.won:
                self._win()
        else:
            # Tiles never shrink: a board without a 2048 was never won.
            self.won = False
            self.keep_playing = False
        self._note_best_tile()
        self.over = not can_move(cells)

    def _largest_changed(self):
        # Rare path (a new largest tile): recount, note the win and the record.
        self.max_exponent = max_exponent(self.cells)
        if self.max_exponent >= WIN_EXPONENT and not self.won:
            self._win()
        self._note_best_tile()

    def _win(self):
        self.won = True
        if self.stats.wins < self.stats.games:  # one win per game, at most
            self.stats.wins += 1

    def _note_best_tile(self):
        if self.max_exponent > self.stats.best_exponent:
            self.stats.best_exponent = self.max_exponent

    def set_board(self, cells, score=0):
        """Put an arbitrary position on the board (tests, tools).

        The flags follow the board, so that the game is one the store will
        load again: ``over`` when no move is left; a board with a tile of
        2048 or more is a won game with Continue chosen (no banner; a win is
        counted if this game had none), one without is not won. The largest
        tile, best score and best tile are updated.

        :param cells: 16 exponents (ints 0..17, at least one tile), row-major.
        :param int score: the score to show with it, 0 .. ``MAX_SCORE``.
        :raises ValueError: a bad board or score; the game is then unchanged.
        """
        if len(cells) != 16:
            raise ValueError("a board has 16 cells, not %d" % len(cells))
        for index in range(16):
            value = cells[index]
            if not isinstance(value, int) or not 0 <= value <= MAX_EXPONENT:
                raise ValueError("cell %d: %r is not a tile exponent 0..%d" % (index, value, MAX_EXPONENT))
        if not max(cells):
            raise ValueError("a board needs at least one tile")
        if not isinstance(score, int) or not 0 <= score <= MAX_SCORE:
            raise ValueError("score %r is not 0..%d" % (score, MAX_SCORE))
        for index in range(16):
            self.cells[index] = cells[index]
        self.score = score
        if score > self.best:
            self.best = score
        self.max_exponent = max_exponent(self.cells)
        self.over = not can_move(self.cells)
        if self.max_exponent >= WIN_EXPONENT:
            if not self.won:
                self._win()
            self.keep_playing = True
        else:
            self.won = False
            self.keep_playing = False
        self._note_best_tile()
