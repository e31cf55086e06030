"""Stand-in for bitmaptools (tools/app_bench.py only); C on the device."""


def fill_region(bitmap, x1, y1, x2, y2, value):
    for y in range(y1, y2):
        for x in range(x1, x2):
            bitmap[x, y] = value
