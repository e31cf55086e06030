# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Which Python files a CircuitPython board needs: code.py's imports, followed.

Starting at ``code.py``, every ``import`` is read with :mod:`ast` (nothing is
executed) and each imported module is classified:

* **built in** to CircuitPython on the PyBadge (``displayio``, ``keypad``,
  ...): nothing to copy;
* **ours**: a module under the repository root (``engine``, ``app``, ...),
  copied as it is;
* **library**: a module shipped by an installed ``adafruit-circuitpython-*``
  distribution (pinned in requirements.txt), copied to ``lib/``;
* anything else is an error: the board would fail with ``ImportError``.

Imports that the code itself guards (inside ``try: ... except ImportError``)
or that only type checkers see (``if TYPE_CHECKING:``) are optional. An
optional import of ours or of a library from *our* code is still shipped (the
code wants it when it can have it); optional imports inside libraries (their
``typing`` and fallback imports) are not.
"""

import ast
import importlib.metadata
import inspect
import sys
from pathlib import Path

from tools import ROOT

#: Modules compiled into CircuitPython 9/10 for the PyBadge (and PyGamer /
#: EdgeBadge, same chip family): docs/device-facts.md, "Modules built into the
#: firmware", plus the core language modules every CircuitPython build has. A module missing here
#: that the app imports makes the bundle fail loudly rather than the board.
DEVICE_BUILTINS = frozenset(
    """
    __future__ array builtins collections errno gc io json math micropython os
    random re struct sys time warnings atexit locale getpass codeop msgpack
    board microcontroller supervisor storage alarm rtc
    displayio busdisplay fourwire epaperdisplay terminalio fontio vectorio
    bitmaptools stage ugame ulab
    keypad digitalio analogio busio pwmio pulseio countio rotaryio touchio
    audioio audiocore audiomixer audiomp3 audiobusio synthio
    neopixel_write adafruit_pixelbuf rainbowio
    usb_hid usb_midi usb_cdc sdcardio _bleio
    """.split()
)

#: Top-level folders of the repository that never go to the board.
DESKTOP_ONLY = frozenset({"tools", "tests", "docs", "build", "lib", "fonts"})

#: Distribution names that hold device libraries.
LIBRARY_PREFIX = "adafruit-circuitpython-"


class ImportProblem(Exception):
    """Code imports a module the board cannot have (message says which, where)."""


class Module:
    """One file the board needs.

    :param str name: dotted module name, e.g. ``"engine.rules"``.
    :param Path source: the file on this machine.
    :param str dest: path on the board, POSIX style, e.g. ``"lib/adafruit_ticks.py"``.
    :param str origin: ``"ours"`` or the distribution name of a library.
    :param str version: the library's installed version (None: ours).

    ``text``: the file's text as :func:`needed_modules` read it.
    """

    def __init__(self, name, source, dest, origin, version=None):
        self.name = name
        self.source = source
        self.dest = dest
        self.origin = origin
        self.version = version
        self.text = None

    def __repr__(self):
        return "Module(%r, %r)" % (self.name, self.dest)


class Import:
    """One import found in a file: ``name`` (absolute, dotted), ``attributes``
    (names after ``from ... import``), ``optional`` and ``lineno``."""

    def __init__(self, name, attributes, optional, lineno):
        self.name = name
        self.attributes = attributes
        self.optional = optional
        self.lineno = lineno


def _catches_import_error(handler):
    # A bare except, or one naming ImportError / ModuleNotFoundError /
    # Exception / BaseException (alone or in a tuple), makes the try optional.
    if handler.type is None:
        return True
    names = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    wanted = {"ImportError", "ModuleNotFoundError", "Exception", "BaseException", "NameError"}
    return any(isinstance(n, ast.Name) and n.id in wanted for n in names)


def _is_type_checking(test):
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _absolute(module, level, package):
    """Absolute dotted name of ``from <level dots><module> import``."""
    if level == 0:
        return module
    parts = package.split(".") if package else []
    if level - 1 > len(parts):
        raise ImportProblem("relative import beyond the top level package")
    base = parts[: len(parts) - (level - 1)]
    if module:
        base.append(module)
    return ".".join(base)


#: What one parse of a file's text gives: its imports as written (before
#: a package resolves the relative ones) and its str constants (the
#: bundle's font references, tools/ship/bundle.py). A process plans the
#: bundle more than once (the test suite dozens of times), and both read
#: the same files: each text is parsed once. (Nothing here is changed once
#: made.)
_PARSED = {}


def _parsed(source):
    known = _PARSED.get(source)
    if known is None:
        tree = ast.parse(source)
        constants = tuple(node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str))
        known = _PARSED[source] = (tuple(_imports(tree)), constants)
    return known


def string_constants(source):
    """Every str constant in ``source`` (str), in the order of :func:`ast.walk`."""
    return _parsed(source)[1]


def find_imports(source, package):
    """Every import in ``source`` (str) as a list of :class:`Import`.

    :param str package: the package the file belongs to (``""`` for a top
        level file); relative imports are resolved against it.
    """
    return [
        Import(name if level is None else _absolute(name, level, package), attributes, optional, lineno)
        for name, level, attributes, optional, lineno in _parsed(source)[0]
    ]


def _imports(tree):
    # (name, level (None: a plain import), attributes, optional, line) of
    # each import in ``tree``.
    found = []

    def visit(nodes, optional):
        for node in nodes:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    found.append((alias.name, None, (), optional, node.lineno))
            elif isinstance(node, ast.ImportFrom):
                attributes = tuple(a.name for a in node.names if a.name != "*")
                found.append((node.module or "", node.level, attributes, optional, node.lineno))
            elif isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
                guarded = optional or any(_catches_import_error(h) for h in node.handlers)
                visit(node.body, guarded)
                for handler in node.handlers:
                    visit(handler.body, optional)
                visit(node.orelse, optional)
                visit(node.finalbody, optional)
            elif isinstance(node, ast.If) and _is_type_checking(node.test):
                visit(node.body, True)
                visit(node.orelse, optional)
            else:
                # Imports inside functions, classes, loops and other blocks
                # count too: they run when that code runs.
                for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                    visit(getattr(node, field, None) or [], optional)

    visit(tree.body, False)
    return found


#: _library_roots' answer by sys.path (what is installed where a process
#: looks does not change under it).
_ROOTS = {}


class Library:
    """An installed device library: its distribution's ``name`` (as
    :func:`_library_roots` read it), ``version`` and ``files`` (POSIX
    paths), read once (each read of a distribution's metadata opens and
    parses a file, and a plan asks hundreds of times)."""

    def __init__(self, dist, name):
        self.dist = dist
        self.name = name
        self.version = dist.version
        self.files = frozenset(str(f).replace("\\", "/") for f in dist.files or ())

    def locate_file(self, relative):
        return Path(self.dist.locate_file(relative))


def _library_roots():
    """Map top-level module name -> :class:`Library`, for device libraries."""
    where = tuple(sys.path)
    if where not in _ROOTS:
        roots = {}
        for dist in importlib.metadata.distributions():
            name = dist.metadata["Name"] or ""
            if name.lower().replace("_", "-").startswith(LIBRARY_PREFIX):
                library = Library(dist, name)
                for top in _top_level_names(dist):
                    roots.setdefault(top, library)
        _ROOTS[where] = roots
    return dict(_ROOTS[where])


def _top_level_names(dist):
    # The modules a distribution puts at the top level: its top_level.txt,
    # or, without one, the first part of each file it installed (what
    # importlib.metadata.packages_distributions reads, for every installed
    # distribution: a tenth of a second, against a hundredth for these).
    declared = dist.read_text("top_level.txt")
    if declared:
        return declared.split()
    names = set()
    for file in dist.files or ():
        top = file.parts[0] if len(file.parts) > 1 else inspect.getmodulename(file.parts[0])
        if top and "." not in top:
            names.add(top)
    return sorted(names)


class Resolver:
    """Finds the file of a module name among our sources and device libraries.

    :param Path repo: repository root holding ``code.py`` and our packages.
    """

    def __init__(self, repo=ROOT):
        self.repo = Path(repo)
        self.libraries = _library_roots()
        # Each answer once per resolver (a plan asks again for every
        # import of a name, and for each name a `from` import lists).
        self._kinds = {}
        self._located = {}

    def kind(self, name):
        """``"builtin"``, ``"ours"``, ``"library"`` or ``"unknown"`` for a dotted name."""
        top = name.split(".")[0]
        if top not in self._kinds:
            self._kinds[top] = self._kind(top)
        return self._kinds[top]

    def _kind(self, top):
        if top in DEVICE_BUILTINS:
            return "builtin"
        if top not in DESKTOP_ONLY and ((self.repo / (top + ".py")).is_file() or (self.repo / top).is_dir()) and top != "code":
            return "ours"
        if top in self.libraries:
            return "library"
        return "unknown"

    def _candidates(self, name):
        parts = name.split(".")
        return ["/".join(parts) + ".py", "/".join(parts) + "/__init__.py"]

    def locate(self, name):
        """(source Path, board path, origin, version) of module ``name``
        (version: a library's, None for ours), or None."""
        if name not in self._located:
            self._located[name] = self._locate(name)
        return self._located[name]

    def _locate(self, name):
        kind = self.kind(name)
        if kind == "ours":
            for relative in self._candidates(name):
                path = self.repo / relative
                if path.is_file():
                    return path, relative, "ours", None
        elif kind == "library":
            library = self.libraries[name.split(".")[0]]
            for relative in self._candidates(name):
                if relative in library.files:
                    return library.locate_file(relative), "lib/" + relative, library.name, library.version
        return None


def needed_modules(repo=ROOT, entry="code.py", entry_path=None, notes=None):
    """Modules the board needs to run ``entry``, as a list of :class:`Module`.

    ``entry`` itself is the first item (read from ``entry_path`` when given,
    e.g. a stand-in for a code.py not written yet). Raises
    :class:`ImportProblem` when a required import is neither built in, ours,
    nor a device library, or names a module file that does not exist.
    Optional imports of ours that nothing provides are appended to the list
    ``notes`` (when given) as text.
    """
    resolver = Resolver(repo)
    entry_path = Path(entry_path) if entry_path else Path(repo) / entry
    if not entry_path.is_file():
        raise ImportProblem("%s not found: nothing to bundle" % entry_path)
    modules = {"__main__": Module("__main__", entry_path, entry, "ours")}
    queue = [modules["__main__"]]
    while queue:
        module = queue.pop(0)
        is_package = module.source.name == "__init__.py"
        package = module.name if is_package else module.name.rpartition(".")[0]
        if module.name == "__main__":
            package = ""
        module.text = module.source.read_text(encoding="utf-8")
        for imp in find_imports(module.text, package):
            where = "%s:%d" % (module.dest, imp.lineno)
            kind = resolver.kind(imp.name)
            if kind == "builtin":
                continue
            if imp.optional and (kind == "unknown" or module.origin != "ours"):
                if kind == "unknown" and module.origin == "ours" and notes is not None:
                    notes.append("optional import %r at %s: no package provides it, not shipped" % (imp.name, where))
                continue
            if kind == "unknown":
                raise ImportProblem(
                    "%s imports %r: not built into CircuitPython, not in this repository "
                    "(or desktop-only), and no installed %s* package provides it" % (where, imp.name, LIBRARY_PREFIX)
                )
            wanted = [imp.name] + ["%s.%s" % (imp.name, a) for a in imp.attributes]
            parts = imp.name.split(".")
            parents = [".".join(parts[:i]) for i in range(1, len(parts))]
            for name in parents + wanted:
                if name in modules:
                    continue
                located = resolver.locate(name)
                if located is None:
                    if name in wanted[1:]:
                        continue  # `from x import y` where y is a name, not a module
                    if (Path(repo) / name.replace(".", "/")).is_dir():
                        continue  # namespace package: a folder without __init__.py
                    raise ImportProblem("%s imports %r, but no file provides it" % (where, name))
                found = Module(name, *located)
                modules[name] = found
                queue.append(found)
    return list(modules.values())
