# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The game's entry in Fruit Jam OS's launcher: ``launcher/metadata.json`` and ``launcher/icon.bmp``.

Fruit Jam OS (github.com/adafruit/Fruit-Jam-OS) starts apps from a
launcher (its ``src/code.py``) that lists every folder under ``/apps`` and
``/sd/apps`` holding a ``code.py``. From the folder's ``metadata.json`` it
takes ``title`` (the name under the icon; the folder's name without it)
and ``icon`` (a file in the folder; ``icon.bmp`` without it), and draws
the icon with ``adafruit_imageload``: an uncompressed indexed BMP whose
palette sits just before the pixels. Its built-in apps' icons are 64 x 64
pixels, 4 or 8 bits a pixel, and a 3 x 2 grid of cells (about 88 x 91
pixels each at its 320- and 720-wide modes) has room for that and a line
of title. docs/boards.md, "The Fruit Jam's launcher", says how this was
checked.

The icon is drawn here from the game's own parts: a 2 x 2 board in
``app.theme``'s colours (the board, and the tiles 2, 4, 8 and 2048), each
number in the game's own misc-fixed digit fonts (fonts/, public domain;
9x18B is its font for 2 to 64, 6x13B for 1024 to 8192: tools/ship/make_fonts.py)
in the tile's own text colour. 16 colours, 4 bits a pixel, as the
launcher's own icons are. The bundle
(tools/ship/bundle.py) ships both files at the top of the game's files,
beside code.py, where the launcher looks for them once the game is the
folder ``/apps/2048``.

The files are committed (so the bundle needs only the board's Python);
this tool makes them::

    .venv/bin/python -m tools.ship.launcher_entry           # rewrites launcher/
    .venv/bin/python -m tools.ship.launcher_entry --check   # exit 1 if they differ from what it draws
"""

import json
import struct
import sys

from tools import ROOT, ArgumentParser

#: Where the committed files are; the bundle puts them at the drive's (or
#: the app folder's) top level under the same names.
FOLDER = ROOT / "launcher"
METADATA = "metadata.json"
ICON = "icon.bmp"
#: What the launcher shows under the icon.
TITLE = "2048"
#: The side of the launcher's built-in icons (pixels).
SIZE = 64
#: Bits a pixel, and so the palette's length: 16 colours.
BITS = 4
COLOURS = 1 << BITS
#: The board's gap between tiles and round it (pixels); a tile is the rest.
GAP = 2
TILE = (SIZE - 3 * GAP) // 2
#: The four tiles (exponent: 1 = "2" ... 11 = "2048"), left to right, top
#: to bottom, and the digit font each is drawn in (the game's own, by digits).
TILES = ((1, "9x18B-digits.pcf"), (2, "9x18B-digits.pcf"), (3, "9x18B-digits.pcf"), (11, "6x13B-digits.pcf"))
#: BMP's two headers: the file's (14 bytes) and BITMAPINFOHEADER (40).
FILE_HEADER = 14
INFO_HEADER = 40


def metadata():
    """The bytes of metadata.json: the title and the icon's file name."""
    return (json.dumps({"title": TITLE, "icon": ICON}, indent=2) + "\n").encode()


def _glyphs(font_name, digits):
    # The font's glyphs for ``digits``, read by the game's own PCF loader.
    import displayio
    from adafruit_bitmap_font.pcf import PCF

    with open(ROOT / "fonts" / font_name, "rb") as file:
        font = PCF(file, displayio.Bitmap)
        font.load_glyphs(digits)
        return [font.get_glyph(ord(digit)) for digit in digits]


def draw():
    """The icon as (palette, pixels): ``palette`` 16 colours (0xRRGGBB; the
    ones the icon does not use are black), ``pixels`` SIZE rows of SIZE
    palette indices, the top row first."""
    from app import theme

    colours = [theme.BOARD]

    def index(colour):
        if colour not in colours:
            colours.append(colour)
        return colours.index(colour)

    pixels = [[0] * SIZE for _ in range(SIZE)]
    for slot, (exponent, font_name) in enumerate(TILES):
        left = GAP + (slot % 2) * (TILE + GAP)
        top = GAP + (slot // 2) * (TILE + GAP)
        tile = index(theme.tile_colour(exponent))
        for y in range(top, top + TILE):
            for x in range(left, left + TILE):
                corner = (x in (left, left + TILE - 1)) and (y in (top, top + TILE - 1))
                pixels[y][x] = 0 if corner else tile  # the corners rounded off, as a pixel can
        ink = index(theme.text_colour(exponent))
        glyphs = _glyphs(font_name, str(2**exponent))
        width = sum(glyph.shift_x for glyph in glyphs)
        height = max(glyph.height for glyph in glyphs)
        pen = left + (TILE - width) // 2
        glyph_top = top + (TILE - height) // 2
        for glyph in glyphs:
            for y in range(glyph.height):
                for x in range(glyph.width):
                    if glyph.bitmap[x, y]:
                        pixels[glyph_top + y][pen + glyph.dx + x] = ink
            pen += glyph.shift_x
    if len(colours) > COLOURS:
        raise ValueError("the icon needs %d colours and a 4-bit BMP has %d" % (len(colours), COLOURS))
    return colours + [0] * (COLOURS - len(colours)), pixels


def bmp(palette, pixels):
    """An uncompressed 4-bit BMP of ``pixels`` (rows of indices, the top
    first) with its ``palette`` (16 colours, 0xRRGGBB) just before the
    pixels, the rows stored bottom-up and padded to 4 bytes."""
    height, width = len(pixels), len(pixels[0])
    row_bytes = (width * BITS + 31) // 32 * 4
    data_start = FILE_HEADER + INFO_HEADER + 4 * len(palette)
    image = bytearray()
    for row in reversed(pixels):
        packed = bytearray(row_bytes)
        for x, value in enumerate(row):
            packed[x // 2] |= value << (4 if x % 2 == 0 else 0)  # the left pixel in the high nibble
        image += packed
    header = struct.pack("<2sIHHI", b"BM", data_start + len(image), 0, 0, data_start)
    # size, width, height (positive: bottom-up), planes, bits, no compression,
    # image bytes, 2835 pixels a metre (72 dpi) each way, colours, all important
    info = struct.pack("<IiiHHIIiiII", INFO_HEADER, width, height, 1, BITS, 0, len(image), 2835, 2835, len(palette), 0)
    colours = b"".join(struct.pack("<BBBB", c & 0xFF, (c >> 8) & 0xFF, c >> 16, 0) for c in palette)
    return header + info + colours + bytes(image)


def files():
    """{file name: bytes} of the launcher's two files, as drawn now."""
    return {METADATA: metadata(), ICON: bmp(*draw())}


def main(argv=None):
    parser = ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare launcher/ with what this draws; write nothing")
    args = parser.parse_args(argv)
    stale = []
    for name, data in files().items():
        path = FOLDER / name
        if path.is_file() and path.read_bytes() == data:
            continue
        stale.append(name)
        if not args.check:
            FOLDER.mkdir(exist_ok=True)
            path.write_bytes(data)
            print("wrote %s (%s bytes)" % (path.relative_to(ROOT), format(len(data), ",")))
    if args.check and stale:
        print(
            "launcher_entry: launcher/%s differ from what the tool draws: run .venv/bin/python -m tools.ship.launcher_entry"
            % " and ".join(stale),
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
