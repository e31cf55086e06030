# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Engine benchmark: prints numbers, asserts nothing (``make bench``).

One run measures, side by side:

* CPython: ``Game.move`` calls per second, and the same for a popular 2048
  implementation from PyPI (``gymnasium-2048``'s ``env.step``, both through
  ``gymnasium.make`` as its users call it and on the bare env), as a ratio.
  Wall-clock numbers are noisy on a shared machine: each figure is the best of
  several rounds, and only the ratio measured in this one run is meaningful.
* MicroPython (the real VM in ``tools/vm/fuel_vm.py``): fuel per ``Game.move``
  (deterministic: the same on every run) and the estimated time on a PyBadge
  at 1.2e8 fuel/s (conservative) and 1.6e8 (typical); bytes allocated per
  move. The peer needs numpy, which MicroPython lacks, so it has no column
  there.

Every engine call plays the same pre-drawn random directions; a game that
ends is restarted, a win is continued, so invalid moves and game ends are
in the mix as in real play.

    python -m tools.measure.bench [--calls N] [--rounds R] [--json]
"""

import json
import time

from engine.game import Game
from engine.rng import Rng
from tools import ArgumentParser, whole
from tools.vm.fuel_vm import FUEL_PER_SECOND_CONSERVATIVE, FUEL_PER_SECOND_TYPICAL, run


def directions(count, seed=7):
    """``count`` directions (0..3) drawn from the engine's generator."""
    rng = Rng(seed)
    return [rng.below(4) for _ in range(count)]


def engine_rate(moves, rounds):
    """Best-of-rounds CPython rate: (calls per second, valid share)."""
    best, valid = 0.0, 0
    for _ in range(rounds):
        game = Game(seed=1)
        move = game.move
        valid = 0
        start = time.perf_counter()
        for direction in moves:
            if move(direction):
                valid += 1
            elif game.over:
                game.new_game()
            elif game.waiting:
                game.continue_playing()
        elapsed = time.perf_counter() - start
        best = max(best, len(moves) / elapsed)
    return best, valid / len(moves)


def peer_rates(moves, rounds):
    """gymnasium-2048 steps per second: (through gymnasium.make, bare env)."""
    try:
        import gymnasium
        import gymnasium_2048  # noqa: F401  registers the environment
    except ImportError:
        return None
    # gymnasium-2048 uses actions 0..3 = up, right, down, left, as we do.
    results = []
    for bare in (False, True):
        best = 0.0
        for _ in range(rounds):
            env = gymnasium.make("gymnasium_2048/TwentyFortyEight-v0")
            if bare:
                env = env.unwrapped
            env.reset(seed=1)
            step, reset = env.step, env.reset
            start = time.perf_counter()
            for direction in moves:
                terminated = step(direction)[2]
                if terminated:
                    reset()
            elapsed = time.perf_counter() - start
            best = max(best, len(moves) / elapsed)
            env.close()
        results.append(best)
    return results


MICROPYTHON_PROGRAM = """
import micropython
from engine.game import Game
from engine.rng import Rng

game = Game(seed=1)
chooser = Rng(7)
moves = [chooser.below(4) for _ in range(%(calls)d)]

def play(count):
    move = game.move
    valid = 0
    for index in range(count):
        if move(moves[index]):
            valid += 1
        elif game.over:
            game.new_game()
        elif game.waiting:
            game.continue_playing()
    return valid

play(%(calls)d)  # warm-up on a first game, then the measured games
game = Game(seed=1)
before = micropython.mem_total()
valid = play(%(count)d)
print(valid, micropython.mem_total() - before)
"""


def micropython_costs(calls):
    """(fuel per call, fuel per valid move, bytes per call, valid share)."""

    def measure(count):
        result = run(MICROPYTHON_PROGRAM % {"calls": calls, "count": count}, fuel=10**12)
        valid, allocated = map(int, result.stdout.split())
        return result.fuel, valid, allocated

    fuel_none, _, frame_bytes = measure(0)
    fuel_all, valid, allocated = measure(calls)
    fuel = fuel_all - fuel_none
    # play()'s own frame is allocated once per call of play() in this VM
    # (see tools/vm/fuel_vm.py); the zero-count run measures and removes it.
    return fuel / calls, fuel / valid, (allocated - frame_bytes) / calls, valid / calls


def main(argv=None):
    parser = ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=whole(1), default=100_000, help="CPython calls per round")
    parser.add_argument("--peer-calls", type=whole(1), default=20_000, help="peer calls per round")
    parser.add_argument("--rounds", type=whole(1), default=5, help="rounds (best is kept)")
    parser.add_argument("--vm-calls", type=whole(1), default=5000, help="MicroPython calls")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    options = parser.parse_args(argv)

    moves = directions(options.calls)
    ours, valid_share = engine_rate(moves, options.rounds)
    peer = peer_rates(moves[: options.peer_calls], options.rounds)
    fuel_call, fuel_valid, bytes_call, vm_valid = micropython_costs(options.vm_calls)
    summary = {
        "cpython_calls_per_s": round(ours),
        "valid_share": round(valid_share, 3),
        "peer": "gymnasium-2048 0.1.2" if peer else None,
        "peer_steps_per_s_gym_make": round(peer[0]) if peer else None,
        "peer_steps_per_s_bare_env": round(peer[1]) if peer else None,
        "ratio_vs_gym_make": round(ours / peer[0], 1) if peer else None,
        "ratio_vs_bare_env": round(ours / peer[1], 1) if peer else None,
        "micropython_fuel_per_call": round(fuel_call),
        "micropython_fuel_per_valid_move": round(fuel_valid),
        "micropython_valid_share": round(vm_valid, 3),
        "pybadge_ms_per_call_conservative": round(fuel_call / FUEL_PER_SECOND_CONSERVATIVE * 1000, 3),
        "pybadge_ms_per_call_typical": round(fuel_call / FUEL_PER_SECOND_TYPICAL * 1000, 3),
        "micropython_bytes_per_call": bytes_call,
    }
    if options.json:
        print(json.dumps(summary, indent=2))
        return
    peer_gym = "%d" % summary["peer_steps_per_s_gym_make"] if peer else "not installed (make bench)"
    peer_bare = "%d" % summary["peer_steps_per_s_bare_env"] if peer else "-"
    print("| measure | this engine | gymnasium-2048 (gym.make) | gymnasium-2048 (bare env) |")
    print("|---|---|---|---|")
    print("| CPython moves/s (best of %d rounds) | %d | %s | %s |" % (options.rounds, ours, peer_gym, peer_bare))
    if peer:
        print("| ratio (this engine / peer) | 1 | %.1fx | %.1fx |" % (summary["ratio_vs_gym_make"], summary["ratio_vs_bare_env"]))
    print("| MicroPython fuel per move call | %d | needs numpy: n/a | n/a |" % fuel_call)
    print("| MicroPython fuel per valid move | %d | n/a | n/a |" % fuel_valid)
    print(
        "| PyBadge ms per move (1.2e8 / 1.6e8 fuel/s) | %.2f / %.2f | n/a | n/a |"
        % (summary["pybadge_ms_per_call_conservative"], summary["pybadge_ms_per_call_typical"])
    )
    print("| MicroPython bytes allocated per move | %g | n/a | n/a |" % bytes_call)
    print()
    print("valid moves: %.0f%% of calls (random directions; invalid ones cost a slide, no spawn)" % (100 * valid_share))


if __name__ == "__main__":
    main()
