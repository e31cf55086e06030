# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The game's entry in Fruit Jam OS's launcher: metadata.json and icon.bmp
beside code.py in the bundle, read here as that launcher reads them.

The launcher (github.com/adafruit/Fruit-Jam-OS, src/code.py) lists a
folder holding code.py; it takes the title and the icon's file name from
the folder's metadata.json (json.load) and loads the icon with
adafruit_imageload's BMP reader, which reads the header's fields at fixed
offsets, takes the palette from just before the pixels and the rows
bottom-up. The reader below follows those rules and no code of the tool
that wrote the files (tools/ship/launcher_entry.py).
"""

import json
import struct

import pytest

from app import theme
from tools.ship import bundle as bundler
from tools.ship import launcher_entry

#: The launcher's own icons: 64 x 64 pixels (docs/boards.md, "The Fruit Jam's launcher").
ICON_SIZE = 64


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    """The real bundle as it goes onto the Fruit Jam: (board paths written, folder)."""
    out = tmp_path_factory.mktemp("fruit_jam") / "CIRCUITPY"
    _, written = bundler.build(out, quiet=True, repo_lib=False)
    return written, out


def launcher_entry_of(folder):
    """(title, icon path) as the launcher works them out for an app folder,
    or None when it does not list the folder (no code.py)."""
    if not (folder / "code.py").is_file():
        return None
    metadata = None
    if (folder / "metadata.json").is_file():
        metadata = json.loads((folder / "metadata.json").read_text())
    icon = folder / (metadata["icon"] if metadata and "icon" in metadata else "icon.bmp")
    title = metadata["title"] if metadata and "title" in metadata else folder.name
    return title, icon if icon.is_file() else None


def read_bmp(data):
    """What adafruit_imageload's BMP reader takes from ``data``: (width,
    height, bits a pixel, palette as 0xRRGGBB, rows of indices, the top row
    first). Fails on what it cannot read as an uncompressed indexed BMP."""
    assert data[:2] == b"BM", "not a BMP"
    (file_size,) = struct.unpack_from("<I", data, 2)
    (data_start,) = struct.unpack_from("<I", data, 10)
    (header_size,) = struct.unpack_from("<I", data, 14)
    width, height = struct.unpack_from("<ii", data, 0x12)
    (bits,) = struct.unpack_from("<H", data, 0x1C)
    (compression,) = struct.unpack_from("<H", data, 0x1E)
    (colours,) = struct.unpack_from("<I", data, 0x2E)
    assert file_size == len(data), "the header's size is not the file's"
    assert header_size >= 40 and compression == 0, "not an uncompressed BMP"
    assert height > 0, "a top-down BMP (negative height) needs long ints on the board"
    colours = colours or 2**bits
    assert bits in (1, 2, 4, 8) and colours <= 2**bits, "not an indexed BMP"
    palette_start = data_start - 4 * colours
    assert palette_start >= 14 + header_size, "the palette overlaps the header"
    palette = []
    for at in range(colours):
        blue, green, red, _ = data[palette_start + 4 * at : palette_start + 4 * at + 4]
        palette.append(red << 16 | green << 8 | blue)
    row_bytes = (width * bits + 31) // 32 * 4
    assert data_start + row_bytes * height == len(data), "the pixels are not width x height"
    rows = []
    for y in range(height):
        row = data[data_start + row_bytes * (height - 1 - y) :][:row_bytes]
        per_byte = 8 // bits
        rows.append([(row[x // per_byte] >> (8 - bits * (x % per_byte + 1))) & (2**bits - 1) for x in range(width)])
    return width, height, bits, palette, rows


def test_the_bundle_is_an_app_folder_the_launcher_lists_with_title_and_icon(drive):
    written, out = drive
    assert {"code.py", "metadata.json", "icon.bmp"} <= set(written)
    metadata = json.loads((out / "metadata.json").read_text())
    assert metadata == {"title": "2048", "icon": "icon.bmp"}
    assert launcher_entry_of(out) == ("2048", out / "icon.bmp")


def test_the_icon_is_a_64_pixel_16_colour_bmp_the_launcher_loads(drive):
    _, out = drive
    width, height, bits, palette, rows = read_bmp((out / "icon.bmp").read_bytes())
    assert (width, height) == (ICON_SIZE, ICON_SIZE)
    assert bits == 4 and len(palette) == 16
    used = {value for row in rows for value in row}
    assert max(used) < len(palette)
    # Drawn in the game's colours: the board, the tiles 2, 4, 8 and 2048 and their digits.
    shown = {palette[value] for value in used}
    assert shown == {theme.BOARD, theme.DARK_TEXT, theme.LIGHT_TEXT} | {theme.tile_colour(e) for e in (1, 2, 3, 11)}
    # The 2048 tile (bottom right) carries ink: its four digits in the light text colour.
    quarter = [row[ICON_SIZE // 2 :] for row in rows[ICON_SIZE // 2 :]]
    ink = sum(palette[value] == theme.LIGHT_TEXT for row in quarter for value in row)
    assert ink > 4 * 10


def test_the_committed_files_are_what_the_tool_draws_and_check_sees_a_change(tmp_path, monkeypatch, capsys):
    assert launcher_entry.main(["--check"]) == 0
    for name in bundler.LAUNCHER_FILES:
        (tmp_path / name).write_bytes((launcher_entry.FOLDER / name).read_bytes())
    icon = bytearray((tmp_path / "icon.bmp").read_bytes())
    icon[-1] ^= 0x11  # two pixels of the top row
    (tmp_path / "icon.bmp").write_bytes(bytes(icon))
    monkeypatch.setattr(launcher_entry, "FOLDER", tmp_path)
    assert launcher_entry.main(["--check"]) == 1
    assert "launcher/icon.bmp differ" in capsys.readouterr().err
    assert (tmp_path / "icon.bmp").read_bytes() == bytes(icon)  # --check writes nothing


def test_the_reader_refuses_what_the_launcher_could_not_load():
    good = launcher_entry.bmp(*launcher_entry.draw())
    read_bmp(good)
    compressed = bytearray(good)
    struct.pack_into("<H", compressed, 0x1E, 2)  # RLE4
    short = good[:-32]  # a row missing
    top_down = bytearray(good)
    struct.pack_into("<i", top_down, 0x16, -ICON_SIZE)
    for bad in (bytes(compressed), short, bytes(top_down), b"PNG" + good[3:]):
        with pytest.raises(AssertionError):
            read_bmp(bad)
