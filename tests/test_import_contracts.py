# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The import contracts (.importlinter) can fail: each is broken once, in a copy.

`make test` runs lint-imports over the repository before pytest. Here the
repository's Python files and its contracts are copied, a module that
breaks each contract is added, and lint-imports must say which contract
each breaks. The whole-repository circle check (tools/check/acyclic.py) is
shown to find what import-linter's own acyclic_siblings contract cannot:
a circle between two stand-ins, and one through a package's ``__init__``.
"""

import configparser
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tools import ROOT
from tools.check import acyclic
from tools.ship.device_imports import ImportProblem, needed_modules

#: Modules that break the contracts, by contract id: (files, what
#: lint-imports says of that contract).
BREAKS = {
    "floors": ({"engine/probe_upward.py": "def later():\n    import app.theme\n"}, "engine.probe_upward -> app.theme"),
    "product-imports-no-tools": ({"boards/probe_tools.py": "from tools import ROOT\n"}, "boards.probe_tools -> tools"),
    "app-imports-no-hardware": (
        {"app/probe_keys.py": "def keys():\n    import keypad\n\n    return keypad\n"},
        "app.probe_keys -> keypad",
    ),
    "engine-imports-nothing-of-the-device": (
        {"engine/probe_draw.py": "try:\n    import displayio\nexcept ImportError:\n    pass\n"},
        "engine.probe_draw -> displayio",
    ),
    "no-circle-between-siblings": (
        {
            "tools/check/probe_one.py": "from tools.measure import probe_two\n",
            "tools/measure/probe_two.py": "def back():\n    from tools.check import probe_one\n",
        },
        "No cycles are allowed in tools. It could be made acyclic by removing 1 dependency: - .measure -> .check",
    ),
    "no-circle-anywhere": (
        # Two stand-ins that import each other by name, as on a VM's path.
        {
            "tools/firmware/standins/probe_left.py": "import probe_right\n",
            "tools/firmware/standins/probe_right.py": "def later():\n    import probe_left\n",
        },
        "tools.firmware.standins.probe_left -> tools.firmware.standins.probe_right -> tools.firmware.standins.probe_left",
    ),
}


@pytest.fixture(scope="module")
def copy(tmp_path_factory):
    """The repository's Python files and its contracts, with every break added."""
    folder = tmp_path_factory.mktemp("repository")
    for path in [ROOT / "code.py"] + sorted(
        p for name in ("app", "engine", "boards", "tools", "tests") for p in (ROOT / name).rglob("*.py")
    ):
        if "node_modules" not in path.parts:
            target = folder / path.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
    shutil.copyfile(ROOT / ".importlinter", folder / ".importlinter")
    for files, _ in BREAKS.values():
        for relative, text in files.items():
            (folder / relative).write_text(text)
    return folder


def lint_imports(folder):
    command = Path(sys.executable).parent / "lint-imports"
    ran = subprocess.run([str(command), "--no-cache", "--no-logo"], cwd=folder, capture_output=True, text=True, timeout=300)
    return ran.returncode, " ".join(ran.stdout.split())


def test_the_repository_keeps_every_contract():
    status, said = lint_imports(ROOT)
    assert status == 0 and "BROKEN" not in said and "6 kept, 0 broken" in said, said


def test_each_contract_is_broken_by_its_module(copy):
    status, said = lint_imports(copy)
    assert status == 1 and "0 kept, 6 broken" in said, said
    # What lint-imports says under each broken contract's name.
    config = configparser.ConfigParser()
    config.read(ROOT / ".importlinter")
    names = {section.split(":")[-1]: " ".join(config[section]["name"].split()) for section in config if ":contract:" in section}
    assert set(names) == set(BREAKS)
    report = said.split("Broken contracts", 1)[1]
    starts = sorted((report.index(name + " -"), contract) for contract, name in names.items())
    for (start, contract), (end, _) in zip(starts, starts[1:] + [(len(report), None)]):
        assert BREAKS[contract][1] in report[start:end], (contract, report[start:end])


def test_only_the_whole_repository_check_sees_a_circle_of_stand_ins_or_through_an_init(copy, tmp_path):
    # grimp reads packages: the stand-ins' folder is none, so their circle is
    # not in the graph acyclic_siblings reads; tools/check/acyclic.py reads it.
    graph = acyclic.import_graph(copy, ["code.py", "tools"], ["tools/firmware/standins"], ["tools"])
    assert ["tools.firmware.standins.probe_left", "tools.firmware.standins.probe_right"] in acyclic.circles(graph)
    # A package's __init__ importing a module that imports the package back.
    (tmp_path / "pack").mkdir()
    (tmp_path / "pack/__init__.py").write_text("from pack import inner\n")
    (tmp_path / "pack/inner.py").write_text("import pack\n")
    (tmp_path / "pack/other.py").write_text("")
    assert acyclic.circles(acyclic.import_graph(tmp_path, ["pack"])) == [["pack", "pack.inner"]]
    assert acyclic.cycle_in(["pack", "pack.inner"], acyclic.import_graph(tmp_path, ["pack"])) == ["pack", "pack.inner", "pack"]


def test_code_py_cannot_import_a_tool_the_bundle_refuses_it(copy):
    # code.py is no package, so no contract's floor: the bundle holds it.
    entry = copy / "code_probe.py"
    entry.write_text((ROOT / "code.py").read_text() + "\n\ndef later():\n    from tools.play import world\n")
    with pytest.raises(ImportProblem, match="'tools.play'"):
        needed_modules(ROOT, entry_path=entry)
