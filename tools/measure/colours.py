# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""How far apart the tiles' colours are, for every player: the colour
science behind Settings > Colours (docs/colours.md), and its figures::

    .venv/bin/python -m tools.measure.colours              # every palette's minimums
    .venv/bin/python -m tools.measure.colours --pairs clear  # its closest pairs, view by view

Every colour is taken as the panel receives it: the 0xRRGGBB the game asks
for, cut to RGB565 as displayio does (the top 5, 6, 5 bits), each channel
then a fraction of its full scale (``level / 31`` or ``/ 63``) in sRGB.

* **Colour difference**: CIEDE2000 (CIE 142-2001; the formula as Sharma,
  Wu & Dalal set it out in "The CIEDE2000 color-difference formula:
  implementation notes, supplementary test data, and mathematical
  observations", Color Res. Appl. 30(1), 2005, whose test pairs
  tests/test_colours.py checks), on CIELAB with the D65 white of sRGB
  (IEC 61966-2-1).
* **Colour vision** (each a linear map, or two, on linear sRGB; the result
  clipped to the display's gamut):

  - ``normal``;
  - ``protan-machado``, ``deutan-machado``, ``tritan-machado``: Machado,
    Oliveira & Fernandes, "A physiologically-based model for simulation
    of color vision deficiency", IEEE TVCG 15(6), 2009: their matrices
    for severity 1.0 (dichromacy);
  - ``protan-vienot``, ``deutan-vienot``: Viénot, Brettel & Mollon,
    "Digital video colourmaps for checking the legibility of displays by
    dichromats", Color Res. Appl. 24(4), 1999: LMS (Smith & Pokorny 1975
    cone fundamentals) projected along the missing cone's axis onto the
    plane through black, white, blue and yellow;
  - ``tritan-brettel``: Brettel, Viénot & Mollon, "Computerized
    simulation of color appearance for dichromats", JOSA A 14(10), 1997:
    two half-planes through white and the 485 nm and 660 nm spectrum
    colours (CIE 1931 2-degree colour matching functions), which that
    paper gives for tritanopia (Viénot 1999's single plane is not meant
    for it).

  Two simulations of each deficiency, because they disagree in places and
  neither is the truth: a pair counts as told apart only under both.
* **Text contrast**: WCAG 2.2's contrast ratio of relative luminances
  ((L1 + 0.05) / (L2 + 0.05); success criterion 1.4.3 asks 4.5:1 for
  text), of the colours as the panel receives them.

The thresholds the palettes are held to, and why, are in docs/colours.md,
:data:`MIN_DELTA_E` and :data:`MIN_CONTRAST`.
"""

import math
import sys

from app import palettes
from tools import ArgumentParser

#: The palette record's layout (app.palettes, where its indices are private
#: consts: on the board a public name would be a module global, and a name
#: interned for good once a palette is painted). Cells are TILES + exponent
#: (0, the empty cell .. 17), their digits' ink INKS + exponent (1 .. 17).
BACKGROUND, BOARD, TITLE = palettes._BACKGROUND, palettes._BOARD, palettes._TITLE
SCORE, STATUS, RING = palettes._SCORE, palettes._STATUS, palettes._RING
TILES, INKS, SIZE = palettes._TILES, palettes._INKS, palettes._SIZE

#: The smallest CIEDE2000 difference that counts as two cells told apart
#: at a glance (docs/colours.md, "The bar": twice the difference at which
#: an observer sees two different colours, for small tiles on a small screen).
MIN_DELTA_E = 10.0
#: WCAG 2's contrast ratio for text (success criterion 1.4.3, AA).
MIN_CONTRAST = 4.5
#: The deficiencies, each with the views that simulate it.
DEFICIENCIES = (
    ("normal", ("normal",)),
    ("protan", ("protan-machado", "protan-vienot")),
    ("deutan", ("deutan-machado", "deutan-vienot")),
    ("tritan", ("tritan-machado", "tritan-brettel")),
)

#: Linear sRGB -> CIE XYZ (IEC 61966-2-1, D65).
_XYZ_FROM_RGB = (
    (0.4124, 0.3576, 0.1805),
    (0.2126, 0.7152, 0.0722),
    (0.0193, 0.1192, 0.9505),
)
#: CIE XYZ -> LMS cone excitations (Smith & Pokorny 1975, as Viénot 1999 uses them).
_LMS_FROM_XYZ = (
    (0.15514, 0.54312, -0.03286),
    (-0.15514, 0.45684, 0.03286),
    (0.0, 0.0, 0.01608),
)
#: CIE 1931 2-degree colour matching functions (X, Y, Z) at 485 and 660 nm:
#: Brettel 1997's anchors for tritanopia.
_XYZ_485 = (0.05795, 0.1693, 0.6162)
_XYZ_660 = (0.1649, 0.0610, 0.0)
#: Machado, Oliveira & Fernandes 2009, severity 1.0, on linear RGB.
_MACHADO = {
    "protan": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deutan": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritan": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
#: Every view a palette is checked in.
VIEWS = ("normal", "protan-machado", "protan-vienot", "deutan-machado", "deutan-vienot", "tritan-machado", "tritan-brettel")


# -- small linear algebra (3-vectors and 3x3 matrices as tuples) ---------------


def _apply(matrix, vector):
    return tuple(sum(row[i] * vector[i] for i in range(3)) for row in matrix)


def _multiply(left, right):
    return tuple(tuple(sum(left[r][k] * right[k][c] for k in range(3)) for c in range(3)) for r in range(3))


def _inverse(matrix):
    (a, b, c), (d, e, f), (g, h, i) = matrix
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return (
        ((e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det),
        ((f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det),
        ((d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det),
    )


def _cross(u, v):
    return (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])


def _dot(u, v):
    return u[0] * v[0] + u[1] * v[1] + u[2] * v[2]


_LMS_FROM_RGB = _multiply(_LMS_FROM_XYZ, _XYZ_FROM_RGB)
_RGB_FROM_LMS = _inverse(_LMS_FROM_RGB)


def _onto_plane(normal, axis):
    # The LMS map that moves a colour along cone ``axis`` (0 L, 1 M, 2 S)
    # onto the plane through black with this normal: the missing cone's
    # excitation worked out from the other two.
    rows = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
    rows[axis] = [0.0 if i == axis else -normal[i] / normal[axis] for i in range(3)]
    return tuple(tuple(row) for row in rows)


def _vienot(axis):
    # One plane through black, white, sRGB's blue and yellow (Viénot 1999).
    blue = _apply(_LMS_FROM_RGB, (0.0, 0.0, 1.0))
    yellow = _apply(_LMS_FROM_RGB, (1.0, 1.0, 0.0))
    return _multiply(_RGB_FROM_LMS, _multiply(_onto_plane(_cross(yellow, blue), axis), _LMS_FROM_RGB))


def _brettel_tritan():
    # Two half-planes through white: one through 485 nm, one through 660 nm;
    # a colour goes to the one on its side of the plane through white and
    # the S axis (Brettel 1997).
    white = _apply(_LMS_FROM_RGB, (1.0, 1.0, 1.0))
    wing_blue = _apply(_LMS_FROM_XYZ, _XYZ_485)
    wing_red = _apply(_LMS_FROM_XYZ, _XYZ_660)
    separation = _cross(white, (0.0, 0.0, 1.0))
    if _dot(separation, wing_blue) < 0:
        separation = tuple(-x for x in separation)
    on_blue = _multiply(_RGB_FROM_LMS, _multiply(_onto_plane(_cross(white, wing_blue), 2), _LMS_FROM_RGB))
    on_red = _multiply(_RGB_FROM_LMS, _multiply(_onto_plane(_cross(white, wing_red), 2), _LMS_FROM_RGB))
    return separation, on_blue, on_red


_VIENOT = {"protan": _vienot(0), "deutan": _vienot(1)}
_BRETTEL = _brettel_tritan()


def simulate(view, linear):
    """Linear sRGB ``linear`` as a player with ``view`` (of :data:`VIEWS`)
    sees it, clipped to 0..1."""
    if view == "normal":
        return linear
    kind, model = view.split("-")
    if model == "machado":
        seen = _apply(_MACHADO[kind], linear)
    elif model == "vienot":
        seen = _apply(_VIENOT[kind], linear)
    else:
        separation, on_blue, on_red = _BRETTEL
        seen = _apply(on_blue if _dot(separation, _apply(_LMS_FROM_RGB, linear)) >= 0 else on_red, linear)
    return tuple(min(1.0, max(0.0, x)) for x in seen)


# -- the panel, light and CIELAB ---------------------------------------------


def rgb565(colour):
    """0xRRGGBB -> (r, g, b) 0..1 as the panel shows it (RGB565, displayio's cut)."""
    return (((colour >> 19) & 31) / 31, ((colour >> 10) & 63) / 63, ((colour >> 3) & 31) / 31)


def linear(channel):
    """An sRGB channel 0..1 -> its linear light (IEC 61966-2-1)."""
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def to_linear(rgb):
    """(r, g, b) sRGB 0..1 -> linear light."""
    return (linear(rgb[0]), linear(rgb[1]), linear(rgb[2]))


_WHITE = _apply(_XYZ_FROM_RGB, (1.0, 1.0, 1.0))


def lab(light):
    """Linear sRGB -> CIELAB (D65 white)."""
    xyz = _apply(_XYZ_FROM_RGB, light)

    def f(t):
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(xyz[i] / _WHITE[i]) for i in range(3))
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(lab1, lab2):
    """CIEDE2000 between two CIELAB colours (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl = l2 - l1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    dh_big = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean = (l1 + l2) / 2
    cp_mean = (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_mean = (h1p + h2p + 360) / 2
    else:
        h_mean = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = -2 * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7)) * math.sin(math.radians(60 * math.exp(-(((h_mean - 275) / 25) ** 2))))
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (dh_big / s_h) ** 2 + r_t * (dc / s_c) * (dh_big / s_h))


def luminance(light):
    """Relative luminance Y (0..1) of linear sRGB."""
    return 0.2126 * light[0] + 0.7152 * light[1] + 0.0722 * light[2]


def contrast(colour1, colour2, quantise=rgb565):
    """WCAG 2's contrast ratio (1..21) of two 0xRRGGBB colours as the panel shows them."""
    y1 = luminance(to_linear(quantise(colour1)))
    y2 = luminance(to_linear(quantise(colour2)))
    return (max(y1, y2) + 0.05) / (min(y1, y2) + 0.05)


# -- a palette's figures -------------------------------------------------------


def record(name):
    """The palette record of ``name`` (app.palettes: Classic, Clear, Night)."""
    return palettes.colours(name)


def cells(colours):
    """{exponent: 0xRRGGBB} of the board's cells in a palette record
    (0: the empty cell, 1..17: the tiles 2 .. 131072)."""
    return {exponent: colours[TILES + exponent] for exponent in range(18)}


def seen(colours, view, quantise=rgb565):
    """{key: CIELAB} of ``colours`` ({key: 0xRRGGBB}) as a player with ``view`` sees them."""
    return {key: lab(simulate(view, to_linear(quantise(colour)))) for key, colour in colours.items()}


def differences(colours, view, quantise=rgb565):
    """[(ΔE00, a, b)] for every pair of ``colours`` ({key: 0xRRGGBB}) in ``view``."""
    points = seen(colours, view, quantise)
    keys = sorted(points)
    return [(delta_e(points[a], points[b]), a, b) for i, a in enumerate(keys) for b in keys[i + 1 :]]


def closest(colours, views=VIEWS, quantise=rgb565):
    """(ΔE00, a, b, view): the closest pair of ``colours`` over ``views``."""
    best = None
    for view in views:
        for difference, a, b in differences(colours, view, quantise):
            if best is None or difference < best[0]:
                best = (difference, a, b, view)
    return best


def ink_contrasts(colours):
    """{exponent: WCAG contrast of the tile's digits on the tile} for 1..17."""
    return {exponent: contrast(colours[TILES + exponent], colours[INKS + exponent]) for exponent in range(1, 18)}


def figures(name):
    """{deficiency: (ΔE00, a, b, view)} of the closest pair of cells, and
    the worst digit contrasts: ``("tiles", exponent, ratio)``,
    ``("scores", ratio)`` (score digits on the board), ``("status", ratio)``
    (status text on the backdrop)."""
    colours = record(name)
    found = {deficiency: closest(cells(colours), views) for deficiency, views in DEFICIENCIES}
    inks = ink_contrasts(colours)
    worst = min(inks, key=inks.get)
    found["tiles"] = (worst, inks[worst])
    found["scores"] = min(contrast(colours[SCORE], colours[BOARD]), contrast(colours[TITLE], colours[BOARD]))
    found["status"] = contrast(colours[STATUS], colours[BACKGROUND])
    return found


def failures(name):
    """What keeps palette ``name`` below the bar: a list of lines (empty: it passes)."""
    found = figures(name)
    lines = []
    for deficiency, _ in DEFICIENCIES:
        difference, a, b, view = found[deficiency]
        if difference < MIN_DELTA_E:
            lines.append("%s: %s and %s are %.1f apart (%s)" % (deficiency, _value(a), _value(b), difference, view))
    exponent, ratio = found["tiles"]
    if ratio < MIN_CONTRAST:
        lines.append("the digits of %d are at %.2f:1" % (1 << exponent, ratio))
    if found["scores"] < MIN_CONTRAST:
        lines.append("the scores are at %.2f:1" % found["scores"])
    if found["status"] < MIN_CONTRAST:
        lines.append("the status is at %.2f:1" % found["status"])
    return lines


def _value(exponent):
    return "empty" if exponent == 0 else str(1 << exponent)


def report(names):
    """The figures docs/colours.md quotes, palette by palette."""
    lines = [
        "Cells as the panel receives them (RGB565): the CIEDE2000 of the closest pair of the 18",
        "(empty cell, 2 .. 131072) in each kind of vision (protan, deutan: the lower of Machado 2009",
        "and Vienot 1999; tritan: of Machado 2009 and Brettel 1997); WCAG 2 contrast of the worst",
        "tile's digits, of the scores on the board and of the status on the backdrop.",
        "Bar: dE00 >= %.1f, contrast >= %.1f:1." % (MIN_DELTA_E, MIN_CONTRAST),
        "",
        "  palette   normal  protan  deutan  tritan  closest pair (view)                  digits  scores  status  bar",
    ]
    for name in names:
        found = figures(name)
        difference, a, b, view = min(found[deficiency] for deficiency, _ in DEFICIENCIES)
        exponent, ratio = found["tiles"]
        lines.append(
            "  %-8s  %6.1f  %6.1f  %6.1f  %6.1f  %-36s  %6.2f  %6.2f  %6.2f  %s"
            % (
                name,
                found["normal"][0],
                found["protan"][0],
                found["deutan"][0],
                found["tritan"][0],
                "%s-%s %.1f (%s)" % (_value(a), _value(b), difference, view),
                ratio,
                found["scores"],
                found["status"],
                "fails" if failures(name) else "holds",
            )
        )
    return "\n".join(lines)


def pairs(name, count=8):
    """The ``count`` closest pairs of palette ``name``, view by view."""
    colours = cells(record(name))
    lines = []
    for view in VIEWS:
        found = sorted(differences(colours, view))[:count]
        lines.append(view + ": " + ", ".join("%s-%s %.1f" % (_value(a), _value(b), d) for d, a, b in found))
    return "\n".join(lines)


def main(argv=None):
    parser = ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", metavar="PALETTE", help="the closest pairs of one palette, view by view")
    args = parser.parse_args(argv)
    from app.settings import PALETTES

    if args.pairs is not None and args.pairs not in PALETTES:
        parser.error("--pairs: no palette %r (%s)" % (args.pairs, ", ".join(PALETTES)))
    print(pairs(args.pairs) if args.pairs else report(PALETTES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
