"""One game of 2048: the board, the score, and the win / game-over flow.

``Game`` is the manager of the original 2048 in miniature: it applies the
rules from :mod:`engine.rules`, keeps the score and the best score, notices
the first 2048 and the end of the game, and counts lifetime statistics. It
owns its random generator, so a saved game resumes with the same spawns.

``Game.move`` allocates nothing on MicroPython: the board is mutated in place
and every counter is a small int.
"""

from engine.rng import Rng
from engine.rules import WIN_EXPONENT, can_move, max_exponent, slide, spawn, tile_value


class Stats:
    """Lifetime statistics kept across games (and saved with them)."""

    def __init__(self):
        #: Games started, counting the one in progress.
        self.games = 0
        #: Games in which a 2048 was made.
        self.wins = 0
        #: Exponent of the largest tile ever made (11 means 2048).
        self.best_exponent = 0
        #: Valid moves made in all games.
        self.moves = 0

    def copy_from(self, other):
        """Take every field from another ``Stats``."""
        self.games = other.games
        self.wins = other.wins
        self.best_exponent = other.best_exponent
        self.moves = other.moves


class Game:
    """A game in progress plus the best score and lifetime stats.

    :param int seed: seeds the spawn sequence (any int; None draws one from
        the hardware's entropy source).
    :param int best: best score carried over from earlier sessions.

    Attributes: ``cells`` (16 exponents, row-major), ``score``, ``best``,
    ``won`` (a 2048 was made this game), ``keep_playing`` (the player chose
    Continue after winning), ``over`` (no valid move left), ``moves`` (valid
    moves this game), ``max_exponent`` (largest tile on the board), ``rng``
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
        self.moves = 0
        self.max_exponent = 0
        self.new_game()

    @property
    def max_tile(self):
        """Value of the largest tile on the board (e.g. 2048), 0 if empty."""
        return tile_value(self.max_exponent)

    @property
    def waiting(self):
        """True while the win banner awaits Continue or New game.

        Moves are refused then, as in the original game: the player decides
        first.
        """
        return self.won and not self.keep_playing

    def new_game(self):
        """Start a new game: empty board, two tiles, score 0. Keeps best and stats."""
        cells = self.cells
        for index in range(16):
            cells[index] = 0
        self.score = 0
        self.won = False
        self.keep_playing = False
        self.over = False
        self.moves = 0
        spawn(cells, self.rng, 16)
        spawn(cells, self.rng, 15)
        self.max_exponent = max_exponent(cells)
        self.stats.games += 1
        self._note_best_tile()

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
        self.moves += 1
        self.stats.moves += 1
        if points:
            self.score += points
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

    def _largest_changed(self):
        # Rare path (a new largest tile): recount, note the win and the record.
        self.max_exponent = max_exponent(self.cells)
        if self.max_exponent >= WIN_EXPONENT and not self.won:
            self.won = True
            self.stats.wins += 1
        self._note_best_tile()

    def _note_best_tile(self):
        if self.max_exponent > self.stats.best_exponent:
            self.stats.best_exponent = self.max_exponent

    def set_board(self, cells, score=0):
        """Put an arbitrary position on the board (tests, tools, saved games).

        Recomputes the largest tile and the game-over flag; ``won`` is left
        as it is (whether the banner was already seen is game history, not
        board contents).

        :param cells: 16 exponents, row-major.
        :param int score: the score to show with it.
        """
        if len(cells) != 16:
            raise ValueError("a board has 16 cells")
        for index in range(16):
            value = cells[index]
            if not 0 <= value <= 31:
                raise ValueError("cell exponent out of range")
            self.cells[index] = value
        self.score = score
        if score > self.best:
            self.best = score
        self.max_exponent = max_exponent(self.cells)
        self.over = not can_move(self.cells)
        self._note_best_tile()
