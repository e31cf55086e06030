"""Stand-in for bitmap_label (tools/app_bench.py only): a Label keeps its attributes."""


class Label:
    def __init__(self, font, text="", color=0, line_spacing=1.0, **kwargs):
        self.text = text
        self.color = color
        self.scale = 1
        self.anchor_point = (0, 0)
        self.anchored_position = (0, 0)
        self.hidden = False
