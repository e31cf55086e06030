"""tools/sim.py options the store side owns: --board, --score, --nvm, --fresh."""

import subprocess
import sys

import pytest

from tests.conftest import ROOT
from tools.sim import parse_board


def test_parse_board_reads_tile_values():
    cells = parse_board(". 2 4 8 16 32 64 128 256 512 1024 2048 4096 8192 65536 131072")
    assert cells == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 16, 17]


@pytest.mark.parametrize(
    "text, message",
    [
        ("2 " * 15, "16 cells"),
        ("3" + " 2" * 15, "not a tile value"),
        ("x" + " 2" * 15, "not a tile value"),
        ("262144" + " 2" * 15, "131072"),
        ("4294967296" + " 2" * 15, "131072"),  # 2**32: once a traceback
        (". " * 16, "at least one tile"),
    ],
)
def test_parse_board_refuses_what_is_no_board(text, message):
    with pytest.raises(ValueError, match=message):
        parse_board(text)


def run_sim(*arguments):
    return subprocess.run(
        [sys.executable, "tools/sim.py", "--headless", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_bad_board_and_score_give_one_clear_line():
    result = run_sim("--board", "2 " * 15 + "4294967296")
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == ["--board: '4294967296' is more than 131072, the largest tile of a 4x4 game"]
    result = run_sim("--board", "2 " * 16, "--score", "4000000")
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == ["--score: score 4000000 is not 0..3932164"]
