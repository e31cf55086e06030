# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""tools/measure/solver_bench.py: its summary and its per-game log tell the truth."""

import copy
import json

import pytest

from engine import solver
from engine.game import Game
from tools.measure import solver_bench


def replay(seed, effort, max_moves):
    game = Game(seed=seed)
    while not game.over and game.moves < max_moves:
        if game.waiting:
            game.continue_playing()
        game.move(solver.best_move(game.cells, effort))
    return game


def test_json_summary_and_log_match_the_games(tmp_path, capsys):
    log = tmp_path / "games.jsonl"
    solver_bench.main(
        [
            "--preset",
            "device",
            "--games",
            "3",
            "--seed",
            "41",
            "--max-moves",
            "60",
            "--max-nodes",
            "40",
            "--fuel-boards",
            "0",
            "--json",
            "--log",
            str(log),
        ]
    )
    summary = json.loads(capsys.readouterr().out)
    logged = [json.loads(line) for line in log.read_text().splitlines()]
    assert sorted(game["seed"] for game in logged) == [41, 42, 43] == summary["seeds"]
    effort = copy.copy(solver.DEVICE)  # the preset with the tool's override
    effort.max_nodes = 40
    for game in logged:
        again = replay(game["seed"], effort, 60)
        assert (game["score"], game["moves"], game["max_exponent"]) == (again.score, again.moves, again.max_exponent)
    assert summary["score_mean"] == sum(game["score"] for game in logged) / 3
    assert summary["capped_games"] == sum(1 for game in logged if not game["over"])
    assert summary["overrides"] == {"max_nodes": 40}
    assert summary["interpreter"].split()[0] in ("CPython", "PyPy")


def test_summary_shares_count_games_at_or_above_each_tile():
    games = [
        {
            "seed": 1,
            "score": 20000,
            "max_exponent": 11,
            "moves": 900,
            "over": True,
            "decisions": 900,
            "seconds": 0.9,
            "slowest": 0.01,
            "nodes": 9000,
        },
        {
            "seed": 2,
            "score": 70000,
            "max_exponent": 12,
            "moves": 2600,
            "over": True,
            "decisions": 2600,
            "seconds": 2.6,
            "slowest": 0.02,
            "nodes": 26000,
        },
        {
            "seed": 3,
            "score": 9000,
            "max_exponent": 10,
            "moves": 500,
            "over": True,
            "decisions": 500,
            "seconds": 0.5,
            "slowest": 0.03,
            "nodes": 5000,
        },
        {
            "seed": 4,
            "score": 150000,
            "max_exponent": 13,
            "moves": 5000,
            "over": False,
            "decisions": 5000,
            "seconds": 5.0,
            "slowest": 0.04,
            "nodes": 50000,
        },
    ]
    summary = solver_bench.summarise(games)
    assert summary["reached"] == {"2048": 0.75, "4096": 0.5, "8192": 0.25, "16384": 0.0}
    assert summary["score_median"] == 45000
    assert summary["capped_games"] == 1
    assert summary["seconds_per_decision"] == 9.0 / 9000
    assert summary["slowest_decision"] == 0.04
    assert summary["nodes_per_decision"] == 10.0


@pytest.mark.parametrize("table", [True, False], ids=["learned table", "heuristic"])
def test_bound_sample_holds_decisions_that_spend_the_whole_budget(table):
    # The second fuel sample is the costliest decisions: the search runs out
    # of nodes on every one of them (a pass cut short), its budget being the
    # learned table's or the heuristic's. The plain sample holds cheaper ones too.
    field = "table_nodes" if table else "max_nodes"
    overrides = {field: 200}
    effort = copy.copy(solver.DEVICE)
    setattr(effort, field, 200)
    bound = solver_bench.sample_boards(4, "device", overrides, bound=True, table=table)
    plain = solver_bench.sample_boards(4, "device", overrides, table=table)
    assert len(bound) == 4 and bound != plain
    for cells in bound:
        solver.best_move(cells, effort)
        assert solver.search().nodes == 200 and (solver.search().table is not None) == table
    spent = []
    for cells in plain:
        solver.best_move(cells, effort)
        spent.append(solver.search().nodes)
    assert min(spent) < 200
    solver_bench.use_table(False)


def test_the_interval_is_wilsons():
    # Published values of Wilson's 95 % score interval: 5 in 10 gives
    # 0.237-0.763, 0 in 10 gives 0-0.278, 81 in 263 gives 0.255-0.366
    # (Newcombe, "Two-sided confidence intervals for the single
    # proportion", Statistics in Medicine 17, 1998, table I).
    for hits, count, low, high in ((5, 10, 0.237, 0.763), (0, 10, 0.0, 0.278), (81, 263, 0.255, 0.366)):
        got = solver_bench.wilson(hits, count)
        assert (round(got[0], 3), round(got[1], 3)) == (low, high), (hits, count, got)
    games = [
        {
            "seed": s,
            "score": 1,
            "max_exponent": 13 if s < 2 else 11,
            "moves": 1,
            "over": True,
            "decisions": 1,
            "seconds": 0.0,
            "slowest": 0.0,
            "nodes": 1,
        }
        for s in range(10)
    ]
    summary = solver_bench.summarise(games)
    assert summary["reached"]["8192"] == 0.2 and summary["reached_95"]["8192"] == solver_bench.wilson(2, 10)
