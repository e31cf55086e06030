"""MicroPython cost of engine.store: fuel and heap bytes of save, skipped save, load.

    python tools/store_bench.py

Runs in the MicroPython VM (tools/mpvm.py); device time uses the fuel
calibration there (conservative and typical). The NVM write itself (~75 ms
on a PyBadge) is hardware time and not included.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.mpvm import FUEL_PER_SECOND_CONSERVATIVE, FUEL_PER_SECOND_TYPICAL, run  # noqa: E402

SETUP = """
import micropython
from engine.game import Game
from engine.store import Store
nvm = bytearray(b'\\xff' * 8192)
store = Store(nvm)
game = store.load(seed=5)
for direction in (0, 1, 2, 3) * 10:
    game.move(direction)
%s
before = micropython.mem_total()
%s
print(micropython.mem_total() - before)
"""

CASES = (
    ("save (writes)", "", "store.save(game)"),
    ("save (same bytes: skipped)", "store.save(game)", "store.save(game)"),
    ("load (newest of two slots)", "store.save(game)\ngame.move(0)\nstore.save(game)",
     "Store(nvm).load()"),
)


def main():
    print("| operation | fuel | PyBadge ms (typical - conservative) | heap bytes |")
    print("|---|---|---|---|")
    for name, prepare, body in CASES:
        with_body = run(SETUP % (prepare, body))
        without = run(SETUP % (prepare, "pass"))
        fuel = with_body.fuel - without.fuel
        print(
            "| %s | %d | %.1f - %.1f | %s |"
            % (name, fuel, 1000 * fuel / FUEL_PER_SECOND_TYPICAL,
               1000 * fuel / FUEL_PER_SECOND_CONSERVATIVE, with_body.stdout.strip())
        )


if __name__ == "__main__":
    main()
