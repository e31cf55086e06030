# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Play seeded games and print every move: the engine's behaviour as text.

Runs unchanged under CPython and MicroPython (tests/test_micropython.py runs
it in both and compares the outputs line by line). Each line is one
``Game.move`` call: game, move number, direction, result, score, then the 16
cells. Directions come from the engine's own generator with a separate seed,
so both interpreters play the same moves.

    python -m tools.check.conformance [games] [moves]
"""

from engine.game import Game
from engine.rng import Rng


def play(games, moves):
    """Print ``games`` seeded games of up to ``moves`` moves each."""
    chooser = Rng(2048)
    for number in range(games):
        game = Game(seed=1000 + number)
        print("game", number, *game.cells)
        for step in range(moves):
            direction = chooser.below(4)
            result = game.move(direction)
            print(number, step, direction, int(result), game.score, *game.cells)
            if game.waiting:
                game.continue_playing()
            if game.over:
                print("over", number, game.moves, game.score, 1 << game.max_exponent)
                break


if __name__ == "__main__":
    import argparse  # here: MicroPython imports this module too, and has none

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", type=int, nargs="?", default=12, help="games (default 12)")
    parser.add_argument("moves", type=int, nargs="?", default=500, help="moves per game at most (default 500)")
    args = parser.parse_args()
    play(args.games, args.moves)
