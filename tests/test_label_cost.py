# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""tools/measure/label_cost.py: the heap a help page costs as a label and as the game's cells.

The instrument first: it must see a known allocation, tell what stays from
what goes, and take its own bytes out; then its page must be the game's,
and what the docs say of its table must hold (lib/README.md).
"""

import pytest

from tools.measure import label_cost
from tools.play.simulator import Simulator
from tools.vm import pystack_vm

pytestmark = pytest.mark.skipif(not pystack_vm.available(), reason="the pystack VM is not installed")


def test_it_sees_what_a_call_allocates_and_what_it_keeps():
    rows = label_cost.measure(
        actions=(
            ("(nothing)", "pass"),
            ("kept", "_made = bytearray(1000)"),
            ("dropped", "bytearray(2000)"),
            ("nothing again", "pass"),
        )
    )
    # A bytearray is its 1,000 bytes and a header, in 16-byte blocks.
    allocated, kept = rows["kept"]
    assert 1000 <= allocated <= 1000 + 48 and kept == allocated
    allocated, kept = rows["dropped"]
    assert 2000 <= allocated <= 2000 + 48 and kept == 0
    assert rows["nothing again"] == (0, 0)  # its own bytes are taken out


def test_its_page_is_the_pybadges_help_page():
    body = Simulator(seed=1, board="pybadge").app.overlay.body
    assert (body.columns, body.rows) == (label_cost.COLUMNS, label_cost.LINES)
    first, second = label_cost.pages()
    assert first != second and all(len(line) <= label_cost.COLUMNS for line in first + second)
    assert len(first) == label_cost.LINES


def test_a_label_allocates_at_every_page_and_the_cells_do_not():
    rows = label_cost.measure()
    for name in ("bitmap_label.Label", "label.Label"):
        built, kept = rows[name + ": build"]
        assert built > 20 * rows["text cells: build"][0] and kept > 10 * rows["text cells: build"][1]
        assert rows[name + ": next page"][0] > 10000
    assert rows["text cells: next page"][0] == 0
    assert rows["import bitmap_label"][1] > 10000  # the library's code stays
