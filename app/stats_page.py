# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Text of the Stats page and of its Reset question, built from live state.

Loaded only while Stats is open (app.menus imports it there and lets it
go as the page closes: app.memory.forget), so the rest of the menu and the
game never hold its rows and strings.
"""

from app.help_text import wrap
from app.pages import spread_row

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
            _fitted("Games", stats.games, width),
            _fitted("Wins", stats.wins, width),
            _fitted("Best tile", (1 << stats.best_exponent) if stats.best_exponent else 0, width),
            _fitted("Best score", game.best, width),
            _fitted("Total moves", stats.moves, width),
        ],
        [
            _fitted("Undos this game", game.undos, width),
            _fitted("Undos in all", stats.undos, width),
            _fitted("Wins, no undo", stats.wins_without_undo, width),
            _fitted(
                "Best tile, no undo", (1 << stats.best_exponent_without_undo) if stats.best_exponent_without_undo else 0, width
            ),
        ],
        [
            _fitted("Saves refused", refused_text, width),
            ["NVM erases used:"] + _fitted("", "%d of %d" % (erases, RATED_ERASES.get(layout, 10000)), width),
        ],
    ]


#: Stats > Reset: the question, and its rows (No first: the default).
RESET_QUESTION = "Reset stats and best score?"
RESET_CHOICES = ("No, keep them", "Yes, reset")


def _fitted(name, value, width):
    # A row, or the name and the value under it when both do not fit (a
    # count of ten digits on a 19-column page): lines that stay on one page.
    value = str(value)
    if len(name) + (1 if name else 0) + len(value) <= width:
        return [spread_row(name, value, width)]
    return ([name] if name else []) + wrap(value, width)
