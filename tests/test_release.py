# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""tools/ship/release.py and `make release`: the zip a board owner unzips onto
CIRCUITPY, one for every CircuitPython line (their bundles are the same
bytes), the same bytes from the same commit."""

import hashlib
import re
import sys
import zipfile
from pathlib import Path

import pytest
from repo_fixture import FIXTURE, make_repo

from app import VERSION, about_page
from tests.shared import fake_board_venv, make
from tools import ROOT as REPO
from tools.ship import bundle as bundler
from tools.ship import manifest as drive_manifest
from tools.ship import release


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dist")
    release.build_release(folder, quiet=True)
    return folder


def entries(path):
    with zipfile.ZipFile(path) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def test_one_zip_for_every_circuitpython_line_named_after_the_version(dist):
    names = sorted(p.name for p in dist.glob("*.zip"))
    assert {"10.x", "9.x"} == {line for line, _, _ in bundler.FIRMWARE_LINES}
    assert names == ["2048-%s-circuitpython-9.x-10.x.zip" % VERSION] == [release.zip_name(VERSION)]
    sums = (dist / "SHA256SUMS.txt").read_text().splitlines()
    assert sorted(line.split("  ")[1] for line in sums) == names
    for line in sums:
        digest, name = line.split("  ")
        assert hashlib.sha256((dist / name).read_bytes()).hexdigest() == digest


def test_the_lines_share_a_zip_because_their_bundles_are_the_same_bytes(tmp_path):
    # What a zip per line would hold: the same files, byte for byte.
    built = []
    for line, _, _ in bundler.FIRMWARE_LINES:
        folder = tmp_path / line
        _, shipped = bundler.build(folder, quiet=True, repo_lib=False)
        built.append({name: (folder / name).read_bytes() for name in shipped})
    assert all(files == built[0] for files in built)
    assert release.zip_name("1.0.0", ["10.x"]) == "2048-1.0.0-circuitpython-10.x.zip"
    assert release.zip_name("1.0.0", ["10.x", "9.x"]) == "2048-1.0.0-circuitpython-9.x-10.x.zip"


def test_a_zip_holds_the_drive(dist):
    for path in dist.glob("*.zip"):
        files = entries(path)
        assert "code.py" in files and files["code.py"] == (REPO / "code.py").read_bytes()
        assert [n for n in files if n.endswith(".py")] == ["code.py"]
        modules = [n for n in files if n.endswith(".mpy")]
        assert any(n.startswith("engine/") for n in modules) and any(n.startswith("app/") for n in modules)
        for _, top in bundler.plan().libraries.values():
            assert any(n.startswith("lib/" + top) for n in modules), top
        assert all(files[n][:1] == b"C" for n in modules)
        assert [n for n in files if n.startswith("fonts/") and n.endswith(".pcf")]
        assert "fonts/LICENSE-misc-fixed.txt" in files
        # The same files a deploy copies.
        built = Path(path.parent / "b")
        _, shipped = bundler.build(built, quiet=True, repo_lib=False)
        assert set(shipped) <= set(files)
        assert set(files) - set(shipped) == {"2048-README.txt", "LICENSES.txt", "SHA256SUMS.txt", ".deploy-2048.txt"}
        assert set(release.EXTRA_NAMES) | {".deploy-2048.txt"} == set(files) - set(shipped)


def test_the_sums_and_the_manifest_cover_every_file(dist):
    for path in dist.glob("*.zip"):
        files = entries(path)
        listed = {}
        for line in files["SHA256SUMS.txt"].decode().splitlines():
            digest, name = line.split("  ")
            listed[name] = digest
        assert set(listed) == set(files) - {"SHA256SUMS.txt", ".deploy-2048.txt"}
        for name, digest in listed.items():
            assert hashlib.sha256(files[name]).hexdigest() == digest, name
        # deploy reads the manifest: every file is the game's, with its hash.
        folder = path.parent / ("drive-" + path.stem)
        folder.mkdir()
        (folder / drive_manifest.MANIFEST).write_bytes(files[drive_manifest.MANIFEST])
        owned = drive_manifest.read_manifest(folder)
        assert set(owned) == set(files) - {drive_manifest.MANIFEST}
        assert all(owned[n] == hashlib.sha256(files[n]).hexdigest() for n in owned)


def test_the_drive_text_says_what_a_player_needs(dist):
    import boards

    text = entries(dist / release.zip_name(VERSION))["2048-README.txt"].decode()
    assert "version %s" % VERSION in text
    assert "CircuitPython 9.x and 10.x (9.2 or newer, before 11.0)" in text
    assert "This one zip is for all of them" in text  # why there is one zip
    for board in bundler.supported_boards():
        # Every board by its name, never its raw id alone.
        assert "%s (Board ID %s)" % (boards.NAMES[board], board) in text
        assert "[%s]" % board not in text
    for button, action in release.read_controls():
        assert action in text
    assert "microcontroller.nvm" in text and "Save now" in text  # where saves live
    assert "MIT" in text and "public domain" in text  # licences
    assert "make deploy" in text and "update" in text.lower()
    assert max(len(row) for row in text.splitlines()) <= 80


def section(text, board_id):
    """The lines of ``board_id``'s controls in the drive text."""
    lines = text.splitlines()
    start = [i for i, line in enumerate(lines) if "(Board ID %s)" % board_id in line][0]
    end = lines.index("", start)
    return lines[start:end]


def test_every_board_gets_its_own_controls(dist):
    # (Each button's name against the board's markings: tests/test_button_names.py.)
    from tools.firmware.standins import fakeboards

    text = entries(dist / release.zip_name(VERSION))["2048-README.txt"].decode()
    for board in bundler.supported_boards():
        facts = dict(fakeboards.DEFAULTS, **fakeboards.BOARDS[board])
        rows = section(text, board)[1:]
        shown = "\n".join(rows)
        if facts["played"] == "tilt":
            assert "tilt it to slide" in section(text, board)[0] and rows[0].split() == ["Tilt", "slide", "tiles"]
        elif facts["played"] == "keyboard":
            assert "a USB keyboard plays" in section(text, board)[0]
            assert "Arrows" in shown and "Enter" in shown and "button 3 on the board  menu" in shown
        labels = [row.strip().split("  ")[0] for row in rows if row.startswith("  ") and "  " in row.strip()]
        assert labels == [label for label, _ in release.board_controls(board)]
    assert "Stick" in "\n".join(section(text, "pygamer"))
    pewpew = "\n".join(section(text, "pewpew_m4"))
    assert "X        back / menu" in pewpew and "It has no B" in pewpew
    sprig = "\n".join(section(text, "hack_club_sprig"))
    assert "WASD     slide tiles (W up, A left, S down, D right)" in sprig and "Hold J" in sprig


def test_the_file_list_names_every_file_and_folder_of_the_zip(dist):
    files = entries(dist / release.zip_name(VERSION))
    text = files["2048-README.txt"].decode()
    listed = text[text.index("\nFiles\n") : text.index("\nLicence\n")]
    tops = {name.split("/")[0] + ("/" if "/" in name else "") for name in files}
    for top in tops:
        assert top in listed, top
    for _, top in bundler.plan().libraries.values():
        assert top in listed, top
    assert "(hidden)" in listed


def test_licences_of_the_game_and_every_library(dist):
    text = entries(next(dist.glob("*.zip")))["LICENSES.txt"].decode()
    assert (REPO / "LICENSE").read_text().splitlines()[2] in text
    libraries = bundler.plan().libraries
    assert len(libraries) >= 3
    for _, top in libraries.values():
        assert "lib/%s:" % top in text
    assert text.count("Permission is hereby granted") >= 1 + len(libraries)


def test_the_licences_heading_names_every_folder_of_the_game(dist):
    heading = entries(next(dist.glob("*.zip")))["LICENSES.txt"].decode().splitlines()[0]
    for folder in ("code.py", "app/", "engine/", "boards/"):
        assert folder in heading, heading


def nvm_examples(text):
    """(board names, {setting: value}) for each example line of the readme's
    Saves section: a line's settings together, for the boards its group
    names (every board where the paragraph names none)."""
    import boards

    section = text.split("\nSaves\n")[1].split("\nFiles\n")[0]
    found = []
    for paragraph in section.split("\n\n"):
        named = [board for board, name in boards.NAMES.items() if name in " ".join(paragraph.split())]
        for line in paragraph.splitlines():
            settings = dict((name, int(value)) for name, value in re.findall(r"(GAME2048_NVM_(?:START|LENGTH)) = (\d+)", line))
            if settings:
                found.append((named or list(boards.NAMES), settings))
    return found


def test_the_nvm_examples_work_on_every_board_they_name(dist):
    # Each settings.toml line the readme gives, on each board it is given
    # for: engine.store takes the region with the board's NVM size and
    # layout, and a save writes only inside it.
    import boards
    from engine.game import Game
    from engine.store import SAVED, Store, region_from_settings
    from tools.firmware.standins import fakeboards

    text = entries(dist / release.zip_name(VERSION))["2048-README.txt"].decode()
    examples = nvm_examples(text)
    assert examples and {board for named, _ in examples for board in named} == set(boards.NAMES)
    regions = []
    for named, settings in examples:
        for board in named:
            size = fakeboards.nvm_bytes(board)
            start, length = region_from_settings(settings.get)
            nvm = bytearray(b"\xa5" * size)  # another program's bytes everywhere
            try:
                store = Store(nvm, start, length, **getattr(boards.load(board), "STORE", {}))
            except ValueError as error:
                raise AssertionError("%s with %s: saving is off: %s" % (board, settings, error)) from None
            end = store.start + store.length
            game = Game(seed=4)
            game.move(3)
            assert store.save(game) == SAVED, (board, settings)
            assert nvm[: store.start] == b"\xa5" * store.start and nvm[end:] == b"\xa5" * (size - end), (board, settings)
            regions.append((store.start, end - 1))
    # What the readme says the game keeps to is what it keeps to.
    words = " ".join(text.split())
    for first, last in regions:
        assert "bytes %d to %d" % (first, last) in words, (first, last)
    # Each group says its boards' NVM size.
    for named, _ in examples:
        for board in named:
            assert "(%d KB of NVM)" % (fakeboards.nvm_bytes(board) // 1024) in text


def test_make_releases_last_line_says_what_to_do_with_the_zip(tmp_path):
    zip_path = tmp_path / release.zip_name(VERSION)
    line = release.next_steps([zip_path], VERSION)
    assert line.startswith("Next: copy everything inside %s to the board's CIRCUITPY drive" % zip_path)
    assert "v%s" % VERSION in line and "GitHub release" in line and "\n" not in line


def test_the_readme_links_to_where_the_workflow_publishes_the_zip():
    # The release workflow attaches the zip to the GitHub release named
    # after the tag; the README links to that repository's Releases page
    # (a relative link GitHub resolves from the README).
    workflow = (REPO / ".github/workflows/release.yml").read_text()
    assert 'gh release upload "$TAG" dist/*.zip' in workflow and "tags:" in workflow
    readme = (REPO / "README.md").read_text()
    assert "](../../releases/latest)" in readme and release.zip_name("<version>") in readme


def test_the_readmes_menu_list_names_every_setting():
    from app.pages import SETTING_ROWS, menu_items
    from app.words import text

    readme = " ".join((REPO / "README.md").read_text().split())
    listed = readme.split("The menu (Start) has ")[1].split(". ")[0].lower()
    for item in menu_items():
        assert item.split(":")[0].lower() in listed, item
    settings = listed.split("settings (")[1].split(")")[0]
    for label, _, _ in SETTING_ROWS:
        assert text(label).lower() in settings, text(label)


def test_zips_are_deterministic(dist, tmp_path):
    again = tmp_path / "again"
    release.build_release(again, quiet=True)
    for path in dist.glob("*.zip"):
        assert (again / path.name).read_bytes() == path.read_bytes()
    with zipfile.ZipFile(next(dist.glob("*.zip"))) as archive:
        infos = archive.infolist()
    assert [i.filename for i in infos] == sorted(i.filename for i in infos)
    assert {i.date_time for i in infos} == {release.ZIP_TIME}
    assert {i.external_attr >> 16 for i in infos} == {0o644}


def test_the_tag_must_name_the_version_and_the_changelog_have_it(tmp_path):
    with pytest.raises(release.ReleaseError, match="v%s" % VERSION):
        release.build_release(tmp_path, tag="v0.0.0-not-this", quiet=True)
    assert not list(tmp_path.glob("*.zip"))
    # The fixture's boards are the real profiles: the drive text reads them.
    profiles = {path.relative_to(REPO).as_posix(): path.read_text() for path in (REPO / "boards").glob("*.py")}
    schemes = {name: (REPO / name).read_text() for name in ("app/two_buttons.py", "app/stdin_keys.py")}
    repo = make_repo(
        tmp_path,
        dict(
            FIXTURE,
            **profiles,
            **schemes,
            **{
                "app/__init__.py": 'VERSION = "2.3.4"\n',
                "app/help_text.py": 'CONTROLS = (("D-pad", "slide"), ("A", "OK"))\n',
                "LICENSE": (REPO / "LICENSE").read_text(),
                "CHANGELOG.md": "# Changelog\n\n## 2.3.3\n\n- older\n",
            },
        ),
    )
    with pytest.raises(release.ReleaseError, match="no section '## 2.3.4'"):
        release.build_release(tmp_path / "dist", repo=repo, quiet=True)
    (repo / "CHANGELOG.md").write_text("# Changelog\n\n## 2.3.4\n\n- this one\n")
    written = release.build_release(tmp_path / "dist", repo=repo, tag="v2.3.4", quiet=True)
    assert [p.name for p in written] == ["2048-2.3.4-circuitpython-9.x-10.x.zip"]
    assert release.main(["--out", str(tmp_path / "x"), "--tag", "v9"]) == 1


def test_one_version_shown_on_the_about_page_and_in_the_changelog():
    assert release.read_version() == VERSION
    assert about_page.about_lines()[0][0] == ["2048 version " + VERSION]
    release.check_changelog(VERSION)
    # Nowhere else in the game's code is a version written out.
    for path in list((REPO / "app").glob("*.py")) + list((REPO / "engine").glob("*.py")) + [REPO / "code.py"]:
        if path != REPO / "app/__init__.py":
            assert '"%s"' % VERSION not in path.read_text(), path


def test_make_release_builds_the_same_zips(dist, tmp_path):
    # The release workflow's command, with the board venv this test stands in.
    venv = fake_board_venv(tmp_path)
    result = make(
        "release", "PYTHON=%s" % sys.executable, "BOARD_VENV=%s" % venv, "DIST=%s" % (tmp_path / "out"), "TAG=v%s" % VERSION
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "creating" not in result.stdout  # the stand-in venv was used, nothing installed
    for path in dist.glob("*.zip"):
        assert (tmp_path / "out" / path.name).read_bytes() == path.read_bytes()
    wrong = make("release", "PYTHON=%s" % sys.executable, "BOARD_VENV=%s" % venv, "DIST=%s" % (tmp_path / "o2"), "TAG=v0.0.1")
    assert wrong.returncode != 0 and "does not name this version" in wrong.stderr
