# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""tools/check/spdx.py: the licence header Adafruit's libraries carry, checked and added."""

import os

from tools.check import spdx


def test_the_header_goes_on_top_once_and_after_a_shebang():
    text = '"""Docstring."""\n\nX = 1\n'
    fixed = spdx.with_header(text)
    assert fixed.startswith(
        "# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors\n#\n# SPDX-License-Identifier: MIT\n\n"
    )
    assert fixed.endswith(text) and spdx.has_header(fixed) and not spdx.has_header(text)
    assert spdx.with_header(fixed) == fixed
    script = "#!/usr/bin/env bash\nset -e\nmake test\n"
    fixed = spdx.with_header(script)
    assert fixed.splitlines()[0] == "#!/usr/bin/env bash" and fixed.endswith("set -e\nmake test\n")
    assert spdx.has_header(fixed)
    assert spdx.with_header("") == spdx.HEADER


def test_source_files_and_check_and_fix(tmp_path, capsys):
    files = {
        "code.py": '"""Board entry."""\n',
        "app/x.py": "",
        "Makefile": "all:\n\ttrue\n",
        ".ci/run": "#!/bin/sh\nmake test\n",
        ".github/workflows/t.yml": "name: T\n",
        "lib/adafruit_ticks.py": "",
        ".venv/lib/site.py": "",
        "build/CIRCUITPY/code.py": "",
        "docs/a.md": "# A\n",
        "fonts/x.pcf": "",
    }
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    os.chmod(tmp_path / ".ci/run", 0o755)
    found = [p.relative_to(tmp_path).as_posix() for p in spdx.source_files(tmp_path)]
    assert found == [".ci/run", ".github/workflows/t.yml", "Makefile", "app/x.py", "code.py"]
    assert spdx.main(["--check", "--root", str(tmp_path)]) == 1
    assert "5 without the header" in capsys.readouterr().out
    assert spdx.main(["--fix", "--root", str(tmp_path)]) == 0
    assert spdx.main(["--check", "--root", str(tmp_path)]) == 0
    assert os.access(tmp_path / ".ci/run", os.X_OK)
    assert (tmp_path / "docs/a.md").read_text() == "# A\n"


def test_every_source_file_of_the_repository_has_the_header():
    lacking = [p.relative_to(spdx.ROOT).as_posix() for p in spdx.missing()]
    assert not lacking, "run: python -m tools.check.spdx --fix (%s)" % ", ".join(lacking)
    assert len(spdx.source_files()) >= 80


def test_a_header_in_a_docstring_does_not_count():
    assert not spdx.has_header('"""Example::\n\n    # SPDX-FileCopyrightText: x\n    # SPDX-License-Identifier: MIT\n"""\n')


def test_a_c_file_gets_c_comments_and_a_data_file_a_sidecar(tmp_path, capsys):
    (tmp_path / "tools").mkdir()
    (tmp_path / "engine").mkdir()
    (tmp_path / "tools/t.c").write_text("int main(void) { return 0; }\n")
    (tmp_path / "engine/t.tbl").write_bytes(b"\x00\x01binary")
    (tmp_path / "build").mkdir()
    (tmp_path / "build/other.tbl").write_bytes(b"made here")
    assert [p.name for p in spdx.data_files(tmp_path)] == ["t.tbl"]
    assert spdx.main(["--check", "--root", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "engine/t.tbl (in its .license sidecar)" in out and "tools/t.c" in out
    assert spdx.main(["--fix", "--root", str(tmp_path)]) == 0
    c_file = (tmp_path / "tools/t.c").read_text()
    assert c_file.startswith("// SPDX-FileCopyrightText: ") and "// SPDX-License-Identifier: MIT\n" in c_file
    assert c_file.endswith("int main(void) { return 0; }\n")
    assert (tmp_path / "engine/t.tbl").read_bytes() == b"\x00\x01binary"  # the data stays as it was
    assert spdx.sidecar_ok((tmp_path / "engine/t.tbl.license").read_text())
    assert spdx.main(["--check", "--root", str(tmp_path)]) == 0
    (tmp_path / "engine/t.tbl.license").write_text("made by someone\n")
    assert spdx.main(["--check", "--root", str(tmp_path)]) == 1
