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
* Undo, in the same VM: fuel per valid move with undo Off, at 1 and at 5
  moves; what the scheme not taken would add to a move (the history's base
  advanced by one replayed move: a slide and a spawn on a second board);
  fuel per undo (the mean over taking back every undoable move of a
  position, and the first, costliest one), over ``UNDO_POSITIONS``
  positions; bytes allocated per move and per undo; and, in the pystack VM
  (32-bit objects, as on the board), the heap bytes of a game's
  ``History``.

Every engine call plays the same pre-drawn random directions; a game that
ends is restarted, a win is continued, so invalid moves and game ends are
in the mix as in real play.

    python -m tools.measure.bench [--calls N] [--rounds R] [--json]
"""

import json
import time

from engine.game import Game
from engine.rng import Rng
from tools import ROOT, ArgumentParser, whole
from tools.vm import vmroot
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
from engine.rules import slide, spawn

game = Game(seed=1)
chooser = Rng(7)
moves = [chooser.below(4) for _ in range(%(calls)d)]
# The scheme not taken: a second board (kept equal to the position before
# each move) and its generator.
other = [0] * 16
other_rng = Rng(3)

def play(count):
    move = game.move
    cells = game.cells
    valid = 0
    for index in range(count):
        if %(extra)d:
            for cell in range(16):
                other[cell] = cells[cell]
        if move(moves[index]):
            valid += 1
            if %(extra)d == 2:
                slide(other, moves[index])
                spawn(other, other_rng)
        elif game.over:
            game.new_game()
        elif game.waiting:
            game.continue_playing()
    return valid

game.undo_depth = %(depth)d
play(%(calls)d)  # warm-up on a first game, then the measured games
game = Game(seed=1)
game.undo_depth = %(depth)d
before = micropython.mem_total()
valid = play(%(count)d)
print(valid, micropython.mem_total() - before)
"""


def micropython_costs(calls, depth=0, extra=0, root=ROOT):
    """(fuel per call, fuel per valid move, bytes per call, valid share)
    with undo at ``depth``; ``extra`` 1 also copies the board before each
    move, 2 also advances a second board by each valid move. ``root``:
    where the VM imports the engine from (main's: tools/vm/vmroot.py's
    ``engine_root``, the board's bytecode)."""

    def measure(count):
        program = MICROPYTHON_PROGRAM % {"calls": calls, "count": count, "depth": depth, "extra": extra}
        result = run(program, root, fuel=10**12)
        valid, allocated = map(int, result.stdout.split())
        return result.fuel, valid, allocated

    fuel_none, _, frame_bytes = measure(0)
    fuel_all, valid, allocated = measure(calls)
    fuel = fuel_all - fuel_none
    # play()'s own frame is allocated once per call of play() in this VM
    # (see tools/vm/fuel_vm.py); the zero-count run measures and removes it.
    return fuel / calls, fuel / valid, (allocated - frame_bytes) / calls, valid / calls


#: Positions the undo figures are averaged over: after 40, 53, 66 ... calls.
UNDO_POSITIONS = 8

UNDO_PROGRAM = """
import micropython
from engine.game import Game
from engine.rng import Rng

game = Game(seed=1)
game.undo_depth = %(depth)d
chooser = Rng(7)
for _ in range(%(calls)d):
    if game.over:
        game.new_game()
    elif game.waiting:
        game.continue_playing()
    game.move(chooser.below(4))
undoable = game.history.undoable
# Every global is there before the measured calls (a new one can grow the
# module's dictionary: heap bytes that are no undo's).
before = frame = done = 0

def undo(count):
    done = 0
    for _ in range(count):
        done += game.undo()
    return done

# undo()'s own frame is heap-allocated in this VM (no pystack): undo(0)
# measures that part, after a first call (which fills caches).
undo(0)
before = micropython.mem_total()
undo(0)
frame = micropython.mem_total() - before
before = micropython.mem_total()
done = undo(%(undos)d)
print(undoable, done, game.can_undo, micropython.mem_total() - before - frame)
"""


def undo_costs(depth, positions=UNDO_POSITIONS, root=ROOT):
    """(mean fuel per undo, fuel of the costliest first undo, bytes per
    undo) at ``depth``: at each position, every undoable move taken back,
    the programs differing only in how many undos they make."""
    total = undos = worst = allocated = 0
    for position in range(positions):
        calls = 40 + 13 * position

        def measure(count):
            result = run(UNDO_PROGRAM % {"depth": depth, "calls": calls, "undos": count}, root, fuel=10**12)
            undoable, done, left, heap = result.stdout.split()
            return result.fuel, int(undoable), int(done), left == "True", int(heap)

        none, undoable, _, _, _ = measure(0)
        first = measure(1)[0] - none
        fuel, _, done, left, heap = measure(undoable)
        assert done == undoable and not left
        total += fuel - none
        undos += done
        worst = max(worst, first)
        allocated += heap
    return total / undos, worst, allocated / undos


def history_bytes(root):
    """(heap bytes engine.history holds once imported, bytes of a History:
    the object and its two 16-cell lists), in the pystack VM: 32-bit
    objects, as on the board, from ``root`` (tools/vm/vmroot.py's
    ``engine_root``). Neither is on the heap while undo is Off."""
    from tools.vm import pystack_vm

    # This VM collects between top-level steps only: each step below is one.
    program = [
        "import gc\nimport engine.game\nkept = [None]",
        "gc.collect()",
        "before = gc.mem_alloc()",
        "from engine.history import History",
        "gc.collect()",
        "module = gc.mem_alloc() - before",
        "kept[0] = History()",
        "gc.collect()",
        "print(module, gc.mem_alloc() - before - module)",
    ]
    module, instance = map(int, pystack_vm.run(program, root).stdout.split())
    return module, instance


def undo_table(calls, root):
    """The undo section as Markdown lines."""
    off = micropython_costs(calls, root=root)
    rows = [("Off", off), ("1 move", micropython_costs(calls, 1, root=root)), ("5 moves", micropython_costs(calls, 5, root=root))]
    copied = micropython_costs(calls, 0, 1, root)
    advanced = micropython_costs(calls, 0, 2, root)
    lines = [
        "| undo | fuel per valid move | vs Off | bytes allocated per move |",
        "|---|---|---|---|",
    ]
    for name, (_, per_valid, per_call, _) in rows:
        versus = "-" if name == "Off" else "%+.1f %%" % (100 * (per_valid / off[1] - 1))
        lines.append("| %s | %d | %s | %g |" % (name, per_valid, versus, per_call))
    advance = advanced[1] - copied[1]
    lines.append(
        "| a base advanced by one replayed move (not taken) | +%d | %+.1f %% | %g |"
        % (advance, 100 * advance / off[1], advanced[2] - copied[2])
    )
    lines += [
        "",
        "| undo at | fuel per undo (mean) | costliest undo | bytes allocated per undo |",
        "|---|---|---|---|",
    ]
    for depth in (1, 5):
        mean, worst, allocated = undo_costs(depth, root=root)
        lines.append("| %d move%s | %d | %d | %g |" % (depth, "s" if depth > 1 else "", mean, worst, allocated))
    module, instance = history_bytes(root)
    lines += [
        "",
        "Heap while undo is on (pystack VM, 32-bit): engine.history %d bytes, a History %d bytes" % (module, instance),
    ]
    return lines


def main(argv=None):
    parser = ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=whole(1), default=100_000, help="CPython calls per round")
    parser.add_argument("--peer-calls", type=whole(1), default=20_000, help="peer calls per round")
    parser.add_argument("--rounds", type=whole(1), default=5, help="rounds (best is kept)")
    parser.add_argument("--vm-calls", type=whole(1), default=5000, help="MicroPython calls")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--no-undo", action="store_true", help="leave out the undo section (~1 min)")
    options = parser.parse_args(argv)

    moves = directions(options.calls)
    ours, valid_share = engine_rate(moves, options.rounds)
    peer = peer_rates(moves[: options.peer_calls], options.rounds)
    with vmroot.engine_root() as root:
        fuel_call, fuel_valid, bytes_call, vm_valid = micropython_costs(options.vm_calls, root=root)
        undo = None if options.no_undo else undo_table(options.vm_calls, root)
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
    if undo:
        print()
        print("\n".join(undo))


if __name__ == "__main__":
    main()
