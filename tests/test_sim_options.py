# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""tools/play/sim.py options the store side owns: --board, --score, --nvm, --fresh."""

import os
import subprocess
import sys

import pytest

from tests.shared import make
from tools import ROOT
from tools.play.sim import parse_board
from tools.play.simulator import parse_presses


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


def run_sim(*arguments, via_make=False):
    env = {name: value for name, value in os.environ.items() if name != "SIM_VIA_MAKE"}
    if via_make:
        env["SIM_VIA_MAKE"] = "1"  # as the Makefile's play target sets it
    return subprocess.run(
        [sys.executable, "-m", "tools.play.sim", "--headless", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


def test_bad_board_and_score_give_one_clear_line():
    result = run_sim("--board", "2 " * 15 + "4294967296")
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == ["--board: '4294967296' is more than 131072, the largest tile of a 4x4 game"]
    result = run_sim("--board", "2 " * 16, "--score", "4000000")
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == ["--score: 4000000 is not a score of a 4x4 game (0 .. 3932164)"]


def saved_file(tmp_path):
    path = tmp_path / "game.nvm"
    result = run_sim("--seed", "3", "--press", "left,down", "--nvm", str(path))
    assert result.returncode == 0, result.stderr
    return path, path.read_bytes()


def test_nvm_folder_gives_one_line_and_exit_2(tmp_path):
    result = run_sim("--nvm", str(tmp_path))
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == ["--nvm: %s is a folder, not a file" % tmp_path]
    assert list(tmp_path.iterdir()) == []


def test_nvm_read_only_file_is_played_but_never_replaced(tmp_path):
    path, before = saved_file(tmp_path)
    path.chmod(0o444)
    result = run_sim("--press", "up,right", "--nvm", str(path))
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert lines[0] == "--nvm: %s is read-only: the game is loaded, but no save will be kept" % path
    assert lines[1].startswith("the game was not saved: ") and "OSError 13" in lines[1]
    assert len(lines) == 2 and "Traceback" not in result.stderr
    assert path.read_bytes() == before


def test_nvm_symlink_is_followed_and_said(tmp_path):
    path, before = saved_file(tmp_path)
    link = tmp_path / "link.nvm"
    link.symlink_to(path)
    result = run_sim("--press", "up,right", "--nvm", str(link))
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip() == "--nvm: %s is a symlink: using %s" % (link, path)
    assert link.is_symlink() and path.read_bytes() != before


def test_a_second_simulator_on_the_same_file_is_refused(tmp_path):
    from tools.play.file_nvm import FileNVM

    path, before = saved_file(tmp_path)
    holder = FileNVM(path)  # the first simulator
    try:
        result = run_sim("--press", "up", "--nvm", str(path))
        # Started by `make play`, which takes the options in SIM_ARGS: the
        # advice is a command that works there.
        under_make = run_sim("--press", "up", "--nvm", str(path), via_make=True)
    finally:
        holder.close()
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "--nvm: %s is in use by another simulator (close it, or pick another file with --nvm other.bin)" % path
    ]
    assert under_make.returncode == 2
    assert under_make.stderr.strip().splitlines() == [
        '--nvm: %s is in use by another simulator (close it, or pick another file: make play SIM_ARGS="--nvm other.bin")' % path
    ]
    assert path.read_bytes() == before


def test_the_makefile_passes_sim_args_and_says_it_runs_under_make():
    dry = make("--no-print-directory", "-n", "play", "PYTHON=%s" % sys.executable, "SIM_ARGS=--nvm other.bin --fresh")
    assert dry.returncode == 0, dry.stderr
    assert [
        line
        for line in dry.stdout.splitlines()
        if line.startswith("SIM_VIA_MAKE=1 .venv/bin/python -m tools.play.sim --nvm other.bin --fresh")
    ]


@pytest.mark.parametrize(
    "text, presses",
    [
        ("left,up*3,wait*20", [("left", 1), ("up", 3), ("wait", 20)]),
        (" Left , hold-select*2 ,, A ", [("left", 1), ("hold-select", 2), ("a", 1)]),
        ("wait * 4", [("wait", 4)]),
        ("", []),
    ],
)
def test_press_takes_every_name_with_a_count(text, presses):
    assert parse_presses(text) == presses


@pytest.mark.parametrize(
    "text, words",
    [
        ("jump", "unknown button 'jump'"),
        ("wait*0", "from 1 to"),
        ("left*x", "from 1 to"),
        ("up*", "from 1 to"),
        ("up*100000", "from 1 to"),
    ],
)
def test_press_refuses_what_it_cannot_do_in_one_line(text, words):
    with pytest.raises(ValueError, match=words.replace("*", r"\*")):
        parse_presses(text)


def test_wait_with_a_count_lets_that_many_seconds_pass():
    result = run_sim("--seed", "3", "--press", "left,wait*3,hold-select*1,up*2")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("score ")
    bad = run_sim("--press", "left*x")
    assert bad.returncode == 2
    assert bad.stderr.strip().splitlines() == ["--press: 'left*x': the count after * is a whole number from 1 to 10000"]


def test_a_killed_simulators_temporary_file_is_cleaned_at_start(tmp_path):
    path, _ = saved_file(tmp_path)
    stale = tmp_path / (".game.nvm.%d.tmp" % 99999)
    stale.write_bytes(b"\xff" * 8192)
    result = run_sim("--press", "up", "--nvm", str(path))
    assert result.returncode == 0, result.stderr
    assert not stale.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.nvm"]  # and no lock file left


def test_fresh_reads_and_writes_nothing(tmp_path):
    path, before = saved_file(tmp_path)
    result = run_sim("--fresh", "--press", "up,right,start")
    assert result.returncode == 0, result.stderr
    # --fresh names no file and --nvm one: both at once is refused, the file untouched.
    result = run_sim("--fresh", "--press", "up,right,start", "--nvm", str(path))
    assert result.returncode == 2 and result.stderr.startswith("--fresh and --nvm")
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_a_file_that_is_no_nvm_image_is_refused_and_kept(tmp_path):
    other = tmp_path / "notes.txt"
    other.write_text("someone's notes, not an NVM image\n")
    before = other.read_bytes()
    result = run_sim("--press", "left", "--nvm", str(other))
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "--nvm: %s holds %d bytes, not a 8192-byte NVM image: not overwritten (pick another file)" % (other, len(before))
    ]
    assert other.read_bytes() == before


@pytest.mark.parametrize(
    "arguments, words",
    [
        # --screenshot into a missing folder, onto a folder, at a scale of no picture
        (["--headless", "--screenshot", "{tmp}/missing/shot.png"], "--screenshot: the folder {tmp}/missing does not exist"),
        (["--headless", "--screenshot", "{tmp}"], "--screenshot: {tmp} is a folder"),
        (["--headless", "--scale", "-2", "--screenshot", "{tmp}/shot.png"], "--scale: -2 is not a scale"),
        (["--headless", "--scale", "0", "--screenshot", "{tmp}/shot.png"], "--scale: 0 is not a scale"),
        (["--headless", "--scale", "100", "--screenshot", "{tmp}/shot.png"], "(1 .. 25)"),
        (["--headless", "--scale", "x"], "argument --scale: invalid int value: 'x'"),
        # options the run would not use: never silently ignored
        (["--press", "left"], "--press: only a headless run uses it"),
        (["--screenshot", "{tmp}/shot.png"], "--screenshot: only a headless run uses it"),
        (["--board", "2 2" + " ." * 14], "--board: only a headless run uses it"),
        (["--headless", "--score", "5"], "--score: it is the score of a position given with --board"),
        (["--headless", "--fresh", "--nvm", "{tmp}/game.nvm"], "--fresh and --nvm"),
        (["--headless", "--seed", "-1"], "--seed: -1 is not a seed"),
        (["--headless", "--seed", "1073741824"], "--seed: 1073741824 is not a seed"),
        (["--headless", "--board-profile", "clue_nrf52840_express", "--usb"], "--usb: the clue_nrf52840_express cannot tell"),
        (["--headless", "--board-profile", "pewpew_m4", "--press", "b"], "--press: the PewPew M4 has no b button"),
        (["--headless", "--no-such-option"], "unrecognized arguments: --no-such-option"),
    ],
)
def test_each_bad_option_is_one_line_and_writes_nothing(tmp_path, capsys, arguments, words):
    # In-process: sim.main() is the command line. The NVM file named with
    # the bad option is never opened (no file, no lock file).
    from tools.play import sim

    arguments = [argument.replace("{tmp}", str(tmp_path)) for argument in arguments]
    if "--nvm" not in arguments and "--fresh" not in arguments:
        arguments += ["--nvm", str(tmp_path / "game.nvm")]
    (tmp_path / "shot.png").write_bytes(b"a picture of mine")
    try:
        status = sim.main(arguments)
    except SystemExit as leaving:  # argparse's refusals
        status = leaving.code
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert words.replace("{tmp}", str(tmp_path)) in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shot.png"]
    assert (tmp_path / "shot.png").read_bytes() == b"a picture of mine"  # not truncated


def test_a_bare_nvm_name_is_kept_beside_the_default_file_and_leaves_no_lock(tmp_path, monkeypatch):
    # `make play SIM_ARGS="--nvm other.bin"` runs in the repository: the
    # game goes beside the default NVM file, not into the current folder.
    from tools.play import sim

    data, here = tmp_path / "data", tmp_path / "repository"
    here.mkdir()
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    monkeypatch.chdir(here)
    assert sim.main(["--headless", "--seed", "3", "--press", "left", "--nvm", "other.bin"]) == 0
    kept = data / "pybadge-2048" / "other.bin"
    assert os.path.dirname(sim.default_nvm_path()) == str(kept.parent)
    assert list(here.iterdir()) == [] and sorted(p.name for p in kept.parent.iterdir()) == ["other.bin"]
    # A path with a folder in it is a path, from the current folder.
    assert sim.main(["--headless", "--press", "up", "--nvm", "./mine.bin"]) == 0
    assert sorted(p.name for p in here.iterdir()) == ["mine.bin"]
    assert sim.nvm_path("other.bin") == str(kept) and sim.nvm_path("saves/x.bin") == "saves/x.bin"
