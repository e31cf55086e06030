"""Stand-in for vectorio (tools/app_bench.py only): shapes keep their attributes."""


class Rectangle:
    def __init__(self, pixel_shader=None, x=0, y=0, width=1, height=1):
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.hidden = False
