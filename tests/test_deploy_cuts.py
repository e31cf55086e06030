# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""tools/ship/deploy.py stopped at every step of a deploy, then run again.

A fake CIRCUITPY folder counts the drive operations a deploy makes (each
write, rename, delete, folder made or removed) and fails one of them: with
a drive error (the tool goes on and reports), with a drive that fails from
there on, or with a power cut (the process stops: nothing of the tool runs
after it; a write cut short leaves half its file). After every such stop
no file of the player's may be lost, code.py must be a program (the
player's, the game's, or the stand-in that says a deploy was cut off), the
error must be true, and the next deploy must end exactly where an uncut one
does.
"""

import errno
import json
import os
import re
import shutil
import textwrap

import pytest
from repo_fixture import FIXTURE, FRUIT_JAM_10, PYBADGE_9, make_repo, snapshot, write_files

from tests import sampling
from tools.ship import bundle as bundler
from tools.ship import deploy as deployer

#: Fruit Jam OS on a drive: its launcher (the top code.py), the launcher's
#: settings, an app of its own, its fonts and libraries: one it has newer
#: than the game's (adafruit_ticks), one older (adafruit_display_text), one
#: the game does not use. None of it may change at any step of a deploy.
FRUIT_JAM_OS = {
    "code.py": b"# Fruit Jam OS Launcher\nimport launcher_config\n",
    "launcher_config.py": b"class LauncherConfig:\n    favorites = []\n",
    "apps/editor/code.py": b"print('the editor')\n",
    "apps/editor/metadata.json": b'{"title": "Editor", "icon": "icon.bmp"}',
    "fonts/terminal.lvfontbin": b"the OS's font",
    "lib/adafruit_ticks.mpy": b"C\x06 __version__ 9.9.9 the OS's ticks",
    "lib/adafruit_display_text/__init__.mpy": b"C\x06 __version__ 1.0.0 the OS's display_text",
    "lib/adafruit_display_text/label.mpy": b"C\x06 1.0.0 the OS's label",
    "lib/adafruit_fruitjam/__init__.mpy": b"C\x06 3.1.0 the OS's own",
}
#: Name endings of backups: the player's file is found under its name plus one of these.
BACKUP = re.compile(r"\.bak-2048(-\d+)?(?=/|$)")
#: Name endings of the tool's temporary files; none may be left once a deploy finishes.
TEMPORARY = re.compile(r"\.(new|old|stand-in)-2048(-\d+)?$|^\.deploy-2048(-temporary)?\.txt(\.new)?$")
#: What the error says code.py is, and which bytes that must be (keys of Case.programs).
#: (The game's code.py is named by its path: code.py, or apps/2048/code.py.)
CODE_PY_SAYS = (
    ("%s is yours, as it was", "yours"),
    ("%s is still the game's earlier version", "earlier"),
    ("%s is the game's, as it was", "game"),
    ("%s is the game's", "game"),
    ("%s is a stand-in", "stand-in"),
    ("%s is still the stand-in", "stand-in"),
    ("the drive has no %s, as before", None),
)


class PowerCut(BaseException):
    """The process stops here: no handler of the tool runs (BaseException, so `except OSError` misses it)."""


class FaultyDrive:
    """Counts the drive operations made below ``root`` and fails the chosen ones.

    ``fail``: operation numbers (from 0) that raise OSError(``code``) once;
    ``dead_from``: every operation from this one on raises it; ``cut_at``:
    this operation and every later one raise :class:`PowerCut`. A write that
    fails or is cut leaves the first half of its bytes. ``log``: (operation,
    path below root) of each one counted.
    """

    OPERATIONS = ("rename", "replace", "unlink", "remove", "mkdir", "rmdir")

    def __init__(self, monkeypatch, root):
        self.root = str(root) + os.sep
        self.fail = set()
        self.code = errno.EIO
        self.dead_from = None
        self.cut_at = None
        self.log = []
        self.on = True
        for name in self.OPERATIONS:
            monkeypatch.setattr(os, name, self._wrap(name, getattr(os, name)))
        monkeypatch.setattr(deployer, "_write", self._wrap_write("write", deployer._write))
        if hasattr(deployer, "_overwrite"):  # the tool before these tests had only _write
            monkeypatch.setattr(deployer, "_overwrite", self._wrap_write("overwrite", deployer._overwrite))
        # Flushing to the test machine's disk thousands of times proves nothing
        # here: the order of the operations is the model, not their durability.
        monkeypatch.setattr(os, "sync", lambda: None)
        monkeypatch.setattr(os, "fsync", lambda descriptor: None)
        monkeypatch.setattr(deployer, "_settle", lambda: None, raising=False)

    def _fault(self, operation, path):
        # None, or the exception this operation raises.
        path = os.fspath(path)
        if not self.on or not path.startswith(self.root):
            return None
        number = len(self.log)
        self.log.append((operation, path[len(self.root) :]))
        if self.cut_at is not None and number >= self.cut_at:
            return PowerCut("cut at operation %d" % number)
        if number in self.fail or (self.dead_from is not None and number >= self.dead_from):
            return OSError(self.code, os.strerror(self.code), path)
        return None

    def _wrap(self, operation, real):
        def operate(path, *args, **options):
            shown = (
                path
                if operation not in ("rename", "replace")
                else "%s -> %s" % (os.fspath(path), os.path.relpath(args[0], self.root))
            )
            fault = self._fault(operation, shown)
            if fault is not None:
                raise fault
            return real(path, *args, **options)

        return operate

    def _wrap_write(self, operation, real):
        def write(path, data, *args):
            fault = self._fault(operation, path)
            if fault is not None:
                try:  # what reached the drive before it stopped
                    with open(path, "wb") as handle:
                        handle.write(data[: len(data) // 2])
                except OSError:
                    pass
                raise fault
            return real(path, data, *args)

        return write


class Case:
    """A drive to deploy onto: ``template`` (the folder, copied for each run),
    ``player`` ({board path: bytes} that must never be lost), ``programs``
    ({"yours" / "earlier" / "game": code.py bytes}), ``repo``, ``built`` and
    ``files`` (the bundle deployed); ``before`` and ``game``: the template's
    and the bundle's files with their bytes, read once."""

    def __init__(self, template, player, programs, repo, built, files, untouched=None):
        self.template = template
        self.repo = repo
        self.player = player
        self.programs = programs
        self.built = built
        self.files = files
        #: {board path: bytes} that must be the same at every step (Fruit Jam OS's own files).
        self.untouched = untouched or {}
        #: The board path of the game's code.py, and the game's files where they go on the drive.
        self.program = "code.py"
        self.placed = None
        self.before = None
        self.game = None

    def read(self):
        """Read ``before`` and ``game`` ({board path: bytes} of the game's
        files where the deploy puts them), once the template is complete."""
        self.before = snapshot(self.template)
        built = snapshot(self.built)
        if runs_launcher(self):
            layout = deployer.launcher_layout(self.template, self.built, self.files)
            self.program = layout.program
            self.game = {path: built[layout.origin.get(path, path)] for path in layout.files}
        else:
            self.game = {path: built[path] for path in self.files}
        return self


def runs_launcher(case):
    """Whether the case's drive runs Fruit Jam OS (the game goes into its launcher's grid)."""
    return deployer.runs_fruit_jam_os(case.template)


#: The Fruit Jam's profile and the launcher's entry, in both versions.
LAUNCHER_FILES = {
    "boards/adafruit_fruit_jam.py": "",
    "launcher/metadata.json": '{"title": "2048", "icon": "icon.bmp"}\n',
    "launcher/icon.bmp": b"BM a 16-colour icon",
}


@pytest.fixture(scope="module")
def bundles(tmp_path_factory):
    """Two versions of the game, built once: {"v1" / "v2": (repo, build folder, files)}."""
    root = tmp_path_factory.mktemp("bundles")
    v1 = dict(
        FIXTURE,
        **LAUNCHER_FILES,
        **{
            "app/old_part.py": "PART = 1\n",
            "app/main.py": FIXTURE["app/main.py"].replace("from . import screen\n", "from . import screen, old_part\n"),
        },
    )
    v2 = dict(
        FIXTURE,
        **LAUNCHER_FILES,
        **{
            "code.py": textwrap.dedent(FIXTURE["code.py"]) + "# version 2\n",
            "app/extra.py": "EXTRA = 2\n",
            "app/main.py": FIXTURE["app/main.py"].replace("from . import screen\n", "from . import extra\n"),
        },
    )
    found = {}
    for name, files in (("v1", v1), ("v2", v2)):
        repo = make_repo(root / name, files)
        built = root / name / "built"
        found[name] = (repo, built, bundler.build(built, repo=repo, quiet=True, repo_lib=False)[1])
    return found


def deploy_built(monkeypatch, repo, built, files, dest):
    # A deploy of a bundle built beforehand: the build is the slow part and
    # is not what is under test.
    monkeypatch.setattr(bundler, "build", lambda out, **options: (None, list(files)))
    return deployer.deploy(dest, repo=repo, out=built, quiet=True)


def players_drive(root, bundles, monkeypatch):
    """The player's own program on the drive, plus everything that gets in the way."""
    repo, built, files = bundles["v2"]
    dest = root / "players"
    player = {
        "code.py": b"print('my own game')\n",
        "code.txt": b"print('my code.txt runs first')\n",
        "lib/adafruit_ticks.mpy": b"C\x06 the player's own ticks",
        "lib/adafruit_ticks.py": b"# my ticks, which would hide the game's .mpy\n",
        "lib/other_lib.mpy": b"C\x06 another library",
        "fonts": b"a file named like the game's fonts folder",
        "settings.toml": b"CIRCUITPY_PYSTACK_SIZE = 4096\n",
        "notes.txt": b"mine",
    }
    write_files(dest, player)
    (dest / "boot_out.txt").write_text(PYBADGE_9)
    programs = {"yours": player["code.py"], "game": (built / "code.py").read_bytes()}
    return Case(dest, player, programs, repo, built, files)


def updated_drive(root, bundles, monkeypatch):
    """Version 1 deployed over the player's code.py, one of its files edited since; version 2 goes on."""
    repo, built, files = bundles["v1"]
    dest = root / "update"
    dest.mkdir(parents=True)
    (dest / "boot_out.txt").write_text(PYBADGE_9)
    (dest / "code.py").write_bytes(b"print('my own game')\n")
    deploy_built(monkeypatch, repo, built, files, dest)
    (dest / "app/screen.mpy").write_bytes(b"C edited by hand")
    player = {"code.py.bak-2048": b"print('my own game')\n", "app/screen.mpy": b"C edited by hand"}
    repo, built, files = bundles["v2"]
    programs = {"earlier": (bundles["v1"][1] / "code.py").read_bytes(), "game": (built / "code.py").read_bytes()}
    return Case(dest, player, programs, repo, built, files)


def older_tools_drive(root, bundles, monkeypatch):
    """A drive an older deploy.py wrote, its manifest bare paths, some of the files edited since."""
    repo, built, files = bundles["v2"]
    dest = root / "older"
    player = {
        "code.py": b"print('edited on the drive')\n",
        "lib/adafruit_ticks.mpy": b"C\x06 edited ticks",
        "app/gone.mpy": b"C a module the game no longer has, maybe edited",
    }
    write_files(dest, player)
    write_files(dest, {"engine/rules.mpy": (built / "engine/rules.mpy").read_bytes()})  # exactly the game's
    (dest / ".deploy-2048.txt").write_text("code.py\nlib/adafruit_ticks.mpy\nengine/rules.mpy\napp/gone.mpy\n")
    (dest / "boot_out.txt").write_text(PYBADGE_9)
    programs = {"yours": player["code.py"], "game": (built / "code.py").read_bytes()}
    return Case(dest, player, programs, repo, built, files)


def empty_drive(root, bundles, monkeypatch):
    """A fresh drive: only boot_out.txt."""
    repo, built, files = bundles["v2"]
    dest = root / "empty"
    dest.mkdir(parents=True)
    (dest / "boot_out.txt").write_text(PYBADGE_9)
    return Case(dest, {}, {"game": (built / "code.py").read_bytes()}, repo, built, files)


def _fruit_jam_os(dest):
    """A drive at ``dest`` with Fruit Jam OS on it (its launcher, apps, fonts
    and libraries) and a Fruit Jam's boot_out.txt."""
    write_files(dest, FRUIT_JAM_OS)
    (dest / "boot_out.txt").write_text(FRUIT_JAM_10)
    return dest


def fruit_jam_os_drive(root, bundles, monkeypatch):
    """Fruit Jam OS with its launcher, apps, fonts and libraries: the game goes into its grid."""
    repo, built, files = bundles["v2"]
    dest = _fruit_jam_os(root / "fruit-jam-os")
    return Case(dest, {}, {"game": (built / "code.py").read_bytes()}, repo, built, files, untouched=dict(FRUIT_JAM_OS))


def fruit_jam_os_update(root, bundles, monkeypatch):
    """Version 1 in Fruit Jam OS's grid (apps/2048), one of its files edited since; version 2 goes on."""
    repo, built, files = bundles["v1"]
    dest = _fruit_jam_os(root / "fruit-jam-update")
    deploy_built(monkeypatch, repo, built, files, dest)
    (dest / "apps/2048/app/screen.mpy").write_bytes(b"C edited by hand")
    player = {"apps/2048/app/screen.mpy": b"C edited by hand"}
    repo, built, files = bundles["v2"]
    programs = {"earlier": (bundles["v1"][1] / "code.py").read_bytes(), "game": (built / "code.py").read_bytes()}
    return Case(dest, player, programs, repo, built, files, untouched=dict(FRUIT_JAM_OS))


def unbacked(name):
    """The names a file at ``name`` may be the backup of: itself, and itself
    without one of its ``.bak-2048`` endings."""
    return {name} | {name[: m.start()] + name[m.end() :] for m in BACKUP.finditer(name)}


def problems_after_stop(case, now, message, code):  # noqa: C901  one check per promise, listed
    """What is wrong with the drive's files ``now`` (and the error, if any)
    after a deploy stopped: a list of sentences."""
    found = []
    for path, data in case.player.items():
        if not any(content == data and path in unbacked(name) for name, content in now.items()):
            found.append("the player's %s is neither in place nor in a backup" % path)
    program = case.program
    programs = dict(case.programs, **{"stand-in": deployer.STAND_IN})
    for path, data in case.untouched.items():
        if now.get(path) != data:
            found.append("Fruit Jam OS's %s changed" % path)
    metadata = program[: -len("code.py")] + "metadata.json"
    if program != "code.py" and metadata in now:
        try:  # the launcher reads it for every app folder: half of one stops the launcher
            json.loads(now[metadata])
        except ValueError:
            found.append("%s is not JSON the launcher can read" % metadata)
    if program not in now:
        if program in case.before:
            found.append("the drive has no %s" % program)
    elif now[program] not in programs.values():
        found.append("%s is none of the player's, the game's or the stand-in" % program)
    elif now[program] == programs["game"] and programs.get("earlier") != programs["game"]:
        # The game's code.py goes in last: every file of the game is there by then.
        for path, data in case.game.items():
            if path not in case.player and now.get(path) != data:
                found.append("%s is the game's but %s is not" % (program, path))
    if message is None:
        return found
    if "\n" in message:
        found.append("the error is more than one line")
    if "nothing was changed" in message and now != case.before:
        found.append("the error says nothing was changed, and something was")
    said = [key for phrase, key in CODE_PY_SAYS if phrase % program in message]
    if not said:
        found.append("the error does not say what %s is" % program)
    elif said[0] is None and program in now:
        found.append("the error says there is no %s, and there is one" % program)
    elif said[0] is not None and now.get(program) != programs.get(said[0]):
        found.append("the error says %s is %s, and it is not" % (program, said[0]))
    for path, backup in re.findall(r"your (\S+) is now (\S+?)(?=[;,] |\. | and |\.?$)", message):
        if now.get(backup) != case.player.get(path, now.get(backup, b"")):
            found.append("the error says %s is now %s, and it is not" % (path, backup))
    if code == errno.ENOSPC and ("full" not in message or re.search(r"unplug|cable", message)):
        found.append("a full drive is not named as the cause")
    return found


def stop_and_redeploy(case, run, monkeypatch, tmp_path, final, setup):
    """Deploy ``case`` with the faults ``setup(drive)`` sets, then again without:
    a list of what went wrong."""
    dest = tmp_path / "run"
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(case.template, dest)
    drive = FaultyDrive(monkeypatch, dest)
    setup(drive)
    message = None
    stopped = True
    try:
        deploy_built(monkeypatch, case.repo, case.built, case.files, dest)
        stopped = False
    except deployer.DeployError as error:
        message = str(error)
    except PowerCut:
        pass
    drive.on = False
    problems = problems_after_stop(case, snapshot(dest), message, drive.code)
    if not stopped:  # every fault must stop the deploy, or these checks test nothing
        problems.append("the deploy went on as if the drive had not failed")
    try:
        deploy_built(monkeypatch, case.repo, case.built, case.files, dest)
    except deployer.DeployError as error:
        problems.append("the next deploy failed: %s" % error)
    else:
        now = snapshot(dest)
        if now != final:
            extra = sorted(set(now) - set(final))
            gone = sorted(set(final) - set(now))
            differ = sorted(p for p in set(now) & set(final) if now[p] != final[p])
            problems.append(
                "the next deploy did not end where an uncut one does (extra %s, missing %s, different %s)" % (extra, gone, differ)
            )
        problems.extend(p for p in problems_after_stop(case, now, None, None) if p not in problems)
    monkeypatch.undo()
    return ["%s: %s" % (run, problem) for problem in problems]


def uncut(case, monkeypatch, tmp_path):
    """(number of drive operations, the drive's files after) of a deploy nothing stops."""
    dest = tmp_path / "uncut"
    shutil.copytree(case.template, dest)
    drive = FaultyDrive(monkeypatch, dest)
    deploy_built(monkeypatch, case.repo, case.built, case.files, dest)
    monkeypatch.undo()
    now = snapshot(dest)
    assert not [name for name in now if TEMPORARY.search(name.rsplit("/", 1)[-1]) and name != ".deploy-2048.txt"]
    return len(drive.log), now, drive.log


CASES = {
    "players": players_drive,
    "update": updated_drive,
    "older": older_tools_drive,
    "empty": empty_drive,
    "fruit-jam-os": fruit_jam_os_drive,
    "fruit-jam-os-update": fruit_jam_os_update,
}


@pytest.fixture(params=sorted(CASES))
def case(request, bundles, tmp_path, monkeypatch):
    made = CASES[request.param](tmp_path / "template", bundles, monkeypatch)
    monkeypatch.undo()
    made = made.read()
    made.name = request.param
    return made


def committing(log, program="code.py"):
    """The number of the operation that puts the game's code.py (at its board
    path ``program``) in place: the last that writes or renames onto it (the
    stand-in goes there earlier)."""
    return max(i for i, (operation, path) in enumerate(log) if path == program or path.endswith(" -> " + program))


def failing(number, code=errno.EIO):
    def setup(drive):
        drive.fail, drive.code = {number}, code

    return setup


def dead_from(number):
    def setup(drive):
        drive.dead_from = number

    return setup


def cut_at(number, fail=()):
    def setup(drive):
        drive.cut_at, drive.fail = number, set(fail)

    return setup


def test_a_stop_at_any_step_loses_nothing_and_the_next_deploy_finishes(case, monkeypatch, tmp_path):
    steps, final, log = uncut(case, monkeypatch, tmp_path)
    assert steps > 5
    commit = committing(log, case.program)
    problems = []
    # Every step under --slow; make test the first and last, those around
    # the commit and a seeded sample of the others (tests/sampling.py).
    chosen = sampling.cases("deploy stops, " + case.name, range(steps), 12, always=(0, commit - 1, commit, commit + 1, steps - 1))
    for number in chosen:
        operation = log[number][0]
        where = "step %d of %d (%s %s)" % ((number + 1, steps) + log[number])
        stops = [("a drive error", failing(number)), ("a power cut", cut_at(number))]
        if number <= commit:  # after it nothing is taken back, so a dead drive is one error
            stops.append(("a drive that fails from there", dead_from(number)))
        if operation in ("write", "overwrite", "mkdir"):  # what a full drive refuses
            stops.append(("a full drive", failing(number, errno.ENOSPC)))
        for how, setup in stops:
            problems += stop_and_redeploy(case, "%s at %s" % (how, where), monkeypatch, tmp_path, final, setup)
    assert not problems, "%d stops went wrong; the first: %s" % (len(problems), problems[0])


def test_a_cut_while_a_failed_deploy_takes_itself_back_loses_nothing(case, monkeypatch, tmp_path):
    steps, final, log = uncut(case, monkeypatch, tmp_path)
    # The last operation before tidying up has the longest way back.
    commit = committing(log, case.program)
    # How many operations the way back takes: one drive error there, nothing else.
    dest = tmp_path / "way-back"
    shutil.copytree(case.template, dest)
    drive = FaultyDrive(monkeypatch, dest)
    drive.fail = {commit}
    with pytest.raises(deployer.DeployError, match="nothing was changed"):
        deploy_built(monkeypatch, case.repo, case.built, case.files, dest)
    back = len(drive.log) - commit - 1
    monkeypatch.undo()
    # (The way back looks before it unlinks: a name that is not there costs
    # no drive operation, so an update's way back is 8 of them, not 11.)
    assert back > 5
    problems = []
    way_back = range(commit + 1, commit + 1 + back)
    for later in sampling.cases("deploy way back, " + case.name, way_back, 3, always=(way_back[0], way_back[-1])):
        where = "a drive error at step %d, then at step %d" % (commit + 1, later + 1)
        problems += stop_and_redeploy(case, where + " a power cut", monkeypatch, tmp_path, final, cut_at(later, fail={commit}))
        problems += stop_and_redeploy(
            case,
            where + " another error",
            monkeypatch,
            tmp_path,
            final,
            lambda drive, later=later: setattr(drive, "fail", {commit, later}),
        )
    assert not problems, "%d stops went wrong; the first: %s" % (len(problems), problems[0])


def test_one_drive_error_early_on_never_lets_the_next_deploy_overwrite(tmp_path, bundles, monkeypatch):
    # The case: the player's code.py and a library, one EIO at the 2nd, 3rd or 4th step.
    repo, built, files = bundles["v2"]
    template = tmp_path / "template"
    (template / "lib").mkdir(parents=True)
    (template / "boot_out.txt").write_text(PYBADGE_9)
    (template / "code.py").write_bytes(b"print('my own game')\n")
    (template / "lib/adafruit_ticks.mpy").write_bytes(b"C\x06 the player's own ticks")
    before = snapshot(template)
    for number in (1, 2, 3):
        dest = tmp_path / ("run%d" % number)
        shutil.copytree(template, dest)
        drive = FaultyDrive(monkeypatch, dest)
        drive.fail = {number}
        with pytest.raises(deployer.DeployError) as raised:
            deploy_built(monkeypatch, repo, built, files, dest)
        message = str(raised.value)
        if "nothing was changed" in message:
            assert snapshot(dest) == before, "step %d: the error says nothing was changed, and something was" % (number + 1)
        drive.on = False
        deploy_built(monkeypatch, repo, built, files, dest)
        monkeypatch.undo()
        assert (dest / "code.py.bak-2048").read_bytes() == before["code.py"], "step %d: the player's code.py is lost" % (
            number + 1
        )
        assert (dest / "lib/adafruit_ticks.mpy.bak-2048").read_bytes() == before["lib/adafruit_ticks.mpy"]
        assert "code.py is yours, as it was" in message


def test_a_drive_out_of_directory_entries_keeps_the_players_code_py(tmp_path, bundles, monkeypatch):
    # The space check passed, then every new name fails (a FAT top folder holds a fixed number).
    case = players_drive(tmp_path / "template", bundles, monkeypatch)
    monkeypatch.undo()
    dest = tmp_path / "run"
    shutil.copytree(case.template, dest)
    FaultyDrive(monkeypatch, dest)
    made = []

    def no_new_names(path, data, *rest):
        made.append(path)
        if len(made) > 4:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        return real_write(path, data, *rest)

    real_write = deployer._write
    monkeypatch.setattr(deployer, "_write", no_new_names)
    with pytest.raises(deployer.DeployError) as raised:
        deploy_built(monkeypatch, case.repo, case.built, case.files, dest)
    message = str(raised.value)
    monkeypatch.undo()
    assert (dest / "code.py").read_bytes() == case.player["code.py"], "the drive lost the player's code.py"
    assert snapshot(dest) == snapshot(case.template)
    assert "the drive is full" in message and "unplugged" not in message
    assert "code.py is yours, as it was" in message and "nothing was changed" in message


def test_the_stand_in_is_a_program_that_fits_the_screen():
    source = deployer.STAND_IN.decode()
    compile(source, "code.py", "exec")
    shown = re.findall(r'print\("([^"]*)"\)', source)
    assert shown and max(len(line) for line in shown) <= 26  # PyBadge terminal columns
    assert "make deploy" in " ".join(shown) and ".bak-2048" in " ".join(shown)
