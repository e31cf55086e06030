"""Stand-in for the PCF loader (tools/app_bench.py only): every glyph a 5x7 block."""

import displayio


class _Glyph:
    def __init__(self):
        self.bitmap = displayio.Bitmap(5, 7, 2)
        for y in range(7):
            for x in range(5):
                self.bitmap[x, y] = 1
        self.width = 5
        self.height = 7
        self.dx = 0
        self.dy = 0
        self.shift_x = 6
        self.tile_index = 0


class PCF:
    def __init__(self, file, bitmap_class):
        self.file = file
        self._glyph = _Glyph()

    def load_glyphs(self, chars):
        pass

    def get_glyph(self, code):
        return self._glyph
