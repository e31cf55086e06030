# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""`reuse lint` (run by `make test`) sees a file without its copyright and licence.

Every source file carries its SPDX header; the files that cannot (the
pictures, the fonts, the docs, the data) are covered by REUSE.toml. Here
the licence texts and REUSE.toml are copied into an empty folder beside a
few files: a source file without the header fails the lint, and so does a
font that REUSE.toml does not cover where it lies.
"""

import shutil
import subprocess
import sys
from pathlib import Path

from tools import ROOT

HEADER = "# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors\n#\n# SPDX-License-Identifier: MIT\n\n"


def reuse_lint(folder):
    command = Path(sys.executable).parent / "reuse"
    ran = subprocess.run([str(command), "--root", str(folder), "lint", "--lines"], capture_output=True, text=True, timeout=300)
    return ran.returncode, ran.stdout.replace(str(folder) + "/", "")


def test_a_file_without_copyright_or_licence_fails_the_lint(tmp_path):
    shutil.copytree(ROOT / "LICENSES", tmp_path / "LICENSES")
    shutil.copyfile(ROOT / "REUSE.toml", tmp_path / "REUSE.toml")
    (tmp_path / "app").mkdir()
    (tmp_path / "app/kept.py").write_text(HEADER + "X = 1\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs/page.md").write_text("# A page\n")
    (tmp_path / "fonts").mkdir()
    shutil.copyfile(ROOT / "fonts/4x6-digits.pcf", tmp_path / "fonts/4x6-digits.pcf")
    assert reuse_lint(tmp_path) == (0, "")
    (tmp_path / "app/new.py").write_text("X = 2\n")
    shutil.copyfile(ROOT / "fonts/4x6-digits.pcf", tmp_path / "app/font.pcf")
    status, said = reuse_lint(tmp_path)
    assert status == 1
    assert sorted(said.splitlines()) == [
        "app/font.pcf: no copyright notice",
        "app/font.pcf: no license identifier",
        "app/new.py: no copyright notice",
        "app/new.py: no license identifier",
    ]
