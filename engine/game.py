# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""One game of 2048: the board, the score, and the win / game-over flow.

``Game`` is the manager of the original 2048 in miniature: it applies the
rules from :mod:`engine.rules`, keeps the score and the best score, notices
the first 2048 and the end of the game, and counts lifetime statistics. It
owns its random generator, so a saved game resumes with the same spawns.

``Game.undo`` takes moves back (up to ``undo_depth``, 0 by default: the
original's rules) from a :class:`History`: a base position and the
directions played since, replayed with the generator's state of then, so an
undone move made again brings the same tile (docs/rules.md, "Undo").

``Game.move`` and ``Game.undo`` allocate nothing on MicroPython: the board
is mutated in place and every counter is a small int. No number wraps: the
score stops at ``MAX_SCORE`` (no 4x4 game can pass it) and every counter at
``COUNTER_MAX``, both below 2**30 (MicroPython's small ints; boards whose
firmware has no big ints work too).
"""

from micropython import const

from engine.rng import Rng
from engine.rules import MAX_EXPONENT, WIN_EXPONENT, can_move, max_exponent, replay, slide, spawn

#: The largest score a 4x4 game can reach: 3,932,164 = sum of (k - 1) * 2**k
#: for k = 2..17. The score is the sum, over the tiles on the board, of the
#: merges that built each one, and a tile of 2**k built from 2s took merges
#: worth (k - 1) * 2**k (spawned 4s save some); the i-th largest tile on 16
#: cells is at most 2**(18 - i). docs/saving.md has the proof; the score
#: saturates here and a saved score above it is refused.
MAX_SCORE = const(3932164)
#: Where every counter (moves, games, wins, undos; the store's saves) stops.
COUNTER_MAX = const(999999999)
#: The most moves an undo can take back in a row (Settings offers 1 and 5).
MAX_UNDO_DEPTH = const(5)
#: The most directions a history holds after a move: its base may lag up to
#: ``MAX_UNDO_DEPTH`` moves behind the oldest undoable one (see History).
MAX_HISTORY_STEPS = const(10)


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
        #: Valid moves made in all games, the ones undone since included.
        self.moves = 0
        #: Moves taken back in all games.
        self.undos = 0
        #: Wins made in a game before its first undo (at most ``wins``).
        self.wins_without_undo = 0
        #: Exponent of the largest tile made in a game before its first undo.
        self.best_exponent_without_undo = 0


def _copy(source, target):
    # One position's 16 cells into another's list. Spelled out: a slice
    # assignment allocates its slice object on MicroPython, and a loop costs
    # 23,700 fuel where these 16 lines cost ~14,000 (a move with undo at 1
    # copies once, at 5 about once every 5 moves).
    target[0] = source[0]
    target[1] = source[1]
    target[2] = source[2]
    target[3] = source[3]
    target[4] = source[4]
    target[5] = source[5]
    target[6] = source[6]
    target[7] = source[7]
    target[8] = source[8]
    target[9] = source[9]
    target[10] = source[10]
    target[11] = source[11]
    target[12] = source[12]
    target[13] = source[13]
    target[14] = source[14]
    target[15] = source[15]


class History:
    """The moves of a game that an undo can take back.

    A base position (its cells, the generator's two words and the score
    then) and the directions played since (``path``, 2 bits each, the first
    in bits 0-1): the game's position is the base replayed through them. An
    undo replays one move fewer. Only the last ``undoable`` of the
    ``steps`` moves may be taken back (at most ``depth``); the base may lag
    behind the oldest of them, so that a move costs no replay: a second
    position, taken once every ``depth`` moves or so, becomes the base when
    it is old enough (its buffers are swapped in, not copied). ``steps`` is
    so at most ``MAX_HISTORY_STEPS`` after any move.

    ``engine.record`` saves ``depth``, ``undoable``, ``steps``, ``path``,
    ``base``, ``base_x`` and ``base_y``, and rebuilds the rest on loading
    (:meth:`resume`).
    """

    def __init__(self):
        #: Moves an undo may take back in a row, 0 (Off) .. MAX_UNDO_DEPTH.
        self.depth = 0
        #: The position ``steps`` moves ago: 16 exponents, row-major.
        self.base = [0] * 16
        #: The generator's words (``Rng.x``, ``Rng.y``) and the score then.
        self.base_x = 0
        self.base_y = 0
        self.base_score = 0
        #: Directions since the base, 2 bits each, the first in bits 0-1.
        self.path = 0
        #: Moves since the base (0: no history).
        self.steps = 0
        #: How many of the last moves an undo may take back (<= steps).
        self.undoable = 0
        # The later position: its cells, words, score, and how many moves
        # after the base it was (0: none kept).
        self._later = [0] * 16
        self._later_x = 0
        self._later_y = 0
        self._later_score = 0
        self._later_at = 0

    def restart(self, game):
        """Forget every move: ``game``'s position (its cells, generator and
        score) is the base from now on (while undo is on: the base of an
        empty history is never read while it is off)."""
        self.path = 0
        self.steps = 0
        self.undoable = 0
        self._later_at = 0
        if self.depth:
            _copy(game.cells, self.base)
            self.base_x = game.rng.x
            self.base_y = game.rng.y
            self.base_score = game.score

    def set_depth(self, depth, game):
        """Keep at most ``depth`` moves of ``game`` undoable: 0 forgets them
        all, a smaller depth leaves only the last ``depth`` undoable, a
        larger one keeps those there are.

        :raises ValueError: a depth outside 0 .. MAX_UNDO_DEPTH.
        """
        if not isinstance(depth, int) or not 0 <= depth <= MAX_UNDO_DEPTH:
            raise ValueError("undo depth %r is not 0..%d" % (depth, MAX_UNDO_DEPTH))
        self.depth = depth
        if not depth or not self.steps:
            self.restart(game)
        elif self.undoable > depth:
            self.undoable = depth

    def note(self, direction, game):
        """Add the move ``game`` just made towards ``direction``.

        No replay: the later position is taken (16 cells copied) when there
        is none, about once every ``depth`` moves.
        """
        # Few locals: with the stack, a frame of more than 11 slots would be
        # heap-allocated on a MicroPython without a pystack.
        steps = self.steps + 1
        self.path |= direction << (2 * steps - 2)
        undoable = self.undoable
        if undoable < self.depth:
            undoable += 1
            self.undoable = undoable
        later_at = self._later_at
        if later_at and steps - later_at >= undoable:
            # The later position is the oldest one an undo can reach now:
            # it becomes the base, and the old base's buffer the next one.
            self.base, self._later = self._later, self.base
            self.base_x = self._later_x
            self.base_y = self._later_y
            self.base_score = self._later_score
            self.path >>= 2 * later_at
            steps -= later_at
            later_at = 0
        self.steps = steps
        if not later_at:
            _copy(game.cells, self._later)
            self._later_x = game.rng.x
            self._later_y = game.rng.y
            self._later_score = game.score
            self._later_at = steps

    def back(self):
        """Forget the last move: an undo took it back."""
        steps = self.steps - 1
        self.steps = steps
        self.undoable -= 1
        self.path &= (1 << (2 * steps)) - 1
        if self._later_at > steps:
            self._later_at = 0

    def resume(self, game):
        """After a load set ``depth``, ``base``, ``base_x``, ``base_y``,
        ``path``, ``steps`` and ``undoable`` (``game`` as saved with them):
        find the score at the base from the game's, and keep the oldest
        undoable position as the later one (the next move makes it the
        base, so ``steps`` stays within ``MAX_HISTORY_STEPS``). The history
        is otherwise left as loaded: it saves the same bytes again.

        :return: False if the moves do not lead to ``game`` (a record that
            passed ``engine.record.replays`` always does); the history then
            starts again from ``game``'s position.
        """
        if not self.steps:
            self.restart(game)  # a record keeps no base without moves
            return True
        rng = Rng(0)
        rng.set_words(self.base_x, self.base_y)
        early = self.steps - self.undoable
        cells = self._later
        _copy(self.base, cells)
        path = self.path
        points = 0
        # The moves are played here, not through rules.replay: a load runs
        # this at the bottom of its call chain (each level takes pystack).
        for index in range(self.steps + 1):
            if index == early:
                # The oldest undoable position stays in _later; the rest
                # is played on a copy (a load allocates anyway).
                self._later_x = rng.x
                self._later_y = rng.y
                self._later_score = points
                cells = cells[:]
            if index == self.steps:
                break
            gained = slide(cells, path & 3)
            if gained < 0:
                break
            points += gained
            spawn(cells, rng)
            path >>= 2
        if cells != game.cells or rng.x != game.rng.x or rng.y != game.rng.y or points > game.score:
            self.restart(game)
            return False
        self.base_score = game.score - points
        self._later_score += self.base_score
        self._later_at = early  # 0 when that is the base: none
        return True


class Game:
    """A game in progress plus the best score and lifetime stats.

    :param int seed: seeds the spawn sequence (any int; None draws one from
        the hardware's entropy source).
    :param int best: best score carried over from earlier sessions.

    Attributes: ``cells`` (16 exponents 0..17, row-major), ``score`` and
    ``best`` (0 .. MAX_SCORE), ``won`` (a tile of 2048 or more is on the
    board: tiles never shrink, so only an undo takes it away again),
    ``keep_playing`` (the win banner is behind this game: the player chose
    Continue, or an undo took the banner or the winning move back; it stays
    until a new game, so the banner shows once per game), ``over`` (no valid
    move left), ``moves`` (valid moves this game that stand, at most
    ``stats.moves``), ``undos`` (moves taken back this game),
    ``max_exponent`` (largest tile on the board), ``history`` (what an undo
    takes back, :class:`History`), ``rng`` and ``stats``.
    """

    def __init__(self, seed=None, best=0):
        self.cells = [0] * 16
        self.rng = Rng(seed)
        self.stats = Stats()
        self.history = History()
        self.best = best
        self.score = 0
        self.won = False
        self.keep_playing = False
        self.over = False
        self.undos = 0
        # stats.moves when this game began, plus this game's undos: the
        # game's moves are the difference, so a move counts one number, not two.
        self._moves_before = 0
        self.max_exponent = 0
        self.new_game()

    @property
    def moves(self):
        """Valid moves made in this game and not taken back (0 .. ``stats.moves``)."""
        return self.stats.moves - self._moves_before

    @moves.setter
    def moves(self, count):
        self._moves_before = self.stats.moves - count

    @property
    def waiting(self):
        """True while the win banner awaits Continue or New game.

        Moves are refused then, as in the original game: the player decides
        first (or takes the winning move back: ``undo``).
        """
        return self.won and not self.keep_playing

    @property
    def undo_depth(self):
        """Moves an undo may take back in a row: 0 (Off) .. MAX_UNDO_DEPTH."""
        return self.history.depth

    @undo_depth.setter
    def undo_depth(self, depth):
        # Lowering it drops the oldest moves, 0 the whole history; raising
        # it keeps what there is (History.set_depth; ValueError if out of range).
        self.history.set_depth(depth, self)

    @property
    def can_undo(self):
        """True if ``undo`` would take a move back."""
        return self.history.undoable > 0

    def new_game(self):
        """Start a new game: empty board, two tiles, score 0. Keeps best and stats."""
        cells = self.cells
        for index in range(16):
            cells[index] = 0
        self.score = 0
        self.won = False
        self.keep_playing = False
        self.over = False
        self._moves_before = self.stats.moves
        spawn(cells, self.rng, 16)
        spawn(cells, self.rng, 15)
        self.max_exponent = max_exponent(cells)
        if self.stats.games < COUNTER_MAX:
            self.stats.games += 1
        # Nothing of the last game can be undone; its undos were its own.
        self.undos = 0
        self._note_best_tile()
        self.history.restart(self)

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
        # (self.history without a local: the frame stays within the 11 slots
        # MicroPython keeps off the heap without a pystack.)
        if self.history.depth:
            self.history.note(direction, self)
        return True

    def undo(self):
        """Take the last move back (Settings > Undo; docs/rules.md, "Undo").

        The board, the score, this game's move count and the generator's
        state are as they were before that move, so making it again brings
        the same tile. The best score and the lifetime stats stay (an undo
        is counted in ``undos`` and ``stats.undos``). It works from the win
        banner and from game over too: either is then behind the player,
        and the banner does not show again this game.

        :return: True if a move was taken back; False when none can be
            (``can_undo``: undo Off, a new game, or the last ``undo_depth``
            moves already taken back). A False undo changes nothing.
        """
        history = self.history
        if not history.undoable:
            return False
        # The position one move before this one: the base, played again
        # through every move kept but the last (few locals: see History.note).
        _copy(history.base, self.cells)
        self.rng.set_words(history.base_x, history.base_y)
        points = replay(self.cells, self.rng, history.path, history.steps - 1)
        history.back()
        if points >= 0:
            self.score = history.base_score + points
        self._moves_before += 1  # the game's count goes back, the lifetime one stays
        if self.undos < COUNTER_MAX:
            self.undos += 1
        if self.stats.undos < COUNTER_MAX:
            self.stats.undos += 1
        # A win seen stays seen: the banner shows once per game.
        if self.won:
            self.keep_playing = True
        self.max_exponent = max_exponent(self.cells)
        self.won = self.max_exponent >= WIN_EXPONENT
        self.over = False  # a move was made from here
        if points < 0:
            # The history was changed by hand (tests, tools): it no longer
            # leads anywhere. The position the replay reached is kept, with
            # what follows from it, and the history starts again there.
            self.over = not can_move(self.cells)
            history.restart(self)
        return True

    def settle(self):
        """Make what follows from the board follow it again: the largest
        tile, the win, the best score, and ``over`` (no move left).

        After a move cut short by a fault (the app drops the frame) the
        board may be further on than its flags; a game the store refuses
        ("invalid over flag") or that refuses moves is worse than either.
        """
        cells = self.cells
        if self.score > self.best:
            self.best = self.score
        self.max_exponent = max_exponent(cells)
        if self.max_exponent >= WIN_EXPONENT and not self.won:
            self._win()
        self._note_best_tile()
        self.over = not can_move(cells)
        # A half-made move is no position the history leads to: it starts again here.
        self.history.restart(self)

    def reset_stats(self):
        """Stats > Reset: the best score and every lifetime count start again,
        from the game in progress, which stays as it is.

        The game in progress is the first game of the new count: games 1; a
        win if its banner was seen; its largest tile as the best tile (2048
        if the win was undone since); its moves (undone ones included) and
        undos; the best score is its score. The "without undo" figures
        count it only if it has used no undo. (The store's count of saves
        and of refused records is about the flash, not play: it stays.)
        """
        stats = self.stats
        seen = self.won or self.keep_playing
        clean = not self.undos
        moves = self.moves
        stats.games = 1
        stats.wins = 1 if seen else 0
        stats.wins_without_undo = 1 if seen and clean else 0
        stats.best_exponent = self.max_exponent
        if seen and self.max_exponent < WIN_EXPONENT:
            stats.best_exponent = WIN_EXPONENT
        stats.best_exponent_without_undo = stats.best_exponent if clean else 0
        stats.undos = self.undos
        stats.moves = min(moves + self.undos, COUNTER_MAX)
        self.moves = moves
        self.best = self.score

    def _largest_changed(self):
        # Rare path (a new largest tile): recount, note the win and the record.
        self.max_exponent = max_exponent(self.cells)
        if self.max_exponent >= WIN_EXPONENT and not self.won:
            self._win()
        self._note_best_tile()

    def _win(self):
        self.won = True
        if self.keep_playing:
            return  # this game's win, seen before an undo: counted then
        stats = self.stats
        if stats.wins < stats.games:  # one win per game, at most
            stats.wins += 1
            if not self.undos:
                stats.wins_without_undo += 1

    def _note_best_tile(self):
        stats = self.stats
        if self.max_exponent > stats.best_exponent:
            stats.best_exponent = self.max_exponent
        if not self.undos and self.max_exponent > stats.best_exponent_without_undo:
            stats.best_exponent_without_undo = self.max_exponent

    def set_board(self, cells, score=0):
        """Put an arbitrary position on the board (tests, tools).

        The flags follow the board, so that the game is one the store will
        load again: ``over`` when no move is left; a board with a tile of
        2048 or more is a won game with Continue chosen (no banner; a win is
        counted if this game had none), one without is not won. The largest
        tile, best score and best tile are updated; the undo history starts
        again from this position.

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
        self.history.restart(self)
