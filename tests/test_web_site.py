# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The web site without a browser: what ``make web`` writes, and its renderer against the glass's.

The renderer check draws random trees of the display stand-ins (tile
grids of every flip and transpose, nested and scaled groups, rectangles,
transparent colours, layers partly off the screen) with the desktop's
glass (Blinka's displayio) and, from webhost.Screen's frame records, with
the page's render.mjs in Node; not one pixel may differ.
"""

import importlib.util
import json
import random
import shutil
import subprocess
from pathlib import Path

from tests.shared import make
from tools import ROOT
from tools.firmware import finder
from tools.ship import bundle
from tools.web import build

HERE = Path(__file__).resolve().parent
#: Random trees drawn by both renderers (seed 7's first 300 found the
#: transparent-rectangle rule the first renderer missed).
TREES = 1000


def read_pack(path):
    """{VM path: bytes} of a board.pack."""
    data = Path(path).read_bytes()
    length = int.from_bytes(data[:4], "little")
    base = 4 + length
    return {name: data[base + offset : base + offset + size] for name, offset, size in json.loads(data[4:base])}


def test_make_web_writes_the_site_from_the_boards_bundle(tmp_path):
    out = tmp_path / "web"
    result = make("web", "WEB_OUT=%s" % out)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "make web-serve serves it" in result.stdout
    names = {path.name for path in out.iterdir()}
    assert names == {"index.html", "host.mjs", "render.mjs", "layout.mjs", "micropython.mjs", "micropython.wasm"} | {
        "board.pack",
        "site.json",
        "NOTICE.txt",
    }
    # The bundle's files at the VM's root, byte for byte as make bundle writes them.
    board = tmp_path / "CIRCUITPY"
    _, written = bundle.build(out=board, repo_lib=False, quiet=True)
    packed = read_pack(out / "board.pack")
    on_root = {name[1:]: data for name, data in packed.items() if not name.startswith("/firmware/")}
    assert on_root == {str(path): (board / path).read_bytes() for path in written}
    # The board's code, and the data files it reads (the text strip at start-up, the solver's table).
    assert {"code.py", "fonts/6x12-latin2.strip", "engine/learned.tbl"} <= set(on_root)
    assert {"/firmware/webhost.mpy", "/firmware/fakeworld.mpy", "/firmware/displayio.mpy"} <= set(packed)
    # Nothing from elsewhere at run time: the page's files name no other site.
    for name in ("index.html", "host.mjs", "render.mjs", "layout.mjs"):
        text = (out / name).read_text()
        assert "http://" not in text and "https://" not in text and "//cdn" not in text, name
    facts = json.loads((out / "site.json").read_text())
    assert sorted(facts["boards"]) == sorted(bundle.supported_boards())
    assert facts["boards"]["pybadge"]["screen"] == [160, 128] and facts["boards"]["pybadge"]["nvm"] == 8192


def test_the_layout_the_page_reads_is_displaystates(tmp_path):
    finder.install()
    finder.fresh_modules()
    layout = importlib.import_module("displaystate").layout()
    exported = dict(
        line[len("export const ") : -1].split(" = ") for line in build.layout_module().splitlines() if line.startswith("export")
    )
    assert {name: int(value) for name, value in exported.items()} == layout
    assert "TRANSPOSE_XY" in layout and "BITMAP_ROWS" in layout


def _random_trees(folder, count, seed):
    # Each tree as webhost.Screen's frame (<n>.frame) and the glass's pixels (<n>.rgb565).
    finder.install()
    world = finder.fresh_modules()
    world.reset("pybadge")
    displayio = importlib.import_module("displayio")
    vectorio = importlib.import_module("vectorio")
    from tools.play import glass

    spec = importlib.util.spec_from_file_location("webhost_under_test", build.PAGE / "webhost.py")
    webhost = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(webhost)
    rng = random.Random(seed)

    def palette(count):
        shader = displayio.Palette(count)
        for index in range(count):
            shader[index] = rng.randrange(1 << 24)
            if rng.random() < 0.2:
                shader.make_transparent(index)
        return shader

    def tile_grid():
        tile_width, tile_height = rng.randint(1, 6), rng.randint(1, 6)
        across, down = rng.randint(1, 5), rng.randint(1, 4)
        values = rng.choice((2, 3, 4, 16, 17, 256))
        bitmap = displayio.Bitmap(tile_width * across, tile_height * down, values)
        shader = palette(rng.randint(1, min(values, 20)))
        # Values stay below the palette's length: Blinka 2.7.1 raises
        # IndexError on one equal to it (the game never has one).
        for y in range(bitmap.height):
            for x in range(bitmap.width):
                bitmap[x, y] = rng.randrange(len(shader))
        width, height = rng.randint(1, 5), rng.randint(1, 4)
        grid = displayio.TileGrid(
            bitmap,
            pixel_shader=shader,
            width=width,
            height=height,
            tile_width=tile_width,
            tile_height=tile_height,
            x=rng.randint(-20, 60),
            y=rng.randint(-20, 50),
        )
        for index in range(width * height):
            grid[index] = rng.randrange(across * down)
        grid.flip_x = rng.random() < 0.4
        grid.flip_y = rng.random() < 0.4
        grid.transpose_xy = rng.random() < 0.4
        grid.hidden = rng.random() < 0.1
        return grid

    def rectangle():
        count = rng.randint(1, 4)
        shape = vectorio.Rectangle(
            pixel_shader=palette(count),
            width=rng.randint(1, 40),
            height=rng.randint(1, 30),
            x=rng.randint(-20, 60),
            y=rng.randint(-20, 50),
            color_index=rng.randrange(count),
        )
        shape.hidden = rng.random() < 0.1
        return shape

    def group(depth):
        made = displayio.Group(scale=rng.choice((1, 1, 2, 3)), x=rng.randint(-10, 40), y=rng.randint(-10, 30))
        for _ in range(rng.randint(1, 4)):
            pick = rng.random()
            if pick < 0.2 and depth < 3:
                made.append(group(depth + 1))
            elif pick < 0.75:
                made.append(tile_grid())
            else:
                made.append(rectangle())
        made.hidden = rng.random() < 0.08
        return made

    for case in range(count):
        width, height = rng.choice(((160, 128), (64, 48), (96, 64)))
        root = group(0)
        screen = webhost.Screen(width, height)
        webhost.FRAME_PATH = str(folder / ("%04d.frame" % case))
        screen.capture(root)
        pixels = glass.render(root, width, height)
        (folder / ("%04d.rgb565" % case)).write_bytes(b"".join(p.to_bytes(2, "little") for p in pixels))


def _check(folder):
    # On the Node of the pinned PyPI wheel (requirements.txt), as the
    # pystack VM: a machine needs no Node of its own.
    from tools.vm import pystack_vm

    command = [pystack_vm.node(), str(HERE / "web_render_check.mjs"), str(folder)]
    return json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)


def test_the_page_draws_what_the_glass_draws(tmp_path):
    shutil.copyfile(build.PAGE / "render.mjs", tmp_path / "render.mjs")
    (tmp_path / "layout.mjs").write_text(build.layout_module())
    _random_trees(tmp_path, TREES, seed=7)
    result = _check(tmp_path)
    assert result["cases"] == TREES
    assert "draws {:,} random trees".format(TREES) in (ROOT / "docs" / "web.md").read_text()
    assert result["differ"] == []
    # The check sees a renderer that mirrors a flipped grid the wrong way.
    text = (tmp_path / "render.mjs").read_text()
    mirrored = "axis(x1 - x0, x0 - left, screenWidth, scale, flipX, tileWidth)"
    assert mirrored in text
    (tmp_path / "render.mjs").write_text(text.replace(mirrored, mirrored.replace("flipX", "!flipX")))
    assert len(_check(tmp_path)["differ"]) > 10
