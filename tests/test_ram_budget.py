"""The RAM budget's size arithmetic (tools/ram_budget.py): exact where it claims to be."""

import displayio

from tools import ram_budget


def test_bitmap_rows_are_padded_to_32_bit_words():
    # 160 x 128 at 16 bits: 80 words a row, no padding.
    assert ram_budget.bitmap_bytes(160, 128, 16) == ram_budget.BITMAP_OBJECT + 160 * 128 * 2
    # 5 px at 2 bits = 10 bits -> one word (4 bytes) a row; 7 rows = 28 -> 32 in 16-byte blocks.
    assert ram_budget.bitmap_bytes(5, 7, 2) == ram_budget.BITMAP_OBJECT + 32
    # 33 px at 1 bit -> two words a row.
    assert ram_budget.bitmap_bytes(33, 4, 1) == ram_budget.BITMAP_OBJECT + 32


def test_shared_bitmaps_and_palettes_count_once():
    sheet = displayio.Bitmap(64, 16, 4)  # 4 values: 2 bits a pixel
    palette = displayio.Palette(16)
    root = displayio.Group()
    inner = displayio.Group()
    root.append(inner)
    for x in (0, 16, 32):
        inner.append(displayio.TileGrid(sheet, pixel_shader=palette, width=1, height=1, tile_width=16, tile_height=16, x=x))
    total, counts = ram_budget.estimate_tree(root)
    assert counts == {"Group": 2, "TileGrid": 3, "Bitmap": 1, "Palette": 1}
    expected = (
        2 * ram_budget.GROUP_OBJECT + 16 + 32  # member lists: 1 and 3 members of 8 bytes
        + 3 * ram_budget.TILEGRID_OBJECT
        + ram_budget.bitmap_bytes(64, 16, 2)
        + ram_budget.PALETTE_OBJECT + 16 * ram_budget.PALETTE_COLOUR
    )
    assert total == expected


def test_update_doc_rewrites_only_the_marked_block(tmp_path):
    doc = tmp_path / "doc.md"
    doc.write_text("head\n<!-- ram-budget:begin (x) -->\nold\n<!-- ram-budget:end -->\ntail\n")
    ram_budget.update_doc("new report\n", doc)
    assert doc.read_text() == "head\n<!-- ram-budget:begin (x) -->\n```\nnew report\n```\n<!-- ram-budget:end -->\ntail\n"
    ram_budget.update_doc("again\n", doc)
    assert doc.read_text().count("again") == 1 and "new report" not in doc.read_text()
