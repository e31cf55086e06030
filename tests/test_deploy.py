# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""tools/ship/deploy.py against fake CIRCUITPY folders: it recognises the board,
refuses what would not work with one sentence and nothing written, and never
loses a file of the player's."""

import errno
import os
import textwrap

import pytest
from repo_fixture import FIXTURE, FRUIT_JAM_10, PYBADGE_9, make_repo, snapshot, write_files

from tests.shared import make, refusal
from tools import ROOT
from tools.ship import bundle as bundler
from tools.ship import deploy as deployer
from tools.ship import manifest as drive_manifest

# boot_out.txt as CircuitPython writes it (first line, Board ID, UID since 8.x).
PYGAMER_10 = (
    "Adafruit CircuitPython 10.2.1 on 2026-05-13; Adafruit PyGamer with samd51j19\r\nBoard ID:pygamer\r\nUID:0123456789AB\r\n"
)
PYBADGE_7 = "Adafruit CircuitPython 7.3.3 on 2022-08-29; Adafruit PyBadge with samd51j19\nBoard ID:pybadge\n"
PYBADGE_9_1 = "Adafruit CircuitPython 9.1.4 on 2024-09-17; Adafruit PyBadge with samd51j19\nBoard ID:pybadge\nUID:1\n"
FEATHER_RP2040 = (
    "Adafruit CircuitPython 10.2.1 on 2026-08-18; Adafruit Feather RP2040 with rp2040\n"
    "Board ID:adafruit_feather_rp2040\nUID:E661640843373E2A\n"
)
PYBADGE_11 = "Adafruit CircuitPython 11.0.0-alpha.1 on 2027-01-02; Adafruit PyBadge with samd51j19\nBoard ID:pybadge\n"


def drive(tmp_path, boot_out=PYBADGE_9, name="CIRCUITPY"):
    path = tmp_path / name
    path.mkdir()
    if boot_out is not None:
        (path / "boot_out.txt").write_text(boot_out)
    return path


@pytest.fixture
def repo(tmp_path):
    return make_repo(tmp_path, FIXTURE)


def deploy(repo, dest, tmp_path, **options):
    return deployer.deploy(dest, repo=repo, out=tmp_path / "build", quiet=True, **options)


# --- boot_out.txt ----------------------------------------------------------------


def test_boot_out_gives_firmware_and_board():
    info = deployer.parse_boot_out(PYBADGE_9)
    assert info.version == (9, 2, 1) and info.board_id == "pybadge"
    assert info.machine == "Adafruit PyBadge with samd51j19"
    info = deployer.parse_boot_out(PYGAMER_10)
    assert info.version == (10, 2, 1) and info.board_id == "pygamer"
    info = deployer.parse_boot_out(PYBADGE_11)
    assert info.version == (11, 0, 0) and info.version_text == "11.0.0-alpha.1"
    assert deployer.parse_boot_out(PYBADGE_7).version == (7, 3, 3)
    # CircuitPython 6 had no Board ID line.
    assert (
        deployer.parse_boot_out("Adafruit CircuitPython 6.3.0 on 2021-06-01; Adafruit PyBadge with samd51j19\n").board_id is None
    )
    assert deployer.parse_boot_out("") is None
    assert deployer.parse_boot_out("MicroPython v1.22.0 on 2023-12-27; Raspberry Pi Pico with RP2040\n") is None


@pytest.mark.parametrize(
    "boot_out, words",
    [
        (PYBADGE_7, ["7.3.3", "9.2 or newer", "https://circuitpython.org/board/pybadge/"]),
        (PYBADGE_9_1, ["9.1.4", "https://circuitpython.org/board/pybadge/"]),
        (FEATHER_RP2040, ["Feather RP2040", "adafruit_feather_rp2040", "pybadge, pygamer"]),
        (None, ["no boot_out.txt", "FORCE=1", "--force"]),
        ("garbage\n", ["does not say which CircuitPython", "--force"]),
    ],
)
def test_refused_with_one_sentence_and_nothing_written(tmp_path, repo, capsys, monkeypatch, boot_out, words):
    dest = drive(tmp_path, boot_out)
    (dest / "code.py").write_text("print('mine')\n")
    before = snapshot(dest)
    monkeypatch.setattr(deployer, "ROOT", repo)
    assert deployer.main(["--dest", str(dest)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("deploy: error: ") and err.count("\n") == 1 and "Traceback" not in err
    for word in words:
        assert word in err
    assert snapshot(dest) == before


def test_force_copies_into_a_folder_without_boot_out(tmp_path, repo):
    dest = drive(tmp_path, None, "stage")
    result = deploy(repo, dest, tmp_path, force=True)
    assert "code.py" in result["copied"] and (dest / "engine/rules.mpy").is_file()


def test_force_does_not_skip_the_firmware_check(tmp_path, repo):
    dest = drive(tmp_path, PYBADGE_7)
    with pytest.raises(deployer.DeployError, match="7.3.3"):
        deploy(repo, dest, tmp_path, force=True)
    assert not (dest / "code.py").exists()


def test_newer_firmware_than_the_lines_gets_a_warning(tmp_path, repo, capsys):
    dest = drive(tmp_path, PYBADGE_11)
    deployer.deploy(dest, repo=repo, out=tmp_path / "build")
    out = capsys.readouterr().out
    assert "warning: CircuitPython 11.0.0-alpha.1 is newer" in out
    assert (dest / "code.py").is_file()


# --- Fruit Jam OS: the game as an app of its launcher ------------------------------

#: Fruit Jam OS's own files: the launcher (the top code.py) and its
#: settings, an app, a font and libraries: adafruit_display_text older than
#: the game's, adafruit_bitmap_font newer, adafruit_fruitjam the game's
#: does not use. adafruit_ticks it lacks.
LAUNCHER_OS = {
    "code.py": b"# Fruit Jam OS Launcher\nimport launcher_config\n",
    "launcher_config.py": b"class LauncherConfig:\n    favorites = []\n",
    "apps/editor/code.py": b"print('the editor')\n",
    "apps/editor/metadata.json": b'{"title": "Editor"}',
    "fonts/terminal.lvfontbin": b"the OS's font",
    "lib/adafruit_display_text/__init__.mpy": b"C\x06 __version__ 1.0.0",
    "lib/adafruit_display_text/label.mpy": b"C\x06 1.0.0 label",
    "lib/adafruit_bitmap_font/__init__.mpy": b"C\x06 __version__ 99.0.0",
    "lib/adafruit_bitmap_font/bitmap_font.mpy": b"C\x06 99.0.0 bitmap_font",
    "lib/adafruit_fruitjam/__init__.mpy": b"C\x06 3.1.0",
}


@pytest.fixture
def jam_repo(tmp_path):
    """The fixture repository with the Fruit Jam's profile and the launcher's entry."""
    return make_repo(
        tmp_path,
        dict(
            FIXTURE,
            **{
                "boards/adafruit_fruit_jam.py": "",
                "launcher/metadata.json": '{"title": "2048", "icon": "icon.bmp"}\n',
                "launcher/icon.bmp": b"BM a 16-colour icon",
            },
        ),
    )


def fruit_jam_os(tmp_path, name="CIRCUITPY"):
    dest = drive(tmp_path, FRUIT_JAM_10, name)
    write_files(dest, LAUNCHER_OS)
    return dest


def test_on_fruit_jam_os_the_game_goes_where_the_launcher_finds_it(tmp_path, jam_repo, capsys):
    dest = fruit_jam_os(tmp_path)
    result = deployer.deploy(dest, repo=jam_repo, out=tmp_path / "build")
    out = capsys.readouterr().out
    built = tmp_path / "build"
    now = snapshot(dest)
    assert result["program"] == "apps/2048/code.py"
    # The launcher lists apps/2048 (it holds code.py) under metadata.json's title, with its icon.
    for name in ("code.py", "metadata.json", "icon.bmp", "app/main.mpy", "app/screen.mpy", "engine/game.mpy"):
        assert now["apps/2048/" + name] == (built / name).read_bytes(), name
    # The fonts where code.py opens them (/fonts), beside the OS's own.
    assert now["fonts/small.pcf"] == (built / "fonts/small.pcf").read_bytes()
    # Libraries: the one the OS lacks into lib/; the OS's older one stays for
    # its apps, the game's copy beside the game (only the game imports it);
    # the OS's newer one is used as it is.
    assert now["lib/adafruit_ticks.mpy"] == (built / "lib/adafruit_ticks.mpy").read_bytes()
    assert (
        now["apps/2048/adafruit_display_text/bitmap_label.mpy"]
        == (built / "lib/adafruit_display_text/bitmap_label.mpy").read_bytes()
    )
    assert not [path for path in now if path.startswith("apps/2048/adafruit_bitmap_font")]
    # Fruit Jam OS's own files, the launcher first, are untouched; nothing is backed up.
    assert {path: now.get(path) for path in LAUNCHER_OS} == LAUNCHER_OS
    assert not [path for path in now if ".bak-2048" in path] and not result["backups"]
    assert not [path for path in now if "/" not in path and path.endswith(".mpy")]
    assert "apps/2048" in out and "TOP=1" in out and "warning" not in out
    assert "library   adafruit_display_text: into apps/2048/, for the game alone (Fruit Jam OS has 1.0.0" in out
    assert "press reset" in out and "2048 in its grid" in out


def test_a_second_deploy_on_fruit_jam_os_updates_the_app_in_place(tmp_path, jam_repo, capsys):
    dest = fruit_jam_os(tmp_path)
    deployer.deploy(dest, repo=jam_repo, out=tmp_path / "build", quiet=True)
    first = snapshot(dest)
    again = deployer.deploy(dest, repo=jam_repo, out=tmp_path / "build", quiet=True)
    assert not again["copied"] and not again["removed"] and snapshot(dest) == first
    # A new version: only its changed files are copied, in place, and the manifest knows them all.
    (jam_repo / "code.py").write_text((jam_repo / "code.py").read_text() + "# version 2\n")
    (jam_repo / "app/extra.py").write_text("EXTRA = 2\n")
    (jam_repo / "app/main.py").write_text(
        (jam_repo / "app/main.py").read_text().replace("from . import screen\n", "from . import extra\n")
    )
    result = deployer.deploy(dest, repo=jam_repo, out=tmp_path / "build", quiet=True)
    assert result["copied"] == ["apps/2048/app/extra.mpy", "apps/2048/app/main.mpy", "apps/2048/code.py"]
    assert result["removed"] == ["apps/2048/app/screen.mpy"] and not result["backups"]
    now = snapshot(dest)
    assert now["apps/2048/code.py"].endswith(b"# version 2\n")
    assert {path: now.get(path) for path in LAUNCHER_OS} == LAUNCHER_OS
    listed = drive_manifest.read_manifest(dest)
    assert "apps/2048/code.py" in listed and "lib/adafruit_ticks.mpy" in listed and "code.py" not in listed
    assert not [path for path in listed if path.startswith("lib/adafruit_display_text")]


def test_a_player_edit_in_the_app_folder_is_kept_aside(tmp_path, jam_repo, capsys):
    dest = fruit_jam_os(tmp_path)
    deployer.deploy(dest, repo=jam_repo, out=tmp_path / "build", quiet=True)
    (dest / "apps/2048/metadata.json").write_text('{"title": "My 2048"}')
    (jam_repo / "launcher/metadata.json").write_text('{"title": "2048", "icon": "icon.bmp", "v": 2}\n')
    result = deployer.deploy(dest, repo=jam_repo, out=tmp_path / "build", quiet=True)
    assert ("apps/2048/metadata.json", "apps/2048/metadata.json.bak-2048") in result["backups"]
    assert (dest / "apps/2048/metadata.json.bak-2048").read_text() == '{"title": "My 2048"}'


def test_top_puts_the_game_in_the_launchers_place_with_a_warning(tmp_path, jam_repo, capsys):
    dest = fruit_jam_os(tmp_path)
    result = deployer.deploy(dest, repo=jam_repo, out=tmp_path / "build", top=True)
    out = capsys.readouterr().out
    assert "warning: this drive runs Fruit Jam OS" in out and "TOP=1" in out and "apps/2048" in out
    assert result["program"] == "code.py"
    assert (dest / "code.py.bak-2048").read_bytes() == LAUNCHER_OS["code.py"]
    assert (dest / "code.py").read_bytes() == (tmp_path / "build/code.py").read_bytes()
    assert not (dest / "apps/2048").exists()
    # The launcher's layout then refuses (the board would still start the
    # game from the top, and removing it would leave no code.py), saying what to do.
    before = snapshot(dest)
    with pytest.raises(deployer.DeployError, match="TOP=1 again.*rename the launcher's file back to code.py"):
        deployer.deploy(dest, repo=jam_repo, out=tmp_path / "build", quiet=True)
    assert snapshot(dest) == before
    # So it does when such a deploy was cut off during its swap (the stand-in is the top code.py).
    (dest / "code.py").write_bytes(deployer.STAND_IN)
    (dest / ".deploy-2048.txt").unlink()
    with pytest.raises(deployer.DeployError, match="TOP=1 again"):
        deployer.deploy(dest, repo=jam_repo, out=tmp_path / "build", quiet=True)
    # A drive without the OS (a plain one, or one with only an apps/ folder) gets no such line.
    other = drive(tmp_path, name="OTHER")
    (other / "apps").mkdir()
    result = deployer.deploy(other, repo=jam_repo, out=tmp_path / "build2")
    assert "Fruit Jam OS" not in capsys.readouterr().out and result["program"] == "code.py"


def test_a_dry_run_writes_nothing_and_says_what_it_would_do(tmp_path, jam_repo, capsys):
    dest = fruit_jam_os(tmp_path)
    before = snapshot(dest)
    result = deployer.deploy(dest, repo=jam_repo, out=tmp_path / "build", dry_run=True)
    out = capsys.readouterr().out
    assert snapshot(dest) == before
    assert "would copy apps/2048/code.py" in out and "nothing was written" in out and "copied " not in out
    assert "apps/2048/code.py" in result["copied"]
    # On any drive.
    plain = drive(tmp_path, name="PLAIN")
    (plain / "code.py").write_text("print('mine')\n")
    before = snapshot(plain)
    deployer.deploy(plain, repo=jam_repo, out=tmp_path / "build3", dry_run=True)
    out = capsys.readouterr().out
    assert snapshot(plain) == before and "would back up code.py as code.py.bak-2048" in out


def test_make_deploy_passes_top_and_dry_run_to_the_tool(monkeypatch):
    recipe = (ROOT / "Makefile").read_text()
    assert "$(if $(TOP),--top)" in recipe and "$(if $(DRY_RUN),--dry-run)" in recipe
    seen = []
    monkeypatch.setattr(deployer, "deploy", lambda *args, **options: seen.append(options))
    assert deployer.main(["--dest", "/x", "--top", "--dry-run"]) == 0
    assert deployer.main(["--dest", "/x"]) == 0
    assert [(o["top"], o["dry_run"]) for o in seen] == [(True, True), (False, False)]


def test_boards_come_from_the_boards_package(tmp_path):
    files = {name: text for name, text in FIXTURE.items() if not name.startswith("boards/")}
    repo = make_repo(tmp_path, dict(files, **{"boards/__init__.py": "", "boards/hack_club_sprig.py": ""}))
    sprig = drive(
        tmp_path, "Adafruit CircuitPython 10.2.1 on 2026-05-13; Hack Club Sprig with rp2040\nBoard ID:hack_club_sprig\n"
    )
    assert "code.py" in deploy(repo, sprig, tmp_path)["copied"]
    badge = drive(tmp_path, name="BADGE")
    with pytest.raises(deployer.DeployError, match="profiles only for hack_club_sprig"):
        deploy(repo, badge, tmp_path)


# --- what it writes ------------------------------------------------------------------


def test_deploy_twice_copies_nothing_the_second_time(tmp_path):
    repo = make_repo(tmp_path, dict(FIXTURE, **{"settings.toml": "GAME2048_NVM_START = 0\n"}))
    dest = drive(tmp_path)
    (dest / "settings.toml").write_text("CIRCUITPY_PYSTACK_SIZE = 4096\n")  # the player's
    (dest / "notes.txt").write_text("mine")
    first = deploy(repo, dest, tmp_path)
    assert "code.py" in first["copied"] and first["copied"][-1] == "code.py"
    assert first["kept"] == ["settings.toml"] and first["backups"] == []
    second = deploy(repo, dest, tmp_path)
    assert second["copied"] == [] and second["removed"] == [] and second["backups"] == []
    assert sorted(second["unchanged"]) == sorted(first["copied"])
    assert (dest / "settings.toml").read_text() == "CIRCUITPY_PYSTACK_SIZE = 4096\n"
    assert (dest / "notes.txt").read_text() == "mine"
    # The manifest lists what it wrote, with each file's SHA-256.
    manifest = drive_manifest.read_manifest(dest)
    assert set(manifest) == set(first["copied"])
    assert manifest["code.py"] == drive_manifest.sha256((dest / "code.py").read_bytes())
    # One changed file: only it is copied, in place (it is ours).
    (repo / "app/screen.py").write_text("import displayio\nCHANGED = 1\n")
    third = deploy(repo, dest, tmp_path)
    assert third["copied"] == ["app/screen.mpy"] and third["backups"] == []


def test_the_players_code_py_and_libraries_are_backed_up_before_replacing(tmp_path, repo, capsys):
    dest = drive(tmp_path)
    (dest / "lib").mkdir()
    (dest / "code.py").write_text("print('my own game')\n")
    (dest / "lib/adafruit_ticks.mpy").write_bytes(b"C\x06 the player's own copy")
    (dest / "lib/other_lib.mpy").write_bytes(b"C\x06")
    deployer.deploy(dest, repo=repo, out=tmp_path / "build")
    out = capsys.readouterr().out
    assert "backed up code.py as code.py.bak-2048 (not written by this tool)" in out
    assert "backed up lib/adafruit_ticks.mpy as lib/adafruit_ticks.mpy.bak-2048" in out
    assert (dest / "code.py.bak-2048").read_text() == "print('my own game')\n"
    assert (dest / "lib/adafruit_ticks.mpy.bak-2048").read_bytes() == b"C\x06 the player's own copy"
    assert (dest / "code.py").read_bytes() == (repo / "code.py").read_bytes()
    assert (dest / "lib/other_lib.mpy").read_bytes() == b"C\x06"
    assert "Next: " in out and "eject" in out.lower() and "SCORE and BEST" in out
    # Now the files are ours: the next deploy replaces them without a backup...
    (repo / "code.py").write_text((repo / "code.py").read_text() + "# changed\n")
    assert deploy(repo, dest, tmp_path)["backups"] == []
    # ...unless the player edited one since: then it is kept under a new name.
    (dest / "code.py").write_text("print('edited on the drive')\n")
    (repo / "code.py").write_text((repo / "code.py").read_text() + "# changed again\n")
    result = deploy(repo, dest, tmp_path)
    assert result["backups"] == [("code.py", "code.py.bak-2048-2")]
    assert (dest / "code.py.bak-2048-2").read_text() == "print('edited on the drive')\n"
    assert (dest / "code.py.bak-2048").read_text() == "print('my own game')\n"


def test_shadowing_files_are_moved_aside_or_removed_when_ours(tmp_path, repo):
    dest = drive(tmp_path)
    (dest / "lib").mkdir()
    (dest / "lib/adafruit_ticks.py").write_text("# the player's .py would hide our .mpy\n")
    (dest / "code.txt").write_text("print('runs instead of code.py')\n")
    (dest / "engine").mkdir()
    (dest / "engine/rules.py").write_text("# an old .py deploy of ours\n")
    (dest / "engine/game.py").write_text("# listed without a hash: maybe edited since\n")
    # A deploy that shipped .py files: one entry with its hash, one a bare
    # path (the oldest format, which proves nothing about the file).
    (dest / ".deploy-2048.txt").write_text(
        drive_manifest.manifest_text({"engine/rules.py": drive_manifest.sha256(b"# an old .py deploy of ours\n")})
        + "engine/game.py\n"
    )
    result = deploy(repo, dest, tmp_path)
    assert ("lib/adafruit_ticks.py", "lib/adafruit_ticks.py.bak-2048") in result["backups"]
    assert ("code.txt", "code.txt.bak-2048") in result["backups"]
    assert "engine/rules.py" in result["removed"]
    assert ("engine/game.py", "engine/game.py.bak-2048") in result["backups"]
    assert (dest / "engine/game.py.bak-2048").read_text() == "# listed without a hash: maybe edited since\n"
    assert not (dest / "lib/adafruit_ticks.py").exists() and not (dest / "engine/rules.py").exists()
    assert not (dest / "engine/rules.py.old-2048").exists() and not (dest / "engine/game.py").exists()
    assert (dest / "engine/rules.mpy").read_bytes()[:1] == b"C"


def test_stale_files_of_ours_go_edited_ones_are_kept(tmp_path, repo):
    dest = drive(tmp_path)
    (dest / "lib").mkdir()
    (dest / "lib/other_lib.mpy").write_bytes(b"C\x06")  # installed by the player
    deploy(repo, dest, tmp_path)
    assert (dest / "app/screen.mpy").is_file()
    (repo / "app/main.py").write_text((repo / "app/main.py").read_text().replace("from . import screen\n", ""))
    result = deploy(repo, dest, tmp_path)
    assert result["removed"] == ["app/screen.mpy"]
    assert (dest / "lib/other_lib.mpy").is_file()
    # A stale file the player edited is renamed, not deleted.
    (repo / "app/main.py").write_text(
        (repo / "app/main.py")
        .read_text()
        .replace("from engine.game import Game\n", "from engine.game import Game\nfrom . import screen\n")
    )
    deploy(repo, dest, tmp_path)
    (dest / "app/screen.mpy").write_bytes(b"C edited by hand")
    (repo / "app/main.py").write_text((repo / "app/main.py").read_text().replace("from . import screen\n", ""))
    result = deploy(repo, dest, tmp_path)
    assert result["removed"] == [] and result["backups"] == [("app/screen.mpy", "app/screen.mpy.bak-2048")]
    assert (dest / "app/screen.mpy.bak-2048").read_bytes() == b"C edited by hand"


def test_entries_without_a_hash_prove_nothing(tmp_path, repo):
    built = tmp_path / "game"
    bundler.build(built, repo=repo, quiet=True, repo_lib=False)
    dest = drive(tmp_path)
    for folder in ("lib", "engine", "app"):
        (dest / folder).mkdir()
    (dest / "code.py").write_text("print('edited on the drive')\n")
    (dest / "lib/adafruit_ticks.mpy").write_bytes(b"C\x06 edited by the player")
    (dest / "app/gone.mpy").write_bytes(b"C a module the game no longer ships, maybe edited")
    (dest / "engine/rules.mpy").write_bytes((built / "engine/rules.mpy").read_bytes())  # what the deploy writes
    # An older deploy.py wrote bare paths: they say nothing about the files' bytes now.
    (dest / ".deploy-2048.txt").write_text("code.py\nlib/adafruit_ticks.mpy\napp/gone.mpy\nengine/rules.mpy\n")
    result = deploy(repo, dest, tmp_path)
    assert sorted(result["backups"]) == [
        ("app/gone.mpy", "app/gone.mpy.bak-2048"),
        ("code.py", "code.py.bak-2048"),
        ("lib/adafruit_ticks.mpy", "lib/adafruit_ticks.mpy.bak-2048"),
    ]
    assert (dest / "code.py.bak-2048").read_text() == "print('edited on the drive')\n"
    assert (dest / "lib/adafruit_ticks.mpy.bak-2048").read_bytes() == b"C\x06 edited by the player"
    assert (dest / "app/gone.mpy.bak-2048").read_bytes() == b"C a module the game no longer ships, maybe edited"
    assert "engine/rules.mpy" in result["unchanged"] and result["removed"] == []
    # Now every file of the game is listed with its hash.
    manifest = drive_manifest.read_manifest(dest)
    in_place = result["copied"] + result["unchanged"]
    assert manifest == {path: drive_manifest.sha256((built / path).read_bytes()) for path in in_place}


@pytest.mark.parametrize("folder", ["engine", "app", "lib", "fonts", "boards", "lib/adafruit_bitmap_font"])
def test_a_file_where_a_game_folder_goes_is_moved_aside(tmp_path, folder):
    # The board's code.py imports its profile from boards/, as the game's does.
    code_py = "import boards.pybadge\n" + textwrap.dedent(FIXTURE["code.py"])
    repo = make_repo(tmp_path, dict(FIXTURE, **{"code.py": code_py}))
    dest = drive(tmp_path)
    (dest / folder).parent.mkdir(parents=True, exist_ok=True)
    (dest / folder).write_bytes(b"a file of mine named like a folder")
    (dest / "code.py").write_text("print('mine')\n")
    result = deploy(repo, dest, tmp_path)
    assert (folder, folder + ".bak-2048") in result["backups"]
    assert (dest / (folder + ".bak-2048")).read_bytes() == b"a file of mine named like a folder"
    assert (dest / "code.py.bak-2048").read_text() == "print('mine')\n"
    built = snapshot(tmp_path / "build")
    assert any(path.startswith(folder + "/") for path in built)
    for path, data in built.items():
        assert (dest / path).read_bytes() == data, path


@pytest.mark.parametrize(
    "link, points_to",
    [
        ("lib", "folder"),
        ("lib/adafruit_display_text", "folder"),
        ("app", "folder"),
        ("code.py", "file"),
        ("old", "folder"),  # a folder of a stale file the manifest lists
    ],
)
def test_a_link_inside_the_drive_is_refused_before_writing(tmp_path, repo, link, points_to):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "x.mpy").write_bytes(b"C not on the drive")
    dest = drive(tmp_path)
    (dest / link).parent.mkdir(parents=True, exist_ok=True)
    os.symlink(outside if points_to == "folder" else outside / "x.mpy", dest / link)
    # The stale file's entry is a proper one: its hash matches, so a deploy would delete it.
    entries = {"old/x.mpy": drive_manifest.sha256(b"C not on the drive")}
    (dest / ".deploy-2048.txt").write_text(drive_manifest.manifest_text(entries))
    before, before_outside = snapshot(dest), snapshot(outside)
    with pytest.raises(deployer.DeployError) as raised:
        deploy(repo, dest, tmp_path)
    message = str(raised.value)
    assert message.startswith("%s on the drive is a symbolic link" % link) and "nothing was written" in message
    assert snapshot(outside) == before_outside and snapshot(dest) == before
    assert os.path.islink(dest / link)


def test_a_full_drive_is_refused_before_anything_is_written(tmp_path, repo, monkeypatch, capsys):
    dest = drive(tmp_path)
    (dest / "code.py").write_text("print('mine')\n")
    before = snapshot(dest)
    monkeypatch.setattr(deployer, "free_bytes", lambda path: 20 * 1024)
    monkeypatch.setattr(deployer, "ROOT", repo)
    assert deployer.main(["--dest", str(dest)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "20 KB free" in err and "nothing was written" in err
    assert snapshot(dest) == before
    # With the room it needs, the same deploy goes through.
    built = repo / "build" / "CIRCUITPY"  # where main() builds
    files = bundler.build(built, repo=repo, quiet=True, repo_lib=False)[1]
    plan = deployer.plan_deploy(built, dest, files, deployer.block_size(dest))
    monkeypatch.setattr(deployer, "free_bytes", lambda path: plan.need)
    assert deployer.main(["--dest", str(dest)]) == 0


def test_a_read_only_folder_gives_one_line_and_changes_nothing(tmp_path, repo, monkeypatch, capsys):
    dest = drive(tmp_path)
    monkeypatch.setattr(deployer, "ROOT", repo)
    assert deployer.main(["--dest", str(dest)]) == 0
    capsys.readouterr()
    (repo / "app/screen.py").write_text("import displayio\nCHANGED = 1\n")
    os.chmod(dest / "app", 0o555)
    before = snapshot(dest)
    real_write = deployer._write

    def write(path, data):
        # Root may write into a 0555 folder, a player may not: refuse as the OS would.
        if not path.parent.stat().st_mode & 0o200:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        real_write(path, data)

    monkeypatch.setattr(deployer, "_write", write)
    assert deployer.main(["--dest", str(dest)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "writing app/screen.mpy failed (Permission denied)" in err and "nothing was changed" in err
    assert snapshot(dest) == before
    # Writable again, the same command finishes the job.
    os.chmod(dest / "app", 0o755)
    assert deployer.main(["--dest", str(dest)]) == 0
    assert (dest / "app/screen.mpy").read_bytes() != before["app/screen.mpy"]


def test_a_read_only_drive_names_boot_py(tmp_path, repo, monkeypatch):
    dest = drive(tmp_path)

    def read_only(path, data):
        raise OSError(errno.EROFS, "Read-only file system", str(path))

    monkeypatch.setattr(deployer, "_write", read_only)
    with pytest.raises(deployer.DeployError, match="read-only.*boot.py"):
        deploy(repo, dest, tmp_path)
    assert snapshot(dest) == {"boot_out.txt": PYBADGE_9.encode()}


def test_a_drive_that_refuses_every_change_says_nothing_was_changed(tmp_path, repo, monkeypatch, capsys):
    # A read-only drive refuses every change the deploy could make, taking
    # one back included (an unlink of a name that is not there is refused
    # too): nothing was written, and the one line says so, not that it
    # stopped part-way.
    dest = drive(tmp_path)
    (dest / "code.py").write_text("print('mine')\n")
    before = snapshot(dest)

    def refuse(*args):
        raise OSError(errno.EROFS, "Read-only file system", str(args[0]))

    for name in ("_write", "_overwrite", "_rename", "_replace", "_unlink", "_mkdir", "_rmdir"):
        monkeypatch.setattr(deployer, name, refuse)
    monkeypatch.setattr(deployer, "ROOT", repo)
    assert deployer.main(["--dest", str(dest)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "read-only" in err and "nothing was changed" in err, err
    assert "part-way" not in err and "could not take" not in err
    assert snapshot(dest) == before


def test_wrong_paths_give_one_line(tmp_path, repo, monkeypatch, capsys):
    monkeypatch.setattr(deployer, "ROOT", repo)
    assert deployer.main(["--dest", str(tmp_path / "nowhere")]) == 1
    assert "no such folder" in capsys.readouterr().err
    (tmp_path / "afile").write_text("")
    assert deployer.main(["--dest", str(tmp_path / "afile")]) == 1
    assert "not a folder" in capsys.readouterr().err
    dest = drive(tmp_path)
    assert deployer.main(["--dest", str(dest), "--mpy-cross", str(tmp_path / "no-mpy-cross")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no such file" in err
    assert snapshot(dest) == {"boot_out.txt": PYBADGE_9.encode()}


def test_drive_detection(tmp_path):
    with pytest.raises(deployer.DeployError, match="DEST="):
        deployer.find_drive([])
    not_a_board = tmp_path / "CIRCUITPY_EMPTY"
    not_a_board.mkdir()
    with pytest.raises(deployer.DeployError, match="no CIRCUITPY drive"):
        deployer.find_drive([not_a_board])
    one = drive(tmp_path)
    assert deployer.find_drive([not_a_board, one]) == one
    two = drive(tmp_path, name="CIRCUITPY1")
    with pytest.raises(deployer.DeployError, match="several"):
        deployer.find_drive([one, two])


def test_the_deployed_drive_runs_what_the_bundle_holds(tmp_path, repo):
    dest = drive(tmp_path)
    deploy(repo, dest, tmp_path)
    built = snapshot(tmp_path / "build")
    on_drive = snapshot(dest)
    for path, data in built.items():
        assert on_drive[path] == data, path
    assert not [p for p in on_drive if p.endswith(".py") and p != "code.py"]


# --- a drive unpacked from the release zip -----------------------------------------


@pytest.fixture(scope="module")
def release_zip(tmp_path_factory):
    """This version's release zip, built once for the tests that unzip it."""
    from tools.ship import release

    [path] = release.build_release(tmp_path_factory.mktemp("dist"), quiet=True)
    return path


def unpacked_release(tmp_path, path):
    """A CIRCUITPY drive holding what the release zip at ``path`` holds, unzipped onto it."""
    import zipfile

    dest = drive(tmp_path)
    with zipfile.ZipFile(path) as archive:
        archive.extractall(dest)
    return dest


def sums_hold(dest):
    """True when SHA256SUMS.txt on the drive matches every file it names (sha256sum -c)."""
    import hashlib

    for line in (dest / "SHA256SUMS.txt").read_text().splitlines():
        digest, name = line.split("  ", 1)
        if hashlib.sha256((dest / name).read_bytes()).hexdigest() != digest:
            return False
    return True


def test_deploy_onto_an_unpacked_release_zip_keeps_the_zips_own_files(tmp_path, capsys, release_zip):
    from tools.ship import release

    dest = unpacked_release(tmp_path, release_zip)
    before = snapshot(dest)
    result = deployer.deploy(dest, out=tmp_path / "build")
    said = capsys.readouterr().out
    assert "stale" not in said and "removed" not in said.replace("0 removed", "")
    assert result["removed"] == [] and result["backups"] == [] and result["copied"] == []
    assert set(release.EXTRA_NAMES) <= set(result["unchanged"])
    assert "Nothing changed on the drive" in said
    assert snapshot(dest) == before  # the same version: not a byte changes
    # A second deploy is as quiet.
    assert deployer.deploy(dest, out=tmp_path / "build", quiet=True)["copied"] == []


def test_an_older_zips_text_files_are_brought_up_to_date_not_removed(tmp_path, release_zip):
    from tools.ship import release

    dest = unpacked_release(tmp_path, release_zip)
    current = {name: (dest / name).read_bytes() for name in release.EXTRA_NAMES}
    # As an older version's zip left them: other bytes, listed with their hashes.
    manifest = drive_manifest.read_manifest(dest)
    for name in release.EXTRA_NAMES:
        old = b"2048 for CircuitPython, an older version's " + name.encode() + b"\n"
        (dest / name).write_bytes(old)
        manifest[name] = drive_manifest.sha256(old)
    (dest / drive_manifest.MANIFEST).write_text(drive_manifest.manifest_text(manifest))
    result = deployer.deploy(dest, out=tmp_path / "build", quiet=True)
    assert sorted(result["copied"]) == sorted(release.EXTRA_NAMES)
    assert result["removed"] == [] and result["backups"] == []
    assert {name: (dest / name).read_bytes() for name in release.EXTRA_NAMES} == current
    assert sums_hold(dest)
    # The manifest now vouches for them, so the next deploy knows them too.
    listed = drive_manifest.read_manifest(dest)
    assert all(listed[name] == drive_manifest.sha256(current[name]) for name in release.EXTRA_NAMES)


def test_a_zips_text_file_the_player_edited_is_kept_aside(tmp_path, release_zip):
    dest = unpacked_release(tmp_path, release_zip)
    (dest / "2048-README.txt").write_text("my notes about the game\n")
    result = deployer.deploy(dest, out=tmp_path / "build", quiet=True)
    assert result["backups"] == [("2048-README.txt", "2048-README.txt.bak-2048")]
    assert (dest / "2048-README.txt.bak-2048").read_text() == "my notes about the game\n"
    assert sums_hold(dest)


def test_a_drive_from_make_deploy_gets_no_release_files(tmp_path, repo):
    dest = drive(tmp_path)
    deploy(repo, dest, tmp_path)
    assert not (dest / "2048-README.txt").exists() and not (dest / "SHA256SUMS.txt").exists()


# --- make deploy: the refusal, then make's own line ---------------------------------------


def test_make_deploy_refuses_in_one_line_and_make_passes_its_status_on(tmp_path):
    import sys

    from tests.shared import fake_board_venv

    venv = fake_board_venv(tmp_path)
    result = make("deploy", "PYTHON=%s" % sys.executable, "BOARD_VENV=%s" % venv, "DEST=%s" % (tmp_path / "nowhere"))
    assert refusal(result) == [
        "deploy: error: %s: no such folder (is the drive mounted? DEST= names it)" % (tmp_path / "nowhere")
    ]
    assert result.stderr.rstrip().endswith("deploy] Error 1")  # deploy's own status, not a signal's
