# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""What a refresh sends: displayio's dirty areas, as CircuitPython computes them.

The glass (tools/play/glass.py) keeps the frame a refresh sent; this module
keeps what it cost: the rectangles the firmware would render and send over
the display's bus, refresh by refresh. It follows CircuitPython 10's
``shared-module`` C code (the same in 10.2 and 10.3 and on main, checked
in August 2026; 9.2 marks and sends the same areas) step by step, with the state each C object keeps for it
beside each stand-in object (``obj.__dict__["_dirty"]``), updated by hooks
on the stand-ins' writes. docs/architecture.md ("What a refresh sends")
says what is modelled, from which C function, in prose.

What marks an area dirty (C file, function):

* TileGrid (``displayio/TileGrid.c``): ``hidden = ...`` every write, even
  the same value: showing sets ``full_change`` (its whole area is sent),
  hiding sends the area it last drew; ``x``/``y`` only when the value
  changes (``moved``: the union of the old and new areas, or both apart
  when the union is more than twice the grid); a tile index write, even of
  the same index (``mark_tile_dirty``: the bounding box of every tile
  written since the last refresh); ``pixel_shader``/``bitmap`` every
  write; ``flip_x``/``flip_y``/``transpose_xy`` only on a change.
* Palette (``displayio/Palette.c``): a colour write only when the colour
  changes; ``make_transparent``/``make_opaque`` every call; either sends
  the whole area of every visible layer drawn with it.
* Bitmap (``displayio/Bitmap.c``, ``bitmaptools``): every pixel write, even
  of the same value (the bounding box of the writes); a TileGrid showing
  the whole bitmap as its one tile sends that box, any other sends all.
* Group (``displayio/Group.c``): ``hidden``, ``x``, ``y``, ``scale`` only
  on a change; hiding or showing a group marks every member (TileGrids as
  above; every vectorio shape, hidden or not); moving or scaling one moves
  every member; ``append``/``insert`` draw the new layer whole; ``remove``
  /``pop`` send the area the removed layer last drew.
* vectorio (``vectorio/VectorShape.c``): ``hidden`` every write, even the
  same value, and even while the shape stays hidden; ``x``/``y`` only on
  a change; ``pixel_shader`` and the rectangle's size and colour index
  every write: each sends the shape's area (and, if it moved, where it
  was: one box or two, whichever is smaller).
* The display (``displayio/display_core.c``): a new ``root_group`` sends
  the whole screen once, and nothing else in that refresh.

How they are sent (``busdisplay/BusDisplay.c``, ``_refresh_display``):
every dirty area on its own, in the order the tree lists them (bottom
layer first; overlapping areas are sent as often as they are listed),
clipped to the screen and cut into windows of at most
``CIRCUITPY_DISPLAY_AREA_BUFFER_SIZE`` (512 B: 256 pixels of 16 bits) --
whole rows of the area, one row at a time if a row is wider than that
(each window its own column/row address commands and RAMWR). Areas are in
the panel's own coordinates: the board's ``rotation`` (its board.c) is
applied first, as the firmware does.

Two places where the C code reads a value it never set are modelled as
what the code evidently means: the overlap of a moved vectorio shape's old
and new areas when they do not overlap in x (``get_refresh_areas``: taken
as 0), and a vectorio shape among the members of a removed group
(``group_get_previous_area``: left out).
"""

import sys

from tools.firmware.standins import displaystate

#: ``CIRCUITPY_DISPLAY_AREA_BUFFER_SIZE`` (py/circuitpy_mpconfig.h): bytes
#: of the buffer a window is rendered into.
AREA_BUFFER_BYTES = 512
#: Hooked writes so far (any module, any object): a refresh with the same
#: count as the last one and the same root group changed nothing.
WRITES = [0]


class Area:
    """``displayio_area_t``: x1 <= x < x2, y1 <= y < y2 (x1 == x2 or y1 == y2: empty)."""

    __slots__ = ("x1", "y1", "x2", "y2")

    def __init__(self, x1=0, y1=0, x2=0, y2=0):
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2

    def copy(self):
        return Area(self.x1, self.y1, self.x2, self.y2)

    def set(self, other):
        self.x1, self.y1, self.x2, self.y2 = other.x1, other.y1, other.x2, other.y2

    def empty(self):
        return self.x1 == self.x2 or self.y1 == self.y2

    def width(self):
        return (self.x2 - self.x1) & 0xFFFF  # uint16_t, as in area.c

    def height(self):
        return (self.y2 - self.y1) & 0xFFFF

    def size(self):
        return self.width() * self.height()

    def canon(self):
        if self.x1 > self.x2:
            self.x1, self.x2 = self.x2, self.x1
        if self.y1 > self.y2:
            self.y1, self.y2 = self.y2, self.y1

    def tuple(self):
        return (self.x1, self.y1, self.x2, self.y2)

    def __eq__(self, other):
        return isinstance(other, Area) and self.tuple() == other.tuple()

    def __repr__(self):
        return "Area(%d, %d, %d, %d)" % self.tuple()


def union(a, b):
    """``displayio_area_union``: the box round both (an empty one counts for nothing)."""
    if a.empty():
        return b.copy()
    if b.empty():
        return a.copy()
    return Area(min(a.x1, b.x1), min(a.y1, b.y1), max(a.x2, b.x2), max(a.y2, b.y2))


def overlap(a, b):
    """``displayio_area_compute_overlap``: the common part, or None."""
    x1 = max(a.x1, b.x1)
    x2 = min(a.x2, b.x2)
    if x1 >= x2:
        return None
    y1 = max(a.y1, b.y1)
    y2 = min(a.y2, b.y2)
    if y1 >= y2:
        return None
    return Area(x1, y1, x2, y2)


class Transform:
    """``displayio_buffer_transform_t``: where a group's pixels go on the panel."""

    __slots__ = ("x", "y", "dx", "dy", "scale", "transpose_xy", "mirror_x", "mirror_y")

    def __init__(self, x=0, y=0, dx=0, dy=0, scale=0, transpose_xy=False, mirror_x=False, mirror_y=False):
        # All zero: a Group's transform before it is first put in a group
        # (the C struct is allocated cleared and set only then).
        self.x = x
        self.y = y
        self.dx = dx
        self.dy = dy
        self.scale = scale
        self.transpose_xy = transpose_xy
        self.mirror_x = mirror_x
        self.mirror_y = mirror_y


#: ``null_transform``: a layer in no group.
NULL_TRANSFORM = Transform(dx=1, dy=1, scale=1)


def _cdiv(a, b):
    # C's integer division (towards zero).
    quotient = abs(a) // abs(b)
    return quotient if (a < 0) == (b < 0) else -quotient


# -- the C state beside each stand-in object ----------------------------------


class _TileGridState:
    def __init__(self):
        self.previous_area = Area(0xFFFF, 0, 0xFFFF, 0)  # x1 == x2: never drawn
        self.current_area = Area()
        self.dirty_area = Area()
        self.moved = False
        self.full_change = False
        self.partial_change = False
        self.hidden_by_parent = False
        self.rendered_hidden = False
        self.in_group = False
        self.transform = None  # absolute_transform (a parent group's, shared)


class _GroupState:
    def __init__(self):
        self.hidden_by_parent = False
        self.in_group = False
        self.item_removed = False
        self.dirty_area = Area()
        self.transform = Transform()


class _ShapeState:
    def __init__(self):
        self.current_area = Area()
        self.ephemeral_dirty_area = Area()
        self.current_area_dirty = True
        self.in_group = False
        self.transform = NULL_TRANSFORM


class _PaletteState:
    def __init__(self):
        self.needs_refresh = False


class _BitmapState:
    def __init__(self, width, height):
        self.dirty_area = Area(0, 0, width, height)  # a new bitmap is dirty whole


def _kind(obj):
    return getattr(type(obj), "_dirty_kind", None)


def _state(obj):
    """The C state of a stand-in object (made as its constructor leaves it, the first time)."""
    state = obj.__dict__.get("_dirty")
    if state is not None:
        return state
    kind = _kind(obj)
    if kind == "tilegrid":
        state = _TileGridState()
    elif kind == "group":
        state = _GroupState()
    elif kind == "shape":
        state = _ShapeState()
        obj.__dict__["_dirty"] = state
        state.current_area = _shape_screen_area(obj, state)
        return state
    elif kind == "palette":
        state = _PaletteState()
    elif kind == "bitmap":
        state = _BitmapState(obj.width, obj.height)
    else:
        return None
    obj.__dict__["_dirty"] = state
    return state


def _members(group):
    return displaystate.members(group)


# -- TileGrid (shared-module/displayio/TileGrid.c) -----------------------------


def _tile_size(grid):
    return grid.width * grid.tile_width, grid.height * grid.tile_height


def _tilegrid_update_x(grid, state):
    pixel_width, pixel_height = _tile_size(grid)
    width = pixel_height if grid.transpose_xy else pixel_width
    t = state.transform or NULL_TRANSFORM
    area = state.current_area
    if t.transpose_xy:
        area.y1 = t.y + t.dy * grid.x
        area.y2 = t.y + t.dy * (grid.x + width)
        if area.y2 < area.y1:
            area.y1, area.y2 = area.y2, area.y1
    else:
        area.x1 = t.x + t.dx * grid.x
        area.x2 = t.x + t.dx * (grid.x + width)
        if area.x2 < area.x1:
            area.x1, area.x2 = area.x2, area.x1


def _tilegrid_update_y(grid, state):
    pixel_width, pixel_height = _tile_size(grid)
    height = pixel_width if grid.transpose_xy else pixel_height
    t = state.transform or NULL_TRANSFORM
    area = state.current_area
    if t.transpose_xy:
        area.x1 = t.x + t.dx * grid.y
        area.x2 = t.x + t.dx * (grid.y + height)
        if area.x2 < area.x1:
            area.x1, area.x2 = area.x2, area.x1
    else:
        area.y1 = t.y + t.dy * grid.y
        area.y2 = t.y + t.dy * (grid.y + height)
        if area.y2 < area.y1:
            area.y1, area.y2 = area.y2, area.y1


def _tilegrid_update_transform(grid, transform):
    state = _state(grid)
    state.in_group = transform is not None
    state.transform = transform
    if transform is not None:
        state.moved = True
        _tilegrid_update_x(grid, state)
        _tilegrid_update_y(grid, state)


def _tilegrid_set_hidden(grid, hidden):
    state = _state(grid)
    state.rendered_hidden = False
    if not hidden:
        state.full_change = True


def _tilegrid_set_hidden_by_parent(grid, hidden):
    state = _state(grid)
    state.hidden_by_parent = hidden
    state.rendered_hidden = False
    if not hidden:
        state.full_change = True


def _tilegrid_previous_area(grid):
    area = _state(grid).previous_area
    return None if area.x1 == area.x2 else area.copy()


def _tilegrid_moved(grid, axis):
    state = _state(grid)
    state.moved = True
    if state.transform is not None:
        (_tilegrid_update_x if axis == "x" else _tilegrid_update_y)(grid, state)


def _tilegrid_transposed(grid):
    state = _state(grid)
    pixel_width, pixel_height = _tile_size(grid)
    if pixel_width == pixel_height:
        state.full_change = True
        return
    _tilegrid_update_x(grid, state)
    _tilegrid_update_y(grid, state)
    state.moved = True


def _tilegrid_mark_tile_dirty(grid, x, y):
    state = _state(grid)
    tile = Area(x * grid.tile_width, y * grid.tile_height, (x + 1) * grid.tile_width, (y + 1) * grid.tile_height)
    if state.partial_change:
        state.dirty_area = union(state.dirty_area, tile)
    else:
        state.dirty_area = tile
    state.partial_change = True


def _tiles_in_bitmap(grid):
    return (grid.bitmap.width // grid.tile_width) * (grid.bitmap.height // grid.tile_height)


def _tilegrid_get_refresh_areas(grid, listed):
    state = _state(grid)
    previous = state.previous_area
    first_draw = previous.x1 == previous.x2
    hidden = grid.hidden or state.hidden_by_parent
    if hidden:
        state.rendered_hidden = True
        if not first_draw:
            listed.append((previous.copy(), grid))
        return
    if state.moved and not first_draw:
        state.dirty_area = union(previous, state.current_area)
        pixel_width, pixel_height = _tile_size(grid)
        if state.dirty_area.size() <= 2 * pixel_width * pixel_height:
            listed.append((state.dirty_area.copy(), grid))
            return
        listed.append((previous.copy(), grid))
        listed.append((state.current_area.copy(), grid))
        return
    bitmap = grid.bitmap
    if _kind(bitmap) == "bitmap":
        dirty = _state(bitmap).dirty_area
        if dirty.x1 != dirty.x2:
            if _tiles_in_bitmap(grid) == 1:
                state.dirty_area = dirty.copy()
                state.partial_change = True
            else:
                state.full_change = True
    shader = grid.pixel_shader
    if _kind(shader) == "palette" and _state(shader).needs_refresh:
        state.full_change = True
    if state.full_change or first_draw:
        listed.append((state.current_area.copy(), grid))
        return
    if state.partial_change:
        t = state.transform
        x, y = grid.x, grid.y
        if t.transpose_xy:
            x, y = y, x
        pixel_width, pixel_height = _tile_size(grid)
        dirty = state.dirty_area
        x1, x2, y1, y2 = dirty.x1, dirty.x2, dirty.y1, dirty.y2
        if grid.flip_x:
            x1, x2 = pixel_width - x1, pixel_width - x2
        if grid.flip_y:
            y1, y2 = pixel_height - y1, pixel_height - y2
        if grid.transpose_xy != t.transpose_xy:
            x1, y1 = y1, x1
            x2, y2 = y2, x2
        dirty = state.dirty_area = Area(
            t.x + t.dx * (x + x1), t.y + t.dy * (y + y1), t.x + t.dx * (x + x2), t.y + t.dy * (y + y2)
        )
        dirty.canon()
        listed.append((dirty.copy(), grid))


def _tilegrid_finish_refresh(grid, hidden_grids=None):
    # ``hidden_grids``: a list that gets the grid if it is hidden (the
    # display's, for the refreshes nobody writes for).
    state = _state(grid)
    previous = state.previous_area
    first_draw = previous.x1 == previous.x2
    hidden = grid.hidden or state.hidden_by_parent
    if not first_draw and hidden:
        previous.x2 = previous.x1
    elif state.moved or first_draw:
        previous.set(state.current_area)
    if hidden and hidden_grids is not None:
        hidden_grids.append(state)
    state.moved = False
    state.full_change = False
    state.partial_change = False
    if _kind(grid.pixel_shader) == "palette":
        _state(grid.pixel_shader).needs_refresh = False
    if _kind(grid.bitmap) == "bitmap":
        dirty = _state(grid.bitmap).dirty_area
        dirty.x1 = dirty.x2 = 0


# -- vectorio (shared-module/vectorio/VectorShape.c, Rectangle.c) ---------------


def _shape_screen_area(shape, state):
    # _get_screen_area: the rectangle's own area, moved by the shape's x, y
    # through its group's transform (its size is not scaled).
    area = Area(0, 0, shape.width, shape.height)
    t = state.transform
    if t.transpose_xy:
        x = t.x + t.dx * shape.y
        y = t.y + t.dy * shape.x
        if t.dx < 1:
            x -= 1
            area.y1, area.y2 = -area.y1 + 1, -area.y2 + 1
        if t.dy < 1:
            y -= 1
            area.x1, area.x2 = -area.x1 + 1, -area.x2 + 1
        area.x1, area.y1, area.x2, area.y2 = area.y1, area.x1, area.y2, area.x2
    else:
        x = t.x + t.dx * shape.x
        y = t.y + t.dy * shape.y
        if t.dx < 1:
            x -= 1
            area.x1, area.x2 = -area.x1 + 1, -area.x2 + 1
        if t.dy < 1:
            y -= 1
            area.y1, area.y2 = -area.y1 + 1, -area.y2 + 1
    area.canon()
    return Area(area.x1 + x, area.y1 + y, area.x2 + x, area.y2 + y)


def _shape_set_dirty(shape):
    state = _state(shape)
    current = _shape_screen_area(shape, state)
    if current != state.current_area:
        state.ephemeral_dirty_area = union(state.current_area, state.ephemeral_dirty_area)
        state.current_area = current
    state.current_area_dirty = True


def _shape_update_transform(shape, transform):
    state = _state(shape)
    state.transform = NULL_TRANSFORM if transform is None else transform
    _shape_set_dirty(shape)


def _c_overlap_size(a, b):
    # The size get_refresh_areas takes for the overlap of a shape's old and
    # new areas: compute_overlap fills in x, then y, and stops where one
    # does not overlap; the size is then read anyway. Apart in y: the
    # negative height wraps (uint16_t), a huge size. Apart in x: y was never
    # set (taken as 0 here).
    x1 = max(a.x1, b.x1)
    x2 = min(a.x2, b.x2)
    if x1 >= x2:
        return 0
    return ((x2 - x1) & 0xFFFF) * ((min(a.y2, b.y2) - max(a.y1, b.y1)) & 0xFFFF)


def _shape_get_refresh_areas(shape, listed):
    state = _state(shape)
    shader = shape.pixel_shader
    palette_dirty = _kind(shader) == "palette" and _state(shader).needs_refresh
    ephemeral = state.ephemeral_dirty_area
    current = state.current_area
    if state.current_area_dirty or palette_dirty:
        if not ephemeral.empty():
            common_size = _c_overlap_size(ephemeral, current)
            both = union(ephemeral, current)
            dirty_size = ephemeral.size()
            current_size = current.size()
            # uint32_t arithmetic, as in C: an overlap larger than the union wraps.
            excluded = (both.size() - dirty_size - current_size + common_size) & 0xFFFFFFFF
            if excluded <= min(dirty_size, current_size):
                state.ephemeral_dirty_area = ephemeral = both
            else:
                listed.append((current.copy(), shape))
            listed.append((ephemeral.copy(), shape))
        else:
            state.current_area_dirty = True
            listed.append((current.copy(), shape))
    elif not ephemeral.empty():
        listed.append((ephemeral.copy(), shape))


def _shape_finish_refresh(shape):
    state = _state(shape)
    if state.ephemeral_dirty_area.empty() and not state.current_area_dirty:
        return
    state.ephemeral_dirty_area.x1 = state.ephemeral_dirty_area.x2
    state.current_area_dirty = False
    if _kind(shape.pixel_shader) == "palette":
        _state(shape.pixel_shader).needs_refresh = False


def _shape_dirty_area(shape):
    state = _state(shape)
    return union(state.ephemeral_dirty_area, state.current_area)


# -- Group (shared-module/displayio/Group.c) -----------------------------------


def _group_set_hidden(group, hidden):
    state = _state(group)
    if state.hidden_by_parent:
        return
    for layer in _members(group):
        kind = _kind(layer)
        if kind == "tilegrid":
            _tilegrid_set_hidden_by_parent(layer, hidden)
        elif kind == "group":
            _group_set_hidden_by_parent(layer, hidden)
        elif kind == "shape":
            _shape_set_dirty(layer)


def _group_set_hidden_by_parent(group, hidden):
    state = _state(group)
    if state.hidden_by_parent == hidden:
        return
    state.hidden_by_parent = hidden
    if group.hidden:
        return
    for layer in _members(group):
        kind = _kind(layer)
        if kind == "tilegrid":
            _tilegrid_set_hidden_by_parent(layer, hidden)
        elif kind == "group":
            _group_set_hidden_by_parent(layer, hidden)
        elif kind == "shape":
            _shape_set_dirty(layer)


def _group_previous_area(group):
    area = None
    last = None  # the C loop's layer_area: kept from one member to the next
    for layer in _members(group):
        kind = _kind(layer)
        if kind == "tilegrid" or kind == "group":
            found = _tilegrid_previous_area(layer) if kind == "tilegrid" else _group_previous_area(layer)
            if found is None:
                continue
            last = found
        elif last is None:
            continue  # a vectorio shape before any area: C reads one never set
        area = last.copy() if area is None else union(area, last)
    state = _state(group)
    if state.item_removed:
        area = state.dirty_area.copy() if area is None else union(area, state.dirty_area)
    return area


def _group_update_child_transforms(group):
    state = _state(group)
    if not state.in_group:
        return
    for layer in _members(group):
        kind = _kind(layer)
        if kind == "shape":
            _shape_update_transform(layer, state.transform)
        elif kind == "tilegrid":
            _tilegrid_update_transform(layer, state.transform)
        elif kind == "group":
            _group_update_transform(layer, state.transform)


def _group_update_transform(group, parent):
    state = _state(group)
    state.in_group = parent is not None
    if parent is not None:
        x, y = group.x, group.y
        if parent.transpose_xy:
            x, y = y, x
        t = state.transform
        t.x = parent.x + parent.dx * x
        t.y = parent.y + parent.dy * y
        t.dx = parent.dx * group.scale
        t.dy = parent.dy * group.scale
        t.transpose_xy = parent.transpose_xy
        t.mirror_x = parent.mirror_x
        t.mirror_y = parent.mirror_y
        t.scale = parent.scale * group.scale
    _group_update_child_transforms(group)


def _group_set_scale(group, old, new):
    t = _state(group).transform
    parent_scale = _cdiv(t.scale, old)
    t.dx = _cdiv(t.dx, old) * new
    t.dy = _cdiv(t.dy, old) * new
    t.scale = parent_scale * new
    _group_update_child_transforms(group)


def _group_set_position(group, axis, old, new, scale):
    t = _state(group).transform
    if (axis == "x") != t.transpose_xy:
        t.x += _cdiv(t.dx, scale) * (new - old)
    else:
        t.y += _cdiv(t.dy, scale) * (new - old)
    _group_update_child_transforms(group)


def _group_add_layer(group, layer):
    state = _state(group)
    kind = _kind(layer)
    hidden = group.hidden or state.hidden_by_parent
    if kind == "shape":
        _state(layer).in_group = True
        _shape_update_transform(layer, state.transform)
    elif kind == "tilegrid":
        _state(layer).in_group = True
        _tilegrid_update_transform(layer, state.transform)
        _tilegrid_set_hidden_by_parent(layer, hidden)
    elif kind == "group":
        _state(layer).in_group = True
        _group_update_transform(layer, state.transform)
        _group_set_hidden_by_parent(layer, hidden)


def _group_remove_layer(group, layer):
    kind = _kind(layer)
    area = None
    if kind == "shape":
        area = _shape_dirty_area(layer)
        _shape_update_transform(layer, None)
        _state(layer).in_group = False
    elif kind == "tilegrid":
        _state(layer).in_group = False
        area = _tilegrid_previous_area(layer)
        _tilegrid_update_transform(layer, None)
    elif kind == "group":
        _state(layer).in_group = False
        area = _group_previous_area(layer)
        _group_update_transform(layer, None)
    if area is None:
        return
    state = _state(group)
    state.dirty_area = union(state.dirty_area, area) if state.item_removed else area
    state.item_removed = True


def _group_get_refresh_areas(group, listed):
    # Built as C builds its linked list (each layer's areas put in front),
    # here in reverse: ``listed`` ends with the first area to be sent.
    state = _state(group)
    if state.item_removed:
        listed.append((state.dirty_area.copy(), group))
    for layer in reversed(_members(group)):
        kind = _kind(layer)
        if kind == "shape":
            _shape_get_refresh_areas(layer, listed)
        elif kind == "tilegrid":
            if not _state(layer).rendered_hidden:
                _tilegrid_get_refresh_areas(layer, listed)
        elif kind == "group":
            _group_get_refresh_areas(layer, listed)


def _group_finish_refresh(group, hidden_grids=None):
    _state(group).item_removed = False
    for layer in reversed(_members(group)):
        kind = _kind(layer)
        if kind == "shape":
            _shape_finish_refresh(layer)
        elif kind == "tilegrid":
            _tilegrid_finish_refresh(layer, hidden_grids)
        elif kind == "group":
            _group_finish_refresh(layer, hidden_grids)


def _adopt(group, hidden):
    # A tree built before the hooks were in place: the links C keeps for
    # each layer (in_group, hidden_by_parent, its group's transform) are
    # made from the tree as it is, as its appends would have made them
    # (a layer is hidden by its parent while any group above it is hidden).
    for layer in _members(group):
        state = _state(layer)
        if state is None:
            continue
        state.in_group = True
        if isinstance(state, _ShapeState):
            continue
        state.hidden_by_parent = hidden
        if isinstance(state, _GroupState):
            _adopt(layer, hidden or layer.hidden)


# -- render work (shared-module/displayio/Group.c, TileGrid.c: fill_area) ----------


def _opaque(shader):
    if _kind(shader) != "palette":
        return True
    return not any(shader.is_transparent(index) for index in range(len(shader)))


def fill_work(group, area):
    """Layer pixels displayio visits to render ``area`` from ``group``: each
    visible layer over it, top first, its overlap with the area, until one
    covers the area whole with opaque pixels (``fill_area``'s early end)."""
    work = [0]
    _fill(group, area, work)
    return work[0]


def _fill(group, area, work):
    if group.hidden:
        return False
    for layer in reversed(_members(group)):
        kind = _kind(layer)
        if kind == "group":
            if _fill(layer, area, work):
                return True
            continue
        if layer.hidden or (kind == "tilegrid" and _state(layer).hidden_by_parent):
            continue
        state = _state(layer)
        common = overlap(area, state.current_area)
        if common is None:
            continue
        work[0] += common.size()
        if common == area and _opaque(layer.pixel_shader):
            return True
    return False


# -- the display (shared-module/displayio/display_core.c, busdisplay/BusDisplay.c) ---


class Display:
    """The firmware's side of one display: its transform, its root group,
    and what each refresh sends.

    :param int width: pixels across after rotation (``display.width``).
    :param int height: pixels down after rotation.
    :param int rotation: the board's ``rotation`` (0, 90, 180, 270).
    :param int depth: bits per pixel (16 for the SPI panels).
    """

    def __init__(self, width, height, rotation=0, depth=16):
        self.rotation = rotation
        self.depth = depth
        # display_core_set_rotation: the panel's own width and height, and
        # the transform from the root group's coordinates to the panel's.
        transposed = rotation in (90, 270)
        native_width, native_height = (height, width) if transposed else (width, height)
        self.area = Area(0, 0, native_width, native_height)
        t = self.transform = Transform(dx=1, dy=1, scale=1, transpose_xy=transposed)
        if rotation == 180:
            t.mirror_x = t.mirror_y = True
        elif rotation == 270:
            t.mirror_y = True
        elif rotation == 90:
            t.mirror_x = True
        if t.mirror_x:
            t.x = native_width
            t.dx = -1
        if t.mirror_y:
            t.y = native_height
            t.dy = -1
        self.root = None
        self.full_refresh = False
        self._written = None  # WRITES at the last refresh
        self._hidden_grids = ()  # the C states of the tree's hidden TileGrids at the last refresh

    def set_root_group(self, group):
        """``root_group = group``: a new one is drawn whole at the next refresh.

        :raises ValueError: ``group`` is in another group (the firmware's
            "Group already used").
        """
        if group is self.root:
            return
        if group is not None and _state(group).in_group:
            raise ValueError("Group already used")
        if self.root is not None:
            _state(self.root).in_group = False
        if group is not None:
            _adopt(group, group.hidden)
            _group_update_transform(group, self.transform)
            _state(group).in_group = True
        self.root = group
        self.full_refresh = True

    def refresh_sources(self):
        """The dirty areas of this refresh, in the order they are sent
        (``_get_refresh_areas``), each as its own Area, with the layer that
        listed it: [(Area, TileGrid, vectorio shape or Group; None: the
        whole screen)]; ``finish_refresh`` ends the refresh."""
        if self.full_refresh:
            return [(self.area.copy(), None)]
        if self.root is None:
            return []
        listed = []
        _group_get_refresh_areas(self.root, listed)
        listed.reverse()
        return listed

    def windows(self, area):
        """The windows one dirty area is sent in (``_refresh_area``): clipped
        to the panel, then rows of at most the area buffer's pixels."""
        clipped = overlap(self.area, area)
        if clipped is None:
            return []
        buffer_pixels = AREA_BUFFER_BYTES * 8 // self.depth
        width = clipped.width()
        if width * clipped.height() <= buffer_pixels:
            return [clipped]
        rows = max(1, buffer_pixels // width)
        return [Area(clipped.x1, y, clipped.x2, min(y + rows, clipped.y2)) for y in range(clipped.y1, clipped.y2, rows)]

    def finish_refresh(self):
        """``displayio_display_core_finish_refresh``: every layer of the tree forgets its changes."""
        hidden = []
        if self.root is not None:
            _group_finish_refresh(self.root, hidden)
        self._hidden_grids = hidden
        # After the whole screen, the next refresh is walked whatever was
        # written: the full refresh asked no layer for its areas, so each
        # hidden TileGrid still has the area it took at this finish to
        # send (its first refresh hidden sends it once).
        self._written = None if self.full_refresh else WRITES[0]
        self.full_refresh = False

    def unchanged(self):
        """True if nothing was written since the last refresh, which was
        not a full one, and no new root waits: the firmware then finds
        nothing to send."""
        return not self.full_refresh and self._written == WRITES[0]

    def finish_unchanged(self):
        """A refresh after no writes, without walking the tree: the only
        thing such a refresh changes is the area each hidden TileGrid keeps
        (``finish_refresh`` forgets it, and takes it again the next time)."""
        for state in self._hidden_grids:
            previous = state.previous_area
            if previous.x1 == previous.x2:
                previous.set(state.current_area)
            else:
                previous.x2 = previous.x1

    def window_count(self, area):
        """How many windows ``windows(area)`` makes, without making them."""
        clipped = overlap(self.area, area)
        if clipped is None:
            return 0
        buffer_pixels = AREA_BUFFER_BYTES * 8 // self.depth
        width = clipped.width()
        height = clipped.height()
        if width * height <= buffer_pixels:
            return 1
        rows = max(1, buffer_pixels // width)
        return -(-height // rows)


# -- the hooks ---------------------------------------------------------------
#
# Each hook lets the stand-in do its write, then tells the C state what the
# firmware's own setter would have done (with the value before, where the
# setter compares).


def _wrap(cls, name, make):
    original = cls.__dict__.get(name) or getattr(cls, name)
    hooked = make(original)
    hooked.__name__ = name
    setattr(cls, name, hooked)


def _setattr_hook(handlers):
    def make(original):
        def __setattr__(self, name, value):
            handler = handlers.get(name)
            if handler is None:
                original(self, name, value)
                return
            if displaystate.state(self) is None:  # still in its constructor
                original(self, name, value)
                return
            WRITES[0] += 1
            before = getattr(self, name, None)
            original(self, name, value)
            handler(self, name, before, getattr(self, name))

        return __setattr__

    return make


def _changed(action):
    def handler(obj, name, before, after):
        if after != before:
            action(obj, name)

    return handler


def _always(action):
    def handler(obj, name, before, after):
        action(obj, name)

    return handler


_TILEGRID_SETTERS = {
    "hidden": lambda grid, name, before, after: _tilegrid_set_hidden(grid, bool(after)),
    "x": _changed(_tilegrid_moved),
    "y": _changed(_tilegrid_moved),
    "pixel_shader": _always(lambda grid, name: setattr(_state(grid), "full_change", True)),
    "bitmap": _always(lambda grid, name: setattr(_state(grid), "full_change", True)),
    "flip_x": _changed(lambda grid, name: setattr(_state(grid), "full_change", True)),
    "flip_y": _changed(lambda grid, name: setattr(_state(grid), "full_change", True)),
    "transpose_xy": _changed(lambda grid, name: _tilegrid_transposed(grid)),
}


def _group_hidden(group, name, before, after):
    if bool(after) != bool(before):
        _group_set_hidden(group, bool(after))


def _group_moved(group, name, before, after):
    if after != before:
        _group_set_position(group, name, before, after, group.scale)


def _group_scaled(group, name, before, after):
    if after != before:
        _group_set_scale(group, before, after)


_GROUP_SETTERS = {"hidden": _group_hidden, "x": _group_moved, "y": _group_moved, "scale": _group_scaled}

_SHAPE_SETTERS = {
    "x": _changed(lambda shape, name: _shape_set_dirty(shape)),
    "y": _changed(lambda shape, name: _shape_set_dirty(shape)),
    "hidden": _always(lambda shape, name: _shape_set_dirty(shape)),
    "pixel_shader": _always(lambda shape, name: _shape_set_dirty(shape)),
    "width": _always(lambda shape, name: _shape_set_dirty(shape)),
    "height": _always(lambda shape, name: _shape_set_dirty(shape)),
    "color_index": _always(lambda shape, name: _shape_set_dirty(shape)),
}


def _index(obj, key):
    if isinstance(key, tuple):
        return key[0], key[1]
    return key % obj.width, key // obj.width


def _hook_tilegrid(cls):
    cls._dirty_kind = "tilegrid"
    _wrap(cls, "__setattr__", _setattr_hook(_TILEGRID_SETTERS))

    def make(original):
        def __setitem__(self, key, value):
            original(self, key, value)
            WRITES[0] += 1
            x, y = _index(self, key)
            _tilegrid_mark_tile_dirty(self, x, y)

        return __setitem__

    _wrap(cls, "__setitem__", make)


def _hook_group(cls):
    cls._dirty_kind = "group"
    _wrap(cls, "__setattr__", _setattr_hook(_GROUP_SETTERS))

    def adding(original):
        def method(self, *args):
            WRITES[0] += 1
            layer = args[-1]
            _group_add_layer(self, layer)
            original(self, *args)

        return method

    def position(group, index):
        count = len(_members(group))
        if not -count <= index < count:
            raise IndexError("index out of range")
        return index + count if index < 0 else index

    def pop(original):
        def method(self, index=-1):
            WRITES[0] += 1
            _group_remove_layer(self, _members(self)[position(self, index)])
            return original(self, index)

        return method

    def remove(original):
        def method(self, layer):
            WRITES[0] += 1
            _group_remove_layer(self, _members(self)[_members(self).index(layer)])
            original(self, layer)

        return method

    def setitem(original):
        def method(self, index, layer):
            WRITES[0] += 1
            old = _members(self)[position(self, index)]
            _group_add_layer(self, layer)
            _group_remove_layer(self, old)
            original(self, index, layer)

        return method

    def delitem(original):
        def method(self, index):
            WRITES[0] += 1
            _group_remove_layer(self, _members(self)[position(self, index)])
            original(self, index)

        return method

    _wrap(cls, "append", adding)
    _wrap(cls, "insert", adding)
    _wrap(cls, "pop", pop)
    _wrap(cls, "remove", remove)
    _wrap(cls, "__setitem__", setitem)
    _wrap(cls, "__delitem__", delitem)


def _hook_palette(cls):
    cls._dirty_kind = "palette"

    def setitem(original):
        def __setitem__(self, index, colour):
            before = self[index]
            original(self, index, colour)
            WRITES[0] += 1
            if self[index] != before:
                _state(self).needs_refresh = True

        return __setitem__

    def marking(original):
        def method(self, index):
            original(self, index)
            WRITES[0] += 1
            _state(self).needs_refresh = True

        return method

    _wrap(cls, "__setitem__", setitem)
    _wrap(cls, "make_transparent", marking)
    _wrap(cls, "make_opaque", marking)


def bitmap_dirty(bitmap, x1, y1, x2, y2):
    """``displayio_bitmap_set_dirty_area``: add a box to a bitmap's dirty area (clipped to it)."""
    if _kind(bitmap) != "bitmap":
        return
    WRITES[0] += 1
    area = Area(x1, y1, x2, y2)
    area.canon()
    state = _state(bitmap)
    state.dirty_area = overlap(union(area, state.dirty_area), Area(0, 0, bitmap.width, bitmap.height)) or Area()


def _hook_bitmap(cls):
    cls._dirty_kind = "bitmap"

    def setitem(original):
        def __setitem__(self, key, value):
            original(self, key, value)
            x, y = _index(self, key)
            bitmap_dirty(self, x, y, x + 1, y + 1)

        return __setitem__

    def fill(original):
        def method(self, value):
            original(self, value)
            bitmap_dirty(self, 0, 0, self.width, self.height)

        return method

    def dirty(original):
        def method(self, x1=0, y1=0, x2=-1, y2=-1):
            original(self, x1, y1, x2, y2)
            bitmap_dirty(self, x1, y1, self.width if x2 == -1 else x2, self.height if y2 == -1 else y2)

        return method

    _wrap(cls, "__setitem__", setitem)
    _wrap(cls, "fill", fill)
    _wrap(cls, "dirty", dirty)


def _hook_bitmaptools(module):
    # Each function marks what it wrote in its destination (bitmaptools.c):
    # fill_region its box, blit where the source lands, the others all of it.
    def fill_region(original):
        def function(dest_bitmap, x1, y1, x2, y2, value):
            original(dest_bitmap, x1, y1, x2, y2, value)
            bitmap_dirty(dest_bitmap, x1, y1, x2, y2)

        return function

    def blit(original):
        def function(dest_bitmap, source_bitmap, x, y, *, x1=0, y1=0, x2=None, y2=None, **skips):
            original(dest_bitmap, source_bitmap, x, y, x1=x1, y1=y1, x2=x2, y2=y2, **skips)
            x2 = source_bitmap.width if x2 is None else x2
            y2 = source_bitmap.height if y2 is None else y2
            bitmap_dirty(dest_bitmap, x, y, x + x2 - x1, y + y2 - y1)

        return function

    def whole(original):
        def function(dest_bitmap, *args, **kwargs):
            original(dest_bitmap, *args, **kwargs)
            bitmap_dirty(dest_bitmap, 0, 0, dest_bitmap.width, dest_bitmap.height)

        return function

    for name, value in list(vars(module).items()):
        if name.startswith("_") or not callable(value) or getattr(value, "__module__", None) != module.__name__:
            continue
        make = fill_region if name == "fill_region" else blit if name == "blit" else whole
        hooked = make(value)
        hooked.__name__ = name
        hooked.__module__ = module.__name__  # still the module's own (the glass counts its calls)
        setattr(module, name, hooked)


def _hook_shape(cls):
    cls._dirty_kind = "shape"
    _wrap(cls, "__setattr__", _setattr_hook(_SHAPE_SETTERS))


def _hook_board(module):
    # The fake display (standins/board.py) tells its glass's firmware of
    # each new root group as it is set, as display_core's set_root_group
    # acts at once (setting another and back still asks for the whole screen).
    cls = getattr(module, "FakeDisplay", None)
    if not isinstance(cls, type) or "_dirty_kind" in cls.__dict__:
        return
    cls._dirty_kind = "display"

    def make(original):
        def __setattr__(self, name, value):
            glass = self.__dict__.get("glass")
            if name == "root_group" and glass is not None:
                install(sys.modules)  # the group's module may be new since the glass was made
                glass.firmware.set_root_group(value)
            original(self, name, value)

        return __setattr__

    _wrap(cls, "__setattr__", make)


def install(modules):
    """Hook the stand-in modules in ``modules`` (a name -> module mapping,
    e.g. sys.modules) that are loaded and not hooked yet (idempotent)."""
    hooks = (
        ("displayio", _hook_displayio),
        ("vectorio", _hook_vectorio),
        ("bitmaptools", _hook_bitmaptools),
        ("board", _hook_board),
    )
    for name, hook in hooks:
        module = modules.get(name)
        if module is None or getattr(module, "_dirty_hooked", False):
            continue
        hook(module)
        module._dirty_hooked = True


def _hook_displayio(module):
    for name, hook in (
        ("TileGrid", _hook_tilegrid),
        ("Group", _hook_group),
        ("Palette", _hook_palette),
        ("Bitmap", _hook_bitmap),
    ):
        cls = getattr(module, name, None)
        if isinstance(cls, type) and "_dirty_kind" not in cls.__dict__:
            hook(cls)


def _hook_vectorio(module):
    cls = getattr(module, "Rectangle", None)
    if isinstance(cls, type) and "_dirty_kind" not in cls.__dict__:
        _hook_shape(cls)
