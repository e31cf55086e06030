# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Move animation: tiles glide to where they land, then the new tile grows in.

Short (``DURATION_MS`` + ``APPEAR_MS``), skippable and switchable off: a new
move, opening a menu or the setting ends it at once with the final board,
so input never waits. Moving tiles are drawn by up to 12 one-cell TileGrids
over the same face sheet as the board; the board shows the tiles that stay
put. When the slide ends, merged tiles take their final face and a light
ring flashes round each of them, and the spawned tile shows its small
"appearing" face, both for ``APPEAR_MS``.
"""

import displayio
from adafruit_ticks import ticks_diff

from app.board_view import RING_COUNT
from app.theme import APPEARING
from engine.rules import MAX_EXPONENT

#: Length of a slide in milliseconds.
DURATION_MS = 100
#: How long the new tile shows small after the slide (ms).
APPEAR_MS = 60
#: Most tiles one move can slide: 3 per line (the tile at the edge stays).
#: code.py sets it to 0 when start-up is short of memory: then moves are
#: not animated (the board shows the final position at once).
SPRITES = 12


def _line_orders():
    # order[direction * 16 + line * 4 + step]: cells of each line, starting
    # at the edge the tiles move towards (directions: up, right, down, left).
    order = bytearray(64)
    for direction in range(4):
        for line in range(4):
            for step in range(4):
                if direction == 0:
                    index = step * 4 + line
                elif direction == 2:
                    index = (3 - step) * 4 + line
                elif direction == 3:
                    index = line * 4 + step
                else:
                    index = line * 4 + 3 - step
                order[direction * 16 + line * 4 + step] = index
    return bytes(order)


_ORDER = _line_orders()
del _line_orders  # (used once: its code need not stay on the heap)


class Animation:
    """Animates moves on a :class:`app.board_view.BoardView`."""

    def __init__(self, view, sheet):
        self.view = view
        layout = view.layout
        # A sprite stands where a cell does: the tile alone, ``gap`` pixels
        # inside its pitch, in the board's own pixels (app.board_view).
        unit = layout.board_scale
        self._x0 = (layout.board_x + layout.gap) // unit
        self._y0 = (layout.board_y + layout.gap) // unit
        self._pitch = layout.pitch // unit
        tile = layout.tile // unit
        self.sprites = []
        for _ in range(SPRITES):
            # The board's palettes (the corners transparent, as the cells'),
            # the one of its tile.
            sprite = displayio.TileGrid(sheet, pixel_shader=view.palettes[0], tile_width=tile, tile_height=tile)
            sprite.hidden = True
            view.sprites.append(sprite)
            self.sprites.append(sprite)
        # Per sprite: start and end pixel positions.
        self._from_x = [0] * SPRITES
        self._from_y = [0] * SPRITES
        self._to_x = [0] * SPRITES
        self._to_y = [0] * SPRITES
        self._still = [0] * 16
        self._count = 0
        self._since = 0
        self._final = None
        # Bit i set: cell i holds a tile once the slide is over (before the spawn).
        self._occupied = 0
        # Cells made by a merge in this move, and how many.
        self._merged = bytearray(RING_COUNT)
        self._merges = 0
        self._rings = 0
        self._sliding = False
        #: True while an animation is on screen.
        self.active = False

    def hold(self, cells):
        """Keep ``cells`` (16 exponents), the board before a move, for ``start``."""
        still = self._still
        for index in range(16):
            still[index] = cells[index]

    def start(self, after, direction, now):
        """Show the move from the board last held (``hold``) to ``after``.

        ``after`` is read again when the slide ends (pass the game's cells).
        """
        self.finish()
        if not self.sprites:
            self.view.show_cells(after)
            return
        # Active before anything shows: whatever a fault leaves half shown
        # from here on, finish() takes away (the app's recovery calls it).
        self._final = after
        self._since = now
        self._sliding = True
        self.active = True
        # The board before, less the tiles that slide (each cell is read once,
        # before it is cleared).
        still = self._still
        self._occupied = 0
        self._merges = 0
        count = 0
        for line in range(4):
            base = direction * 16 + line * 4
            target = -1  # step of the last tile placed in this line
            last = 0  # its exponent
            mergeable = False
            for step in range(4):
                source = _ORDER[base + step]
                exponent = still[source]
                if not exponent:
                    continue
                if mergeable and last == exponent and exponent < MAX_EXPONENT:
                    # Merges into the tile placed last (one merge per tile;
                    # two 131072s do not merge, as in engine.rules).
                    mergeable = False
                    self._note_merge(_ORDER[base + target])
                else:
                    target += 1
                    last = exponent
                    mergeable = True
                destination = _ORDER[base + target]
                self._occupied |= 1 << destination
                if destination != source:
                    still[source] = 0
                    count = self._add(count, source, destination, exponent)
        if count == 0:
            # Nothing slides (nothing was shown): the final board at once.
            self.active = False
            self.view.show_cells(after)
            return
        self.view.show_cells(still)

    def _note_merge(self, index):
        if self._merges < RING_COUNT:
            self._merged[self._merges] = index
            self._merges += 1

    def _add(self, count, source, destination, exponent):
        self._count = count + 1  # counted before it shows: finish() hides it
        sprite = self.sprites[count]
        sprite[0] = exponent
        sprite.pixel_shader = self.view.palettes[exponent]
        pitch = self._pitch
        self._from_x[count] = self._x0 + (source % 4) * pitch
        self._from_y[count] = self._y0 + (source // 4) * pitch
        self._to_x[count] = self._x0 + (destination % 4) * pitch
        self._to_y[count] = self._y0 + (destination // 4) * pitch
        sprite.x = self._from_x[count]
        sprite.y = self._from_y[count]
        sprite.hidden = False
        return count + 1

    def tick(self, now):
        """Advance the animation; True if the screen changed."""
        if not self.active:
            return False
        elapsed = ticks_diff(now, self._since)
        if elapsed >= DURATION_MS + APPEAR_MS or elapsed < 0:
            self.finish()
            return True
        if elapsed >= DURATION_MS:
            if self._sliding:
                self._end_slide()
                return True
            return False
        for index in range(self._count):
            self._place(index, elapsed)
        return True

    def _end_slide(self):
        # Tiles are in place; the spawned one starts small.
        self._sliding = False
        self._hide_sprites()
        final = self._final
        self.view.show_cells(final)
        self._rings = self._merges  # counted before they show: finish() hides them
        for slot in range(self._merges):
            self.view.show_ring(slot, self._merged[slot])
        for index in range(16):
            if final[index] and not self._occupied & (1 << index):
                if final[index] <= 2:
                    self.view.show_face(index, APPEARING + final[index] - 1)
                return

    def _hide_sprites(self):
        for index in range(self._count):
            self.sprites[index].hidden = True
        self._count = 0

    def _place(self, index, elapsed):
        # Kept small: a frame of more than ~11 slots is heap-allocated by
        # MicroPython without a pystack.
        sprite = self.sprites[index]
        start = self._from_x[index]
        sprite.x = start + (self._to_x[index] - start) * elapsed // DURATION_MS
        start = self._from_y[index]
        sprite.y = start + (self._to_y[index] - start) * elapsed // DURATION_MS

    def finish(self):
        """End the slide now: the board shows the final position.

        Everything the animation showed is taken away before it stops
        being active, so a finish cut short by a fault is done again whole
        by the next one (the app's recovery).
        """
        if not self.active:
            return
        self._sliding = False
        self._hide_sprites()
        for slot in range(self._rings):
            self.view.show_ring(slot, -1)
        self._rings = 0
        self.view.show_cells(self._final)
        self.active = False
