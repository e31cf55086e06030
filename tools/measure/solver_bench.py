# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Benchmark the solver: seeded games on CPython (or PyPy), fuel per decision on MicroPython.

Plays N games ``engine.game.Game(seed=S + i)`` with ``engine.solver`` picking
every move (the win banner is answered with Continue, so games go on past
2048 until no move is left or ``--max-moves``), then prints the share of
games reaching 2048 / 4096 / 8192 / 16384, score and moves per game, and the
time per decision (CPython's, or PyPy's when run under ``pypy3``: the
search stops on a node budget, so its moves, and the game results, are the
same on both; PyPy plays about 5x faster). Each share comes with its 95 %
interval (Wilson's, for a share of independent games). The device preset
plays with the solver's learned table (engine.learned), as on the boards
that hold it (``--no-table``: the heuristic, as on the others). With ``--preset device`` it also runs the solver
inside the MicroPython VM (``tools.vm.fuel_vm``, the engine's ``.mpy`` files
as the board has them) on a fixed sample of boards from
real games and prints the fuel per decision (max and median) with the
estimated PyBadge time at 1.2e8 fuel/s, and the fuel on a second sample
of boards where the search spends its whole node budget (the costliest
decisions: their max is the preset's worst case).

Usage::

    python -m tools.measure.solver_bench --preset device --games 100 --seed 1 --jobs 2
    python -m tools.measure.solver_bench --preset device --no-table --games 100 --seed 1 --jobs 2
    python -m tools.measure.solver_bench --preset desktop --games 10 --seed 1 --jobs 2 --json
    python -m tools.measure.solver_bench --preset device --max-nodes 900 --games 100 --seed 1 --jobs 2
    pypy3 -m tools.measure.solver_bench --preset device --games 500 --seed 100001 --jobs 2 --fuel-boards 0
    python -m tools.measure.solver_bench --boards

``--boards`` plays no games: for each board profile (boards/) it takes the
device effort at that board's speed (``Effort.for_speed``: the node budget
scaled by the profile's SPEED; the learned table's budget on the boards
that hold it, boards.TABLE_BOARDS), measures the fuel of decisions that spend
that whole budget, and prints the time they take on that board's CPU at
1.2e8 fuel/s times its speed (the target: at most 0.7 s, with the 600 ms
deadline as the backstop on the board).

The ``--max-nodes``/``--max-depth``/``--min-probability``/``--four-probability``/
``--sample-cells``/``--refine``/``--monotony-power``/``--table-nodes`` options override that field of the preset (games, the
board sample and the MicroPython fuel runs all use the overridden effort),
for trying a preset before changing ``engine/solver.py``.
"""

import copy
import json
import math
import platform
import statistics
import sys
import time
from multiprocessing import Pool

from engine import solver
from engine.game import Game
from tools import ROOT, ArgumentParser, new_file, whole

#: Tiles whose share of games is reported (exponents).
MILESTONES = (11, 12, 13, 14)
#: Seed of the games the fuel sample is taken from, and the moves sampled.
SAMPLE_SEED = 20480
SAMPLE_EVERY = 40
#: The second sample: every BOUND_EVERY-th decision that spends the budget.
BOUND_EVERY = 5


#: Effort fields the command line may override (all ints).
OVERRIDABLE = (
    "max_nodes",
    "max_depth",
    "min_probability",
    "four_probability",
    "sample_cells",
    "refine",
    "monotony_power",
    "table_nodes",
    "late_depth",
    "late_sample_cells",
)
#: The values engine.solver.Effort takes for each (its docstring): (least, most or None).
OVERRIDE_RANGES = {
    "max_nodes": (1, None),
    "max_depth": (1, 6),
    "min_probability": (0, 1000000),
    "four_probability": (0, 1000000),
    "sample_cells": (0, 16),
    "refine": (0, 4),
    "monotony_power": (1, None),
    "table_nodes": (0, None),
    "late_depth": (0, 6),
    "late_sample_cells": (0, 16),
}


def _converted(overrides):
    """``overrides`` ({field: value as given to Effort}) as the values an
    Effort stores (the probabilities are converted in its constructor)."""
    return {field: getattr(solver.Effort(**{field: value}), field) for field, value in overrides.items()}


def _preset(name, overrides=None):
    """The named preset, or a copy of it with ``overrides`` applied."""
    effort = {"device": solver.DEVICE, "desktop": solver.DESKTOP}[name]
    if overrides:
        effort = copy.copy(effort)
        for field, value in _converted(overrides).items():
            setattr(effort, field, value)
    return effort


def use_table(table):
    """Have the solver score with the learned table (as on the boards that
    hold it) or with the heuristic; returns engine.solver.table_status()."""
    if not table or not solver.table_loaded():
        solver.prepare(table=table)
    return solver.table_status()


def play_game(job):
    """Play one seeded game; returns a dict of its results."""
    seed, preset, max_moves, overrides, table = job
    use_table(table)
    effort = _preset(preset, overrides)
    game = Game(seed=seed)
    thinking = 0.0
    slowest = 0.0
    decisions = 0
    nodes = 0
    learned = 0
    while not game.over and (not max_moves or game.moves < max_moves):
        if game.waiting:
            game.continue_playing()
        started = time.perf_counter()
        direction = solver.best_move(game.cells, effort)
        took = time.perf_counter() - started
        thinking += took
        slowest = max(slowest, took)
        decisions += 1
        nodes += solver.search().nodes
        learned += solver.search().table is not None
        if direction < 0 or not game.move(direction):
            raise RuntimeError("solver gave an invalid move on seed %d" % seed)
    return {
        "seed": seed,
        "score": game.score,
        "max_exponent": game.max_exponent,
        "moves": game.moves,
        "over": game.over,
        "decisions": decisions,
        "seconds": thinking,
        "slowest": slowest,
        "nodes": nodes,
        "table_decisions": learned,
    }


def sample_boards(count=30, preset="device", overrides=None, bound=False, table=True):
    """A fixed sample of boards from real games (deterministic).

    Every SAMPLE_EVERY-th position of games played by the preset from
    SAMPLE_SEED on, so the sample holds open early boards (many spawns to
    average over) and crowded late ones (deeper search). With ``bound``:
    every BOUND_EVERY-th position on which the search spends its whole
    node budget instead (a pass cut short: the costliest decisions).
    """
    plain, spent = sample_both(0 if bound else count, count if bound else 0, preset, overrides, table)
    return spent if bound else plain


def sample_both(count, bound_count, preset="device", overrides=None, table=True):
    """Both samples of :func:`sample_boards` from one replay of the games:
    (``count`` boards, ``bound_count`` boards with ``bound``), each the
    same list its own pass gives (the games and the solver's decisions
    are the same; each list stops filling when full)."""
    effort = _preset(preset, overrides)
    use_table(table)
    boards = []
    spent = []
    seed = SAMPLE_SEED
    found = 0
    while len(boards) < count or len(spent) < bound_count:
        game = Game(seed=seed)
        while not game.over and (len(boards) < count or len(spent) < bound_count):
            if game.waiting:
                game.continue_playing()
            move = solver.best_move(game.cells, effort)
            search = solver.search()
            if search.nodes >= search.budget:
                found += 1
                if found % BOUND_EVERY == 0 and len(spent) < bound_count:
                    spent.append(list(game.cells))
            if game.moves % SAMPLE_EVERY == 0 and len(boards) < count:
                boards.append(list(game.cells))
            game.move(move)
        seed += 1
    return boards, spent


_FUEL_SETUP = """\
from engine import solver
%s%ssolver.best_move(%r, solver.%s)
"""


def fuel_per_decision(board, preset, overrides=None, table=True, root=ROOT):
    """MicroPython fuel of one ``best_move`` call on ``board`` (and its
    move and allocated bytes), measured as (run with the call) minus (run
    without it); the set-up makes one warm-up call first so imports and the
    search's buffers are not counted. ``root``: where the VM imports the
    engine from (tools/vm/vmroot.py's ``engine_root``, its ``.mpy`` files as
    the board has them, or the repository's sources)."""
    from tools.vm.fuel_vm import run

    name = preset.upper()
    # Overrides go first, so the warm-up call already uses them.
    changes = "".join(
        "solver.%s.%s = %d\n" % (name, field, value) for field, value in sorted(_converted(overrides or {}).items())
    )
    setup = _FUEL_SETUP % ("solver.prepare(table=True)\n" if table else "", changes, board, name)
    # Inside a function: new module globals would grow the module's dict
    # and count as the solver's allocation.
    probe = (
        "import micropython\n"
        "def probe(cells):\n"
        "    before = micropython.mem_total()\n"
        "    move = solver.best_move(cells, solver.%s)\n"
        "    print(move, micropython.mem_total() - before, solver.search().nodes)\n"
        "probe(%r)\n"
    ) % (name, board)
    baseline = (
        "import micropython\n"
        "def probe(cells):\n"
        "    before = micropython.mem_total()\n"
        "    move = 0\n"
        "    print(move, micropython.mem_total() - before, 0)\n"
        "probe(%r)\n"
    ) % (board,)
    with_call = run(setup + probe, root, fuel=10**10)
    without = run(setup + baseline, root, fuel=10**10)
    move, allocated, nodes = (int(x) for x in with_call.stdout.split())
    return with_call.fuel - without.fuel, move, allocated, nodes


#: The decision time every board is held to (seconds, estimated).
BOARD_DECISION_TARGET = 0.7


def board_decisions(count=6):
    """{board_id: (speed, scoring, node budget, max fuel, est. seconds)} of
    decisions spending each profile's whole node budget on its CPU, with
    the learned table on the boards that hold it (boards.TABLE_BOARDS),
    else the heuristic (one fuel sample per distinct speed and scoring)."""
    import boards
    from tools.vm import vmroot
    from tools.vm.fuel_vm import FUEL_PER_SECOND_CONSERVATIVE

    measured = {}
    rows = {}
    with vmroot.engine_root() as root:
        for board_id in sorted(boards.NAMES):
            speed = boards.load(board_id).SPEED
            table = board_id in boards.TABLE_BOARDS
            effort = solver.DEVICE.for_speed(speed)
            field = "table_nodes" if table else "max_nodes"
            budget = getattr(effort, field)
            if (speed, table) not in measured:
                overrides = {field: budget}
                measured[speed, table] = max(
                    fuel_per_decision(board, "device", overrides, table, root)[0]
                    for board in sample_boards(count, "device", overrides, bound=True, table=table)
                )
            fuel = measured[speed, table]
            rows[board_id] = (
                speed,
                "table" if table else "heuristic",
                budget,
                fuel,
                fuel / (FUEL_PER_SECOND_CONSERVATIVE * speed),
            )
    return rows


def print_board_decisions(count=6):
    """Print :func:`board_decisions` as a table."""
    print("Solver decisions that spend the whole node budget, per board (fuel VM, %d boards each):" % count)
    print("  %-28s %6s %-10s %7s %12s %9s" % ("board", "speed", "scoring", "nodes", "fuel max", "est. s"))
    for board_id, (speed, scoring, budget, fuel, seconds) in board_decisions(count).items():
        print("  %-28s %6.2f %-10s %7d %12d %9.2f" % (board_id, speed, scoring, budget, fuel, seconds))
    print("  target: <= %.1f s on every board (the 600 ms deadline stops a search on the board itself)" % BOARD_DECISION_TARGET)


def _progress(done, total, started):
    if not sys.stderr.isatty():
        return
    width = 30
    filled = width * done // total
    elapsed = time.time() - started
    sys.stderr.write("\r[%s%s] %d/%d games  %.0f s" % ("#" * filled, "." * (width - filled), done, total, elapsed))
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def wilson(hits, count, z=1.96):
    """The 95 % interval (Wilson's score interval; ``z`` 1.96) of a share of
    ``hits`` in ``count`` independent trials, as (low, high) in 0..1."""
    if not count:
        return 0.0, 1.0
    share = hits / count
    middle = (share + z * z / (2 * count)) / (1 + z * z / count)
    half = z * math.sqrt(share * (1 - share) / count + z * z / (4 * count * count)) / (1 + z * z / count)
    return max(0.0, middle - half), min(1.0, middle + half)


def summarise(games):
    """The summary dict printed by the tool (also its --json output)."""
    count = len(games)
    scores = [game["score"] for game in games]
    moves = [game["moves"] for game in games]
    decisions = sum(game["decisions"] for game in games)
    seconds = sum(game["seconds"] for game in games)
    summary = {
        "games": count,
        "seeds": [game["seed"] for game in games],
        "reached": {
            str(1 << exponent): sum(1 for game in games if game["max_exponent"] >= exponent) / count for exponent in MILESTONES
        },
        "reached_95": {
            str(1 << exponent): wilson(sum(1 for game in games if game["max_exponent"] >= exponent), count)
            for exponent in MILESTONES
        },
        "max_tile": {str(game["seed"]): 1 << game["max_exponent"] for game in games},
        "score_mean": statistics.mean(scores),
        "score_median": statistics.median(scores),
        "moves_mean": statistics.mean(moves),
        "moves_median": statistics.median(moves),
        "capped_games": sum(1 for game in games if not game["over"]),
        "decisions": decisions,
        "seconds_per_decision": seconds / decisions if decisions else 0.0,
        "slowest_decision": max(game["slowest"] for game in games),
        "interpreter": "%s %s" % (platform.python_implementation(), platform.python_version()),
        "nodes_per_decision": sum(game["nodes"] for game in games) / decisions if decisions else 0.0,
        "table_share": sum(game.get("table_decisions", 0) for game in games) / decisions if decisions else 0.0,
    }
    return summary


def main(argv=None):  # noqa: C901  the command line's options, one by one
    parser = ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--preset", choices=("device", "desktop"), default="device")
    parser.add_argument("--games", type=whole(1), default=10)
    parser.add_argument("--seed", type=whole(0), default=1)
    parser.add_argument("--jobs", type=whole(1), default=1)
    parser.add_argument("--max-moves", type=whole(0), default=0, help="stop a game after this many moves (0: play to the end)")
    parser.add_argument(
        "--fuel-boards", type=whole(0), default=30, help="boards in the MicroPython fuel sample (device preset; 0: skip)"
    )
    parser.add_argument(
        "--bound-boards",
        type=whole(0),
        default=10,
        help="boards in the second fuel sample: decisions that spend the whole node budget (device preset; 0: skip)",
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument(
        "--boards", action="store_true", help="no games: the decision time of every board profile at its CPU speed"
    )
    parser.add_argument(
        "--log", type=new_file, help="append each finished game to this file as a JSON line (long runs keep what they did)"
    )
    parser.add_argument(
        "--no-table",
        action="store_true",
        help="score with the heuristic, as the boards without room for the learned table do (device preset)",
    )
    for field in OVERRIDABLE:
        parser.add_argument(
            "--" + field.replace("_", "-"), type=whole(*OVERRIDE_RANGES[field]), help="override the preset's %s" % field
        )
    args = parser.parse_args(argv)
    overrides = {field: getattr(args, field) for field in OVERRIDABLE if getattr(args, field) is not None}
    if args.boards:
        print_board_decisions()
        return
    if args.preset == "device" and args.fuel_boards:
        try:
            import wasmtime  # noqa: F401  (what tools.vm.fuel_vm runs MicroPython with)
        except ImportError as error:  # e.g. under pypy3: checked before the games
            parser.error(
                "the MicroPython fuel sample needs the project's venv (%s); add --fuel-boards 0 to play the games only" % error
            )

    table = args.preset == "device" and not args.no_table
    status = use_table(table)
    if table and not solver.table_loaded():
        parser.error("the learned table did not load (%s): make it with python -m tools.train.train" % status)
    jobs = [(args.seed + index, args.preset, args.max_moves, overrides, table) for index in range(args.games)]
    started = time.time()
    games = []
    log = open(args.log, "a") if args.log else None

    def finished(result):
        games.append(result)
        if log:
            log.write(json.dumps(result) + "\n")
            log.flush()
        _progress(len(games), len(jobs), started)

    _progress(0, len(jobs), started)
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            for result in pool.imap_unordered(play_game, jobs):
                finished(result)
    else:
        for job in jobs:
            finished(play_game(job))
    if log:
        log.close()
    games.sort(key=lambda game: game["seed"])
    summary = summarise(games)
    summary["preset"] = args.preset
    summary["table"] = table
    summary["overrides"] = overrides
    summary["max_moves"] = args.max_moves
    summary["wall_seconds"] = time.time() - started

    if args.preset == "device" and args.fuel_boards:
        from tools.vm import vmroot
        from tools.vm.fuel_vm import FUEL_PER_SECOND_CONSERVATIVE

        # Both samples from one replay of the sample games (the games' decisions are the same in both).
        plain, spent = sample_both(args.fuel_boards, args.bound_boards, args.preset, overrides, table)
        with vmroot.engine_root() as root:
            samples = [fuel_per_decision(board, args.preset, overrides, table, root) for board in plain]
            bound = [fuel_per_decision(board, args.preset, overrides, table, root)[0] for board in spent]
        fuels = [sample[0] for sample in samples]
        summary["fuel_boards"] = len(fuels)
        summary["fuel_max"] = max(fuels)
        summary["fuel_median"] = statistics.median(fuels)
        summary["pybadge_seconds_max"] = max(fuels) / FUEL_PER_SECOND_CONSERVATIVE
        summary["pybadge_seconds_median"] = statistics.median(fuels) / FUEL_PER_SECOND_CONSERVATIVE
        summary["bytes_per_decision_max"] = max(sample[2] for sample in samples)
        summary["nodes_max"] = max(sample[3] for sample in samples)
        if args.bound_boards:
            summary["bound_boards"] = len(bound)
            summary["bound_fuel_max"] = max(bound)
            summary["bound_fuel_min"] = min(bound)
            summary["bound_pybadge_seconds_max"] = max(bound) / FUEL_PER_SECOND_CONSERVATIVE

    if args.json:
        print(json.dumps(summary, indent=1))
        return
    print(
        "preset %s%s%s: %d games, seeds %d..%d%s"
        % (
            args.preset,
            (", learned table" if table else ", heuristic") if args.preset == "device" else "",
            "".join(" %s=%d" % item for item in sorted(overrides.items())),
            summary["games"],
            args.seed,
            args.seed + args.games - 1,
            ", capped at %d moves (%d games capped)" % (args.max_moves, summary["capped_games"]) if args.max_moves else "",
        )
    )
    for tile, share in summary["reached"].items():
        low, high = summary["reached_95"][tile]
        print("  reached %5s: %5.1f %%  (95 %% interval %.1f-%.1f %%)" % (tile, 100 * share, 100 * low, 100 * high))
    print("  score: mean %.0f, median %.0f" % (summary["score_mean"], summary["score_median"]))
    print("  moves per game: mean %.0f, median %.0f" % (summary["moves_mean"], summary["moves_median"]))
    print(
        "  %s: %.2f ms per decision (slowest %.0f ms), %.0f nodes per decision"
        % (
            summary["interpreter"],
            1000 * summary["seconds_per_decision"],
            1000 * summary["slowest_decision"],
            summary["nodes_per_decision"],
        )
    )
    if table:
        print("  the learned table scored %.1f %% of the decisions (the heuristic from 4096 on)" % (100 * summary["table_share"]))
    if "fuel_max" in summary:
        print(
            "  MicroPython fuel per decision (%d sample boards): max %d, median %d"
            % (summary["fuel_boards"], summary["fuel_max"], summary["fuel_median"])
        )
        print(
            "  est. PyBadge time at 1.2e8 fuel/s: max %.2f s, median %.2f s; nodes max %d; heap bytes per decision max %d"
            % (
                summary["pybadge_seconds_max"],
                summary["pybadge_seconds_median"],
                summary["nodes_max"],
                summary["bytes_per_decision_max"],
            )
        )
    if "bound_fuel_max" in summary:
        print(
            "  fuel on %d boards that spend the whole budget: %d .. %d (est. %.2f s at most)"
            % (
                summary["bound_boards"],
                summary["bound_fuel_min"],
                summary["bound_fuel_max"],
                summary["bound_pybadge_seconds_max"],
            )
        )
    print("  wall time %.0f s" % summary["wall_seconds"])


if __name__ == "__main__":
    main()
