# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Text of the Stats page and of its Reset question, built from live state.

Every word is a text of app.words, in the language chosen. Loaded only
while Stats is open (app.menus imports it there and lets it
go as the page closes: app.memory.forget), so the rest of the menu and the
game never hold its rows and strings.
"""

from micropython import const

from app.help_text import wrap
from app.pages import spread_row
from app.words import text

# The texts of app.words Stats shows (lang/keys.txt names them).
_W_GAMES = const(75)
_W_WINS = const(76)
_W_BEST_TILE = const(77)
_W_BEST_SCORE = const(78)
_W_TOTAL_MOVES = const(79)
_W_SAVES_REFUSED = const(80)
_W_NVM_ERASES = const(81)
_W_OF_D = const(82)
_W_UNDOS_GAME = const(152)
_W_UNDOS_ALL = const(153)
_W_WINS_NO_UNDO = const(154)
_W_BEST_TILE_NO_UNDO = const(155)

#: Rated erase cycles of the flash behind each store layout (datasheet
#: minimums): the SAMD51's NVM (block), the nRF52840's pages, the W25Q
#: QSPI flash of the RP2040 / RP2350 boards (log).
RATED_ERASES = {"block": 10000, "pages": 10000, "log": 100000}


def stats_lines(game, erases, refused=0, refusal=None, width=26, layout="block"):
    """Lifetime statistics, the erase cycles the saves cost the most-worn
    flash unit (``store.erase_cycles()``) against the rating of the flash
    of that store ``layout``, and the saves refused at loading
    (``store.refused``; ``refusal``: why the last one was, e.g. "damaged",
    shown when this start refused one): groups of rows for
    app.help_text.in_pages: the play's, undo's (this game's and all undos;
    the wins and best tile made before a game's first undo), the flash's."""
    stats = game.stats
    refused_text = "%d: %s" % (refused, refusal) if refusal else "%d" % refused
    return [
        [
            _fitted(text(_W_GAMES), stats.games, width),
            _fitted(text(_W_WINS), stats.wins, width),
            _fitted(text(_W_BEST_TILE), (1 << stats.best_exponent) if stats.best_exponent else 0, width),
            _fitted(text(_W_BEST_SCORE), game.best, width),
            _fitted(text(_W_TOTAL_MOVES), stats.moves, width),
        ],
        [
            _fitted(text(_W_UNDOS_GAME), game.undos, width),
            _fitted(text(_W_UNDOS_ALL), stats.undos, width),
            _fitted(text(_W_WINS_NO_UNDO), stats.wins_without_undo, width),
            _fitted(
                text(_W_BEST_TILE_NO_UNDO),
                (1 << stats.best_exponent_without_undo) if stats.best_exponent_without_undo else 0,
                width,
            ),
        ],
        [
            _fitted(text(_W_SAVES_REFUSED), refused_text, width),
            wrap(text(_W_NVM_ERASES), width) + _fitted("", text(_W_OF_D) % (erases, RATED_ERASES.get(layout, 10000)), width),
        ],
    ]


def _fitted(name, value, width):
    # A row, or where both do not fit one line (a count of ten digits on a
    # 19-column page, a long name in another language), the name wrapped
    # and the value on the right of its last line, or under it: lines that
    # stay on one page.
    value = str(value)
    if len(name) + (1 if name else 0) + len(value) <= width:
        return [spread_row(name, value, width)]
    lines = wrap(name, width) if name else []
    if lines and len(lines[-1]) + 1 + len(value) <= width:
        lines[-1] = spread_row(lines[-1], value, width)
        return lines
    return lines + wrap(value, width)
