# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Every picture in README.md and docs/ is what the code draws now (tools/check/pictures.py)."""

import re

from tools import ROOT
from tools.check import pictures
from tools.play.framebuffer import png_bytes

#: What a test that finds a picture or its row missing says.
FIX = "run: make docs (the pictures: tools/check/pictures.py; docs/boards.md's rows: tools/check/board_rows.py)"


def referenced():
    """Paths (from the root) of the PNGs that README.md and docs/*.md show."""
    paths = set()
    for page in [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md")):
        for target in re.findall(r"!\[[^\]]*\]\(([^)]+\.png)\)", page.read_text(encoding="utf-8")):
            paths.add((page.parent / target).resolve().relative_to(ROOT).as_posix())
    return paths


def test_every_stored_picture_is_what_the_code_draws():
    assert pictures.stale() == [], "run: make docs (it runs .venv/bin/python -m tools.check.pictures)"


def test_every_picture_the_docs_show_is_made_by_the_tool_and_every_one_it_makes_is_shown():
    shown = referenced()
    assert shown == set(pictures.PICTURES), (shown - set(pictures.PICTURES), set(pictures.PICTURES) - shown, FIX)
    stored = {
        path.relative_to(ROOT).as_posix()
        for folder in ("docs/screenshots", "docs/images")
        for path in (ROOT / folder).rglob("*.png")
    }
    assert stored == set(pictures.PICTURES), FIX  # no picture left behind that nothing makes


def test_a_picture_that_differs_by_one_pixel_is_caught():
    spec = pictures.PICTURES["docs/images/boards/pybadge-menu.png"]
    pixels, width, height = pictures.make(spec)
    assert pictures.pixels_of(png_bytes(pixels, width, height)) == pictures.pixels_of(pictures.png(spec))
    pixels = list(pixels)
    pixels[width * 60 + 80] ^= 0x0821
    assert pictures.pixels_of(png_bytes(pixels, width, height)) != pictures.pixels_of(pictures.png(spec))
    assert pictures.pixels_of(b"not a png") is None
