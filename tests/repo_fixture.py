# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""A small repository to bundle and deploy: our engine/ plus a few files."""

import shutil
import textwrap

from tools import ROOT as REPO

#: The boot_out.txt of a drive: a PyBadge on CircuitPython 9.2, a Fruit Jam on 10.0.
PYBADGE_9 = "Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge with samd51j19\nBoard ID:pybadge\nUID:A1B2C3D4E5F6\n"
FRUIT_JAM_10 = "Adafruit CircuitPython 10.0.3 on 2025-10-17; Adafruit Fruit Jam with rp2350b\nBoard ID:adafruit_fruit_jam\n"


def write_files(dest, files):
    """Write {path: bytes} under the folder ``dest`` (a drive), making folders as needed."""
    for path, data in files.items():
        (dest / path).parent.mkdir(parents=True, exist_ok=True)
        (dest / path).write_bytes(data)


def snapshot(folder):
    """Every file under ``folder`` (a drive) with its bytes, by its path there:
    what a deploy must leave as it was."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def make_repo(tmp_path, files):
    """A small repository: our engine/ plus the given {path: source} files."""
    repo = tmp_path / "repo"
    shutil.copytree(REPO / "engine", repo / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    for relative, text in files.items():
        path = repo / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(textwrap.dedent(text))
    return repo


FIXTURE = {
    # Board profiles (empty: only their names count, tools.ship.bundle.supported_boards).
    "boards/__init__.py": "",
    "boards/pybadge.py": "",
    "boards/pygamer.py": "",
    "code.py": """
        import board
        import keypad
        from app.main import run
        run(board.DISPLAY)
    """,
    "app/__init__.py": "",
    "app/main.py": """
        from engine.game import Game
        from adafruit_display_text import bitmap_label
        from adafruit_bitmap_font import bitmap_font
        from . import screen
        try:
            from typing import Optional
        except ImportError:
            pass
        FONT = "/fonts/small.pcf"
        def run(display):
            return Game(seed=1), bitmap_label, bitmap_font.load_font(FONT)
    """,
    "app/screen.py": "import displayio\n",
    "app/unused.py": "X = 1\n",
    "fonts/small.pcf": b"\x01fcp",
    "fonts/big.pcf": b"\x01fcp",
    "fonts/LICENSE-small.txt": "Public domain font.\n",
    "tests/test_x.py": "import pytest\n",
    "tools/helper.py": "import pygame\n",
    "README.md": "# fixture\n",
}
