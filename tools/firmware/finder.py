# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The import finder that makes a CPython process the fake world.

The measuring VMs put tools/firmware/standins/ on their path. In CPython
:func:`install` puts a finder in front of the process's imports instead: it
answers the stand-ins' names (``board``, ``displayio``, ``fakeworld``, ...)
from that folder, and refuses Blinka's modules of the firmware's other
names, as a board without them would, so the game cannot tell this process
from a board. :func:`fresh_modules` forgets every module a power-on binds
(the stand-ins, the profiles, the app, the libraries that import the
firmware's modules), so the next power-on imports them anew for its board.
"""

import contextlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.metadata
import importlib.util
import os
import sys

from tools import ROOT
from tools.firmware import STANDINS

#: CPython's own modules that a stand-in replaces only in the VMs.
_HOST_OWN = frozenset(("__future__",))
#: Stand-ins that are the same on every board (data, the NVM models, the
#: display state's layout): kept across power-ons, so their classes stay
#: one (a test's PowerCut is the world's).
_KEPT = frozenset(("fakeboards", "fakenvm", "fakepower", "scenario", "displaystate"))
#: Libraries that bind the firmware's modules when imported (reloaded per world).
_BOUND_PREFIXES = (
    "app.",
    "boards.",
    "adafruit_bitmap_font",
    "adafruit_display_text",
    "adafruit_lis3dh",
    "adafruit_lsm6ds",
    "adafruit_bus_device",
    "adafruit_register",
    "adafruit_ticks",
)
_BOUND_NAMES = frozenset(("app", "boards"))


def _blinka_names():
    # The top-level modules Blinka provides: firmware modules on a desktop.
    names = set()
    for distribution in ("Adafruit-Blinka", "adafruit-blinka-displayio"):
        try:
            files = importlib.metadata.files(distribution) or ()
        except importlib.metadata.PackageNotFoundError:
            continue
        for file in files:
            parts = file.parts
            if len(parts) == 1 and parts[0].endswith(".py"):
                names.add(parts[0][:-3])
            elif len(parts) > 1 and parts[1] == "__init__.py" and not parts[0].endswith(".dist-info"):
                names.add(parts[0])
    # Blinka's micropython.py gives const(), which CircuitPython has too.
    names.discard("micropython")
    names.discard("adafruit_blinka")
    return frozenset(names)


#: Compiled code of the modules a power-on imports again, by (path, mtime):
#: each World imports them anew, and compiling them every time (no .pyc is
#: written where PYTHONDONTWRITEBYTECODE is set) was half of a power-on.
_CODE = {}


class _CachingLoader(importlib.machinery.SourceFileLoader):
    """A source loader that compiles each file once per process (per mtime)."""

    def get_code(self, fullname):
        path = self.get_filename(fullname)
        key = (path, os.stat(path).st_mtime_ns)
        code = _CODE.get(key)
        if code is None:
            code = _CODE[key] = super().get_code(fullname)
        return code


class _BitmaptoolsLoader(_CachingLoader):
    """The bitmaptools stand-in, with three of its pixel loops in this
    process without a Python call a pixel (tools/firmware/fast_pixels.py)."""

    def exec_module(self, module):
        super().exec_module(module)
        from tools.firmware import fast_pixels

        fast_pixels.install(module)


def cached_spec(name, location):
    """A module spec for the source file ``location`` whose compiled code is kept (_CachingLoader)."""
    loader = (_BitmaptoolsLoader if name == "bitmaptools" else _CachingLoader)(name, str(location))
    return importlib.util.spec_from_file_location(name, location, loader=loader)


class _Finder(importlib.abc.MetaPathFinder):
    """Answers the stand-ins' names from tools/firmware/standins/, and refuses the
    firmware's other names (Blinka's), as a VM without them does; the
    game's and the libraries' modules it finds as Python would, keeping
    their compiled code (see _CachingLoader)."""

    def __init__(self):
        self.standins = frozenset(path.stem for path in STANDINS.glob("*.py")) - _HOST_OWN
        self.refused = _blinka_names() - self.standins
        self.enabled = True

    def find_spec(self, fullname, path=None, target=None):
        if not self.enabled:
            return None
        if fullname in self.standins:
            return cached_spec(fullname, STANDINS / (fullname + ".py"))
        if fullname.partition(".")[0] in self.refused:
            raise ModuleNotFoundError("no module named %r" % fullname, name=fullname)
        if world_bound(fullname):
            found = importlib.machinery.PathFinder.find_spec(fullname, path)
            if found is not None and isinstance(found.loader, importlib.machinery.SourceFileLoader):
                spec = cached_spec(fullname, found.origin)
                spec.submodule_search_locations = found.submodule_search_locations
                return spec
            return found
        return None


_FINDER = None


def install():
    """Make this process the fake world (idempotent); returns the finder."""
    global _FINDER
    if _FINDER is None:
        os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
        _FINDER = _Finder()
        for name in list(sys.modules):
            if world_bound(name):
                del sys.modules[name]  # imported before the world: not its modules
        sys.meta_path.insert(0, _FINDER)
    return _FINDER


@contextlib.contextmanager
def finder_off():
    """Imports inside see the host's modules (tools/play/blinka.py loads Blinka so)."""
    finder = _FINDER
    if finder is None:
        yield
        return
    finder.enabled = False
    try:
        yield
    finally:
        finder.enabled = True


def world_bound(name):
    """True if ``name`` is a module a power-on binds (imported anew at each)."""
    if name in _KEPT:
        return False
    if _FINDER is not None and name.partition(".")[0] in _FINDER.standins:
        return True
    return name in _BOUND_NAMES or name.startswith(_BOUND_PREFIXES)


def fresh_modules():
    """Forget the modules a power-on binds, and import ``fakeworld`` anew
    (returned): every stand-in, profile and app module is then imported
    anew, so what a board lacks (vectorio on a Wio Terminal ...) is decided
    again by the modules that try it at import."""
    for name in list(sys.modules):
        if world_bound(name):
            del sys.modules[name]
    return importlib.import_module("fakeworld")


def load_code_py():
    """code.py as a module object, run anew (not in sys.modules: the name
    ``code`` is the standard library's on the desktop)."""
    spec = cached_spec("code", ROOT / "code.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
