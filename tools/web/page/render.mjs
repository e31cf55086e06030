// SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
// SPDX-License-Identifier: MIT
//
// The page's glass: draws the frames webhost.py's Screen writes (one per
// refresh that changed the screen) into RGB565 pixels, as the desktop's
// glass does with Blinka's displayio (tools/play/glass.py), so the canvas
// and the simulator show the same pixels for the same presses.
//
// A frame lists the visible layers in drawing order, each with the
// absolute position and scale of the group it is in, the layer's state
// bytes as the stand-ins keep them (tools/firmware/standins/
// displaystate.py says how) and its palette's; bitmaps are sent once
// and again only when they change (blobs), and kept here by index.
//
// Drawing rules (CircuitPython's displayio, which Blinka's follows): a
// tile grid covers what is under it where its colour is opaque; a palette
// index past the palette's end, or a transparent one, shows what is under
// it; a vectorio shape covers its whole area, in black (0) where its
// colour is transparent; nothing under anything is black (0). A tile grid at (x, y) in
// a group of scale s covers s * x .. s * (x + width * tile_width) from
// the group's origin, each bitmap pixel s x s; transpose_xy swaps the
// grid's axes on screen, then flip_x / flip_y mirror its own x / y. A
// vectorio Rectangle sits at s * (x, y) from the group's origin but is
// not scaled (width x height screen pixels).

// Byte offsets and flags of the stand-ins' state: displaystate.py's
// constants, written into layout.mjs by the build (tools/web/build.py), so
// the layout has one source.
import {
  BITMAP_BITS, BITMAP_HEIGHT, BITMAP_ROWS, BITMAP_WIDTH, COLOUR_BYTES, FLIP_X, FLIP_Y, GRID_COLUMNS, GRID_FLAGS,
  GRID_ROWS, PALETTE_COLOURS, PALETTE_COUNT, RECT_COLOUR, RECT_HEIGHT, RECT_WIDTH, TILE_HEIGHT, TILE_WIDTH,
  TILES as TILES_AT, TILES_IN_BITMAP, TRANSPARENT, TRANSPOSE_XY, X, Y,
} from "./layout.mjs";

// Layer kinds of a frame's records (webhost.py).
const TILES = 1;
const RECT = 2;

function u16(bytes, at) {
  return bytes[at] | (bytes[at + 1] << 8);
}

function s16(bytes, at) {
  const value = u16(bytes, at);
  return value > 32767 ? value - 65536 : value;
}

// 0xRRGGBB -> RGB565, as CircuitPython's colour converter (truncating).
export function rgb565(colour) {
  return ((colour >> 19) << 11) | (((colour >> 10) & 0x3f) << 5) | ((colour >> 3) & 0x1f);
}

function paletteOf(bytes) {
  const count = u16(bytes, PALETTE_COUNT);
  const colours = new Uint16Array(count);
  const opaque = new Uint8Array(count);
  for (let index = 0; index < count; index++) {
    const at = PALETTE_COLOURS + COLOUR_BYTES * index;
    colours[index] = rgb565(bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16));
    opaque[index] = bytes[at + TRANSPARENT] === 1 ? 0 : 1;
  }
  return { count, colours, opaque };
}

// A stand-in Bitmap's state -> {width, height, values: one per pixel}.
export function bitmapOf(state) {
  const width = u16(state, BITMAP_WIDTH);
  const height = u16(state, BITMAP_HEIGHT);
  const bits = state[BITMAP_BITS];
  const stride = Math.floor((width * bits + 31) / 32) * 4;
  const mask = (1 << bits) - 1;
  const values = new Uint16Array(width * height);
  for (let y = 0; y < height; y++) {
    const base = (BITMAP_ROWS + y * stride) * 8;
    for (let x = 0; x < width; x++) {
      const bit = base + x * bits;
      values[y * width + x] = (state[bit >> 3] >> (bit & 7)) & mask;
    }
  }
  return { width, height, bits, values };
}

function tilesOf(state, inline) {
  const count = u16(state, GRID_COLUMNS) * u16(state, GRID_ROWS);
  const wide = u16(state, TILES_IN_BITMAP) > 255;
  const tiles = new Uint16Array(count);
  const head = TILES_AT;
  for (let index = 0; index < count; index++) {
    if (state.length === head) {
      // up to 4 bytes of tiles, packed in the int ``_inline``
      const size = wide ? 16 : 8;
      tiles[index] = Number((BigInt(inline) >> BigInt(index * size)) & BigInt((1 << size) - 1));
    } else if (wide) {
      tiles[index] = state[head + 2 * index] | (state[head + 1 + 2 * index] << 8);
    } else {
      tiles[index] = state[head + index];
    }
  }
  return tiles;
}

// One screen axis of a tile grid: for each of ``count`` screen pixels from
// ``first`` (counted from the grid's edge on screen, ``span`` pixels long)
// the grid cell it falls in and its pixel in that cell's tile.
function axis(count, first, span, scale, flipped, tileSize) {
  const cell = new Int32Array(count);
  const inside = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const along = first + i;
    const local = Math.floor((flipped ? span - 1 - along : along) / scale);
    cell[i] = Math.floor(local / tileSize);
    inside[i] = local % tileSize;
  }
  return { cell, inside };
}

export class Glass {
  // width x height RGB565 pixels, drawn from frames.
  constructor(width, height) {
    this.width = width;
    this.height = height;
    this.pixels = new Uint16Array(width * height);
    this.bitmaps = new Map();
  }

  // Draw one frame (the bytes of webhost.FRAME_PATH).
  draw(frame) {
    const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
    const width = view.getUint16(0, true);
    const height = view.getUint16(2, true);
    if (width !== this.width || height !== this.height) {
      throw new Error(`a ${width}x${height} frame on a ${this.width}x${this.height} glass`);
    }
    const layerCount = view.getUint16(4, true);
    const blobCount = view.getUint16(6, true);
    let at = 8;
    const layers = [];
    for (let n = 0; n < layerCount; n++) {
      const kind = frame[at];
      const x = view.getInt16(at + 1, true);
      const y = view.getInt16(at + 3, true);
      const scale = frame[at + 5];
      if (kind === TILES) {
        const bitmap = view.getUint16(at + 6, true);
        const inline = view.getUint32(at + 8, true);
        const stateLength = view.getUint16(at + 12, true);
        const paletteLength = view.getUint16(at + 14, true);
        at += 16;
        const state = frame.subarray(at, at + stateLength);
        const palette = frame.subarray(at + stateLength, at + stateLength + paletteLength);
        at += stateLength + paletteLength;
        layers.push({ kind, x, y, scale, bitmap, inline, state, palette });
      } else if (kind === RECT) {
        const stateLength = view.getUint16(at + 6, true);
        const paletteLength = view.getUint16(at + 8, true);
        at += 10;
        const state = frame.subarray(at, at + stateLength);
        const palette = frame.subarray(at + stateLength, at + stateLength + paletteLength);
        at += stateLength + paletteLength;
        layers.push({ kind, x, y, scale, state, palette });
      } else {
        throw new Error(`unknown layer kind ${kind} at byte ${at}`);
      }
    }
    for (let n = 0; n < blobCount; n++) {
      const index = view.getUint16(at, true);
      const length = view.getUint32(at + 2, true);
      this.bitmaps.set(index, bitmapOf(frame.slice(at + 6, at + 6 + length)));
      at += 6 + length;
    }
    this.pixels.fill(0);
    for (const layer of layers) {
      if (layer.kind === TILES) {
        this._tiles(layer);
      } else {
        this._rect(layer);
      }
    }
    return this.pixels;
  }

  _tiles(layer) {
    const { state, scale } = layer;
    const bitmap = this.bitmaps.get(layer.bitmap);
    if (bitmap === undefined) {
      throw new Error(`bitmap ${layer.bitmap} was never sent`);
    }
    const palette = paletteOf(layer.palette);
    const tiles = tilesOf(state, layer.inline);
    const columns = u16(state, GRID_COLUMNS);
    const tileWidth = u16(state, TILE_WIDTH);
    const tileHeight = u16(state, TILE_HEIGHT);
    const flags = state[GRID_FLAGS];
    const transposed = (flags & TRANSPOSE_XY) !== 0;
    const flipX = (flags & FLIP_X) !== 0;
    const flipY = (flags & FLIP_Y) !== 0;
    const gridWidth = columns * tileWidth * scale;
    const gridHeight = u16(state, GRID_ROWS) * tileHeight * scale;
    const screenWidth = transposed ? gridHeight : gridWidth;
    const screenHeight = transposed ? gridWidth : gridHeight;
    const left = layer.x + scale * s16(state, X);
    const top = layer.y + scale * s16(state, Y);
    const sheetColumns = Math.floor(bitmap.width / tileWidth);
    const pixels = this.pixels;
    const x0 = Math.max(0, left);
    const x1 = Math.min(this.width, left + screenWidth);
    const y0 = Math.max(0, top);
    const y1 = Math.min(this.height, top + screenHeight);
    if (x1 <= x0 || y1 <= y0) {
      return;
    }
    // Where each screen column and row lands in the grid, worked out once
    // per layer (a 640x480 screen has 307,200 pixels): the grid's cell
    // (column or row) and the pixel in that cell's tile. A screen column
    // runs along the grid's x unless the grid is transposed (then its y),
    // a screen row along the other; flips mirror the grid's own axes.
    const across = transposed
      ? axis(x1 - x0, x0 - left, screenWidth, scale, flipY, tileHeight)
      : axis(x1 - x0, x0 - left, screenWidth, scale, flipX, tileWidth);
    const down = transposed
      ? axis(y1 - y0, y0 - top, screenHeight, scale, flipX, tileWidth)
      : axis(y1 - y0, y0 - top, screenHeight, scale, flipY, tileHeight);
    // Each grid cell's tile: where it starts in the bitmap.
    const cells = tiles.length;
    const startX = new Int32Array(cells);
    const startY = new Int32Array(cells);
    for (let cell = 0; cell < cells; cell++) {
      startX[cell] = (tiles[cell] % sheetColumns) * tileWidth;
      startY[cell] = Math.floor(tiles[cell] / sheetColumns) * tileHeight;
    }
    // Each value's colour, or -1 where what is under it shows.
    const lut = new Int32Array(1 << bitmap.bits).fill(-1);
    for (let value = 0; value < Math.min(palette.count, lut.length); value++) {
      if (palette.opaque[value]) {
        lut[value] = palette.colours[value];
      }
    }
    const values = bitmap.values;
    const bitmapWidth = bitmap.width;
    for (let sy = y0, j = 0; sy < y1; sy++, j++) {
      const line = sy * this.width;
      const downCell = down.cell[j];
      const downIn = down.inside[j];
      for (let sx = x0, i = 0; sx < x1; sx++, i++) {
        let cell;
        let bx;
        let by;
        if (transposed) {
          cell = across.cell[i] * columns + downCell;
          bx = startX[cell] + downIn;
          by = startY[cell] + across.inside[i];
        } else {
          cell = downCell * columns + across.cell[i];
          bx = startX[cell] + across.inside[i];
          by = startY[cell] + downIn;
        }
        const colour = lut[values[by * bitmapWidth + bx]];
        if (colour >= 0) {
          pixels[line + sx] = colour;
        }
      }
    }
  }

  _rect(layer) {
    const { state, scale } = layer;
    const palette = paletteOf(layer.palette);
    const index = u16(state, RECT_COLOUR);
    // A vectorio shape covers its area even in a transparent colour: it
    // draws 0 there (CircuitPython's VectorShape.c sets the pixel and its
    // mask bit whether or not the colour is opaque; Blinka does the same).
    const colour = index < palette.count && palette.opaque[index] ? palette.colours[index] : 0;
    const left = layer.x + scale * s16(state, X);
    const top = layer.y + scale * s16(state, Y);
    const x0 = Math.max(0, left);
    const x1 = Math.min(this.width, left + u16(state, RECT_WIDTH));
    const y0 = Math.max(0, top);
    const y1 = Math.min(this.height, top + u16(state, RECT_HEIGHT));
    for (let sy = y0; sy < y1; sy++) {
      this.pixels.fill(colour, sy * this.width + x0, sy * this.width + Math.max(x0, x1));
    }
  }
}
