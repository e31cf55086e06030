# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""What an undo takes back: a base position and the directions played since.

``Game.undo_depth`` imports this module when undo is turned on (and a load
does, through it, when the saved game has a history): with undo Off (the
default) a game holds none of it, neither the code nor a ``History``.

The game's position is always the base replayed through the directions: a
move (``note``) adds its direction, an undo (``undo``) plays the base
again through one move fewer, with the generator's state saved with the
base, so that the same move made again brings the same tile. Neither
allocates on MicroPython, and a move replays nothing (see ``History``).
This module imports nothing of ``engine.game`` (which imports it: no
circle).
"""

from engine.rng import Rng
from engine.rules import WIN_EXPONENT, can_move, slide, spawn


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
    so at most ``engine.game.MAX_HISTORY_STEPS`` (10) after any move.

    ``engine.record`` saves ``depth``, ``undoable``, ``steps``, ``path``,
    ``base``, ``base_x`` and ``base_y``, and rebuilds the rest on loading
    (:meth:`resume`). ``Game.undo_depth`` makes one (and checks the depth);
    ``Game`` calls the rest.
    """

    def __init__(self):
        #: Moves an undo may take back in a row, 1 .. engine.game.MAX_UNDO_DEPTH.
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
        score) is the base from now on."""
        self.path = 0
        self.steps = 0
        self.undoable = 0
        self._later_at = 0
        _copy(game.cells, self.base)
        self.base_x = game.rng.x
        self.base_y = game.rng.y
        self.base_score = game.score

    def set_depth(self, depth, game):
        """Keep at most ``depth`` (1 .. 5, checked by ``Game``) moves of ``game``
        undoable: a smaller depth leaves only the last ``depth`` undoable, a
        larger one keeps those there are."""
        self.depth = depth
        if not self.steps:
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

    def undo(self, game):
        """Take ``game``'s last move back (``Game.undo`` says what that
        restores): the position before it is the base played again through
        every move kept but that one, put into ``game``'s cells and
        generator.

        :return: False if no move is undoable (nothing changes), else True.
        """
        if not self.undoable:
            return False
        self.steps -= 1
        self.undoable -= 1
        count = self.steps
        path = self.path
        self.path = path & ((1 << (2 * count)) - 1)
        if self._later_at > count:
            self._later_at = 0
        cells = game.cells
        _copy(self.base, cells)
        game.rng.set_words(self.base_x, self.base_y)
        points = 0
        # The moves played here, not by a helper: one call level less (and
        # few locals: a frame over 11 slots is heap-allocated on a
        # MicroPython without a pystack).
        while count:
            gained = slide(cells, path & 3)
            if gained < 0:
                points = -1  # the history was changed by hand (tests, tools)
                break
            points += gained
            spawn(cells, game.rng)
            path >>= 2
            count -= 1
        if points >= 0:
            game.score = self.base_score + points
        game.moves -= 1  # the game's count goes back, the lifetime one stays
        # Never more undos than moves made (so never past COUNTER_MAX), nor
        # more this game than in all.
        if game.stats.undos < game.stats.moves:
            game.stats.undos += 1
        if game.undos < game.stats.undos:
            game.undos += 1
        # A win seen stays seen: the banner shows once per game.
        if game.won:
            game.keep_playing = True
        game.max_exponent = max(cells)
        game.won = game.max_exponent >= WIN_EXPONENT
        game.over = False  # a move was made from here
        if points < 0:
            # What the replay reached is kept, with what follows from it,
            # and the history starts again there.
            game.over = not can_move(cells)
            self.restart(game)
        return True

    def resume(self, game):
        """After a load set ``depth``, ``base``, ``base_x``, ``base_y``,
        ``path``, ``steps`` and ``undoable`` (``game`` as saved with them):
        find the score at the base from the game's, and keep the oldest
        undoable position as the later one (the next move makes it the
        base, so ``steps`` stays within 10). The history
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
        # The moves are played here, not by a helper: a load runs this at
        # the bottom of its call chain (each level takes pystack).
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
